"""scripts/compile.py, the compiled engine's build (setup.py calls it): the modules it compiles
exist, the compiler flags it tries are checked before use, and where the engine cannot be
compiled (no C compiler, ``TAROT_BUILD=pure``) the build is pure Python with a one-line notice."""

from __future__ import annotations

import importlib.util
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import tarot

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "scripts" / "compile.py"
spec = importlib.util.spec_from_file_location("compile_script", SCRIPT)
assert spec is not None and spec.loader is not None
compile_script = importlib.util.module_from_spec(spec)
spec.loader.exec_module(compile_script)

cc = compile_script.c_compiler()
has_cc = shutil.which(cc[0]) is not None


def test_every_compiled_module_is_a_source_of_the_package():
    assert len(set(compile_script.COMPILED)) == len(compile_script.COMPILED)
    for path in compile_script.COMPILED:
        assert (ROOT / path).is_file() and path.startswith("tarot/"), path


@pytest.mark.skipif(not has_cc, reason="needs the C compiler Python was built with")
def test_flags_are_tried_before_use():
    assert compile_script.accepts(cc, [])
    assert not compile_script.accepts(cc, ["-fno-such-flag-in-any-compiler"])
    if compile_script.is_gcc(cc):  # what the build uses with GCC is accepted by it
        assert compile_script.accepts(cc, compile_script.DIRECT_CALLS)
        assert compile_script.accepts(cc, compile_script.PROFILE_GENERATE)


def test_the_build_says_why_the_engine_stays_pure(monkeypatch):
    monkeypatch.delenv("TAROT_BUILD", raising=False)
    assert compile_script.build_mode() == "auto"
    monkeypatch.setenv("TAROT_BUILD", "Pure")
    assert compile_script.build_mode() == "pure"
    assert compile_script.why_pure("pure", editable=False) == "TAROT_BUILD=pure"
    assert "editable" in compile_script.why_pure("auto", editable=True)
    monkeypatch.setenv("CC", "/no/such/cc")
    assert compile_script.why_pure("pgo", editable=False) in (
        "no working C compiler (/no/such/cc)", "mypyc is not installed")
    monkeypatch.setenv("TAROT_BUILD", "fastest")
    with pytest.raises(SystemExit, match=r"TAROT_BUILD='fastest' is not a build: use one of auto, pure, pgo"):
        compile_script.build_mode()


@pytest.mark.skipif(tarot.COMPILED, reason="the build is tried once, with the suite on the source tree")
def test_without_a_c_compiler_the_build_is_pure_python_with_one_line(tmp_path):
    src = tmp_path / "src"
    ignore = shutil.ignore_patterns("__pycache__", "*.so", "*.pyc")
    shutil.copytree(ROOT / "tarot", src / "tarot", ignore=ignore)
    (src / "scripts").mkdir()
    for name in ("pyproject.toml", "setup.py", "MANIFEST.in", "README.md", "LICENSE", "scripts/compile.py"):
        shutil.copy2(ROOT / name, src / name)
    env = {k: v for k, v in os.environ.items() if k != "TAROT_BUILD"}
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-v", "-w", str(tmp_path), str(src)],
                          capture_output=True, text=True, env={**env, "CC": "/no/such/cc"}, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    output = done.stdout + done.stderr
    notices = [line.strip() for line in output.splitlines() if line.strip().startswith("tarot:")]
    assert notices == ["tarot: the engine stays pure Python (no working C compiler (/no/such/cc))"]
    assert "Traceback" not in output
    (wheel,) = tmp_path.glob("tarot_games-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "tarot/core/deal.py" in names and not [n for n in names if n.endswith(".so")]


def test_training_refuses_the_pure_engine():
    # the source tree first on the path: its engine is pure Python (an installed one may not be)
    done = subprocess.run([sys.executable, str(SCRIPT), "--train"], capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=120)
    assert done.returncode == 1 and "needs the compiled engine" in done.stderr

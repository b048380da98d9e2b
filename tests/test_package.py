"""The package itself: which engine runs (``tarot.COMPILED``), for the installed ``tarot`` command
as for this process, and a compiled module older than its source found, imported yet or not."""

from __future__ import annotations

import importlib.metadata
import importlib.util
import json
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

import tarot
from tarot import stale_compiled

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "compile.py"
spec = importlib.util.spec_from_file_location("compile_script", SCRIPT)
assert spec is not None and spec.loader is not None
compile_script = importlib.util.module_from_spec(spec)
spec.loader.exec_module(compile_script)


def test_the_flag_says_which_engine_was_imported():
    compiled = [name for name, module in sys.modules.items()
                if name.startswith("tarot.") and (getattr(module, "__file__", None) or "").endswith(".so")]
    assert tarot.COMPILED == bool(compiled)
    assert tarot.ENGINE == ("compiled (mypyc)" if compiled else "pure Python")
    if compiled:  # the engine's core modules, not only a bot's
        assert {"tarot.core.deal", "tarot.core.cards"} <= set(compiled)


def installed_command() -> Path:
    """The ``tarot`` command installed beside this interpreter by a (non-editable) install."""
    # looked for in this environment's site-packages only (a source tree's egg-info is not an install)
    paths = sorted({sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]})
    dist = next(iter(importlib.metadata.distributions(name="tarot-games", path=paths)), None)
    if dist is None:
        pytest.skip("tarot-games is not installed beside this interpreter")
    if json.loads(dist.read_text("direct_url.json") or "{}").get("dir_info", {}).get("editable"):
        pytest.skip("an editable install is pure Python by design")
    command = Path(sys.executable).with_name("tarot")
    if not command.exists():
        pytest.skip("no tarot command beside this interpreter")
    return command


def test_the_installed_command_runs_the_engine_its_build_promised(tmp_path):
    command = installed_command()
    # the command's own interpreter, isolated as the command is (no current directory on the
    # path): it imports what `tarot ...` imports
    interpreter = command.read_text(encoding="utf-8").splitlines()[0].removeprefix("#!").strip()
    done = subprocess.run([interpreter, "-I", "-c", "import tarot; print(tarot.COMPILED, tarot.__file__)"],
                          capture_output=True, text=True, cwd=tmp_path, timeout=60, check=True)
    compiled, where = done.stdout.split(maxsplit=1)
    assert Path(where.strip()).resolve().is_relative_to(Path(sys.prefix).resolve())
    # compiled wherever it can be: a C compiler here and no TAROT_BUILD=pure
    can_compile = (os.environ.get("TAROT_BUILD", "").strip().lower() != "pure"
                   and compile_script.accepts(compile_script.c_compiler(), []))
    assert compiled == str(can_compile), (
        f"the installed tarot runs {'compiled' if compiled == 'True' else 'pure Python'} code, but "
        f"the build {'can' if can_compile else 'cannot'} compile here: install it again (make play)")
    version = subprocess.run([str(command), "--version"], capture_output=True, text=True, cwd=tmp_path,
                             timeout=60)
    if version.returncode == 0 and ("compiled" in version.stdout or "pure" in version.stdout):
        assert ("compiled" in version.stdout) == can_compile, version.stdout


def test_a_module_compiled_before_its_source_changed_is_found(tmp_path):
    bots = tmp_path / "bots"
    bots.mkdir()
    for name, so_time, py_time in (("deal", 100, 50), ("search", 100, 200)):
        folder = tmp_path if name == "deal" else bots
        py, so = folder / f"{name}.py", folder / f"{name}.cpython-311-x86_64-linux-gnu.so"
        py.write_text("x = 1\n")
        so.write_bytes(b"")
        os.utime(so, (so_time, so_time))
        os.utime(py, (py_time, py_time))
    (tmp_path / "lonely.cpython-311-x86_64-linux-gnu.so").write_bytes(b"")  # no source: not checked
    # search.py changed after it was compiled (a bot module, not imported by `import tarot`)
    assert stale_compiled(str(tmp_path)) == [str(bots / "search.py")]

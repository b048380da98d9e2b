"""Installed without extras (``pip install .``), the ``tarot`` command says which extra it needs.

The project is built into a wheel once (by this interpreter's setuptools, without build isolation:
no network), installed without its dependencies into a bare virtual environment (no typer, no
rich), and its ``tarot`` script is run there. About 10 seconds; it runs in every suite.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.install


def _wheel(tmp: Path) -> Path:
    """A wheel of the project, built from a copy of its sources (nothing written in the tree)."""
    pytest.importorskip("setuptools", minversion="77", reason="the build needs setuptools >= 77 (the test extra)")
    src = tmp / "src"
    src.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    # the licence the build names; the compiled copy's tree (scripts/compile.py --into) lacks it
    licence = ROOT / "LICENSE"
    (src / "LICENSE").write_text(licence.read_text(encoding="utf-8") if licence.exists() else "MIT\n")
    # the pure sources only: a compiled copy's .so files belong to that copy's interpreter
    shutil.copytree(ROOT / "tarot", src / "tarot",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyc", "*.c"))
    dist = tmp / "dist"
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
                           "--no-index", "-q", "-w", str(dist), str(src)],
                          capture_output=True, text=True, cwd=tmp)
    assert done.returncode == 0, done.stderr[-3000:]
    (wheel,) = dist.glob("*.whl")
    return wheel


@pytest.fixture(scope="module")
def bare(tmp_path_factory) -> Path:
    """A virtual environment holding the project and nothing else: its ``bin`` folder."""
    tmp = tmp_path_factory.mktemp("install")
    wheel = _wheel(tmp)
    env = tmp / "venv"
    venv.EnvBuilder(with_pip=False).create(env)
    python = env / ("Scripts" if os.name == "nt" else "bin") / "python"
    done = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps",
                           "--no-index", "-q", str(wheel)], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr[-3000:]
    return python.parent


def run(bare: Path, *args: str) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    return subprocess.run([str(a) for a in args], capture_output=True, text=True, env=env,
                          cwd=bare.parent, timeout=120)


def test_the_bare_environment_has_no_cli_extra(bare):
    done = run(bare, bare / "python", "-c", "import importlib.util as u; "
               "print(u.find_spec('typer'), u.find_spec('rich'))")
    assert done.stdout.split() == ["None", "None"], done.stdout + done.stderr


@pytest.mark.parametrize("args", [["--version"], ["play"], []])
def test_the_command_without_its_extra_says_which_to_install(bare, args):
    done = run(bare, bare / "tarot", *args)
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith("tarot: ") and "pip install 'tarot-games[cli]'" in done.stderr
    assert "typer is not installed" in done.stderr  # the first of the extra's modules it lacks


def test_python_m_tarot_says_the_same(bare):
    done = run(bare, bare / "python", "-m", "tarot", "--version")
    assert done.returncode == 2 and "pip install 'tarot-games[cli]'" in done.stderr
    assert done.stderr.count("\n") == 1


def test_the_engine_works_without_the_extras(bare):
    code = ("import tarot\nfrom tarot.bots import make_bot, play_out\n"
            "deal = tarot.new_deal('marolles-1637', seed=1)\n"
            "play_out(deal, [make_bot('rule', seed=s) for s in range(3)])\n"
            "print(sum(deal.result().scores), tarot.__file__)")
    done = run(bare, bare / "python", "-c", code)
    assert done.returncode == 0, done.stderr
    total, where = done.stdout.split()
    assert total == "0" and Path(where).is_relative_to(bare.parent)  # the installed copy, not the tree

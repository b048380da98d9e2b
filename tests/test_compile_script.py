"""scripts/compile.py: the compiler flags it tries are checked before use, so a compiler that
refuses them falls back to a plain build rather than failing."""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import tarot

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "compile.py"
spec = importlib.util.spec_from_file_location("compile_script", SCRIPT)
assert spec is not None and spec.loader is not None
compile_script = importlib.util.module_from_spec(spec)
spec.loader.exec_module(compile_script)

cc = compile_script.c_compiler()
has_cc = shutil.which(cc[0]) is not None


@pytest.mark.skipif(not has_cc, reason="needs the C compiler Python was built with")
def test_flags_are_tried_before_use():
    assert compile_script.accepts(cc, [])
    assert not compile_script.accepts(cc, ["-fno-such-flag-in-any-compiler"])
    if compile_script.is_gcc(cc):  # what the build uses with GCC is accepted by it
        assert compile_script.accepts(cc, compile_script.DIRECT_CALLS)
        assert compile_script.accepts(cc, compile_script.PROFILE_GENERATE)


@pytest.mark.skipif(tarot.COMPILED, reason="the workload itself runs in every compiled build")
def test_training_refuses_the_pure_engine():
    done = subprocess.run([sys.executable, str(SCRIPT), "--train"], capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 1 and "needs the compiled engine" in done.stderr

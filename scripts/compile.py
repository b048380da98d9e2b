"""Compile the engine with mypyc (``make fast``), or remove the compiled modules (``make pure``).

    python scripts/compile.py            # compile in place: tarot imports the compiled modules
    python scripts/compile.py --clean    # remove them: back to pure Python
    python scripts/compile.py --into DIR # copy the package and tests to DIR, compile there

The compiled modules are the engine's hot path (``COMPILED`` below): cards, tricks, counting,
the ledger, the deal and every variant. The same source files are the pure-Python engine, which
stays the reference: nothing else changes, and ``tarot.COMPILED`` says which one was imported.
A module compiled before its source changed is refused at import (``tarot/__init__.py``), so a
stale build cannot be tested by mistake. Needs a C compiler and the ``fast`` extra (mypy).
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The modules compiled, relative to the repository: the engine, the rule bots of Marolles and
#: French Tarot (the search bots' playouts), the sampler and the search bots. Views (``tarot/core/view.py``), options
#: and errors stay Python: views are built by setting their ``__dict__``, options derive from
#: ``Mapping`` (an ABC, which compiled classes do not honour in ``isinstance``), and some
#: errors derive from ``KeyError``.
COMPILED = [
    "tarot/core/actions.py", "tarot/core/cards.py", "tarot/core/counting.py",
    "tarot/core/deal.py", "tarot/core/ledger.py", "tarot/core/tricks.py",
    "tarot/variants/early_french.py", "tarot/variants/french.py",
    "tarot/variants/french_2p.py", "tarot/variants/marolles.py",
    "tarot/bots/odds.py", "tarot/bots/rule.py", "tarot/bots/french.py",
    "tarot/bots/sampling.py", "tarot/bots/search.py",
]


def compiled_files(root: Path) -> list[Path]:
    """The compiled extension modules under ``root`` (the engine's and mypyc's runtime)."""
    return sorted([*root.glob("tarot/**/*.so"), *root.glob("*__mypyc*.so")])


def clean(root: Path) -> int:
    files = compiled_files(root)
    for f in files:
        f.unlink()
    shutil.rmtree(root / "build", ignore_errors=True)
    print(f"removed {len(files)} compiled module(s): tarot is pure Python")
    return 0


def compile_in(root: Path) -> int:
    mypyc = Path(sys.executable).with_name("mypyc")
    if not mypyc.exists():
        print("mypyc is not installed: pip install -e '.[fast]' (make fast does it)", file=sys.stderr)
        return 2
    if shutil.which(os.environ.get("CC", "cc")) is None and shutil.which("gcc") is None:
        print("no C compiler found: the engine stays pure Python", file=sys.stderr)
        return 3
    clean(root)
    done = subprocess.run([str(mypyc), *COMPILED], cwd=root, capture_output=True, text=True)
    if done.returncode:
        print(done.stdout[-4000:], done.stderr[-4000:], sep="\n", file=sys.stderr)
        return done.returncode
    print(f"compiled {len(COMPILED)} modules with mypyc in {root}: tarot.COMPILED is now True")
    return 0


def copy_tree(dest: Path) -> None:
    """Copy what the tests need (the package, the tests, the docs they read) to ``dest``."""
    shutil.rmtree(dest, ignore_errors=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.so", "*.pyc")
    for name in ("tarot", "tests", "docs", "bench", "scripts", ".ci"):
        if (ROOT / name).exists():
            shutil.copytree(ROOT / name, dest / name, ignore=ignore)
    for name in ("pyproject.toml", "README.md", "Makefile"):
        shutil.copy2(ROOT / name, dest / name)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--clean", action="store_true", help="remove the compiled modules")
    p.add_argument("--into", type=Path, help="copy the package to this directory and compile there")
    args = p.parse_args(argv)
    if args.clean:
        return clean(ROOT)
    if args.into:
        copy_tree(args.into.resolve())
        return compile_in(args.into.resolve())
    return compile_in(ROOT)


if __name__ == "__main__":
    sys.exit(main())

"""Compile the engine with mypyc (``make fast``), or remove the compiled modules (``make pure``).

    python scripts/compile.py            # compile in place: tarot imports the compiled modules
    python scripts/compile.py --clean    # remove them: back to pure Python
    python scripts/compile.py --into DIR # copy the package and tests to DIR, compile there
    python scripts/compile.py --no-pgo   # without the profile-guided second build (GCC only)

The compiled modules are the engine's hot path (``COMPILED`` below): cards, tricks, counting,
the ledger, the deal and every variant. The same source files are the pure-Python engine, which
stays the reference: nothing else changes, and ``tarot.COMPILED`` says which one was imported.
A module compiled before its source changed is refused at import (``tarot/__init__.py``), so a
stale build cannot be tested by mistake. Needs a C compiler and the ``fast`` extra (mypy).

How the C is compiled (docs/benchmarks.md has the figures): mypyc writes the engine as one C file,
built as a shared library; ``-fno-semantic-interposition -fno-plt`` let the compiler call (and
inline) the engine's own functions and CPython's directly rather than through the PLT. With GCC
the build is then profile-guided: built once instrumented, trained on a few seconds of play of
every variant and bot (``--train``, in a child process), and built again from that profile.
Either step is left out when the compiler refuses its flags; ``--no-pgo`` leaves out the
profile. Neither changes what the code does, only how fast it runs.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
#: The modules compiled, relative to the repository: the engine (the core and every module of
#: each game's rules), the rule bots of Marolles and French Tarot (the search bots' playouts),
#: the sampler and the search bots. Views (``tarot/core/view.py``), options
#: and errors stay Python: views are built by setting their ``__dict__``, options derive from
#: ``Mapping`` (an ABC, which compiled classes do not honour in ``isinstance``), and some
#: errors derive from ``KeyError``.
COMPILED = [
    "tarot/core/actions.py", "tarot/core/cards.py", "tarot/core/counting.py",
    "tarot/core/deal.py", "tarot/core/ledger.py", "tarot/core/tricks.py",
    "tarot/variants/early_french/rules.py", "tarot/variants/french/rules.py",
    "tarot/variants/french/bidding.py", "tarot/variants/french/poignees.py",
    "tarot/variants/french/options.py", "tarot/variants/french/settlement.py",
    "tarot/variants/french/undo.py", "tarot/variants/french_2p/rules.py",
    "tarot/variants/marolles/rules.py", "tarot/variants/marolles/declarations.py",
    "tarot/variants/marolles/discards.py",
    "tarot/variants/marolles/options.py", "tarot/variants/marolles/revokes.py",
    "tarot/variants/marolles/settlement.py", "tarot/variants/marolles/undo.py",
    "tarot/bots/odds.py", "tarot/bots/rollout.py", "tarot/variants/marolles/bot.py", "tarot/variants/french/bot.py",
    "tarot/bots/sampling.py", "tarot/bots/search.py", "tarot/variants/marolles/sampler.py",
    "tarot/variants/french/sampler.py", "tarot/variants/early_french/sampler.py", "tarot/variants/french_2p/sampler.py",
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


#: Flags that let the compiler call and inline the engine's functions directly (module docstring).
DIRECT_CALLS = ["-fno-semantic-interposition", "-fno-plt"]
#: The profile-guided build (GCC): instrumented, then built again from the profile.
PROFILE_GENERATE = ["-fprofile-generate"]
PROFILE_USE = ["-fprofile-use", "-fprofile-correction", "-Wno-missing-profile"]
#: Code the training did not run is still optimised for speed, not size (GCC 10 and later).
PARTIAL_TRAINING = ["-fprofile-partial-training"]


def c_compiler() -> list[str]:
    """The compiler command setuptools will use (``CC``, else Python's own)."""
    return (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()


def accepts(cc: list[str], flags: list[str]) -> bool:
    """Whether ``cc`` compiles and links a shared library with ``flags``."""
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp, "t.c")
        src.write_text("int f(void) { return 0; }\n")
        done = subprocess.run([*cc, *flags, "-fPIC", "-shared", str(src), "-o", str(Path(tmp, "t.so"))],
                              capture_output=True, cwd=tmp)
        return done.returncode == 0


def is_gcc(cc: list[str]) -> bool:
    done = subprocess.run([*cc, "--version"], capture_output=True, text=True)
    return done.returncode == 0 and "clang" not in done.stdout and (
        "gcc" in done.stdout.lower() or "free software foundation" in done.stdout.lower())


def run_mypyc(mypyc: Path, root: Path, cflags: list[str], ldflags: list[str]) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    env["CFLAGS"] = " ".join([*cflags, env.get("CFLAGS", "")]).strip()
    env["LDFLAGS"] = " ".join([*ldflags, env.get("LDFLAGS", "")]).strip()
    return subprocess.run([str(mypyc), *COMPILED], cwd=root, capture_output=True, text=True, env=env)


def train() -> int:
    """The workload a profile-guided build is trained on (run in a child process, with the
    instrumented build first on the path): random deals of every variant, with views, copies and
    undo, the rule bots against random ones in the main games, and a board of the search bot in
    three of them (about 5 s in all)."""
    import random

    import tarot
    from tarot.core.deal import VARIANTS
    from tarot.runs.duplicate import compare

    if not tarot.COMPILED:
        print("training needs the compiled engine", file=sys.stderr)
        return 1
    rng = random.Random(1)
    for variant in sorted(VARIANTS):
        for i in range(300):
            deal = tarot.new_deal(variant, rng=rng)
            while not deal.is_over:
                actions = deal.legal_actions()
                if i % 10 == 0:
                    deal.view(deal.to_play or 0)
                    deal.copy()
                    deal.push(actions[0])
                    deal.pop()
                deal.push(rng.choice(actions))
            deal.result()
    for variant in ("marolles-1637", "fft-4p", "fft-5p", "french-2p", "early-french"):
        compare(variant, "rule", "random", deals=20, seed=1)
    for variant in ("marolles-1637", "fft-4p", "french-2p"):  # sampling and search, a board each
        compare(variant, "search-easy", "rule", deals=1, seed=1)
    return 0


def compile_in(root: Path, pgo: bool = True) -> int:
    mypyc = Path(sys.executable).with_name("mypyc")
    if not mypyc.exists():
        print("mypyc is not installed: pip install -e '.[fast]' (make fast does it)", file=sys.stderr)
        return 2
    if shutil.which(os.environ.get("CC", "cc")) is None and shutil.which("gcc") is None:
        print("no C compiler found: the engine stays pure Python", file=sys.stderr)
        return 3
    clean(root)
    cc = c_compiler()
    flags = DIRECT_CALLS if accepts(cc, DIRECT_CALLS) else []
    how = "direct calls" if flags else "default flags"
    if pgo and is_gcc(cc) and accepts(cc, PROFILE_GENERATE):
        done = run_mypyc(mypyc, root, [*flags, *PROFILE_GENERATE], PROFILE_GENERATE)
        trained = done.returncode == 0 and subprocess.run(
            [sys.executable, str(Path(__file__).resolve()), "--train"], cwd=root,
            env={**os.environ, "PYTHONPATH": str(root)}).returncode == 0
        if trained:
            # built again from the profile: the objects (the .gcda files beside them stay) and
            # the libraries go, or setuptools would find them up to date
            for built in [*root.glob("build/**/*.o"), *root.glob("build/lib*/**/*.so")]:
                built.unlink()
            use = [*PROFILE_USE, *(PARTIAL_TRAINING if accepts(cc, PARTIAL_TRAINING) else [])]
            done = run_mypyc(mypyc, root, [*flags, *use], [])
            if done.returncode == 0:
                print(f"compiled {len(COMPILED)} modules with mypyc in {root} ({how}, profile-guided): "
                      "tarot.COMPILED is now True")
                return 0
        print("the profile-guided build failed: building without a profile", file=sys.stderr)
        clean(root)
    done = run_mypyc(mypyc, root, flags, [])
    if done.returncode:
        print(done.stdout[-4000:], done.stderr[-4000:], sep="\n", file=sys.stderr)
        return done.returncode
    print(f"compiled {len(COMPILED)} modules with mypyc in {root} ({how}): tarot.COMPILED is now True")
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
    p.add_argument("--no-pgo", action="store_true", help="no profile-guided build (about half the time)")
    p.add_argument("--train", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args(argv)
    if args.train:
        return train()
    if args.clean:
        return clean(ROOT)
    if args.into:
        copy_tree(args.into.resolve())
        return compile_in(args.into.resolve(), not args.no_pgo)
    return compile_in(ROOT, not args.no_pgo)


if __name__ == "__main__":
    sys.exit(main())

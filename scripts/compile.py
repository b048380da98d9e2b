"""The compiled engine's build: which modules mypyc compiles, with which C flags, and how.

The package's own build (``setup.py``) calls this module, so ``pip install .`` and ``make play``
install the engine compiled whenever mypyc and a C compiler are at hand, and pure Python (with a
one-line notice) where not. ``TAROT_BUILD`` chooses::

    pip install .                      # compiled if it can be (mypyc, a C compiler), else pure
    TAROT_BUILD=pure pip install .     # pure Python, nothing compiled
    TAROT_BUILD=pgo pip install .      # compiled and profile-guided (GCC; about twice as long)

An editable install (``pip install -e .``) stays pure Python: compiled modules in the source
tree would be imported before the ``.py`` files beside them. ``python scripts/compile.py --train``
is the workload a profile-guided build is trained on (the build runs it, in a child process).

The compiled modules are the engine's hot path (``COMPILED`` below): cards, tricks, counting,
the ledger, the deal and every variant. The same source files are the pure-Python engine, which
stays the reference: nothing else changes, and ``tarot.COMPILED`` says which one was imported.

How the C is compiled (docs/benchmarks.md has the figures): mypyc writes the engine as one C file,
built as a shared library; ``-fno-semantic-interposition -fno-plt`` let the compiler call (and
inline) the engine's own functions and CPython's directly rather than through the PLT. A
profile-guided build (GCC) is built once instrumented, trained on a few seconds of play of every
variant and bot, and built again from that profile. Either step is left out when the compiler
refuses its flags. Neither changes what the code does, only how fast it runs.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

#: The modules compiled, relative to the repository (the build runs there): the engine (the core and every module of
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
    "tarot/core/seat_view.py",
    "tarot/bots/odds.py", "tarot/bots/rollout.py", "tarot/variants/marolles/bot.py",
    "tarot/variants/marolles/bot_table.py", "tarot/variants/marolles/bot_discards.py", "tarot/variants/french/bot.py",
    "tarot/variants/french/bot_table.py",
    "tarot/bots/sampling.py", "tarot/bots/search.py", "tarot/variants/marolles/sampler.py",
    "tarot/variants/french/sampler.py", "tarot/variants/early_french/sampler.py", "tarot/variants/french_2p/sampler.py",
]
#: The name of mypyc's shared library (``tarot__mypyc``), installed beside the package.
GROUP = "tarot"
#: ``TAROT_BUILD``: compiled where it can be (the default), pure Python, or profile-guided.
MODES = ("auto", "pure", "pgo")


def notice(message: str) -> None:
    """The build's one line about the engine (``pip install -v`` shows it; pip hides it else)."""
    print(f"tarot: {message}", file=sys.stderr, flush=True)


def build_mode() -> str:
    """How ``TAROT_BUILD`` asks the engine to be built (``auto`` when unset)."""
    mode = os.environ.get("TAROT_BUILD", "").strip().lower() or "auto"
    if mode not in MODES:
        raise SystemExit(f"TAROT_BUILD={mode!r} is not a build: use one of {', '.join(MODES)}")
    return mode


def why_pure(mode: str, editable: bool) -> str | None:
    """Why the engine cannot be compiled here, or None when it can."""
    if mode == "pure":
        return "TAROT_BUILD=pure"
    if editable:
        return "an editable install; `pip install .` compiles it"
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "mypyc is not installed"
    cc = c_compiler()
    if shutil.which(cc[0]) is None or not accepts(cc, []):
        return f"no working C compiler ({cc[0]})"
    return None


def compiled_files(root: Path) -> list[Path]:
    """The compiled extension modules under ``root`` (the engine's and mypyc's runtime)."""
    return sorted([*root.glob("tarot/**/*.so"), *root.glob("*__mypyc*.so")])


def remove_compiled(root: Path) -> None:
    """Remove the compiled modules under ``root``: a pure build must not ship an older one."""
    for f in compiled_files(root):
        f.unlink()


def extensions() -> list[Any]:
    """The engine as setuptools extensions: mypyc type-checks ``COMPILED`` and writes its C."""
    from mypyc.build import mypycify
    return mypycify(list(COMPILED), group_name=GROUP)


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


def build_engine(exts: list[Any], build: Callable[[bool], None], built: Path, pgo: bool) -> str:
    """Compile ``exts`` with ``build(force)`` (setuptools' ``build_ext``), with the flags the
    compiler accepts, profile-guided when ``pgo`` and the compiler is GCC (``built`` is where the
    built package lands, for the training). Returns how it was built, in a few words."""
    cc = c_compiler()
    base = [(list(e.extra_compile_args), list(e.extra_link_args)) for e in exts]

    def with_flags(cflags: list[str], ldflags: list[str]) -> None:
        for e, (c, ld) in zip(exts, base):
            e.extra_compile_args, e.extra_link_args = [*c, *cflags], [*ld, *ldflags]

    direct = DIRECT_CALLS if accepts(cc, DIRECT_CALLS) else []
    how = "direct calls" if direct else "default flags"
    if pgo and is_gcc(cc) and accepts(cc, PROFILE_GENERATE):
        with_flags([*direct, *PROFILE_GENERATE], PROFILE_GENERATE)
        build(True)
        training = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--train"],
                                  cwd=built, env={**os.environ, "PYTHONPATH": str(built)},
                                  capture_output=True, text=True)
        if training.returncode == 0:
            # built again from the profile (the .gcda files beside the objects)
            with_flags([*direct, *PROFILE_USE, *(PARTIAL_TRAINING if accepts(cc, PARTIAL_TRAINING) else [])], [])
            build(True)
            return f"{how}, profile-guided"
        notice("the profile-guided training failed: building without a profile")
    elif pgo:
        notice("a profile-guided build needs GCC: building without a profile")
    with_flags(direct, [])
    build(pgo)  # after an instrumented build every object is built again
    return how


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


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0],
                                epilog="The build itself is `pip install .` (setup.py calls this module).")
    p.add_argument("--train", action="store_true", help="run the profile-guided build's training workload")
    args = p.parse_args(argv)
    if args.train:
        return train()
    p.print_help()
    return 2


if __name__ == "__main__":
    sys.exit(main())


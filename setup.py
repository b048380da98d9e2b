"""The package's build: setuptools, with the engine compiled by mypyc where it can be.

``scripts/compile.py`` says which modules are compiled and how; ``TAROT_BUILD=pure`` builds pure
Python, ``TAROT_BUILD=pgo`` a profile-guided engine (README, docs/benchmarks.md). Without mypyc or
a working C compiler the build is pure Python, with a one-line notice.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.dist import Distribution

_spec = importlib.util.spec_from_file_location("tarot_build", Path(__file__).resolve().parent / "scripts" / "compile.py")
assert _spec is not None and _spec.loader is not None
engine = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(engine)


class EngineDistribution(Distribution):
    """A distribution whose build always runs ``build_ext``: it decides, when it runs, whether
    the engine is compiled (and removes an earlier build's compiled modules when it is not)."""

    def has_ext_modules(self) -> bool:
        return True


class BuildEngine(build_ext):
    """``build_ext`` for the engine: mypyc's extensions made when the build runs (not when this
    file is read, which pip does three times), or pure Python with a one-line notice."""

    pure_because: str | None = None

    def finalize_options(self) -> None:
        mode = engine.build_mode()
        self.pgo = mode == "pgo"
        self.pure_because = engine.why_pure(mode, editable=bool(getattr(self, "editable_mode", False)))
        exts = []
        if self.pure_because is None:
            try:
                exts = engine.extensions()  # mypyc type-checks the engine and writes its C
            except (Exception, SystemExit) as e:  # mypyc's own errors end in SystemExit
                self.pure_because = f"mypyc failed: {first_line(e)}"
        self.distribution.ext_modules = exts
        super().finalize_options()
        self.compiler_option = self.compiler  # a name: each run makes its compiler from it

    def run(self) -> None:
        built = Path.cwd() if self.inplace else Path(self.build_lib).resolve()
        if self.pure_because is None:
            try:  # an unchanged module's C is not rewritten, so it is not compiled again
                how = engine.build_engine(self.extensions, self._build, built, pgo=self.pgo)
                engine.notice(f"the engine compiled with mypyc ({how})")
                return
            except (Exception, SystemExit) as e:
                self.extensions = []
                self.pure_because = f"the C build failed: {first_line(e)}"
        engine.remove_compiled(built)  # an earlier build's, which a pure build must not ship
        engine.notice(f"the engine stays pure Python ({self.pure_because})")

    def _build(self, force: bool) -> None:
        """One build (a profile-guided build runs two): ``run`` replaces the compiler's name by
        the compiler it made, which a second run cannot take, so the name is put back first."""
        self.force, self.compiler = force, self.compiler_option
        build_ext.run(self)


def first_line(e: BaseException) -> str:
    return (str(e).strip().splitlines() or [type(e).__name__])[0]


setup(distclass=EngineDistribution, cmdclass={"build_ext": BuildEngine})

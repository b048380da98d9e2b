"""The doctests of the package (``--doctest-modules`` over ``tarot/``): the modules of an
optional extra are left out where that extra is not installed (`make test` installs them all)."""

from importlib.util import find_spec

#: package folder -> the modules its extra brings
_EXTRAS = {"tarot/adapters/*": ("numpy", "pettingzoo", "gymnasium"), "tarot/adapters/openspiel*": ("pyspiel",),
           "tarot/web/*": ("fastapi", "sqlalchemy", "alembic")}

collect_ignore_glob = [files for files, needs in _EXTRAS.items() if any(find_spec(m) is None for m in needs)]

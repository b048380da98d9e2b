"""The doctests of the package (``--doctest-modules`` over ``tarot/``): the modules of an
optional extra are left out where that extra is not installed (`make test` installs them all)."""

from importlib.util import find_spec

#: package folder -> the modules its extra brings
_EXTRAS = {"tarot/adapters": ("numpy", "pettingzoo", "gymnasium"), "tarot/web": ("fastapi", "sqlalchemy")}

collect_ignore_glob = [f"{folder}/*" for folder, needs in _EXTRAS.items()
                       if any(find_spec(m) is None for m in needs)]

"""Named rule options (docs/rules: every ambiguity of the seeds is a named option with a default).

Values are canonical strings, as written in docs/rules and in records (``deal_packet=3``,
``fool_exchange=give_empty_card``); an option that takes a number accepts any integer in its
range. Unknown keys and values are refused with the list of what is accepted.
"""

from __future__ import annotations

from collections.abc import Mapping
import re
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final

from .errors import OptionError, excerpt


#: An integer option value as typed: ASCII digits, perhaps signed.
_INTEGER: Final = re.compile(r"[+-]?[0-9]{1,9}")


@dataclass(frozen=True)
class Option:
    key: str
    choices: tuple[str, ...]
    default: str
    doc: str
    basis: str = ""
    #: For numeric options: accepted integer range, in addition to ``choices``.
    int_range: tuple[int, int] | None = None
    #: Options that only matter at a physical table (the engine itself never misdeals).
    table_only: bool = False

    def normalise(self, value: object, variant: str) -> str:
        if not isinstance(value, (str, int)):  # None would read as the value "none"
            raise OptionError(f"option {self.key!r} of {variant} takes a word or a number, "
                              f"not {excerpt(value)}")
        if isinstance(value, bool):
            v = "true" if value else "false"
        elif isinstance(value, int) and value.bit_length() > 64:  # no option takes it, and str()
            v = ""                                                # refuses 4,300 digits and more
        else:
            v = str(value).strip().lower()
        v = v.replace("->", "→")  # values written with arrows can be typed in ASCII: k->q
        if v in ("on", "yes") and "true" in self.choices:
            v = "true"
        if v in ("off", "no") and "false" in self.choices:
            v = "false"
        if v in self.choices:
            return v
        if self.int_range is not None:
            # ASCII digits only: int() would take "1_0", "٥٠" and full-width digits too
            n = int(v) if _INTEGER.fullmatch(v) else None
            if n is not None and self.int_range[0] <= n <= self.int_range[1]:
                return str(n)
        accepted = " | ".join(self.choices)
        if self.int_range is not None:
            accepted += f" | an integer {self.int_range[0]}..{self.int_range[1]}"
        raise OptionError(f"option {self.key!r} of {variant} does not take {excerpt(value)}: "
                          f"use {accepted}")


class Options(Mapping[str, str]):
    """A complete, validated, immutable set of option values for one variant.

    Read-only through and through: one ``Options`` is shared by every deal made with it (every
    default deal of a variant) and handed to the bots in each view, so nothing reached from it
    can be changed (its tables are ``MappingProxyType``, its attributes cannot be set again):
    a bot cannot change the rules of a deal, its own or another.
    """

    __slots__ = ("_values", "_specs", "variant", "_hash")
    variant: str
    _values: Mapping[str, str]
    _specs: Mapping[str, Option]
    _hash: int

    def __init__(self, specs: tuple[Option, ...], variant: str,
                 values: Mapping[str, object] | None = None) -> None:
        if values is not None and not isinstance(values, Mapping):
            raise OptionError(f"the options of {variant} are a mapping of names to values (a dict), "
                              f"not {excerpt(values)}")
        spec_of = {o.key: o for o in specs}
        vals = {o.key: o.default for o in specs}
        for key, value in (values or {}).items():
            spec = spec_of.get(key)
            if spec is None:
                known = ", ".join(sorted(spec_of))
                raise OptionError(f"unknown option {excerpt(key)} for {variant}; known options: {known}")
            vals[key] = spec.normalise(value, variant)
        _set = object.__setattr__  # the only writes: ``__setattr__`` refuses any other
        _set(self, "variant", variant)
        _set(self, "_specs", MappingProxyType(spec_of))
        _set(self, "_values", MappingProxyType(vals))
        _set(self, "_hash", hash((variant, tuple(vals.items()))))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"the options of {self.variant} are read-only")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"the options of {self.variant} are read-only")

    def __reduce__(self) -> tuple:
        # pickled by its values (a ``MappingProxyType`` does not pickle)
        return (Options, (tuple(self._specs.values()), self.variant, dict(self._values)))

    def __hash__(self) -> int:
        return self._hash

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Options):
            return self.variant == other.variant and self._values == other._values
        return super().__eq__(other)

    def __getitem__(self, key: str) -> str:
        return self._values[key]

    def get(self, key: str, default: Any = None) -> Any:  # the dict's, not Mapping's slow one
        return self._values.get(key, default)

    def __contains__(self, key: object) -> bool:
        return key in self._values

    def __iter__(self):
        return iter(self._values)

    def __len__(self) -> int:
        return len(self._values)

    def changed(self) -> dict[str, str]:
        """The options whose value differs from the default, in declaration order."""
        return {k: v for k, v in self._values.items() if v != self._specs[k].default}

    def __repr__(self) -> str:
        return f"Options({self.variant!r}, {self.changed()!r})"


def parse_assignments(items: list[str] | tuple[str, ...]) -> dict[str, str]:
    """Parse ``["key=value", ...]`` as given on a command line or in a record tag."""
    out: dict[str, str] = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise OptionError(f"option {excerpt(item)} is not of the form key=value")
        if key.strip() in out:
            raise OptionError(f"option {excerpt(key.strip())} is given twice")
        out[key.strip()] = value.strip()
    return out

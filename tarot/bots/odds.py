"""Card odds shared by the bots: what the unseen cards may hold (standard library only)."""

from __future__ import annotations

from functools import lru_cache
from math import comb


@lru_cache(maxsize=8192)
def p_none(special: int, pool: int, slots: int) -> float:
    """Chance that ``slots`` cards drawn from ``pool`` unseen cards miss all ``special`` ones
    (hypergeometric).

    >>> p_none(1, 2, 1), p_none(0, 10, 3), p_none(5, 6, 2)
    (0.5, 1.0, 0.0)
    """
    if special <= 0 or slots <= 0:
        return 1.0
    if pool - special < slots:
        return 0.0
    return comb(pool - special, slots) / comb(pool, slots)

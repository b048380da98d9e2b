"""The statistics of runs: running means and standard deviations, 95% intervals on a mean, and
percentiles (standard library only).

A paired difference (two bots on the same boards, two readings of the rules on the same deals)
is a ``Running`` fed the difference board by board: its interval is the paired interval.
Intervals use the normal approximation, good for the hundreds of deals or more that runs play.

>>> r = Running()
>>> for x in (1, 2, 3):
...     r.add(x)
>>> r.n, r.mean, r.stdev
(3, 2.0, 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: z of a two-sided 95% interval (normal approximation).
Z95 = 1.959963984540054


@dataclass
class Running:
    """Running mean and variance of a sample (Welford), with a 95% normal interval: memory does
    not grow with the number of values."""

    n: int = 0
    mean: float = 0.0
    m2: float = 0.0

    def add(self, x: float) -> None:
        """Fold in one value."""
        self.n += 1
        d = x - self.mean
        self.mean += d / self.n
        self.m2 += d * (x - self.mean)

    @classmethod
    def from_sums(cls, n: int, total: int, squares: int, scale: int = 1) -> Running:
        """The sample of ``n`` whole numbers whose sum is ``total`` and sum of squares
        ``squares``, each divided by ``scale``: sums of whole numbers add up exactly in any
        order, so that a study split into chunks (``tarot.runs.study``) gives the same figures
        however the chunks are spread and merged.

        >>> r = Running.from_sums(3, 6, 14)      # 1, 2, 3
        >>> r.n, r.mean, r.stdev
        (3, 2.0, 1.0)
        >>> Running.from_sums(2, 3, 5, scale=2).mean   # 0.5, 1
        0.75
        """
        if not n:
            return cls()
        # n·Σx² − (Σx)² is exact in integers: m2 = that / n, divided by scale² for x / scale
        return cls(n, total / n / scale, (n * squares - total * total) / n / (scale * scale))

    @property
    def stdev(self) -> float:
        """Sample standard deviation (0 with fewer than two values)."""
        return math.sqrt(self.m2 / (self.n - 1)) if self.n > 1 else 0.0

    @property
    def half_width(self) -> float:
        """Half-width of the 95% interval on the mean: 1.96 × stdev / √n (0 with no values)."""
        return Z95 * self.stdev / math.sqrt(self.n) if self.n else 0.0

    @property
    def ci95(self) -> tuple[float, float]:
        """A 95% interval on the mean: mean ± 1.96 × stdev / √n."""
        half = self.half_width
        return self.mean - half, self.mean + half

    def to_dict(self, key: str = "mean") -> dict:
        """The figures as JSON values, the mean under ``key``."""
        low, high = self.ci95
        return {key: self.mean, "stdev": self.stdev, "ci95": [low, high], "n": self.n}


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0..100) of sorted values, nearest rank; 0 for none.

    >>> percentile([1, 2, 3, 4], 50), percentile([1, 2, 3, 4], 99), percentile([5], 1)
    (2, 4, 5)
    """
    n = len(sorted_values)
    if not n:
        return 0.0
    return sorted_values[max(0, min(n - 1, math.ceil(q / 100 * n) - 1))]


__all__ = ["Z95", "Running", "percentile"]

"""Work spread over processes, results in order: the one process pool of simulations and
tournaments (standard library only).

A unit of work is a picklable task given to a module-level function; every unit is fixed by its
task alone (a deal or board by ``(seed, index)``), so the results are the same whatever the
number of workers, and they come back in task order, one at a time.

>>> list(ordered_map(abs, [-3, 2, -1], workers=2, count=3))
[3, 2, 1]
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

from ..core.errors import TarotError

T = TypeVar("T")
R = TypeVar("R")


def check_workers(workers: object) -> int:
    """``workers`` if it is a whole number of at least 1, else ``TarotError`` naming it."""
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise TarotError(f"the number of workers must be at least 1, not {workers!r}")
    return workers


def ordered_map(func: Callable[[T], R], tasks: Iterable[T], workers: int = 1,
                count: int | None = None) -> Iterator[R]:
    """``func`` over ``tasks``, yielded in task order: in this process with one worker, else in
    a pool of ``workers`` processes (no more than ``count``, the number of tasks, if known).
    The pool forks where the OS can (the bots registered by name go with it), else spawns.
    Tasks are fed to the pool as its pipe takes them, so memory does not grow with their
    number."""
    check_workers(workers)
    if workers == 1:
        yield from map(func, tasks)
        return
    if count is not None:
        workers = max(1, min(workers, count))
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    with ctx.Pool(workers) as pool:
        yield from pool.imap(func, tasks)

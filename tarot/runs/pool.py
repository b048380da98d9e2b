"""Work spread over processes, results in order: the one process pool of simulations and
tournaments (standard library only).

A unit of work is a picklable task given to a module-level function; every unit is fixed by its
task alone (a deal or board by ``(seed, index)``), so the results are the same whatever the
number of workers, and they come back in task order, one at a time.

Tasks go to the workers in chunks (``chunk_size``): one at a time, the pipes and the pickling
cost as much as a rule bot's deal. The pool is kept for the process and used again by the next
run with as many workers, as long as the bots and games it was started with are the same (a
pool forked before a bot was registered would not know it).

>>> list(ordered_map(abs, [-3, 2, -1], workers=2, count=3))
[3, 2, 1]
"""

from __future__ import annotations

import atexit
import multiprocessing
import multiprocessing.pool
import os
import signal
from collections.abc import Callable, Iterable, Iterator
from typing import TypeVar

from ..bots import BOTS
from ..core.errors import TarotError
from ..core.game import GAMES

T = TypeVar("T")
R = TypeVar("R")

#: The most tasks sent to a worker at once, and how many chunks each worker gets at least
#: (the last chunks finish unevenly: with 8 each, the slowest worker waits for at most 1/8
#: of its share).
MAX_CHUNK = 64
CHUNKS_PER_WORKER = 8


def cpu_count() -> int:
    """The CPUs this process may run on (its affinity where the OS tells it)."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on Linux
        return os.cpu_count() or 1


def check_workers(workers: object) -> int:
    """``workers`` if it is a whole number from 1 to the machine's CPUs, else ``TarotError``
    naming it (more processes than CPUs only take turns, and a typo could start a million)."""
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise TarotError(f"the number of workers must be at least 1, not {workers!r}")
    cpus = cpu_count()
    if workers > cpus:
        raise TarotError(f"{workers} workers asked for, but this machine has {cpus} CPU"
                         f"{'s' if cpus > 1 else ''}: use at most {cpus}")
    return workers


def chunk_size(count: int | None, workers: int) -> int:
    """Tasks per chunk: ``CHUNKS_PER_WORKER`` chunks for each worker, at most ``MAX_CHUNK``
    tasks each (8 when the number of tasks is not known)."""
    if count is None:
        return 8
    return max(1, min(MAX_CHUNK, count // (workers * CHUNKS_PER_WORKER)))


#: The pool kept for later runs: (what it was started with, the pool).
_kept: tuple[tuple, multiprocessing.pool.Pool] | None = None


def _start_key(workers: int) -> tuple:
    """What a kept pool must have been started with to serve ``workers`` now: that number, and
    the same bots and games registered (a forked worker knows those of its start)."""
    return (workers, tuple((name, id(f)) for name, f in BOTS.items()), tuple(GAMES))


def _default_sigterm() -> None:
    """In a worker: SIGTERM ends it at once, as ``close_pool`` asks, whatever handler the command
    had set when the worker was forked (``tarot study`` turns it into KeyboardInterrupt for
    itself, which a worker would print as a traceback)."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def _pool(workers: int) -> multiprocessing.pool.Pool:
    """The kept pool if it fits (``_start_key``), else a new one (the old one closed). It forks
    where the OS can (the bots registered by name go with it), else spawns."""
    global _kept
    key = _start_key(workers)
    if _kept is not None and _kept[0] == key:
        return _kept[1]
    close_pool()
    methods = multiprocessing.get_all_start_methods()
    ctx = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    pool = ctx.Pool(workers, initializer=_default_sigterm)
    _kept = (key, pool)
    return pool


def close_pool() -> None:
    """Stop the kept pool's workers, if any (at exit, and before another pool is started)."""
    global _kept
    if _kept is not None:
        _kept[1].terminate()
        _kept[1].join()
        _kept = None


atexit.register(close_pool)


def ordered_map(func: Callable[[T], R], tasks: Iterable[T], workers: int = 1,
                count: int | None = None, chunk: int | None = None) -> Iterator[R]:
    """``func`` over ``tasks``, yielded in task order: in this process with one worker, else in
    a pool of ``workers`` processes (no more than ``count``, the number of tasks, if known), in
    chunks of ``chunk`` tasks (``chunk_size`` if not given). Tasks are fed to the pool as its
    pipe takes them, so memory does not grow with their number. A run left before its end
    (an error, a stopped consumer) stops the pool, so the next one does not wait behind its
    tasks."""
    check_workers(workers)
    if count is not None:
        workers = max(1, min(workers, count))
    if workers == 1:
        yield from map(func, tasks)
        return
    pool = _pool(workers)
    finished = False
    try:
        yield from pool.imap(func, tasks, chunk or chunk_size(count, workers))
        finished = True
    finally:
        if not finished:
            close_pool()

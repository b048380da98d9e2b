"""The process pool (``tarot.runs.pool``): results in task order whatever the number of workers
and the size of the chunks, the pool kept between runs, and no more workers than CPUs
(issues 33 and 34)."""

import pytest

from tarot.bots import BOTS, register_bot
from tarot.core.errors import TarotError
from tarot.runs import pool
from tarot.runs import simulate as sim
from tarot.runs.duplicate import board_results
from typer.testing import CliRunner

from tarot.cli import app

#: The task of these tests: a builtin, so that a worker forked before this module was imported
#: (the pool is kept) unpickles it.
task = hex


def invoke(*args):
    return CliRunner().invoke(app, [str(a) for a in args], env={"COLUMNS": "200"})


def test_results_come_in_task_order_for_any_chunk():
    tasks = list(range(-40, 57))
    want = [task(t) for t in tasks]
    for chunk in (1, 3, 64, 500):
        assert list(pool.ordered_map(task, tasks, 2, len(tasks), chunk)) == want
    assert list(pool.ordered_map(task, iter(tasks), 2)) == want  # count unknown


@pytest.mark.parametrize("variant", ["marolles-1637", "fft-4p"])
def test_simulate_is_the_same_in_one_and_two_workers_with_chunks(variant):
    """40 deals: chunks of 2 deals for each of two workers (``chunk_size``)."""
    assert pool.chunk_size(40, 2) == 2
    one = [s.to_json() for s in sim.simulate(variant, 40, 11, bots=["rule"])]
    two = [s.to_json() for s in sim.simulate(variant, 40, 11, bots=["rule"], workers=2)]
    assert one == two


def test_boards_are_the_same_in_one_and_two_workers():
    one = list(board_results("marolles-1637", ("rule", "random"), 12, 3))
    two = list(board_results("marolles-1637", ("rule", "random"), 12, 3, workers=2))
    assert [b.scores for b in one] == [b.scores for b in two]


def test_chunks_give_each_worker_several_and_stay_small():
    assert pool.chunk_size(None, 2) == 8
    assert pool.chunk_size(3, 2) == 1
    assert pool.chunk_size(1000, 2) == 1000 // 16
    assert pool.chunk_size(10**6, 2) == pool.MAX_CHUNK


def test_the_pool_is_kept_until_the_bots_change():
    list(pool.ordered_map(task, range(5), 2))
    kept = pool._kept
    assert kept is not None
    list(pool.ordered_map(task, range(5), 2))
    assert pool._kept is kept
    register_bot("test-pool-bot", BOTS["random"])
    try:
        assert list(pool.ordered_map(task, range(5), 2)) == [task(t) for t in range(5)]
        assert pool._kept is not kept  # a forked worker would not know the new bot
    finally:
        del BOTS["test-pool-bot"]
        pool.close_pool()


def test_a_run_left_before_its_end_stops_the_pool():
    run = pool.ordered_map(task, range(10_000), 2, 10_000, 1)
    assert next(run) == task(0)
    run.close()
    assert pool._kept is None
    assert list(pool.ordered_map(task, range(3), 2)) == ['0x0', '0x1', '0x2']


def test_more_workers_than_cpus_are_refused(monkeypatch):
    monkeypatch.setattr(pool, "cpu_count", lambda: 2)
    for n in (3, 10**6):
        with pytest.raises(TarotError, match=f"{n} workers asked for, but this machine has 2 CPUs: use at most 2"):
            pool.check_workers(n)
        with pytest.raises(TarotError, match="use at most 2"):
            sim.simulate("marolles-1637", 10, 1, workers=n)
        with pytest.raises(TarotError, match="use at most 2"):
            next(board_results("marolles-1637", ("rule", "random"), 12, 3, workers=n))
    assert pool.check_workers(2) == 2


@pytest.mark.parametrize("command", [["simulate", "marolles-1637", "--deals", 5],
                                     ["tournament", "marolles-1637", "--bots", "rule,random", "--deals", 2]])
def test_the_cli_refuses_more_workers_than_cpus(command):
    res = invoke(*command, "--workers", 10**6)
    assert res.exit_code == 2
    assert f"--workers 1000000 is more than this machine's {pool.cpu_count()} CPUs" in res.output

"""How long a search bot's decision takes against its time cap, on an idle and on a busy machine.

    python bench/search_time_cap.py                         # pimc (0.9 s cap), 30 decisions
    python bench/search_time_cap.py --busy 2                # the same beside 2 busy processes
    python bench/search_time_cap.py --bot pimc --limit 0.3 --decisions 60

Each decision is the first card of a deal of ``--variant`` (the rule bots make the decisions
before it), the widest of the play, where a capped bot reaches its cap; one decision first,
not counted, loads what the bot uses. Wall-clock time
(``time.perf_counter``) per decision: the median, the 99th percentile and the longest, and the
share of decisions over the cap. ``--busy N`` runs N processes that only spin beside the bot, as
other work on the machine would. Figures: docs/bots.md ("The time cap").
"""

from __future__ import annotations

import argparse
import multiprocessing
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import tarot  # noqa: E402
from tarot.bots import make_bot  # noqa: E402
from tarot.bots.search import BOT_SETTINGS  # noqa: E402
from tarot.runs.stats import percentile  # noqa: E402


def spin(stop) -> None:
    """Busy work: count until told to stop."""
    n = 0
    while not stop.is_set():
        n += 1


def first_card_view(variant: str, seed: int):
    """The view of the seat to play the first card of a deal (rule bots decide before it)."""
    deal = tarot.new_deal(variant, seed=seed)
    rule = make_bot("rule", seed=seed)
    while deal.phase != "play" and not deal.is_over:
        deal.push(rule.act(deal.view(deal.to_play)))
    return None if deal.is_over else deal.view(deal.to_play)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--variant", default="marolles-1637")
    ap.add_argument("--bot", default="pimc")
    ap.add_argument("--limit", type=float, default=None, help="the cap (default: the bot's own)")
    ap.add_argument("--decisions", type=int, default=30)
    ap.add_argument("--busy", type=int, default=0, help="busy processes beside the bot")
    args = ap.parse_args()
    limit = args.limit if args.limit is not None else BOT_SETTINGS[args.bot][1]["time_limit"]
    stop = multiprocessing.Event()
    workers = [multiprocessing.Process(target=spin, args=(stop,), daemon=True) for _ in range(args.busy)]
    for w in workers:
        w.start()
    times: list[float] = []
    try:
        seed = 0
        make_bot(args.bot, seed=0).act(first_card_view(args.variant, 1))  # what it loads, loaded
        while len(times) < args.decisions:
            seed += 1
            view = first_card_view(args.variant, seed)
            if view is None or len(view.legal_actions) < 2:
                continue
            bot = make_bot(args.bot, seed=seed)
            bot.time_limit = limit
            t = time.perf_counter()
            bot.act(view)
            times.append(time.perf_counter() - t)
    finally:
        stop.set()
        for w in workers:
            w.join()
    times.sort()
    over = sum(t > limit for t in times) / len(times)
    print(f"{args.bot} on {args.variant}, cap {limit:.2f} s, {len(times)} decisions, "
          f"{args.busy} busy processes: median {percentile(times, 50):.3f} s, "
          f"p99 {percentile(times, 99):.3f} s, longest {max(times):.3f} s, over the cap {over:.0%}")


if __name__ == "__main__":
    main()

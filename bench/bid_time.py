"""How long the decisions before the play take when made by evaluation (``rule-bid``,
``pimc-bid``: the game's ``preplay_bot``), per phase. French Tarot
(``tarot.variants.french.bot_bid``): the bid, the King call, the écart (its first card, where
the écart is chosen; the others follow the plan), the chelem and the poignées. Marolles
(``tarot.variants.marolles.bot_preplay``): the discards (the first card, where they are
chosen), the declarations and the cards shown (the first, where they are chosen).

    python bench/bid_time.py --variant fft-4p --deals 60 --worlds 32
    python bench/bid_time.py --variant fft-5p --deals 40
    python bench/bid_time.py --variant marolles-1637 --deals 60 --worlds 32

The evaluating bot sits at every seat of ``--deals`` deals (seeds from ``--seed``), with the
rule bot's card play; wall-clock time (``time.perf_counter``) around each decision with more
than one legal action, the view built outside the timer, and the processor time of the process
(``time.process_time``: what the decision costs one core, whatever else the machine runs).
Prints, per phase, the number of decisions, the median, the 99th percentile and the longest of
each. Figures: docs/bots.md ("Bidding by
evaluation").
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import tarot  # noqa: E402
from tarot.bots.preplay import PreplayBot  # noqa: E402
from tarot.runs.stats import percentile  # noqa: E402


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="fft-4p")
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--worlds", type=int, default=32)
    args = ap.parse_args(argv)
    if args.deals < 1 or args.worlds < 1:
        ap.error("--deals and --worlds must be at least 1")
    times: dict[str, list[tuple[float, float]]] = {}
    for i in range(args.deals):
        players = tarot.variant_class(args.variant).PLAYERS
        deal = tarot.new_deal(args.variant, seed=args.seed + i, dealer=i % players)
        bots = [PreplayBot(seed=args.seed * 1000 + 10 * i + s, play="rule", worlds=args.worlds)
                for s in range(deal.players)]
        while not deal.is_over:
            seat = deal.to_play
            view = deal.view(seat)
            start, cpu = time.perf_counter(), time.process_time()
            a = bots[seat].act(view)
            took = (time.perf_counter() - start, time.process_time() - cpu)
            decider = bots[seat].decider(view.variant)
            if decider is not None and decider.handles(view) and len(view.legal_actions) > 1 and not (
                    view.phase in ("ecart", "discard") and view.discards
                    or view.phase == "show" and view.pending_show):
                times.setdefault(view.phase, []).append(took)
            deal.push(a)
    print(f"{args.variant}, {args.deals} deals, {args.worlds} worlds a decision")
    print(f"{'phase':8} {'decisions':>9}   wall p50 / p99 / max ms   cpu p50 / p99 / max ms")
    for ph, ts in times.items():
        if ts:
            cols = []
            for k in (0, 1):
                ms = sorted(1000 * t[k] for t in ts)
                cols.append(f"{percentile(ms, 50):7.0f} {percentile(ms, 99):7.0f} {ms[-1]:7.0f}")
            print(f"{ph:8} {len(ts):9}   {cols[0]}   {cols[1]}")


if __name__ == "__main__":
    main()

"""How much the search bots' inference tells about the hidden cards, without playing a match.

    python bench/inference.py --variant marolles-1637 --deals 40 --samplers is-1,is-3,is-12 --seed 1

Deals are played by rule bots at every seat (the field the strength runs use, where the
inference model, the rule bot, is exact). At every third card-play decision of every seat,
``--worlds`` hidden deals are sampled from the seat's view the way ``pimc`` samples them
(``PimcBot.sample``) by each of the ``--samplers``: ``is-K`` draws K consistent deals and keeps
one by its likelihood under the rule-bot model (``--epsilon`` per decision the model would not
have made; ``is-1`` is the plain consistent sampler, no inference); ``isd-K`` makes the other
seats' hidden discards those the rule bot would make from the cards drawn; ``isdb-K`` also
draws again the deals whose hands would not have made the other seats' bids (French Tarot).
For each sampled deal:

* *placed*: the share of the cards hidden from the seat that the sampled deal puts where they
  really are (a seat's hand, a seat's discards, or elsewhere: the chien, le Mort...);
* *misfits*: how many of the other seats' past decisions the model would have made otherwise
  in the sampled deal (0 for the real deal, against a field of rule bots);
* *fits*: the share of sampled deals with no misfit;
* *alike*: the share of hidden cards that two successive sampled deals place alike (a search
  needs deals that differ where the view leaves it open: near 1, they are all one deal).

Figures are given per stage of the deal (tricks played) and overall, with the sampling time
per deal kept (CPU time of this process).
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # an installed tarot first (make play: compiled)

import tarot  # noqa: E402
from tarot.bots import make_bot  # noqa: E402
from tarot.bots.sampling import Constraints, SamplingError  # noqa: E402
from tarot.bots.search import PimcBot  # noqa: E402
from tarot.core.deal import Deal, View, variant_class  # noqa: E402
from tarot.core.options import parse_assignments  # noqa: E402

STAGES = ((0, 5, "tricks 0-5"), (6, 11, "tricks 6-11"), (12, 99, "tricks 12+"))


def places(deal: Deal) -> dict[int, tuple[int, str]]:
    """Where each card held by a seat is: card -> (seat, "hand" or "discards")."""
    out = {}
    for s in range(deal.players):
        v = deal.view(s)
        for c in tarot.cards_of(v.hand):
            out[c] = (s, "hand")
        for c in tarot.cards_of(v.discards):
            out[c] = (s, "discards")
    return out


def decision_views(variant: str, deals: int, seed: int, options: dict):
    """(view, true deal) at every third card-play decision with a choice, rule bots at every
    seat."""
    cls = variant_class(variant)
    for i in range(deals):
        deal = tarot.new_deal(variant, options, seed=seed * 100_003 + i,
                              dealer=i % cls.players_for(options))
        bots = [make_bot("rule", seed=seed + i * 10 + p) for p in range(deal.players)]
        k = 0
        while not deal.is_over:
            p = deal.to_play
            v = deal.view(p)
            if deal.phase == "play" and len(v.legal_actions) > 1:
                k += 1
                if k % 3 == 0:
                    yield v, deal.copy()
            deal.push(bots[p].act(v))


def sampler(name: str, epsilon: float, seed: int) -> PimcBot:
    """The sampler named ``is-K``: ``K`` candidate deals drawn per deal kept (``is-1``: no
    inference); ``isd-K``: the same with the other seats' discards made as the rule bot
    would make them (``PimcBot(model_discards=True)``)."""
    kind, _, k = name.partition("-")
    if kind in ("is", "isd", "isdb") and k.isdigit() and int(k) >= 1:
        return PimcBot(seed=seed, inference=int(k) > 1, candidates=int(k), epsilon=epsilon,
                       model_discards=kind != "is", model_bids=kind == "isdb")
    raise ValueError(f"unknown sampler {name!r}: use is-K, isd-K or isdb-K (K at least 1)")


def measure(view: View, truth: Deal, name: str, worlds: int, epsilon: float,
            seed: int) -> dict[str, float] | None:
    """The figures of one view for one sampler (None: the view is not sampled)."""
    true_place = places(truth)
    hidden = [c for c in tarot.cards_of(variant_class(view.variant).PACK & ~view.known_cards())]
    if not hidden:
        return None
    bot = sampler(name, epsilon, seed)
    judge = PimcBot(seed=seed, epsilon=epsilon)
    try:
        cons = Constraints(view)
        t0 = time.process_time()
        sampled = [bot.sample(cons, view.seat) for _ in range(worlds)]
        seconds = time.process_time() - t0
    except SamplingError:
        return None
    placed = misfits = fits = alike = 0.0
    before = None
    for world in sampled:
        where = places(world)
        placed += sum(where.get(c, -1) == true_place.get(c, -1) for c in hidden) / len(hidden)
        if before is not None:
            alike += sum(where.get(c, -1) == before.get(c, -1) for c in hidden) / len(hidden)
        before = where
        k = round(math.log(judge.likelihood(world, view.seat)) / math.log(epsilon))
        misfits += k
        fits += k == 0
    return {"placed": placed / worlds, "alike": alike / max(1, worlds - 1),
            "misfits": misfits / worlds, "fits": fits / worlds, "ms": 1000 * seconds / worlds}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", default="marolles-1637")
    p.add_argument("--deals", type=int, default=40)
    p.add_argument("--worlds", type=int, default=16)
    p.add_argument("--samplers", default="is-1,is-3,is-12",
                   help="comma-separated: is-K (K candidate deals per deal kept; is-1: no "
                        "inference), isd-K (the same, discards made by the model), isdb-K "
                        "(and the bids read by the model)")
    p.add_argument("--epsilon", type=float, default=0.2)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--option", action="append", default=[], metavar="KEY=VALUE")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    counts = args.samplers.split(",")
    try:
        for name in counts:
            sampler(name, 0.5, 0)
    except ValueError as e:
        p.error(str(e))
    if not 0 < args.epsilon < 1:
        p.error("epsilon must be between 0 and 1")
    options = parse_assignments(args.option)
    rows: dict[str, dict[str, list[dict[str, float]]]] = {k: {} for k in counts}
    views = 0
    for n, (view, truth) in enumerate(decision_views(args.variant, args.deals, args.seed, options)):
        stage = next(name for lo, hi, name in STAGES if lo <= len(view.tricks) <= hi)
        for k in counts:
            r = measure(view, truth, k, args.worlds, args.epsilon, args.seed * 7919 + n)
            if r is not None:
                rows[k].setdefault(stage, []).append(r)
                rows[k].setdefault("all", []).append(r)
        views += 1
    out = {"variant": args.variant, "deals": args.deals, "views": views, "worlds": args.worlds,
           "epsilon": args.epsilon, "seed": args.seed, "options": options, "samplers": {}}
    for k in counts:
        out["samplers"][k] = {
            stage: {key: sum(r[key] for r in rs) / len(rs) for key in rs[0]} | {"views": len(rs)}
            for stage, rs in rows[k].items()}
    if args.json:
        print(json.dumps(out, indent=1))
        return 0
    print(f"{args.variant}: {views} decisions of {args.deals} deals, {args.worlds} sampled deals "
          f"each, epsilon {args.epsilon}")
    print(f"{'sampler':>10} {'stage':>12} {'views':>6} {'placed':>7} {'alike':>6} {'misfits':>8} "
          f"{'fits':>6} {'ms/deal':>8}")
    for k in counts:
        for stage in ["all"] + [s for _, _, s in STAGES]:
            r = out["samplers"][k].get(stage)
            if r:
                print(f"{k:>10} {stage:>12} {r['views']:>6} {r['placed']:>7.3f} "
                      f"{r['alike']:>6.3f} {r['misfits']:>8.2f} {r['fits']:>6.2f} {r['ms']:>8.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

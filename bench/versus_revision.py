"""A game's rule bot against the same bot at an earlier revision, on duplicate deals.

    python bench/versus_revision.py --variant fft-4p --rev e7ecfbc --deals 10000 --seed 21 --workers 2

The rule bot of ``--rev`` is its module's source at that commit (``git show REV:tarot/bots/...``),
loaded beside today's under another name; it must import only what the package still has. The
comparison is the field design of ``tarot tournament --field``: today's bot alone in one seat,
the old bot in the others, rotated through the seats, and measured against the old bot's own
score in that seat (``BoardResult.gain``), per seat per deal, with a 95% interval over boards,
overall and per role (taker, defender, partner in French Tarot). With ``--metric card_points``
the card points instead of the score. Bidding is part of the bot: a change of play alone leaves
the roles the same on every board.

This is how a change to a rule bot is measured before it lands (docs/bots.md).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import tarot.bots  # noqa: E402
from tarot.bots import register_bot, rule_bot_class  # noqa: E402
from tarot.core.errors import TarotError  # noqa: E402
from tarot.core.game import game_of  # noqa: E402
from tarot.runs.duplicate import board_results  # noqa: E402
from tarot.runs.stats import Running  # noqa: E402

#: Where each game's rule bot lived before the games were packages (issue 32): revisions before
#: then are read there, and registered themselves in ``tarot.bots.RULE_BOTS``.
BEFORE_PACKAGES = {"marolles": "tarot/bots/rule.py", "french": "tarot/bots/french.py",
                   "early_french": "tarot/bots/early_french.py", "french_2p": "tarot/bots/french_2p.py"}


def _show(repo: Path, rev: str, path: str) -> str | None:
    """The text of ``path`` at ``rev``, or None if it is not there."""
    done = subprocess.run(["git", "-C", str(repo), "show", f"{rev}:{path}"], capture_output=True, text=True)
    return done.stdout if done.returncode == 0 else None


def old_rule_bot(variant: str, rev: str, repo: Path):
    """The rule bot class of ``variant`` as it was at commit ``rev``."""
    try:
        rule_bot_class(variant)  # today's module first, so that the old one cannot replace it
        game = game_of(variant)
    except TarotError as e:
        raise SystemExit(str(e)) from None
    module_name, _, attr = str(game.rule_bot).partition(":")
    path = module_name.replace(".", "/") + ".py"
    package = module_name.rpartition(".")[0]
    source = _show(repo, rev, path)
    if source is None and game.name in BEFORE_PACKAGES:
        source = _show(repo, rev, BEFORE_PACKAGES[game.name])
        path, package, attr = BEFORE_PACKAGES[game.name], "tarot.bots", ""
    if source is None:
        raise SystemExit(f"cannot read {path} at {rev} in {repo}")
    name = f"{package}._bot_at_{rev}"
    spec = importlib.util.spec_from_loader(name, loader=None)
    assert spec is not None
    module = importlib.util.module_from_spec(spec)
    module.__package__ = package  # its relative imports are the package's
    sys.modules[name] = module
    registered: dict = {}
    tarot.bots.RULE_BOTS = registered  # type: ignore[attr-defined]  # where old bots registered
    try:
        exec(compile(source, f"{rev}:{path}", "exec"), module.__dict__)
        return getattr(module, attr) if attr else registered[variant]
    finally:
        del tarot.bots.RULE_BOTS  # type: ignore[attr-defined]


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--variant", default="fft-4p")
    p.add_argument("--rev", required=True, help="the commit whose rule bot is the field")
    p.add_argument("--deals", type=int, default=2000, help="boards")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=1)
    p.add_argument("--metric", default="score", choices=["score", "card_points"])
    p.add_argument("--repo", type=Path, default=ROOT, help="the git repository (default: this one)")
    p.add_argument("--json", action="store_true")
    args = p.parse_args(argv)
    old = old_rule_bot(args.variant, args.rev, args.repo)
    field = f"rule@{args.rev}"
    register_bot(field, old)
    start = time.perf_counter()
    total, roles = Running(), {}
    try:
        for br in board_results(args.variant, ["rule", field], args.deals, args.seed,
                                workers=args.workers, field=True):
            total.add(br.gain(0, metric=args.metric))
            for r in sorted({r for rs in br.roles.values() for r in rs}):
                g = br.gain(0, role=r, metric=args.metric)
                if g is not None:
                    roles.setdefault(r, Running()).add(g)
    except TarotError as e:
        raise SystemExit(str(e)) from None
    out = {"variant": args.variant, "a": "rule", "b": field, "seed": args.seed, "metric": args.metric,
           **total.to_dict("mean_diff"), "roles": {r: v.to_dict("mean_diff") for r, v in roles.items()},
           "seconds": round(time.perf_counter() - start, 1)}
    if args.json:
        print(json.dumps(out))
        return 0
    low, high = out["ci95"]
    print(f"{args.variant}: rule (this checkout) alone among rule@{args.rev}, {total.n} boards, "
          f"seed {args.seed}, {args.metric} per seat per deal")
    print(f"  all          {out['mean_diff']:+8.2f}  95% CI [{low:+.2f}, {high:+.2f}]")
    for r, v in sorted(out["roles"].items()):
        lo, hi = v["ci95"]
        print(f"  {r:<12} {v['mean_diff']:+8.2f}  95% CI [{lo:+.2f}, {hi:+.2f}]  ({v['n']} boards)")
    print(f"  ({out['seconds']} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

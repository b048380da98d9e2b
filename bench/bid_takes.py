"""Where a bot that bids otherwise gains, from a French Tarot field run's log
(``bench/strength.py --bots BOT,rule --field --log``): each seating in which the bot sits alone
is set beside the field's own seating (``1111``) at the same seat, and sorted by who took the
deal there and in the field's deal: the bot's seat in both, in one of them only, another seat,
nobody. Per kind: the seatings, and the mean gain of the bot's seat over the field's score at
that seat (points), so that the gain of ``strength.py`` is split by what the bidding changed.

    python bench/bid_takes.py bench/results/fft4p-rulebid-field-rule.jsonl
"""

from __future__ import annotations

import argparse
import json
from collections import defaultdict
from pathlib import Path


def kinds(path: Path) -> tuple[dict[str, list[float]], int]:
    """The gains of the bot's seat by kind of seating, and the number of boards."""
    lines = path.read_text(encoding="utf-8").splitlines()
    header = json.loads(lines[0])
    if not header.get("field"):
        raise SystemExit(f"{path}: not a field run")
    out: dict[str, list[float]] = defaultdict(list)
    boards = 0
    for line in lines[1:]:
        if not line.strip():
            continue
        board = json.loads(line)
        boards += 1
        scores, roles = board["scores"], board["roles"]
        full = next(k for k in scores if "0" not in k)
        for seating, sc in scores.items():
            if seating == full:
                continue
            seat = seating.index("0")
            mine = roles[seating][seat] == "taker"
            theirs = roles[full][seat] == "taker"
            if mine and theirs:
                kind = "took in both"
            elif mine:
                kind = "took, the field's seat did not"
            elif theirs:
                kind = "did not take, the field's seat did"
            elif "taker" in roles[seating] or "taker" in roles[full]:
                kind = "another seat took (in one or both)"
            else:
                kind = "nobody took in either"
            out[kind].append(sc[seat] - scores[full][seat])
    return out, boards


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("log", type=Path)
    args = ap.parse_args(argv)
    by_kind, boards = kinds(args.log)
    total = sum(len(v) for v in by_kind.values())
    print(f"{args.log}: {boards} boards, {total} seatings with the bot alone")
    print(f"{'kind':38} {'seatings':>8} {'share':>6} {'mean gain':>10} {'per seating':>12}")
    for kind, gains in sorted(by_kind.items(), key=lambda kv: -len(kv[1])):
        mean = sum(gains) / len(gains)
        print(f"{kind:38} {len(gains):8} {len(gains) / total:6.1%} {mean:+10.2f} "
              f"{sum(gains) / total:+12.2f}")


if __name__ == "__main__":
    main()

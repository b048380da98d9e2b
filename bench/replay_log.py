"""Play logged boards again and check that every seating gives the logged scores.

    python bench/replay_log.py bench/results/marolles-pimcmd-vs-noinf-vs-rule.jsonl --boards 0,100,200

A strength run's log (``bench/strength.py --log``, all seatings or the field design) holds
each board's scores under every seating. Playing some boards again with the code at hand, compiled (``make install``) or not, shows
whether it makes the same decisions as the code that played them: the bots are seeded per board
and seat, so the same decisions give the same scores. Decisions cut by a time limit can differ
(they depend on the machine's load); a board that differs is printed with its seatings' scores.
Exit status 1 if any board differs.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.append(str(Path(__file__).resolve().parent.parent))  # an installed tarot first (make play: compiled)

import tarot  # noqa: E402
from tarot.runs.duplicate import board, play_board, seatings  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("log", type=Path)
    p.add_argument("--boards", required=True, help="comma-separated board indices")
    args = p.parse_args(argv)
    lines = args.log.read_text().splitlines()
    head = json.loads(lines[0])
    rows = {r["index"]: r for r in map(json.loads, lines[1:])}
    variant, bots, seed, options = head["variant"], head["bots"], head["seed"], head.get("options")
    try:
        wanted = [int(x) for x in args.boards.split(",")]
    except ValueError:
        p.error(f"--boards must be comma-separated integers, not {args.boards!r}")
    missing = [i for i in wanted if i not in rows]
    if missing:
        p.error(f"boards not in the log: {missing}")
    print(f"{variant} {bots} seed {seed}; engine {'compiled' if tarot.COMPILED else 'pure Python'}")
    differ = 0
    for i in wanted:
        row, b = rows[i], board(variant, seed, i, options)
        if list(b.deck) != row["deck"]:
            print(f"board {i}: the deck differs from the log's (another seed or engine?)")
            differ += 1
            continue
        bad = []
        players = len(row["scores"][next(iter(row["scores"]))])
        for s in seatings(players, len(bots), field=bool(head.get("field"))):
            key = "".join(map(str, s))
            got = list(play_board(variant, b, [bots[e] for e in s], options).result().scores)
            if got != row["scores"][key]:
                bad.append(f"{key}: log {row['scores'][key]}, now {got}")
        differ += bool(bad)
        print(f"board {i}: " + ("the same scores in every seating" if not bad else "; ".join(bad)),
              flush=True)
    print(f"{len(wanted) - differ} of {len(wanted)} boards the same")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())

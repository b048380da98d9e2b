"""Digests of what the engine and the rule and random bots do, to show a change kept behaviour.

    python bench/behaviour_digest.py --out digests.json      # write the digests of this tree
    python bench/behaviour_digest.py --check digests.json    # compare this tree with them

For every variant and a sample of option settings (``CASES``), the SHA-256 of the JSON lines of
``tarot simulate V --deals 2000 --seed 1 --json`` (rule bots) and of the JSON of a 50-board
``tarot tournament V --bots rule,random --seed 1 --json`` with its decision times removed and its
floats rounded to 9 digits. Each command runs in a child process of this interpreter
(``python -c 'from tarot.cli import main; main()'``), so a compiled copy is checked by running
this script there with ``PYTHONPATH=.``. ``bench/results/behaviour-digests.json`` keeps the
digests of main before the rebuild of issue 32, the tournaments' made again for issue 33 (the
bots' seeds: the random bot draws other numbers; the rule bots draw none, and the simulations'
digests stayed the same).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

#: (variant, options): each variant at its defaults, and option settings that change the play.
CASES: list[tuple[str, tuple[str, ...]]] = [
    ("marolles-1637", ()),
    ("marolles-1637", ("deal_packet=3", "ultimo_fail=1", "fool_exchange=give_empty_card")),
    ("marolles-1637", ("revoke_handling=penalty_1m_forfeit_with_correction_window",
                       "illegal_discard=penalty_per_card", "two_winner_rule=dm_literal_top_winner")),
    ("marolles-1637", ("declaration_timing=before_own_first_card", "fool_lead_allowed=false",
                       "belle_with_7_tarots=paid_twice")),
    ("marolles-78", ()),
    ("marolles-78", ("par_points=25", "four_kings_imperial=separate_1m")),
    ("marolles-2p", ()),
    ("marolles-2p", ("mort_card_competes=true",)),
    ("early-french", ()),
    ("early-french", ("players=5", "direction=clockwise", "reverse_round_suits=true")),
    ("early-french", ("players=2", "scoring_table=reduced", "consolation_choice=lowest_value_forced")),
    ("fft-3p", ()),
    ("fft-4p", ()),
    ("fft-4p", ("petit_rule=first_packet", "excuse_last_trick=to_trick_winner", "score_rounding=10")),
    ("fft-5p", ()),
    ("fft-5p", ("five_player_split=equal_halves", "five_player_self_call=false")),
    ("french-2p", ()),
    ("french-2p", ("two_player_scoring=zero_sum", "two_player_faceup_cards_bind_follow_suit=false")),
]

CLI = "from tarot.cli import main; main()"


def run(args: list[str]) -> str:
    """The standard output of ``tarot ARGS`` run by this interpreter (it must succeed)."""
    done = subprocess.run([sys.executable, "-c", CLI, *args], capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"tarot {' '.join(args)} failed:\n{done.stderr[-2000:]}")
    return done.stdout


def _canonical(value: object) -> object:
    """``value`` without its timings (keys ``time`` and ``seconds``), floats to 9 digits."""
    if isinstance(value, dict):
        return {k: _canonical(v) for k, v in value.items() if k not in ("time", "seconds")}
    if isinstance(value, list):
        return [_canonical(v) for v in value]
    if isinstance(value, float):
        return float(f"{value:.9g}")
    return value


def sha(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def digest(case: tuple[str, tuple[str, ...]], deals: int, boards: int) -> dict[str, str]:
    variant, options = case
    opts = [a for o in options for a in ("--option", o)]
    sim = run(["simulate", variant, "--deals", str(deals), "--seed", "1", "--json", *opts])
    tour = json.loads(run(["tournament", variant, "--bots", "rule,random", "--deals", str(boards),
                           "--seed", "1", "--json", *opts]))
    return {"simulate": sha(sim), "tournament": sha(json.dumps(_canonical(tour), sort_keys=True))}


def key(case: tuple[str, tuple[str, ...]]) -> str:
    return " ".join((case[0], *case[1]))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", help="write the digests to this JSON file")
    ap.add_argument("--check", help="compare with the digests in this JSON file")
    ap.add_argument("--deals", type=int, default=2000)
    ap.add_argument("--boards", type=int, default=50)
    ap.add_argument("--jobs", type=int, default=2, help="cases run at once (child processes)")
    args = ap.parse_args()
    with ThreadPoolExecutor(args.jobs) as pool:
        found = dict(zip(map(key, CASES), pool.map(lambda c: digest(c, args.deals, args.boards), CASES)))
    import tarot
    report = {"compiled": tarot.COMPILED, "deals": args.deals, "boards": args.boards, "digests": found}
    if args.out:
        Path(args.out).write_text(json.dumps(report, indent=1) + "\n")
    if args.check:
        want = json.loads(Path(args.check).read_text())["digests"]
        bad = [(k, what) for k, d in found.items() for what in d if want.get(k, {}).get(what) != d[what]]
        for k, what in bad:
            print(f"DIFFERENT: {what} of {k}")
        print(f"{len(found) * 2 - len(bad)} of {len(found) * 2} digests the same "
              f"({'compiled' if tarot.COMPILED else 'pure'} engine)")
        return 1 if bad else 0
    print(json.dumps(report, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())

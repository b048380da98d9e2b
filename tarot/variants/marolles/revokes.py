"""A revoke in Marolles (docs/rules §1.10, ``revoke_handling``): paid at once, or, with the
correction window, acknowledged by its maker before the second trick after it is gathered (the
play goes back to just before it) or paid when that time runs out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.cards import Seat, format_card, mask

if TYPE_CHECKING:
    from .rules import MarollesDeal


def revoke_to_acknowledge(d: MarollesDeal) -> int:
    """The index in ``revokes`` of the first revoke the seat to play may still own up to,
    or -1."""
    p = d.to_play
    for i, r in enumerate(d.revokes):
        if r[0] == p:
            return i
    return -1

def acknowledge(d: MarollesDeal) -> None:
    """The revoker owns up: the play goes back to just before his revoke, the cards played
    from it on return to their hands (everyone saw them), and in that trick he plays a
    lawful card. Each seat can do this once per trick, so a deal always ends."""
    p, t, at, _ = d.revokes[revoke_to_acknowledge(d)]
    n = d.players
    played = [((leader + i) % n, c) for leader, cards, _ in d.tricks[t:] for i, c in enumerate(cards[:n])]
    played += [((d.leader + i) % n, c) for i, c in enumerate(d.trick)]
    corrected, taken, log = d.corrected | 1 << (4 * t + p), d.taken_back, list(d.play_log)
    shown_log = list(d.shown_log)
    mort_seen = max(d.mort_seen, d.trick_no)
    still_open = d.revokes
    d._restore(d._undo[at])  # the state before the revoke (a WindowUndo: whole)
    still = mask(d.trick)  # the cards of the trick played before the revoke stay
    d.corrected, d.play_log, d.mort_seen = corrected, log, mort_seen
    d.taken_back = taken + [(s, c) for s, c in played if not still >> c & 1]
    d.shown_log = shown_log
    # an earlier revoke paid since (its time ran out) stays paid: going back does not
    # give it time again
    paid = [r for r in d.revokes if r not in still_open]
    if paid:
        d.revokes = [r for r in d.revokes if r in still_open]
        for r in paid:
            pay_revoke(d, r)

def close_revokes(d: MarollesDeal, last: bool) -> None:
    """A revoke not acknowledged when the second trick after it is gathered (or the last
    trick is) is paid: 1 M to each, and its maker scores nothing from it on."""
    keep = []
    for r in d.revokes:
        if not last and d.trick_no < r[1] + 3:
            keep.append(r)
        else:
            pay_revoke(d, r)
    d.revokes = keep

def pay_revoke(d: MarollesDeal, r: tuple[Seat, int, int, int]) -> None:
    """1 M to each opponent, and nothing scored from the revoke on: what its maker has
    received since is given back, and he forfeits."""
    s, t, at, n_ledger = r
    received = [e for e in d.ledger.entries[n_ledger:] if e.payee == s]
    d._pay_each(s, 1, "revoke", t, format_card(d.history[at], d.notation))
    if not d._o.void_receipts and not d.forfeited[s]:
        for e in received:  # received since the revoke: given back (not to a forfeited seat)
            d._pay(s, e.payer, e.amount, "forfeit", e.trick, e.reason)
    d._forfeit(s)


def explain_acknowledge(d: MarollesDeal) -> str:
    """Why the seat to play cannot acknowledge a revoke now."""
    if not d._o.revoke_window:
        return ("acknowledge_revoke is not legal: a revoke can be acknowledged only with "
                "revoke_handling=penalty_1M_forfeit_with_correction_window")
    return (f"seat {d._seat()} has no revoke to acknowledge now (only at his turn in the play, "
            "before the second trick after the revoke is gathered)")

"""``tarot challenge`` on the terminal: the challenge's deals played one after another at the
terminal table (``PlaySession`` over a ``TableSession`` dealt from the challenge's boards), then
the comparison board by board with the reference bot in the same seat (``tarot.runs.challenge``).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from rich import box
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..core.deal import variant_class
from ..explain import add_messages, say, seat_names, title_of, unit_word
from ..play.session import PERSON, TableSession
from ..runs.challenge import Challenge, ChallengeResult
from .table import PlaySession

add_messages({
    "challenge.intro": "Challenge {id}: {deals} deals of {title}, the same for everyone with this id. You play "
                       "seat {seat}; each board is compared with {reference} in your seat on the same deal.",
    "challenge.title": "Challenge {id}: {name} in seat {seat} against {reference} in the same seat",
    "challenge.board": "board",
    "challenge.you": "you",
    "challenge.difference": "difference",
    "challenge.total": "total",
    "challenge.mean": "Mean difference per board: {mean:+.2f} {unit}, 95% interval [{low:+.2f}, {high:+.2f}] "
                      "over {n} boards.",
    "challenge.mean.one": "Difference: {mean:+.2f} {unit} over one board (an interval needs two).",
    "challenge.unfinished": "You played {n} of the {deals} boards: the comparison is over those.",
    "challenge.none": "No board was finished: nothing to compare.",
    "challenge.saved": "The result is saved in {path} (`tarot challenge --show {path}` shows it again).",
    "challenge.not_saved": "The result could not be saved in {path}: {reason}",
    "challenge.reckoning": "The bots play the {deals} deals for the comparison…",
})

add_messages({
    "challenge.intro": "Défi {id} : {deals} donnes de {title}, les mêmes pour tous avec cet identifiant. Vous jouez "
                       "la place {seat} ; chaque donne est comparée à {reference} à votre place sur la même donne.",
    "challenge.title": "Défi {id} : {name} à la place {seat} contre {reference} à la même place",
    "challenge.board": "donne",
    "challenge.you": "vous",
    "challenge.difference": "écart",
    "challenge.total": "total",
    "challenge.mean": "Écart moyen par donne : {mean:+.2f} {unit}, intervalle à 95 % [{low:+.2f}, {high:+.2f}] "
                      "sur {n} donnes.",
    "challenge.mean.one": "Écart : {mean:+.2f} {unit} sur une donne (un intervalle en demande deux).",
    "challenge.unfinished": "Vous avez joué {n} des {deals} donnes : la comparaison porte sur celles-ci.",
    "challenge.none": "Aucune donne finie : rien à comparer.",
    "challenge.saved": "Le résultat est enregistré dans {path} (`tarot challenge --show {path}` le montre à nouveau).",
    "challenge.not_saved": "Le résultat n'a pas pu être enregistré dans {path} : {reason}",
    "challenge.reckoning": "Les robots jouent les {deals} donnes pour la comparaison…",
}, language="fr")


def challenge_table(challenge: Challenge, record: Path | None = None, fallback: Path | None = None) -> TableSession:
    """The table of a challenge: the person in its seat, the bots in the others, dealt the
    challenge's boards in turn (the bots seeded from the challenge, so that the same moves give
    the same deals and the same answers)."""
    seats: list[object] = [PERSON if s == challenge.seat else b for s, b in enumerate(challenge.bots)]
    boards = [(b.deck, b.dealer) for b in challenge.boards()]
    return TableSession(challenge.variant, challenge.options, challenge.seed, seats, record=record,
                        fallback=fallback, boards=boards)


def run_challenge(out: Console, challenge: Challenge, name: str, script: bool,
                  read_line: Callable[[str], str | None], record: Path | None = None,
                  fallback: Path | None = None) -> tuple[int, ChallengeResult | None]:
    """Play the challenge at the terminal; the exit code and the result (None if no board was
    finished)."""
    cls = variant_class(challenge.variant)
    out.print(Text(say("challenge.intro", id=challenge.id, deals=challenge.deals, title=title_of(cls),
                       seat=challenge.seat, reference=challenge.reference), style="bold"))
    table = challenge_table(challenge, record, fallback)
    players = table.players
    step = cls.seat_step(table.match.options)
    others = [challenge.bots[(challenge.seat + i * step) % players] for i in range(1, players)]
    session = PlaySession(out, challenge.variant, dict(challenge.options), challenge.seed, challenge.seat, others,
                          challenge.deals, record, script, read_line, fallback=fallback, table=table)
    code = session.run()
    scores = tuple(row.scores[challenge.seat] for row in table.sheet)
    if not scores:
        out.print(say("challenge.none"))
        return code, None
    if not script:
        out.print(say("challenge.reckoning", deals=challenge.deals), style="dim")
    return code, ChallengeResult(challenge, name, scores, challenge.bot_scores())


def result_table(result: ChallengeResult) -> Table:
    """The comparison board by board: the person's score in the seat, the reference's, the
    difference; the totals last."""
    c = result.challenge
    names = seat_names(variant_class(c.variant).players_for(c.options), c.seat)
    t = Table(title=say("challenge.title", id=c.id, name=result.name or names[c.seat], seat=c.seat,
                        reference=c.reference),
              box=box.SIMPLE_HEAD, pad_edge=False, title_justify="left")
    t.add_column(say("challenge.board"), justify="right")
    t.add_column(say("challenge.you"), justify="right")
    t.add_column(c.reference, justify="right")
    t.add_column(say("challenge.difference"), justify="right")
    rows = result.rows()
    for r in rows:
        t.add_row(str(r.board), f"{r.person:+d}", f"{r.bots:+d}", f"{r.difference:+d}",
                  style="green" if r.difference > 0 else "red" if r.difference < 0 else None)
    you, bots = sum(r.person for r in rows), sum(r.bots for r in rows)
    t.add_row(say("challenge.total"), f"{you:+d}", f"{bots:+d}", f"{you - bots:+d}", style="bold")
    return t


def show_result(out: Console, result: ChallengeResult) -> None:
    """The table and the mean difference with its interval."""
    c = result.challenge
    unit = unit_word(variant_class(c.variant).SCORE_UNIT, short=True)
    out.print(result_table(result))
    d = result.differences()
    if d.n >= 2:
        low, high = d.ci95
        out.print(say("challenge.mean", mean=d.mean, unit=unit, low=low, high=high, n=d.n), highlight=False)
    else:
        out.print(say("challenge.mean.one", mean=d.mean, unit=unit), highlight=False)
    if not result.finished:
        out.print(say("challenge.unfinished", n=len(result.scores), deals=c.deals))


__all__ = ["challenge_table", "result_table", "run_challenge", "show_result"]

"""``tarot puzzles`` on the terminal: a position from the seat's view (the tricks so far, the
trick on the table, the hand with the legal cards marked), the person's card, then the answer
with its explanation and the value of every card tried (``tarot.runs.puzzles``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.console import Console
from rich.text import Text

from ..core.cards import format_card
from ..core.errors import TarotError
from ..explain import add_messages, say, seat_names, title_of, trick_text, unit_word
from ..explain.words import seat_label
from ..runs.puzzles import Puzzle
from .render import console_width, hand_lines, look_of

add_messages({
    "puzzle.title": "Puzzle {number} of {count}: {title}, trick {trick} of {tricks}. You are {name}; "
                    "one card is clearly best. Which?",
    "puzzle.table": "On the table: {cards}",
    "puzzle.lead": "You lead the trick.",
    "puzzle.prompt": "Your card> ",
    "puzzle.not_legal": "{token} cannot be played here: {why}",
    "puzzle.right": "Right: {card}.",
    "puzzle.wrong": "Not {card}: the card was {answer}.",
    "puzzle.values": "Each card's mean value for you over the deals the hidden cards allow: {values}",
    "puzzle.score": "{right} right of {done}.",
})

add_messages({
    "puzzle.title": "Problème {number} sur {count} : {title}, levée {trick} sur {tricks}. Vous êtes {name} ; "
                    "une carte est nettement la meilleure. Laquelle ?",
    "puzzle.table": "Sur le tapis : {cards}",
    "puzzle.lead": "Vous entamez la levée.",
    "puzzle.prompt": "Votre carte> ",
    "puzzle.not_legal": "{token} ne peut pas être jouée ici : {why}",
    "puzzle.right": "Exact : {card}.",
    "puzzle.wrong": "Pas {card} : la carte était {answer}.",
    "puzzle.values": "La valeur moyenne de chaque carte pour vous sur les donnes que les cartes cachées "
                     "permettent : {values}",
    "puzzle.score": "{right} juste(s) sur {done}.",
}, language="fr")


def show_puzzle(out: Console, puzzle: Puzzle, number: int, count: int) -> None:
    """The position as the seat sees it."""
    deal = puzzle.position()
    view = deal.view(puzzle.seat)
    names = seat_names(deal.players, puzzle.seat)
    n = deal.notation
    out.print(Text(say("puzzle.title", number=number, count=count, title=title_of(deal),
                       trick=len(view.tricks) + 1, tricks=deal.tricks_left() + len(view.tricks),
                       name=names[puzzle.seat])), style="bold")
    for i in range(len(view.tricks)):
        out.print(trick_text(deal, i, names), highlight=False)
    if view.trick and view.leader is not None:
        cards = ", ".join(f"{seat_label(names, deal.trick_seat(view.leader, j))} {format_card(c, n)}"
                          for j, c in enumerate(view.trick))
        out.print(say("puzzle.table", cards=cards), highlight=False)
    else:
        out.print(say("puzzle.lead"))
    marked = 0
    for a in view.legal_actions:
        marked |= 1 << a
    for line in hand_lines(view.hand, marked, n, width=console_width(out), look=look_of(out)):
        out.print(line)


def ask(out: Console, puzzle: Puzzle, read: Callable[[str], str | None]) -> bool | None:
    """Read a legal card for the puzzle and say whether it was the answer, with why; None when
    the input ends or the person types ``quit``."""
    deal = puzzle.position()
    while True:
        line = read(say("puzzle.prompt"))
        if line is None or line.strip().lower() in ("quit", "q"):
            return None
        token = line.strip()
        try:
            action = deal.parse_action(token)
            if action not in deal.legal_actions():
                raise ValueError(deal.explain_illegal(action))
        except (TarotError, ValueError) as e:
            out.print(say("puzzle.not_legal", token=token[:20], why=e), highlight=False)
            continue
        break
    right = action == puzzle.answer
    card, answer = deal.action_token(action), deal.action_token(puzzle.answer)
    out.print(say("puzzle.right", card=card) if right else say("puzzle.wrong", card=card, answer=answer),
              style="green" if right else "red")
    out.print(puzzle.explanation(), highlight=False)
    unit = unit_word(deal.SCORE_UNIT, short=True)
    ranked = sorted(puzzle.values, key=lambda a: (-puzzle.values[a], a))
    out.print(say("puzzle.values", values=", ".join(
        f"{deal.action_token(a)} {puzzle.values[a]:+.1f} {unit}" for a in ranked)), highlight=False)
    return right


def run_puzzles(out: Console, puzzles: Sequence[Puzzle], first: int, read: Callable[[str], str | None]) -> tuple[int, int]:
    """Serve ``puzzles`` from number ``first`` (1-based) one by one; (right, done)."""
    right = done = 0
    for number in range(first, len(puzzles) + 1):
        show_puzzle(out, puzzles[number - 1], number, len(puzzles))
        got = ask(out, puzzles[number - 1], read)
        if got is None:
            break
        done += 1
        right += got
        out.print()
    out.print(say("puzzle.score", right=right, done=done))
    return right, done


__all__ = ["ask", "run_puzzles", "show_puzzle"]

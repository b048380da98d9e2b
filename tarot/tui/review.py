"""``tarot review`` on the terminal: each weighed decision on a line (the card played, the best
option, the loss and its grade, the reason), then a summary per seat (``tarot.runs.review``)."""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.table import Table
from rich.text import Text

from ..explain import add_messages, phase_word, say, unit_word
from ..runs.review import GRADES, Decision, Review

add_messages({
    "review.title": "Review of the decisions of {seats}, each weighed over {worlds} deals drawn from "
                    "the seat's view ({unit}; thresholds: inaccuracy {sizes[0]:g}, mistake {sizes[1]:g}, "
                    "blunder {sizes[2]:g})",
    "review.not_weighed": "not weighed (the game does not sample this phase)",
    "review.dd": "with every card visible: best {best:+g}, played {played:+g}",
    "review.summary": "Summary (expected loss in {unit} over the deal)",
    "review.grade.best": "best",
    "review.grade.good": "good",
    "review.grade.inaccuracy": "inaccuracy",
    "review.grade.mistake": "mistake",
    "review.grade.blunder": "blunder",
})

add_messages({
    "review.title": "Revue des décisions de {seats}, chacune pesée sur {worlds} donnes tirées de ce que "
                    "la place voit ({unit} ; seuils : imprécision {sizes[0]:g}, erreur {sizes[1]:g}, "
                    "gaffe {sizes[2]:g})",
    "review.not_weighed": "non pesée (le jeu ne tire pas de donnes à cette phase)",
    "review.dd": "toutes cartes visibles : au mieux {best:+g}, joué {played:+g}",
    "review.summary": "Bilan (perte attendue en {unit} sur la donne)",
    "review.grade.best": "meilleur",
    "review.grade.good": "bon",
    "review.grade.inaccuracy": "imprécision",
    "review.grade.mistake": "erreur",
    "review.grade.blunder": "gaffe",
}, language="fr")

_STYLE = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}


def _where(d: Decision) -> str:
    return f"trick {d.trick}" if d.trick else phase_word(d.phase)


def _note(d: Decision) -> str:
    if not d.weighed:
        return say("review.not_weighed")
    parts = [d.reason] if d.reason else []
    if d.double_dummy is not None:
        parts.append(say("review.dd", best=d.double_dummy[0], played=d.double_dummy[1]))
    return "; ".join(parts)


def _line(d: Decision, names: Sequence[str], many: bool) -> Text:
    """One decision: where, who, the option played and its value, the best and its value, the
    loss and its grade, then why."""
    line = Text(f"{d.move + 1:>3}  ")
    if many:
        line.append(f"{names[d.seat]}  ")
    line.append(f"{_where(d):<9} {d.played_token:>4}")
    if not d.weighed:
        return line.append(f"  {_note(d)}", style="dim")
    played = next(o for o in d.options if o.action == d.played)
    best = d.options[0]
    line.append(f" {played.value:+7.2f}")
    if d.grade == "best":
        line.append("   best", style="green")
    else:
        line.append(f"   best {best.token} {best.value:+.2f}, loss {d.loss:.2f} ")
        line.append(say("review.grade." + d.grade), style=_STYLE.get(d.grade, ""))
    note = _note(d)
    if note:
        line.append(f"   {note}", style="dim" if d.grade in ("best", "good") else "")
    return line


def review_tables(r: Review, names: Sequence[str]) -> list:
    """The review's title, a line per decision, and the summary table, for ``Console.print``."""
    short = unit_word(r.unit, short=True)
    many = len(r.summaries) > 1
    out: list = [Text(say("review.title", seats=", ".join(names[s.seat] for s in r.summaries),
                          worlds=r.worlds, unit=unit_word(r.unit), sizes=r.sizes))]
    out += [_line(d, names, many) for d in r.decisions]
    summary = Table(box=box.SIMPLE_HEAD, pad_edge=False, show_edge=False,
                    title=say("review.summary", unit=short), title_justify="left")
    for col in ("seat", "weighed", "loss", "accuracy", "best", "good", "inacc.", "mistake", "blunder"):
        summary.add_column(col, justify="left" if col == "seat" else "right")
    for s in r.summaries:
        summary.add_row(names[s.seat], str(s.decisions), f"{s.total_loss:.2f}", f"{s.accuracy:.0%}",
                        *(str(s.grades.get(g, 0)) for g in GRADES))
    out.append(summary)
    return out


__all__ = ["review_tables"]

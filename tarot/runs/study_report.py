"""The reports of a study (``tarot.runs.study``): a JSON summary, a Markdown page and an HTML
page with the figures.

``summarise`` turns a study's tally (sums of whole numbers) into figures: means with 95%
intervals (``tarot.runs.stats.Running.from_sums``), each reading's difference from the
baseline deal by deal with its paired interval, the share of the marques moved by each source
of payment and each source's ratio to the card points, the scores' histogram and variance, how
often each event happens, and the share of skill. ``write`` puts ``study.json``, ``study.md``
and ``study.html`` in a directory. The figures are drawn by matplotlib (the ``study`` extra),
imported only when the HTML page is written; without it the page has the tables alone.
"""

from __future__ import annotations

import html
import io
import json
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from ..core.deal import variant_class
from .stats import Running
from .study import PARTS, Study, describe


def stat(sums: Sequence[int], n: int, scale: int = 1) -> dict:
    """Mean, standard deviation and 95% interval of ``n`` values from their [Σx, Σx²]."""
    return Running.from_sums(n, sums[0], sums[1], scale).to_dict()


def _scale(key: str) -> int:
    """What a measure's whole numbers are divided by: the means over seats (the dealer's
    advantage, a skill gain, a game's win shared) are kept in ``PARTS`` (``tarot.runs.study``)."""
    return PARTS if key == "dealer advantage" or key.startswith(("skill ", "wins ")) else 1


def summarise(study: Study, tally: Mapping[str, Mapping]) -> dict:
    """The figures of a study from its tally (``tarot.runs.study.run``), as JSON values."""
    out: dict[str, Any] = {"study": study.to_dict(), "questions": []}
    for qi, q in enumerate(study.questions):
        readings = []
        for r in q.readings:
            t = tally.get(str(qi), {}).get(r.label)
            if t is None:
                continue
            readings.append(_reading(r, t, r.label != q.readings[0].label))
        out["questions"].append({"title": q.title, "baseline": q.readings[0].label, "unit": q.unit,
                                 "readings": readings})
    return out


def _reading(r, t: Mapping, paired: bool) -> dict:
    n, players = t["deals"], r.players
    sums = t["sums"]

    def group(prefix: str) -> dict:
        return {k[len(prefix):]: stat(v, n, _scale(k)) for k, v in sorted(sums.items())
                if k.startswith(prefix)}
    sources = list(variant_class(r.variant).SOURCES)
    moved = {src: stat(sums.get(f"moved {src}", [0, 0]), n) for src in sources}
    total = sum(sums.get(f"moved {src}", [0, 0])[0] for src in sources)
    cp = sums.get("moved card_points", [0, 0])[0]
    hist = {int(k): v for k, v in t["hist"].items()}
    seats = sum(hist.values())
    s1, s2 = sum(k * v for k, v in hist.items()), sum(k * k * v for k, v in hist.items())
    scores = Running.from_sums(seats, s1, s2)
    out = {
        "label": r.label, "variant": r.variant, "options": dict(r.options), "players": players,
        "deals": n, "unit": variant_class(r.variant).SCORE_UNIT,
        "seats": group("seat "), "positions": group("position "),
        "dealer_advantage": stat(sums.get("dealer advantage", [0, 0]), n, _scale("dealer advantage")),
        "roles": {k: stat(v[1:], v[0]) for k, v in sorted(t["roles"].items())},
        "moved": moved, "moved_total": stat(sums.get("moved", [0, 0]), n),
        "shares": {src: (sums.get(f"moved {src}", [0, 0])[0] / total if total else 0.0) for src in sources},
        "ratio_to_card_points": ({src: sums.get(f"moved {src}", [0, 0])[0] / cp for src in sources}
                                 if "card_points" in sources and cp else None),
        "scores": {"mean": scores.mean, "variance": scores.stdev ** 2, "stdev": scores.stdev,
                   "seat_deals": seats, "histogram": {str(k): hist[k] for k in sorted(hist)}},
        "events": group("event "), "skill": group("skill "),
        "wins": group("wins position "), "hands": stat(sums.get("hands", [0, 0]), n),
    }
    if paired:
        out["vs_baseline"] = {k: stat(v, n, _scale(k)) for k, v in sorted(t["diff"].items())}
    return out


# ----- tables, for Markdown and HTML alike ---------------------------------------------------
def _ci(s: Mapping, digits: int = 3) -> str:
    low, high = s["ci95"]
    return f"{s['mean']:+.{digits}f} [{low:+.{digits}f}, {high:+.{digits}f}]"


def _pct(s: Mapping) -> str:
    low, high = s["ci95"]
    return f"{100 * s['mean']:.2f}% [{100 * low:.2f}, {100 * high:.2f}]"


def tables(q: Mapping) -> list[tuple[str, list[str], list[list[str]]]]:
    """A question's tables: (title, header, rows)."""
    rs = q["readings"]
    base = rs[0]
    labels = [f"{r['label']}: {describe(r['variant'], sorted(r['options'].items()))}" for r in rs]
    unit = q.get("unit", "deal")
    out: list[tuple[str, list[str], list[list[str]]]] = [
        ("Readings", ["reading", "players", f"{unit}s", "unit"],
         [[labels[i], str(r["players"]), str(r["deals"]), r["unit"]] for i, r in enumerate(rs)])]
    if unit == "game":
        return out + _game_tables(rs) + [_events_table(rs, "games")]
    rows = []
    for r in rs:
        for k, s in [*r["positions"].items(), ("dealer advantage", r["dealer_advantage"])]:
            d = r.get("vs_baseline", {}).get("position " + k if k != "dealer advantage" else k)
            rows.append([r["label"], k, _ci(s), _ci(d) if d else ""])
    out.append(("Mean score by position from the dealer (dealer+1 plays first), and the dealer's "
                "advantage (the dealer's score less the others' mean)",
                ["reading", "position", "mean [95% CI]", f"- {base['label']} deal by deal [95% CI]"], rows))
    rows = []
    for r in rs:
        for k, s in r["roles"].items():
            rows.append([r["label"], k, _ci(s)])
    out.append(("Mean score per seat by role (as the game declares roles)", ["reading", "role", "mean [95% CI]"], rows))
    rows = []
    for r in rs:
        for src, s in r["moved"].items():
            if not s["mean"] and not r.get("vs_baseline", {}).get(f"moved {src}", {}).get("mean"):
                continue
            d = r.get("vs_baseline", {}).get(f"moved {src}")
            ratio = r["ratio_to_card_points"]
            rows.append([r["label"], src, f"{s['mean']:.3f}", f"{100 * r['shares'][src]:.1f}%",
                         f"{ratio[src]:.2f}" if ratio else "", _ci(d) if d else ""])
    out.append(("Marques (or points) moved per deal by each source of payment: mean, share of all "
                "moved, ratio to the card points, and the difference from the baseline",
                ["reading", "source", "per deal", "share", "/ card points", f"- {base['label']} [95% CI]"], rows))
    rows = [[r["label"], f"{r['scores']['mean']:+.3f}", f"{r['scores']['variance']:.2f}",
             f"{r['scores']['stdev']:.2f}", str(r["scores"]["seat_deals"])] for r in rs]
    out.append(("Score of a seat in a deal", ["reading", "mean", "variance", "sd", "seat-deals"], rows))
    out.append(_events_table(rs, "deals"))
    rows = []
    for r in rs:
        for k, s in r["skill"].items():
            d = r.get("vs_baseline", {}).get(f"skill {k}")
            rows.append([r["label"], k, _ci(s), _ci(d) if d else ""])
    out.append(("Share of skill: the better bot's gain per deal alone at a table of the weaker, over "
                "the weaker's par (duplicate boards)", ["reading", "bots", "gain [95% CI]", f"- {base['label']} [95% CI]"], rows))
    return out


def _events_table(rs: Sequence[Mapping], of: str) -> tuple[str, list[str], list[list[str]]]:
    """How often each event happens under each reading, and the differences."""
    base = rs[0]
    names = sorted({k for r in rs for k in r["events"]},
                   key=lambda k: (-base["events"].get(k, {"mean": 0})["mean"], k))
    rows = []
    for k in names:
        row = [k]
        for r in rs:
            s = r["events"].get(k)
            row.append(_pct(s) if s else "0")
        for r in rs[1:]:
            d = r["vs_baseline"].get(f"event {k}")
            row.append(_pct(d) if d else "")
        rows.append(row)
    return (f"How often each event happens (share of {of}, 95% CI)",
            ["event", *[r["label"] for r in rs], *[f"{r['label']} - {base['label']}" for r in rs[1:]]], rows)


def _game_tables(rs: Sequence[Mapping]) -> list[tuple[str, list[str], list[list[str]]]]:
    """Games to a target: the share of wins by position from the first dealer (a tie's win
    shared), the hands a game lasts, the final totals."""
    base = rs[0]["label"]
    rows = []
    for r in rs:
        for k, s in r["wins"].items():
            d = r.get("vs_baseline", {}).get(f"wins position {k}")
            rows.append([r["label"], k, _pct(s), _pct(d) if d else ""])
    wins = ("Share of the games won by position from the first dealer (dealer+1 plays first; a "
            "tie's win shared)", ["reading", "position", "wins [95% CI]", f"- {base} [95% CI]"], rows)
    rows = []
    for r in rs:
        d = r.get("vs_baseline", {}).get("hands")
        rows.append([r["label"], _ci(r["hands"], 2), _ci(d, 2) if d else "",
                     f"{r['scores']['mean']:+.2f}", f"{r['scores']['stdev']:.2f}"])
    hands = ("Hands a game lasts, and the players' final totals",
             ["reading", "hands [95% CI]", f"- {base} [95% CI]", "final total, mean", "sd"], rows)
    return [wins, hands]


def markdown(summary: Mapping, command: str = "") -> str:
    """The Markdown page of a study."""
    st = summary["study"]
    lines = [f"# {st['title'] or 'Study'}", ""]
    if command:
        lines += ["Regenerate with:", "", "```", command, "```", ""]
    games = any(q.get("unit") == "game" for q in st["questions"])
    lines += [f"{st['deals']} deals{' (or games)' if games else ''} per reading, seed {st['seed']}, bots "
              f"{','.join(st['bots']) or 'rule (default)'}; share of skill: "
              f"{', '.join(f'{a} over {b}' for a, b in st['skill']) or 'none'}. Intervals are 95%, "
              "normal approximation; differences are paired deal by deal (the same deals).", ""]
    for q in summary["questions"]:
        lines += [f"## {q['title']}", ""]
        for title, header, rows in tables(q):
            if not rows:
                continue
            lines += [f"**{title}**", "", "| " + " | ".join(header) + " |",
                      "|" + "---|" * len(header)]
            lines += ["| " + " | ".join(row) + " |" for row in rows]
            lines.append("")
    return "\n".join(lines)


def html_page(summary: Mapping, command: str = "") -> str:
    """The HTML page of a study: the tables and, with matplotlib, the figures (inline SVG)."""
    st = summary["study"]
    e = html.escape
    parts = ["<!doctype html><html><head><meta charset='utf-8'>",
             f"<title>{e(st['title'] or 'Study')}</title><style>body{{font-family:sans-serif;max-width:70em;"
             "margin:auto}table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #bbb;"
             "padding:2px 6px;font-size:90%}</style></head><body>", f"<h1>{e(st['title'] or 'Study')}</h1>"]
    if command:
        parts.append(f"<p>Regenerate with: <code>{e(command)}</code></p>")
    parts.append(f"<p>{st['deals']} deals per reading, seed {st['seed']}.</p>")
    for q in summary["questions"]:
        parts.append(f"<h2>{e(q['title'])}</h2>")
        parts.extend(figures(q))
        for title, header, rows in tables(q):
            if not rows:
                continue
            parts.append(f"<h3>{e(title)}</h3><table><tr>" + "".join(f"<th>{e(h)}</th>" for h in header) + "</tr>")
            parts.extend("<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>" for row in rows)
            parts.append("</table>")
    parts.append("</body></html>")
    return "\n".join(parts)


def figures(q: Mapping) -> list[str]:
    """A question's figures as inline SVG (none without matplotlib): the shares of the sources
    of payment, the histograms of scores, and the differences from the baseline with their
    intervals."""
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
        plt.rcParams["svg.hashsalt"] = "tarot-study"  # the same figures, the same file
    except ImportError:
        return ["<p>(figures need matplotlib: pip install 'tarot-games[study]')</p>"]
    rs = q["readings"]
    out = []
    sources = [s for s in rs[0]["shares"] if any(r["shares"].get(s) for r in rs)]
    fig, axes = plt.subplots(1, 2, figsize=(11, 4.2))
    ax = axes[0]
    if not sources:  # games scored by each player for himself: nothing paid over
        ax = _wins_or_skill(ax, rs)
    left = [0.0] * len(rs)
    for src in sources:
        vals = [r["shares"].get(src, 0.0) for r in rs]
        ax.barh([r["label"] for r in rs], vals, left=left, label=src)
        left = [a + b for a, b in zip(left, vals)]
    if sources:
        ax.set_xlabel("share of the marques moved")
        ax.legend(fontsize=7, loc="upper center", bbox_to_anchor=(0.5, -0.2), ncol=4)
        ax.set_title("sources of payment")
    ax = axes[1]
    for r in rs:
        h = {int(k): v for k, v in r["scores"]["histogram"].items()}
        total = sum(h.values()) or 1
        xs = sorted(h)
        ax.step(xs, [h[x] / total for x in xs], where="mid", label=f"{r['label']} (var {r['scores']['variance']:.1f})")
    what = "final total of a seat in a game" if q.get("unit") == "game" else "score of a seat in a deal"
    ax.set_xlabel(f"{what} ({rs[0]['unit']})")
    ax.set_ylabel("share of seat-deals")
    ax.legend(fontsize=7)
    ax.set_title("scores")
    out.append(_svg(fig, plt))
    diffs = [(f"{r['label']}: {k}", s) for r in rs[1:] for k, s in r["vs_baseline"].items()
             if (k.startswith(("moved", "skill", "dealer", "position", "wins", "hands"))
                 and (s["mean"] or s["stdev"]))]
    if diffs:
        fig, ax = plt.subplots(figsize=(11, 0.3 * len(diffs) + 1))
        ys = range(len(diffs))
        means = [s["mean"] for _, s in diffs]
        errs = [s["ci95"][1] - s["mean"] for _, s in diffs]
        ax.errorbar(means, list(ys), xerr=errs, fmt="o")
        ax.set_yticks(list(ys), [k for k, _ in diffs], fontsize=7)
        ax.axvline(0, color="grey", lw=0.8)
        ax.set_xlabel(f"difference from {q['baseline']} per deal, 95% CI")
        out.append(_svg(fig, plt))
    return out


def _wins_or_skill(ax, rs: Sequence[Mapping]):
    """Bars per reading: the share of games won at each position from the first dealer, or
    else the share of skill."""
    key, title = ("wins", "games won by position") if rs[0]["wins"] else ("skill", "share of skill")
    names = sorted({k for r in rs for k in r[key]})
    width = 0.8 / max(1, len(rs))
    for i, r in enumerate(rs):
        ax.bar([j + i * width for j in range(len(names))], [r[key].get(k, {"mean": 0})["mean"] for k in names],
               width, label=r["label"])
    ax.set_xticks([j + width * (len(rs) - 1) / 2 for j in range(len(names))], names, fontsize=7)
    ax.legend(fontsize=7)
    ax.set_title(title)
    return ax


def _svg(fig, plt) -> str:
    buf = io.StringIO()
    fig.tight_layout()
    fig.savefig(buf, format="svg", metadata={"Date": None})
    plt.close(fig)
    text = buf.getvalue()
    return text[text.index("<svg"):]


def write(out: Path, summary: Mapping, command: str = "") -> list[Path]:
    """Write ``study.json``, ``study.md`` and ``study.html`` into ``out``; their paths."""
    out.mkdir(parents=True, exist_ok=True)
    files = [(out / "study.json", json.dumps(summary, indent=1, sort_keys=True) + "\n"),
             (out / "study.md", markdown(summary, command)),
             (out / "study.html", html_page(summary, command))]
    for path, text in files:
        path.write_text(text)
    return [p for p, _ in files]


__all__ = ["figures", "html_page", "markdown", "stat", "summarise", "tables", "write"]

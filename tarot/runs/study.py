"""Studies: the same deals played under several readings of the rules, measured side by side.

A *study* asks one or more *questions*; a question is a baseline reading of the rules and the
readings compared with it (each a variant and its options). Every reading plays the same deals
of the simulation (``tarot.runs.simulate.play_deal``: the deck, dealer and bots' seeds are
fixed by ``(seed, index)``), so each figure is given with its difference from the baseline
deal by deal and a paired 95% interval (``tarot.runs.stats.Running``), as ``tarot simulate
--compare`` gives them. What is measured of a deal is what the deal itself exposes: its scores,
its ledger's payments by reason and source (``tarot.core.ledger``), its game's summary fields
and roles (``tarot.core.game``), the players at or above par; never a table of variant names.
The *share of skill* is a duplicate board (``tarot.runs.duplicate``, with a field) per deal:
how much a better bot alone at a table of weaker ones gains over the weaker ones' par.

Work goes in chunks of deals (``Study.chunk``). A chunk's tally is made of sums of whole
numbers (counts, sums of values and of their squares), so that tallies add up exactly in any
order: a study gives the same figures on one process, on a pool (``tarot.runs.pool``) or on
Ray, and memory does not grow with the number of deals (scores are counted by value, not
kept). Each finished chunk is added to a checkpoint in the output directory, from which an
interrupted study resumes (``run``). The reports are ``tarot.runs.study_report``.

>>> s = Study.make([Question.make("marolles-1637", [{"ultimo_fail": "1"}])], deals=4, seed=1)
>>> t = tally_chunk(s.to_dict(), 0, 0)
>>> t["A"]["deals"], t["B"]["deals"], sum(t["A"]["hist"].values())
(4, 4, 12)
"""

from __future__ import annotations

import json
import logging
import math
import os
import socket
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..bots import make_bot, play_out
from ..core.cards import parse_card
from ..core.deal import Deal, variant_class
from ..core.errors import CardParseError, TarotError, excerpt
from ..core.game import game_of
from ..core.options import parse_assignments
from .duplicate import board, play_board_seatings
from .pool import check_workers, ordered_map
from .simulate import bot_seed, check_setup, deal_seed, moved, play_deal, resolve_bots, summarise

#: The bots compared for the share of skill unless a study says otherwise: the rule bot
#: alone among random ones.
DEFAULT_SKILL = (("rule", "random"),)
#: What a question plays on the same seeds under each reading: deals, or games to a target.
UNITS = ("deal", "game")
#: The parts a mean over seats is counted in, so that it stays a whole number: 60 is divided by
#: every number of players (and of the others, and of a game's winners) from 1 to 6, and the
#: same scale for every table lets readings with different players be paired on it.
PARTS = 60
#: The file of finished chunks in a study's output directory.
CHECKPOINT = "checkpoint.json"


# ----- what a study is ----------------------------------------------------------------------
@dataclass(frozen=True)
class Reading:
    """One reading of the rules: a variant and its options (as the game reads them)."""

    label: str
    variant: str
    options: tuple[tuple[str, str], ...]

    @property
    def players(self) -> int:
        return variant_class(self.variant).players_for(dict(self.options))

    def to_dict(self) -> dict:
        return {"label": self.label, "variant": self.variant, "options": dict(self.options)}


def make_reading(variant: str, options: Mapping[str, object], label: str = "") -> Reading:
    """A reading checked against its variant (``TarotError`` naming a bad variant, option or
    value); its options kept as the game reads them, those at their default left out."""
    opts = check_setup(variant, options)
    changed = tuple(sorted((k, str(v)) for k, v in opts.changed().items()))
    return Reading(label or describe(variant, changed), variant, changed)


def describe(variant: str, options: Sequence[tuple[str, str]]) -> str:
    """``variant k=v,k=v``, or the variant alone at its defaults."""
    return variant + (" " + ",".join(f"{k}={v}" for k, v in options) if options else "")


@dataclass(frozen=True)
class Question:
    """A baseline reading (the first) and the readings compared with it, on the same deals;
    or, with ``unit="game"``, on the same games to a target (the game's ``match``: what its
    end rules change is seen over a game only)."""

    title: str
    readings: tuple[Reading, ...]
    unit: str = "deal"

    @classmethod
    def make(cls, variant: str, readings: Sequence[Mapping[str, object] | str],
             options: Mapping[str, object] | None = None, title: str = "",
             unit: str = "deal") -> Question:
        """The baseline ``variant`` with ``options``; each reading changes them (``{key:
        value}`` or ``"key=value,key=value"``) or names a variant of its own (``{"variant":
        ..., "options": {...}, "label": ...}``). Labelled A, B, C... unless labels are given.
        ``unit`` is ``deal`` or ``game`` (games to a target, where every reading's game has one)."""
        if unit not in UNITS:
            raise TarotError(f"unit {excerpt(unit)}: a study's unit is {' or '.join(UNITS)}")
        base = dict(options or {})
        out = [make_reading(variant, base, "A")]
        for i, r in enumerate(readings):
            label = _label(i + 1)
            if isinstance(r, str):
                out.append(make_reading(variant, {**base, **parse_reading(r)}, label))
            elif "variant" in r or "options" in r or "label" in r:
                extra = set(r) - {"variant", "options", "label"}
                if extra:
                    raise TarotError(f"a reading has keys variant, options and label, not {', '.join(sorted(extra))}")
                opts = r.get("options", {})
                if not isinstance(opts, Mapping):
                    raise TarotError(f"a reading's options are a table of key = value, not {excerpt(opts)}")
                out.append(make_reading(str(r.get("variant", variant)), opts, str(r.get("label", label))))
            else:
                out.append(make_reading(variant, {**base, **r}, label))
        for i, made in enumerate(out[1:], 1):
            if (made.variant, made.options) == (out[0].variant, out[0].options):
                raise TarotError(f"reading {describe(made.variant, made.options)} is the baseline itself: "
                                 "the two readings are the same")
            if made.label in [o.label for o in out[:i]]:
                raise TarotError(f"two readings are labelled {made.label!r}")
            if unit == "game" and game_of(made.variant).match is None:
                raise TarotError(f"{made.variant} has no game to a target: its readings are studied by the deal")
        if unit == "game" and game_of(out[0].variant).match is None:
            raise TarotError(f"{out[0].variant} has no game to a target: its readings are studied by the deal")
        title = title or describe(out[0].variant, out[0].options) + "".join(
            (" against " if i == 1 else "; ") + describe(o.variant, o.options) for i, o in enumerate(out[1:], 1))
        return cls(title, tuple(out), unit)


def _label(i: int) -> str:
    """A, B, ... Z, R27, R28 ...: the readings' labels."""
    return chr(ord("A") + i) if i < 26 else f"R{i + 1}"


def parse_reading(text: str) -> dict[str, str]:
    """``"k=v,k=v"`` as options (``OptionError`` naming a malformed one)."""
    return parse_assignments([p for p in text.split(",") if p.strip()] or [text])


@dataclass(frozen=True)
class Study:
    """The questions, deals, seed, bots (one name for every seat, or one per seat) and the
    pairs of bots (better, weaker) whose difference is the share of skill."""

    questions: tuple[Question, ...]
    deals: int
    seed: int
    bots: tuple[str, ...] = ()
    skill: tuple[tuple[str, str], ...] = DEFAULT_SKILL
    chunk: int = 50
    title: str = ""

    @classmethod
    def make(cls, questions: Sequence[Question], deals: int, seed: int,
             bots: Sequence[str] = (), skill: Sequence[tuple[str, str]] = DEFAULT_SKILL,
             chunk: int | None = None, title: str = "") -> Study:
        """A study checked before any deal is played (``TarotError`` naming the problem)."""
        if isinstance(deals, bool) or not isinstance(deals, int) or deals < 1:
            raise TarotError(f"the number of deals must be at least 1, not {deals!r}")
        if isinstance(seed, bool) or not isinstance(seed, int):
            raise TarotError(f"the seed is a whole number, not {excerpt(seed)}")
        if not questions:
            raise TarotError("a study asks at least one question")
        for q in questions:
            for r in q.readings:
                if PARTS % r.players or PARTS % max(1, r.players - 1):
                    raise TarotError(f"{r.variant} seats {r.players} players: a study takes tables of 2 to 6")
                resolve_bots(list(bots) or None, r.players)
        for pair in skill:
            if len(pair) != 2 or pair[0] == pair[1]:
                raise TarotError(f"the share of skill compares two different bots, not {excerpt(pair)}")
            resolve_bots(list(pair), 2)  # an unknown name raises, listing the known ones
        if chunk is not None and (isinstance(chunk, bool) or not isinstance(chunk, int) or chunk < 1):
            raise TarotError(f"chunk is a number of deals, at least 1, not {excerpt(chunk)}")
        chunk = chunk or max(10, min(250, deals // 64))
        return cls(tuple(questions), deals, seed, tuple(bots), tuple(tuple(p) for p in skill),  # type: ignore[misc]
                   chunk, title)

    @property
    def chunks(self) -> int:
        """Chunks of deals per question."""
        return math.ceil(self.deals / self.chunk)

    def tasks(self) -> list[tuple[int, int]]:
        """Every (question, chunk) of the study, in order."""
        return [(q, c) for q in range(len(self.questions)) for c in range(self.chunks)]

    def to_dict(self) -> dict:
        return {
            "title": self.title, "deals": self.deals, "seed": self.seed, "bots": list(self.bots),
            "skill": [list(p) for p in self.skill], "chunk": self.chunk,
            "questions": [{"title": q.title, "readings": [r.to_dict() for r in q.readings],
                           **({"unit": q.unit} if q.unit != "deal" else {})} for q in self.questions],
        }

    @classmethod
    def from_dict(cls, d: Mapping) -> Study:
        """The study written by ``to_dict`` (checked again)."""
        questions = []
        for q in d["questions"]:
            rs = [make_reading(r["variant"], r["options"], r["label"]) for r in q["readings"]]
            questions.append(Question(q["title"], tuple(rs), q.get("unit", "deal")))
        return cls.make(questions, d["deals"], d["seed"], d["bots"],
                        [tuple(p) for p in d["skill"]], d["chunk"], d.get("title", ""))


# ----- a study file ------------------------------------------------------------------------
#: The keys of a study file and of each of its questions.
_FILE_KEYS = {"title", "deals", "seed", "bots", "skill", "chunk", "question"}
_QUESTION_KEYS = {"title", "variant", "options", "readings", "unit"}


def load(path: Path, deals: int | None = None, seed: int | None = None) -> Study:
    """The study described by a TOML file (docs/studies.md): ``title``, ``deals``, ``seed``,
    ``bots`` (a name, or one per seat), ``skill`` (``"better:weaker"`` each), and one
    ``[[question]]`` table per question: ``variant``, the baseline's ``options`` (a table),
    ``readings`` (each ``"key=value,..."`` or a table with ``variant``, ``options``, ``label``),
    an optional ``title`` and ``unit`` (``"game"``: games to a target rather than deals). ``deals`` and ``seed`` given here replace the file's. A bad file
    is refused in one line naming the problem (``TarotError``)."""
    import tomllib

    try:
        data = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as e:
        raise TarotError(f"{excerpt(str(path))}: cannot read the study file ({e.strerror or type(e).__name__})") from None
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as e:
        raise TarotError(f"{excerpt(str(path))} is not valid TOML: {excerpt(str(e))}") from None
    where = excerpt(str(path))
    unknown = set(data) - _FILE_KEYS
    if unknown:
        raise TarotError(f"{where}: unknown key {excerpt(sorted(unknown)[0])} "
                         f"(a study file has {', '.join(sorted(_FILE_KEYS))})")
    questions = data.get("question")
    if not isinstance(questions, list) or not questions or not all(isinstance(q, dict) for q in questions):
        raise TarotError(f"{where}: give at least one [[question]] table")
    made = []
    for i, q in enumerate(questions, 1):
        unknown = set(q) - _QUESTION_KEYS
        if unknown:
            raise TarotError(f"{where}: question {i}: unknown key {excerpt(sorted(unknown)[0])} "
                             f"(a question has {', '.join(sorted(_QUESTION_KEYS))})")
        readings, options = q.get("readings", []), q.get("options", {})
        if not isinstance(q.get("variant"), str):
            raise TarotError(f"{where}: question {i}: give its variant, e.g. variant = \"marolles-1637\"")
        if not isinstance(readings, list) or not readings or not isinstance(options, dict):
            raise TarotError(f"{where}: question {i}: give readings = [\"key=value\", ...] "
                             "(and options as a table)")
        try:
            made.append(Question.make(q["variant"], readings, options, str(q.get("title", "")),
                                      str(q.get("unit", "deal"))))
        except TarotError as e:
            raise TarotError(f"{where}: question {i}: {e}") from None
    bots = data.get("bots", [])
    bots = [bots] if isinstance(bots, str) else bots
    skill = data.get("skill", [f"{a}:{b}" for a, b in DEFAULT_SKILL])
    if not isinstance(bots, list) or not isinstance(skill, list):
        raise TarotError(f"{where}: bots and skill are lists of names")
    try:
        return Study.make(made, deals if deals is not None else data.get("deals", 1000),
                          seed if seed is not None else data.get("seed", 0), [str(b) for b in bots],
                          [parse_skill(str(p)) for p in skill], data.get("chunk"), str(data.get("title", "")))
    except TarotError as e:
        raise TarotError(f"{where}: {e}") from None


def parse_skill(text: str) -> tuple[str, str]:
    """``"better:weaker"`` as a pair of bot names (``TarotError`` if malformed)."""
    better, sep, weaker = text.partition(":")
    if not sep or not better.strip() or not weaker.strip():
        raise TarotError(f"skill {excerpt(text)}: give two bots as better:weaker, e.g. rule:random")
    return better.strip(), weaker.strip()


# ----- one deal, measured -----------------------------------------------------------------
def measure(deal: Deal, index: int, seed: int) -> tuple[dict[str, int], dict[str, list[int]]]:
    """What a study keeps of a finished deal: whole numbers per deal by name (the seats' and
    positions' scores, the dealer's advantage in ``PARTS``, the marques moved by each source
    of payment, 1 for each event that happened), and the scores of the seats in each role."""
    s = summarise(deal, index, deal_seed(seed, index))
    n, step, dealer = deal.players, deal.seat_step(deal.options), s.dealer
    out: dict[str, int] = {}
    for seat in range(n):
        out[f"seat {seat}"] = s.scores[seat]
        pos = (seat - dealer) * step % n
        out["position dealer" + (f"+{pos}" if pos else "")] = s.scores[seat]
    # the dealer's score less the others' mean, × PARTS
    others = sum(s.scores) - s.scores[dealer]
    out["dealer advantage"] = ((n - 1) * s.scores[dealer] - others) * (PARTS // (n - 1))
    total = 0
    for src in deal.SOURCES:
        out[f"moved {src}"] = m = moved(s.by_source.get(src, (0,) * n))
        total += m
    out["moved"] = total
    for name in events(deal, s.scores, dict(s.extra), s.winners):
        out[f"event {name}"] = 1
    roles: dict[str, list[int]] = {}
    role_of = game_of(deal).roles
    for seat in range(n):
        roles.setdefault(role_of(deal, seat), []).append(s.scores[seat])
    return out, roles


def events(deal: Deal, scores: Sequence[int], summary: Mapping[str, Any],
           winners: int | None) -> set[str]:
    """The events of a finished deal, as the deal exposes them:

    - each kind of payment in its ledger: its reason, with its detail unless that is a card
      (a declaration's name is kept, a Tarot's card is not), *collected* when one seat was paid
      by several, *paid out* when one seat paid several (an Ultimo won or lost, one winner or
      two in the card-point count);
    - each of the game's summary fields whose value is a word or a yes/no (``contract
      garde``, ``fool later``), and where the summary names a ``taker`` and a ``contract``,
      whether the taker made it (a positive score);
    - the number of players at or above par, in games with a par.
    """
    # one payment each: a reason, for what (a card, a declaration), in which trick
    groups: dict[tuple[str, str, int | None], tuple[set[int], set[int]]] = {}
    for p in deal.result().ledger.entries:
        payers, payees = groups.setdefault((p.reason, p.detail, p.trick), (set(), set()))
        payers.add(p.payer)
        payees.add(p.payee)
    out = set()
    for (reason, detail, _), (payers, payees) in groups.items():
        named = detail and detail != reason and not _is_card(detail, deal)
        name = reason.replace("_", " ") + (f" {detail}" if named else "")
        if len(payees) == 1 and len(payers) > 1:
            name += " (collected)"
        elif len(payers) == 1 and len(payees) > 1:
            name += " (paid out)"
        else:
            name += " (one to one)"
        out.add(name)
    for key, value in summary.items():
        if isinstance(value, (str, bool)):
            out.add(f"{key} {str(value).lower() if isinstance(value, bool) else value}")
    taker, contract = summary.get("taker"), summary.get("contract")
    if isinstance(taker, int) and isinstance(contract, str):
        out.add(f"taker {'made' if scores[taker] > 0 else 'failed'} {contract}")
    if winners is not None:
        out.add(f"{winners} at or above par")
    return out


def _is_card(token: str, deal: Deal) -> bool:
    try:
        parse_card(token, deal.notation)
    except CardParseError:
        return False
    return True


def measure_game(reading: Reading, seed: int, index: int,
                 bots: Sequence[str]) -> tuple[dict[str, int], list[int], tuple[int, ...]]:
    """Game ``index`` to its target (the game's ``match``), dealt first by seat ``index mod
    players`` and played by ``bots``: its hands, how it ended and by how many winners (events),
    the win shared by the winners (``PARTS``) at each position from the first dealer; and the
    seats' final totals and the winners."""
    s = deal_seed(seed, index)
    cls = variant_class(reading.variant)
    opts = dict(reading.options)
    n, step = cls.players_for(opts), cls.seat_step(opts)
    first = index * step % n
    game = game_of(reading.variant).load("match")(opts, dealer=first, seed=s)
    players = [make_bot(name, seed=bot_seed(s, seat)) for seat, name in enumerate(bots)]
    result = game.play(lambda deal: play_out(deal, players))
    out = {"hands": len(result.hands), f"event ended {result.how}": 1,
           f"event {len(result.winners)} winner{'s' if len(result.winners) > 1 else ''}": 1}
    for w in result.winners:
        pos = (w - first) * step % n
        key = "wins position dealer" + (f"+{pos}" if pos else "")
        out[key] = out.get(key, 0) + PARTS // len(result.winners)
    return out, list(result.totals), tuple(result.winners)


def skill_gain(reading: Reading, seed: int, index: int, better: str, weaker: str) -> int:
    """Board ``index`` (``tarot.runs.duplicate.board``) with ``better`` alone at each seat in
    turn among ``weaker`` ones, and then ``weaker`` everywhere (the par): the sum over the
    seats of the better bot's score less the par's, divided by the players, in ``PARTS``."""
    opts = dict(reading.options)
    br = play_board_seatings(reading.variant, board(reading.variant, seed, index, opts),
                             (better, weaker), opts, field=True)
    total = round((br.gain(0) or 0.0) * reading.players)  # the mean of whole numbers, × players
    return total * (PARTS // reading.players)


# ----- a chunk's tally: sums of whole numbers ------------------------------------------------
def _add(sums: dict[str, list[int]], key: str, value: int) -> None:
    """Fold ``value`` into ``sums[key]`` = [Σx, Σx²]."""
    row = sums.setdefault(key, [0, 0])
    row[0] += value
    row[1] += value * value


def tally_chunk(study: Mapping, question: int, chunk: int) -> dict:
    """The unit of work: deals ``chunk * study.chunk ...`` of ``question`` played under each
    reading, and their tally per reading label: ``deals``; ``sums`` {measure: [Σx, Σx²]} per
    deal; ``roles`` {role: [seats, Σx, Σx²]} per seat; ``hist`` {score: seats}; and for each
    reading but the baseline ``diff`` {measure: [Σd, Σd²]} with d = reading - baseline, deal
    by deal. ``study`` is ``Study.to_dict()`` (it crosses to worker processes as plain data)."""
    st = Study.from_dict(study) if not isinstance(study, Study) else study
    q = st.questions[question]
    first = chunk * st.chunk
    tally: dict[str, dict] = {r.label: {"deals": 0, "sums": {}, "roles": {}, "hist": {}, "diff": {}}
                              for r in q.readings}
    base_players = q.readings[0].players
    bots = [resolve_bots(list(st.bots) or None, r.players) for r in q.readings]
    for index in range(first, min(first + st.chunk, st.deals)):
        base: dict[str, int] = {}
        base_winners: tuple[int, ...] = ()
        for k, r in enumerate(q.readings):
            names = bots[k]
            if q.unit == "game":
                values, totals, winners = measure_game(r, st.seed, index, names)
                roles = {"seat": totals}  # the final totals, for their histogram
                if k == 0:
                    base_winners = winners
                elif r.players == base_players:
                    values[f"event other winners than {q.readings[0].label}"] = int(winners != base_winners)
            else:
                deal = play_deal(r.variant, dict(r.options), st.seed, index, names)
                values, roles = measure(deal, index, st.seed)
                for better, weaker in st.skill:
                    values[f"skill {better} over {weaker}"] = skill_gain(r, st.seed, index, better, weaker)
            t = tally[r.label]
            t["deals"] += 1
            for key, v in values.items():
                _add(t["sums"], key, v)
            for role, scores in roles.items():
                row = t["roles"].setdefault(role, [0, 0, 0])
                for v in scores:
                    row[0] += 1
                    row[1] += v
                    row[2] += v * v
                    t["hist"][str(v)] = t["hist"].get(str(v), 0) + 1
            if k == 0:
                base = values
                continue
            same_table = r.players == base_players
            for key in values.keys() | base.keys():
                if same_table or not key.startswith(("seat ", "position ", "wins ")):
                    _add(t["diff"], key, values.get(key, 0) - base.get(key, 0))
    return tally


def merge(into: dict, tally: Mapping) -> dict:
    """Add ``tally`` to ``into`` (both tallies of ``tally_chunk``'s form, or nested dicts of
    them): whole numbers add up, so the order of merging does not matter."""
    for key, value in tally.items():
        if isinstance(value, Mapping):
            merge(into.setdefault(key, {}), value)
        elif isinstance(value, list):
            row = into.setdefault(key, [0] * len(value))
            for i, v in enumerate(value):
                row[i] += v
        else:
            into[key] = into.get(key, 0) + value
    return into


# ----- running a study: a pool or Ray, with a checkpoint ----------------------------------------
def chunk_result(study: Mapping, q: int, c: int) -> tuple[tuple[int, int], dict]:
    """The unit of work on Ray: ``((question, chunk), tally_chunk(study, q, c))``."""
    return (q, c), tally_chunk(study, q, c)


def _chunk_task(args: tuple) -> tuple[tuple[int, int], dict]:
    """The unit of work of a pool: ``chunk_result(*args)``."""
    return chunk_result(*args)


def local_map(study: Study, todo: Sequence[tuple[int, int]], workers: int) -> Iterator[tuple[tuple[int, int], dict]]:
    """The chunks ``todo`` on ``workers`` processes (``tarot.runs.pool``), in order."""
    d = study.to_dict()
    return ordered_map(_chunk_task, ((d, q, c) for q, c in todo), workers, len(todo), chunk=1)


def check_address(address: str) -> tuple[str, int]:
    """``HOST:PORT`` of a Ray cluster, refused in one line if malformed or unreachable (no
    connection within 5 s), before anything is written."""
    host, sep, port = address.rpartition(":")
    if address.startswith("ray://"):
        host, sep, port = address[len("ray://"):].rpartition(":")
    if not sep or not host or not port.isdigit():
        raise TarotError(f"--ray {excerpt(address)}: give the address of a Ray cluster as HOST:PORT")
    try:
        with socket.create_connection((host, int(port)), timeout=5):
            pass
    except (OSError, ValueError) as e:
        raise TarotError(f"--ray {excerpt(address)}: no Ray cluster answers there ({e.__class__.__name__})") from None
    return host, int(port)


class RayRunner:
    """A Ray session for a study: a local Ray of ``workers`` CPUs started here when no
    ``address`` is given, else the cluster at ``address`` (checked first: ``check_address``).
    Its workers import ``tarot`` from where this process does."""

    def __init__(self, workers: int, address: str | None = None) -> None:
        try:
            import ray
        except ImportError:
            raise TarotError("--ray needs Ray: pip install 'tarot-games[ray]'") from None
        if address:
            check_address(address)
        self.ray = ray
        root = str(Path(__file__).resolve().parents[2])
        path = os.pathsep.join(p for p in (root, os.environ.get("PYTHONPATH", "")) if p)
        env = {"env_vars": {"PYTHONPATH": path}}
        try:
            if address:
                ray.init(address=address, runtime_env=env, logging_level=logging.ERROR, log_to_driver=False)
            else:
                ray.init(num_cpus=workers, include_dashboard=False, runtime_env=env,
                         logging_level=logging.ERROR, log_to_driver=False)
        except Exception as e:  # Ray's own errors are of many kinds: each said in one line
            raise TarotError(f"--ray: Ray did not start: {excerpt(str(e).splitlines()[0] if str(e) else type(e).__name__)}") from None
        self.workers = workers if not address else max(1, int(ray.cluster_resources().get("CPU", 1)))
        self.task = ray.remote(chunk_result)

    def map(self, study: Study, todo: Sequence[tuple[int, int]]) -> Iterator[tuple[tuple[int, int], dict]]:
        """The chunks ``todo``, as they finish (at most two per CPU in flight)."""
        ray = self.ray
        d = ray.put(study.to_dict())
        queue = list(todo)
        running: list = []
        while queue or running:
            while queue and len(running) < 2 * self.workers:
                q, c = queue.pop(0)
                running.append(self.task.remote(d, q, c))
            done, running = ray.wait(running, num_returns=1)
            yield ray.get(done[0])

    def close(self) -> None:
        self.ray.shutdown()


def load_checkpoint(out: Path, study: Study) -> tuple[set[tuple[int, int]], dict]:
    """The chunks already finished in ``out`` and their tally (none if there is no
    checkpoint); a checkpoint of another study is refused, naming the directory."""
    path = out / CHECKPOINT
    if not path.exists():
        return set(), {}
    try:
        saved = json.loads(path.read_text())
        same = saved["study"] == study.to_dict()
        done = {(int(q), int(c)) for q, c in saved["done"]}
        tally = saved["tally"]
    except (OSError, ValueError, KeyError, TypeError) as e:
        raise TarotError(f"{out}: the checkpoint is unreadable ({type(e).__name__}): remove it or give another --out") from None
    if not same:
        raise TarotError(f"{out} holds another study's checkpoint: give another --out, or remove {path}")
    return done, tally


def save_checkpoint(out: Path, study: Study, done: set[tuple[int, int]], tally: dict) -> None:
    """Write the finished chunks and their tally, whole or not at all (a new file renamed)."""
    path = out / CHECKPOINT
    tmp = path.with_suffix(".tmp")
    tmp.write_text(json.dumps({"study": study.to_dict(), "done": sorted(done), "tally": tally},
                              separators=(",", ":")))
    os.replace(tmp, path)


def run(study: Study, out: Path | None = None, workers: int = 1, ray_address: str | None = None,
        use_ray: bool = False, progress: Callable[[int, int], None] | None = None) -> dict:
    """Play ``study`` and return its tally (``{question: {label: tally}}``, question numbers as
    strings). With ``out``, finished chunks go to its checkpoint as they come, and a study found
    there half done resumes; ``progress(done, total)`` is called with deals done. On Ray with
    ``use_ray`` (``ray_address`` or a local Ray), else on ``workers`` processes. Bad input
    (workers, Ray address, a checkpoint of another study) is refused before anything is written."""
    check_workers(workers)
    done, tally = load_checkpoint(out, study) if out is not None else (set(), {})
    todo = [t for t in study.tasks() if t not in done]
    runner = RayRunner(workers, ray_address) if use_ray else None
    total = study.deals * len(study.questions)

    def deals_of(chunks: set[tuple[int, int]]) -> int:
        return sum(min(study.chunk, study.deals - c * study.chunk) for _, c in chunks)
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
    if progress:
        progress(deals_of(done), total)
    try:
        results = runner.map(study, todo) if runner else local_map(study, todo, workers)
        for (q, c), t in results:
            merge(tally.setdefault(str(q), {}), t)
            done.add((q, c))
            if out is not None:
                save_checkpoint(out, study, done, tally)
            if progress:
                progress(deals_of(done), total)
    finally:
        if runner is not None:
            runner.close()
    return tally


__all__ = [
    "CHECKPOINT", "DEFAULT_SKILL", "PARTS", "UNITS", "Question", "RayRunner", "Reading", "Study", "check_address",
    "events", "load", "load_checkpoint", "make_reading", "measure", "measure_game", "merge", "parse_reading", "parse_skill", "run",
    "save_checkpoint", "skill_gain", "tally_chunk",
]

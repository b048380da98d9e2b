"""A duplicate challenge (the *différé* of the French Tarot sites): the same deals for everyone
with the same challenge id, played by a person in one seat against bots, and compared board by
board with what the bots scored in that seat on the same deals (docs/review.md, "Challenge").

A challenge is its variant, its id (any short text; by default the variant and today's date, so
that everyone playing today plays the same deals), its number of deals, the person's seat and
the bots (one per seat; the one in the person's seat is the *reference*, who plays that seat
when the bots play the deals alone). The deals are duplicate boards (``tarot.runs.duplicate``)
seeded from the id: the same id, the same decks and dealers, whoever plays.

The comparison is paired: per board, the person's score in the seat less the reference's score
in the same seat on the same deal, against the same bots; the mean of these differences and its
95% interval (``tarot.runs.stats.Running``) say how much better or worse than the bot the person
played, with most of the luck of the cards taken out.

>>> c = Challenge.make("marolles-1637", "doc", deals=3, bots=["random"])
>>> [b.dealer for b in c.boards()], c.boards() == Challenge.make("marolles-1637", "doc", deals=3).boards()
([0, 1, 2], True)
>>> r = ChallengeResult(c, "me", (10, -4, 6), (4, -4, 0))
>>> [row.difference for row in r.rows()], r.differences().mean
([6, 0, 6], 4.0)
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from ..core.errors import TarotError, excerpt, printable
from .duplicate import Board, board, check_entries, play_board
from .stats import Running

#: The deals of a challenge unless asked otherwise.
DEFAULT_DEALS = 16
#: The most deals a challenge may have, and the longest id.
MAX_DEALS = 64
MAX_ID = 60


def default_id(variant: str, today: datetime | None = None) -> str:
    """Today's challenge of ``variant`` (UTC): ``marolles-1637:2026-11-28``.

    >>> default_id("fft-4p", datetime(2026, 11, 28))
    'fft-4p:2026-11-28'
    """
    day = (today or datetime.now(UTC)).strftime("%Y-%m-%d")
    return f"{variant}:{day}"


def challenge_seed(challenge_id: str) -> int:
    """The seed of the boards of ``challenge_id``: depends on the id alone (its UTF-8 bytes)."""
    digest = hashlib.sha256(f"tarot-challenge/{challenge_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


@dataclass(frozen=True)
class Challenge:
    """A challenge, checked (``make``): ``bots[seat]`` is the reference, the others the
    person's opponents; ``options``: the rule options changed from the game's defaults."""

    variant: str
    id: str
    deals: int
    seat: int
    bots: tuple[str, ...]
    options: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def make(cls, variant: str, challenge_id: str | None = None, deals: int = DEFAULT_DEALS, seat: int = 0,
             bots: Sequence[str] | None = None, options: Mapping[str, object] | None = None) -> Challenge:
        """A challenge of ``variant``; ``TarotError`` naming the first bad value (the variant,
        an option, the id, the number of deals, the seat, a bot)."""
        from ..core.deal import variant_class
        from .simulate import resolve_bots

        cls_ = variant_class(variant)
        opts = cls_.make_options(options)
        players = cls_.players_for(opts)
        cid = default_id(variant) if challenge_id is None else challenge_id
        if not 1 <= len(cid) <= MAX_ID or printable(cid) != cid or cid != cid.strip():
            raise TarotError(f"the challenge id {excerpt(cid)} is not 1..{MAX_ID} printable characters "
                             "without spaces at either end")
        if isinstance(deals, bool) or not isinstance(deals, int) or not 1 <= deals <= MAX_DEALS:
            raise TarotError(f"a challenge has 1..{MAX_DEALS} deals, not {deals!r}")
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise TarotError(f"the seat must be 0..{players - 1} ({variant} is played by {players}), not {seat!r}")
        names = tuple(resolve_bots(list(bots) if bots else None, players))
        check_entries(variant, sorted(set(names)), deals, opts)  # the variant, its options and each bot
        return cls(variant, cid, deals, seat, names, {k: str(v) for k, v in opts.changed().items()})

    @property
    def seed(self) -> int:
        return challenge_seed(self.id)

    @property
    def reference(self) -> str:
        """The bot the person is compared with: the one in the person's seat."""
        return self.bots[self.seat]

    def boards(self) -> list[Board]:
        """The challenge's deals: decks and dealers, the same for everyone with this id."""
        return [board(self.variant, self.seed, i, self.options) for i in range(self.deals)]

    def bot_scores(self, progress: Callable[[int], None] | None = None) -> tuple[int, ...]:
        """The reference's score in the seat on each board, the bots playing every seat
        (``play_board``: each bot seeded from its board and seat, so the same every time)."""
        out = []
        for b in self.boards():
            out.append(play_board(self.variant, b, self.bots, self.options).result().scores[self.seat])
            if progress is not None:
                progress(len(out))
        return tuple(out)

    def key(self) -> dict[str, object]:
        """What makes two people's results comparable board by board (the web app's query)."""
        return {"variant": self.variant, "id": self.id, "deals": self.deals, "seat": self.seat,
                "bots": list(self.bots), "options": dict(self.options)}

    @classmethod
    def from_key(cls, d: Mapping) -> Challenge:
        """The challenge ``key`` wrote, checked again (``TarotError`` for a bad one)."""
        try:
            return cls.make(str(d["variant"]), str(d["id"]), d["deals"], d["seat"], list(d["bots"]),
                            dict(d.get("options") or {}))
        except (KeyError, TypeError, ValueError) as e:
            raise TarotError(f"not a challenge: {type(e).__name__} {e}") from None


@dataclass(frozen=True)
class Row:
    """One board of the comparison: the person's score in the seat, the reference's, and the
    difference (the person's less the reference's)."""

    board: int
    person: int
    bots: int

    @property
    def difference(self) -> int:
        return self.person - self.bots


@dataclass(frozen=True)
class ChallengeResult:
    """A person's result: ``scores`` in the seat on boards 1, 2... (fewer than the challenge's
    deals if the person left), ``bots`` the reference's on every board."""

    challenge: Challenge
    name: str
    scores: tuple[int, ...]
    bots: tuple[int, ...]

    @property
    def finished(self) -> bool:
        return len(self.scores) == self.challenge.deals

    def rows(self) -> list[Row]:
        return [Row(i + 1, p, b) for i, (p, b) in enumerate(zip(self.scores, self.bots))]

    def differences(self) -> Running:
        """The paired differences, board by board: their mean, deviation and 95% interval."""
        r = Running()
        for row in self.rows():
            r.add(row.difference)
        return r

    def to_dict(self) -> dict:
        d = self.differences()
        return {"challenge": self.challenge.key(), "name": self.name, "scores": list(self.scores),
                "bots": list(self.bots), "finished": self.finished,
                "rows": [{"board": r.board, "person": r.person, "bots": r.bots, "difference": r.difference}
                         for r in self.rows()],
                "total": sum(self.scores), "bots_total": sum(self.bots[:len(self.scores)]),
                **d.to_dict("mean_difference")}

    @classmethod
    def from_dict(cls, d: Mapping) -> ChallengeResult:
        """The result ``to_dict`` wrote (``TarotError`` naming a missing or bad field); the
        bots' scores are taken as written, the arithmetic done again."""
        try:
            challenge = Challenge.from_key(d["challenge"])
            scores = tuple(int(x) for x in d["scores"])
            bots = tuple(int(x) for x in d["bots"])
            name = str(d.get("name", ""))
        except (KeyError, TypeError, ValueError) as e:
            raise TarotError(f"not a challenge result: {type(e).__name__} {e}") from None
        if len(bots) != challenge.deals or len(scores) > challenge.deals:
            raise TarotError(f"not a challenge result: {len(scores)} scores and {len(bots)} bots' scores "
                             f"for {challenge.deals} deals")
        return cls(challenge, name, scores, bots)

    def save(self, path: Path) -> None:
        path.write_text(json.dumps(self.to_dict(), ensure_ascii=False, indent=1) + "\n", encoding="utf-8")

    @classmethod
    def load(cls, path: Path) -> ChallengeResult:
        try:
            return cls.from_dict(json.loads(path.read_text(encoding="utf-8")))
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
            raise TarotError(f"{excerpt(str(path))}: cannot read a challenge result: {e}") from None


def standings(results: Sequence[ChallengeResult]) -> list[ChallengeResult]:
    """People's finished results of one challenge, best mean difference first (then by name)."""
    done = [r for r in results if r.finished]
    return sorted(done, key=lambda r: (-r.differences().mean, r.name))


__all__ = ["DEFAULT_DEALS", "MAX_DEALS", "Challenge", "ChallengeResult", "Row", "challenge_seed",
           "default_id", "standings"]

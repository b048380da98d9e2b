"""French Tarot for two players: 21 cards in hand and six table piles each (docs/rules §4.5).

The seed's two-player variant of modern French Tarot (seed-modern, "Tarot for Two Players"; not
an FFT game): no bidding, no chien, no poignée, no chelem bonus. Two seats, ``0`` and ``1``;
the dealer's opponent is ``1 - dealer``. One phase, ``play``, then ``over``.

**The deal** (deck order fixes it; §4.5). Each player gets six piles of three cards in a row
(``pile 0`` .. ``pile 5``: two face down, the top one face up) and a hand of 21. The dealer deals
to his opponent first, one card at a time to the piles, three at a time to the hands::

    deck[0:3]    opponent's piles 0, 1, 2   (bottom layer, face down)
    deck[3:6]    dealer's piles 0, 1, 2
    deck[6:9]    opponent's piles 3, 4, 5
    deck[9:12]   dealer's piles 3, 4, 5
    deck[12:24]  the same again: the middle layer, face down
    deck[24:36]  the same again: the top layer, face up
    deck[36:78]  14 packets of 3 to the hands: packets 0, 2, 4 .. (deck[36:39], deck[42:45] ..)
                 to the opponent, packets 1, 3, 5 .. (deck[39:42], deck[45:48] ..) to the dealer

``French2pDeal.layout(p)`` gives the place of deck position ``p``.

**Play** (§4.5). The dealer's opponent leads the first trick, the winner of each trick leads
the next; 39 tricks (21 hand cards and 18 pile cards each). A player may play any card of his
hand or the face-up top card of any of his piles. At the end of each trick, each pile played
from turns its next card face up. Follow suit; if void, trump; on a trump lead, play a higher
trump if possible (any trump if not); with neither, any card. The highest trump wins, else the
highest card of the suit led (K Q C J 10 .. 1). With
``two_player_faceup_cards_bind_follow_suit=true`` (the seed: face-up cards are played "as though
they were part of your hand") the obligations are judged on hand and face-up cards together;
with ``false`` they are judged on the hand alone and a face-up card may be played at any time
(it neither creates an obligation nor is bound by one).

**The Excuse** may be played at any time (led too: the other card then wins). It never wins,
with one exception: a player who has won every trick and leads the Excuse to the last one wins
that trick with it (as in the four-player game; the Petit in the trick before then counts as au
bout, as does a Petit played to that last trick).
Played before the last trick, the Excuse goes back to its owner's pile and he gives the trick's
winner a half-point card (a card worth nothing in the reduced count: the lowest such card id)
from his pile, at once or, if he has none, right after the first trick he wins that holds one.
If he never has one, the Excuse counts 4 for him and the half point goes to the other player
(``excuse_exchange_impossible``). Played to the last trick it goes to the trick's winner, who
(two players, one card each) is always the other player, so both ``excuse_last_trick`` choices
give the same deal: the option is kept for the family's option set and records.

**The count** (§0.3, §4.5). Each player counts his own pile in pairs; every trick brings two
cards and the Excuse exchange keeps the piles even, so both counts are whole numbers summing to
91 (if the exchange cannot be made, the half point moves as said above, and they still are). A
player's target comes from the bouts in his pile (0 → 56, 1 → 51, 2 → 41, 3 → 36); the two
targets always sum to 92, so exactly one player reaches his: the *winner*. He scores 25 plus the
points above his target; the player who wins the last trick scores 10 more if it holds the Petit
(petit au bout), whoever wins the deal.

**The Petit** (``petit_rule``, §4.7, which lists two players among the modern game's). With
``petit_sec`` (the default, FFT) a deal is annulled when a player's only trump among the cards he
holds and sees, his hand and his face-up pile cards, is the Petit, without the Excuse; with
``first_packet`` (the seed's curious rule) when the Petit is in the first packet of three of a
player's hand; ``none``: never. An annulled deal is over at once, without an action: no score,
``info["annulled"]`` names the rule, and ``shown`` holds ``(holder, done, cards)``, public: for a
Petit sec the cards that prove it (his hand and face-up pile cards), else the Petit.

**Scores** (``two_player_scoring``). ``winner_only`` (the seed): the winner scores ``25 + (points
- target)``, the loser 0, and the petit au bout 10 goes to the last trick's winner; these scores
are not zero-sum, so no points change hands and the ledger stays empty (``DealResult.by_source``
has the two parts, ``game`` and ``petit_au_bout``, which add up to the scores). ``zero_sum``: the
loser pays the winner ``25 + (points - target)`` (reason ``game``) and the other player pays the
last trick's winner 10 for a petit au bout (reason ``petit_au_bout``), through the ledger.

>>> d = French2pDeal(seed=1, dealer=0)
>>> d.phase, d.to_play, [h.bit_count() for h in d.hands], [t.bit_count() for t in d.up]
('play', 1, [21, 21], [6, 6])
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Final

from ...core.actions import DONE
from ...core.cards import (
    card_phrase,
    BOUTS, FOOL, FRENCH, FULL_PACK, TRUMP_SUIT, TRUMPS, Card, CardSet, Seat, cards_of, mask,
)
from ...core.counting import COUNTING_CARDS, french_target, reduced_total
from ...core.deal import CARD_UNDO, CardUndo, seat_index, Deal, DealResult, Undo, View
from ...core.errors import IllegalActionError
from ...core.ledger import Ledger
from ...core.options import Option
from ...core.tricks import FFT_TRICKS, PLAIN_POWER, follow_duty, follow_reason
from ...core.tricks import SUIT_OF as _SUIT

PETIT: Final[Card] = 1
#: Cards of the hand and of the piles: 21 + 18 each, hence 39 tricks.
HAND, PILES, PILE_DEPTH = 21, 6, 3
TRICKS: Final = HAND + PILES * PILE_DEPTH
#: Half-point cards (reduced value 0): what the Excuse's owner gives in exchange.
LOW_CARDS: Final[CardSet] = FULL_PACK & ~COUNTING_CARDS
#: The sources of a deal's score (``DealResult.by_source`` keys).
FRENCH_2P_SOURCES: Final = ("game", "petit_au_bout")


def layout(p: int) -> tuple[int, int, int]:
    """Where deck position ``p`` goes (§4.5): ``(who, pile, layer)``, ``who`` 0 for the dealer's
    opponent and 1 for the dealer; ``pile`` 0..5 and ``layer`` 0 (bottom) .. 2 (face up), or
    ``-1, -1`` for a hand card.

    >>> layout(0), layout(3), layout(6), layout(35), layout(36), layout(39), layout(77)
    ((0, 0, 0), (1, 0, 0), (0, 3, 0), (1, 5, 2), (0, -1, -1), (1, -1, -1), (1, -1, -1))
    """
    if p < 36:
        layer, q = divmod(p, 12)
        return (q // 3) % 2, (q // 6) * 3 + q % 3, layer
    return (p - 36) // 3 % 2, -1, -1


_LAYOUT: Final = tuple(layout(p) for p in range(78))


def second_wins(lead: Card, reply: Card) -> bool:
    """Whether the second card of a two-card trick beats the lead (§4.1): the highest trump
    wins, else the highest card of the suit led; the Excuse never wins, and when it is led the
    reply wins.

    >>> from tarot.core.cards import parse_card as c, FRENCH as F
    >>> second_wins(c("KS", F), c("T2", F)), second_wins(c("10S", F), c("KH", F)), second_wins(0, c("2C", F))
    (True, False, True)
    """
    if lead == FOOL:
        return True
    if reply == FOOL:
        return False
    sr = _SUIT[reply]
    if sr == _SUIT[lead]:
        return PLAIN_POWER[reply] > PLAIN_POWER[lead]
    return sr == TRUMP_SUIT


FRENCH_2P_OPTIONS: Final[tuple[Option, ...]] = (
    Option("petit_rule", ("petit_sec", "first_packet", "none"), "petit_sec",
           "A deal is annulled when a player's only trump, among his hand and his face-up pile "
           "cards, is the Petit, without the Excuse (petit sec); or (the seed's rule) when the "
           "Petit is in the first packet of three of a player's hand; or never.",
           "FFT (S10); seed-modern"),
    Option("two_player_scoring", ("winner_only", "zero_sum"), "winner_only",
           "The winner scores 25 plus his points above his target and the loser nothing (not "
           "zero-sum: the ledger stays empty), or the loser pays the winner that much. Petit au "
           "bout: 10 more to the last trick's winner, or paid to him by the other player.",
           "seed-modern text"),
    Option("two_player_faceup_cards_bind_follow_suit", ("true", "false"), "true",
           "Face-up pile cards count as part of the hand for the duty to follow suit, trump and "
           "beat a trump lead (true); or the duties are judged on the hand alone and a face-up "
           "card may be played at any time (false).", "seed 'as though part of your hand'"),
    Option("excuse_last_trick", ("to_other_camp", "to_trick_winner"), "to_other_camp",
           "The Excuse played to the last trick changes camp (FFT) or goes to the trick's winner "
           "(seed). With two players both send it to the other player, who wins that trick (unless "
           "its owner won every trick and leads it, when it wins).", "FFT literal / seed, S13"),
    Option("excuse_exchange_impossible", ("excuse_counts_4_other_side_gets_half",),
           "excuse_counts_4_other_side_gets_half",
           "When the Excuse's owner never has a half-point card to give in exchange, the Excuse "
           "counts 4 for him and the other player gets the half point.",
           "generalises FFT chelem clause"),
)


class French2pUndo(Undo):
    """The undo entry of a reply, which ends its trick: the whole state of the deal, but for
    the lists that only grow (tricks, the ledger: their lengths)."""

    __slots__ = ("to_play", "hands", "up", "depth", "won", "trick", "leader", "trick_no",
                 "n_tricks", "n_ledger", "excuse", "outcome", "phase")

    def __init__(self, d: French2pDeal) -> None:
        self.to_play, self.leader, self.trick_no, self.phase = d.to_play, d.leader, d.trick_no, d.phase
        self.hands, self.up, self.depth = tuple(d._hands), tuple(d.up), tuple(d.depth)
        self.won, self.trick = tuple(d.won), tuple(d.trick)
        self.n_tricks, self.n_ledger = len(d.tricks), len(d.ledger)
        self.excuse, self.outcome = d.excuse, d.outcome

    def restore(self, d: French2pDeal) -> None:
        d.to_play, d.leader, d.trick_no, d.phase = self.to_play, self.leader, self.trick_no, self.phase
        d._hands, d.up, d.depth = list(self.hands), list(self.up), list(self.depth)
        d.won, d.trick = list(self.won), list(self.trick)
        del d.tricks[self.n_tricks:]
        d.ledger.truncate(self.n_ledger)
        d.excuse, d.outcome = self.excuse, self.outcome


class French2pDeal(Deal):
    """One deal of two-player French Tarot (docs/rules §4.5)."""

    variant = "french-2p"
    title = "French Tarot for two players: hands and table piles"
    OPTIONS = FRENCH_2P_OPTIONS
    notation = FRENCH
    trick_rules = FFT_TRICKS
    PACK = FULL_PACK
    PLAYERS = 2
    SOURCES = FRENCH_2P_SOURCES
    SCORE_UNIT = "points"
    MISTAKE_SIZES = (5.0, 15.0, 40.0)  # docs/review.md
    TRICKS: ClassVar[int] = TRICKS
    #: Trumps 2 to 20 and suit cards 1 to 10: worth half a point each, nothing when played.
    PLAIN_CARDS: ClassVar[CardSet] = LOW_CARDS

    __slots__ = (
        "options", "dealer", "deck", "phase", "to_play", "history", "_undo", "_legal_at", "_legal_list",
        "zero_sum", "bind", "_hands", "stacks", "pile_of", "depth", "up", "trick", "leader",
        "trick_no", "tricks", "won", "excuse", "ledger", "outcome", "shown", "annulled",
    )

    def __init__(self, options: Mapping[str, object] | None = None, *, seed: object = None,
                 deck: Sequence[Card] | None = None, dealer: object = 0,
                 rng: random.Random | None = None, _blank: bool = False) -> None:
        if _blank:
            return  # an empty deal for copy(), which sets every attribute
        self.options = self.make_options(options)
        self.players = self.PLAYERS
        self.zero_sum = self.options["two_player_scoring"] == "zero_sum"
        self.bind = self.options["two_player_faceup_cards_bind_follow_suit"] == "true"
        self.dealer = seat_index(dealer, self.players, "dealer")
        self.deck = self.check_deck(deck) if deck is not None else tuple(self.shuffled_deck(seed, rng))
        self.history: list[int] = []
        self._undo: list[Undo] = []
        self._legal_at, self._legal_list = -1, []
        self._deal()
        self.trick: list[Card] = []
        self.leader: Seat = 1 - self.dealer
        self.trick_no = 0
        self.tricks: list[tuple[Seat, tuple[Card, ...], Seat]] = []
        #: The cards each seat has won (its pile for the count).
        self.won = [0, 0]
        #: (owner, trick, card given in exchange): -1 while owed, -2 when none is due.
        self.excuse: tuple[Seat, int, int] | None = None
        self.ledger = Ledger(2)
        self.outcome: dict[str, Any] | None = None
        #: Declarations shown: none in this game (the generic interface has them).
        self.shown: list[tuple[Seat, int, CardSet]] = []
        self.phase = "play"
        self.to_play: Seat | None = 1 - self.dealer
        #: The rule that annulled the deal (``petit_sec``, ``first_packet``), or None.
        self.annulled: str | None = None
        self._check_petit()

    def _check_petit(self) -> None:
        """Petit sec, or the seed's Petit in a first packet: the deal is annulled (§4.7)."""
        rule = self.options["petit_rule"]
        if rule == "none":
            return
        for s in (1 - self.dealer, self.dealer):   # the order the hands are dealt in
            if rule == "petit_sec":
                held = self.playable(s)
                if held & (TRUMPS | 1) != 1 << PETIT:
                    continue
            else:
                # the hands are dealt by threes from deck position 36, the opponent first
                first = 36 if s != self.dealer else 39
                if PETIT not in self.deck[first:first + 3]:
                    continue
            self.annulled = rule
            # a Petit sec is proved by showing the hand (with the face-up cards, already seen)
            self.shown.append((s, DONE, self.playable(s) if rule == "petit_sec" else 1 << PETIT))
            self.phase, self.to_play = "over", None
            return

    def _deal(self) -> None:
        """Hands, piles (``stacks[6 * seat + i]`` bottom to top), their depths and top cards."""
        seat_of = (1 - self.dealer, self.dealer)
        hands = [0, 0]
        stacks: list[list[Card]] = [[] for _ in range(2 * PILES)]
        pile_of = [-1] * 78
        for c, (who, pile, _) in zip(self.deck, _LAYOUT):
            s = seat_of[who]
            if pile < 0:
                hands[s] |= 1 << c
            else:
                k = PILES * s + pile
                stacks[k].append(c)   # the layers come in deck order: bottom first
                pile_of[c] = k
        self._hands = hands
        self.stacks = tuple(tuple(st) for st in stacks)
        self.pile_of = tuple(pile_of)
        self.depth = [PILE_DEPTH] * (2 * PILES)
        self.up = [mask(self.stacks[PILES * s + i][-1] for i in range(PILES)) for s in (0, 1)]

    # ----- legal actions -----------------------------------------------------------------
    def _legal_actions(self) -> list[int]:
        return cards_of(self._legal_play()) if self.phase == "play" else []

    def is_legal(self, action: int) -> bool:
        if self._legal_at == len(self.history):
            return action in self._legal_list
        if self.phase == "play" and 0 <= action < 78:
            return bool(self._legal_play() >> action & 1)
        return False

    def _legal_play(self) -> CardSet:
        p = self._seat()
        h, u = self._hands[p], self.up[p]
        trick = self.trick
        if not trick or trick[0] == FOOL:
            return h | u
        # follow, else trump, a higher trump on a trump lead (§4.5): the duty of FFT_TRICKS
        if self.bind:
            return follow_duty(h | u, trick, FFT_TRICKS)
        return follow_duty(h, trick, FFT_TRICKS) | u

    def playable(self, seat: Seat) -> CardSet:
        """The cards ``seat`` could play if it were his turn: his hand and face-up pile tops."""
        return self._hands[seat] | self.up[seat]

    def explain_illegal(self, action: int) -> str:
        p = self._seat()
        tok = self.action_token(action)
        if action >= 78:
            return f"{tok} is not legal now: seat {p} must play a card"
        name = card_phrase(action, self.notation)
        if not self.playable(p) >> action & 1:
            return (f"seat {p} cannot play {name}: only cards in hand and the face-up top cards "
                    "of the piles can be played")
        judged = self.playable(p) if self.bind else self._hands[p]
        where = "" if self.bind else " (the duty is judged on the hand alone)"
        return follow_reason(judged, self.trick, action, self.trick_rules, self.notation) + where

    # ----- applying actions --------------------------------------------------------------
    def _apply(self, c: int) -> None:
        p = self._seat()
        bit = 1 << c
        k = self.pile_of[c]
        if k >= 0:
            self.depth[k] -= 1
            self.up[p] ^= bit
        else:
            self._hands[p] ^= bit
        trick = self.trick
        trick.append(c)
        if len(trick) == 1:
            self.to_play = 1 - p
            return
        self._end_trick()

    def _end_trick(self) -> None:
        lead, reply = trick = self.trick
        leader, t = self.leader, self.trick_no
        last = t == TRICKS - 1
        if last and lead == FOOL and all(w == leader for _, _, w in self.tricks):
            winner = leader   # the Excuse led to the last trick by a player who won all the others
        else:
            winner = 1 - leader if second_wins(lead, reply) else leader
        gain = (1 << lead) | (1 << reply)
        won = self.won
        if gain & 1:
            owner = leader if lead == FOOL else 1 - leader
            if not last:      # it goes back to its owner, who owes the winner a half-point card
                gain ^= 1
                won[owner] |= 1
                self.excuse = (owner, t, -1)
            else:             # the last trick: to the trick's winner (either option, §4.6 item 7)
                self.excuse = (owner, t, -2)
        won[winner] |= gain
        ex = self.excuse
        if ex is not None and ex[2] == -1:
            owner = ex[0]
            low = won[owner] & LOW_CARDS
            if low:
                give = low & -low
                won[owner] ^= give
                won[1 - owner] |= give
                self.excuse = (owner, ex[1], give.bit_length() - 1)
        depth, stacks, pile_of, up = self.depth, self.stacks, self.pile_of, self.up
        for c in trick:       # each pile played from turns its next card face up
            k = pile_of[c]
            if k >= 0 and depth[k]:
                up[k // PILES] |= 1 << stacks[k][depth[k] - 1]
        self.tricks.append((leader, (lead, reply), winner))
        self.trick = []
        self.leader = winner
        self.trick_no = t + 1
        if last:
            self._settle()
        else:
            self.to_play = winner

    # ----- the count (§4.5) --------------------------------------------------------------
    def _settle(self) -> None:
        won = self.won
        halves = [2 * reduced_total(w) + w.bit_count() for w in won]
        ex = self.excuse
        if ex is not None and ex[2] == -1:   # no half-point card ever given: the Excuse counts 4
            halves[ex[0]] -= 1
            halves[1 - ex[0]] += 1
        points = [h // 2 for h in halves]
        targets = [french_target(w) for w in won]
        winner = 0 if points[0] >= targets[0] else 1
        margin = points[winner] - targets[winner]
        last = self.tricks[-1]
        judged = last  # the Petit in the last trick; or, the Excuse having won it, the one before
        if PETIT not in last[1] and last[1][0] == FOOL and last[2] == last[0] and len(self.tricks) > 1:
            judged = self.tricks[-2]
        pab = judged[2] if PETIT in judged[1] else None
        game = [0, 0]
        game[winner] = 25 + margin
        bonus = [0, 0]
        if pab is not None:
            bonus[pab] = 10
        if self.zero_sum:
            self.ledger.pay(1 - winner, winner, 25 + margin, "game")
            if pab is not None:
                self.ledger.pay(1 - pab, pab, 10, "petit_au_bout")
        self.outcome = {"points": points, "targets": targets,
                        "bouts": [(w & BOUTS).bit_count() for w in won],
                        "winner": winner, "margin": margin, "petit_au_bout": pab,
                        "game": game, "bonus": bonus}
        self.phase, self.to_play = "over", None

    # ----- undo, copy --------------------------------------------------------------------
    def _snapshot(self) -> Undo:
        if len(self.trick) == 0:
            return CARD_UNDO[self._seat()]   # a lead changes only the player's cards and the trick
        return French2pUndo(self)

    def _restore(self, s: Undo) -> None:
        if isinstance(s, CardUndo):
            p = s.seat
            c = self.history[-1]
            k = self.pile_of[c]
            if k >= 0:
                self.depth[k] += 1
                self.up[p] |= 1 << c
            else:
                self._hands[p] |= 1 << c
            self.trick.pop()
            self.to_play = p
            return
        assert isinstance(s, French2pUndo)
        s.restore(self)

    def live_cards(self, seat: Seat) -> CardSet:
        """Every card not in ``seat``'s hand nor won yet, the piles' too."""
        won = self.won
        return FULL_PACK & ~self._hands[seat] & ~won[0] & ~won[1]

    def copy(self) -> French2pDeal:
        """An independent deal in the same state (history and undo included)."""
        new = type(self)(_blank=True)  # compiled classes refuse object.__new__
        for name in ("options", "players", "dealer", "deck", "phase", "to_play", "_legal_at", "_legal_list", "zero_sum", "bind",
                     "stacks", "pile_of", "leader", "trick_no", "excuse", "outcome", "shown", "annulled"):
            setattr(new, name, getattr(self, name))
        for name in ("history", "_undo", "_hands", "depth", "up", "trick", "tricks", "won"):
            setattr(new, name, getattr(self, name).copy())
        new.ledger = self.ledger.copy()
        return new

    # ----- results and views -------------------------------------------------------------
    def result(self) -> DealResult:
        """Scores, card points (each seat's own pile) and the two score sources; ``info`` has
        ``points``, ``targets``, ``bouts``, ``winner``, ``margin`` (points above target),
        ``petit_au_bout`` (the seat that scored it, or None) and ``excuse`` (owner, trick, card
        given in exchange: -1 never given, -2 none due). An annulled deal scores nothing and its
        ``info`` is ``{"annulled": rule}``."""
        if self.phase != "over":
            raise IllegalActionError(f"the deal is not over (phase {self.phase})")
        if self.annulled:
            return DealResult(scores=(0, 0), card_points=(0, 0), ledger=self.ledger.copy(),
                              by_source={k: [0, 0] for k in self.SOURCES},
                              info={"annulled": self.annulled})
        o = self.outcome
        assert o is not None
        ledger = self.ledger.copy()  # the result stays as it is if the deal is popped later
        if self.zero_sum:
            totals, by_source = ledger.summary(self.SOURCES)
            scores = tuple(totals)
        else:
            by_source = {"game": list(o["game"]), "petit_au_bout": list(o["bonus"])}
            scores = tuple(g + b for g, b in zip(o["game"], o["bonus"]))
        info = {k: o[k] for k in ("points", "targets", "bouts", "winner", "margin", "petit_au_bout")}
        if self.excuse is not None:
            info["excuse"] = list(self.excuse)
        return DealResult(scores=scores, card_points=tuple(o["points"]), ledger=ledger,
                          by_source=by_source, info=info)

    def summary(self) -> dict[str, Any]:
        """``points``, ``targets`` and ``bouts`` per seat, and the ``winner`` (None until over);
        ``contract`` and ``taker`` are None (no bidding), as the family's summaries have them."""
        o = self.outcome
        out: dict[str, Any] = {"contract": None, "taker": None}  # no bidding in this game
        if o is None:
            return {**out, "points": None, "targets": None, "bouts": None, "winner": None}
        return {**out, "points": list(o["points"]), "targets": list(o["targets"]),
                "bouts": list(o["bouts"]), "winner": o["winner"]}

    def face_down(self, seat: Seat) -> list[int]:
        """The number of face-down cards in each of ``seat``'s piles (public)."""
        out = []
        for i in range(PILES):
            k = PILES * seat + i
            d = self.depth[k]
            out.append(d - 1 if d and self.up[seat] >> self.stacks[k][d - 1] & 1 else d)
        return out

    def face_up(self, seat: Seat) -> list[Card | None]:
        """The face-up top card of each of ``seat``'s piles, or None (public)."""
        out: list[Card | None] = []
        for i in range(PILES):
            k = PILES * seat + i
            d = self.depth[k]
            top = self.stacks[k][d - 1] if d else None
            out.append(top if top is not None and self.up[seat] >> top & 1 else None)
        return out

    def pile_plays(self) -> list[list[list[Card]]]:
        """The cards each player has played from each of his piles, in the order played
        (public: everyone sees a card taken from a pile): ``[seat][pile]``."""
        out: list[list[list[Card]]] = [[[] for _ in range(PILES)] for _ in (0, 1)]
        pile_of = self.pile_of
        for _, cards, _ in self.tricks:
            for c in cards:
                k = pile_of[c]
                if k >= 0:
                    out[k // PILES][k % PILES].append(c)
        for c in self.trick:
            k = pile_of[c]
            if k >= 0:
                out[k // PILES][k % PILES].append(c)
        return out

    def _view(self, seat: Seat) -> View:
        """Own hand; both players' face-up pile cards (``table``, and per pile in ``extra``:
        ``face_up`` cards, ``face_down`` counts and ``pile_plays``, the cards played from it);
        the tricks; the Excuse exchange."""
        mine = self.to_play == seat and self.phase != "over"
        extra: dict[str, Any] = {
            "face_up": [self.face_up(0), self.face_up(1)],
            "face_down": [self.face_down(0), self.face_down(1)],
            "pile_plays": self.pile_plays(),
            "cards_won": [w.bit_count() for w in self.won],
        }
        if self.excuse is not None:
            extra["excuse"] = list(self.excuse)
        if self.annulled:
            extra["annulled"] = self.annulled
        fields = self._view_fields(seat, mine)
        fields.update({
            "shown": tuple(self.shown),
            "table": (self.up[0], self.up[1]),
            "extra": extra,
        })
        return View.build(fields)

    def set_apart(self) -> list[tuple[Seat | None, str, list[tuple[Card, ...]]]]:
        """Each seat's six table piles as dealt, bottom card first (docs/rules §4.5)."""
        return [(seat, "piles", list(self.stacks[PILES * seat:PILES * (seat + 1)]))
                for seat in range(self.players)]


__all__ = ["French2pDeal", "FRENCH_2P_OPTIONS", "FRENCH_2P_SOURCES", "layout", "second_wins",
           "TRICKS", "LOW_CARDS"]

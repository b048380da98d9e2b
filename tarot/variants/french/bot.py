"""A rule-based player for modern French Tarot, 3, 4 and 5 players (docs/rules §4), deciding from
its ``View`` alone (no search, no look at hidden cards).

* **Bids**: a hand-strength count in the manner of the usual club rules (bouts, trumps and big
  trumps, Kings and other honours, long suits, voids and singletons), scaled to an 18-card hand;
  the bid is the highest contract the count reaches, if it overcalls the last bid.
* **King call** (five players): the King of the suit in which it holds most cards (a Queen,
  Cavalier or Jack when it holds every King, Queen...), never its own card unless forced.
* **Écart**: empty the shortest suits without their King, points first (Queens, Cavaliers);
  trumps only when the rules force it, the lowest.
* **Chelem**: only with a hand that wins every trick on its face (the 21, at least 13 trumps
  and nothing but Kings beside them).
* **Poignée**: the taker shows the highest one he has; a defender never (the bonus goes to the
  winning side, which is usually the taker's).
* **Play**: win a trick the opponents lead as cheaply as possible; when a partner is winning
  and cannot be beaten (only the camp left to play, or the best trump), give him points;
  otherwise play the card that loses least (the taker takes a trick without honours with his
  lowest winning card, keeping the best trumps; an honour is not put where an opponent still to
  play has shown he can trump); the Excuse saves an honour in a lost trick and is
  never kept to the last trick; the Petit is played when it is safe or would be lost anyway,
  and the taker (with five players anyone) trumps with it while the opponents after him are
  likely to follow suit.
* **Leads**: the taker draws trumps with the best trump out, never a lower one, and only
  while he holds as many trumps as are out; a low card into a suit an opponent has shown void
  in; then Kings (the defence's only in a suit the taker has followed), and for the taker's
  camp any master card; else the cheapest card of the longest suit (docs/bots.md, "Card play
  in French Tarot").

>>> import tarot
>>> from tarot.bots import make_bot, play_out
>>> deal = tarot.new_deal("fft-4p", seed=11)
>>> play_out(deal, [make_bot("rule", seed=s) for s in range(4)])
>>> sum(deal.result().scores)
0
"""

from __future__ import annotations

import random
from typing import Final, cast

from ...core.actions import ACTION_IDS, DONE, PASS
from ...core.cards import (
    FOOL, KINGS, SUIT_MASKS, TRUMP_SUIT, TRUMPS, Card, CardSet, cards_of, rank_of,
)
from ...core.counting import reduced_total
from ...core.deal import View, variant_class
from ...core.tricks import PLAIN_POWER as _POWER
from ...core.tricks import SUIT_OF as _SUIT
from .rules import (
    BIDS, ECART_FREE, ECART_TRUMPS, POIGNEES, FrenchDeal, winning_index,
)
from .sampler import finished_tricks, french_voids

CHELEM: Final = ACTION_IDS["chelem"]
PETIT, MONDE = 1, 21
_VALUE: Final = tuple(reduced_total(1 << c) for c in range(78))
#: Count thresholds (18-card scale) for prise, garde, garde sans, garde contre, by number of
#: players. A prise at 40 is the club count; with four players the bot's card play as taker
#: wants 42 (docs/bots.md, "Bidding in French Tarot", gives the reasons for each value).
THRESHOLDS: Final = {3: (40, 42, 71, 81), 4: (42, 50, 71, 81), 5: (38, 42, 56, 81)}


def _best_trump(c: Card, out_trumps: CardSet) -> bool:
    """Whether trump ``c`` beats every trump still out (``out_trumps``)."""
    return not out_trumps & ~((2 << c) - 1)


def hand_strength(hand: CardSet, hand_size: int) -> float:
    """A bidding count of ``hand``, scaled to an 18-card hand.

    >>> from tarot.core.cards import mask, parse_cards, FRENCH
    >>> hand_strength(mask(parse_cards("T21 T1 EX T20 T19 T18 T17 T16 KS KH KD KC QS 2H 3H 4H 5H 6H",
    ...                                FRENCH)), 18) > 71
    True
    """
    trumps = hand & TRUMPS
    n_trumps = trumps.bit_count()
    score = 0.0
    if hand >> MONDE & 1:
        score += 10
    if hand & 1:
        score += 8
    if hand >> PETIT & 1:
        score += 8 if n_trumps >= 6 else (5 if n_trumps >= 5 else 0)
    score += 2 * n_trumps
    score += 2 * (trumps & ~((1 << 16) - 1)).bit_count()   # XVI..XXI
    for s in range(4):
        suit = hand & SUIT_MASKS[s]
        n = suit.bit_count()
        for c in cards_of(suit):
            r = rank_of(c)
            if r == 14:
                score += 6
            elif r == 13:
                score += 3 if suit & KINGS else 1
            elif r == 12:
                score += 2 if n >= 3 else 1
            elif r == 11:
                score += 1 if n >= 4 else 0
        if n >= 5:
            score += 5 + 2 * (n - 5)
        if n_trumps >= 4:
            score += 6 if n == 0 else (3 if n == 1 else 0)
    return score * 18 / hand_size


class FrenchRuleBot:
    """The rule-based bot of ``fft-3p``, ``fft-4p`` and ``fft-5p`` (see the module docstring)."""

    name = "rule"
    #: Cards of the suit led still out, per opponent still to play, for the taker to trump
    #: with the Petit (``petit_ruff``).
    PETIT_RUFF = 2

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def act(self, view: View) -> int:
        legal = list(view.legal_actions)
        if len(legal) == 1:
            return legal[0]
        ph = view.phase
        if ph == "bid":
            return self.bid(view, legal)
        if ph == "call":
            return self.call(view, legal)
        if ph == "ecart":
            return self.ecart(view, legal)
        if ph == "chelem":
            return CHELEM if self.chelem(view) else DONE
        if ph == "poignee":
            if view.seat == view.taker:
                return max(a for a in legal if a in POIGNEES)
            return DONE
        if ph == "show":
            return legal[0]
        if ph == "play":
            return self.play(view, legal)
        return legal[0]

    def explain(self, view: View) -> str:
        """Why the bot makes the choice it makes in ``view``, in a sentence: the rule behind it
        (``tarot play``'s hint). Empty where there is no choice."""
        legal = list(view.legal_actions)
        if len(legal) < 2:
            return ""
        ph = view.phase
        if ph == "bid":
            count = hand_strength(view.hand, view.hand.bit_count())
            bids = ", ".join(f"{name} from {t}" for name, t in zip(
                ("a Prise", "a Garde", "a Garde sans", "a Garde contre"), THRESHOLDS[view.players]))
            return (f"its count of this hand is {count:.0f} (bouts, trumps and the big ones, honours, "
                    f"long suits, voids and singletons, on an 18-card scale); with {view.players} "
                    f"players it bids {bids}, when that overcalls the bid before")
        if ph == "play":
            return self.choose(view, legal)[1]
        return {
            "ecart": "it empties its shortest suits without their King, the cards that count first "
                     "(never a King or a bout; a trump only when it must, the lowest)",
            "call": "the King of the suit it holds most cards of (a lower honour when it holds every "
                    "King), not its own unless it must",
            "chelem": "a chelem only with a hand that wins every trick on its face: the 21, at least 13 "
                      "trumps, and nothing but Kings beside them",
            "poignee": "the taker shows the largest poignée he holds; a defender none (the bonus goes "
                       "to the winning side, most often the taker's)",
        }.get(ph, "")

    # ----- before play -------------------------------------------------------------------
    def bid(self, view: View, legal: list[int]) -> int:
        want = self.wanted_bid(view.hand, view.players)
        return want if want in legal else PASS

    @staticmethod
    def wanted_bid(hand: CardSet, players: int) -> int:
        """The highest contract the count of ``hand`` (as dealt) reaches, or PASS."""
        strength = hand_strength(hand, hand.bit_count())
        want = PASS
        for b, t in zip(BIDS, THRESHOLDS[players]):
            if strength >= t:
                want = b
        return want

    def bids_explained(self, view: View, dealt: list[CardSet]) -> bool:
        """Whether this bot, given the hands ``dealt`` (as dealt, before the chien), would
        have bid what every other seat bid in ``view`` (a bid it would have made is one that
        overcalls the bids before it; else it passes): the sampler's model of the bidding
        (``sampling.sample_from``)."""
        high = PASS
        for s, b in view.bids:
            if s != view.seat:
                want = self.wanted_bid(dealt[s], view.players)
                if (want if want > high else PASS) != b:
                    return False
            if b != PASS:
                high = b
        return True

    def call(self, view: View, legal: list[int]) -> int:
        h = view.hand
        not_mine = [c for c in legal if not h >> c & 1] or legal
        return max(not_mine, key=lambda c: ((h & SUIT_MASKS[_SUIT[c]]).bit_count(), rank_of(c), -c))

    def ecart_plan(self, view: View) -> list[Card]:
        """The cards to discard, chosen from the whole hand once the chien is in it."""
        full = view.hand | view.discards
        return self._ecart(full, full.bit_count() - view.hand_sizes[(view.seat + 1) % view.players])

    def discards_from(self, view: View, full: CardSet) -> CardSet:
        """The écart this bot makes from ``full`` (the taker's hand with the chien in it): the
        sampler's model of another seat's hidden discards (``sampling.sample_from``)."""
        chien = cast("type[FrenchDeal]", variant_class(view.variant)).CHIEN
        return sum(1 << c for c in self._ecart(full, chien))

    @staticmethod
    def _ecart(full: CardSet, k: int) -> list[Card]:
        free = full & ECART_FREE
        if free.bit_count() <= k:
            trumps = cards_of(full & ECART_TRUMPS)[:k - free.bit_count()]
            return sorted(trumps + cards_of(free))

        def key(c: Card) -> tuple:
            suit = full & SUIT_MASKS[_SUIT[c]]
            has_king = bool(suit & KINGS)
            return (has_king, suit.bit_count(), -_VALUE[c], c)

        return sorted(sorted(cards_of(free), key=key)[:k])

    def ecart(self, view: View, legal: list[int]) -> int:
        for c in self.ecart_plan(view):
            if not view.discards >> c & 1:
                return c if c in legal else legal[0]
        return legal[0]

    def chelem(self, view: View) -> bool:
        h = view.hand
        others = h & ~TRUMPS & ~1 & ~KINGS
        return bool(h >> MONDE & 1) and (h & TRUMPS).bit_count() >= 13 and not others

    # ----- play --------------------------------------------------------------------------
    def mates(self, view: View) -> set[int]:
        """Seats known to be in this seat's camp (itself included)."""
        me, taker = view.seat, view.taker
        if view.players != 5:
            return {me} if me == taker else {s for s in range(view.players) if s != taker}
        partner = view.partner
        assert taker is not None  # a king is called once bidding is over
        if me == taker:
            return {me} if partner is None or partner == me else {me, partner}
        if partner == me:
            return {me, taker}
        if partner is not None:
            return {s for s in range(view.players) if s not in (taker, partner)}
        return {me}

    def play(self, view: View, legal: list[int]) -> int:
        return self.choose(view, legal)[0]

    def choose(self, view: View, legal: list[int]) -> tuple[int, str]:
        """The card to play, and the rule that chose it (what ``explain`` says)."""
        non_excuse = [c for c in legal if c != FOOL] or legal
        if FOOL in legal and self.excuse_due(view):
            return FOOL, "the Excuse is never kept to the last trick, where it would change camp"
        played = self.played_cards(view)
        out_trumps = TRUMPS & ~played & ~view.hand
        mates = self.mates(view)
        if all(c == FOOL for c in view.trick):  # nothing led yet, or only the Excuse
            return self.lead(view, non_excuse, out_trumps, mates, legal)
        return self.follow(view, legal, non_excuse, played, out_trumps, mates)

    def excuse_due(self, view: View) -> bool:
        """Whether the Excuse is to be played now: with two tricks or fewer left, for played to
        the last trick outside a chelem it changes camp (§4.1); but not with two left in a
        chelem run, where it waits for the last trick, which it wins."""
        tricks_left = view.hand.bit_count()
        return tricks_left <= 2 and not (tricks_left == 2 and self.chelem_run(view))

    @staticmethod
    def played_cards(view: View) -> CardSet:
        """Every card played so far in the deal, the trick on the table included."""
        played = finished_tricks(view.tricks, view.players)[0]
        for c in view.trick:
            played |= 1 << c
        return played

    def follow(self, view: View, legal: list[int], non_excuse: list[int], played: CardSet,
               out_trumps: CardSet, mates: set[int]) -> tuple[int, str]:
        """The card to play to a trick already led: points to a trick the camp surely wins,
        else the card that wins it safely (``take``), else the card that loses least."""
        trick = list(view.trick)
        real = [c for c in trick if c != FOOL]
        led = _SUIT[real[0]]  # the first card that is not the Excuse sets the suit
        camp_after = self.camp_after(view, mates)
        if self.camp_holds(view, mates, camp_after, out_trumps):
            # points to the camp, the Petit too (safe now); never the 21, which cannot be lost
            return (max(non_excuse, key=lambda c: (-1 if c == MONDE else _VALUE[c], -c)),
                    "the trick is the camp's and nobody after can take it: give it points")
        top = max(_POWER[c] for c in real if _SUIT[c] == led or _SUIT[c] == TRUMP_SUIT)
        winning = [c for c in non_excuse
                   if (_SUIT[c] == led or _SUIT[c] == TRUMP_SUIT) and _POWER[c] > top]
        if winning:
            taken = self.take(view, winning, led, real, played, out_trumps, mates, camp_after)
            if taken is not None:
                return taken
        return self.lose_least(view, legal, non_excuse)

    @staticmethod
    def camp_after(view: View, mates: set[int]) -> bool:
        """Whether every seat still to play in the trick is of this camp: what the camp wins
        then stays won."""
        n, leader = view.players, cast(int, view.leader)
        return all((leader + i) % n in mates for i in range(len(view.trick) + 1, n))

    @staticmethod
    def camp_holds(view: View, mates: set[int], camp_after: bool, out_trumps: CardSet) -> bool:
        """Whether the trick is won by this camp and nobody after can take it: only the camp
        left to play, or the best trump out heading it."""
        trick = view.trick
        win_i = winning_index(list(trick))
        assert view.leader is not None  # a trick on the table has a leader
        if (view.leader + win_i) % view.players not in mates:
            return False
        best = trick[win_i]
        return camp_after or (0 < best <= 21 and _best_trump(best, out_trumps))

    def take(self, view: View, winning: list[int], led: int, real: list[Card], played: CardSet,
             out_trumps: CardSet, mates: set[int], camp_after: bool) -> tuple[int, str] | None:
        """The card of ``winning`` (those that head the trick now) to win it with, or None when
        no card is worth spending. A card is safe when only the camp is left to play, when it
        is a suit card no later opponent has shown he can trump, or when it is the best trump
        out."""
        cut = not camp_after and self.cut_after(view, led, mates)
        safe = [c for c in winning if camp_after or (c > 21 and not cut)
                or (c <= 21 and _best_trump(c, out_trumps))]
        if PETIT in safe and camp_after:
            return PETIT, "trumping with the Petit where nobody can overtrump saves it"
        if PETIT in winning and not cut and self.petit_ruff(view, led, real, played, mates):
            return PETIT, ("the Petit trumps while the opponents after are likely to follow suit; "
                           "kept, it would become the last trump and be lost")
        return self.cheapest_winner(view, winning, safe, real)

    @staticmethod
    def cheapest_winner(view: View, winning: list[int], safe: list[int],
                        real: list[Card]) -> tuple[int, str] | None:
        """The lowest card that wins, among the safe ones if any (the taker, in a trick without
        honours, among all winners: the best trumps kept); the Petit only by the last to play.
        None when no winner is safe, the trick holds no point and the lowest winner counts: it
        is not worth risking."""
        points = sum(_VALUE[c] for c in real)
        pool = safe or winning
        if view.seat == view.taker and safe and not points:
            pool = winning  # no honour to take: the lowest card that wins, the best trumps kept
        last_to_play = len(view.trick) == view.players - 1
        choice = min(pool, key=lambda c: (c == PETIT and not last_to_play, _VALUE[c], c))
        if pool is winning and safe:
            return choice, "no honour to take: the lowest card that wins, the best trumps kept"
        if safe:
            return choice, "the cheapest card that should win the trick (no one after has shown he can take it)"
        if points or _VALUE[choice] == 0:
            return choice, "the cheapest card that wins, for the points in the trick"
        return None

    @staticmethod
    def lose_least(view: View, legal: list[int], non_excuse: list[int]) -> tuple[int, str]:
        """The card to play to a trick the bot does not win for sure: the Excuse when it saves
        a card that counts (or would soon have to be played anyway), else the cheapest card,
        the Petit kept."""
        cheapest = min(non_excuse, key=lambda c: (_VALUE[c], c == PETIT, c))
        if FOOL in legal and (_VALUE[cheapest] > 0 or view.hand.bit_count() <= 2):
            return FOOL, "the trick is lost: the Excuse saves a card that counts"
        return cheapest, "the trick cannot be won for sure: the card that loses least"

    def petit_ruff(self, view: View, led: int, real: list[Card], played: CardSet,
                   mates: set[int]) -> bool:
        """Whether the taker, or a partner who knows he is one, trumps a suit trick with the
        Petit now: no trump in the trick yet, and every opponent still to play likely to
        follow suit (none has shown a void in it, the caller checks; at least ``PETIT_RUFF``
        cards of the suit still out for each). Kept for a safer moment, the Petit tends to
        become the taker's last trump, lost to a trump lead or a ruff he cannot avoid. With
        five players a defender does so too; with three or four a defender keeps it for a
        partner's trick (docs/bots.md, "Card play in French Tarot")."""
        if led == TRUMP_SUIT or (view.players < 5 and view.seat not in (view.taker, view.partner)):
            return False
        if any(c <= 21 for c in real):
            return False
        n = view.players
        leader = cast(int, view.leader)
        opponents = sum(1 for i in range(len(view.trick) + 1, n) if (leader + i) % n not in mates)
        out = (SUIT_MASKS[led] & ~played & ~view.hand).bit_count()
        return out >= self.PETIT_RUFF * opponents

    @staticmethod
    def cut_after(view: View, led: int, mates: set[int]) -> bool:
        """Whether an opponent still to play in the trick has shown a void in the suit ``led``
        and may still hold a trump (``sampler.french_voids``)."""
        if led == TRUMP_SUIT:
            return False
        n, suit = view.players, SUIT_MASKS[led]
        voids = french_voids(view)
        for i in range(len(view.trick) + 1, n):
            o = (cast(int, view.leader) + i) % n
            if o not in mates and voids[o] & suit == suit and voids[o] & TRUMPS != TRUMPS:
                return True
        return False

    def chelem_run(self, view: View) -> bool:
        """Whether this seat's camp has won every trick so far (the Excuse then waits for the
        last trick, which it wins)."""
        mates = self.mates(view)
        return bool(view.tricks) and all(w in mates for _, _, w in view.tricks)

    def lead(self, view: View, cards: list[int], out_trumps: CardSet, mates: set[int],
             legal: list[int]) -> tuple[int, str]:
        """The card to lead (``cards``: the legal ones but the Excuse): the Excuse to the last
        trick of a chelem run; the taker's trump draw; a low card into an opponent's void;
        a King or a master; else the cheapest card of the longest suit, or the lowest trump."""
        if FOOL in legal and self.chelem_run(view) and view.hand.bit_count() == 1:
            return FOOL, "the camp has won every trick: the Excuse led to the last one wins it"
        drawn = self.draw_trumps(view, cards, out_trumps)
        if drawn is not None:
            return drawn
        suits = [c for c in cards if c > 21]
        attacking = view.seat == view.taker or view.seat == view.partner
        cut = self.void_leads(view, suits, mates, attacking)
        suits = cut or suits
        cashed = self.cashing_leads(view, suits, attacking)
        if cashed:
            if KINGS >> cashed[0] & 1:
                return cashed[0], ("a King" if attacking else "a King of a suit the taker has followed "
                                   "(led blind, he may trump it)")
            return cashed[0], "a master: no card still out of its suit beats it"
        if suits:
            card = self.longest_suit_lead(view, suits)
            if cut:
                return card, "a low card into a suit an opponent has shown void in, to make him spend a trump"
            return card, "the cheapest card of the longest suit"
        return min(cards, key=lambda c: (c == PETIT, c)), "only trumps to lead: the lowest, the Petit last"

    @staticmethod
    def draw_trumps(view: View, cards: list[int], out_trumps: CardSet) -> tuple[int, str] | None:
        """The taker's trump lead, or None: his best trump when it is the best one out and he
        holds as many trumps as are out, to draw the defence's. Never a lower trump (it hands
        the lead to the defence cheaply), nor the best one with fewer trumps than are out (it
        would be spent on their low ones)."""
        trumps = [c for c in cards if 0 < c <= 21]
        if view.seat != view.taker or not trumps or not out_trumps:
            return None
        top = max(trumps)
        if _best_trump(top, out_trumps) and len(trumps) >= out_trumps.bit_count():
            return top, (f"the best trump out, with as many trumps as the {out_trumps.bit_count()} still "
                         "out: it draws the defence's")
        return None

    @staticmethod
    def void_leads(view: View, suits: list[int], mates: set[int], attacking: bool) -> list[int]:
        """The low cards (no King) of ``suits`` in a suit an opponent has shown void in, to make
        him spend a trump: the defence leads the taker's voids, the taker (and partner) the
        defenders'."""
        if not suits or view.taker is None:
            return []
        others = [view.taker] if not attacking else [o for o in range(view.players) if o not in mates]
        voids = french_voids(view)
        return [c for c in suits if not KINGS >> c & 1
                and any(voids[o] & SUIT_MASKS[_SUIT[c]] == SUIT_MASKS[_SUIT[c]] for o in others)]

    def cashing_leads(self, view: View, suits: list[int], attacking: bool) -> list[int]:
        """The Kings of ``suits`` worth leading, then (taker and partner) the other masters.
        The defence leads a King only in a suit the taker has followed: led blind, it is
        often trumped by him (void from his écart)."""
        kings = [c for c in suits if KINGS >> c & 1]
        if not attacking and view.taker is not None:
            followed = self.followed_suits(view, view.taker)
            kings = [c for c in kings if followed >> _SUIT[c] & 1]
        if attacking:
            kings += [c for c in self.masters(view, suits) if not KINGS >> c & 1]
        return kings

    @staticmethod
    def longest_suit_lead(view: View, suits: list[int]) -> int:
        """The cheapest card of ``suits`` in the longest suit of the hand (any of ``suits``
        when the longest is not among them)."""
        h = view.hand
        by_len = max(range(4), key=lambda s: ((h & SUIT_MASKS[s]).bit_count(), -s))
        pick = [c for c in suits if _SUIT[c] == by_len] or suits
        return min(pick, key=lambda c: (_VALUE[c], c))

    @staticmethod
    def followed_suits(view: View, seat: int) -> int:
        """The suits (a bit each) that ``seat`` has followed: played a card of the suit to a
        trick led in it (the Excuse led, the next card sets the suit)."""
        n, out = view.players, 0
        for leader, cards, _ in view.tricks:
            first = 1 if cards[0] == FOOL else 0
            i = (seat - leader) % n
            if i != first and first < len(cards) and _SUIT[cards[i]] == _SUIT[cards[first]]:
                out |= 1 << _SUIT[cards[i]]
        return out

    @staticmethod
    def masters(view: View, cards: list[int]) -> list[int]:
        """The suit cards of ``cards`` that no card still out (not played, not in this hand)
        of their suit beats."""
        gone = view.hand
        for _, played, _ in view.tricks:
            for c in played:
                gone |= 1 << c
        return [c for c in cards if c > 21 and not any(
            _POWER[x] > _POWER[c] for x in cards_of(SUIT_MASKS[_SUIT[c]] & ~gone))]

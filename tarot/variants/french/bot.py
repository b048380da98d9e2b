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
    FOOL, KINGS, SUIT_MASKS, TRUMP_SUIT, TRUMPS, Card, CardSet, cards_of, popcount, rank_of,
)
from ...core.counting import reduced_total
from ...core.deal import View, variant_class
from ...core.seat_view import SeatView
from ...core.tricks import PLAIN_POWER as _POWER
from ...core.tricks import SUIT_OF as _SUIT
from .bot_table import SUIT_BASE, Facts, Turn, suit_bits
from .rules import (
    BIDS, ECART_FREE, ECART_TRUMPS, POIGNEES, FrenchDeal, winning_index,
)

CHELEM: Final = ACTION_IDS["chelem"]
PETIT, MONDE = 1, 21
_VALUE: Final = tuple(reduced_total(1 << c) for c in range(78))
#: Count thresholds (18-card scale) for prise, garde, garde sans, garde contre, by number of
#: players. A prise at 40 is the club count; with four players the bot's card play as taker
#: wants 42 (docs/bots.md, "Bidding in French Tarot", gives the reasons for each value).
THRESHOLDS: Final = {3: (40, 42, 71, 81), 4: (42, 50, 71, 81), 5: (38, 42, 56, 81)}


def _best_trump(c: Card, out_trumps: CardSet) -> bool:
    """Whether trump ``c`` beats every trump still out (``out_trumps``)."""
    return not out_trumps >> (c + 1)


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
    """The rule-based bot of ``fft-3p``, ``fft-4p`` and ``fft-5p`` (see the module docstring).

    ``act`` takes a seat's view; ``act_seat`` the fields of it the bot reads (``SeatView``),
    which the rollouts give it (``tarot.bots.rollout``). Between the decisions of a deal the
    bot keeps the facts of the finished tricks it has seen (``bot_table.Facts``): the same
    views' trick tuples, one more after each trick; anything else is worked out afresh."""

    name = "rule"
    #: Cards of the suit led still out, per opponent still to play, for the taker to trump
    #: with the Petit (``petit_ruff``).
    PETIT_RUFF = 2

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self._facts = Facts.none(0)

    def act(self, view: View) -> int:
        return self.act_seat(SeatView.of(view))

    def act_seat(self, view: SeatView) -> int:
        """The decision from the fields of the seat's view the bot reads (``act``)."""
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        ph = view.phase
        if ph == "play":
            return self.play(view, legal)
        if ph == "bid":
            return self.bid(view, legal)
        if ph == "call":
            return self.call(view, legal)
        if ph == "ecart":
            return self.ecart(view, legal)
        if ph == "chelem":
            return CHELEM if self.chelem(view.hand) else DONE
        if ph == "poignee":
            if view.seat == view.taker:
                return max(a for a in legal if a in POIGNEES)
            return DONE
        return legal[0]

    def play(self, v: SeatView, legal: list[int]) -> int:
        """The card to play (``choose``)."""
        return self.choose(self.turn(v, legal))[0]

    def turn(self, v: SeatView, legal: list[int]) -> Turn:
        """The play decision of ``v``, with the finished tricks' facts brought up to date."""
        facts = self._facts = self._facts.then(v.tricks, v.players)
        return Turn(v, legal, facts)

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
            return self.choose(self.turn(SeatView.of(view), legal))[1]
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
    def bid(self, v: SeatView, legal: list[int]) -> int:
        want = self.wanted_bid(v.hand, v.players)
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

    def call(self, v: SeatView, legal: list[int]) -> int:
        h = v.hand
        not_mine = [c for c in legal if not h >> c & 1] or legal
        return max(not_mine, key=lambda c: ((h & SUIT_MASKS[_SUIT[c]]).bit_count(), rank_of(c), -c))

    def ecart_plan(self, v: SeatView) -> list[Card]:
        """The cards to discard, chosen from the whole hand once the chien is in it."""
        full = v.hand | v.discards
        return self._ecart(full, full.bit_count() - v.hand_sizes[(v.seat + 1) % v.players])

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

    def ecart(self, v: SeatView, legal: list[int]) -> int:
        for c in self.ecart_plan(v):
            if not v.discards >> c & 1:
                return c if c in legal else legal[0]
        return legal[0]

    @staticmethod
    def chelem(h: CardSet) -> bool:
        """Whether to announce a chelem with hand ``h``."""
        others = h & ~TRUMPS & ~1 & ~KINGS
        return bool(h >> MONDE & 1) and (h & TRUMPS).bit_count() >= 13 and not others

    # ----- play --------------------------------------------------------------------------
    def choose(self, t: Turn) -> tuple[int, str]:
        """The card to play, and the rule that chose it (what ``explain`` says)."""
        legal = t.legal
        non_excuse = [c for c in legal if c != FOOL] or legal
        if FOOL in legal and self.excuse_due(t):
            return FOOL, "the Excuse is never kept to the last trick, where it would change camp"
        for c in t.trick:
            if c != FOOL:
                return self.follow(t, non_excuse)
        return self.lead(t, non_excuse)  # nothing led yet, or only the Excuse

    def excuse_due(self, t: Turn) -> bool:
        """Whether the Excuse is to be played now: with two tricks or fewer left, for played to
        the last trick outside a chelem it changes camp (§4.1); but not with two left in a
        chelem run, where it waits for the last trick, which it wins."""
        tricks_left = t.hand_count
        return tricks_left <= 2 and not (tricks_left == 2 and self.chelem_run(t))

    def follow(self, t: Turn, non_excuse: list[int]) -> tuple[int, str]:
        """The card to play to a trick already led: points to a trick the camp surely wins,
        else the card that wins it safely (``take``), else the card that loses least."""
        real = [c for c in t.trick if c != FOOL]
        led = _SUIT[real[0]]  # the first card that is not the Excuse sets the suit
        camp_after = self.camp_after(t)
        if self.camp_holds(t, camp_after):
            # points to the camp, the Petit too (safe now); never the 21, which cannot be lost
            return (_most_points(non_excuse),
                    "the trick is the camp's and nobody after can take it: give it points")
        top = -1
        for c in real:
            if (_SUIT[c] == led or _SUIT[c] == TRUMP_SUIT) and _POWER[c] > top:
                top = _POWER[c]
        winning = [c for c in non_excuse
                   if (_SUIT[c] == led or _SUIT[c] == TRUMP_SUIT) and _POWER[c] > top]
        if winning:
            taken = self.take(t, winning, led, real, camp_after)
            if taken is not None:
                return taken
        return self.lose_least(t, non_excuse)

    @staticmethod
    def camp_after(t: Turn) -> bool:
        """Whether every seat still to play in the trick is of this camp: what the camp wins
        then stays won."""
        for o in t.later():
            if not t.mates >> o & 1:
                return False
        return True

    @staticmethod
    def camp_holds(t: Turn, camp_after: bool) -> bool:
        """Whether the trick is won by this camp and nobody after can take it: only the camp
        left to play, or the best trump out heading it."""
        win_i = winning_index(t.trick)
        if not t.mates >> (t.leader + win_i) % t.n & 1:
            return False
        best = t.trick[win_i]
        return camp_after or (0 < best <= 21 and _best_trump(best, t.out_trumps))

    def take(self, t: Turn, winning: list[int], led: int, real: list[Card],
             camp_after: bool) -> tuple[int, str] | None:
        """The card of ``winning`` (those that head the trick now) to win it with, or None when
        no card is worth spending. A card is safe when only the camp is left to play, when it
        is a suit card no later opponent has shown he can trump, or when it is the best trump
        out."""
        cut = not camp_after and self.cut_after(t, led)
        safe = [c for c in winning if camp_after or (c > 21 and not cut)
                or (c <= 21 and _best_trump(c, t.out_trumps))]
        if PETIT in safe and camp_after:
            return PETIT, "trumping with the Petit where nobody can overtrump saves it"
        if PETIT in winning and not cut and self.petit_ruff(t, led, real):
            return PETIT, ("the Petit trumps while the opponents after are likely to follow suit; "
                           "kept, it would become the last trump and be lost")
        return self.cheapest_winner(t, winning, safe, real)

    @staticmethod
    def cheapest_winner(t: Turn, winning: list[int], safe: list[int],
                        real: list[Card]) -> tuple[int, str] | None:
        """The lowest card that wins, among the safe ones if any (the taker, in a trick without
        honours, among all winners: the best trumps kept); the Petit only by the last to play.
        None when no winner is safe, the trick holds no point and the lowest winner counts: it
        is not worth risking."""
        points = 0
        for c in real:
            points += _VALUE[c]
        pool = safe or winning
        if t.seat == t.taker and safe and not points:
            pool = winning  # no honour to take: the lowest card that wins, the best trumps kept
        petit_last = len(t.trick) != t.n - 1  # the Petit after the others unless last to play
        choice = _least(pool, petit_last, False)
        if pool is winning and safe:
            return choice, "no honour to take: the lowest card that wins, the best trumps kept"
        if safe:
            return choice, "the cheapest card that should win the trick (no one after has shown he can take it)"
        if points or _VALUE[choice] == 0:
            return choice, "the cheapest card that wins, for the points in the trick"
        return None

    @staticmethod
    def lose_least(t: Turn, non_excuse: list[int]) -> tuple[int, str]:
        """The card to play to a trick the bot does not win for sure: the Excuse when it saves
        a card that counts (or would soon have to be played anyway), else the cheapest card,
        the Petit kept."""
        cheapest = _least(non_excuse, False, True)
        if FOOL in t.legal and (_VALUE[cheapest] > 0 or t.hand_count <= 2):
            return FOOL, "the trick is lost: the Excuse saves a card that counts"
        return cheapest, "the trick cannot be won for sure: the card that loses least"

    def petit_ruff(self, t: Turn, led: int, real: list[Card]) -> bool:
        """Whether the taker, or a partner who knows he is one, trumps a suit trick with the
        Petit now: no trump in the trick yet, and every opponent still to play likely to
        follow suit (none has shown a void in it, the caller checks; at least ``PETIT_RUFF``
        cards of the suit still out for each). Kept for a safer moment, the Petit tends to
        become the taker's last trump, lost to a trump lead or a ruff he cannot avoid. With
        five players a defender does so too; with three or four a defender keeps it for a
        partner's trick (docs/bots.md, "Card play in French Tarot")."""
        if led == TRUMP_SUIT or (t.n < 5 and t.seat != t.taker and t.seat != t.partner):
            return False
        for c in real:
            if c <= 21:
                return False
        opponents = 0
        for o in t.later():
            if not t.mates >> o & 1:
                opponents += 1
        out = popcount(suit_bits(~t.played_lo & ~t.hand_lo, ~t.played_hi & ~t.hand_hi, led))
        return out >= self.PETIT_RUFF * opponents

    @staticmethod
    def cut_after(t: Turn, led: int) -> bool:
        """Whether an opponent still to play in the trick has shown a void in the suit ``led``
        and may still hold a trump (``Turn.voids``)."""
        if led == TRUMP_SUIT:
            return False
        suits, trumps = t.voids()
        for o in t.later():
            if not t.mates >> o & 1 and suits[o] >> led & 1 and trumps[o] != TRUMPS:
                return True
        return False

    @staticmethod
    def chelem_run(t: Turn) -> bool:
        """Whether this seat's camp has won every trick so far (the Excuse then waits for the
        last trick, which it wins)."""
        return t.has_tricks and not t.facts.winners & ~t.mates

    def lead(self, t: Turn, cards: list[int]) -> tuple[int, str]:
        """The card to lead (``cards``: the legal ones but the Excuse): the Excuse to the last
        trick of a chelem run; the taker's trump draw; a low card into an opponent's void;
        a King or a master; else the cheapest card of the longest suit, or the lowest trump."""
        if FOOL in t.legal and t.hand_count == 1 and self.chelem_run(t):
            return FOOL, "the camp has won every trick: the Excuse led to the last one wins it"
        drawn = self.draw_trumps(t, cards)
        if drawn is not None:
            return drawn
        suits = [c for c in cards if c > 21]
        attacking = t.seat == t.taker or t.seat == t.partner
        cut = self.void_leads(t, suits, attacking)
        suits = cut or suits
        cashed = self.cashing_leads(t, suits, attacking)
        if cashed:
            if KINGS >> cashed[0] & 1:
                return cashed[0], ("a King" if attacking else "a King of a suit the taker has followed "
                                   "(led blind, he may trump it)")
            return cashed[0], "a master: no card still out of its suit beats it"
        if suits:
            card = self.longest_suit_lead(t, suits)
            if cut:
                return card, "a low card into a suit an opponent has shown void in, to make him spend a trump"
            return card, "the cheapest card of the longest suit"
        return _least(cards, True, False, by_value=False), "only trumps to lead: the lowest, the Petit last"

    @staticmethod
    def draw_trumps(t: Turn, cards: list[int]) -> tuple[int, str] | None:
        """The taker's trump lead, or None: his best trump when it is the best one out and he
        holds as many trumps as are out, to draw the defence's. Never a lower trump (it hands
        the lead to the defence cheaply), nor the best one with fewer trumps than are out (it
        would be spent on their low ones)."""
        out_trumps = t.out_trumps
        if t.seat != t.taker or not out_trumps:
            return None
        top, held = 0, 0
        for c in cards:
            if 0 < c <= 21:
                held += 1
                if c > top:
                    top = c
        if not held:
            return None
        out = popcount(out_trumps)
        if _best_trump(top, out_trumps) and held >= out:
            return top, (f"the best trump out, with as many trumps as the {out} still "
                         "out: it draws the defence's")
        return None

    @staticmethod
    def void_leads(t: Turn, suits: list[int], attacking: bool) -> list[int]:
        """The low cards (no King) of ``suits`` in a suit an opponent has shown void in, to make
        him spend a trump: the defence leads the taker's voids, the taker (and partner) the
        defenders'."""
        if not suits or t.taker < 0:
            return []
        others = [t.taker] if not attacking else [o for o in range(t.n) if not t.mates >> o & 1]
        suits_void = t.voids()[0]
        void = 0  # a bit a suit some seat of ``others`` has shown void in
        for o in others:
            void |= suits_void[o]
        return [c for c in suits if not KINGS >> c & 1 and void >> _SUIT[c] & 1]

    def cashing_leads(self, t: Turn, suits: list[int], attacking: bool) -> list[int]:
        """The Kings of ``suits`` worth leading, then (taker and partner) the other masters.
        The defence leads a King only in a suit the taker has followed: led blind, it is
        often trumped by him (void from his écart)."""
        kings = [c for c in suits if KINGS >> c & 1]
        if not attacking and t.taker >= 0:
            followed = t.facts.followed[t.taker]
            kings = [c for c in kings if followed >> _SUIT[c] & 1]
        if attacking:
            kings += [c for c in self.masters(t, suits) if not KINGS >> c & 1]
        return kings

    @staticmethod
    def longest_suit_lead(t: Turn, suits: list[int]) -> int:
        """The cheapest card of ``suits`` in the longest suit of the hand (any of ``suits``
        when the longest is not among them)."""
        by_len, most = 0, -1
        for s in range(4):
            k = popcount(suit_bits(t.hand_lo, t.hand_hi, s))
            if k > most:  # the first suit of the longest
                by_len, most = s, k
        pick = [c for c in suits if _SUIT[c] == by_len] or suits
        return _least(pick, False, False)

    @staticmethod
    def masters(t: Turn, cards: list[int]) -> list[int]:
        """The suit cards of ``cards`` that no card still out (not played, not in this hand)
        of their suit beats."""
        facts = t.facts  # the finished tricks: the trick on the table holds no suit card here
        gone_lo, gone_hi = t.hand_lo | facts.played_lo, t.hand_hi | facts.played_hi
        out: list[int] = []
        for c in cards:
            if c > 21:
                s = _SUIT[c]
                if not suit_bits(~gone_lo, ~gone_hi, s) >> (c - SUIT_BASE[s] + 1):
                    out.append(c)
        return out


def _most_points(cards: list[int]) -> int:
    """The card of ``cards`` that counts most, the lowest id among equals; the 21 last (it
    cannot be lost, and gives no points away)."""
    best, best_key = cards[0], -2
    for c in cards:
        key = -1 if c == MONDE else _VALUE[c]
        if key > best_key or (key == best_key and c < best):
            best, best_key = c, key
    return best


def _least(cards: list[int], petit_last: bool, petit_after: bool, by_value: bool = True) -> int:
    """The card of ``cards`` that counts least (``by_value``; else the lowest), the lowest id
    among equals; the Petit after every other card (``petit_last``) or after the other cards
    of its value (``petit_after``)."""
    best, best_key = cards[0], 1 << 30
    for c in cards:
        petit = 1 if c == PETIT else 0
        key = ((petit if petit_last else 0) << 12 | (_VALUE[c] if by_value else 0) << 9
               | (petit if petit_after else 0) << 8 | c)
        if key < best_key:
            best, best_key = c, key
    return best

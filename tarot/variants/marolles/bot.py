"""A rule-based player for Marolles 1637 (docs/rules §1), deciding from its ``View`` alone.

Every decision is a short rule or a one-trick expected value; there is no search and no look
at hidden cards. What the bot knows is what the view shows: its hand and discards, the cut card
(dealt to the dealer), the cards shown in declarations, the tricks played and the payments.
From the tricks it infers voids: a player who does not follow holds no card of the suit led,
and one who neither follows nor trumps holds no trump either.

* **Redeal** (``bad_hand_redeal=N``): asks for one when the hand is worth less than the 2N M
  it costs (no Tarot, few trumps); grants one only when its own hand is weak too, since the
  asker pays it N and the asker's weakness is the other players' gain.
* **Discards**: never a triomphe or a King (2 M to each opponent) unless nothing else is left;
  otherwise the cards that count for the pile and are at risk in play (a Queen without its King,
  a Cavalier without King and Queen), keeping la Belle and any Imperial; the dealer may empty a
  short suit to trump it later.
* **Declarations**: the highest tier of every kind it holds; where it may choose which cards
  to show (10 of 13 triomphes...), the least telling ones: plain low trumps before Tarots.
* **Play**: each legal card gets a value in marques: its chance of winning the trick (from the
  cards still out and the voids seen) times what winning brings (card points, the Tarot paid
  or captured, the Ultimo in the last trick), less what losing costs and less what the card is
  worth kept for later. The Fool is kept to excuse a trick that would cost something and is
  played in time; a King or the Bagat is kept for the last trick when the count shows the
  Ultimo is safe, and the Bagat (else the King of its longest suit) also while the seat's other
  trumps can outlast the opponents' (it then leads trumps to draw theirs).

>>> import tarot
>>> from tarot.bots import make_bot, play_out
>>> deal = tarot.new_deal("marolles-1637", seed=11)
>>> play_out(deal, [make_bot("rule", seed=s) for s in range(3)])
>>> sum(deal.result().scores)
0
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final, cast

from ...core.actions import ACKNOWLEDGE_REVOKE, ACTION_IDS, DONE, GRANT, REDEAL, REFUSE
from ...core.cards import (
    FOOL, KING, KINGS, LOW_PART, PART, TAROTS, TRUMP_SUIT, TRUMPS,
    Card, CardSet, card_phrase, cards_of, suit_card,
)
from ...core.cards import popcount as _bits
from ...core.counting import reduced_total
from ...core.deal import View, variant_class
from ...core.options import Options
from ...core.seat_view import SeatView
from ...core.tricks import SUIT_OF as _SUIT
from ...core.tricks import led_card, power_table
from .bot_discards import PENALISED, discard_plan, discard_scores
from .bot_table import SUIT_IS_HIGH, SUIT_PART, Facts, Opponent, Seen, Table
from .rules import DECLARATIONS, MarollesDeal, suit_power

BAGAT: Final[Card] = 1
XXI: Final[Card] = 21
ULTIMO_CARDS: Final[CardSet] = KINGS | (1 << BAGAT)

_POWER: Final = power_table(suit_power)
#: Card points a card brings to a pile counted in packets of three: reduced value + 1/3 (§0.2).
_POINTS: Final = tuple(reduced_total(1 << c) + 1 / 3 for c in range(78))
#: The cards of a card's own suit that beat it (higher trumps for a trump; none for the Fool).
_HIGHER: Final = tuple(
    0 if c == FOOL else sum(1 << d for d in range(1, 22) if d > c) if c <= 21
    else sum(1 << d for d in range(22, 78) if _SUIT[d] == _SUIT[c] and _POWER[d] > _POWER[c])
    for c in range(78)
)
#: Each card's part of a card set (``cards.PART``: the trumps and the first two suits low, the
#: other two high) and, in that part, the cards of its suit that beat it (``_HIGHER``). A part
#: is a machine word in the compiled bot, where a whole 78-card set is a Python long object.
_HIGH: Final[tuple[bool, ...]] = tuple(c >= PART for c in range(78))
_HIGHER_PART: Final[tuple[int, ...]] = tuple(h >> PART if c >= PART else h for c, h in enumerate(_HIGHER))
#: The card points a card of one's own gives to the trick's winner (``_POINTS`` less the 1/3).
_OWN_POINTS: Final = tuple(p - 1 / 3 for p in _POINTS)
#: Per card: a Tarot, a King, a card of the Ultimo (compiled, a test of a bit of a 78-card set
#: shifts a Python long object).
_IS_TAROT: Final[tuple[bool, ...]] = tuple(bool(TAROTS >> c & 1) for c in range(78))
_IS_KING: Final[tuple[bool, ...]] = tuple(bool(KINGS >> c & 1) for c in range(78))
_IS_ULTIMO: Final[tuple[bool, ...]] = tuple(bool(ULTIMO_CARDS >> c & 1) for c in range(78))
#: Each suit's King, alone in its part of a card set; the Kings in the two parts.
_KING: Final[tuple[int, ...]] = tuple(suit_card(s, KING) for s in range(4))
_KING_PART: Final[tuple[int, ...]] = tuple(1 << (k - PART if k >= PART else k) for k in _KING)
_KINGS_LO: Final = KINGS & LOW_PART
_KINGS_HI: Final = KINGS >> PART

#: The numbers 0..77 as floats (a card id, a suit card's power, a count): read from a table, not
#: converted by a call in pure Python (compiled, a float read unboxed).
_AS_FLOAT: Final[tuple[float, ...]] = tuple(float(i) for i in range(78))

#: Below every card's value (the first card weighed is taken over it).
_NO_VALUE: Final = float("-inf")

__all__ = ["BAGAT", "MarollesRuleBot", "PENALISED", "ULTIMO_CARDS", "XXI"]


class MarollesRuleBot:
    """Rule-based player for ``marolles-1637``: see the module docstring for how it decides.

    ``act`` takes a seat's view; ``act_seat`` the fields of it the bot reads (``SeatView``),
    which the rollouts give it (``tarot.bots.rollout``). Between the decisions of a deal the
    bot keeps the facts of the finished tricks it has seen (``bot_table.Facts``): the same
    views' trick tuples, one more after each trick; and what its view showed outside them
    (``bot_table.Seen``: its discards, the cards shown, the cut card) while the next view
    shows the same; anything else is worked out afresh."""

    name = "rule"
    #: Marques per card point won in a trick, and lost when the trick goes to an opponent.
    W_WIN = 0.3
    W_LOSE = 0.15
    #: Card points a later player is expected to add to a trick.
    LATER_POINTS = 0.5
    # What a card is worth kept for later, in marques (see ``_Trick.choose``).
    KEEP_KING = (0.3, -0.5)      # with more than KING_LATE cards in hand, and with fewer
    KING_LATE = 6
    KEEP_BAGAT = (-0.3, -1.0)    # with more than 5 cards in hand, and with fewer
    KEEP_TRUMP = (0.25, 0.03)    # a plain trump: base + slope x its number
    XXI_CAPTURE = 1.0            # the XXI waits for a trick worth this much more than +2
    FOOL_SHELTER = 0.8           # the Fool waits for a trick that would cost this much
    KEEP_POWER = 0.005           # per rank of a suit card (low cards go first)
    KEEP_SHORT = 0.02            # per card that its suit is shorter than four (voids first)
    #: The Bagat, and the King of the seat's longest suit, are kept for the Ultimo while the
    #: seat's other trumps, times this, are at least the trumps the opponents may still hold
    #: (``_Trick.bagat_plan``, ``_Trick.plan_king``); kept, each is worth this share of the
    #: Ultimo; and a trump led then (to draw theirs) gains DRAW_TRUMPS.
    ULTIMO_PLAN = 1.3
    KEEP_ULTIMO_PLAN = 0.5
    DRAW_TRUMPS = 1.0

    def __init__(self, seed: int | None = None) -> None:
        # The bot is deterministic: the seed is taken like every bot's (``make_bot``), unused.
        self.seed = seed
        # The facts of the finished tricks of the last view (``Facts.then``).
        self._facts = Facts((), 0, False, 0, 0, [])
        # What the last view of the play showed outside the tricks (``Seen.fits``).
        self._seen: Seen | None = None
        # The last discard plan made, and what it was made from (``_discard``).
        self._plan_key: tuple[CardSet, int, bool] = (0, 0, False)
        self._plan: CardSet = 0
        # The setup of the options of the last view (``_setup_of``).
        self._setup_options: object = None
        self._setup: _Setup | None = None

    def act(self, view: View) -> int:
        return self.act_seat(SeatView.of(view))

    def act_seat(self, v: SeatView) -> int:
        """The decision from the fields of the seat's view the bot reads (``act``)."""
        legal = v.legal_actions
        if len(legal) == 1:
            return legal[0]
        phase = v.phase
        if phase == "play":
            a = self._play(v)
        elif phase == "discard":
            a = self._discard(v)
        elif phase == "declare":
            a = self._declare(v)
        elif phase == "show":
            a = self._show(v)
        elif phase == "redeal":  # asking costs nothing if refused; granted, 2N M
            a = REDEAL if self.hand_value(v.hand) < -2 * self._redeal_cost(v) else DONE
        elif phase == "grant":  # granting earns N M; the asker's weakness is the others' gain
            a = GRANT if self.hand_value(v.hand) + 5.0 < self._redeal_cost(v) else REFUSE
        else:
            a = legal[0]
        return a

    # ----- redeal ------------------------------------------------------------------------
    @staticmethod
    def _redeal_cost(v: SeatView) -> int:
        value = v.options.get("bad_hand_redeal", "off")
        return int(value) if value.isdigit() else 99

    @staticmethod
    def hand_value(hand: CardSet) -> float:
        """Expected marques of a dealt hand played by this bot against itself, from the Tarots
        and trumps it holds: a linear fit over rule bots' deals (docs/bots.md, "Redeal")."""
        return -21.8 + 5.9 * _bits(hand & TAROTS) + 1.16 * _bits(hand & TRUMPS)

    # ----- discards (``bot_discards``) ---------------------------------------------------
    def _discard(self, v: SeatView) -> int:
        legal = [a for a in v.legal_actions if a < 78]
        if not legal:
            return v.legal_actions[0]
        setup = self._setup_of(v)
        discards = v.discards
        dealt = v.hand | discards
        total = _bits(dealt) - setup.tricks
        # the plan of the seat's first discard serves its next ones (the same dealt cards)
        key = (dealt, total, setup.declare_later)
        if key == self._plan_key:
            plan = self._plan
        else:
            plan = discard_plan(dealt, total, setup.declare_later)
            self._plan_key, self._plan = key, plan
        for c in cards_of(plan & ~discards):
            if c in legal:
                return c
        scores = discard_scores(dealt, setup.declare_later)
        return max(legal, key=lambda c: (scores[c], -c))

    def discards_from(self, v: View, full: CardSet) -> CardSet:
        """The discards this bot makes from ``full`` (all the cards dealt to a seat): the
        sampler's model of another seat's hidden discards (``sampling.sample_from``)."""
        setup = self._setup_of(SeatView.of(v))
        return discard_plan(full, _bits(full) - setup.tricks, setup.declare_later)

    # ----- declarations ------------------------------------------------------------------
    def _declare(self, v: SeatView) -> int:
        """The highest tier of every kind of declaration held (they are paid up front)."""
        o = v.options
        best: dict[int, tuple[float, int]] = {}
        for a in v.legal_actions:
            if a not in DECLARATIONS:
                continue
            group, value = DECLARATIONS[a]
            if a == ACTION_IDS["kings_3_fool"] and o.get("three_kings_fool_value") == "2_total":
                value = 1
            # equal value: the tier that shows fewer cards (lower id within a group)
            key = (value, -a)
            if group not in best or key > best[group]:
                best[group] = key
        if best:
            return min(-k[1] for k in best.values())
        return DONE

    def _show(self, v: SeatView) -> int:
        """Show the least telling cards: plain trumps (lowest first) before any Tarot."""
        legal = v.legal_actions
        plain = [c for c in legal if not TAROTS >> c & 1]
        return plain[0] if plain else legal[0]

    # ----- play --------------------------------------------------------------------------
    def reckon(self, v: View) -> tuple[list[tuple[Card, float, float]], list[str]]:
        """How the bot weighs the cards it may play (``view`` in the play phase): for each, in
        the order of the legal actions, (card, value in marques, chance of winning the trick),
        and notes on the plans behind the values; the bot plays the first of highest value.
        Empty with a single card to play (nothing to weigh) or a revoke to own up to."""
        rows: list[tuple[Card, float, float]] = []
        notes: list[str] = []
        self._play(SeatView.of(v), rows, notes)
        return rows, notes

    def _play(self, v: SeatView, rows: list[tuple[Card, float, float]] | None = None,
              notes: list[str] | None = None) -> int:
        """The card to play: the first of highest value (``_Trick.choose``) among those that keep
        the duty to follow and to trump; ``rows`` and ``notes``, when given, get what
        ``reckon`` returns."""
        all_legal = v.legal_actions
        if all_legal[-1] >= 78 and ACKNOWLEDGE_REVOKE in all_legal:  # sorted: actions after the cards
            # a revoke of this seat's (made in the deal a search replays, or by a person) can
            # still be owned up to: that costs nothing, and the play goes back to it
            return ACKNOWLEDGE_REVOKE
        trick = v.trick
        lead = led_card(trick)
        led = _SUIT[lead] if lead >= 0 else -1
        setup = self._setup_of(v)
        # where the engine prevents revokes, its legal cards are the dutiful ones (§1.6)
        legal = all_legal if setup.infer else self._dutiful(all_legal, v.hand_lo, v.hand_hi, led)
        if len(legal) == 1:
            return legal[0]
        facts = self._facts = self._facts.then(v.tricks, v.players, setup.infer)
        seen = self._seen
        if seen is None or not seen.fits(v):
            seen = self._seen = Seen(v)
        ctx = _Trick(self, v, led, setup, trick, facts, seen)
        left = _bits(v.hand_lo) + _bits(v.hand_hi)
        rescue = ctx.fool_rescue(left)
        # Holding the Bagat or a King for the Ultimo, a trump led draws the opponents' trumps.
        bagat, king = ctx.bagat, ctx.king
        draw = self.DRAW_TRUMPS if not trick and (bagat or king >= 0) and ctx.out else 0.0
        if notes is not None and (bagat or king >= 0):
            notes.append(ctx.ultimo_note(bagat, king, draw))
        return ctx.choose(legal, left, rescue, draw, rows)

    def _setup_of(self, v: SeatView) -> _Setup:
        """``_setup(v)``, kept from the bot's last view while its options are the same object
        (``Options``, which do not change)."""
        o, setup = v.options, self._setup
        if setup is None or o is not self._setup_options or v.variant != setup.variant:
            if not isinstance(o, Options):
                return _setup(v)
            setup = self._setup = _setup(v)
            self._setup_options = o
        return setup

    @staticmethod
    def _dutiful(all_legal: list[int], hand_lo: CardSet, hand_hi: CardSet, led: int) -> list[Card]:
        """The legal cards that keep the duty to follow the suit ``led`` and, void in it, to
        trump (§1.6; the Fool always): the bot keeps it even where revokes are allowed, since
        each costs 1 M. The hand is given in its two parts (``cards.PART``)."""
        if led < 0:
            return all_legal
        # the cards of the suit led in hand, in their part of the hand (``_HIGH``)
        high = SUIT_IS_HIGH[led]
        m = (hand_hi if high else hand_lo) & SUIT_PART[led]
        if not m and led != TRUMP_SUIT:
            high, m = False, hand_lo & TRUMPS
        if not m:
            return all_legal
        dutiful = [c for c in all_legal if c == FOOL or (_HIGH[c] == high and m >> (c - PART if high else c) & 1)]
        return dutiful or all_legal


class _Setup:
    """What a deal's variant and options make of the play, as the bot counts it: whether voids
    may be inferred (revokes prevented), the pack, the number of tricks, the Ultimo (won,
    failed) and a Fool not excused in half-marques, whether the Fool may not lead, and whether
    declarations come after the discards (the discards then keep what declares)."""

    __slots__ = ("variant", "infer", "pack", "tricks", "ult_win", "ult_fail", "fool_penalty",
                 "fool_lead_barred", "declare_later", "pack_lo", "pack_hi")

    def __init__(self, variant: str, o: Mapping[str, str]) -> None:
        self.variant = variant
        self.infer = o.get("revoke_handling", "engine_prevents") == "engine_prevents"
        cls = cast("type[MarollesDeal]", variant_class(variant))
        self.pack: CardSet = cls.PACK
        self.pack_lo, self.pack_hi = cls.PACK & LOW_PART, cls.PACK >> PART
        self.tricks: int = cls.TRICKS
        plus_1 = o.get("ultimo_win") == "6_plus_1"
        self.ult_win = 2 * (6 + plus_1)
        self.ult_fail = 2 * ((6 if o.get("ultimo_fail", "6") == "6" else 1) + plus_1)
        self.fool_penalty = 2 * int(o.get("fool_not_excused_penalty", "2"))
        self.fool_lead_barred = o.get("fool_lead_allowed", "true") == "false"
        self.declare_later = o.get("declarations_after_discard", "true") == "true"


#: The setups met, by (variant, options): a simulation meets one.
_SETUPS: Final[dict[tuple[str, Options], _Setup]] = {}


def _setup(v: SeatView) -> _Setup:
    o = v.options
    if not isinstance(o, Options):  # a plain mapping (a view from elsewhere): not remembered
        return _Setup(v.variant, o)
    key = (v.variant, o)
    setup = _SETUPS.get(key)
    if setup is None:
        if len(_SETUPS) >= 256:
            _SETUPS.clear()
        setup = _SETUPS[key] = _Setup(v.variant, o)
    return setup


class _Trick:
    """The trick on the table seen from the seat to play: what each card would bring."""

    __slots__ = ("bot", "v", "setup", "facts", "seen", "_table", "led", "trick", "best", "n_later",
                 "last", "out", "bagat", "king", "win_base", "lose_base", "hand_lo", "hand_hi")

    def __init__(self, bot: MarollesRuleBot, v: SeatView, led: int, setup: _Setup,
                 trick: Sequence[Card], facts: Facts, seen: Seen) -> None:
        self.bot = bot
        self.v, self.led, self.setup, self.facts, self.seen = v, led, setup, facts, seen
        self._table: Table | None = None  # ``table()``
        n = v.players
        self.trick = trick
        self.hand_lo, self.hand_hi = v.hand_lo, v.hand_hi
        leader = v.leader if trick else 0
        assert leader is not None  # a trick on the table has a leader
        best, best_seat, points = -1, -1, 0.0
        opp_tarots: list[int] = []  # seats of opponents whose Tarot is in the trick
        trumps = 0  # the trumps in the trick
        for i, c in enumerate(trick):
            seat = (leader + i) % n
            if c == FOOL:
                continue
            points += _POINTS[c]
            if _IS_TAROT[c]:
                opp_tarots.append(seat)
            s = _SUIT[c]
            if s == TRUMP_SUIT:
                trumps |= 1 << c
            if (s == TRUMP_SUIT or s == led) and _POWER[c] > (_POWER[best] if best >= 0 else -2):
                best, best_seat = c, seat
        self.best = best
        # the opponents still to play to the trick: the first of the others (``Table.opps``,
        # asked for by ``choose`` when a card could win the trick)
        self.n_later = n - 1 - len(trick)
        # What winning the trick brings and losing it costs, whichever card wins or loses it
        # (``choose``): its card points, and the opponents' Tarots in it, captured by me or by
        # the other opponent (then paid to me as well).
        # (counts as floats: the same values, in floating-point operations when compiled)
        self.win_base = (bot.W_WIN * (points + bot.LATER_POINTS * _AS_FLOAT[self.n_later])
                         + _AS_FLOAT[len(opp_tarots)])
        lose = -bot.W_LOSE * points
        for s in opp_tarots:
            lose += -1.0 if s == best_seat else 1.0
        self.lose_base = lose
        self.last = len(v.tricks) == setup.tricks - 1
        # The trumps the opponents may still hold: not played, not in this seat's hand or
        # discards (the Bagat counted if it is theirs).
        self.out = _bits(TRUMPS & ~(facts.played_lo | trumps | self.hand_lo | seen.discards_lo))
        # The Bagat and a King kept for the Ultimo (``bagat_plan``, ``plan_king``).
        self.bagat = self.bagat_plan()
        self.king = self.plan_king()

    def table(self) -> Table:
        """The seat's table (``bot_table.Table``), worked out when first asked: only the
        opponents' chances need it, and the last to play to a trick, or a seat none of whose
        cards can win it, asks for none unless its plans need the chance that no opponent holds
        a trump."""
        t = self._table
        if t is None:
            setup = self.setup
            t = self._table = Table(self.v, self.trick, setup.infer, setup.pack_lo, setup.pack_hi,
                                    self.facts, self.seen)
        return t

    def choose(self, legal: list[Card], left: int, rescue: float, draw: float,
               rows: list[tuple[Card, float, float]] | None) -> Card:
        """The first of the ``legal`` cards of highest value in marques (``left`` cards in hand);
        ``rows``, when given, gets (card, value, chance of winning the trick) for each.

        A card's value is what playing it brings in this trick, less what it is worth kept for
        later tricks, plus ``rescue`` if the trick is lost and ``draw`` for a trump led to draw
        the opponents'; with two cards left, what it brings now plus what the other card brings
        in the last trick (``last_trick_value``). What it brings in this trick: its chance ``p``
        of winning it times what winning brings (the card points already in the trick and some
        from the later players, the opponents' Tarots in it) plus 1 - ``p`` times what losing
        costs (those points given to the trick's winner, and the card's own); a Tarot of one's
        own is paid for either way (§1.7, §1.8). ``p`` assumes the worst: each later player
        beats the card whenever the rules let him (holding a higher card of its suit, or
        void in the suit led and holding a trump).

        The bot's innermost loop, written as one (no call per card: the pure-Python bot spent
        more on the calls than on the sums); each step says what it computes."""
        bot = self.bot
        led0, best, last = self.led, self.best, self.last
        # the opponents still to play (``Table.opps``, when first needed; the last to play
        # to the trick has none)
        later: list[Opponent] | None = None if self.n_later else []
        best_suit = _SUIT[best] if best >= 0 else -1
        win_base, lose_base = self.win_base, self.lose_base
        w_card, w_lose_own = bot.W_WIN + bot.W_LOSE, bot.W_LOSE / 3
        keep_trump, keep_trump_slope = bot.KEEP_TRUMP
        keep_power, keep_short = bot.KEEP_POWER, bot.KEEP_SHORT
        hand_lo, hand_hi = self.hand_lo, self.hand_hi
        chosen, chosen_value = legal[0], _NO_VALUE
        for c in legal:
            # -- p and what the card brings in this trick (``now``)
            if c == FOOL:  # it never wins; excused, 1 M from each opponent and it comes back
                p = 0.0
                now = lose_base - self.setup.fool_penalty if last else lose_base + 2.0
            else:
                s = _SUIT[c]
                led = led0 if led0 >= 0 else s
                # whether it heads the trick if played now
                if best < 0:
                    beats = True
                elif s == TRUMP_SUIT:
                    beats = best_suit != TRUMP_SUIT or c > best
                else:
                    beats = s == led and best_suit == led and _POWER[c] > _POWER[best]
                p = 1.0
                if beats:  # and is not beaten by the later players: each holds a card above
                    # it (known, or by the chance he holds one of the unseen cards above it),
                    # or, for a card of the suit led, ruffs
                    high, higher = _HIGH[c], _HIGHER_PART[c]
                    if later is None:
                        later = self.table().opps(self.n_later)
                    for o in later:
                        if (o.known_hi if high else o.known_lo) & higher:
                            above = 1.0
                        else:
                            above = o.some[_bits((o.pool_hi if high else o.pool_lo) & higher)]
                        if s == TRUMP_SUIT:
                            if led != TRUMP_SUIT:
                                above = o.void[led] * above
                        else:
                            above = above + o.ruff[led]
                            if not above < 1.0:
                                above = 1.0
                        p *= 1.0 - above
                else:
                    p = 0.0
                win = win_base
                lose = lose_base - (w_card * _OWN_POINTS[c] + w_lose_own)
                if _IS_TAROT[c]:
                    if last and _IS_ULTIMO[c]:
                        win += self.setup.ult_win
                        lose -= self.setup.ult_fail
                    else:
                        win += 2.0
                        lose -= 2.0
                now = p * win + (1.0 - p) * lose
            # -- its value: with two cards left, now and the last trick's
            if left == 2:
                other = cards_of(self.v.hand & ~(1 << c))[0]
                value = now + self.last_trick_value(other, p)
            else:
                # -- less what it is worth kept for later tricks
                if c == FOOL:
                    # +2 whenever excused, plus a shelter for a costly trick; due before the
                    # last trick, so the shelter turns into haste over the last few tricks
                    due = left - (5 if self.setup.fool_lead_barred else 3)  # tricks to spare
                    keep = 2.0 + max(-1.0, min(bot.FOOL_SHELTER, due * 0.3 - 0.7))
                elif c == XXI:  # sure to win whenever played: worth more than any trump
                    keep = (2.0 + keep_trump + keep_trump_slope * XXI
                            + bot.XXI_CAPTURE * min(1.0, left / 10))
                elif c == BAGAT:
                    if self.ultimo_safe():
                        keep = float(self.setup.ult_win)  # the same value as the int
                    elif self.bagat:
                        keep = bot.KEEP_ULTIMO_PLAN * self.setup.ult_win
                    else:
                        keep = bot.KEEP_BAGAT[0] if left > 5 else bot.KEEP_BAGAT[1]
                elif c <= 21:
                    keep = keep_trump + keep_trump_slope * _AS_FLOAT[c]
                elif _IS_KING[c]:
                    if c == self.king:
                        keep = bot.KEEP_ULTIMO_PLAN * self.setup.ult_win
                    else:
                        keep = bot.KEEP_KING[0] if left > bot.KING_LATE else bot.KEEP_KING[1]
                else:
                    # other suit cards: the stronger ones win more tricks later; a short
                    # suit emptied sooner lets one trump it (``s``: its suit, as above)
                    short = 4 - _bits((hand_hi if SUIT_IS_HIGH[s] else hand_lo) & SUIT_PART[s])
                    keep = (keep_power * _AS_FLOAT[_POWER[c]]
                            - keep_short * _AS_FLOAT[short if short > 0 else 0])
                value = now - keep + (1.0 - p) * rescue
                if draw and BAGAT < c <= 21:
                    value += draw
            if rows is not None:
                rows.append((c, value, p))
            if value > chosen_value + 1e-9:
                chosen, chosen_value = c, value
        return chosen

    def fool_rescue(self, left: int) -> float:
        """What losing a trick this seat leads is worth, ``left`` cards in hand: where the Fool
        may not lead (``fool_lead_allowed=false``) it can only excuse a trick someone else
        leads, so over the last few tricks a lead that loses is worth the excuse it makes
        possible."""
        if self.hand_lo & 1 and not self.trick and self.setup.fool_lead_barred and 3 <= left <= 5:
            return (2.0 + self.setup.fool_penalty) / 2 ** (left - 3)
        return 0.0

    def ultimo_note(self, bagat: bool, king: Card, draw: float) -> str:
        """The note (``reckon``) on the cards kept for the Ultimo: the Bagat if ``bagat``, the
        King ``king`` (-1: none), and whether a trump led draws the opponents' (``draw``)."""
        v = self.v
        king_name = card_phrase(king, v.notation) if king >= 0 else ""
        kept = ("the Bagat" + (f" and {king_name}" if king >= 0 else "")) if bagat else king_name
        return (f"{kept} {'are' if bagat and king >= 0 else 'is'} kept for the Ultimo: "
                f"{_bits(v.hand & TRUMPS & ~(1 << BAGAT))} other trumps against the "
                f"{self.out} the opponents may still hold"
                + (", so a trump led draws theirs" if draw else ""))

    def bagat_plan(self) -> bool:
        """Whether the seat holds the Bagat and enough other trumps to outlast the opponents'
        (``ULTIMO_PLAN`` times as many as they may hold): then it keeps the Bagat for the
        Ultimo and leads trumps to draw theirs."""
        hand = self.hand_lo
        if not hand & (1 << BAGAT):
            return False
        return _bits(hand & TRUMPS & ~(1 << BAGAT)) * self.bot.ULTIMO_PLAN >= self.out

    def plan_king(self) -> Card:
        """The King the seat keeps for the Ultimo, or -1: the King of its longest suit (the
        least likely to be forced out), while its trumps, the Bagat aside, times ``ULTIMO_PLAN``
        are at least those the opponents may hold (as ``bagat_plan``)."""
        lo, hi = self.hand_lo, self.hand_hi
        if not (lo & _KINGS_LO or hi & _KINGS_HI):
            return -1
        if _bits(lo & TRUMPS & ~(1 << BAGAT)) * self.bot.ULTIMO_PLAN < self.out:
            return -1
        best, longest = -1, -1
        for s in range(4):  # the Kings in order: of two suits as long, the later King
            part = hi if SUIT_IS_HIGH[s] else lo
            if part & _KING_PART[s]:
                length = _bits(part & SUIT_PART[s])
                if length >= longest:
                    best, longest = _KING[s], length
        return best

    def ultimo_safe(self) -> bool:
        """Whether the count shows that no opponent can hold a trump any more."""
        for o in self.table().opps(self.v.players - 1):
            if o.p_no_trumps() < 0.999:
                return False
        return True

    def last_trick_value(self, c: Card, p_lead: float) -> float:
        """Expected marques of ``c`` as the only card left for the last trick; ``p_lead`` is
        the chance of leading it (winning the trick now)."""
        if c == FOOL:
            return -self.setup.fool_penalty
        if c == XXI:
            return 2.0
        if not _IS_ULTIMO[c]:
            return 0.0
        no_trumps = 1.0
        for o in self.table().opps(self.v.players - 1):
            no_trumps *= o.p_no_trumps()
        if c == BAGAT:
            p = no_trumps
        else:  # a King wins only if its suit is led: surely when it leads, rarely otherwise
            p = p_lead * no_trumps + (1.0 - p_lead) * 0.1 * no_trumps
        return p * self.setup.ult_win - (1.0 - p) * self.setup.ult_fail

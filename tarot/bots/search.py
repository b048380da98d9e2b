"""Search bots: determinized search (PIMC) with inference and an exact endgame solver, and
plain information-set MCTS as a reference.

Both see only their seat's ``View``; the hidden cards come from ``tarot.bots.sampling``, which
draws deals consistent with everything the view tells and replays the public history on them.

* ``pimc`` (``PimcBot``): for each of ``worlds`` sampled deals and each legal card, the card
  is played and the deal finished by the rule-based bots (all seats), or, when at most
  ``exact_tricks`` tricks remain, solved exactly (``solve``); the card with the best mean
  score for the seat is played. With ``inference``, each sampled deal is weighted by how
  likely the other seats' past decisions were in it, the rule bot standing for them: a
  decision the rule bot would have made in that deal weighs 1, another ``epsilon``. Discards,
  declarations, the redeal, bids, the écart, the king call and the Early French consolation
  are left to the rule bot (search does not pay there: e.g. the penalties make the Marolles
  discards nearly forced, and declaring is always worth it). Every game is searched; scores
  are the ledger's, or the result's where a game's scores are no payments
  (``final_scores``).
* ``ismcts`` (``IsmctsBot``): single-observer information-set MCTS (Cowling, Powley and
  Whitehouse 2012): a new determinization each iteration, UCB over the actions available
  in it, random playouts, no inference. It makes every decision it can sample (all but the
  granting of a redeal, left to the rule bot). A reference, not the strongest.

``solve(deal, seat)`` is the exact solver: the score ``seat`` reaches at the end of the deal
when it maximises it and the others minimise it (paranoid alpha-beta over ``push``/``pop``).

Difficulty levels (``tarot play --bots``): ``search-easy`` < ``search-medium``
(= ``pimc-noinf``) < ``search-hard`` (``PerGame``: in French Tarot for 3 to 5 ``pimc-bid``,
``pimc-wide``'s 128 sampled deals with the écart drawn by the model and the bids, call, écart
and announcements by evaluation (``tarot.bots.preplay``); in every other game ``pimc-md``,
``pimc`` with the other seats' discards drawn by the model: the strongest bot of each game,
docs/strength.md); ``rule`` sits below ``search-easy``.
Budgets are iterations (sampled deals), so play is reproducible from the seed, except where
``time_limit`` (seconds) caps a decision: ``pimc``, ``pimc-noinf`` and the two upper levels
stop at 0.9 s, which only the slowest decisions reach (docs/strength.md).

>>> import tarot
>>> from tarot.bots import make_bot, play_out
>>> deal = tarot.new_deal("marolles-1637", seed=2)
>>> play_out(deal, [make_bot("search-easy", seed=1), make_bot("rule"), make_bot("rule")])
>>> sum(deal.result().scores)
0

Standard library only; no I/O.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any, Final, cast

from ..core.actions import ACKNOWLEDGE_REVOKE
from ..core.cards import NUM_CARDS, TRUMP_SUIT, Card, CardSet, Seat
from ..core.deal import Deal, View, variant_class
from ..core.game import game_of
from ..core.tricks import SUIT_OF
from . import RuleBot, make_bot, play_out, register_bot
from .sampling import Constraints, SamplingError, can_sample, sample_from
from .rollout import PyRandomPolicy, rollout


def seat_score(deal: Deal, seat: Seat) -> int:
    """The net score of ``seat`` so far: what the ledger has paid it less what it has paid;
    at the end of a deal whose scores are no payments (``final_scores``), its score."""
    if not deal.ledger.entries and deal.is_over:
        return deal.result().scores[seat]
    total = 0
    for p in deal.ledger.entries:
        if p.payee == seat:
            total += p.amount
        elif p.payer == seat:
            total -= p.amount
    return total


def final_scores(deal: Deal) -> tuple[int, ...]:
    """The scores of a finished deal: the ledger's totals, or ``result().scores`` when the
    ledger is empty (the scores of ``early-french`` and of ``french-2p`` with
    ``two_player_scoring=winner_only`` are no payments; an empty ledger otherwise scores 0)."""
    if deal.ledger.entries:
        return tuple(deal.ledger.totals())
    return deal.result().scores


# ----- the exact solver ---------------------------------------------------------------------
#: Each trick power table's suit orders (``_suit_orders``), with the table itself kept so that
#: its id is never another's.
_ORDERS: dict[int, tuple[tuple[int, ...], dict[int, list[Card]]]] = {}


def _suit_orders(power: tuple[int, ...]) -> dict[int, list[Card]]:
    """Each suit's cards (trumps: suit 4) from the lowest to the highest in ``power`` (a
    ``Deal.trick_power`` table: Marolles's round suits rank 1 above 10, French Tarot's
    1..10, J..K), made once a table."""
    found = _ORDERS.get(id(power))
    if found is None:
        order = {su: sorted(range(1, 22) if su == TRUMP_SUIT else range(22 + 14 * su, 36 + 14 * su),
                            key=power.__getitem__) for su in range(5)}
        found = _ORDERS[id(power)] = (power, order)
    return found[1]


def _move_order(deal: Deal, actions: list[int]) -> list[int]:
    """``actions`` in the order alpha-beta tries them: to lead a trick, the strongest card
    first (it most often wins the trick, and the cut-offs come sooner); following, as they
    come (lowest id first): ordering the followers' cards costs more than it saves
    (docs/strength.md, "The exact solver")."""
    if deal.trick:
        return actions
    power = deal.trick_power(deal.options)
    # a named action (owning up to a revoke) is tried first: it takes the play back
    return sorted(actions, key=lambda a: -power[a] if a < NUM_CARDS else -1_000_000)


def _one_per_run(actions: Sequence[int], mine: CardSet, live: CardSet, plain: CardSet,
                 ordered: dict[int, list[Card]]) -> list[int]:
    """``actions`` keeping one plain card of each run of plain cards of ``mine`` that no
    ``live`` card separates (and every action not in ``mine``: a two-player pile card)."""
    kept = 0
    for su in {SUIT_OF[a] for a in actions if plain >> a & 1}:
        in_run = False
        for c in ordered[su]:
            bit = 1 << c
            if mine & bit:
                if plain & bit and in_run:
                    continue  # touching the plain card kept before it
                kept |= bit
                in_run = bool(plain & bit)
            elif live & bit:
                in_run = False
    return [a for a in actions if not plain >> a & 1 or kept >> a & 1 or not mine >> a & 1]


def distinct_plays(deal: Deal, actions: list[int]) -> list[int]:
    """``actions`` less the cards interchangeable with one kept (the deal's ``PLAIN_CARDS``
    touching in one hand, judged with every card: the deal is searched as if all were
    known)."""
    plain = deal.PLAIN_CARDS
    if not plain or deal.phase != "play" or len(actions) < 2:
        return actions
    p = cast(Seat, deal.to_play)
    order = _suit_orders(deal.trick_power(deal.options))
    return _one_per_run(actions, deal.hand(p), deal.live_cards(p), plain, order)


def revokes_allowed(position: Deal | View) -> bool:
    """Whether the options of a deal or a view let a card be played against the obligations to
    follow and to trump, paid for if it is seen (``Deal.revokes_allowed``: Marolles's
    ``revoke_handling``)."""
    return variant_class(position.variant).revokes_allowed(position.options)


def considered_in_view(view: View) -> list[int]:
    """The legal actions of ``view`` a search tries: all of them, except where revokes are
    allowed: a revoke of the seat's own still open is owned up to at once (it costs nothing and
    the play goes back to it: the rule bot does the same), and no card is a revoke. A revoke
    costs 1 M to each opponent and all the revoker would still receive; searched, it makes the
    endgame solver's tree wide and many tricks deep (owning up goes back in the play), and a
    shallow search would revoke on purpose and pay for it (docs/bots.md)."""
    legal = list(view.legal_actions)
    if view.phase != "play" or not revokes_allowed(view):
        return legal
    if ACKNOWLEDGE_REVOKE in legal:
        return [ACKNOWLEDGE_REVOKE]
    duty = variant_class(view.variant).duty_cards(view.hand, view.trick)
    return [a for a in legal if duty >> a & 1] or legal


def searched_actions(deal: Deal, revokes: bool) -> list[int]:
    """``deal``'s legal actions that a search tries: as ``considered_in_view`` says, with every
    seat's cards known (``revokes``: ``revokes_allowed`` for the deal)."""
    actions = deal.legal_actions()
    if not revokes or deal.phase != "play":
        return actions
    if ACKNOWLEDGE_REVOKE in actions:
        return [ACKNOWLEDGE_REVOKE]
    lawful = deal.lawful_cards()
    return [a for a in actions if lawful >> a & 1] or actions


def distinct_in_view(view: View) -> list[int]:
    """The cards ``considered_in_view`` less those interchangeable with one kept, judged from
    what the seat knows: every card not seen played or discarded may still be live."""
    legal = considered_in_view(view)
    cls = variant_class(view.variant)
    plain = cls.PLAIN_CARDS
    if not plain or view.phase != "play" or len(legal) < 2:
        return legal
    gone = view.discards
    for _, cards, _ in view.tricks:
        for c in cards:
            gone |= 1 << c
    order = _suit_orders(cls.trick_power(view.options))
    return _one_per_run(legal, view.hand, ~gone & ~view.hand, plain, order)


def allies_of(deal: Deal, seat: Seat) -> frozenset[Seat]:
    """The seats whose score rises with ``seat``'s (``Deal.allies``): itself in Marolles
    (every player for himself); in French Tarot its camp (the taker and his partner, or the
    defenders)."""
    return deal.allies(seat)


class SearchTimeout(Exception):
    """``solve`` passed its ``deadline``: no value was found (the deal is left as it was)."""


#: The solver reads the clock once in this many nodes: a read costs more than a node's
#: bookkeeping, and so few nodes pass a deadline by little.
CLOCK_EVERY: Final = 1024


class _Clock:
    """A deadline (``time.perf_counter()``, wall-clock time), read every ``CLOCK_EVERY`` nodes
    of a search (``tick``) and between the steps of a sampled deal (``check``: a draw, a
    playout). Each read notes the longest step between two reads, and the search stops as
    soon as two more such steps would end past the deadline: on a busy machine the steps take
    longer, and the search stops sooner (one step of margin: a process that waits for a core
    makes one step take longer than any before it)."""

    __slots__ = ("deadline", "nodes", "last", "longest")

    def __init__(self, deadline: float) -> None:
        self.deadline = deadline
        self.nodes = 0
        self.last = time.perf_counter()
        self.longest = 0.0

    def tick(self) -> None:
        self.nodes += 1
        if not self.nodes % CLOCK_EVERY:
            self.check()

    def check(self) -> None:
        """Raise ``SearchTimeout`` if two more steps as long as the longest so far would end
        past the deadline."""
        now = time.perf_counter()
        self.longest = max(self.longest, now - self.last)
        self.last = now
        if now + 2 * self.longest > self.deadline:
            raise SearchTimeout(f"the search stops before its deadline after {self.nodes} nodes")


def solve(deal: Deal, seat: Seat, alpha: float = -math.inf, beta: float = math.inf,
          allies: frozenset[Seat] | None = None, table: dict | None = None,
          deadline: float | None = None, clock: _Clock | None = None) -> float:
    """The final score of ``seat`` with perfect play from ``deal``'s position: ``seat`` and
    its ``allies`` (``allies_of``) maximise it, every other seat minimises it (paranoid in
    Marolles, camp against camp in French Tarot). ``deal`` is left as it was.

    Alpha-beta over ``push``/``pop``; the value is exact (within the window given). Where the
    deal names positions (``Deal.POSITION_KEYS``: French Tarot, Marolles), the positions at the start of each
    trick are kept in a transposition table (``table``: pass one dict to several calls for the same
    ``seat`` on one deal, e.g. one per legal action, to share it): the bounds found for a
    position, and its best card, tried first when it comes again. With ``deadline`` (a
    ``time.perf_counter()`` time), a search still running then raises ``SearchTimeout``, the
    deal taken back to the position it was given in (the table keeps only exact bounds);
    ``clock``, a ``_Clock`` in place of ``deadline``, shares its reads with the caller's."""
    if allies is None:
        allies = allies_of(deal, seat)
    if table is None and deal.POSITION_KEYS:
        table = {}
    if clock is None:
        if deadline is None:
            return _alphabeta(deal, seat, alpha, beta, allies, table, revokes_allowed(deal), None)
        clock = _Clock(deadline)
    depth = len(deal.history)
    try:
        return _alphabeta(deal, seat, alpha, beta, allies, table, revokes_allowed(deal), clock)
    except SearchTimeout:
        while len(deal.history) > depth:
            deal.pop()
        raise


def _alphabeta(deal: Deal, seat: Seat, alpha: float, beta: float, allies: frozenset[Seat],
               table: dict | None, revokes: bool, clock: _Clock | None) -> float:
    """The value for ``seat`` of ``deal``'s position within the window (``alpha``, ``beta``)
    (``solve``): at the start of a trick the bounds the table holds for the position narrow
    the window first, and the bounds found are kept there after."""
    if clock is not None:
        clock.tick()
    if deal.is_over:
        return seat_score(deal, seat)
    key = entry = None
    base = 0  # the table keeps values relative to the marques paid so far (none in French Tarot)
    if table is not None and not deal.trick:
        key = deal.position_key()
        if key is not None:
            base = seat_score(deal, seat)
            entry = table.get(key)
        if entry is not None:
            settled, alpha, beta = _narrowed(entry, base, alpha, beta)
            if settled is not None:
                return settled
    actions = _ordered_actions(deal, revokes, None if entry is None else entry[2])
    a0, b0 = alpha, beta
    maximise = deal.to_play in allies
    push, pop = deal.push, deal.pop
    best = -math.inf if maximise else math.inf
    best_action = actions[0]
    for a in actions:
        push(a)
        v = _alphabeta(deal, seat, alpha, beta, allies, table, revokes, clock)
        pop()
        if maximise:
            if v > best:
                best, best_action = v, a
                if v > alpha:
                    alpha = v
        else:
            if v < best:
                best, best_action = v, a
                if v < beta:
                    beta = v
        if alpha >= beta:
            break
    if key is not None and table is not None:
        table[key] = _bounds(entry, base, best, a0, b0, best_action)
    return best


def _narrowed(entry: tuple, base: int, alpha: float, beta: float) -> tuple[float | None, float, float]:
    """What the table's ``entry`` (bounds relative to ``base``) tells of a position searched
    with the window (``alpha``, ``beta``): its value when the bounds settle it (None if not),
    and the window narrowed to the bounds."""
    low, high = entry[0] + base, entry[1] + base
    if low >= beta:
        return low, alpha, beta
    if high <= alpha or low == high:
        return high, alpha, beta
    return None, max(alpha, low), min(beta, high)


def _ordered_actions(deal: Deal, revokes: bool, first: int | None) -> list[int]:
    """The actions the solver tries from ``deal``'s position, in order: those a search tries
    (``searched_actions``), one of each run of interchangeable cards (``distinct_plays``), in
    ``_move_order``, with ``first`` (the best card the table found here before) ahead."""
    actions = searched_actions(deal, revokes)
    if len(actions) > 1:
        actions = distinct_plays(deal, actions)
        if len(actions) > 1:
            actions = _move_order(deal, actions)
            if first is not None and first in actions:
                actions.remove(first)
                actions.insert(0, first)
    return actions


def _bounds(entry: tuple | None, base: int, best: float, alpha: float, beta: float,
            best_action: int) -> tuple[float, float, int]:
    """The table entry for a position searched with the window (``alpha``, ``beta``) whose
    value came out as ``best``: an upper bound if it failed low, a lower bound if it failed
    high, else the exact value; narrowed by the ``entry`` held before, values relative to
    ``base`` (the marques paid so far), and ``best_action`` to try first next time."""
    low, high = (entry[0] + base, entry[1] + base) if entry is not None else (-math.inf, math.inf)
    if best <= alpha:
        high = min(high, best)
    elif best >= beta:
        low = max(low, best)
    else:
        low = high = best
    return (low - base, high - base, best_action)


def solve_actions(deal: Deal, seat: Seat) -> dict[int, float]:
    """The exact value (``solve``) of each legal action of ``seat``, which is to play."""
    allies = allies_of(deal, seat)
    table: dict | None = {} if deal.POSITION_KEYS else None
    out = {}
    for a in searched_actions(deal, revokes_allowed(deal)):
        deal.push(a)
        out[a] = solve(deal, seat, allies=allies, table=table)
        deal.pop()
    return out


def tricks_left(deal: Deal) -> int:
    """Tricks not yet finished in a deal, counting the one being played (``Deal.tricks_left``)."""
    return deal.tricks_left()


# ----- playouts -------------------------------------------------------------------------------
def finish_with(deal: Deal, bots: Sequence) -> None:
    """Play ``deal`` to the end with ``bots[seat]`` deciding from each seat's view
    (``play_out``: a ``RuleBot`` is asked as the variant's own rule bot)."""
    play_out(deal, bots)


def finish_random(deal: Deal, rng: random.Random, revokes: bool = False) -> None:
    """Play ``deal`` to the end with uniformly random legal actions; with ``revokes``
    (``revokes_allowed`` for the deal), among those a search tries
    (``searched_actions``): no card against the obligations to follow and to trump."""
    if revokes:
        choice = rng.choice
        while not deal.is_over:
            deal.push(choice(searched_actions(deal, True)))
        return
    rollout(deal, PyRandomPolicy(rng))


# ----- PIMC -----------------------------------------------------------------------------------
class PimcBot:
    """Determinized search with inference (see the module docstring)."""

    name = "pimc"

    def __init__(self, seed: int | None = None, worlds: int = 16, exact_tricks: int | None = None,
                 inference: bool = True, epsilon: float = 0.2, candidates: int = 3,
                 search_from: int | None = None, rounds: int = 4,
                 time_limit: float | None = None, model_discards: bool = False,
                 model_bids: bool = False) -> None:
        self.rng = random.Random(seed)
        self.worlds = worlds
        #: solve exactly when at most this many tricks are left (None: ``default_exact_tricks``).
        self.exact_tricks = exact_tricks
        self.inference = inference
        self.epsilon = epsilon
        #: with inference, sampled deals drawn per deal kept (the kept one is drawn by weight).
        self.candidates = candidates
        #: search only when at most this many tricks are left (None: always); the rule bot
        #: plays the tricks before.
        self.search_from = search_from
        #: rounds of successive halving (1: every card tried in every sampled deal).
        self.rounds = rounds
        self.time_limit = time_limit
        #: the other seats' hidden discards (Marolles) or écart (French Tarot) made as the
        #: model would make them from the cards drawn (``sampling.sample_from``).
        self.model_discards = model_discards
        #: French Tarot: sampled deals whose hands would not have made the other seats' bids
        #: (by the model) are drawn again (``sampling.sample_from``).
        self.model_bids = model_bids
        self.fallback = RuleBot(seed)
        self.model = RuleBot(seed)

    def act(self, view: View) -> int:
        """Search the play; every other decision, and any view that cannot be sampled, goes
        to the rule bot."""
        legal = view.legal_actions
        if len(legal) == 1:
            return legal[0]
        if view.phase != "play" or not can_sample(view.variant) or (
                self.search_from is not None and view.hand.bit_count() > self.search_from):
            return self.fallback.act(view)
        try:
            return self._search(view)
        except SamplingError:
            return self.fallback.act(view)

    def likelihood(self, world: Deal, seat: Seat) -> float:
        """How likely the other seats' decisions in ``world`` are under the rule-bot model:
        the product of 1 for each decision it would have made and ``epsilon`` for each other
        (every decision: discards, declarations, bids, cards; those with one legal action do
        not count)."""
        replay = type(world)(world.options, deck=world.deck, dealer=world.dealer)
        weight = 1.0
        model = self.model
        for a in world.history:
            p = cast(Seat, replay.to_play)
            if p != seat:
                v = replay.view(p)
                if len(v.legal_actions) > 1 and model.act(v) != a:
                    weight *= self.epsilon
            replay.push(a)
        return weight

    def sample(self, cons: Constraints, seat: Seat, clock: _Clock | None = None) -> Deal:
        """One sampled deal: with inference, one of ``candidates`` draws, each kept with a
        chance proportional to its weight (``likelihood``); ``SearchTimeout`` if ``clock``'s
        deadline passes between two draws."""
        rng = self.rng
        model = self.model if self.model_discards else None
        bids = self.model if self.model_bids else None
        if not self.inference:
            return sample_from(cons, rng, model=model, bids=bids)
        draws, weights = [], []
        for _ in range(self.candidates):
            if clock is not None:
                clock.check()
            draws.append(sample_from(cons, rng, model=model, bids=bids))
            weights.append(self.likelihood(draws[-1], seat))
        r = rng.random() * sum(weights)
        for w, x in zip(draws, weights):
            r -= x
            if r <= 0:
                return w
        return draws[-1]

    def _search(self, view: View) -> int:
        """Sample deals in rounds of ``worlds // rounds``; every legal card is tried in each
        deal of a round, and after each round the worse half of the cards still tried is
        dropped (successive halving): the budget goes to the cards that might be best."""
        start = time.perf_counter()   # the cap counts the reading of the view too
        seat = view.seat
        alive = distinct_in_view(view)
        if len(alive) == 1:
            return alive[0]
        cons = Constraints(view)
        exact = self.exact_tricks if self.exact_tricks is not None else default_exact_tricks(view)
        totals = dict.fromkeys(alive, 0.0)
        rollout = [self.model] * view.players
        # the cap is wall-clock time, the wait at the table; it is read between sampled deals,
        # within one (``_Clock.check``: a sampled deal's playouts may take half a second) and
        # every ``CLOCK_EVERY`` nodes of the solver
        clock = None if self.time_limit is None else _Clock(start + self.time_limit)
        per_round = max(1, self.worlds // self.rounds)
        done = searched = 0
        revokes = revokes_allowed(view)
        while done < self.worlds:
            for _ in range(min(per_round, self.worlds - done)):
                try:
                    if clock is not None and searched:
                        clock.check()
                    world = self.sample(cons, seat, clock)
                    done += 1
                    if revokes and world.revoke_open():
                        # another seat has a revoke open in this deal (a failure to follow that
                        # the view cannot tell from a void): he owns up at his next turn, the
                        # play goes back before this card, and every card scores alike;
                        # solved, it would be a tree of many tricks for nothing
                        continue
                    if tricks_left(world) > exact:
                        values = played_out_values(world, seat, alive, rollout, clock)
                    else:
                        values = solved_values(world, seat, alive, clock)
                except SearchTimeout:  # this deal is not counted: decide on the others
                    return _best_of(alive, totals) if searched else self.fallback.act(view)
                searched += 1
                for a in alive:
                    totals[a] += values[a]
            if len(alive) > 2 and searched:
                alive = sorted(alive, key=lambda a: (-totals[a], a))[:max(2, (len(alive) + 1) // 2)]
        if not searched:  # every deal drawn had a revoke open: nothing was learnt
            return self.fallback.act(view)
        return _best_of(alive, totals)


def default_exact_tricks(view: View) -> int:
    """The tricks left from which ``PimcBot`` solves a sampled deal exactly, when not given:
    4 with up to three players, and with four where the solver has a transposition table
    (``Deal.POSITION_KEYS``: French Tarot); else 3 with four or five players, 2 with six,
    where the tree is much wider (docs/strength.md, "The exact solver")."""
    keyed = variant_class(view.variant).POSITION_KEYS
    n = view.players
    return 4 if n <= 3 or (n == 4 and keyed) else 3 if n <= 5 else 2


def solved_values(world: Deal, seat: Seat, cards: list[int], clock: _Clock | None) -> dict[int, float]:
    """The exact value for ``seat`` (``solve``) of each of ``cards`` played in ``world``, one
    transposition table shared between them; ``SearchTimeout`` by ``clock``."""
    allies = allies_of(world, seat)
    table: dict | None = {} if world.POSITION_KEYS else None
    values: dict[int, float] = {}
    for a in cards:
        world.push(a)
        values[a] = solve(world, seat, allies=allies, table=table, clock=clock)
        world.pop()
    return values


def played_out_values(world: Deal, seat: Seat, cards: list[int], rollout: Sequence,
                clock: _Clock | None = None) -> dict[int, float]:
    """The score of ``seat`` once each of ``cards`` is played in a copy of ``world`` and the
    deal finished by the ``rollout`` bots; ``SearchTimeout`` if ``clock``'s deadline passes
    before a playout."""
    values: dict[int, float] = {}
    for a in cards:
        if clock is not None:
            clock.check()
        w = world.copy()
        w.push(a)
        finish_with(w, rollout)
        values[a] = seat_score(w, seat)
    return values


def _best_of(cards: list[int], totals: dict[int, float]) -> int:
    """The card of ``cards`` with the highest total, the lowest id among equals."""
    return max(cards, key=lambda a: (totals[a], -a))


# ----- ISMCTS ---------------------------------------------------------------------------------
class _Node:
    __slots__ = ("children", "visits", "avail", "total", "seat")

    def __init__(self, seat: Seat | None) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.seat = seat  # the seat that chose the action leading here


class IsmctsBot:
    """Single-observer information-set MCTS with random playouts and no inference."""

    name = "ismcts"

    def __init__(self, seed: int | None = None, iterations: int = 200, c: float = 0.7,
                 scale: float = 10.0, time_limit: float | None = None) -> None:
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.c = c
        self.scale = scale
        self.time_limit = time_limit
        self.fallback = RuleBot(seed)

    def act(self, view: View) -> int:
        """Search any decision whose view can be sampled; the rule bot decides the others.
        The action played is the root action visited most (of ``considered_in_view``)."""
        legal = considered_in_view(view)
        if len(legal) == 1:
            return legal[0]
        if not can_sample(view.variant):
            return self.fallback.act(view)
        try:
            cons = Constraints(view)
        except SamplingError:
            return self.fallback.act(view)
        rng = self.rng
        root = _Node(None)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        revokes = revokes_allowed(view)
        for i in range(self.iterations):
            if deadline is not None and i and time.perf_counter() > deadline:
                break
            try:
                deal = sample_from(cons, rng)
            except SamplingError:
                break
            path = self._descend(deal, root, revokes)
            finish_random(deal, rng, revokes)
            self._back_up(path, final_scores(deal))
        if not root.children:
            return self.fallback.act(view)
        return max(legal, key=lambda a: (root.children[a].visits if a in root.children else -1, -a))

    def _descend(self, deal: Deal, root: _Node, revokes: bool) -> list[_Node]:
        """Selection and expansion in one sampled ``deal``: from ``root``, play the action of
        highest UCB while every action available here has a node, then one new action at
        random (its node added); ``deal`` is played along. The nodes passed, ``root`` first."""
        node, path = root, [root]
        while not deal.is_over:
            actions = searched_actions(deal, revokes)
            for a in actions:  # each action available here was available to its node once more
                ch = node.children.get(a)
                if ch is not None:
                    ch.avail += 1
            fresh = [a for a in actions if a not in node.children]
            if fresh:
                a = self.rng.choice(fresh)
                child = node.children[a] = _Node(deal.to_play)
                child.avail = 1
                deal.push(a)
                path.append(child)
                break
            best = self._ucb_choice(node, actions)
            deal.push(best)
            node = node.children[best]
            path.append(node)
        return path

    def _ucb_choice(self, node: _Node, actions: list[int]) -> int:
        """The action of ``actions`` (each with a node under ``node``) of highest upper
        confidence bound: mean score plus ``c`` times the exploration term over its
        availability (the first of equals)."""
        c = self.c
        best, best_u = actions[0], -math.inf
        for a in actions:
            ch = node.children[a]
            u = ch.total / ch.visits + c * math.sqrt(math.log(ch.avail) / ch.visits)
            if u > best_u:
                best, best_u = a, u
        return best

    def _back_up(self, path: list[_Node], scores: Sequence[int]) -> None:
        """Count a visit to each node of ``path`` and add to each the final score (in units of
        ``scale``) of the seat that chose the action leading to it."""
        scale = self.scale
        for n in path:
            n.visits += 1
            if n.seat is not None:
                n.total += scores[n.seat] / scale


# ----- names and difficulty levels -------------------------------------------------------------
class PerGame:
    """Plays each game as the strongest search bot its declaration names (``Game.strongest_bot``,
    docs/strength.md), others as ``default``: the difficulty level ``search-hard``."""

    name = "per-game"

    def __init__(self, seed: int | None = None, default: str = "pimc") -> None:
        self.seed = seed
        self.default = default
        self.bots: dict[str, Any] = {}

    def bot_name(self, variant: str) -> str:
        """The name of the bot that plays ``variant``."""
        return game_of(variant).strongest_bot or self.default

    def act(self, view: View) -> int:
        name = self.bot_name(view.variant)
        bot = self.bots.get(name)
        if bot is None:
            bot = self.bots[name] = make_bot(name, seed=self.seed)
        return cast(int, bot.act(view))


def _factory(name: str, cls, **params):
    """A factory for ``register_bot``: ``cls`` with ``params``, named ``name``."""
    def make(seed: int | None = None):
        bot = cls(seed=seed, **params)
        bot.name = name
        return bot
    return make


BOT_SETTINGS: dict[str, tuple[type, dict[str, Any]]] = {
    "pimc": (PimcBot, {"worlds": 16, "time_limit": 0.9}),
    "pimc-noinf": (PimcBot, {"worlds": 16, "inference": False, "time_limit": 0.9}),
    "pimc-fast": (PimcBot, {"worlds": 8}),
    "pimc-fast-noinf": (PimcBot, {"worlds": 8, "inference": False}),
    "pimc-end": (PimcBot, {"worlds": 16, "search_from": 6}),
    "pimc-end-noinf": (PimcBot, {"worlds": 16, "search_from": 6, "inference": False}),
    "pimc-1s": (PimcBot, {"worlds": 64, "time_limit": 0.9}),
    "pimc-inf12": (PimcBot, {"worlds": 16, "candidates": 12, "epsilon": 0.1, "time_limit": 0.9}),
    "pimc-md": (PimcBot, {"worlds": 16, "model_discards": True, "time_limit": 0.9}),
    # pimc-md solving the last 6 tricks exactly (affordable with Marolles's transposition table).
    "pimc-md-x6": (PimcBot, {"worlds": 16, "model_discards": True, "time_limit": 0.9, "exact_tricks": 6}),
    # For French Tarot with the compiled engine (make install): twice pimc-1s's deals, with model
    # discards and without the likelihood weighting, which does not pay there (docs/strength.md).
    "pimc-wide": (PimcBot, {"worlds": 128, "inference": False, "model_discards": True,
                            "time_limit": 0.9}),
    # pimc-wide with the bidding read by the model (draws that contradict it drawn again).
    "pimc-wide-bids": (PimcBot, {"worlds": 128, "inference": False, "model_discards": True,
                                 "model_bids": True, "time_limit": 0.9}),
    "ismcts": (IsmctsBot, {}),
    "ismcts-1000": (IsmctsBot, {"iterations": 1000}),
    "search-easy": (PimcBot, {"worlds": 6, "exact_tricks": 2, "inference": False}),
    "search-medium": (PimcBot, {"worlds": 16, "inference": False, "time_limit": 0.9}),
    # The strongest of each game (docs/strength.md): in French Tarot pimc-bid (pimc-wide, whose
    # more sampled deals pay there, with the bidding by evaluation), in Marolles pimc-md-bid
    # (pimc-md with the discards by evaluation), elsewhere pimc-md (16 deals, model discards).
    "search-hard": (PerGame, {"default": "pimc-md"}),
}
#: The levels offered to players (``tarot bots``), with what each does; the other names above are
#: the research settings of docs/strength.md, played by name (``--bots pimc-md``) but offered nowhere.
LEVELS: dict[str, str] = {
    "search-easy": "tries each card in 6 guesses of the hidden hands, the last 2 tricks exactly; quick",
    "search-medium": "the same in 16 guesses, the last tricks exactly; up to a second a card",
    "search-hard": "the strongest in each game: guesses the other players' discards too (and "
                   "128 hands in French Tarot), bids and discards by playing the deal out; up to "
                   "a second a card",
}
for _name, (_cls, _params) in BOT_SETTINGS.items():
    register_bot(_name, _factory(_name, _cls, **_params), LEVELS.get(_name))

__all__ = ["BOT_SETTINGS", "IsmctsBot", "PerGame", "PimcBot", "SearchTimeout", "considered_in_view",
           "final_scores", "finish_random", "finish_with", "revokes_allowed", "searched_actions", "seat_score", "solve",
           "solve_actions", "tricks_left"]

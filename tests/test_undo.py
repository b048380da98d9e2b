"""push/pop as a search uses them: lines explored a few actions deep and taken back, then
another action played, in every variant under random options. After each line taken back the
deal must be in the state of a twin that never explored it (every attribute, in the pure-Python
engine: the compiled classes do not list them), and it must end as a fresh deal that replays
only the line kept: a pop that left anything behind (a card in a pile, the Excuse's owner, a
payment, a trick) would change the scores, what the seats see or the solver's position keys."""

import random

import pytest

import tarot
from tarot.core.cards import NUM_CARDS, PART
from tarot.core.deal import VARIANTS, SplitHandsDeal
from tarot.core.errors import IllegalActionError, OptionError
from tarot.core.ledger import Ledger

from helpers_variants import fingerprint, random_options


def _deal(variant: str, rng: random.Random):
    while True:
        options = random_options(variant, rng) if rng.random() < 0.5 else {}
        try:
            return tarot.new_deal(variant, options, seed=rng.randrange(2**32),
                                  dealer=rng.randrange(tarot.variant_class(variant).players_for(options)))
        except OptionError:
            continue  # a combination of options the variant refuses


def state(deal) -> dict:
    """Every attribute of a pure-Python deal (slots and instance dict) but the undo stack and
    the cache of legal actions; empty for a compiled deal."""
    names = {n for c in type(deal).__mro__ for n in getattr(c, "__slots__", ())}
    names |= set(getattr(deal, "__dict__", {}))
    out = {}
    for n in sorted(names - {"_undo", "_legal_at", "_legal_list", "_legal_lo", "_legal_hi"}):
        v = getattr(deal, n, None)
        out[n] = list(v.entries) if isinstance(v, Ledger) else v.copy() if isinstance(v, (list, dict)) else v
    return out


def play_with_branches(deal, rng: random.Random, share: float = 0.3) -> int:
    """Play ``deal`` to the end at random; before a share of the actions, explore a line of 1
    to 8 actions and take it back, then check the deal against a twin that only plays the line
    kept. Returns the number of lines explored."""
    twin = deal.copy()
    lines = 0
    while not deal.is_over:
        legal = deal.legal_actions()
        if rng.random() < share:
            depth = 0
            while depth < rng.randint(1, 8) and not deal.is_over:
                deal.push(rng.choice(deal.legal_actions()))
                depth += 1
            for _ in range(depth):
                deal.pop()
            assert deal.legal_actions() == legal
            assert state(deal) == state(twin)
            lines += 1
        a = rng.choice(legal)
        deal.push(a)
        twin.push(a)
    return lines


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_lines_taken_back_leave_nothing_behind(variant):
    rng = random.Random(f"undo/{variant}")
    lines = 0
    for _ in range(25):
        deal = _deal(variant, rng)
        lines += play_with_branches(deal, rng)
        fresh = tarot.new_deal(variant, dict(deal.options), deck=deal.deck, dealer=deal.dealer)
        for a in deal.history:
            fresh.push(a)
        assert fingerprint(deal) == fingerprint(fresh)
        got, want = deal.result(), fresh.result()
        assert got.scores == want.scores
        assert got.card_points == want.card_points
        assert list(got.ledger.entries) == list(want.ledger.entries)
    assert lines > 200  # the lines were explored


@pytest.mark.parametrize("variant", sorted(v for v, cls in VARIANTS.items() if issubclass(cls, SplitHandsDeal)))
def test_hand_parts_follow_the_hands(variant):
    """The play reads each hand as two machine words (``SplitHands.parts``): after every
    push, pop and copy, as a search makes them (it tries a card and takes it back), they hold
    the hands that replaying the same actions from the deal's start gives."""
    def check(deal):
        n = len(deal.hands)
        parts = [deal._split.parts(s) for s in range(n)]
        assert all(0 <= lo < 1 << PART and 0 <= hi < 1 << (NUM_CARDS - PART) for lo, hi in parts)
        assert [lo | hi << PART for lo, hi in parts] == deal.hands == [deal.hand(s) for s in range(n)]
        with pytest.raises(IllegalActionError, match=f"hand\\(seat\\) must be a seat 0..{n - 1}"):
            deal.hand(n)
        if rng.random() < 0.1:
            replay = tarot.new_deal(variant, deal.options, deck=deal.deck, dealer=deal.dealer)
            for a in deal.history:
                replay.push(a)
            assert replay.hands == deal.hands

    rng = random.Random(11)
    for _ in range(30):
        deal = _deal(variant, rng)
        check(deal)
        while not deal.is_over:
            actions = deal.legal_actions()
            for a in rng.sample(actions, min(2, len(actions))):
                deal.push(a)
                check(deal)
                if not deal.is_over and rng.random() < 0.5:
                    deal.push(rng.choice(deal.legal_actions()))
                    check(deal)
                    deal.pop()
                deal.pop()
                check(deal)
            deal.push(rng.choice(actions))
            check(deal)
            if rng.random() < 0.05:
                deal = deal.copy()
                check(deal)

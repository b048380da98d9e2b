"""A bot given a view can change nothing of any deal through it (issue 33): the options it sees
are the deal's own, shared by every default deal of the variant, and read-only; the view's
sequences are tuples, its hand and sizes numbers, so what one bot does to its view reaches no
other view and no deal."""

import pickle
import random

import pytest

from tarot.bots import play_out
from tarot.core.deal import new_deal
import tarot.variants  # noqa: F401  (registers every game)
from tarot.core.game import GAMES

VARIANTS = sorted(v for g in GAMES.values() for v in g.variants)


class Tamperer:
    """A bot that tries to write into everything its view hands out, then plays at random."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.refused: list[str] = []

    def _try(self, what: str, change) -> None:
        try:
            change()
        except (TypeError, AttributeError):
            self.refused.append(what)
        else:
            raise AssertionError(f"a bot could change {what}")

    def act(self, view) -> int:
        o = view.options
        key = next(iter(o))
        self._try("options[key]", lambda: o.__setitem__(key, "x"))
        self._try("options._values[key]", lambda: o._values.__setitem__(key, "x"))
        self._try("options._values.clear()", lambda: o._values.clear())
        self._try("options._values", lambda: setattr(o, "_values", {}))
        self._try("options._specs[key]", lambda: o._specs.__setitem__(key, None))
        self._try("options._hash", lambda: setattr(o, "_hash", 0))
        self._try("options.variant", lambda: setattr(o, "variant", "x"))
        self._try("del options._values", lambda: delattr(o, "_values"))
        self._try("view.hand", lambda: setattr(view, "hand", 0))
        for name in ("hand_sizes", "tricks", "trick", "shown", "payments", "legal_actions"):
            seq = getattr(view, name)
            self._try(f"view.{name}", lambda seq=seq: seq.append(0))
        return self.rng.choice(list(view.legal_actions))


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_bot_cannot_change_the_options_of_any_deal(variant):
    """Deals played by tampering bots keep their rules, and so do the deals made after them."""
    before = dict(new_deal(variant, seed=0).options)
    deal = new_deal(variant, seed=1)
    own = deal.options
    bots = [Tamperer(s) for s in range(deal.players)]
    play_out(deal, bots)
    assert any(b.refused for b in bots)  # every write was tried, and refused
    assert deal.options is own and dict(own) == before
    later = new_deal(variant, seed=2)
    assert dict(later.options) == before
    assert later.options.changed() == {}


@pytest.mark.parametrize("variant", VARIANTS)
def test_options_pickle_and_compare_as_before(variant):
    """Read-only options still cross to worker processes and hash as their values."""
    o = new_deal(variant, seed=0).options
    back = pickle.loads(pickle.dumps(o))
    assert back == o and hash(back) == hash(o) and dict(back) == dict(o)
    assert back.changed() == o.changed()

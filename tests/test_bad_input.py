"""Bad input at the engine's public methods, in every variant: one behaviour, the project's error
naming the bad value, whether the engine is compiled or not (issue 33: the compiled engine read
a float, a str or None at a parameter typed ``int`` as a ``TypeError``, and True as seat 1;
``hand(-1)`` gave the last seat in two variants). ``make test`` runs this file on the pure
package and again on a mypyc-compiled copy, so the two agree on every probe here."""

from __future__ import annotations

import enum

import pytest

import tarot
from tarot.core.errors import MAX_MESSAGE_CHARS, IllegalActionError, OptionError, TarotError

VARIANTS = sorted(tarot.VARIANTS)
HUGE = 10 ** 5000   # more digits than Python writes (4,300): repr() of it raises ValueError

#: Values that are no seat of any deal, and how the error quotes each.
NOT_SEATS = [
    (1.0, "1.0"), ("1", "'1'"), (None, "None"), (True, "True"), (False, "False"), (-1, "-1"),
    (99, "99"), (2 ** 64, str(2 ** 64)), (HUGE, "an integer of 5001 digits"),
    (-HUGE, "a negative integer of 5001 digits"), ([0], "[0]"), ("x" * 500, "… (500 characters)"),
]


class Seat(enum.IntEnum):
    EAST = 1


def well_formed(message: str) -> bool:
    """A message that prints safely on one line: printable, and not too long."""
    return message.isprintable() and 0 < len(message) <= MAX_MESSAGE_CHARS


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("bad, shown", NOT_SEATS, ids=[f"seat{i}" for i in range(len(NOT_SEATS))])
def test_a_bad_seat_is_refused_by_name_everywhere(variant, bad, shown):
    deal = tarot.new_deal(variant, seed=1)
    n = deal.players
    for what, call in [("view(seat)", deal.view), ("hand(seat)", deal.hand),
                       ("dealer", lambda s: tarot.new_deal(variant, seed=1, dealer=s))]:
        with pytest.raises(IllegalActionError) as e:
            call(bad)
        message = str(e.value)
        assert message.startswith(f"{what} must be a seat 0..{n - 1}, not ") and shown in message, message
        assert well_formed(message)


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_seat_of_another_integer_type_stands_for_its_value(variant):
    """As for actions (docs/api.md): an IntEnum member is the seat it stands for, and the deal
    keeps a plain int."""
    deal = tarot.new_deal(variant, seed=1, dealer=Seat.EAST)
    assert type(deal.dealer) is int and deal.dealer == 1
    assert deal.view(Seat.EAST) == deal.view(1) and type(deal.view(Seat.EAST).seat) is int
    assert deal.hand(Seat.EAST) == deal.hand(1)


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_seat_of_the_deal_is_taken(variant):
    deal = tarot.new_deal(variant, seed=3)
    hands = [deal.hand(s) for s in range(deal.players)]
    assert hands == deal.hands and all(deal.view(s).hand == hands[s] for s in range(deal.players))
    for s in range(deal.players):
        assert tarot.new_deal(variant, seed=3, dealer=s).dealer == s


#: Values that are no action id, and how the error quotes each.
NOT_ACTIONS = [
    (1.0, "1.0"), ("1", "'1'"), (None, "None"), (True, "True"), (-1, "-1"), (121, "121"),
    (HUGE, "an integer of 5001 digits"), (-HUGE, "a negative integer of 5001 digits"),
    ("\x1b]52;c;aGk=\x07", r"'\x1b]52;c;aGk=\x07'"),
]


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_bad_action_is_refused_by_name_and_changes_nothing(variant):
    deal = tarot.new_deal(variant, seed=2)
    before = (deal.phase, deal.to_play, list(deal.history), deal.hands, deal.legal_actions())
    for bad, shown in NOT_ACTIONS:
        with pytest.raises(IllegalActionError) as e:
            deal.push(bad)
        message = str(e.value)
        assert message == f"{shown} is not an action id (0..120)" and well_formed(message)
        for call in (deal.parse_action, deal.push_token, deal.action_token):
            with pytest.raises(IllegalActionError) as e:
                call(bad)
            assert well_formed(str(e.value))
    assert (deal.phase, deal.to_play, list(deal.history), deal.hands, deal.legal_actions()) == before


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_bad_deck_or_option_value_is_refused_by_name(variant):
    cls = tarot.variant_class(variant)
    good = list(tarot.new_deal(variant, seed=1).deck)
    for deck, shown in [([True] + good[1:], "True"), ([1.0] + good[1:], "1.0"),
                        ([HUGE] + good[1:], "an integer of 5001 digits"), (["KS"] + good[1:], "'KS'")]:
        with pytest.raises(IllegalActionError) as e:
            tarot.new_deal(variant, deck=deck)
        assert f"the deck holds cards outside the {variant} pack: {shown}" in str(e.value)
    key = cls.OPTIONS[0].key
    for value, shown in [(HUGE, "an integer of 5001 digits"), (-HUGE, "a negative integer"),
                         ("x\x1b" * 300, r"'x\x1bx\x1b"), (1.5, "1.5"), (None, "None")]:
        with pytest.raises(OptionError) as e:
            tarot.new_deal(variant, {key: value})
        assert shown in str(e.value) and well_formed(str(e.value)), str(e.value)
    with pytest.raises(OptionError) as e:
        tarot.new_deal(variant, {"\x1b[2J" + "k" * 300: 1})
    assert well_formed(str(e.value)) and r"\x1b[2J" in str(e.value)


@pytest.mark.parametrize("bad", [HUGE, "x" * 10**5, "\u202e", None, 1.5], ids=["huge", "long", "bidi", "none", "float"])
def test_an_unknown_variant_is_named_in_a_bounded_message(bad):
    with pytest.raises(TarotError) as e:
        tarot.new_deal(bad)
    assert str(e.value).startswith("unknown variant ") and well_formed(str(e.value))

"""The explanations below the interfaces (tarot/explain): messages by id, the explainer a game
declares, and a game with none still explained by the defaults."""

from __future__ import annotations

import pytest

import tarot
import tarot.core.ledger
from tarot.core.game import GAMES
from tarot.explain import (
    DEFAULT, CATALOGUES, Explainer, MessageError, add_messages, explainer_for, phase_help, say, use_language,
)


def test_every_game_names_its_explainer_in_its_declaration():
    for game in GAMES.values():
        for cls in game.deals:
            found = explainer_for(cls)
            assert isinstance(found, Explainer) and found is not DEFAULT, cls.variant


def test_a_message_is_said_in_the_language_chosen_and_english_where_it_lacks_one():
    add_messages({"test.deals": "{name} deals."})
    add_messages({"test.deals": "{name} donne."}, language="fr")
    try:
        use_language("fr")
        assert say("test.deals", name="Sud") == "Sud donne."
        assert say("deal.dealer", dealer="Sud") == "Sud deals."   # no French template yet
    finally:
        use_language("en")
        del CATALOGUES["fr"]
    assert say("test.deals", name="South") == "South deals."


def test_a_message_refuses_an_unknown_id_a_missing_field_and_a_second_meaning():
    with pytest.raises(MessageError, match="no message"):
        say("no.such.message")
    with pytest.raises(MessageError, match="needs the field 'dealer'"):
        say("deal.dealer")
    with pytest.raises(MessageError, match="already defined"):
        add_messages({"deal.dealer": "{dealer} shuffles."})


def test_the_defaults_explain_a_deal_of_any_game():
    """A game that names no explainer is still at the table: its actions said plainly, help
    listing the legal actions and the commands."""
    deal = tarot.new_deal("fft-4p", seed=1)
    names = ["South", "East", "North", "West"]
    seat, phase = deal.to_play, deal.phase
    action = deal.legal_actions()[0]
    deal.push(action)
    lines = DEFAULT.narrate(deal, names, set(), seat, phase, action, {})
    assert [ln.text for ln in lines] == [f"{names[seat]}: {deal.action_token(action)}."]
    assert DEFAULT.payment_reason(tarot.core.ledger.Payment(0, 1, 2, "some_reason", None, "x"), deal, names) == \
        "some reason (x)"
    assert phase_help(deal, deal.to_play)[-1].startswith("Type a card")

"""The explanations below the interfaces (tarot/explain): messages by id, the explainer a game
declares, and a game with none still explained by the defaults."""

from __future__ import annotations

import re
import string
import sys

import pytest

import tarot
import tarot.core.ledger
from tarot.core.game import GAMES
from tarot.explain import (
    DEFAULT, CATALOGUES, Explainer, MessageError, add_messages, explainer_for, phase_help, say, speaking,
    use_language,
)


def test_every_game_names_its_explainer_in_its_declaration():
    for game in GAMES.values():
        for cls in game.deals:
            found = explainer_for(cls)
            assert isinstance(found, Explainer) and found is not DEFAULT, cls.variant


def test_a_message_is_said_in_the_language_chosen_and_english_where_it_lacks_one():
    add_messages({"test.deals": "{name} deals."})
    # a language of the test's own, so the real French catalogue is left as the table made it
    add_messages({"test.deals": "{name} donne."}, language="xx")
    try:
        use_language("xx")
        assert say("test.deals", name="Sud") == "Sud donne."
        assert say("deal.dealer", dealer="Sud") == "Sud deals."   # no template in that language
    finally:
        use_language("en")
        del CATALOGUES["xx"]
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


# ---------------------------------------------------------------------------------------
# Every sentence at the table comes from the catalogue
# ---------------------------------------------------------------------------------------
OPEN, CLOSE = "⟦", "⟧"


def _marked(template: str) -> str:
    """``template`` with its own words between markers and its fields left bare: ``{name}
    deals.`` becomes ``{name}⟦ deals.⟧``; a word that code wrote into a field stays bare."""
    out = []
    for literal, field, spec, conv in string.Formatter().parse(template):
        if literal:
            out.append(OPEN + literal.replace("{", "{{").replace("}", "}}") + CLOSE)
        if field is not None:
            out.append("{" + field + (f"!{conv}" if conv else "") + (f":{spec}" if spec else "") + "}")
    return "".join(out)


def _table_text(variant: str, seed: int) -> str:
    """Two scripted deals of ``variant`` as the terminal prints them, `help` typed at each prompt."""
    import io

    from rich.console import Console

    from tarot.tui.table import PlaySession

    out = Console(file=io.StringIO(), color_system=None, highlight=False, emoji=False, soft_wrap=True,
                  markup=False, width=200)
    lines = iter(["help", "1"] * 2000)
    cls = tarot.variant_class(variant)
    bots = ["rule"] * (cls.players_for(cls.make_options({})) - 1)
    session = PlaySession(out, variant, {}, seed, 0, bots, 2, None, True, lambda _: next(lines, None))
    session.run()
    return out.file.getvalue()


@pytest.mark.parametrize("variant", sorted(tarot.VARIANTS))
def test_the_table_says_no_sentence_outside_the_catalogue(variant):
    """In a language whose templates mark their own words, a scripted deal with help at each
    prompt prints nothing outside the marks but cards, seat and card names, numbers and the
    tokens a person types (actions, options): an explanation that builds a sentence in code
    (an f-string, an English word handed to a field) shows here."""
    import tarot.tui  # noqa: F401  (the table's own messages)
    from tarot.core.actions import ACTION_IDS
    from tarot.core.cards import card_name, card_phrase, parse_card
    from tarot.explain import COMPASS, MORT

    cls = tarot.variant_class(variant)
    for game in GAMES.values():  # every game's explanations, and so its messages
        for deal_class in game.deals:
            explainer_for(deal_class)
    CATALOGUES["xx"] = {key: _marked(t) for key, t in CATALOGUES["en"].items()}
    try:
        use_language("xx")
        text = "".join(_table_text(variant, seed) for seed in (1, 2))
    finally:
        use_language("en")
        del CATALOGUES["xx"]
    n = cls.notation
    # names the catalogue does not make: the game's title, the cards' and the seats' names,
    # Marolles's declarations as its rules name them (longest first: "the King of Swords")
    names = {cls.title, MORT, *(w for seats in COMPASS.values() for w in seats)}
    names |= {f(c, n) for c in range(78) for f in (card_name, card_phrase)}
    names |= set(getattr(sys.modules[cls.__module__], "DECLARATION_NAMES", {}).values())
    names_said = re.compile("|".join(rf"(?<!\w){re.escape(w)}(?!\w)" for w in sorted(names, key=len, reverse=True)))
    tokens = set(ACTION_IDS) | set(n.suit_letters) | {n.fool_token, "rule", "--"}
    number = re.compile(r"[+−-]?\d+(?:\.\d+)?[%½]?|½")
    stray = []
    for line in text.splitlines():
        assert line.count(OPEN) == line.count(CLOSE), line
        bare = re.sub(f"{OPEN}[^{CLOSE}]*{CLOSE}", " ", line)
        bare = re.sub(names_said, " ", bare)
        for word in bare.split():
            word = re.sub(r"\*?/\d+$", "", word).strip(".,;:()[]`*+/·→×−-─'’")  # a pile's count: 10C/2
            if not word or number.fullmatch(word) or word in tokens or "_" in word or "=" in word:
                continue
            try:
                parse_card(word, n)
            except ValueError:
                stray.append((word, line))
    print(*[line for _, line in stray[:5]], sep="\n")
    assert not stray, sorted({w for w, _ in stray})[:40]


def test_a_contract_or_a_declaration_shown_is_named_in_words_in_each_language():
    """What the web table writes beside a bid or cards shown (``Explainer.action_name``)."""
    from tarot.core.deal import new_deal

    fft, mar = new_deal("fft-4p", seed=1), new_deal("marolles-1637", seed=1)
    name = explainer_for(fft).action_name
    said = {tok: name(fft, fft.parse_action(tok)) for tok in ("pass", "garde_sans", "poignee_double")}
    assert said == {"pass": "Pass", "garde_sans": "Garde sans le chien", "poignee_double": "a double poignée (30)"}
    with speaking("fr"):
        assert name(fft, fft.parse_action("pass")) == "Passe"
        assert explainer_for(mar).action_name(mar, mar.parse_action("kings_4_fool")) == "4 Rois et le Mat"
    assert explainer_for(mar).action_name(mar, mar.parse_action("imperial_cups")) == "Imperial of Cups"
    assert explainer_for(mar).action_name(mar, mar.parse_action("done")) == "done"  # no name: the token


def test_every_variant_has_a_title_in_each_language():
    """``title_of``: the table's intro, the replay, the puzzles and the web pages name the game
    in the language spoken; English is the engine's own ``Deal.title``."""
    from tarot.core.deal import VARIANTS
    from tarot.explain import title_of

    french = {}
    for name, cls in VARIANTS.items():
        assert title_of(cls) == title_of(cls, "en") == cls.title
        french[name] = title_of(cls, "fr")
        with speaking("fr"):
            assert title_of(cls) == french[name]
        assert french[name] != cls.title, (name, french[name])
    assert len(set(french.values())) == len(VARIANTS)  # no two games share a title
    assert french["fft-4p"] == "Tarot (règles de la FFT) : quatre joueurs"

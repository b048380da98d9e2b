"""The card faces (tarot.web.cards): every card of both packs, in both languages, is a
well-formed SVG document that names its card, and no two cards of a pack look alike."""

import xml.etree.ElementTree as ET

import pytest

from tarot.core.cards import FOOL, FRENCH, ITALIAN, NUM_CARDS, card_name, parse_card
from tarot.web.cards import HEIGHT, WIDTH, back_svg, card_svg, face_title, notation_named

SVG = "{http://www.w3.org/2000/svg}"


@pytest.mark.parametrize("notation", [ITALIAN, FRENCH], ids=lambda n: n.name)
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_every_face_is_svg_that_names_its_card(notation, lang):
    faces = set()
    for card in range(NUM_CARDS):
        svg = card_svg(card, notation, lang)
        root = ET.fromstring(svg)  # well-formed, whatever the names hold (l'Excuse, Cœur)
        assert root.tag == SVG + "svg"
        assert root.get("viewBox") == f"0 0 {WIDTH} {HEIGHT}"
        assert root.get("data-card") == str(card)
        title = root.find(SVG + "title")
        assert title is not None and title.text == face_title(card, notation, lang)
        assert root.get("aria-label") == title.text
        assert not any(e.get("id") for e in root.iter()), "a face inlined twice would repeat an id"
        if card > 21:  # suit cards are titled by the engine's own names
            assert title.text == card_name(card, notation, lang)
        faces.add(svg)
    assert len(faces) == NUM_CARDS


def test_french_and_italian_packs_differ_in_suits_and_trumps():
    for token in ("KS", "10D", "T7", "T21"):
        card = parse_card(token)
        assert card_svg(card, ITALIAN) != card_svg(card, FRENCH)
    assert face_title(parse_card("T13"), ITALIAN, "fr") == "XIII la Mort"
    assert face_title(parse_card("T13"), FRENCH, "fr") == "Atout 13"
    assert face_title(FOOL, FRENCH, "fr") == "l'Excuse"
    assert face_title(FOOL, ITALIAN, "fr") == "le Mat"


def test_french_corner_indices_are_the_french_letters():
    king = card_svg(parse_card("KH", FRENCH), FRENCH, "fr")
    assert ">R</text>" in king and ">Roi</text>" in king
    assert ">K</text>" in card_svg(parse_card("KH", FRENCH), FRENCH, "en")
    assert ">D</text>" in card_svg(parse_card("QS", FRENCH), FRENCH, "fr")


def test_back_is_svg():
    root = ET.fromstring(back_svg())
    assert root.tag == SVG + "svg" and root.find(SVG + "title") is None


@pytest.mark.parametrize("bad", [-1, NUM_CARDS, "KS", 3.0, None, True])
def test_bad_card_is_refused_by_name(bad):
    with pytest.raises(ValueError, match="is not a card id"):
        card_svg(bad)


def test_bad_language_and_notation_are_refused():
    with pytest.raises(ValueError, match="unknown language 'de'"):
        card_svg(1, ITALIAN, "de")
    with pytest.raises(ValueError, match="'german'"):
        notation_named("german")
    assert notation_named("french") is FRENCH

"""Card faces drawn as SVG by the project, with the standard library only (as python-chess's
``chess/svg.py`` draws its boards).

Two packs, as the two families of games are played with them (``tarot.core.cards``):

* ``ITALIAN`` (Marolles, early French Tarot): Swords, Batons, Cups and Coins, the trumps with
  their Tarot de Marseille names (I *le Bateleur* .. XXI *le Monde*) and the Fool (*le Mat*);
* ``FRENCH`` (modern French Tarot): Spades, Clubs, Hearts and Diamonds, trumps 1..21 by their
  numbers and the Excuse.

A face is legible at phone size: a large corner index (rank or trump number, with the suit's
sign under it) in both top-left and bottom-right corners, the pips or a figure panel in the
middle. Nothing here depends on a font having card symbols: the suit signs are drawn as paths.
Faces carry no ``id`` attribute, so that any number of them can be inlined in one page.

>>> svg = card_svg(parse_card("KS"))
>>> svg.startswith("<svg") and "<title>King of Swords</title>" in svg
True
>>> "<title>Roi de Cœur</title>" in card_svg(parse_card("KH", FRENCH), FRENCH, "fr")
True
>>> face_title(21, ITALIAN, "fr"), face_title(1, FRENCH, "en"), face_title(0, ITALIAN, "en")
('XXI le Monde', 'Trump 1 (the Petit)', 'the Fool')
"""

from __future__ import annotations

from html import escape
from typing import Final

from ..core.cards import (
    FOOL, FRENCH, ITALIAN, NUM_CARDS, Card, Notation, card_name, parse_card, rank_of, suit_of,
)

__all__ = ["HEIGHT", "WIDTH", "back_svg", "card_svg", "face_title", "parse_card", "suit_sign", "trump_title"]

#: The face's drawing box (a Tarot card is about 6 by 11 cm; a little squarer reads better).
WIDTH: Final = 120
HEIGHT: Final = 200
_FONT: Final = "DejaVu Sans, Liberation Sans, Arial, sans-serif"
_SERIF: Final = "DejaVu Serif, Liberation Serif, Georgia, serif"
_INK: Final = "#1d1d1d"
_PAPER: Final = "#fffdf5"

#: Suit colours by notation, in the suits' order (S B C D / S C H D): the Italian suits each
#: their own colour (steel, wood, red wine, gold), the French the usual black and red.
SUIT_COLOURS: Final = {
    ITALIAN.name: ("#2a4f8f", "#2e6b2e", "#b3202a", "#a8780a"),
    FRENCH.name: (_INK, _INK, "#c8102e", "#c8102e"),
}

#: The trumps' names on Tarot de Marseille cards (XIII bears no name on the card; players
#: call it la Mort), and in English.
TRUMP_NAMES_FR: Final = (
    "", "le Bateleur", "la Papesse", "l'Impératrice", "l'Empereur", "le Pape", "l'Amoureux",
    "le Chariot", "la Justice", "l'Ermite", "la Roue de Fortune", "la Force", "le Pendu",
    "la Mort", "Tempérance", "le Diable", "la Maison Dieu", "l'Étoile", "la Lune", "le Soleil",
    "le Jugement", "le Monde",
)
TRUMP_NAMES_EN: Final = (
    "", "the Juggler", "the Popess", "the Empress", "the Emperor", "the Pope", "the Lovers",
    "the Chariot", "Justice", "the Hermit", "the Wheel of Fortune", "Strength", "the Hanged Man",
    "Death", "Temperance", "the Devil", "the Tower", "the Star", "the Moon", "the Sun",
    "Judgement", "the World",
)
_ROMAN: Final = (
    "", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI", "XII", "XIII",
    "XIV", "XV", "XVI", "XVII", "XVIII", "XIX", "XX", "XXI",
)
#: Corner indices: French cards print R D C V and 1 for the Ace.
_INDEX: Final = {
    "en": ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "C", "Q", "K"),
    "fr": ("", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "V", "C", "D", "R"),
}
_FIGURE: Final = {
    "en": {11: "Jack", 12: "Cavalier", 13: "Queen", 14: "King"},
    "fr": {11: "Valet", 12: "Cavalier", 13: "Dame", 14: "Roi"},
}

# The suit signs, each drawn in a box from -10 to 10 around its centre.
_SIGN_PATHS: Final = {
    ("french", 0): '<path d="M0,-10C-5,-4 -11,-1 -10,4C-9,8 -4,8 -1,5L-3,10H3L1,5C4,8 9,8 10,4C11,-1 5,-4 0,-10Z"/>',
    ("french", 1): ('<circle cx="0" cy="-5" r="4.6"/><circle cx="-5.2" cy="2" r="4.6"/>'
                    '<circle cx="5.2" cy="2" r="4.6"/><path d="M-1,1L-3,10H3L1,1Z"/>'),
    ("french", 2): '<path d="M0,9C-6,3 -11,-1 -10,-5C-9,-10 -3,-10 0,-5C3,-10 9,-10 10,-5C11,-1 6,3 0,9Z"/>',
    ("french", 3): '<path d="M0,-10L7.5,0L0,10L-7.5,0Z"/>',
    # a sword, point up: blade, cross-guard, grip and pommel
    ("italian", 0): ('<path d="M0,-11L2.2,-7V3.5H-2.2V-7Z"/><rect x="-6.5" y="3.5" width="13" height="2.4" rx="1"/>'
                     '<rect x="-1.2" y="5.9" width="2.4" height="3"/><circle cx="0" cy="10" r="1.7"/>'),
    # a baton: a knotted cudgel, leaning
    ("italian", 1): ('<g transform="rotate(28)"><rect x="-2.6" y="-10.5" width="5.2" height="21" rx="2.6"/>'
                     '<circle cx="-2.6" cy="-3" r="1.6"/><circle cx="2.6" cy="3" r="1.6"/></g>'),
    # a cup: bowl, stem and foot
    ("italian", 2): '<path d="M-8,-9H8C8,-2 4.5,1.5 1.3,2.5V6L5.5,9.5H-5.5L-1.3,6V2.5C-4.5,1.5 -8,-2 -8,-9Z"/>',
    # a coin: a gold disc with a ring and a rose at its centre
    ("italian", 3): ('<circle cx="0" cy="0" r="9.5"/><circle cx="0" cy="0" r="6" fill="none" stroke="#fff6d5" '
                     'stroke-width="1.4"/><circle cx="0" cy="0" r="2.2" fill="#fff6d5"/>'),
}
#: A five-pointed star, the sign of the Fool and the Excuse (in the same -10..10 box).
_STAR: Final = '<path d="M0,-10L2.9,-4L9.5,-3.1L4.7,1.5L5.9,8.1L0,5L-5.9,8.1L-4.7,1.5L-9.5,-3.1L-2.9,-4Z"/>'

# Where the pips of a numbered card go (the usual layouts of 1 to 10), in the face's box.
_L, _C, _R = 38, 60, 82
_PIPS: Final = {
    1: ((_C, 100),),
    2: ((_C, 52), (_C, 148)),
    3: ((_C, 52), (_C, 100), (_C, 148)),
    4: ((_L, 52), (_R, 52), (_L, 148), (_R, 148)),
    5: ((_L, 52), (_R, 52), (_C, 100), (_L, 148), (_R, 148)),
    6: ((_L, 52), (_R, 52), (_L, 100), (_R, 100), (_L, 148), (_R, 148)),
    7: ((_L, 52), (_R, 52), (_C, 76), (_L, 100), (_R, 100), (_L, 148), (_R, 148)),
    8: ((_L, 52), (_R, 52), (_C, 76), (_L, 100), (_R, 100), (_C, 124), (_L, 148), (_R, 148)),
    9: ((_L, 48), (_R, 48), (_L, 82), (_R, 82), (_C, 100), (_L, 118), (_R, 118), (_L, 152), (_R, 152)),
    10: ((_L, 48), (_R, 48), (_C, 65), (_L, 82), (_R, 82), (_L, 118), (_R, 118), (_C, 135), (_L, 152), (_R, 152)),
}


def _check(card: Card, notation: Notation, lang: str) -> None:
    if type(card) is not int or not 0 <= card < NUM_CARDS:
        raise ValueError(f"{card!r} is not a card id (0..{NUM_CARDS - 1})")
    if notation.name not in SUIT_COLOURS:
        raise ValueError(f"no card faces for the {notation.name!r} notation")
    if lang not in _INDEX:
        raise ValueError(f"unknown language {lang!r}: use 'en' or 'fr'")


def suit_sign(suit: int, notation: Notation, x: float, y: float, size: float) -> str:
    """The sign of ``suit`` (0..3) centred at (x, y), ``size`` units across, in its colour.

    >>> suit_sign(2, FRENCH, 10, 20, 20)[:56]
    '<g transform="translate(10,20) scale(1)" fill="#c8102e">'
    """
    colour = SUIT_COLOURS[notation.name][suit]
    return (f'<g transform="translate({_num(x)},{_num(y)}) scale({_num(size / 20)})" fill="{colour}">'
            f'{_SIGN_PATHS[notation.name, suit]}</g>')


def _star(x: float, y: float, size: float, colour: str) -> str:
    return f'<g transform="translate({_num(x)},{_num(y)}) scale({_num(size / 20)})" fill="{colour}">{_STAR}</g>'


def _num(v: float) -> str:
    return str(int(v)) if v == int(v) else f"{v:.3g}"


def trump_title(n: int, notation: Notation, lang: str = "en") -> str:
    """A trump as its face titles it: the Marseille name of an Italian-suited trump, the
    number of a French-suited one (with the name players give the bouts).

    >>> trump_title(12, ITALIAN, "fr"), trump_title(21, FRENCH, "fr"), trump_title(7, FRENCH)
    ('XII le Pendu', 'Atout 21 (le 21)', 'Trump 7')
    """
    if notation is ITALIAN:
        names = TRUMP_NAMES_FR if lang == "fr" else TRUMP_NAMES_EN
        return f"{_ROMAN[n]} {names[n]}"
    word = "Atout" if lang == "fr" else "Trump"
    nick = {"fr": {1: "le Petit", 21: "le 21"}, "en": {1: "the Petit"}}[lang].get(n)
    return f"{word} {n} ({nick})" if nick else f"{word} {n}"


def face_title(card: Card, notation: Notation = ITALIAN, lang: str = "en") -> str:
    """What the face says it is (its tooltip and its accessible name)."""
    _check(card, notation, lang)
    if 0 < card <= 21:
        return trump_title(card, notation, lang)
    return card_name(card, notation, lang)


def card_svg(card: Card, notation: Notation = ITALIAN, lang: str = "en") -> str:
    """The face of ``card`` as a standalone SVG document (``WIDTH`` by ``HEIGHT`` units)."""
    _check(card, notation, lang)
    title = face_title(card, notation, lang)
    if card == FOOL:
        index, sign, colour, middle = "", None, "#6a3d9a", _fool_middle(notation, lang)
    elif card <= 21:
        index, sign, colour, middle = str(card), None, _INK, _trump_middle(card, notation, lang)
    else:
        s, r = suit_of(card), rank_of(card)
        colour = SUIT_COLOURS[notation.name][s]
        index, sign = _INDEX[lang][r], s
        middle = _pips(s, r, notation) if r <= 10 else _figure(s, r, notation, lang)
    corner = _corner(index, sign, colour, notation)
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-label="{escape(title)}" class="card" data-card="{card}">'
        f'<title>{escape(title, quote=False)}</title>'
        f'<rect x="1.5" y="1.5" width="{WIDTH - 3}" height="{HEIGHT - 3}" rx="9" fill="{_PAPER}" '
        f'stroke="#555" stroke-width="2"/>'
        f'{middle}{corner}'
        f'<g transform="rotate(180 {WIDTH / 2:g} {HEIGHT / 2:g})">{corner}</g></svg>'
    )


def _corner(index: str, sign: int | None, colour: str, notation: Notation) -> str:
    """The corner index, top left: the rank (or trump number) and the suit's sign under it
    (a star for the Fool), large enough to read when the cards overlap in a fanned hand."""
    size = 32 if len(index) < 2 else 27
    text = (f'<text x="17" y="31" text-anchor="middle" font-family="{_FONT}" font-weight="bold" '
            f'font-size="{size}" fill="{colour}"{_squeeze(index, 28)}>{escape(index)}</text>') if index else ""
    if sign is not None:
        return text + suit_sign(sign, notation, 17, 46, 17)
    if index:  # a trump: a small band under the number, the mark of the trumps
        return text + f'<rect x="6" y="38" width="22" height="4" rx="2" fill="{colour}"/>'
    return _star(17, 22, 24, colour)


def _squeeze(text: str, width: float) -> str:
    """Attributes that fit ``text`` into ``width`` units when it is long (``10``, names)."""
    return f' textLength="{width}" lengthAdjust="spacingAndGlyphs"' if len(text) > 1 else ""


def _pips(suit: int, rank: int, notation: Notation) -> str:
    size = 40 if rank == 1 else 22
    return "".join(suit_sign(suit, notation, x, y, size) for x, y in _PIPS[rank])


def _panel(fill: str) -> str:
    return (f'<rect x="30" y="24" width="60" height="152" rx="6" fill="{fill}" stroke="#777" '
            f'stroke-width="1.2"/>')


def _banner(text: str, y: float, colour: str = _INK, size: float = 11, width: float = 58) -> str:
    fit = f' textLength="{width}" lengthAdjust="spacingAndGlyphs"' if len(text) * size * 0.56 > width else ""
    return (f'<text x="60" y="{_num(y)}" text-anchor="middle" font-family="{_FONT}" font-size="{size}" '
            f'fill="{colour}"{fit}>{escape(text)}</text>')


def _figure(suit: int, rank: int, notation: Notation, lang: str) -> str:
    """A court card: a panel with the figure's crown or mount drawn simply, its suit's sign
    large, and its name (Roi, Dame, Cavalier, Valet)."""
    colour = SUIT_COLOURS[notation.name][suit]
    out = [_panel("#f3ecdc")]
    if rank == 14:  # King: a crown of five points
        out.append(f'<path d="M40,72L40,50L48,60L54,44L60,58L66,44L72,60L80,50L80,72Z" fill="{colour}"/>')
    elif rank == 13:  # Queen: a diadem
        out.append(f'<path d="M42,72Q60,40 78,72Z" fill="{colour}"/><circle cx="60" cy="52" r="4" fill="{colour}"/>')
    elif rank == 12:  # Cavalier: a horse's head
        out.append(f'<path d="M46,74L50,58Q52,46 64,44L70,40L70,47Q78,50 78,58L72,60L66,56L62,74Z" '
                   f'fill="{colour}"/>')
    else:  # Jack: a plumed cap
        out.append(f'<path d="M44,72Q44,56 60,56Q76,56 76,72Z" fill="{colour}"/>'
                   f'<path d="M64,56Q72,40 82,44Q72,46 68,57Z" fill="{colour}"/>')
    out.append(suit_sign(suit, notation, 60, 110, 40))
    out.append(_banner(_FIGURE[lang][rank], 160, colour, 12, 54))
    return "".join(out)


def _trump_middle(n: int, notation: Notation, lang: str) -> str:
    """A trump: its roman numeral and Marseille name (Italian suits), or its number large on a
    band (French suits)."""
    if notation is ITALIAN:
        names = TRUMP_NAMES_FR if lang == "fr" else TRUMP_NAMES_EN
        numeral = _ROMAN[n]
        return (_panel("#e6eef8")
                + f'<text x="60" y="70" text-anchor="middle" font-family="{_SERIF}" font-weight="bold" '
                  f'font-size="{28 if len(numeral) < 4 else 22}" fill="{_INK}">{numeral}</text>'
                + '<path d="M38,86H82M38,90H82" stroke="#2a4f8f" stroke-width="1.5"/>'
                + _star(60, 118, 26, "#a8780a")
                + _banner(names[n], 160, _INK, 11, 56))
    out = _panel("#eef2f7") + (f'<text x="60" y="118" text-anchor="middle" font-family="{_FONT}" '
                               f'font-weight="bold" font-size="{44 if n < 10 else 40}" fill="{_INK}">{n}</text>')
    nick = {"fr": {1: "le Petit", 21: "le 21"}, "en": {1: "the Petit"}}[lang].get(n)
    if nick:  # the bouts, the cards that count most
        out += _star(60, 50, 18, "#a8780a") + _banner(nick, 160, _INK, 11, 56)
    return out


def _fool_middle(notation: Notation, lang: str) -> str:
    name = notation.fool_name_fr if lang == "fr" else notation.fool_name_en
    return _panel("#efe7f5") + _star(60, 95, 46, "#6a3d9a") + _banner(name[0].upper() + name[1:], 160, "#6a3d9a", 12)


def back_svg() -> str:
    """The back of a card (a hidden card: another seat's hand, the chien face down).

    >>> back_svg().count("<svg")
    1
    """
    diamonds = "".join(f'<path d="M{x},{y - 9}L{x + 7},{y}L{x},{y + 9}L{x - 7},{y}Z"/>'
                       for y in range(26, HEIGHT - 10, 18) for x in range(24 + (y // 18 % 2) * 9, WIDTH - 12, 18))
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" aria-label="card" '
        f'class="card back"><rect x="1.5" y="1.5" width="{WIDTH - 3}" height="{HEIGHT - 3}" rx="9" '
        f'fill="#24406e" stroke="#555" stroke-width="2"/><rect x="10" y="10" width="{WIDTH - 20}" '
        f'height="{HEIGHT - 20}" rx="5" fill="none" stroke="#e8d9a8" stroke-width="2"/>'
        f'<g fill="#3b5f99">{diamonds}</g></svg>'
    )


def notation_named(name: str) -> Notation:
    """The notation of faces ``name`` (``italian`` or ``french``); ``ValueError`` names others."""
    for n in (ITALIAN, FRENCH):
        if n.name == name:
            return n
    raise ValueError(f"no card faces for the {name!r} notation: use 'italian' or 'french'")

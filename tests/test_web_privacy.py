"""No message the server sends names a card its receiver may not know (issue 35).

Every variant, random options, random decisions at tables where every seat is a person's and
a spectator watches: at each position, every message made for each seat and for the spectators
(events, states, hints, help) is searched for cards (ids under the protocol's card keys, tokens
and names in its text: ``web_support.cards_in``), and each must be one the receiver may know:
what its view knows before or after the step (``View.known_cards``: own hand and discards,
cards shown, played, the chien seen...), or any card once the deal is over (its record is public
then). The spectators may know what every seat's view knows. A card named as a choice or as the
card called (a King to call, five players) is named by the rules, not placed: it may be named.
A card given in a discard or an écart by another seat is never named in its ``action`` event.
The rules' help may name the cards the rules give a role (the Tarots, la Belle: ``RULE_CARDS``).
"""

from __future__ import annotations

import random

import pytest

pytest.importorskip("sqlalchemy")
pytest.importorskip("alembic")

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from tarot.core.cards import FULL_PACK, TAROTS, cards_of, mask, parse_card  # noqa: E402
from tarot.core.deal import VARIANTS, variant_class  # noqa: E402
from tarot.core.errors import IllegalActionError, OptionError  # noqa: E402
from tarot.explain import explainer_for  # noqa: E402
from tarot.web.live import LANGUAGES, LiveTable  # noqa: E402
from tarot.web.store import Store  # noqa: E402
from tarot.web.tables import check_spec, table_rows  # noqa: E402
from web_support import cards_in, notation_of  # noqa: E402

#: Cards the rules name by their role in ``help`` (XXI, I, the Fool, the Kings; la Belle, AD).
RULE_CARDS = TAROTS | mask([parse_card("AD")])
#: Positions checked per example (a deal and more): 10 examples, up to 1,500 positions a variant.
MOVES = 150


def test_the_search_for_cards_reads_words_not_identifiers():
    """A table's id is random URL-safe text: "JD-msdFLF67h" names no card, as "JD" does."""
    italian = notation_of("marolles-1637")
    jd = parse_card("JD", variant_class("marolles-1637").notation)
    assert cards_in({"type": "welcome", "table": "JD-msdFLF67h", "token": "JD-x"}, italian) == set()
    assert cards_in({"type": "event", "text": "South plays JD."}, italian) == {jd}
    assert cards_in({"type": "state", "table": [[jd]]}, italian) == {jd}  # the face-up piles, by key


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    s = Store(f"sqlite:///{tmp_path_factory.mktemp('db') / 'privacy.sqlite'}")
    yield s
    s.close()


def random_options(variant: str, rng: random.Random) -> dict[str, str]:
    """A value drawn for each option (the defaults where the draw is not a valid set)."""
    cls = variant_class(variant)
    opts = {}
    for o in cls.OPTIONS:
        if o.choices and rng.random() < 0.5:
            opts[o.key] = rng.choice(o.choices)
        elif o.int_range and rng.random() < 0.3:
            opts[o.key] = str(rng.randint(*o.int_range))
    try:
        cls(cls.make_options(opts), seed=0)  # a deal checks how the options go together
    except OptionError:
        return {}
    return opts


def known_by(table: LiveTable, who) -> int:
    """What ``who`` may know now, computed from the seats' views (not by the server's code)."""
    deal = table.session.deal
    assert deal is not None
    if deal.is_over:
        return FULL_PACK
    views = [deal.view(s) for s in range(table.session.players)]

    def named(v) -> int:  # the cards the rules name to the seat: its choices, the card called
        return mask(c for c in [*v.legal_actions, v.called] if c is not None and c < 78)

    if who is not None:
        return views[who].known_cards() | named(views[who])
    known = FULL_PACK
    for v in views:
        known &= v.known_cards() | (1 << v.called if v.called is not None else 0)
    return known


def check(batch, before, table, notation):
    """Every message of ``batch`` within what its receiver knew before or knows after."""
    deal = table.session.deal
    private = set(explainer_for(deal).card_phases)
    for (who, _lang), messages in batch.items():
        allowed = before.get(who, 0) | known_by(table, who)
        for m in messages:
            leaked = cards_in(m, notation) - set(cards_of(allowed | (RULE_CARDS if m["type"] == "help" else 0)))
            assert not leaked, (who, sorted(leaked), m)
            if m["type"] == "action" and m["phase"] in private and m["seat"] != who:
                assert m["action"] is None or m["action"] >= 78, (who, m)
            if m["type"] == "state" and who is None:
                assert m["deal"]["hand"] == [] and m["deal"]["discards"] == [] and m["turn"].get("choices") is None \
                    if m["turn"] else m["deal"]["hand"] == []


@settings(max_examples=10, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_no_message_names_a_card_its_receiver_may_not_know(store, variant, data):
    seed = data.draw(st.integers(0, 2 ** 32), label="seed")
    rng = random.Random(seed)
    options = random_options(variant, rng)
    cls = variant_class(variant)
    players = cls.players_for(cls.make_options(options))
    spec = check_spec(variant, options, ["person"] * players, 2, "en", None, "rule", "")
    row, seats = table_rows(spec)
    store.add_table(row, seats)
    table = LiveTable.create(row, seats, store)
    table.session.match.rng = random.Random(seed)  # the same deals when hypothesis tries again
    table.session.match.dealer = seed % players
    seats_and_spectators = [*range(players), None]
    listeners = [(w, lang) for w in seats_and_spectators for lang in LANGUAGES]
    notation = notation_of(variant)
    batch, _ = table.advance(listeners)
    check(batch, {}, table, notation)
    dealt, seen = None, {}
    french_from = rng.randrange(MOVES)  # a French client comes: the narrations brought up to date
    for move in range(MOVES):
        if move == french_from:
            table.speak("fr")
        s = table.session
        if s.is_over:
            break
        deal = s.deal
        assert deal is not None
        before = {w: known_by(table, w) for w in seats_and_spectators}
        # what each receiver has seen in this deal: a client that comes back is told it again
        # (a revoke owned up to puts cards seen back into a hand)
        if deal is not dealt:
            dealt, seen = deal, dict.fromkeys(seats_and_spectators, 0)
        seen = {w: seen[w] | before[w] for w in seats_and_spectators}
        if deal.is_over:
            batch, _ = table.advance(listeners)
            check(batch, {}, table, notation)
            continue
        seat = deal.to_play
        if rng.random() < 0.1:  # what the seat is told when it asks
            try:
                asked = [table.hint(seat), table.help(seat)]
            except IllegalActionError:  # a hint after cards chosen that cannot all be given
                asked = [table.help(seat)]
            check({(seat, "en"): asked}, before, table, notation)
        if rng.random() < 0.05:  # a client that comes back: the deal's story told again, its state
            check({h: table.welcome(*h) for h in listeners}, seen, table, notation)
        choice = rng.choice(s.choices(seat, table.chosen.get(seat, ())))
        moves = len(deal.history)
        try:
            reply, batch = table.act(seat, [choice], True, listeners)
            if reply is not None:  # the cards chosen so far, to the seat alone
                batch = {(seat, "fr"): [reply]}
        except IllegalActionError:  # a set of cards the rules refuse as a whole: nothing changed
            assert len(deal.history) == moves and s.deal is deal
            batch = {(seat, "en"): [table.clear(seat)]}
        check(batch, before, table, notation)

"""The French catalogues: every sentence the games and the tables say in English has its French
template, with the same named fields (a field missing or misnamed would fail in play); and a
table said in French uses French card and rule names."""

import random
import string

import pytest

import tarot
import tarot.tui  # noqa: F401  (the terminal table's sentences)
from tarot.core.deal import VARIANTS
from tarot.explain import CATALOGUES, explainer_for, phase_help, seat_names, speaking, spoken_to, use_language
from tarot.explain.messages import language
from tarot.play.narration import Narration


def _load_every_game():
    for variant in VARIANTS:
        explainer_for(tarot.new_deal(variant, seed=0))


def fields(template):
    return sorted({name for _, name, spec, _ in string.Formatter().parse(template) if name is not None})


def test_every_english_sentence_has_a_french_one_with_the_same_fields():
    _load_every_game()
    en, fr = CATALOGUES["en"], CATALOGUES["fr"]
    ours = [k for k in en if not k.startswith(("doc.", "test."))]  # doctests' and tests' own
    missing = [k for k in ours if k not in fr]
    assert not missing, f"{len(missing)} ids without French: {missing[:20]}"
    wrong = {k: (fields(en[k]), fields(fr[k])) for k in ours if fields(en[k]) != fields(fr[k])}
    assert not wrong, wrong
    assert len(ours) > 500


def _spoken_deal(variant, seed, lang):
    """Every line said to seat 0 over a random deal, in ``lang``."""
    rng = random.Random(seed)
    deal = tarot.new_deal(variant, seed=seed)
    with speaking(lang):
        names = seat_names(deal.players)
        narration = Narration(names, reveal={0}, to=0)
        lines = [line for e in narration.start(deal) for line in e.lines]
        while not deal.is_over:
            if deal.to_play == 0:
                phase_help(deal, 0)
            seat, phase = deal.to_play, deal.phase
            a = rng.choice(deal.legal_actions())
            deal.push(a)
            lines += [line for e in narration.after(deal, seat, phase, a) for line in e.lines]
        lines += explainer_for(deal).end_of_deal(deal, names)
    return [getattr(x, "text", None) or getattr(x, "head", "") for x in lines]


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_deal_told_in_french_says_no_english_words(variant):
    english = (" wins", " pays ", " trick ", "Trick ", " deals.", "Swords", "Spades", "Hearts", "the Fool",
               "the Excuse", "Cups", "King", "Queen")
    for seed in range(3):
        text = "\n".join(_spoken_deal(variant, seed, "fr"))
        assert "Sud" in text and "South" not in text
        found = [w for w in english if w in text]
        assert not found, (found, text[:2000])
    assert language() == "en"  # speaking() gives the language back


def test_french_names_cards_and_rules_as_players_say_them():
    deal = tarot.new_deal("fft-4p", seed=11)
    with speaking("fr"):
        text = "\n".join(_spoken_deal("fft-4p", 11, "fr"))
        assert "donne" in text
    assert any(w in text for w in ("passe", "Prise", "Garde"))
    assert deal.notation.suit_names_fr[2] == "Cœur"


def test_use_language_still_sets_the_language_of_this_context():
    use_language("fr")
    try:
        assert seat_names(4) == ["Sud", "Est", "Nord", "Ouest"]
    finally:
        use_language("en")
    assert seat_names(4) == ["South", "East", "North", "West"]


def test_tarot_play_lang_fr_speaks_french_at_the_terminal_table():
    typer_testing = pytest.importorskip("typer.testing")
    from tarot.cli import app

    runner = typer_testing.CliRunner()
    moves = "".join(f"{i}\n" for i in [1] * 60)
    res = runner.invoke(app, ["play", "marolles-1637", "--lang", "fr", "--seed", "4", "--script", "--no-save"],
                        input=moves, env={"COLUMNS": "200"})
    try:
        assert "Vous êtes Sud" in res.output and "Levée 1" in res.output, res.output[-1500:]
        assert "South" not in res.output and "Trick " not in res.output
        bad = runner.invoke(app, ["play", "--lang", "de", "--no-save"])
        assert bad.exit_code != 0 and "--lang must be en or fr, not 'de'" in bad.output
    finally:
        use_language("en")  # the command set this process's language


def test_the_engines_reasons_are_said_in_french_to_the_seat():
    from tarot.core.errors import IllegalActionError
    from tarot.play.session import PERSON, TableSession

    session = TableSession("fft-4p", seed=3, seats=[PERSON, "rule", "rule", "rule"])
    session.advance()
    refused = 0
    with speaking("fr"):
        while session.deal is not None and not session.deal.is_over:
            p = session.pending
            if p is None:
                session.advance()
                continue
            if p.view.phase == "play":
                for card in sorted(set(range(78)) - set(p.view.legal_actions)):
                    with pytest.raises(IllegalActionError) as err:
                        session.act(p.seat, [card])
                    said = spoken_to(str(err.value), p.seat)  # as the tables say it to the seat
                    assert said.startswith("vous "), said  # "vous devez fournir...", "vous n'avez pas..."
                    assert "seat" not in said and "Spades" not in said and "Hearts" not in said
                    refused += 1
            session.act(p.seat, [p.view.legal_actions[0]])
            session.advance()
    assert refused > 100

"""The training example (examples/train_maskable_ppo.py) end to end, on a tiny budget: a few
hundred steps of MaskablePPO, the policy saved and loaded, then a few duplicate boards."""

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("sb3_contrib")
pytest.importorskip("tarot.adapters.gymnasium_env")

pytestmark = pytest.mark.train

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "train_maskable_ppo.py"


@pytest.fixture(scope="module")
def example():
    spec = importlib.util.spec_from_file_location("train_maskable_ppo", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_train_save_load_and_evaluate(example, tmp_path):
    from sb3_contrib import MaskablePPO

    import tarot
    lines = []
    model = example.train(256, seed=3, envs=2, n_steps=64, log=lines.append)
    assert model.num_timesteps >= 256 and lines
    path = tmp_path / "ppo.zip"
    model.save(path)
    loaded = MaskablePPO.load(path, device="cpu")
    # the policy bot sees views only and plays legal actions in every phase
    bot = example.PolicyBot(loaded, seed=1)
    deal = tarot.new_deal(example.VARIANT, seed=11)
    while not deal.is_over:
        view = deal.view(deal.to_play)
        action = bot.act(view)
        assert action in view.legal_actions
        deal.push(action)
    results = example.evaluate(loaded, deals=2, seed=5)
    assert set(results) == {"random", "rule"}
    for c in results.values():
        assert c.n == 2 and c.a == example.BOT_NAME


def test_the_command_line_evaluates_a_saved_model(example, tmp_path, capsys):
    path = tmp_path / "ppo.zip"
    example.train(128, seed=4, envs=2, n_steps=64).save(path)
    example.main(["--evaluate", str(path), "--deals", "1"])
    out = capsys.readouterr().out
    assert "maskable-ppo - random:" in out and "rule - random:" in out and "95% CI" in out


def test_marolles_trains_plays_and_evaluates(example):
    """The same example on the Abbé de Marolles's game: three seats, two deals at each, the
    policy playing legally in every phase and evaluated on Marolles boards."""
    import tarot
    model = example.train(192, seed=5, n_steps=32, variant="marolles-1637", log=lambda _: None)
    assert model.num_timesteps >= 192 and model.get_env().num_envs == 6
    bot = example.PolicyBot(model, "marolles-1637", seed=2)
    deal = tarot.new_deal("marolles-1637", seed=12)
    while not deal.is_over:
        view = deal.view(deal.to_play)
        action = bot.act(view)
        assert action in view.legal_actions
        deal.push(action)
    (c,) = example.evaluate(model, deals=1, seed=6, variant="marolles-1637", opponents=("rule",)).values()
    assert c.variant == "marolles-1637" and c.n == 1 and c.a == example.BOT_NAME


def test_an_unknown_variant_is_refused(example, capsys):
    with pytest.raises(SystemExit):
        example.main(["--variant", "tarok", "--steps", "1"])
    assert "invalid choice: 'tarok'" in capsys.readouterr().err

"""The project's games in OpenSpiel (tarot/adapters/openspiel_game.py): OpenSpiel's own random
simulation checks for every variant, its Python MCTS and ISMCTS bots playing deals, Shimmy's
wrapper, what the information state shows, bad actions and seeding."""

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import tarot  # noqa: E402
from tarot.adapters import openspiel_game as og  # noqa: E402
from tarot.bots import make_bot  # noqa: E402
from tarot.core.deal import VARIANTS  # noqa: E402

NAMES = sorted(og.GAMES)
#: Options worth a simulation of their own: other numbers of players, revokes allowed (the
#: longest deals and the largest payments), the other dealers, the other scores.
OPTION_SETS = [
    "python_tarot_early_french(players=2,direction=clockwise)",
    "python_tarot_early_french(players=6,dealer=5)",
    "python_tarot_marolles_1637(revoke_handling=penalty_1m_forfeit_with_correction_window)",
    "python_tarot_marolles_2p(revoke_handling=penalty_1m_and_forfeit,dealer=1)",
    "python_tarot_fft_5p(five_player_split=equal_halves,five_player_self_call=false)",
    "python_tarot_french_2p(two_player_scoring=zero_sum)",
]


def test_every_variant_is_registered():
    assert NAMES == sorted(og.game_name(v) for v in VARIANTS)
    assert set(NAMES) <= set(pyspiel.registered_names())


@pytest.mark.parametrize("name", NAMES)
def test_random_simulations(name):
    """OpenSpiel's own checks (clone, legal actions sorted and masked, chance outcomes,
    information state tensor sizes, returns within the declared utilities, game length)."""
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=12, serialize=False, verbose=False)


@pytest.mark.slow
@pytest.mark.parametrize("name", OPTION_SETS)
def test_random_simulations_with_options(name):
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=12, serialize=False, verbose=False)


def test_string_parameters_are_given_in_the_dict():
    game = pyspiel.load_game("python_tarot_fft_4p", {"score_rounding": "10"})
    assert game.options["score_rounding"] == "10"
    pyspiel.random_sim_test(game, num_sims=3, serialize=False, verbose=False)
    with pytest.raises(Exception, match="score_rounding"):
        pyspiel.load_game("python_tarot_fft_4p", {"score_rounding": "7"})


def test_game_type_is_declared_up_front():
    game = pyspiel.load_game("python_tarot_fft_4p")
    t = game.get_type()
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert game.num_distinct_actions() == tarot.NUM_ACTIONS
    assert game.max_chance_outcomes() == 78
    assert game.num_players() == 4
    assert game.min_utility() == -game.max_utility() < 0
    assert pyspiel.load_game("python_tarot_early_french(players=6)").num_players() == 6
    assert (pyspiel.load_game("python_tarot_french_2p").get_type().utility
            == pyspiel.GameType.Utility.GENERAL_SUM)


def deal_out(game, seed):
    """A state after every chance node, the deck shuffled by ``seed``."""
    state = game.new_initial_state()
    deck = game.deal_class.shuffled_deck(seed)
    for c in deck:
        state.apply_action(c)
    return state, deck


def play(state, rng, stop=lambda s: False):
    """Random legal actions until the end, or until ``stop(state)``."""
    while not state.is_terminal() and not stop(state):
        state.apply_action(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("name", NAMES)
def test_a_deal_is_the_projects_deal(name):
    """The deck chance chose and the actions played, replayed by the engine, give the same
    scores: the adapter adds nothing and loses nothing."""
    game = pyspiel.load_game(name)
    for seed in range(3):
        state, deck = deal_out(game, seed)
        play(state, random.Random(seed))
        actions = [a for a in state.history()[len(deck):]]
        deal = tarot.new_deal(game.deal_class.variant, deck=deck, dealer=0)
        for a in actions:
            deal.push(a)
        assert deal.is_over
        assert state.returns() == [float(s) for s in deal.result().scores]
        assert state.history()[:len(deck)] == deck


def test_clone_is_the_deals_copy():
    game = pyspiel.load_game("python_tarot_fft_4p")
    state, _ = deal_out(game, 3)
    play(state, random.Random(1), stop=lambda s: len(s.history()) > 90)
    clone = state.clone()
    assert str(clone) == str(state) and clone.history() == state.history()
    assert clone.deal is not state.deal
    clone.apply_action(clone.legal_actions()[0])
    assert len(clone.history()) == len(state.history()) + 1
    assert state.deal.history == clone.deal.history[:-1]


def test_illegal_action_names_the_rule_and_changes_nothing():
    game = pyspiel.load_game("python_tarot_fft_4p")
    state, _ = deal_out(game, 5)
    play(state, random.Random(2), stop=lambda s: s.deal.phase == "play" and len(s.deal.trick) == 1)
    before, history = str(state), state.history()
    led = state.deal.trick[0]
    hand = state.deal.hand(state.current_player())
    legal = set(state.legal_actions())
    # a card of the hand the duty to follow forbids, else a card the seat does not hold
    wrong = next((c for c in tarot.cards_of(hand) if c not in legal), None)
    if wrong is None:
        wrong = next(c for c in range(78) if not hand >> c & 1 and c != led)
    rule = state.deal.explain_illegal(wrong)  # the engine's words for the rule broken
    with pytest.raises(tarot.IllegalActionError) as err:
        state.apply_action(wrong)
    assert str(err.value) == rule and rule
    assert str(state) == before and state.history() == history
    with pytest.raises(tarot.IllegalActionError, match="not an action id"):
        state.apply_action(500)
    assert str(state) == before and state.history() == history
    # at a chance node, a card already dealt is refused the same way
    fresh = game.new_initial_state()
    fresh.apply_action(7)
    with pytest.raises(tarot.IllegalActionError, match="not a card left to deal"):
        fresh.apply_action(7)
    assert fresh.history() == [7]


def test_information_state_shows_the_view_only():
    """Two deals that differ only in cards a seat cannot see give it the same information
    state, tensor and string, at every decision of the same play (many positions)."""
    game = pyspiel.load_game("python_tarot_fft_4p")
    checked = 0
    for seed in range(12):
        deck = game.deal_class.shuffled_deck(seed)
        rng = random.Random(seed)
        a, b = game.new_initial_state(), game.new_initial_state()
        for c in deck:
            a.apply_action(c)
        seat = 0
        # swap two cards between the other hands, the same in every deck position but seat's
        deal = a.deal
        others = [s for s in range(4) if s != seat]
        x = tarot.cards_of(deal.hand(others[0]))[0]
        y = tarot.cards_of(deal.hand(others[1]))[0]
        swapped = [y if c == x else x if c == y else c for c in deck]
        for c in swapped:
            b.apply_action(c)
        while not a.is_terminal():
            if b.is_terminal() or b.legal_actions() != a.legal_actions() and a.current_player() != seat:
                break  # the hidden cards made the others' choices differ: the positions part
            assert a.information_state_tensor(seat) == b.information_state_tensor(seat)
            assert a.information_state_string(seat) == b.information_state_string(seat)
            assert a.observation_tensor(seat) == b.observation_tensor(seat)
            checked += 1
            legal = a.legal_actions()
            action = rng.choice(legal)
            if action not in b.legal_actions():
                break
            a.apply_action(action)
            b.apply_action(action)
    assert checked > 50
    # and the hidden cards are not in it: another seat's hand changes its own tensor
    state, _ = deal_out(game, 1)
    other, _ = deal_out(game, 2)
    assert state.information_state_tensor(0) != other.information_state_tensor(0)


@pytest.mark.slow
@pytest.mark.parametrize("name", ["python_tarot_fft_4p", "python_tarot_marolles_1637",
                                  "python_tarot_early_french"])
def test_information_state_is_the_same_in_every_world_of_the_view(name):
    """At every decision of random deals, a deal with the hidden cards dealt again (the game's
    sampler: only cards the seat to play cannot see move) gives that seat the same tensor."""
    game = pyspiel.load_game(name)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    checked = 0
    for seed in range(4):
        state, _ = deal_out(game, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            seat = state.current_player()
            world = state.resample_from_infostate(seat, sampler)
            assert world.information_state_tensor(seat) == state.information_state_tensor(seat)
            checked += world.deal.hands != state.deal.hands
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 100


def test_same_seed_same_episode():
    game = pyspiel.load_game("python_tarot_marolles_1637")

    def episode(seed):
        rng = np.random.RandomState(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(actions, p=probs)))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        return state.history(), state.returns()

    assert episode(4) == episode(4)
    assert episode(4) != episode(5)


def run_with_bots(game, bots, seed):
    """One deal: chance from ``seed``, each seat's bot (None: a random action)."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
        else:
            bot = bots[state.current_player()]
            action = bot.step(state) if bot is not None else int(rng.choice(state.legal_actions()))
            assert action in state.legal_actions()
            state.apply_action(int(action))
    return state


@pytest.mark.parametrize("name", ["python_tarot_fft_4p", "python_tarot_marolles_1637"])
def test_mcts_bot_plays(name):
    from open_spiel.python.algorithms import mcts
    game = pyspiel.load_game(name)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=8, evaluator=evaluator,
                       random_state=np.random.RandomState(1))
    for seed in range(2):
        state = run_with_bots(game, [bot] + [None] * (game.num_players() - 1), seed)
        assert sum(state.returns()) == 0


@pytest.mark.parametrize("name", NAMES)
def test_ismcts_bot_plays(name):
    """ISMCTS resamples the hidden cards from the seat's information state
    (``resample_from_infostate``: the game's sampler), and finds the same information state."""
    from open_spiel.python.algorithms import ismcts, mcts
    game = pyspiel.load_game(name)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=6,
                           random_state=np.random.RandomState(2))
    for seed in range(1):
        state = run_with_bots(game, [bot] + [None] * (game.num_players() - 1), seed)
        assert state.is_terminal()


def test_resample_keeps_the_information_state():
    game = pyspiel.load_game("python_tarot_fft_5p")
    state, _ = deal_out(game, 8)
    play(state, random.Random(3), stop=lambda s: s.deal.phase == "play" and len(s.deal.tricks) == 4)
    seat = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    worlds = [state.resample_from_infostate(seat, sampler) for _ in range(4)]
    for w in worlds:
        assert w.information_state_string(seat) == state.information_state_string(seat)
        assert w.deal.hand(seat) == state.deal.hand(seat)
    assert len({str(w) for w in worlds}) > 1  # the hidden cards differ


def shimmy_episode(env, seed):
    """One episode of Shimmy's wrapper, chance and actions drawn from ``seed``: the actions, and
    the deal's returns (Shimmy adds the terminal rewards again at each agent's last step, so
    that ``env.last()`` shows player k (k + 1) times its score: the state's returns are read)."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    actions = []
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        if terminated or truncated:
            assert not truncated
            env.step(None)
            continue
        assert obs.shape == env.observation_space(agent).shape
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        actions.append(action)
        env.step(action)
    return actions, env.game_state.returns()


def test_shimmy_wrapper_runs_episodes():
    shimmy = pytest.importorskip("shimmy")
    env = shimmy.OpenSpielCompatibilityV0(env=pyspiel.load_game("python_tarot_fft_4p"))
    first = shimmy_episode(env, 1)
    assert len(first[0]) > 72  # every card played, and the bids
    assert sum(first[1]) == 0
    assert shimmy_episode(env, 1) == first  # the same seed, the same episode
    assert shimmy_episode(env, 2) != first
    env.close()
    # options go in Shimmy's config (its reset loads the game again by name)
    env = shimmy.OpenSpielCompatibilityV0(game_name="python_tarot_early_french",
                                          config={"players": 5})
    actions, returns = shimmy_episode(env, 3)
    assert len(returns) == 5 and len(actions) >= 60
    env.close()


def test_rule_bot_can_sit_at_an_openspiel_table():
    """A project bot plays through OpenSpiel from the view the state gives (views only)."""
    game = pyspiel.load_game("python_tarot_early_french")
    state, _ = deal_out(game, 9)
    bots = [make_bot("rule", seed=s) for s in range(game.num_players())]
    while not state.is_terminal():
        p = state.current_player()
        state.apply_action(bots[p].act(state.view(p)))
    assert state.deal.is_over

"""Property tests over 10,000+ random two-player French Tarot deals (``french-2p``, docs/rules §4.5).

Plain seeded loops: random options, random dealer, random legal cards. ``Model`` follows each
deal from the deck alone, written here from §4.5 / §4.1 / §0.3 with lists and sets (no engine
helper): the layout of hands and piles, which cards are playable (hand and face-up tops), the
duties (follow, trump, beat a trump lead; the option that frees face-up cards), trick winners,
the Excuse (back to its owner for half a point, to the winner in the last trick, the exception
of the Excuse led to the last trick by a player who won all the others), the count in pairs,
targets, petit au bout and both scorings. Checked:

* the legal cards and trick winners are the model's; the views' tables and pile counts too;
* every card is accounted for at every step (hands, face-up and face-down pile cards, the trick,
  the piles won), each once;
* points are whole, sum to 91; targets sum to 92; exactly one player reaches his target;
* scores are the model's: zero-sum under ``zero_sum`` (and the ledger's totals); under
  ``winner_only`` the loser scores 0 or the 10 of a petit au bout, the ledger is empty;
* views leak nothing: a view's cards are its own hand, both tables and the cards played;
* pop() undoes; records round-trip through text and JSON; ``simulate`` is reproducible.
"""

import json
import random

import tarot
from tarot.core.actions import DONE
from tarot.core.cards import FULL_PACK, cards_of, mask
from tarot.records import parse_record, record_from_deal, replay
from tarot.runs.simulate import simulate

V = "french-2p"
OPTION_CHOICES = {
    "two_player_scoring": ("winner_only", "zero_sum"),
    "two_player_faceup_cards_bind_follow_suit": ("true", "false"),
    "excuse_last_trick": ("to_other_camp", "to_trick_winner"),
    "petit_rule": ("petit_sec", "first_packet", "none"),
}
TARGET = {0: 56, 1: 51, 2: 41, 3: 36}
BOUTS = (0, 1, 21)


def suit(c):
    """0-3 for the four suits, 4 for trumps, 5 for the Excuse."""
    return 5 if c == 0 else 4 if c <= 21 else (c - 22) // 14


def value(c):
    """Reduced value (§0.1)."""
    if c in BOUTS:
        return 4
    if c >= 22:
        return {14: 4, 13: 3, 12: 2, 11: 1}.get((c - 22) % 14 + 1, 0)
    return 0


def beats(reply, lead):
    """Whether the second card of a trick wins it (the Excuse never does; led, it loses)."""
    if lead == 0:
        return True
    if reply == 0:
        return False
    if suit(reply) == suit(lead):
        return reply > lead   # ids rise with rank within a suit and with trump number
    return suit(reply) == 4


def duties(cards, lead):
    """The cards of ``cards`` that may answer ``lead``."""
    out = [c for c in cards if c != 0 and suit(c) == suit(lead)]
    if suit(lead) == 4:
        higher = [c for c in out if c > lead]
        out = higher or out
    if not out:
        out = [c for c in cards if 1 <= c <= 21]
    if not out:
        return sorted(cards)
    return sorted(out + [0] * (0 in cards))


class Model:
    """Two-player French Tarot from the deck and the cards played."""

    def __init__(self, deck, dealer, options):
        self.bind = options["two_player_faceup_cards_bind_follow_suit"] == "true"
        self.zero_sum = options["two_player_scoring"] == "zero_sum"
        opp = 1 - dealer
        self.hands = [set(), set()]
        self.piles = [[[] for _ in range(6)], [[] for _ in range(6)]]  # bottom first
        pos = 0
        for _layer in range(3):            # 3 to the opponent's piles, 3 to one's own, twice
            for first in (0, 3):
                for who in (opp, dealer):
                    for i in range(3):
                        self.piles[who][first + i].append(deck[pos])
                        pos += 1
        first_packet = {}
        while pos < 78:                    # then the hands by threes, the opponent first
            for who in (opp, dealer):
                first_packet.setdefault(who, deck[pos:pos + 3])
                self.hands[who].update(deck[pos:pos + 3])
                pos += 3
        # §4.7 petit_rule: the first player dealt (the opponent) found holding it annuls
        self.annulled = None
        for who in (opp, dealer):
            held = self.hands[who] | {p[-1] for p in self.piles[who]}
            trumps = {c for c in held if c <= 21}
            if (options["petit_rule"] == "petit_sec" and trumps == {1}
                    or options["petit_rule"] == "first_packet" and 1 in first_packet[who]):
                self.annulled = (who, options["petit_rule"])
                break
        self.up = [[True] * 6, [True] * 6]   # whether each pile's top card is face up
        self.to_play = opp
        self.leader = opp
        self.trick = []
        self.from_pile = []                # (seat, pile) played from in this trick
        self.pile_plays = [[[] for _ in range(6)] for _ in (0, 1)]  # cards taken from each pile
        self.winners = []
        self.won = [[], []]                # cards won (the Excuse to its owner)
        self.shift = [0, 0]                # half points moved by the Excuse exchange
        self.tricks = 0
        self.petit_trick = None            # (trick number, winner) of the Petit
        self.excuse_won_last = False

    def playable(self, s):
        tops = [p[-1] for p, up in zip(self.piles[s], self.up[s]) if p and up]
        return sorted(self.hands[s]), tops

    def legal(self):
        hand, tops = self.playable(self.to_play)
        if not self.trick or self.trick[0] == 0:
            return sorted(hand + tops)
        if self.bind:
            return duties(hand + tops, self.trick[0])
        return sorted(set(duties(hand, self.trick[0]) if hand else []) | set(tops))

    def play(self, c):
        s = self.to_play
        if c in self.hands[s]:
            self.hands[s].remove(c)
        else:
            i = next(i for i, p in enumerate(self.piles[s]) if p and p[-1] == c)
            assert self.up[s][i]
            self.piles[s][i].pop()
            self.up[s][i] = False
            self.from_pile.append((s, i))
            self.pile_plays[s][i].append(c)
        self.trick.append(c)
        if len(self.trick) == 1:
            self.to_play = 1 - s
            return
        lead, reply = self.trick
        last = self.tricks == 38
        if last and lead == 0 and self.winners == [self.leader] * 38:
            winner = self.leader
            self.excuse_won_last = True
        else:
            winner = 1 - self.leader if beats(reply, lead) else self.leader
        for x in self.trick:
            if x == 0 and not last:
                owner = self.leader if lead == 0 else 1 - self.leader
                self.won[owner].append(0)
                if winner != owner:
                    self.shift[owner] -= 1
                    self.shift[winner] += 1
            else:
                self.won[winner].append(x)
            if x == 1:
                self.petit_trick = (self.tricks, winner)
        for s2, i in self.from_pile:
            if self.piles[s2][i]:
                self.up[s2][i] = True
        self.from_pile = []
        self.winners.append(winner)
        self.trick = []
        self.tricks += 1
        self.leader = self.to_play = winner

    def outcome(self):
        halves = [2 * sum(value(c) for c in w) + len(w) + sh for w, sh in zip(self.won, self.shift)]
        assert all(h % 2 == 0 for h in halves)
        points = [h // 2 for h in halves]
        bouts = [sum(c in BOUTS for c in w) for w in self.won]
        targets = [TARGET[b] for b in bouts]
        reach = [p >= t for p, t in zip(points, targets)]
        # the Petit in the last trick; the Excuse having won that trick, in the one before too
        judged = (37, 38) if self.excuse_won_last else (38,)
        pab = self.petit_trick[1] if self.petit_trick and self.petit_trick[0] in judged else None
        return points, bouts, targets, reach, pab


def check_accounting(deal):
    """Hands, face-up and face-down pile cards, the trick and the piles won: each card once."""
    parts = list(deal.hands) + list(deal.won) + [mask(deal.trick)]
    for k, stack in enumerate(deal.stacks):
        parts.append(mask(stack[:deal.depth[k]]))
    total = 0
    for p in parts:
        assert not total & p
        total |= p
    assert total == FULL_PACK


def check_views(deal, model):
    played = mask(deal.trick)
    for _, cs, _ in deal.tricks:
        played |= mask(cs)
    face_down = 0
    for s in (0, 1):
        for p, up in zip(model.piles[s], model.up[s]):
            face_down |= mask(p[:-1] if up else p)
    for s in (0, 1):
        v = deal.view(s)
        hand, _ = model.playable(s)
        assert v.hand == mask(hand)
        tables = tuple(mask(model.playable(t)[1]) for t in (0, 1))
        assert v.table == tables
        assert v.extra["face_down"][s] == [len(p) - (1 if p and up else 0)
                                           for p, up in zip(model.piles[s], model.up[s])]
        known = v.known_cards()
        assert known & ~(v.hand | tables[0] | tables[1] | played) == 0
        assert not known & face_down and not known & deal.hands[1 - s]
        assert v.hand_sizes == (len(model.hands[0]), len(model.hands[1]))
        # which pile each played card came from is public (seen at the table); nothing else
        assert v.extra["pile_plays"] == model.pile_plays
        for t in (0, 1):
            for pile in v.extra["pile_plays"][t]:
                assert not mask(pile) & ~played
        json.dumps(dict(v.extra))


def random_options(rng):
    return {k: rng.choice(c) for k, c in OPTION_CHOICES.items()}


def run_deal(rng, full):
    options = random_options(rng)
    dealer = rng.randrange(2)
    deck = list(range(78))
    rng.shuffle(deck)
    deal = tarot.new_deal(V, options, deck=deck, dealer=dealer)
    model = Model(deck, dealer, options)
    if model.annulled:   # over before the first card: no score, the Petit shown by its holder
        who, rule = model.annulled
        r = deal.result()
        assert deal.is_over and not deal.legal_actions() and r.info == {"annulled": rule}
        assert r.scores == (0, 0) and len(r.ledger) == 0
        # a Petit sec is proved by the holder's hand and face-up cards, all shown; else the Petit
        proof = deal.playable(who) if rule == "petit_sec" else 1 << 1
        assert deal.view(1 - who).shown == ((who, DONE, proof),)
        assert rule != "petit_sec" or proof & ((1 << 22) - 1) == 1 << 1
        return deal, None, model
    assert not deal.is_over
    step = 0
    while not deal.is_over:
        legal = deal.legal_actions()
        if full:
            assert deal.to_play == model.to_play
            assert legal == model.legal(), (step, legal, model.legal())
            if step % 13 == 0:
                check_accounting(deal)
                check_views(deal, model)
            if step % 29 == 5:   # push and pop leave the position as it was
                before = (deal.view(0), deal.view(1))
                deal.push(legal[-1])
                deal.pop()
                assert (deal.view(0), deal.view(1)) == before
        c = rng.choice(legal)
        deal.push(c)
        model.play(c)
        step += 1
    assert step == 78
    check_accounting(deal)
    assert [w for _, _, w in deal.tricks] == model.winners
    r = deal.result()
    points, bouts, targets, reach, pab = model.outcome()
    assert r.card_points == tuple(points) and all(isinstance(p, int) for p in r.card_points)
    assert sum(points) == 91 and sum(targets) == 92 and reach.count(True) == 1
    w = reach.index(True)
    assert r.info["targets"] == targets and r.info["bouts"] == bouts and r.info["winner"] == w
    assert r.info["petit_au_bout"] == pab
    ex = r.info.get("excuse")
    if ex is not None and ex[2] >= 0:   # the card given for the Excuse is worth half a point
        assert value(ex[2]) == 0 and ex[2] != 0 and deal.won[1 - ex[0]] >> ex[2] & 1
    game = 25 + points[w] - targets[w]
    expected = [0, 0]
    if model.zero_sum:
        expected[w] += game
        expected[1 - w] -= game
        if pab is not None:
            expected[pab] += 10
            expected[1 - pab] -= 10
        assert sum(r.scores) == 0 and list(r.scores) == r.ledger.totals()
    else:
        expected[w] = game + (10 if pab == w else 0)
        expected[1 - w] = 10 if pab == 1 - w else 0
        assert len(r.ledger) == 0
    assert list(r.scores) == expected
    assert [a + b for a, b in zip(*r.by_source.values())] == expected
    assert deal.summary() == {"contract": None, "taker": None, "points": points, "targets": targets,
                              "bouts": bouts, "winner": w}
    return deal, pab, model


def test_random_deals_against_the_model():
    rng = random.Random(2024)
    seen = {"pab": 0, "pab_to_loser": 0, "excuse_exchanged_later": 0, "excuse_last": 0,
            "annulled": 0}
    for i in range(10_000):
        deal, pab, model = run_deal(rng, full=i < 4000)
        r = deal.result()
        if model.annulled:
            seen["annulled"] += 1
            continue
        if pab is not None:
            seen["pab"] += 1
            seen["pab_to_loser"] += pab != r.info["winner"]
        ex = r.info.get("excuse")
        if ex and ex[2] >= 0:   # paid: later if the owner had won no half-point card before
            owner, t = ex[0], ex[1]
            before = [c for _, cs, win in deal.tricks[:t] if win == owner for c in cs]
            seen["excuse_exchanged_later"] += not any(value(c) == 0 and c != 0 for c in before)
        if ex and ex[2] == -2:
            seen["excuse_last"] += 1
    # The rarer rules do happen in the sample.
    assert all(v > 0 for v in seen.values()), seen


def test_records_round_trip():
    rng = random.Random(7)
    for i in range(150):
        deal, _, _ = run_deal(rng, full=False)
        rec = record_from_deal(deal, Event=f"property {i}")
        assert parse_record(rec.to_text()) == rec
        assert parse_record(rec.to_json()) == rec
        again = replay(rec)
        assert again.result().scores == deal.result().scores
        assert again.result().card_points == deal.result().card_points
    # An unfinished deal too.
    d = tarot.new_deal(V, seed=3)
    for _ in range(11):
        d.push(d.legal_actions()[0])
    rec = record_from_deal(d)
    assert parse_record(rec.to_text()) == rec and replay(rec).view(0) == d.view(0)


def test_simulate_twice_gives_identical_summaries():
    a = [s.to_json() for s in simulate(V, 1000, 1, None, ["random"])]
    b = [s.to_json() for s in simulate(V, 1000, 1, None, ["random"])]
    assert a == b and len(a) == 1000
    first = json.loads(a[0])
    assert set(first) >= {"scores", "points", "targets", "bouts", "winner"}


def test_cards_of_piles_are_all_played():
    # Each player plays 21 hand cards and 18 pile cards: 39 tricks, every pile emptied.
    deal = tarot.new_deal(V, seed=5)
    while not deal.is_over:
        deal.push(deal.legal_actions()[-1])
    assert len(deal.tricks) == 39 and deal.depth == [0] * 12
    assert sorted(cards_of(deal.won[0] | deal.won[1])) == list(range(78))


def test_a_copy_is_independent_and_plays_the_same():
    rng = random.Random(11)
    for _ in range(50):
        deal = tarot.new_deal(V, random_options(rng), seed=rng.randrange(10**6), dealer=rng.randrange(2))
        for _ in range(rng.randrange(78) if not deal.is_over else 0):   # not when annulled
            deal.push(rng.choice(deal.legal_actions()))
        twin = deal.copy()
        rest = []
        while not twin.is_over:
            rest.append(rng.choice(twin.legal_actions()))
            twin.push(rest[-1])
        views = (deal.view(0), deal.view(1))
        assert twin.history[:len(deal.history)] == deal.history and views == (deal.view(0), deal.view(1))
        for a in rest:
            deal.push(a)
        a, b = deal.result(), twin.result()
        assert (a.scores, a.card_points, a.by_source, a.info, a.ledger.entries) == \
            (b.scores, b.card_points, b.by_source, b.info, b.ledger.entries)

"""Worked examples of modern French Tarot (docs/rules §4, §5 H1-H5) and the FFT rules a player could
dispute, each from a fixed position whose legal moves and outcome were worked out by hand."""

import pytest

import tarot
from tarot.core.actions import ACTION_IDS, DONE, PASS
from tarot.core.cards import FRENCH, HEARTS, cards_of, mask, parse_card, parse_cards, suit_of
from tarot.play.match import Match
from test_french_properties import chelem_known_lost
from tarot.variants.french.rules import (
    GARDE, GARDE_CONTRE, GARDE_SANS, PRISE, half_point_rounding, per_defender_amount, winning_index,
)

A = ACTION_IDS
CHELEM = A["chelem"]
SIMPLE, DOUBLE, TRIPLE = A["poignee_simple"], A["poignee_double"], A["poignee_triple"]
SUIT_LETTERS = "SCHD"


def C(text):
    """One card, French notation."""
    return parse_card(text, FRENCH)


def M(text):
    """A card set, French notation."""
    return mask(parse_cards(text, FRENCH))


def L(text):
    """Sorted card ids."""
    return sorted(parse_cards(text, FRENCH))


def fill(variant, hands, chien=None, void=None):
    """Complete ``hands`` (seat -> tokens) and the chien with the cards left over: low suit
    cards first, then trumps II..XX, then the Petit, the 21 and the Excuse; a seat in ``void``
    (seat -> letters S C H D, T for trumps) gets none of those."""
    cls = tarot.variant_class(variant)
    n, size, csize = cls.PLAYERS, cls.HAND, cls.CHIEN
    given = {s: M(t) for s, t in hands.items()}
    ch = M(chien) if chien else 0
    used = ch
    for h in given.values():
        assert not used & h
        used |= h
    suit_cards = sorted((c for c in range(22, 78) if not used >> c & 1), key=lambda c: ((c - 22) % 14, c))
    pool = suit_cards + [c for c in range(2, 21) if not used >> c & 1] + [c for c in (1, 21, 0)
                                                                       if not used >> c & 1]
    void = void or {}

    def ok(seat, c):
        letters = void.get(seat, "")
        if 1 <= c <= 21 or c == 0:
            return "T" not in letters
        return SUIT_LETTERS[(c - 22) // 14] not in letters

    out = {}
    for s in sorted(range(n), key=lambda s: s not in void):
        h = given.get(s, 0)
        for c in list(pool):
            if h.bit_count() == size:
                break
            if ok(s, c):
                h |= 1 << c
                pool.remove(c)
        assert h.bit_count() == size, f"cannot fill seat {s}"
        out[s] = h
    if not chien:
        ch = mask(pool[:csize])
        pool = pool[csize:]
    assert not pool
    return out, ch


def deal_with(variant, hands, chien=None, void=None, dealer=0, options=None):
    cls = tarot.variant_class(variant)
    h, ch = fill(variant, hands, chien, void)
    opts = {"petit_rule": "none", **(options or {})}
    deal = cls(opts, deck=cls.deck_for(h, ch, dealer), dealer=dealer)
    for s, cs in h.items():
        assert deal.hands[s] == cs
    return deal


def bid(deal, bids):
    """Push the bids in order (names, ``pass`` for the others)."""
    for b in bids:
        deal.push(A[b])


def to_play(deal, chelem=False):
    """From the end of bidding: the lowest écart, the chelem or not, no poignée."""
    while deal.phase in ("ecart", "chelem", "call"):
        if deal.phase == "chelem":
            deal.push(CHELEM if chelem else DONE)
        else:
            deal.push(deal.legal_actions()[0])
    skip_poignee(deal)


def skip_poignee(deal):
    while deal.phase == "poignee":
        deal.push(DONE)


def play(deal, tokens):
    for t in tokens.split():
        skip_poignee(deal)
        deal.push(C(t))
    skip_poignee(deal)


# ----- the seed's examples (docs/rules §5): 4 players, Garde ×2 ----------------------------------
@pytest.mark.parametrize("name, points, bouts, pab, poignee, T", [
    ("H1", 56, 2, 0, 0, 80),         # (25 + 15) × 2
    ("H2", 49, 3, 1, 0, 96),         # (25 + 13 + 10) × 2
    ("H3", 40, 2, -1, 0, -72),       # (-26 - 10) × 2
    ("H4", 41, 2, -1, 0, 30),        # (25 + 0 - 10) × 2: made exactly, the Petit lost at the end
    ("H5", 40, 3, 0, 20, 78),        # 29 × 2 + 20
])
def test_seed_examples(name, points, bouts, pab, poignee, T):
    parts = per_defender_amount(points, bouts, GARDE, pab, poignee)
    assert sum(parts.values()) == T
    assert (3 * T, -T) == {"H1": (240, -80), "H2": (288, -96), "H3": (-216, 72), "H4": (90, -30),
                           "H5": (234, -78)}[name]


def test_seed_example_h5_poignee_is_not_multiplied_and_goes_to_the_winner():
    parts = per_defender_amount(40, 3, GARDE, 0, 20)
    assert parts == {"contract": 58, "petit_au_bout": 0, "poignee": 20, "chelem": 0}
    lost = per_defender_amount(35, 3, GARDE, 0, 20)   # lost by 1: the defence gets the poignée
    assert lost == {"contract": -52, "petit_au_bout": 0, "poignee": -20, "chelem": 0}


def test_multipliers_of_the_contracts():
    # made by 4 with one bout: 51 + 4 -> 29 per unit
    assert [per_defender_amount(55, 1, b)["contract"] for b in (PRISE, GARDE, GARDE_SANS, GARDE_CONTRE)] \
        == [29, 58, 116, 174]


def test_half_points_round_to_the_winning_side():
    """§4.3: 40½ with 2 bouts is 40, lost by 1; 41½ is 42, won by 1."""
    assert half_point_rounding(81, 41) == 40
    assert half_point_rounding(83, 41) == 42
    assert per_defender_amount(40, 2, PRISE)["contract"] == -26
    assert per_defender_amount(42, 2, PRISE)["contract"] == 26


def test_trick_winner():
    assert winning_index(parse_cards("7S KS QS 2S", FRENCH)) == 1
    assert winning_index(parse_cards("7S KS T2 2S", FRENCH)) == 2
    assert winning_index(parse_cards("EX 7H 10H 2S", FRENCH)) == 2      # the Excuse led: hearts
    assert winning_index(parse_cards("KH EX 10H T1", FRENCH)) == 3


# ----- bidding ------------------------------------------------------------------------------
def test_each_bid_must_exceed_the_last():
    deal = tarot.new_deal("fft-4p", seed=1, dealer=0)
    assert deal.to_play == 1
    assert deal.legal_actions() == [PASS, PRISE, GARDE, GARDE_SANS, GARDE_CONTRE]
    deal.push(GARDE)
    assert deal.legal_actions() == [PASS, GARDE_SANS, GARDE_CONTRE]
    with pytest.raises(tarot.IllegalActionError, match="higher than the last"):
        deal.push(PRISE)
    bid(deal, ["pass", "garde_sans", "pass"])
    assert deal.view(0).contract == GARDE_SANS and deal.view(0).taker == 3
    assert deal.phase == "chelem"


def test_all_pass_ends_the_deal_and_the_deal_passes():
    m = Match("fft-4p", seed=2)
    deal = m.next_deal()
    first = m.dealer
    bid(deal, ["pass"] * 4)
    r = deal.result()
    assert deal.is_over and r.scores == (0, 0, 0, 0) and r.info["all_passed"] is True
    assert deal.summary()["contract"] is None
    m.record(deal)
    assert m.dealer == (first + 1) % 4


# ----- petit sec ----------------------------------------------------------------------------
def test_petit_sec_annuls_the_deal():
    opts = {"petit_rule": "petit_sec"}
    deal = deal_with("fft-4p", {2: "T1 " + " ".join(f"{r}S" for r in "2 3 4 5 6 7 8 9 10 J C Q K".split())
                               + " AH 2H 3H 4H"}, options=opts)
    assert deal.is_over and deal.result().info["annulled"] == "petit_sec"
    assert deal.result().scores == (0, 0, 0, 0) and not deal.history
    # the holder proves it by showing his hand, to everyone (FFT: he spreads his cards)
    hand = deal.hands[2]
    assert hand.bit_count() == 18 and all(deal.view(s).shown == ((2, DONE, hand),) for s in range(4))
    # with the Excuse it is not petit sec
    deal = deal_with("fft-4p", {2: "T1 EX " + " ".join(f"{r}S" for r in "3 4 5 6 7 8 9 10 J C Q K".split())
                               + " AH 2H 3H 4H"}, options=opts)
    assert deal.phase == "bid"


def test_seed_first_packet_rule():
    cls = tarot.variant_class("fft-4p")
    deck = [c for c in range(78) if c != 1]
    who, packet = cls.deal_plan()
    first_packet_of_seat_2 = next(i for i, p in enumerate(packet) if p == 1)   # dealer 0: seat 1 is 0
    deck.insert(first_packet_of_seat_2, 1)
    deal = cls({"petit_rule": "first_packet"}, deck=deck, dealer=0)
    assert deal.is_over and deal.result().info["annulled"] == "first_packet"
    assert deal.shown[0] == (2, DONE, 1 << 1)


def test_the_chien_is_never_the_first_or_last_three_cards():
    for variant in ("fft-3p", "fft-4p", "fft-5p"):
        who, _ = tarot.variant_class(variant).deal_plan()
        assert who.count(-1) == tarot.variant_class(variant).CHIEN
        assert -1 not in who[:3] + who[-3:]


# ----- the écart ----------------------------------------------------------------------------
def test_ecart_never_a_king_or_bout_trumps_only_when_unavoidable_and_shown():
    taker = "KS KC KH KD T1 T21 EX T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 2S"
    deal = deal_with("fft-4p", {1: taker}, chien="3S 4S 5S 6S T12 T13")
    bid(deal, ["prise", "pass", "pass", "pass"])
    assert deal.phase == "ecart" and deal.view(0).chien == M("3S 4S 5S 6S T12 T13")
    # five cards that are not trumps, Kings or bouts: one trump must go, first (ascending order)
    assert deal.legal_actions() == L("T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12 T13")
    with pytest.raises(tarot.IllegalActionError, match="never a King or a bout"):
        deal.push(C("KS"))
    with pytest.raises(tarot.IllegalActionError, match="never a King or a bout"):
        deal.push(C("T21"))
    deal.push(C("T7"))
    assert deal.legal_actions() == [C("2S")]
    for t in "2S 3S 4S 5S 6S".split():
        deal.push(C(t))
    assert deal.phase == "chelem"
    assert deal.shown == [(1, DONE, M("T7"))]
    for s in (0, 2, 3):
        assert deal.view(s).discards == 0 and (1, DONE, M("T7")) in deal.view(s).shown
    assert deal.view(1).discards == M("T7 2S 3S 4S 5S 6S")


def test_ecart_without_trumps_when_enough_other_cards():
    deal = deal_with("fft-4p", {1: "T2 T3 T4 T5 T6 T7 KS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS CS"})
    bid(deal, ["garde", "pass", "pass", "pass"])
    legal = deal.legal_actions()
    assert all(c >= 22 and c not in L("KS KC KH KD") for c in legal)
    with pytest.raises(tarot.IllegalActionError, match="only when unavoidable"):
        deal.push(C("T2"))


# ----- play: the obligations ----------------------------------------------------------------
def test_overtrump_even_over_a_partner():
    # dealer 0: the taker (seat 1) leads hearts, seat 2 (a defender) trumps with T10, seat 3
    # (his partner in defence) is void in hearts and must over-trump with T15, not play T5.
    deal = deal_with("fft-4p", {1: "KH", 2: "T10", 3: "T5 T15"}, void={2: "H", 3: "H"})
    bid(deal, ["garde_sans", "pass", "pass", "pass"])
    to_play(deal)
    play(deal, "KH T10")
    assert deal.to_play == 3
    assert deal.legal_actions() == L("T15")
    with pytest.raises(tarot.IllegalActionError, match="over-trump, even over a partner"):
        deal.push(C("T5"))


def test_overtrump_over_a_partner_with_five_players():
    # the taker calls his own King and plays alone; two defenders void in hearts: the second
    # must over-trump the first
    deal = deal_with("fft-5p", {1: "KS 2H", 2: "AH", 3: "T10", 4: "T5 T15"},
                     void={3: "H", 4: "H"})
    bid(deal, ["prise", "pass", "pass", "pass", "pass"])
    deal.push(C("KS"))            # self-call: seat 1 plays alone
    to_play(deal)
    play(deal, "2H AH T10")
    assert deal.to_play == 4 and C("T5") not in deal.legal_actions()


def test_a_player_who_cannot_over_trump_plays_any_trump():
    deal = deal_with("fft-4p", {1: "2D", 2: "T20", 3: "T5 T15"}, void={2: "D", 3: "D"})
    bid(deal, ["garde_sans", "pass", "pass", "pass"])
    to_play(deal)
    play(deal, "2D T20")
    assert set(L("T5 T15")) <= set(deal.legal_actions())
    assert all(c <= 21 for c in deal.legal_actions())


def test_a_void_player_without_trumps_plays_any_card():
    deal = deal_with("fft-4p", {1: "2D", 2: "KS 3C"}, void={2: "DT"})
    bid(deal, ["garde_sans", "pass", "pass", "pass"])
    to_play(deal)
    play(deal, "2D")
    assert deal.legal_actions() == cards_of(deal.hands[2])


def test_trump_led_must_go_higher_if_possible():
    deal = deal_with("fft-4p", {1: "T12", 2: "T3 T11 T13 5S"})
    bid(deal, ["garde_sans", "pass", "pass", "pass"])
    to_play(deal)
    play(deal, "T12")
    legal = deal.legal_actions()
    assert C("T13") in legal and C("T3") not in legal and C("T11") not in legal
    assert C("5S") not in legal
    with pytest.raises(tarot.IllegalActionError, match="higher trump is due on a trump lead"):
        deal.push(C("T11"))


def test_suit_led_follow_without_heading():
    deal = deal_with("fft-4p", {1: "10H", 2: "2H KH T20"})
    bid(deal, ["garde_sans", "pass", "pass", "pass"])
    to_play(deal)
    play(deal, "10H")
    hearts = [c for c in cards_of(deal.hands[2]) if 50 <= c < 64]
    assert C("2H") in hearts and deal.legal_actions() == hearts   # no obligation to head
    with pytest.raises(tarot.IllegalActionError, match="must follow Hearts"):
        deal.push(C("T20"))


def test_excuse_led_the_next_card_sets_the_suit():
    deal = deal_with("fft-4p", {1: "EX", 2: "5C 7H", 3: "2C T4"})
    bid(deal, ["garde_sans", "pass", "pass", "pass"])
    to_play(deal)
    play(deal, "EX")
    assert set(cards_of(deal.hands[2])) == set(deal.legal_actions())   # free, as a lead
    play(deal, "5C")
    clubs = [c for c in cards_of(deal.hands[3]) if 36 <= c < 50]
    assert C("2C") in clubs and deal.legal_actions() == clubs


def test_excuse_may_be_played_instead_of_following():
    deal = deal_with("fft-4p", {1: "10H", 2: "2H EX"})
    bid(deal, ["garde_sans", "pass", "pass", "pass"])
    to_play(deal)
    play(deal, "10H")
    assert 0 in deal.legal_actions()


# ----- the Excuse's camp --------------------------------------------------------------------
def _keep_excuse_policy(deal):
    """Lowest legal card, keeping the Excuse for the last trick."""
    legal = deal.legal_actions()
    rest = [a for a in legal if a != 0]
    return rest[0] if rest else legal[0]


def _play_out_keeping_excuse(deal):
    while not deal.is_over:
        if deal.phase in ("poignee", "chelem"):
            deal.push(DONE)
        else:
            deal.push(_keep_excuse_policy(deal))


@pytest.mark.parametrize("rule", ["to_other_camp", "to_trick_winner"])
def test_excuse_in_the_last_trick(rule):
    """The Excuse played to the last trick that its own camp wins: it changes camp (FFT), and
    the other camp gives back half a point; with ``to_trick_winner`` it stays with the winner."""
    found = 0
    for seed in range(400):
        deal = tarot.new_deal("fft-4p", {"excuse_last_trick": rule}, seed=seed)
        if deal.is_over:
            continue
        bid(deal, ["prise", "pass", "pass", "pass"])
        _play_out_keeping_excuse(deal)
        leader, cards, winner = deal.tricks[-1]
        if 0 not in cards:
            continue
        owner = (leader + cards.index(0)) % 4
        same_camp = (owner == deal.taker) == (winner == deal.taker)
        if not same_camp or owner == winner:
            continue
        found += 1
        holder = next(s for s in range(4) if deal.piles[s] & 1)
        if rule == "to_other_camp":
            assert (holder == deal.taker) != (owner == deal.taker)
        else:
            assert holder == winner
        # 4 players never count half points
        pts = deal.result().card_points
        assert pts[deal.taker] + pts[(deal.taker + 1) % 4] == 91
        if found >= 3:
            break
    assert found >= 3


def test_chelem_announced_made_with_the_excuse_last():
    """Garde sans, chelem announced: the taker leads (he is not the dealer's right), wins 17
    tricks with his trumps and the last with the Excuse. 91 points, 3 bouts (36): won by 55.
    T = (25 + 55) × 4 + 400 = 720; the Petit fell in trick 1, no petit au bout."""
    taker = "EX " + " ".join(f"T{i}" for i in range(5, 22))
    deal = deal_with("fft-4p", {2: taker, 3: "T1 T2 T3 T4"}, dealer=0)
    bid(deal, ["pass", "garde_sans", "pass", "pass"])
    deal.push(CHELEM)
    assert deal.to_play == 2 and deal.phase == "poignee"   # the announcer leads; 17 trumps
    deal.push(DONE)
    for t in range(21, 4, -1):
        play(deal, f"T{t}")
        while deal.to_play != 2:
            deal.push(deal.legal_actions()[0])
            skip_poignee(deal)
    play(deal, "EX")
    while not deal.is_over:
        deal.push(deal.legal_actions()[0])
    assert [w for _, _, w in deal.tricks] == [2] * 18
    r = deal.result()
    assert r.card_points[2] == 91 and r.info["bouts"] == 3
    assert r.scores == (-720, -720, 2160, -720)
    assert r.by_source["chelem"] == [-400, -400, 1200, -400]


def test_chelem_made_with_the_excuse_and_the_petit_taken_in_the_last_trick():
    """§4.1: petit au bout goes to "the side winning the last trick, if it contains the Petit";
    the chelem clause adds the Petit of the penultimate trick when the Excuse wins the last, it
    does not take this one away. Three players, Garde sans, chelem announced: the taker draws
    the trumps, cashes his Kings to Jacks, and leads the Excuse to the last trick, where the
    defender's Petit falls. 91 points, 3 bouts: T = (25 + 55) × 4 + 10 × 4 + 400 = 760."""
    taker = ("EX " + " ".join(f"T{i}" for i in range(21, 11, -1))
             + " KS QS CS JS KH QH CH JH KC QC CC JC KD")
    defender = "T1 " + " ".join(f"T{i}" for i in range(2, 12)) + " 10S 9S 8S 7S 10H 9H 8H 7H 10C 9C 8C 7C 10D"
    deal = deal_with("fft-3p", {1: taker, 2: defender}, dealer=0)
    bid(deal, ["garde_sans", "pass", "pass"])
    deal.push(CHELEM)
    for tok in taker.split()[1:] + ["EX"]:
        skip_poignee(deal)
        play(deal, tok)
        keep = [c for c in deal.legal_actions() if c != C("T1")]
        deal.push(max(keep) if keep else C("T1"))     # the defender keeps his Petit
        deal.push(deal.legal_actions()[0])
    assert [w for _, _, w in deal.tricks] == [1] * 24
    assert deal.tricks[-1][1][:2] == (FOOL_ID, C("T1"))
    r = deal.result()
    assert r.info["petit_au_bout"] == 1
    assert r.by_source["petit_au_bout"] == [-40, 80, -40]
    assert r.scores == (-760, 1520, -760)


def test_chelem_petit_au_bout_in_the_penultimate_trick_and_a_triple_poignee():
    """As above, but the taker holds the Petit and plays it to trick 17, and shows a triple
    poignée (15 of his 17 trumps). T = (25 + 55) × 4 + 10 × 4 + 40 + 400 = 800."""
    taker = "EX T1 " + " ".join(f"T{i}" for i in range(6, 22))
    deal = deal_with("fft-4p", {1: taker, 3: "T2 T3 T4 T5"}, dealer=0)
    bid(deal, ["garde_sans", "pass", "pass", "pass"])
    deal.push(CHELEM)
    assert deal.legal_actions() == [DONE, SIMPLE, DOUBLE, TRIPLE]
    deal.push(TRIPLE)
    assert deal.phase == "show"
    for c in cards_of(M(taker) & ~M("EX T20 T21")):   # the 15 lowest, ascending
        deal.push(c)
    assert deal.shown[-1] == (1, TRIPLE, M(taker) & ~M("EX T20 T21"))
    order = [f"T{t}" for t in range(21, 5, -1)] + ["T1", "EX"]
    for tok in order:
        skip_poignee(deal)
        assert deal.to_play == 1
        deal.push(C(tok))
        while deal.to_play != 1 and not deal.is_over:
            skip_poignee(deal)
            deal.push(deal.legal_actions()[0])
    r = deal.result()
    assert r.by_source["petit_au_bout"] == [-40, 120, -40, -40]
    assert r.by_source["poignee"] == [-40, 120, -40, -40]
    assert r.scores == (-800, 2400, -800, -800)


@pytest.mark.parametrize("variant", ["fft-3p", "fft-4p", "fft-5p"])
def test_a_taker_who_announced_a_chelem_keeps_the_excuse_for_the_last_trick(variant):
    """§4.1: the announcer must play the Excuse last. Before the last trick it is not among his
    legal cards (he always has another), and pushing it is refused with the reason; in the last
    trick it is his card. Without the announcement the Excuse may be played at any time."""
    cls = tarot.variant_class(variant)
    taker_hand = "EX " + " ".join(f"T{i}" for i in range(21, max(0, 21 - (cls.HAND - 1)), -1))
    for announce in (True, False):
        deal = deal_with(variant, {1: taker_hand}, dealer=0)
        bid(deal, ["garde_sans"] + ["pass"] * (cls.PLAYERS - 1))
        while deal.phase == "call":
            deal.push(deal.legal_actions()[0])
        deal.push(CHELEM if announce else DONE)
        skip_poignee(deal)
        assert deal.to_play == (1 if announce else deal.to_play)
        while not deal.is_over:
            skip_poignee(deal)
            if deal.to_play == 1:
                legal = deal.legal_actions()
                last = deal.trick_no == cls.HAND - 1
                on = announce and not chelem_known_lost(deal)  # still possible, as he knows
                assert (FOOL_ID in legal) == (last or not on), (deal.trick_no, announce)
                if not last and on:
                    with pytest.raises(tarot.IllegalActionError, match="keeps the Excuse"):
                        deal.push(FOOL_ID)
                deal.push(max(legal, key=lambda c: (1 <= c <= 21, c)))   # his highest trump first
            else:
                deal.push(deal.legal_actions()[0])
        if announce and all(w == 1 for _, _, w in deal.tricks[:-1]):
            assert deal.tricks[-1][1][0] == FOOL_ID and deal.tricks[-1][2] == 1  # it wins the last


FOOL_ID = 0


def test_the_excuse_is_free_again_once_the_announced_chelem_is_lost():
    """§4.1 asks the Excuse last of the announcer in a successful chelem: once the defence has
    won a trick the chelem cannot succeed, and the Excuse may be played at any time again (held
    to the last trick it would change camp, a bout lost)."""
    # the taker (seat 1) holds the Excuse, trumps XXI..XI and low Spades; the defence leads
    # nothing: he leads, and his first Spade is taken
    deal = deal_with("fft-4p", {1: "EX T21 T20 T19 T18 T17 T16 T15 T14 T13 T12 T11 2S 3S 4S 5S 6S 7S",
                                2: "KS QS CS JS 10S 9S"}, dealer=0)
    bid(deal, ["garde_sans", "pass", "pass", "pass"])
    to_play(deal, chelem=True)
    skip_poignee(deal)
    assert deal.to_play == 1 and FOOL_ID not in deal.legal_actions()
    play(deal, "2S")
    while deal.trick:
        deal.push(deal.legal_actions()[-1])   # the defence plays high: KS wins the trick
        skip_poignee(deal)
    assert deal.tricks[0][2] != 1
    while deal.to_play != 1:
        deal.push(deal.legal_actions()[0])
        skip_poignee(deal)
    assert FOOL_ID in deal.legal_actions()
    deal.push(FOOL_ID)


def _called_king_with(holder):
    """Five players, garde sans by seat 1, KH called, a chelem announced: seat 3 takes trick 1
    with the XXI, then leads a Heart; the taker, void, is to play. ``holder`` (3 or 2) holds KH,
    not yet played. Returns the deal and ``other()``, the lowest legal card but KH."""
    hands = {1: "EX " + " ".join(f"T{i}" for i in range(2, 16)), 3: "T21 2H",
             2: "5S", 4: "6S 3H", 0: "7S 4H"}
    hands[holder] += " KH"
    deal = deal_with("fft-5p", hands, void={0: "T", 2: "T", 4: "T"}, dealer=0)
    bid(deal, ["garde_sans", "pass", "pass", "pass", "pass"])
    kh = C("KH")
    deal.push(kh)
    deal.push(CHELEM)

    def other():
        return next(a for a in deal.legal_actions() if a != kh)

    play(deal, "T2 5S T21 6S 7S")   # seat 3 wins trick 1
    assert deal.tricks[0][2] == 3
    play(deal, "2H 3H 4H")          # seat 3 leads a Heart, seats 4 and 0 follow
    assert deal.to_play == 1 and deal.partner == holder
    return deal, other


def test_the_chelem_announcers_excuse_does_not_tell_him_his_secret_partner():
    """Five players: whether the announcer must keep the Excuse is judged on what he knows
    (§4.4: the partner is secret until the called card is played). Seat 3 has won trick 1 and
    holds the called KH, or seat 2 does: at the taker's turn his view is the same in both deals,
    legal cards included (the Excuse kept: seat 3 may be his partner). Once seat 2 plays KH,
    seat 3 is a known defender: the chelem is lost and the Excuse free; while KH stays hidden
    with seat 3, it is not."""
    deals = {holder: _called_king_with(holder) for holder in (3, 2)}
    views = [deal.view(1) for deal, _ in deals.values()]
    assert views[0] == views[1]
    assert views[0].partner is None and FOOL_ID not in views[0].legal_actions
    for holder, (deal, other) in deals.items():
        with pytest.raises(tarot.IllegalActionError, match="keeps the Excuse"):
            deal.push(FOOL_ID)
        play(deal, "T3")             # he must trump, and wins the trick
        deal.push(C("KH") if holder == 2 else other())
        assert deal.tricks[1][2] == 1 and deal.to_play == 1
        assert deal.view(1).partner == (2 if holder == 2 else None)
        assert (FOOL_ID in deal.legal_actions()) == (holder == 2), holder




@pytest.mark.parametrize("seat2_void", [True, False])
def test_a_winner_that_lacks_the_called_suit_is_a_known_defender(seat2_void):
    """Five players, KH called (seat 3 holds it), a chelem announced. The taker leads 2H and
    seat 2 wins the trick: by trumping, void in Hearts, it has shown it cannot hold KH, so it is
    a defender, the chelem is lost and the announcer's Excuse free; by following with the Queen
    it may be his partner, and the Excuse stays kept (the view the same but for that card)."""
    two = "T2 T3 T4" if seat2_void else "QH T3 T4"
    deal = deal_with("fft-5p", {1: "EX " + " ".join(f"T{i}" for i in range(21, 11, -1)) + " 2H QS JS CS",
                                2: two, 3: "KH 5H 6H", 4: "7H 8H", 0: "9H 10H"},
                     void={2: "H"} if seat2_void else None, dealer=0)
    bid(deal, ["garde_sans", "pass", "pass", "pass", "pass"])
    deal.push(C("KH"))
    deal.push(CHELEM)
    play(deal, "T21")
    while deal.to_play != 1:
        deal.push(next(a for a in deal.legal_actions() if a != FOOL_ID))
        skip_poignee(deal)
    play(deal, "2H " + ("T3" if seat2_void else "QH") + " 5H 7H 9H")
    assert deal.tricks[1][2] == 2 and deal.partner == 3 and deal.view(1).partner is None
    while deal.to_play != 1:
        deal.push(next(a for a in deal.legal_actions() if a != FOOL_ID))
        skip_poignee(deal)
    assert (FOOL_ID in deal.legal_actions()) is seat2_void
    if not seat2_void:
        with pytest.raises(tarot.IllegalActionError, match="keeps the Excuse"):
            deal.push(FOOL_ID)


@pytest.mark.parametrize("announced", [False, True])
def test_chelem_without_the_excuse_it_stays_with_the_defence_even_in_the_last_trick(announced):
    """Garde sans: the taker wins all 18 tricks; a defender holds the Excuse. Played to the
    last trick it does not change camp (the chelem exception of §4.1): it stays with the
    defence and counts 4, as it does played early. The taker has 87 points and 2 bouts (41),
    won by 46: T = (25 + 46) × 4 + chelem (200 unannounced, 400 announced)."""
    taker = "T1 " + " ".join(f"T{i}" for i in range(5, 22))
    totals = []
    for excuse_trick in (0, 17):
        deal = deal_with("fft-4p", {1: taker, 2: "EX T2 T3 T4"}, dealer=0)
        bid(deal, ["garde_sans", "pass", "pass", "pass"])
        to_play(deal, chelem=announced)
        while not deal.is_over:
            skip_poignee(deal)
            legal = deal.legal_actions()
            if deal.to_play == 1:      # the taker: XXI down to VI, the Petit in trick 17, then V
                deal.push(C("T1") if deal.trick_no == 16 else max(c for c in legal if c != 1))
            elif 0 in legal and (deal.trick_no == excuse_trick or legal == [0]):
                deal.push(0)
            else:
                deal.push(min(c for c in legal if c != 0))
            skip_poignee(deal)
        assert [w for _, _, w in deal.tricks] == [1] * 18
        assert any(trick[0] == 0 or 0 in trick for _, trick, _ in deal.tricks[excuse_trick:excuse_trick + 1])
        r = deal.result()
        assert deal.piles[2] & 1, "the Excuse stays with its owner"
        assert (r.info["points"], r.info["bouts"]) == (87, 2)
        T = (25 + 46) * 4 + (400 if announced else 200)
        assert r.scores == (-T, 3 * T, -T, -T)
        totals.append(r.scores)
    assert totals[0] == totals[1]


# ----- poignées -----------------------------------------------------------------------------
def test_poignee_with_the_excuse_shows_every_trump():
    nine = "T2 T3 T4 T5 T6 T7 T8 T9 T10"
    deal = deal_with("fft-4p", {1: nine + " EX", 2: "T11 T12 T13"})
    bid(deal, ["garde_sans", "pass", "pass", "pass"])
    deal.push(DONE)                        # no chelem
    assert deal.phase == "poignee" and deal.legal_actions() == [DONE, SIMPLE]
    deal.push(SIMPLE)
    assert deal.shown[-1] == (1, SIMPLE, M(nine + " EX")) and deal.phase == "play"


def test_poignee_with_ten_trumps_cannot_show_the_excuse():
    ten = "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11"
    deal = deal_with("fft-4p", {1: ten + " T12 EX"})
    bid(deal, ["garde_sans", "pass", "pass", "pass"])
    deal.push(DONE)
    deal.push(SIMPLE)
    assert deal.phase == "show" and 0 not in deal.legal_actions()
    with pytest.raises(tarot.IllegalActionError, match="stands in for a trump only in a hand one trump short"):
        deal.push(0)
    # the refusals name what is wrong: a card not held, a card that is no trump
    with pytest.raises(tarot.IllegalActionError, match=r"seat 1 does not hold trump XXI \(T21\)"):
        deal.push(C("T21"))
    with pytest.raises(tarot.IllegalActionError, match="cannot show the King of Spades .*: a poignée shows trumps only"):
        deal.push(C("KS"))
    assert deal.phase == "show" and deal.legal_actions()[0] == C("T2")   # nothing changed


def test_no_poignee_with_eight_trumps_and_the_excuse():
    deal = deal_with("fft-4p", {1: "T2 T3 T4 T5 T6 T7 T8 T9 EX"})
    bid(deal, ["garde_sans", "pass", "pass", "pass"])
    deal.push(DONE)
    assert deal.phase == "play"


def test_poignee_shows_all_trumps_when_not_exact():
    trumps = "T2 T3 T4 T5 T6 T7 T8 T9 T10 T11 T12"
    deal = deal_with("fft-4p", {1: trumps}, options={"poignee_show_exact": "false"})
    bid(deal, ["garde_sans", "pass", "pass", "pass"])
    deal.push(DONE)
    deal.push(SIMPLE)
    assert deal.shown[-1] == (1, SIMPLE, M(trumps)) and deal.phase == "play"


def test_three_player_poignee_sizes():
    deal = deal_with("fft-3p", {1: " ".join(f"T{i}" for i in range(2, 14))})
    bid(deal, ["garde_sans", "pass", "pass"])
    deal.push(DONE)
    assert deal.phase == "play"       # 12 trumps: no poignée with three players (13)


# ----- five players -------------------------------------------------------------------------
def test_five_player_king_call_and_escalation():
    kings = "KS KC KH KD"
    deal = deal_with("fft-5p", {1: kings})
    bid(deal, ["prise", "pass", "pass", "pass", "pass"])
    assert deal.phase == "call"
    assert deal.legal_actions() == L(kings + " QS QC QH QD")
    deal = deal_with("fft-5p", {1: kings + " QS QC QH QD"})
    bid(deal, ["prise", "pass", "pass", "pass", "pass"])
    assert deal.legal_actions() == L(kings + " QS QC QH QD CS CC CH CD")
    deal = deal_with("fft-5p", {1: kings + " QS QC QH QD"},
                     options={"five_player_called_escalation": "K→Q"})
    bid(deal, ["prise", "pass", "pass", "pass", "pass"])
    assert deal.legal_actions() == L(kings + " QS QC QH QD")
    with pytest.raises(tarot.IllegalActionError, match=r"never a Cavalier or a Jack \(five_player_called_escalation"):
        deal.push(C("CS"))      # the refusal states the rule of these options, not the FFT's
    deal = deal_with("fft-5p", {1: "KS KC"}, options={"five_player_self_call": "false"})
    bid(deal, ["prise", "pass", "pass", "pass", "pass"])
    assert deal.legal_actions() == L("KH KD")
    # a King of his own: the refusal says he holds it, and the rule of the option
    with pytest.raises(tarot.IllegalActionError, match=r"seat 1 holds the King of Spades \(KS\): with "
                                                       "five_player_self_call=false the card called is one outside"):
        deal.push(C("KS"))
    # a Queen while Kings are still to call: the calling rule, this option's clause with it
    with pytest.raises(tarot.IllegalActionError, match="a card of one's own hand only when holding every card one could call"):
        deal.push(C("QS"))
    assert deal.phase == "call" and deal.legal_actions() == L("KH KD")


def test_five_player_self_call_plays_alone():
    deal = deal_with("fft-5p", {1: "KS T2 T3"})
    bid(deal, ["garde", "pass", "pass", "pass", "pass"])
    deal.push(C("KS"))
    assert deal.partner is None and deal.camp == 1 << 1
    assert deal.view(1).partner == 1 and deal.view(2).partner is None
    to_play(deal)
    while not deal.is_over:
        skip_poignee(deal)
        deal.push(deal.legal_actions()[0])
    r = deal.result()
    T = -r.scores[0]
    assert r.scores == (-T, 4 * T, -T, -T, -T)


def test_five_player_partner_and_settlement():
    deal = deal_with("fft-5p", {1: "T2 T3", 3: "KH"})
    bid(deal, ["garde", "pass", "pass", "pass", "pass"])
    deal.push(C("KH"))
    assert deal.partner == 3
    assert deal.view(3).partner == 3 and all(deal.view(s).partner is None for s in (0, 1, 2, 4))
    to_play(deal)
    while not deal.is_over:
        skip_poignee(deal)
        deal.push(deal.legal_actions()[0])
    r = deal.result()
    T = r.scores[3]
    assert r.scores == (-T, 2 * T, -T, T, -T)


def test_five_player_opening_lead_not_in_the_called_suit():
    deal = deal_with("fft-5p", {1: "2H 3H 4S 5C T2", 3: "KH"}, void={1: "D"})
    bid(deal, ["prise", "pass", "pass", "pass", "pass"])
    deal.push(C("KH"))
    to_play(deal)
    assert deal.to_play == 1
    legal = deal.legal_actions()
    assert C("2H") not in legal and C("3H") not in legal and C("4S") in legal
    with pytest.raises(tarot.IllegalActionError, match="called suit"):
        deal.push(C("2H"))


def test_five_player_opening_lead_binds_the_leader_only():
    """docs/rules §4.4 forbids the called suit to the opening lead; after the Excuse is led, the
    next card may be in it (FFT: "celui qui entame"; the Excuse is the lead)."""
    deal = deal_with("fft-5p", {1: "EX 4S 5C T2", 2: "2H 3H 6S", 3: "KH"})
    bid(deal, ["prise", "pass", "pass", "pass", "pass"])
    deal.push(C("KH"))
    to_play(deal)
    assert deal.to_play == 1 and C("EX") in deal.legal_actions()
    deal.push(C("EX"))
    assert deal.to_play == 2 and {C("2H"), C("3H"), C("6S")} <= set(deal.legal_actions())
    deal.push(C("2H"))   # sets the suit to follow: Hearts
    legal = deal.legal_actions()
    assert deal.to_play == 3 and C("KH") in legal and all(suit_of(c) == HEARTS for c in legal)


def test_five_player_no_self_call_with_every_callable_card_in_hand():
    """five_player_self_call=false: a card the taker lacks, unless he holds them all (K→Q and the
    eight Kings and Queens): then one of his own, and he plays alone."""
    everything = "KS KC KH KD QS QC QH QD"
    deal = deal_with("fft-5p", {1: everything},
                     options={"five_player_self_call": "false", "five_player_called_escalation": "k→q"})
    bid(deal, ["prise", "pass", "pass", "pass", "pass"])
    assert deal.legal_actions() == L("QS QC QH QD")
    deal.push(C("QS"))
    assert deal.partner is None and deal.camp == 1 << 1
    deal = deal_with("fft-5p", {1: everything}, options={"five_player_self_call": "false"})
    bid(deal, ["prise", "pass", "pass", "pass", "pass"])
    assert deal.legal_actions() == L("CS CC CH CD")   # a Cavalier, which he lacks


def test_five_player_opening_lead_the_called_card_itself():
    deal = deal_with("fft-5p", {1: "KH 3H 4S", 3: "T2"})
    bid(deal, ["pass", "pass", "garde", "pass", "pass"])
    deal.push(C("KH"))   # seat 3 takes and calls the King of Hearts, which seat 1 holds
    assert deal.partner == 1
    to_play(deal)
    assert deal.to_play == 1
    legal = deal.legal_actions()
    assert C("KH") in legal and C("3H") not in legal


# ----- contracts and the chien --------------------------------------------------------------
def test_the_chien_unseen_in_garde_sans_and_contre():
    for contract in ("garde_sans", "garde_contre"):
        deal = tarot.new_deal("fft-4p", {"petit_rule": "none"}, seed=3)
        bid(deal, [contract, "pass", "pass", "pass"])
        assert deal.phase == "chelem"
        assert all(deal.view(s).chien == 0 for s in range(4))


def test_garde_contre_chien_counts_for_the_defence():
    deal = deal_with("fft-4p", {}, chien="KS KC KH KD QS QC")
    bid(deal, ["garde_contre", "pass", "pass", "pass"])
    to_play(deal)
    while not deal.is_over:
        skip_poignee(deal)
        deal.push(deal.legal_actions()[0])
    taker, defence = deal.camp_piles()
    assert M("KS KC KH KD QS QC") & defence == M("KS KC KH KD QS QC")


def test_options_are_validated():
    with pytest.raises(tarot.OptionError):
        tarot.new_deal("fft-4p", {"players": "4"})
    with pytest.raises(tarot.OptionError):
        tarot.new_deal("fft-4p", {"misere": "on"})
    with pytest.raises(tarot.OptionError):
        tarot.new_deal("fft-4p", {"five_player_self_call": "false"})
    assert tarot.new_deal("fft-4p", {"score_rounding": "10"}, seed=1).options["score_rounding"] == "10"
    spec = {o.key: o for o in tarot.variant_class("fft-4p").OPTIONS}
    assert spec["misdeal"].table_only
    # a value written with arrows can be typed with "->" (and in capitals, as RULES.md has it)
    deal = tarot.new_deal("fft-5p", {"five_player_called_escalation": "K->Q"}, seed=1)
    assert deal.options["five_player_called_escalation"] == "k→q"
    with pytest.raises(tarot.OptionError, match="does not take 'k->j'"):
        tarot.new_deal("fft-5p", {"five_player_called_escalation": "k->j"})


def test_garde_sans_bouts_in_the_chien_count_for_the_taker():
    deal = deal_with("fft-4p", {}, chien="T21 T1 EX 2S 3S 4S")
    bid(deal, ["garde_sans", "pass", "pass", "pass"])
    to_play(deal)
    while not deal.is_over:
        skip_poignee(deal)
        deal.push(deal.legal_actions()[0])
    info = deal.result().info
    assert info["bouts"] == 3 and info["target"] == 36


def _keep_petit(deal):
    legal = deal.legal_actions()
    rest = [a for a in legal if a != 1]
    return rest[0] if rest else legal[0]


def test_petit_au_bout_goes_to_the_side_that_wins_the_last_trick():
    """The Petit in the last trick: 10 × the multiplier for the camp that wins that trick, win
    or lose; elsewhere nothing. Prise (× 1): each defender pays or receives 10."""
    seen = set()
    for seed in range(300):
        deal = tarot.new_deal("fft-4p", seed=seed)
        if deal.is_over:
            continue
        bid(deal, ["prise", "pass", "pass", "pass"])
        while not deal.is_over:
            if deal.phase in ("poignee", "chelem"):
                deal.push(DONE)
            else:
                deal.push(_keep_petit(deal))
        r = deal.result()
        row = r.by_source["petit_au_bout"]
        leader, cards, winner = deal.tricks[-1]
        if 1 not in cards or (cards[0] == 0 and winner == leader):
            assert row == [0, 0, 0, 0]
            continue
        side = 1 if winner == deal.taker else -1
        assert row[deal.taker] == 30 * side
        assert all(row[s] == -10 * side for s in range(4) if s != deal.taker)
        seen.add(side)
        if seen == {1, -1}:
            return
    raise AssertionError(f"only {seen} seen")

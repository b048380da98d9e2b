"""Modern French Tarot for three, four and five players (FFT rules, docs/rules §4): the game
declared; its engine in ``rules`` (with ``bidding``, ``poignees``, ``settlement``, ``undo``,
``options``), its rule bot in ``bot``, its sampler (for the search bots) in ``sampler``.

Three registered variants share one engine, ``FrenchDeal``: ``fft-4p`` (18 cards each, chien
of 6), ``fft-3p`` (24 cards each dealt by four, chien of 6) and ``fft-5p`` (15 cards each,
chien of 3, a called King). The flow of a deal (``phase``):

``bid``      from the dealer's right (``dealer + 1``), each player once: ``pass`` or a bid
             higher than the last (``prise`` < ``garde`` < ``garde_sans`` < ``garde_contre``).
             All pass: the deal is over, no score, ``result().info["all_passed"]``.
``call``     five players: the taker calls a card (a card action): a King; with four Kings a
             Queen, and so on up to a Jack (``five_player_called_escalation``). He may call a
             card he holds (``five_player_self_call``): he then plays alone, as he does when the
             called card lies in the chien.
``ecart``    Prise and Garde: the chien is shown to all and taken; the taker discards 6 cards
             (3 with five players), one action a card, in ascending id order. Never a King or a
             bout; trumps only when there are too few other cards, and then they are shown
             (``View.shown`` holds ``(taker, done, trumps)``). Garde sans / contre skip it: the
             chien stays unseen, counting for the taker (sans) or the defence (contre).
``chelem``   the taker announces a chelem (``chelem``) or not (``done``); if he does he leads.
``poignee``  just before his first card a player holding enough trumps may declare a poignée
             (``poignee_simple`` / ``_double`` / ``_triple``) or say ``done``; where he has more
             trumps than he must show, the ``show`` phase takes the shown trumps one at a time,
             ascending (as Marolles's declarations). The Excuse completes a poignée one trump
             short, and then every trump is shown. The taker's trumps forced into the écart
             count again (the FFT's 4-Kings-and-15-trumps case, generalised).
``play``     follow suit; if void, trump, over-trumping any trump in the trick (a partner's too);
             on a trump lead, a higher trump if possible; the Excuse at any time.
``over``     the count and the settlement (§4.2).

Petit sec (``petit_rule=petit_sec``: the Petit the only trump, without the Excuse) and the
seed's first-packet rule are detected when the cards are dealt: the deal is over at once,
annulled (``info["annulled"]``), without an action. The FFT makes the holder announce it, but
the announcement is compulsory and changes nothing else, so an action would only be a forced
move; the ``View`` of an annulled deal shows the holder's trump (``shown``: ``(seat, done, I)``).

**Scores**: per defender ``T`` (§4.2, the taker's viewpoint), paid in the ledger component by
component (reasons ``contract``, ``petit_au_bout``, ``poignee``, ``chelem``; ``score_rounding``
adjusts the ``contract`` part). Four players: each defender pays ``T`` to the taker (``+3T``);
three: ``+2T``; five: two defenders pay the taker and the third pays the partner (``+2T``,
``+T``), or all four pay a taker alone (``+4T``). A negative ``T`` is paid the other way.
``DealResult.card_points[s]`` is the card points of seat ``s``'s camp, after the §4.3 rounding
(the defence has ``91 -`` the taker camp's).
"""

from ...core.cards import Seat
from ...core.deal import Deal
from ...core.game import Game, register_game
from .rules import *  # noqa: F403  (the rules' public names)
from .rules import FrenchDeal3, FrenchDeal4, FrenchDeal5


def role_taker(deal: Deal, seat: Seat) -> str:
    """``taker``, ``partner`` (five players), ``defender``, or ``no taker`` when every player
    passed (from ``summary()``, else ``result().info``)."""
    facts = dict(deal.result().info)
    facts.update(deal.summary())
    taker = facts.get("taker")
    if taker is None:
        return "no taker"
    if seat == taker:
        return "taker"
    partner = facts.get("partner")
    if partner is not None and seat == partner:
        return "partner"
    return "defender"


GAME = register_game(Game(
    name="french", title="French Tarot (FFT rules), three to five players",
    deals=(FrenchDeal4, FrenchDeal3, FrenchDeal5),
    rule_bot="tarot.variants.french.bot:FrenchRuleBot",
    sampler="tarot.variants.french.sampler:SAMPLER",
    roles=role_taker,
    explainer="tarot.variants.french.explain:EXPLAINER",
    summary_fields=("contract", "taker", "points", "bouts", "partner"),
    # pimc-wide's card play (more sampled deals pay in French Tarot, the likelihood weighting
    # does not) with the bid, call, écart and announcements by evaluation (docs/strength.md)
    strongest_bot="pimc-bid",
    preplay_bot="tarot.variants.french.bot_bid:FrenchPreplayBot",
))

"""House rulings VK-9 (a deck nearly used up) where the rulebook and VK-1..8 are silent.

VK-10 (bonus cards from the pile are unknown to all) is tested in test_hidden.py and
VK-11 (rails paid before the coins come in) in test_track.py.
"""

from __future__ import annotations

from nile.games.kap_kairo.builder import Builder
from nile.games.kap_kairo.rules import PASS, Phase, card_named
from nile.games.kap_kairo.rules.deck import NAMES
from nile.games.kap_kairo.rules.events import (
    AuctionSkipped,
    BonusMissed,
    CardChosen,
    NoCardLeft,
    NothingToDraw,
    PhaseChanged,
    TieBySeat,
)

from .helpers import of_type, play


def _all_but(*names: str) -> list[str]:
    used = {card_named(n) for n in names}
    return [NAMES[c] for c in range(50) if c not in used]


def test_vk9_fewer_auction_cards_than_players_the_last_chooser_gets_none() -> None:
    state = (Builder(3).column(0, "R0").column(1, "R1").column(2, "R2")
             .auction(("S0", "S1")).build())
    events = play(state, "bid 5", "bid 3", "bid 1", "take S1")
    chosen = of_type(events, CardChosen)
    assert [(c.seat, NAMES[c.card], c.forced) for c in chosen] == [
        (0, "S1", False), (1, "S0", True)]
    assert of_type(events, NoCardLeft) == [NoCardLeft(2)]
    assert of_type(events, PhaseChanged)[-1] == PhaseChanged("track laying", 1, 0)


def test_vk9_no_card_for_a_duel_the_tie_goes_in_seat_order() -> None:
    # Every card but the two on offer lies in front of the locomotives: nothing to draw.
    rest = _all_but("S0", "S1")
    state = (Builder(2).column(0, *rest[:24]).column(1, *rest[24:]).pile()
             .auction(("S0", "S1")).build())
    events = play(state, "bid 0", "bid 0")
    assert of_type(events, TieBySeat) == [TieBySeat((0, 1))]
    assert state.order == [0, 1]


def test_vk9_nothing_left_to_auction_skips_to_track_laying() -> None:
    # Seat 0 crosses its last card with an empty row: no card goes to the discards,
    # and the pile is empty, so the auction that should follow has nothing to offer.
    rest = _all_but("S8", "R3")
    state = (Builder(2).column(0, "S8").column(1, "R3", *rest).pile()
             .to_move(0, Phase.DRAW).build())
    assert state.step == Phase.DECIDE and state.row == []
    events = play(state, "build bonus 0 buy 3")
    assert of_type(events, BonusMissed) == [
        BonusMissed(1, "no card is left in the discards or the pile")]
    assert of_type(events, AuctionSkipped) == [AuctionSkipped()]
    assert of_type(events, NothingToDraw) == [NothingToDraw(0)]
    assert state.step == Phase.DECIDE and state.turn == 0 and state.legal_actions() == [PASS]

"""Land purchase: secret bids (VK-3), the choosing order (VK-4), taking the cards."""

from __future__ import annotations

import pytest

from nile.core.errors import IllegalAction
from nile.core.game import CHANCE
from nile.games.kap_kairo import GAME_INFO
from nile.games.kap_kairo.builder import Builder
from nile.games.kap_kairo.rules import Bid, Build, Phase, Take, auction, card_named, track
from nile.games.kap_kairo.rules.common import BEGIN_AUCTION, Begin
from nile.games.kap_kairo.rules.events import (
    BidPlaced,
    BidsRevealed,
    CardChosen,
    CardRevealed,
    ChoosingOrder,
    DuelDraw,
    DuelRound,
    DuelStarted,
    PhaseChanged,
    TieByCapital,
)

from .helpers import cards, of_type, play


def test_a_new_game_turns_up_as_many_cards_as_players() -> None:
    for players in (2, 3, 4):
        state = GAME_INFO.create(players, 0, {})
        assert state.current_player == CHANCE
        texts = [f"reveal {name}" for name in ("R0", "M0", "D0", "V0")[:players]]
        events = play(state, *texts)
        assert len(of_type(events, CardRevealed)) == players
        assert state.step == Phase.BID and state.current_player == 0
        assert state.display == cards(*("R0", "M0", "D0", "V0")[:players])


def test_vk3_bids_are_whole_pounds_from_zero_to_capital() -> None:
    state = Builder(3).capital(0, 37).auction(("S0", "S1", "S2")).build()
    assert state.legal_actions() == [Bid(a) for a in range(38)]
    with pytest.raises(IllegalAction, match="capital of £37"):
        state.apply(Bid(38))
    with pytest.raises(IllegalAction, match="negative"):
        state.apply(Bid(-1))


def test_vk3_a_bid_stays_secret_until_all_have_bid_then_all_are_revealed() -> None:
    state = Builder(3).auction(("S0", "S1", "S2")).build()
    events = play(state, "bid 12")
    assert events == [BidPlaced(0, 12)]
    assert "12" in events[0].describe(0) and "12" not in events[0].describe(1)
    assert "12" not in events[0].describe(None)
    assert [events[0].visible_amount(v) for v in (0, 1, None)] == [12, None, None]
    assert state.capital[0] == 100  # nothing is paid before the reveal
    events = play(state, "bid 5", "bid 20")
    revealed = of_type(events, BidsRevealed)
    assert revealed == [BidsRevealed((12, 5, 20), (88, 95, 80))]
    assert state.capital == [88, 95, 80]
    assert of_type(events, ChoosingOrder) == [ChoosingOrder((2, 0, 1))]
    assert state.step == Phase.CHOOSE and state.current_player == 2


def test_the_ledger_keeps_each_bid_and_the_capital_after_it() -> None:
    state = Builder(2).capital(1, 50).auction(("S0", "S1")).build()
    play(state, "bid 30", "bid 50")
    assert state.ledger[0] == [("start", 100, 100), ("bid", 30, 70)]
    assert state.ledger[1] == [("start", 50, 50), ("bid", 50, 0)]
    assert state.capital == [70, 0]


def test_vk4_equal_bids_smaller_capital_after_paying_chooses_first() -> None:
    state = Builder(3).capital(0, 60).capital(2, 40).auction(("S0", "S1", "S2")).build()
    events = play(state, "bid 10", "bid 10", "bid 10")
    assert of_type(events, TieByCapital) == [TieByCapital((2, 0, 1))]
    assert state.order == [2, 0, 1]


def test_vk4_equal_bids_and_capital_a_draw_duel_higher_coin_first() -> None:
    state = Builder(2).auction(("S0", "S1")).build()
    events = play(state, "bid 4", "bid 4")
    assert of_type(events, DuelStarted) == [DuelStarted((0, 1))]
    assert state.step == Phase.DUEL and state.current_player == CHANCE
    # R7 pays £7, R0 pays £10: seat 1 draws the higher coin and chooses first.
    events = play(state, "duel R7", "duel R0")
    assert of_type(events, DuelDraw) == [DuelDraw(0, cards("R7")[0]), DuelDraw(1, cards("R0")[0])]
    assert state.order == [1, 0]
    assert state.discards[-2:] == cards("R7", "R0")  # duel cards are discarded


def test_vk4_repeated_duel_while_the_coins_tie() -> None:
    state = Builder(3).auction(("S0", "S1", "S2")).build()
    play(state, "bid 9", "bid 9", "bid 9")
    # R0 and R1 both pay £10, D0 £8: seats 0 and 1 draw again, seat 2 chooses last.
    events = play(state, "duel R0", "duel R1", "duel D0")
    rounds = of_type(events, DuelRound)
    assert rounds[0].tied == (0, 1)
    assert state.step == Phase.DUEL and state.duel == [0, 1]
    events = play(state, "duel S9", "duel M0")
    assert of_type(events, DuelRound)[0].tied == ()
    assert state.order == [1, 0, 2]
    assert sorted(state.discards) == sorted(cards("R0", "R1", "D0", "S9", "M0"))


def test_vk4_a_tie_below_the_top_is_duelled_in_its_place() -> None:
    state = Builder(3).auction(("S0", "S1", "S2")).build()
    play(state, "bid 20", "bid 3", "bid 3")
    assert state.duel == [1, 2]
    play(state, "duel S9", "duel R0")
    assert state.order == [0, 2, 1]


def test_each_player_takes_one_card_which_joins_the_end_of_the_column() -> None:
    state = (Builder(2).column(0, "D0").column(1, "M1")
             .choosing(("S3", "R4"), order=[1, 0]).build())
    events = play(state, "take S3")
    assert state.columns[1] == cards("M1", "S3")
    chosen = of_type(events, CardChosen)
    assert chosen[0] == CardChosen(1, cards("S3")[0], 2, False)
    assert chosen[1] == CardChosen(0, cards("R4")[0], 2, True)  # the last card is forced
    assert state.columns[0] == cards("D0", "R4")


def test_rulebook_picture_2_column_order_desert_then_mountain() -> None:
    # The blue player bought a desert, later a mountain: the desert must be crossed first.
    state = Builder(2).column(0, "D4").column(1, "S0").choosing(("M3", "S1"), order=[0, 1]).build()
    play(state, "take M3", "draw S5")
    assert state.columns[0] == cards("D4", "M3")
    assert state.step == Phase.DECIDE
    build = state.legal_actions()[0]
    play(state, build.to_str())
    assert state.crossed[0] == cards("D4") and state.columns[0] == cards("M3")


def test_vk5_the_highest_bidder_starts_track_laying() -> None:
    state = Builder(3).column(0, "V0").column(1, "V1").column(2, "V2").auction(
        ("S0", "S1", "S2")).build()
    events = play(state, "bid 1", "bid 7", "bid 2", "take S0", "take S1")
    phase = of_type(events, PhaseChanged)
    assert phase == [PhaseChanged("track laying", 1, 1)]
    assert state.step == Phase.DRAW and state.turn == 1


def test_take_refuses_a_card_not_on_offer() -> None:
    state = Builder(2).choosing(("S3", "R4"), order=[1, 0]).build()
    with pytest.raises(IllegalAction, match="not among the face-up"):
        state.apply(Take(cards("M0")[0]))
    with pytest.raises(IllegalAction, match="takes one of the face-up"):
        state.apply(Bid(3))


def test_the_last_bid_is_an_undo_barrier_earlier_ones_are_not() -> None:
    state = Builder(2).auction(("S0", "S1")).build()
    assert not state.is_undo_barrier(Bid(3))
    play(state, "bid 3")
    assert state.is_undo_barrier(Bid(3))


def test_capital_may_reach_zero_but_never_below() -> None:
    state = Builder(2).capital(0, 0).auction(("S0", "S1")).build()
    assert state.legal_actions() == [Bid(0)]
    play(state, "bid 0", "bid 0")
    assert min(state.capital) >= 0


def test_an_over_capital_bid_is_refused_in_words_without_a_ruling_number() -> None:
    """The refusal a player reads names the capital, not the house ruling's id ('VK-3')."""
    state = Builder(2).auction(("S0", "S1")).build()
    with pytest.raises(IllegalAction) as refusal:
        state.apply(Bid(101))
    assert str(refusal.value) == "You cannot bid more than your capital of £100."


def test_the_land_purchase_hands_over_to_track_laying_as_a_value() -> None:
    """Phases never call each other (issue 28): the last card taken returns the phase to
    begin next, and the dispatcher (`KapState.apply`) begins it."""
    position = Builder(2).choosing(["S3", "R1"], order=[1, 0])
    state = position.build()
    events, then = auction.take_card(state, Take(card_named("S3")))
    assert then == Begin("track laying", 1)  # the first chooser starts (VK-5)
    assert state.step == Phase.CHOOSE  # not begun by the phase itself
    whole = position.build()
    assert whole.apply(Take(card_named("S3")))[: len(events)] == events
    assert (whole.step, whole.turn) == (Phase.DRAW, 1)


def test_a_builder_out_of_cards_hands_over_to_a_land_purchase_as_a_value() -> None:
    state = Builder(2).column(0, "S8").column(1, "R0").row("V8").to_move(0).build()
    _, then = track.build(state, Build(0, 0))
    assert then == BEGIN_AUCTION

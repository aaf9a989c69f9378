"""Track laying: VK-5 (rails), VK-6 (after a build), VK-7 (passing, deadlock), VK-8 (end)."""

from __future__ import annotations

import pytest

from nile.core.errors import IllegalAction
from nile.core.game import CHANCE
from nile.games.kap_kairo.builder import Builder
from nile.games.kap_kairo.rules import PASS, UNKNOWN, Build, Phase, cheapest_build
from nile.games.kap_kairo.rules.events import (
    BonusDealt,
    BonusMissed,
    Built,
    CoinsGained,
    Deadlock,
    GameWon,
    NothingToDraw,
    Passed,
    PhaseChanged,
    Reshuffled,
    RowCardDrawn,
    RowDiscarded,
)

from .helpers import cards, of_type, play


def test_vk5_rails_from_the_row_and_every_own_card_the_crossed_one_included() -> None:
    # Desert D2 needs 8: own cards D2 (1) + S8 (3), row M5 (2) + V8 (3) = 9 rails, free.
    state = (Builder(2).column(0, "D2", "S8").column(1, "R0").row("M5", "V8")
             .to_move(0).build())
    assert state.legal_actions() == [Build(0, 0), PASS]
    events = play(state, "build bonus 0 buy 0")
    built = of_type(events, Built)[0]
    assert (built.row_rails, built.column_rails, built.bonus_spent, built.bought) == (5, 4, 0, 0)
    assert built.rails == 9 and built.need == 8
    assert "9 rails for 8 needed" in built.describe(None)


def test_vk5_bonus_cards_and_bought_rails_cover_exactly_what_is_missing() -> None:
    # River R0 needs 10, the row gives 3: 7 missing, 2 bonus cards held.
    state = Builder(2).column(0, "R0").column(1, "S0").row("S8").bonus(0, 2).to_move(0).build()
    assert state.legal_actions() == [Build(2, 5), Build(1, 6), Build(0, 7), PASS]
    assert cheapest_build(state) == Build(2, 5)  # bonus cards before money
    with pytest.raises(IllegalAction, match="Not enough rails: 3 free"):
        state.apply(Build(1, 5))
    with pytest.raises(IllegalAction, match="more than needed"):
        state.apply(Build(2, 6))
    with pytest.raises(IllegalAction, match="only 2 bonus"):
        state.apply(Build(3, 4))


def test_bought_rails_are_capped_so_capital_never_goes_below_zero() -> None:
    position = Builder(2).column(0, "R0").column(1, "S0").row("S8").bonus(0, 2)
    state = position.capital(0, 55).to_move(0).build()
    assert state.legal_actions() == [Build(2, 5), PASS]
    with pytest.raises(IllegalAction, match="never go below £0"):
        state.apply(Build(0, 7))
    state = position.capital(0, 45).to_move(0).build()
    assert state.legal_actions() == [PASS]
    assert cheapest_build(state) is None


def test_vk11_rails_are_paid_before_the_crossed_cards_coins_come_in() -> None:
    # 45 - 50 + 10 would end at 5, but the £50 must be there before the crossing.
    state = (Builder(2).column(0, "R0").column(1, "S0").row("S8", "S9").capital(0, 45)
             .to_move(0).build())
    assert state.legal_actions() == [Build(0, 4), PASS]
    play(state, "build bonus 0 buy 4")
    assert state.capital[0] == 45 - 40 + 10
    assert state.ledger[0][-2:] == [("rails", 40, 5), ("income", 10, 15)]


def test_vk6_after_a_build_coins_card_flipped_row_and_spent_bonus_discarded() -> None:
    state = (Builder(2).column(0, "R0", "S1").column(1, "S0").row("S8").bonus(0, "M9", "D9")
             .discards("V0").to_move(0).build())
    events = play(state, "build bonus 2 buy 5")
    assert of_type(events, CoinsGained) == [CoinsGained(0, 10, 60)]
    assert state.capital[0] == 100 - 50 + 10
    assert state.crossed[0] == cards("R0") and state.columns[0] == cards("S1")
    assert state.row == [] and state.bonus[0] == []
    assert state.discards == cards("V0", "S8", "M9", "D9")
    assert of_type(events, RowDiscarded) == [RowDiscarded(tuple(cards("S8")),
                                                          tuple(cards("M9", "D9")))]


def test_only_the_first_card_can_be_crossed_and_only_one_per_turn() -> None:
    # S8 (3 rails, needs 6) would be free on its own, but R0 (needs 10) is first.
    state = (Builder(2).column(0, "R0", "S8").column(1, "S0").row("M8", "D8")
             .to_move(0).build())
    assert state.legal_actions() == [Build(0, 1), PASS]  # 0 + 3 + 3 + 3 of 10
    play(state, "build bonus 0 buy 1")
    assert state.crossed[0] == cards("R0")
    # The builder goes on, but must first turn up a new card: no second build now.
    assert state.step == Phase.DRAW and state.current_player == CHANCE and state.turn == 0
    assert state.legal_actions() == []
    with pytest.raises(IllegalAction, match="Waiting for a card"):
        state.apply(Build(0, 0))
    events = play(state, "draw S7")
    assert of_type(events, RowCardDrawn) == [RowCardDrawn(0, cards("S7")[0])]
    assert state.step == Phase.DECIDE and state.legal_actions() == [Build(0, 1), PASS]  # 3 + 2 of 6


def test_rulebook_yellow_locomotive_remaining_card_keeps_helping() -> None:
    # The savanna with 2 rails stays after the first crossing and counts again later.
    state = (Builder(2).column(0, "D0", "S5").column(1, "R0").row("M8", "V8")
             .to_move(0).build())
    events = play(state, "build bonus 0 buy 0")
    assert of_type(events, Built)[0].column_rails == 2  # D0 0 + S5 2
    play(state, "draw S6")
    assert state.legal_actions() == [Build(0, 2), PASS]  # S5 2 + S6 2 of 6 needed


def test_rulebook_green_locomotive_no_card_left_starts_an_auction() -> None:
    state = (Builder(2).column(0, "S8").column(1, "R0").row("S9").to_move(0).build())
    events = play(state, "build bonus 0 buy 0")
    assert of_type(events, PhaseChanged) == [PhaseChanged("auction", 2)]
    assert state.step == Phase.REVEAL and state.current_player == CHANCE and state.auction == 2


def test_rulebook_red_locomotive_river_bonus_only_for_a_river_next() -> None:
    # Seat 1 stands before a river; seat 2 has one further down; the builder is not dealt.
    state = (Builder(3).column(0, "S8", "R5").column(1, "R3", "S0").column(2, "S1", "R4")
             .row("S9").to_move(0).build())
    events = play(state, "build bonus 0 buy 0")
    dealt = of_type(events, BonusDealt)
    assert [(d.seat, d.source) for d in dealt] == [(1, "discards")]
    assert "River R3" in dealt[0].reason
    assert state.bonus == [[], cards("S9"), []]  # the top of the discards: the row card


def test_vk6_no_more_than_five_bonus_cards() -> None:
    state = (Builder(2).column(0, "S8").column(1, "R3").bonus(1, 5).row("S9", "S7")
             .column(0, "S8", "S0").to_move(0).build())
    events = play(state, "build bonus 0 buy 0")
    assert of_type(events, BonusMissed) == [BonusMissed(1, "they already hold 5 bonus cards")]
    assert len(state.bonus[1]) == 5


def test_vk6_bonus_from_the_draw_pile_when_the_discards_are_empty() -> None:
    state = (Builder(3).column(0, "S8", "S0").column(1, "R3").column(2, "R4").row("S9")
             .to_move(0).build())
    events = play(state, "build bonus 0 buy 0")
    assert [(d.seat, d.source) for d in of_type(events, BonusDealt)] == [(1, "discards")]
    assert state.step == Phase.BONUS and state.current_player == CHANCE
    events = play(state, "bonus V9")
    assert of_type(events, BonusDealt)[0].source == "pile"
    assert state.bonus[2] == cards("V9") and state.secret == cards("V9")
    assert state.observation(2).bonus[2] == [UNKNOWN]  # nobody knows it, not even its holder
    assert state.step == Phase.DRAW and state.turn == 0


def test_vk7_passing_moves_left_and_the_row_keeps_growing() -> None:
    state = (Builder(3).column(0, "R0").column(1, "R1").column(2, "R2").row("S0")
             .to_move(2).build())
    events = play(state, "pass")
    assert of_type(events, Passed) == [Passed(2)]
    assert state.turn == 0 and state.step == Phase.DRAW
    play(state, "draw S1", "pass", "draw S2")
    assert state.turn == 1 and state.row == cards("S0", "S1", "S2")


def test_vk7_an_empty_pile_is_refilled_from_the_discards() -> None:
    state = (Builder(2).column(0, "R0").column(1, "R1").row("S0").pile()
             .to_move(0).build())
    discards = list(state.discards)
    events = play(state, "pass")
    assert of_type(events, Reshuffled) == [Reshuffled(len(discards))]
    assert state.pool == sorted(discards) and state.discards == []
    assert state.step == Phase.DRAW


def _every_card_placed() -> Builder:
    others = [f"{t}{i}" for t in "RMDVS" for i in range(10)
              if f"{t}{i}" not in {"R0", "R1", "S0", "S1", "M0"}]
    return (Builder(2).column(0, "R0").column(1, "R1").crossed(0, "S0").crossed(1, "S1")
            .bonus(0, "M0").row(*others).pile())


def test_vk7_nothing_to_draw_and_a_full_round_without_a_build_ends_the_game() -> None:
    state = _every_card_placed().capital(1, 120).to_move(0, Phase.DRAW).build()
    assert state.step == Phase.DECIDE and not state.drew
    events = play(state, "pass")
    assert of_type(events, NothingToDraw) == [NothingToDraw(1)]
    assert not state.is_terminal
    events = play(state, "pass")
    assert of_type(events, Deadlock) == [Deadlock((1,))]  # 1 card each: more capital wins
    assert state.is_terminal and state.end == "deadlock" and state.ranking() == [2, 1]


def test_vk7_a_card_drawn_in_the_round_restarts_the_count() -> None:
    state = _every_card_placed().to_move(0).build()
    assert state.drew  # this turn did turn up a card
    play(state, "pass", "pass")
    assert not state.is_terminal and state.idle == 1


def test_vk7_deadlock_tie_on_cards_and_capital_is_shared() -> None:
    state = _every_card_placed().to_move(0, Phase.DRAW).build()
    events = play(state, "pass", "pass")
    assert of_type(events, Deadlock) == [Deadlock((0, 1))]
    assert state.ranking() == [1, 1] and state.winner is None


def test_vk8_the_eighth_crossing_wins_at_once_even_mid_phase() -> None:
    state = (Builder(3).crossed(0, "S0", "S1", "S2", "S3", "S4", "S5", "S6")
             .column(0, "S8", "R0").column(1, "R3").column(2, "M0").row("S9")
             .to_move(0).build())
    events = play(state, "build bonus 0 buy 0")
    assert of_type(events, GameWon) == [GameWon(0, 8)]
    assert of_type(events, BonusDealt) == []  # the game ended before any bonus
    assert state.step == Phase.OVER and state.is_terminal and state.current_player is None
    assert state.ranking()[0] == 1 and state.legal_actions() == []
    with pytest.raises(IllegalAction, match="over"):
        state.apply(PASS)
    assert state.score_sheet().totals[0] == 8


def test_a_refused_purchase_of_one_rail_says_rail() -> None:
    """'Buying 1 rail costs £10', not '1 rails'."""
    # R0 needs 10: row 3 (S8) + own 1 (V3) + bonus 5 = 9 leaves one rail to buy, with £5.
    state = (Builder(2).column(0, "R0", "V3").column(1, "S0").row("S8").bonus(0, 5)
             .capital(0, 5).to_move(0).build())
    with pytest.raises(IllegalAction, match=r"Buying 1 rail costs £10, but"):
        state.apply(Build(5, 1))

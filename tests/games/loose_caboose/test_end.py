"""The end of the game (LC-8, LC-10): the last turn, hands counted without cancelling,
the winner, ties on cards, shared victories; and what the table shows."""

from __future__ import annotations

from nile.core.game import CHANCE
from nile.core.text import fill_names
from nile.games.loose_caboose.builder import Builder
from nile.games.loose_caboose.rules import Card, Phase
from nile.games.loose_caboose.rules.events import GameEnded, HandCounted, LastTurn
from tests.games.loose_caboose.helpers import of_type, play


def test_lc8_the_player_who_draws_the_last_card_completes_the_turn() -> None:
    state = (Builder(2).railway([2, 1, 1], caboose=1).hand(0, 1).hand(1, 3).pile(4)
             .to_move(0, Phase.DRAW).build())
    assert state.current_player == CHANCE
    events = play(state, "draw 4")
    assert of_type(events, LastTurn) == [LastTurn(0)]
    assert state.final_turn and state.phase is Phase.PLAY
    assert state.status().phase_text == "Last turn: lay cards or pass"
    events = play(state, "lay 1 at 2,0", "roll", "dice 0")
    assert state.phase is Phase.OVER and state.current_player is None
    assert state.legal_actions() == []
    assert of_type(events, HandCounted) == [HandCounted(0, (Card(4),)),
                                            HandCounted(1, (Card(3),))]


def test_lc8_hands_do_not_cancel_the_penalty_pile_or_each_other() -> None:
    state = (Builder(2).railway([2, 1, 1], caboose=1).hand(0, 1, 3, 3).hand(1, 2).penalty(0, 3)
             .penalty(1, 2).pile().to_move(0, final_turn=True).build())
    play(state, "lay 1 at 2,0", "roll", "dice 0")
    pile = state.penalties[0]
    assert pile.face_up == [Card(3)] and pile.from_hand == [Card(3), Card(3)]
    assert state.penalties[1].from_hand == [Card(2)]
    assert state.scores() == [9.0, 4.0]
    assert state.ranking() == [2, 1]
    sheet = state.score_sheet()
    assert sheet.lower_is_better
    assert sheet.categories == ("Penalty pile (face up)", "Banked (face down)",
                                "Hand at the end")
    assert sheet.values == ((3.0, 2.0), (0.0, 0.0), (6.0, 2.0))
    assert sheet.totals == (9.0, 4.0)


def end_with_piles(mine: list[int], banked: list[int], theirs: list[int],
                   their_hand: list[int]) -> GameEnded:
    """Seat 0 passes on the front card on the last turn, taking a 2 that cancels the 2 on
    top of `mine`; then the game ends. Returns the final event."""
    state = (Builder(2).railway([2, 1], caboose=1).hand(1, *their_hand).penalty(0, *mine, 2)
             .penalty(1, *theirs).banked(0, *banked).pile().to_move(0, final_turn=True).build())
    events = play(state, "pass")
    assert state.phase is Phase.OVER
    assert events[-1] == of_type(events, GameEnded)[0]
    return of_type(events, GameEnded)[0]


def test_lc8_lowest_total_wins() -> None:
    end = end_with_piles(mine=[3], banked=[], theirs=[4], their_hand=[])
    assert end.points == (3, 4) and end.ranking == (1, 2)
    assert fill_names(end.describe(None), ["Ann", "Bo"]) == (
        "Game over. Penalty points: Ann 3, Bo 4. Ann wins.")


def test_lc8_tie_goes_to_fewest_penalty_cards_banked_and_hand_included() -> None:
    end = end_with_piles(mine=[4], banked=[], theirs=[1, 3], their_hand=[])
    assert end.points == (4, 4) and end.cards == (1, 2) and end.ranking == (1, 2)
    # Banked cards count as cards: 1 + 3 against 4 in hand.
    end = end_with_piles(mine=[1], banked=[3], theirs=[], their_hand=[4])
    assert end.points == (4, 4) and end.cards == (2, 1) and end.ranking == (2, 1)


def test_lc8_still_tied_means_a_shared_victory() -> None:
    end = end_with_piles(mine=[1, 3], banked=[], theirs=[], their_hand=[3, 1])
    assert end.points == (4, 4) and end.cards == (2, 2)
    assert end.ranking == (1, 1) and end.winners == [0, 1]
    assert end.describe(0).endswith("{p0} and {p1} share the victory.")


def test_status_counts_the_draw_pile() -> None:
    state = Builder(2).railway([1, 1, 1]).hand(0, 2).pile(3, 4, 4).build()
    assert state.status().round_text == "3 cards left in the draw pile"
    assert state.status().phase_text == "Lay cards or pass"
    play(state, "lay 2 at 2,0")
    assert state.status().phase_text == "Lay more 2s or roll"
    play(state, "roll")
    assert state.status().phase_text == "Rolling 2 dice"

"""Changing the board by hand (Flick Practice): through the rules' functions only."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from nile.core.errors import IllegalAction
from nile.games.cairo.builder import Builder
from nile.games.cairo.rules import by_hand
from nile.games.cairo.rules import state as S
from nile.games.cairo.rules.pieces import BOARD, BOX, SUPPLY

ROOT = Path(__file__).resolve().parents[3]


def board_with_pyramid() -> S.CairoState:
    b = Builder(2).ship(0, "U6").ship(1, "U8")
    b.pyramid("saqqara", ["0s01", "1s00", "0s02"])
    return b.to_move(0, "flick", die=2, chosen="small", flicks_left=3).build()


def test_a_ship_sails_only_to_a_free_space_of_the_nile() -> None:
    state = board_with_pyramid()
    by_hand.sail(state, 0, "U3")
    assert state.ships[0] == "U3"
    with pytest.raises(IllegalAction, match="Another ship"):
        by_hand.sail(state, 0, "U8")
    with pytest.raises(IllegalAction, match="no such space"):
        by_hand.sail(state, 0, "Z9")
    by_hand.sail(state, 1, S.OUT)
    assert state.ships[1] == S.OUT


def test_taking_a_stone_back_takes_it_out_of_its_pyramid() -> None:
    state = board_with_pyramid()
    pyramid = next(iter(state.pyramids.values()))
    by_hand.take_back(state, "0s01")
    assert "0s01" not in pyramid.stones and state.pieces["0s01"].where == SUPPLY
    by_hand.take_back(state, "1s00", BOX)
    assert state.pieces["1s00"].where == BOX


def test_a_block_laid_by_hand_lies_flat_and_a_die_shows_a_face() -> None:
    state = board_with_pyramid()
    by_hand.lay(state, "0s02", 300.0, 120.0, 0.0)
    piece = state.pieces["0s02"]
    assert (piece.where, piece.level, piece.pyramid) == (BOARD, 1, "")
    assert all("0s02" not in p.stones for p in state.pyramids.values())
    by_hand.lay(state, "0D", 310.0, 200.0, 0.0)
    assert state.pieces["0D"].face == 1
    by_hand.show_face(state, "0D", 5)
    assert state.pieces["0D"].face == 5
    with pytest.raises(IllegalAction):
        by_hand.show_face(state, "0D", 7)


def test_clear_puts_every_block_back_in_hand() -> None:
    state = board_with_pyramid()
    by_hand.clear(state)
    assert not state.pyramids and not state.on_board()


def test_flick_practice_never_edits_the_engine_state_itself() -> None:
    """Practice changes the board only through Cairo's public rules functions (by_hand,
    flicking, actions); it assigns no field of the state or of a piece."""
    touching = re.compile(r"(\bstate|\bpiece|\.pieces\[[^]]*\]|\btrial)\.\w+\s*(=|\+=|-=)(?!=)"
                          r"|\.(take_off_board|set_pose|forget)\(")
    for path in (ROOT / "nile" / "practice").glob("*.py"):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            assert not touching.search(line), f"{path.name}:{number}: {line.strip()}"

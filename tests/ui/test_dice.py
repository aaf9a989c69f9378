"""The table's die: what face it shows while it tumbles and once it rests."""

from __future__ import annotations

from nile.ui.table.dice import Die


def test_set_face_shows_it_at_once_and_a_roll_tumbles_then_rests_on_the_result() -> None:
    die = Die((0, 0))
    die.set_face(4)
    assert (die.face, die.shown) == (4, 4)
    die.roll(2)
    die.update(0.05)
    assert die.rolling > 0.1 and die.shown in die.faces
    die.update(Die.ROLL_TIME)
    assert (die.rolling, die.shown) == (0.0, 2)

"""Engine text helpers: player placeholders and counted nouns."""

from __future__ import annotations

from nile.core.text import count, fill_names, player_ref


def test_placeholders_become_names_and_missing_seats_a_number() -> None:
    text = f"{player_ref(1)} passes to {player_ref(0)}; {player_ref(3)} waits."
    assert fill_names(text, ["Ann", "Bo"]) == "Bo passes to Ann; Player 4 waits."


def test_counted_nouns_are_singular_or_plural_never_both() -> None:
    assert count(1, "share") == "1 share"
    assert count(2, "share") == "2 shares"
    assert count(0, "block") == "0 blocks"
    assert count(3, "die", "dice") == "3 dice"

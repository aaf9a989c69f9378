"""Engine text helpers: player placeholders and counted nouns."""

from __future__ import annotations

from nile.core.text import amount, change, count, fill_names, player_ref


def test_placeholders_become_names_and_missing_seats_a_number() -> None:
    text = f"{player_ref(1)} passes to {player_ref(0)}; {player_ref(3)} waits."
    assert fill_names(text, ["Ann", "Bo"]) == "Bo passes to Ann; Player 4 waits."


def test_counted_nouns_are_singular_or_plural_never_both() -> None:
    assert count(1, "share") == "1 share"
    assert count(2, "share") == "2 shares"
    assert count(0, "block") == "0 blocks"
    assert count(3, "die", "dice") == "3 dice"


def test_a_change_is_said_with_a_verb_and_a_size_never_a_bare_sign() -> None:
    """Hints read "change your penalty points by -0.9" (a hyphen, good or bad?)."""
    assert change(-0.94, "cost you", "save you", "penalty point") == \
        "save you 0.9 penalty points"
    assert change(25.0, "gains", "loses", "point") == "gains 25 points"
    assert change(-3.0, "gains", "loses", "point") == "loses 3 points"
    assert change(1.04, "costs", "saves", "point") == "costs 1 point"
    assert change(-0.02, "gains", "loses") == "gains nothing"  # no "loses 0", no "gains 0"
    assert change(0.01, "earn you", "cost you", "rail") == "earn you no rails"
    assert [amount(v) for v in (25.0, -0.94, 2.34, 7.96)] == ["25", "0.9", "2.3", "8"]

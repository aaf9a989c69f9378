"""A number a player types or steps: a bid, a count of shares, rails to buy."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass
class NumberEntry:
    """The value shown in a number field and how keys and buttons change it.

    The first digit typed replaces the value shown (as in a text field with its contents
    selected), later digits append; only digits are taken. Steps (buttons, arrow keys) stay
    within `low`..`high`; typing may go above `high`, since the rules refuse an amount
    beyond the player's means with a reason worth reading, not a silent cap.
    """

    value: int = 0
    low: int = 0
    high: int | None = None
    digits: int = 4
    fresh: bool = True
    """Nothing typed yet: the next digit replaces the value."""

    def reset(self, value: int = 0) -> None:
        """A new question: show `value`, and let the first digit replace it."""
        self.value, self.fresh = value, True

    def type_digit(self, digit: int) -> None:
        typed = "" if self.fresh else str(self.value)
        typed = (typed + str(digit)).lstrip("0") or "0"
        if len(typed) <= self.digits:
            self.value = int(typed)
        self.fresh = False

    def erase(self) -> None:
        """Backspace: the last digit goes."""
        self.value //= 10
        self.fresh = False

    def set(self, value: int) -> None:
        """A value from a button or a step, kept within the bounds."""
        high = value if self.high is None else self.high
        self.value = max(self.low, min(high, value))
        self.fresh = False

    def propose(self, value: int) -> None:
        """A value suggested to the player (a hint): shown within the bounds, and still
        replaced by the first digit typed, since the player has not chosen it."""
        self.set(value)
        self.fresh = True

    def step(self, amount: int) -> None:
        self.set(self.value + amount)

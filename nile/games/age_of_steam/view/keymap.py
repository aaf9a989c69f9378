"""The Age of Steam table's keys (the scene's `KEYS`): the pickers', the numbers', and the
bar's buttons by key. The actions are `view/clicks.TableInput`'s (the scene holds it as
`input`), the conditions say when each key is live."""

from __future__ import annotations

from nile.ui import keys


def _bind(names: str, action: str, words: str, when: str, *args: int) -> keys.Binding:
    return keys.Binding(names, action, words, when=when, args=args)


KEYS = (
    _bind("escape", "input.cancel", "close the picker or drop the good picked up",
          "accepting_input"),
    _bind("left, up", "input.step_build", "the picker: the option before",
          "input.picker_open", -1),
    _bind("right, down", "input.step_build", "the picker: the next option",
          "input.picker_open", 1),
    _bind("return, kp_enter, space", "input.confirm_build", "the picker: lay that tile",
          "input.picker_open"),
    _bind("pageup", "input.picker_group", "the picker: town tiles with fewer exits",
          "input.picker_open", -1),
    _bind("pagedown, tab", "input.picker_group", "the picker: town tiles with more exits",
          "input.picker_open", 1),
    _bind("up", "input.step_way", "the ways to deliver: the one above", "input.ways_open", -1),
    _bind("down", "input.step_way", "the ways to deliver: the one below", "input.ways_open", 1),
    _bind("return, kp_enter", "input.take_way", "the ways to deliver: deliver by the one "
          "selected", "input.ways_open"),
    _bind("e", "input.press", "building: done (after the review)", "input.building", 0),
    _bind("0-9, kp0-kp9", "input.type_digit", "shares or bid: type the number (the first "
          "digit replaces the one shown)", "input.typing_number"),
    _bind("backspace", "input.erase_digit", "shares or bid: take back the last digit",
          "input.typing_number"),
    _bind("up, plus, equals, kp_plus", "input.press", "shares: one more", "input.issuing", 1),
    _bind("down, minus, kp_minus", "input.press", "shares: one fewer", "input.issuing", 2),
    _bind("return, kp_enter", "input.press", "shares: issue them", "input.issuing", 3),
    _bind("up, plus, equals, kp_plus", "input.press", "auction: bid $1 more",
          "input.bidding", 1),
    _bind("down, minus, kp_minus", "input.press", "auction: bid $1 less", "input.bidding", 2),
    _bind("return, kp_enter", "input.press", "auction: bid the amount shown",
          "input.bidding", 4),
    _bind("p", "input.press", "auction: drop out", "input.may_drop_out", 5),
    _bind("p", "input.press", "moving goods: pass this move (or raise the locomotive with its "
          "button)", "input.moving", 6),
    keys.Binding("f", "fit", "fit the map to the table", anytime=True),
)
PRESSED = ("end", "more", "less", "issue", "bid", "drop", "pass")
"""The bar's buttons the keys press (by their key in the offer)."""


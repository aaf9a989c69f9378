"""The Cairo table's keys (the scene's `KEYS`): choosing what to flick and the finger, the
flick's own keys (`flick_input.KEYS`), taking blocks back, turning a pyramid, the influence
overlay. The actions are the scene's, the conditions say when each key is live."""

from __future__ import annotations

from nile.games.cairo.view import flick_input
from nile.ui import keys

KEYS = (
    keys.Binding("s", "choose_small", "choosing: flick small blocks",
                 when="choosing"),
    keys.Binding("l", "choose_large", "choosing: flick your large block (L is the "
                 "log otherwise)", when="may_choose_large"),
    keys.Binding("d", "choose_die", "choosing: flick your die-block",
                 when="choosing"),
    keys.Binding("1-5", "_pick_finger", "choose the finger (when the die leaves it to "
                 "you)", when="may_pick_finger"),
    *flick_input.KEYS,
    keys.Binding("a", "take_all_back", "taking blocks back: take every ringed one",
                 when="retrieving"),
    keys.Binding("r", "turn_pyramid", "building a pyramid: turn it (or the wheel)",
                 when="placing"),
    keys.Binding("i", "toggle_influence", "show or hide who leads each site",
                 anytime=True),
)

"""The mouse and the keys on the table, handed to the picks: a click on the boards, the map
or a picker, a drag along the hexes, the wheel over the build picker, and the keys of the
scene's `KEYS` (`view/keymap.py`). What each click means is `intent.py`'s; the `Picker`
holds the picks and plays a move once they mean one; this component only finds what was
clicked and hands it on.

It never holds its scene: it is handed the components it reads (the map, the boards, the
pickers) and `InputCalls`, what it may ask of the scene.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from nile.core.game import Action
from nile.core.intent import Target
from nile.games.age_of_steam.intent import (
    AgeOfSteamIntent,
    Count,
    GoodTarget,
    HexTarget,
    OptionTarget,
    WayTarget,
)
from nile.games.age_of_steam.rules import AgeOfSteamState
from nile.games.age_of_steam.rules.actions import Bid
from nile.games.age_of_steam.rules.phases import Phase
from nile.games.age_of_steam.view import choices, plan, table
from nile.games.age_of_steam.view.keymap import PRESSED
from nile.games.age_of_steam.view.mapview import MapView
from nile.games.age_of_steam.view.panel import Panel
from nile.games.age_of_steam.view.pickers import Pickers, toward_pointer
from nile.ui.chrome.picker import Picker


@dataclass(frozen=True)
class InputCalls:
    """What the table's input asks of its scene."""

    view: Callable[[], AgeOfSteamState]
    seat: Callable[[], int | None]
    """The seat that may act at this screen now (None: nobody here may)."""
    accepting: Callable[[], bool]
    """The human to act looks and nothing animates."""
    submit: Callable[[Action], bool]
    toast: Callable[[str, str], None]
    """Say engine words (`{pN}` for names) of a kind ("info", "error")."""
    look: Callable[[pygame.event.Event], bool]
    """The scene's own handling of the pointer (map buttons, the camera)."""
    asked: Callable[[Sequence[Action]], int | None] = lambda options: None
    """Which of these options a lesson's step asks for (a picker opens on it), if any."""


class TableInput:
    """Clicks, drags and keys made into picks."""

    def __init__(self, intent: AgeOfSteamIntent, picker: Picker, pickers: Pickers,
                 draft: table.DraftCache, mv: MapView, panel: Panel, calls: InputCalls) -> None:
        self.intent, self.picker, self.pickers, self.draft = intent, picker, pickers, draft
        self.mv, self.panel, self.calls = mv, panel, calls
        self.trail: list[int] = []
        """The hexes a left-drag has passed over while building (its start first)."""

    @property
    def view(self) -> AgeOfSteamState:
        return self.calls.view()

    @property
    def picked(self) -> tuple[Target, ...]:
        return self.picker.picked

    def pick(self, picks: tuple[Target, ...]) -> None:
        """Set the picks (a step of the half-made move that no single click narrows to)."""
        seat = self.calls.seat()
        if seat is not None:
            self.picker.show(self.intent.offer(self.view, seat, picks))

    def show_option(self, option: choices.BuildChoice | None) -> None:
        """The build picker shows `option` now."""
        if option is not None:
            kept = tuple(p for p in self.picked if not isinstance(p, HexTarget | OptionTarget))
            h = self.view.map.hex_at(option.hex_label)
            self.pick((*kept, HexTarget(h), OptionTarget(option)))

    # Keys: when they are live ----------------------------------------------------------

    def picker_open(self) -> bool:
        return self.calls.accepting() and self.pickers.build_popup is not None

    def building(self) -> bool:
        return self.calls.accepting() and self.view.phase == Phase.BUILD

    def issuing(self) -> bool:
        return self.calls.accepting() and self.view.phase == Phase.SHARES

    def bidding(self) -> bool:
        return self.calls.accepting() and self.view.phase == Phase.AUCTION and any(
            isinstance(a, Bid) for a in self.view.legal_actions())

    def may_drop_out(self) -> bool:
        """In the auction, dropping out is open (also when no higher bid is affordable)."""
        offer = self.picker.offer
        return self.calls.accepting() and self.view.phase == Phase.AUCTION and any(
            c.key == "drop" for c in (offer.choices if offer is not None else ()))

    def typing_number(self) -> bool:
        return self.issuing() or self.bidding()

    def moving(self) -> bool:
        return self.calls.accepting() and self.view.phase == Phase.MOVE

    def ways_open(self) -> bool:
        return self.calls.accepting() and self.pickers.dest_popup is not None

    # Keys: what they do ----------------------------------------------------------------

    def press(self, index: int) -> bool:
        """A key pressing one of the bar's buttons (E: Done, P: drop out or pass, ...); the
        keys step a number also where its button is greyed (back within the bounds)."""
        wanted = PRESSED[index]
        offer = self.picker.offer
        for choice in offer.choices if offer is not None else ():
            if choice.key == wanted and (choice.enabled or choice.picks is not None):
                self.picker.choose(choice)
                return True
        return wanted == "end"

    def cancel(self) -> bool:
        """Esc: back out of the ways list, else drop the half-made move (not a number)."""
        if self.pickers.dest_popup is not None:
            self.pick(tuple(p for p in self.picked if isinstance(p, GoodTarget)))
            return True
        if all(isinstance(p, Count) for p in self.picked):
            return False
        return self.picker.cancel()

    def step_build(self, delta: int) -> None:
        self.show_option(self.pickers.stepped(delta))

    def picker_group(self, delta: int) -> None:
        """Page Up / Page Down / Tab: the town options with fewer or more exits."""
        self.show_option(self.pickers.of_group(delta))

    def confirm_build(self) -> None:
        """Lay the picker's tile; a planned one goes on toward the target."""
        action, picked = self.pickers.chosen_build(), self.picked
        planned = self.intent.planned(self.view, picked)
        if action is not None and self.calls.submit(action):
            after = self.intent.after_build(self.view, picked, action, planned)
            if after:
                self.pick(after)

    def step_way(self, delta: int) -> None:
        """Up / Down: the way above or below in the list."""
        assert self.pickers.dest_popup is not None
        self.pickers.dest_popup.move(delta)

    def take_way(self) -> None:
        """Enter: deliver by the way selected (the first, the best paying, until another
        is pointed at), as a click on it would."""
        assert self.pickers.dest_popup is not None
        self._take_way(self.pickers.dest_popup.selected)

    def _take_way(self, index: int) -> None:
        route = self.pickers.way(index)
        if route is not None:
            self.picker.click(WayTarget(route.action))

    def type_digit(self, digit: int) -> None:
        self.pick(self.intent.typed(self.view, self.picked, digit))

    def erase_digit(self) -> None:
        self.pick(self.intent.typed(self.view, self.picked, None))

    # The mouse ---------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.calls.look(event)
            if self.trail and getattr(event, "buttons", (0,))[0]:
                h = self.mv.hex_at(event.pos)
                if h >= 0 and h != self.trail[-1]:
                    self.trail.append(h)
            if self.pickers.dest_popup is not None:
                self.pickers.dest_popup.hover(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.trail:
            return self._drag_end()
        if event.type == pygame.MOUSEWHEEL and self._wheel_on_popup(event):
            return True
        if self.calls.look(event):
            return True
        if not self.calls.accepting():
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            used = self.click(event.pos)
            self._drag_start(event.pos)
            return used
        return False

    def _drag_start(self, pos: tuple[int, int]) -> None:
        """A press on the map while building may start a drag along the hexes."""
        self.trail = []
        seat = self.calls.seat()
        if self.view.phase == Phase.BUILD and seat is not None and self.mv.camera.covers(pos):
            h = self.mv.hex_at(pos)
            if h >= 0 and plan.is_start(self.view, h, seat):
                self.trail = [h]

    def _drag_end(self) -> bool:
        """Released after passing over hexes: build from where the drag began toward
        where it ended, by the hexes it passed."""
        trail, self.trail = self.trail, []
        if len(trail) < 2 or not self.calls.accepting():
            return False
        picks, notice = self.intent.intend(self.view, trail[0], trail[-1], tuple(trail[1:]))
        self._notice(notice)
        self.pick(picks)
        return True

    def _wheel_on_popup(self, event: pygame.event.Event) -> bool:
        """The wheel over the hex being built on (or its popup) cycles its tiles."""
        popup = self.pickers.build_popup
        if popup is None or not self.calls.accepting():
            return False
        pos = pygame.mouse.get_pos()
        if popup.hit(pos) is not None or self.mv.hex_at(pos) == self.pickers.build_hex:
            self.step_build(-1 if event.y > 0 else 1)
            return True
        return False

    def click(self, pos: tuple[int, int]) -> bool:
        """A left click at `pos`: the pickers first, then the boards, then the map."""
        pickers = self.pickers
        if pickers.dest_popup is not None:
            index = pickers.dest_popup.hit(pos)
            if index >= 0 or index == -2:  # a way, or the list's frame (nothing)
                self._take_way(index)
                return True
            self.pick(tuple(p for p in self.picked if isinstance(p, GoodTarget)))
        hit = pickers.build_popup.hit(pos) if pickers.build_popup is not None else None
        if hit is not None:
            table.click_popup(hit, pickers, self.show_option, self.confirm_build,
                              self.picker.cancel)
            return True
        on_panel = self.panel.hit(pos)
        if on_panel is not None:
            notice = self.intent.notice(self.view, on_panel)
            self._notice(notice or "", "error")
            return bool(notice) or self.picker.click(on_panel)
        if self.mv.camera.covers(pos):  # a gate: anywhere else on the table is nothing
            return self._click_map(pos)
        return False

    def _click_map(self, pos: tuple[int, int]) -> bool:
        view, h, cube = self.view, self.mv.hex_at(pos), self.mv.cube_at(pos)
        step = self.intent.map_click(view, self.calls.seat() or 0, self.picked, h,
                                     (cube.hex, cube.colour) if cube is not None else None)
        self._notice(step.notice)
        if step.picks is not None:
            self.pick(step.picks)
        if step.target is not None:
            self.picker.click(step.target)
        if step.open >= 0:
            ordered, _ = choices.by_use(view, self.draft.by_hex(view)[step.open])
            asked = self.calls.asked(ordered)  # a lesson's "found a new city" opens on it
            self.show_option(ordered[asked if asked is not None else
                                     toward_pointer(view, self.mv, step.open, ordered, pos)])
        if step.aim >= 0:
            self.show_option(self.pickers.aimed(view, step.aim))
        return step.used

    def _notice(self, words: str, kind: str = "info") -> None:
        if words:
            self.calls.toast(words, kind)

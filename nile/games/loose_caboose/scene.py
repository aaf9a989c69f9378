"""Loose Caboose! on screen: the railway on a zoomable grid, hands, penalty piles, dice.

Playing: click a card in your hand (or press 1–4), then click a highlighted cell at the
front of the railway (or drag the card there); lay more cards of that value the same way,
then Roll (R). Or Pass (P). Wheel zooms, right-drag pans, F fits the railway again.

This class only wires the table together; every part is a room of its own:
- `view/table.py`: the `TableView` a frame draws (built here by `table_view`), the layout;
- `view/board.py` (the railway) and `view/panel.py` (players, piles, dice, own penalty
  pile and hand) draw it and register what can be clicked in the hit map, as the targets
  of `intent.py`;
- `intent.py` says what the picked cards and cells mean; the chrome's `Picker` holds the
  picks, fills the bar and submits (a click that fits nothing is submitted as what it
  meant, and the rules say why it is refused);
- `view/animate.py` plays the rules' events out (cards flying, dice, the caboose).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from nile.core.game import Action, Event, GameState, Seat
from nile.core.intent import Target
from nile.games.loose_caboose.intent import (
    CARD_FIRST,
    CabooseIntent,
    GridCell,
    HandCard,
    card_of_value,
    describe,
    hinted,
    layable,
    needs_a_card,
)
from nile.games.loose_caboose.rules import Cell, Lay, LooseCabooseState, Pass, Roll, hand_in_order
from nile.games.loose_caboose.view import animate, board, panel, pieces
from nile.games.loose_caboose.view.animate import Animator, Places
from nile.games.loose_caboose.view.table import (
    HAND_HEIGHT,
    HAND_STYLE,
    SMALL_STYLE,
    Areas,
    Hits,
    Images,
    PlayerLook,
    TableView,
    cell_center,
    cell_rect,
    layout,
)
from nile.ui import keys, theme
from nile.ui.camera import Camera
from nile.ui.chrome.game_scene import GameScene
from nile.ui.chrome.picker import Picker, PickerCalls
from nile.ui.kit.button import BarButton
from nile.ui.kit.hits import HitMap
from nile.ui.table.card import CardImages
from nile.ui.table.hand import Hand, HandLook

if TYPE_CHECKING:
    from nile.app import App
    from nile.core.replay import Replay
    from nile.core.session import Match
    from nile.ui.chrome.autosave import Autosaver


class LooseCabooseScene(GameScene):
    """The Loose Caboose! table."""

    KEYS = (
        keys.Binding("escape", "clear_selection", "put back the cards you picked",
                     when="has_selection"),
        keys.Binding("1-4", "pick_value", "pick a card of that value", when="accepting_input"),
        keys.Binding("r", "_roll", "roll the dice", when="can_roll"),
        keys.Binding("p", "_pass", "pass", when="can_pass"),
        keys.Binding("f", "refit", "fit the railway to the window", anytime=True),
    )

    def __init__(self, app: App, match: Match, replay: Replay | None = None,
                 autosaver: Autosaver | None = None) -> None:
        self.images = Images(CardImages(pieces.paint_hand_card, HAND_STYLE),
                             CardImages(pieces.paint_hand_card, SMALL_STYLE))
        self.hand = Hand(self.images.cards, (0, 0), look=HandLook(hover_on_top=True))
        self.camera = Camera(pygame.Rect(0, 0, 10, 10), min_zoom=12, max_zoom=160)
        self.auto_fit = True
        """The railway is fitted to the window after every move until the player zooms."""
        self.intent = CabooseIntent()
        self.picker = Picker(self.intent, PickerCalls(
            view=lambda: self.view, seat=self.acting_seat, submit=self.submit,
            set_bar=self._set_bar))
        self.hits: Hits = HitMap()
        self.dragging = False
        self.flash: tuple[Cell, float] | None = None
        super().__init__(app, match, replay, autosaver)
        self.animator = Animator(self.anims, lambda line: self.toast(line, "error"))

    # What the table is ---------------------------------------------------------------

    @property
    def lc(self) -> LooseCabooseState:
        assert isinstance(self.view, LooseCabooseState)
        return self.view

    def acting_seat(self) -> Seat | None:
        """The seat that may act at this screen now (None: nobody here may)."""
        return self.state.current_player if self.my_turn else None

    def areas(self) -> Areas:
        areas = layout(self.board_rect)
        self.toasts.top = areas.content_top + 10
        return areas

    def regions(self) -> dict[str, pygame.Rect]:
        """What a tutorial step can point at: the railway, the hand, the penalty pile, the
        players, the side column ("side") and in it the draw pile ("pile") and the dice
        with their total ("dice"), the railway's front and back cards, and "ahead": the
        caboose's card and the cards ahead of it, to the front."""
        areas = self.areas()
        found = {**super().regions(), **areas.named(), **panel.side_regions(areas.side)}
        railway = self.lc.railway
        cells = railway.cells
        if cells:
            found["front"] = cell_rect(self.camera, cells[-1]).inflate(16, 16)
            found["back"] = cell_rect(self.camera, cells[0]).inflate(16, 16)
        if railway.caboose_placed:
            ahead = [cell_rect(self.camera, c) for c in cells[railway.caboose:]]
            found["ahead"] = ahead[0].unionall(ahead[1:]).inflate(16, 16)
        return found

    def draw_tutorial_picture(self, surface: pygame.Surface, rect: pygame.Rect,
                              name: str) -> bool:
        """The tutorial's pictures: "derail" (the caboose run off the front card)."""
        if name != "derail":
            return False
        pieces.paint_derail(surface, rect)
        return True

    def on_view_changed(self) -> None:
        """Fit the railway, deal the viewer's hand, and start the picks afresh."""
        areas = self.areas()
        self.camera.viewport = areas.rail
        if self.auto_fit:
            board.fit(self.camera, self.lc.railway)
        else:
            board.keep_front_visible(self.camera, self.lc.railway)
        self.hand.center = (areas.hand.centerx, areas.hand.top + HAND_HEIGHT * 0.55)
        self.hand.max_width = areas.hand.width - 40
        self._place_dice(areas)
        viewer = self.viewer
        self.hand.set_keys(hand_in_order(self.lc, viewer) if viewer is not None else [])
        seat = self.acting_seat()
        self.hand.enabled = ({card.index for card in layable(self.view, seat)}
                             if seat is not None else set())
        self.picker.refresh()
        if self.picker.offer is None:
            self.set_action_bar("")

    def _place_dice(self, areas: Areas) -> None:
        """Keep the last throw under "Dice" when the side panel moves (L, a resized
        window). The base class lays the table out before the animator exists: no dice."""
        animator: Animator | None = vars(self).get("animator")
        dice = animator.motion.dice if animator is not None else []
        for index, die in enumerate(dice):
            die.center = panel.dice_center(areas.side, index, len(dice))
            die.size = panel.dice_size(areas.side, len(dice))

    def _set_bar(self, prompt: str, buttons: Sequence[BarButton]) -> None:
        fit = BarButton("fit", "Fit view", self.refit, tooltip="Show the whole railway (F)")
        self.set_action_bar(prompt, [fit, *buttons])

    def refit(self) -> None:
        self.auto_fit = True
        board.fit(self.camera, self.lc.railway)

    # Input: clicks become targets, the picker makes them moves -------------------------

    def handle_view_event(self, event: pygame.event.Event) -> bool:
        if self.camera.handle_event(event):
            self.auto_fit = False
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hand.on_motion(event.pos)
        return False

    def handle_table_event(self, event: pygame.event.Event) -> bool:
        if self.handle_view_event(event):
            return True
        if event.type == pygame.MOUSEMOTION or not self.accepting_input:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self._press(self.hits.at(event.pos))
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release(self.hits.at(event.pos))
        return False

    def _press(self, target: Target | None) -> bool:
        """A card of the hand is picked (pressing the picked one again starts a drag and
        keeps it: one card is laid at a time, picking is not toggling)."""
        if not isinstance(target, HandCard):
            return False
        if not self.picker.is_picked(target):
            self.picker.click(target)
        self.dragging = self.picker.is_picked(target)
        return True

    def _release(self, target: Target | None) -> bool:
        """A cell, clicked or with a card dragged onto it, takes the picked card."""
        dragged, self.dragging = self.dragging, False
        if not isinstance(target, GridCell):
            return dragged
        if needs_a_card(self.view, self.picker.picked, target):
            self.toast(CARD_FIRST)
        else:
            self.picker.click(target)
        return True

    def has_selection(self) -> bool:
        return self.accepting_input and bool(self.picker.picked)

    def clear_selection(self) -> None:
        seat = self.acting_seat()
        if seat is not None:
            self.picker.show(self.intent.unpicked(self.view, seat))

    def pick_value(self, value: int) -> None:
        """Keys 1–4: pick a card of that value in the hand (as clicking it would)."""
        seat = self.acting_seat()
        card = card_of_value(self.view, seat, value) if seat is not None else None
        if card is None:
            self.toast(f"You cannot lay a {value} now.", "error")
        elif not self.picker.is_picked(card):
            self.picker.click(card)

    def can_roll(self) -> bool:
        return self.accepting_input and Roll() in self.lc.legal_actions()

    def can_pass(self) -> bool:
        return self.accepting_input and Pass() in self.lc.legal_actions()

    def _roll(self) -> None:
        self.submit(Roll())

    def _pass(self) -> None:
        self.submit(Pass())

    # Hints -----------------------------------------------------------------------------

    def describe_action(self, action: Action) -> str:
        return describe(self.view, action)

    def show_hint(self, action: Action) -> None:
        """Pick the hinted lay's card and flash its cell."""
        seat = self.acting_seat()
        card = hinted(self.view, seat, action) if seat is not None else None
        if seat is not None and card is not None:
            self.picker.show(self.intent.offer(self.view, seat, (card,)))
        if isinstance(action, Lay):
            self.flash = (action.cell, 2.5)

    # What moves ------------------------------------------------------------------------

    def on_events(self, events: list[Event]) -> None:
        self.animator.play(events, self._places(), self.words)
        self.on_view_changed()

    def _places(self) -> Places:
        areas, seats = self.areas(), self.match.state.num_players

        def hand(seat: int) -> tuple[float, float]:
            if seat == self.viewer:
                return self.hand.center
            return panel.seat_anchor(areas.players, seat, seats)

        def penalty(seat: int) -> tuple[float, float]:
            if seat == self.viewer:
                return areas.penalty.center
            return panel.seat_anchor(areas.players, seat, seats)

        return Places(
            cell=lambda cell: cell_center(self.camera, cell),
            draw_pile=panel.pile_center(areas.side, "draw"),
            discards=panel.pile_center(areas.side, "discard"),
            hand=hand, penalty=penalty,
            die=lambda index, count: panel.dice_center(areas.side, index, count),
            die_size=lambda count: panel.dice_size(areas.side, count))

    def update_table(self, dt: float) -> None:
        self.animator.update(dt)
        if self.flash is not None:
            cell, left = self.flash
            self.flash = (cell, left - dt) if left > dt else None

    # Drawing ---------------------------------------------------------------------------

    def table_view(self, view: GameState) -> TableView:
        """What this frame shows (`view/table.py`)."""
        assert isinstance(view, LooseCabooseState)
        playing = self.my_turn
        picked = self.picker.picked if playing else ()
        self.hand.selected = {p.index for p in picked if isinstance(p, HandCard)}
        self.hand.hidden = animate.in_flight(self.animator.motion, self.viewer, self.hand.keys)
        offer = self.picker.offer
        lit = offer.lit if playing and offer is not None else frozenset()
        seats = tuple(PlayerLook(self.name(s) + (" (you)" if s == self.viewer else ""),
                               self.color_index(s)) for s in range(view.num_players))
        return TableView(
            view=view, viewer=self.viewer, seats=seats, areas=self.areas(),
            camera=self.camera, hand=self.hand, images=self.images, my_turn=playing,
            own_pile=self.replay is None,
            hands_hidden=(self.viewer is None and self.shared_screen
                          and not view.is_terminal),
            lit=frozenset(t.cell for t in lit if isinstance(t, GridCell)),
            flash=self.flash, motion=self.animator.motion)

    def draw_table(self, surface: pygame.Surface, view: GameState) -> None:
        t = self.table_view(view)
        self.hits.clear()
        surface.fill(theme.TABLE, self.table_rect)
        panel.draw_players(surface, t)
        board.draw(surface, t, self.hits)
        panel.draw_side(surface, t)
        if t.own_pile:
            panel.draw_own(surface, t, self.hits)
        animate.draw_ghosts(surface, t)

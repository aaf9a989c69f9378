"""Loose Caboose! on screen: the railway on a zoomable grid, hands, penalty piles, dice.

Playing: click a card in your hand (or press 1–4), then click a highlighted cell at the
front of the railway (or drag the card there); lay more cards of that value the same way,
then Roll (R). Or Pass (P). Wheel zooms, right-drag pans, F fits the railway again.

What the rules report (events) is shown in order: cards flying to the railway, the dice
tumbling, the caboose rolling card by card, a derail, penalty cards leaving the back of
the railway, pairs cancelling into the discard pile. Penalty cards still "on the
railway" during that show are drawn as ghosts at their old cells, since the state drawn
is already the one after the move.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from nile.core.game import Action, Event, GameState
from nile.games.loose_caboose.rules import LooseCabooseState
from nile.games.loose_caboose.rules.actions import Lay, Pass, Roll
from nile.games.loose_caboose.rules.cards import Card
from nile.games.loose_caboose.rules.events import (
    CabooseMoved,
    CardBanked,
    CardDealt,
    CardDrawn,
    CardLaid,
    Derailed,
    DiceRolled,
    PenaltiesCancelled,
    PenaltyTaken,
    StartingCardLaid,
)
from nile.games.loose_caboose.rules.railway import Cell
from nile.games.loose_caboose.view import pieces
from nile.ui import keys, sound, text, theme
from nile.ui.anim import Tween, ease_in_out
from nile.ui.camera import Camera
from nile.ui.chrome.game_scene import GameScene
from nile.ui.kit.button import BarButton
from nile.ui.table.card import CardImages, CardStyle, highlight
from nile.ui.table.dice import Die
from nile.ui.table.hand import Hand, HandLook
from nile.ui.table.pile import Pile
from nile.ui.table.token import draw_chip

if TYPE_CHECKING:
    from nile.app import App
    from nile.core.replay import Replay
    from nile.core.session import Match
    from nile.ui.chrome.autosave import Autosaver

HAND_STYLE = CardStyle(width=70, height=98)
SMALL_STYLE = CardStyle(width=40, height=56, radius=5)
PANEL_HEIGHT = 92
SIDE_WIDTH = 150
HAND_HEIGHT = 170
MAX_CELL = 96


def plural(count: int, noun: str) -> str:
    """'1 point', '3 points'."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


@dataclass
class Ghost:
    """A card shown moving somewhere after the state already moved it."""

    card: Card | None
    tween: Tween
    style: str = "hand"


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

    def __init__(
        self,
        app: App,
        match: Match,
        replay: Replay | None = None,
        autosaver: Autosaver | None = None,
    ) -> None:
        self.cards = CardImages(pieces.paint_hand_card, HAND_STYLE)
        self.small = CardImages(pieces.paint_hand_card, SMALL_STYLE)
        self.hand = Hand(self.cards, (0, 0), look=HandLook(hover_on_top=True))
        self.camera = Camera(pygame.Rect(0, 0, 10, 10), min_zoom=12, max_zoom=160)
        self.auto_fit = True
        self.dice: list[Die] = []
        self.ghosts: list[Ghost] = []
        self.caboose_path: list[Tween] = []
        self.dragging: int | None = None
        self.flash: tuple[Cell, float] | None = None
        super().__init__(app, match, replay, autosaver)

    # Layout --------------------------------------------------------------------------

    @property
    def lc(self) -> LooseCabooseState:
        assert isinstance(self.view, LooseCabooseState)
        return self.view

    def _areas(self) -> dict[str, pygame.Rect]:
        board = self.board_rect
        top = board.top + PANEL_HEIGHT + 8
        hand_top = board.bottom - HAND_HEIGHT
        side = pygame.Rect(board.right - SIDE_WIDTH, top, SIDE_WIDTH, hand_top - top)
        rail = pygame.Rect(board.left + 8, top, side.left - board.left - 16, hand_top - top - 6)
        hand = pygame.Rect(board.left, hand_top, board.width - 290, HAND_HEIGHT)
        penalty = pygame.Rect(
            hand.right, hand_top + 6, board.right - hand.right - 8, HAND_HEIGHT - 12
        )
        players = pygame.Rect(board.left + 8, board.top + 6, board.width - 16, PANEL_HEIGHT)
        self.toasts.top = top + 10
        return {"rail": rail, "side": side, "hand": hand, "penalty": penalty, "players": players}

    def regions(self) -> dict[str, pygame.Rect]:
        """What a tutorial step can point at: the railway, the hand, the penalty pile, the
        players, the draw pile and dice, and the railway's front and back cards."""
        found = {**super().regions(), **self._areas()}
        cells = self.lc.railway.cells
        if cells:
            found["front"] = self._cell_rect(cells[-1]).inflate(16, 16)
            found["back"] = self._cell_rect(cells[0]).inflate(16, 16)
        return found

    def draw_tutorial_picture(self, surface: pygame.Surface, rect: pygame.Rect,
                              name: str) -> bool:
        """The tutorial's pictures: "derail" (the caboose run off the front card)."""
        if name != "derail":
            return False
        pieces.paint_derail(surface, rect)
        return True

    def on_view_changed(self) -> None:
        areas = self._areas()
        self.camera.viewport = areas["rail"]
        if self.auto_fit:
            self._fit()
        elif self.lc.railway.cells:
            self.camera.keep_visible(self._world(self.lc.railway.front_cell), 40)
        self.hand.center = (areas["hand"].centerx, areas["hand"].top + HAND_HEIGHT * 0.55)
        self.hand.max_width = areas["hand"].width - 40
        keys: list[object | None] = list(self._own_hand())
        self.hand.set_keys(keys)
        self.hand.enabled = self._enabled_hand_indices()
        self.hand.selected = {i for i in self.hand.selected if i in (self.hand.enabled or set())}
        self.update_action_bar()

    def _fit(self) -> None:
        cells = list(self.lc.railway.cells) + list(
            self.lc.railway.open_cells() if self.lc.railway.cells else []
        )
        if not cells:
            self.camera.center, self.camera.zoom = (0.0, 0.0), MAX_CELL
            return
        xs = [c[0] for c in cells]
        ys = [-c[1] for c in cells]
        self.camera.fit(
            min(xs) - 0.5,
            min(ys) - 0.5,
            max(xs) + 0.5,
            max(ys) + 0.5,
            margin=0.04,
            max_zoom=MAX_CELL,
        )

    @staticmethod
    def _world(cell: Cell) -> tuple[float, float]:
        return (float(cell[0]), float(-cell[1]))

    def _cell_center(self, cell: Cell) -> tuple[float, float]:
        return self.camera.to_screen(self._world(cell))

    def _cell_rect(self, cell: Cell) -> pygame.Rect:
        size = round(self.camera.zoom)
        cx, cy = self._cell_center(cell)
        return pygame.Rect(round(cx - size / 2), round(cy - size / 2), size, size)

    def _cell_at(self, pos: tuple[int, int]) -> Cell:
        x, y = self.camera.to_world(pos)
        return (round(x), -round(y))

    # Hands and choices ---------------------------------------------------------------

    def _own_hand(self) -> list[Card]:
        if self.viewer is None:
            return []
        return sorted(self.lc.hands[self.viewer])

    def _legal_lays(self) -> list[Lay]:
        if not self.my_turn:
            return []
        return [a for a in self.lc.legal_actions() if isinstance(a, Lay)]

    def _enabled_hand_indices(self) -> set[int]:
        layable = {a.card for a in self._legal_lays()}
        return {i for i, card in enumerate(self._own_hand()) if card in layable}

    def _selected_card(self) -> Card | None:
        hand = self._own_hand()
        picked = [hand[i] for i in self.hand.selected if i < len(hand)]
        return picked[0] if picked else None

    def _open_cells(self) -> list[Cell]:
        card = self._selected_card()
        if card is None:
            return []
        return sorted({a.cell for a in self._legal_lays() if a.card == card})

    def update_action_bar(self) -> None:
        if not self.my_turn:
            self.set_action_bar("")
            return
        legal = self.lc.legal_actions()
        buttons = [BarButton("fit", "Fit view", self.refit, tooltip="Show the whole railway (F)")]
        if Pass() in legal:
            buttons.append(BarButton("pass", "Pass", self._pass,
                                     tooltip="Move the caboose one card and take a penalty (P)"))
        else:
            dice = self.lc.dice_to_roll
            buttons.append(BarButton("roll", f"Roll {dice} {'die' if dice == 1 else 'dice'}",
                                     self._roll, accent=True,
                                     tooltip="Stop laying and roll (R)"))
        self.set_action_bar(self._prompt(legal), buttons)

    def _prompt(self, legal: list[Action]) -> str:
        """What the bottom bar asks for: a card and a cell, the cell once a card is picked
        (saying which card), another card or the roll, or the forced pass."""
        can_lay = any(isinstance(a, Lay) for a in legal)
        if Pass() in legal:
            if not can_lay:
                return "No card of yours fits the railway: you must pass."
            card = self._selected_card()
            if card is None:
                return "Your turn: choose a card, then a highlighted cell at the front; or pass."
            return (f"Lay your {card.name.removeprefix('a ')} on a highlighted cell at the "
                    "front (click or drag); or pass.")
        value = self.lc.laid[0].value if self.lc.laid else 0
        if not can_lay:
            return "Roll the dice."
        if self._selected_card() is not None:
            return f"Lay this {value} on a highlighted cell at the front, or roll."
        return f"Lay another {value} or roll."

    def refit(self) -> None:
        self.auto_fit = True
        self._fit()

    # Input ---------------------------------------------------------------------------

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
            return self._press(event.pos)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._release(event.pos)
        return False

    def _press(self, pos: tuple[int, int]) -> bool:
        index = self.hand.card_at(pos)
        if index is not None:
            if not self.hand.is_enabled(index):
                self.toast(self._why_not_card(index), "error")
                return True
            self._select({index})  # one value per turn: picking, not toggling
            self.dragging = index
            return True
        return False

    def _release(self, pos: tuple[int, int]) -> bool:
        dragged, self.dragging = self.dragging, None
        if self.camera.covers(pos) and self.hand.card_at(pos) is None:
            card = self._selected_card()
            cell = self._cell_at(pos)
            if card is None:
                if any(a.cell == cell for a in self._legal_lays()):
                    self.toast("First choose a card from your hand.")
                return True
            self._lay(card, cell)
            return True
        return dragged is not None

    def _lay(self, card: Card, cell: Cell) -> None:
        if self.submit(Lay(card.value, cell, card.broken)):
            same = [i for i, c in enumerate(self._own_hand()) if c.value == card.value]
            keep = bool(same) and bool(self._open_cells_for(self._own_hand()[same[0]]))
            self._select({same[0]} if keep else set())

    def _open_cells_for(self, card: Card) -> list[Cell]:
        return [a.cell for a in self._legal_lays() if a.card == card]

    def _why_not_card(self, index: int) -> str:
        card = self._own_hand()[index]
        if self.lc.laid and card.value != self.lc.laid[0].value:
            return (
                f"This turn you lay {self.lc.laid[0].value}s only: all cards laid in one "
                "turn have the same value."
            )
        return "There is no free cell at the front of the railway for another card."

    def _pass(self) -> None:
        self.submit(Pass())

    def _roll(self) -> None:
        self.submit(Roll())

    def has_selection(self) -> bool:
        return self.accepting_input and bool(self.hand.selected)

    def clear_selection(self) -> None:
        self._select(set())

    def _select(self, indices: set[int]) -> None:
        """Pick these cards of the hand; the bottom bar says what comes next."""
        self.hand.selected = indices
        self.update_action_bar()

    def can_roll(self) -> bool:
        return self.accepting_input and Roll() in self.lc.legal_actions()

    def can_pass(self) -> bool:
        return self.accepting_input and Pass() in self.lc.legal_actions()

    def pick_value(self, value: int) -> None:
        """Keys 1–4: pick a card of that value in the hand (as clicking it would)."""
        for i, card in enumerate(self._own_hand()):
            if card.value == value and self.hand.is_enabled(i):
                self._select({i})
                return
        self.toast(f"You cannot lay a {value} now.", "error")

    # Hints and words -----------------------------------------------------------------

    def describe_action(self, action: Action) -> str:
        if isinstance(action, Lay):
            return f"lay your {action.card.name.removeprefix('a ')} in the flashing cell"
        if isinstance(action, Roll):
            return f"roll {self.lc.dice_to_roll} dice now"
        if isinstance(action, Pass):
            return "pass this turn"
        return action.to_str()

    def show_hint(self, action: Action) -> None:
        if isinstance(action, Lay):
            for i, card in enumerate(self._own_hand()):
                if card == action.card:
                    self._select({i})
            self.flash = (action.cell, 2.5)

    # Animation -----------------------------------------------------------------------

    def _seat_anchor(self, seat: int) -> tuple[float, float]:
        players = self._areas()["players"]
        n = self.match.state.num_players
        width = players.width / n
        return (players.left + width * (seat + 0.5), players.centery)

    def _pile_center(self, which: str) -> tuple[float, float]:
        side = self._areas()["side"]
        y = side.top + 70 if which == "draw" else side.top + 210
        return (side.centerx, y)

    def _hand_anchor(self, seat: int) -> tuple[float, float]:
        if seat == self.viewer:
            return self.hand.center
        return self._seat_anchor(seat)

    def _penalty_anchor(self, seat: int) -> tuple[float, float]:
        if seat == self.viewer:
            return self._areas()["penalty"].center
        return self._seat_anchor(seat)

    def on_events(self, events: list[Event]) -> None:
        clock = 0.0
        for event in events:
            clock = self._animate(event, clock)
        self.on_view_changed()

    def _animate(self, event: Event, t: float) -> float:
        if isinstance(event, StartingCardLaid | CardLaid):
            seat = getattr(event, "seat", None)
            start = self._pile_center("draw") if seat is None else self._hand_anchor(seat)
            self._fly(event.card, start, self._cell_center(event.cell), t, 0.35)
            self.anims.later(t, lambda: sound.play("place"))
            return t + 0.25
        if isinstance(event, CardDealt | CardDrawn):
            self._fly(None, self._pile_center("draw"), self._hand_anchor(event.seat), t, 0.3)
            self.anims.later(t, lambda: sound.play("card", 0.6))
            return t + (0.08 if isinstance(event, CardDealt) else 0.2)
        if isinstance(event, DiceRolled):
            self._roll_dice(event.rolled, t)
            return t + Die.ROLL_TIME + 0.2
        if isinstance(event, CabooseMoved):
            return self._hop(event.from_cell, event.to_cell, t, event.card.broken)
        if isinstance(event, Derailed):
            return self._derail(event, t)
        if isinstance(event, PenaltyTaken | CardBanked):
            start = (
                self._cell_center(event.from_cell)
                if event.from_cell is not None
                else self._pile_center("draw")
            )
            card = None if isinstance(event, CardBanked) else event.card
            self._fly(card, start, self._penalty_anchor(event.seat), t, 0.45)
            self.anims.later(t, lambda: sound.play("card"))
            return t + 0.35
        if isinstance(event, PenaltiesCancelled):
            card = Card(event.value)
            for offset in (0.0, 0.08):
                self._fly(
                    card,
                    self._penalty_anchor(event.seat),
                    self._pile_center("discard"),
                    t + offset,
                    0.45,
                )
            self.anims.later(t, lambda: sound.play("cancel"))
            return t + 0.45
        return t

    def _fly(
        self,
        card: Card | None,
        start: tuple[float, float],
        end: tuple[float, float],
        delay: float,
        duration: float,
    ) -> None:
        tween = Tween(start, end, duration, delay, ease_in_out, arc=30)
        self.anims.add(("ghost", len(self.ghosts), id(tween)), tween)
        self.ghosts.append(Ghost(card, tween))

    def _hop(self, start: Cell, end: Cell, t: float, broken: bool) -> float:
        tween = Tween(self._cell_center(start), self._cell_center(end), 0.26, t, ease_in_out)
        self.anims.add(("caboose", id(tween)), tween)
        self.caboose_path.append(tween)
        self.anims.later(t, lambda: sound.play("move", 0.7))
        if broken:
            self.anims.later(t + 0.26, lambda: sound.play("penalty", 0.6))
        return t + 0.3

    def _derail(self, event: Derailed, t: float) -> float:
        here = self._cell_center(event.cell)
        tween = Tween(here, (here[0], here[1] - 26), 0.45, t, lambda x: 1 - abs(1 - 2 * x))
        self.anims.add(("caboose", id(tween)), tween)
        self.caboose_path.append(tween)
        message = self.words(
            f"Derailed! {{p{event.seat}}} takes {event.missing} "
            f"penalty card{'s' if event.missing != 1 else ''}."
        )
        def announce() -> None:
            sound.play("penalty")
            self.toast(message, "error")

        self.anims.later(t, announce)
        return t + 0.5

    def _roll_dice(self, rolled: tuple[int, ...], t: float) -> None:
        side = self._areas()["side"]
        count = len(rolled)
        self.dice = []
        for i, wheels in enumerate(rolled):
            col, row = i % 2, i // 2
            center = (side.centerx - 26 + col * 52, side.top + 330 + row * 52)
            if count % 2 and i == count - 1:
                center = (side.centerx, center[1])
            die = Die(center, 44, face=wheels, faces=(0, 0, 1, 1, 2, 2), painter=pieces.paint_die)
            die.set_face(wheels)
            self.dice.append(die)
        self.anims.later(t, self._start_dice_roll)

    def _start_dice_roll(self) -> None:
        sound.play("dice")
        for die in self.dice:
            die.roll(die.face)

    def update_table(self, dt: float) -> None:
        speed = self.anims.speed if self.anims.speed > 0 else 100.0
        for die in self.dice:
            die.update(dt * speed)
        self.ghosts = [g for g in self.ghosts if not g.tween.done]
        self.caboose_path = [t for t in self.caboose_path if not t.done]
        if self.flash is not None:
            cell, left = self.flash
            self.flash = (cell, left - dt) if left > dt else None

    # Drawing -------------------------------------------------------------------------

    def draw_table(self, surface: pygame.Surface, view: GameState) -> None:
        assert isinstance(view, LooseCabooseState)
        areas = self._areas()
        surface.fill(theme.TABLE, self.table_rect)
        self._draw_players(surface, view, areas["players"])
        self._draw_railway(surface, view, areas["rail"])
        self._draw_side(surface, view, areas["side"])
        if self.replay is None:
            self._draw_own_penalties(surface, view, areas["penalty"])
            self.hand.draw(surface, dim_disabled=self.my_turn)
            if not self._own_hand() and self.viewer is not None:
                text.draw(
                    surface,
                    "Your hand is empty.",
                    self.hand.center,
                    16,
                    theme.MUTED,
                    anchor="center",
                )
            elif self.viewer is None and self.shared_screen and not view.is_terminal:
                # a shared screen between hand-overs: nobody's cards, and it says why
                text.draw(
                    surface,
                    "Every hand is hidden until the next player takes the screen.",
                    areas["hand"].center,
                    16,
                    theme.MUTED,
                    anchor="center",
                    max_width=areas["hand"].width - 20,
                )
        for ghost in self.ghosts:
            if not ghost.tween.waiting:
                self.small.draw(surface, ghost.card, ghost.tween.value())

    def _draw_players(
        self, surface: pygame.Surface, view: LooseCabooseState, area: pygame.Rect
    ) -> None:
        n = view.num_players
        width = area.width / n
        for seat in range(n):
            box = pygame.Rect(
                round(area.left + seat * width) + 4, area.top, round(width) - 8, area.height
            )
            active = view.current_player == seat
            pygame.draw.rect(
                surface, theme.PANEL if not active else theme.PANEL_LIGHT, box, border_radius=10
            )
            if active:
                pygame.draw.rect(surface, theme.ACCENT, box, 2, border_radius=10)
            label = self.name(seat) + (
                " (you)" if seat == self.viewer else ""
            )
            draw_chip(
                surface,
                pygame.Rect(box.left + 6, box.top + 6, box.width - 12, 30),
                self.color_index(seat),
                label,
                active,
            )
            pile = view.penalties[seat]
            hand = len(view.hands[seat])
            top = pile.top.value if pile.top else "none"
            lines = (
                f"Hand {hand}  ·  Penalty {plural(pile.points, 'point')}, "
                f"{plural(pile.card_count, 'card')}",
                f"Top card {top}  ·  banked {len(pile.banked)}",
            )
            for i, line in enumerate(lines):
                text.draw(
                    surface,
                    line,
                    (box.left + 12, box.top + 42 + i * 21),
                    14,
                    theme.TEXT,
                    max_width=box.width - 20,
                )

    def _draw_railway(
        self, surface: pygame.Surface, view: LooseCabooseState, area: pygame.Rect
    ) -> None:
        pygame.draw.rect(surface, theme.TABLE_DARK, area, border_radius=12)
        clip = surface.get_clip()
        surface.set_clip(area.clip(clip))
        railway = view.railway
        size = max(8, round(self.camera.zoom))
        for index, (card, cell) in enumerate(zip(railway.cards, railway.cells, strict=True)):
            entry, exit_dir = pieces.rail_sides(railway.cells, index)
            image = pieces.track_card(card, entry, exit_dir, size)
            surface.blit(image, image.get_rect(center=self._cell_center(cell)))
        if railway.cells:
            highlight(
                surface, self._cell_rect(railway.front_cell).inflate(-6, -6), theme.ACCENT, 2, 8
            )
            for cell in self._open_cells():
                pygame.draw.rect(
                    surface,
                    theme.HIGHLIGHT,
                    self._cell_rect(cell).inflate(-10, -10),
                    3,
                    border_radius=8,
                )
            if self.flash is not None and int(self.flash[1] * 4) % 2 == 0:
                pygame.draw.rect(
                    surface,
                    theme.GOOD,
                    self._cell_rect(self.flash[0]).inflate(-4, -4),
                    5,
                    border_radius=8,
                )
            if railway.caboose_placed:
                self._draw_caboose(surface, view, size)
        surface.set_clip(clip)

    def _draw_caboose(self, surface: pygame.Surface, view: LooseCabooseState, size: int) -> None:
        railway = view.railway
        running = [t for t in self.caboose_path if not t.waiting and not t.done]
        waiting = [t for t in self.caboose_path if t.waiting]
        if running:
            center = running[0].value()
        elif waiting:
            center = waiting[0].start
        else:
            center = self._cell_center(railway.caboose_cell)
        _, heading = pieces.rail_sides(railway.cells, railway.caboose)
        pieces.draw_caboose(surface, center, size * 0.55, heading)

    def _draw_side(
        self, surface: pygame.Surface, view: LooseCabooseState, area: pygame.Rect
    ) -> None:
        draw_pile = Pile(self.small, self._pile_center("draw"), "Draw pile")
        draw_pile.draw(surface, len(view.pile))
        discard = Pile(self.small, self._pile_center("discard"), "Discards")
        discard.draw(surface, len(view.discard), view.discard[-1] if view.discard else None)
        text.draw(surface, "Dice", (area.centerx, area.top + 290), 14, theme.MUTED, anchor="midtop")
        for die in self.dice:
            die.draw(surface)
        if self.dice and all(d.rolling <= 0 for d in self.dice):
            total = sum(d.face for d in self.dice)
            text.draw(
                surface,
                f"{total} wheel{'s' if total != 1 else ''}",
                (area.centerx, area.bottom - 8),
                16,
                theme.TEXT,
                "bold",
                "midbottom",
            )

    def _draw_own_penalties(
        self, surface: pygame.Surface, view: LooseCabooseState, area: pygame.Rect
    ) -> None:
        if self.viewer is None:
            return
        pygame.draw.rect(surface, theme.PANEL, area, border_radius=10)
        pile = view.penalties[self.viewer]
        text.draw(
            surface,
            f"Your penalty pile: {plural(pile.points, 'point')}",
            (area.left + 10, area.top + 6),
            15,
            theme.TEXT,
            "bold",
            max_width=area.width - 20,
        )
        cards = pile.face_up[-6:]
        x = area.left + 30
        for i, card in enumerate(cards):
            center = (x + i * 34, area.top + 70)
            self.small.draw(surface, card, center)
        if not pile.face_up and not pile.banked:
            text.draw(
                surface, "No penalty cards yet.", area.center, 15, theme.MUTED, anchor="center"
            )
        if pile.top is not None:
            text.draw(
                surface,
                "top card: a matching penalty cancels it",
                (area.left + 10, area.bottom - 22),
                12,
                theme.MUTED,
                max_width=area.width - 20,
            )
        if pile.banked:
            self.small.draw(surface, None, (area.right - 34, area.top + 70))
            text.draw(
                surface,
                f"banked {len(pile.banked)}",
                (area.right - 34, area.top + 104),
                12,
                theme.MUTED,
                anchor="midtop",
            )
        if len(pile.face_up) > len(cards):
            text.draw(
                surface,
                f"+{len(pile.face_up) - len(cards)} below",
                (area.left + 10, area.top + 104),
                12,
                theme.MUTED,
            )

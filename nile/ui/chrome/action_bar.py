"""The bottom bar of a live game: what the person looking can do now, with its buttons.

The game says its prompt and buttons (`GameScene.set_action_bar`) for the human's own
turn; otherwise the bar says who is being waited for, the hand-over, a lesson's watching,
or, once the game's end has played out, who won.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from nile.ui import text, theme
from nile.ui.chrome.layer import Layer
from nile.ui.chrome.results import winners_line
from nile.ui.kit.button import BarButton

if TYPE_CHECKING:
    from pygame_gui.elements import UIButton

    from nile.ui.chrome.face import TableScene

HEIGHT = 58
PROMPT_SIZE = 17
PROMPT_SMALLEST_LINE = 15
"""Below this size a long prompt is set on two lines rather than shrunk further."""
PROMPT_TWO_LINE_SIZES = (15, 14, 13)
"""The sizes tried for two lines, largest first."""
SPARE = 12
"""Hidden bar buttons kept for reuse: a game's bars have a few dozen labels at most."""
NARROWEST = 96
"""A bar button's width at least (most are this wide)."""


def draw_prompt(surface: pygame.Surface, prompt: str, area: pygame.Rect) -> None:
    """The bottom bar's words in `area`: one line while it fits at a readable size, else
    two lines (a long prompt, such as a build's running total, is read whole rather than
    cut off mid-word), and only past that shrunk and cut with an ellipsis."""
    if text.measure(prompt, PROMPT_SMALLEST_LINE) <= area.width:
        text.draw(surface, prompt, (area.left, area.centery), PROMPT_SIZE, theme.TEXT,
                  anchor="midleft", max_width=area.width)
        return
    for size in PROMPT_TWO_LINE_SIZES:
        lines = text.wrap(prompt, size, area.width)
        if len(lines) <= 2:
            step = text.space(size + 4, size)
            top = area.centery - step * len(lines) / 2 + step / 2
            for i, line in enumerate(lines):
                text.draw(surface, line, (area.left, top + i * step), size, theme.TEXT,
                          anchor="midleft")
            return
    text.draw(surface, prompt, (area.left, area.centery), PROMPT_SIZE, theme.TEXT,
              anchor="midleft", max_width=area.width)


def button_width(label: str, accent: bool) -> int:
    """A bar button's width: as designed (its label at 16 px and some room), and at a
    larger text size at least its label in the button's own type (pygame_gui's: bold 17
    for the accent, 14 otherwise), which would otherwise be clipped."""
    width = max(NARROWEST, 24 + text.render(label, 16).get_width())
    if theme.text_percent() == 100:
        return width
    own = text.measure(label, 17, "bold") if accent else text.measure(label, 14)
    return max(width, own + 24)


class ActionBar(Layer):
    """The prompt and the game's buttons under the table."""

    in_table = HEIGHT

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene
        self.prompt = ""
        """The game's words for the human's own turn."""
        self._context: dict[str, tuple[BarButton, UIButton]] = {}
        """The buttons built, by key: their spec and their pygame_gui element."""
        self._warm = False
        """Whether the common button shapes were built ahead (`_warm_up`)."""
        self._pending: list[tuple[BarButton, pygame.Rect]] = []
        """The bar's buttons not built yet, with where they go (`context` builds them)."""
        self.buttons_left: int | None = None
        self.order: list[str] = []
        """The buttons' keys left to right, as the game gave them."""
        self._spare: dict[tuple[str, bool, bool], UIButton] = {}
        """Hidden elements of buttons shown before, by their look (`_look`), oldest first."""
        self._said: str | None = None
        """Whose turn the bar last said, or the prompt: kept while a move plays out, so the
        bar does not say "Waiting for Bastet" while Amun's block is still flying."""

    @property
    def rect(self) -> pygame.Rect:
        table = self.scene.table_rect
        return pygame.Rect(table.left, table.bottom - HEIGHT, table.width, HEIGHT)

    def set(self, prompt: str, buttons: Sequence[BarButton] = ()) -> None:
        """What the bar says and offers now (shown on a human's own turn only). A button
        that looks as before keeps its element (and so its hover and focus) with the new
        action; one gone is put aside hidden and comes back when a later bar shows it again
        ("Auto-pick", "Confirm order" on every pyramid). A new button's element is built
        when the bar is drawn or its buttons are asked for (`context`), so a bar set again
        before that (the table came to rest and a move was played in one frame) builds
        none: building a pygame_gui button draws each of its states, a millisecond or more
        (issue 33 item 6)."""
        self.prompt = prompt
        self.order = [b.key for b in buttons]
        wanted = {b.key: b for b in buttons}
        for key in list(self._context):
            if key not in wanted or _look(self._context[key][0]) != _look(wanted[key]):
                self._put_aside(*self._context.pop(key))
        bar = self.rect
        x = bar.right - 10
        self._pending = []
        for spec in reversed(list(buttons)):
            width = button_width(spec.label, spec.accent)
            x -= width
            rect = pygame.Rect(x, bar.top + 9, width, bar.height - 18)
            if spec.key in self._context:
                element = self._context[spec.key][1]
                self._place(element, spec, rect)
                self._context[spec.key] = (spec, element)
            else:
                self._pending.append((spec, rect))
            x -= 8
        self.buttons_left = x

    @property
    def context(self) -> dict[str, tuple[BarButton, UIButton]]:
        """The game's buttons now, by key: their spec and their pygame_gui element (those
        not built yet are built now)."""
        for spec, rect in self._pending:
            element = self._spare.pop(_look(spec), None)
            if element is None:
                element = self.scene.button(rect, spec.label, spec.action, spec.tooltip,
                                            "@accent" if spec.accent else None)
                if not spec.enabled:
                    element.disable()
            else:
                self._place(element, spec, rect)
            self._context[spec.key] = (spec, element)
        self._pending = []
        return self._context

    def _place(self, element: UIButton, spec: BarButton, rect: pygame.Rect) -> None:
        """A kept or spare element takes `spec`'s action and tooltip, at `rect`."""
        self.scene.retarget(element, spec.action, spec.tooltip)
        if tuple(element.relative_rect) != tuple(rect):
            element.set_relative_position(rect.topleft)

    def _put_aside(self, spec: BarButton, element: UIButton) -> None:
        """Hide a button the bar no longer shows, to be shown again by a later bar with
        one that looks the same; the oldest beyond `SPARE` are let go."""
        element.hide()
        self.scene.retarget(element, None)
        look = _look(spec)
        if look in self._spare:
            self.scene.forget(self._spare.pop(look))
        self._spare[look] = element
        while len(self._spare) > SPARE:
            self.scene.forget(self._spare.pop(next(iter(self._spare))))

    def update(self, dt: float) -> None:
        if not self._warm:
            self._warm_up()
        if not self.scene.anims.busy:
            # note the words before a layer above plays the next move in this same update
            # (a bot at once, a host's next change): no still frame may be drawn between
            self.words()

    def _warm_up(self) -> None:
        """Build a plain and a highlighted button of the common width once, hidden, and let
        them go: pygame_gui draws the shapes of a button's look and size once and keeps
        them, and the first of each took 3-5 ms, in the frame of the first move that
        offered one (the first pyramid offer's frame on Cairo's table, issue 33 item 6).
        So that is done in the table's first frame, which plays no move."""
        self._warm = True
        rect = pygame.Rect(0, 0, NARROWEST, HEIGHT - 18)
        for look in (None, "@accent"):
            element = self.scene.button(rect, "", lambda: None, None, look)
            self.scene.gui.update(0.0)  # pygame_gui draws a new button's shapes in its update
            self.scene.forget(element)  # before it is ever drawn

    def press_accent(self) -> bool:
        """Enter: press the highlighted button, the same in every phase of every game: the
        hint's choice once H has shown one, else the first accent button (the proposed
        move). False when the bar shows none, or it is not the looking human's turn, so
        the key is left to others."""
        if not self.scene.accepting_input:
            return False
        specs = [self.context[key][0] for key in self.order if key in self.context]
        usable = [spec for spec in specs if spec.enabled]
        for spec in [s for s in usable if s.hinted] or [s for s in usable if s.accent]:
            spec.action()
            return True
        return False

    def words(self) -> str:
        """What the bar says now: the game's prompt on the looking human's turn,
        otherwise who is being waited for (or the hand-over, or a lesson's watching);
        once the game is over and its end has played out, who won."""
        scene = self.scene
        seat = scene.state.current_player
        if scene.game_over and not scene.anims.busy:
            return self.over_line()
        handing_over = scene.handover.words()
        if handing_over is not None:
            return handing_over
        if seat is None or seat < 0:
            return self.prompt
        if scene.autoplay.watching and scene.tutorial is not None and scene.tutorial.waiting:
            return "The lesson's moves are played: read its card, then press Next (Enter)."
        if scene.autoplay.watching and scene.tutorial is not None:
            # the script plays (the learner's own seat too, in a lesson's later turns: the
            # game's prompt, "press the block…", would ask for a move that is refused)
            return (f"Watch: the lesson plays {scene.name(seat)}'s turn, "
                    f"{scene.tutorial.watch_progress() or 'to the end'}.")
        if scene.anims.busy and self._said is not None:
            return self._said  # a move plays out: as the top bar, say what was said before it
        if not scene.my_turn:
            self._said = f"Waiting for {scene.name(seat)}…"
        elif not scene.autoplay.allows_undo:  # a lesson: never offer what it refuses
            self._said = without_undo(self.prompt)
        else:
            self._said = self.prompt
        return self._said

    def over_line(self) -> str:
        """The bar at the end: who won, and where the scores are."""
        scene = self.scene
        winners = winners_line(scene.names, scene.match.state.ranking())
        if not scene.top_bar.shows_results:  # the cover is up: they are not in the bar
            return winners
        return (f"{winners} The scores are under Results in the top bar; Replay shows the "
                "game again.")

    def _show_buttons(self, visible: bool) -> None:
        for _, element in (self.context if visible else self._context).values():
            if bool(visible) != bool(element.visible):
                element.show() if visible else element.hide()

    def hidden(self) -> None:
        self._show_buttons(False)

    def draw(self, surface: pygame.Surface) -> None:
        bar = self.rect
        pygame.draw.rect(surface, theme.PANEL, bar)
        pygame.draw.line(surface, theme.PANEL_EDGE, bar.topleft, bar.topright)
        accepting = self.scene.accepting_input
        right = bar.right
        if accepting and self.buttons_left is not None:
            right = self.buttons_left
        done_left = self.scene.handover.done_left
        if done_left is not None:
            right = done_left
        draw_prompt(surface, self.words(),
                    pygame.Rect(bar.left + 16, bar.top, max(60, right - bar.left - 32),
                                bar.height))
        self._show_buttons(accepting)


def _look(spec: BarButton) -> tuple[str, bool, bool]:
    """What a bar button's element is built from (its label, width, theme and state): two
    specs alike in these can share one element."""
    return spec.label, spec.accent, spec.enabled


UNDO_CLAUSE = re.compile(r";\s*Ctrl\+Z[^;.)]*")
"""A prompt's "; Ctrl+Z takes … back" clause."""


def without_undo(prompt: str) -> str:
    """`prompt` without its Ctrl+Z clause: where undo is off (a lesson goes forward only)
    the bar must not offer it (Cleopatra's "pick where the lemon comes from")."""
    return UNDO_CLAUSE.sub("", prompt)

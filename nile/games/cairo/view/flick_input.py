"""The slingshot: turning a press, a pull and a release into a flick (angle, power, offset).

Press on the block waiting on your ship, drag back and let go: the block flies the other way.
The pull's length sets the power on a soft-shot-friendly curve (power = pull ** EXPONENT, so
the first part of the pull, where most useful flicks are, is the finest); it is clamped at
`max_pull` pixels. Where you pressed on the block, across the flick's direction, is the
contact offset (spin). Keys: left/right turn the arrow (the tip moves that way on screen),
up/down change the power, Shift for finer steps; Enter or Space flicks (the hint's arrow if
it shows and nothing else is aimed); Esc or a right click cancels. Touching a key during a
drag holds the aim: moving the mouse no longer changes it, and letting go flicks the aim as
the keys left it (or Enter). Keyboard aiming starts from the hint shown, else the last aim
flicked, so a second try is a small correction, not a fresh start due north.

No trajectory is previewed: the arrow shows the direction and the power, not the landing.

`FlickInput` knows only screen geometry; a scene (the game, Flick Practice) tells it where the
block is (`set_anchor`), how strong the finger is (`set_reach`) and reads fired aims with
`take_fired()`. Angles are in the board's frame: degrees counter-clockwise from east, with
screen y pointing down.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import pygame

from nile.ui import keys, text, theme
from nile.ui.theme import Color

Point = tuple[float, float]

MAX_PULL = 170.0
"""Pixels of pull for full power."""
EXPONENT = 1.6
"""power = (pull / MAX_PULL) ** EXPONENT: fine control of soft flicks."""
MIN_PULL = 7.0
"""A shorter pull is a click, not a flick."""
KEY_DEGREES = 1.0
KEY_POWER = 0.01
FINE = 0.2
"""Shift multiplies key steps by this."""
HOLD_DELAY = 0.3
"""Seconds a key is held before it repeats; then it turns/changes at these rates."""
HOLD_DEGREES_PER_S = 24.0
HOLD_POWER_PER_S = 0.25
ARROW_MIN, ARROW_SPAN = 26.0, 150.0
"""Arrow length in pixels: ARROW_MIN + power * ARROW_SPAN."""
ARROW_COLOR: Color = (255, 236, 150)
ARROW_EDGE: Color = (60, 40, 20)
HINT_COLOR: Color = (120, 230, 150)
LAST_COLOR: Color = (240, 240, 240)


@dataclass(frozen=True, slots=True)
class Aim:
    """A flick as the player means it."""

    degrees: float
    """Direction of travel, counter-clockwise from east (board frame)."""
    power: float
    """0 .. 1 of the finger's strength."""
    offset: float = 0.0
    """-1 .. 1: where the finger strikes across the block's back face (positive: right of
    centre, which spins the block counter-clockwise)."""


def power_of_pull(pull: float, max_pull: float = MAX_PULL, exponent: float = EXPONENT) -> float:
    return float(min(1.0, max(0.0, pull / max_pull)) ** exponent)


def pull_of_power(power: float, max_pull: float = MAX_PULL, exponent: float = EXPONENT) -> float:
    return float(max(0.0, min(1.0, power)) ** (1.0 / exponent) * max_pull)


def direction(degrees: float) -> Point:
    """A unit vector on screen (y down) for a board angle."""
    radians = math.radians(degrees)
    return (math.cos(radians), -math.sin(radians))


KEYS = (
    keys.Binding("left, right", "", "aim: turn the arrow (hold Shift for fine steps)"),
    keys.Binding("up, down", "", "aim: more or less power (hold Shift for fine steps)"),
    keys.Binding("return, space", "", "flick the aim shown, or the hint's green arrow (with "
                 "neither shown: show an aim)"),
    keys.Binding("escape", "", "cancel the aim"),
)
"""The slingshot's keys, which it answers itself (a key held down keeps turning the arrow)."""


class FlickInput:
    """Slingshot aiming with mouse and keys; draws the arrow, the band and the power bar."""

    def __init__(self, max_pull: float = MAX_PULL, exponent: float = EXPONENT) -> None:
        self.max_pull, self.exponent = max_pull, exponent
        self.anchor: Point = (0.0, 0.0)
        self.grab_radius = 20.0
        self.block_half = 6.0
        self.reach = 1.0
        """The finger's top speed as a share of the bar (the strongest finger's top speed)."""
        self.default_degrees = 90.0
        self.enabled = False
        self.aim: Aim | None = None
        self.dragging = False
        self.held = False
        """Keys took over during a drag: the release does not flick."""
        self.pointer: Point | None = None
        self.press: Point | None = None
        self._fired: Aim | None = None
        self._keys: dict[int, tuple[float, float]] = {}
        """Held arrow keys: (seconds held, sign chosen at the press)."""
        self.hint: Aim | None = None
        self.hint_time = 0.0
        self.last: Aim | None = None
        """The aim of the previous flick this turn, drawn faintly as a reference."""
        self.recent: Aim | None = None
        """The last aim flicked at all (kept across turns): where keyboard aiming starts."""

    # Set-up by the scene -------------------------------------------------------------------

    def set_anchor(self, center: Point, grab_radius: float, block_half: float) -> None:
        """Where the block to flick is drawn, how far from it a press grabs it, its half size."""
        self.anchor, self.grab_radius, self.block_half = center, grab_radius, max(2.0, block_half)

    def set_reach(self, reach: float) -> None:
        self.reach = max(0.05, min(1.0, reach))

    def reset(self) -> None:
        """Forget any aim (a new flick, a new turn)."""
        self.aim, self.dragging, self.held = None, False, False
        self.pointer = self.press = None
        self._keys.clear()

    def new_turn(self) -> None:
        """Forget the aim, the previous flick and any hint."""
        self.reset()
        self.last = self.hint = None

    def show_hint(self, aim: Aim, seconds: float = 6.0) -> None:
        self.hint, self.hint_time = aim, seconds

    def take_fired(self) -> Aim | None:
        """The aim just released (once), if any."""
        fired, self._fired = self._fired, None
        return fired

    @property
    def active(self) -> bool:
        """Aiming now (a drag or a standing aim from the keys)."""
        return self.aim is not None

    # Input ----------------------------------------------------------------------------------

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Use the event if it is part of aiming; True if used."""
        if not self.enabled:
            return False
        if event.type == pygame.MOUSEBUTTONDOWN:
            return self._mouse_down(event.pos, event.button)
        if event.type == pygame.MOUSEMOTION:
            if self.dragging and not self.held:
                self._drag_to(event.pos)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.dragging:
            self.dragging = False
            if self.held:
                self._fire()  # the aim as the arrow keys fine-tuned it
                return True
            pull = math.dist(self.press or self.anchor, event.pos)
            self._drag_to(event.pos)
            if pull < MIN_PULL:
                self.reset()
                return True
            self._fire()
            return True
        if event.type == pygame.KEYDOWN:
            return self._key_down(event)
        if event.type == pygame.KEYUP:
            return self._keys.pop(event.key, None) is not None
        return False

    def _mouse_down(self, pos: Point, button: int) -> bool:
        if button == 3 and self.active:
            self.reset()
            return True
        if button != 1:
            return False
        if math.dist(pos, self.anchor) <= self.grab_radius:
            self.dragging, self.held = True, False
            self.press = pos
            self.pointer = pos
            self.aim = None
            return True
        return False

    def _drag_to(self, pos: Point) -> None:
        """The pull is from where the block was grabbed to the pointer (grabbing it off
        centre changes the spin, not the direction)."""
        self.pointer = pos
        grab = self.press or self.anchor
        dx, dy = grab[0] - pos[0], grab[1] - pos[1]
        pull = math.hypot(dx, dy)
        if pull < 1e-6:
            self.aim = None
            return
        degrees = math.degrees(math.atan2(-dy, dx)) % 360.0
        self.aim = Aim(degrees, power_of_pull(pull, self.max_pull, self.exponent),
                       self._offset(degrees))

    def _offset(self, degrees: float) -> float:
        """The press point across the flick's direction, in half block sides (-1 .. 1)."""
        if self.press is None:
            return self.aim.offset if self.aim else 0.0
        ux, uy = direction(degrees)
        right = (-uy, ux)  # on screen (y down), the right of travel
        rx, ry = self.press[0] - self.anchor[0], self.press[1] - self.anchor[1]
        across = rx * right[0] + ry * right[1]
        return max(-1.0, min(1.0, across / self.block_half))

    def _key_down(self, event: pygame.event.Event) -> bool:
        key = event.key
        if key == pygame.K_ESCAPE:
            if self.active or self.dragging:
                self.reset()
                return True
            return False
        if key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            if self.aim is None and self.hint is None:
                self.aim = self._start_aim()  # nothing to flick yet: show what the next
                return True                   # press flicks
            self.aim = self.aim or self.hint
            self.dragging = False
            self._fire()
            return True
        if key not in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            return False
        if self.aim is None:
            self.aim = self._start_aim()
        if self.dragging:
            self.held = True
        fine = FINE if event.mod & pygame.KMOD_SHIFT else 1.0
        sign = self._sign(key)
        self._keys[key] = (0.0, sign * fine)
        self._nudge(key, sign * fine * (KEY_DEGREES if key in (pygame.K_LEFT, pygame.K_RIGHT)
                                        else KEY_POWER))
        return True

    def _start_aim(self) -> Aim:
        """The aim a key brings up: the hint's while it shows (to fine-tune it), else the
        last one flicked, else straight ahead at 30 %."""
        return self.hint or self.recent or Aim(self.default_degrees, 0.3, 0.0)

    def _sign(self, key: int) -> float:
        """Left moves the arrow's tip left on screen: counter-clockwise when it points up."""
        if key in (pygame.K_UP, pygame.K_DOWN):
            return 1.0 if key == pygame.K_UP else -1.0
        assert self.aim is not None
        pointing_up = math.sin(math.radians(self.aim.degrees)) >= 0.0
        turn = 1.0 if pointing_up else -1.0
        return turn if key == pygame.K_LEFT else -turn

    def _nudge(self, key: int, amount: float) -> None:
        aim = self.aim
        assert aim is not None
        if key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.aim = Aim((aim.degrees + amount) % 360.0, aim.power, aim.offset)
        else:
            self.aim = Aim(aim.degrees, max(0.0, min(1.0, aim.power + amount)), aim.offset)

    def _fire(self) -> None:
        self._fired = self.last = self.aim
        self.recent = self.aim or self.recent
        self.reset()

    def update(self, dt: float) -> None:
        """Held keys repeat after a short delay; the hint fades."""
        if self.hint is not None:
            self.hint_time -= dt
            if self.hint_time <= 0 or self.active:
                self.hint = None
        for key, (held, rate) in list(self._keys.items()):
            held += dt
            self._keys[key] = (held, rate)
            if held > HOLD_DELAY and self.aim is not None:
                per_s = HOLD_DEGREES_PER_S if key in (pygame.K_LEFT, pygame.K_RIGHT) \
                    else HOLD_POWER_PER_S
                self._nudge(key, rate * per_s * dt)

    # Drawing --------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, bounds: pygame.Rect | None = None,
             color: Color = ARROW_COLOR) -> None:
        """The hint's ghost arrow, or the aim: band, arrow, contact point and power bar (kept
        inside `bounds`)."""
        if self.last is not None:
            draw_arrow(surface, self.anchor, self.last, LAST_COLOR, ghost=True, alpha=110)
        if self.hint is not None and not self.active:
            draw_arrow(surface, self.anchor, self.hint, HINT_COLOR, ghost=True)
        if self.aim is None:
            return
        if self.dragging and self.pointer is not None:
            self._draw_band(surface)
        draw_arrow(surface, self.anchor, self.aim, color)
        self._draw_contact(surface)
        bar = self.bar_rect(bounds or surface.get_rect())
        draw_power_bar(surface, bar, self.aim.power, self.reach)

    def _draw_band(self, surface: pygame.Surface) -> None:
        assert self.pointer is not None
        ux, uy = direction(self.aim.degrees if self.aim else 0.0)
        side = (-uy * self.grab_radius * 0.7, ux * self.grab_radius * 0.7)
        for sx, sy in (side, (-side[0], -side[1])):
            start = (self.anchor[0] + sx, self.anchor[1] + sy)
            pygame.draw.line(surface, (70, 40, 20), start, self.pointer, 3)
            pygame.draw.line(surface, (190, 140, 80), start, self.pointer, 1)
        pygame.draw.circle(surface, (70, 40, 20), self.pointer, 6)
        pygame.draw.circle(surface, (230, 200, 150), self.pointer, 4)

    def _draw_contact(self, surface: pygame.Surface) -> None:
        """Where the finger strikes: a dot on the back of the block."""
        assert self.aim is not None
        ux, uy = direction(self.aim.degrees)
        right = (-uy, ux)
        across = self.aim.offset * self.block_half
        back = self.block_half + 3
        point = (self.anchor[0] - ux * back + right[0] * across,
                 self.anchor[1] - uy * back + right[1] * across)
        pygame.draw.circle(surface, ARROW_EDGE, point, 4)
        pygame.draw.circle(surface, (255, 255, 255), point, 2)

    def bar_rect(self, bounds: pygame.Rect) -> pygame.Rect:
        """Where the power bar goes: beside the pull point, kept inside `bounds` and off the
        ship and the block being aimed (within `grab_radius` of the anchor)."""
        assert self.aim is not None
        ux, uy = direction(self.aim.degrees)
        if self.dragging and self.pointer is not None:
            base = self.pointer
        else:
            base = (self.anchor[0] - ux * 60, self.anchor[1] - uy * 60)
        inner = bounds.inflate(-8, -8)
        rect = pygame.Rect((0, 0), power_bar_size())
        bx, by = round(base[0]), round(base[1])
        for place in ("midtop", "midbottom", "midright", "midleft"):
            spot = {"midtop": (bx, by + 14), "midbottom": (bx, by - 14),
                    "midright": (bx - 14, by), "midleft": (bx + 14, by)}[place]
            setattr(rect, place, spot)
            rect = rect.clamp(inner)
            if not self._covers_anchor(rect):
                return rect
        # every side of the pull point is over the ship: put it clear behind the ship, along
        # the pull (or ahead of the arrow if the edge of the table is in the way)
        reach = self.grab_radius + 6 + abs(ux) * rect.width / 2 + abs(uy) * rect.height / 2
        for side in (-1.0, 1.0):
            rect.center = (round(self.anchor[0] + side * ux * reach),
                           round(self.anchor[1] + side * uy * reach))
            rect = rect.clamp(inner)
            if not self._covers_anchor(rect):
                break
        return rect

    def _covers_anchor(self, rect: pygame.Rect) -> bool:
        """True if `rect` reaches within `grab_radius` of the anchor (the ship's reach)."""
        ax, ay = self.anchor
        nx = min(max(ax, rect.left), rect.right)
        ny = min(max(ay, rect.top), rect.bottom)
        return math.hypot(nx - ax, ny - ay) < self.grab_radius


def draw_arrow(surface: pygame.Surface, start: Point, aim: Aim, color: Color,
               ghost: bool = False, alpha: int = 170) -> None:
    """The flick's direction and power as an arrow from the block (no landing preview)."""
    ux, uy = direction(aim.degrees)
    length = ARROW_MIN + aim.power * ARROW_SPAN
    gap = 10.0
    tail = (start[0] + ux * gap, start[1] + uy * gap)
    tip = (start[0] + ux * (gap + length), start[1] + uy * (gap + length))
    head = 13.0
    base = (tip[0] - ux * head, tip[1] - uy * head)
    px, py = -uy, ux
    wings = [tip, (base[0] + px * 8, base[1] + py * 8), (base[0] - px * 8, base[1] - py * 8)]
    if ghost:
        points = [tail, *wings]
        left = math.floor(min(p[0] for p in points)) - 6
        top = math.floor(min(p[1] for p in points)) - 6
        width = math.ceil(max(p[0] for p in points)) + 6 - left
        height = math.ceil(max(p[1] for p in points)) + 6 - top
        layer = pygame.Surface((width, height), pygame.SRCALPHA)

        def shift(p: Point) -> Point:
            return (p[0] - left, p[1] - top)

        _arrow_shapes(layer, shift(tail), shift(base), [shift(w) for w in wings],
                      (*color, 255), (20, 60, 30, 255))
        layer.set_alpha(alpha)
        surface.blit(layer, (left, top))
        return
    _arrow_shapes(surface, tail, base, wings, color, ARROW_EDGE)


def _arrow_shapes(surface: pygame.Surface, tail: Point, base: Point, wings: list[Point],
                  color: tuple[int, ...], edge: tuple[int, ...]) -> None:
    pygame.draw.line(surface, edge, tail, base, 8)
    pygame.draw.polygon(surface, edge, _grow(wings, 2.0))
    pygame.draw.line(surface, color, tail, base, 4)
    pygame.draw.polygon(surface, color, wings)


def _grow(points: list[Point], by: float) -> list[Point]:
    cx = sum(p[0] for p in points) / len(points)
    cy = sum(p[1] for p in points) / len(points)
    out = []
    for x, y in points:
        d = math.hypot(x - cx, y - cy) or 1.0
        out.append((x + (x - cx) / d * by, y + (y - cy) / d * by))
    return out


POWER_ROOM = 40
"""Pixels right of the bar's track for the power in per cent (designed for 14 px type)."""


def power_bar_size() -> tuple[int, int]:
    """The power bar's box: 132 x 34 as designed, wider for its per cent and taller for
    its "power" line as the text size grows (a fixed box cut that line at 150 %)."""
    return 132 - POWER_ROOM + text.space(POWER_ROOM, 14), text.space(34, 11)


def draw_power_bar(surface: pygame.Surface, rect: pygame.Rect, power: float,
                   reach: float) -> None:
    """A bar over the strongest finger's range: this finger's reach is the bright part,
    the rest is out of its reach; the fill is the flick's power within that reach."""
    panel = pygame.Surface(rect.size, pygame.SRCALPHA)
    panel.fill((*theme.darken(theme.PANEL, 0.3), 215))
    surface.blit(panel, rect)
    track = pygame.Rect(rect.left + 6, rect.top + 6, rect.width - 6 - text.space(POWER_ROOM, 14),
                        10)
    reach_w = round(track.width * reach)
    pygame.draw.rect(surface, (70, 70, 70), track)
    pygame.draw.rect(surface, (40, 44, 40), pygame.Rect(track.left, track.top, reach_w,
                                                        track.height))
    fill = round(reach_w * max(0.0, min(1.0, power)))
    hot = theme.lighten(theme.ACCENT, 0.2) if power < 0.85 else theme.BAD
    pygame.draw.rect(surface, hot, pygame.Rect(track.left, track.top, fill, track.height))
    pygame.draw.line(surface, theme.TEXT, (track.left + reach_w, track.top - 3),
                     (track.left + reach_w, track.bottom + 2), 2)
    middle = max(track.centery, rect.top + text.line_height(14, "bold") // 2)  # in the box
    text.draw(surface, f"{round(power * 100)}%", (rect.right - 6, middle), 14,
              theme.TEXT, "bold", "midright")
    text.draw(surface, "power", (track.left, track.bottom + 1), 11, theme.MUTED)

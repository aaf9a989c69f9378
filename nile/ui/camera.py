"""A 2D camera for boards larger than the table: zoom at the cursor, pan by dragging.

World coordinates are the game's (grid cells, millimetres, hex centres); the camera maps
them into a screen rect. `fit` frames a world box so the whole board is visible, and
`keep_visible` nudges the view so a point of interest (the railway's front, say) never
leaves the screen.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

Point = tuple[float, float]


@dataclass
class Camera:
    """Maps world points into `viewport` with `zoom` (pixels per world unit)."""

    viewport: pygame.Rect
    zoom: float = 1.0
    center: Point = (0.0, 0.0)
    min_zoom: float = 0.05
    max_zoom: float = 20.0
    _drag_from: tuple[int, int] | None = None

    @property
    def dragging(self) -> bool:
        """True while the view is being panned (a tooltip waits until it stops)."""
        return self._drag_from is not None

    def to_screen(self, point: Point) -> tuple[float, float]:
        x, y = point
        return (
            self.viewport.centerx + (x - self.center[0]) * self.zoom,
            self.viewport.centery + (y - self.center[1]) * self.zoom,
        )

    def to_world(self, pos: tuple[float, float]) -> Point:
        return (
            self.center[0] + (pos[0] - self.viewport.centerx) / self.zoom,
            self.center[1] + (pos[1] - self.viewport.centery) / self.zoom,
        )

    def scale(self, length: float) -> float:
        return length * self.zoom

    def fit(
        self,
        left: float,
        top: float,
        right: float,
        bottom: float,
        margin: float = 0.08,
        max_zoom: float | None = None,
    ) -> None:
        """Frame the world box with a margin (a share of the viewport)."""
        width, height = max(right - left, 1e-6), max(bottom - top, 1e-6)
        usable_w = self.viewport.width * (1 - 2 * margin)
        usable_h = self.viewport.height * (1 - 2 * margin)
        zoom = min(usable_w / width, usable_h / height)
        self.zoom = max(self.min_zoom, min(max_zoom or self.max_zoom, zoom))
        self.center = ((left + right) / 2, (top + bottom) / 2)

    def zoom_at(self, pos: tuple[float, float], factor: float) -> None:
        """Zoom by `factor` keeping the world point under `pos` where it is."""
        before = self.to_world(pos)
        self.zoom = max(self.min_zoom, min(self.max_zoom, self.zoom * factor))
        after = self.to_world(pos)
        self.center = (self.center[0] + before[0] - after[0], self.center[1] + before[1] - after[1])

    def pan_pixels(self, dx: float, dy: float) -> None:
        self.center = (self.center[0] - dx / self.zoom, self.center[1] - dy / self.zoom)

    def keep_visible(self, point: Point, margin: int = 60) -> None:
        """Pan the least needed so `point` is at least `margin` pixels inside the viewport."""
        x, y = self.to_screen(point)
        inner = self.viewport.inflate(-2 * margin, -2 * margin)
        dx = min(0.0, inner.right - x) + max(0.0, inner.left - x)
        dy = min(0.0, inner.bottom - y) + max(0.0, inner.top - y)
        if dx or dy:
            self.pan_pixels(dx, dy)

    def covers(self, pos: tuple[int, int]) -> bool:
        """Whether `pos` is on the view at all (a gate before asking what is under it)."""
        return bool(self.viewport.collidepoint(pos))

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Wheel zooms at the cursor; right or middle drag pans. True if used."""
        if event.type == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            if self.viewport.collidepoint(pos):
                self.zoom_at(pos, 1.15**event.y)
                return True
        elif (
            event.type == pygame.MOUSEBUTTONDOWN
            and event.button in (2, 3)
            and self.viewport.collidepoint(event.pos)
        ):
            self._drag_from = event.pos
            return True
        elif event.type == pygame.MOUSEMOTION and self._drag_from is not None:
            self.pan_pixels(event.pos[0] - self._drag_from[0], event.pos[1] - self._drag_from[1])
            self._drag_from = event.pos
            return True
        elif (
            event.type == pygame.MOUSEBUTTONUP
            and event.button in (2, 3)
            and self._drag_from is not None
        ):
            self._drag_from = None
            return True
        return False

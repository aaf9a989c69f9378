"""Cards: a face painted by the game, a shared back, and a flip animation.

A card's face is drawn once into a cached surface by the game's painter; every frame
just blits it (rotated copies are cached too), which keeps full tables fast.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

import pygame

from nile.ui import theme
from nile.ui.theme import Color

FacePainter = Callable[[pygame.Surface, pygame.Rect], None]


@dataclass(frozen=True)
class CardStyle:
    """Card size and colours."""

    width: int = 72
    height: int = 100
    radius: int = 7
    paper: Color = (244, 236, 214)
    edge: Color = (90, 74, 52)
    back: Color = (120, 52, 40)
    back_pattern: Color = (214, 170, 90)

    @property
    def size(self) -> tuple[int, int]:
        return (self.width, self.height)


DEFAULT_STYLE = CardStyle()


def draw_frame(
    surface: pygame.Surface, rect: pygame.Rect, style: CardStyle, fill: Color | None = None
) -> pygame.Rect:
    """A card outline with paper (or `fill`); returns the inner rect for the face."""
    shadow = rect.move(2, 3)
    pygame.draw.rect(surface, (0, 0, 0, 90), shadow, border_radius=style.radius)
    pygame.draw.rect(surface, fill or style.paper, rect, border_radius=style.radius)
    pygame.draw.rect(surface, style.edge, rect, 2, border_radius=style.radius)
    return rect.inflate(-8, -8)


def draw_back(surface: pygame.Surface, rect: pygame.Rect, style: CardStyle = DEFAULT_STYLE) -> None:
    """The shared card back: a lotus-and-wave pattern."""
    inner = draw_frame(surface, rect, style, style.back)
    pygame.draw.rect(surface, style.back_pattern, inner, 2, border_radius=max(2, style.radius - 3))
    cx, cy = inner.center
    r = min(inner.width, inner.height) * 0.28
    for i in range(8):
        angle = i * math.pi / 4
        tip = (cx + r * math.cos(angle), cy + r * math.sin(angle))
        pygame.draw.line(surface, style.back_pattern, (cx, cy), tip, 2)
    pygame.draw.circle(surface, style.back_pattern, (cx, cy), r * 0.35, 2)
    for y in (inner.top + 8, inner.bottom - 8):
        for x in range(inner.left + 4, inner.right - 4, 8):
            pygame.draw.arc(surface, style.back_pattern, (x, y - 3, 8, 6), 0, math.pi, 1)


def render_face(painter: FacePainter, style: CardStyle = DEFAULT_STYLE) -> pygame.Surface:
    """A card face as a surface (with room for its shadow)."""
    surface = pygame.Surface((style.width + 3, style.height + 4), pygame.SRCALPHA)
    rect = pygame.Rect(0, 0, style.width, style.height)
    painter(surface, draw_frame(surface, rect, style))
    return surface


@lru_cache(maxsize=16)
def render_back(style: CardStyle = DEFAULT_STYLE) -> pygame.Surface:
    surface = pygame.Surface((style.width + 3, style.height + 4), pygame.SRCALPHA)
    draw_back(surface, pygame.Rect(0, 0, style.width, style.height), style)
    return surface


class CardImages:
    """A cache of rendered faces by card key, with rotated and scaled variants."""

    def __init__(
        self,
        painter: Callable[[object, pygame.Surface, pygame.Rect], None],
        style: CardStyle = DEFAULT_STYLE,
    ) -> None:
        self._painter, self.style = painter, style
        self._whole: Callable[[object], pygame.Surface] | None = None
        self._faces: dict[object, pygame.Surface] = {}
        self._variants: dict[tuple[object, int, int, bool], pygame.Surface] = {}

    @classmethod
    def drawn_whole(
        cls, render: Callable[[object], pygame.Surface], style: CardStyle = DEFAULT_STYLE
    ) -> CardImages:
        """Cards whose game draws the whole card, frame and all, at `style.size`
        (Cleopatra's), still shown, cached and handled like every other card."""
        images = cls(lambda key, surface, rect: None, style)
        images._whole = render
        return images

    def face(self, key: object) -> pygame.Surface:
        if key not in self._faces:
            whole = self._whole
            self._faces[key] = (
                whole(key)
                if whole is not None
                else render_face(lambda s, r: self._painter(key, s, r), self.style)
            )
        return self._faces[key]

    def image(
        self, key: object | None, angle: float = 0.0, scale: float = 1.0, dim: bool = False
    ) -> pygame.Surface:
        """Face (or back for None), rotated by `angle` degrees, scaled, dimmed; cached."""
        base = self.face(key) if key is not None else render_back(self.style)
        a, s = round(angle), round(scale * 100)
        if a == 0 and s == 100 and not dim:
            return base
        variant_key = (key, a, s, dim)
        if variant_key not in self._variants:
            if len(self._variants) > 2000:
                self._variants.clear()
            image = pygame.transform.rotozoom(base, a, s / 100) if (a or s != 100) else base.copy()
            if dim:
                image.fill((130, 130, 130, 255), special_flags=pygame.BLEND_RGBA_MULT)
            self._variants[variant_key] = image
        return self._variants[variant_key]

    def draw(
        self,
        surface: pygame.Surface,
        key: object | None,
        center: tuple[float, float],
        angle: float = 0.0,
        scale: float = 1.0,
        dim: bool = False,
    ) -> pygame.Rect:
        """Blit a card centred at `center`; returns where it landed."""
        image = self.image(key, angle, scale, dim)
        rect = image.get_rect(center=(round(center[0]), round(center[1])))
        surface.blit(image, rect)
        return rect

    def draw_flip(
        self, surface: pygame.Surface, key: object, center: tuple[float, float], progress: float
    ) -> None:
        """A card turning over: back until halfway, then the face (progress 0 → 1)."""
        shown = self.image(None) if progress < 0.5 else self.face(key)
        width = max(1, round(shown.get_width() * abs(math.cos(math.pi * progress))))
        squeezed = pygame.transform.smoothscale(shown, (width, shown.get_height()))
        surface.blit(squeezed, squeezed.get_rect(center=(round(center[0]), round(center[1]))))


def highlight(
    surface: pygame.Surface,
    rect: pygame.Rect,
    color: Color = theme.HIGHLIGHT,
    width: int = 3,
    radius: int = 8,
) -> None:
    """An outline marking a legal target or a selection."""
    pygame.draw.rect(surface, color, rect.inflate(6, 6), width, border_radius=radius)

"""The practice screens' panels: a segmented picker, the goal, the finger, the after-flick
report and the session strip. Plain drawing over plain data; every text is fitted or
wrapped inside its panel.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeVar

import pygame

from nile.games.cairo import config as cairo_config
from nile.games.cairo.view import panel
from nile.games.cairo.view.words import traits
from nile.practice.drills import Verdict
from nile.practice.stats import Summary
from nile.practice.table import FlickResult, finger_reach
from nile.ui import text, theme
from nile.ui.kit.hits import HitMap
from nile.ui.table.dice import Die

T = TypeVar("T")

FINGER_LABELS = ("Thumb", "Index", "Middle", "Ring", "Little", "Die")
KIND_LABELS = {"small": "Small", "large": "Large", "die": "Die-block"}


def card(surface: pygame.Surface, rect: pygame.Rect, title: str = "") -> int:
    """A panel with an optional title; returns the y below the title."""
    pygame.draw.rect(surface, theme.PANEL, rect, border_radius=10)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=10)
    if not title:
        return rect.top + 10
    text.draw(surface, title, (rect.left + 14, rect.top + 10), text.within(14, 22, "bold"),
              theme.MUTED, "bold", max_width=rect.width - 28)
    return rect.top + 32


# A segmented picker ---------------------------------------------------------------------------

def segment_rects(rect: pygame.Rect, count: int) -> list[pygame.Rect]:
    width = rect.width / count
    return [pygame.Rect(round(rect.left + i * width), rect.top, round(width) - 4, rect.height)
            for i in range(count)]


def add_segments(hits: HitMap[T], rect: pygame.Rect, targets: Sequence[T]) -> None:
    """Each segment's place in `hits`, with its target (the screen asks the map which
    segment a click or the mouse is on)."""
    for target, r in zip(targets, segment_rects(rect, len(targets)), strict=True):
        hits.add(r, target)


def draw_segments(surface: pygame.Surface, rect: pygame.Rect, labels: Sequence[str],
                  selected: int, hover: int | None = None) -> None:
    """The segments, `selected` lit and segment `hover` (the one under the mouse) raised."""
    for i, (label, r) in enumerate(zip(labels, segment_rects(rect, len(labels)), strict=True)):
        on = i == selected
        hovered = i == hover
        fill = theme.darken(theme.ACCENT, 0.25) if on else \
            theme.lighten(theme.PANEL_LIGHT, 0.1) if hovered else theme.PANEL_LIGHT
        pygame.draw.rect(surface, fill, r, border_radius=6)
        pygame.draw.rect(surface, theme.ACCENT if on or hovered else theme.PANEL_EDGE, r, 1,
                         border_radius=6)
        text.draw(surface, label, r.center, 14, (20, 20, 20) if on else theme.TEXT,
                  "bold" if on else "regular", "center", max_width=r.width - 6)


# The goal ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class GoalInfo:
    title: str
    goal: str
    progress: str
    score: str
    best: str
    time_left: float | None = None
    time_total: float = 0.0
    done: bool = False


def draw_goal(surface: pygame.Surface, rect: pygame.Rect, info: GoalInfo) -> None:
    card(surface, rect)
    text.draw(surface, info.title, (rect.left + 14, rect.top + 10),
              text.within(22, 32, "bold"), theme.ACCENT, "bold",
              max_width=rect.width - 28)
    body = pygame.Rect(rect.left + 14, rect.top + 42, rect.width - 28, 78)
    text.draw_wrapped(surface, info.goal, body, 14, theme.TEXT)
    y = rect.bottom - 70
    pygame.draw.line(surface, theme.PANEL_EDGE, (rect.left + 14, y), (rect.right - 14, y))
    progress = "Done: press R to go again" if info.done else info.progress
    text.draw(surface, progress, (rect.left + 14, y + 8), text.within(14, 20), theme.MUTED,
              max_width=rect.width - 28)
    score = text.draw(surface, info.score or "\u2013", (rect.left + 14, rect.bottom - 12),
                      text.within(26, 36, "bold"),  # the progress line sits just above
                      theme.TEXT, "bold", "bottomleft", max_width=200)
    if info.best:
        text.draw(surface, info.best, (score.right + 12, rect.bottom - 16), 14, theme.MUTED,
                  anchor="bottomleft", max_width=rect.right - score.right - 26)
    if info.time_left is not None:
        _draw_clock(surface, pygame.Rect(rect.right - 120, rect.bottom - 48, 106, 38),
                    info.time_left, info.time_total)


def _draw_clock(surface: pygame.Surface, rect: pygame.Rect, left: float, total: float) -> None:
    """The timed drill's clock: seconds left and a bar; red in the last ten seconds."""
    seconds = max(0, int(left + 0.999))
    color = theme.BAD if left < 10 else theme.TEXT
    text.draw(surface, f"{seconds // 60}:{seconds % 60:02d}", (rect.right, rect.top - 2),
              text.within(26, rect.height - 3, "bold"), color, "bold", "topright")  # over its bar
    bar = pygame.Rect(rect.left, rect.bottom - 4, rect.width, 5)
    pygame.draw.rect(surface, theme.PANEL_LIGHT, bar, border_radius=2)
    share = max(0.0, min(1.0, left / total)) if total else 0.0
    pygame.draw.rect(surface, color, pygame.Rect(bar.left, bar.top, round(bar.width * share),
                                                 bar.height), border_radius=2)


# The finger --------------------------------------------------------------------------------------

def finger_picker_rect(rect: pygame.Rect) -> pygame.Rect:
    return pygame.Rect(rect.left + 12, rect.top + 32, rect.width - 20, 32)


def kind_picker_rect(rect: pygame.Rect) -> pygame.Rect:
    return pygame.Rect(rect.left + 12, rect.bottom - 40, rect.width - 20, 30)


def draw_finger(surface: pygame.Surface, rect: pygame.Rect, finger: int, die_mode: bool,
                rolled: int, die: Die, hover: tuple[int | None, int | None],
                kind: str | None) -> None:
    """Which finger flicks (F cycles; the die rolls one per flick, a 6 is your pick) and,
    in free practice, which block (`kind`); `hover`: the finger and block segments under
    the mouse."""
    card(surface, rect, "Finger (F)  ·  keys 1-5")
    draw_segments(surface, finger_picker_rect(rect), FINGER_LABELS, 5 if die_mode else finger - 1,
                  hover[0])
    row = pygame.Rect(rect.left + 12, rect.top + 72, rect.width - 24, 46)
    x = row.left
    if die_mode:
        die.center = (x + die.size / 2 + 2, row.centery)
        die.draw(surface)
        x += die.size + 10
    panel.draw_hand(surface, pygame.Rect(x, row.top + 2, 32, row.height - 4), finger,
                  die_mode and rolled == 6)
    x += 42
    profile = cairo_config.load().finger(finger)
    name = profile.name
    if die_mode:
        name = f"rolled {rolled}: any finger, yours: {name}" if rolled == 6 else \
            f"rolled {rolled}: {name}"
    text.draw(surface, name, (x, row.top + 4), text.within(16, 22, "bold"), theme.TEXT, "bold",
              max_width=row.right - x)
    reach = finger_reach(finger) / 10.0
    facts = (f"{traits(profile)}  ·  wobble {profile.aim_jitter:g}\u00b0 / "
             f"{profile.power_jitter:.0%}  ·  reach {reach:.0f} cm")
    text.draw(surface, facts, (x, row.top + 26), text.within(13, 18), theme.MUTED,
              max_width=row.right - x)
    if kind is not None:
        text.draw(surface, "Block", (rect.left + 14, kind_picker_rect(rect).top - 18),
                  text.within(13, 18), theme.MUTED)
        kinds = list(KIND_LABELS)
        draw_segments(surface, kind_picker_rect(rect), list(KIND_LABELS.values()),
                      kinds.index(kind), hover[1])


# The report after a flick ---------------------------------------------------------------------

@dataclass(frozen=True)
class Report:
    """What the report panel says about the last flick (or the bot's demonstration)."""

    number: int
    result: FlickResult
    verdict: Verdict
    previous: Verdict | None
    demo: bool = False


def report_lines(report: Report) -> list[tuple[str, int, theme.Color, str]]:
    """(text, size, colour, style) per line, most important first."""
    result, verdict = report.result, report.verdict
    data = cairo_config.load()
    finger = data.finger(result.finger)
    lines: list[tuple[str, int, theme.Color, str]] = []
    color = theme.BAD if verdict.capsized else theme.GOOD if verdict.hit else theme.TEXT
    lines.append((verdict.text, 18, color, "bold"))
    if verdict.error is not None and verdict.error < 0.5:
        lines.append(("Dead on the target", 15, theme.TEXT, "regular"))
    elif verdict.error is not None:
        parts = []
        if verdict.along is not None:
            parts.append(f"{abs(verdict.along):.0f} mm {long_or_short(verdict.along)}")
        if verdict.across is not None:
            parts.append(f"{abs(verdict.across):.1f}\u00b0 {left_or_right(verdict.across)}")
        detail = f" ({', '.join(parts)})" if parts else ""
        lines.append((f"{verdict.error:.0f} mm from the target{detail}", 15, theme.TEXT,
                      "regular"))
    jitter = data.jitter
    aim_wobble = jitter.z(result.jitter[0]) * finger.aim_jitter
    power_wobble = jitter.z(result.jitter[1]) * finger.power_jitter
    who = "The bot aimed" if report.demo else "Aimed"
    lines.append((f"{who} {result.shot.degrees:.1f}\u00b0 at {result.shot.power:.0%} power "
                  f"with the {finger.name}", 14, theme.TEXT, "regular"))
    shakes = []
    if result.jitter[0]:
        shakes.append(f"{abs(aim_wobble):.1f}\u00b0 {'left' if aim_wobble > 0 else 'right'}")
    if result.jitter[1]:
        shakes.append(f"{power_wobble:+.0%} power")
    wobble = f"the finger wobbled {' and '.join(shakes)}" if shakes else "no wobble this time"
    lines.append((f"{wobble}; it slid for {result.seconds:.1f} s", 14, theme.MUTED,
                  "regular"))
    if result.knocked:
        ships = ", ".join("your ship" if s == "ship0" else "the rival ship"
                          for s in result.knocked)
        lines.append((f"Knocked over: {ships}", 14, theme.BAD, "bold"))
    if result.picked_up:
        lines.append(("All your blocks of this kind were out: the oldest was picked up.", 13,
                      theme.MUTED, "regular"))
    if report.previous is not None and report.previous.error is not None and \
            verdict.error is not None:
        delta = verdict.error - report.previous.error
        trend = "closer" if delta < 0 else "further"
        lines.append((f"Previous flick: {report.previous.error:.0f} mm ({abs(delta):.0f} mm "
                      f"{trend} now)", 14, theme.MUTED, "regular"))
    return lines


def draw_report(surface: pygame.Surface, rect: pygame.Rect, report: Report | None,
                thinking: bool) -> None:
    title = "The bot's flick (the board goes back)" if report is not None and report.demo \
        else f"Flick {report.number}" if report is not None else "After each flick"
    y = card(surface, rect, title)
    inner = pygame.Rect(rect.left + 14, y, rect.width - 28, rect.bottom - y - 30)
    if thinking:
        text.draw(surface, "The bot is planning a flick\u2026", (inner.left, inner.top + 4), 16,
                  theme.ACCENT, "bold", max_width=inner.width)
    elif report is None:
        text.draw_wrapped(surface, "Where the block stopped, how far from the target, and how "
                          "your finger wobbled show here. The dotted line is the flick before.",
                          inner, 14, theme.MUTED)
    else:
        for line, size, color, style in report_lines(report):
            used = text.draw_wrapped(surface, line, pygame.Rect(inner.left, y, inner.width,
                                                                inner.bottom - y),
                                     size, color, style)
            y += used + 4
            if y > inner.bottom:
                break
    _draw_legend(surface, pygame.Rect(rect.left + 14, rect.bottom - 24, rect.width - 28, 16))


def _draw_legend(surface: pygame.Surface, rect: pygame.Rect) -> None:
    y = rect.centery
    pygame.draw.line(surface, (255, 248, 220), (rect.left, y), (rect.left + 22, y), 2)
    x = text.draw(surface, "last flick", (rect.left + 28, y), 12, theme.MUTED,
                  anchor="midleft").right + 16
    for k in range(4):
        pygame.draw.circle(surface, (235, 235, 255), (x + 3 + k * 6, y), 1.6)
    text.draw(surface, "the one before", (x + 28, y), 12, theme.MUTED, anchor="midleft")


# The session strip --------------------------------------------------------------------------------

def summary_words(summary: Summary) -> tuple[str, str]:
    """Two lines: counts, then error and its two halves."""
    if not summary.count:
        return "No flicks yet this session.", ""
    rate = f" ({summary.hit_rate:.0%})" if summary.hit_rate is not None else ""
    first = f"This session: {summary.count} flick{'s' if summary.count != 1 else ''}"
    if summary.aimed:
        first += f"  ·  {summary.hits} hit{'s' if summary.hits != 1 else ''}{rate}"
    if summary.mean_error is None:
        return first, "No target yet: click a site to aim at it."
    second = f"Error {summary.mean_error:.0f} \u00b1 {summary.std_error or 0:.0f} mm"
    if summary.mean_along is not None:  # "44 ± 3 mm long", as each flick says it
        along = summary.mean_along
        side = f" {long_or_short(along)}" if round(along) else ""
        second += f"  ·  length {abs(along):.0f} \u00b1 {summary.std_along or 0:.0f} mm{side}"
    if summary.mean_across is not None:  # "23.6 ± 0.0° right", not "-23.6 ± 0.0°"
        across = summary.mean_across
        side = f" {left_or_right(across)}" if round(across, 1) else ""
        second += (f"  ·  direction {abs(across):.1f} \u00b1 "
                   f"{summary.std_across or 0:.1f}\u00b0{side}")
    return first, second


def long_or_short(along: float) -> str:
    """Which way a miss along the aim went, in words (+: past the target)."""
    return "long" if along >= 0 else "short"


def left_or_right(across: float) -> str:
    """Which side a miss across the aim went, in words (+: counter-clockwise, left)."""
    return "left" if across >= 0 else "right"

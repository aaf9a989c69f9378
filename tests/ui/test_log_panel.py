"""The game log wraps each line once: a new line costs one wrap, not the whole log."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from nile.ui import text
from nile.ui.chrome.panels import LOG_SIZE, LogPanel

LONG = ("Ada delivers a red good from Edfu to Kom Ombo over four links, earning one income "
        "for each link she owns and one for Bram's.")


@pytest.fixture
def surface() -> pygame.Surface:
    pygame.init()
    return pygame.Surface((1280, 800))


@pytest.fixture
def wraps(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The lines `text.wrap` is asked to wrap, in order."""
    asked: list[str] = []
    real = text.wrap

    def counting(line: str, size: int, width: int, style: str = "regular") -> list[str]:
        asked.append(line)
        return real(line, size, width, style)

    monkeypatch.setattr(text, "wrap", counting)
    return asked


def log(count: int) -> list[str]:
    return [f"{LONG} ({index})" if index % 2 else f"Line {index}." for index in range(count)]


def test_the_rows_are_each_line_wrapped_at_the_panels_width(surface: pygame.Surface) -> None:
    panel = LogPanel(pygame.Rect(900, 40, 300, 700))
    panel.set_lines(log(6))
    panel.draw(surface)
    expected = [row for line in log(6) for row in text.wrap(line, LOG_SIZE, 280)]
    assert panel._wrapped == expected and len(expected) > 6


def test_a_new_line_is_the_only_one_wrapped(surface: pygame.Surface,
                                            wraps: list[str]) -> None:
    panel = LogPanel(pygame.Rect(900, 40, 300, 700))
    panel.set_lines(log(300))
    panel.draw(surface)
    assert len(wraps) == 300
    wraps.clear()
    panel.set_lines(log(301))          # the scene hands over a new list after a move
    panel.draw(surface)
    panel.draw(surface)                # a steady frame wraps nothing
    assert wraps == [log(301)[-1]]


def test_a_new_width_wraps_again_and_the_cache_keeps_only_shown_lines(
        surface: pygame.Surface, wraps: list[str]) -> None:
    panel = LogPanel(pygame.Rect(900, 40, 300, 700))
    panel.set_lines(log(20))
    panel.draw(surface)
    panel.rect = pygame.Rect(800, 40, 400, 700)
    wraps.clear()
    panel.draw(surface)
    assert len(wraps) == 20
    assert panel._wrapped == [row for line in log(20) for row in text.wrap(line, LOG_SIZE, 380)]
    panel.set_lines(log(20)[10:])      # older lines dropped from the log
    panel.draw(surface)
    assert set(panel._rows) == {(line, 380) for line in log(20)[10:]}


def test_a_steady_frame_blits_the_panel_as_painted_and_paints_nothing(
        surface: pygame.Surface, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 33 item 6: painting the log's forty rows took about half a millisecond of
    every frame of every table. The panel is painted when its rows, scroll or place
    change, and a steady frame blits that picture, the very pixels a painting gives."""
    panel = LogPanel(pygame.Rect(900, 40, 300, 700))
    panel.set_lines(log(60))
    panel.draw(surface)
    painted: list[str] = []
    real = text.render
    monkeypatch.setattr(text, "render", lambda line, *rest: (painted.append(line),
                                                             real(line, *rest))[1])
    surface.fill((0, 0, 0))
    panel.draw(surface)
    assert painted == []
    direct = pygame.Surface((1280, 800))
    panel._paint(direct, panel.rect)
    assert pygame.image.tobytes(surface.subsurface(panel.rect), "RGB") == \
        pygame.image.tobytes(direct.subsurface(panel.rect), "RGB")
    panel.on_wheel(1)                  # scrolled back: painted again
    panel.draw(surface)
    assert painted


@pytest.mark.slow
def test_the_log_bench_measures_both_logs() -> None:
    """tools/log_bench.py runs and reports the four figures (a tiny run)."""
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, str(root / "tools" / "log_bench.py"), "--lines",
                           "20", "--frames", "2", "--runs", "1", "--json"],
                          capture_output=True, text=True, timeout=120, check=True, cwd=root)
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    for name in ("textbox_append_ms", "textbox_steady_ms", "logpanel_append_ms",
                 "logpanel_steady_ms"):
        assert figures[name] >= 0.0

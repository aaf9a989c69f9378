"""Measure the game log's cost per frame: pygame_gui's UITextBox against Nile's LogPanel.

    python tools/log_bench.py                 # table
    python tools/log_bench.py --json          # ... and a JSON last line

A log of `--lines` (300) varied lines sits in the log's real rect. Each case times, in
this process's CPU time (`time.process_time`), a frame that appends one new line and
draws, and a steady frame that only draws; the figure is the median over `--runs` runs of
each run's median frame. The frame budget for the whole table is 4 ms (DESIGN.md).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from collections.abc import Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pygame_gui
from _common import ROOT  # noqa: F401  (puts the project on the import path)

from nile.ui import theme
from nile.ui.chrome.panels import LogPanel

PLAYERS = ("Ada", "Bram", "Cleo", "Dario")
PLACES = ("Edfu", "Thebes", "Abydos", "Lisht", "Saqqara", "Giza", "Kom Ombo")


def log_line(index: int) -> str:
    """A plausible log line, different for every index (as a real log's lines are)."""
    who, where = PLAYERS[index % 4], PLACES[index % 7]
    if index % 3 == 0:
        return f"{who} lays a {index % 4 + 1} at {where} (card {index})."
    if index % 3 == 1:
        return (f"{who} delivers a red good from {where} to {PLACES[(index + 3) % 7]} over "
                f"{index % 5 + 2} links, earning 1 income each for seat {index % 4} ({index}).")
    return f"The caboose runs over a Broken Track {index % 4 + 1} and stops on {where} ({index})."


def log_rect() -> pygame.Rect:
    """Where the game scene puts its log."""
    return pygame.Rect(theme.WIDTH - theme.LOG_WIDTH, theme.TOP_BAR_HEIGHT, theme.LOG_WIDTH,
                       theme.HEIGHT - theme.TOP_BAR_HEIGHT)


def median_frame(frame: Callable[[int], None], frames: int, first: int) -> float:
    """The median CPU milliseconds of `frames` calls of `frame(i)`, i counting from `first`."""
    times = []
    for i in range(first, first + frames):
        used = time.process_time()
        frame(i)
        times.append((time.process_time() - used) * 1000)
    return statistics.median(times)


def text_box_case(surface: pygame.Surface, lines: int, frames: int,
                  append: bool) -> float:
    """UITextBox holding the log; a frame appends one line (`append_html_text`) or not, then
    updates and draws the manager."""
    manager = pygame_gui.UIManager((theme.WIDTH, theme.HEIGHT), theme.gui_theme(),
                                   enable_live_theme_updates=False)
    html = "<br>".join(log_line(i) for i in range(lines))
    pygame_gui.elements.UITextBox(html, log_rect(), manager=manager)
    box = manager.get_root_container().elements[0]
    manager.update(1 / 60)

    def frame(i: int) -> None:
        if append:
            box.append_html_text("<br>" + log_line(i))
        manager.update(1 / 60)
        manager.draw_ui(surface)

    return median_frame(frame, frames, lines)


def log_panel_case(surface: pygame.Surface, lines: int, frames: int, append: bool) -> float:
    """LogPanel holding the log; a frame hands it the whole log with one more line (as the
    game scene does after a move) or the same list, then draws it."""
    panel = LogPanel(log_rect())
    log = [log_line(i) for i in range(lines)]
    panel.set_lines(list(log))
    panel.draw(surface)

    def frame(i: int) -> None:
        if append:
            log.append(log_line(i))
            panel.set_lines(list(log))
        panel.draw(surface)

    return median_frame(frame, frames, lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--lines", type=int, default=300)
    parser.add_argument("--frames", type=int, default=30)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    pygame.init()
    surface = pygame.display.set_mode((theme.WIDTH, theme.HEIGHT))
    cases = {
        "textbox_append_ms": lambda: text_box_case(surface, args.lines, args.frames, True),
        "textbox_steady_ms": lambda: text_box_case(surface, args.lines, args.frames, False),
        "logpanel_append_ms": lambda: log_panel_case(surface, args.lines, args.frames, True),
        "logpanel_steady_ms": lambda: log_panel_case(surface, args.lines, args.frames, False),
    }
    figures = {name: round(statistics.median(case() for _ in range(args.runs)), 3)
               for name, case in cases.items()}
    for name, value in figures.items():
        print(f"{name:22} {value:8.3f}")
    if args.json:
        print(json.dumps({"lines": args.lines, "frames": args.frames, "runs": args.runs,
                          **figures}))


if __name__ == "__main__":
    main()

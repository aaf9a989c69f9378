"""Wrapped text never runs past its width, even for a word longer than a line."""

from __future__ import annotations

from pathlib import Path

import pygame

from nile.ui import assets, text, theme


def test_a_long_route_breaks_after_its_dashes() -> None:
    pygame.font.init()
    route = "A coconut travels Edfu–Abydos–Lisht–Saqqara–Memphis–Heliopolis–Alexandria."
    width = 140
    lines = text.wrap(route, 14, width)
    font = assets.font(14, "regular")
    assert all(font.size(line)[0] <= width for line in lines), lines
    assert "".join(lines).replace(" ", "") == route.replace(" ", "")
    assert any(line.endswith("–") for line in lines)      # broken at a dash, not mid-name


def test_a_word_without_dashes_is_broken_between_letters() -> None:
    pygame.font.init()
    word = "Hippopotomonstrosesquippedaliophobia"
    lines = text.wrap(word, 14, 60)
    font = assets.font(14, "regular")
    assert len(lines) > 1 and "".join(lines) == word
    assert all(font.size(line)[0] <= 60 for line in lines)


def test_ordinary_text_wraps_on_spaces_as_before() -> None:
    pygame.font.init()
    assert text.wrap("one two three", 14, 10_000) == ["one two three"]
    assert text.wrap("first\nsecond", 14, 10_000) == ["first", "second"]


def test_the_gui_theme_file_speaks_the_tables_palette() -> None:
    """theme.json is the pygame_gui theme; its colours are the palette the tables paint with,
    so a dialog's button and a table's button look alike, and every font has our files."""
    def hexc(color: theme.Color) -> str:
        return "#{:02x}{:02x}{:02x}".format(*color)

    gui = theme.gui_theme()
    colours = gui["defaults"]["colours"]
    assert colours["normal_bg"] == hexc(theme.PANEL_LIGHT)
    assert colours["disabled_bg"] == colours["dark_bg"] == hexc(theme.PANEL)
    assert colours["normal_text"] == hexc(theme.TEXT)
    assert colours["normal_border"] == hexc(theme.PANEL_EDGE)
    assert colours["hovered_border"] == colours["link_text"] == hexc(theme.ACCENT)
    assert gui["@title"]["colours"]["normal_text"] == hexc(theme.ACCENT)
    for block in gui.values():
        if "font" in block:
            assert Path(block["font"]["regular_path"]).is_file()
            assert Path(block["font"]["bold_path"]).is_file()


def test_a_width_is_measured_once_per_font_and_string(monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Issue 33 item 6: the bottom bar fits and wraps its prompt word by word every frame,
    and a font's first use of its glyphs costs about half a millisecond a call (61 calls in
    the first pyramid offer's frame). A width is asked of the font once; at another text
    size it is the other font's width."""
    pygame.font.init()
    asked: list[tuple[int, str]] = []
    real_font = assets.font

    class Counting:
        def __init__(self, px: int, style: str) -> None:
            self.px, self.style, self.font = px, style, real_font(px, style)

        def size(self, line: str) -> tuple[int, int]:
            asked.append((self.px, line))
            return self.font.size(line)  # type: ignore[no-any-return]

    monkeypatch.setattr(text.assets, "font", lambda px, style="regular": Counting(px, style))
    line = "Build a pyramid on Saqqara? 3 free small blocks there"
    text._measure.cache_clear()  # what earlier tests measured
    try:
        first = text.measure(line, 15)
        assert [text.measure(line, 15) for _ in range(3)] == [first] * 3
        assert asked == [(theme.font_px(15), line)]
        theme.use_text_size(150)
        assert text.measure(line, 15) == real_font(theme.font_px(15), "regular").size(line)[0]
        assert text.measure(line, 15) > first and len(asked) == 2
    finally:
        theme.use_text_size(100)

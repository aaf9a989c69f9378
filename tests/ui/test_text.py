"""Wrapped text never runs past its width, even for a word longer than a line."""

from __future__ import annotations

import pygame

from nile.ui import assets, text


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

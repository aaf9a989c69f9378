"""Text size (issue 29 item 3): a Settings choice from 100 to 150 % that grows every text,
pygame_gui's type and the small pieces, and screens that hold the largest size.

The sweep renders every scripted shot at 100 % and at the largest size and asks of the
largest what the designed size already keeps: every line inside the surface it is drawn
on and inside the row, bar, badge or panel (a filled rectangle) it is drawn in, and no two
different lines over each other that were not so at 100 %."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager

import pygame
import pytest

from nile.app import App
from nile.core import library, paths
from nile.ui import assets, shots, text, theme
from nile.ui import settings as store
from nile.ui.chrome.panels import LOG_LINE, log_line
from nile.ui.chrome.reference_scene import LIST_WIDTH, ReferenceScene
from nile.ui.chrome.savelist import SaveList
from nile.ui.records_scene import COLUMNS, ROW
from nile.ui.settings_scene import SettingsScene
from nile.ui.shots import all_shots
from tests.ui.harness import (
    drawn_places,
    drawn_text_boxes,
    drawn_words,
    frames,
    make_app,
    press,
)

LARGEST = store.TEXT_SIZES[-1]
SETTLE = 20
"""Frames a shot runs before its text is taken: the same at both sizes, so what moves is
compared with itself (the snapshots wait 90 frames; this sweep renders twice as many)."""


@pytest.fixture(autouse=True)
def _designed_size() -> Iterator[None]:
    """The text size is the app's, kept in `theme`: every test leaves it as designed."""
    yield
    theme.use_text_size(100)


def test_the_largest_size_is_the_one_screens_are_laid_out_for() -> None:
    assert store.TEXT_SIZES[0] == 100
    assert LARGEST == theme.LARGEST_TEXT == 150


def test_the_text_size_is_saved_and_a_bad_one_ignored() -> None:
    app = make_app()
    scene = SettingsScene(app)
    app.push(scene)
    frames(app)
    press(app, scene, "130%")
    assert store.load().text_size == 130 == theme.text_percent()
    assert store.load() == store.Settings(text_size=130)
    for bad in (120, "150", True, None, [150], 1e9):
        (paths.config_dir() / "settings.json").write_text(json.dumps({"text_size": bad}))
        assert store.load().text_size == 100, bad


def test_a_new_size_shows_at_once_in_settings_own_buttons() -> None:
    app = make_app()
    app.push(SettingsScene(app))
    frames(app)
    first = app.top
    press(app, first, "150%")
    frames(app)
    scene = app.top
    assert isinstance(scene, SettingsScene) and scene is not first  # built again
    done = next(e for e in scene._actions if e.text == "Done")
    designed = assets.font(17, "bold").size("Done")[1]  # the accent type, as at 100 %
    assert done.font is not None and done.font.size("Done")[1] > 1.3 * designed


def test_every_text_grows_and_titles_grow_less() -> None:
    small, title = text.measure("Ann takes 2 rails", 14), text.measure("Cairo", 40, "bold")
    height = text.render("Ann", 14).get_height()
    theme.use_text_size(LARGEST)
    assert text.measure("Ann takes 2 rails", 14) >= 1.45 * small
    assert text.render("Ann", 14).get_height() >= 1.4 * height  # no line cached at 100 %
    assert 1.15 * title < text.measure("Cairo", 40, "bold") < 1.35 * title
    assert log_line() >= 1.45 * LOG_LINE


def test_the_gui_theme_grows_with_it() -> None:
    sizes = {name: block["font"]["size"] for name, block in theme.gui_theme().items()
             if "font" in block}
    assert {"button", "tool_tip", "text_entry_line", "drop_down_menu"} <= set(sizes)
    theme.use_text_size(LARGEST)
    grown = {name: block["font"]["size"] for name, block in theme.gui_theme().items()
             if "font" in block}
    for name, size in sizes.items():
        assert int(grown[name]) == theme.font_px(int(size)) > int(size), name


def test_small_pieces_grow_with_the_text() -> None:
    assert theme.piece_px(6) == 6
    theme.use_text_size(LARGEST)
    assert theme.piece_px(6) == 9 and theme.piece_scale() == 1.5


def test_a_tight_box_shrinks_the_text_back_before_cutting_it() -> None:
    """At 150 % a label in a box made for 100 % is drawn no smaller than at 100 %'s floor,
    and cut only where 100 % cuts it too."""
    words, width = "Track row: 5 cards", text.measure("Track row: 5 cards", 14)
    theme.use_text_size(LARGEST)
    fitted, size = text.fit(words, 14, width)
    assert fitted == words and theme.font_px(size) >= text.MIN_SIZE


def test_type_on_a_fixed_piece_grows_only_as_far_as_its_room() -> None:
    assert text.within(14, 10) == 14  # as designed at 100 %, whatever the room
    theme.use_text_size(LARGEST)
    roomy, tight = text.within(14, 60), text.within(14, 21)
    assert roomy == 14 and tight < 14
    assert text.line_height(tight) <= 21 and theme.font_px(tight) >= 14


def test_a_wrapped_block_cuts_no_more_words_than_at_the_designed_size() -> None:
    """A box made for four lines at 100 %: at 150 % every word still shows, smaller."""
    words = "Flick blocks from your ship onto pyramid sites along the river. " * 2
    box = pygame.Rect(0, 0, 300, 4 * text.line_height(14))
    surface = pygame.Surface((300, 400))
    assert len(text.wrap(words, 14, 300)) <= 4
    theme.use_text_size(LARGEST)
    assert len(text.wrap(words, 14, 300)) > 4  # at full size it would be cut
    with drawn_text_boxes() as seen, drawn_words() as lines:
        text.draw_wrapped(surface, words, box, 14)
    assert seen and " ".join(lines).split() == words.split()


SLACK = 2
"""Pixels a line's box may pass its place's edge: the box is the font's whole line (with
the room above capitals and below descenders), not the ink."""


def drawn(name: str, percent: int) -> tuple[set[str], set[tuple[str, str]], set[str]]:
    """A shot at `percent`: the lines outside their surface, the pairs of lines drawn over
    each other (by their words), and the lines that leave the place they are drawn in (a
    row, bar, badge or panel of a fixed size: `drawn_places`), in its last frame (of a
    dialog, its own lines: what lies under its panel is hidden, not overlapped; the same of a
    lesson's opaque card)."""
    app = make_app()
    app.apply_settings(app.settings.changed(text_size=percent), save=False)
    app.bots_paused = True
    pygame.mouse.set_pos((1279, 799))
    all_shots()[name](app)
    frames(app, SETTLE)
    top = app.top
    with drawn_text_boxes() as seen, lesson_card_drawn(top, seen) as card, \
            drawn_places() as placed:
        if top is not None and top.overlay:  # a dialog: only its own words are read
            top.draw(app.screen)
        else:
            frames(app)
    boxes = [(w, r, s) for i, (w, r, s) in enumerate(seen)
             if r.width > 1 and r.height > 1 and w.strip() and not card.hides(i, r)]
    outside = {w for w, r, s in boxes if not s.contains(r)}
    over = set()
    for i, (w, r, s) in enumerate(boxes):
        for w2, r2, s2 in boxes[i + 1:]:
            clip = r.clip(r2)
            if s == s2 and w != w2 and clip.width > 2 and clip.height > 4:
                over.add((min(w, w2), max(w, w2)))
    return outside, over, spilled(placed)


def spilled(placed: list[tuple[str, pygame.Rect, pygame.Rect | None]]) -> set[str]:
    """The lines whose box leaves the place they are drawn in by more than SLACK."""
    return {words for words, box, place in placed
            if place is not None and words.strip() and box.width > 1 and box.height > 1
            and not place.inflate(2 * SLACK, 2 * SLACK).contains(box)}


KNOWN: dict[str, str] = {}
"""Shots whose overlap at the largest size is another item's to mend, with why (strict
xfail, not skipped: one that passes fails the sweep, so the entry goes). Loose Caboose's
first lesson card was listed here and passed unnoticed (an xpass) for several rounds."""


class CardCover:
    """Where a lesson's card was drawn in the frame read, and after which line: the
    table's lines drawn before it under its panel are hidden (`TutorialCard.draw` paints
    an opaque panel), not overlapped."""

    def __init__(self) -> None:
        self.rect: pygame.Rect | None = None
        self.first = 0

    def hides(self, index: int, box: pygame.Rect) -> bool:
        return self.rect is not None and index < self.first and self.rect.contains(box)


@contextmanager
def lesson_card_drawn(scene: object, seen: list[object]) -> Iterator[CardCover]:
    """While the block runs, note where the lesson card of `scene` (if any) is drawn."""
    cover = CardCover()
    layer = getattr(scene, "tutorial", None)
    if layer is None:
        yield cover
        return
    draw = layer.card.draw

    def spy(surface: pygame.Surface) -> None:
        cover.rect, cover.first = layer.card.rect(), len(seen)
        draw(surface)

    layer.card.draw = spy
    try:
        yield cover
    finally:
        del layer.card.draw


@pytest.mark.slow
@pytest.mark.parametrize("name", [
    pytest.param(name, marks=pytest.mark.xfail(reason=KNOWN[name], strict=True))
    if name in KNOWN else name
    for name in sorted(all_shots())])
def test_every_screen_holds_the_largest_text(name: str) -> None:
    outside, over, spill = drawn(name, 100)
    large_outside, large_over, large_spill = drawn(name, LARGEST)
    assert large_outside <= outside, f"cut at {LARGEST} %: {sorted(large_outside - outside)}"
    assert large_over <= over, f"overlapping at {LARGEST} %: {sorted(large_over - over)}"
    assert large_spill <= spill, f"out of their rows at {LARGEST} %: {sorted(large_spill - spill)}"


# Places of a fixed size: rows, stripes and buttons grow with the text ---------------------

def placed_lines(app: App) -> list[tuple[str, pygame.Rect, pygame.Rect | None]]:
    """The lines of the top screen's next frame, each with the place it is drawn in."""
    with drawn_places() as placed:
        frames(app)
    return placed


def test_the_reference_list_rows_hold_their_titles_at_the_largest_size() -> None:
    """A row of the rules' list was 28 px at every size: at 150 % its 16 px title's line
    (33 px) ran past the lit row of the selection."""
    app = make_app()
    app.apply_settings(app.settings.changed(text_size=LARGEST), save=False)
    all_shots()["reference/cairo"](app)
    frames(app)
    scene = app.top
    assert isinstance(scene, ReferenceScene)
    title = scene.entries[scene.selected].title
    (box, row), = [(box, place) for words, box, place in placed_lines(app) if words == title]
    assert row is not None and row.width <= LIST_WIDTH, row  # the lit row, not the panel
    assert row.inflate(2 * SLACK, 2 * SLACK).contains(box), (box, row)


def test_the_records_rows_and_columns_hold_the_largest_size() -> None:
    """The records' stripes (34 px) and columns (95 px for "vs normal") were made for
    100 %: at 150 % a line left its stripe and the headings ran into each other."""
    app = make_app()
    app.apply_settings(app.settings.changed(text_size=LARGEST), save=False)
    all_shots()["records"](app)
    frames(app)
    placed = placed_lines(app)
    assert not spilled(placed)
    headings = [box for words, box, _ in placed if words in {label for label, _ in COLUMNS}]
    assert len(headings) == len(COLUMNS)
    assert all(not a.colliderect(b) for i, a in enumerate(headings) for b in headings[i + 1:])
    stripes = [place for _, _, place in placed if place is not None and place.width > 1000]
    assert stripes and all(place.height >= 1.4 * ROW for place in stripes), stripes


def test_the_launchers_buttons_hold_their_labels_at_the_largest_size(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """"Continue (2)" in the accent's bold 17 px is 159 px wide at 150 %: the 120 px button
    clipped it. Every top-row button is as wide as its label in its own type."""
    games = [library.SaveEntry(paths.saves_dir() / f"{n}.json", n, True, "cairo", "Cairo",
                               ("Ann", "Bo"), "Turn 1", False, 0.0) for n in ("a", "b")]
    monkeypatch.setattr(library, "unfinished", lambda: games)
    app = make_app()
    app.apply_settings(app.settings.changed(text_size=LARGEST), save=False)
    shots.launcher(app)
    frames(app)
    buttons = [e for e in app.top._actions if e.rect.top == 40]  # type: ignore[union-attr]
    assert "Continue (2)" in {e.text for e in buttons}
    for element in buttons:
        assert element.font is not None
        assert element.font.size(element.text)[0] + 8 <= element.rect.width, element.text
    rects = [e.rect for e in buttons]
    assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:])


def test_the_save_lists_rows_hold_their_two_lines_at_the_largest_size() -> None:
    """A row of Load and Continue was 54 px at every size: at 150 % its details line
    (29 px) began under the title's (36 px) and ran past the row."""
    entries = [library.SaveEntry(paths.saves_dir() / f"{n}.json", n, False, "cairo", "Cairo",
                                 ("Ann", "Bo"), "Turn 3", False, 0.0) for n in "abc"]
    theme.use_text_size(LARGEST)
    pygame.init()
    rows = SaveList(pygame.Rect(0, 0, 600, 400), entries)
    with drawn_places() as placed:
        rows.draw(pygame.Surface((600, 400)), "")
    lines = [(words, box) for words, box, _ in placed]
    assert len(lines) == 6
    for i in range(3):
        row = rows.row_rect(i)
        (title, top), (_, bottom) = lines[2 * i], lines[2 * i + 1]
        assert row.inflate(0, 2 * SLACK).contains(top) and row.contains(bottom), (i, row)
        assert top.bottom <= bottom.top + SLACK, title

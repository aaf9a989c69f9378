"""The rules reference screen (F1): search as you type, the index and glossary links, the
keyboard (Tab, arrows, Enter, Esc) and "Why?" on a refused move opening the rule it rests on
(`nile/ui/chrome/reference_scene.py`, `panels.Toasts`)."""

from __future__ import annotations

import pygame
import pytest

from nile.app import App
from nile.core import reference
from nile.ui import text
from nile.ui.chrome.game_scene import GameScene
from nile.ui.chrome.reference_page import GLOSSARY, INDEX, KEY_COLUMN, KEYS
from nile.ui.chrome.reference_scene import ReferenceScene
from nile.ui.reference_shots import table
from nile.ui.shots import tutorial_at
from tests import per_game
from tests.ui.harness import click, frames, instant_app, key, tick


@pytest.fixture
def app() -> App:
    return instant_app()


def _open(app: App, game: str = "loose_caboose") -> tuple[GameScene, ReferenceScene]:
    scene = table(app, game)
    frames(app)
    key(app, pygame.K_F1)
    shown = app.top
    assert isinstance(shown, ReferenceScene)
    frames(app)
    return scene, shown


def _center(rect: pygame.Rect | pygame.FRect | None) -> tuple[int, int]:
    assert rect is not None, "drawn"
    return round(rect.centerx), round(rect.centery)


def _type(app: App, words: str) -> None:
    for letter in words:
        tick(app, [pygame.event.Event(pygame.TEXTINPUT, text=letter)])
    frames(app, 2)


def test_f1_opens_the_reference_and_esc_closes_it(app: App) -> None:
    scene, shown = _open(app)
    assert shown.current == "goal" and shown.focus == "list"
    key(app, pygame.K_ESCAPE)
    assert app.top is scene


def test_typing_in_the_search_filters_sections_and_highlights_the_words(app: App) -> None:
    _, shown = _open(app)
    click(app, _center(shown.search.get_abs_rect()))
    assert shown.focus == "search"
    _type(app, "derail")
    ref = reference.load("loose_caboose")
    assert ref is not None
    sections = [h.section.id for h in reference.search(ref, "derail")]
    assert "derail" in sections and "setup" not in sections
    # the rules that hold the word, then the glossary (the term Derail matches too)
    assert [e.id for e in shown.entries] == [*sections, GLOSSARY]
    marked = [r for r in shown.rows() if r.spans]
    assert marked and all(r.text[a:b].lower() == "derail" for r in marked for a, b in r.spans)
    _type(app, "zzzz")  # nothing matches: an empty list and a line that says so
    assert shown.entries == [] and shown.rows() == []
    frames(app)


def test_tab_arrows_and_enter_move_through_list_text_and_links(app: App) -> None:
    _, shown = _open(app)
    key(app, pygame.K_UP)  # from the first rule up to the index
    assert shown.current == INDEX
    key(app, pygame.K_RETURN)
    assert shown.focus == "text"
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    link = shown.rows()[shown.cursor].link
    assert link
    key(app, pygame.K_RETURN)
    assert shown.current == link
    key(app, pygame.K_TAB)
    assert shown.focus == "search"
    key(app, pygame.K_TAB, pygame.KMOD_SHIFT)
    assert shown.focus == "text"
    key(app, pygame.K_TAB)
    key(app, pygame.K_TAB)
    assert shown.focus == "list"
    shown.open(INDEX)
    key(app, pygame.K_UP)  # from the first entry round to the last
    assert shown.current == KEYS
    key(app, pygame.K_ESCAPE)
    assert not isinstance(app.top, ReferenceScene)


def test_a_glossary_see_link_opens_its_rule_by_click(app: App) -> None:
    _, shown = _open(app, "cleopatra")
    shown.open(GLOSSARY)
    frames(app)
    index, link = next((i, r.link) for i, r in enumerate(shown.rows()) if r.link)
    click(app, _center(shown.hits.rect_of(("link", index))))
    assert shown.current == link != GLOSSARY and shown.focus == "text"


def test_a_refused_move_offers_why_which_opens_the_rule(app: App) -> None:
    scene = table(app, "loose_caboose")
    ahead = scene.match.state.clone()  # roll before laying a card: refused
    ahead.apply(next(a for a in ahead.legal_actions() if a.to_str().startswith("lay")))
    assert not scene.submit(next(a for a in ahead.legal_actions() if a.to_str() == "roll"))
    refused = scene.toasts.refusal()
    assert refused is not None and refused.why == "turn"
    frames(app)
    click(app, _center(scene.toasts.hits.rect_of(refused)))
    shown = app.top
    assert isinstance(shown, ReferenceScene) and shown.current == "turn"
    assert shown.rows()[0].text == f"Refused: {refused.message}"  # above the rule, in words
    shown.open("goal")
    assert not any(r.kind == "note" for r in shown.rows())
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_F1)  # F1 while the refusal shows: the same rule
    assert isinstance(app.top, ReferenceScene) and app.top.current == "turn"


def test_an_error_in_the_tables_own_words_gets_why_only_when_a_rule_explains_it(
        app: App) -> None:
    scene = table(app, "loose_caboose")
    scene.toast("A new card must go right next to the front card.", "error")
    assert scene.toasts.items[-1].why == "lay-track"
    scene.toast("Nothing to undo: chance came after your last move.", "error")
    assert scene.toasts.items[-1].why == ""
    scene.toast("Saved.", "ok")
    assert scene.toasts.items[-1].why == ""


@pytest.mark.parametrize("game", per_game.ids())
def test_no_row_of_any_page_is_wider_than_the_text_pane(app: App, game: str) -> None:
    _, shown = _open(app, game)
    width = shown.text_rect.width - 2 * 14 - 8
    for entry in list(shown.entries):
        shown.open(entry.id)
        frames(app)
        for row in shown.rows():
            size, style = (20, "bold") if row.kind == "head" else (16, "regular")
            style = "bold" if row.kind in ("term", "sub") else style
            room = width - KEY_COLUMN if row.kind == "key" else width
            assert text.measure(row.text, size, style) <= room, (entry.id, row.text)


def test_a_lessons_own_refusal_offers_no_why(app: App) -> None:
    """A lesson refuses what its step does not ask for in the step's words: an instruction,
    not a rule, even when it names one ("Lay the straight track…")."""
    scene = tutorial_at(app, "loose_caboose", 2)
    assert not scene.submit(next(a for a in scene.state.legal_actions()
                                 if a.to_str() == "pass"))
    # the lesson's own line shows on its card (issue 29), with no Why? toast
    assert scene.tutorial is not None and scene.tutorial.refusal
    assert scene.toasts.refusal() is None
    scene.toast("A new card must go right next to the front card.", "error")
    assert scene.toasts.refusal() is None


def test_a_list_longer_than_its_box_follows_the_selection(app: App) -> None:
    _, shown = _open(app)
    shown.list_rect.height = 4 * 30  # room for four entries
    for _ in range(6):
        key(app, pygame.K_DOWN)
    drawn = [i for kind, i in shown.hits.targets() if kind == "entry"]
    assert len(drawn) == 4 and shown.selected == drawn[-1] == shown.selected
    assert shown.list_top == shown.selected - 3

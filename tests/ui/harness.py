"""Driving the app headless in tests: synthetic mouse and keyboard, frames at 60 fps."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pygame

from nile.app import App
from nile.ui import text
from nile.ui.launcher import LauncherScene


def make_app() -> App:
    return App(home=LauncherScene)


def instant_app() -> App:
    """An app with animations off and bots moving at once: scene tests play whole games."""
    app = App(home=LauncherScene)
    app.apply_settings(app.settings.changed(animation_speed="off", bot_speed="instant"),
                       save=False)
    return app


def tick(app: App, events: list[pygame.event.Event], dt: float = 1 / 60) -> None:
    """One frame with `events` plus whatever pygame_gui posted to the queue."""
    app.tick(dt, pygame.event.get() + events)


def frames(app: App, count: int = 1, dt: float = 1 / 60) -> None:
    for _ in range(count):
        tick(app, [], dt)


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    """Move, press and release at `pos` (canvas coordinates), then run a frame."""
    pygame.mouse.set_pos(pos)
    tick(
        app,
        [
            pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
        ],
    )
    tick(app, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)])
    frames(app)  # deliver the events pygame_gui posted


def drag(app: App, start: tuple[int, int], end: tuple[int, int], steps: int = 8) -> None:
    """Press at `start`, move in steps to `end`, release there."""
    tick(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1)])
    for i in range(1, steps + 1):
        pos = (
            start[0] + (end[0] - start[0]) * i // steps,
            start[1] + (end[1] - start[1]) * i // steps,
        )
        pygame.mouse.set_pos(pos)
        tick(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))])
    tick(app, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1)])
    frames(app)


def key(app: App, code: int, mod: int = 0, unicode: str = "") -> None:
    tick(app, [pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=unicode, scancode=0)])
    tick(app, [pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode=unicode, scancode=0)])


def button_rect(scene: object, label: str) -> pygame.Rect:
    """The rect of the scene's pygame_gui button with this label."""
    for element in scene._actions:  # type: ignore[attr-defined]
        if getattr(element, "text", None) == label:
            return element.rect  # type: ignore[no-any-return]
    raise LookupError(f"no button {label!r}")


def press(app: App, scene: object, label: str) -> None:
    """Click the scene's button with this label."""
    click(app, button_rect(scene, label).center)


def press_done(app: App, scene: object) -> None:
    """The mover's "Done, pass to the next player", once their move has played out."""
    for _ in range(600):
        if getattr(scene, "handing_over", None) is None:
            return
        if getattr(getattr(scene, "handover", None), "_done_button", None) is not None:
            press(app, scene, "Done, pass to the next player")
        else:
            frames(app)


def hand_over(app: App, scene: object) -> None:
    """Play the shared-screen hand-over through: Done, then "I am …" on the cover (each
    only if the scene asks for it)."""
    press_done(app, scene)
    if getattr(scene, "covered_for", None) is not None:
        key(app, pygame.K_RETURN)
        frames(app)


@contextmanager
def drawn_words() -> Iterator[list[str]]:
    """Every string the UI renders while the block runs (text.render is the one way)."""
    seen: list[str] = []
    original = text.render

    def spy(words: str, *args, **kwargs):  # type: ignore[no-untyped-def]
        seen.append(words)
        return original(words, *args, **kwargs)

    text.render = spy  # type: ignore[assignment]
    try:
        yield seen
    finally:
        text.render = original  # type: ignore[assignment]


@contextmanager
def drawn_text_boxes() -> Iterator[list[tuple[str, pygame.Rect, pygame.Rect]]]:
    """Every line `text.draw` and every block `text.draw_wrapped` put down while the block
    runs: (the words, the box they cover, the surface's own rect they must stay inside)."""
    seen: list[tuple[str, pygame.Rect, pygame.Rect]] = []
    with _text_spy(lambda surface, words, box: seen.append((words, box, surface.get_rect()))):
        yield seen


@contextmanager
def drawn_places() -> Iterator[list[tuple[str, pygame.Rect, pygame.Rect | None]]]:
    """Every line `text.draw` and block `text.draw_wrapped` put down while the block runs,
    with the place it is drawn in: the smallest filled rectangle (a row, a bar, a badge, a
    panel) drawn before it on the same surface that holds the middle of its box; None
    where it lies on no such place (the bare table, a cached picture). Rectangles that
    cover half their surface or more are backgrounds, not places."""
    seen: list[tuple[str, pygame.Rect, pygame.Rect | None]] = []
    places: list[tuple[pygame.Surface, pygame.Rect]] = []
    draw_rect = pygame.draw.rect

    def spy_rect(surface, color, rect, width=0, *args, **kwargs):  # type: ignore[no-untyped-def]
        drawn = draw_rect(surface, color, rect, width, *args, **kwargs)
        area = pygame.Rect(rect)
        if width == 0 and area.width * area.height < 0.5 * surface.get_width() \
                * surface.get_height():
            places.append((surface, area))
        return drawn

    def note(surface: pygame.Surface, words: str, box: pygame.Rect) -> None:
        inside = [r for s, r in places if s is surface and r.collidepoint(box.center)]
        seen.append((words, box, min(inside, key=lambda r: r.width * r.height)
                     if inside else None))

    pygame.draw.rect = spy_rect  # type: ignore[assignment]
    try:
        with _text_spy(note):
            yield seen
    finally:
        pygame.draw.rect = draw_rect  # type: ignore[assignment]


@contextmanager
def _text_spy(note: Callable[[pygame.Surface, str, pygame.Rect], None]) -> Iterator[None]:
    """Calls `note(surface, words, box)` for every line and wrapped block drawn."""
    draw, draw_wrapped = text.draw, text.draw_wrapped

    def spy_draw(surface, words, *args, **kwargs):  # type: ignore[no-untyped-def]
        rect = draw(surface, words, *args, **kwargs)
        note(surface, words, rect)
        return rect

    def spy_wrapped(surface, words, rect, *args, **kwargs):  # type: ignore[no-untyped-def]
        height = draw_wrapped(surface, words, rect, *args, **kwargs)
        note(surface, words, pygame.Rect(rect.left, rect.top, rect.width, height))
        return height

    text.draw, text.draw_wrapped = spy_draw, spy_wrapped  # type: ignore[assignment]
    try:
        yield
    finally:
        text.draw, text.draw_wrapped = draw, draw_wrapped  # type: ignore[assignment]


WATCH_SECONDS: list[tuple[str, int, float]] = []
"""(game, step number, seconds) of every watch step `watch_step` played, for a report."""


def watch_step(app: App, scene: object, limit: float = 240.0, dt: float = 1 / 60) -> float:
    """A lesson's watch step as a learner sees it: frames until its moves have played and
    the card offers Next, then Next (the card waits for it). Returns the seconds it took."""
    layer = scene.tutorial  # type: ignore[attr-defined]
    before, waited = layer.progress.step, 0.0
    while not layer.waiting and waited < limit:
        frames(app, 1, dt)
        waited += dt
    assert layer.waiting, f"step {before + 1} never offered Next"
    frames(app, 30, dt)  # still there half a second later: it waits for the learner
    assert layer.progress.step == before and layer.waiting
    WATCH_SECONDS.append((scene.match.info.id, before + 1, round(waited, 2)))  # type: ignore[attr-defined]
    press(app, scene, "Next")
    assert layer.progress.step == before + 1
    return waited


def finish_lesson(app: App, scene: object) -> object:
    """The end of a lesson that played to the final scoring: its last card stays on top
    (the results wait for its Results button), then *Play a real game now* opens the setup
    with the lesson's seats filled in, and Start begins that game. Returns its scene."""
    from nile.ui.chrome.results import ResultsScene
    from nile.ui.setup_scene import SetupScene

    frames(app, 5)
    assert app.top is scene, "the results must not cover the lesson's last card"
    layer = scene.tutorial  # type: ignore[attr-defined]
    assert [getattr(b, "text", "") for b in layer._buttons] == [
        "Play a real game now", "Results", "Launcher"]
    click(app, next(b for b in layer._buttons if b.text == "Results").rect.center)
    assert isinstance(app.top, ResultsScene)
    press(app, app.top, "See the table")
    assert app.top is scene
    seats = scene.match.seats  # type: ignore[attr-defined]
    press(app, scene, "Play a real game now")
    setup = app.top
    assert isinstance(setup, SetupScene)
    assert [(r.name, r.kind) for r in setup.rows[:len(seats)]] == [
        (s.name, "Human" if i == 0 else "Bot (normal)") for i, s in enumerate(seats)]
    press(app, setup, "Start")
    assert app.top is not setup
    return app.top

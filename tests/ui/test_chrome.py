"""The shared chrome on the toy game: cover between humans, undo, autosave, results, replay."""

from __future__ import annotations

import dataclasses
import json

import pygame
import pytest

from nile.core import registry
from nile.core.replay import Replay
from nile.core.session import Match, SeatConfig
from nile.ui.chrome.results import ResultsScene
from tests.core.toy_game import TOY_INFO, UNKNOWN, Confirm
from tests.ui.harness import (
    button_rect,
    click,
    drawn_words,
    frames,
    hand_over,
    instant_app,
    key,
    press,
)
from tests.ui.toy_scene import ToyScene

INFO = dataclasses.replace(TOY_INFO, scene="tests.ui.toy_scene:ToyScene")
registry.register(INFO)


@pytest.fixture
def app():  # type: ignore[no-untyped-def]
    return instant_app()


def two_humans(app, seated: bool = True) -> ToyScene:  # type: ignore[no-untyped-def]
    """Ann and Bo at one screen; `seated`: Ann has already said she is at the screen."""
    match = Match.new(INFO, (SeatConfig("Ann"), SeatConfig("Bo")), seed=3)
    scene = ToyScene(app, match)
    app.push(scene)
    frames(app)
    if seated:
        hand_over(app, scene)
    return scene


def test_the_first_hand_waits_behind_the_cover(app) -> None:  # type: ignore[no-untyped-def]
    scene = two_humans(app, seated=False)
    assert scene.covered_for == 0 and scene.viewer is None
    assert not hasattr(scene, "drawn_hands")  # the table was never drawn
    key(app, pygame.K_RETURN)
    frames(app)
    assert scene.viewer == 0
    assert all(card == UNKNOWN for card in scene.drawn_hands[1])


def test_cover_goes_up_between_humans_and_hides_the_table(app) -> None:  # type: ignore[no-untyped-def]
    scene = two_humans(app)
    scene.submit(scene.state.legal_actions()[0])
    scene.submit(Confirm())
    # Ann sees her move first; the cover waits for her Done
    assert scene.handing_over == 0 and scene.covered_for is None and scene.viewer == 0
    frames(app, 2)
    press(app, scene, "Done, pass to the next player")
    assert scene.covered_for == 1
    scene.drawn_hands = []
    frames(app, 3)
    assert scene.drawn_hands == []  # nothing of the table is drawn under the cover
    visible = [e.text for e in scene._actions if e.visible]  # type: ignore[attr-defined]
    assert visible == ["Menu"]  # and nothing but the menu looks clickable
    key(app, pygame.K_RETURN)
    frames(app)
    assert scene.viewer == 1 and scene.covered_for is None
    assert all(card == UNKNOWN for card in scene.drawn_hands[0])


def test_illegal_action_shows_reason(app) -> None:  # type: ignore[no-untyped-def]
    scene = two_humans(app)
    assert not scene.submit(Confirm())
    assert any("not allowed" in t.message for t in scene.toasts.items)


def test_undo_and_autosave(app) -> None:  # type: ignore[no-untyped-def]
    scene = two_humans(app)
    pick = scene.state.legal_actions()[0]
    scene.submit(pick)
    assert scene.autosaver is not None
    scene.autosaver.flush()
    saved = json.loads(scene.autosaver.path.read_text())
    assert saved["actions"][-1] == pick.to_str() and saved["finished"] is False
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    assert scene.state.legal_actions()[0] == pick and len(scene.match.actions) == 1


@pytest.mark.slow
def test_bots_play_to_the_end_and_results_show(app) -> None:  # type: ignore[no-untyped-def]
    match = Match.new(
        INFO, (SeatConfig("Ann", "bot", "easy"), SeatConfig("Bo", "bot", "easy")), seed=4
    )
    scene = ToyScene(app, match)
    app.push(scene)
    frames(app, 200)
    assert match.state.is_terminal
    assert isinstance(app.top, ResultsScene)
    press(app, app.top, "Replay")
    replay_scene = app.top
    assert isinstance(replay_scene, ToyScene) and replay_scene.replay is not None
    key(app, pygame.K_END)
    assert replay_scene.state == match.state
    key(app, pygame.K_HOME)  # the set-up, dealt (the toy rolls a die first)
    assert replay_scene.replay.position == replay_scene.replay.setup


def test_replay_scene_steps(app) -> None:  # type: ignore[no-untyped-def]
    match = Match.new(INFO, (SeatConfig("Ann"), SeatConfig("Bo")), seed=2)
    match.play(match.state.legal_actions()[0])
    match.resolve_chance()
    replay = Replay(INFO, match.seats, match.seed, match.options, list(match.actions))
    scene = ToyScene(app, match, replay=replay)
    app.push(scene)
    key(app, pygame.K_RIGHT)
    assert replay.position == replay.stops[1] and replay.moves_before(replay.position) == 1
    click(app, (10, 10))


def test_a_buttons_hint_wraps_at_the_tables_tooltip_width(app) -> None:  # type: ignore[no-untyped-def]
    """pygame_gui wraps tooltips at 170 px by default; ours wrap at the tables' width, so
    'Move the caboose one card and take a penalty (P)' takes two lines, not three over the log."""
    import pygame_gui

    from nile.ui import theme

    scene = two_humans(app)
    hint = "Move the caboose one card and take a penalty (P)"

    def shown(button: pygame_gui.elements.UIButton) -> pygame.Rect:
        button.hover_time = theme.TOOLTIP_DELAY + 1
        button.while_hovering(1 / 60, pygame.math.Vector2(button.rect.center))
        assert button.tool_tip is not None
        return pygame.Rect(button.tool_tip.rect)

    ours = shown(scene.button(pygame.Rect(600, 400, 120, 40), "Pass", lambda: None,
                              tooltip=hint))
    default = shown(pygame_gui.elements.UIButton(pygame.Rect(600, 400, 120, 40), "Pass",
                                                 manager=scene.gui, tool_tip_text=hint))
    assert ours.width <= theme.TOOLTIP_WIDTH < default.width * 2
    assert ours.height < default.height     # two lines where the default needs three
    short = shown(scene.button(pygame.Rect(600, 500, 120, 40), "Bid", lambda: None,
                               tooltip="Write this bid down (Enter)"))
    assert short.height < ours.height and short.width < theme.TOOLTIP_WIDTH * 3 // 4


def test_a_long_bottom_bar_prompt_is_set_on_two_lines_not_cut_mid_word() -> None:
    """A prompt too long for one readable line (a build's running total naming long
    places) is drawn whole on two lines; a short one stays on one line at full size."""
    from nile.ui.chrome.action_bar import draw_prompt

    instant_app()
    surface = pygame.Surface((900, 58))
    area = pygame.Rect(16, 0, 700, 58)
    long_prompt = ("Build track: click a city or your track, then where to go; or a "
                   "highlighted hex (2 tiles left, $3). So far 2 tiles for $3, completing "
                   "Al Fayyum – the pyramid next to Al Fayyum.")
    with drawn_words() as drawn:
        draw_prompt(surface, long_prompt, area)
        assert len(drawn) == 2 and " ".join(drawn) == long_prompt
        assert not any(line.endswith("…") for line in drawn)
        drawn.clear()
        draw_prompt(surface, "Waiting for Amun…", area)
        assert drawn == ["Waiting for Amun…"]


def test_a_bar_button_shown_again_keeps_its_element_with_its_new_action(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """Issue 33 item 6: building a pygame_gui button draws each of its states (a millisecond
    or more), and every move gave the bar new actions, so every move built every button
    anew. A button that looks the same (label, highlight, enabled) keeps one element: the
    new action and tooltip are the ones it runs and shows, one gone is hidden and no
    control (neither pressed, focused nor found), and few are kept aside. A bar replaced
    before it was drawn builds none of its buttons."""
    from nile.ui.chrome import action_bar
    from nile.ui.kit.button import BarButton

    scene = two_humans(app)
    bar = scene.action_bar
    pressed: list[str] = []

    def offer(*labels: str, tag: str = "") -> None:
        scene.set_action_bar("Choose", [
            BarButton(label.lower(), label, lambda label=label: pressed.append(label + tag),
                      tooltip=f"{label}{tag}", accent=i == 0)
            for i, label in enumerate(labels)])

    def element(key_name: str) -> object:
        return bar.context[key_name][1]

    offer("Build", "Skip")
    build, skip = element("build"), element("skip")
    offer("Build", "Skip", tag=" again")        # the next move: the same buttons
    assert element("build") is build and element("skip") is skip
    assert build.tool_tip_text == "Build again"  # type: ignore[attr-defined]
    scene._actions[build]()  # type: ignore[index]
    assert pressed == ["Build again"]
    offer("Order")                                # another phase: both put aside
    assert not build.visible and build not in scene._actions  # type: ignore[attr-defined]
    assert all(rect != build.rect for rect, _ in scene.focusables())  # type: ignore[attr-defined]
    offer("Skip", "Build")                        # the highlight moved: they look different
    assert element("skip") is not skip and element("build") is not build
    offer("Build", "Skip")                        # as before: the hidden ones come back
    assert element("build") is build and element("skip") is skip
    frames(app)                                   # shown with the bar
    assert build.visible and build.rect.collidepoint(button_rect(scene, "Build").center)  # type: ignore[attr-defined]
    assert scene._actions[build] is bar.context["build"][0].action  # type: ignore[index]
    built: list[str] = []
    real_button = scene.button
    monkeypatch.setattr(scene, "button", lambda rect, label, *rest: (
        built.append(label), real_button(rect, label, *rest))[1])
    offer("Pass", "Bid")                          # a bar set again before it is drawn
    offer("Cancel")                               # (a move played the frame the table rested)
    frames(app)
    assert built == ["Cancel"]
    for n in range(2 * action_bar.SPARE):        # many labels come and go: few kept hidden
        offer(f"Label {n}")
    assert len(bar._spare) <= action_bar.SPARE
    alive = [e for e in scene.gui.get_sprite_group().sprites()
             if getattr(e, "text", "").startswith("Label")]
    assert len(alive) <= action_bar.SPARE + 1


def test_esc_closes_a_replay_and_f1_says_so(app) -> None:  # type: ignore[no-untyped-def]
    match = Match.new(INFO, (SeatConfig("Ann"), SeatConfig("Bo")), seed=2)
    replay = Replay(INFO, match.seats, match.seed, match.options, list(match.actions))
    below = app.top
    scene = ToyScene(app, match, replay=replay)
    app.push(scene)
    escapes = [b.does for b in scene.table_layer.key_bindings() if b.keys == "escape"]
    assert escapes == ["close the replay (the menu is on the top bar)"]
    key(app, pygame.K_ESCAPE)
    assert app.top is below

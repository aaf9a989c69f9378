"""Hot-seat privacy in every game with hidden information (issue 12, item 6).

Seats Human, Bot, Human and Human, Human (bots added when a game needs more players).
Whenever the person at the screen may change, only public facts are drawn: at the
start, during every bot's turn, between two humans. A human's own view is drawn only
after they said "I am …" on the cover, and it stays while their move plays out until
they press Done. Under the cover nothing of the table is drawn and only Menu shows.
"""

from __future__ import annotations

import random
from typing import Any

import pygame
import pytest

from nile.core import registry
from nile.core.game import GameInfo, GameState
from nile.core.session import Match, SeatConfig
from nile.ui.chrome.game_scene import GameScene, has_hidden_information
from nile.ui.games import scene_for
from tests.ui.harness import frames, instant_app, key, press, tick


def hidden_variants() -> list[tuple[GameInfo, dict[str, str]]]:
    """Each game with a scene and, under some option, hidden information."""
    found = []
    for info in registry.all_games():
        if info.scene is None:
            continue
        tries = [{}] + [{o.key: c} for o in info.options for c in o.choices]
        for options in tries:
            match = Match.new(info, seats_for(info, options, ("human", "human")), 1, options)
            if has_hidden_information(match):
                found.append((info, options))
                break
    return found


def seats_for(info: GameInfo, options: dict[str, str], kinds: tuple[str, ...]) -> list[SeatConfig]:
    low, _ = info.player_range(info.resolve_options(options))
    kinds = kinds + ("bot",) * max(0, low - len(kinds))
    names = ("Ann", "Bot", "Cy", "Di", "Ed")
    return [SeatConfig(names[i], kind, "easy", i) for i, kind in enumerate(kinds)]


VARIANTS = hidden_variants()
SEATINGS = {"human-bot-human": ("human", "bot", "human"), "human-human": ("human", "human")}


def visible_controls(scene: GameScene) -> list[str]:
    return [e.text for e in scene._actions if e.visible]  # type: ignore[attr-defined]


def test_every_game_with_hidden_information_is_covered() -> None:
    ids = {info.id for info, _ in VARIANTS}
    assert {"loose_caboose", "cleopatra", "kap_kairo", "age_of_steam"} <= ids


@pytest.mark.parametrize("seating", list(SEATINGS), ids=list(SEATINGS))
@pytest.mark.parametrize(
    ("info", "options"), VARIANTS, ids=[f"{i.id}-{'-'.join(o.values()) or 'default'}"
                                        for i, o in VARIANTS]
)
def test_only_public_facts_while_the_screen_may_change_hands(
    info: GameInfo, options: dict[str, str], seating: str
) -> None:
    app = instant_app()
    seats = seats_for(info, options, SEATINGS[seating])
    humans = {i for i, s in enumerate(seats) if s.is_human}
    match = Match.new(info, seats, 11, options)
    scene = scene_for(info)(app, match)
    drawn: list[dict[str, Any]] = []
    real_draw = scene.draw_table

    def spy(surface: pygame.Surface, view: GameState) -> None:
        """Record whose view each frame draws, and whether it is the public one."""
        public = view.viewer is None and (
            view.to_dict() == match.state.observation(None).to_dict()
        )
        drawn.append({"viewer": view.viewer, "public": public, "to_act": match.state.current_player,
                      "scene_viewer": scene.viewer,
                      "handing_over": getattr(scene, "handing_over", None),
                      "terminal": match.state.is_terminal})
        real_draw(surface, view)

    scene.draw_table = spy  # type: ignore[method-assign]
    app.push(scene)
    frames(app, 2)
    assert drawn == [] or all(d["public"] for d in drawn)  # nothing private before "I am …"
    rng = random.Random(3)
    covers = dones = bot_frames = 0
    seen_as: set[int] = set()
    for _ in range(4000):
        if match.state.is_terminal or (len(seen_as) == len(humans) and covers >= 2
                                       and (bot_frames or len(seats) == 2) and dones >= 2):
            break
        if scene.covered_for is not None:
            covers += 1
            mark = len(drawn)
            frames(app, 2)
            assert len(drawn) == mark, "the table is drawn under the cover"
            assert visible_controls(scene) == ["Menu"]
            key(app, pygame.K_RETURN)
            frames(app)
            continue
        if getattr(scene, "handing_over", None) is not None:
            if scene.handover._done_button is not None:
                dones += 1
                press(app, scene, "Done, pass to the next player")
            else:
                frames(app)
            continue
        if scene.accepting_input:
            seen_as.add(match.state.current_player)  # type: ignore[arg-type]
            assert scene.submit(rng.choice(match.state.legal_actions()))
            frames(app)
            continue
        seat = match.state.current_player
        if seat is not None and seat >= 0 and not seats[seat].is_human:
            bot_frames += 1
        frames(app)
    assert seen_as == humans and covers >= 2 and dones >= 1
    if "bot" in SEATINGS[seating]:
        assert bot_frames > 0
    for frame in drawn:
        if frame["terminal"]:
            continue
        own = frame["viewer"] is not None
        if not own:
            assert frame["public"], frame
        elif frame["handing_over"] is not None:
            # the mover watching their own move play out, before Done
            assert frame["viewer"] == frame["handing_over"], frame
        else:
            # a human's own view only on their own turn, after the cover
            assert frame["viewer"] == frame["to_act"] == frame["scene_viewer"], frame
            assert seats[frame["viewer"]].is_human, frame
    bot_turn_frames = [d for d in drawn if d["handing_over"] is None and not d["terminal"]
                       and d["to_act"] is not None and d["to_act"] >= 0
                       and not seats[d["to_act"]].is_human]
    assert all(d["public"] for d in bot_turn_frames)
    if "bot" in SEATINGS[seating]:
        assert bot_turn_frames


def test_the_cover_opens_when_the_button_is_let_go_not_when_it_goes_down() -> None:
    """The press that uncovers a hand must not also reach the table: the button goes down
    on the cover and only its release shows the view (the kit's Button, `on_release`)."""
    info = registry.get("loose_caboose")
    app = instant_app()
    match = Match.new(info, seats_for(info, {}, ("human", "human")), 11, {})
    scene = scene_for(info)(app, match)
    app.push(scene)
    frames(app, 2)
    assert scene.covered_for is not None
    at = scene.handover._cover_button().rect.center
    pygame.mouse.set_pos(at)
    tick(app, [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1)])
    assert scene.covered_for is not None, "the cover opened on the press"
    tick(app, [pygame.event.Event(pygame.MOUSEBUTTONUP, pos=at, button=1)])
    assert scene.covered_for is None and scene.viewer == match.state.current_player

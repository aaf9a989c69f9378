"""One key grammar at every table (issue 29, item 4): Enter presses the bar's highlighted
button in every phase, and H makes the hinted choice the highlighted one, so H then Enter
plays exactly the move the hint named."""

from __future__ import annotations

import pygame
import pytest

from nile.ai.bots import advise
from nile.core import registry
from nile.core.game import GameInfo
from nile.core.intent import BarChoice, Offer
from nile.core.session import Match, SeatConfig
from nile.games.cairo import GAME_INFO as CAIRO
from nile.games.cairo.builder import Builder
from nile.games.cairo.intent import CairoIntent
from nile.games.cairo.rules import actions as A
from nile.games.cairo.rules.phases import Phase
from nile.games.cairo.rules.state import CairoState
from nile.games.cairo.shots import match_of
from nile.ui.chrome.game_scene import GameScene
from nile.ui.chrome.picker import Picker, PickerCalls
from nile.ui.kit.button import BarButton
from tests import per_game
from tests.ui.harness import frames, instant_app, key

TURNS = 6
"""Own turns each game is played by H and Enter alone."""


def open_match(app, match: Match) -> GameScene:  # type: ignore[no-untyped-def]
    scene = per_game.named(match.info.id, "scene")(app, match)
    app.push(scene)
    frames(app, 2)
    return scene  # type: ignore[no-any-return]


def wait_for_turn(app, scene: GameScene) -> bool:  # type: ignore[no-untyped-def]
    """Frames until the human at seat 0 may act (bounded); False once the game is over."""
    for _ in range(600):
        if scene.match.state.is_terminal:
            return False
        if scene.accepting_input and scene.match.state.current_player == 0:
            return True
        frames(app)
    raise AssertionError("seat 0 never got a turn")


def person_against_bots(info: GameInfo) -> Match:
    """The game's smallest table (two at least): a person in seat 0, normal bots after."""
    players = max(info.player_range(info.resolve_options({}))[0], 2)
    seats = tuple(SeatConfig(f"P{i}", "human" if i == 0 else "bot", "normal", i)
                  for i in range(players))
    return Match.new(info, seats, seed=3)


@pytest.mark.parametrize("game", per_game.ids())
def test_h_then_enter_plays_the_hinted_move(game: str) -> None:
    """Every game's bar is its Picker's: H then Enter plays the hint, every turn (Age of
    Steam too, since its controls became its intent). The move expected is the one H
    named: asking the bot again here would not do, for Cairo's planner stops at the app's
    time cap, in wall-clock time, so on a busy machine two askings can end at different
    points of the search and name different flicks (this failed for Cairo under load)."""
    app = instant_app()
    info = registry.get(game)
    scene = open_match(app, person_against_bots(info))
    if not isinstance(getattr(scene, "picker", None), Picker):
        pytest.skip(f"{game} has no Picker: its bar is its own")
    played = 0
    while played < TURNS and wait_for_turn(app, scene):
        match = scene.match
        before = len(match.actions)
        key(app, pygame.K_h)
        named = scene.picker.hinted_move()  # type: ignore[attr-defined]
        assert named is not None, f"{game}: H named no move"
        expected = named.to_str()
        key(app, pygame.K_RETURN)
        assert len(match.actions) > before, f"{game}: Enter after H played nothing"
        assert match.actions[before] == expected, f"{game}: {match.actions[before]} " \
            f"is not the hinted {expected}"
        played += 1
    assert played >= 2


def hint_toasts(scene: GameScene) -> list[str]:
    return [t.message for t in scene.toasts.items if t.message.startswith("Hint:")]


@pytest.mark.parametrize("game", per_game.ids())
def test_the_hint_goes_when_its_move_is_played(game: str) -> None:
    """Play-test: "roll 4 dice now" still covered the board while Bo thought (Cleopatra's
    too). A hint speaks of one moment: it goes once the move is played and the turn passes."""
    app = instant_app()
    info = registry.get(game)
    scene = open_match(app, person_against_bots(info))
    if not isinstance(getattr(scene, "picker", None), Picker):
        pytest.skip(f"{game} has no Picker: H then Enter is not its way to play the hint")
    assert wait_for_turn(app, scene)
    before = len(scene.match.actions)
    key(app, pygame.K_h)
    assert hint_toasts(scene), f"{game}: H showed no hint"
    key(app, pygame.K_RETURN)
    assert len(scene.match.actions) > before
    assert not hint_toasts(scene), f"{game}: the hint outlived its move"


def test_a_toast_that_is_not_a_hint_stays_its_time_after_a_move() -> None:
    """Only hints go with their moment: a refusal or a note stays its seconds."""
    app = instant_app()
    seats = (SeatConfig("P0", "human", color=0), SeatConfig("P1", "bot", "normal", 1))
    scene = open_match(app, Match.new(registry.get("loose_caboose"), seats, seed=3))
    assert wait_for_turn(app, scene)
    scene.toast("A note")
    key(app, pygame.K_h)
    key(app, pygame.K_RETURN)
    assert [t.message for t in scene.toasts.items if t.message == "A note"]
    assert not hint_toasts(scene)


# Cairo, phase by phase ------------------------------------------------------------------

def cairo_scene(app, state: CairoState) -> GameScene:  # type: ignore[no-untyped-def]
    return open_match(app, match_of(state, state.num_players, 1))


@pytest.mark.parametrize("phase", [Phase.CHOOSE, Phase.PENALTY])
def test_cairo_enter_presses_the_highlighted_choice(phase: Phase) -> None:
    """In Cairo Enter did nothing at "What will you flick?": now it takes the highlighted
    button there and at the knock-over penalty."""
    app = instant_app()
    state = Builder(2).ship(0, "U4").ship(1, "D2").to_move(0, phase, die=2).build()
    scene = cairo_scene(app, state)
    prompt, choices = CairoIntent(lambda: 1).bar(state)
    accent = [c for c in choices if c.accent]
    assert len(accent) == 1, prompt
    key(app, pygame.K_RETURN)
    assert accent[0].action is not None
    assert scene.match.actions[0] == accent[0].action.to_str()


def test_every_cairo_choice_with_buttons_highlights_one() -> None:
    """Enter has a button to press in each phase whose bar has buttons (the choice of what
    to flick highlights another kind when the small blocks have run out)."""
    smalls = Builder(2).build().supply(0, "small")
    state = (Builder(2).ship(0, "U4").ship(1, "D2").box(*smalls)
             .to_move(0, Phase.CHOOSE, die=2).build())
    _, choices = CairoIntent(lambda: 1).bar(state)
    assert choices and [c.action for c in choices if c.accent] == [A.Choose("large")]


def test_cairo_hint_at_the_pyramid_offer_becomes_the_highlighted_button() -> None:
    """Cairo's pyramid hint said "No pyramid" while "3 stones" stayed highlighted: after H
    the hinted button is the only highlighted one, and Enter takes it."""
    app = instant_app()
    builder = Builder(2).ship(0, "U4").ship(1, "D2")
    for block, (dx, dy) in {"0s00": (-12, -8), "1s00": (2, -10), "0s01": (14, 4),
                            "1s01": (-6, 8)}.items():
        builder.on_site(block, "zawyet", dx, dy)
    state = builder.to_move(0, Phase.OFFER, die=2, chosen="small", flicks_left=2,
                            offer_site="zawyet", last_block="0s01").build()
    scene = cairo_scene(app, state)
    expected = advise(CAIRO, scene.match.state, seed=scene.match.seed + scene.match.ply)
    key(app, pygame.K_h)
    lit = [spec for spec, _ in scene.action_bar.context.values() if spec.accent]
    assert len(lit) == 1 and lit[0].hinted
    key(app, pygame.K_RETURN)
    assert scene.match.actions[0] == expected.action.to_str()


# The Picker's rule, without a table ------------------------------------------------------

class _Bar:
    """A fixed offer: "No pyramid" and "3 stones", the second highlighted."""

    def __init__(self) -> None:
        self.choices = (BarChoice("no", "No pyramid", A.NO_PYRAMID),
                        BarChoice("size-3", "3 stones", A.BuildPyramid(3), accent=True))

    def targets(self, view: object, action: object) -> tuple[()]:
        return ()

    def offer(self, view: object, seat: int, picked: tuple[object, ...]) -> Offer:
        return Offer(picked, (), "Build a pyramid?", self.choices)

    def meant(self, view: object, seat: int, picked: object, target: object) -> None:
        return None


def _picker(view: object) -> tuple[Picker, list[list[BarButton]]]:
    shown: list[list[BarButton]] = []
    calls = PickerCalls(view=lambda: view, seat=lambda: 0,  # type: ignore[arg-type,return-value]
                        submit=lambda action: True,
                        set_bar=lambda prompt, buttons: shown.append(list(buttons)))
    picker = Picker(_Bar(), calls)  # type: ignore[arg-type]
    picker.refresh()
    return picker, shown


def test_a_hint_moves_the_highlight_to_its_own_button() -> None:
    """The pyramid hint said "No pyramid" while "3 stones" stayed highlighted: the hinted
    button becomes the only highlighted one (and is marked as the hint's, for Enter)."""
    picker, shown = _picker(view=object())
    assert [b.key for b in shown[-1] if b.accent] == ["size-3"]
    picker.hint(A.NO_PYRAMID, "build no pyramid")
    assert [(b.key, b.hinted) for b in shown[-1] if b.accent] == [("no", True)]


def test_a_hint_no_button_offers_gets_a_button_and_goes_with_the_view() -> None:
    """A hinted move the bar has no button for (a block to take back, a card to take) gets
    a "Hinted move" button, highlighted; once the view changes the hint is gone."""
    view = object()
    picker, shown = _picker(view)
    picker.hint(A.Retrieve("0s00"), "take back the small block at Giza")
    hinted = [b for b in shown[-1] if b.accent]
    assert [b.label for b in hinted] == ["Hinted move"] and hinted[0].hinted
    assert hinted[0].tooltip == "Hint: take back the small block at Giza (Enter)"
    picker.calls = PickerCalls(view=lambda: object(), seat=picker.calls.seat,  # type: ignore[arg-type,return-value]
                               submit=picker.calls.submit, set_bar=picker.calls.set_bar)
    picker.refresh()
    assert [b.key for b in shown[-1] if b.accent] == ["size-3"]

"""Every text drawn while the screen may change hands is written for the public (issue 27, 2).

Seats Human, Bot, Human share one screen in every game with hidden information. Whenever
the person at the screen may change (a bot's turn, the pass-the-screen cover, before
anyone has said "I am …"), whoever sits there may read only what every seat may know.
The test records every string the scene draws (the text module is the one way to put
words on the screen: the log, the panels, toasts, the bottom and top bars) and checks
it against the events' own words: a line that some seat is told and another is not
(a drawn card, a secret bid, the colour of a kept good) must never be drawn then.

And the reverse: a human looking at their own view reads their own secrets, described
for them ("Ann moves black (kept) …" for the one who keeps it).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from typing import Any

import pygame
import pytest

from nile.ai.bots import choose, make_bot
from nile.core import registry
from nile.core.game import GameInfo
from nile.core.session import Match
from nile.core.text import fill_names
from nile.ui import text
from nile.ui.anim import Tween
from nile.ui.chrome.game_scene import GameScene
from nile.ui.games import scene_for
from tests.ui.harness import frames, instant_app, key, make_app, press
from tests.ui.test_hot_seat_privacy import VARIANTS, seats_for

SHIPPED = [(info, options) for info, options in VARIANTS
           if str(info.scene).startswith("nile.games.")]
"""Nile's games with hidden information (not the toy games other tests register)."""
KINDS = ("human", "bot", "human")
HUMANS = (0, 2)
KEPT_COLOUR = re.compile(r"(red|black)\(kept\)")
"""CCCP: a kept good named by its colour (AS-4: only its keeper may read it)."""


def squeeze(words: str) -> str:
    """Words without their spaces: a log line wrapped over rows still reads as one."""
    return "".join(words.split())


def secrets(match: Match) -> dict[int, set[str]]:
    """Each seat's secret lines so far: what an event tells that seat and not the rest.

    The test never asks `describe(None)`, the very rule under test, what the public is:
    an event's public line is what it tells an onlooker who holds no seat (a seat number
    past the last), as it tells the seats it does not concern ("Cy gets a City card.");
    any other line is a secret ("Cy gets Fruit.", "Ann moves black (kept) …")."""
    found: dict[int, set[str]] = {s: set() for s in range(len(match.seats))}
    onlooker = len(match.seats)
    for entry in match.log:
        for event in entry.events:
            public = event.describe(onlooker)
            for seat in found:
                line = event.describe(seat)
                if line and line != public:
                    found[seat].add(squeeze(fill_names(line, match.names)))
    return found


@dataclass
class Screen:
    """Whose screen it is, judged from the game and the players' presses, never from the
    scene's viewer: a human's from their "I am …" on the cover, on their turn and while
    their move plays out; everybody's ("public") at any other time."""

    scene: GameScene
    match: Match
    seated: int | None = None

    def whose(self) -> int | str:
        state, scene = self.match.state, self.scene
        if state.is_terminal:
            return "over"
        seat = self.seated
        if scene.covered_for is None and seat is not None and (
                scene.handing_over == seat or state.current_player == seat):
            return seat
        self.seated = None  # the screen may have changed hands since
        return "public"


@dataclass
class Spy:
    """Every string the scene draws, frame by frame, with whose screen it was then: the
    text module (`render`, `wrap`, `fit`) is hooked while the scene draws."""

    screen: Screen
    drawing: bool = False
    now: list[str] = field(default_factory=list)
    drawn: list[tuple[int | str, str]] = field(default_factory=list)
    """(whose screen, all its words squeezed) for each frame drawn."""

    def hook(self, monkeypatch: pytest.MonkeyPatch) -> None:
        for name in ("render", "wrap", "fit"):
            monkeypatch.setattr(text, name, self._recording(getattr(text, name)))
        real_draw = self.screen.scene.draw

        def draw(surface: pygame.Surface) -> None:
            self.drawing, self.now = True, []
            try:
                real_draw(surface)
            finally:
                self.drawing = False
            self.drawn.append((self.screen.whose(), squeeze(" ".join(self.now))))

        monkeypatch.setattr(self.screen.scene, "draw", draw)

    def _recording(self, real: Any) -> Any:
        def spy(words: str, *args: Any, **kwargs: Any) -> Any:
            if self.drawing:
                self.now.append(str(words))
            return real(words, *args, **kwargs)

        return spy


def warm_up(match: Match) -> None:
    """The easy bot plays every seat until each human holds a secret and a bot is to
    move: the scene then opens on a log full of things only one seat may read."""
    match.resolve_chance()
    for _ in range(3000):
        state = match.state
        seat = state.current_player
        assert seat is not None, "the game ended before every human had a secret"
        told = secrets(match)
        if all(told[h] for h in HUMANS) and seat >= 0 and seat not in HUMANS:
            return
        bot = make_bot(match.info, "easy", seat, match.ply)
        match.play(choose(bot, state.observation(seat)))
        match.resolve_chance()
    raise AssertionError("no secret for every human in 3000 moves")


def step(app: Any, screen: Screen, rng: random.Random) -> None:
    """One step of the shared screen as its players use it: say "I am …" on the cover,
    press Done after a move, move (as the easy bot would) on their own turn, else wait."""
    scene, match = screen.scene, screen.match
    if scene.covered_for is not None:
        frames(app)  # the cover itself
        screen.seated = scene.covered_for
        key(app, pygame.K_RETURN)
    elif scene.handing_over is not None and scene.handover._done_button is not None:
        press(app, scene, "Done, pass to the next player")
    elif scene.accepting_input:
        seat = match.state.current_player
        bot = make_bot(match.info, "easy", seat, rng.randrange(1000))  # type: ignore[arg-type]
        assert scene.submit(choose(bot, match.state.observation(seat)))
    frames(app)


@pytest.mark.parametrize("animation", ["off", "fast"])
@pytest.mark.parametrize(
    ("info", "options"), VARIANTS, ids=[f"{i.id}-{'-'.join(o.values()) or 'default'}"
                                        for i, o in VARIANTS]
)
def test_what_the_shared_screen_draws_is_for_everyone(
    info: GameInfo, options: dict[str, str], animation: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With animations, too: the log holds new lines back and toasts come later while a
    move plays out, and the screen may pass on meanwhile."""
    if (info, options) not in SHIPPED:
        pytest.skip(f"{info.id} has no secret in its log to check")
    app = instant_app()
    app.apply_settings(app.settings.changed(animation_speed=animation), save=False)
    match = Match.new(info, seats_for(info, options, KINDS), 11, options)
    warm_up(match)
    scene = scene_for(info)(app, match)
    if not scene.log_open:
        scene.commands.log()  # CCCP leaves the log to the map at first: L shows it
    screen = Screen(scene, match)
    spy = Spy(screen)
    spy.hook(monkeypatch)
    app.push(scene)
    rng = random.Random(5)
    public = bot_turns = covers = 0
    own_secrets_read = {h: 0 for h in HUMANS}
    for _ in range(1500):
        if match.state.is_terminal or (
                bot_turns and covers >= 2 and all(own_secrets_read.values())):
            break
        spy.drawn.clear()
        step(app, screen, rng)
        told = secrets(match)
        to_act = match.state.current_player
        bot_turns += to_act is not None and to_act >= 0 and to_act not in HUMANS
        covers += scene.covered_for is not None
        for whose, drawn in spy.drawn:
            if whose == "public":
                public += 1
                for owner, lines in told.items():
                    leaked = [line for line in lines if line in drawn]
                    assert not leaked, f"{match.names[owner]}'s secret drawn for all: {leaked}"
                if options.get("map") == "cccp":
                    assert not KEPT_COLOUR.search(drawn), drawn
            elif isinstance(whose, int):
                own_secrets_read[whose] += sum(1 for line in told[whose] if line in drawn)
                theirs = {line for s, lines in told.items() if s != whose for line in lines}
                leaked = [line for line in theirs - told[whose] if line in drawn]
                assert not leaked, f"drawn for {match.names[whose]}: {leaked}"
    assert public and bot_turns and covers >= 2
    # the reverse: each human, in their own view, reads their secrets described for them
    assert all(own_secrets_read.values()), own_secrets_read


def seated_human_after_a_move(app: Any) -> tuple[GameScene, Match]:
    """Loose Caboose, two humans at one screen: the first said "I am …", moved, and
    watches the move (their own view, whose log names the cards they were dealt)."""
    info = registry.get("loose_caboose")
    match = Match.new(info, seats_for(info, {}, ("human", "human")), 11, {})
    scene = scene_for(info)(app, match)
    app.push(scene)
    frames(app)
    key(app, pygame.K_RETURN)  # "I am …"
    mover = scene.viewer
    assert mover is not None and mover == match.state.current_player
    while match.state.current_player == mover:  # the turn's steps (lay, then confirm)
        bot = make_bot(info, "easy", mover, match.ply)
        assert scene.submit(choose(bot, match.state.observation(mover)))
    assert scene.handing_over == mover == scene.viewer
    assert any(line in squeeze(" ".join(scene.log.lines)) for line in secrets(match)[mover])
    return scene, match


def test_the_log_shown_while_a_move_plays_out_is_described_again_for_the_next_viewer() -> None:
    """New lines wait for the animation; the lines already shown do not: when the screen
    passes on meanwhile, they are read by someone else and are described for them."""
    app = make_app()
    scene, match = seated_human_after_a_move(app)
    mover = scene.handing_over
    scene.anims.add("still moving", Tween((0.0, 0.0), (1.0, 0.0), 5.0))
    scene.pass_screen()
    assert scene.viewer is None and scene.anims.busy
    shown = squeeze(" ".join(scene.log.lines))
    assert not [line for line in secrets(match)[mover] if line in shown]  # type: ignore[index]
    assert len(scene.log.lines) < len(scene.log.live_lines(None))  # the new lines still wait


def test_a_toast_for_ones_own_view_leaves_with_it() -> None:
    app = instant_app()
    scene, _ = seated_human_after_a_move(app)
    scene.toast("Your hand: a 3 and a 7.")  # told to the mover, in their own view
    frames(app)
    press(app, scene, "Done, pass to the next player")
    scene.toast("Cy is to move.")  # told to everyone
    assert scene.viewer is None
    assert [t.message for t in scene.toasts.items] == ["Cy is to move."]


def test_with_one_human_a_toast_stays_when_the_game_ends() -> None:
    """Nobody else shares the screen: a toast about the last move stays while the end
    plays out, although the view is then nobody's own (the whole table shows)."""
    info = registry.get("loose_caboose")
    app = instant_app()
    match = Match.new(info, seats_for(info, {}, ("human", "bot")), 11, {})
    scene = scene_for(info)(app, match)
    app.push(scene)
    frames(app)
    assert not scene.shared_screen and scene.viewer == 0
    scene.toast("Ann lays her last card.")
    scene.handover.given_to = None  # as after the last move (nobody's turn at the end)
    scene.refresh()
    assert [t.message for t in scene.toasts.items] == ["Ann lays her last card."]


def test_every_shipped_game_with_hidden_information_is_checked() -> None:
    assert {info.id for info, _ in SHIPPED} == {
        "loose_caboose", "cleopatra", "kap_kairo", "age_of_steam"}
    assert dict(SHIPPED)[registry.get("age_of_steam")] == {"map": "cccp"}

"""Key tables: one table per scene dispatches the keys, fills F1 and is the README's list."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame
import pytest

from nile.core import registry
from nile.core.session import Match, SeatConfig
from nile.practice.drill_scene import DrillScene
from nile.ui import keys
from nile.ui.chrome.game_scene import REPLAY_KEYS, GameScene
from nile.ui.chrome.reference_page import KEYS
from nile.ui.chrome.reference_scene import ReferenceScene
from nile.ui.chrome.replay_bar import ReplayBar
from nile.ui.games import scene_for
from tests.ui.harness import frames, instant_app, key

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import keys as keys_tool  # noqa: E402


class Owner:
    """A stand-in scene that records what its keys did."""

    def __init__(self) -> None:
        self.done: list[object] = []
        self.open = True

    def undo(self) -> None:
        self.done.append("undo")

    def digit(self, n: int) -> None:
        self.done.append(n)

    def decline(self) -> bool:
        self.done.append("declined")
        return False

    def menu(self) -> None:
        self.done.append("menu")

    def step(self, by: int) -> None:
        self.done.append(f"step {by}")

    @property
    def part(self) -> Owner:
        return self


def down(code: int, mod: int = 0) -> pygame.event.Event:
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0)


def test_a_binding_answers_its_keys_with_ctrl_digits_and_conditions() -> None:
    owner = Owner()
    table = (
        keys.Binding("ctrl+z", "undo", "undo"),
        keys.Binding("1-4, kp1-kp4", "digit", "pick", when="open"),
        keys.Binding("escape", "decline", "clear"),
        keys.Binding("escape", "menu", "menu"),
    )
    assert not keys.dispatch(owner, table, down(pygame.K_z))  # Ctrl is part of the key
    assert keys.dispatch(owner, table, down(pygame.K_z, pygame.KMOD_LCTRL))
    assert keys.dispatch(owner, table, down(pygame.K_3))
    assert keys.dispatch(owner, table, down(pygame.K_KP2))
    assert not keys.dispatch(owner, table, down(pygame.K_5))
    owner.open = False
    assert not keys.dispatch(owner, table, down(pygame.K_1))  # not live now
    assert keys.dispatch(owner, table, down(pygame.K_ESCAPE))  # the first declines
    assert owner.done == ["undo", 3, 2, "declined", "menu"]
    steps = (keys.Binding("up", "part.step", "one more", args=(1,)),
             keys.Binding("pageup", "step", "ten more", args=(10,)))
    assert keys.dispatch(owner, steps, down(pygame.K_UP))  # a component's method, dotted
    assert keys.dispatch(owner, steps, down(pygame.K_PAGEUP))
    assert owner.done[-2:] == ["step 1", "step 10"]
    assert not keys.dispatch(owner, table, pygame.event.Event(pygame.KEYUP, key=pygame.K_z))


def test_keys_are_written_for_people() -> None:
    assert keys.Binding("ctrl+s", "x", "").label() == "Ctrl+S"
    assert keys.Binding("1-9, kp1-kp9", "x", "").label() == "1–9"
    assert keys.Binding("return, kp_enter", "x", "").label() == "Enter"
    assert keys.Binding("b, return", "x", "").label() == "B / Enter"
    assert keys.Binding("pageup", "x", "").label() == "Page Up"
    with pytest.raises(ValueError, match="no such key"):
        keys.Binding("hyper", "x", "").parsed()


def test_every_binding_names_a_real_action_and_condition() -> None:
    """Resolved on real scenes, dotted names included ("controls.issue": a component the
    scene holds), so a renamed method breaks this test, not a player's key."""
    app = instant_app()
    owners: list[object] = [DrillScene]
    for info in registry.listed_games():
        low = info.player_range(info.resolve_options({}))[0]
        seats = (SeatConfig("Ann"), *(SeatConfig(f"B{i}", "bot", "easy", i)
                                      for i in range(1, low)))
        owners.append(scene_for(info)(app, Match.new(info, seats, seed=2)))
    tables: list[tuple[object, tuple[keys.Binding, ...]]] = [(ReplayBar, REPLAY_KEYS)]
    for owner in owners:
        tables.append((owner, owner.KEYS if isinstance(owner, type) else (  # type: ignore[attr-defined]
            *type(owner).KEYS, *GameScene.CHROME_KEYS)))
    for owner, table in tables:
        for binding in table:
            binding.parsed()  # every key name exists
            assert binding.does and binding.does == binding.does.strip()
            for name in (binding.action, binding.when):
                if name:
                    assert callable(keys.resolve(owner, name)) or isinstance(
                        keys.resolve(owner, name), bool), f"{owner}: {name}"


def test_the_readme_lists_the_keys_the_tables_dispatch() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert keys_tool.section() in readme, "README keys are stale: run tools/keys.py --write"


def test_f1_lists_the_games_keys_and_the_shared_ones() -> None:
    app = instant_app()
    info = registry.get("kap_kairo")
    match = Match.new(info, (SeatConfig("Ann"), SeatConfig("Bo", kind="bot", color=1)), seed=2)
    scene = scene_for(info)(app, match)
    app.push(scene)
    frames(app, 3)
    key(app, pygame.K_F1)
    rules = app.top
    assert isinstance(rules, ReferenceScene)  # the rules reference, with a Keys page
    rules.open(KEYS)
    shown = {row.label for row in rules.rows()}  # each key beside what it does
    for label, does in keys.describe([*info_keys(scene), *GameScene.CHROME_KEYS]):
        assert (label, does[:1].upper() + does[1:]) in rules.pages.key_rows and label in shown


def info_keys(scene: GameScene) -> tuple[keys.Binding, ...]:
    return type(scene).KEYS


def test_a_games_key_reaches_its_action_through_the_table() -> None:
    """Kap bis Kairo's bid is typed: the first digit replaces the amount, then they append."""
    app = instant_app()
    info = registry.get("kap_kairo")
    match = Match.new(info, (SeatConfig("Ann"), SeatConfig("Bo", kind="bot", color=1)), seed=2)
    scene = scene_for(info)(app, match)
    app.push(scene)
    frames(app, 3)
    scene.bid.set(7)
    scene.bid.fresh = True
    key(app, pygame.K_1)
    key(app, pygame.K_KP2)
    assert scene.bid_amount == 12
    key(app, pygame.K_BACKSPACE)
    assert scene.bid_amount == 1

"""Whole games: replay determinism, die faces (CA-9), Sudden Death (CA-12), saves, bots."""

from __future__ import annotations

import hashlib
import json
import math
import random
import subprocess
import sys
from pathlib import Path

from nile.ai.bots import choose, hooks_of, levels
from nile.ai.bots import make_bot as level_bot
from nile.core import chance
from nile.core.game import CHANCE
from nile.core.registry import get
from nile.games.cairo import GAME_INFO, ai
from nile.games.cairo.board import board
from nile.games.cairo.builder import Builder
from nile.games.cairo.rules import actions as A
from nile.games.cairo.rules import new_game
from nile.games.cairo.rules import state as S
from nile.games.cairo.rules.events import DieFaceRolled, FlickResolved
from nile.games.cairo.rules.phases import Phase

ROOT = Path(__file__).resolve().parents[3]


def random_game(seed: int, players: int = 2, options: dict[str, str] | None = None
                ) -> tuple[list[str], S.CairoState]:
    state = new_game(players, seed, options or {})
    rng = random.Random(seed)
    actions = []
    while not state.is_terminal and len(actions) < 400:
        if state.current_player == CHANCE:
            action = chance.pick(state.chance_outcomes(), rng)
        else:
            action = rng.choice(state.legal_actions())
        state.apply(action)
        actions.append(action.to_str())
    return actions, state


def replay(actions: list[str], players: int = 2) -> S.CairoState:
    state = new_game(players, 0, {})
    for text in actions:
        state.apply(state.parse_action(text))
    return state


def digest(state: S.CairoState) -> str:
    return hashlib.sha256(json.dumps(state.to_dict(), sort_keys=True).encode()).hexdigest()


def test_a_recorded_game_replays_to_the_same_final_board() -> None:
    actions, final = random_game(5)
    assert final.is_terminal
    assert replay(actions) == final


def test_a_recorded_game_replays_identically_in_another_process(tmp_path: Path) -> None:
    actions, final = random_game(9)
    record = tmp_path / "game.json"
    record.write_text(json.dumps(actions))
    code = ("import json, sys\n"
            "from tests.games.cairo.test_game import replay, digest\n"
            "print(digest(replay(json.loads(open(sys.argv[1]).read()))))\n")
    result = subprocess.run([sys.executable, "-c", code, str(record)], cwd=ROOT,
                            capture_output=True, text=True, timeout=120, check=True)
    assert result.stdout.strip() == digest(final)


def test_saves_round_trip_in_every_phase() -> None:
    state = new_game(3, 1, {})
    rng = random.Random(1)
    phases = set()
    while not state.is_terminal:
        phases.add(state.phase)
        assert S.CairoState.from_dict(json.loads(json.dumps(state.to_dict()))) == state
        assert state.invariant_violations() == []
        if state.current_player == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
        else:
            state.apply(rng.choice(state.legal_actions()))
    assert {Phase.ROLL, Phase.CHOOSE, Phase.FLICK, Phase.JITTER} <= phases


def flick_towards(state: S.CairoState, target: tuple[float, float],
                  speed: float | None = None) -> list:
    """Flick the chosen block at `target`, by default just hard enough to stop there."""
    x, y, _ = state.ship_pose(state.turn)
    finger = state.data.finger(state.die)
    cfg = state.data.physics
    if speed is None:
        speed = math.sqrt(2 * cfg.mu_floor * cfg.gravity * math.hypot(target[0] - x,
                                                                      target[1] - y))
    power = (speed - cfg.min_speed) / (finger.max_speed - cfg.min_speed)
    degrees = math.degrees(math.atan2(target[1] - y, target[0] - x)) % 360
    state.apply(A.Flick.of(state.chosen, degrees, power, 0.0, state.die))
    return state.apply(A.Jitter(0, 0))


def test_ca9_a_flicked_die_block_gets_its_face_by_chance() -> None:
    state = (Builder(2).ship(0, "U7")
             .to_move(0, Phase.FLICK, die=2, chosen="die", flicks_left=1).build())
    saqqara = board().site("saqqara")
    flick_towards(state, (saqqara.x, saqqara.y), 1000.0)
    assert state.phase == Phase.FACE and state.rolls == ["0D"]
    assert [a.to_str() for a, _ in state.chance_outcomes()] == [f"face 0D {v}"
                                                               for v in range(1, 7)]
    events = state.apply(A.Face("0D", 5))
    assert events[0] == DieFaceRolled("0D", 5)
    assert state.pieces["0D"].face == 5 and state.phase != Phase.FACE


def test_ca9_a_die_block_knocked_further_than_its_width_is_rolled_again() -> None:
    b = Builder(2).ship(0, "U7")
    space = board().space("U7")
    b.at("1D", space.x, space.y + 60.0, face=6)
    b.at("1s00", space.x + 60.0, space.y + 60.0)
    state = b.to_move(0, Phase.FLICK, die=2, chosen="large", flicks_left=1).build()
    flick_towards(state, (space.x, space.y + 60.0), 1500.0)
    assert state.rolls == ["1D"] and state.pieces["1D"].face == 0
    state.apply(A.Face("1D", 2))
    assert state.pieces["1D"].face == 2


def test_ca12_blocks_landing_on_a_scored_site_go_to_the_box() -> None:
    b = Builder(2, sudden_death=True).ship(0, "U7")
    b.on_site("1s00", "saqqara", -20, 15).on_site("1s01", "saqqara", 20, 15)
    b.on_site("0s05", "saqqara", 20, -15)
    state = b.to_move(0, Phase.FLICK, die=2, chosen="small", flicks_left=1).build()
    from nile.games.cairo.rules import scoring

    scoring.sudden_death(state)
    assert "saqqara" in state.closed and state.banked == [5, 10]
    saqqara = board().site("saqqara")
    events = flick_towards(state, (saqqara.x, saqqara.y))
    resolved = next(e for e in events if isinstance(e, FlickResolved))
    assert resolved.landing == "saqqara"
    assert state.pieces["0s00"].where == "box" and "0s00" in resolved.to_box


def test_sudden_death_games_run_to_the_end() -> None:
    _, final = random_game(3, players=3, options={"sudden_death": "on"})
    assert final.is_terminal and final.sudden_death
    assert final.invariant_violations() == []


def test_events_describe_themselves() -> None:
    state = new_game(2, 0, {})
    rng = random.Random(0)
    lines = []
    while not state.is_terminal and len(lines) < 200:
        if state.current_player == CHANCE:
            events = state.apply(chance.pick(state.chance_outcomes(), rng))
        else:
            events = state.apply(rng.choice(state.legal_actions()))
        lines += [e.describe(None) for e in events]
    assert lines and all(isinstance(line, str) and line for line in lines)


def test_game_info_is_registered_with_its_option_and_extras() -> None:
    info = get("cairo")
    assert info is GAME_INFO and (info.min_players, info.max_players) == (2, 5)
    assert info.options[0].key == "sudden_death" and info.options[0].choices == ("off", "on")
    assert info.bench == "cairo_bench:figures" and not info.hides_information({})
    assert 20 <= len(info.rules_summary.splitlines()) <= 40
    assert info.ai_hooks is not None and hooks_of(info).make_bot is not None


def test_every_bot_level_answers_every_decision_legally() -> None:
    state = new_game(2, 4, {})
    rng = random.Random(4)
    bots = {level: ai.make_bot(level, 0, random.Random(1)) for level in ai.LEVELS}
    for level in bots.values():
        level.level = ai.Level(3, 1, ((-1, 0),), level.level.aim_noise,
                               level.level.power_noise, 5.0)
    decisions = 0
    while not state.is_terminal and decisions < 30:
        seat = state.current_player
        if seat == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
            continue
        assert seat is not None
        bot = list(bots.values())[decisions % 3]
        bot.start(state.observation(seat))
        while not bot.think(1.0):
            pass
        action = bot.action()
        state.check_legal(action)
        state.apply(action)
        decisions += 1


def test_the_planner_lands_a_block_on_a_site_when_nothing_is_in_the_way() -> None:
    state = (Builder(2).ship(0, "U7").ship(1, "D1")
             .to_move(0, Phase.FLICK, die=2, chosen="small", flicks_left=3).build())
    bot = ai.make_bot("normal", 0, random.Random(2))
    bot.start(state)
    while not bot.think(1.0):
        pass
    flick = bot.action()
    assert isinstance(flick, A.Flick)
    state.apply(flick)
    events = state.apply(A.Jitter(0, 0))
    resolved = next(e for e in events if isinstance(e, FlickResolved))
    assert resolved.landing in {s.id for s in board().sites}


def test_the_scene_can_replay_a_resolved_flick_frame_by_frame() -> None:
    """FlickStarted carries the launch; the board before the jitter gives the same rest."""
    from nile.games.cairo.physics import FlickSimulation
    from nile.games.cairo.rules import flicking
    from nile.games.cairo.rules.events import FlickStarted

    b = Builder(2).ship(0, "U7").on_site("1s00", "saqqara", 0, -10)
    state = b.to_move(0, Phase.FLICK, die=2, chosen="small", flicks_left=3).build()
    saqqara = board().site("saqqara")
    x, y, _ = state.ship_pose(0)
    state.apply(A.Flick.of("small", math.degrees(math.atan2(saqqara.y - y, saqqara.x - x)),
                           0.3, 0.5, 2))
    before = state.clone()
    events = state.apply(A.Jitter(1, -1))
    started = next(e for e in events if isinstance(e, FlickStarted))
    sim = FlickSimulation(flicking.body_specs(before), started.launch(), record_impacts=True)
    frames = 0
    while not sim.done:
        sim.step_frame(4)
        frames += 1
    resolved = next(e for e in events if isinstance(e, FlickResolved))
    poses = sim.result().poses
    for block, px, py, _angle, level in resolved.moved:
        assert (poses[block].x, poses[block].y, poses[block].level) == (px, py, level)
    assert frames > 5
    assert flicking.simulation(before, 1, -1).resolve().poses == poses


def test_the_tools_budget_makes_a_planner_replayable_on_a_busy_machine() -> None:
    """The tools' budget lifts the planner's wall-clock cap, so a seeded tournament gets
    the same flick however busy the machine is (the app keeps the level's cap)."""
    info = get("cairo")
    assert levels(info) == ("easy", "normal", "hard")  # no expert: it measured no stronger
    state = Builder(2).ship(0, "U7").ship(1, "D1").to_move(
        0, Phase.FLICK, die=2, chosen="small", flicks_left=3).build()
    assert level_bot(info, "hard", 0, 7).time_cap == ai.LEVELS["hard"].max_seconds
    flicks, done = set(), set()
    for _ in range(2):
        bot = level_bot(info, "hard", 0, 7, iterations=hooks_of(info).budget("hard")[0])
        assert isinstance(bot, ai.FlickPlanner) and bot.time_cap == math.inf
        flicks.add(choose(bot, state.clone()))
        done.add(bot.simulations)
    hard = ai.LEVELS["hard"]
    wobbles = ai.wobble_indices(hard, state.data.jitter)
    assert done == {hard.candidates + hard.refine * len(wobbles)}  # never cut short
    assert len(flicks) == 1


def test_the_phase_is_an_enum_and_saves_as_its_plain_string() -> None:
    """Saves hold the phase as the bare string they always held; loading makes it a Phase."""
    data = Builder(2).to_move(1, Phase.CHOOSE, die=2).build().to_dict()
    assert type(data["phase"]) is str and data["phase"] == "choose"
    loaded = S.CairoState.from_dict(json.loads(json.dumps(data)))
    assert loaded.phase is Phase.CHOOSE

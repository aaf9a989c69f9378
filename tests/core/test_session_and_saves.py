"""Sessions, undo, saves and replay, on the toy game."""

from __future__ import annotations

import dataclasses
import json
import random
from pathlib import Path

import pytest

from nile.core import registry, saves
from nile.core.errors import IllegalAction, SaveError
from nile.core.game import CHANCE, Action, Event, returns_from_ranking
from nile.core.replay import Replay
from nile.core.session import Match, SeatConfig
from tests.core.toy_game import TOY_INFO, Confirm, Pick, ToyState

registry.register(TOY_INFO)
HUMANS = (SeatConfig("Ann"), SeatConfig("Bo"))


def play_out(match: Match, rng: random.Random) -> None:
    while not match.state.is_terminal:
        match.play(rng.choice(match.state.legal_actions()))
        match.resolve_chance()


def test_new_match_resolves_setup_chance() -> None:
    match = Match.new(TOY_INFO, HUMANS, seed=7)
    assert match.state.current_player == 0
    assert match.actions[0].startswith("deal ")


def test_same_seed_same_draws() -> None:
    a, b = Match.new(TOY_INFO, HUMANS, seed=11), Match.new(TOY_INFO, HUMANS, seed=11)
    play_out(a, random.Random(1))
    play_out(b, random.Random(1))
    assert a.actions == b.actions and a.state == b.state


def test_illegal_action_is_refused_with_reason_and_changes_nothing() -> None:
    match = Match.new(TOY_INFO, HUMANS, seed=3)
    before = match.state.clone()
    with pytest.raises(IllegalAction, match="not allowed"):
        match.play(Pick(99))
    assert match.state == before and len(match.actions) == 1


def test_undo_takes_back_own_decisions_but_not_chance() -> None:
    match = Match.new(TOY_INFO, HUMANS, seed=5)
    card = match.state.legal_actions()[0]
    match.play(card)
    assert match.undo_seat() == 0
    match.undo()
    assert match.state.legal_actions()[0] == card and len(match.actions) == 1
    match.play(card)
    match.play(Confirm())
    match.resolve_chance()  # deals to Bo: chance is a barrier
    assert match.undo_seat() is None
    with pytest.raises(IllegalAction, match="Nothing to undo"):
        match.undo()


class _NoDealToy(ToyState):
    """The toy game where a confirmed play passes the turn without a deal (no barrier)."""

    def apply(self, action: Action) -> list[Event]:
        events = super().apply(action)
        if isinstance(action, Confirm):
            self.dealt = True
        return events


def test_undo_never_takes_back_another_humans_move() -> None:
    info = dataclasses.replace(
        TOY_INFO, new_game=lambda players, seed, options: _NoDealToy(players)
    )
    match = Match.new(info, HUMANS, seed=5)
    match.resolve_chance()
    match.play(match.state.legal_actions()[0])
    match.play(Confirm())  # Ann's turn is over; Bo is to move, with nothing between
    assert match.state.current_player == 1
    assert match.undo_seat() is None
    with pytest.raises(IllegalAction, match="Nothing to undo"):
        match.undo()


def test_undo_never_takes_back_a_bot_move() -> None:
    seats = (SeatConfig("Ann"), SeatConfig("Bot", kind="bot"))
    match = Match.new(TOY_INFO, seats, seed=5)
    match.play(match.state.legal_actions()[0])
    match.play(Confirm())
    match.resolve_chance()
    match.play(match.state.legal_actions()[0])  # the bot picks
    assert match.undo_seat() is None


def test_save_round_trip(tmp_path: Path) -> None:
    match = Match.new(TOY_INFO, HUMANS, seed=21)
    for _ in range(4):
        match.play(match.state.legal_actions()[0])
        match.resolve_chance()
    path = tmp_path / "game.json"
    saves.write_atomic(path, match.to_save())
    loaded = saves.load(path)
    assert loaded.state == match.state and loaded.actions == match.actions
    assert loaded.seats == match.seats


def test_an_expert_bot_seat_is_saved_and_loaded(tmp_path: Path) -> None:
    seats = (HUMANS[0], SeatConfig("Ptah", "bot", "expert", 1))
    match = Match.new(TOY_INFO, seats, seed=5)
    path = tmp_path / "expert.json"
    saves.write_atomic(path, match.to_save())
    assert saves.load(path).seats[1].level == "expert"


def test_write_atomic_keeps_old_file_when_serialising_fails(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    saves.write_atomic(path, {"ok": 1})
    with pytest.raises(TypeError):
        saves.write_atomic(path, {"bad": object()})
    assert json.loads(path.read_text()) == {"ok": 1}
    assert [p.name for p in tmp_path.iterdir()] == ["game.json"]


def good_save() -> dict[str, object]:
    match = Match.new(TOY_INFO, HUMANS, seed=2)
    match.play(match.state.legal_actions()[0])
    return match.to_save()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(version=99), "another version"),
        (lambda d: d.update(format="zip"), "not a Nile save"),
        (lambda d: d.update(game="chess"), "does not have"),
        (lambda d: d.update(seed=-1), "seed"),
        (lambda d: d.update(seed=10**40), "seed"),
        (lambda d: d.update(seed="1"), "seed"),
        (lambda d: d.update(seats="x"), "players"),
        (lambda d: d.update(seats=[{"name": "A", "kind": "wizard"}] * 2), "type"),
        (lambda d: d.update(seats=[{"name": "A" * 500, "kind": "human"}] * 2), "name"),
        (lambda d: d.update(seats=[{"name": "A", "kind": "human"}] * 7), "cannot be set up"),
        (lambda d: d.update(options={"speed": "fast"}), "no option"),
        (lambda d: d.update(actions=["pick 99"]), "illegal move 1"),
        (lambda d: d["actions"].insert(1, "deal 6"), "illegal move 2"),
        (lambda d: d.update(actions=[7]), "not valid text"),
        (lambda d: d.update(actions="__import__('os')"), "list of moves"),
    ],
)
def test_hostile_saves_are_refused(change, message: str) -> None:  # type: ignore[no-untyped-def]
    data = good_save()
    change(data)
    with pytest.raises(SaveError, match=message):
        saves.match_from_save(data)


@pytest.mark.parametrize(
    "content",
    [b"", b"{", b"\xff\xfe\x00garbage", b"[" * 100_000 + b"]" * 100_000, b"null", b"1e999"],
)
def test_damaged_files_are_refused(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    with pytest.raises(SaveError):
        saves.load(path)


def test_oversized_file_is_refused_without_reading(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (saves.MAX_BYTES + 1))
    with pytest.raises(SaveError, match="too large"):
        saves.load(path)


def test_truncated_save_is_refused(tmp_path: Path) -> None:
    text = json.dumps(good_save())
    path = tmp_path / "cut.json"
    path.write_text(text[: len(text) // 2])
    with pytest.raises(SaveError, match="damaged"):
        saves.load(path)


def test_replay_steps_both_ways() -> None:
    match = Match.new(TOY_INFO, HUMANS, seed=9)
    play_out(match, random.Random(4))
    replay = Replay(TOY_INFO, match.seats, match.seed, match.options, match.actions)
    assert replay.seek(replay.length) == match.state
    middle = replay.seek(10).clone()
    replay.seek(3)
    assert replay.seek(10) == middle
    assert replay.back() != middle
    assert replay.seek(0).current_player == CHANCE


def test_replay_history_is_the_log_up_to_the_position() -> None:
    """The replay's log shows every move so far, not only the last one (issue 12)."""
    match = Match.new(TOY_INFO, HUMANS, seed=9)
    play_out(match, random.Random(4))
    replay = Replay(TOY_INFO, match.seats, match.seed, match.options, match.actions)
    logged = [list(entry.events) for entry in match.log]
    assert replay.position == replay.setup  # the set-up dealt: chance steps only
    assert replay.history() == logged[: replay.setup]
    assert all(entry.seat == CHANCE for entry in match.log[: replay.setup])
    replay.seek(replay.length)
    assert replay.history() == logged
    replay.seek(7)  # back past a checkpoint rebuild: what was seen stays known
    assert replay.history() == logged[:7] and replay.last_events == logged[6]
    replay.seek(30)
    assert replay.history() == logged[:30]


def test_returns_from_ranking_shares_ties() -> None:
    assert returns_from_ranking([1, 1, 3]) == [0.75, 0.75, 0.0]
    assert returns_from_ranking([2, 1]) == [0.0, 1.0]


def test_replay_stops_at_players_moves_with_the_chance_that_follows() -> None:
    """The replay's move count and steps skip chance: each stop is a player's move plus the
    chance steps after it (the dice it rolls, the cards it turns up)."""
    match = Match.new(TOY_INFO, HUMANS, seed=9)
    play_out(match, random.Random(4))
    replay = Replay(TOY_INFO, match.seats, match.seed, match.options, match.actions)
    movers = [entry.seat for entry in match.log]
    assert CHANCE in movers[replay.setup :]  # the toy's dice come between moves
    assert replay.move_count == sum(1 for seat in movers if seat != CHANCE)
    assert replay.stops[0] == replay.setup and replay.stops[-1] == replay.length
    for before, after in zip(replay.stops, replay.stops[1:], strict=False):
        assert movers[before] != CHANCE
        assert all(seat == CHANCE for seat in movers[before + 1 : after])
        assert replay.moves_before(after) == replay.moves_before(before) + 1
    assert replay.stop_from(replay.setup, 2) == replay.stops[2]
    assert replay.stop_from(replay.stops[2] + 1, -1) == replay.stops[2]
    assert replay.stop_from(replay.length, 1) == replay.length
    assert replay.stop_from(replay.setup, -1) == replay.setup

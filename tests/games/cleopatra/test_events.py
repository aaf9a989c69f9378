"""Events: every kind a game produces has a log line, and face-down cards stay secret."""

from __future__ import annotations

import random

from nile.core import chance
from nile.core.game import CHANCE, Event
from nile.games.cleopatra import GAME_INFO
from nile.games.cleopatra.rules import events as ev


def all_events(players: int, seed: int) -> list[Event]:
    state = GAME_INFO.create(players, seed, {})
    rng = random.Random(seed)
    found: list[Event] = []
    while not state.is_terminal:
        if state.current_player == CHANCE:
            found += state.apply(chance.pick(state.chance_outcomes(), rng))
        else:
            found += state.apply(rng.choice(state.legal_actions()))
    return found


def test_every_event_has_a_log_line_for_every_viewer() -> None:
    seen: set[type] = set()
    for seed in range(4):
        for event in all_events(3 + seed % 3, seed):
            seen.add(type(event))
            for viewer in (None, 0, 1):
                text = event.describe(viewer)
                assert text and "{" not in text.replace("{p", ""), event
    expected = {ev.StartPlayerChosen, ev.PrestigePlaced, ev.FruitPlaced, ev.MarketMoved,
                ev.CardDealt, ev.CardRevealed, ev.BidPlaced, ev.AuctionPassed, ev.AuctionWon,
                ev.GodChosen, ev.PlayerTurnStarted, ev.CardTaken, ev.CardsPlayed,
                ev.TrainsPlaced, ev.MoneyChanged, ev.PointsScored, ev.CityScored,
                ev.GameOver, ev.TurnEnded, ev.FruitMoved, ev.FruitShipped}
    assert expected <= seen, expected - seen


def test_a_face_down_card_is_named_to_its_owner_only() -> None:
    dealt = [e for e in all_events(3, 1) if isinstance(e, ev.CardDealt)]
    assert dealt
    for event in dealt:
        assert event.name in event.describe(event.seat)
        other = (event.seat + 1) % 3
        assert event.name not in event.describe(other)
        assert event.name not in event.describe(None)


def test_city_scoring_events_match_the_score_sheet() -> None:
    state = GAME_INFO.create(4, 3, {})
    rng = random.Random(3)
    events: list[Event] = []
    while not state.is_terminal:
        if state.current_player == CHANCE:
            events = state.apply(chance.pick(state.chance_outcomes(), rng))
        else:
            events = state.apply(rng.choice(state.legal_actions()))
    scored = [e for e in events if isinstance(e, ev.CityScored)]
    assert [e.city for e in scored] == list(range(12))
    sheet = state.score_sheet()
    for event in scored:
        assert tuple(float(p) for p in event.points) == sheet.values[1 + event.city]

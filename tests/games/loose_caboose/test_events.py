"""Events: log lines for every event of real games, names as {pN}, private cards shown
only to their owner."""

from __future__ import annotations

import random
import re

from nile.core import chance
from nile.core.game import CHANCE, Event
from nile.games.loose_caboose import GAME_INFO
from nile.games.loose_caboose.rules.events import PrivateCardEvent

PLACEHOLDER = re.compile(r"\{p\d\}")


def events_of_a_game(players: int, seed: int) -> list[Event]:
    state = GAME_INFO.create(players, seed, {})
    rng = random.Random(seed)
    events: list[Event] = []
    while not state.is_terminal:
        if state.current_player == CHANCE:
            events += state.apply(chance.pick(state.chance_outcomes(), rng))
        else:
            events += state.apply(rng.choice(state.legal_actions()))
    return events


def test_log_lines_name_players_only_by_placeholder() -> None:
    for seed in range(5):
        for event in events_of_a_game(3, seed):
            for viewer in (None, 0, 1, 2):
                line = event.describe(viewer)
                assert "{" not in PLACEHOLDER.sub("", line), line
                assert "None" not in line and "Card(" not in line, line


def test_private_cards_are_described_only_to_their_owner() -> None:
    private = [e for e in events_of_a_game(2, 3) if isinstance(e, PrivateCardEvent)]
    assert private
    for event in private:
        other = 1 - event.seat
        assert event.card_for(other) is None
        assert "a card" in event.describe(other) and "a card" in event.describe(None)
        assert event.card.name in event.describe(event.seat)


def test_every_kind_of_event_happens_and_is_logged() -> None:
    kinds: dict[str, str] = {}
    for seed in range(12):
        for event in events_of_a_game(2, seed):
            line = event.describe(0)
            if line or type(event).__name__ not in kinds:
                kinds[type(event).__name__] = line
    for name in ("StartingCardLaid", "CabooseSetOff", "CardSetAside", "CardDealt",
                 "StartPlayerChosen", "CardDrawn", "LastTurn", "CardLaid", "Passed",
                 "RollStarted", "DiceRolled", "CabooseMoved", "Derailed", "PenaltyTaken",
                 "CardBanked", "PenaltiesCancelled", "HandCounted", "GameEnded"):
        assert kinds.get(name), f"no logged {name} in 12 random games"


def test_the_events_of_every_move_are_made_once_and_equal_new_ones() -> None:
    """Laying, drawing, rolling, the caboose's run and penalties report events made once
    per value (issue 33 item 6): the same object when asked again, equal to a new one."""
    from nile.games.loose_caboose.rules import events as ev
    from nile.games.loose_caboose.rules.cards import Card

    card = Card(3, False)
    made = [(ev.card_laid, ev.CardLaid, (1, card, (2, 0))),
            (ev.card_drawn, ev.CardDrawn, (0, card, 40)),
            (ev.caboose_moved, ev.CabooseMoved, ((0, 0), (1, 0), card, True)),
            (ev.dice_rolled, ev.DiceRolled, (1, (2, 3))),
            (ev.roll_started, ev.RollStarted, (1, 2)),
            (ev.penalty_taken, ev.PenaltyTaken, (0, card, None)),
            (ev.card_banked, ev.CardBanked, (0, card, (1, 0)))]
    for once, kind, fields in made:
        event = once(*fields)
        assert event is once(*fields)
        assert event == kind(*fields)
        assert event.describe(0) == kind(*fields).describe(0)


def test_the_game_is_over_exactly_when_nobody_is_to_move() -> None:
    """`is_terminal` reads the phase alone (issue 33 item 6); it must agree with
    `current_player` on every position."""
    for seed in range(6):
        state = GAME_INFO.create(2 + seed % 3, seed, {})
        rng = random.Random(seed)
        while True:
            assert state.is_terminal == (state.current_player is None)
            if state.is_terminal:
                break
            if state.current_player == CHANCE:
                state.apply(chance.pick(state.chance_outcomes(), rng))
            else:
                state.apply(rng.choice(state.legal_actions()))

"""The engine contract on many positions: refusals agree with the legal moves, illegal
moves change nothing, saves round-trip, every text form parses, events do not leak."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from nile.core import chance
from nile.core.errors import IllegalAction
from nile.core.game import CHANCE, Action
from nile.games.kap_kairo import GAME_INFO
from nile.games.kap_kairo.builder import Builder
from nile.games.kap_kairo.rules import (
    PASS,
    RULES,
    Bid,
    Build,
    CardDraw,
    KapState,
    Phase,
    Take,
    shortfall,
)
from nile.games.kap_kairo.rules.actions import DRAW_VERBS
from nile.games.kap_kairo.rules.events import BidPlaced

ALL_CARDS = range(50)


def positions(games: int = 6) -> Iterator[KapState]:
    """Every position of some seeded random games with 2, 3 and 4 players."""
    for seed in range(games):
        players = 2 + seed % 3
        state = GAME_INFO.create(players, seed, {})
        rng = random.Random(seed)
        while not state.is_terminal:
            assert isinstance(state, KapState)
            yield state
            if state.current_player == CHANCE:
                state.apply(chance.pick(state.chance_outcomes(), rng))
            else:
                state.apply(rng.choice(state.legal_actions()))
        assert isinstance(state, KapState)
        yield state


def candidates(state: KapState) -> list[Action]:
    """Legal and illegal actions of every kind, for probing `apply`."""
    actions: list[Action] = [PASS]
    actions += [Bid(a) for a in range(-1, max(state.capital) + 3)]
    actions += [Take(c) for c in ALL_CARDS]
    actions += [Build(b, m) for b in range(-1, 7) for m in range(-1, 13)]
    actions += [CardDraw(c, verb) for c in ALL_CARDS for verb in DRAW_VERBS]
    return actions


def test_refusals_agree_exactly_with_legal_actions_and_chance_outcomes() -> None:
    for number, state in enumerate(positions()):
        if number % 7:
            continue
        if state.current_player == CHANCE:
            allowed = {a for a, _ in state.chance_outcomes()}
        else:
            allowed = set(state.legal_actions())
        for action in candidates(state):
            try:
                state.check_legal(action)
                ok = True
            except IllegalAction as refusal:
                ok = False
                assert str(refusal).strip()
            assert ok == (action in allowed), (action, state.step)


def test_illegal_actions_are_refused_and_change_nothing() -> None:
    for number, state in enumerate(positions(3)):
        if number % 11:
            continue
        before = state.to_dict()
        for action in (Bid(10_000), Take(-1), Build(9, 9), CardDraw(0, "nonsense")):
            with pytest.raises(IllegalAction):
                state.apply(action)
            assert state.to_dict() == before


def test_saves_round_trip_and_every_text_form_parses() -> None:
    for number, state in enumerate(positions(3)):
        data = state.to_dict()
        assert KapState.from_dict(json.loads(json.dumps(data))) == state
        if number % 5:
            continue
        options = ([a for a, _ in state.chance_outcomes()] if state.current_player == CHANCE
                   else state.legal_actions())
        for action in options:
            assert state.parse_action(action.to_str()) == action


def test_event_texts_never_show_a_bid_to_anyone_but_its_bidder() -> None:
    state = GAME_INFO.create(3, 5, {})
    rng = random.Random(5)
    while not state.is_terminal:
        if state.current_player == CHANCE:
            events = state.apply(chance.pick(state.chance_outcomes(), rng))
        else:
            events = state.apply(rng.choice(state.legal_actions()))
        for event in events:
            for viewer in (0, 1, 2, None):
                text = event.describe(viewer)
                assert text
                if isinstance(event, BidPlaced) and viewer != event.seat:
                    assert "£" not in text


def test_action_text_forms() -> None:
    assert [a.to_str() for a in (Bid(12), Take(3), Build(1, 2), PASS)] == [
        "bid 12", "take R3", "build bonus 1 buy 2", "pass"]
    assert [CardDraw(49, v).to_str() for v in DRAW_VERBS] == [
        "reveal S9", "draw S9", "duel S9", "bonus S9"]


def test_status_names_the_phase_and_the_player() -> None:
    state = Builder(2).auction(("S0", "S1")).build()
    assert state.status().phase_text == "Auction: {p0} writes a secret bid"
    assert state.status().round_text == "Land purchase 1"
    state = Builder(2).column(0, "S0").column(1, "S1").to_move(1).build()
    # not "Land purchase 1 · Track laying: …", as if both went on at once
    assert state.status().round_text == "Track laying 1"
    assert state.status().phase_text == "{p1} builds or passes"


def test_invariants_catch_a_lost_card_negative_capital_and_too_many_bonus_cards() -> None:
    state = Builder(2).auction(("S0", "S1")).build()
    assert state.invariant_violations() == []
    broken = state.clone()
    broken.pool.pop()
    assert any("card" in p for p in broken.invariant_violations())
    broken = state.clone()
    broken.capital[0] = -5
    broken.ledger[0][-1] = ("start", -5, -5)
    assert any("negative" in p for p in broken.invariant_violations())
    broken = state.clone()
    broken.bonus[1] = [broken.pool.pop() for _ in range(6)]
    assert any("bonus" in p for p in broken.invariant_violations())


def test_the_builder_refuses_a_card_placed_twice() -> None:
    with pytest.raises(ValueError, match="twice"):
        Builder(2).column(0, "S0").row("S0").build()


def test_the_step_is_a_phase_and_saves_as_its_plain_string() -> None:
    """Saves hold the step as the bare string they always held; loading makes it a Phase."""
    state = Builder(2).to_move(0, Phase.DRAW).build()
    data = state.to_dict()
    assert type(data["step"]) is str and data["step"] == "draw"
    loaded = KapState.from_dict(json.loads(json.dumps(data)))
    assert loaded.step is Phase.DRAW



def fresh_builds(state: KapState, seat: int) -> list[Build]:
    """VK-5 from scratch: the builds covering exactly the missing rails that `seat` can pay
    for, most bonus cards first."""
    if not state.columns[seat]:
        return []
    short = shortfall(state, seat)
    return [Build(bonus, short - bonus)
            for bonus in range(min(len(state.bonus[seat]), short), -1, -1)
            if (short - bonus) * RULES.rail_price <= state.capital[seat]]


def test_builds_and_draws_made_once_are_the_same_as_made_fresh_and_never_shared() -> None:
    """`build_options` and `chance_outcomes` come from tables made once (issue 33 item 6):
    on every position they equal what the rules say from scratch, and a caller that
    changes the list it got changes nothing for the next caller."""
    verbs = {Phase.REVEAL: "reveal", Phase.DUEL: "duel", Phase.DRAW: "draw",
             Phase.BONUS: "bonus"}
    for number, state in enumerate(positions()):
        if number % 3:
            continue
        for seat in range(state.players):
            options = state.build_options(seat)
            assert options == fresh_builds(state, seat)
            options.append(PASS)
            assert state.build_options(seat) == fresh_builds(state, seat)
        if state.step == Phase.DECIDE:
            legal = state.legal_actions()
            assert legal == [*fresh_builds(state, state.turn), PASS]
            legal.clear()
            assert state.legal_actions() == [*fresh_builds(state, state.turn), PASS]
        outcomes = state.chance_outcomes()
        if outcomes:
            fresh = [(CardDraw(card, verbs[state.step]), 1.0 / len(state.pool))
                     for card in state.pool]
            assert outcomes == fresh
            outcomes.clear()
            assert state.chance_outcomes() == fresh


def test_the_events_of_every_move_are_made_once_and_equal_new_ones() -> None:
    """Drawing, passing, bidding and taking report events made once per value (issue 33
    item 6): the same object each time, equal to a new one, with the same text."""
    from nile.games.kap_kairo.rules import events as ev

    made = [(ev.row_card_drawn, ev.RowCardDrawn, (1, 7)), (ev.passed, ev.Passed, (2,)),
            (ev.card_revealed, ev.CardRevealed, (9,)), (ev.bid_placed, ev.BidPlaced, (0, 4)),
            (ev.card_chosen, ev.CardChosen, (1, 9, 3, False)),
            (ev.nothing_to_draw, ev.NothingToDraw, (3,)),
            (ev.phase_changed, ev.PhaseChanged, ("track laying", 2, 1))]
    for once, kind, fields in made:
        event = once(*fields)
        assert event is once(*fields)
        assert event == kind(*fields)
        assert event.describe(0) == kind(*fields).describe(0)

"""`legal_actions()` and `apply` agree: over many situations of random games, every
candidate action of every kind is either legal and applies, or is refused with a reason
and leaves the state untouched."""

from __future__ import annotations

import random

from nile.core import chance
from nile.core.errors import IllegalAction
from nile.core.game import CHANCE, Action
from nile.games.cleopatra import GAME_INFO
from nile.games.cleopatra.rules import CleopatraState
from nile.games.cleopatra.rules.actions import (
    FROM_CARD,
    FROM_CITY,
    Bid,
    BuildPyramid,
    ChooseGod,
    ConstructTrack,
    DrawCityCards,
    EndTurn,
    Pass,
    ProduceFruit,
    ShipFruit,
    SourceFruit,
    StartBuilding,
    TakeCard,
)
from nile.games.cleopatra.rules.data import game_data
from nile.games.cleopatra.rules.phases import Phase

D = game_data()


def candidates(state: CleopatraState, rng: random.Random) -> list[Action]:
    """A broad sample of actions of every kind, legal or not."""
    seat = state.current_player
    assert seat is not None and seat >= 0
    if state.phase == Phase.AUCTION:
        return [Pass(), *(Bid(a) for a in range(-1, state.money[seat] + 3))]
    if state.phase == Phase.GODS:
        return [ChooseGod(g) for g in range(-1, 8)]
    strangers = rng.sample(range(60), 3)
    cards = sorted(set(state.city_hand[seat] + strangers))
    kinds = sorted(set(state.auction_hand[seat] + state.fruit_cards[seat]
                       + rng.sample(range(len(D.auction)), 4)))
    result: list[Action] = [EndTurn(), DrawCityCards(-1)]
    result += [TakeCard(k) for k in kinds + state.auction_display]
    result += [DrawCityCards(c) for c in state.city_display + strangers]
    result += [ConstructTrack(k, c, t) for k in range(4) for c in cards for t in range(16)]
    result += [ShipFruit(f, s, c) for f in range(5) for s in range(12) for c in cards]
    result += [ProduceFruit(k, c) for k in kinds for c in cards]
    result += [BuildPyramid(b, c) for b in (2, 3, 5, 8) for c in range(12)]
    result += [StartBuilding(k, c) for k in kinds for c in cards]
    result += [SourceFruit(f, FROM_CITY, c) for f in range(5) for c in range(12)]
    result += [SourceFruit(f, FROM_CARD, k) for f in range(5) for k in kinds]
    return result


def check_agreement(state: CleopatraState, rng: random.Random) -> None:
    legal = set(state.legal_actions())
    before = state.to_dict()
    pool = candidates(state, rng)
    sample = rng.sample(pool, min(len(pool), 150)) + list(legal)
    for action in sample:
        trial = state.clone()
        try:
            trial.apply(action)
        except IllegalAction as refusal:
            assert action not in legal, f"legal {action} refused: {refusal}"
            assert str(refusal) and "{" not in str(refusal).replace("{p", "")
            assert trial.to_dict() == before, f"refused {action} changed the state"
        else:
            assert action in legal, f"{action} applied but is not listed as legal"
    assert state.to_dict() == before


def test_legal_actions_and_apply_agree() -> None:
    checked = 0
    for seed in range(4):
        players = 3 + seed % 3
        state = GAME_INFO.create(players, seed, {})
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal:
            if state.current_player == CHANCE:
                state.apply(chance.pick(state.chance_outcomes(), rng))
                continue
            step += 1
            in_pick = state.phase == Phase.ACTIONS and state.picks_left
            if step % 7 == 0 or state.pending or in_pick:
                check_agreement(state, rng)
                checked += 1
            state.apply(rng.choice(state.legal_actions()))
    assert checked > 100


def test_every_legal_action_has_a_unique_text() -> None:
    for seed in range(3):
        state = GAME_INFO.create(3, seed, {})
        rng = random.Random(seed)
        while not state.is_terminal:
            if state.current_player == CHANCE:
                state.apply(chance.pick(state.chance_outcomes(), rng))
                continue
            legal = state.legal_actions()
            names = [a.to_str() for a in legal]
            assert len(set(names)) == len(names)
            assert state.parse_action(names[-1]) == legal[-1]
            state.apply(rng.choice(legal))


def test_ending_the_turn_early_is_refused_in_words_not_action_s() -> None:
    """'You still have 2 actions to take; …' (counted words, and why), never 'action(s)'."""
    from tests.games.cleopatra.test_scene_parts import action_phase

    state = action_phase(1)
    assert EndTurn() not in state.legal_actions()
    try:
        state.clone().apply(EndTurn())
    except IllegalAction as refusal:
        words = str(refusal)
    else:
        raise AssertionError("ending the turn with actions left was allowed")
    assert "(s)" not in words and words.startswith("You still have ")
    assert "action to take" in words or "actions to take" in words

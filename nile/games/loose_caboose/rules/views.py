"""What each player may see, the invariants, and the state as JSON (the bottom floor:
it reads the `Table` and imports no phase).

Hidden information (LC-9):
- the cards set aside: from everyone, for the whole game;
- the draw pile: from everyone (it is an unordered pool anyway);
- a hand: from everyone but its owner.
Everything else was in view of all when it got where it is: the railway, penalty piles
(banked cards too, LC-11) and the discard pile.

An observation keeps the shape of the true state, with `UNKNOWN` in every place the
viewer cannot see, and `unseen` holding the cards that could be in those places. A reshuffle
of the discards only ever happens while the last turn's penalties are paid, after the last
decision of the game, so an observation never needs to track a pile of known content.
"""

from __future__ import annotations

import random
from typing import Any, TypeVar

from nile.games.loose_caboose.rules.cards import UNKNOWN, Card, Pool, cards_text, parse_cards
from nile.games.loose_caboose.rules.data import game_data
from nile.games.loose_caboose.rules.penalty_pile import PenaltyPile
from nile.games.loose_caboose.rules.phases import Penalty, Phase
from nile.games.loose_caboose.rules.railway import Railway
from nile.games.loose_caboose.rules.state import Table

T = TypeVar("T", bound=Table)
"""The game's own state class (`LooseCabooseState`): a view or a guess is of the same class."""


# Observations ----------------------------------------------------------------------


def observe(state: T, seat: int | None) -> T:
    """A copy of `state` as `seat` sees it (None: a spectator, who sees no hand)."""
    if state.unseen is not None:
        if seat != state.viewer:
            raise ValueError("an observation cannot be turned into another seat's view")
        return state.clone()
    view = state.clone()
    view.viewer = seat
    unseen = state.pile.copy()
    view.pile = Pool()
    view.pile.add(UNKNOWN, len(state.pile))
    for card in state.removed:
        unseen.add(card)
    view.removed = [UNKNOWN] * len(state.removed)
    for other, hand in enumerate(state.hands):
        if other != seat:
            for card in hand:
                unseen.add(card)
            view.hands[other] = [UNKNOWN] * len(hand)
    view.unseen = unseen
    return view


def determinize(view: T, rng: random.Random) -> T:
    """A full state that fits `view`: the unseen cards dealt at random into the unknown
    places (the set-aside cards, other hands), the rest as the draw pile."""
    full = view.clone()
    full.viewer = None
    full.unseen = None
    if view.unseen is None:
        return full
    places = len(full.removed) + sum(hand.count(UNKNOWN) for hand in full.hands)
    # Only the unknown places need an order; the draw pile is an unordered pool.
    dealt = rng.sample(view.unseen.cards(), places)
    full.pile = view.unseen.copy()
    for card in dealt:
        full.pile.take(card)
    full.removed = [dealt.pop() for _ in full.removed]
    for hand in full.hands:
        for index, card in enumerate(hand):
            if card == UNKNOWN:
                hand[index] = dealt.pop()
    return full


# Invariants ------------------------------------------------------------------------


def every_card(state: Table) -> list[Card]:
    """Every card the state places, pile and unknown places included (50 in a full box)."""
    cards = state.pile.cards() + state.removed + state.railway.cards + state.discard
    for hand in state.hands:
        cards += hand
    for pile in state.penalties:
        cards += pile.all_cards()
    return cards


def problems(state: Table) -> list[str]:
    """Every broken invariant of `state`, in words; empty when all hold."""
    return _card_problems(state) + _railway_problems(state) + _turn_problems(state)


def _card_problems(state: Table) -> list[str]:
    """Every card of the box is in exactly one place (counted per face)."""
    box = Pool()
    for card, count in game_data().deck.composition().items():
        box.add(card, count)
    placed = every_card(state)
    found = Pool(card for card in placed if card != UNKNOWN)
    unknown_places = len(placed) - len(found)
    if state.unseen is not None:
        if unknown_places != len(state.unseen):
            return [f"{unknown_places} hidden places but {len(state.unseen)} unseen cards"]
        for card in state.unseen:
            found.add(card)
    elif unknown_places:
        return ["a full state holds unknown cards"]
    if found == box:
        return []
    faces = sorted({card for card, _ in box.faces()} | {card for card, _ in found.faces()})
    return [f"{card.text}: {found.count(card)} in play, {box.count(card)} in the box"
            for card in faces if found.count(card) != box.count(card)]


def _railway_problems(state: Table) -> list[str]:
    if state.phase is Phase.SETUP and len(state.railway) < game_data().setup.railway_cards:
        return []
    return state.railway.problems()


def _turn_problems(state: Table) -> list[str]:
    problems = []
    if len(state.removed) > state.removal_count and state.phase is Phase.SETUP:
        problems.append(f"{len(state.removed)} cards set aside, over {state.removal_count}")
    if any(card.value != state.laid[0].value for card in state.laid):
        problems.append("cards of different values were laid in one turn")
    if state.laid and state.phase not in (Phase.PLAY, Phase.DICE, Phase.PENALTY):
        problems.append("cards laid outside a turn")
    if bool(state.pending) != (state.phase is Phase.PENALTY):
        problems.append("penalties owed outside the penalty phase, or none inside it")
    if state.phase is Phase.DRAW and not state.pile:
        problems.append("a turn starts with an empty draw pile")
    if state.phase is Phase.OVER and any(state.hands):
        problems.append("cards left in hand after the end")
    return problems


# JSON ------------------------------------------------------------------------------


def to_dict(state: Table) -> dict[str, Any]:
    """The whole state in JSON types; card lists as text ('3', 'broken 3', '?')."""
    return {
        "players": state.players,
        "phase": state.phase.value,
        "seat": state.seat,
        "pile": cards_text(state.pile.cards()),
        "removed": cards_text(state.removed),
        "hands": [cards_text(hand) for hand in state.hands],
        "railway": {"cards": cards_text(state.railway.cards),
                    "cells": [[x, y] for x, y in state.railway.cells],
                    "caboose": state.railway.caboose},
        "penalties": [{"face_up": cards_text(pile.face_up),
                       "banked": cards_text(pile.banked),
                       "from_hand": cards_text(pile.from_hand)}
                      for pile in state.penalties],
        "discard": cards_text(state.discard),
        "laid": cards_text(state.laid),
        "pending": [penalty.value for penalty in state.pending],
        "final_turn": state.final_turn,
        "viewer": state.viewer,
        "unseen": cards_text(state.unseen.cards()) if state.unseen is not None else None,
    }


def fill_from_dict(state: Table, data: Any) -> None:
    """Set every field of a blank `state` from `to_dict` output."""
    state.players = int(data["players"])
    state.phase = Phase(data["phase"])
    state.seat = int(data["seat"])
    state.pile = Pool(parse_cards(data["pile"]))
    state.removed = parse_cards(data["removed"])
    state.hands = [parse_cards(hand) for hand in data["hands"]]
    railway = data["railway"]
    state.railway = Railway(parse_cards(railway["cards"]),
                            [(int(x), int(y)) for x, y in railway["cells"]],
                            int(railway["caboose"]))
    state.penalties = [
        PenaltyPile(parse_cards(pile["face_up"]),
                    parse_cards(pile["banked"]),
                    parse_cards(pile["from_hand"]))
        for pile in data["penalties"]]
    state.discard = parse_cards(data["discard"])
    state.laid = parse_cards(data["laid"])
    state.pending = [Penalty(penalty) for penalty in data["pending"]]
    state.final_turn = bool(data["final_turn"])
    viewer = data["viewer"]
    state.viewer = int(viewer) if viewer is not None else None
    unseen = data["unseen"]
    state.unseen = Pool(parse_cards(unseen)) if unseen is not None else None

"""Phase 2 flow: each player in god order takes Auction card(s), then two actions; then the
end of the turn and the turn line (CC-6).

A player's turn: take Auction card(s) by choice from the display (CC-11; two with Thoth),
then the actions (any mix, repeats allowed; Anubis adds a third that must be Draw City
Cards), then `EndTurn` (a confirmation, so the last action can still be undone), after
which the City display is refilled to four cards.

New ruling CC-17: every action must be taken while one is possible (Draw City Cards nearly
always is); a player with actions left but none possible may end the turn.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from nile.core.errors import IllegalAction
from nile.core.text import count
from nile.games.cleopatra.rules import action_rules, building, powers, transport
from nile.games.cleopatra.rules.actions import (
    BuildPyramid,
    ConstructTrack,
    DrawCityCards,
    EndTurn,
    ProduceFruit,
    ShipFruit,
    SourceFruit,
    StartBuilding,
    TakeCard,
)
from nile.games.cleopatra.rules.data import game_data
from nile.games.cleopatra.rules.events import (
    AuctionDiscarded,
    CardTaken,
    FruitCardShown,
    PlayerTurnStarted,
    TurnEnded,
)
from nile.games.cleopatra.rules.phases import (
    ACTIONS,
    AUCTION,
    OVER,
    T_REVEAL_AUCTION,
    T_REVEAL_CITY,
    Step,
)
from nile.games.cleopatra.rules.setup import is_fruit_card

if TYPE_CHECKING:
    from nile.core.game import Action, Event
    from nile.games.cleopatra.rules.state import CleopatraState

D = game_data()
NON_DRAW_ACTIONS = 2


def begin(state: CleopatraState) -> list[Event]:
    """After the gods are chosen: players act from the lowest god number to the highest."""
    state.phase = ACTIONS
    state.action_order = sorted(range(state.players), key=lambda s: state.gods[s])
    state.action_index = 0
    return _begin_player(state)


def _begin_player(state: CleopatraState) -> list[Event]:
    seat = state.acting_seat
    state.picks_left = min(powers.auction_picks(state, seat), len(state.auction_display))
    state.actions_used = state.draws_used = state.player_done = 0
    return [PlayerTurnStarted(seat, state.gods[seat])]


# Legal actions --------------------------------------------------------------------------


def may_draw(state: CleopatraState, seat: int) -> bool:
    return state.actions_used < powers.actions_allowed(state, seat)


def may_act(state: CleopatraState, seat: int) -> bool:
    """A non-draw action is allowed: actions left, and at most two that are not draws."""
    return (may_draw(state, seat)
            and state.actions_used - state.draws_used < NON_DRAW_ACTIONS)


def action_choices(state: CleopatraState, seat: int) -> list[Action]:
    """Every action the seat may start now (without `EndTurn`)."""
    result: list[Action] = []
    if may_act(state, seat):
        label = transport.components(state)
        result += building.legal_start(state, seat, label)
        result += action_rules.legal_ship(state, seat, label)
        result += action_rules.legal_track(state, seat)
        result += action_rules.legal_produce(state, seat)
        result += action_rules.legal_pyramid(state, seat)
    if may_draw(state, seat):
        result += action_rules.legal_draw(state, seat)
    return result


def legal(state: CleopatraState) -> list[Action]:
    seat = state.acting_seat
    if state.picks_left:
        return [TakeCard(k) for k in sorted(set(state.auction_display))]
    if state.pending:
        return building.source_options(state, seat)
    return action_choices(state, seat) or [EndTurn()]


# Applying -------------------------------------------------------------------------------


def apply(state: CleopatraState, action: Action) -> list[Event]:
    seat = state.acting_seat
    if state.picks_left:
        return _take_card(state, seat, action)
    if state.pending:
        if not isinstance(action, SourceFruit):
            raise IllegalAction("First choose where the building's next fruit comes from.")
        _refuse_if(building.why_not_source(state, seat, action))
        return building.apply_source(state, seat, action)
    if isinstance(action, EndTurn):
        if (may_draw(state, seat) and action_rules.legal_draw(state, seat)) \
                or action_choices(state, seat):
            left = powers.actions_allowed(state, seat) - state.actions_used
            raise IllegalAction(
                f"You still have {count(left, 'action')} to take; the turn ends only when "
                f"no action you can play is left."
            )
        return _end_player_turn(state)
    return _apply_action(state, seat, action)


def _refuse_if(reason: str | None) -> None:
    if reason is not None:
        raise IllegalAction(reason)


def _count(state: CleopatraState, seat: int, draw: bool, reason: str | None) -> None:
    """Refuse an action beyond the seat's allowance or with a `reason`; else count it."""
    if not may_draw(state, seat):
        raise IllegalAction("You have no actions left; end your turn.")
    if not draw and not may_act(state, seat):
        raise IllegalAction("Anubis's extra action must be Draw City Cards.")
    _refuse_if(reason)
    state.actions_used += 1
    state.draws_used += int(draw)


def _apply_action(state: CleopatraState, seat: int, action: Action) -> list[Event]:
    if isinstance(action, DrawCityCards):
        _count(state, seat, True, action_rules.why_not_draw(state, seat, action))
        return action_rules.apply_draw(state, seat, action)
    if isinstance(action, ConstructTrack):
        _count(state, seat, False, action_rules.why_not_track(state, seat, action))
        return action_rules.apply_track(state, seat, action)
    if isinstance(action, ShipFruit):
        _count(state, seat, False, action_rules.why_not_ship(state, seat, action))
        return action_rules.apply_ship(state, seat, action)
    if isinstance(action, ProduceFruit):
        _count(state, seat, False, action_rules.why_not_produce(state, seat, action))
        return action_rules.apply_produce(state, seat, action)
    if isinstance(action, BuildPyramid):
        _count(state, seat, False, action_rules.why_not_pyramid(state, seat, action))
        return action_rules.apply_pyramid(state, seat, action)
    if isinstance(action, StartBuilding):
        _count(state, seat, False, building.why_not_start(state, seat, action))
        return building.apply_start(state, seat, action)
    if isinstance(action, TakeCard):
        raise IllegalAction("You have already taken your Auction card this turn.")
    raise IllegalAction("That is not an action of the action phase.")


def _take_card(state: CleopatraState, seat: int, action: Action) -> list[Event]:
    """CC-11: an Auction card by choice from the display; Fruit cards go face up."""
    if not isinstance(action, TakeCard):
        raise IllegalAction("First take an Auction card from the display.")
    if action.kind not in state.auction_display:
        raise IllegalAction("That card is not in the Auction display.")
    state.auction_display.remove(action.kind)
    state.picks_left -= 1
    name = D.auction[action.kind].name
    if is_fruit_card(action.kind):
        insort(state.fruit_cards[seat], action.kind)
        return [CardTaken(seat, "auction", name), FruitCardShown(seat, name)]
    insort(state.auction_hand[seat], action.kind)
    insort(state.auction_known[seat], action.kind)
    return [CardTaken(seat, "auction", name)]


def _end_player_turn(state: CleopatraState) -> list[Event]:
    """Refill the City display (chance), then the next player acts."""
    state.player_done = 1
    missing = D.city_display_size - len(state.city_display)
    state.chance_queue += [[T_REVEAL_CITY, 0] for _ in range(missing)]
    return []


def next_player(state: CleopatraState) -> Step:
    """A player's turn has ended and the City display is refilled: the next player acts,
    or the turn ends."""
    state.player_done = 0
    state.action_index += 1
    if state.action_index < state.players:
        return Step(_begin_player(state))
    return _end_of_turn(state)


def _end_of_turn(state: CleopatraState) -> Step:
    """The Auction display is discarded; the game ends on the turn line's last space
    (CC-6), else the last to act starts the next turn's auction."""
    events: list[Event] = []
    if state.auction_display:
        events.append(AuctionDiscarded(tuple(D.auction[k].name for k in
                                             state.auction_display)))
        state.auction_discard += state.auction_display
        state.auction_display = []
    if D.turn_line[state.turn] == state.players:  # CC-6
        return Step(events, OVER)
    state.start_player = state.action_order[-1]
    events.append(TurnEnded(state.turn + 1, state.start_player))
    state.turn += 1
    state.chance_queue += [[T_REVEAL_AUCTION, 0] for _ in range(state.players + 1)]
    return Step(events, AUCTION)

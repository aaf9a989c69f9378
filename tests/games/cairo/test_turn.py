"""The turn: sailing (CA-1/CA-2), taking blocks back (CA-3), choosing, knock-overs (CA-7),
leaving and the last turn (CA-11)."""

from __future__ import annotations

import math

from nile.games.cairo.board import board
from nile.games.cairo.builder import Builder
from nile.games.cairo.rules import actions as A
from nile.games.cairo.rules import new_game, turn
from nile.games.cairo.rules import state as S
from nile.games.cairo.rules.events import (
    GameOver,
    LastTurn,
    PenaltyPaid,
    PlayerLeft,
    ShipKnockedOver,
    ShipMoved,
    SiteScored,
)
from nile.games.cairo.rules.phases import Phase


def sail(ships: dict[int, str], seat: int, steps: int) -> ShipMoved:
    b = Builder(3)
    for s, where in ships.items():
        b.ship(s, where)
    return turn.sail(b.build(), seat, steps)


def test_ca_r1_ships_start_in_the_starting_area_and_sail_upstream_first() -> None:
    moved = sail({}, 0, 3)
    assert moved.start == "start" and moved.path == ("U1", "U2", "U3")
    assert not moved.turned


def test_ca2_occupied_spaces_are_skipped_and_not_counted() -> None:
    moved = sail({0: "U1", 1: "U2", 2: "U4"}, 0, 2)
    assert moved.path == ("U2", "U3", "U4", "U5")
    assert moved.skipped == ("U2", "U4")


def test_ca1_ships_turn_at_the_upstream_end_onto_the_downstream_lane() -> None:
    moved = sail({0: "U11"}, 0, 3)
    assert moved.path == ("U12", "D1", "D2") and moved.turned


def test_ca_r1_after_d6_a_ship_turns_into_u1() -> None:
    moved = sail({0: "D6"}, 0, 1)
    assert moved.path == ("U1",) and moved.turned


def test_rolling_moves_the_ship_and_sets_the_finger() -> None:
    state = new_game(2, 0, {})
    events = state.apply(A.Roll(4))
    assert state.ships[0] == "U4" and state.die == 4
    assert state.finger_options() == [4]
    assert any(isinstance(e, ShipMoved) for e in events)
    assert state.phase == Phase.CHOOSE            # small, large and die-block in supply
    state = new_game(2, 0, {})
    state.apply(A.Roll(6))
    assert state.finger_options() == [1, 2, 3, 4, 5]


def retrieval_board() -> Builder:
    edfu = board().site("edfu")
    b = Builder(2)
    b.at("0s00", 430.0, 180.0)                    # S4 desert
    b.on_site("0s01", "edfu", 0, 0)               # wholly on a site in S4
    b.on_site("0s02", "edfu", 0, edfu.h / 2)      # burning on the site's edge
    b.at("0s03", 400.0, 60.0)                     # burning across S3/S4
    b.at("0s04", 440.0, board().south_bank)       # burning on the bank of S4
    b.at("1s00", 430.0, 160.0)                    # a rival's block in S4
    b.at("0s05", 540.0, 100.0)                    # S5: not beside D3
    b.at("0s06", 460.0, 400.0)                    # N4 desert, starboard of D3
    return b


def test_ca3_retrieval_from_port_and_starboard_areas_only_downstream() -> None:
    state = retrieval_board().ship(0, "D3").to_move(0, Phase.RETRIEVE).build()
    assert sorted(turn.retrievable(state)) == ["0s00", "0s02", "0s03", "0s04", "0s06"]
    upstream = retrieval_board().ship(0, "U7").to_move(0, Phase.ROLL).build()
    assert turn.retrievable(upstream) == []


def test_ca3_retrieval_decisions_one_by_one_or_all() -> None:
    state = retrieval_board().ship(0, "D2").to_move(0, Phase.ROLL).build()
    state.apply(A.Roll(1))                        # D2 -> D3
    assert state.phase == Phase.RETRIEVE
    texts = [a.to_str() for a in state.legal_actions()]
    assert texts[:2] == ["retrieve all", "retrieve done"] and "retrieve 0s00" in texts
    state.apply(state.parse_action("retrieve 0s06"))
    assert state.pieces["0s06"].where == "supply" and state.phase == Phase.RETRIEVE
    state.apply(A.RETRIEVE_ALL)
    assert state.phase == Phase.CHOOSE
    assert all(state.pieces[b].where == "supply" for b in ("0s00", "0s02", "0s03", "0s04"))
    assert state.pieces["0s01"].where == "board" and state.pieces["1s00"].where == "board"


def test_choosing_three_small_blocks_or_fewer() -> None:
    b = Builder(2).ship(0, "U3")
    b.box(*[f"0s{n:02d}" for n in range(13)])
    state = b.to_move(0, Phase.CHOOSE, die=3).build()
    state.apply(A.Choose("small"))
    assert state.flicks_left == 2 and state.chosen == "small"


def test_a_single_kind_is_chosen_without_asking() -> None:
    b = Builder(2).ship(0, "U2")
    b.box("0L", "0D")
    state = b.to_move(0, Phase.ROLL).build()
    state.apply(A.Roll(1))
    assert state.phase == Phase.FLICK and state.chosen == "small" and state.flicks_left == 3


def flick_at(state: S.CairoState, target: tuple[float, float], speed: float) -> list:
    x, y, _ = state.ship_pose(state.turn)
    finger = state.data.finger(state.die)
    cfg = state.data.physics
    power = (speed - cfg.min_speed) / (finger.max_speed - cfg.min_speed)
    degrees = math.degrees(math.atan2(target[1] - y, target[0] - x)) % 360
    state.apply(A.Flick.of(state.chosen, degrees, power, 0.0, state.die))
    return state.apply(A.Jitter(0, 0))


def test_ca7_knocking_over_a_ship_ends_the_turn_and_costs_a_block() -> None:
    b = Builder(2).ship(0, "U5").ship(1, "D4")
    state = b.to_move(0, Phase.FLICK, die=2, chosen="large", flicks_left=1).build()
    d4 = board().space("D4")
    events = flick_at(state, (d4.x, d4.y), 1600.0)
    assert any(isinstance(e, ShipKnockedOver) for e in events)
    assert state.phase == Phase.PENALTY
    assert [a.to_str() for a in state.legal_actions()] == ["penalty small", "penalty die"]
    events = state.apply(A.Penalty("die"))
    assert any(isinstance(e, PenaltyPaid) for e in events)
    assert state.pieces["0D"].where == "box"
    assert state.turn == 1 and state.phase == Phase.ROLL
    assert state.ships == ["U5", "D4"]           # set back upright on their spaces


def test_ca11_the_last_ship_takes_one_more_turn_then_the_game_is_scored() -> None:
    b = Builder(2).ship(0, "U3").ship(1, "U8")
    b.box(*[f"0s{n:02d}" for n in range(1, 15)], "0L", "0D")
    b.box(*[f"1s{n:02d}" for n in range(1, 15)], "1L", "1D")
    state = b.to_move(0, Phase.FLICK, die=2, chosen="small", flicks_left=1).build()
    zawyet = board().site("zawyet")
    events = flick_at(state, (zawyet.x, zawyet.y + 60), 900.0)
    events += state.apply(A.NO_PYRAMID) if state.phase == Phase.OFFER else []
    assert any(isinstance(e, PlayerLeft) and e.seat == 0 for e in events)
    assert any(isinstance(e, LastTurn) and e.seat == 1 for e in events)
    assert state.turn == 1 and state.phase == Phase.ROLL and state.ships[0] == "out"
    state.apply(A.Roll(1))
    assert state.phase == Phase.FLICK
    events = flick_at(state, (500.0, 420.0), 900.0)
    events += state.apply(A.NO_PYRAMID) if state.phase == Phase.OFFER else []
    assert state.is_terminal
    assert sum(isinstance(e, SiteScored) for e in events) == 18
    assert isinstance(events[-1], GameOver)
    assert state.legal_actions() == []


def test_status_names_the_phase() -> None:
    state = new_game(3, 0, {})
    assert state.status().phase_text == "{p0} rolls the Nile die"
    state.apply(A.Roll(2))
    assert "chooses" in state.status().phase_text


def test_ca_r2_no_pyramid_is_offered_after_a_knock_over() -> None:
    b = Builder(2).ship(0, "U7")
    for n, (dx, dy) in enumerate(((0, 0), (-15, 10), (15, 10))):
        b.on_site(f"0s{n:02d}", "saqqara", dx, dy)
    state = b.to_move(0, Phase.FLICK, die=2, chosen="small", flicks_left=2,
                      last_block="0s00").build()
    from nile.games.cairo.rules import flicking

    state.knocked = True
    flicking.after_flick(state)
    assert state.phase == Phase.PENALTY
    state.knocked = False
    flicking.after_flick(state)
    assert state.phase == Phase.OFFER


def test_ca_r3_the_last_block_still_gets_its_pyramid_offer_then_the_ship_leaves() -> None:
    b = Builder(2).ship(0, "U7").ship(1, "U1")
    b.on_site("0s01", "saqqara", -15, 12).on_site("1s00", "saqqara", 15, 12)
    b.box(*[f"0s{n:02d}" for n in range(2, 15)], "0L", "0D")
    state = b.to_move(0, Phase.FLICK, die=2, chosen="small", flicks_left=1).build()
    saqqara = board().site("saqqara")
    x, y, _ = state.ship_pose(0)
    cfg = state.data.physics
    speed = math.sqrt(2 * cfg.mu_floor * cfg.gravity * math.hypot(saqqara.x - x,
                                                                  saqqara.y - 6 - y))
    flick_at(state, (saqqara.x, saqqara.y - 6), speed)
    assert state.phase == Phase.OFFER and state.ships[0] == "U7"
    events = state.apply(A.NO_PYRAMID)
    assert any(isinstance(e, PlayerLeft) and e.seat == 0 for e in events)


def test_choosing_a_kind_the_supply_has_run_out_of_says_so() -> None:
    import pytest

    from nile.core.errors import IllegalAction

    builder = Builder(2).ship(0, "U4").ship(1, "D2").box("0L")
    state = builder.to_move(0, Phase.CHOOSE, die=2).build()
    with pytest.raises(IllegalAction, match="Your large block is not in your supply"):
        state.apply(A.Choose("large"))
    builder = Builder(2).ship(0, "U4").ship(1, "D2").box(*(f"0s{n:02d}" for n in range(15)))
    state = builder.to_move(0, Phase.CHOOSE, die=2).build()
    with pytest.raises(IllegalAction, match="No small blocks left in your supply"):
        state.apply(A.Choose("small"))
    assert state.phase == Phase.CHOOSE


def test_a_phase_hands_the_turn_on_as_a_value_and_dispatch_follows_it() -> None:
    """The floors (issue 28): flicking does not call the turn; its penalty returns where
    the turn goes on, the player leaving first when the supply is empty, and dispatch
    plays that in order: the block to the box, the ship out, the next player's roll."""
    from nile.games.cairo.rules import dispatch, flicking
    from nile.games.cairo.rules.phases import END_TURN, Handoff

    def at_penalty(*boxed: str) -> S.CairoState:
        b = Builder(2).ship(0, "U5").ship(1, "D4").box(*boxed)
        return b.to_move(0, Phase.PENALTY, die=2, chosen="small", flicks_left=1).build()

    state = at_penalty()
    events, then = flicking.penalty(state, "small")
    assert then == END_TURN and [type(e) for e in events] == [PenaltyPaid]
    assert state.turn == 0, "the phase module did not end the turn itself"

    last = [f"0s{n:02d}" for n in range(1, 15)] + ["0L", "0D"]
    state = at_penalty(*last)
    events, then = flicking.penalty(state, "small")
    assert then == Handoff(end_turn=True, leaving="the knock-over penalty emptied the supply")
    followed = dispatch.follow(state, (events, then))
    assert [type(e) for e in followed][:2] == [PenaltyPaid, PlayerLeft]
    assert state.ships[0] == "out" and state.turn == 1 and state.phase == Phase.ROLL
    assert at_penalty(*last).apply(A.Penalty("small")) == followed

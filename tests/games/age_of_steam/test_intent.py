"""Age of Steam's click-to-move rules (nile/games/age_of_steam/intent.py) without a window:
what the picks mean in each phase, the bar's words and buttons, and what a click on the
map does with the picks so far."""

from __future__ import annotations

from nile.core.intent import Offer, Refused, follow
from nile.games.age_of_steam.builder import Builder
from nile.games.age_of_steam.intent import (
    AgeOfSteamIntent,
    Count,
    GoodTarget,
    HexTarget,
    OptionTarget,
    PlaceTarget,
    Start,
    TileTarget,
    Toward,
    WayTarget,
)
from nile.games.age_of_steam.rules import AgeOfSteamState
from nile.games.age_of_steam.rules.actions import (
    Build,
    Deliver,
    EndBuild,
    IssueShares,
    PassMove,
    TakeAction,
)
from nile.games.age_of_steam.rules.phases import Phase

from .helpers import set_up

INTENT = AgeOfSteamIntent()


def _until(state: AgeOfSteamState, phase: str) -> AgeOfSteamState:
    """Play the first legal move (chance the first outcome) until `phase` comes up."""
    for _ in range(200):
        if state.phase == phase:
            return state
        state.apply(state.legal_actions()[0])
    raise AssertionError(f"no {phase} phase")


def test_an_action_tile_is_one_click_and_a_taken_one_says_so() -> None:
    state = _until(set_up("chile", 4), Phase.SELECT)
    seat = state.current_player
    assert seat is not None
    offer = INTENT.offer(state, seat, ())
    free = sorted(t.name for t in offer.lit if isinstance(t, TileTarget))
    assert free and offer.prompt.startswith("Choose an action tile")
    step = follow(INTENT, state, seat, (), TileTarget(free[0]))
    assert isinstance(step, Offer) and step.ready == TakeAction(free[0])
    state.apply(TakeAction(free[0]))
    other = state.current_player
    assert other is not None and other != seat
    assert "is taken this turn" in (INTENT.notice(state, TileTarget(free[0])) or "")
    assert follow(INTENT, state, other, (), TileTarget(free[0])) == Refused(None)


def test_shares_are_a_number_picked_stepped_typed_and_confirmed() -> None:
    state = Builder(4, map="chile").build()
    assert state.phase == Phase.SHARES
    offer = INTENT.offer(state, 0, ())
    assert offer.picked == (Count(0),) and offer.prompt.startswith("Issue shares?")
    less, more, issue = offer.choices
    assert not less.enabled and more.picks == (Count(1, True),)
    assert issue.action == IssueShares(0) and issue.label == "Issue none"
    stepped = INTENT.offer(state, 0, more.picks or ())
    assert stepped.choices[2].action == IssueShares(1) and "1 share:" in stepped.prompt
    typed = INTENT.typed(state, (Count(2),), 3)          # the first digit replaces
    assert typed == (Count(3, True),)
    assert INTENT.typed(state, typed, 1) == (Count(31, True),)   # then digits append
    assert INTENT.typed(state, (Count(31, True),), None) == (Count(3, True),)
    too_many = INTENT.offer(state, 0, (Count(31, True),))   # the rules' to refuse, not cut
    assert too_many.choices[2].action == IssueShares(31)
    room = max(a.count for a in state.legal_actions() if isinstance(a, IssueShares))
    fewer, more = too_many.choices[0], too_many.choices[1]   # a step brings it back within
    assert fewer.picks == more.picks == (Count(room, True),) and not more.enabled


def test_a_good_lights_its_destinations_and_one_way_there_is_ready() -> None:
    state = (Builder(4, map="chile")
             .path(0, ["Valparaiso", "1,16", "Santiago"])
             .path(1, ["Santiago", "1,17", "Rancagua"])
             .path(0, ["Rancagua", "1,19", "Talca"])
             .goods("Valparaiso", ["red"]).player(2, loco=3)
             .to_move(2, Phase.MOVE).build())
    [action] = [a for a in state.legal_actions() if isinstance(a, Deliver)]
    source = state.map.hex_at(action.source)
    first = INTENT.offer(state, 2, ())
    assert GoodTarget(source, "red") in first.lit
    assert [c.action for c in first.choices][-1] == PassMove()
    picked = INTENT.map_click(state, 2, (), source, (source, "red")).picks
    assert picked == (GoodTarget(source, "red"),)
    offer = INTENT.offer(state, 2, picked)
    [place] = [t for t in offer.lit if isinstance(t, PlaceTarget)]
    assert "click a ringed destination" in offer.prompt and offer.ready is None
    route = INTENT.route_of(state, action)
    assert route is not None
    to = INTENT.map_click(state, 2, picked, route.destination, None)
    assert to.target == place
    done = follow(INTENT, state, 2, picked, place)
    assert isinstance(done, Offer) and done.ready == action
    assert INTENT.targets(state, action)[2] == WayTarget(action)


def test_building_by_intent_plans_from_a_start_toward_a_target() -> None:
    state = Builder(4, map="cccp").to_move(0, Phase.BUILD).build()
    moskva = state.map.city_named("Moskva").hexes[0]
    gorkiy = state.map.city_named("Gorkiy").hexes[0]
    start = INTENT.map_click(state, 0, (), moskva, None)
    assert start.picks == (Start(moskva),)
    assert INTENT.offer(state, 0, start.picks).prompt.startswith("From Moskva")
    aimed = INTENT.map_click(state, 0, start.picks, gorkiy, None)
    assert aimed.picks is not None and not aimed.notice
    plan = INTENT.planned(state, aimed.picks)
    assert plan is not None and len(plan.builds) == 2 and plan.arrives
    first = plan.builds[0]
    assert aimed.picks == (Start(moskva), Toward(gorkiy), HexTarget(
        state.map.hex_at(first.hex_label)), OptionTarget(first))
    offer = INTENT.offer(state, 0, aimed.picks)
    assert offer.prompt.startswith("Toward Gorkiy: 2 tiles")
    build_all, end = offer.choices
    assert (build_all.action, build_all.then) == (first, plan.builds[1:])
    assert end.action == EndBuild() and end.label == "End build"
    after = state.clone()
    after.apply(first)  # a planned tile that does not arrive goes on toward the target
    onward = INTENT.after_build(after, aimed.picks, first, plan)
    assert onward[:2] == (Start(state.map.hex_at(first.hex_label)), Toward(gorkiy))


def test_a_hex_with_tiles_opens_the_picker_and_one_without_says_why() -> None:
    state = Builder(4, map="cccp").to_move(0, Phase.BUILD).build()
    offer = INTENT.offer(state, 0, ())
    hexes = sorted(t.hex for t in offer.lit if isinstance(t, HexTarget))
    assert hexes and INTENT.map_click(state, 0, (), hexes[0], None).open == hexes[0]
    options = [a for a in state.legal_actions() if isinstance(a, Build)
               and state.map.hex_at(a.hex_label) == hexes[0]]
    assert INTENT.targets(state, options[0]) == (HexTarget(hexes[0]), OptionTarget(options[0]))
    plain = state.map.hex_at("8,5")
    said = INTENT.map_click(state, 0, (), plain, None)
    assert said.picks is None and said.notice
    picked = (HexTarget(hexes[0]), OptionTarget(options[0]))
    assert INTENT.map_click(state, 0, picked, plain, None).aim == plain  # aims the picker
    assert INTENT.meant(state, 0, picked, HexTarget(plain)) is None

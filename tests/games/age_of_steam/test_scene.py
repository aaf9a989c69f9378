"""Age of Steam through its scene: rounds on every map played with synthetic mouse events.

The human seat does what the normal bot suggests, the way a person would: with the mouse
(buttons of the action bar, action tiles, hexes and the tile popup, goods cubes and the
cities they can reach). Animation is off and bots are instant, so a round takes a moment.
"""

from __future__ import annotations

import pygame
import pytest

from nile.ai.bots import hint
from nile.core.game import Action
from nile.core.session import Match, SeatConfig
from nile.games.age_of_steam import GAME_INFO
from nile.games.age_of_steam.rules.actions import (
    Bid,
    Build,
    CommunismExchange,
    CommunismPlace,
    Deliver,
    DropOut,
    EndBuild,
    FreePass,
    IssueShares,
    PassMove,
    PlaceGood,
    RaiseLocomotive,
    TakeAction,
    Urbanize,
)
from nile.games.age_of_steam.rules.build import hex_refusal
from nile.games.age_of_steam.rules.phases import Phase
from nile.games.age_of_steam.rules.state import AgeOfSteamState
from nile.games.age_of_steam.scene import AgeOfSteamScene
from nile.games.age_of_steam.shots import seats
from nile.games.age_of_steam.view import panel as panel_module
from nile.games.age_of_steam.view.panel import RowTarget, TileTarget
from nile.games.age_of_steam.view.popup import Part
from tests.games.age_of_steam import table
from tests.ui.harness import click, frames, instant_app, key, press_done, tick


def _on_panel(scene: AgeOfSteamScene, target: TileTarget | RowTarget) -> tuple[int, int]:
    """Where the boards drew `target` (an action tile or a display row), to click it."""
    rect = scene.panel.rect_of(target)
    assert rect is not None, target
    return rect.center


@pytest.fixture
def app():  # type: ignore[no-untyped-def]
    return instant_app()


def open_scene(app, match: Match) -> AgeOfSteamScene:  # type: ignore[no-untyped-def]
    scene = AgeOfSteamScene(app, match)
    app.push(scene)
    frames(app, 2)
    return scene


def bar(app, scene: AgeOfSteamScene, key_name: str) -> None:  # type: ignore[no-untyped-def]
    """Click the action bar's button with this key."""
    spec, element = scene.action_bar.context[key_name]
    assert spec.enabled, f"{key_name} is disabled"
    click(app, element.rect.center)


def centre(scene: AgeOfSteamScene, h: int) -> tuple[int, int]:
    x, y = scene.mv.hex_centre(h)
    return round(x), round(y)


def act_with_mouse(app, scene: AgeOfSteamScene, action: Action) -> None:  # type: ignore[no-untyped-def]
    """Perform `action` with the mouse (and the arrow keys in the tile popup)."""
    view = scene.aos
    if isinstance(action, IssueShares):
        for _ in range(action.count):
            bar(app, scene, "more")
        assert table.count(scene) == action.count
        bar(app, scene, "issue")
    elif isinstance(action, Bid):
        while table.count(scene) < action.amount:
            bar(app, scene, "more")
        while table.count(scene) > action.amount:
            bar(app, scene, "less")
        bar(app, scene, "bid")
    elif isinstance(action, DropOut):
        bar(app, scene, "drop")
    elif isinstance(action, FreePass):
        bar(app, scene, "pass")
    elif isinstance(action, TakeAction):
        click(app, _on_panel(scene, TileTarget(action.name)))
    elif isinstance(action, Build | Urbanize):
        choose_build(app, scene, action)
    elif isinstance(action, EndBuild):
        bar(app, scene, "end")
    elif isinstance(action, Deliver):
        deliver(app, scene, action)
    elif isinstance(action, RaiseLocomotive):
        bar(app, scene, "loco")
    elif isinstance(action, PassMove):
        bar(app, scene, "pass")
    elif isinstance(action, CommunismExchange):
        bar(app, scene, "swap")
    elif isinstance(action, CommunismPlace):
        click(app, centre(scene, view.map.hex_at(action.hex_label)))
    elif isinstance(action, PlaceGood):
        if action.row == "bag":
            bar(app, scene, "bag")
        else:
            click(app, _on_panel(scene, RowTarget(action.row)))
    else:
        raise AssertionError(f"no mouse gesture for {action}")


def choose_build(app, scene: AgeOfSteamScene, action: Build | Urbanize) -> None:  # type: ignore[no-untyped-def]
    h = scene.aos.map.hex_at(action.hex_label)
    click(app, centre(scene, h))
    controls = scene.pickers
    assert controls.build_hex == h and controls.build_popup is not None
    for _ in range(len(controls.build_options)):
        if controls.chosen_build() == action:
            break
        key(app, pygame.K_RIGHT)
    assert controls.chosen_build() == action
    click(app, controls.build_popup.hits.rect_of(Part.OK).center)


def deliver(app, scene: AgeOfSteamScene, action: Deliver) -> None:  # type: ignore[no-untyped-def]
    view = scene.aos
    source = view.map.hex_at(action.source)
    cube = next(c for c in scene.mv.cubes if c.hex == source and c.colour == action.colour)
    click(app, scene.mv.cube_rect(cube).center)
    controls = scene.pickers
    assert table.good(scene) == (source, action.colour)
    dest = next(d for d in table.dests(scene) if any(r.action == action for r in d.routes))
    click(app, centre(scene, dest.hexes[0]))
    if controls.dest_popup is not None:
        index = next(i for i, r in enumerate(controls.dest_routes) if r.action == action)
        frames(app)
        click(app, controls.dest_popup.row_rect(index).center)


def play_rounds(app, scene: AgeOfSteamScene, until_round: int) -> set[str]:  # type: ignore[no-untyped-def]
    """Play with the mouse for every human until `until_round` starts; the phases seen."""
    phases: set[str] = set()
    for _ in range(4000):
        state = scene.match.state
        assert isinstance(state, AgeOfSteamState)
        if state.is_terminal or state.round >= until_round:
            break
        if scene.accepting_input:
            action = hint(GAME_INFO, state, seed=scene.match.ply)
            before = len(scene.match.actions)
            phases.add(state.phase)
            act_with_mouse(app, scene, action)
            assert len(scene.match.actions) > before, [t.message for t in scene.toasts.items]
            assert scene.match.log[before].action == action
        else:
            frames(app, 2)
    return phases


@pytest.mark.parametrize("map_name,players,rounds", [("chile", 4, 3), ("cccp", 4, 3),
                                                     ("egypt", 3, 3)])
@pytest.mark.slow
def test_rounds_played_with_the_mouse(app, map_name: str, players: int, rounds: int) -> None:  # type: ignore[no-untyped-def]
    match = Match.new(GAME_INFO, seats(map_name, players), 21, {"map": map_name})
    scene = open_scene(app, match)
    phases = play_rounds(app, scene, rounds)
    assert scene.match.state.round >= rounds
    assert {"shares", "auction", "select", "build", "move"} <= phases
    assert scene.match.state.invariant_violations() == []


def test_build_popup_cycles_with_the_wheel_and_keys_and_cancels(app) -> None:  # type: ignore[no-untyped-def]
    match = Match.new(GAME_INFO, seats("cccp"), 3, {"map": "cccp"})
    scene = open_scene(app, match)
    for _ in range(400):
        if scene.accepting_input and scene.aos.phase == Phase.BUILD:
            break
        if scene.accepting_input:
            act_with_mouse(app, scene, hint(GAME_INFO, scene.match.state, scene.match.ply))
        else:
            frames(app, 2)
    by_hex = table.buildable(scene)
    h = max(by_hex, key=lambda x: len(by_hex[x]))
    assert len(by_hex[h]) > 1
    click(app, centre(scene, h))
    first = scene.pickers.chosen_build()
    pygame.mouse.set_pos(centre(scene, h))
    tick(app, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)])
    assert scene.pickers.chosen_build() != first
    key(app, pygame.K_LEFT)
    assert scene.pickers.chosen_build() == first
    assert scene.pickers.chosen_build() in scene.aos.legal_actions()
    zoom = scene.mv.zoom
    key(app, pygame.K_ESCAPE)
    assert scene.pickers.build_popup is None
    assert scene.mv.zoom == zoom and app.top is scene  # Esc cancelled, no menu


def test_wheel_zooms_at_the_cursor_and_fit_restores(app) -> None:  # type: ignore[no-untyped-def]
    scene = open_scene(app, Match.new(GAME_INFO, seats("egypt"), 2, {"map": "egypt"}))
    fitted = scene.mv.zoom
    spot = scene.mv.camera.viewport.center
    before = scene.mv.camera.to_world(spot)
    pygame.mouse.set_pos(spot)
    tick(app, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=2, flipped=False)])
    assert scene.mv.zoom > fitted
    after = scene.mv.camera.to_world(spot)
    assert abs(after[0] - before[0]) < 0.05 and abs(after[1] - before[1]) < 0.05
    key(app, pygame.K_f)
    assert scene.mv.zoom == fitted


def test_refusals_and_taken_tiles_change_nothing(app) -> None:  # type: ignore[no-untyped-def]
    match = Match.new(GAME_INFO, seats("chile", 4), 5, {"map": "chile"})
    scene = open_scene(app, match)
    for _ in range(400):
        state = scene.match.state
        if scene.accepting_input and state.phase == Phase.SELECT and any(state.actions):
            break
        if scene.accepting_input:
            act_with_mouse(app, scene, hint(GAME_INFO, state, scene.match.ply))
        else:
            frames(app, 2)
    taken = next(a for a in scene.aos.actions if a)
    before = len(scene.match.actions)
    click(app, _on_panel(scene, TileTarget(taken)))
    assert len(scene.match.actions) == before
    assert any("taken" in t.message for t in scene.toasts.items)


def test_cccp_kept_goods_are_never_drawn_for_another_human(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    people = [SeatConfig("Ann", "human", color=0), SeatConfig("Bo", "human", color=1),
              SeatConfig("Cy", "bot", color=2), SeatConfig("Di", "bot", color=3)]
    match = Match.new(GAME_INFO, people, 8, {"map": "cccp"})
    state = match.state
    assert isinstance(state, AgeOfSteamState)
    for seat, colour in ((0, "red"), (0, "black"), (1, "red")):
        take_good(state, colour)
        state.kept[seat][colour] += 1
    assert state.invariant_violations() == []
    drawn: list[tuple[int | None, int, dict[str, int], int]] = []
    real = panel_module._kept

    def spy(surface, rect, view, seat):  # type: ignore[no-untyped-def]
        drawn.append((view.viewer, seat, dict(view.kept[seat]), view.kept_hidden[seat]))
        real(surface, rect, view, seat)

    monkeypatch.setattr(panel_module, "_kept", spy)
    scene = open_scene(app, match)
    viewers: set[int] = set()
    covers = 0
    for _ in range(300):
        if scene.covered_for is not None:
            covers += 1
            mark = len(drawn)
            frames(app, 2)
            assert len(drawn) == mark  # nothing of the table under the cover
            key(app, pygame.K_RETURN)
        elif scene.handing_over is not None:
            press_done(app, scene)
        elif scene.accepting_input:
            viewers.add(scene.viewer)  # type: ignore[arg-type]
            act_with_mouse(app, scene, hint(GAME_INFO, scene.match.state, scene.match.ply))
        else:
            frames(app, 2)
        if viewers == {0, 1} and scene.match.state.phase == Phase.SELECT:
            break
    assert viewers == {0, 1} and covers >= 1
    for viewer, seat, kept, hidden in drawn:
        if viewer is not None and seat != viewer:
            assert kept == {"red": 0, "black": 0}
            assert hidden == (2 if seat == 0 else 1 if seat == 1 else 0)
    assert (0, 0, {"red": 1, "black": 1}, 0) in drawn
    assert (1, 1, {"red": 1, "black": 0}, 0) in drawn


def take_good(state: AgeOfSteamState, colour: str) -> None:
    """Take a good of `colour` from the bag, a city or the display (goods stay conserved)."""
    if state.bag.get(colour, 0) > 0:
        state.take_from_bag(colour)
        return
    for place in [*state.goods.values(), *state.display.values()]:
        if colour in place:
            place.remove(colour)
            return
    raise AssertionError(f"no {colour} good anywhere")


def test_egypt_two_humans_share_the_screen_without_a_cover(app) -> None:  # type: ignore[no-untyped-def]
    people = [SeatConfig("Ann", "human", color=0), SeatConfig("Bo", "human", color=2),
              SeatConfig("Cy", "bot", color=3)]
    scene = open_scene(app, Match.new(GAME_INFO, people, 4, {"map": "egypt"}))
    viewers = set()
    for _ in range(60):
        assert scene.covered_for is None
        if viewers == {0, 1}:
            break
        if scene.accepting_input:
            viewers.add(scene.viewer)
            act_with_mouse(app, scene, hint(GAME_INFO, scene.match.state, scene.match.ply))
        else:
            frames(app, 2)
    assert viewers == {0, 1}


def drive(app, scene: AgeOfSteamScene, stop, choose=None, limit: int = 600) -> None:  # type: ignore[no-untyped-def]
    """Humans play the hint (or `choose(state)` when it returns an action) until `stop`."""
    for _ in range(limit):
        state = scene.match.state
        if stop(state):
            frames(app, 2)  # the last move's (instant) animations end
            return
        if scene.accepting_input:
            action = (choose(state) if choose else None) or hint(GAME_INFO, state,
                                                                 scene.match.ply)
            act_with_mouse(app, scene, action)
        else:
            frames(app, 2)
    raise AssertionError("the position was not reached")


def test_communism_red_good_and_exchange_by_mouse(app) -> None:  # type: ignore[no-untyped-def]
    match = Match.new(GAME_INFO, seats("cccp"), 6, {"map": "cccp"})
    state = match.state
    assert isinstance(state, AgeOfSteamState)
    take_good(state, "black")
    state.kept[0]["black"] += 1
    scene = open_scene(app, match)

    def take_communism(s: AgeOfSteamState) -> Action | None:
        wanted = TakeAction("communism")
        return wanted if s.current_player == 0 and wanted in s.legal_actions() else None

    drive(app, scene, lambda s: s.phase == Phase.COMMUNISM and s.current_player == 0,
          take_communism)
    assert "swap" in scene.action_bar.context
    reserve = scene.aos.red_reserve
    bar(app, scene, "swap")
    after = scene.match.state
    assert isinstance(after, AgeOfSteamState)
    assert after.kept[0] == {"red": 1, "black": 0} and after.red_reserve == reserve - 1


def test_production_places_goods_on_clicked_rows(app) -> None:  # type: ignore[no-untyped-def]
    match = Match.new(GAME_INFO, seats("chile", 4), 9, {"map": "chile"})
    state = match.state
    assert isinstance(state, AgeOfSteamState)
    for row in ("light 1", "dark 6"):  # room on the display (the goods go back to the bag)
        colour = state.display[row].pop()
        state.bag[colour] += 1
    assert state.invariant_violations() == []
    scene = open_scene(app, match)

    def take_production(s: AgeOfSteamState) -> Action | None:
        wanted = TakeAction("production")
        return wanted if s.current_player == 0 and wanted in s.legal_actions() else None

    drive(app, scene, lambda s: s.phase == Phase.PRODUCTION and s.current_player == 0,
          take_production)
    rows = table.pickable_rows(scene)
    assert rows
    row = sorted(rows)[0]
    colour = scene.aos.production_hand[0]
    before = list(scene.aos.display[row])
    click(app, _on_panel(scene, RowTarget(row)))
    after = scene.match.state
    assert isinstance(after, AgeOfSteamState)
    assert after.display[row] == [*before, colour]


def test_a_click_where_nothing_can_be_built_explains(app) -> None:  # type: ignore[no-untyped-def]
    scene = open_scene(app, Match.new(GAME_INFO, seats("egypt"), 2, {"map": "egypt"}))
    drive(app, scene, lambda s: s.phase == Phase.BUILD and s.current_player == 0)
    buildable = table.buildable(scene)
    far = next(h for h in range(scene.aos.map.size) if h not in buildable
               and scene.aos.map.terrain[h] == "desert")
    before = len(scene.match.actions)
    click(app, centre(scene, far))
    assert len(scene.match.actions) == before and scene.pickers.build_popup is None
    reason = hex_refusal(scene.aos, far)
    assert reason.startswith("New track must go on from a city")
    assert any(t.message == reason for t in scene.toasts.items)


def test_the_hint_points_at_its_move_on_the_table(app) -> None:  # type: ignore[no-untyped-def]
    scene = open_scene(app, Match.new(GAME_INFO, seats("cccp"), 12, {"map": "cccp"}))
    seen: set[type] = set()
    for _ in range(400):
        state = scene.match.state
        if state.round >= 2 or len(seen) >= 6:
            break
        if not scene.accepting_input:
            frames(app, 2)
            continue
        key(app, pygame.K_h)
        action = hint(GAME_INFO, state, seed=scene.match.seed + scene.match.ply)
        assert any(t.message.startswith("Hint: ") for t in scene.toasts.items)
        controls = scene.pickers
        if isinstance(action, IssueShares):
            assert table.count(scene) == action.count
        elif isinstance(action, Bid):
            assert table.count(scene) == action.amount
        elif isinstance(action, Build | Urbanize):
            assert controls.chosen_build() == action
        elif isinstance(action, Deliver):
            assert controls.preview is not None and controls.preview.action == action
        elif isinstance(action, TakeAction):
            assert scene.hint_tile is not None and scene.hint_tile[0] == action.name
        seen.add(type(action))
        assert scene.submit(action)
        frames(app, 2)
    assert {IssueShares, TakeAction, Build} <= seen


def test_shares_and_bids_can_be_typed_and_a_count_too_high_is_refused_with_a_reason(
        app) -> None:  # type: ignore[no-untyped-def]
    """The first digit replaces the number shown, the next ones append; Backspace takes one
    back; a count beyond the rules is theirs to refuse (a toast with why), nothing played."""
    match = Match.new(GAME_INFO, tuple(seats("chile")), seed=5, options={"map": "chile"})
    scene = open_scene(app, match)
    while scene.aos.phase != Phase.SHARES or not scene.accepting_input:
        frames(app, 2)
    key(app, pygame.K_3)
    assert table.count(scene) == 3
    key(app, pygame.K_1)
    assert table.count(scene) == 31
    key(app, pygame.K_BACKSPACE)
    assert table.count(scene) == 3
    key(app, pygame.K_1)
    ply = scene.match.ply
    key(app, pygame.K_RETURN)
    frames(app, 2)
    assert scene.match.ply == ply and scene.toasts.items, "31 shares are refused"
    key(app, pygame.K_BACKSPACE)
    key(app, pygame.K_RETURN)
    frames(app, 2)
    assert scene.view.shares[0] == 2 + 3


def open_ways_list(app) -> AgeOfSteamScene:  # type: ignore[no-untyped-def]
    """An Egypt game played on by hints until a good has several ways to a city, with that
    city clicked: the list of ways is open."""
    from nile.games.age_of_steam.view import choices

    match = Match.new(GAME_INFO, seats("egypt", 3), 21, {"map": "egypt"})
    scene = open_scene(app, match)
    controls = scene.pickers
    for _ in range(4000):
        state = scene.match.state
        assert isinstance(state, AgeOfSteamState) and not state.is_terminal
        if not scene.accepting_input:
            frames(app, 2)
            continue
        if state.phase == Phase.MOVE:
            found = [(cube, dest) for cube in scene.mv.cubes
                     for dest in choices.destinations(scene.aos, cube.hex, cube.colour)
                     if len(dest.routes) > 1]
            if found:
                break
        act_with_mouse(app, scene, hint(GAME_INFO, state, seed=scene.match.ply))
    cube, dest = found[0]
    click(app, scene.mv.cube_rect(cube).center)
    click(app, centre(scene, dest.hexes[0]))
    assert controls.dest_popup is not None
    return scene


@pytest.mark.slow
def test_the_ways_to_deliver_are_taken_with_the_keys_and_the_bar_says_so(app) -> None:  # type: ignore[no-untyped-def]
    """With several ways to a city the list opens, the bottom bar says to pick one, and
    Down then Enter delivers by the second way (Enter did nothing before)."""
    scene = open_ways_list(app)
    controls = scene.pickers
    assert "pick a way in the list" in scene.action_bar.words()
    second = controls.dest_routes[1].action
    before = len(scene.match.actions)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert scene.match.log[before].action == second and controls.dest_popup is None


@pytest.mark.slow
def test_the_keys_choose_the_way_with_the_pointer_resting_on_the_list(app, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The pointer over the first way, Down then Enter still delivers by the second: the
    pointer selects a row when it moves, not every frame (Down was undone before, and
    Enter took the row under the pointer). The map draws the way Enter takes."""
    from nile.games.age_of_steam import scene as scene_module
    from nile.games.age_of_steam.view import choices

    scene = open_ways_list(app)
    controls = scene.pickers
    assert controls.dest_popup is not None
    frames(app)
    first = controls.dest_popup.row_rect(0)
    assert first is not None
    pygame.mouse.set_pos(first.center)
    tick(app, [pygame.event.Event(pygame.MOUSEMOTION, pos=first.center, rel=(0, 0),
                                  buttons=(0, 0, 0))])
    assert controls.dest_popup.selected == 0
    second = controls.dest_routes[1].action
    before = len(scene.match.actions)
    drawn: list[object] = []
    route = scene_module.overlay.route
    monkeypatch.setattr(scene_module.overlay, "route",
                        lambda surface, mv, links, *a, bold=True, **k:
                        (drawn.append(links) if bold else None,
                         route(surface, mv, links, *a, bold=bold, **k)))
    key(app, pygame.K_DOWN)
    frames(app, 2)
    assert controls.dest_popup.selected == 1
    assert drawn[-1] == choices.route_links(scene.aos, second)
    key(app, pygame.K_RETURN)
    assert scene.match.log[before].action == second and controls.dest_popup is None


def test_p_drops_out_of_the_turn_order_auction(app) -> None:  # type: ignore[no-untyped-def]
    """P drops out from the keyboard. No key did: with the high bid at all one's cash,
    Enter has nothing to bid and Drop out was mouse-only."""
    match = Match.new(GAME_INFO, seats("egypt", 3), 21, {"map": "egypt"})
    scene = open_scene(app, match)
    for _ in range(400):
        state = scene.match.state
        assert isinstance(state, AgeOfSteamState)
        if scene.accepting_input and state.phase == Phase.AUCTION:
            break
        if scene.accepting_input:
            act_with_mouse(app, scene, hint(GAME_INFO, state, seed=scene.match.ply))
        else:
            frames(app, 2)
    assert scene.input.may_drop_out()
    before = len(scene.match.actions)
    key(app, pygame.K_p)
    assert isinstance(scene.match.log[before].action, DropOut)


def test_a_city_without_a_ringed_good_says_why_by_name(app) -> None:  # type: ignore[no-untyped-def]
    """Moving goods, a click on a city whose goods cannot go anywhere only showed its
    tooltip: it says why, naming the place."""
    match = Match.new(GAME_INFO, seats("egypt", 3), 21, {"map": "egypt"})
    scene = open_scene(app, match)
    for _ in range(4000):
        state = scene.match.state
        assert isinstance(state, AgeOfSteamState) and not state.is_terminal
        if scene.accepting_input and state.phase == Phase.MOVE:
            break
        if not scene.accepting_input:
            frames(app, 2)
            continue
        act_with_mouse(app, scene, hint(GAME_INFO, state, seed=scene.match.ply))
    from nile.games.age_of_steam.rules.move import source_refusal

    view = scene.aos
    movable = {h for h, _ in table.movable(scene)}
    city = next(c for c in view.map.cities if not movable & set(c.hexes))
    h = city.hexes[0]
    before = len(scene.match.actions)
    click(app, centre(scene, h))
    said = [t.message for t in scene.toasts.items]
    assert source_refusal(view, h) in said and view.place_name(h) in said[-1]
    assert len(scene.match.actions) == before and table.good(scene) is None
    emptied = view.clone()  # an empty city says so; a flooded one says that
    emptied.goods[h] = []
    assert source_refusal(emptied, h) == f"{view.place_name(h)} has no goods to move."

"""The screen's pieces on their own: hex geometry, choosers' words, the end of a game and
its replay, CCCP's loser note on the results screen (AS-4)."""

from __future__ import annotations

import math

import pygame
import pytest

from nile.core.replay import Replay
from nile.core.session import Match, SeatConfig
from nile.games.age_of_steam import GAME_INFO
from nile.games.age_of_steam.builder import Builder
from nile.games.age_of_steam.rules.actions import Urbanize
from nile.games.age_of_steam.rules.hexes import opposite
from nile.games.age_of_steam.rules.mapdata import MAP_NAMES
from nile.games.age_of_steam.rules.phases import Phase
from nile.games.age_of_steam.rules.scoring import score_sheet
from nile.games.age_of_steam.scene import AgeOfSteamScene, MapButton
from nile.games.age_of_steam.shots import seats
from nile.games.age_of_steam.view import choices, review
from nile.games.age_of_steam.view import table as view_table
from nile.games.age_of_steam.view.geometry import geometry
from nile.ui.chrome.results import ResultsScene
from nile.ui.shots import play_bots_until
from tests.games.age_of_steam import table
from tests.ui.harness import frames, instant_app


@pytest.mark.parametrize("name", MAP_NAMES)
def test_every_hex_is_found_at_its_centre_and_neighbours_share_edges(name: str) -> None:
    geo = geometry(name)
    for h in range(geo.map.size):
        assert geo.hex_at(geo.centre(h)) == h
        for d, n in enumerate(geo.map.neighbours[h]):
            if n < 0:
                continue
            a, b = geo.edge_point(h, d), geo.edge_point(n, opposite(d))
            assert math.dist(a, b) < 1e-9
            inside = geo.edge_point(h, d, 0.05)
            assert geo.hex_at(inside) == h


def test_chile_lies_down_with_north_to_the_left() -> None:
    geo = geometry("chile")
    arica = geo.map.city_named("Arica").hexes[0]
    montt = geo.map.city_named("Puerto Montt").hexes[0]
    assert geo.turned and geo.centre(arica)[0] < geo.centre(montt)[0]
    left, top, right, bottom = geo.bounds
    assert right - left > 4 * (bottom - top)
    assert not geometry("egypt").turned and not geometry("cccp").turned


def test_build_and_route_words() -> None:
    state = (Builder(4, map="cccp")
             .path(1, ["Kiev", "2,8", "Odessa"])
             .goods("Kiev", ["yellow"])
             .to_move(0, Phase.MOVE).build())
    route = choices.offered_routes(state)[0]
    words = choices.describe_route(state, route, ["Ann", "Bo", "Cy", "Di"], 0)
    assert words == "Odessa: Bo +1 · 1 link"
    links = choices.route_links(state, route.action)
    assert [link.owner for link in links] == [1]
    assert links[0].hexes[0] == state.map.city_named("Kiev").hexes[0]
    assert links[0].hexes[-1] == state.map.city_named("Odessa").hexes[0]
    assert choices.describe_build(state, Urbanize("3,4", "B")) == "New city B (blue), free"
    state = Builder.from_state(state).to_move(0, Phase.BUILD).build()
    words = {choices.describe_build(state, a) for opts in choices.build_choices(state).values()
             for a in opts}
    assert "Straight track for $2" in words  # plain
    assert "Straight track for $3" in words  # river (AS-4)


def test_cccp_results_say_who_kept_what_and_why_the_loser_loses() -> None:
    state = Builder(4, map="cccp").build()
    state.phase = Phase.OVER
    state.kept = [{"red": 2, "black": 0}, {"red": 0, "black": 1}, {"red": 3, "black": 0},
                  {"red": 1, "black": 0}]
    notes = score_sheet(state).notes
    assert notes[0].startswith("Kept goods: {p0} 2 red, 0 black; {p1} 0 red, 1 black")
    assert notes[1].startswith("{p1} kept the fewest red goods (0) and loses (CCCP)")
    state.kept[3] = {"red": 0, "black": 2}
    assert score_sheet(state).notes[1].startswith(
        "{p3} kept the most black goods (2) of those with 0 red and loses")
    state.kept[3] = {"red": 0, "black": 1}
    assert "fewest links to red cities (0)" in score_sheet(state).notes[1]
    assert "{p1} and {p3}" in score_sheet(state).notes[1]
    assert score_sheet(Builder(4, map="chile").build()).notes == ()


@pytest.mark.slow
def test_a_finished_game_shows_results_and_replays() -> None:
    app = instant_app()
    bots = [SeatConfig(s.name, "bot", "normal", s.color) for s in seats("egypt", 3)]
    match = Match.new(GAME_INFO, bots, 4, {"map": "egypt"})
    play_bots_until(match, lambda s: False, limit=20000)
    assert match.state.is_terminal
    scene = AgeOfSteamScene(app, match)
    app.push(scene)
    frames(app, 3)
    assert isinstance(app.top, ResultsScene)
    replay = Replay(match.info, match.seats, match.seed, match.options, list(match.actions))
    watcher = AgeOfSteamScene(app, match, replay=replay)
    app.push(watcher)
    for position in (0, replay.length // 2, replay.length):
        watcher.seek(position)
        frames(app, 2)
    assert watcher.aos.is_terminal



def test_action_tiles_show_only_this_turns_owners() -> None:
    """During the next turn's shares and auction last turn's tiles are back on the table:
    no owner shows on the tiles, the players' boards or their hover."""
    import pygame

    from nile.games.age_of_steam.view import panel as panel_module
    from nile.games.age_of_steam.view import tips
    from nile.ui import theme

    instant_app()
    match = Match.new(GAME_INFO, seats("chile"), 7, {"map": "chile"})
    play_bots_until(match, lambda s: s.round == 2 and s.phase == Phase.AUCTION)
    state = match.state.observation(0)
    assert any(state.actions)                       # the engine still remembers them
    names = ["A", "B", "C", "D", "E"]
    info = panel_module.PanelInfo(names, [theme.player_color(i) for i in range(5)], 0)
    cleared = state.clone()
    cleared.actions = [""] * state.players
    images = []
    for view in (state, cleared):
        surface = pygame.Surface((1280, 800))
        panel_module.Panel().draw(surface, pygame.Rect(0, 400, 1280, 340), "bottom", view, info)
        images.append(pygame.image.tobytes(surface, "RGB"))
    assert images[0] == images[1]
    assert not any(line.startswith("Action tile") for s in range(state.players)
                   for line in tips.player_lines(state, s, names))
    play_bots_until(match, lambda s: s.phase == Phase.BUILD)
    after = match.state
    assert [after.tile_held(s) for s in range(after.players)] == after.actions


def test_a_flooded_hex_is_washed_whole_to_its_corners() -> None:
    """Which hex floods reads at a glance: the wash reaches every corner of the hex, not
    a disc or an inset shape."""
    from nile.games.age_of_steam.builder import Builder
    from nile.games.age_of_steam.view.mapview import MapView

    instant_app()
    view = MapView("egypt")
    view.camera.zoom = 30.0
    dry, wet = Builder(3, map="egypt").round(2).build(), Builder(3, map="egypt").round(1).build()
    h = next(h for h in sorted(wet.map.nile_west)
             if wet.map.terrain[h] == "plain" and h not in wet.map.nile_east)
    layers = [view._board(state, version).copy() for version, state in enumerate((dry, wet))]
    for x, y in view.geo.corners(h, 0.93):
        px = [round(v) for v in view._px((x, y))]
        assert layers[0].get_at(px) != layers[1].get_at(px)


@pytest.mark.slow
def test_the_track_button_picks_out_each_players_track_in_turn() -> None:
    """'Track: all' → each player → all; the chosen player's track stands out."""
    from nile.games.age_of_steam.shots import busy_of
    from tests.ui.harness import click

    app = instant_app()
    busy_of("chile")(app)
    frames(app, 2)
    scene = app.top
    assert isinstance(scene, AgeOfSteamScene)
    plain = app.screen.copy()
    button = next(b.rect.center for b in scene.map_buttons.buttons if b.label.startswith("Track"))
    seen = []
    for _ in range(scene.match.state.num_players + 1):
        click(app, button)
        seen.append(scene.links_of)
    assert seen == [*range(scene.match.state.num_players), None]
    click(app, button)
    frames(app, 1)
    picked = app.screen.copy()
    seg = next(s for s in scene.aos.network().segments if s.owner == 0)
    h, t = seg.tracks[0]
    from nile.games.age_of_steam.view import track

    mid = [round(v) for v in scene.mv.screen(track.midpoint(track.curve(scene.mv.geo, h, t)))]
    far = [round(v) for v in scene.mv.hex_centre(scene.aos.map.cities[0].hexes[0])]
    assert picked.get_at(far) != plain.get_at(far)          # the rest is veiled
    assert picked.get_at(mid)[:3] == scene.color(0).rgb      # the player's own track shows


def test_a_wide_board_shows_each_players_score_if_the_game_ended_now() -> None:
    from nile.games.age_of_steam.rules.scoring import final_score, track_tiles
    from nile.games.age_of_steam.view import panel as panel_module

    match = Match.new(GAME_INFO, seats("chile"), 7, {"map": "chile"})
    play_bots_until(match, lambda s: s.round == 3 and s.phase == Phase.MOVE)
    state = match.state
    for seat in range(state.players):
        expected = final_score(state.income[seat], state.shares[seat], track_tiles(state, seat))
        assert panel_module.score_now(state, seat) == expected
    before = panel_module.signature(state)
    changed = state.clone()
    changed.income[0] += 1
    assert panel_module.signature(changed) != before     # the row is drawn again


def test_a_persons_build_turn_waits_for_done_with_a_review_of_what_was_built() -> None:
    """AS-16: after the last tile the turn waits; the bar and a card on the map say what
    was built, for how much and which links it completed; Done (E) ends it."""
    from nile.games.age_of_steam.rules.actions import Build
    from nile.games.age_of_steam.rules.build import max_builds
    from tests.ui.harness import key

    app = instant_app()
    match = Match.new(GAME_INFO, seats("chile", 4), 7, {"map": "chile"})
    play_bots_until(match, lambda s: s.phase == Phase.BUILD and s.current_player == 0)
    scene = AgeOfSteamScene(app, match)
    app.push(scene)
    frames(app, 2)
    state = match.state
    link = Build("lay", "1,16", "straight", 2)
    assert link in state.legal_actions(), "Santiago – Valparaiso is open in this game"
    assert scene.submit(link)
    while match.state.builds_done < max_builds(match.state, 0):
        assert scene.submit(next(a for a in match.state.legal_actions()
                                        if isinstance(a, Build)))
    frames(app, 2)
    assert match.state.current_player == 0 and match.state.phase == Phase.BUILD
    assert scene.action_bar.prompt.startswith(f"Built {max_builds(match.state, 0)} tiles for $")
    prompt = scene.action_bar.prompt
    assert "Santiago – Valparaiso" in prompt and "press Done" in prompt
    assert scene.review_rect is not None and scene.mv.camera.viewport.contains(
        scene.review_rect)
    for label in ("Fit", "+", "−", "Track: all"):
        button = scene.hits.rect_of(MapButton(label))
        assert button is not None and not button.colliderect(scene.review_rect), label
    done = table.build_review(scene)
    assert done is not None and len(done.tiles) == max_builds(match.state, 0)
    assert done.cost == sum(t.cost for t in done.tiles) > 0
    key(app, pygame.K_e)
    frames(app, 2)
    assert match.state.current_player != 0 or match.state.phase != Phase.BUILD


def test_the_review_card_keeps_clear_of_the_map_buttons() -> None:
    """A corner that hides the Track button loses to one that only covers a built hex:
    a card over a button would hide what the button does."""
    area = pygame.Rect(0, 0, 900, 600)
    size = (330, 120)
    top_right, bottom_right, *_ = review.corners(area, size)
    track = pygame.Rect(bottom_right.right - 150, bottom_right.bottom + 4, 150, 26)
    assert not track.colliderect(bottom_right)  # the button sits below that corner...
    track = track.move(0, -40)                     # ...until the corner reaches it
    built = [top_right.inflate(-200, -60)]         # a tile laid under the top-right corner
    assert review.corner_for(area, size, built) == bottom_right
    chosen = review.corner_for(area, size, built, buttons=[track])
    assert not chosen.colliderect(track)


def test_the_review_follows_undo() -> None:
    """The review reads the log: a tile taken back leaves it."""
    from nile.games.age_of_steam.rules.actions import Build
    from nile.games.age_of_steam.view import review

    match = Match.new(GAME_INFO, seats("chile", 4), 7, {"map": "chile"})
    play_bots_until(match, lambda s: s.phase == Phase.BUILD and s.current_player == 0)
    match.play(Build("lay", "1,16", "straight", 2))
    assert len(review.this_turn(match.log, 0)) == 1
    match.undo()
    assert review.this_turn(match.log, 0) == []


def test_with_the_picker_open_a_click_where_nothing_is_built_aims_the_track() -> None:
    from nile.games.age_of_steam.view import choices
    from tests.ui.harness import click

    app = instant_app()
    match = Match.new(GAME_INFO, seats("cccp"), 3, {"map": "cccp"})
    play_bots_until(match, lambda s: s.phase == Phase.BUILD and s.current_player == 0)
    scene = AgeOfSteamScene(app, match)
    app.push(scene)
    frames(app, 2)
    view = scene.aos
    by_hex = table.buildable(scene)
    for h, options in sorted(by_hex.items()):
        _, effects = choices.by_use(view, options)
        targets = [r for e in effects[1:] for r in e.reaches
                   if r >= 0 and r not in by_hex and r != h]
        if targets and scene.mv.camera.viewport.collidepoint(scene.mv.hex_centre(targets[0])):
            break
    else:
        raise AssertionError("no hex with somewhere else to aim at")
    click(app, tuple(round(v) for v in scene.mv.hex_centre(h)))
    popup = scene.pickers.build_popup
    assert popup is not None
    target = targets[0]
    click(app, tuple(round(v) for v in scene.mv.hex_centre(target)))
    assert scene.pickers.build_popup is popup               # still open, now aimed
    chosen = scene.pickers.build_effects[popup.index]
    assert chosen == scene.pickers.build_effects[
        choices.aim(view, scene.pickers.build_effects, target)]
    assert target in chosen.reaches or chosen.rank == 0       # it gets there


def test_a_narrow_board_row_shows_the_score_now_in_short() -> None:
    from unittest import mock

    import pygame

    from nile.games.age_of_steam.builder import Builder
    from nile.games.age_of_steam.view import panel as panel_module
    from nile.ui import text, theme

    instant_app()
    state = Builder(3, map="egypt").build()
    state.income[0], state.shares[0] = 9, 4            # 27 - 12 = 15 points now
    row = pygame.Rect(0, 0, 268, 46)
    surface = pygame.Surface(row.size)
    used = panel_module._score_words(surface, row, state, 0)
    assert used == text.render("15 pts", 13, theme.MUTED).get_width() + 8
    wide = pygame.Rect(0, 0, 620, 46)
    used = panel_module._score_words(pygame.Surface(wide.size), wide, state, 0)
    expected = text.render("15 points if the game ended now", 13, theme.MUTED).get_width()
    assert used == expected + 8
    for score in (-1, 1):  # "-1 points" read wrong
        with mock.patch.object(panel_module, "score_now", return_value=score):
            used = panel_module._score_words(pygame.Surface(wide.size), wide, state, 0)
        label = f"{score} point if the game ended now"
        assert used == text.render(label, 13, theme.MUTED).get_width() + 8


@pytest.mark.slow
def test_destination_tags_and_routes_leave_every_name_readable() -> None:
    """Choosing a good to move: the '+1 · 2 ways' tags sit beside their cities on no
    name, and names along the routes are drawn over the route lines."""
    from nile.games.age_of_steam.shots import SHOTS

    app = instant_app()
    SHOTS["deliver"](app)
    frames(app, 2)
    scene = app.top
    assert isinstance(scene, AgeOfSteamScene) and table.dests(scene)
    assert len(scene.tag_rects) == len(table.dests(scene))
    names = scene.mv.name_rects()
    for tag in scene.tag_rects:
        assert tag.collidelist(names) < 0


def test_the_review_card_never_blocks_the_map() -> None:
    """The card takes the corner of the map covering the least of this turn's tiles and
    the hexes still open (on a crowded map none may be clear), and a click where it lies
    reaches the map (the card steps aside while the mouse is on it)."""
    from nile.games.age_of_steam.rules.actions import Build

    app = instant_app()
    match = Match.new(GAME_INFO, seats("cccp"), 3, {"map": "cccp"})
    play_bots_until(match, lambda s: s.phase == Phase.BUILD and s.current_player == 0)
    scene = AgeOfSteamScene(app, match)
    app.push(scene)
    frames(app, 2)
    assert scene.submit(next(a for a in match.state.legal_actions()
                                    if isinstance(a, Build)))
    frames(app, 2)
    card = scene.review_rect
    assert card is not None
    done = table.build_review(scene)
    assert done is not None
    built = [scene.aos.map.hex_at(e.hex_label) for e in done.tiles]
    open_hexes = [view_table.hex_box(scene.mv, h) for h in [*built, *table.buildable(scene)]]

    def covered(rect: pygame.Rect) -> int:
        return sum(rect.clip(r).width * rect.clip(r).height for r in open_hexes)

    others = review.corners(scene.areas()["map"], card.size)
    assert card in others and covered(card) <= min(covered(r) for r in others)
    toasts = len(scene.toasts.items)
    scene.mouse = card.center
    frames(app, 1)
    assert scene.input.click(card.center)
    assert (scene.pickers.build_popup is not None or table.start(scene) >= 0
            or len(scene.toasts.items) > toasts)

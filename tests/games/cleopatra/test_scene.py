"""Cleopatra's Caboose through its scene: whole games played with synthetic clicks.

Ann's moves are chosen from the legal actions, then made the way a person would: cards
in the hand clicked first, then the track, city or display card, then the row of the
list of variants when one opens. Every move must go through (no refusal toast).
"""

from __future__ import annotations

import random

import pygame
import pytest

from nile.core.game import Action
from nile.core.session import Match, SeatConfig
from nile.games.cleopatra import GAME_INFO, intent
from nile.games.cleopatra.rules import CleopatraState
from nile.games.cleopatra.rules.actions import (
    Bid,
    BuildPyramid,
    DrawCityCards,
    EndTurn,
    Pass,
    ShipFruit,
    StartBuilding,
)
from nile.games.cleopatra.rules.data import game_data
from nile.games.cleopatra.rules.hidden import secret_part
from nile.games.cleopatra.rules.phases import UNKNOWN, Phase
from nile.games.cleopatra.scene import CleopatraScene
from nile.games.cleopatra.view import choices, table
from nile.ui.chrome.results import ResultsScene
from tests.ui.harness import click, frames, hand_over, instant_app, key, press, press_done

D = game_data()
ANN_AND_TWO_BOTS = (
    SeatConfig("Ann"),
    SeatConfig("Bo", "bot", "easy", 1),
    SeatConfig("Cy", "bot", "easy", 2),
)
"""One person and two easy bots: the table most of these tests play at."""


@pytest.fixture
def app():  # type: ignore[no-untyped-def]
    return instant_app()


def open_scene(app, seats, seed: int) -> CleopatraScene:  # type: ignore[no-untyped-def]
    scene = CleopatraScene(app, Match.new(GAME_INFO, seats, seed))
    app.push(scene)
    frames(app, 2)
    return scene


def point(scene: CleopatraScene, target: choices.Target) -> tuple[int, int]:
    """A point that hits `target` (the visible left edge of an overlapped hand card)."""
    rect = scene.table_hits().rect_of(target)
    assert rect is not None, f"{target} is not drawn"
    return (rect.left + 5, rect.centery) if target[0] in choices.HAND_KINDS else rect.center


def choose_row(app, scene: CleopatraScene, action: Action) -> None:  # type: ignore[no-untyped-def]
    assert scene.popup is not None, f"no list open for {action}"
    frames(app)
    index = scene.popup.actions.index(action)
    while index >= scene.popup.scroll + len(scene.popup.row_rects):
        scene.popup.wheel(-1)
        frames(app)
    box = next(r for i, r in scene.popup.row_rects if i == index)
    click(app, box.center)


def act_with_mouse(app, scene: CleopatraScene, action: Action) -> None:  # type: ignore[no-untyped-def]
    state = scene.cs
    if isinstance(action, Bid):
        while scene.bid < action.amount:
            press(app, scene, "+")
        press(app, scene, f"Bid {action.amount}")
        return
    if isinstance(action, Pass):
        press(app, scene, "Pass")
        return
    if isinstance(action, EndTurn):
        press(app, scene, "End turn")
        return
    found = intent.targets(action)
    if state.pending:
        if scene.popup is not None and len(scene.popup.actions) > 1 and found[0][0] == "city":
            click(app, point(scene, found[0]))
        else:
            click(app, point(scene, found[0]))
        return
    for target in found:
        if target[0] in choices.HAND_KINDS:
            click(app, point(scene, target))
            assert target in scene.picked, (target, scene.toasts.items)
    main = next(t for t in found if t[0] not in choices.HAND_KINDS)
    click(app, point(scene, main))
    if scene.popup is not None and len(scene.match.actions) == scene._moves_before:
        choose_row(app, scene, action)


def pick(rng: random.Random, state: CleopatraState) -> Action:
    legal = state.legal_actions()
    if state.phase == Phase.AUCTION:
        bids = [a for a in legal if isinstance(a, Bid)]
        return bids[0] if bids and rng.random() < 0.5 else Pass()
    rich = [a for a in legal if not isinstance(a, DrawCityCards | EndTurn)]
    if rich and rng.random() < 0.8:
        return rng.choice(rich)
    return rng.choice(legal)


def play_game(app, scene: CleopatraScene, seed: int) -> int:  # type: ignore[no-untyped-def]
    rng = random.Random(seed)
    moves = 0
    kinds: set[str] = set()
    for _ in range(4000):
        if scene.match.state.is_terminal:
            break
        if scene.covered_for is not None or scene.handing_over is not None:
            hand_over(app, scene)
            continue
        if not scene.accepting_input:
            frames(app, 2)
            continue
        action = pick(rng, scene.cs)
        scene._moves_before = len(scene.match.actions)
        act_with_mouse(app, scene, action)
        assert len(scene.match.actions) > scene._moves_before, (action, scene.toasts.items)
        kinds.add(type(action).__name__)
        moves += 1
        frames(app)
    frames(app, 5)
    assert scene.match.state.is_terminal
    assert isinstance(app.top, ResultsScene)
    return moves, kinds


@pytest.mark.slow
def test_a_whole_game_through_the_scene(app) -> None:  # type: ignore[no-untyped-def]
    seats = ANN_AND_TWO_BOTS
    scene = open_scene(app, seats, seed=12)
    moves, kinds = play_game(app, scene, seed=1)
    assert moves > 30
    assert {"ChooseGod", "TakeCard", "ConstructTrack", "EndTurn"} <= kinds
    state = scene.cs
    assert state.final_rows and scene.motion.scoring_shown == len(state.final_rows)


@pytest.mark.slow
def test_five_players_all_human_fit_and_play(app) -> None:  # type: ignore[no-untyped-def]
    """Five humans passing the screen: every move by mouse, the cover between them."""
    seats = tuple(SeatConfig(n, color=i) for i, n in enumerate(("An", "Bo", "Cy", "Di", "Ed")))
    scene = open_scene(app, seats, seed=3)
    moves, kinds = play_game(app, scene, seed=2)
    assert moves > 80 and {"StartBuilding", "ShipFruit"} & kinds


def test_hidden_hand_not_drawn_for_the_other_human(app) -> None:  # type: ignore[no-untyped-def]
    seats = (SeatConfig("Ann"), SeatConfig("Bo", color=1), SeatConfig("Cy", "bot", "easy", 2))
    scene = open_scene(app, seats, seed=9)
    assert scene.viewer is None and scene.covered_for is not None  # nobody's hand yet
    hand_over(app, scene)
    true = scene.match.state
    assert isinstance(true, CleopatraState)
    first = scene.viewer
    assert first is not None
    other = 1 - first
    drawn = set(scene.table_hits().targets())
    secret = secret_part(true.city_hand[other], true.city_known[other])
    assert secret and all(("hand_city", c) in drawn for c in true.city_hand[first])
    assert scene.cs.city_hand[other].count(UNKNOWN) == len(secret)
    assert not any(
        card in scene.cs.city_hand[other] for card in secret if card not in true.city_hand[first]
    )
    # play on until the view would pass to the other human: the cover hides the table
    for _ in range(200):
        if scene.covered_for is not None:
            break
        press_done(app, scene)
        if scene.accepting_input:
            press(app, scene, "Pass") if scene.cs.phase == Phase.AUCTION else None
        frames(app, 2)
    assert scene.covered_for == other
    frames(app)
    key(app, pygame.K_RETURN)
    frames(app, 2)
    assert scene.viewer == other
    drawn = set(scene.table_hits().targets())
    assert all(("hand_city", c) in drawn for c in scene.match.state.city_hand[other])
    mine = secret_part(true.city_hand[first], true.city_known[first])
    assert not any(
        ("hand_city", c) in drawn for c in mine if c not in scene.match.state.city_hand[other]
    )


def advance_to(app, scene: CleopatraScene, phase: int) -> None:  # type: ignore[no-untyped-def]
    rng = random.Random(0)
    for _ in range(500):
        state = scene.cs
        if scene.accepting_input and state.phase == phase and not state.picks_left:
            return
        if scene.accepting_input:
            scene._moves_before = len(scene.match.actions)
            act_with_mouse(app, scene, pick(rng, state))
        frames(app, 2)
    raise AssertionError("phase not reached")


def test_auction_keys_and_gods_by_click(app) -> None:  # type: ignore[no-untyped-def]
    seats = ANN_AND_TWO_BOTS
    scene = open_scene(app, seats, seed=5)
    advance_to(app, scene, Phase.AUCTION)
    high = scene.cs.high_bid
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)
    assert scene.bid == high + 3  # the least raise, then two more
    key(app, pygame.K_DOWN)
    before = len(scene.match.actions)
    key(app, pygame.K_RETURN)
    frames(app, 2)
    assert scene.match.actions[before] == Bid(high + 2).to_str()
    advance_to(app, scene, Phase.GODS)
    taken = [g for g in scene.cs.gods if g >= 0]
    if taken:  # a god already chosen: refused with the engine's reason
        click(app, point(scene, ("god", taken[0])))
        assert "already been chosen" in scene.toasts.items[-1].message
    free = next(g for g in range(len(D.gods)) if g not in taken)
    click(app, point(scene, ("god", free)))
    assert scene.match.state.gods[0] == free


def test_refusals_show_the_engines_reason(app) -> None:  # type: ignore[no-untyped-def]
    seats = ANN_AND_TWO_BOTS
    scene = open_scene(app, seats, seed=7)
    advance_to(app, scene, Phase.ACTIONS)
    state = scene.cs
    before = len(scene.match.actions)
    fruity = next(c for c in range(len(D.cities)) if state.city_has_fruit(c))
    click(app, point(scene, ("city", fruity)))
    if scene.popup is None:  # nothing of Ann's fits there: the pyramid refusal is shown
        assert "still has fruit" in scene.toasts.items[-1].message
    if scene.popup is not None:
        key(app, pygame.K_ESCAPE)
    usable = [
        t
        for t in scene.table_hits().targets()
        if intent.matching(scene.legal, [t]) and t[0] in choices.HAND_KINDS
    ]
    if usable:
        click(app, point(scene, usable[0]))
        assert scene.picked == (usable[0],)
        key(app, pygame.K_ESCAPE)
    assert scene.popup is None and not scene.picked and app.top is scene
    press(app, scene, "End turn")
    assert "to take; the turn ends only when" in scene.toasts.items[-1].message
    assert len(scene.match.actions) == before


def test_building_lists_the_cheapest_first_with_routes(app) -> None:  # type: ignore[no-untyped-def]
    from nile.games.cleopatra import shots

    shots.building(app)
    frames(app, 2)
    scene = app.top
    assert isinstance(scene, CleopatraScene)
    state = scene.cs
    marks, _ = table.marks(scene.table_view())
    if state.pending:  # the sources of the next fruit, cheapest first, proposal drawn
        assert scene.popup is not None and scene.popup.selected == 0
        assert scene.popup.actions == state.legal_actions()
        assert marks.cities or any(a.source for a in scene.popup.actions)
    else:  # several buildings: listed, the first proposed with its routes
        assert scene.popup is not None
        assert all(isinstance(a, StartBuilding) for a in scene.popup.actions)


def test_shipping_sources_are_lit(app) -> None:  # type: ignore[no-untyped-def]
    from nile.games.cleopatra import shots

    shots.sources(app)
    frames(app, 2)
    scene = app.top
    assert isinstance(scene, CleopatraScene)
    marks, _ = table.marks(scene.table_view())
    ships = [a for a in scene._options() if isinstance(a, ShipFruit)]
    assert ships and {a.source for a in ships} <= marks.cities
    assert marks.proposal and marks.proposal[0][0] in marks.proposal_cities


def test_pyramid_variants_cheapest_first(app) -> None:  # type: ignore[no-untyped-def]
    seats = ANN_AND_TWO_BOTS
    scene = open_scene(app, seats, seed=21)
    rng = random.Random(3)
    for _ in range(800):
        legal = scene.legal
        pyramids = [a for a in legal if isinstance(a, BuildPyramid)]
        if scene.accepting_input and pyramids and len({a.bonus for a in pyramids}) > 1:
            city = pyramids[0].city
            click(app, point(scene, ("city", city)))
            assert scene.popup is not None
            costs = [a.bonus for a in scene.popup.actions if isinstance(a, BuildPyramid)]
            assert costs == sorted(costs)
            return
        if scene.match.state.is_terminal:
            break
        if scene.accepting_input:
            scene._moves_before = len(scene.match.actions)
            act_with_mouse(app, scene, pick(rng, scene.cs))
        frames(app, 2)
    pytest.skip("no pyramid choice came up in this game")


@pytest.mark.slow
def test_bots_only_game_replay_and_scoring_table(app) -> None:  # type: ignore[no-untyped-def]
    """A game of bots watched (no hands drawn), its results, then its replay."""
    from nile.core.replay import Replay

    bots = [SeatConfig(n, "bot", "easy", i) for i, n in enumerate(("Bo", "Cy", "Di"))]
    scene = open_scene(app, bots, seed=8)
    assert scene.viewer is None and not scene.hand.keys
    assert not any(t[0] in choices.HAND_KINDS for t in scene.table_hits().targets())
    for _ in range(3000):
        if isinstance(app.top, ResultsScene):
            break
        frames(app, 3)
    assert scene.match.state.is_terminal and isinstance(app.top, ResultsScene)
    assert scene.motion.scoring_shown == len(scene.cs.final_rows) == 16  # 12 cities and the rest
    match = scene.match
    replay = Replay(match.info, match.seats, match.seed, match.options, list(match.actions))
    watcher = CleopatraScene(app, match, replay=replay)
    app.push(watcher)
    for position in (0, replay.length // 3, replay.length // 2, replay.length):
        watcher.seek(position)
        frames(app, 2)
    assert watcher.cs.is_terminal


def test_hint_points_at_the_move(app) -> None:  # type: ignore[no-untyped-def]
    seats = ANN_AND_TWO_BOTS
    scene = open_scene(app, seats, seed=7)
    advance_to(app, scene, Phase.ACTIONS)
    key(app, pygame.K_h)
    assert scene.toasts.items[-1].message.startswith("Hint: ")
    assert scene.picked or scene.motion.flashes


def test_a_building_under_way_can_be_taken_back(app) -> None:  # type: ignore[no-untyped-def]
    from nile.games.cleopatra import shots

    shots.building(app)
    frames(app, 2)
    scene = app.top
    assert isinstance(scene, CleopatraScene)
    if not scene.cs.pending:
        pytest.skip("the shot's building was completed at once")
    key(app, pygame.K_z, pygame.KMOD_CTRL)
    frames(app, 2)
    assert not scene.match.state.pending and scene.popup is None


def test_a_bid_can_be_typed(app) -> None:  # type: ignore[no-untyped-def]
    """The first digit replaces the proposed bid, the next append, Backspace takes one back;
    a bid beyond your Florin is refused with the rules' reason and nothing is played."""
    seats = ANN_AND_TWO_BOTS
    scene = open_scene(app, seats, seed=5)
    advance_to(app, scene, Phase.AUCTION)
    key(app, pygame.K_4)
    key(app, pygame.K_0)
    assert scene.bid == 40
    before = len(scene.match.actions)
    key(app, pygame.K_RETURN)
    frames(app, 2)
    assert len(scene.match.actions) == before and scene.toasts.items
    key(app, pygame.K_BACKSPACE)
    assert scene.bid == 4
    key(app, pygame.K_RETURN)
    frames(app, 2)
    assert len(scene.match.actions) > before


def test_a_digit_typed_after_a_hinted_bid_replaces_it(app) -> None:  # type: ignore[no-untyped-def]
    """The hint proposes a bid; the first digit typed then replaces it, as it replaces the
    bid first proposed, rather than being appended to the hinted amount."""
    seats = ANN_AND_TWO_BOTS
    scene = open_scene(app, seats, seed=5)
    advance_to(app, scene, Phase.AUCTION)
    scene.show_hint(Bid(3))
    key(app, pygame.K_2)
    assert scene.bid == 2


def test_the_bar_says_how_to_pick_while_the_list_of_choices_is_open(app) -> None:  # type: ignore[no-untyped-def]
    """With every choice listed (O) the bottom bar says how to pick one, not the
    'click a card in your hand…' of the table under the list; Esc brings that back."""
    seats = ANN_AND_TWO_BOTS
    scene = open_scene(app, seats, seed=7)
    advance_to(app, scene, Phase.ACTIONS)
    key(app, pygame.K_o)
    assert scene.popup is not None
    assert scene.action_bar.words().startswith("Pick one in the list")
    key(app, pygame.K_ESCAPE)
    assert scene.popup is None and not scene.action_bar.words().startswith("Pick one")


def test_clicking_off_the_list_of_choices_closes_it_and_the_bar_says_so(app) -> None:  # type: ignore[no-untyped-def]
    """A click on the table away from the list closes it, and the bar stops saying
    'Pick one in the list…' (it kept saying so before)."""
    seats = ANN_AND_TWO_BOTS
    scene = open_scene(app, seats, seed=7)
    advance_to(app, scene, Phase.ACTIONS)
    key(app, pygame.K_o)
    frames(app)
    assert scene.popup is not None
    popup = scene.popup
    area = scene.board_rect
    spot = next((x, y) for y in range(area.top + 4, area.bottom, 12)
                for x in range(area.left + 4, area.right, 12)
                if scene.on_table((x, y)) and popup.hit((x, y)) == -1
                and scene.target_at((x, y)) is None)
    click(app, spot)
    assert scene.popup is None
    assert not scene.action_bar.words().startswith("Pick one")

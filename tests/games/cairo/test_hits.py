"""Cairo's clicks go through the hit maps filled while the table is drawn.

The scene's map: the board, each block's top face (the tooltip), the rings of blocks that
may be taken back, the influence switch. The pyramid window's own map: the board and the
magnified window as views to place in, the window's frame, the ringed stones in both views
and the rows of the colour order. A click acts on what was drawn where it landed.
"""

from __future__ import annotations

import pygame

from nile.games.cairo.builder import Builder
from nile.games.cairo.rules.phases import Phase
from nile.games.cairo.rules.pieces import BOARD, SUPPLY
from nile.games.cairo.scene import CairoScene
from nile.games.cairo.view.targets import (
    Block,
    InfluenceSwitch,
    OnBoard,
    OrderRow,
    SiteView,
    Stone,
    WindowFrame,
)
from tests.games.cairo.test_scene import flick_state, open_state
from tests.ui.harness import click, drag, frames, instant_app, press


def retrieving() -> CairoScene:
    builder = Builder(2).ship(0, "D3").ship(1, "U2")
    builder.at("0s00", 440.0, 150.0).at("0s01", 460.0, 380.0)
    return open_state(instant_app(), builder.to_move(0, Phase.RETRIEVE, die=3).build())


def test_blocks_rings_board_and_switch_are_in_the_scenes_map() -> None:
    scene = retrieving()
    x, y = scene.renderer.to_screen(440.0, 150.0)
    spot = (round(x), round(y))
    assert scene.table.hits.at(spot) == Stone("0s00")
    block = scene.table.hits.find(spot, Block)
    assert block is not None and block.piece.id == "0s00"
    assert scene.table.hits.find(spot, OnBoard) == OnBoard()
    assert scene.table.hits.rect_of(InfluenceSwitch()) == scene.table.influence_rect
    assert scene.table.hits.at(scene.table.influence_rect.center) == InfluenceSwitch()
    click(scene.app, (spot[0] + 40, spot[1]))  # beside the block, still on the board
    assert scene.table.hover is None
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=spot, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    frames(scene.app)
    assert scene.table.hover is not None and scene.table.hover.id == "0s00"  # the tooltip's block


def test_a_click_near_a_ringed_block_takes_it_back() -> None:
    scene = retrieving()
    piece = next(p for p in scene.table.view_pieces(scene.frame(scene.cairo)) if p.id == "0s00")
    x, y = scene.renderer.to_screen(piece.x, piece.y)
    reach = scene.renderer.reach(piece)
    near = (round(x + reach * 0.6), round(y))  # off the block's face, inside its ring
    assert scene.table.hits.at(near) == Stone("0s00")
    click(scene.app, near)
    assert scene.cairo.pieces["0s00"].where == SUPPLY
    assert scene.cairo.pieces["0s01"].where == BOARD
    assert Stone("0s00") not in scene.table.hits  # taken back: no ring, nothing to click


def test_the_pyramid_window_picks_orders_and_places_through_its_map() -> None:
    builder = Builder(2).ship(0, "U4").ship(1, "D2")
    for block, (dx, dy) in {"0s00": (-12, -8), "1s00": (2, -10), "0s01": (14, 4),
                            "1s01": (-6, 8)}.items():
        builder.on_site(block, "zawyet", dx, dy)
    state = builder.to_move(0, Phase.OFFER, die=2, chosen="small", flicks_left=2,
                            offer_site="zawyet", last_block="0s01").build()
    scene = open_state(instant_app(), state)
    press(scene.app, scene, "3 stones")
    ui = scene.pyramid
    assert scene.cairo.phase == Phase.PICK
    hits = ui.hits
    assert hits.rect_of(WindowFrame()) == ui.rect
    assert hits.find(ui.inset.rect.center, SiteView) == SiteView(ui.inset)
    # every stone that may be picked is ringed in the window too: pick them there
    for block in ("1s00", "1s01", "0s00"):
        piece = scene.cairo.pieces[block]
        x, y = ui.inset.to_screen(piece.x, piece.y)
        spot = (round(x), round(y))
        assert ui.hits.nearest(spot, Stone) == Stone(block)
        click(scene.app, spot)
    assert scene.cairo.phase == Phase.ARRANGE and ui.order == [0, 1]
    frames(scene.app)
    row = ui.hits.rect_of(OrderRow(1))
    assert row is not None
    click(scene.app, row.center)
    assert ui.order == [1, 0]
    press(scene.app, scene, "Confirm order")
    assert scene.cairo.phase == Phase.PLACE
    frames(scene.app)
    frame_only = (ui.rect.centerx, ui.rect.top + 4)  # the title bar: not a view
    assert ui.hits.at(frame_only) == WindowFrame() and ui.place_at(frame_only) is None
    assert ui.renderer_at(ui.inset.rect.center) is ui.inset
    assert ui.renderer_at(scene.renderer.rect.topleft) is scene.renderer


def test_flicks_are_not_targets() -> None:
    """A flick is a drag on the table, not a target: the map has no block to flick."""
    scene = open_state(instant_app(), flick_state())
    assert not any(isinstance(t, Stone) for t in scene.table.hits.targets())


def test_blocks_in_motion_are_not_targets_until_they_rest() -> None:
    app = instant_app()
    app.apply_settings(app.settings.changed(animation_speed="normal"), save=False)
    builder = Builder(2).ship(0, "U4").ship(1, "D2")
    builder.at("1s00", 280.0, 320.0)
    scene = open_state(app, builder.to_move(0, Phase.FLICK, die=2, chosen="small",
                                            flicks_left=3).build())
    assert any(isinstance(t, Block) for t in scene.table.hits.targets())
    x, y = scene.flick.anchor
    drag(app, (round(x), round(y)), (round(x) + 4, round(y) + 95))
    assert scene.stage.moves_pieces
    frames(app)
    assert not any(isinstance(t, Block) for t in scene.table.hits.targets())
    for _ in range(900):
        if not scene.stage.moves_pieces:
            break
        frames(app)
    frames(app, 2)
    assert any(isinstance(t, Block) for t in scene.table.hits.targets())

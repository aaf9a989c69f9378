"""Vom Kap bis Kairo's cards in the middle are the table kit's Hand: where the Hand lays
them is where the hit map has them, and a click there takes that card."""

from __future__ import annotations

import pygame

from nile.core.session import Match, SeatConfig
from nile.games.kap_kairo import GAME_INFO
from nile.games.kap_kairo.intent import CardTarget
from nile.games.kap_kairo.rules import Bid, Phase
from nile.games.kap_kairo.scene import KapKairoScene
from nile.games.kap_kairo.view import board
from nile.ui.table.hand import Hand
from tests.ui.harness import click, frames, instant_app


def choosing() -> KapKairoScene:
    app = instant_app()
    pygame.mouse.set_pos((1279, 799))
    seats = (SeatConfig("Ann"), SeatConfig("Amun", "bot", "easy", 1))
    scene = KapKairoScene(app, Match.new(GAME_INFO, seats, 3))
    app.push(scene)
    frames(app, 2)
    for _ in range(400):
        if scene.kap.step == Phase.CHOOSE and scene.accepting_input:
            break
        if scene.kap.step == Phase.BID and scene.accepting_input:
            scene.submit(Bid(12))  # the high bid: Ann chooses first
        frames(app, 2)
    assert scene.kap.step == Phase.CHOOSE and scene.accepting_input
    frames(app, 2)
    return scene


def test_the_land_for_sale_is_a_hand_and_its_cards_are_where_it_laid_them() -> None:
    scene = choosing()
    cards = board.market_cards(scene.kap)
    hand = board.market_hand(scene.images.cards, scene.areas()["market"], cards)
    assert isinstance(hand, Hand) and hand.look.layout == "row" and len(cards) >= 2
    hits = scene.painter.hits
    for card, rect in zip(cards, hand.rects(), strict=True):
        assert hits.rect_of(CardTarget(card)) == rect
    geo = scene.geometry()
    assert [geo.market_card(i) for i in range(len(cards))] == [
        (x, y) for x, y, _ in hand.slots()]


def test_a_click_on_a_card_for_sale_takes_it() -> None:
    scene = choosing()
    cards = board.market_cards(scene.kap)
    wanted = cards[-1]
    rect = scene.painter.hits.rect_of(CardTarget(wanted))
    assert rect is not None
    click(scene.app, rect.center)
    assert wanted in scene.kap.columns[0] + scene.kap.crossed[0]

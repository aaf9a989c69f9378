"""Every card game shows its cards with the table kit's one Hand (issue 13)."""

from __future__ import annotations

from nile.core.session import Match, SeatConfig
from nile.games.cleopatra import GAME_INFO as CLEOPATRA
from nile.games.cleopatra.scene import CleopatraScene
from nile.games.kap_kairo import GAME_INFO as KAP_KAIRO
from nile.games.kap_kairo.scene import KapKairoScene
from nile.games.kap_kairo.view import board
from nile.games.loose_caboose import GAME_INFO as LOOSE_CABOOSE
from nile.games.loose_caboose.scene import LooseCabooseScene
from nile.ui.table.hand import Hand
from tests.ui.harness import frames, instant_app


def test_each_card_games_hand_is_the_kits_hand() -> None:
    app = instant_app()
    human, bot = SeatConfig("Ann"), SeatConfig("Bo", "bot", "easy", 1)
    caboose = LooseCabooseScene(app, Match.new(LOOSE_CABOOSE, (human, bot), 1))
    cleopatra = CleopatraScene(
        app, Match.new(CLEOPATRA, (human, bot, SeatConfig("Cy", "bot", "easy", 2)), 1))
    kap = KapKairoScene(app, Match.new(KAP_KAIRO, (human, bot), 1))
    for scene in (caboose, cleopatra, kap):
        app.push(scene)
        frames(app, 2)
    assert isinstance(caboose.hand, Hand) and caboose.hand.keys
    assert isinstance(cleopatra.hand, Hand) and cleopatra.hand.keys
    # Kap bis Kairo has no hidden hand: its cards in the middle are the Hand it shows
    cards = board.market_cards(kap.kap)
    market = board.market_hand(kap.images.cards, kap.areas()["market"], cards)
    assert isinstance(market, Hand) and market.keys == cards

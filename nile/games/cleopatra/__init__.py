"""Cleopatra's Caboose: rails, fruit and gods along the Nile (3–5 players)."""

from __future__ import annotations

from nile.core.game import GameInfo

RULES_SUMMARY = """\
Goal: the most victory points after 7 turns (3 players), 6 (4) or 5 (5).

Each turn has an auction, a choice of gods, then everyone's actions.

Auction: from the Start Player round the table, bid more than the high bid or pass.
Passing takes the last free turn-order space; the last one left goes first.
The first to pass pays nothing, the last two pay their bid, the others half (rounded up).

Gods: in turn order each player takes one god. Players then act from the lowest god up.
1 Ra: no power. 2 Thoth: two Auction cards. 3 Hathor: track costs 2 less.
4 Anubis: a third action, Draw City Cards only. 5 Isis: +2 Florin per shipment.
6 Horus: pyramids cost 4 less. 7 Set: 5 Florin when taken.

Your turn: take an Auction card from the display (Fruit cards go face up), then two actions,
in any order, repeats allowed, then end your turn:
- Construct Track: a Train card, a City card and the train's price; put the trains on a
  track leading from that city. A track holds at most two colours, one group each.
- Construct a Building: a Building card and a City card; bring each fruit of its cost from
  the city, over tracks with trains, or from your face-up Fruit cards (their other fruit
  is produced there). Score its VP; others get 1 Florin per train around the city.
- Ship Fruit: a City card; move one fruit it asks for from another city over tracks.
  Earn the price plus the market value; others score 1 VP per train around the city
  and per face-up Fruit card showing that fruit. The fruit stays there.
- Produce Fruit: a City card and a face-up Fruit card; its fruit appears in that city.
- Build a Pyramid: in a city with no fruit, for twice its bonus in Florin; score the bonus.
  Nothing may then be shipped to, produced in or built in that city.
- Draw City Cards: one face-up City card and the top of the deck.
Fruit used for buildings raises its market value; produced or shipped fruit lowers it.

End: each city pays its prestige to the player with most trains around it, half (rounded
up) to the second and half again to the third (not with 3 players); ties share.
Then 1 VP per 3 Florin, and VP for different Building types and Fruit types in front of you.
Ties: most Florin, then most cards in hand, then the lowest god.
"""

GAME_INFO = GameInfo(
    id="cleopatra",
    title="Cleopatra's Caboose",
    pitch="Lay rails, ship fruit and court the gods from Alexandria to Thebes.",
    length="90 min",
    tile_order=20,
    min_players=3,
    max_players=5,
    new_game="nile.games.cleopatra.rules:new_game",
    state_class="nile.games.cleopatra.rules:CleopatraState",
    scene="nile.games.cleopatra.scene:CleopatraScene",
    art="nile.games.cleopatra.view.tile:draw",
    shots="nile.games.cleopatra.shots",
    builder="nile.games.cleopatra.builder:Builder",
    builder_example="nile.games.cleopatra.builder:example",
    ai_hooks="nile.games.cleopatra.ai:hooks",
    rules_summary=RULES_SUMMARY,
)

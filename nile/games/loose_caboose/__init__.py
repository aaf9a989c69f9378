"""Loose Caboose! (2–4 players): the reference game for adding a game to Nile.

Nothing heavy is imported here: the rules engine loads at the first game (`GameInfo` names
it), the bots' heuristics (`ai.py`) when a bot is first made, and the scene only ever
through the app.
"""

from __future__ import annotations

from nile.core.game import GameInfo

RULES_SUMMARY = """\
A runaway caboose rolls along a railway of track cards. Keep it on the rails:
the fewest penalty points wins.

Cards are worth 1 to 4 points; four of them are Broken Track. You hold 2 secret
cards to start. Some cards are set aside unseen; the rest form the draw pile.

Your turn: draw a card, then lay track or pass.

Lay track: lay cards of one value from your hand, one at a time, at the front of
the railway. Each must touch the front card edge to edge and no other card (no
loops). Then roll one die per point of that value (two 3s roll three dice). The
caboose moves one card forward per wheel rolled.

Derail: if it would move past the front card, it stops there and you take one
penalty card for each card it could not move.

Broken Track: for each one the caboose enters on your turn, bank a penalty card
face down. Banked cards never cancel. Banks come before derail penalties.

Pass: the caboose moves one card forward (unless it is on the front card) and
you take one penalty card.

Penalty cards come from the back of the railway, never the caboose's card; then
from the draw pile. A face-up penalty card matching the value of your top card
cancels it: both are discarded. Each card cancels only one.

The turn in which the draw pile runs out is the last. Cards left in hand are then
added to your penalty pile without cancelling. Tie: fewer penalty cards wins;
still tied, the victory is shared.
"""


GAME_INFO = GameInfo(
    id="loose_caboose",
    title="Loose Caboose!",
    pitch="Lay track in front of a runaway caboose and dodge the penalties.",
    length="20 min",
    tile_order=50,
    min_players=2,
    max_players=4,
    new_game="nile.games.loose_caboose.rules:new_game",
    state_class="nile.games.loose_caboose.rules:LooseCabooseState",
    scene="nile.games.loose_caboose.scene:LooseCabooseScene",
    art="nile.games.loose_caboose.view.tile:draw",
    shots="nile.games.loose_caboose.shots",
    builder="nile.games.loose_caboose.builder:Builder",
    builder_example="nile.games.loose_caboose.builder:example",
    ai_hooks="nile.games.loose_caboose.ai_turn:hooks",
    rules_summary=RULES_SUMMARY,
)

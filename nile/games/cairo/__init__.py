"""Cairo: flick blocks from your ship onto pyramid sites along the Nile (2-5 players)."""

from __future__ import annotations

from nile.core.game import GameInfo, OptionSpec

RULES_SUMMARY = """\
Goal: the most victory points when the last ship has sailed. Each site pays its larger
number to the player with the most influence there and its smaller number to the second.

Your turn:
1. Roll the Nile die. It says how far your ship sails and which finger you flick with:
   1 thumb, 2 index, 3 middle, 4 ring, 5 little finger, 6 any finger you like.
2. Sail that many free spaces: upstream along the north lane, then back downstream along
   the south lane. Occupied spaces are skipped.
3. Heading downstream you may take back your blocks from the desert areas beside your
   ship, burning ones too, but never a block lying wholly on a site or in a pyramid.
4. Choose three small blocks, your large block or your die-block, and flick them from
   your ship one by one: aim, power and where your finger strikes. Every finger wobbles
   a little; the thumb is strong but rough, the little finger weak and shaky.
5. After a small block lands on a site you may build a pyramid there from exactly
   3, 5, 6, 10 or 14 free small blocks of that site, any colours. You choose which colour
   goes highest and where the pyramid stands.

Blocks that stop wholly in the Nile or off the board go back in the box. A block across a
boundary line is burning. Knock over any ship and your turn ends: put one block from
your supply in the box. When your supply is empty your ship leaves the Nile; when only
one ship is left, it takes one last turn and the sites are scored.

Influence: small block 1, large block 3, die-block its face, a pyramid stone its level
(ground 1, then 2, 3, 4). Burning blocks count half. A site with one colour pays only
first place. Ties: the nearest block just off the site wins; still tied, share the
points, rounding up. Tied game: most small blocks on the board.

Sudden Death (option): a site scores as soon as it has a clear first and second place;
blocks landing on it later go to the box.
"""

GAME_INFO = GameInfo(
    id="cairo",
    title="Cairo",
    pitch="Flick blocks from your ship onto pyramid sites along the river.",
    length="30 min",
    tile_order=10,
    min_players=2,
    max_players=5,
    new_game="nile.games.cairo.rules:new_game",
    state_class="nile.games.cairo.rules:CairoState",
    options=(OptionSpec("sudden_death", "Sudden Death", ("off", "on"),
                        "Sites score during the game as soon as first and second are clear.",
                        names=("Off", "On")),),
    scene="nile.games.cairo.scene:CairoScene",
    art="nile.games.cairo.view.tile:draw",
    shots="nile.games.cairo.shots",
    builder="nile.games.cairo.builder:Builder",
    builder_example="nile.games.cairo.builder:example",
    ai_hooks="nile.games.cairo.ai:hooks",
    rules_summary=RULES_SUMMARY,
    hidden_information=False,  # the board is public: no pass-the-screen cover
    bench="cairo_bench:figures",  # tools/cairo_bench.py
    conformance_games=2,
    conformance_max_actions=400,
)

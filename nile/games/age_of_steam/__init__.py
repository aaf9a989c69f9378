"""Age of Steam with the Chile, CCCP and Egypt maps (engine in `rules/`, bots in `ai.py`)."""

from __future__ import annotations

from collections.abc import Mapping

from nile.core.game import GameInfo, OptionSpec

PLAYERS = {"chile": (4, 6), "cccp": (4, 5), "egypt": (3, 5)}


def players_for(options: Mapping[str, str]) -> tuple[int, int]:
    """Players allowed on the chosen map: Chile 4–6, CCCP 4–5, Egypt 3–5."""
    return PLAYERS[options.get("map", "chile")]


def _selfplay_stats(state: object, names: list[str]) -> Mapping[str, int]:
    from nile.games.age_of_steam.ai import selfplay_stats

    return selfplay_stats(state, names)


RULES_SUMMARY = """\
Build a railway, move goods over it, and finish with the most points.

Each turn:
1. Issue shares: take $5 for each share you issue (15 at most in a game).
2. Auction for turn order: bid up or drop out. The first to drop out is last and pays
nothing; first and second place pay their bid; the others pay half, rounded up.
3. Choose one action tile: First Move, First Build, Engineer (a fourth build),
Locomotive (+1 at once), Urbanization (turn a town into a new city), Turn Order (one free
pass in the next auction), and the map's own tile.
4. Build up to three tiles: from a city, from the end of your own track, or from a town
you already reach. Pay by terrain; upgrades and redirects cost $2 or $3. Never join
another player's track or loop back to where you started. Unfinished track must be
extended by the end of your next build turn or you lose it. Your build ends when you
press Done (E), after a look at what you built. To build toward a place, click a city or
your track, then the place (or drag along the hexes): the tiles that get there are shown.
5. Move goods twice: each time deliver one good, raise your locomotive, or pass. A good
travels over finished links, at most as many as your locomotive, to a city of its own
colour, never passing one, never visiting a place twice. Every link pays its owner 1.
6. Collect income, then pay $1 per share and $1 per locomotive level. Whoever cannot pay
loses income; below zero they are bankrupt and leave.
7. Income above 10 shrinks a little each turn (2 to 10).
8. Goods growth: dice for the light and the dark cities bring goods from the display.
The game lasts 10/8/7/6 turns with 3/4/5/6 players. Score 3 per income, -3 per share,
+1 per track tile in finished links you own.

Chile (4-6): mountains $3, high mountains $5. Santiago starts with 4 goods. New city E is
not used. Delivering a yellow good also takes one of your shares back.

CCCP (4-5): rivers $3. Communism replaces Production: swap a kept black good for a red
one, or put a red good on any city. Towns take black goods. Other goods ignore towns:
two links through a town pay 1 if one player owns both, else nothing, and count as one
link for the locomotive. Red and black goods you deliver are kept, hidden. At the end the
player with the fewest red goods (then most black, then fewest links to red cities) loses.

Egypt (3-5): the Nile floods its west bank in odd turns and its east bank in even turns.
Desert $3, plain $2, flooded $4, the Suez Canal $4 from turn 3. No goods leave or grow in
a flooded city or pyramid; every flooded hex a good passes costs $1, paid to the Ferry
holder (who crosses free). Pyramids give their top goods and can be passed through but
not delivered to. Al Qahirah's two hexes count as one city. Engineer builds four tiles at
half price. Blue is not a player colour.
"""

GAME_INFO = GameInfo(
    id="age_of_steam",
    title="Age of Steam",
    pitch="Build track and deliver goods in Chile, Egypt and the CCCP.",
    length="120 min",
    tile_order=40,
    min_players=3,
    max_players=6,
    new_game="nile.games.age_of_steam.rules:new_game",
    state_class="nile.games.age_of_steam.rules:AgeOfSteamGame",
    options=(OptionSpec("map", "Map", ("chile", "cccp", "egypt"),
                        "Chile 4–6 players, CCCP 4–5, Egypt 3–5.",
                        names=("Chile", "CCCP", "Egypt")),),
    scene="nile.games.age_of_steam.scene:AgeOfSteamScene",
    art="nile.games.age_of_steam.view.tile:draw",
    shots="nile.games.age_of_steam.shots",
    builder="nile.games.age_of_steam.builder:Builder",
    builder_example="nile.games.age_of_steam.builder:example",
    ai_hooks="nile.games.age_of_steam.ai_hard:hooks",
    players_for=players_for,
    rules_summary=RULES_SUMMARY,
    conformance_games=2,
    conformance_max_actions=3000,
    selfplay_stats=_selfplay_stats,
    # AS-4: only CCCP hides anything (kept red and black goods).
    hidden_information=lambda options: options.get("map") == "cccp",
    # AS-5: blue is the Nile's flooding colour in Egypt, not a player's.
    excluded_colors=lambda options: frozenset({"Blue"}) if options.get("map") == "egypt"
    else frozenset(),
)

"""Pictures of the rules reference (F1) over each game's table: a rule with its lesson
picture, a search, the glossary and index, and a refused move offering "Why?".

`tools/screenshot.py --scene reference/<name>` renders them; they are looked at to check
that no text overflows, overlaps or is cut mid-word (the window may scale them to 80 %).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from nile.core import registry
from nile.core.reference import load
from nile.core.session import Match, SeatConfig
from nile.ui.chrome.face import TableScene
from nile.ui.chrome.game_scene import GameScene
from nile.ui.chrome.reference_scene import ReferenceScene
from nile.ui.games import open_match

if TYPE_CHECKING:
    from nile.ui.scene import Shell

Shot = Callable[["Shell"], None]


def table(app: Shell, game_id: str) -> TableScene:
    """A new game of `game_id` where Ann acts first, bots in the other seats."""
    info = registry.get(game_id)
    players = min(max(info.min_players, 4), info.max_players)  # every map of every game
    seats = [SeatConfig("Ann", "human", color=0)] + [
        SeatConfig(name, "bot", "normal", i + 1)
        for i, name in enumerate(("Bastet", "Chephren", "Djoser", "Eshe")[: players - 1])]
    match = next(m for m in (Match.new(info, seats, seed) for seed in range(1, 40))
                 if m.state.current_player == 0)
    return open_match(app, match)


def reference_at(app: Shell, game_id: str, start: str = "", query: str = "") -> ReferenceScene:
    """The game's reference over its table, at section `start`, searching `query`."""
    scene = table(app, game_id)
    shown = scene.commands.rules_scene(start)
    assert isinstance(shown, ReferenceScene)
    app.push(shown)
    if query:
        shown.search.set_text(query)
        shown.filter(query)
    return shown


def _picture_or_first(game_id: str) -> str:
    """The first rule with a lesson picture (else the first rule): what a shot shows."""
    ref = load(game_id)
    assert ref is not None
    return next((s.id for s in ref.sections if s.picture), ref.sections[0].id)


def refused(app: Shell) -> None:
    """Loose Caboose: Ann rolls before laying a card; the refusal offers Why?."""
    scene = table(app, "loose_caboose")
    ahead = scene.match.state.clone()  # a roll is legal only once a card is laid
    ahead.apply(next(a for a in ahead.legal_actions() if a.to_str().startswith("lay")))
    scene.submit(next(a for a in ahead.legal_actions() if a.to_str() == "roll"))


def why_opened(app: Shell) -> None:
    """The same refusal's Why? pressed: the rule it rests on, under the reason."""
    refused(app)
    scene = app.top
    assert isinstance(scene, GameScene)
    toast = scene.toasts.refusal()
    assert toast is not None
    scene.commands.open_why(toast.why, toast.message)


def _game_shot(game_id: str) -> Shot:
    return lambda app: _show(app, game_id)


def _show(app: Shell, game_id: str) -> None:
    reference_at(app, game_id, _picture_or_first(game_id))


def shots() -> dict[str, Shot]:
    """Every reference shot, named `reference/<what>`."""
    found: dict[str, Shot] = {f"reference/{info.id}": _game_shot(info.id)
                              for info in registry.listed_games() if load(info.id)}
    found.update({
        "reference/search": lambda app: _search(app, "pyramid"),
        "reference/search_none": lambda app: _search(app, "submarine"),
        "reference/glossary": lambda app: _page(app, "cleopatra", "glossary"),
        "reference/index": lambda app: _page(app, "age_of_steam", "index"),
        "reference/keys": lambda app: _page(app, "kap_kairo", "keys"),
        "reference/why": refused,
        "reference/why_opened": why_opened,
    })
    return found


def _search(app: Shell, query: str) -> None:
    reference_at(app, "cleopatra", query=query)


def _page(app: Shell, game_id: str, page: str) -> None:
    reference_at(app, game_id, page)

"""What an Age of Steam table holds now, read for tests: the picks (`intent.py`) and what
they mean (the plan toward a target, the good picked, the number shown, what is lit)."""

from __future__ import annotations

from nile.games.age_of_steam.intent import Count, GoodTarget, Start, of_kind
from nile.games.age_of_steam.rules.move import Route
from nile.games.age_of_steam.scene import AgeOfSteamScene
from nile.games.age_of_steam.view import built, choices, table
from nile.games.age_of_steam.view import plan as planner


def plan(scene: AgeOfSteamScene) -> planner.Plan | None:
    return scene.intent.planned(scene.aos, scene.picked)


def start(scene: AgeOfSteamScene) -> int:
    picked = of_kind(scene.picked, Start)
    return picked.hex if picked is not None else -1


def good(scene: AgeOfSteamScene) -> tuple[int, str] | None:
    picked = of_kind(scene.picked, GoodTarget)
    return (picked.hex, picked.colour) if picked is not None else None


def dests(scene: AgeOfSteamScene) -> list[choices.Destination]:
    spot = good(scene)
    return choices.destinations(scene.aos, *spot) if spot is not None else []


def count(scene: AgeOfSteamScene) -> int:
    """The shares or the bid shown in the bar."""
    offer = scene.picker.offer
    shown = of_kind(offer.picked, Count) if offer is not None else None
    return shown.value if shown is not None else 0


def buildable(scene: AgeOfSteamScene) -> dict[int, list[choices.BuildChoice]]:
    return scene.draft.by_hex(scene.aos) if scene.my_turn else {}


def build_review(scene: AgeOfSteamScene) -> built.Review | None:
    seat = scene.aos.current_player
    return scene.intent.review(scene.aos, seat) if scene.my_turn and seat is not None else None


def pickable_tiles(scene: AgeOfSteamScene) -> frozenset[str]:
    return table.tiles_in(scene.picker.offer.lit) if scene.picker.offer else frozenset()


def pickable_rows(scene: AgeOfSteamScene) -> frozenset[str]:
    return table.rows_in(scene.picker.offer.lit) if scene.picker.offer else frozenset()


def movable(scene: AgeOfSteamScene) -> set[tuple[int, str]]:
    return choices.movable_goods(scene.aos) if scene.my_turn else set()


def preview(scene: AgeOfSteamScene) -> Route | None:
    return scene.pickers.preview

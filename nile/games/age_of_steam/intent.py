"""Age of Steam's click-to-move rules (nile/core/intent.py's `Intent`): what the things a player
has picked on the table mean, phase by phase, and the action bar's words for them. No pygame:
`tests/games/age_of_steam/test_intent.py` plays it without a window.

The picks are the whole half-made move, so the scene's `Picker` holds it and nothing else
does: the number of shares or the bid shown (`Count`), the hex whose tiles the picker cycles
and the tile it shows (`HexTarget`, `OptionTarget`), building by intent's start and target
(`Start`, `Toward`: the tiles between them are planned by `view/plan.py`), the good being
moved, its destination and one of several ways there (`GoodTarget`, `PlaceTarget`,
`WayTarget`). An action tile (`TileTarget`), a row of the goods display (`RowTarget`) or a
city for a red good (`HexTarget`) is one click. What is offered always comes from the
view's `legal_actions()`; refusals come from the rules.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from nile.core.game import Action, GameState, Seat
from nile.core.intent import BarChoice, Offer, Target, complete, lit, narrow
from nile.core.session import LogEntry
from nile.games.age_of_steam import rules
from nile.games.age_of_steam.rules import (
    AgeOfSteamState,
    Route,
    bid_payment,
    hex_refusal,
    max_builds,
    source_refusal,
)
from nile.games.age_of_steam.rules.actions import (
    ACTION_TITLES,
    Bid,
    Build,
    CommunismExchange,
    CommunismPlace,
    Deliver,
    DropOut,
    EndBuild,
    FreePass,
    IssueShares,
    PassMove,
    PlaceGood,
    RaiseLocomotive,
    TakeAction,
    Urbanize,
)
from nile.games.age_of_steam.rules.phases import Phase
from nile.games.age_of_steam.view import built, choices, plan
from nile.games.age_of_steam.view.choices import BuildChoice, place_title
from nile.ui.kit.number import NumberEntry

T = TypeVar("T")


@dataclass(frozen=True)
class TileTarget:
    """An action tile on the boards."""

    name: str


@dataclass(frozen=True)
class RowTarget:
    """A row of the goods display ('light 3', 'A')."""

    row: str


@dataclass(frozen=True)
class HexTarget:
    """A hex of the map: the one the build picker is open on, or a city for a red good."""

    hex: int


@dataclass(frozen=True)
class OptionTarget:
    """The tile (or new city) the build picker shows on its hex."""

    action: BuildChoice


@dataclass(frozen=True)
class Start:
    """Building by intent: where the track starts (a city, a town or own track)."""

    hex: int


@dataclass(frozen=True)
class Toward:
    """Building by intent: where the track should go, and the hexes a drag passed over."""

    hex: int
    dragged: tuple[int, ...] = ()


@dataclass(frozen=True)
class GoodTarget:
    """A good on the map that has somewhere to go."""

    hex: int
    colour: str


@dataclass(frozen=True)
class PlaceTarget:
    """A destination of the good picked (a city, by its place key)."""

    key: str


@dataclass(frozen=True)
class WayTarget:
    """One of several ways to deliver the good to its destination."""

    action: Deliver


@dataclass(frozen=True)
class Count:
    """The number of shares or the bid shown; `typed` once the player typed or stepped it
    (the next digit then appends instead of replacing it)."""

    value: int
    typed: bool = False


@dataclass(frozen=True)
class Step:
    """What a click on the map means with the picks so far: follow a click on `target`
    (the picker narrows, or plays a move ready), set the picks to `picks`, open the build
    picker on hex `open` or aim its tiles at hex `aim` (where the pointer is, the view's
    to weigh), and say `notice` (why nothing happens); `used` False: the click is no one's."""

    target: Target | None = None
    picks: tuple[Target, ...] | None = None
    open: int = -1
    aim: int = -1
    notice: str = ""
    used: bool = True


def of_kind(picked: Sequence[Target], kind: type[T]) -> T | None:
    """The pick of this kind, if any."""
    return next((p for p in picked if isinstance(p, kind)), None)


class AgeOfSteamIntent:
    """What the picks mean. `log` gives the match log (a build turn's tiles so far are read
    from it for the bar's review)."""

    def __init__(self, log: Callable[[], Sequence[LogEntry]] = tuple) -> None:
        self.log = log
        self._routes: tuple[object, dict[Deliver, Route]] = (None, {})
        self._plan: tuple[object, object, plan.Plan] | None = None
        """The last plan worked out: for which view (by identity) and picks."""

    # The Intent protocol -----------------------------------------------------------------

    def targets(self, view: GameState, action: Action) -> Sequence[Target]:
        assert isinstance(view, AgeOfSteamState)
        if isinstance(action, TakeAction):
            return (TileTarget(action.name),)
        if isinstance(action, PlaceGood):
            return (RowTarget(action.row),) if action.row != "bag" else ()
        if isinstance(action, CommunismPlace):
            return (HexTarget(view.map.hex_at(action.hex_label)),)
        if isinstance(action, Build | Urbanize):
            return (HexTarget(view.map.hex_at(action.hex_label)), OptionTarget(action))
        if isinstance(action, Deliver):
            route = self.route_of(view, action)
            if route is None:
                return ()
            return (GoodTarget(view.map.hex_at(action.source), action.colour),
                    PlaceTarget(view.place_key(route.destination)), WayTarget(action))
        if isinstance(action, IssueShares):
            return (Count(action.count),)
        if isinstance(action, Bid):
            return (Count(action.amount),)
        return ()

    def offer(self, view: GameState, seat: Seat, picked: tuple[Target, ...]) -> Offer:
        assert isinstance(view, AgeOfSteamState)
        phase = OFFERS.get(view.phase)
        if phase is None:
            return Offer(picked, (), "")
        return phase(self, view, seat, picked)

    def meant(self, view: GameState, seat: Seat, picked: tuple[Target, ...],
              target: Target) -> Action | None:
        """A click that fits nothing means nothing here: the table says why first
        (`notice`), and a tile, row or city not offered is simply not lit."""
        return None

    # Words for a click that means nothing ---------------------------------------------

    def notice(self, view: AgeOfSteamState, target: Target) -> str | None:
        """The table's words for a click on something not offered: a tile another player
        took this turn. None: the click is the picks' to follow."""
        if isinstance(target, TileTarget) and view.phase == Phase.SELECT and \
                TakeAction(target.name) not in view.legal_actions():
            return f"{action_title(target.name)} is taken this turn."
        return None

    # A click on the map -------------------------------------------------------------------

    def map_click(self, view: AgeOfSteamState, seat: int, picked: tuple[Target, ...], h: int,
                  cube: tuple[int, str] | None) -> Step:
        """A click on hex `h` (-1: off the hexes), on the good `cube` drawn there if any."""
        if view.phase == Phase.BUILD:
            return self._build_click(view, seat, picked, h)
        if view.phase == Phase.MOVE:
            return self._move_click(view, picked, h, cube)
        if view.phase == Phase.COMMUNISM and HexTarget(h) in self.offer(view, seat, ()).lit:
            return Step(target=HexTarget(h))
        return Step(used=False)

    def _build_click(self, view: AgeOfSteamState, seat: int, picked: tuple[Target, ...],
                     h: int) -> Step:
        start, toward = of_kind(picked, Start), of_kind(picked, Toward)
        open_picker = of_kind(picked, OptionTarget) is not None
        if isinstance(start, Start) and h >= 0:
            if h == start.hex and toward is None:
                return Step(picks=())
            dragged = toward.dragged if isinstance(toward, Toward) else ()
            picks, notice = self.intend(view, start.hex, h, dragged)
            return Step(picks=picks, notice=notice)
        options = HexTarget(h) in self.offer(view, seat, ()).lit
        if not options and not open_picker and plan.is_start(view, h, seat):
            return Step(picks=(Start(h),))
        if options:
            return Step(open=h)
        if open_picker and h >= 0:
            return Step(aim=h)  # building by intent: where the track should head
        if open_picker:
            return Step(picks=())
        if h >= 0:
            return Step(notice=hex_refusal(view, h) or "Nothing you can afford fits there now.")
        return Step()

    def _move_click(self, view: AgeOfSteamState, picked: tuple[Target, ...], h: int,
                    cube: tuple[int, str] | None) -> Step:
        good = of_kind(picked, GoodTarget)
        if isinstance(good, GoodTarget):
            for dest in choices.destinations(view, good.hex, good.colour):
                if h in dest.hexes:
                    return Step(target=PlaceTarget(dest.key))
        movable = choices.movable_goods(view)
        if cube is not None and cube in movable:
            return Step(picks=(GoodTarget(*cube),))
        here = sorted(c for hx, c in movable if hx == h)
        if here:
            return Step(picks=(GoodTarget(h, here[0]),))
        if good is not None:
            return Step(picks=())
        refusal = source_refusal(view, h) if h >= 0 else None
        if refusal is not None:  # a city with no ringed good: say why (not just its tooltip)
            return Step(notice=refusal)
        return Step(used=False)

    # Numbers typed ------------------------------------------------------------------------

    def typed(self, view: AgeOfSteamState, picked: tuple[Target, ...],
              digit: int | None) -> tuple[Target, ...]:
        """The picks after a digit typed for the shares or the bid (None: Backspace): the
        first digit replaces the number shown. A count beyond what the rules allow is
        refused with their reason when confirmed, not silently cut."""
        count = of_kind(picked, Count)
        value, typed = (count.value, count.typed) if isinstance(count, Count) else (0, False)
        entry = NumberEntry(value, digits=2 if view.phase == Phase.SHARES else 3,
                            fresh=not typed)
        if digit is None:
            entry.erase()
        else:
            entry.type_digit(digit)
        return (Count(entry.value, True),)

    # What the picks name ---------------------------------------------------------------

    def route_of(self, view: AgeOfSteamState, action: Deliver) -> Route | None:
        """The offered route of a delivery (its destination, income and fee)."""
        if self._routes[0] is not view:
            self._routes = (view, {r.action: r for r in choices.offered_routes(view)})
        return self._routes[1].get(action)

    def planned(self, view: AgeOfSteamState, picked: Sequence[Target]) -> plan.Plan | None:
        """Building by intent: the tiles from the start toward the target (None before a
        target is picked)."""
        start, toward = of_kind(picked, Start), of_kind(picked, Toward)
        if not isinstance(start, Start) or not isinstance(toward, Toward):
            return None
        key = (start, toward)
        if self._plan is None or self._plan[0] is not view or self._plan[1] != key:
            self._plan = (view, key, plan.plan(view, start.hex, toward.hex, toward.dragged))
        return self._plan[2]

    def intend(self, view: AgeOfSteamState, start: int, target: int,
               dragged: tuple[int, ...] = ()) -> tuple[tuple[Target, ...], str]:
        """Building by intent from `start` toward `target`: the picks (the plan's first tile
        in the picker) and, when no tile gets nearer, what to say instead."""
        picks: tuple[Target, ...] = (Start(start), Toward(target, dragged))
        found = self.planned(view, picks)
        if found is None or not found.builds:
            return (Start(start),), (f"No tile you can build now takes the track from "
                                     f"{where(view, start)} nearer {where(view, target)}.")
        first = found.builds[0]
        return (*picks, HexTarget(view.map.hex_at(first.hex_label)), OptionTarget(first)), ""

    def after_build(self, view: AgeOfSteamState, picked: Sequence[Target], action: Action,
                    planned: plan.Plan | None) -> tuple[Target, ...]:
        """The picks once `action`, picked with `picked` when `planned` was the plan, is
        laid (`view` is after it): a planned tile that did not complete a link goes on
        toward the target (planned again from it); else nothing is picked."""
        toward = of_kind(picked, Toward)
        if planned is None or toward is None or not isinstance(action, Build) \
                or action != planned.builds[0] or view.phase != Phase.BUILD:
            return ()
        h = view.map.hex_at(action.hex_label)
        if any(seg.complete for seg in view.network().segments if h in seg.hexes):
            return ()
        return self.intend(view, h, toward.hex, toward.dragged)[0]

    def review(self, view: AgeOfSteamState, seat: int) -> built.Review:
        """`seat`'s build turn so far (AS-16), read from the log."""
        return built.review(view, seat, built.this_turn(self.log(), seat))

    # The phases ------------------------------------------------------------------------

    def _shares(self, view: AgeOfSteamState, seat: int, picked: tuple[Target, ...]) -> Offer:
        legal = view.legal_actions()
        room = max(a.count for a in legal if isinstance(a, IssueShares))
        count = of_kind(picked, Count)
        n, typed = (count.value, count.typed) if isinstance(count, Count) else (0, False)
        if not typed:
            n = min(n, room)
        price = rules.game_config().start("share_price")
        cash, income = view.cash[seat], view.income[seat]
        expenses = view.shares[seat] + view.loco[seat]
        short = expenses - cash - income
        if n == 0 and short > 0:
            prompt = (f"Issue shares? Cash ${cash} + income {income} is ${short} short of "
                      f"this turn's expenses (${expenses}); each share gives ${price}, costs "
                      f"$1 a turn and 3 points.")
        elif n == 0:
            prompt = (f"Issue shares? Each gives ${price} now, costs $1 every turn and 3 "
                      f"points at the end. Cash ${cash}, expenses ${expenses}/turn.")
        else:
            prompt = (f"{n} share{'s' if n != 1 else ''}: cash ${cash} becomes "
                      f"${cash + n * price}, expenses ${expenses} become "
                      f"${expenses + n}/turn, −{3 * n} points at the end.")
        label = "Issue none" if n == 0 else f"Issue {n} (+${n * price})"
        buttons = (
            BarChoice("less", "−", None, n > 0, "One share fewer (Down, or type it)",
                      picks=(Count(_within(n - 1, 0, room), True),)),
            BarChoice("more", "+", None, n < room, "One share more (Up, or type it)",
                      picks=(Count(_within(n + 1, 0, room), True),)),
            BarChoice("issue", label, IssueShares(n), True, "Confirm (Enter)", accent=True),
        )
        return Offer((Count(n, typed),), (IssueShares(n),), prompt, buttons)

    def _auction(self, view: AgeOfSteamState, seat: int, picked: tuple[Target, ...]) -> Offer:
        legal = view.legal_actions()
        bids = sorted(a.amount for a in legal if isinstance(a, Bid))
        high = (f"high bid ${view.high_bid} by {{p{view.high_bidder}}}"
                if view.high_bidder >= 0 else "no bids yet")
        prompt = f"Auction for turn order: {high}. You have ${view.cash[seat]}."
        buttons: list[BarChoice] = []
        count = of_kind(picked, Count)
        n, typed = (count.value, count.typed) if isinstance(count, Count) else (0, False)
        if bids:
            if not typed:  # the proposal is the least legal bid; a typed one is kept as typed
                n = max(bids[0], min(n, bids[-1]))
            buttons += [
                BarChoice("less", "−", None, n > bids[0], "Bid less (Down, or type it)",
                          picks=(Count(_within(n - 1, bids[0], bids[-1]), True),)),
                BarChoice("more", "+", None, n < bids[-1], "Bid more (Up, or type it)",
                          picks=(Count(_within(n + 1, bids[0], bids[-1]), True),)),
                BarChoice("bid", f"Bid ${n}", Bid(n), True, "Bid (Enter)", accent=True),
            ]
        else:
            prompt += " You cannot outbid it."
        if FreePass() in legal:
            buttons.append(BarChoice("pass", "Pass", FreePass(), True,
                                     "Turn Order: stay in without bidding, once"))
        alive = sum(1 for s in range(view.players) if view.alive[s])
        pay = bid_payment(view.bids.get(str(seat), 0), len(view.bidders), alive)
        buttons.append(BarChoice("drop", f"Drop out (pay ${pay})", DropOut(), True,
                                 f"Take place {len(view.bidders)} in the turn order (P)"))
        return Offer((Count(n, typed),), tuple(Bid(b) for b in bids), prompt, tuple(buttons))

    def _one_click(self, view: AgeOfSteamState, seat: int, picked: tuple[Target, ...],
                   prompt: str, buttons: tuple[BarChoice, ...] = ()) -> Offer:
        """A phase whose moves are one click (a tile, a row, a city) or a bar button."""

        def of(action: Action) -> Sequence[Target]:
            return self.targets(view, action)

        candidates = narrow(view.legal_actions(), picked, of) if picked else [
            a for a in view.legal_actions() if of(a)]
        return Offer(picked, tuple(candidates), prompt, buttons, lit(candidates, picked, of),
                     complete(candidates, picked, of) if picked else None)

    def _select(self, view: AgeOfSteamState, seat: int, picked: tuple[Target, ...]) -> Offer:
        return self._one_click(view, seat, picked, "Choose an action tile: click one of the "
                               "highlighted tiles (point at a tile to see what it does).")

    def _communism(self, view: AgeOfSteamState, seat: int, picked: tuple[Target, ...]) -> Offer:
        legal = view.legal_actions()
        buttons = (BarChoice("swap", "Swap black for red", CommunismExchange(), True,
                             "Give back a kept black good for a red one"),) \
            if CommunismExchange() in legal else ()
        prompt = "Communism: click a city to put a red good on it"
        prompt += ", or swap a kept black good for a red one." if buttons else "."
        return self._one_click(view, seat, picked, prompt, buttons)

    def _production(self, view: AgeOfSteamState, seat: int,
                    picked: tuple[Target, ...]) -> Offer:
        colour = view.production_hand[0] if view.production_hand else "?"
        if PlaceGood(colour, "bag") in view.legal_actions():
            return self._one_click(view, seat, picked, f"Production: the display is full; "
                                   f"the {colour} good goes back.",
                                   (BarChoice("bag", "Back in the bag", PlaceGood(colour, "bag")),))
        return self._one_click(view, seat, picked, f"Production: put the {colour} good on a "
                               f"free space (click a highlighted row of the goods display).")

    def _move(self, view: AgeOfSteamState, seat: int, picked: tuple[Target, ...]) -> Offer:
        legal = view.legal_actions()
        half = max(1, len(view.queue) // 2)
        turn = 1 + view.qpos // half
        buttons: list[BarChoice] = []
        if RaiseLocomotive() in legal:
            buttons.append(BarChoice("loco", f"Locomotive to {view.loco[seat] + 1}",
                                     RaiseLocomotive(), True,
                                     "Raise your locomotive instead of moving a good"))
        buttons.append(BarChoice("pass", "Pass", PassMove(), True, "Do nothing this round"))

        def of(action: Action) -> Sequence[Target]:
            return self.targets(view, action)

        offered = [a for a in legal if isinstance(a, Deliver) and of(a)]
        candidates = narrow(offered, picked, of)
        good = of_kind(picked, GoodTarget)
        if isinstance(good, GoodTarget):
            name = view.place_name(good.hex)
            if of_kind(picked, PlaceTarget) is not None:
                prompt = (f"{good.colour.capitalize()} good from {name}: pick a way in the "
                          f"list (click, or Up / Down and Enter; Esc: another destination).")
            else:
                prompt = (f"{good.colour.capitalize()} good from {name}: click a ringed "
                          f"destination to deliver it (Esc: another good).")
        elif offered:
            prompt = (f"Move goods ({turn} of 2): click a ringed good to see where it can go, "
                      f"or raise the locomotive, or pass.")
        else:
            prompt = (f"Move goods ({turn} of 2): no good can reach a city of its colour with "
                      f"locomotive {view.loco[seat]}.")
        ready = complete(candidates, picked, of, 2) if good is not None else None
        return Offer(picked, tuple(candidates), prompt, tuple(buttons),
                     lit(candidates, picked, of), ready)

    def _build(self, view: AgeOfSteamState, seat: int, picked: tuple[Target, ...]) -> Offer:
        legal = view.legal_actions()
        left = max_builds(view, seat) - view.builds_done
        urban = any(isinstance(a, Urbanize) for a in legal)
        tiles = any(isinstance(a, Build) for a in legal)
        done = self.review(view, seat)
        found = self.planned(view, picked)
        start, option = of_kind(picked, Start), of_kind(picked, OptionTarget)
        buttons: list[BarChoice] = []
        if found is not None and found.builds:
            count = len(found.builds)
            toward = of_kind(picked, Toward)
            goal = where(view, toward.hex) if toward is not None else ""
            prompt = (f"Toward {goal}: {count} tile{'s' if count != 1 else ''} for "
                      f"${found.cost}" + (", completing the link." if found.arrives
                                          else " (not there yet).")
                      + " Build (Enter) lays the first, Build all lays them; Esc cancels.")
            buttons.append(BarChoice("all", f"Build all {count} (${found.cost})",
                                     found.builds[0], True, "Lay every tile shown on the map",
                                     accent=True, then=found.builds[1:]))
        elif isinstance(start, Start):
            prompt = (f"From {where(view, start.hex)}: click where the track should go (a city, "
                      f"a town or any hex), or drag along the hexes. Esc cancels.")
        elif isinstance(option, OptionTarget):
            h = view.map.hex_at(option.action.hex_label)
            prompt = (f"{choices.describe_build(view, option.action)} on "
                      f"{place_title(view, h)}: Build (Enter) lays it; the wheel, "
                      f"the arrows or a click where the track should go pick another.")
        elif tiles:
            prompt = (f"Build track: click a city or your track, then where to go; or a "
                      f"highlighted hex ({left} tile{'s' if left != 1 else ''} left, "
                      f"${view.cash[seat]}).")
            if not done.empty:
                prompt += f" So far {built.summary(done)}"
            if urban:
                prompt += " Click a town to found a new city."
        elif not done.empty:
            prompt = f"Built {built.summary(done)[:-1]}: look it over, then press Done."
            if urban:
                prompt = f"Built {built.summary(done)[:-1]}: found a city, or press Done."
        elif urban:
            prompt = "Click a town to found a new city, or end your build."
        else:
            prompt = "No track can be built now: end your build."
        buttons.append(BarChoice("end", "Done" if not done.empty else "End build", EndBuild(),
                                 True, "End your build for this turn (E)",
                                 accent=not tiles and not urban))
        hexes = frozenset(HexTarget(view.map.hex_at(a.hex_label)) for a in legal
                          if isinstance(a, Build | Urbanize))
        candidates = tuple(a for a in legal if isinstance(a, Build | Urbanize)
                           and (not isinstance(option, OptionTarget)
                                or a.hex_label == option.action.hex_label))
        return Offer(picked, candidates, prompt, tuple(buttons), hexes)


OFFERS: dict[str, Callable[[AgeOfSteamIntent, AgeOfSteamState, int, tuple[Target, ...]],
                           Offer]] = {
    Phase.SHARES: AgeOfSteamIntent._shares, Phase.AUCTION: AgeOfSteamIntent._auction,
    Phase.SELECT: AgeOfSteamIntent._select, Phase.COMMUNISM: AgeOfSteamIntent._communism,
    Phase.BUILD: AgeOfSteamIntent._build, Phase.MOVE: AgeOfSteamIntent._move,
    Phase.PRODUCTION: AgeOfSteamIntent._production,
}


def _within(value: int, low: int, high: int) -> int:
    """A stepped number kept within the bounds (a typed one may lie beyond: one step
    brings it back within)."""
    return max(low, min(high, value))


def action_title(name: str) -> str:
    """An action tile's name as printed on it ('Urbanization')."""
    return ACTION_TITLES.get(name, name.replace("_", " ").title())


def where(view: AgeOfSteamState, h: int) -> str:
    """A place by name, or a plain hex by where it lies ('Moskva', 'the hex next to
    Gorkiy'): a plain hex named as the place beside it read as that place, so 'Toward
    Bani Suwayf (not there yet)' seemed wrong for a click meant for the city (issue 29)."""
    if h in view.stop_hexes() or h in view.town_hexes():
        return view.place_name(h)
    return f"the hex {view.map.whereabouts(h)}"

"""The action bar of each phase: what to do now, in words, and the buttons for it.

Each function reads the human's half-made choice from `Controls` (shares to issue, the
bid, the hex being built on, the good being moved) and the view's legal actions, and
returns the prompt and the buttons; the buttons call back into `Controls`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from nile.games.age_of_steam.rules.actions import (
    Bid,
    Build,
    CommunismExchange,
    FreePass,
    IssueShares,
    PlaceGood,
    RaiseLocomotive,
    Urbanize,
)
from nile.games.age_of_steam.rules.build import max_builds
from nile.games.age_of_steam.rules.config import config
from nile.games.age_of_steam.rules.market import bid_payment
from nile.games.age_of_steam.rules.phases import Phase
from nile.games.age_of_steam.view import choices, review
from nile.games.age_of_steam.view.choices import place_title
from nile.ui.kit.button import BarButton

if TYPE_CHECKING:
    from nile.games.age_of_steam.view.controls import Controls

Bar = tuple[str, list[BarButton]]


def bar_shares(c: Controls) -> Bar:
    view, seat = c.view, c.seat
    room = max(a.count for a in c.legal() if isinstance(a, IssueShares))
    c.share_entry.high = room  # steps stay within it; a typed count is the rules' to refuse
    if c.share_entry.fresh:
        c.share_entry.reset(min(c.shares, room))
    n = c.shares
    price = config().start("share_price")
    expenses = view.shares[seat] + view.loco[seat]
    short = expenses - view.cash[seat] - view.income[seat]
    if n == 0 and short > 0:
        prompt = (f"Issue shares? Cash ${view.cash[seat]} + income {view.income[seat]} is "
                  f"${short} short of this turn's expenses (${expenses}); each share gives "
                  f"${price}, costs $1 a turn and 3 points.")
        label = "Issue none"
    elif n == 0:
        prompt = (f"Issue shares? Each gives ${price} now, costs $1 every turn and 3 points "
                  f"at the end. Cash ${view.cash[seat]}, expenses ${expenses}/turn.")
        label = "Issue none"
    else:
        prompt = (f"{n} share{'s' if n != 1 else ''}: cash ${view.cash[seat]} becomes "
                  f"${view.cash[seat] + n * price}, expenses ${expenses} become "
                  f"${expenses + n}/turn, −{3 * n} points at the end.")
        label = f"Issue {n} (+${n * price})"
    buttons = [
        BarButton("less", "−", c.fewer_shares, n > 0, "One share fewer (Down, or type it)"),
        BarButton("more", "+", c.more_shares, n < room, "One share more (Up, or type it)"),
        BarButton("issue", label, c.issue, True, "Confirm (Enter)", accent=True),
    ]
    return prompt, buttons


def bar_auction(c: Controls) -> Bar:
    view, seat, legal = c.view, c.seat, c.legal()
    bids = sorted(a.amount for a in legal if isinstance(a, Bid))
    if view.high_bidder >= 0:
        high = f"high bid ${view.high_bid} by {c.now.name(view.high_bidder)}"
    else:
        high = "no bids yet"
    prompt = f"Auction for turn order: {high}. You have ${view.cash[seat]}."
    buttons: list[BarButton] = []
    if bids:
        entry = c.bid_entry
        entry.low, entry.high = bids[0], bids[-1]
        if entry.fresh:  # the proposal is the least legal bid; a typed one is kept as typed
            entry.reset(max(bids[0], min(entry.value, bids[-1])))
        buttons += [
            BarButton("less", "−", c.lower_bid, c.bid > bids[0], "Bid less (Down, or type it)"),
            BarButton("more", "+", c.raise_bid, c.bid < bids[-1], "Bid more (Up, or type it)"),
            BarButton("bid", f"Bid ${c.bid}", c.place_bid, True, "Bid (Enter)",
                      accent=True),
        ]
    else:
        prompt += " You cannot outbid it."
    if FreePass() in legal:
        buttons.append(BarButton("pass", "Pass", c.free_pass, True,
                                 "Turn Order: stay in without bidding, once"))
    alive = sum(1 for s in range(view.players) if view.alive[s])
    pay = bid_payment(view.bids.get(str(seat), 0), len(view.bidders), alive)
    buttons.append(BarButton("drop", f"Drop out (pay ${pay})", c.drop_out, True,
                             f"Take place {len(view.bidders)} in the turn order (P)"))
    return prompt, buttons


def bar_select(c: Controls) -> Bar:
    return ("Choose an action tile: click one of the highlighted tiles (point at a tile to "
            "see what it does).", [])


def bar_communism(c: Controls) -> Bar:
    buttons = []
    if CommunismExchange() in c.legal():
        buttons.append(BarButton("swap", "Swap black for red", c.exchange, True,
                                 "Give back a kept black good for a red one"))
    prompt = "Communism: click a city to put a red good on it"
    prompt += ", or swap a kept black good for a red one." if buttons else "."
    return prompt, buttons


def bar_build(c: Controls) -> Bar:
    view, seat = c.view, c.seat
    left = max_builds(view, seat) - view.builds_done
    by_hex = choices.build_choices(view)
    urban = any(isinstance(a, Urbanize) for opts in by_hex.values() for a in opts)
    tiles = any(isinstance(a, Build) for opts in by_hex.values() for a in opts)
    done = c.build_review()
    plan = c.plan
    buttons: list[BarButton] = []
    if plan is not None and c.target >= 0:
        count = len(plan.builds)
        goal = c.where(c.target)
        prompt = (f"Toward {goal}: {count} tile{'s' if count != 1 else ''} for ${plan.cost}"
                  + (", completing the link." if plan.arrives else " (not there yet).")
                  + " Build (Enter) lays the first, Build all lays them; Esc cancels.")
        buttons.append(BarButton("all", f"Build all {count} (${plan.cost})", c.build_all,
                                 True, "Lay every tile shown on the map", accent=True))
    elif c.start >= 0:
        prompt = (f"From {c.where(c.start)}: click where the track should go (a city, a "
                  f"town or any hex), or drag along the hexes. Esc cancels.")
    elif c.build_popup is not None and c.build_options:
        action = c.build_options[c.build_popup.index]
        prompt = (f"{choices.describe_build(view, action)} on "
                  f"{place_title(view, c.build_hex)}: Build (Enter) lays it; the wheel, "
                  f"the arrows or a click where the track should go pick another.")
    elif tiles:
        prompt = (f"Build track: click a city or your track, then where to go; or a "
                  f"highlighted hex ({left} tile{'s' if left != 1 else ''} left, "
                  f"${view.cash[seat]}).")
        if done is not None and not done.empty:
            prompt += f" So far {review.summary(done)}"
        if urban:
            prompt += " Click a town to found a new city."
    elif done is not None and not done.empty:
        prompt = f"Built {review.summary(done)[:-1]}: look it over, then press Done."
        if urban:
            prompt = f"Built {review.summary(done)[:-1]}: found a city, or press Done."
    elif urban:
        prompt = "Click a town to found a new city, or end your build."
    else:
        prompt = "No track can be built now: end your build."
    built = done is not None and not done.empty
    end = BarButton("end", "Done" if built else "End build", c.end_build, True,
                    "End your build for this turn (E)", accent=not tiles and not urban)
    return prompt, [*buttons, end]


def bar_move(c: Controls) -> Bar:
    view, seat, legal = c.view, c.seat, c.legal()
    half = max(1, len(view.queue) // 2)
    turn = 1 + view.qpos // half
    buttons = []
    if RaiseLocomotive() in legal:
        buttons.append(BarButton("loco", f"Locomotive to {view.loco[seat] + 1}",
                                 c.raise_loco, True,
                                 "Raise your locomotive instead of moving a good"))
    buttons.append(BarButton("pass", "Pass", c.pass_move, True, "Do nothing this round"))
    if c.good is not None and c.dest_popup is not None:
        h, colour = c.good
        prompt = (f"{colour.capitalize()} good from {view.place_name(h)}: pick a way in the "
                  f"list (click, or Up / Down and Enter; Esc: another destination).")
    elif c.good is not None:
        h, colour = c.good
        prompt = (f"{colour.capitalize()} good from {view.place_name(h)}: click a ringed "
                  f"destination to deliver it (Esc: another good).")
    elif choices.offered_routes(view):
        prompt = (f"Move goods ({turn} of 2): click a ringed good to see where it can go, "
                  f"or raise the locomotive, or pass.")
    else:
        prompt = (f"Move goods ({turn} of 2): no good can reach a city of its colour with "
                  f"locomotive {view.loco[seat]}.")
    return prompt, buttons


def bar_production(c: Controls) -> Bar:
    legal = c.legal()
    colour = c.view.production_hand[0] if c.view.production_hand else "?"
    buttons = []
    if PlaceGood(colour, "bag") in legal:
        buttons.append(BarButton("bag", "Back in the bag", c.to_bag, True))
        prompt = f"Production: the display is full; the {colour} good goes back."
    else:
        prompt = (f"Production: put the {colour} good on a free space (click a highlighted "
                  f"row of the goods display).")
    return prompt, buttons


PHASES: dict[str, Callable[[Controls], Bar]] = {
    Phase.SHARES: bar_shares, Phase.AUCTION: bar_auction, Phase.SELECT: bar_select,
    Phase.COMMUNISM: bar_communism, Phase.BUILD: bar_build, Phase.MOVE: bar_move,
    Phase.PRODUCTION: bar_production,
}

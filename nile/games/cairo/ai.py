"""Cairo's bots: a flick planner that simulates candidate flicks before choosing one.

The board is public, so a bot plans on its own observation with the real rules: for a
flick it aims candidates at the open sites (and, when stronger, at rivals' blocks), runs
each through the rules (physics included) with the finger's mean flick, keeps the best
few and runs those again with the finger's likely wobbles, then picks the best expected
outcome. What is "best" is `evaluate`: the points the board would pay now (mine against
the best rival's), a smaller share-of-influence term so that progress that does not yet
change a place still counts, and costs for blocks lost to the box and ships knocked over.

Levels differ in how many flicks they try and how well they execute:
- easy: a handful of mean flicks, then its own hand shakes (extra aim and power noise);
- normal: more candidates, the best three checked against two wobbles;
- hard: the most candidates; the best ten, at most two aims at any one target, each
  checked against twelve wobbles (small, medium and likely misses of aim and of power),
  within ~1 s. Both refinements matter: normal's two likely aim misses cannot tell a
  target that any miss loses from one that only a wide miss loses (about 60 % of blocks
  end off the sites), and its best candidates are often five aims at one site.
A planner's time cap is the app's; the tools lift it (`set_budget`), so a seeded
tournament plays the same flicks on a busy machine as on a quiet one.
The other decisions (what to flick, taking blocks back, pyramids, penalties) are quick
heuristics or one-step lookahead with the same evaluation.
"""

from __future__ import annotations

import math
import random
import statistics
import time
from dataclasses import dataclass

from nile.ai.hooks import AiHooks
from nile.core import chance
from nile.core.game import CHANCE, Action, GameState
from nile.core.text import amount, change
from nile.games.cairo.board import board
from nile.games.cairo.config import Jitter
from nile.games.cairo.rules import (
    CairoState,
    blocks_in_box,
    influence_by_site,
    new_game,
    projected_points,
)
from nile.games.cairo.rules import actions as A
from nile.games.cairo.rules.events import ShipKnockedOver
from nile.games.cairo.rules.phases import FINGER_ANY, Phase

SHARE_WEIGHT = 0.25
"""Value of holding all the influence on a site, as a share of its first-place points."""
BOX_COST = 1.0
"""Cost of one own block lost to the box."""
KNOCK_COST = 4.0
"""Cost of knocking a ship over (a block in the box and a lost turn)."""


@dataclass(frozen=True)
class Level:
    candidates: int
    refine: int
    """How many of the best candidates are checked against wobbles."""
    wobbles: tuple[tuple[float, float], ...]
    """(aim, power) misses the best candidates are checked against, in likely wobbles
    (`likely_wobble`, about 1.7 standard deviations): 1 is a likely miss, 1/3 a small one."""
    aim_noise: float
    """Degrees of extra aim error in the bot's own hand (easy)."""
    power_noise: float
    max_seconds: float
    per_target: int = 0
    """At most this many candidates of one target are checked against wobbles (0: any
    number), so that an easier target nearly as good is not crowded out by five aims at
    the best one."""


LEVELS = {
    "easy": Level(6, 0, (), 7.0, 0.08, 0.3),
    "normal": Level(20, 3, ((-1, 0), (1, 0)), 0.0, 0.0, 0.6),
    "hard": Level(44, 10, tuple((a * k / 3, p * k / 3) for k in (1, 2, 3)
                                for a, p in ((-1, 0), (1, 0), (0, -1), (0, 1))),
                  0.0, 0.0, 1.0, per_target=2),
}


def likely_wobble(jitter: Jitter) -> int:
    """The wobble index of a likely miss (about 1.7 standard deviations): the levels'
    `wobbles` are in these steps, whatever the edition's number of points."""
    return max(1, round(1.7320508 / jitter.z(1)))


def wobble_indices(level: Level, jitter: Jitter) -> list[tuple[int, int]]:
    """The level's wobbles as the jitter's (aim, power) indices, each once and never the
    mean flick (a coarse edition rounds small misses to nothing)."""
    step = likely_wobble(jitter)
    out: list[tuple[int, int]] = []
    for aim, power in level.wobbles:
        index = (round(aim * step), round(power * step))
        if index != (0, 0) and index not in out:
            out.append(index)
    return out


# Evaluation -------------------------------------------------------------------------------

def evaluate_for(state: CairoState, seat: int) -> float:
    """How good the board is for `seat`: points now against the best rival, plus a share of
    influence, minus own blocks in the box. Pending die faces count as their average."""
    if state.phase == Phase.FACE:
        values = []
        for face in range(1, 7):
            branch = state.clone()
            branch.pieces[branch.rolls[0]].face = face
            branch.rolls = branch.rolls[1:]
            for rest in branch.rolls:
                branch.pieces[rest].face = 3
            values.append(_board_value(branch, seat))
        return statistics.fmean(values)
    return _board_value(state, seat)


def _board_value(state: CairoState, seat: int) -> float:
    points = projected_points(state)
    rivals = [p for s, p in enumerate(points) if s != seat]
    value = points[seat] - (max(rivals) if rivals else 0.0)
    influence = influence_by_site(state)
    for site in board().sites:
        if site.id in state.closed:
            continue
        total = sum(influence[site.id])
        if total > 0.0:
            value += SHARE_WEIGHT * site.first * influence[site.id][seat] / total
    return value - BOX_COST * blocks_in_box(state, seat)


def evaluate(state: GameState) -> list[float]:
    """Each seat's rough standing in [0, 1] (for generic search tools)."""
    assert isinstance(state, CairoState)
    points = projected_points(state)
    best = max(points) or 1
    return [max(0.0, min(1.0, p / best)) for p in points]


# Flick candidates -----------------------------------------------------------------------

@dataclass(frozen=True)
class Candidate:
    flick: A.Flick
    label: str


def candidates(state: CairoState, count: int, rng: random.Random) -> list[Candidate]:
    """Flicks aimed at open sites (most valuable and nearest first), with a few variants,
    and at rivals' blocks where they lead."""
    seat = state.turn
    x0, y0, _ = state.ship_pose(seat)
    cfg = state.data
    mu_g = cfg.physics.mu_floor * cfg.physics.gravity
    influence = influence_by_site(state)
    scored: list[tuple[float, Candidate]] = []
    for site in board().sites:
        if site.id in state.closed:
            continue
        for finger in state.finger_options():
            for k, (du, dv, stretch) in enumerate(((0.0, 0.0, 1.0), (0.25, 0.0, 1.0),
                                                   (-0.25, 0.0, 1.0), (0.0, 0.25, 1.04),
                                                   (0.0, -0.25, 0.96))):
                tx, ty = site.world((du * site.w, dv * site.h))
                flick = aim_flick(state, x0, y0, tx, ty, stretch, finger, mu_g)
                if flick is None:
                    continue
                distance = math.hypot(tx - x0, ty - y0)
                mine, total = influence[site.id][seat], sum(influence[site.id])
                need = 1.0 + (total - mine) / (1.0 + total)
                priority = site.first * need / (1.0 + distance / 150.0) - k * 0.5 - \
                    _finger_cost(state, finger)
                scored.append((priority, Candidate(flick, f"{site.id}/{k}")))
    for piece in state.on_board():
        if piece.owner == seat:
            continue
        if not state.placement(piece.id).sites:
            continue
        for finger in state.finger_options():
            flick = aim_flick(state, x0, y0, piece.x, piece.y, 1.6, finger, mu_g)
            if flick is not None:
                distance = math.hypot(piece.x - x0, piece.y - y0)
                scored.append((3.0 / (1.0 + distance / 150.0) + rng.random(),
                               Candidate(flick, f"hit {piece.id}")))
    scored.sort(key=lambda item: -item[0])
    picked = [c for _, c in scored[:count]]
    if not picked:
        picked = [Candidate(f, "grid") for f in rng.sample(state.legal_actions(),
                                                          min(count, 4))
                  if isinstance(f, A.Flick)]
    return picked


def _finger_cost(state: CairoState, finger: int) -> float:
    profile = state.data.finger(finger)
    return profile.aim_jitter * 0.3 + profile.power_jitter * 10.0


def aim_flick(state: CairoState, x0: float, y0: float, tx: float, ty: float, stretch: float,
         finger: int, mu_g: float) -> A.Flick | None:
    """The flick that slides a block from the ship to (tx, ty), or None if out of reach."""
    cfg = state.data.physics
    distance = math.hypot(tx - x0, ty - y0) * stretch
    speed = math.sqrt(2.0 * mu_g * distance)
    top = state.data.finger(finger).max_speed
    power = (speed - cfg.min_speed) / (top - cfg.min_speed)
    if power > 1.0:
        return None
    degrees = math.degrees(math.atan2(ty - y0, tx - x0)) % 360.0
    return A.Flick.of(state.chosen, degrees, max(0.0, power), 0.0, finger)


def outcome_value(state: CairoState, flick: A.Flick, aim: int, power: int) -> float:
    """The evaluation after `flick` with the wobble (aim, power), from the flicker's view."""
    seat = state.turn
    branch = state.clone()
    branch.apply(flick)
    events = branch.apply(A.Jitter(aim, power, branch.edition != 1))
    value = evaluate_for(branch, seat)
    if any(isinstance(e, ShipKnockedOver) for e in events):
        value -= KNOCK_COST
    if branch.phase == Phase.OFFER:
        value += 0.5 * sum(1 for b in branch.free_small_on(branch.offer_site)
                           if branch.pieces[b].owner == seat)
    return value


def varied(ranked: list[int], labels: list[str], count: int, per_target: int) -> list[int]:
    """The first `count` of `ranked` with at most `per_target` of one target each (0: no
    limit); labels name the target before the '/' ('giza/3', 'hit 1s04')."""
    if not per_target:
        return ranked[:count]
    picked: list[int] = []
    seen: dict[str, int] = {}
    for index, label in zip(ranked, labels, strict=True):
        target = label.split("/")[0]
        if seen.get(target, 0) < per_target:
            seen[target] = seen.get(target, 0) + 1
            picked.append(index)
            if len(picked) == count:
                break
    return picked


# Other decisions --------------------------------------------------------------------------

def choose_kind(state: CairoState, rng: random.Random) -> A.Choose:
    """Precise fingers go with the valuable single blocks; shaky ones with three tries."""
    kinds = state.supply_kinds(state.turn)
    precise = state.die in (2, 3, FINGER_ANY)
    if precise and "large" in kinds:
        return A.Choose("large")
    if precise and "die" in kinds and rng.random() < 0.5:
        return A.Choose("die")
    if "small" in kinds:
        return A.Choose("small")
    return A.Choose(kinds[0])


def best_by_lookahead(state: CairoState, options: list[Action]) -> Action:
    """The option whose immediate result evaluates best (pyramids, arrangements)."""
    best, best_value = options[0], -math.inf
    for option, value in zip(options, lookahead_values(state, options), strict=True):
        if value > best_value + 1e-9:
            best, best_value = option, value
    return best


def lookahead_values(state: CairoState, options: list[Action]) -> list[float]:
    """Each option's `evaluate_for` the mover once it is played out (a pyramid built the
    quick way): what `best_by_lookahead` compares and a hint quotes."""
    values = []
    for option in options:
        branch = state.clone()
        branch.apply(option)
        _finish_pyramid(branch)
        values.append(evaluate_for(branch, state.turn))
    return values


def _finish_pyramid(state: CairoState) -> None:
    """Play a pyramid build to the end the quick way (auto pick, default order, first
    place), so options can be compared by their result."""
    for _ in range(4):
        if state.phase == Phase.PICK:
            state.apply(A.PICK_AUTO)
        elif state.phase in (Phase.ARRANGE, Phase.PLACE):
            state.apply(state.legal_actions()[0])
        else:
            return


def quick_decision(state: CairoState, rng: random.Random) -> Action:
    """Every decision but the flick itself."""
    phase = state.phase
    if phase == Phase.RETRIEVE:
        return A.RETRIEVE_ALL
    if phase == Phase.CHOOSE:
        return choose_kind(state, rng)
    if phase == Phase.PENALTY:
        kinds = state.supply_kinds(state.turn)
        return A.Penalty("small" if "small" in kinds else kinds[0])
    if phase == Phase.OFFER:
        return best_by_lookahead(state, state.legal_actions())
    if phase == Phase.PICK:
        return A.PICK_AUTO
    if phase == Phase.ARRANGE:
        return state.legal_actions()[0]
    if phase == Phase.PLACE:
        return state.legal_actions()[0]
    return rng.choice(state.legal_actions())


# The bot ------------------------------------------------------------------------------------

class FlickPlanner:
    """An incremental bot (start / think / action) for one seat at one level."""

    def __init__(self, level: str, seat: int, rng: random.Random) -> None:
        self.level = LEVELS[level]
        self.seat = seat
        self.rng = rng
        self._state: CairoState | None = None
        self._choice: Action | None = None
        self._todo: list[tuple[int, int, int]] = []
        self._cands: list[Candidate] = []
        self._values: dict[int, list[tuple[float, float]]] = {}
        self._spent = 0.0
        """Seconds this decision has thought so far: the app thinks a slice a frame, so the
        cap counts the slices, not the time since `start` (which would count the frames'
        drawing too and cut the search at about half the CPU the level was measured with)."""
        self.simulations = 0
        self.reason: str | None = None
        self.checked: list[str] = []
        """The candidates (labels, 'giza/3') the last flick decision checked against wobbles."""
        self._cap: float | None = None

    def set_budget(self, iterations: int | None, seconds: float | None) -> None:
        """The tools' budget (`bots.make_bot`): the planner's size stays its level's;
        `seconds` replaces the level's time cap, and without it there is none, so a
        seeded run is the same on any machine (`iterations` has no meaning here)."""
        self._cap = seconds if seconds is not None else math.inf

    @property
    def time_cap(self) -> float:
        """Seconds a decision may take: the level's, or the tools' budget."""
        return self.level.max_seconds if self._cap is None else self._cap

    def start(self, observation: GameState) -> None:
        assert isinstance(observation, CairoState)
        self._state = observation
        self._choice = None
        self._spent = 0.0
        self.simulations = 0
        self.reason = None
        self.checked = []
        if observation.phase != Phase.FLICK:
            self._choice = quick_decision(observation, self.rng)
            self.reason = explain(observation, self._choice)
            return
        self._cands = candidates(observation, self.level.candidates, self.rng)
        self._values = {}
        self._todo = [(i, 0, 0) for i in range(len(self._cands))]
        self._refined = False

    def think(self, seconds: float) -> bool:
        """Simulate flicks for up to `seconds`; True once decided (the level's cap on the
        slices thought so far, or every planned flick simulated)."""
        if self._choice is not None:
            return True
        state = self._state
        assert state is not None
        started = time.perf_counter()
        probability = state.data.jitter.probability
        while self._todo:
            if self._spent + time.perf_counter() - started > self.time_cap:
                self._todo = []
                break
            index, aim, power = self._todo.pop(0)
            value = outcome_value(state, self._cands[index].flick, aim, power)
            weight = probability(aim) * probability(power)
            self._values.setdefault(index, []).append((weight, value))
            self.simulations += 1
            if not self._todo and not self._refined:
                self._refine()
            if self._todo and time.perf_counter() - started >= seconds:
                self._spent += time.perf_counter() - started
                return False  # at least one flick a slice, as the searches do
        self._spent += time.perf_counter() - started
        self._choice = self._finish()
        return True

    def _refine(self) -> None:
        self._refined = True
        if not self.level.refine:
            return
        ranked = sorted(self._values, key=lambda i: -self._expected(i))
        best = varied(ranked, [self._cands[i].label for i in ranked], self.level.refine,
                      self.level.per_target)
        self.checked = [self._cands[i].label for i in best]
        assert self._state is not None
        wobbles = wobble_indices(self.level, self._state.data.jitter)
        self._todo = [(i, aim, power) for i in best for aim, power in wobbles]

    def _expected(self, index: int) -> float:
        samples = self._values[index]
        weight = sum(w for w, _ in samples)
        return sum(w * v for w, v in samples) / weight

    def _finish(self) -> Action:
        state = self._state
        assert state is not None
        if not self._values:
            return self._cands[0].flick
        refined = [i for i in self._values if len(self._values[i]) > 1]
        pool = refined or list(self._values)
        best = max(pool, key=lambda i: (self._expected(i), -i))
        self.reason = self._flick_reason(best, pool)
        flick = self._cands[best].flick
        if self.level.aim_noise or self.level.power_noise:
            flick = A.Flick.of(flick.kind, flick.degrees + self.rng.gauss(0, self.level.aim_noise),
                               min(1.0, max(0.0, flick.power_share *
                                            (1 + self.rng.gauss(0, self.level.power_noise)))),
                               flick.offset_share, flick.finger)
        return flick

    def action(self) -> Action:
        assert self._choice is not None, "think() until it returns True first"
        return self._choice

    def reasoning(self) -> str | None:
        """Why the last move, for a hint (`bots.advise`): for a flick, the simulated outcome
        of the chosen aim against the board now and against the next best target. Not an
        `explain()`: the log shows those, and a flick needs no excuse."""
        return self.reason

    def _flick_reason(self, best: int, pool: list[int]) -> str | None:
        """'aims your large block at Giza: gains 2.3 points on your lead over the best rival,
        the mean of 13 simulated flicks (at Memphis: gains 0.8)': the chosen target, the block, and
        what the planner's simulated flicks of it (the mean flick and its wobbles, weighted
        by their odds) gain over the board now, against the next best target."""
        state = self._state
        assert state is not None
        target = _target_words(self._cands[best].label)
        if target is None:
            return None
        now = evaluate_for(state, state.turn)
        block = A.KIND_LABEL.get(state.chosen, "block")
        gain = self._expected(best) - now
        tries = len(self._values[best])
        flicks = f"{tries} simulated flick{'s' if tries > 1 else ''}"
        if amount(gain) == "0":  # "gains no points" left the player asking why, then
            reason = (f"aims your {block} {target}: the best of the {len(pool)} aims "
                      f"simulated, though on average over its {flicks} it leaves your lead "
                      "over the best rival as it is")
        else:
            reason = (f"aims your {block} {target}: {change(gain, 'gains', 'loses', 'point')} "
                      f"on your lead over the best rival, the mean of {flicks}")
        others = [i for i in pool if _target_words(self._cands[i].label) not in (None, target)]
        if not others:
            return reason
        second = max(others, key=lambda i: (self._expected(i), -i))
        return reason + (f" ({_target_words(self._cands[second].label)}: "
                         f"{change(self._expected(second) - now, 'gains', 'loses')})")


def _target_words(label: str) -> str | None:
    """A candidate's target in words: 'at Giza', 'at a rival's block' (None: a grid flick)."""
    if label.startswith("hit "):
        return "at a rival's block"
    site_id = label.split("/")[0]
    names = {site.id: site.name for site in board().sites}
    return f"at {names[site_id]}" if site_id in names else None


def explain(state: GameState, action: Action) -> str | None:
    """Why the quick heuristics play `action` (a flick's reason comes from the planner's
    own simulations, `FlickPlanner.reasoning`)."""
    assert isinstance(state, CairoState)
    if isinstance(action, A.Choose):
        return _choose_reason(state, action.kind)
    if isinstance(action, A.Penalty):
        if action.kind == "small":
            return "a small block counts 1 influence, the least of your blocks to lose"
        return f"no small block left in your supply: the {A.KIND_LABEL[action.kind]} goes"
    if state.phase == Phase.OFFER:
        return _offer_reason(state, action)
    if action == A.RETRIEVE_ALL:
        return "every block taken back into your supply can be flicked again on a later turn"
    if action == A.PICK_AUTO:
        return "your own blocks first, then the nearest to the centre: the stones the game picks"
    if state.phase == Phase.ARRANGE:
        return "the first order listed: the bot does not weigh the colours' order"
    if state.phase == Phase.PLACE:
        return "the first free spot listed: the bot does not weigh spots on a site"
    return None


def _choose_reason(state: CairoState, kind: str) -> str:
    """Why `choose_kind` takes `kind`: the die's finger, precise (2, 3 or any) or shaky."""
    precise = state.die in (2, 3, FINGER_ANY)
    finger = ("a 6 lets you choose a precise finger" if state.die == FINGER_ANY else
              f"a {state.die} is a precise finger")
    if kind == "large" and precise:
        return f"{finger}: worth the large block, 3 influence in one flick"
    if kind == "die" and precise:
        return (f"{finger}: worth the die-block, its top face (3.5 on average) in one "
                "flick")
    if kind == "small":
        return ("a shaky finger: three small blocks give three tries" if not precise else
                "no large block left: three tries with small ones")
    return f"no small blocks left in your supply: the {A.KIND_LABEL[kind]}"


def _offer_reason(state: CairoState, action: Action) -> str:
    """The pyramid choice by the bot's count of the board (points against the best rival
    plus a share of influence), for this choice and the best other one."""
    options = state.legal_actions()
    values = lookahead_values(state, options)
    mine = values[options.index(action)] if action in options else max(values)
    rest = [(v, o) for o, v in zip(options, values, strict=True) if o != action]
    text = (f"it leaves you {_lead(mine)} by the bot's count (points now against the best "
            "rival, plus a share of each open site's influence)")
    if rest:
        value, other = max(rest, key=lambda item: item[0])
        text += f"; {_offer_words(other)} would leave you {_lead(value)}"
    return text


def _offer_words(action: Action) -> str:
    return f"{action.size} stones" if isinstance(action, A.BuildPyramid) and action.size \
        else "no pyramid"


def _lead(value: float) -> str:
    return f"{value:.1f} ahead" if value >= 0.05 else (
        f"{-value:.1f} behind" if value <= -0.05 else "level")


def make_bot(level: str, seat: int, rng: random.Random) -> FlickPlanner:
    """The planner at `level`. A saved "expert" seat (setup offered the level from 1c2696a
    until 8953d94; no expert has beaten hard since) plays the hard planner, as the other
    games' saved experts do; any other unknown level the normal one."""
    if level == "expert":
        level = "hard"
    return FlickPlanner(level if level in LEVELS else "normal", seat, rng)


def policy(state: GameState, rng: random.Random) -> Action:
    """A quick move (the easy planner without its shaky hand)."""
    assert isinstance(state, CairoState)
    bot = FlickPlanner("easy", state.turn, rng)
    bot.level = Level(6, 0, (), 0.0, 0.0, 0.3)
    bot.start(state)
    while not bot.think(1.0):
        pass
    return bot.action()


def hooks() -> AiHooks:
    return AiHooks(policy=policy, evaluate=evaluate, make_bot=make_bot, explain=explain)


# Measurements -----------------------------------------------------------------------------

def decision_figures(decisions: int = 12, seed: int = 3) -> dict[str, float]:
    """Seconds per hard flick decision (p95 and median) on positions from a played game."""
    state = new_game(3, seed, {})
    rng = random.Random(seed)
    bots = [make_bot("normal", s, random.Random(s)) for s in range(3)]
    times: list[float] = []
    plies = 0
    while not state.is_terminal and len(times) < decisions and plies < 2000:
        plies += 1
        seat = state.current_player
        if seat == CHANCE:
            state.apply(chance.pick(state.chance_outcomes(), rng))
            continue
        assert seat is not None
        if state.phase == Phase.FLICK:
            hard = make_bot("hard", seat, random.Random(plies))
            started = time.perf_counter()
            hard.start(state.observation(seat))
            while not hard.think(1.0):
                pass
            times.append(time.perf_counter() - started)
        bot = bots[seat]
        bot.start(state.observation(seat))
        while not bot.think(1.0):
            pass
        state.apply(bot.action())
    times.sort()
    return {"bot_decision_p95_s": times[int(0.95 * (len(times) - 1))],
            "bot_decision_median_s": statistics.median(times)}

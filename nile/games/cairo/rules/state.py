"""The Cairo game state: pieces, ships, phase, and the queries every floor asks of them.

The bottom floor of the rules: it imports no phase module. What a move does is the phase
modules' (`turn.py`, `flicking.py`, `building.py`); `dispatch.py`, the top floor, routes
each action to the module of the current phase and plugs itself into the state as `Rules`,
so that `CairoState.apply` (the engine contract) reaches it without the state naming it.

A turn (the rulebook's A-E): the Nile die is rolled (chance; it also picks the finger,
CA-4), the ship sails (`turn.py`), on the downstream lane the player may take blocks back
(CA-3), then chooses 3 small blocks, the large block or the die-block and flicks them one
at a time (`flicking.py`; each flick's jitter is chance, its outcome is physics), and after
a small block lands on a site may build pyramids there (`building.py`, CA-8). Scoring is in
`scoring.py`.

Rulings made here (none of the rulebook or RULINGS.md covers them):
- CA-R1 The starting area is not a space of the track: ships leave it on their first move
  and never come back; after D6 a ship turns into U1.
- CA-R2 One knock-over penalty per flick, however many ships fell; a knock-over ends the turn
  at once, so no pyramid is offered for that flick.
- CA-R3 A player whose own flick empties the supply still gets that flick's pyramid offer;
  the ship then leaves at the end of the turn. Emptied by a penalty: the ship leaves at once.
- CA-R4 A pyramid stone stays part of its pyramid while it is above the ground (level >= 2)
  or, on the ground, within half its width of where it was built; other stones are knocked
  loose and free again. A pyramid with no stone above the ground is gone (CA-8).
- CA-R5 A pyramid stands entirely on its site and may not overlap any other block on the
  ground; a cancelled pyramid is not offered again for that flick.
- CA-R6 The knock-over penalty block is the player's choice of kind when there is a choice.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from nile.core.errors import IllegalAction
from nile.core.game import (
    CHANCE,
    Action,
    Event,
    GameState,
    ScoreSheet,
    Seat,
    Status,
)
from nile.games.cairo import config
from nile.games.cairo.board import Placement, board, corners_of
from nile.games.cairo.config import CairoData
from nile.games.cairo.rules import actions as A
from nile.games.cairo.rules import scoring
from nile.games.cairo.rules.phases import (
    ARRANGE,
    CHANCE_PHASES,
    CHOOSE,
    FACE,
    FINGER_ANY,
    FLICK,
    JITTER,
    OFFER,
    OUT,
    OVER,
    PENALTY,
    PICK,
    PLACE,
    RETRIEVE,
    ROLL,
    START,
    Phase,
)
from nile.games.cairo.rules.pieces import (
    BOARD,
    BOX,
    SUPPLY,
    Piece,
    Pyramid,
    block_ids,
    kind_of,
    owner_of,
)

__all__ = ["CHANCE_PHASES", "FINGER_ANY", "OUT", "START", "CairoState", "Phase", "Rules"]
"""These names are the state's own too (scenes and tests say `S.START`)."""


@dataclass(frozen=True)
class Rules:
    """What the phase modules make of a state, as the top floor (`dispatch.py`) answers it.

    The state names no phase module (they stand on it); `dispatch.py` plugs these in as
    `CairoState.rules` when the rules package is imported."""

    legal_actions: Callable[[CairoState], list[Action]]
    chance_outcomes: Callable[[CairoState], list[tuple[Action, float]]]
    judge: Callable[[CairoState, Action], bool]
    """Validate a move no list can hold (a flick, a pyramid's spot, a wobble outcome):
    True when the phase's own check passed, False to look it up in the listed moves;
    raises `IllegalAction` with the reason."""
    apply: Callable[[CairoState, Action], list[Event]]


class CairoState(GameState):
    """A game of Cairo."""

    game_id = "cairo"
    rules: ClassVar[Rules]
    """The top floor's answers (`dispatch.py`)."""

    def __init__(self, players: int, sudden_death: bool = False) -> None:
        self.players = players
        self.sudden_death = sudden_death
        self.edition = config.EDITION
        """Which physics and wobble this game plays with (config.edition)."""
        self.data: CairoData = config.edition(self.edition)
        self.pieces: dict[str, Piece] = {}
        for seat in range(players):
            for block in block_ids(seat, self.data.pieces["small"].count):
                self.pieces[block] = Piece(block, seat, kind_of(block))
        self.ships: list[str] = [START] * players
        self.phase: Phase = ROLL
        self.turn = 0
        self.turns_taken = 0
        self.die = 0
        self.chosen = ""
        self.flicks_left = 0
        self.pending: A.Flick | None = None
        self.last_block = ""
        self.rolls: list[str] = []
        self.knocked = False
        self.offer_site = ""
        self.pyramid_size = 0
        self.picked: list[str] = []
        self.order: tuple[int, ...] = ()
        self.pyramids: dict[str, Pyramid] = {}
        self.pyramid_count = 0
        self.closed: dict[str, list[str]] = {}
        self.banked: list[int] = [0] * players
        self.site_points: dict[str, list[int]] = {}
        self.last_turn_seat = -1
        self._placements: dict[str, Placement] = {}
        self._projected: tuple[tuple[object, ...], tuple[float, ...]] | None = None
        """The last projected scores with what they were computed from (`_scoring_key`)."""
        self._legal: list[Action] | None = None

    # Protocol: who moves and what may they do ----------------------------------------

    @property
    def num_players(self) -> int:
        return self.players

    @property
    def current_player(self) -> Seat | None:
        if self.phase == OVER:
            return None
        if self.phase in CHANCE_PHASES:
            return CHANCE
        return self.turn

    def legal_actions(self) -> list[Action]:
        if self.current_player in (None, CHANCE):
            return []
        if self._legal is None:
            self._legal = self._compute_legal()
        return list(self._legal)

    def _compute_legal(self) -> list[Action]:
        return self.rules.legal_actions(self)

    def chance_outcomes(self) -> list[tuple[Action, float]]:
        return self.rules.chance_outcomes(self)

    def parse_action(self, text: str) -> Action:
        if self.current_player not in (None, CHANCE):
            action = A.parse_continuous(text)
            if action is not None:
                return action
        if self._may_become_edition_1():
            old = A.parse_old_jitter(text)
            if old is not None:
                return old
        return super().parse_action(text)

    def _may_become_edition_1(self) -> bool:
        """A save from before editions existed starts with a three-point "jitter" at its
        first flick: at that moment (nothing flicked yet) the game turns to edition 1."""
        return self.phase == JITTER and self.edition != 1 and \
            all(p.where == SUPPLY for p in self.pieces.values())

    def _edition_1_jitter(self, action: Action) -> bool:
        return isinstance(action, A.Jitter) and not action.fine and \
            self._may_become_edition_1() and all(abs(v) <= 1 for v in (action.aim,
                                                                         action.power))

    def check_legal(self, action: Action) -> None:
        if self.current_player is None:
            raise IllegalAction("The game is over.")
        if self._edition_1_jitter(action) or self.rules.judge(self, action):
            return
        if isinstance(action, A.Choose) and self.phase == CHOOSE and \
                action.kind in config.KINDS and not self.supply(self.turn, action.kind):
            # a key for a kind the supply has run out of (S with no small blocks) is
            # refused in words, not as "'choose small' is not a legal move now"
            label = A.KIND_LABEL[action.kind]
            raise IllegalAction(f"No {label}s left in your supply." if action.kind == "small"
                                else f"Your {label} is not in your supply.")
        else:
            super().check_legal(action)

    def apply(self, action: Action) -> list[Event]:
        self.check_legal(action)
        self._legal = None
        if self._edition_1_jitter(action):
            self.edition = 1
            self.data = config.edition(1)
        return self.rules.apply(self, action)

    # Queries --------------------------------------------------------------------------

    def supply(self, seat: int, kind: str | None = None) -> list[str]:
        """The seat's blocks in supply (of one kind), in id order."""
        return [p.id for p in self.pieces.values() if p.owner == seat and p.where == SUPPLY
                and (kind is None or p.kind == kind)]

    def supply_kinds(self, seat: int) -> list[str]:
        return [k for k in config.KINDS if self.supply(seat, k)]

    def active_seats(self) -> list[int]:
        """Seats whose ship is still on the Nile."""
        return [s for s in range(self.players) if self.ships[s] != OUT]

    def ship_pose(self, seat: int) -> tuple[float, float, float]:
        """Where a ship sits: its space (or its slot in the starting area)."""
        where = self.ships[seat]
        if where == START:
            x, y = board().start_slots[seat]
            return (x, y, math.pi / 2)
        space = board().space(where)
        return (space.x, space.y, space.heading)

    def finger_options(self) -> list[int]:
        """Fingers allowed for this turn's flicks (CA-4: the die, or any on a 6)."""
        return [1, 2, 3, 4, 5] if self.die == FINGER_ANY else [self.die]

    def placement(self, block: str) -> Placement:
        """Where a block on the board lies (CA-6), cached until it moves."""
        cached = self._placements.get(block)
        if cached is None:
            self.classify([block])
            cached = self._placements[block]
        return cached

    def classify(self, blocks: list[str]) -> None:
        """Refresh the cached placements of these board blocks in one vectorised pass."""
        todo = [b for b in blocks if self.pieces[b].where == BOARD]
        poses = [(self.pieces[b].x, self.pieces[b].y, self.pieces[b].angle,
                  self.data.pieces[self.pieces[b].kind].side) for b in todo]
        for block, place in zip(todo, board().classify(corners_of(poses)), strict=True):
            self._placements[block] = place

    def placements_of(self, blocks: list[str]) -> list[Placement]:
        """Where each of these board blocks lies, those not cached classified in one pass
        (block by block, a table after a move classified each moved block alone: about
        0.3 ms each, issue 33 item 6)."""
        missing = [b for b in blocks if b not in self._placements]
        if missing:
            self.classify(missing)
        return [self._placements[b] for b in blocks]

    def forget(self, block: str) -> None:
        """The block moved or left the board: its placement must be recomputed."""
        self._placements.pop(block, None)

    def on_board(self) -> list[Piece]:
        return [p for p in self.pieces.values() if p.where == BOARD]

    def free_small_on(self, site_id: str) -> list[str]:
        """Small blocks on (or burning on) the site that are not in a pyramid (CA-8)."""
        return [p.id for p in self.pieces.values()
                if p.where == BOARD and p.kind == "small" and not p.pyramid
                and any(s == site_id for s, _ in self.placement(p.id).sites)]

    # Results ---------------------------------------------------------------------------

    def scores(self) -> list[float]:
        """Banked points, plus what the open sites would pay now while the game goes on.

        The projection classifies every block and measures tie-breaking distances (a few
        ms on a full board); the table asks for it after every move, most of which leave
        the board as it was (issue 33 item 6), so the last answer is kept with everything
        it depends on and given again while that is unchanged."""
        if self.phase == OVER:
            return [float(p) for p in self.banked]
        key = self._scoring_key()
        if self._projected is None or self._projected[0] != key:
            self._projected = (key, tuple(float(p) for p in scoring.projected_points(self)))
        return list(self._projected[1])

    def _scoring_key(self) -> tuple[object, ...]:
        """What projected points are a function of: the edition's data, the banked points,
        the closed sites and every block on the board (who, what, where, how it lies)."""
        return (self.edition, self.players, tuple(self.banked), tuple(self.closed),
                tuple((p.id, p.owner, p.kind, p.x, p.y, p.angle, p.level, p.pyramid, p.face)
                      for p in self.pieces.values() if p.where == BOARD))

    def ranking(self) -> list[int]:
        keys = [(s, scoring.small_blocks_on_board(self, seat))
                for seat, s in enumerate(self.scores())]
        return [1 + sum(1 for other in keys if other > key) for key in keys]

    def status(self) -> Status:
        if self.phase == OVER:
            return Status(f"Turn {self.turns_taken}", "Game over")
        return Status(f"Turn {max(1, self.turns_taken)}", self._phase_text())

    def _phase_text(self) -> str:
        """A few words for the top bar."""
        who = f"{{p{self.turn}}}"
        finger = "any finger" if self.die == FINGER_ANY else \
            self.data.finger(self.die).name if self.die else ""
        texts = {
            ROLL: f"{who} rolls the Nile die",
            RETRIEVE: f"{who} may take blocks back",
            CHOOSE: f"{who} chooses what to flick",
            FLICK: f"{who} flicks a {self.chosen} block with "
                   f"{'any finger' if self.die == FINGER_ANY else 'the ' + finger}",
            JITTER: f"{who}'s block is flying",
            FACE: "A die-block settles",
            PENALTY: f"{who} pays for the knocked-over ship",
            OFFER: f"{who} may build a pyramid",
            PICK: f"{who} picks the stones",
            ARRANGE: f"{who} arranges the stones",
            PLACE: f"{who} places the pyramid",
        }
        return texts.get(self.phase, "")

    def score_sheet(self) -> ScoreSheet:
        influence = scoring.influence_by_site(self)
        rows: list[tuple[float, ...]] = []
        names: list[str] = []
        for site in board().sites:
            if site.id in self.site_points:
                points = self.site_points[site.id]
            else:
                points = list(scoring.site_result(self, site.id, influence[site.id]).points)
            names.append(f"{site.name} ({site.first}/{site.second})")
            rows.append(tuple(float(p) for p in points))
        totals = tuple(float(t) for t in self.scores())
        notes: tuple[str, ...] = ("Ties on the total: most small blocks on the board wins.",)
        if self.sudden_death:
            notes += ("Sudden Death: sites scored during the game keep their points.",)
        return ScoreSheet(tuple(names), tuple(rows), totals, False, notes)

    # Copies and saves ----------------------------------------------------------------------

    _SCALARS = ("phase", "turn", "turns_taken", "die", "chosen", "flicks_left", "last_block",
                "knocked", "offer_site", "pyramid_size", "pyramid_count", "last_turn_seat")

    def clone(self) -> CairoState:
        copy = CairoState.__new__(CairoState)
        copy.__dict__.update(self.__dict__)
        copy.pieces = {k: p.copy() for k, p in self.pieces.items()}
        copy.ships = list(self.ships)
        copy.rolls = list(self.rolls)
        copy.picked = list(self.picked)
        copy.pyramids = {k: p.copy() for k, p in self.pyramids.items()}
        copy.closed = {k: list(v) for k, v in self.closed.items()}
        copy.banked = list(self.banked)
        copy.site_points = {k: list(v) for k, v in self.site_points.items()}
        copy._placements = dict(self._placements)
        copy._legal = None
        return copy

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {k: getattr(self, k) for k in self._SCALARS}
        data.update({
            "phase": self.phase.value,
            "players": self.players,
            "sudden_death": self.sudden_death,
            "pieces": [p.to_list() for p in self.pieces.values()],
            "ships": list(self.ships),
            "pending": self.pending.to_str() if self.pending else "",
            "rolls": list(self.rolls),
            "picked": list(self.picked),
            "order": list(self.order),
            "pyramids": [p.to_dict() for p in self.pyramids.values()],
            "closed": {k: list(v) for k, v in sorted(self.closed.items())},
            "banked": list(self.banked),
            "site_points": {k: list(v) for k, v in sorted(self.site_points.items())},
        })
        if self.edition != 1:
            data["edition"] = self.edition  # states written before editions were edition 1
        return data

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> CairoState:
        state = cls(int(data["players"]), bool(data["sudden_death"]))
        state.edition = int(data.get("edition", 1))
        state.data = config.edition(state.edition)
        for key in cls._SCALARS:
            setattr(state, key, data[key])
        state.phase = Phase(data["phase"])
        state.pieces = {}
        for row in data["pieces"]:
            piece = Piece.from_list(list(row))
            state.pieces[piece.id] = piece
        state.ships = [str(s) for s in data["ships"]]
        pending = A.parse_continuous(str(data["pending"])) if data["pending"] else None
        assert pending is None or isinstance(pending, A.Flick)
        state.pending = pending
        state.rolls = [str(r) for r in data["rolls"]]
        state.picked = [str(p) for p in data["picked"]]
        state.order = tuple(int(s) for s in data["order"])
        state.pyramids = {}
        for row in data["pyramids"]:
            pyramid = Pyramid.from_dict(dict(row))
            state.pyramids[pyramid.id] = pyramid
        state.closed = {str(k): [str(b) for b in v] for k, v in data["closed"].items()}
        state.banked = [int(b) for b in data["banked"]]
        state.site_points = {str(k): [int(p) for p in v]
                             for k, v in data["site_points"].items()}
        return state

    # Invariants -------------------------------------------------------------------------

    def invariant_violations(self) -> list[str]:
        problems: list[str] = []
        counts = {k: self.data.pieces[k].count for k in config.KINDS}
        for seat in range(self.players):
            for kind, expected in counts.items():
                have = sum(1 for p in self.pieces.values() if p.owner == seat and p.kind == kind)
                if have != expected:
                    problems.append(f"seat {seat} has {have} {kind} blocks, not {expected}")
        for piece in self.pieces.values():
            problems += self._piece_problems(piece)
        for pyramid in self.pyramids.values():
            for stone in pyramid.stones:
                if self.pieces[stone].pyramid != pyramid.id:
                    problems.append(f"{stone} is listed in {pyramid.id} but is not in it")
        for seat, where in enumerate(self.ships):
            if where not in (START, OUT) and where not in board().track_set:
                problems.append(f"ship {seat} is on an unknown space {where}")
        taken = [w for w in self.ships if w not in (START, OUT)]
        if len(taken) != len(set(taken)):
            problems.append("two ships share a space")
        return problems

    def _piece_problems(self, piece: Piece) -> list[str]:
        problems = []
        if piece.where not in (SUPPLY, BOARD, BOX):
            problems.append(f"{piece.id} is nowhere ({piece.where})")
        if owner_of(piece.id) != piece.owner:
            problems.append(f"{piece.id} has the wrong owner")
        if not all(math.isfinite(v) for v in (piece.x, piece.y, piece.angle)):
            problems.append(f"{piece.id} has a pose that is not a number")
        if piece.where != BOARD and (piece.pyramid or piece.face or piece.level != 1):
            problems.append(f"{piece.id} is off the board but keeps board state")
        if piece.level >= 2 and not piece.pyramid:
            problems.append(f"{piece.id} is above the ground outside a pyramid")
        if piece.pyramid and piece.pyramid not in self.pyramids:
            problems.append(f"{piece.id} is in an unknown pyramid")
        if piece.kind == "die" and piece.where == BOARD and piece.face == 0 and \
                piece.id not in self.rolls:
            problems.append(f"{piece.id} is on the board without a face")
        return problems

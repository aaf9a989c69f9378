"""What moves on the Loose Caboose! table: the rules' events played out in order.

Cards fly to the railway, from the pile to a hand, and from the railway to a penalty
pile; the dice tumble; the caboose rolls card by card and jumps at a derail; pairs that
cancel fly to the discards. The state drawn is already the one after the move, so a card
still shown moving is a `Ghost`, and the caboose is drawn where its hops have got to.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from nile.core.game import Event
from nile.games.loose_caboose.rules import Card, Cell
from nile.games.loose_caboose.rules.events import (
    CabooseMoved,
    CardBanked,
    CardDealt,
    CardDrawn,
    CardLaid,
    Derailed,
    DiceRolled,
    PenaltiesCancelled,
    PenaltyTaken,
    StartingCardLaid,
)
from nile.games.loose_caboose.view import pieces
from nile.games.loose_caboose.view.table import Ghost, Motion, TableView
from nile.ui import sound
from nile.ui.anim import Animations, Tween, ease_in_out
from nile.ui.table.dice import Die

Point = tuple[float, float]


@dataclass(frozen=True)
class Places:
    """Where the things an event moves are on screen now."""

    cell: Callable[[Cell], Point]
    draw_pile: Point
    discards: Point
    hand: Callable[[int], Point]
    """A seat's hand: the viewer's own below the railway, another's box at the top."""
    penalty: Callable[[int], Point]
    """A seat's penalty pile: the viewer's own below, another's box at the top."""
    die: Callable[[int, int], tuple[int, int]]
    """Die `index` of a throw of `count` dice."""
    die_size: Callable[[int], int]
    """The side of each die of a throw of `count` (smaller when four must fit)."""


class Animator:
    """Plays events out on `anims`; `motion` is what the components draw meanwhile."""

    def __init__(self, anims: Animations, announce: Callable[[str], None]) -> None:
        self.anims = anims
        self.announce = announce
        """Shows a line to the table (a derail's toast)."""
        self.motion = Motion(ghosts=[], caboose_path=[], dice=[])

    def play(self, events: list[Event], places: Places, words: Callable[[str], str]) -> None:
        """Each event after the one before it."""
        clock = 0.0
        for event in events:
            clock = self._animate(event, clock, places, words)

    def update(self, dt: float) -> None:
        """Tumble the dice; forget what has arrived."""
        speed = self.anims.speed if self.anims.speed > 0 else 100.0
        motion = self.motion
        for die in motion.dice:
            die.update(dt * speed)
        motion.ghosts[:] = [g for g in motion.ghosts if not g.tween.done]
        motion.arriving[:] = [a for a in motion.arriving if not a[2].done]
        motion.caboose_path[:] = [t for t in motion.caboose_path if not t.done]

    def _animate(self, event: Event, t: float, places: Places,
                 words: Callable[[str], str]) -> float:
        if isinstance(event, StartingCardLaid | CardLaid):
            seat = getattr(event, "seat", None)
            start = places.draw_pile if seat is None else places.hand(seat)
            self._fly(event.card, start, places.cell(event.cell), t, 0.35)
            self.anims.later(t, lambda: sound.play("place"))
            return t + 0.25
        if isinstance(event, CardDealt | CardDrawn):
            flight = self._fly(None, places.draw_pile, places.hand(event.seat), t, 0.3)
            self.motion.arriving.append((event.seat, event.card, flight))
            self.anims.later(t, lambda: sound.play("card", 0.6))
            return t + (0.08 if isinstance(event, CardDealt) else 0.2)
        if isinstance(event, DiceRolled):
            self._roll_dice(event.rolled, t, places)
            return t + Die.ROLL_TIME + 0.2
        if isinstance(event, CabooseMoved):
            return self._hop(places.cell(event.from_cell), places.cell(event.to_cell), t,
                             event.card.broken)
        if isinstance(event, Derailed):
            return self._derail(event, places.cell(event.cell), t, words)
        if isinstance(event, PenaltyTaken | CardBanked):
            start = (places.cell(event.from_cell) if event.from_cell is not None
                     else places.draw_pile)
            card = None if isinstance(event, CardBanked) else event.card
            self._fly(card, start, places.penalty(event.seat), t, 0.45)
            self.anims.later(t, lambda: sound.play("card"))
            return t + 0.35
        if isinstance(event, PenaltiesCancelled):
            card = Card(event.value)
            for offset in (0.0, 0.08):
                self._fly(card, places.penalty(event.seat), places.discards, t + offset, 0.45)
            self.anims.later(t, lambda: sound.play("cancel"))
            return t + 0.45
        return t

    def _fly(self, card: Card | None, start: Point, end: Point, delay: float,
             duration: float) -> Tween:
        tween = Tween(start, end, duration, delay, ease_in_out, arc=30)
        ghosts = self.motion.ghosts
        self.anims.add(("ghost", len(ghosts), id(tween)), tween)
        ghosts.append(Ghost(card, tween))
        return tween

    def _hop(self, start: Point, end: Point, t: float, broken: bool) -> float:
        tween = Tween(start, end, 0.26, t, ease_in_out)
        self.anims.add(("caboose", id(tween)), tween)
        self.motion.caboose_path.append(tween)
        self.anims.later(t, lambda: sound.play("move", 0.7))
        if broken:
            self.anims.later(t + 0.26, lambda: sound.play("penalty", 0.6))
        return t + 0.3

    def _derail(self, event: Derailed, here: Point, t: float,
                words: Callable[[str], str]) -> float:
        tween = Tween(here, (here[0], here[1] - 26), 0.45, t, lambda x: 1 - abs(1 - 2 * x))
        self.anims.add(("caboose", id(tween)), tween)
        self.motion.caboose_path.append(tween)
        cards = f"card{'s' if event.missing != 1 else ''}"
        message = words(f"Derailed! {{p{event.seat}}} takes {event.missing} penalty {cards}.")

        def announce() -> None:
            sound.play("penalty")
            self.announce(message)

        self.anims.later(t, announce)
        return t + 0.5

    def _roll_dice(self, rolled: tuple[int, ...], t: float, places: Places) -> None:
        count = len(rolled)
        dice = self.motion.dice
        dice.clear()
        for i, wheels in enumerate(rolled):
            die = Die(places.die(i, count), places.die_size(count), face=wheels,
                      faces=(0, 0, 1, 1, 2, 2), painter=pieces.paint_die)
            die.set_face(wheels)
            dice.append(die)
        self.anims.later(t, self._start_dice_roll)

    def _start_dice_roll(self) -> None:
        sound.play("dice")
        for die in self.motion.dice:
            die.roll(die.face)


def in_flight(motion: Motion, seat: int | None, keys: Sequence[object]) -> set[int]:
    """The places in `seat`'s hand (`keys`, as the hand shows it) of the cards still
    flying to it: the hand leaves them out until they land."""
    hidden: set[int] = set()
    for to, card, _ in motion.arriving:
        if to != seat:
            continue
        free = [i for i, key in enumerate(keys) if key == card and i not in hidden]
        if free:
            hidden.add(free[-1])
    return hidden


def draw_ghosts(surface: pygame.Surface, t: TableView) -> None:
    """The cards in flight, over everything else on the table."""
    for ghost in t.motion.ghosts:
        if not ghost.tween.waiting:
            t.images.small.draw(surface, ghost.card, ghost.tween.value())

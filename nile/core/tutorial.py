"""Guided first games: a tutorial is a data file of steps over a fixed, scripted opening.

A game teaches itself with `nile/games/<id>/tutorial.toml` (in our own words). Its seat 0
is the learner; the other seats are played by the script. Chance is scripted too: the
`chance` list gives outcomes by their text form, each used at the first chance decision
where it is possible, so the dice and draws make every rule the tutorial needs show up
(a chance decision the list does not cover is drawn from the seed as in any game). An
`[options]` table gives the game's options the lesson plays with (Age of Steam's map).

A step is one of:
- `explain`: a few lines to read, a region of the table to look at, then Next; it may
  carry `picture = "<name>"`, a small illustration of the rule (a derail, a burning block)
  that the game's scene draws on the step's card with its own painting code
  (`GameScene.draw_tutorial_picture`). A picture the scene cannot draw is refused when the
  tutorial is attached to the scene (`check_pictures`), never shown as a blank;
- `act`: the one action the learner should take (or any of a set, as `fnmatch`
  patterns of action texts); any other action is refused with the step's `wrong` line.
  A continuous action (Cairo's flick: an angle and a power) is asked for as a window of
  patterns (`angle=7?.?`); a flick outside it is refused before it is played, so the
  learner simply tries again. `example` names one accepted action for shots and tests
  that fast-forward (a window's flicks are not in the game's legal list);
- `watch`: the script plays `moves` for the other seats while the learner watches,
  then waits for Next (the card's words explain what was just shown: they must stay up
  as long as the learner needs, not go when the moves land); with `fast = true` it
  skips ahead (rounds played at a quick pace, the learner's seat too), so a long game
  can reach its end and final scoring;
  a `pace` (the seconds between moves, so a whole turn can go by briskly; a fast step's
  moves are cut short after it) may be given;
- `end`: the last word, with "Play a real game now".

Any step may name `clear = ["<region>", ...]`: the parts of the table its words are about
besides `look` (the caboose and the front of the railway, Ann's face-up card), which its
card must leave in view.

Pure: no pygame. The scene's tutorial layer draws it and feeds it the actions.
"""

from __future__ import annotations

import fnmatch
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any

from nile.core import data as data_files
from nile.core.game import CHANCE

STEP_KINDS = ("explain", "act", "watch", "end")


@dataclass(frozen=True)
class Step:
    """One step of a tutorial."""

    kind: str
    text: str
    look: str = ""
    """The region of the table to highlight (a name the game's scene knows), or none."""
    expect: tuple[str, ...] = ()
    """act: patterns of the action texts that count as doing the step."""
    wrong: str = ""
    """act: the friendly line for any other action."""
    moves: tuple[str, ...] = ()
    """watch: the other seats' actions, played in order."""
    title: str = ""
    example: str = ""
    """act: one action text the step accepts, played by `TutorialLayer.fast_forward`
    when the game's legal list holds none (continuous actions)."""
    picture: str = ""
    """explain: the name of an illustration the game's scene draws on the card, or none."""
    fast: bool = False
    """watch: play the moves at a quick pace (skipping ahead over several rounds)."""
    pace: float | None = None
    """watch: seconds between the moves at the normal bot speed (None: the layer's own)."""
    clear: tuple[str, ...] = ()
    """Regions (names the game's scene knows) the step's words talk about: the card is
    placed clear of them as of `look`."""

    def accepts(self, action_text: str) -> bool:
        """Whether `action_text` is what this step asks for."""
        return any(fnmatch.fnmatchcase(action_text, pattern) for pattern in self.expect)


@dataclass(frozen=True)
class Tutorial:
    """A game's guided first game."""

    game: str
    title: str
    seed: int
    seats: tuple[str, ...]
    """Names; seat 0 is the learner, the others are played by the script."""
    chance: tuple[str, ...]
    steps: tuple[Step, ...]
    options: tuple[tuple[str, str], ...] = ()


class TutorialError(ValueError):
    """A tutorial file that does not say what a tutorial needs (a bug of ours, not the
    player's: the tests read every file)."""


def parse(data: dict[str, Any], game: str) -> Tutorial:
    """A tutorial from its parsed TOML; TutorialError says what is missing."""
    try:
        steps = tuple(_step(raw) for raw in data["step"])
        seats = tuple(str(name) for name in data["seats"])
        tutorial = Tutorial(
            game=game,
            title=str(data["title"]),
            seed=int(data["seed"]),
            seats=seats,
            chance=tuple(str(c) for c in data.get("chance", ())),
            steps=steps,
            options=tuple(sorted((str(k), str(v)) for k, v in data.get("options", {}).items())),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise TutorialError(f"The {game} tutorial is incomplete: {error}") from None
    if len(seats) < 2 or not steps or steps[-1].kind != "end":
        raise TutorialError(f"The {game} tutorial needs two seats and ends with an end step.")
    return tutorial


def _step(raw: dict[str, Any]) -> Step:
    kind = str(raw["kind"])
    if kind not in STEP_KINDS:
        raise ValueError(f"unknown step kind {kind!r}")
    step = Step(
        kind=kind,
        text=" ".join(str(raw["text"]).split()),
        look=str(raw.get("look", "")),
        expect=tuple(str(p) for p in raw.get("expect", ())),
        wrong=" ".join(str(raw.get("wrong", "")).split()),
        moves=tuple(str(m) for m in raw.get("moves", ())),
        title=str(raw.get("title", "")),
        picture=str(raw.get("picture", "")),
        example=str(raw.get("example", "")),
        fast=bool(raw.get("fast", False)),
        pace=float(raw["pace"]) if "pace" in raw else None,
        clear=tuple(str(r) for r in raw.get("clear", ())),
    )
    if step.example and not (kind == "act" and step.accepts(step.example)):
        raise ValueError(f"the example {step.example!r} is not an action its step accepts")
    if step.picture and kind != "explain":
        raise ValueError("only an explain step shows a picture")
    if kind == "act" and not (step.expect and step.wrong):
        raise ValueError("an act step needs expect and wrong")
    if kind == "watch" and not step.moves:
        raise ValueError("a watch step needs moves")
    if step.fast and kind != "watch":
        raise ValueError("only a watch step can be fast")
    if step.pace is not None and not 0 <= step.pace <= 10:
        raise ValueError(f"a watch step's pace is seconds between moves, not {step.pace}")
    return step


def check_pictures(tutorial: Tutorial, can_draw: Callable[[str], bool]) -> None:
    """Refuse a tutorial whose steps ask for a picture the scene cannot draw: TutorialError
    names the step and the picture (a typo in the file is found when the tutorial opens,
    and by the tests that open every tutorial, not by a learner meeting an empty frame)."""
    asked: dict[str, int] = {}
    for number, step in enumerate(tutorial.steps, start=1):
        if step.picture:
            asked.setdefault(step.picture, number)
    for name, number in asked.items():
        if not can_draw(name):
            raise TutorialError(f"Step {number} of the {tutorial.game} tutorial shows a picture "
                                f"'{name}' that the game's table cannot draw.")


@cache
def load(game: str) -> Tutorial | None:
    """The tutorial of `game`, or None if the game has none yet (read once: the launcher
    asks for every tile each time it opens)."""
    package = f"nile.games.{game}"
    if not data_files.has(package, "tutorial.toml"):
        return None
    return parse(data_files.load(package, "tutorial.toml"), game)


@dataclass
class Progress:
    """Where a learner is: the step, and how much of the chance script is used."""

    tutorial: Tutorial
    step: int = 0
    chance_used: int = 0
    moves_played: int = 0
    """watch: how many of the step's moves have been played."""
    seeded_in_entry: int = 0
    """How many decisions of the current `seeded N` entry have been drawn."""

    @property
    def current(self) -> Step:
        return self.tutorial.steps[min(self.step, len(self.tutorial.steps) - 1)]

    @property
    def finished(self) -> bool:
        return self.current.kind == "end"

    @property
    def watched(self) -> bool:
        """A watch step whose moves have all been played: it waits for Next."""
        step = self.current
        return step.kind == "watch" and self.moves_played >= len(step.moves)

    @property
    def waits_for_next(self) -> bool:
        """Whether Next (Enter) moves on from this step: an explain step, or a watch step
        once the learner has seen its moves."""
        return self.current.kind == "explain" or self.watched

    def asks(self, action_text: str) -> bool:
        """Whether the step in play is an act step asking for this action (a bar or a
        picker offering it highlights it, not the move it would suggest elsewhere)."""
        return self.current.kind == "act" and self.current.accepts(action_text)

    def refusal(self, action_text: str) -> str | None:
        """Why the learner may not take this action now (None: it is the step's)."""
        step = self.current
        if step.kind == "act" and step.accepts(action_text):
            return None
        if step.kind == "act":
            return step.wrong
        if self.watched:
            return "Read this step, then press Next."
        if step.kind == "watch":
            return "Watch this move first."
        if step.kind == "explain":
            return "Read this step, then press Next."
        return "The tutorial is over: start a real game to play on."

    def advance(self) -> None:
        """On to the next step (after Next on an explain step or a watched watch step, or
        the expected action)."""
        if not self.finished:
            self.step += 1
            self.moves_played = 0

    def next_move(self) -> str | None:
        """watch: the next scripted move for the other seats, or None when all are played."""
        step = self.current
        if step.kind != "watch" or self.moves_played >= len(step.moves):
            return None
        return step.moves[self.moves_played]

    def scripted_chance(self, outcomes: list[str]) -> str | None:
        """The next scripted chance outcome if it is possible now (it is then used up).

        An entry `seeded N` lets the next N chance decisions come from the seed (the cards
        a game sets aside unseen, say), so the script names only what the lesson needs."""
        script = self.tutorial.chance
        if self.chance_used >= len(script):
            return None
        entry = script[self.chance_used]
        if entry.startswith("seeded "):
            left = int(entry.split()[1]) - self.seeded_in_entry - 1
            self.seeded_in_entry += 1
            if left <= 0:
                self.chance_used += 1
                self.seeded_in_entry = 0
            return None
        if entry in outcomes:
            self.chance_used += 1
            return entry
        return None

    def moves_accounted(self) -> int:
        """How many players' moves the steps done so far stand for: one per act step,
        a watch step's moves, and the moves of the current watch step played already."""
        done = sum(1 if step.kind == "act" else len(step.moves) if step.kind == "watch" else 0
                   for step in self.tutorial.steps[:self.step])
        return done + (self.moves_played if self.current.kind == "watch" else 0)

    def catch_up(self, played: Iterable[tuple[int, str]]) -> None:
        """Bring a resumed lesson in line with the moves its game holds: `played` is the
        game's log as (seat, action text), chance included.

        The game is the truth. A save written by an older Nile between a move and its step
        (or a kill between the two) holds a step already done, which would refuse every
        move: the steps those moves did are counted as done here, and the chance script's
        place is counted again from the outcomes the game drew."""
        self.chance_used = self.seeded_in_entry = 0
        moves = 0
        for seat, text in played:
            if seat == CHANCE:
                self.scripted_chance([text])  # used up exactly when it was what was drawn
            else:
                moves += 1
        behind = moves - self.moves_accounted()
        while behind > 0 and not self.finished:
            step = self.current
            if step.kind == "watch":
                taken = min(behind, len(step.moves) - self.moves_played)
                self.moves_played += taken
                behind -= taken
                if self.moves_played < len(step.moves):
                    continue
            elif step.kind == "act":
                behind -= 1
            self.advance()

    def to_dict(self) -> dict[str, int | str]:
        """For the autosave: a tutorial resumes where it was left."""
        return {"game": self.tutorial.game, "step": self.step, "chance_used": self.chance_used,
                "moves_played": self.moves_played, "seeded_in_entry": self.seeded_in_entry}

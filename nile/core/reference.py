"""A game's rules reference (F1): sections, a glossary, search, and why a move was refused.

Each game keeps its reference in `nile/games/<id>/reference.toml`, in our own words from the
rulebook (`/work/shared/rules/`) and the rulings:

    title = "Loose Caboose!"
    default = "turn"                 # the section a refusal no section explains opens
    [[section]]
    id = "derail"                    # unique; what "Why?" and the lessons point at
    title = "Derailing"
    text = "..."                     # paragraphs separated by blank lines
    picture = "derail"               # optional: a lesson picture the table can draw
    explains = ["past the front"]    # words of refusals this rule explains
    phases = ["lay track"]           # words of the phase this rule governs
    [[term]]
    name = "Caboose"                 # must appear in some section's text
    meaning = "..."
    see = "goal"                     # optional: the rule "See:" opens (else the first use)

Pure Python: the launcher's tests, the tools and the screen all read it the same way, and a
damaged file names itself and what is wrong (`ReferenceFileError`), never a bare parser message.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from typing import Any

from nile.core import data as data_files

FILE = "reference.toml"
_ID = re.compile(r"^[a-z][a-z0-9_-]*$")


class ReferenceFileError(ValueError):
    """A reference file that is missing something or contradicts itself (a bug of ours: the
    tests read every game's file)."""


@dataclass(frozen=True)
class Section:
    """One rule, under a title; `explains` and `phases` say which refusals it answers."""

    id: str
    title: str
    text: str
    picture: str = ""
    explains: tuple[str, ...] = ()
    phases: tuple[str, ...] = ()

    @property
    def paragraphs(self) -> list[str]:
        """The text's paragraphs (blank lines part them; single newlines are spaces)."""
        return [" ".join(p.split()) for p in self.text.strip().split("\n\n") if p.strip()]


@dataclass(frozen=True)
class Term:
    """A word of the game and what it means; `section` is the rule to read about it."""

    name: str
    meaning: str
    section: str


@dataclass(frozen=True)
class Reference:
    """A game's whole reference, in reading order."""

    game: str
    title: str
    sections: tuple[Section, ...]
    terms: tuple[Term, ...]
    default: str

    def section(self, section_id: str) -> Section:
        """The section `section_id`; KeyError naming it otherwise."""
        for section in self.sections:
            if section.id == section_id:
                return section
        raise KeyError(f"The {self.game} reference has no section '{section_id}'.")


def parse(raw: dict[str, Any], game: str) -> Reference:
    """A reference from its parsed TOML; ReferenceFileError says what is wrong and where."""
    where = f"The {game} rules reference"
    try:
        sections = tuple(_section(item) for item in raw["section"])
        title, default = str(raw["title"]), str(raw["default"])
        pairs = [(str(t["name"]), " ".join(str(t["meaning"]).split()), str(t.get("see", "")))
                 for t in raw["term"]]
    except (KeyError, TypeError, ValueError) as error:
        raise ReferenceFileError(f"{where} is incomplete: {error}") from None
    ids = [s.id for s in sections]
    twice = sorted({i for i in ids if ids.count(i) > 1})
    if twice:
        raise ReferenceFileError(f"{where} names a section twice: {', '.join(twice)}.")
    if default not in ids:
        raise ReferenceFileError(f"{where}: its default section '{default}' does not exist.")
    terms = tuple(Term(name, meaning, _used_in(sections, name, see, where))
                  for name, meaning, see in sorted(pairs, key=lambda t: t[0].lower()))
    return Reference(game, title, sections, terms, default)


def _section(raw: dict[str, Any]) -> Section:
    section_id = str(raw["id"])
    if not _ID.match(section_id):
        raise ValueError(f"section id {section_id!r} is not lower-case letters and dashes")
    text = str(raw["text"]).strip()
    if not text:
        raise ValueError(f"section '{section_id}' has no text")
    return Section(
        id=section_id,
        title=str(raw["title"]),
        text=text,
        picture=str(raw.get("picture", "")),
        explains=tuple(str(p).lower() for p in raw.get("explains", ())),
        phases=tuple(str(p).lower() for p in raw.get("phases", ())),
    )


def _used_in(sections: tuple[Section, ...], name: str, see: str, where: str) -> str:
    """The section the term's "See:" opens: the one it names (`see`), else the first that
    uses the term. A glossary word no rule uses (or not the rule it names) is a typo."""
    word = re.compile(rf"\b{re.escape(name.lower())}")  # "row" is not in "grow"
    for section in sections:
        if (not see or section.id == see) and word.search(section.text.lower()):
            return section.id
    place = f"section '{see}'" if see else "no section"
    raise ReferenceFileError(f"{where}: the glossary term '{name}' appears in {place}.")


@cache
def load(game: str) -> Reference | None:
    """The reference of `game`, or None for a game without one (a test's toy game)."""
    package = f"nile.games.{game}"
    if not data_files.has(package, FILE):
        return None
    try:
        raw = data_files.load(package, FILE)
    except data_files.DataError as error:
        raise ReferenceFileError(str(error)) from error
    return parse(raw, game)


# Search ----------------------------------------------------------------------------------

def words_of(query: str) -> list[str]:
    """The words of a search, lower case (a search is for all of them, in any order)."""
    return [w for w in query.lower().split() if w]


@dataclass(frozen=True)
class Hit:
    """A section a search found, and which of its paragraphs hold a searched word."""

    section: Section
    paragraphs: tuple[int, ...]


def search(reference: Reference, query: str) -> list[Hit]:
    """The sections that hold every word of `query` (in the title or the text), in reading
    order, each with the paragraphs that hold one of them; an empty query finds every
    section and marks no paragraph."""
    words = words_of(query)
    hits = []
    for section in reference.sections:
        whole = f"{section.title} {section.text}".lower()
        if all(w in whole for w in words):
            paragraphs = section.paragraphs
            marked = tuple(i for i, p in enumerate(paragraphs)
                           if words and any(w in p.lower() for w in words))
            hits.append(Hit(section, marked))
    return hits


def search_terms(reference: Reference, query: str) -> list[Term]:
    """The glossary terms whose name or meaning holds every word of `query`."""
    words = words_of(query)
    return [t for t in reference.terms
            if all(w in f"{t.name} {t.meaning}".lower() for w in words)]


def spans(line: str, words: list[str]) -> list[tuple[int, int]]:
    """Where the searched words lie in `line`, as (start, end) character spans, merged and
    in order: what the screen highlights."""
    lowered, found = line.lower(), []
    for word in words:
        start = lowered.find(word)
        while start >= 0:
            found.append((start, start + len(word)))
            start = lowered.find(word, start + 1)
    merged: list[tuple[int, int]] = []
    for start, end in sorted(found):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(end, merged[-1][1]))
        else:
            merged.append((start, end))
    return merged


# Why was a move refused ------------------------------------------------------------------

def explaining(reference: Reference, reason: str) -> Section | None:
    """The section whose `explains` words the refusal's reason holds (the longest match
    wins, so "bonus card" beats "card"); None if no section speaks of it."""
    lowered = reason.lower()
    found = [(len(p), s) for s in reference.sections for p in s.explains if p in lowered]
    return max(found, key=lambda pair: pair[0])[1] if found else None


def why(reference: Reference, reason: str, phase: str = "") -> Section:
    """The rule a refusal rests on: the section that explains its words, else the one
    governing the phase the game is in (an engine's bare "not a legal move now"), else the
    reference's default (how a turn goes)."""
    section = explaining(reference, reason)
    if section is not None:
        return section
    lowered = phase.lower()
    found = [(len(p), s) for s in reference.sections for p in s.phases if p in lowered]
    if found:
        return max(found, key=lambda pair: pair[0])[1]
    return reference.section(reference.default)

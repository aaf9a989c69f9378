"""What the rules reference shows: its entries (the list on the left) and each entry's page
as rows wrapped to the text pane's width, with the searched words' places to highlight.

Kept apart from the screen (`reference_scene.py`) so the filtering and the page rows can be
tested without events, and so the screen only draws rows and moves a cursor.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from nile.core import reference
from nile.core.reference import Reference
from nile.ui import text

TEXT_SIZE = 16
HEAD_SIZE = 20
KEY_COLUMN = 170
"""Pixels the keys take on the Keys page, left of what they do."""
INDEX = "index"
GLOSSARY = "glossary"
KEYS = "keys"


@dataclass(frozen=True)
class Entry:
    """One line of the list on the left: a section, or the index, glossary or keys page."""

    id: str
    title: str
    matches: int = 0
    """How many lines of it a search marked (0 without a search)."""


@dataclass(frozen=True)
class Row:
    """One drawn row of a page. `kind`: head, sub, text, term, link, key, note, gap or
    picture; `link` is the section a click or Enter opens; `spans` the highlighted
    (start, end) characters; `label` a key row's keys (on its first line)."""

    kind: str
    text: str = ""
    link: str = ""
    marked: bool = False
    spans: tuple[tuple[int, int], ...] = ()
    picture: str = ""
    label: str = ""


class Pages:
    """The reference of one game, filtered by the search query."""

    def __init__(self, ref: Reference, key_rows: Sequence[tuple[str, str]] = (),
                 own_keys: Sequence[tuple[str, str]] = ()) -> None:
        self.ref = ref
        self.key_rows = [(k, d[:1].upper() + d[1:]) for k, d in key_rows]
        """The keys of the screen below (the table's, the shared ones)."""
        self.own_keys = [(k, d[:1].upper() + d[1:]) for k, d in own_keys]
        """The reference's own keys."""
        self.query = ""

    @property
    def words(self) -> list[str]:
        return reference.words_of(self.query)

    def entries(self) -> list[Entry]:
        """The list: without a search, index, every section, glossary and keys; with one,
        only what holds every word, each with its count of marked lines."""
        hits = reference.search(self.ref, self.query)
        sections = [Entry(h.section.id, h.section.title, len(h.paragraphs)) for h in hits]
        if not self.words:
            return [Entry(INDEX, "Index"), *sections, Entry(GLOSSARY, "Glossary"),
                    Entry(KEYS, "Keys")]
        terms = reference.search_terms(self.ref, self.query)
        found = sections + ([Entry(GLOSSARY, "Glossary", len(terms))] if terms else [])
        keys = len(self._keys_found()) + len(self._keys_found(self.own_keys))
        return found + ([Entry(KEYS, "Keys", keys)] if keys else [])

    def _keys_found(self, rows: Sequence[tuple[str, str]] | None = None
                    ) -> list[tuple[str, str]]:
        words = self.words
        return [(k, d) for k, d in (self.key_rows if rows is None else rows)
                if all(w in f"{k} {d}".lower() for w in words)]

    def rows(self, entry_id: str, width: int) -> list[Row]:
        """The page of `entry_id`, wrapped to `width` pixels."""
        if entry_id == INDEX:
            return self._index(width)
        if entry_id == GLOSSARY:
            return self._glossary(width)
        if entry_id == KEYS:
            return self._keys(width)
        return self._section(entry_id, width)

    def _section(self, section_id: str, width: int) -> list[Row]:
        section = self.ref.section(section_id)
        marked = next((h.paragraphs for h in reference.search(self.ref, self.query)
                       if h.section.id == section_id), ())
        rows = self._wrapped(section.title, width, "head", size=HEAD_SIZE)
        for i, paragraph in enumerate(section.paragraphs):
            rows += self._wrapped(paragraph, width, "text", marked=i in marked)
            rows.append(Row("gap"))
        if section.picture:
            rows.append(Row("picture", picture=section.picture))
        used = [t.name for t in self.ref.terms if t.section == section_id]
        if used:
            rows += self._wrapped("Glossary: " + ", ".join(used), width, "text")
        return rows

    def _glossary(self, width: int) -> list[Row]:
        rows = self._wrapped("Glossary", width, "head", size=HEAD_SIZE)
        for term in reference.search_terms(self.ref, self.query):
            rows += self._wrapped(term.name, width, "term", link=term.section)
            rows += self._wrapped(term.meaning, width, "text", marked=bool(self.words))
            see = self.ref.section(term.section).title
            rows += self._wrapped(f"See: {see}", width, "link", link=term.section)
            rows.append(Row("gap"))
        return rows

    def _index(self, width: int) -> list[Row]:
        """Every section title and glossary term, A to Z, each opening its rule."""
        topics = [(s.title, s.id) for s in self.ref.sections]
        topics += [(f"{t.name} (term)", t.section) for t in self.ref.terms]
        rows = self._wrapped("Index", width, "head", size=HEAD_SIZE)
        for title, link in sorted(topics, key=lambda pair: pair[0].lower()):
            rows += self._wrapped(title, width, "link", link=link)
        return rows

    def _keys(self, width: int) -> list[Row]:
        """The keys at the table, then the reference's own: each key beside what it does."""
        rows = self._wrapped("Keys", width, "head", size=HEAD_SIZE)
        for title, group in (("At the table", self.key_rows),
                             ("In the rules reference", self.own_keys)):
            found = self._keys_found(group)
            if found:
                rows += self._wrapped(title, width, "sub")
            for keys, does in found:
                lines = self._wrapped(does, width - KEY_COLUMN, "key", marked=bool(self.words))
                rows += [replace(lines[0], label=keys), *lines[1:]]
        return rows

    def note(self, words: str, width: int) -> list[Row]:
        """A note above a page (why a move was refused), then a gap."""
        return [*self._wrapped(words, width, "note"), Row("gap")]

    def _wrapped(self, words: str, width: int, kind: str, link: str = "",
                 marked: bool = False, size: int = TEXT_SIZE) -> list[Row]:
        """`words` as rows no wider than `width`, each with its searched words' spans."""
        style = "bold" if kind in ("head", "term", "sub") else "regular"
        lines = text.wrap(words, size, width, style)
        return [Row(kind, line, link, marked, tuple(reference.spans(line, self.words)))
                for line in lines]


def row_height(row: Row, picture_height: int) -> int:
    """Pixels a row takes on the page."""
    if row.kind == "picture":
        return picture_height + 12
    if row.kind == "gap":
        return 8
    size = HEAD_SIZE if row.kind == "head" else TEXT_SIZE
    extra = {"head": 6, "sub": 6, "key": 3}.get(row.kind, 1)
    return text.line_height(size) + extra

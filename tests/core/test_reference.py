"""The rules reference (F1) of every game: its file loads, its sections and glossary hold
together, search finds what it should, and every refusal an engine gives opens a rule
(`nile/core/reference.py`)."""

from __future__ import annotations

import random

import pytest

from nile.core import reference, registry, tutorial
from nile.core.errors import IllegalAction
from nile.core.game import Action
from nile.core.session import Match, SeatConfig
from tests import per_game


@pytest.mark.parametrize("game", per_game.ids())
def test_every_game_has_a_reference_that_holds_together(game: str) -> None:
    ref = reference.load(game)
    assert ref is not None, f"{game} has no reference.toml"
    ids = [s.id for s in ref.sections]
    assert len(ids) == len(set(ids)) >= 1
    assert ref.terms, "a glossary"
    for term in ref.terms:  # each term points at a rule that uses it
        assert term.name.lower() in ref.section(term.section).text.lower()
    lesson = tutorial.load(game)
    taught = {step.picture for step in lesson.steps} if lesson else set()
    for section in ref.sections:  # a rule's picture is one the game's table draws
        assert not section.picture or section.picture in taught, section.id
    if taught - {""}:  # the lessons' rule pictures all appear in the reference
        assert taught - {""} <= {s.picture for s in ref.sections}


def _raw(**changes: object) -> dict[str, object]:
    raw: dict[str, object] = {
        "title": "T", "default": "a",
        "section": [{"id": "a", "title": "A", "text": "Lay a card at the front."},
                    {"id": "b", "title": "B", "text": "Roll the dice.\n\nCount the wheels.",
                     "explains": ["roll"], "phases": ["rolling"]}],
        "term": [{"name": "Wheel", "meaning": "On a die."}],
    }
    raw.update(changes)
    return raw


@pytest.mark.parametrize(("changes", "message"), [
    ({"section": [{"id": "a", "title": "A", "text": "x"}] * 2}, "names a section twice: a"),
    ({"default": "zzz"}, "default section 'zzz' does not exist"),
    ({"term": [{"name": "Caboose", "meaning": "m"}]}, "term 'Caboose' appears in no section"),
    ({"term": [{"name": "Row", "meaning": "m"}],
      "section": [{"id": "a", "title": "A", "text": "It may grow."}]}, "term 'Row'"),
    ({"term": [{"name": "Wheel", "meaning": "m", "see": "a"}]}, "appears in section 'a'"),
    ({"section": [{"id": "a", "title": "A"}]}, "is incomplete: 'text'"),
    ({"section": [{"id": "Bad id", "title": "A", "text": "x"}]}, "'Bad id' is not"),
])
def test_a_damaged_reference_says_what_is_wrong(changes: dict[str, object], message: str
                                                ) -> None:
    with pytest.raises(reference.ReferenceFileError, match="The toy rules reference") as error:
        reference.parse(_raw(**changes), "toy")
    assert message in str(error.value)


def test_search_filters_sections_and_marks_the_lines_that_match() -> None:
    ref = reference.parse(_raw(), "toy")
    assert [h.section.id for h in reference.search(ref, "")] == ["a", "b"]
    assert all(not h.paragraphs for h in reference.search(ref, "  "))
    hits = reference.search(ref, "WHEELS")
    assert [(h.section.id, h.paragraphs) for h in hits] == [("b", (1,))]
    # every word must be in the section, in any order; lines with any of them are marked
    assert [(h.section.id, h.paragraphs) for h in reference.search(ref, "count roll")] == [
        ("b", (0, 1))]
    assert reference.search(ref, "roll front") == []
    assert [t.name for t in reference.search_terms(ref, "die")] == ["Wheel"]
    assert reference.search_terms(ref, "card") == []


def test_spans_are_what_the_screen_highlights() -> None:
    assert reference.spans("Roll the dice, roll again", ["roll"]) == [(0, 4), (15, 19)]
    assert reference.spans("railroad", ["rail", "ailr"]) == [(0, 5)]  # merged
    assert reference.spans("nothing here", ["x"]) == []


def test_why_takes_the_longest_phrase_then_the_phase_then_the_default() -> None:
    ref = reference.parse(_raw(), "toy")
    assert reference.why(ref, "Roll first.").id == "b"
    assert reference.explaining(ref, "'x' is not a legal move now.") is None
    assert reference.why(ref, "'x' is not a legal move now.", "Ann is rolling").id == "b"
    assert reference.why(ref, "'x' is not a legal move now.", "Ann waits").id == "a"


def _refusals(game: str, plies: int = 120) -> set[tuple[str, str]]:
    """Real refusals: at each decision of a seeded random playout, actions that were legal
    at earlier decisions are tried on a copy; each refusal with the phase it came in."""
    info = registry.get(game)
    seats = [SeatConfig(f"P{i}") for i in range(min(max(info.min_players, 4),
                                                    info.max_players))]
    match = Match.new(info, seats, seed=5)
    rng, tried, found = random.Random(5), list[Action](), set()
    for _ in range(plies):
        state = match.state
        legal = state.legal_actions() if state.current_player is not None else []
        if not legal:
            break
        phase = state.status().phase_text
        for action in rng.sample(tried, min(6, len(tried))):
            if action in legal:
                continue
            try:
                state.clone().apply(action)
            except IllegalAction as error:
                found.add((error.reason, phase))
        tried = [*tried, *rng.sample(legal, min(3, len(legal)))][-60:]
        match.play(rng.choice(legal))
        match.resolve_chance()
    return found


@pytest.mark.parametrize("game", per_game.ids())
def test_every_sampled_refusal_opens_the_rule_it_rests_on(game: str) -> None:
    """Not the default page: each reason is explained by a section's words, or (an engine's
    bare "not a legal move now") by the section governing the phase it came in."""
    ref = reference.load(game)
    assert ref is not None
    refusals = _refusals(game)
    assert len({reason for reason, _ in refusals}) >= 3, refusals
    unexplained = []
    for reason, phase in sorted(refusals):
        by_words = reference.explaining(ref, reason)
        by_phase = any(p in phase.lower() for s in ref.sections for p in s.phases)
        if by_words is None and not by_phase:
            unexplained.append((reason, phase))
    assert not unexplained, unexplained


EXAMPLES = {  # refusals as the engines word them -> the rule a player should read
    "loose_caboose": [("A new card must go right next to the front card.", "lay-track"),
                      ("You have laid cards this turn, so you cannot pass: roll the dice.",
                       "turn"),
                      ("You cannot lay a 3 now.", "lay-track")],  # the table's own words
    "kap_kairo": [("Not enough rails: 3 free + 0 bonus + 0 bought = 3, but the Desert "
                   "needs 8.", "counting"),
                  ("You cannot bid more than your capital of £40.", "bidding"),
                  ("There is no card 5 for sale.", "choosing")],
    "cairo": [("The die says: flick with the thumb.", "fingers"),
              ("The pyramid would stand on another block.", "pyramids"),
              ("There is no free spot for this pyramid on the site.", "pyramids")],
    "cleopatra": [("Anubis's extra action must be Draw City Cards.", "gods"),
                  ("Heliopolis still has fruit; a pyramid needs an empty city.", "pyramid"),
                  ("You do not hold City Hall (lemon, 2 VP, +1).", "building"),
                  ("That does not go with the cards you picked: Esc clears them.",
                   "actions")],
    "age_of_steam": [("That costs $4 and you have $2.", "costs"),
                     ("The locomotive can go up once a turn, to 6 at most.", "move"),
                     ("The Suez Canal opens in turn 3.", "egypt"),
                     ("Engineer is taken this turn.", "actions"),
                     ("Track never runs onto a pyramid: it ends at the pyramid's edge.",
                      "egypt")],
}


def test_refusals_open_the_right_rule() -> None:
    """(Not parametrized by game: the per-game tests are the ones every game runs.)"""
    for game, pairs in EXAMPLES.items():
        ref = reference.load(game)
        assert ref is not None
        for reason, expected in pairs:  # by the rule's own words, not a fallback
            section = reference.explaining(ref, reason)
            assert section is not None and section.id == expected, (game, reason)

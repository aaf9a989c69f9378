"""Influence and scoring: the rulebook's examples, CA-10 ties, one-colour sites, CA-12."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from nile.games.cairo.board import board
from nile.games.cairo.builder import Builder
from nile.games.cairo.rules import scoring
from nile.games.cairo.rules.phases import Phase

BLUE, RED, GREEN, BROWN = 0, 1, 2, 3


def result(state, site):
    influence = scoring.influence_by_site(state)[site]
    return scoring.site_result(state, site, influence)


def test_rulebook_left_site_blue_75_red_65_brown_6_green_45() -> None:
    """A 10-stone pyramid (levels 4+3+2+1) with loose and burning blocks around it."""
    b = Builder(4)
    b.pyramid("abu_rawash", ["1s00",                 # level 4: red
                             "2s00", "3s00",         # level 3: green, brown
                             "0s00", "0s01", "1s01",  # level 2: blue, blue, red
                             "0s02", "3s01", "3s02", "3s03"], dy=-10)  # ground
    b.on_site("0s03", "abu_rawash", -25, 15)   # blue small: 1
    b.on_site("0L", "abu_rawash", 32, 15)      # blue large across the edge: 1.5
    b.on_site("1s02", "abu_rawash", -32, 15)   # red small across the edge: 0.5
    b.on_site("2s01", "abu_rawash", 0, 15)     # green small: 1
    b.on_site("2s02", "abu_rawash", 20, 25)    # green small across the edge: 0.5
    state = b.build()
    res = result(state, "abu_rawash")
    assert res.influence == (7.5, 6.5, 4.5, 6.0)
    assert res.points == (8, 4, 0, 0)


def right_site(green_gap: float, brown_gap: float) -> Builder:
    """Blue 1 + 1 + 0.5, red 1, green 1 + 2, brown 1 + 2 (a die showing 2)."""
    site = board().site("saqqara")
    b = Builder(4)
    b.pyramid("saqqara", ["2s00", "0s00", "0s01"], dx=-10)   # green on top of two blue
    b.on_site("0s02", "saqqara", 28, 0)                       # blue across the edge: 0.5
    b.on_site("1s00", "saqqara", 10, 12)                      # red: 1
    b.on_site("2s01", "saqqara", 10, -12)                     # green: 1
    b.on_site("3s00", "saqqara", -15, 14)                     # brown: 1
    b.on_site("3D", "saqqara", 15, 0, face=2)                 # brown die: 2
    # the nearest blocks off the site decide the tie between green and brown (CA-10)
    b.on_site("2s02", "saqqara", 0, -(site.h / 2 + 5 + green_gap))
    b.on_site("3s01", "saqqara", 0, site.h / 2 + 5 + brown_gap)
    return b


def test_rulebook_right_site_tie_goes_to_the_nearest_block() -> None:
    state = right_site(green_gap=4.0, brown_gap=30.0).build()
    res = result(state, "saqqara")
    assert res.influence == (2.5, 1.0, 3.0, 3.0)
    assert res.points == (0, 0, 10, 5)
    state = right_site(green_gap=30.0, brown_gap=4.0).build()
    assert result(state, "saqqara").points == (0, 0, 5, 10)


def test_ca10_still_tied_players_split_the_places_rounding_up() -> None:
    state = right_site(green_gap=12.0, brown_gap=12.0).build()
    assert result(state, "saqqara").points == (0, 0, 8, 8)      # (10 + 5) / 2 -> 8


def test_ca10_tie_for_second_shares_second_place() -> None:
    b = Builder(3)
    b.on_site("0L", "giza", 0, 0)                    # 3
    b.on_site("1s00", "giza", -12, 10)               # 1
    b.on_site("2s00", "giza", 12, -10)               # 1, no blocks off the site for either
    res = result(b.build(), "giza")
    assert res.points == (16, 4, 4)                   # 8 / 2 each


def test_three_way_tie_for_first() -> None:
    b = Builder(3)
    for seat, dx in ((0, -12), (1, 0), (2, 12)):
        b.on_site(f"{seat}s00", "lisht", dx, 0)
    assert result(b.build(), "lisht").points == (6, 6, 6)       # (12 + 6 + 0) / 3


def test_one_colour_site_pays_only_first_place() -> None:
    b = Builder(2)
    b.on_site("0s00", "naqada", 0, 0).on_site("0s01", "naqada", 12, 0)
    assert result(b.build(), "naqada").points == (20, 0)


def test_empty_site_pays_nobody() -> None:
    assert result(Builder(2).build(), "naqada").points == (0, 0)


def test_die_block_counts_its_face_and_half_when_burning() -> None:
    b = Builder(2)
    b.on_site("0D", "kula", 0, 0, face=5)
    site = board().site("kula")
    b.on_site("1D", "kula", site.w / 2, 0, face=6)
    assert scoring.influence_by_site(b.build())["kula"] == [5.0, 3.0]


def test_each_pyramid_stone_counts_its_level() -> None:
    b = Builder(2)
    stones = [f"0s{n:02d}" for n in range(14)]
    b.pyramid("abydos", stones)
    state = b.build()
    assert scoring.influence_by_site(state)["abydos"] == [9 * 1 + 4 * 2 + 1 * 3, 0.0]


def test_projected_and_final_scores_agree() -> None:
    state = right_site(4.0, 30.0).build()
    projected = scoring.projected_points(state)
    events = scoring.final_scoring(state)
    assert [float(p) for p in projected] == [float(p) for p in state.banked]
    assert {e.site for e in events} == {s.id for s in board().sites}


def test_game_tie_break_is_most_small_blocks_on_the_board() -> None:
    b = Builder(2)
    b.on_site("0s00", "giza", 0, 0)                 # seat 0: giza 16
    b.on_site("1s00", "dahshur", 0, 0)              # seat 1: dahshur 18 ...
    b.on_site("0s01", "lahun", 0, 0)                # seat 0: lahun 12 -> 28
    b.on_site("1s01", "sinki", 0, 0)                # seat 1: sinki 10 -> 28
    b.at("1s02", 300.0, 30.0)                       # one more small block on the board
    state = b.build()
    assert state.scores() == [28.0, 28.0]
    assert state.ranking() == [2, 1]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2), st.integers(-2, 2), st.integers(-1, 1)),
                min_size=1, max_size=9, unique_by=lambda t: (t[1], t[2])))
def test_points_follow_influence_on_a_site(blocks) -> None:
    """Whoever has strictly the most influence scores first; nobody scores more."""
    b = Builder(3)
    used = [0, 0, 0]
    for seat, dx, dy in blocks:
        b.on_site(f"{seat}s{used[seat]:02d}", "saqqara", dx * 11.0, dy * 11.0)
        used[seat] += 1
    state = b.build()
    res = result(state, "saqqara")
    assert list(res.influence) == [float(n) for n in used]
    best = max(res.influence)
    leaders = [s for s in range(3) if res.influence[s] == best]
    if len(leaders) == 1:
        assert res.points[leaders[0]] == 10
    assert max(res.points) == max(res.points[s] for s in leaders)
    assert sum(res.points) <= 15 + 2


def test_ca12_sudden_death_scores_a_site_with_clear_first_and_second() -> None:
    b = Builder(2, sudden_death=True)
    b.on_site("0s00", "giza", -8, 0).on_site("0s01", "giza", 8, 0)
    b.on_site("1s00", "giza", 0, 12)
    state = b.to_move(0, Phase.ROLL).build()
    events = scoring.sudden_death(state)
    assert [(e.site, e.points) for e in events] == [("giza", (16, 8))]
    assert state.banked == [16, 8]
    assert sorted(state.closed["giza"]) == ["0s00", "0s01", "1s00"]
    assert scoring.sudden_death(state) == []          # scored once only


def test_ca12_a_tie_does_not_score_in_sudden_death() -> None:
    b = Builder(2, sudden_death=True)
    b.on_site("0s00", "giza", -8, 0).on_site("1s00", "giza", 8, 0)
    assert scoring.sudden_death(b.build()) == []

"""The invented board data (CA-1, CA-2) is complete and consistent."""

from __future__ import annotations

from collections import Counter

from nile.games.cairo import geometry
from nile.games.cairo.board import board, track


def test_ca1_eighteen_sites_nine_per_bank_with_the_listed_points() -> None:
    sites = board().sites
    assert len(sites) == 18
    banks = Counter(site.area[0] for site in sites)
    assert banks == {"N": 9, "S": 9}
    expected = sorted([(20, 10), (18, 9), (16, 8), (14, 7), (12, 6), (12, 6), (10, 5), (10, 5),
                       (8, 4)])
    for bank in "NS":
        points = sorted((s.first, s.second) for s in sites if s.area[0] == bank)
        assert points == expected


def test_ca1_smaller_sites_carry_more_points() -> None:
    sites = sorted(board().sites, key=lambda s: s.first)
    areas = [s.w * s.h for s in sites]
    biggest_first = max(s.first for s in sites)
    assert min(areas) == min(s.w * s.h for s in sites if s.first == biggest_first)
    assert max(areas) == max(s.w * s.h for s in sites if s.first == min(x.first for x in sites))


def test_every_site_lies_inside_its_desert_area_with_a_margin() -> None:
    b = board()
    areas = {a.id: a for a in b.deserts}
    for site in b.sites:
        area = areas[site.area]
        for x, y in site.polygon:
            assert area.x0 + 5 < x < area.x1 - 5 and area.y0 + 5 < y < area.y1 - 5, site.id
            assert 0 < x < b.width and 0 < y < b.height


def test_sites_do_not_overlap() -> None:
    sites = board().sites
    for i, a in enumerate(sites):
        for b in sites[i + 1:]:
            assert geometry.distance(a.polygon, b.polygon) > 10.0, (a.id, b.id)


def test_ca1_track_has_12_upstream_and_6_downstream_spaces() -> None:
    spaces = board().spaces
    assert track() == tuple([f"U{i}" for i in range(1, 13)] + [f"D{i}" for i in range(1, 7)])
    assert sum(not s.downstream for s in spaces) == 12
    assert sum(s.downstream for s in spaces) == 6


def test_ca1_each_downstream_space_faces_two_upstream_spaces() -> None:
    b = board()
    faced = []
    for space in b.spaces:
        if not space.downstream:
            continue
        assert len(space.faces) == 2
        for up in space.faces:
            assert abs(b.space(up).x - space.x) <= 24.0 + 1e-9
        faced += space.faces
    assert sorted(faced) == sorted(f"U{i}" for i in range(1, 13))


def test_ca2_port_and_starboard_areas_match_the_geometry() -> None:
    b = board()
    areas = {a.id: a for a in b.deserts}
    for space in b.spaces:
        for name in (space.port, space.starboard):
            area = areas[name]
            assert area.x0 <= space.x <= area.x1, (space.id, name)
        port, starboard = areas[space.port], areas[space.starboard]
        # heading east, port is north; heading west, port is south
        assert (port.bank == "N") == (not space.downstream)
        assert starboard.bank != port.bank


def test_spaces_lie_in_their_lanes_and_start_slots_in_the_starting_area() -> None:
    b = board()
    for space in b.spaces:
        lane = (b.south_bank, b.lane_split) if space.downstream else (b.lane_split, b.north_bank)
        assert lane[0] < space.y < lane[1]
    x0, x1 = b.start_area
    assert len(b.start_slots) == 5
    for x, y in b.start_slots:
        assert x0 <= x <= x1 and b.south_bank < y < b.north_bank

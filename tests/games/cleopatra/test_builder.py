"""The test-state builder keeps every invariant and builds what its docstring says."""

from __future__ import annotations

import json

from nile.games.cleopatra import builder
from nile.games.cleopatra.builder import Builder
from nile.games.cleopatra.rules import CleopatraState
from nile.games.cleopatra.rules.data import game_data
from nile.games.cleopatra.rules.phases import Phase

D = game_data()


def test_the_docstring_example_builds_a_valid_table() -> None:
    state = (Builder(4)
             .prestige("Edfu", (4, 10))
             .fruit("Lisht", "coconut")
             .track("Edfu-Thebes", seat=1, trains=3)
             .hand(0, city=["Edfu (lime 8, lemon 8)"], auction=["3-train"])
             .fruit_card(0, "raspberry+lime")
             .money(0, 20)
             .market("raspberry", -1)
             .to_move(0)
             .build())
    assert "Builder(4)" in (builder.__doc__ or "")
    assert state.invariant_violations() == []
    assert state.phase == Phase.ACTIONS and state.current_player == 0
    assert state.prestige(D.city("Edfu")) == 10  # Edfu is dark when Alexandria is light
    assert state.legal_actions()


def test_every_builder_step_keeps_the_invariants() -> None:
    state = (Builder(5).light("Giza").pyramid("Lisht", 5)
             .building_marker("Thebes", 2).vp(3, 9).gods("Isis", "Horus", "Ra", "Set", "Thoth")
             .built(2, "Temple (blueberry, 4 VP)").city_display("Giza (lime 8, lemon 10)")
             .auction_display("4-train", "Fruit lemon").turn(5).to_move(4, picks=2).build())
    assert state.invariant_violations() == []
    assert state.turn == 4 and state.current_player == 4 and state.picks_left == 2
    auction = Builder(3).to_move(2, Phase.AUCTION).build()
    assert auction.phase == Phase.AUCTION and auction.current_player == 2
    assert auction.invariant_violations() == []


def test_the_phase_saves_as_the_number_saves_always_held() -> None:
    """Phase is an IntEnum: a save holds the plain number, loading makes it a Phase."""
    data = Builder(3).to_move(1, Phase.AUCTION).build().to_dict()
    assert type(data["phase"]) is int and data["phase"] == 1
    loaded = CleopatraState.from_dict(json.loads(json.dumps(data)))
    assert loaded.phase is Phase.AUCTION

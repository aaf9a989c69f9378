"""Pieces of the Vom Kap bis Kairo screen: the reveal record, ledger lines, the replay."""

from __future__ import annotations

from nile.core.replay import Replay
from nile.core.session import Match, SeatConfig
from nile.games.kap_kairo import GAME_INFO
from nile.games.kap_kairo.rules import card_named
from nile.games.kap_kairo.rules.events import (
    BidsRevealed,
    ChoosingOrder,
    DuelRound,
    PhaseChanged,
    TieByCapital,
)
from nile.games.kap_kairo.scene import KapKairoScene
from nile.games.kap_kairo.view.ledger import entry_cells
from nile.games.kap_kairo.view.reveal import last_reveal
from nile.ui.shots import play_bots_until
from tests.ui.harness import frames, make_app


def test_the_reveal_remembers_ties_and_duel_cards() -> None:
    r3, d2, s1 = card_named("R3"), card_named("D2"), card_named("S1")
    entries = [
        [PhaseChanged("auction", 2)],
        [BidsRevealed((10, 10, 10, 4), (60, 70, 60, 80)), TieByCapital((0, 2, 1))],
        [DuelRound((0, 2), (r3, d2), (2, 0), ())],
        [ChoosingOrder((2, 0, 1, 3))],
    ]
    reveal = last_reveal(entries)
    assert reveal is not None
    assert reveal.order == (2, 0, 1, 3)
    assert reveal.duels == {0: [r3], 2: [d2]}
    assert reveal.note(1) == "tie: £70 left"
    assert reveal.note(0) == "tie: card duel"
    assert reveal.note(3) == ""
    # a new land purchase forgets it until its own bids are revealed
    assert last_reveal([*entries, [PhaseChanged("auction", 3)]]) is None
    redraw = [*entries[:2], [DuelRound((0, 2), (r3, s1), (0, 2), (0, 2))]]
    assert last_reveal(redraw).duels == {0: [r3], 2: [s1]}  # type: ignore[union-attr]


def test_ledger_lines_read_like_the_paper_sheet() -> None:
    assert entry_cells(("start", 100, 100)) == ("£100", "start")
    assert entry_cells(("bid", 12, 88)) == ("£88", "bid £12")
    assert entry_cells(("bid", None, None)) == ("?", "sealed bid")
    assert entry_cells(("income", 9, 97)) == ("£97", "+£9 crossing")
    assert entry_cells(("rails", 20, 77)) == ("£77", "−£20 rails")


def test_a_finished_game_replays_move_by_move() -> None:
    app = make_app()
    seats = (SeatConfig("Ann", "bot", "easy"), SeatConfig("Bo", "bot", "easy", 1))
    match = Match.new(GAME_INFO, seats, seed=2)
    play_bots_until(match, lambda s: False, me=-1)
    assert match.state.is_terminal
    replay = Replay(match.info, match.seats, match.seed, match.options, list(match.actions))
    scene = KapKairoScene(app, match, replay=replay)
    app.push(scene)
    for position in range(0, replay.length + 1, max(1, replay.length // 12)):
        scene.seek(position)
        frames(app, 2)
    scene.seek(replay.length)
    frames(app, 2)
    assert scene.view.is_terminal

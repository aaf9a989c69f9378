"""Vom Kap bis Kairo's click-to-move rules without a window: what a card, a button of the
table and the bar mean in each step (nile/games/kap_kairo/intent.py)."""

from __future__ import annotations

import pytest

from nile.core.intent import Refused, follow
from nile.games.kap_kairo.builder import Builder
from nile.games.kap_kairo.intent import (
    CardTarget,
    Control,
    Draft,
    KapIntent,
    SeatTarget,
    TileTarget,
    describe,
)
from nile.games.kap_kairo.rules import PASS, Bid, Build, KapState, Phase, Take, card_named


def _choosing() -> KapState:
    return Builder(3).choosing(["S3", "R1", "D2"], order=[2, 0, 1]).build()


def _bidding() -> KapState:
    return Builder(2).capital(0, 40).auction(["S3", "R1"]).build()


def _deciding(bonus: int = 2, capital: int = 100) -> KapState:
    # River R0 needs 10, the row gives 3: 7 missing.
    return (Builder(2).column(0, "R0").column(1, "S0").row("S8").bonus(0, bonus)
            .capital(0, capital).to_move(0).build())


def test_a_card_for_sale_is_taken_with_one_click() -> None:
    view, intent = _choosing(), KapIntent()
    card = card_named("R1")
    start = intent.offer(view, 2, ())
    assert start.prompt.startswith("You choose first: click a card for sale (or press 1–3)")
    assert start.lit == {CardTarget(card_named(n)) for n in ("S3", "R1", "D2")}
    assert start.ready is None and not start.choices
    step = follow(intent, view, 2, (), CardTarget(card))
    assert not isinstance(step, Refused) and step.ready == Take(card)


def test_the_second_chooser_is_told_their_place() -> None:
    view = Builder(3).choosing(["S3", "R1"], order=[2, 0, 1], chooser=1).build()
    assert KapIntent().offer(view, 0, ()).prompt.startswith("You choose second:")


def test_a_card_sold_meanwhile_is_taken_so_the_rules_say_why_not() -> None:
    view, intent = _choosing(), KapIntent()
    gone = card_named("V2")
    step = follow(intent, view, 2, (), CardTarget(gone))
    assert step == Refused(Take(gone))
    with pytest.raises(Exception, match="not among the face-up auction cards"):
        view.clone().apply(Take(gone))


def test_outside_choosing_a_card_or_a_line_means_nothing() -> None:
    intent = KapIntent()
    assert follow(intent, _bidding(), 0, (), CardTarget(card_named("S3"))) == Refused(None)
    assert follow(intent, _choosing(), 2, (), TileTarget(card_named("S3"), False)) == \
        Refused(None)
    assert intent.targets(_bidding(), Bid(3)) == ()
    assert intent.targets(_deciding(), PASS) == ()


def test_the_bar_offers_the_bid_being_written() -> None:
    view, draft = _bidding(), Draft()
    intent = KapIntent(draft)
    draft.prepare(view, 0)
    assert draft.bid.high == 40
    draft.bid.type_digit(1)
    draft.bid.type_digit(7)
    offer = intent.offer(view, 0, ())
    assert offer.prompt == ("Your secret bid (£0–£40): type it or use − and +. "
                            "Nobody else sees it.")
    (choice,) = offer.choices
    assert (choice.key, choice.label, choice.action, choice.accent) == ("bid", "Bid £17",
                                                                        Bid(17), True)


def test_the_bid_buttons_step_within_the_capital() -> None:
    view, draft = _bidding(), Draft()
    draft.prepare(view, 0)
    assert draft.press(view, "bid+10") and draft.bid.value == 10
    assert draft.press(view, "bid-1") and draft.bid.value == 9
    assert draft.press(view, "bidall") and draft.bid.value == 40
    assert draft.press(view, "bid+10") and draft.bid.value == 40
    assert not draft.press(view, "bonus+")  # a build's button means nothing while bidding


def test_a_new_auction_starts_a_fresh_bid_but_a_redraw_keeps_it() -> None:
    view, draft = _bidding(), Draft()
    draft.prepare(view, 0)
    draft.bid.type_digit(5)
    draft.prepare(view, 0)
    assert draft.bid.value == 5
    later = Builder(2).capital(0, 40).auction_number(2).auction(["S3", "R1"]).build()
    draft.prepare(later, 0)
    assert draft.bid.value == 0


def test_a_build_starts_from_the_cheapest_way() -> None:
    view, draft = _deciding(), Draft()
    intent = KapIntent(draft)
    draft.prepare(view, 0)
    assert draft.build() == Build(2, 5)  # bonus cards before money
    offer = intent.offer(view, 0, ())
    assert [(c.key, c.label, c.action, c.accent) for c in offer.choices] == [
        ("pass", "Pass", PASS, False), ("build", "Build (£50)", Build(2, 5), True)]
    assert offer.prompt.startswith("Build across ") and offer.prompt.endswith(", or pass.")
    assert intent.default(view) == Build(2, 5)


def test_the_build_buttons_trade_bonus_cards_for_rails() -> None:
    view, draft = _deciding(), Draft()
    draft.prepare(view, 0)
    assert draft.press(view, "bonus-") and draft.build() == Build(1, 6)
    assert draft.press(view, "buy+") and draft.build() == Build(1, 7)
    assert draft.press(view, "bonus+") and draft.build() == Build(2, 5)
    assert draft.press(view, "bonus+") and draft.build() == Build(2, 5)  # only 2 held
    draft.press(view, "buy-")
    assert draft.press(view, "cheapest") and draft.build() == Build(2, 5)
    assert not draft.press(view, "bid+1")


def test_without_a_possible_build_pass_is_highlighted_and_the_nearest_build_offered() -> None:
    view, draft = _deciding(bonus=0, capital=30), Draft()  # 7 rails cost £70
    intent = KapIntent(draft)
    draft.prepare(view, 0)
    assert draft.build() == Build(0, 7)
    offer = intent.offer(view, 0, ())
    assert [(c.key, c.accent) for c in offer.choices] == [("pass", True), ("build", False)]
    assert offer.prompt == "You cannot cover the River R0 now: pass (Build tells you why)."
    assert intent.default(view) == PASS


def test_with_no_card_to_cross_only_pass_is_offered() -> None:
    view = (Builder(2).column(1, "S0").crossed(0, "D2").row("S8").to_move(0).build())
    offer = KapIntent().offer(view, 0, ())
    assert offer.prompt == "No card lies in front of your locomotive: pass."
    assert [c.action for c in offer.choices] == [PASS]


def test_a_hint_fills_the_draft() -> None:
    view, draft = _bidding(), Draft()
    draft.prepare(view, 0)
    draft.show(Bid(12), view)
    assert draft.bid.value == 12 and draft.bid.fresh  # the first digit typed replaces it
    draft.show(Build(1, 6), view)
    assert draft.build() == Build(1, 6)


def test_moves_in_words() -> None:
    assert describe(Bid(7)) == "bid £7"
    assert describe(PASS) == "pass"
    assert describe(Build(0, 0)) == "build across your next card with the free rails"
    assert describe(Build(1, 2)) == ("build across your next card (spend 1 bonus card and "
                                     "buy 2 rails for £20)")
    assert describe(Take(card_named("R1"))).startswith("take the ")


def test_the_ledger_is_not_a_move() -> None:
    view, intent = _choosing(), KapIntent()
    assert follow(intent, view, 2, (), SeatTarget(0)) == Refused(None)
    assert follow(intent, view, 2, (), Control("ledger")) == Refused(None)
    assert view.step == Phase.CHOOSE


def test_number_keys_name_the_cards_for_sale_in_order() -> None:
    view, intent = _choosing(), KapIntent()
    assert intent.numbered(view, 2) == Take(card_named("R1"))
    assert intent.numbered(view, 4) is None

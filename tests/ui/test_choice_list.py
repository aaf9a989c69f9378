"""A choice list opens wide enough for its rows, so a long option is never cut or shrunk
when there is room for it (the lists of Cleopatra's variants and Age of Steam's routes)."""

from __future__ import annotations

import pygame

from nile.games.age_of_steam.view.popup import LIST_WIDTH, ListPopup
from nile.games.cleopatra.view.popup import WIDTH, VariantPopup
from nile.ui import text
from tests.ui.harness import make_app

LONG = ("lime from your card Fruit lime+lemon (lemon is produced in Edfu) and shipped "
        "along the whole river past Memphis")


def _row_fits(popup: VariantPopup | ListPopup, index: int) -> bool:
    box = popup.row_rects[index][1]
    star = 16 if popup.proposal and index == 0 and len(popup.rows) > 1 else 0
    return text.measure(popup.rows[index], 14) <= box.width - 16 - star


def test_a_long_variant_widens_the_list_instead_of_being_cut() -> None:
    pygame.font.init()
    popup = VariantPopup(title="Every choice", rows=["pass", LONG], actions=[],
                         anchor=(400, 300))
    rect = popup.place(pygame.Rect(0, 0, 1280, 800))
    assert rect.width > WIDTH
    assert all(_row_fits(popup, i) for i in range(2))


def test_short_lists_keep_their_width_and_a_narrow_table_caps_it() -> None:
    pygame.font.init()
    short = VariantPopup(title="Bid", rows=["pass", "bid 3"], actions=[], anchor=(400, 300))
    assert short.place(pygame.Rect(0, 0, 1280, 800)).width == WIDTH
    squeezed = VariantPopup(title="Every choice", rows=[LONG], actions=[], anchor=(200, 300))
    assert squeezed.place(pygame.Rect(0, 0, 400, 800)).width <= 400 - 16


def test_a_long_route_widens_the_delivery_list() -> None:
    make_app()  # the list follows the mouse, so it needs the display
    surface = pygame.Surface((1280, 800))
    popup = ListPopup(title="Deliver", rows=["Santiago", LONG])
    rect = popup.draw_at(surface, (300, 300), pygame.Rect(0, 0, 1280, 800), 20)
    assert rect.width > LIST_WIDTH
    assert all(_row_fits(popup, i) for i in range(2))

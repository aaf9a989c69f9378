"""New-game setup: each seat human, bot (easy/normal/hard, and expert where the game has
one) or empty, with a name and a colour; the game's options and variants; an optional
seed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from nile.ai.bots import hooks_of, levels
from nile.core.game import GameInfo
from nile.core.session import SeatConfig
from nile.core.text import safe_text
from nile.ui import seating, text, theme
from nile.ui.chrome.dialogs import learn
from nile.ui.games import has_tutorial, start_new
from nile.ui.host_online import REMOTE_KIND, host_game
from nile.ui.scene import Scene
from nile.ui.seating import SeatRow

if TYPE_CHECKING:
    from nile.ui.scene import Shell

BOT_NAMES = ("Amun", "Bastet", "Hapi", "Khonsu", "Nut", "Ptah", "Sobek", "Tefnut")
ROW_TOP, ROW_HEIGHT = 170, 52
COL_SEAT, COL_KIND, COL_NAME, COL_COLOR = 40, 90, 300, 550
COL_RIGHT, RIGHT_WIDTH = 820, 400
ABOUT_TOP, ABOUT_GAP, ERROR_TOP = 470, 20, 700
"""The "About the game" heading sits at least ABOUT_GAP below the last seat row's slot
(whose boxes are 40 of its 52 high), and its text stops above the error line."""


LEVEL_WORDS = {
    "easy": "for a first game: often picks a weaker move",
    "normal": "rules of thumb, moves at once (the Hint's bot)",
    "hard": "thinks ahead before each move: stronger",
}
"""What each bot level is like, for someone who has never met them (the expert's line
names its thinking time, from the game's own budget: `level_words`)."""
LEGEND_SIZE, LEGEND_ROW, LEGEND_NAME = 14, 22, 62
"""The level lines' text size (each fits the right column whole at it), their spacing and
the width of the level's name before its words."""
LEARN_TOP = 636
"""Where "Learn to play first" starts: the level lines end above it."""


def level_words(info: GameInfo, level: str) -> str:
    """One line on a bot level of this game: how well it plays, and how long it thinks."""
    if level == "expert":
        seconds = hooks_of(info).expert_seconds
        return f"the strongest: thinks up to {seconds:g} seconds a move"
    return LEVEL_WORDS[level]


def seat_kinds(info: GameInfo, online: bool = False) -> tuple[str, ...]:
    """What a seat can be: a person, a bot of each level the game offers (expert only where
    its hard bot is a search that more thinking makes stronger), or empty; hosting online,
    also a person at another computer."""
    remote = (REMOTE_KIND,) if online else ()
    return ("Human", *remote, *(f"Bot ({level})" for level in levels(info)), "Empty")


def excluded_colors(info: GameInfo, options: dict[str, str]) -> set[str]:
    """Palette names a game forbids under these options (Egypt has no blue players)."""
    return set(info.banned_colors(options))


def default_rows(info: GameInfo) -> list[SeatRow]:
    """You and enough normal bots for the default options (Chile needs four players), one
    row per seat those options allow."""
    low, high = info.player_range(info.resolve_options({}))
    rows = []
    for seat in range(high):
        if seat == 0:
            kind = "Human"
        elif seat < max(2, low):
            kind = "Bot (normal)"
        else:
            kind = "Empty"
        name = "Player 1" if seat == 0 else BOT_NAMES[seat % len(BOT_NAMES)]
        rows.append(SeatRow(kind, name, seat))
    return rows


def lesson_rows(info: GameInfo, seats: Sequence[SeatConfig],
                options: dict[str, str]) -> tuple[list[SeatRow], dict[str, str]]:
    """A finished lesson's seating for "Play a real game now": the learner as the
    person, the lesson's other seats as normal bots, their names and colours, then empty
    rows up to the most the lesson's options allow (the rows a remembered seating fills)."""
    resolved = info.resolve_options(options)
    rows = [SeatRow("Human" if seat.is_human else "Bot (normal)", seat.name, seat.color)
            for seat in seats]
    _, high = info.player_range(resolved)
    for index in range(len(rows), high):
        rows.append(SeatRow("Empty", BOT_NAMES[index % len(BOT_NAMES)], index))
    return rows, resolved


def seats_from_rows(rows: list[SeatRow]) -> list[SeatConfig]:
    seats = []
    for row in rows:
        if row.kind == "Empty":
            continue
        name = " ".join(safe_text(row.name, 20).split())
        if row.kind in ("Human", REMOTE_KIND):
            seats.append(SeatConfig(name, "human", "normal", row.color))
        else:
            level = row.kind.split("(")[1].rstrip(")")
            seats.append(SeatConfig(name, "bot", level, row.color))
    return seats


def validate(info: GameInfo, rows: list[SeatRow], options: dict[str, str]) -> str | None:
    """Why this setup cannot start, or None."""
    seats = seats_from_rows(rows)
    low, high = info.player_range(options)
    if not low <= len(seats) <= high:
        return f"{info.title} needs {low} to {high} players; {len(seats)} are seated."
    names = [s.name for s in seats]
    if any(not n for n in names):
        return "Every player needs a name."
    if len(set(names)) != len(names):
        return "Two players have the same name."
    colors = [s.color for s in seats]
    if len(set(colors)) != len(colors):
        return "Two players have the same colour."
    banned = excluded_colors(info, options)
    for seat in seats:
        if theme.player_color(seat.color).name in banned:
            return (
                f"{theme.player_color(seat.color).name} is not a player colour with these options."
            )
    return None


def about_box(seats: int) -> pygame.Rect:
    """Where "About the game" goes: a clear gap below the last seat row, above the error
    line at the foot (its text starts 26 below the heading)."""
    top = max(ABOUT_TOP, ROW_TOP + seats * ROW_HEIGHT + ABOUT_GAP)
    return pygame.Rect(COL_SEAT, top, COL_RIGHT - COL_SEAT - 40, ERROR_TOP - 30 - top)


class SetupScene(Scene):
    """Seats, options and seed for one game, then Start."""

    def __init__(self, app: Shell, info: GameInfo, online: bool = False,
                 prefill: tuple[list[SeatRow], dict[str, str]] | None = None) -> None:
        """`online`: hosting a game for people at other computers (Play online → Host);
        `prefill`: the rows and options to start from (a lesson's seats) instead of the
        game's remembered seating."""
        super().__init__(app)
        self.info = info
        self.online = online
        """Hosting a game for people at other computers (Play online → Host)."""
        memory = prefill or (None if online else
                             seating.remembered(info, seat_kinds(info), len(theme.palette())))
        self.rows, self.options = memory or (default_rows(info), info.resolve_options({}))
        self.error: str | None = None
        self.kind_menus: dict[pygame_gui.elements.UIDropDownMenu, int] = {}
        self.name_entries: list[pygame_gui.elements.UITextEntryLine] = []
        self.option_menus: dict[object, str] = {}
        self._build()
        if memory:
            self._fit_to_options()  # the seats this game's options allow now

    def _kind_menu(self, seat: int) -> None:
        """The Human / Bot / Empty menu of one seat, showing its current kind."""
        menu = pygame_gui.elements.UIDropDownMenu(
            list(seat_kinds(self.info, self.online)),
            self.rows[seat].kind,
            pygame.Rect(COL_KIND, ROW_TOP + seat * ROW_HEIGHT, 190, 40),
            self.gui,
        )
        self.kind_menus[menu] = seat

    def _fit_to_options(self) -> None:
        """After an option changes: as many seats as it allows (Egypt seats five), enough
        players for it, and only colours it allows (Egypt has no blue player)."""
        self._fit_seat_count()
        self._fill_seats()
        for seat in range(len(self.rows)):
            self._free_color(seat)

    def _free_color(self, seat: int) -> None:
        """A seated player whose colour is forbidden or another's takes the next free one."""
        row = self.rows[seat]
        if row.kind == "Empty":
            return
        taken = {r.color for i, r in enumerate(self.rows) if i != seat and r.kind != "Empty"}
        if row.color in taken or (
            theme.palette()[row.color].name in excluded_colors(self.info, self.options)
        ):
            self._next_color(seat)

    def _fit_seat_count(self) -> None:
        """Drop the seats past the options' most players, or add empty ones up to it, and
        remake the seat rows' controls to match."""
        high = self.info.player_range(self.options)[1]
        if high == len(self.rows):
            return
        del self.rows[high:]
        for seat in range(len(self.rows), high):
            self.rows.append(SeatRow("Empty", BOT_NAMES[seat % len(BOT_NAMES)], seat))
        for element in (*self.kind_menus, *self.name_entries):
            element.kill()
        self.kind_menus.clear()
        self.name_entries.clear()
        self._build_seats()

    def _build_seats(self) -> None:
        """Each seat's kind menu and name box."""
        for seat, row in enumerate(self.rows):
            self._kind_menu(seat)
            entry = self.text_entry(
                pygame.Rect(COL_NAME, ROW_TOP + seat * ROW_HEIGHT, 230, 40), row.name, 20
            )
            self.name_entries.append(entry)
        self._sync_rows()

    def _fill_seats(self) -> None:
        """Seat normal bots in empty chairs until the chosen options have enough players."""
        low = self.info.player_range(self.options)[0]
        seated = sum(row.kind != "Empty" for row in self.rows)
        for seat, row in enumerate(self.rows):
            if seated >= low:
                break
            if row.kind == "Empty":
                row.kind = "Bot (normal)"
                seated += 1
                old = next(menu for menu, s in self.kind_menus.items() if s == seat)
                del self.kind_menus[old]
                old.kill()
                self._kind_menu(seat)
        self._sync_rows()

    def _build(self) -> None:
        self._build_seats()
        y = ROW_TOP
        for spec in self.info.options:
            menu = pygame_gui.elements.UIDropDownMenu(
                list(zip(spec.labels, spec.choices, strict=True)),
                (spec.label_of(self.options[spec.key]), self.options[spec.key]),
                pygame.Rect(COL_RIGHT, y + 24, RIGHT_WIDTH, 40),
                self.gui,
            )
            self.option_menus[menu] = spec.key
            y += 96
        self.seed_top = y
        self.seed_entry = pygame_gui.elements.UITextEntryLine(
            pygame.Rect(COL_RIGHT, y + 24, RIGHT_WIDTH, 40), self.gui, placeholder_text="random"
        )
        self.seed_entry.set_allowed_characters("numbers")
        self.seed_entry.set_text_length_limit(9)
        if has_tutorial(self.info) and not self.online:
            self.button(pygame.Rect(COL_RIGHT, LEARN_TOP, RIGHT_WIDTH, 44), "Learn to play first",
                        self._learn,
                        "A guided first game that teaches the rules step by step")
        self.button(pygame.Rect(COL_RIGHT, 700, 175, 52), "Back", self.app.pop)
        self.button(
            pygame.Rect(COL_RIGHT + RIGHT_WIDTH - 175, 700, 175, 52),
            "Start",
            self.start,
            object_id="@accent",
        )

    def _learn(self) -> None:
        learn(self.app, self.info)

    def _rename_for_kind(self, seat: int) -> None:
        """A seat turned into a person drops the bot's name, and a person's default name
        turned into a bot takes a bot's; a name someone typed stays."""
        row = self.rows[seat]
        human_default = f"Player {seat + 1}"
        bot_default = BOT_NAMES[seat % len(BOT_NAMES)]
        if row.kind in ("Human", REMOTE_KIND) and row.name == bot_default:
            row.name = human_default
        elif row.kind.startswith("Bot") and row.name == human_default:
            row.name = bot_default
        else:
            return
        self.name_entries[seat].set_text(row.name)

    def _swatch(self, seat: int) -> pygame.Rect:
        return pygame.Rect(COL_COLOR, ROW_TOP + seat * ROW_HEIGHT, 170, 40)

    def _sync_rows(self) -> None:
        """Name boxes of empty seats are greyed out."""
        for row, entry in zip(self.rows, self.name_entries, strict=True):
            if row.kind == "Empty":
                entry.disable()
            else:
                entry.enable()

    def _next_color(self, seat: int) -> None:
        taken = {r.color for i, r in enumerate(self.rows) if i != seat and r.kind != "Empty"}
        banned = excluded_colors(self.info, self.options)
        colors = theme.palette()
        current = self.rows[seat].color
        for step in range(1, len(colors) + 1):
            candidate = (current + step) % len(colors)
            if candidate not in taken and colors[candidate].name not in banned:
                self.rows[seat].color = candidate
                return

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for seat, row in enumerate(self.rows):
                if row.kind != "Empty" and self._swatch(seat).collidepoint(event.pos):
                    self._next_color(seat)
        elif event.type == pygame_gui.UI_DROP_DOWN_MENU_CHANGED:
            if event.ui_element in self.kind_menus:
                seat = self.kind_menus[event.ui_element]
                self.rows[seat].kind = event.text
                self._rename_for_kind(seat)
                self._free_color(seat)
                self._sync_rows()
            elif event.ui_element in self.option_menus:
                self.options[self.option_menus[event.ui_element]] = event.selected_option_id
                self._fit_to_options()
            self.error = None
        elif event.type == pygame_gui.UI_TEXT_ENTRY_CHANGED:
            for seat, entry in enumerate(self.name_entries):
                self.rows[seat].name = entry.get_text()
            self.error = None
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()

    def start(self) -> None:
        self.error = validate(self.info, self.rows, self.options)
        if self.error:
            return
        seed_text = self.seed_entry.get_text().strip()
        seed = int(seed_text) if seed_text.isdigit() else None
        if self.online:
            self.error = host_game(self.app, self.info, self.rows, seats_from_rows(self.rows),
                                   self.options, seed)
            return
        try:
            seating.remember(self.info, self.rows, self.options)
        except OSError as error:
            self.app.notify(f"Setup could not keep this seating for next time "
                            f"({safe_text(error.strerror or error, 80)}).", "error")
        start_new(self.app, self.info, seats_from_rows(self.rows), self.options, seed)

    def draw(self, surface: pygame.Surface) -> None:
        surface.fill(theme.BG)
        text.draw(
            surface,
            f"{'Host online' if self.online else 'New game'}: {self.info.title}",
            (40, 36),
            text.within(36, 56, "bold"),  # the players line is 56 px below
            theme.ACCENT,
            "bold",
            max_width=1200,
        )
        low, high = self.info.player_range(self.options)
        text.draw(
            surface,
            f"{low}–{high} players. Choose who sits at each seat.",
            (40, 92),
            17,
            theme.MUTED,
            max_width=760,
        )
        heads = (("Seat", COL_SEAT), ("Player", COL_KIND), ("Name", COL_NAME),
                 ("Colour (click to change)", COL_COLOR))
        ends = [x for _, x in heads[1:]] + [COL_RIGHT]
        for (label, x), end in zip(heads, ends, strict=True):  # each clear of the next
            text.draw(surface, label, (x, ROW_TOP - 28), 14, theme.MUTED, "bold",
                      max_width=end - x - 6)
        for seat, row in enumerate(self.rows):
            y = ROW_TOP + seat * ROW_HEIGHT
            text.draw(
                surface, f"{seat + 1}", (COL_SEAT + 14, y + 20), 20, theme.TEXT, "bold", "center"
            )
            if row.kind != "Empty":
                self._draw_swatch(surface, seat, row)
        self._draw_right_column(surface)
        about = self.info.rules_summary.strip().split("\n\n")[0].replace("\n", " ")
        if about:
            box = about_box(len(self.rows))
            text.draw(surface, "About the game", box.topleft, 15, theme.MUTED, "bold")
            text.draw_wrapped(surface, about, box.move(0, 26), 16, theme.TEXT)
        if self.error:
            error_box = pygame.Rect(40, ERROR_TOP, 780, 60)
            text.draw_wrapped(surface, self.error, error_box, 17, theme.BAD)

    def _draw_swatch(self, surface: pygame.Surface, seat: int, row: SeatRow) -> None:
        color = theme.player_color(row.color)
        swatch = self._swatch(seat)
        hover = swatch.collidepoint(pygame.mouse.get_pos())
        pygame.draw.rect(surface, color.rgb, swatch, border_radius=6)
        pygame.draw.rect(
            surface, theme.ACCENT if hover else theme.PANEL_EDGE, swatch, 2, border_radius=6
        )
        theme.draw_symbol(surface, color.symbol, (swatch.left + 20, swatch.centery), 10, color.ink)
        text.draw(
            surface,
            color.name,
            (swatch.left + 38, swatch.centery),
            15,
            color.ink,
            anchor="midleft",
            max_width=swatch.width - 46,
        )

    def _draw_right_column(self, surface: pygame.Surface) -> None:
        y = ROW_TOP
        for spec in self.info.options:
            text.draw(
                surface,
                spec.label,
                (COL_RIGHT, y - 2),
                15,
                theme.MUTED,
                "bold",
                max_width=RIGHT_WIDTH,
            )
            if spec.help:
                text.draw(
                    surface, spec.help, (COL_RIGHT, y + 70), 13, theme.MUTED, max_width=RIGHT_WIDTH
                )
            y += 96
        text.draw(
            surface,
            "Seed (optional)",
            (COL_RIGHT, self.seed_top - 2),
            15,
            theme.MUTED,
            "bold",
            max_width=RIGHT_WIDTH,
        )
        text.draw(
            surface,
            "The same seed and moves replay the same game.",
            (COL_RIGHT, self.seed_top + 70),
            13,
            theme.MUTED,
            max_width=RIGHT_WIDTH,
        )
        self._draw_levels(surface, self.seed_top + 110)

    def _draw_levels(self, surface: pygame.Surface, top: int) -> None:
        """What the bot levels mean, one line each, so the seat menus need no guessing (a
        pygame_gui menu has no tooltip per option, and a closed one none that lasts)."""
        text.draw(surface, "Bot levels", (COL_RIGHT, top), 15, theme.MUTED, "bold",
                  max_width=RIGHT_WIDTH)
        names = levels(self.info)
        column = max(LEGEND_NAME, *(text.measure(level.capitalize(), LEGEND_SIZE, "bold") + 8
                                    for level in names))
        for i, level in enumerate(names):
            y = top + text.space(26, 15) + i * text.space(LEGEND_ROW, LEGEND_SIZE)
            text.draw(surface, level.capitalize(), (COL_RIGHT, y), LEGEND_SIZE, theme.TEXT,
                      "bold", max_width=column)
            text.draw(surface, level_words(self.info, level), (COL_RIGHT + column, y),
                      LEGEND_SIZE, theme.MUTED, max_width=RIGHT_WIDTH - column)

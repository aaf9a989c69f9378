"""Cleopatra's Caboose on screen: the Nile map, the market, gods, displays and your hand.

Playing is clicking what an action acts on. Cards in your hand (a Train, a Building, a
City card, a face-up Fruit card) narrow the choice and light up where they can go: the
tracks a Train card may build on, the cities a Building can rise in with the routes its
fruit would travel, the cities a City card can ship from. Clicking a track, a city or a
display card plays the action if only one fits, or lists the variants cheapest (or best
paying) first, the first one proposed. The auction has − / Bid / + / Pass in the bottom
bar (Up/Down, Enter, P); gods and Auction cards are taken by clicking them. Anything the
rules refuse is refused by the engine, whose reason is shown.

Keys: Esc clears a choice, Enter plays the proposal, O lists every option, E ends the
turn. The endgame is scored city by city on the table, then money, building types and
fruit types; the results screen has the whole breakdown.
"""


from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from nile.core.game import Action, Event, GameState, Seat
from nile.games.cleopatra import intent
from nile.games.cleopatra.intent import CleopatraIntent, is_pick
from nile.games.cleopatra.rules import CleopatraState
from nile.games.cleopatra.rules.actions import Bid, EndTurn, Pass
from nile.games.cleopatra.rules.phases import Phase
from nile.games.cleopatra.view import animate, choices, panel, table
from nile.games.cleopatra.view.bidding import BidCalls, Bidding
from nile.games.cleopatra.view.choices import Target
from nile.games.cleopatra.view.layout import Areas, areas
from nile.games.cleopatra.view.popup import VariantPopup
from nile.games.cleopatra.view.variants import Variants
from nile.ui import keys, sound, theme
from nile.ui.chrome.game_scene import GameScene
from nile.ui.chrome.picker import Picker, PickerCalls
from nile.ui.kit import tooltip
from nile.ui.kit.button import BarButton
from nile.ui.kit.hits import HitMap

if TYPE_CHECKING:
    from collections.abc import Sequence

    from nile.app import App
    from nile.core.replay import Replay
    from nile.core.session import Match
    from nile.ui.chrome.autosave import Autosaver

MAP_KINDS = ("city", "track")
LIST_PROMPT = "Pick one in the list: click it, or Up / Down and Enter; Esc closes it."


class CleopatraScene(GameScene):
    """The table of Cleopatra's Caboose: it wires the table (`view/table.py`), the picks
    (the shared `Picker` with `intent.CleopatraIntent`), the list of variants, the bid
    and the motion of events (`view/animate.py`)."""

    KEYS = (
        keys.Binding("escape", "clear_choice", "put back the cards you picked, or close the "
                     "list", when="accepting_input"),
        keys.Binding("up", "variants.move", "the list: the option above",
                     when="has_popup", args=(-1,)),
        keys.Binding("down", "variants.move", "the list: the option below",
                     when="has_popup", args=(1,)),
        keys.Binding("return, kp_enter", "confirm", "take the proposed option, or bid",
                     when="accepting_input"),
        keys.Binding("0-9, kp0-kp9", "bidding.type_digit", "auction: type your bid (the "
                     "first digit replaces the amount shown)", when="auctioning"),
        keys.Binding("backspace", "bidding.erase", "auction: take back the last digit",
                     when="auctioning"),
        keys.Binding("up", "bidding.step", "auction: one Florin more", when="auctioning",
                     args=(1,)),
        keys.Binding("down", "bidding.step", "auction: one Florin less", when="auctioning",
                     args=(-1,)),
        keys.Binding("p", "pass_auction", "auction: pass", when="auctioning"),
        keys.Binding("o", "open_options", "actions: list every choice", when="acting"),
        keys.Binding("e", "end_turn", "actions: end your turn", when="acting"),
    )

    def __init__(self, app: App, match: Match, replay: Replay | None = None,
                 autosaver: Autosaver | None = None) -> None:
        self.intent = CleopatraIntent()
        self.picker = Picker(self.intent, PickerCalls(
            view=lambda: self.view, seat=self._acting_here, submit=self._play,
            set_bar=self._set_bar))
        """The cards picked in hand and what they offer (the shared click-to-move)."""
        self.bidding = Bidding(BidCalls(bid=lambda amount: self._play(Bid(amount)),
                                        changed=self.update_action_bar))
        self.variants = Variants()
        self.hover: Target | None = None
        self.legal: list[Action] = []
        self.layer = table.TableLayer()
        self.hand = panel.make_hand()
        """The viewer's cards: the table kit's Hand."""
        self._ready = False
        self._serial = 0
        """Counts view changes: object ids may be reused, counters are not."""
        super().__init__(app, match, replay, autosaver)
        self.motion = animate.Motion(self.anims)
        """Fruit, cards and figures in motion, and the marks that fade (a component)."""
        self._ready = True
        self.hover = self.target_at(pygame.mouse.get_pos())

    # Basics --------------------------------------------------------------------------

    @property
    def popup(self) -> VariantPopup | None:
        """The open list of variants, if any."""
        return self.variants.popup

    @property
    def cs(self) -> CleopatraState:
        assert isinstance(self.view, CleopatraState)
        return self.view

    @property
    def areas(self) -> Areas:
        return areas(self.board_rect)

    @property
    def picked(self) -> tuple[Target, ...]:
        """The cards picked in hand."""
        return intent.ours(self.picker.picked)

    def pick(self, picks: tuple[Target, ...]) -> None:
        """Hold `picks` (cards in hand) as the picks of the human to act (a hint, a shot)."""
        if (seat := self._acting_here()) is not None:
            self.picker.offer = self.intent.offer(self.view, seat, picks)

    @property
    def bid(self) -> int:
        return self.bidding.value

    def _seat(self) -> int:
        return intent.seat_shown(self.cs)

    def _acting_here(self) -> Seat | None:
        """The seat whose picks the table holds: the human to act, when looking."""
        return self._seat() if self.my_turn else None

    def _options(self) -> tuple[Action, ...]:
        """The legal actions the picks still allow (without End turn)."""
        offer = self.picker.offer
        return offer.candidates if offer is not None and self.my_turn else ()

    # Where things are ----------------------------------------------------------------

    def table_hits(self) -> HitMap[Target]:
        """The hit map of the table as it is now: the layer is painted first if anything it
        shows changed since it was last painted (a click may come before the next frame)."""
        self.layer.fresh(None, self._layer_key(), self._paint)
        return self.layer.hits

    def target_at(self, pos: tuple[int, int]) -> Target | None:
        """What a click at `pos` acts on: the city, track, god or card drawn there."""
        if not self._ready:
            return None
        found = self.table_hits().at(pos)
        return None if found == table.TABLE else found

    def on_table(self, pos: tuple[int, int]) -> bool:
        """Whether `pos` is on the table at all (not the log, the bar or the top strip)."""
        return self._ready and self.table_hits().at(pos) is not None

    def target_center(self, target: Target) -> tuple[int, int]:
        """Where a target is on screen (for tests, hints and popups)."""
        rect = self.table_hits().rect_of(target) if self._ready else None
        return rect.center if rect is not None else self.board_rect.center

    def regions(self) -> dict[str, pygame.Rect]:
        """What a tutorial step can point at: the players' strip and each player's row
        (`player 1` is the first seat), the map, every `city X` and `track X-Y`, the market,
        the turn line, the gods and each `god X`, the Auction and City displays, the cards
        in your hand and, at the end, the final scoring."""
        hits = self.table_hits() if self._ready else HitMap()
        return {**super().regions(), **table.regions(self.areas, self.cs, self.viewer, hits)}

    # View changes and the bar ------------------------------------------------------------

    def on_view_changed(self) -> None:
        self._serial += 1
        self.toasts.top = self.areas.map.top + 8
        state = self.cs
        self.legal = list(state.legal_actions()) if self.my_turn else []
        if self.popup is not None and not all(a in self.legal for a in self.popup.actions):
            self.variants.set(None)
        if state.phase == Phase.AUCTION and self.my_turn:
            self.bidding.sync(state.high_bid, state.money[self._seat()])
        picks = self.picked if intent.matching(self.legal, self.picked) else ()
        self.picker.offer = None
        self.pick(picks)
        if self.my_turn and state.pending and self.popup is None:  # the building's fruit
            self._open_popup(list(self._options()), self.target_center(("city", state.pending[2])),
                             choices.sources_title(state), True)
        self.update_action_bar()
        self.hover = self.target_at(pygame.mouse.get_pos())  # what is under it may change

    def update_action_bar(self) -> None:
        self.picker.show_bar() if self.picker.offer else self.set_action_bar("")

    def _set_bar(self, prompt: str, buttons: Sequence[BarButton]) -> None:
        """The picker's bar, with the table's own buttons before its last one: the bid
        stepper in the auction, the list of every option in the action phase. A list
        opened for other picks closes."""
        state, seat = self.cs, self._seat()
        if self.popup is not None and not state.pending and self.picked != self.variants.picks:
            self.variants.set(None)
        extra: list[BarButton] = []
        if state.phase == Phase.AUCTION:
            extra = self.bidding.buttons(intent.can_bid(state, seat))
        elif state.phase == Phase.ACTIONS and not state.picks_left and not state.pending:
            options = self._options()
            if options and intent.confirmable(self.picked, options) is None:
                extra = [BarButton("options", f"Options ({len(options)})", self.open_options,
                                   tooltip="List every choice (O)")]
            if self.popup is not None:
                prompt = LIST_PROMPT
        self.set_action_bar(prompt, [*buttons[:-1], *extra, *buttons[-1:]])

    # Input -----------------------------------------------------------------------------

    def handle_view_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.target_at(event.pos)
        return False

    def handle_table_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.handle_view_event(event)
        if self.variants.handle(event):
            return True
        if not self.accepting_input or event.type != pygame.MOUSEBUTTONDOWN:
            return False
        if event.button == 1:
            return self.click(event.pos)
        return event.button == 3 and self.clear_choice()

    def click(self, pos: tuple[int, int]) -> bool:
        if not self.on_table(pos):
            return False
        row = self.variants.hit(pos)
        if row is not None:
            if isinstance(row, Action):
                self._play(row)
            return True
        if self.popup is not None and not self.cs.pending:  # a click beside the list
            self.variants.set(None)
            self.update_action_bar()
        target = self.target_at(pos)
        if target is None:
            self.picker.cancel()
            return True
        self.choose_target(target, pos)
        return True

    def choose_target(self, target: Target, pos: tuple[int, int]) -> None:
        """Hand the click to the picker: a card is picked or let go, a choice plays the
        one move it means or lists the several it may (at the click)."""
        before, seat = self.picked, self._seat()
        if not self.picker.click(target):
            self.toast(self.intent.refusal(self.view, seat, before, target), "error")
            sound.play("error")
            return
        offer = self.picker.offer
        chosen = intent.ours(offer.picked) if offer is not None else ()
        if offer is not None and chosen and not is_pick(self.cs, chosen[-1]):
            self.pick(chosen[:-1])
            self._open_popup(list(offer.candidates), pos, offer.prompt, target[0] in MAP_KINDS)
        elif is_pick(self.cs, target) and (target in before) != (target in self.picked):
            sound.play("card", 0.5)

    def _open_popup(self, options: list[Action], pos: tuple[int, int], title: str,
                    on_map: bool) -> None:
        """The list of variants at `pos`; for a city or track, beside the map (not over
        the routes it lights)."""
        beside = self.areas.map.right if on_map else None
        self.variants.open(self.cs, self._seat(), options, (pos, beside), title, self.picked)
        self.update_action_bar()

    def open_options(self) -> None:
        options = list(self._options())
        if options:
            self._open_popup(options, self.areas.map.center, "Every choice (first: the cheapest)",
                             True)

    def clear_choice(self) -> bool:
        """Esc: put back the picked cards or close the list; else Esc opens the menu."""
        if (self.popup is not None and not self.cs.pending) or self.picked:
            if not self.cs.pending:
                self.variants.set(None)
            if not self.picker.cancel():
                self.update_action_bar()
            return True
        return False

    def draw_floating(self, surface: pygame.Surface) -> None:
        self.variants.draw(surface, self.board_rect)

    def floating_rects(self) -> list[pygame.Rect]:
        return self.variants.rects()

    def has_popup(self) -> bool:
        return self.accepting_input and self.popup is not None

    def auctioning(self) -> bool:
        return self.accepting_input and self.cs.phase == Phase.AUCTION

    def acting(self) -> bool:
        return self.accepting_input and self.cs.phase == Phase.ACTIONS

    def confirm(self) -> bool:
        """Enter: the proposed option of the list, or the one move the picked cards allow;
        else (False) the bar's highlighted button: the bid shown, or the hint's choice."""
        picked = None if self.cs.phase == Phase.AUCTION else \
            intent.confirmable(self.picked, self._options())
        move = self.popup.action if self.popup is not None else picked
        if move is not None:
            self._play(move)
        return move is not None

    def pass_auction(self) -> None:
        self._play(Pass())

    def end_turn(self) -> None:
        self._play(EndTurn())

    def _play(self, action: Action) -> bool:
        """Play `action`; once played, the picks and the list are put away."""
        if not self.submit(action):
            return False
        self.picker.offer = None
        self.variants.set(None)
        self.on_view_changed()
        return True

    # Hints and words -----------------------------------------------------------------

    def describe_action(self, action: Action) -> str:
        return choices.describe(self.cs, self._seat(), action)

    def show_hint(self, action: Action) -> None:
        found = intent.targets(action)
        picks = tuple(t for t in found if is_pick(self.cs, t))
        for target in found:
            if not is_pick(self.cs, target):
                self.motion.flashes[target] = 2.5
        if isinstance(action, Bid):
            self.bidding.propose(action.amount)
        self.variants.picks = picks  # an open list stays
        self.pick(picks)
        self.update_action_bar()

    # Events and animation ------------------------------------------------------------

    def on_events(self, events: list[Event]) -> None:
        self.motion.show_all(events, animate.Where(self.areas, self.cs, self.viewer,
                                                   len(self.match.seats)))

    def update_table(self, dt: float) -> None:
        self.motion.update(dt)

    def is_idle(self) -> bool:
        return super().is_idle() and not self.motion.busy

    # Drawing -----------------------------------------------------------------------------

    def _layer_key(self) -> tuple[object, ...]:
        return (self._serial, self.picked, *self.variants.key,
                tuple(sorted(self.motion.flashes)), self.hover, self.motion.scoring_shown,
                tuple(self.table_rect), self.viewer, self.my_turn, self.motion.landing,
                self.replay.position if self.replay else -1, theme.palette()[0])

    def table_view(self) -> table.TableView:
        """What the table shows now (built only when it is painted again)."""
        return table.TableView(
            view=self.cs, areas=self.areas, table_rect=self.table_rect,
            board_rect=self.board_rect, names=self.names,
            colors=[self.color_index(s) for s in range(len(self.match.seats))],
            viewer=self.viewer, seat=self._seat(), my_turn=self.my_turn,
            replay=self.replay is not None, offer=self.picker.offer if self.my_turn else None,
            usable=intent.usable(self.legal),
            popup=self.popup, flashes=self.motion.flashes, hover=self.hover,
            scoring_shown=self.motion.scoring_shown, landing=self.motion.landing)

    def _paint(self, surface: pygame.Surface, hits: HitMap[Target]) -> None:
        table.paint(surface, hits, self.hand, self.table_view())

    def draw_table(self, surface: pygame.Surface, view: GameState) -> None:
        assert isinstance(view, CleopatraState)
        layer = self.layer.fresh(surface, self._layer_key(), self._paint)
        surface.blit(layer, self.table_rect, self.table_rect)
        self.motion.draw(surface, panel.player_boxes(self.cs, self.areas.players))
        hover = self.hover
        if (self.popup is None or not self.my_turn) and hover and self.hover_timer.ready:
            words = choices.tooltip(self.cs, hover, self.names)
            tooltip.draw(surface, [words] if words else [], self.hover_timer.pos, self.board_rect)

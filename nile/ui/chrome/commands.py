"""The commands every game shares, pressed on the top bar or by key: hint, undo, log,
rules, menu and save (`GameScene.CHROME_KEYS` names them as `commands.<name>`); and why a
move was refused: the rule of the game's reference it rests on."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nile.ai.bots import advise
from nile.core import reference
from nile.ui import keys
from nile.ui.chrome.dialogs import MenuScene, RulesScene, SaveDialog
from nile.ui.chrome.panels import moment_of
from nile.ui.chrome.picker import Picker
from nile.ui.chrome.reference_scene import ReferenceScene
from nile.ui.scene import Scene

if TYPE_CHECKING:
    from nile.ui.chrome.face import TableScene


CHROME_KEYS: tuple[keys.Binding, ...] = (
    keys.Binding("escape", "commands.menu", "menu: save, load, undo, rules, settings, quit "
                 "to the launcher (after a half-made move is cancelled)"),
    keys.Binding("f1", "commands.rules", "rules reference and keys (after a refusal: why)"),
    keys.Binding("l", "commands.log", "show or hide the game log"),
    keys.Binding("return, kp_enter", "action_bar.press_accent", "press the highlighted "
                 "button of the bottom bar (after H: the hinted choice)", when="live_game"),
    keys.Binding("h", "commands.hint", "hint: what the normal bot would do, and why; its "
                 "choice is highlighted, so Enter takes it", when="live_game"),
    keys.Binding("ctrl+z", "commands.undo", "undo your last move (never across dice, draws, "
                 "revealed cards or another player's move)", when="live_game"),
    keys.Binding("ctrl+s", "commands.save", "save the game under a name", when="live_game"),
)
"""The keys every game screen shares (its `Commands` do them): game keys come first, then
these, so Esc first cancels a half-made choice."""


class Commands:
    """The shared commands of one game scene."""

    def __init__(self, scene: TableScene) -> None:
        self.scene = scene

    def hint(self) -> None:
        """What the normal bot would do, and why (a lesson: what its step asks)."""
        scene = self.scene
        if not scene.accepting_input:
            scene.toast("A hint is available on your own turn.")
            return
        lesson = scene.autoplay.hint()
        if lesson is not None:
            scene.toast(f"Hint: {lesson}")
            scene.toasts.until_move(moment_of(scene.match))
            return
        advice = advise(scene.info, scene.state, seed=scene.match.seed + scene.match.ply)
        why = f" — {advice.reason}" if advice.reason else ""
        words = scene.describe_action(advice.action)
        scene.toast(f"Hint: {words}{why}")
        scene.toasts.until_move(moment_of(scene.match))
        scene.show_hint(advice.action)
        picker = getattr(scene, "picker", None)  # the games whose bar is their Picker's
        if isinstance(picker, Picker):
            picker.hint(advice.action, words)

    def undo(self) -> None:
        """Take back the looking player's last move, where nothing hidden or random came
        after it (`Match.undo_seat`)."""
        scene = self.scene
        if not scene.autoplay.allows_undo:
            scene.toast("A tutorial goes forward only: follow the step on the card.")
            return
        if scene.autoplay.undo_elsewhere():
            return
        if scene.game_over and scene.live_game():
            scene.toast("The game is over: its moves stand. Replay shows them again.", "error")
            return
        seat = scene.match.undo_seat()
        if seat is None or not scene.live_game():
            scene.toast("Nothing to undo: chance, hidden information or another player's "
                        "move came after your last move.", "error")
            return
        scene.match.undo()
        scene.anims.finish()
        scene.autoplay.reset()
        scene.handover.take_back(seat)
        scene.refresh()
        scene.autosave()
        scene.toast(f"Took back {scene.name(seat)}'s last move.", "ok")

    def log(self) -> None:
        self.scene.show_log(not self.scene.log.open)

    def rules(self) -> None:
        """F1: the rules reference; while a refusal shows, at the rule it rests on (Why?)."""
        refused = self.scene.toasts.refusal()
        shown = self.rules_scene(refused.why, refused.message) if refused else self.rules_scene()
        self.scene.app.push(shown)

    def rules_scene(self, start: str = "", refused: str = "") -> Scene:
        """The game's rules reference (at section `start`, under the `refused` move's
        reason) with the keys of this screen:
        the game's (in every phase, each saying when it applies) and the shared ones; in a
        replay the replay's. A game with no reference file shows its rules summary."""
        scene = self.scene
        rows = keys.describe(self.key_bindings())
        ref = reference.load(scene.info.id)
        if ref is None:
            return RulesScene(scene.app, scene.info.title, scene.info.rules_summary, rows)
        return ReferenceScene(scene.app, ref, rows, scene.draw_tutorial_picture, start,
                              refused)

    def refused(self, reason: str) -> None:
        """A move the rules refused: its reason, offering Why? at the rule that explains
        it, else the one governing this phase (`reference.why`)."""
        scene = self.scene
        ref = reference.load(scene.info.id)
        phase = scene.words(scene.state.status().phase_text)
        scene.toast(reason, "error", why=reference.why(ref, reason, phase).id if ref else "")

    def why_of(self, message: str) -> str:
        """The rule an error the table gave in its own words rests on ('' if no rule's
        words are in it: "Nothing to undo" has no Why?). While a lesson leads, its lines
        are its own instructions, not a rule: none."""
        if self.scene.autoplay.hint() is not None:
            return ""
        ref = reference.load(self.scene.info.id)
        section = reference.explaining(ref, message) if ref else None
        return section.id if section else ""

    def open_why(self, section: str, refused: str) -> None:
        """Why? pressed on a refusal: the reference at its rule, under its reason."""
        self.scene.app.push(self.rules_scene(section, refused))

    def key_bindings(self) -> list[keys.Binding]:
        """The keys that work here (what F1 lists)."""
        return [*self.scene.table_layer.key_bindings(), *keys.APP_KEYS]

    def menu(self) -> None:
        self.scene.app.push(MenuScene(self.scene.app, self.scene))

    def save(self) -> None:
        self.scene.app.push(SaveDialog(self.scene.app, self.scene))

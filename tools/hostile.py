"""Throw hostile saves, special files and hostile names at the launcher, the Load and
Continue dialogs, the setup screen and every scene; count what breaks.

    python tools/hostile.py            # everything (about a minute)
    python tools/hostile.py --quick    # a few of each kind (the test suite runs this)

Each case runs in a fresh, private NILE_HOME with the unguarded frame (`App.tick`), so a
crash counts as a failure instead of being caught by the app's net, and under an alarm,
so a hang (a FIFO opened for reading, say) counts too. The last line is a JSON summary
with `tried` and `failed`; exit status 1 if anything failed.
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import sys
import tempfile
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ["NILE_HOME"] = tempfile.mkdtemp(prefix="nile-hostile-")

import _common  # noqa: F401  (puts the project on sys.path)
import pygame

from nile.app import App
from nile.core import library, paths, registry
from nile.core.session import Match, SeatConfig
from nile.ui.chrome.dialogs import LoadDialog, open_save
from nile.ui.chrome.game_scene import GameScene
from nile.ui.setup_scene import SetupScene

CASE_SECONDS = 60
HOSTILE_NAMES = (
    "\x00",
    "Ann\x00Bo",
    "\u200b",
    "\u200b\u200c\u200d\ufeff",
    "\u202eevil\u202c",
    "\u2066\u2067\u2069",
    "A\ud800",
    "\udfff",
    "\u0301\u0301",
    "\x1b[31m",
    "\n\n",
    "x" * 40,
    "<b>bold</b> & <font>",
    "{p0} {p9} %s {}",
)
HOSTILE_CHARS = ("\x00", "\u200b", "\u202e", "\ud800", "\ufeff", "\x07", "\u2028")


class Hang(Exception):
    pass


@contextmanager
def alarm(seconds: int) -> Iterator[None]:
    """Raise Hang if the block takes longer than `seconds` (POSIX only)."""
    if not hasattr(signal, "SIGALRM"):
        yield
        return

    def ring(*_: object) -> None:
        raise Hang(f"no answer after {seconds} s")

    old = signal.signal(signal.SIGALRM, ring)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def fresh_home() -> None:
    """A new private NILE_HOME for the next case."""
    os.environ["NILE_HOME"] = tempfile.mkdtemp(prefix="nile-hostile-")


def frames(app: App, count: int = 3) -> None:
    for _ in range(count):
        app.tick(1 / 60, pygame.event.get())


def base_save(game_id: str = "loose_caboose", names: tuple[str, ...] = ("Ann", "Bo"),
              moves: int = 3) -> dict[str, Any]:
    """A real save of a few moves, to be spoiled."""
    info = registry.get(game_id)
    low = info.player_range(info.resolve_options({}))[0]
    seats = [SeatConfig(names[i] if i < len(names) else f"P{i}", "human", "normal", i)
             for i in range(max(low, len(names)))]
    match = Match.new(info, seats, seed=11)
    for _ in range(moves):
        if match.state.is_terminal:
            break
        match.play(match.state.legal_actions()[0])
        match.resolve_chance()
    return library.save_data(match)


# The cases ----------------------------------------------------------------------------------------

def hostile_saves() -> dict[str, Callable[[], None]]:
    """Files in the saves folder and the autosaves folder that must be refused or shown safely."""
    def write(name: str, data: Any, folder: Callable[[], Path] = paths.saves_dir,
              raw: bytes | None = None) -> Callable[[], None]:
        def make() -> None:
            blob = raw if raw is not None else json.dumps(data, ensure_ascii=True).encode()
            (folder() / name).write_bytes(blob)
        return make

    def spoiled(**fields: Any) -> dict[str, Any]:
        data = base_save()
        data.update(fields)
        return data

    good = base_save()
    cases: dict[str, Callable[[], None]] = {
        "nul title": write("a.json", spoiled(title="\x00"), paths.autosaves_dir),
        "surrogate title": write("a.json", spoiled(title="\ud800", round="\udfff"),
                                 paths.autosaves_dir),
        "huge title": write("a.json", spoiled(title="T" * 100_000, round="R " * 50_000),
                            paths.autosaves_dir),
        "bidi title": write("a.json", spoiled(title="\u202e" * 50, name="\u202eevil"),),
        "nul move": write("b.json", spoiled(actions=["lay\x00"])),
        "surrogate move": write("b.json", spoiled(actions=["\ud800" * 100])),
        "version true": write("c.json", spoiled(version=True)),
        "version text": write("c.json", spoiled(version="1")),
        "version float": write("c.json", spoiled(version=1.0)),
        "finished text": write("d.json", spoiled(finished="no"), paths.autosaves_dir),
        "players wrong": write("d.json", spoiled(players=[None, 3, {"x": 1}])),
        "seats wrong": write("d.json", spoiled(seats={"name": "x"})),
        "name list": write("d.json", spoiled(name=["x"] * 10)),
        "game wrong": write("d.json", spoiled(game=["loose_caboose"])),
        "deep nesting": write("e.json", None, raw=b"[" * 200_000 + b"]" * 200_000),
        "huge number": write("e.json", None, raw=b'{"seed": 1' + b"0" * 10_000 + b"}"),
        "bom": write("f.json", None, raw=b"\xef\xbb\xbf" + json.dumps(good).encode()),
        "utf-16": write("f.json", None, raw=json.dumps(good).encode("utf-16")),
        "empty": write("g.json", None, raw=b""),
        "binary": write("g.json", None, raw=bytes(range(256)) * 10),
        "not an object": write("g.json", [1, 2, 3]),
        "null": write("g.json", None, raw=b"null"),
        "truncated": write("g.json", None, raw=json.dumps(good).encode()[:200]),
        "oversized": write("h.json", None, raw=b" " * (9 * 1024 * 1024)),
    }
    return cases


def special_files(outside: Path) -> dict[str, Callable[[], None]]:
    """Files that are not files: pipes, devices, links of every bad kind, folders."""
    def make(kind: str, folder: Callable[[], Path], name: str) -> Callable[[], None]:
        def build() -> None:
            target = folder() / name
            if kind == "fifo":
                os.mkfifo(target)
            elif kind == "zero":
                target.symlink_to("/dev/zero")
            elif kind == "urandom":
                target.symlink_to("/dev/urandom")
            elif kind == "dangling":
                target.symlink_to(folder() / "nowhere.json")
            elif kind == "loop":
                target.symlink_to(target)
            elif kind == "outside":
                saved = outside / f"{name}.real"
                saved.write_text(json.dumps(base_save()))
                target.symlink_to(saved)
            elif kind == "folder":
                target.mkdir()
            elif kind == "sparse":
                with open(target, "wb") as handle:
                    handle.truncate(10 * 1024**3)
        return build

    cases = {}
    for kind in ("fifo", "zero", "urandom", "dangling", "loop", "outside", "folder", "sparse"):
        cases[f"{kind} in saves"] = make(kind, paths.saves_dir, f"{kind}.json")
        cases[f"{kind} as autosave"] = make(kind, paths.autosaves_dir, f"{kind}.json")
    cases["fifo as old autosave"] = make("fifo", paths.saves_dir, "autosave.json")
    cases["fifo as settings"] = make("fifo", paths.config_dir, "settings.json")
    cases["zero as settings"] = make("zero", paths.config_dir, "settings.json")
    cases["fifo as practice history"] = make("fifo", paths.data_dir, "practice.json")
    return cases


def visit_everything(app: App) -> None:
    """What a player would do with the folder as it is: launcher, Continue, Load, open each."""
    library.tidy()
    app.go_home()
    frames(app)
    for continuing in (True, False):
        dialog = LoadDialog(app, continuing=continuing)
        app.push(dialog)
        frames(app)
        for index in range(len(dialog.list.entries)):
            dialog.list.selected = index
            frames(app, 1)
            open_save(app, dialog.list.entries[index].path)
            frames(app)
            app.go_home()
            frames(app, 1)
            dialog = LoadDialog(app, continuing=continuing)
            app.push(dialog)
        app.go_home()
    practice = _practice_scene(app)
    if practice is not None:
        app.push(practice)
        frames(app)


def _practice_scene(app: App) -> Any:
    try:
        from nile.practice.scene import PracticeScene
    except ImportError:
        return None
    return PracticeScene(app)


def name_cases(quick: bool) -> dict[str, Callable[[App], None]]:
    """Every game opened from a save whose player names are hostile, drawn and played a bit."""
    names = HOSTILE_NAMES[:4] if quick else HOSTILE_NAMES
    cases: dict[str, Callable[[App], None]] = {}
    for info in registry.all_games():
        if info.scene is None or info.id == "toy":
            continue
        for name in names:
            cases[f"{info.id} named {name[:12]!r}"] = _open_named(info.id, name)
    return cases


def _open_named(game_id: str, name: str) -> Callable[[App], None]:
    def run(app: App) -> None:
        data = base_save(game_id, (name[:40], "Bo\u200b" + name[:30]), moves=2)
        path = paths.saves_dir() / "names.json"
        path.write_text(json.dumps(data, ensure_ascii=True))
        visit_everything(app)
        open_save(app, path)
        frames(app, 4)
        scene = app.top
        if isinstance(scene, GameScene):
            for _ in range(3):
                legal = scene.state.legal_actions() if scene.state.current_player is not None \
                    else []
                if not legal or scene.state.current_player is None or \
                        scene.state.current_player < 0:
                    break
                scene.submit(legal[0])
                frames(app, 3)
            scene.autosaver.flush() if scene.autosaver is not None else None
    return run


def typing_cases() -> dict[str, Callable[[App], None]]:
    """Hostile characters typed into every setup's name fields, then Start."""
    cases: dict[str, Callable[[App], None]] = {}
    for info in registry.all_games():
        if info.scene is None or info.id == "toy":
            continue

        def run(app: App, info: Any = info) -> None:
            app.go_home()
            scene = SetupScene(app, info)
            app.push(scene)
            for entry in scene.name_entries:
                entry.focus()
                for char in HOSTILE_CHARS:
                    app.tick(1 / 60, [pygame.event.Event(pygame.TEXTINPUT, text=char)])
                    app.tick(1 / 60, [pygame.event.Event(pygame.TEXTINPUT, text=char * 3)])
            frames(app)
            scene.start()
            frames(app, 4)
        cases[f"typing into {info.id} setup"] = run
    return cases


# Running ------------------------------------------------------------------------------------------

def run_case(app: App, name: str, case: Callable[[App], None]) -> str | None:
    """None if the case held, else what went wrong."""
    fresh_home()
    try:
        with alarm(CASE_SECONDS):
            case(app)
    except Exception as error:  # the tool reports every failure and carries on
        traceback.print_exc(file=sys.stderr)
        return f"{type(error).__name__}: {error}"[:300]
    return None


def all_cases(quick: bool) -> dict[str, Callable[[App], None]]:
    outside = Path(tempfile.mkdtemp(prefix="nile-outside-"))
    files: dict[str, Callable[[], None]] = {**hostile_saves(), **special_files(outside)}
    if quick:
        keep = ("nul title", "surrogate title", "huge title", "nul move", "version true",
                "bom", "fifo in saves", "fifo as autosave", "zero in saves", "dangling in saves",
                "loop in saves", "outside in saves", "sparse in saves", "fifo as settings")
        files = {k: v for k, v in files.items() if k in keep}

    def with_file(make: Callable[[], None], fresh: bool) -> Callable[[App], None]:
        def run(app: App) -> None:
            make()
            if fresh:  # settings are read when an app starts: start one on the bad file
                app = App()
                app.bots_paused = True
            visit_everything(app)
        return run

    cases = {name: with_file(make, "settings" in name) for name, make in files.items()}
    cases.update(name_cases(quick))
    typing = typing_cases()
    cases.update(dict(list(typing.items())[:1]) if quick else typing)
    return cases


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a few cases of each kind")
    args = parser.parse_args(argv)
    app = App()
    app.bots_paused = True  # bots would think against the clock; the cases play humans
    app.apply_settings(app.settings.changed(animation_speed="off"), save=False)
    failures: dict[str, str] = {}
    cases = all_cases(args.quick)
    for name, case in cases.items():
        problem = run_case(app, name, case)
        if problem is not None:
            failures[name] = problem
    summary = {"tried": len(cases), "failed": len(failures), "failures": failures}
    print(json.dumps(summary, sort_keys=True))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

"""Start-up cannot be stopped by a file (issue 27): settings of any shape fall back to
the defaults, and the crash net covers opening the window and the first screen."""

from __future__ import annotations

import json
from dataclasses import fields
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from nile import app as app_module
from nile.app import App, start_app
from nile.core import paths
from nile.ui import settings as store
from nile.ui.crash import ErrorScene
from nile.ui.launcher import LauncherScene
from tests.ui.harness import frames

KEYS = [f.name for f in fields(store.Settings)]

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                  max_size=4),
    max_leaves=12,
)
"""Any JSON value, NaN and infinities included (Python's json writes them)."""


def write_settings(data: Any) -> None:
    (paths.config_dir() / "settings.json").write_text(json.dumps(data), encoding="utf-8")


def well_typed(loaded: store.Settings) -> bool:
    """Every field has a value the app can use."""
    return (all(isinstance(getattr(loaded, key), bool)
                for key in ("fullscreen", "muted", "color_blind"))
            and isinstance(loaded.volume, int | float) and 0 <= loaded.volume <= 1
            and loaded.animation_speed in store.ANIMATION_SPEEDS
            and loaded.bot_speed in store.BOT_DELAYS)


@pytest.mark.parametrize("data", [{"bot_speed": ["fast"]}, {"animation_speed": {"a": 1}},
                                  {"animation_speed": ["slow"], "bot_speed": {"x": []}}])
def test_the_settings_files_seen_in_the_issue_load_as_defaults(data: dict[str, Any]) -> None:
    write_settings(data)
    assert store.load() == store.Settings()


@settings(max_examples=300, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.sampled_from(KEYS), value=JSON)
def test_any_json_value_for_any_setting_never_raises(key: str, value: Any) -> None:
    write_settings({key: value})
    loaded = store.load()
    assert well_typed(loaded)
    assert getattr(loaded, key) in (value, getattr(store.Settings(), key))


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=8), JSON, max_size=8)
       | JSON)
def test_any_json_document_loads_well_typed_settings(data: Any) -> None:
    write_settings(data)
    assert well_typed(store.load())


# The crash net under the start ---------------------------------------------------------------

def reports() -> list[str]:
    return [p.read_text() for p in paths.crash_dir().glob("crash-*.txt")]


def test_an_error_opening_with_the_saved_settings_opens_the_launcher_with_defaults(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A settings failure no check foresaw (as the unhashable list was): a report, the
    launcher with the defaults, and a note that says so."""
    write_settings({"muted": True})

    def unforeseen() -> store.Settings:
        raise TypeError("unhashable type: 'list'")

    monkeypatch.setattr(store, "load", unforeseen)
    app = start_app()
    assert app is not None and isinstance(app.top, LauncherScene)
    assert app.settings == store.Settings()
    assert any("TypeError: unhashable type" in text for text in reports())
    assert any("default settings" in n.message and "report" in n.message
               for n in app.notices.items)
    frames(app, 2)  # the first frames draw


def test_a_launcher_that_fails_to_open_shows_the_error_screen_with_a_report(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(self: LauncherScene, app: App) -> None:
        raise RuntimeError("the first screen failed")

    monkeypatch.setattr(LauncherScene, "__init__", broken)
    app = start_app()
    assert app is not None and isinstance(app.top, ErrorScene)
    assert app.top.report is not None
    assert "RuntimeError: the first screen failed" in app.top.report.read_text()


def test_a_window_that_cannot_open_at_all_says_so_and_where_the_report_is(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    def no_window(*_: object, **__: object) -> None:
        raise RuntimeError("no display")

    monkeypatch.setattr(app_module.App, "__init__", no_window)
    assert start_app() is None
    said = capsys.readouterr().err
    assert "Nile could not start (RuntimeError: no display)" in said
    assert str(paths.crash_dir()) in said
    assert any("RuntimeError: no display" in text for text in reports())


def test_an_error_escaping_everything_still_leaves_a_report_and_a_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
) -> None:
    from nile import __main__
    from nile.core import library

    def broken_tidy() -> None:
        raise OSError("the saves folder failed")

    monkeypatch.setattr(library, "tidy", broken_tidy)
    assert __main__.main([]) == 1
    assert "Nile stopped (OSError: the saves folder failed)" in capsys.readouterr().err
    assert any("the saves folder failed" in text for text in reports())

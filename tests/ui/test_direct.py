"""`nile --scene NAME` opens one scene directly."""

from __future__ import annotations

import pytest

from nile.ui.chrome.game_scene import GameScene
from nile.ui.direct import open_scene
from nile.ui.settings_scene import SettingsScene
from tests import per_game
from tests.ui.harness import frames, instant_app


@pytest.mark.parametrize("game", per_game.ids())
def test_a_game_id_starts_a_new_game_with_bots(game: str) -> None:
    app = instant_app()
    app.bots_paused = True
    app.go_home()
    assert open_scene(app, game)
    frames(app, 2)
    assert isinstance(app.top, GameScene) and app.top.info.id == game
    assert app.top.match.seats[0].is_human and not app.top.match.seats[1].is_human


def test_a_shot_and_the_shared_screens_open_and_unknown_names_are_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    app = instant_app()
    app.bots_paused = True
    app.go_home()
    assert open_scene(app, "loose_caboose:start")
    frames(app, 2)
    assert isinstance(app.top, GameScene)
    app.go_home()
    assert open_scene(app, "settings") and isinstance(app.top, SettingsScene)
    assert not open_scene(app, "chess")
    assert "no scene 'chess'" in capsys.readouterr().err

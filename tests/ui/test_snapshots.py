"""Screenshot snapshots of every scripted screen, compared with a small tolerance.

Each shot from `nile.ui.shots.all_shots()` is rendered headless and compared with
`tests/snapshots/<shot>.png`. A pixel differs when a channel moves by more than
`CHANNEL_TOLERANCE`; the test fails when more than `PIXEL_SHARE` of the pixels differ.
After looking at a deliberate change, update with:

    NILE_UPDATE_SNAPSHOTS=1 python -m pytest tests/ui/test_snapshots.py
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pygame
import pytest

from nile.ui.shots import all_shots
from tests.ui.harness import frames, make_app

pytestmark = pytest.mark.slow  # renders every scripted screen for 90 frames: the screenshot sweep

SNAPSHOTS = Path(__file__).resolve().parents[1] / "snapshots"
CHANNEL_TOLERANCE = 24
PIXEL_SHARE = 0.005
SHOTS = sorted(all_shots())


def render(name: str) -> pygame.Surface:
    app = make_app()
    app.bots_paused = True  # bots think against the clock: a snapshot must not depend on it
    pygame.mouse.set_pos((1279, 799))  # no hover left over from other tests
    all_shots()[name](app)
    frames(app, 90)
    return app.screen.copy()


@pytest.mark.parametrize("name", SHOTS)
def test_snapshot(name: str) -> None:
    image = render(name)
    path = SNAPSHOTS / f"{name.replace('/', '__')}.png"
    if os.environ.get("NILE_UPDATE_SNAPSHOTS") == "1":
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(image, str(path))
        pytest.skip(f"snapshot written: {path}")
    assert path.exists(), f"no snapshot for {name}: render it, look at it, then update"
    stored = pygame.image.load(str(path))
    assert stored.get_size() == image.get_size()
    new = pygame.surfarray.array3d(image).astype(int)
    old = pygame.surfarray.array3d(stored).astype(int)
    differing = (np.abs(new - old).max(axis=2) > CHANNEL_TOLERANCE).mean()
    assert differing <= PIXEL_SHARE, f"{name}: {differing:.2%} of pixels differ"

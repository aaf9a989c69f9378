"""The phase members the rules read as module names (issue 33 item 6: on Python 3.11 a
`Phase.X` read costs eight times a global's) are the very members of each game's Phase."""

from __future__ import annotations

from types import ModuleType

import pytest

from nile.games.cairo.rules import phases as cairo
from nile.games.cleopatra.rules import phases as cleopatra
from nile.games.kap_kairo.rules import common as kap


@pytest.mark.parametrize("module", [cairo, cleopatra, kap], ids=lambda m: m.__name__)
def test_every_phase_member_has_its_own_module_name(module: ModuleType) -> None:
    for member in module.Phase:
        assert getattr(module, member.name) is member

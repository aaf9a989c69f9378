"""One package per game; each exposes `GAME_INFO` (see `nile.core.registry`)."""

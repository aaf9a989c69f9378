"""The shared in-game chrome: the game scene base, bars, dialogs, results, replay."""

"""The Age of Steam screen's pieces: geometry, map art, track, goods, panels, choosers.

The scene (`nile.games.age_of_steam.scene`) glues them together; each module here draws
or works out one thing and keeps no game logic of its own: what is allowed always comes
from `legal_actions()` of the view being drawn.
"""

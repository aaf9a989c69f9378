"""The table kit: components every game's table shares (number entry, tooltip, button).

A component owns its state and its rect, answers its own events and draws itself; a scene
composes them and turns what they report into engine actions.
"""

"""What Vom Kap bis Kairo's table shows: components handed a `TableView`, never the scene.

`table.TableView` is everything one frame shows (the viewer's observation, the seats'
names and colours, the bid and build entries, what is moving); `board` draws the piles,
the land for sale or the track row and the lanes, `panel` the side panel, `pieces` the
cards, `ledger` the capital sheets. Each clickable thing they draw is added to a `HitMap`
with a typed target (`targets`), which the scene turns into engine actions.
"""

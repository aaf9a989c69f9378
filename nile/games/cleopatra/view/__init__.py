"""What Cleopatra's Caboose's table shows: `pieces` (cards, cubes, trains, markers),
`mapview` (the map), `panel` (the side panels), `layout`, `choices`, `popup`, `animate`."""

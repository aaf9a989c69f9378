"""Flick Practice: train the Cairo flick alone, with drills, a score and statistics.

The launcher opens `scene.PracticeScene` (the practice home). The logic is plain Python
(no pygame): `table` (Cairo's board, launch, physics and judgement for practice), `drills`
(the drills' rules and registry; `drill_base`, `drills_sites`, `drills_skill`), `coach` (a
Cairo bot showing a drill's flick), `stats` (figures, heat-map bins, trends), `history` (the
`practice.json` file, checked as untrusted input) and `session` (one visit: its generator,
flicks and saving). The screens are `scene` (home), `drill_scene` (drawn by
`drill_painter` from the `drill_frame` the scene hands it) and `stats_scene`, with `view`,
`panels`, `charts` and `dialogs` for drawing. Tuning and drill layouts live in `data.toml`.
"""

"""What Cairo's table shows and how it is aimed: the board and blocks (`mapview`), the seat
strip and die panel (`panel`), a flick played back frame by frame (`stage`, `playback`), the
slingshot (`flick_input`), choosing a pyramid's stones and spot (`pyramid_ui`), the words
for pieces (`words`) and the tutorial's pictures (`pictures`)."""

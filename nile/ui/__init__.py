"""Everything on screen: scenes, widgets, table sprites, theme, sounds, the asset loader."""

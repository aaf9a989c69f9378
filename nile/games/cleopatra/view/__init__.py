"""The on-screen pieces of Cleopatra's Caboose: choices, layout, painting, popups."""

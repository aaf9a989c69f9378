"""What Loose Caboose!'s table shows: the track cards, the caboose and the cells (`pieces`)."""

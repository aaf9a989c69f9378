"""Table sprites shared by the card and board games: cards, hands, piles, dice, tokens, pads."""

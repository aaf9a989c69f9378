"""Bots written against the engine protocol only: random, heuristic policy, IS-MCTS. No pygame."""

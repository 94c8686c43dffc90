"""Game-agnostic core: the game protocol, seeded randomness, errors, saves and matches.

Nothing in this package imports Textual.
"""

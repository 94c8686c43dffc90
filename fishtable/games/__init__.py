"""The rule engines, one package per game. Nothing here imports Textual."""

"""Widgets of the shell: card tiles, the board base, the log, lists and the options form."""

"""Widgets of the fishtable app: card tiles, the sea, seat panels, the log."""

"""The games' faces in the app: one Textual plug-in per game (see CONTRIBUTING.md)."""

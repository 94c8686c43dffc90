"""Errors whose messages are written for players, not programmers."""

from __future__ import annotations


class FishtableError(Exception):
    """Base of every error fishtable reports to a person."""


class IllegalAction(FishtableError):
    """An action the rules do not allow now. The state is left unchanged."""


class CardFileError(FishtableError):
    """A card data file that cannot be used; the message names the card and field."""


class SaveFileError(FishtableError):
    """A save file that cannot be loaded; the message says why. The file is not touched."""

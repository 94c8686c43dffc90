"""The one way a game hashes a position for saves: SHA-256 of the repr of its canonical form."""

from __future__ import annotations

import hashlib


def state_digest(canonical: object) -> str:
    """The hex SHA-256 of `repr(canonical)`: plain tuples, ints and strings repr the same everywhere."""
    return hashlib.sha256(repr(canonical).encode()).hexdigest()

"""Rebuilding a match from a save file: replay its actions and check its hash.

Kept apart from `saves` (files only) and `match` (the match itself), so that
neither imports the other's caller: saves -> match -> resume, no circle.
"""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError

from fishtable.engine.errors import FishtableError, IllegalAction, SaveFileError
from fishtable.engine.files import validation_message
from fishtable.engine.match import Match, SomeMatch
from fishtable.engine.registry import get_entry
from fishtable.engine.saves import SaveData, load_save_file
from fishtable.engine.text import shown


def replay(data: SaveData, source: str = "The save") -> SomeMatch:
    """Rebuild the match a save describes. Raises SaveFileError if anything is off."""
    try:
        entry = get_entry(data.game)
    except LookupError as exc:
        raise SaveFileError(shown(f"{source} is for an unknown game: {exc}")) from None
    if entry.module is None:
        raise SaveFileError(f"{source} is for {entry.title}, which this version cannot play.")
    game = entry.load()
    step = 0
    try:
        options = game.options_model().model_validate(data.options)
        match = Match.start(game, options, data.seats, data.seed)
        for step, (seat, action_data) in enumerate(data.actions, start=1):  # noqa: B007
            match.apply(seat, game.parse_action(action_data), record=True)
    except ValidationError as exc:
        where = f"move {step}" if step else "its options"
        raise SaveFileError(shown(validation_message(exc, f"{source} does not replay: {where}"))) from None
    except IllegalAction as exc:
        older = (f" (it was written by an older fishtable, save version {data.version}, "
                 "whose rules differ in places)") if data.version < Match.save_version else ""
        # The second wall (engine.text): a message may quote what the file holds.
        raise SaveFileError(shown(f"{source} does not replay{older}: move {step}: {exc}")) from None
    except FishtableError as exc:
        where = f"move {step}: " if step else ""
        raise SaveFileError(shown(f"{source} does not replay: {where}{exc}")) from None
    except (ValueError, TypeError) as exc:
        raise SaveFileError(shown(f"{source} does not replay: {exc}")) from None
    expected = match.state_hash_for(data.version)
    if expected is None:
        raise SaveFileError(
            f"{source} was written by an older fishtable (save version {data.version}) "
            "that this version cannot check; it cannot be continued."
        )
    if expected != data.state_hash:
        if data.version < Match.save_version:
            raise SaveFileError(
                f"{source} was written by an older fishtable (save version {data.version}) "
                "whose rules differ at this point of the game; it cannot be continued."
            )
        raise SaveFileError(f"{source} does not match its checksum; it was changed or damaged.")
    return match


def load_match(path: Path) -> SomeMatch:
    """Read a save file safely and rebuild its match. Raises SaveFileError in words."""
    return replay(load_save_file(path), str(path))

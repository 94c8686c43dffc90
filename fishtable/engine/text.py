"""One rule for every string that comes from outside: a seat name, a card name, a path.

Such a string is drawn on the terminal (and in a browser terminal), which obeys
escape sequences: ESC, BEL or CR in a seat name could retitle the window or
move the cursor, a right-to-left override (U+202E) could make a card read
backwards, a zero-width space could make two names look the same. So:

- `check_plain` refuses them when the string is read (a save, a card file, a
  name typed at setup), with words that name the field and the character;
  `PlainText` is the same rule as a pydantic type;
- `shown` is the second wall: it writes any such character as visible text
  (``\\x1b``, ``\\u202e``), for the places that must draw a string nobody
  checked (a path in an error message).

Refused: the Unicode categories of control (Cc), format (Cf: the bidirectional
overrides, zero-width spaces and joiners, the soft hyphen), surrogate (Cs),
private use (Co) and unassigned (Cn) characters, and the line and paragraph
separators (Zl, Zp). Tab and newline are controls, so a name is one line.
"""

from __future__ import annotations

import unicodedata
from typing import Annotated

from pydantic import BeforeValidator

REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})


def is_refused(char: str) -> bool:
    return unicodedata.category(char) in REFUSED_CATEGORIES


def refused_char(text: str) -> str | None:
    """The first control or invisible character in `text`, or None if there is none."""
    if text.isascii():  # the usual case: only C0 controls and DEL can be wrong
        for char in text:
            if char < " " or char == "\x7f":
                return char
        return None
    for char in text:
        if is_refused(char):
            return char
    return None


def char_words(char: str) -> str:
    """"U+001B", never the character itself (it would act on the screen showing the message)."""
    return f"U+{ord(char):04X}"


def check_plain(text: str, what: str = "the text") -> str:
    """`text` unchanged, or ValueError "<what> holds a control or invisible character (U+001B)"."""
    char = refused_char(text)
    if char is not None:
        raise ValueError(f"{what} holds a control or invisible character ({char_words(char)})")
    return text


# Checked before the type, so that a field's own constraints (`Field(min_length=1)`) keep their
# usual errors; anything but text is left to the type check that follows.
def _plain_name(value: object) -> object:
    return check_plain(value, "the name") if isinstance(value, str) else value


def _plain_text(value: object) -> object:
    return check_plain(value, "the text") if isinstance(value, str) else value


# The rule as pydantic metadata, for a type with constraints of its own; put it after them
# (`Annotated[str, Field(max_length=40), PLAIN_NAME]`), or the constraints lose their usual errors.
PLAIN_NAME = BeforeValidator(_plain_name)
PLAIN_TEXT = BeforeValidator(_plain_text)
# A pydantic field type: a name (of a seat, a card, a fish kind) held to the rule above.
PlainName = Annotated[str, PLAIN_NAME]
# The same rule for longer text that is not a name (a card's printed detail).
PlainText = Annotated[str, PLAIN_TEXT]


def shown(text: str) -> str:
    """`text` with each refused character written out (``\\x1b``), so that drawing it is harmless."""
    if refused_char(text) is None:
        return text
    return "".join(char.encode("unicode_escape").decode("ascii") if is_refused(char) else char for char in text)


def short_repr(value: object, limit: int = 30) -> str:
    """`repr(value)` cut to `limit` characters with "...": a value from outside, named in a message."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."

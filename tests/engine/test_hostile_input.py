"""Hostile input in every game: names with escape sequences, huge numbers, another game's card file.

A save can come from anyone, and so can a card file: nothing in them may put a
control character on the terminal, and every refusal is plain words naming the
field, with the file left as it was.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from fishtable.engine.cards import card_file_game
from fishtable.engine.errors import CardFileError, SaveFileError
from fishtable.engine.match import Match
from fishtable.engine.protocol import SeatInfo
from fishtable.engine.registry import get_entry
from fishtable.engine.resume import load_match
from fishtable.engine.text import check_plain, refused_char, shown

GAMES = ("crazy-fishing", "fishing-party", "big-fish", "fishing-party-poker")
ASSET = {"crazy-fishing": "crazy_fishing", "fishing-party": "fishing_party", "big-fish": "big_fish",
         "fishing-party-poker": "fishing_party_poker"}
ROOT = Path(__file__).resolve().parents[2]
# ESC (an OSC title sequence), BEL, newline, a right-to-left override, a zero-width space.
HOSTILE = {
    "ESC": "\x1b]0;PWNED\x07A",
    "BEL": "Ann\x07",
    "newline": "Ann\nBob",
    "RLO": "Ann\u202eboB",
    "ZWSP": "An\u200bn",
}
CODE = {"ESC": "U+001B", "BEL": "U+0007", "newline": "U+000A", "RLO": "U+202E", "ZWSP": "U+200B"}
# Where each game's card data holds a name: (list, index, key) inside the card file.
CARD_NAME = {"crazy-fishing": ("fish", 0, "name"), "fishing-party": ("fish", 0, "kind"),
             "big-fish": ("fish", 0, "name"), "fishing-party-poker": ("cards", 0, "name")}


def shipped(game: str) -> Path:
    return ROOT / "assets" / ASSET[game] / "cards.json"


def shipped_data(game: str) -> dict[str, Any]:
    return json.loads(shipped(game).read_text(encoding="utf-8"))


def assert_plain(message: str) -> None:
    assert refused_char(message) is None, f"the message itself holds a control character: {message!r}"
    for word in ("Traceback", "pydantic", "input_value", "set_int_max_str_digits", "errors.pydantic.dev"):
        assert word not in message, message


# -- the rule itself ------------------------------------------------------------------------------


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_the_rule_refuses_each_character_and_names_it(kind: str) -> None:
    with pytest.raises(ValueError) as info:
        check_plain(HOSTILE[kind], "the name")
    message = str(info.value)
    assert message.startswith("the name holds a control or invisible character") and CODE[kind] in message
    assert_plain(message)
    assert refused_char(shown(HOSTILE[kind])) is None  # the second wall: drawn as visible text


@pytest.mark.parametrize("name", ["Ann", "Zoë", "Łukasz", "美咲", "Bob 🎣", "O'Neil-Smith", "Ana María"])
def test_ordinary_names_pass_unchanged(name: str) -> None:
    assert check_plain(name) == name and shown(name) == name
    assert SeatInfo(name=name).name == name


def test_shown_writes_escapes_out() -> None:
    assert shown("a\x1b[31mb\u202ec") == "a\\x1b[31mb\\u202ec"


@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_seat_name_or_bot_name_is_held_to_the_rule(kind: str) -> None:
    with pytest.raises(ValueError, match="control or invisible"):
        SeatInfo(name=HOSTILE[kind])
    with pytest.raises(ValueError, match="control or invisible"):
        SeatInfo(name="Ann", bot=HOSTILE[kind])


# -- saves --------------------------------------------------------------------------------------


def hostile_save(tmp_path: Path, game: str, seat_name: str = "Ann") -> Path:
    """A real save of `game` whose first seat is `seat_name`, with a checksum that matches it."""
    engine = get_entry(game).load()
    options = engine.prepare_options(engine.options_model()())
    # model_construct: a save anyone wrote skips the rule, as a hand-made file would.
    seats = [SeatInfo.model_construct(name=seat_name, bot=None), SeatInfo(name="Bob"), SeatInfo(name="Cy")]
    match = Match.start(engine, options, seats, 5)
    path = tmp_path / f"{game}.json"
    match.save(path)
    return path


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_save_with_a_hostile_seat_name_is_refused_and_kept(tmp_path: Path, game: str, kind: str) -> None:
    path = hostile_save(tmp_path, game, HOSTILE[kind])
    before = path.read_bytes()
    with pytest.raises(SaveFileError) as info:
        load_match(path)
    message = str(info.value)
    assert "field 'seats.0.name'" in message and "control or invisible character" in message
    assert CODE[kind] in message
    assert_plain(message)
    assert path.read_bytes() == before


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_save_with_a_hostile_card_name_is_refused_and_kept(tmp_path: Path, game: str, kind: str) -> None:
    path = hostile_save(tmp_path, game)
    raw = json.loads(path.read_text(encoding="utf-8"))
    section, index, key = CARD_NAME[game]
    raw["options"]["cards"][section][index][key] = HOSTILE[kind]
    path.write_text(json.dumps(raw), encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(SaveFileError) as info:
        load_match(path)
    message = str(info.value)
    assert "control or invisible character" in message and CODE[kind] in message
    assert f"{section}.{index}.{key}" in message  # the field is named
    assert_plain(message)
    assert path.read_bytes() == before


@pytest.mark.parametrize("game", GAMES)
def test_a_5000_digit_number_in_a_save_is_refused_in_words(tmp_path: Path, game: str) -> None:
    path = hostile_save(tmp_path, game)
    text = path.read_text(encoding="utf-8").replace('"seed": 5', '"seed": ' + "9" * 5000, 1)
    assert "9" * 5000 in text
    path.write_text(text, encoding="utf-8")
    with pytest.raises(SaveFileError) as info:
        load_match(path)
    assert "5000 digits" in str(info.value)
    assert_plain(str(info.value))


# -- card files ---------------------------------------------------------------------------------


def load(game: str, path: Path) -> Any:
    engine = get_entry(game).load()
    return engine.prepare_options(engine.options_model()(card_file=str(path)))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_card_file_with_a_hostile_name_is_refused(tmp_path: Path, game: str, kind: str) -> None:
    data = shipped_data(game)
    section, index, key = CARD_NAME[game]
    data[section][index][key] = HOSTILE[kind]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(CardFileError) as info:
        load(game, path)
    message = str(info.value)
    assert "control or invisible character" in message and CODE[kind] in message
    assert f"#{index + 1}" in message  # the card is named by its place, never by the hostile name
    assert_plain(message)


@pytest.mark.parametrize("game", GAMES)
def test_a_5000_digit_number_in_a_card_file_is_refused_in_words(tmp_path: Path, game: str) -> None:
    text = shipped(game).read_text(encoding="utf-8")
    text = text.replace('"version": 1', '"version": ' + "9" * 5000, 1)
    assert "9" * 5000 in text
    path = tmp_path / "cards.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(CardFileError) as info:
        load(game, path)
    message = str(info.value)
    assert "5000 digits" in message and "far too long" in message
    assert_plain(message)


@pytest.mark.parametrize("game", GAMES)
def test_each_games_own_card_file_loads_and_another_games_is_refused_by_name(game: str) -> None:
    assert load(game, shipped(game)).cards is not None
    assert card_file_game(shipped(game)) == game
    title = get_entry(game).title
    for other in GAMES:
        if other == game:
            continue
        with pytest.raises(CardFileError) as info:
            load(game, shipped(other))
        message = str(info.value)
        assert f"is a {get_entry(other).title} card file, not a {title} one" in message
        assert_plain(message)


def test_a_hostile_file_name_is_never_echoed_raw(tmp_path: Path) -> None:
    path = tmp_path / "\x1b]0;PWNED\x07.json"
    path.write_text("{ not json", encoding="utf-8")
    with pytest.raises(CardFileError) as info:
        load("big-fish", path)
    assert "\\x1b]0;PWNED\\x07" in str(info.value)
    assert_plain(str(info.value))


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("field", ["kind", "card"])
def test_a_save_with_a_hostile_action_is_refused_in_plain_words(tmp_path: Path, game: str, field: str) -> None:
    path = hostile_save(tmp_path, game)
    raw = json.loads(path.read_text(encoding="utf-8"))
    action = {"kind": HOSTILE["ESC"]} if field == "kind" else {"kind": "fish", "card": HOSTILE["ESC"]}
    raw["actions"].append([0, action])
    path.write_text(json.dumps(raw), encoding="utf-8")
    with pytest.raises(SaveFileError) as info:
        load_match(path)
    assert "does not replay" in str(info.value)
    assert_plain(str(info.value))


@pytest.mark.parametrize("char", ["\x7f", "\x1f", "\x00", "\u2028", "\u2029", "\u0085", "\u200b", "\ufeff"])
def test_every_edge_of_the_refused_characters_is_refused(char: str) -> None:
    """DEL and the last C0 control in ASCII text, the line and paragraph separators, NEL, and the
    invisible formats in other text: each alone, and inside a name of either kind."""
    for name in (char, f"Ann{char}", f"Åsa{char}"):
        assert refused_char(name) == char
        with pytest.raises(ValueError, match=f"U\\+{ord(char):04X}"):
            check_plain(name, "the name")
    assert refused_char(" ~") is None and refused_char("Åsa ~") is None  # the edges that stay

"""Card data files: the shipped Fishing Party cards with their poker indices (FP-Q-28), other files, bad files."""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path

import pytest

from fishtable.engine.errors import CardFileError
from fishtable.engine.match import Match
from fishtable.engine.resume import replay
from fishtable.engine.saves import parse_save
from fishtable.games.fishing_party_poker import GAME
from fishtable.games.fishing_party_poker import cards as cards_module
from fishtable.games.fishing_party_poker.cards import default_card_path, load_card_file
from fishtable.games.fishing_party_poker.options import PokerOptions
from fishtable.games.fishing_party_poker.views import face
from tests.games.fishing_party_poker.builder import seats

SHIPPED = json.loads(default_card_path().read_text(encoding="utf-8"))
RANKS = ["A", "K", "Q", "J", "10", "9", "8", "7", "6", "5", "4", "3", "2"]
SUITS = ["spades", "hearts", "diamonds", "clubs"]
FP_COUNTS = {  # the Fishing Party deck (decks.md) without its six First Aid Kits
    "Largemouth Bass": 6, "Northern Pike": 6, "Walleye": 6, "Brook Trout": 6, "Rainbow Trout": 6,
    "Brown Trout": 6, "Wobbler": 5, "Spinning Spoon": 5, "Jig": 5, "Crank Bait": 5, "Popper": 5,
    "Spinner Bait": 5, "Magic Lure": 4, "Fishing Rod": 12, "Snap": 5, "Broken Line": 4, "Goggles": 4,
    "Tire": 3, "Ouch": 3, "Spray Bottle": 1, "GPS": 1, "Glove": 1,
}


def write(tmp_path: Path, data: object, name: str = "cards.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def refused(tmp_path: Path, data: object, *words: str) -> str:
    path = write(tmp_path, data)
    before = path.read_bytes()
    with pytest.raises(CardFileError) as info:
        GAME.prepare_options(PokerOptions(card_file=str(path)))
    message = str(info.value)
    assert str(path) in message and message.endswith("."), message
    assert "pydantic" not in message and "Input should" not in message and "\n" not in message, message
    for word in words:
        assert word in message, message
    assert path.read_bytes() == before
    return message


def mutated(change) -> dict:
    data = copy.deepcopy(SHIPPED)
    change(data)
    return data


# -- the shipped file ---------------------------------------------------------------------------


@pytest.mark.rule("FP-Q-28")
def test_the_shipped_file_is_the_fishing_party_deck_without_first_aid_kits_as_two_full_sets():
    data = load_card_file()
    assert len(data.cards) == 104
    assert Counter(c.name for c in data.cards) == Counter(FP_COUNTS)
    assert "First Aid Kit" not in {c.name for c in data.cards}
    indices = Counter((c.rank, c.suit) for c in data.cards)
    assert set(indices) == {(r, s) for r in RANKS for s in SUITS} and set(indices.values()) == {2}
    # The fixed order the file states: A..2 of spades, hearts, diamonds, clubs, twice.
    expected = [(r, s) for s in SUITS for r in RANKS] * 2
    assert [(c.rank, c.suit) for c in data.cards] == expected
    assert data.cards[0].name == "Largemouth Bass" and data.cards[0].detail.startswith("4 lb")
    assert data.cards[-1].name == "Glove"
    assert "two full 52-card sets" in data.about


@pytest.mark.rule("FP-Q-28")
def test_a_game_deals_from_the_104_cards_with_their_names_and_indices():
    state = GAME.new_game(PokerOptions(), seats(8), 3)
    assert len(state.cards) == 104 and len(set(state.cids)) == 104
    symbols = {"spades": "♠", "hearts": "♥", "diamonds": "♦", "clubs": "♣"}
    values = {rank: 14 - i for i, rank in enumerate(RANKS)}  # A=14 .. 2=2, ace high
    faces = [face(card) for card in state.cards]
    for f in faces:  # every card's face, not one sample
        assert f.name in FP_COUNTS, f
        assert f.rank in RANKS and f.suit in SUITS, f
        assert f.label == f.rank + symbols[f.suit], f
        assert f.value == values[f.rank], f
    assert Counter((f.rank, f.suit) for f in faces) == {(r, s): 2 for r in RANKS for s in SUITS}
    assert Counter(f.name for f in faces) == Counter(FP_COUNTS)
    dealt = [f for seat in range(8) for f in GAME.view(state, seat).hand]
    assert dealt and all(f in faces for f in dealt)  # the views show these same faces


def test_prepare_options_copies_the_cards_so_new_game_reads_no_file(monkeypatch, tmp_path):
    custom = mutated(lambda d: d["cards"][0].update(name="Golden Carp"))
    path = write(tmp_path, custom)
    prepared = GAME.prepare_options(PokerOptions(card_file=str(path)))
    assert prepared.cards is not None and prepared.cards.cards[0].name == "Golden Carp"
    path.unlink()

    def no_reading(*args, **kwargs):
        raise AssertionError("new_game read a card file")

    monkeypatch.setattr(cards_module, "load_card_file", no_reading)
    import fishtable.games.fishing_party_poker.setup as setup_module

    monkeypatch.setattr(setup_module, "load_card_file", no_reading)
    state = GAME.new_game(prepared, seats(3), 1)
    assert state.cards[0].name == "Golden Carp"
    # A save carries the card data: it replays with the file gone.
    match = Match.start(GAME, prepared, seats(3), 1)
    seat = next(iter(match.pending()))
    match.apply(seat, match.legal_actions(seat)[0])
    loaded = replay(parse_save(match.to_save().model_dump_json()))
    assert loaded.state_hash() == match.state_hash()


def test_default_options_load_the_shipped_file():
    prepared = GAME.prepare_options(PokerOptions())
    assert prepared.cards == load_card_file()
    assert GAME.new_game(PokerOptions(), seats(2), 1).cards == GAME.new_game(prepared, seats(2), 1).cards


def test_another_file_with_fewer_cards_plays_if_there_are_enough(tmp_path):
    small = mutated(lambda d: d.update(cards=d["cards"][:20]))
    path = write(tmp_path, small)
    options = GAME.prepare_options(PokerOptions(card_file=str(path)))
    state = GAME.new_game(options, seats(3), 1)
    assert len(state.cards) == 20
    with pytest.raises(CardFileError, match="4 players need 25"):
        GAME.new_game(options, seats(4), 1)


# -- malformed files ----------------------------------------------------------------------------


def test_wrong_types_are_refused_naming_card_and_field(tmp_path):
    message = refused(tmp_path, mutated(lambda d: d["cards"][2].update(rank=12)), "card #3 (Largemouth Bass)", "'rank'")
    assert "must be one of" in message
    refused(tmp_path, mutated(lambda d: d["cards"][4].update(rank="1")), "card #5", "'rank'", "'1'")
    refused(tmp_path, mutated(lambda d: d["cards"][7].update(suit="stars")), "card #8", "'suit'")
    refused(tmp_path, mutated(lambda d: d["cards"][7].update(name=7)), "card #8", "'name'", "text")
    refused(tmp_path, mutated(lambda d: d.update(version="1")), "'version'")
    refused(tmp_path, mutated(lambda d: d.update(format="crazy")), "'format'")


def test_missing_and_unknown_fields_are_refused(tmp_path):
    refused(tmp_path, mutated(lambda d: d["cards"][9].pop("suit")), "card #10", "'suit'", "missing")
    refused(tmp_path, mutated(lambda d: d.pop("cards")), "'cards'", "missing")
    refused(tmp_path, mutated(lambda d: d["cards"][0].update(colour="red")), "card #1", "'colour'")
    refused(tmp_path, mutated(lambda d: d.update(cards=d["cards"][:3])), "at least 15 cards")
    refused(tmp_path, mutated(lambda d: d["cards"][0].update(name="")), "card #1", "empty")
    refused(tmp_path, [1, 2, 3], "one JSON object")


def test_duplicate_keys_huge_numbers_and_deep_nesting_are_refused(tmp_path):
    text = json.dumps(SHIPPED).replace('"rank": "A"', '"rank": "A", "rank": "K"', 1)
    refused(tmp_path, text, "the key 'rank' twice in one object")
    huge = '{"format": "fishtable-fishing-party-poker-cards", "version": ' + "9" * 5000 + "}"
    refused(tmp_path, huge, "far too long")
    refused(tmp_path, mutated(lambda d: d.update(version=10**6)), "'version'")
    refused(tmp_path, "[" * 100_000 + "]" * 100_000, "nested too deeply")
    refused(tmp_path, '{"format": ', "not valid JSON")


def test_not_a_file_too_large_or_missing(tmp_path):
    folder = tmp_path / "folder.json"
    folder.mkdir()
    with pytest.raises(CardFileError, match="not a regular file"):
        load_card_file(folder)
    with pytest.raises(CardFileError, match="not a regular file"):
        load_card_file("/dev/zero")
    big = tmp_path / "big.json"
    big.write_text(" " * 1_100_000 + "{}", encoding="utf-8")
    with pytest.raises(CardFileError, match="too large"):
        load_card_file(big)
    with pytest.raises(CardFileError, match="cannot be read"):
        load_card_file(tmp_path / "nowhere.json")
    binary = tmp_path / "binary.json"
    binary.write_bytes(b"\xff\xfe\x00bad")
    with pytest.raises(CardFileError, match="cannot be read"):
        load_card_file(binary)

"""The card file: the shipped deck (FP-COMP-*), another file, and malformed files."""

from __future__ import annotations

import copy
import json
import os
from collections import Counter
from pathlib import Path

import pytest

from fishtable.engine.errors import CardFileError
from fishtable.games.fishing_party import GAME
from fishtable.games.fishing_party.cards import (
    FISH,
    LUCKY,
    LURE,
    MAGIC,
    PERMANENT,
    TYPE_NAMES,
    UNLUCKY,
    build_cards,
    default_card_path,
    group_of,
    load_card_file,
)
from fishtable.games.fishing_party.options import FishingPartyOptions
from tests.games.fishing_party.builder import seats

SHIPPED = json.loads(default_card_path().read_text(encoding="utf-8"))
KINDS = ["Largemouth Bass", "Northern Pike", "Walleye", "Brook Trout", "Rainbow Trout", "Brown Trout"]


def shipped_cards():
    cards, kinds = build_cards(load_card_file())
    return cards, kinds


def write(tmp_path: Path, data: object, name: str = "cards.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data, indent=1), encoding="utf-8")
    return path


def refused(tmp_path: Path, mutate) -> str:
    """A mutated copy of the shipped file is refused, naming the problem; the file is not touched."""
    data = copy.deepcopy(SHIPPED)
    mutate(data)
    path = write(tmp_path, data)
    before = path.read_bytes()
    with pytest.raises(CardFileError) as info:
        GAME.prepare_options(FishingPartyOptions(card_file=str(path)))
    assert path.read_bytes() == before
    assert str(path) in str(info.value)
    return str(info.value)


# -- The shipped deck ---------------------------------------------------------------------------


@pytest.mark.rule("FP-COMP-1", "FP-COMP-5", "FP-Q-2")
def test_the_shipped_deck_is_one_deck_of_110_cards():
    cards, _ = shipped_cards()
    assert len(cards) == 110
    assert len({c.cid for c in cards}) == 110
    # One combined deck: every card of a four-player game is in exactly one pile or place.
    state = GAME.new_game(FishingPartyOptions(), seats(4), 1)
    placed = state.draw + state.discard + state.table + [c for h in state.hands for c in h] + state.rods
    assert sorted(placed) == list(range(110))


@pytest.mark.rule("FP-COMP-2")
def test_six_fish_of_each_of_the_six_kinds():
    cards, kinds = shipped_cards()
    assert list(kinds) == KINDS
    fish = [c for c in cards if c.code == FISH]
    assert len(fish) == 36
    assert Counter(c.name for c in fish) == dict.fromkeys(KINDS, 6)


@pytest.mark.rule("FP-COMP-3")
def test_thirty_lures_five_of_each_type_and_four_magic_lures():
    cards, _ = shipped_cards()
    lures = Counter(c.name for c in cards if c.code == LURE)
    assert lures == dict.fromkeys(["Wobbler", "Spinning Spoon", "Jig", "Crank Bait", "Popper", "Spinner Bait"], 5)
    assert sum(1 for c in cards if c.code == MAGIC) == 4


@pytest.mark.rule("FP-COMP-4")
def test_special_card_counts():
    cards, _ = shipped_cards()
    counts = Counter(c.name for c in cards if c.code not in (FISH, LURE, MAGIC))
    assert counts == {"Fishing Rod": 12, "First Aid Kit": 6, "Snap": 5, "Broken Line": 4, "Goggles": 4, "Tire": 3,
                      "Ouch": 3, "Spray Bottle": 1, "GPS": 1, "Glove": 1}


@pytest.mark.rule("FP-COMP-6")
def test_special_card_groups():
    names = {code: TYPE_NAMES[code] for code in range(len(TYPE_NAMES))}
    assert {names[c] for c in LUCKY} == {"rod", "first_aid_kit", "goggles"}
    assert {names[c] for c in UNLUCKY} == {"ouch", "tire", "snap", "broken_line"}
    assert {names[c] for c in PERMANENT} == {"gps", "glove", "spray_bottle"}
    assert group_of(TYPE_NAMES.index("snap")) == "unlucky"
    assert group_of(TYPE_NAMES.index("goggles")) == "lucky"
    assert group_of(TYPE_NAMES.index("glove")) == "permanent"


@pytest.mark.rule("FP-COMP-7", "FP-COMP-8")
def test_each_lure_type_catches_its_two_kinds():
    cards, kinds = shipped_cards()
    caught: dict[str, set[str]] = {}
    for c in cards:
        if c.code == LURE:
            shown = {kinds[k] for k in range(len(kinds)) if c.wins[k]}
            assert len(shown) == 2
            caught.setdefault(c.name, set()).update(shown)
    assert caught == {
        "Spinner Bait": {"Largemouth Bass", "Northern Pike"},
        "Popper": {"Northern Pike", "Largemouth Bass"},
        "Jig": {"Walleye", "Largemouth Bass"},
        "Spinning Spoon": {"Brook Trout", "Rainbow Trout"},
        "Crank Bait": {"Rainbow Trout", "Walleye"},
        "Wobbler": {"Brown Trout", "Brook Trout"},
    }
    by_kind = {k: {name for name, shown in caught.items() if k in shown} for k in KINDS}
    assert by_kind["Largemouth Bass"] == {"Spinner Bait", "Popper", "Jig"}
    assert by_kind["Northern Pike"] == {"Spinner Bait", "Popper"}
    assert by_kind["Walleye"] == {"Jig", "Crank Bait"}
    assert by_kind["Brook Trout"] == {"Spinning Spoon", "Wobbler"}
    assert by_kind["Rainbow Trout"] == {"Spinning Spoon", "Crank Bait"}
    assert by_kind["Brown Trout"] == {"Wobbler"}
    magic = next(c for c in cards if c.code == MAGIC)
    assert all(magic.wins[k] for k in range(len(kinds)))


@pytest.mark.rule("FP-COMP-9", "FP-Q-8")
def test_each_lure_copy_prints_one_roll_per_kind_from_the_card_file():
    cards, kinds = shipped_cards()
    spinner = [c for c in cards if c.name == "Spinner Bait"]
    bass, pike = kinds.index("Largemouth Bass"), kinds.index("Northern Pike")
    assert [(c.wins[bass], c.wins[pike]) for c in spinner] == [((1,), (4,)), ((2,), (5,)), ((3,), (6,)),
                                                                ((4,), (1,)), ((5,), (5,))]
    for c in cards:
        if c.code == LURE:
            assert sorted(len(w) for w in c.wins) == [0, 0, 0, 0, 1, 1]


@pytest.mark.rule("FP-COMP-10", "FP-SCORE-11", "FP-Q-9")
def test_fish_carry_a_family_and_a_tournament_weight():
    cards, kinds = shipped_cards()
    pike = sorted((c.family, c.tournament) for c in cards if c.name == "Northern Pike")
    assert pike == [(5, 6), (6, 12), (7, 20), (8, 30), (9, 42), (10, 55)]
    for kind in kinds:
        fam = [c.family for c in cards if c.code == FISH and c.name == kind]
        tour = [c.tournament for c in cards if c.code == FISH and c.name == kind]
        assert len(set(fam)) == len(set(tour)) == 6  # all distinct within a kind (FP-Q-9 defaults)
        # Family weights differ little, Tournament weights widely (FP-SCORE-11).
        assert max(tour) - min(tour) > 2 * (max(fam) - min(fam))


@pytest.mark.rule("FP-COMP-11")
def test_flavour_text_has_no_game_effect(tmp_path):
    """Renaming lure types (their categories are flavour) changes names only, never play."""
    data = copy.deepcopy(SHIPPED)
    for lure in data["lures"]:
        lure["name"] = lure["name"] + " (plug lure)"
    path = write(tmp_path, data)
    plain = GAME.new_game(GAME.prepare_options(FishingPartyOptions()), seats(3), 11)
    renamed = GAME.new_game(GAME.prepare_options(FishingPartyOptions(card_file=str(path))), seats(3), 11)
    for _ in range(200):
        if not GAME.pending(plain):
            break
        seat = next(iter(GAME.pending(plain)))
        a, b = GAME.legal_actions(plain, seat), GAME.legal_actions(renamed, seat)
        assert a == b
        choice = a[len(a) // 2]
        plain, _ = GAME.apply(plain, seat, choice)
        renamed, _ = GAME.apply(renamed, seat, choice)
        assert plain.hands == renamed.hands and plain.ponds == renamed.ponds and plain.rng == renamed.rng
    # The card file has no field for categories or fish facts at all.
    with pytest.raises(CardFileError, match="not a known field"):
        bad = copy.deepcopy(SHIPPED)
        bad["lures"][0]["category"] = "weedless"
        load_card_file(write(tmp_path, bad, "flavour.json"))


# -- prepare_options and other files ---------------------------------------------------------------


def test_prepare_options_copies_the_cards_in_and_new_game_reads_no_file(tmp_path):
    data = copy.deepcopy(SHIPPED)
    data["fish"][0]["weights"][0]["family"] = 1
    path = write(tmp_path, data)
    options = GAME.prepare_options(FishingPartyOptions(card_file=str(path)))
    assert options.cards is not None and options.cards.fish[0].weights[0].family == 1
    os.remove(path)  # the game no longer needs the file
    state = GAME.new_game(options, seats(2), 3)
    assert min(c.family for c in state.static.cards if c.name == "Largemouth Bass") == 1
    # The prepared options survive a save: JSON and back, strictly validated.
    again = FishingPartyOptions.model_validate(json.loads(json.dumps(options.model_dump(mode="json"))))
    assert again == options


def test_without_prepared_cards_new_game_loads_the_shipped_file():
    state = GAME.new_game(FishingPartyOptions(), seats(2), 3)
    prepared = GAME.new_game(GAME.prepare_options(FishingPartyOptions()), seats(2), 3)
    assert GAME.state_hash(state) == GAME.state_hash(prepared)


def test_a_small_custom_deck_plays(tmp_path):
    data = {
        "format": "fishtable-fishing-party-cards",
        "version": 1,
        "fish": [{"kind": "Carp", "weights": [{"family": w, "tournament": 2 * w} for w in range(1, 11)]},
                 {"kind": "Perch", "weights": [{"family": w, "tournament": w} for w in range(1, 11)]}],
        "lures": [{"name": "Worm", "catches": ["Carp", "Perch"], "rolls": [[1, 2], [3, 4], [5, 6]]}],
        "specials": [{"name": "Rod", "effect": "rod", "copies": 6}, {"name": "Shades", "effect": "goggles",
                                                                    "copies": 30}],
    }
    options = GAME.prepare_options(FishingPartyOptions(card_file=str(write(tmp_path, data))))
    state = GAME.new_game(options, seats(5), 2)
    assert state.static.kinds == ("Carp", "Perch")
    steps = 0
    while GAME.pending(state) and steps < 20000:
        seat = next(iter(GAME.pending(state)))
        legal = GAME.legal_actions(state, seat)
        fish = [a for a in legal if a.kind in ("fish", "place_lure", "rod")]
        state, _ = GAME.apply(state, seat, fish[0] if fish else legal[steps % len(legal)])
        steps += 1
    assert GAME.result(state) is not None  # two kinds in a pond end this game


# -- Malformed files ---------------------------------------------------------------------------------


def _set(path: str, value: object):
    """A mutation setting the value at a dotted path ("fish.2.weights.1.family")."""
    *parents, last = path.split(".")

    def mutate(data: dict) -> None:
        node = data
        for part in parents:
            node = node[int(part)] if part.isdigit() else node[part]
        if last.isdigit():
            node[int(last)] = value
        else:
            node[last] = value

    return mutate


def _tiny_deck(data: dict) -> None:
    data["specials"] = [{"name": "Rod", "effect": "rod", "copies": 5}]
    data["lures"] = data["lures"][:1]
    data["fish"] = data["fish"][:2]


MALFORMED = [
    (_set("fish.2.weights.1.family", "8"),
     "fish kind #3 (Walleye), field 'weights.#2.family': must be a whole number"),
    (_set("fish.0.weights.0.tournament", 10**6), "must be at most 999"),
    (_set("fish.0.weights.0.family", 7.0), "must be a whole number"),
    (lambda d: d["lures"][2].pop("catches"), "lure #3 (Jig), field 'catches': is missing"),
    (_set("lures.0.rolls.0.0", 7), "lure #1 (Spinner Bait), field 'rolls.#1.#1': must be at most 6"),
    (_set("lures.0.rolls.0", [1]), "must have at least 2 entries"),
    (_set("lures.0.catches", ["Largemouth Bass", "Carp"]), "'Carp', which is not a fish kind"),
    (_set("lures.0.catches", ["Walleye", "Walleye"]), "two different kinds"),
    (_set("specials.0.effect", "net"), "special card #1 (Fishing Rod), field 'effect': must be one of"),
    (_set("specials.0.copies", 3), "at least 5 Fishing Rods"),
    (_set("fish.1.kind", "Largemouth Bass"), "same kind"),
    (_set("version", 2), "field 'version'"),
    (lambda d: d.__setitem__("magic_lures", []) or d["lures"].pop(), "no lure catches the Brown Trout"),
    (lambda d: d["fish"][0].__setitem__("weights", d["fish"][0]["weights"][:3]), "at least 5 entries"),
    (_set("fish.0.kind", ""), "must not be empty"),
    (_set("magic_lures.0.rolls", [3, 3]), "listed twice"),
    (_set("specials.0.name", 5), "special card #1, field 'name': must be text"),
    (_set("fish.0", []), "fish kind #1, field: must be an object|fish kind #1: must be an object"),
    (_tiny_deck, "a 3-player game needs at least 25 cards"),
]


@pytest.mark.parametrize(("mutate", "words"), MALFORMED)
def test_malformed_files_are_refused_in_words(tmp_path, mutate, words):
    message = refused(tmp_path, mutate)
    assert any(w in message for w in words.split("|")), message
    assert "pydantic" not in message and "input_value" not in message


def test_duplicate_keys_are_refused(tmp_path):
    text = json.dumps(SHIPPED).replace('"version": 1', '"version": 1, "version": 1', 1)
    with pytest.raises(CardFileError, match="the key 'version' twice in one object"):
        load_card_file(write(tmp_path, text))


def test_not_json_deep_nesting_and_huge_numbers_are_refused(tmp_path):
    with pytest.raises(CardFileError, match="not valid JSON"):
        load_card_file(write(tmp_path, "{ not json"))
    with pytest.raises(CardFileError, match="nested too deeply"):
        load_card_file(write(tmp_path, "[" * 100_000 + "]" * 100_000, "deep.json"))
    with pytest.raises(CardFileError, match="a number with 5000 digits") as info:
        load_card_file(write(tmp_path, '{"format": ' + "9" * 5000 + "}", "huge.json"))
    assert "set_int_max_str_digits" not in str(info.value)
    with pytest.raises(CardFileError, match="must be an object"):
        load_card_file(write(tmp_path, "[]", "list.json"))


def test_not_a_file_missing_too_large_and_not_text(tmp_path):
    with pytest.raises(CardFileError, match="not a regular file"):
        load_card_file(tmp_path)
    with pytest.raises(CardFileError, match="no such file"):
        load_card_file(tmp_path / "absent.json")
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 1_000_001)
    with pytest.raises(CardFileError, match="too large"):
        load_card_file(big)
    binary = tmp_path / "bin.json"
    binary.write_bytes(b"\xff\xfe\x00")
    with pytest.raises(CardFileError, match="not UTF-8"):
        load_card_file(binary)
    if Path("/dev/zero").exists():
        with pytest.raises(CardFileError, match="not a regular file"):
            load_card_file(Path("/dev/zero"))

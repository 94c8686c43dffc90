"""Card data files: the shipped file, another file, and malformed files (BF-Q-2, BF-SIZE-5)."""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path

import pytest

from fishtable.engine.errors import CardFileError
from fishtable.games.big_fish import GAME
from fishtable.games.big_fish.cards import default_card_path, load_card_file
from fishtable.games.big_fish.options import BigFishOptions
from tests.games.big_fish.builder import seats

SHIPPED = json.loads(default_card_path().read_text(encoding="utf-8"))


def write(tmp_path: Path, data: object, name: str = "cards.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data, indent=1), encoding="utf-8")
    return path


def prepared(path: Path) -> BigFishOptions:
    return GAME.prepare_options(BigFishOptions(card_file=str(path)))


def broken(tmp_path: Path, mutate) -> str:
    """Write a mutated copy of the shipped file; preparing the options with it must fail."""
    data = copy.deepcopy(SHIPPED)
    mutate(data)
    path = write(tmp_path, data)
    before = path.read_bytes()
    with pytest.raises(CardFileError) as info:
        prepared(path)
    assert path.read_bytes() == before  # the file is never touched
    message = str(info.value)
    assert str(path) in message
    assert "validation error" not in message and "pydantic" not in message  # plain words, no raw dump
    return message


@pytest.mark.rule("BF-Q-2", "BF-Q-16", "BF-SIZE-5")
def test_the_shipped_file_is_the_default_deck() -> None:
    data = load_card_file()
    assert len(data.fish) == 22 and all(f.copies == 2 for f in data.fish)
    assert sum(w.copies for w in data.wilds) == 19
    assert sum(e.copies for e in data.events) == 13
    assert [e.name for e in data.events if e.effect.type == "end_game"] == ["Fishing Season Closed"]
    assert sorted(f.name for f in data.fish if f.bag) == [
        "Blue Fin Tuna", "Draughtboard Shark", "Longsnout Boarfish", "Shaws Cowfish", "Southern Rock Lobster",
        "Yellowtail Kingfish",
    ]
    colours = Counter(w.colour for w in data.wilds for _ in range(w.copies))
    assert colours == {"orange": 3, "purple": 3, "green": 3, "yellow": 4, "black": 6}
    # Catching a fish Big always scores more than catching it smaller.
    for f in data.fish:
        p = f.points
        assert p.big > max(p.larval, p.juvenile, p.medium), f.name
    options = GAME.prepare_options(BigFishOptions())
    assert options.cards == data
    state = GAME.new_game(options, seats(3), 1)
    assert Counter(c.type for c in state.cards) == {"fish": 44, "wild": 19}


@pytest.mark.rule("BF-SIZE-5")
def test_a_fish_whose_big_points_are_not_the_highest_is_refused(tmp_path) -> None:
    message = broken(tmp_path, lambda d: d["fish"][4]["points"].update(big=4))
    assert "fish card #5 (Blue Fin Tuna)" in message and "Big points must be higher" in message


@pytest.mark.rule("BF-Q-2", "BF-WILD-2")
def test_another_card_file_with_other_names_and_values_is_used(tmp_path) -> None:
    data = copy.deepcopy(SHIPPED)
    for f in data["fish"]:
        f["name"] = "Sea " + f["name"]
        f["points"] = {"larval": 1, "juvenile": 2, "medium": 5, "big": 11}
    for w in data["wilds"]:
        w["name"] = w["name"].upper()
    data["wilds"].append({"name": "Trawler", "colour": "yellow", "copies": 1,
                          "effect": {"type": "extra_catch", "amount": 3}})
    data["events"][1]["effect"]["species"] = ["Sea Abalone"]
    path = write(tmp_path, data)
    options = prepared(path)
    path.unlink()  # the options carry the cards: the game reads no file
    state = GAME.new_game(options, seats(4), 3)
    fish = [c for c in state.cards if c.type == "fish"]
    assert all(c.name.startswith("Sea ") and c.points == (1, 2, 5, 11) for c in fish)
    trawler = [c for c in state.cards if c.name == "Trawler"]
    assert len(trawler) == 1 and trawler[0].effect == "extra_catch" and trawler[0].amount == 3
    assert trawler[0].step == "catch"
    # A save carries the card data: the options survive a JSON round trip.
    again = BigFishOptions.model_validate(json.loads(json.dumps(options.model_dump(mode="json"))))
    assert again == options


@pytest.mark.rule("BF-Q-2")
def test_wild_and_event_effects_come_from_the_card_type_not_its_name(tmp_path) -> None:
    data = copy.deepcopy(SHIPPED)
    # Swap the two names around: behaviour must follow the effect types.
    heat = next(w for w in data["wilds"] if w["effect"]["type"] == "shrink_others")
    steal = next(w for w in data["wilds"] if w["effect"]["type"] == "steal")
    heat["name"], steal["name"] = steal["name"], heat["name"]
    state = GAME.new_game(prepared(write(tmp_path, data)), seats(2), 5)
    by_name = {c.name: c.effect for c in state.cards if c.type == "wild"}
    assert by_name["Heat Wave"] == "steal" and by_name["Illegal Fishing"] == "shrink_others"


@pytest.mark.parametrize(
    ("mutate", "expected"),
    [
        (lambda d: d["fish"][0]["points"].update(big="3"),
         "fish card #1 (Abalone), field 'points.big': must be a whole"),
        (lambda d: d["fish"][2]["points"].pop("medium"), "field 'points.medium': is missing"),
        (lambda d: d["fish"][0].update(bag="yes"), "field 'bag': must be true or false"),
        (lambda d: d["fish"][0]["points"].update(big=10**6), "less than or equal to 99"),
        (lambda d: d["fish"][0]["points"].update(big=3.0), "must be a whole number"),
        (lambda d: d["wilds"][0]["effect"].update(type="teleport"), "wild card #1 (Fisheries Research), field "
                                                                    "'effect': has an unknown type 'teleport'"),
        (lambda d: d["wilds"][0].update(colour="green"), "green card works in the grow step"),
        (lambda d: d["wilds"][9].update(colour="orange"), "wild card #10 (Heat Wave)"),
        (lambda d: d["wilds"][0].update(power=3), "field 'power': is not a known field"),
        (lambda d: d["events"].append({"name": "Early Close", "effect": {"type": "end_game"}}),
         "exactly one event card of type 'end_game', not 2"),
        (lambda d: d["events"][1]["effect"].update(species=["Kraken"]), "unknown fish species Kraken"),
        (lambda d: d["events"][0]["effect"].update(size="huge"), "event card #1 (Poor Water Quality), field "
                                                                 "'effect.size': must be one of"),
        (lambda d: d.update(events=d["events"][-3:]), "at least 4 event cards"),
        (lambda d: d.update(fish=d["fish"][:10]), "at least 29 fish cards"),
        (lambda d: d.update(format="something-else"), "field 'format': must be one of"),
        (lambda d: d["fish"].__setitem__(0, []), "fish card #1: must be an object"),
    ],
)
def test_malformed_files_name_the_card_and_field(tmp_path, mutate, expected) -> None:
    message = broken(tmp_path, mutate)
    assert expected in message, message


def test_a_duplicate_key_is_refused(tmp_path) -> None:
    text = default_card_path().read_text(encoding="utf-8").replace('"version": 1,', '"version": 1, "version": 1,')
    with pytest.raises(CardFileError, match="the key 'version' twice in one object"):
        prepared(write(tmp_path, text))


def test_bad_json_deep_nesting_and_huge_files_are_refused(tmp_path) -> None:
    with pytest.raises(CardFileError, match="not valid JSON"):
        prepared(write(tmp_path, '{"format": "fishtable-big-fish-cards", "fish": ['))
    with pytest.raises(CardFileError, match="nested too deeply"):
        prepared(write(tmp_path, "[" * 100_000 + "]" * 100_000, "deep.json"))
    big = tmp_path / "big.json"
    big.write_text(" " * 1_100_000 + "{}", encoding="utf-8")
    with pytest.raises(CardFileError, match="too large"):
        prepared(big)
    with pytest.raises(CardFileError, match="not UTF-8"):
        binary = tmp_path / "binary.json"
        binary.write_bytes(b"\xff\xfe\x00garbage")
        prepared(binary)


def test_a_path_that_is_not_a_file_is_refused(tmp_path) -> None:
    with pytest.raises(CardFileError, match="not a regular file"):
        prepared(tmp_path)
    with pytest.raises(CardFileError, match="no such file"):
        prepared(tmp_path / "missing.json")
    if Path("/dev/zero").exists():
        with pytest.raises(CardFileError, match="not a regular file"):
            prepared(Path("/dev/zero"))


def test_new_game_without_prepared_options_loads_the_card_file(tmp_path) -> None:
    data = copy.deepcopy(SHIPPED)
    data["fish"][0]["name"] = "Giant Abalone"
    data["events"][1]["effect"]["species"] = ["Giant Abalone"]
    state = GAME.new_game(BigFishOptions(card_file=str(write(tmp_path, data))), seats(2), 1)
    assert any(c.name == "Giant Abalone" for c in state.cards)
    assert not any(c.name == "Giant Abalone" for c in GAME.new_game(BigFishOptions(), seats(2), 1).cards)


def test_every_option_has_a_title_and_description() -> None:
    for name, field in BigFishOptions.model_fields.items():
        assert field.title and field.description, name
    assert BigFishOptions.model_fields["cards"].json_schema_extra == {"form": False}
    assert BigFishOptions.model_config["frozen"] and BigFishOptions.model_config["extra"] == "forbid"
    with pytest.raises(ValueError):
        BigFishOptions(colour="blue")

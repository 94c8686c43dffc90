"""Card data files: the shipped file, another file chosen in the options, and malformed files."""

from __future__ import annotations

import copy
import json
from collections import Counter
from pathlib import Path

import pytest

from fishtable.engine.errors import CardFileError
from fishtable.games.crazy_fishing import GAME
from fishtable.games.crazy_fishing.cards import INFINITE, default_card_path, load_card_file
from fishtable.games.crazy_fishing.options import CrazyFishingOptions
from tests.games.crazy_fishing.builder import seats

SHIPPED = json.loads(default_card_path().read_text(encoding="utf-8"))


def write(tmp_path: Path, data: object, name: str = "cards.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data, indent=1), encoding="utf-8")
    return path


def start(path: Path, players: int = 3, **options):
    return GAME.new_game(CrazyFishingOptions(card_file=str(path), **options), seats(players), 0)


def broken(tmp_path: Path, mutate) -> tuple[str, Path, bytes]:
    """Write a mutated copy of the shipped file; starting a game with it must fail."""
    data = copy.deepcopy(SHIPPED)
    mutate(data)
    path = write(tmp_path, data)
    before = path.read_bytes()
    with pytest.raises(CardFileError) as info:
        start(path)
    assert path.read_bytes() == before  # the file is never touched
    return str(info.value), path, before


def custom_file() -> dict:
    return {
        "format": "fishtable-crazy-fishing-cards",
        "version": 1,
        "fish": [
            {"name": "Zander", "size": 4, "back": "3-5"},
            {"name": "Perch", "size": 2, "back": "?"},
            {"name": "Pike", "size": 6, "back": "5-9"},
            {"name": "Carp", "size": 3, "back": "1-3"},
            {"name": "Wellington", "kind": "boot", "size": 0, "back": "0-1"},
            {"name": "Moonstone", "kind": "pearl", "size": 3, "back": "?"},
            {"name": "Nessie", "kind": "monster", "size": 10, "back": "9-11"},
            {"name": "Minnow", "size": 1, "back": "0-1", "three_plus": True},
        ],
        "rods": [{"speed": 7, "copies": 6}, {"speed": 2, "plus": True, "three_plus": True}],
        "baits": [{"value": 9, "copies": 6}, {"name": "Golden Hook", "value": None, "copies": 1}],
    }


# -- The shipped file ----------------------------------------------------------------------


@pytest.mark.rule("CF-COMP-1", "CF-Q-3")
def test_shipped_file_loads_and_is_the_default():
    data = load_card_file()
    assert data.format == "fishtable-crazy-fishing-cards"
    default = GAME.new_game(CrazyFishingOptions(), seats(3), 5)
    explicit = start(default_card_path(), players=3)
    assert Counter(c.type for c in default.cards) == Counter(c.type for c in explicit.cards)
    assert sorted(c.name for c in default.cards if c.type == "fish") == sorted(f.name for f in data.fish)


# -- Another card file -----------------------------------------------------------------------


@pytest.mark.rule("CF-Q-3", "CF-SETUP-1")
def test_another_card_file_is_used_and_left_unchanged(tmp_path):
    path = write(tmp_path, custom_file())
    before = path.read_bytes()
    mtime = path.stat().st_mtime_ns
    state = start(path, players=2)
    assert path.read_bytes() == before and path.stat().st_mtime_ns == mtime
    fish = sorted(state.cards[c].name for c in state.sea)
    assert fish == sorted(["Zander", "Perch", "Pike", "Carp", "Wellington", "Moonstone", "Nessie"])
    rods = [c for c in state.cards if c.type == "rod"]
    assert [c.value for c in rods] == [7] * 6  # the 3+ rod is out of a two-player game
    baits = [c for c in state.cards if c.type == "bait"]
    assert sorted(c.value for c in baits) == [9] * 6 + [INFINITE]
    assert any(c.name == "Golden Hook" for c in baits)
    view = GAME.view(state, None)
    assert sorted(f.back for f in view.sea) == sorted(["3-5", "?", "5-9", "1-3", "0-1", "?", "9-11"])


@pytest.mark.rule("CF-Q-3")
def test_a_file_with_too_few_rods_for_the_players_is_refused(tmp_path):
    path = write(tmp_path, custom_file())
    with pytest.raises(CardFileError, match="too few rods or baits"):
        start(path, players=4)


@pytest.mark.rule("CF-Q-3")
def test_a_missing_file_is_a_card_file_error(tmp_path):
    missing = tmp_path / "nowhere.json"
    with pytest.raises(CardFileError) as info:
        start(missing)
    assert "nowhere.json" in str(info.value) and "cannot be read" in str(info.value)
    assert not missing.exists()


# -- Malformed files ------------------------------------------------------------------------------


@pytest.mark.rule("CF-COMP-5")
def test_bad_json_is_refused(tmp_path):
    path = write(tmp_path, '{"format": "fishtable-crazy-fishing-cards", "fish": [')
    before = path.read_bytes()
    with pytest.raises(CardFileError) as info:
        start(path)
    message = str(info.value)
    assert str(path) in message and "not valid JSON" in message and "line" in message
    assert path.read_bytes() == before


@pytest.mark.rule("CF-COMP-5")
def test_missing_field_names_the_card_and_the_field(tmp_path):
    message, path, _ = broken(tmp_path, lambda d: d["fish"][2].pop("size"))
    name = SHIPPED["fish"][2]["name"]
    assert str(path) in message
    assert f"fish #3 ({name})" in message
    assert "'size'" in message and "required" in message.lower()


@pytest.mark.rule("CF-COMP-7")
def test_negative_speed_names_the_rod_and_the_field(tmp_path):
    message, _, _ = broken(tmp_path, lambda d: d["rods"][3].__setitem__("speed", -1))
    assert "rod #4" in message and "'speed'" in message and "0" in message


@pytest.mark.rule("CF-COMP-8")
def test_negative_bait_value_names_the_bait_and_the_field(tmp_path):
    message, _, _ = broken(tmp_path, lambda d: d["baits"][0].__setitem__("value", -2))
    assert "bait #1" in message and "'value'" in message


@pytest.mark.rule("CF-COMP-6")
def test_back_clue_must_contain_the_size(tmp_path):
    index = next(i for i, f in enumerate(SHIPPED["fish"]) if f["back"] != "?" and f["size"] >= 1)
    name, size = SHIPPED["fish"][index]["name"], SHIPPED["fish"][index]["size"]
    wrong = f"{size + 1}-{size + 3}"
    message, _, _ = broken(tmp_path, lambda d: d["fish"][index].__setitem__("back", wrong))
    assert f"fish #{index + 1} ({name})" in message
    assert "back" in message and wrong in message and str(size) in message


@pytest.mark.rule("CF-COMP-6")
def test_back_clue_must_be_a_range_or_a_question_mark(tmp_path):
    message, _, _ = broken(tmp_path, lambda d: d["fish"][0].__setitem__("back", "banana"))
    assert "fish #1" in message and "back" in message and "banana" in message


@pytest.mark.rule("CF-COMP-6")
def test_out_of_series_back_clue_must_contain_its_size(tmp_path):
    message, _, _ = broken(tmp_path, lambda d: d["oos_fish"][0].__setitem__("back", "7-9"))
    assert "out-of-series fish #1" in message and "back" in message


@pytest.mark.rule("CF-COMP-3")
def test_unknown_rod_special_names_the_rod_and_the_field(tmp_path):
    index = len(SHIPPED["rods"]) - 1
    name = SHIPPED["rods"][index].get("name", "Rod")
    message, _, _ = broken(tmp_path, lambda d: d["rods"][index].__setitem__("special", "laser_sight"))
    assert f"rod #{index + 1} ({name})" in message and "'special'" in message


@pytest.mark.rule("CF-COMP-4")
def test_unknown_bait_special_names_the_bait_and_the_field(tmp_path):
    message, _, _ = broken(tmp_path, lambda d: d["baits"][0].__setitem__("special", "worm_hotel"))
    assert "bait #1" in message and "'special'" in message


@pytest.mark.rule("CF-COMP-2")
def test_unknown_fish_kind_or_effect_is_refused(tmp_path):
    message, _, _ = broken(tmp_path, lambda d: d["fish"][0].__setitem__("kind", "shoe"))
    assert "fish #1" in message and "'kind'" in message
    message, _, _ = broken(tmp_path, lambda d: d["oos_fish"][0].__setitem__("effect", "laser"))
    assert "out-of-series fish #1" in message and "'effect'" in message


@pytest.mark.rule("CF-COMP-5")
def test_misspelt_field_and_wrong_format_are_refused(tmp_path):
    message, _, _ = broken(tmp_path, lambda d: d["fish"][0].__setitem__("sise", 3))
    assert "fish #1" in message and "'sise'" in message
    message, _, _ = broken(tmp_path, lambda d: d.__setitem__("format", "something-else"))
    assert "'format'" in message
    message, _, _ = broken(tmp_path, lambda d: d["fish"][0].__setitem__("size", "big"))
    assert "fish #1" in message and "'size'" in message and "integer" in message


@pytest.mark.rule("CF-Q-3")
def test_a_path_that_is_not_a_regular_file_is_refused_without_reading(tmp_path: Path):
    for path in (tmp_path, Path("/dev/zero")):
        if not path.exists():
            continue
        with pytest.raises(CardFileError, match="not a regular file"):
            load_card_file(path)


@pytest.mark.rule("CF-Q-3")
def test_an_edited_card_file_is_read_again_for_the_next_game(tmp_path: Path):
    data = json.loads(default_card_path().read_text(encoding="utf-8"))
    path = write(tmp_path, data)
    first = start(path)
    data["baits"] = [b for b in data["baits"] if b.get("special") != "most_tempting"]
    data["baits"].append({"name": "Bait", "value": 6, "copies": 3})
    path.write_text(json.dumps(data) + "\n", encoding="utf-8")
    second = start(path)
    def tempting(state):
        return sum(c.special == "most_tempting" for c in state.cards)
    assert tempting(first) == 3 and tempting(second) == 0

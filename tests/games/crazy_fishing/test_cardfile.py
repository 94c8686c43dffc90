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


# -- Strict reading (issue 7) ------------------------------------------------------------------


@pytest.mark.rule("CF-COMP-5")
@pytest.mark.parametrize(
    ("mutate", "words"),
    [
        (lambda d: d["fish"][2].__setitem__("size", "2"), ["fish #3", "'size'", "whole number", "'2'"]),
        (lambda d: d["fish"][2].__setitem__("size", 2.0), ["fish #3", "'size'", "whole number"]),
        (lambda d: d["fish"][2].__setitem__("size", True), ["fish #3", "'size'", "whole number"]),
        (lambda d: d["rods"][0].__setitem__("plus", "true"), ["rod #1", "'plus'", "true or false"]),
        (lambda d: d["rods"][0].__setitem__("copies", "2"), ["rod #1", "'copies'", "whole number"]),
        (lambda d: d.__setitem__("version", "1"), ["'version'"]),
    ],
)
def test_values_must_have_their_own_type(tmp_path, mutate, words):
    message, _, _ = broken(tmp_path, mutate)
    for word in words:
        assert word in message, message
    assert "Input should" not in message and "pydantic" not in message


@pytest.mark.rule("CF-COMP-5")
def test_a_duplicate_key_is_refused(tmp_path):
    text = json.dumps(SHIPPED, indent=1).replace('"size": 1,', '"size": 1, "size": 12,', 1)
    path = write(tmp_path, text)
    with pytest.raises(CardFileError) as info:
        load_card_file(path)
    assert "'size' twice" in str(info.value) and str(path) in str(info.value)


@pytest.mark.rule("CF-COMP-5")
@pytest.mark.parametrize("name", ["Cod\x1b[31m", "Tab\tfish", "New\nline", "Back\u202eward", "Zero\u200bwidth",
                                  "   "])
def test_names_without_control_characters(tmp_path, name):
    message, _, _ = broken(tmp_path, lambda d: d["fish"][4].__setitem__("name", name))
    assert "fish #5" in message and "'name'" in message
    assert name not in message or not name.strip()  # the bad name is never echoed back


@pytest.mark.rule("CF-COMP-5")
def test_markup_and_long_names(tmp_path):
    data = copy.deepcopy(SHIPPED)
    data["fish"][0]["name"] = "[/] [bold red]Sardine[/]"
    data["oos_fish"][0]["name"] = "Golden [link=x]Fish"
    path = write(tmp_path, data)
    state = start(path, players=3, oos_fish=("Golden [link=x]Fish",))
    assert "[/] [bold red]Sardine[/]" in {c.name for c in state.cards}  # shown literally by the app
    message, _, _ = broken(tmp_path, lambda d: d["fish"][0].__setitem__("name", "S" * 41))
    assert "fish #1" in message and "at most 40 characters" in message


@pytest.mark.rule("CF-COMP-1")
def test_a_sane_number_of_cards(tmp_path):
    many = [{"name": f"Fish {i}", "size": 1, "back": "?"} for i in range(41)]
    message, _, _ = broken(tmp_path, lambda d: d.__setitem__("fish", many))
    assert "'fish'" in message and "at most 40 entries" in message
    message, _, _ = broken(tmp_path, lambda d: d["baits"].extend({"value": v, "copies": 20} for v in (1, 2, 3)))
    assert "bait cards" in message and "at most 80" in message
    message, _, _ = broken(tmp_path, lambda d: d["rods"][0].__setitem__("copies", 21))
    assert "rod #1" in message and "'copies'" in message and "at most 20" in message


def _no_tempting(d):
    d["baits"] = [b for b in d["baits"] if b.get("value") is not None]


@pytest.mark.rule("CF-END-1", "CF-CAST-6")
def test_a_fish_no_cast_can_catch_is_refused_by_name(tmp_path):
    def monster(d):
        _no_tempting(d)
        d["fish"][26].update(size=60, back="?")

    message, _, _ = broken(tmp_path, monster)
    name = SHIPPED["fish"][26]["name"]
    assert f"fish #27 ({name}, size 60) could never be caught" in message
    assert "game might never end" in message


@pytest.mark.rule("CF-END-1", "CF-CAST-4", "CF-Q-8", "CF-Q-9")
def test_the_biggest_bait_counts_only_what_a_cast_may_add_up(tmp_path):
    # Without '+' baits, baits never add up (not even two plain ones with a Reel): the
    # biggest bait is the biggest card.
    plain = {"format": "fishtable-crazy-fishing-cards", "version": 1,
             "fish": [{"name": f"F{i}", "size": s, "back": "?"} for i, s in enumerate([1, 2, 3, 4, 5, 7])],
             "rods": [{"speed": 3, "copies": 10}, {"name": "Reel", "speed": 1, "plus": True,
                                                   "special": "super_fast_reel", "copies": 3}],
             "baits": [{"value": 6, "copies": 20}]}
    path = write(tmp_path, plain)
    with pytest.raises(CardFileError, match=r"fish #6 \(F5, size 7\) could never be caught.* is 6"):
        load_card_file(path)
    # One '+' bait lets up to five bait cards (a hand of six, one rod) add up: 6+6+6+6+2 = 26.
    plain["baits"].append({"value": 2, "plus": True})
    plain["fish"][5]["size"] = 26
    assert load_card_file(write(tmp_path, plain)).fish[5].size == 26
    plain["fish"][5]["size"] = 27
    with pytest.raises(CardFileError, match=r"size 27.* is 26"):
        load_card_file(write(tmp_path, plain))


@pytest.mark.rule("CF-SETUP-1", "CF-END-1")
def test_a_fish_only_a_three_plus_bait_can_catch_is_refused_for_two_players(tmp_path):
    def only_three_plus(d):
        _no_tempting(d)
        d["baits"].append({"value": None, "three_plus": True})
        d["fish"][0].update(size=40, back="?")

    message, _, _ = broken(tmp_path, only_three_plus)
    assert "size 40) could never be caught" in message and "two-player game" in message


@pytest.mark.rule("CF-Q-3")
@pytest.mark.parametrize("hazard", ["fifo", "folder", "device", "link_to_device", "deep", "digits"])
def test_file_hazards_give_a_card_file_error_at_once(tmp_path, hazard):
    import os

    path = tmp_path / "cards.json"
    if hazard == "fifo":
        os.mkfifo(path)
    elif hazard == "folder":
        path.mkdir()
    elif hazard == "device":
        path = Path("/dev/zero")
    elif hazard == "link_to_device":
        path.symlink_to("/dev/zero")
    elif hazard == "deep":
        path.write_text('{"fish": ' + "[" * 50_000 + "]" * 50_000 + "}", encoding="utf-8")
    else:
        path.write_text(json.dumps(SHIPPED).replace('"size": 12', '"size": ' + "1" * 5000), encoding="utf-8")
    with pytest.raises(CardFileError) as info:
        load_card_file(path)
    message = str(info.value)
    assert str(path) in message and "Traceback" not in message
    assert any(w in message for w in ("not a regular file", "nested too deeply", "digits"))
    with pytest.raises(CardFileError):
        GAME.prepare_options(CrazyFishingOptions(card_file=str(path)))

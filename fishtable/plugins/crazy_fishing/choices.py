"""Setup choices that depend on the card file: the out-of-series fish, copy by copy."""

from __future__ import annotations

from pathlib import Path

from fishtable.games.crazy_fishing.cards import load_card_file

# Out-of-series effects in a few words, for the setup list (the rules screen has the rest).
EFFECT_HINTS = {
    "golden_fish": "bait +2 while on top",
    "pair_of_fish": "try again at once",
    "prawn": "1-point fish score 2 at the end",
    "sustainable_fishing": "biggest catch of the round goes back",
    "smart_bream": "uncovered fish shown to all",
    "useless_fish": "bait -2 while on top",
    "puffer_fish": "everyone discards their fastest rod",
    "crab": "no '+' baits while on top",
    "moray_eel": "no '+' rods while on top",
}


def oos_fish_choices(card_file: str | None) -> tuple[list[tuple[str, str]], str | None]:
    """The out-of-series fish of a card file as (label, name) pairs, or a reason it cannot be read.

    Every copy gets its own entry (the default file has two Pairs of Fish), so that
    each copy can be picked; picking both puts the name in the options twice.
    """
    path = Path(card_file).expanduser() if card_file else None
    try:
        data = load_card_file(path)
    except Exception as exc:  # a malformed file is reported, never raised
        return [], str(exc)
    copies: dict[str, int] = {}
    total = {name: sum(f.name == name for f in data.oos_fish) for name in {f.name for f in data.oos_fish}}
    out = []
    for fish in data.oos_fish:
        copies[fish.name] = copies.get(fish.name, 0) + 1
        label = f"{fish.name} ({fish.size})"
        if total[fish.name] > 1:
            label += f", copy {copies[fish.name]}"
        label += f": {EFFECT_HINTS.get(fish.effect, fish.effect)}"
        out.append((label, fish.name))
    return out, None

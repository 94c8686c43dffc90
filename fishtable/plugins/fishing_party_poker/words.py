"""The table in words: stage, pots, whose action, showdown and pot results.

Everything here reads a view (public or one seat's) and returns Rich `Text`
built piece by piece, so a player's name is always shown literally.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from rich.text import Text

from fishtable.games.fishing_party_poker.views import PokerView
from fishtable.plugins.fishing_party_poker.faces import card_text, index_text, indexes_text
from fishtable.plugins.fishing_party_poker.memory import SwapSeen

ACCENT = "bold #ffd75e"
WARN = "bold #ffb347"

ORDINALS = {1: "1st", 2: "2nd", 3: "3rd"}


def ordinal(n: int) -> str:
    return ORDINALS.get(n, f"{n}th")


def names(view: PokerView, seats: Iterable[int]) -> str:
    named = [view.seats[s].name for s in seats]
    if len(named) <= 1:
        return "".join(named)
    return ", ".join(named[:-1]) + " and " + named[-1]


def chips(n: int) -> str:
    return f"{n} chip{'s' * (n != 1)}"


def stage_text(view: PokerView) -> Text:
    """"Hand 3 · Betting round 2 · bets of 4" and the like."""
    text = Text()
    if view.phase == "over":
        text.append(f" Hand {view.hand_number} · the session is over", "bold")
        return text
    text.append(f" Hand {view.hand_number}", "bold")
    if view.hand_limit:
        text.append(f" of {view.hand_limit}")
    text.append(f" · {view.stage}", "bold")
    if view.phase == "betting":
        text.append(f" · bets of {view.bet_size}")
    if view.stopping:
        text.append(" · ")
        text.append("LAST HAND", WARN)
    return text


def wrap_parts(parts: list[Text], width: int, indent: str = "", sep: str = " · ") -> Text:
    """Parts joined by `sep`, on as few lines of `width` cells as they take; a part is never split
    across lines unless it is longer than a line by itself."""
    text = Text()
    line = Text(indent)
    for part in parts:
        if not part:
            continue
        if line.cell_len > len(indent):
            if line.cell_len + len(sep) + part.cell_len > width:
                text.append_text(line)
                text.append("\n")
                line = Text(indent)
            else:
                line.append(sep)
        line.append_text(part)
    text.append_text(line)
    return text


def pot_parts(view: PokerView) -> list[Text]:
    """"Pot 23", "main pot: 15 (Ann, Bob and Cy)", "side pot 1: 8 (Ann and Bob)"."""
    parts = [Text(f"Pot {view.pot}", "bold")]
    if len(view.pots) > 1:
        for pot in view.pots:
            part = Text(f"{pot.name.removeprefix('the ')}: {pot.amount}", "bold")
            part.append(" (")
            part.append(names(view, pot.eligible))
            part.append(")")
            parts.append(part)
    return parts


def pots_text(view: PokerView, width: int = 1000) -> Text:
    return wrap_parts(pot_parts(view), width)


def betting_parts(view: PokerView, wide: bool = True) -> list[Text]:
    """The state of the betting round: the highest bet and the raises left (or what a swap is)."""
    if view.phase == "swap":
        return [Text(f"Swap {view.swap_round}: each player still in may trade one card with the community.")
                ] if wide else []
    if view.phase != "betting":
        return []
    parts = [Text(f"highest bet {view.current_bet}" if view.current_bet else "nobody has bet yet")]
    left = view.raises_left
    if left == 0:
        parts.append(Text("the betting is capped", WARN))
    elif view.current_bet:
        parts.append(Text(f"{left} raise{'s' * (left != 1)} left"))
    return parts


def action_text(view: PokerView) -> Text:
    """Whose action it is, and what calling costs them."""
    text = Text()
    if view.actor is None or view.phase == "over":
        return text
    name = view.seats[view.actor].name
    text.append("▶ ", ACCENT)
    text.append(name, ACCENT)
    if view.phase == "betting":
        if view.call_cost:
            text.append(f" to act: {view.call_cost} to call", "bold")
        else:
            text.append(" to act: nothing to call", "bold")
    elif view.phase == "swap":
        text.append(" to swap or keep their hand", "bold")
    elif view.phase == "hand_over":
        text.append(f" deals hand {view.hand_number + 1}", "bold")
    return text


def showdown_lines(view: PokerView, wide: bool) -> list[Text]:
    """The hands shown, in the order they were shown, each with its name."""
    lines: list[Text] = []
    for position, seat in enumerate(view.showdown_order, start=1):
        panel = view.seats[seat]
        if panel.shown is None:
            continue
        line = Text()
        line.append(f"{position}. ", "bold")
        line.append(panel.name, "bold")
        line.append(" shows ")
        line.append_text(indexes_text(panel.shown, sep=""))
        line.append("  " if wide else "\n   ")
        line.append(panel.shown_hand or "", ACCENT)
        lines.append(line)
    return lines


def swaps_text(swaps: Sequence[SwapSeen], wide: bool, width: int) -> Text:
    """"Swap 1: Elena took A♣ at place 4, put in 3♠ · Tomás kept their hand"."""
    parts = [Text(f"Swap {swaps[0].swap_round}:", "bold")]
    for swap in swaps:
        part = Text(swap.name, "bold")
        if swap.place is None:
            part.append(" kept their hand")
        else:
            assert swap.taken is not None and swap.given is not None  # a swap made has both cards
            part.append(" took ")
            part.append_text(card_text(swap.taken) if wide else index_text(swap.taken))
            part.append(f" at place {swap.place}, put in ")
            part.append_text(card_text(swap.given) if wide else index_text(swap.given))
        parts.append(part)
    return wrap_parts(parts, width)


def award_lines(view: PokerView, wide: bool = True) -> list[Text]:
    """How the pots were paid: the winners, the amount, and (when there is room; the showdown
    lines name it too) the winning hand."""
    lines: list[Text] = []
    for award in view.awards:
        line = Text("★ ", ACCENT)
        who = names(view, award.winners)
        if award.returned:
            line = Text("↩ ")
            line.append(who)
            line.append(f" takes back {chips(award.amount)} nobody matched.")
        elif not award.hand:
            line.append(who, "bold")
            if view.showdown_order:
                line.append(f" wins {award.pot} ({award.amount}): nobody else could win it.")
            else:
                line.append(f" wins {award.pot} ({award.amount}): everyone else folded. The hand is not shown.")
        else:
            line.append(who, "bold")
            verb = "wins" if len(award.winners) == 1 else "split"
            line.append(f" {verb} {award.pot} ({award.amount})")
            if wide:
                line.append(" with ")
                line.append(award.hand, ACCENT)
            line.append(".")
        lines.append(line)
    return lines

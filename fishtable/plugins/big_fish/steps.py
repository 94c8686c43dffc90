"""The turn's five steps and what the table is waiting for, in words."""

from __future__ import annotations

from rich.text import Text

from fishtable.games.big_fish.views import BigFishView, StepView
from fishtable.plugins.big_fish.faces import STEP_WORDS

STEPS = ("draw", "spawn", "grow", "catch", "wild")


def step_bar(step: StepView) -> Text:
    """"✓Draw › ✓Spawn › ▶GROW › Catch › Wild": where the turn stands (done, now, to come)."""
    text = Text()
    for n, name in enumerate(STEPS, start=1):
        if n > 1:
            text.append(" › ", "dim")
        word = STEP_WORDS[name]
        if n < step.number:
            text.append(f"✓{word}", "dim")
        elif n == step.number:
            text.append(f"▶{word.upper()}", "bold reverse #ffd75e")
        else:
            text.append(word)
    return text


def _names(view: BigFishView, status: str) -> str:
    return ", ".join(p.name for p in view.seats if p.status == status)


def phase_text(view: BigFishView) -> Text:
    """What the game is doing now, for the public table."""
    text = Text()
    phase = view.phase
    choosing = _names(view, "choosing")
    if phase == "turn" and view.step is not None:
        step = view.step
        who = view.seats[step.seat].name
        text.append(f"{who}'s turn", "bold")
        text.append(f" · step {step.number} of 5: {STEP_WORDS[step.step]}\n")
        text.append_text(step_bar(step))
        text.append("\n")
        text.append(step.text, "italic")
        return text
    if phase == "place":
        text.append("Opening placement", "bold")
        text.append(": everyone puts up to three fish into their Fishing Spot in secret — one Big, one "
                    "Medium, one Juvenile. The placements are shown together.")
    elif phase == "shrink":
        active = view.seats[view.active_seat].name if view.active_seat is not None else "Someone"
        text.append(f"{view.resolving}", "bold")
        text.append(f" (played by {active}): each player hit chooses, in secret, which fish shrinks.")
    elif phase == "event" and view.last_event is not None:
        text.append(f"Event: {view.last_event.name}", "bold")
        text.append(f" — {view.last_event.text} Everyone concerned chooses in secret, all at once.")
    elif phase == "discard":
        text.append("Hand limit", "bold")
        text.append(": players with more than 7 cards discard down to 7, choosing in secret.")
    elif phase == "over":
        text.append("The fishing season is closed: the game is over.", "bold")
    if choosing:
        text.append(f"\nStill choosing: {choosing}", "italic")
    return text

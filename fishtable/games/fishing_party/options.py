"""Fishing Party setup options."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from fishtable.games.fishing_party.cards import FishingPartyCards


class FishingPartyOptions(BaseModel):
    """Choices made before the deal. `cards` is filled by `prepare_options`, never by a form."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    weights: Literal["family", "tournament"] = Field(
        default="family",
        title="Fish weights",
        description="Family weights differ little between fish, so trailing players can catch up; "
        "Tournament weights differ widely, for a harder game. "
        "(The deck needs no choice: it fits the number of players by itself. With 2 or 3 players the "
        "spare Fishing Rods and the Snaps stay out of the game, with 2 the Broken Lines too.)",
    )
    quick_play: bool = Field(
        default=False,
        title="Quick-Play",
        description="Two moves in every turn; still at most one Unlucky card of your own per turn.",
    )
    time_limit_minutes: int | None = Field(
        default=None,
        ge=1,
        le=600,
        title="Time limit (minutes)",
        description="When the time runs out, the turn being played is finished and the game ends. "
        "Leave empty to play until someone has all six kinds of fish.",
    )
    card_file: str | None = Field(
        default=None,
        title="Cards",
        description="Path to another Fishing Party card file; empty for the shipped cards.",
    )
    cards: FishingPartyCards | None = Field(
        default=None,
        title="Card data",
        description="The card data in play, copied from the card file when the game is set up.",
        json_schema_extra={"form": False},
    )

"""Big Fish setup options."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

from fishtable.engine.card_game import card_data_field
from fishtable.games.big_fish.cards import MAX_PLAYERS, BigFishCards


class BigFishOptions(BaseModel):
    """Choices made before the deal. `cards` is filled by `prepare_options`, never by a form."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    hard_mode: bool = Field(
        default=False,
        title="Hard mode",
        description="Fish with a bag icon have a bag limit: each player may catch only one fish of each "
        "such species per game.",
    )
    first_player: int | None = Field(
        default=None,
        ge=1,
        le=MAX_PLAYERS,
        title="First player",
        description="Who last caught a real fish takes the First Player Card; or leave it to chance.",
        json_schema_extra={"form": "seat"},  # the setup offers the seated players by name
    )
    card_file: str | None = Field(
        default=None,
        title="Cards",
        description="Path to another Big Fish card file; empty for the shipped cards.",
    )
    cards: BigFishCards | None = card_data_field()

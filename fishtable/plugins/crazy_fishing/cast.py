"""The cast, in secret: choose rods and baits from your own hand, with the sea in sight.

Only the acting seat's view is read here, so nothing of another hand can
reach the screen; the sea beside the hand shows what everyone sees at a real
table (the fish backs with their size clues). Legality comes from the engine
(`decision.check`), so the words explaining a refusal are the engine's, shown
before commit. `p` shows the seat's own catch pile (CF-CATCH-10).
"""

from __future__ import annotations

from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.widgets import Static

from fishtable.games.crazy_fishing.actions import Action, Cast
from fishtable.games.crazy_fishing.views import CardFace, CrazyFishingView
from fishtable.plugins.crazy_fishing.describe import HEADLINE_KINDS
from fishtable.plugins.crazy_fishing.faces import card_tile, face_text
from fishtable.plugins.crazy_fishing.pile import PILE_AND_RULES, PrivateDecisionScreen, narrow_log, private_header
from fishtable.plugins.crazy_fishing.sea import SeaView
from fishtable.tui.decision import Decision
from fishtable.tui.widgets.card import CardTile, hand_keys
from fishtable.tui.widgets.coach_panel import mark_coached
from fishtable.tui.widgets.fit import update_text
from fishtable.tui.widgets.footer import KeysFooter
from fishtable.tui.widgets.log import NewsBar, show_log

BLANK_WORDS = (
    "A blank cast is a cast of only rods or only baits: it is legal, but it catches nothing "
    "this round (its cards are discarded after the Catch)."
)

# What an active out-of-series effect means for this cast, keyed by the fish's name.
EFFECT_AT_CAST = {
    "Crab": "you may not cast a '+' bait while the Crab tops your catch pile",
    "Moray Eel": "you may not cast a '+' rod while the Moray Eel tops your catch pile",
    "Golden Fish": "your bait counts 2 more while the Golden Fish tops your catch pile",
    "Useless Fish": "your bait counts 2 less while the Useless Fish tops your catch pile",
    "Prawn": "at the end of the game your 1-point fish score 2",
}


def effects_text(effects: tuple[str, ...]) -> Text:
    text = Text()
    for n, effect in enumerate(effects):
        name = effect.split(":", 1)[0]
        text.append("\n" if n else "")
        text.append("⚠ Active effect: ", "bold #ffb347")
        text.append(effect, "bold")
        if name in EFFECT_AT_CAST:
            text.append(f" — {EFFECT_AT_CAST[name]}.")
    return text


class CastScreen(PrivateDecisionScreen):
    BINDINGS: ClassVar[list[BindingType]] = [
        # ← → move over the hand even when the log has the focus (it would scroll sideways).
        Binding("left", "move(-1)", "Move", priority=True),
        Binding("right", "move(1)", "Move", show=False, priority=True),
        *[b for b in hand_keys("move", "Move") if isinstance(b, Binding) and b.key not in ("left", "right")],
        Binding("space", "toggle_card", "In/out"),
        Binding("enter", "commit", "Cast"),
        *PILE_AND_RULES,
    ]

    def __init__(self, decision: Decision[CrazyFishingView, Action]) -> None:
        super().__init__(decision)
        self.hand = list(self.view.hand or ())
        self.chosen: list[str] = []
        self.cursor = 0
        self._hand_tiles: list[CardTile[CardFace]] | None = None

    def compose(self) -> ComposeResult:
        yield Static(private_header(self.decision.name, self.heading()), id="topbar")
        yield Static(
            "1-9: put a card in or out · ← → and Space too · Enter: cast · p: my catch",
            id="cast-help", markup=False,
        )
        effects = self.view.seats[self.seat].effects
        if effects:
            yield Static(effects_text(effects), id="effects")
        with Horizontal(id="hand"):
            for n, card in enumerate(self.hand):
                yield card_tile(card, index=n + 1, id=f"card-{n}")
        yield Static(id="totals")
        yield Static(id="legality")
        with Horizontal(id="cast-body"):
            with Vertical(id="cast-left"):
                yield Static(id="mine")
                yield Static(id="sea-caption", markup=False)
                yield NewsBar(id="news")
                yield narrow_log()
            yield SeaView(id="sea")
        yield KeysFooter()

    @property
    def ahead(self) -> bool:
        """A cast made ahead, during the Collect, for the round after this one."""
        return self.view.phase == "collect"

    def heading(self) -> str:
        """The header's words: the round being cast for first, so that a narrow screen keeps it."""
        if self.ahead:
            return f"Cast ahead for round {self.view.round + 1}, while the others refill their hands"
        return f"Cast for round {self.view.round}: choose your rods and baits in secret"

    def on_mount(self) -> None:
        self._mine()
        mark_coached(self)
        sea = self.query_one(SeaView)
        sea.show(self.view)
        caption = Text(f"The sea, {self.view.sea_count} fish, as everyone sees it →  ", "dim")
        caption.append_text(sea.legend(30))
        update_text(self.query_one("#sea-caption", Static), caption)
        show_log(self, self.decision.log, HEADLINE_KINDS)
        self._update()

    def _only_blank(self) -> str:
        """Why every legal cast is blank this round (no usable bait, or no usable rod), or ""."""
        casts = [a for a in self.decision.legal if a.kind == "cast"]
        if not casts or any(a.rods and a.baits for a in casts):
            return ""
        if not any(a.baits for a in casts) and not any(a.rods for a in casts):
            return "You hold no rod and no bait you may cast: your cast is blank."
        if not any(a.baits for a in casts):
            return "You hold no bait you may cast: your cast is blank (rods only)."
        return "You hold no rod you may cast: your cast is blank (baits only)."

    def _mine(self) -> None:
        view = self.view
        text = Text()
        panel = view.seats[self.seat]
        text.append(f"Your catch pile: {panel.pile_size} fish")
        if panel.pile_top is not None:
            text.append(", top ")
            text.append_text(face_text(panel.pile_top))
        text.append(" · p: see it all", "dim")
        text.append(f"\nRod deck {view.rod_deck} · bait deck {view.bait_deck}")
        update_text(self.query_one("#mine", Static), text)

    # -- the choice -----------------------------------------------------------
    def _cast(self) -> Cast:
        rods = tuple(c.id for c in self.hand if c.id in self.chosen and c.type == "rod")
        baits = tuple(c.id for c in self.hand if c.id in self.chosen and c.type == "bait")
        return Cast(rods=rods, baits=baits)

    def _update(self) -> None:
        for n, tile in enumerate(self._tiles()):
            tile.cursor = n == self.cursor
            tile.selected = tile.card.id in self.chosen
        picked = [c for c in self.hand if c.id in self.chosen]
        rods = [c for c in picked if c.type == "rod"]
        baits = [c for c in picked if c.type == "bait"]
        speed = sum(c.value or 0 for c in rods)
        bait = "∞" if any(c.value is None for c in baits) else str(sum(c.value or 0 for c in baits))
        totals = Text()
        totals.append(f"Speed {speed}", "bold #e0c070")
        totals.append(f"  ({len(rods)} rod{'s' * (len(rods) != 1)})   ")
        totals.append(f"Bait {bait}", "bold #f08080")
        totals.append(f"  ({len(baits)} bait card{'s' * (len(baits) != 1)})")
        update_text(self.query_one("#totals", Static), totals)
        legality = Text()
        problem = self.decision.check(self._cast())
        blank = self._only_blank()
        if not picked and problem and blank:  # the cast can only be blank: say what that means
            legality.append(blank + " ", "bold #ffb347")
            legality.append(BLANK_WORDS, "italic")
        elif not picked and problem:
            legality.append("Choose at least one rod and one bait (Space puts a card in).", "italic")
        elif problem:
            legality.append("✗ " + problem, "bold #ff8080")
        elif not rods or not baits:
            legality.append("✓ A legal blank cast (it catches nothing). Enter puts it face down.",
                            "bold #9be27a")
        else:
            legality.append("✓ A legal cast. Press Enter to put it face down.", "bold #9be27a")
        update_text(self.query_one("#legality", Static), legality)

    def action_move(self, delta: int) -> None:
        """Only the cursor moves: the cast, its totals and its legality stay as they are, and
        only the two tiles it leaves and reaches are drawn again."""
        if self.hand:
            tiles = self._tiles()
            tiles[self.cursor].cursor = False
            self.cursor = (self.cursor + delta) % len(self.hand)
            tiles[self.cursor].cursor = True

    def _tiles(self) -> list[CardTile[CardFace]]:
        """The hand's tiles in order, found once (a query walks the screen at every key)."""
        if self._hand_tiles is None:
            self._hand_tiles = list(self.query_one("#hand", Horizontal).query_children(CardTile))
        return self._hand_tiles

    def action_jump(self, number: int) -> None:
        """A card's number puts it into the cast or takes it out: one key per card, as picking
        it up is one gesture at a real table (the cursor goes there too)."""
        if 1 <= number <= len(self.hand):
            self.cursor = number - 1
            self.action_toggle_card()
        else:
            self.refuse(f"You hold {len(self.hand)} card{'s' * (len(self.hand) != 1)}: there is no card {number}.")

    def action_toggle_card(self) -> None:
        if not self.hand:
            return
        cid = self.hand[self.cursor].id
        if cid in self.chosen:
            self.chosen.remove(cid)
        else:
            self.chosen.append(cid)
        self._update()

    def on_card_tile_clicked(self, event: CardTile.Clicked) -> None:
        self.cursor = self.hand.index(event.tile.card)
        self.action_toggle_card()

    def refuse(self, problem: str) -> None:
        """An illegal cast is said in place of the legality line."""
        self.query_one("#legality", Static).update(Text("✗ " + problem, "bold #ff8080"))
        self.app.bell()

    def rechecked(self) -> None:
        """The host's reason came (a remote seat): the legality line, always the cast's as it
        stands, says it."""
        self._update()

    def action_commit(self) -> None:
        self.commit(self._cast())

"""A built session played by keys: every path of a poker hand, and stopping the session.

Elena and Tomás (humans) and Ernesto (computer), Ernesto the dealer with a
single chip, so the ante puts him all in. Hand 1: a raise war in the first
round up to the cap, the reveal, both swaps, a bet, Tomás folds, and the
showdown of Elena and Ernesto with a main pot and a side pot. Hand 2: Tomás
asks to stop after the hand (and is asked first), bets, Elena folds: Tomás
wins without showing, and the standings follow.

Every screen is checked by the driver (privacy screens show no card; no
screen shows a card hidden from its seat); on top of that, the folded and
the uncontested hands are checked by name on every screen but their owner's.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fishtable.engine.match import Match

from .driver import Table, app_for, poker_match

SIZE = (120, 40)
ELENA = ("KS", "KH", "KD", "KC", "3S")  # four kings: nothing Ernesto can swap to beats them
TOMAS = ("QS", "QH", "JS", "JH", "9C")
ERNESTO = ("2C", "4D", "6H", "8S", "10C")
COMMUNITY = ("5C", "7D", "9H", "AC", "QD")


def first_hand() -> Match:
    return poker_match([ELENA, TOMAS, ERNESTO], COMMUNITY, chips=[30, 30, 1], dealer=2)


def names_in_hand(match: Match, seat: int) -> list[str]:
    state = match._state
    return [state.cards[c].name for c in state.hands[seat]]


def never_shown_but_to(t: Table, names: list[str], seat: int, since: int = 0) -> None:
    """These cards (by their unique names) were on no screen but `seat`'s own private ones."""
    for shot in t.shots[since:]:
        if shot.seat != seat:
            for name in names:
                assert name not in shot.text, f"{name} on a {shot.kind} for seat {shot.seat}"


@pytest.mark.slow
async def test_raise_war_all_in_side_pot_swaps_fold_showdown_and_stop(tmp_path: Path) -> None:
    match = first_hand()
    tomas_hand = names_in_hand(match, 1)
    app = app_for(tmp_path, match)
    async with app.run_test(size=SIZE) as pilot:
        t = Table(pilot)
        await t.look()

        # -- betting round 1: Elena opens; a raise war up to the cap ---------------------------
        await t.go_on("Elena")
        assert t.kind == "BetScreen"
        assert "nobody has bet: Check or bet 2." in t.flat
        assert "c Check" in t.flat and "b Bet 2" in t.flat and "Fold" not in t.flat
        assert "Your hand now: Four of a Kind, kings" in t.flat
        assert "(the community is face down)" in t.flat and t.flat.count("face down") >= 5
        assert [tile.card.label for tile in t.screen.query("#hand PokerTile")] == ["K♠", "K♥", "K♦", "K♣", "3♠"]
        assert "Pike 001" in t.flat  # the Fishing Party card name under the index
        await t.act("b")
        await t.go_on("Tomás")
        table = next(s for s in reversed(t.shots) if s.kind == "TableScreen")
        flat = " ".join(table.text.split())
        assert "Elena bets 2." in flat
        assert "▶ Tomás to act: 2 to call" in flat
        assert "Pot 5" in flat and "main pot: 3 (Elena, Tomás and Ernesto)" in flat
        assert "side pot 1: 2 (Elena and Tomás)" in flat
        assert "Ernesto (computer) D dealer" in flat and "ALL IN" in flat
        assert "bet 2" in flat  # Elena's bet this round, beside her chips
        assert "calling costs 2" in t.flat and "r Raise to 4 (4 more)" in t.flat
        await t.act("r")
        await t.go_on("Elena")
        await t.act("r")  # to 6
        await t.go_on("Tomás")
        await t.act("r")  # to 8: a bet and three raises, the cap
        await t.go_on("Elena")
        assert "the betting is capped" in t.flat
        assert "c Call 2" in t.flat and "f Fold" in t.flat and "Raise" not in t.flat
        steps = match.step_count
        await t.press("r")  # no raise left: the key does nothing
        assert t.kind == "BetScreen" and match.step_count == steps
        await t.act("c")

        # -- the reveal and swap 1: Elena keeps the keyboard ---------------------------------------
        assert t.kind == "SwapScreen" and t.screen.seat == 0, t.flat
        assert "turns the community cards face up" in t.flat
        assert [tile.card.label for tile in t.screen.query("#community PokerTile")] == ["5♣", "7♦", "9♥", "A♣", "Q♦"]
        await t.press("5")  # give the 3♠: the cursor moves to the community
        assert "Give: 3♠ Bass 005" in t.flat
        await t.press("4")  # take the A♣
        assert "take the community card at place 4, A♣ Net 019" in t.flat
        assert "Your hand would then be: Four of a Kind, kings" in t.flat
        await t.act("enter")
        await t.go_on("Tomás")
        table = next(s for s in reversed(t.shots) if s.kind == "TableScreen")
        flat = " ".join(table.text.split())
        assert "Elena takes the A♣ (Net 019) from community place 4 and puts the 3♠ (Bass 005) there." in flat
        assert "Swap 1:" in flat and "Elena took A♣ Net 019 at place 4, put in 3♠ Bass 005" in flat
        assert t.app.screen_stack[-2].query_one("#community-4").note == "Elena"  # "by Elena" under it
        assert "by Elena" in flat
        await t.act("k")

        # -- betting round 2: Elena bets, Tomás folds --------------------------------------------------
        await t.go_on("Elena")  # past Ernesto's swap
        table = next(s for s in reversed(t.shots) if s.kind == "TableScreen")
        assert "Tomás kept their hand" in " ".join(table.text.split())
        assert t.kind == "BetScreen" and "bets of 4" in t.flat
        await t.act("b")
        await t.go_on("Tomás")
        table = next(s for s in reversed(t.shots) if s.kind == "TableScreen")
        flat = " ".join(table.text.split())
        assert "Pot 23" in flat and "main pot: 3 (Elena, Tomás and Ernesto)" in flat
        assert "side pot 1: 20 (Elena and Tomás)" in flat
        assert "calling costs 4" in t.flat
        await t.act("f")

        # -- swap 2: Elena and Ernesto only ---------------------------------------------------------
        await t.go_on("Elena")
        table = next(s for s in reversed(t.shots) if s.kind == "TableScreen")
        flat = " ".join(table.text.split())
        assert "Tomás folds." in flat and "FOLDED" in flat
        assert t.kind == "SwapScreen" and "Swap 2" in t.flat
        await t.press("5", "1")  # the A♣ for whatever lies at place 1 now
        assert "Your hand would then be: Four of a Kind, kings" in t.flat
        await t.act("enter")

        # -- the showdown, on the table before the keyboard is passed on -----------------------------
        await t.table()  # Ernesto swaps, nobody can bet, the hands are shown, Elena deals hand 2
        assert match._state.hand_no == 2
        assert t.screen.kind == "ack" and "pass the keyboard to Tomás" in t.flat
        assert "How hand 1 ended:" in t.flat
        assert "★ Elena wins the main pot (3) with Four of a Kind, kings." in t.flat
        assert "★ Elena wins side pot 1 (20): nobody else could win it." in t.flat
        first, second = t.flat.index("1. Elena shows"), t.flat.index("2. Ernesto shows")
        assert first < second  # the highest bettor shows first, then clockwise
        assert "Four of a Kind, kings" in t.flat[first:second]
        assert "Tomás shows" not in t.flat  # a folded hand is never shown
        assert "OUT" in t.flat  # Ernesto has no chip left
        never_shown_but_to(t, tomas_hand, 1)

        # -- hand 2: Tomás asks to stop, after a yes/no question --------------------------------------
        await t.go_on("Tomás")
        tomas_hand = names_in_hand(match, 1)
        since = len(t.shots)
        assert "x Stop after hand" in t.flat
        await t.press("x")
        assert t.kind == "YesNoScreen" and "Stop the session after this hand?" in t.flat
        await t.press("n")
        assert t.kind == "BetScreen" and not match.view(None).stopping
        await t.press("x")
        await t.act("y")
        assert t.kind == "BetScreen" and t.screen.seat == 1, t.flat  # Tomás decides on, at once
        assert "This is the last hand: the table stops after it." in t.flat and "LAST HAND" in t.flat
        assert "x Stop after hand" not in t.flat
        await t.act("b")
        await t.go_on("Elena")
        table = next(s for s in reversed(t.shots) if s.kind == "TableScreen")
        assert "Tomás calls time: hand 2 is the last one." in table.text
        await t.act("f")
        # The last news on the table first (the pot, the session over), then the standings.
        assert t.kind == "TableScreen" and t.screen.kind == "ack", t.flat
        assert "The session is over." in t.flat
        await t.press("enter")

        # -- the standings ---------------------------------------------------------------------------
        assert t.kind == "ResultsScreen", t.flat
        assert "Elena wins!" in t.flat
        assert "The table stopped after hand 2." in t.flat
        assert "Tomás wins the pot (4): everyone else folded. The hand is not shown." in t.flat
        cells = [[c.strip() for c in line.split("│")[1:-1]] for line in t.shots[-1].text.splitlines()
                 if line.strip().startswith("│")]
        # Player, chips, hands won, total (the chips), and the winner's star.
        assert cells == [["Elena", "39", "1", "39", "★ winner"], ["Tomás", "22", "1", "22", ""],
                         ["Ernesto", "0", "0", "0", ""]], cells
        never_shown_but_to(t, tomas_hand, 1, since)  # the uncontested hand, on every other screen


async def test_the_showdown_reads_on_a_small_table(tmp_path: Path) -> None:
    """At 80×24: Tomás checks, three hands are shown, Marta (a person) deals hand 2 by herself,
    and the table still shows every hand shown, in order, with its name, and who won what."""
    from .positions import at_round_three_for_tomas

    match = at_round_three_for_tomas()
    marta_hand = names_in_hand(match, 3)
    app = app_for(tmp_path, match)
    async with app.run_test(size=(80, 24)) as pilot:
        t = Table(pilot)
        await t.look()
        await t.go_on("Tomás")
        await t.act("c")
        await t.table()
        assert match._state.hand_no == 2 and t.screen.kind == "ack"
        text = t.shots[-1].text
        lines = [line.split("▏")[0].strip() for line in text.splitlines()]
        start = lines.index("How hand 1 ended:")
        assert lines[start + 1: start + 9] == [
            "★ Elena wins the main pot (4).",
            "★ Elena wins side pot 1 (18).",
            "1. Elena shows  K♠  K♥  K♦  9♣  A♣",
            "Three of a Kind, kings",
            "2. Tomás shows  Q♠  Q♥  J♠  J♥  9♦",
            "Two Pair, queens and jacks",
            "3. Ernesto shows  2♣  4♦  6♥  8♠  10♣",
            "High Card, ten",
        ]
        never_shown_but_to(t, marta_hand, 3)  # Marta folded in the first round


async def test_eight_seats_fit_a_small_table(tmp_path: Path) -> None:
    """Eight players at 80×24: every seat's name, chips and status stay in sight."""
    names = ("Elena", "Tomás", "Ernesto", "Marta", "Fay", "Gus", "Hal", "Ivo")
    bots = (None, None, *["random"] * 6)
    hands = [(f"{r}S", f"{r}H", "2D", "3C", "4D") for r in ("A", "K", "Q", "J", "10", "9", "8", "7")]
    match = poker_match(hands, COMMUNITY, chips=[30, 30, 30, 30, 30, 30, 30, 1], dealer=7, names=names,
                        bots=bots)
    app = app_for(tmp_path, match)
    async with app.run_test(size=(80, 24)) as pilot:
        t = Table(pilot)
        await t.look()
        await t.go_on("Elena")
        await t.act("b")
        await t.go_on("Tomás")
        table = next(s for s in reversed(t.shots) if s.kind == "TableScreen")
        side = "\n".join(line.split("▏")[1] for line in table.text.splitlines() if "▏" in line)
        for name in names:
            assert name in side, side
        assert "Ivo (computer)  D" in side and "ALL IN" in side
        assert side.count("chips") == 8


async def test_swap_by_cursor_pick_unpick_and_keep(tmp_path: Path) -> None:
    from .positions import at_swap_one

    match = at_swap_one()
    app = app_for(tmp_path, match)
    async with app.run_test(size=SIZE) as pilot:
        t = Table(pilot)
        await t.look()
        await t.go_on("Elena")
        assert t.kind == "SwapScreen" and "Cursor on your hand." in t.flat
        await t.press("right", "enter")  # the K♥ to give; the cursor goes down to the community
        assert "Give: K♥ Perch 002" in t.flat and "Cursor on the community." in t.flat
        await t.press("right", "right", "space")  # the 9♥ at place 3 to take
        assert "take the community card at place 3, 9♥ Trout 023" in t.flat
        assert "Your hand would then be: Two Pair, kings and nines" in t.flat
        tiles = {tile.id: tile for tile in t.screen.query("PokerTile")}
        assert tiles["hand-2"].selected and tiles["community-3"].selected
        await t.press("up", "space")  # Space again on the K♥: not given after all
        assert "Give:" not in t.flat and "Swap:" not in t.flat and not tiles["hand-2"].selected
        steps = match.step_count
        await t.press("enter")  # with a card missing, Enter picks the card under the cursor and sends nothing
        assert match.step_count == steps and "Swap: give K♥ Perch 002" in t.flat
        await t.act("k")
        assert "Elena keeps their hand." in match.log_for(None)


async def test_the_table_may_stop_the_session_from_the_public_table(tmp_path: Path) -> None:
    match = first_hand()
    app = app_for(tmp_path, match)
    async with app.run_test(size=SIZE) as pilot:
        t = Table(pilot)
        await t.look()
        await t.go_on("Elena")
        await t.act("b")  # Elena bets: news for the table before Tomás takes the keyboard
        for _ in range(4):
            if t.kind == "TableScreen":
                break
            await t.press("enter")
        assert t.kind == "TableScreen" and t.screen.viewer is None and t.screen.kind == "ack", t.flat
        assert "x Stop after this hand" in t.flat
        await t.press("x")
        assert "Stop the session after this hand?" in t.flat
        await t.press("n")
        assert t.kind == "TableScreen" and not match.view(None).stopping
        await t.press("x")
        await t.press("y")
        assert match.view(None).stopping
        assert "x Stop after this hand" not in t.flat  # asked once: no second stop
        await t.go_on("Tomás")  # the hand goes on: Tomás decides next
        assert t.kind == "BetScreen" and t.screen.seat == 1


async def test_time_called_on_the_public_table_names_the_player_whose_turn_it_is(tmp_path: Path) -> None:
    """x on the public table while Tomás is to act: the log says Tomás calls time, not the
    first person at the table (the command used to be made for Elena whoever's turn it was)."""
    match = first_hand()
    app = app_for(tmp_path, match)
    async with app.run_test(size=SIZE) as pilot:
        t = Table(pilot)
        await t.look()
        await t.go_on("Elena")
        await t.act("b")
        assert t.kind == "TableScreen" and t.screen.kind == "ack" and "pass the keyboard to Tomás" in t.flat
        await t.press("x")
        await t.press("y")
        log = " ".join(match.log_for(None))
        assert "Tomás calls time" in log, log
        assert "Elena calls time" not in log

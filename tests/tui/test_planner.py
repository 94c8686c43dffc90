"""The planner, game by game: the next step from the match and what the table was shown."""

from __future__ import annotations

import random

import pytest

from fishtable.engine.protocol import Event, Prompt, SeatInfo
from fishtable.tui import planner
from fishtable.tui.planner import (
    AskTable,
    ComputerMove,
    Marks,
    PassKeyboard,
    PrivatePrompt,
    PublicPrompt,
    Results,
    StudyNews,
    StudyPrivate,
)
from tests import tinygame

from .rhythm import Table, new_match, table_for


@pytest.fixture(autouse=True)
def high_card() -> None:
    tinygame.install()
    yield
    tinygame.uninstall()


def news_since(table: Table, start: int) -> list[str]:
    return [e.kind for e in table.match.events_since(start) if e.news and e.visible_to is None]


# -- every game ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", ["crazy-fishing", "fishing-party", "big-fish", "fishing-party-poker",
                                     tinygame.NAME])
def test_a_private_step_hands_the_keyboard_over_first_and_a_commit_needs_no_cover(game_id: str) -> None:
    table = table_for(game_id, seed=3)
    step = table.until(lambda t: isinstance(t.next(), PassKeyboard))
    table.take(step)
    assert table.next() == PrivatePrompt(step.seat)
    table.take()
    after = table.next()
    # The next screen hides the hand: a pass screen (news on it) or the public table; never a cover.
    assert isinstance(after, (PassKeyboard, PublicPrompt, AskTable, StudyNews, Results, PrivatePrompt))
    if isinstance(after, PrivatePrompt):
        assert after.seat == step.seat and not news_since(table, table.marks.seen)


@pytest.mark.parametrize("game_id", ["crazy-fishing", "fishing-party", "big-fish", "fishing-party-poker",
                                     tinygame.NAME])
def test_one_person_and_computers_never_see_a_pass_screen(game_id: str) -> None:
    table = table_for(game_id, seed=4, bots=(None, "random", "random"))
    for _ in range(300):
        step = table.next()
        assert not isinstance(step, PassKeyboard)
        if isinstance(step, Results):
            break
        table.take()


def test_the_results_come_after_the_last_news_is_studied() -> None:
    table = Table(new_match(tinygame.NAME, seed=2))
    table.until(lambda t: t.match.is_over)
    assert table.next() == StudyNews(table.marks.seen)  # the last reveal and score
    table.take()
    assert table.next() == Results()


def test_a_computer_move_waits_for_a_reveal_to_study() -> None:
    table = Table(new_match("crazy-fishing", seed=1, bots=(None, "random", "random")), hold=frozenset({"reveal"}))
    match = table.match
    table.marks = Marks(seen=match.event_count)
    assert not planner.unseen_news(match, table.marks)

    class Reveal:
        kind, news, visible_to, text = "reveal", True, None, "The casts are revealed."

    events = [*match.events_since(0), Reveal()]

    class Shown:  # the match with one more public reveal in its log
        seats = match.seats
        is_over = False
        event_count = len(events)

        def pending(self):
            return {1: match.pending().get(1) or next(iter(match.pending().values())).model_copy(update={"seat": 1})}

        def legal_actions(self, seat):
            return match.legal_actions(seat)

        def events_since(self, index):
            return events[index:]

    step = planner.plan(Shown(), table.marks, frozenset({"reveal"}))
    assert step == StudyNews(table.marks.seen)
    assert isinstance(planner.plan(Shown(), table.marks, frozenset()), ComputerMove)


# -- High Card (tests/tinygame): a simultaneous secret pick ---------------------------------------------


def test_high_card_passes_seat_to_seat_then_shows_the_reveal_on_the_next_pass_screen() -> None:
    table = Table(new_match(tinygame.NAME, seed=1))
    assert table.next() == PassKeyboard(0, 0)
    for seat in (0, 1, 2):
        step = table.take()
        assert step == PassKeyboard(seat, step.news_from)
        assert table.take() == PrivatePrompt(seat)
    # Round 2: the reveal and the score are news; the pass screen to Ana shows them, no "Go on".
    step = table.next()
    assert isinstance(step, PassKeyboard) and step.seat == 0
    assert "reveal" in news_since(table, step.news_from)


def test_high_card_seat_with_the_keyboard_does_not_keep_it_after_news() -> None:
    table = Table(new_match(tinygame.NAME, seed=1, bots=(None, None)))
    table.take(), table.take()  # Ana picks
    table.take(), table.take()  # Ben picks: the reveal
    # Ben had the keyboard; the next round's first pick is Ana's, behind her pass screen.
    assert table.next().seat == 0 and isinstance(table.next(), PassKeyboard)


# -- Crazy Fishing -----------------------------------------------------------------------------------


def test_crazy_fishing_computers_cast_first_and_a_cast_is_hidden_by_the_next_pass_screen() -> None:
    table = table_for("crazy-fishing", seed=2, bots=(None, None, "random"))
    assert table.next() == ComputerMove(2, pause=True)
    table.take()
    step = table.next()
    assert isinstance(step, PassKeyboard) and step.seat == 0
    table.take(), table.take()  # Ana casts
    step = table.next()
    assert step == PassKeyboard(1, step.news_from)  # no "The cards are hidden" before it


def test_crazy_fishing_a_seat_keeps_the_keyboard_for_its_own_next_step_while_nothing_happened() -> None:
    table = table_for("crazy-fishing", seed=5)

    def same_seat_again(t: Table) -> bool:
        step = t.next()
        return isinstance(step, PrivatePrompt) and t.steps and isinstance(t.steps[-1], PrivatePrompt)

    step = table.until(same_seat_again)
    assert step.seat == table.steps[-1].seat
    assert not table.match.pending()[step.seat].simultaneous or not news_since(table, table.marks.seen)


def test_big_fish_a_seat_keeps_the_keyboard_through_its_own_turn_news_waits_for_the_next_pass_screen() -> None:
    table = table_for("big-fish", seed=3)

    def own_news_then_own_step(t: Table) -> bool:
        step = t.next()
        return (isinstance(step, PrivatePrompt) and bool(t.steps) and isinstance(t.steps[-1], PrivatePrompt)
                and bool(news_since(t, t.marks.seen)))

    step = table.until(own_news_then_own_step)
    assert step.seat == table.steps[-1].seat
    assert not set(news_since(table, table.marks.seen)) & {"event", "row"}
    # The news of that turn is on the next pass screen.
    mark = table.marks.seen
    nxt = table.until(lambda t: not isinstance(t.next(), PrivatePrompt))
    if isinstance(nxt, PassKeyboard):
        assert nxt.news_from == mark


# -- Fishing Party -----------------------------------------------------------------------------------


def fp_reaction(table: Table) -> bool:
    return isinstance(table.next(), AskTable)


def test_fishing_party_broken_line_is_asked_of_the_table_and_a_claim_is_confirmed_behind_a_pass_screen() -> None:
    for seed in range(1, 40):
        table = table_for("fishing-party", seed=seed)
        try:
            ask = table.until(fp_reaction, limit=800)
        except AssertionError:
            continue
        claimant = next((s for s in ask.seats if len(table.match.legal_actions(s)) > 1), None)
        if claimant is None:
            continue
        table.take(ask, claim=claimant)
        assert table.next() == PassKeyboard(claimant, table.marks.seen)
        table.take()
        assert table.next() == PrivatePrompt(claimant)
        broken = next(a for a in table.match.legal_actions(claimant) if a.kind == "broken_line")
        mark = table.match.event_count
        table.take(action=broken)
        after = table.next()
        # The Broken Line is public news: whoever acts next, the table sees it first.
        assert news_since(table, mark)
        assert not isinstance(after, PrivatePrompt)
        if isinstance(after, PassKeyboard):
            assert after.news_from <= mark
        return
    pytest.fail("no Broken Line could be claimed in 40 seeded games")


def test_fishing_party_nobody_on_the_broken_line_goes_on_without_a_cover() -> None:
    for seed in range(1, 40):
        table = table_for("fishing-party", seed=seed)
        try:
            ask = table.until(fp_reaction, limit=800)
        except AssertionError:
            continue
        table.take(ask)  # nobody
        assert isinstance(table.next(), (PassKeyboard, PublicPrompt, AskTable, Results))
        return
    pytest.fail("no Broken Line question in 40 seeded games")


def drew_in_secret(table: Table, seat: int, mark: int) -> bool:
    return any(e.kind == "draw" and e.visible_to == (seat,) for e in table.match.events_since(mark))


def take_until_secret_draw(table: Table, own_turn: bool, limit: int = 800) -> int:
    """Steps until a seat's turn ends with a secret draw: by its own private step (`own_turn`), or by
    the table's answer to a public question. Returns the drawer."""
    for _ in range(limit):
        step = table.next()
        assert not isinstance(step, Results)
        mark = table.match.event_count
        turn = table.match.view(None).turn
        table.take()
        if isinstance(step, PrivatePrompt if own_turn else AskTable) and drew_in_secret(table, turn, mark) \
                and table.match.view(None).turn != turn:
            return turn
    raise AssertionError("no such draw")


def test_fishing_party_the_seat_studies_its_turn_end_draw_before_the_pass_screen() -> None:
    table = table_for("fishing-party", seed=2)
    drawer = take_until_secret_draw(table, own_turn=True)
    assert table.marks.holder == drawer
    assert table.next() == StudyPrivate(drawer)  # before the pass screen that would hide it
    table.take()
    after = table.next()
    assert isinstance(after, PassKeyboard) and after.seat != drawer  # asked once, then the cover


def test_fishing_party_a_study_on_screen_stays_the_next_step_until_its_enter() -> None:
    """A driver that plans again while the study is up (the join app, on every update from the
    host) is given the same study: the draw is looked at on its Enter, not when it is shown."""
    table = table_for("fishing-party", seed=2)
    drawer = take_until_secret_draw(table, own_turn=True)
    study = table.next()
    assert study == StudyPrivate(drawer)
    table.marks = planner.showing(study, table.marks, table.match)
    assert table.marks.holder == drawer and table.marks.exposed
    assert table.next() == study
    table.marks = planner.answered(study, table.marks, table.match)
    assert table.next() != study


def test_fishing_party_a_draw_after_the_tables_question_is_studied_behind_a_pass_screen() -> None:
    for seed in range(1, 40):
        table = table_for("fishing-party", seed=seed)
        try:
            drawer = take_until_secret_draw(table, own_turn=False)
        except AssertionError:
            continue
        assert table.marks.holder is None  # the table answered: the drawer has no keyboard
        step = table.next()
        assert step == PassKeyboard(drawer, table.marks.seen)  # the roll's news on it
        table.take()
        assert table.next() == StudyPrivate(drawer)
        table.take()
        after = table.next()
        assert isinstance(after, PassKeyboard) and after.seat != drawer
        return
    pytest.fail("no draw after a Broken Line question in 40 seeded games")


def test_fishing_party_alone_with_computers_studies_a_draw_without_a_pass_screen() -> None:
    table = table_for("fishing-party", seed=2, bots=(None, "random", "random"))
    drawer = take_until_secret_draw(table, own_turn=True)
    assert drawer == 0 and table.next() == StudyPrivate(0)
    table.take()
    assert isinstance(table.next(), (ComputerMove, AskTable))


# -- Big Fish ---------------------------------------------------------------------------------------------


def test_big_fish_a_round_end_by_the_seat_that_starts_the_next_round_shows_the_table() -> None:
    """The last player of a round is first in the next: the round end is news, so the keyboard
    goes back through a pass screen showing it, never straight on to the hand."""
    found = 0
    for seed in range(1, 12):
        table = table_for("big-fish", seed=seed, rng=random.Random(seed))
        for _ in range(3000):
            step = table.next()
            if isinstance(step, Results):
                break
            before = table.match.event_count
            table.take()
            if isinstance(step, PrivatePrompt):
                kinds = news_since(table, before)
                nxt = table.next()
                if "event" in kinds and getattr(nxt, "seat", None) == step.seat:
                    found += 1
                    assert isinstance(nxt, PassKeyboard) and nxt.news_from <= before
        if found:
            return
    pytest.fail("no round end by the next round's first player in 11 seeded games")


def test_big_fish_the_last_turn_shows_the_season_closed_before_the_results() -> None:
    table = table_for("big-fish", seed=2)
    table.until(lambda t: t.match.is_over, limit=5000)
    step = table.next()
    assert isinstance(step, StudyNews)
    assert "over" in news_since(table, step.news_from)
    table.take()
    assert table.next() == Results()


# -- Fishing Party Poker ---------------------------------------------------------------------------------


def test_poker_a_bet_is_on_the_next_players_pass_screen() -> None:
    table = table_for("fishing-party-poker", seed=1)
    first = table.until(lambda t: isinstance(t.next(), PassKeyboard))
    table.take(first), table.take()  # the first bet
    mark = table.steps[-1]
    step = table.next()
    assert isinstance(step, PassKeyboard) and step.seat != mark.seat
    assert news_since(table, step.news_from)  # the bet, on the pass screen


def test_poker_two_presses_per_betting_decision() -> None:
    """A handoff and the decision: nothing between them, nothing after."""
    table = table_for("fishing-party-poker", seed=2)
    presses: list[str] = []
    for _ in range(40):
        step = table.next()
        if isinstance(step, Results):
            break
        presses.append(step.press)
        table.take()
    decisions = presses.count("decision")
    assert decisions and presses.count("handoff") <= decisions
    assert set(presses) <= {"handoff", "decision", "none"}


@pytest.mark.parametrize("game_id", ["crazy-fishing", "fishing-party-poker"])
def test_a_public_prompt_is_answered_by_the_planner_only_when_it_has_one_answer(game_id: str) -> None:
    """A person's public question with a choice is theirs to answer; with one answer, nobody is
    asked a press that decides nothing."""
    seen = {"asked": 0, "answered": 0}
    for seed in range(1, 4):
        table = table_for(game_id, seed=seed)
        for _ in range(600):
            step = table.next()
            if isinstance(step, (Results, planner.Wait)):
                break
            if isinstance(step, (PublicPrompt, planner.AutoAnswer)):
                count = len(table.match.legal_actions(step.seat))
                if isinstance(step, PublicPrompt):
                    assert count >= 2, (game_id, seed, step)
                    seen["asked"] += 1
                else:
                    assert count == 1 and step.action == table.match.legal_actions(step.seat)[0]
                    seen["answered"] += 1
            table.take()
    # Crazy Fishing's catch is a public question with a choice; poker answers its one-answer steps.
    if game_id == "crazy-fishing":
        assert seen["asked"] > 0, seen
    if game_id == "fishing-party-poker":
        assert seen["answered"] > 0, seen


# -- what the driver asks the planner (issue 41 item 2): a small table with no game ------------------


class Sketch:
    """A FlowMatch with nothing behind it: seats, prompts and legal answers as a test sets them."""

    def __init__(self, bots: tuple[str | None, ...], pending: dict[int, Prompt],
                 legal: dict[int, list[str]] | None = None, events: list[Event] | None = None) -> None:
        self.seats = tuple(SeatInfo(name=f"P{n}", bot=b) for n, b in enumerate(bots))
        self.is_over = False
        self._pending = pending
        self._legal = legal or {}
        self._events = events or []

    @property
    def event_count(self) -> int:
        return len(self._events)

    def pending(self) -> dict[int, Prompt]:
        return self._pending

    def legal_actions(self, seat: int) -> list[str]:
        return self._legal.get(seat, [])

    def events_since(self, index: int) -> list[Event]:
        return self._events[index:]


def prompt(seat: int, **kw: bool) -> Prompt:
    return Prompt(seat=seat, kind="k", text="?", **kw)


def test_the_steps_a_screen_held_come_next_while_their_seat_is_asked_and_any_screen_ends_them() -> None:
    sketch = Sketch((None, None), {0: prompt(0), 1: prompt(1)}, {0: ["a", "b"], 1: ["c", "d"]})
    marks = planner.applied(Marks(holder=0, exposed=True), 0, before=0, then=("b", "a"))
    assert marks.held == (0, ("b", "a"))
    assert planner.plan(sketch, marks) == planner.Held(0, "b")  # before any other seat's step
    marks = planner.held_applied(marks, 0)
    assert planner.plan(sketch, marks) == planner.Held(0, "a")
    assert planner.held_applied(marks, 0).held is None  # the last one
    # Its seat no longer asked: the chain waits for no one, and the next screen ends it.
    gone = Sketch((None, None), {1: prompt(1)}, {1: ["c", "d"]})
    step = planner.plan(gone, marks)
    assert not isinstance(step, planner.Held)
    assert planner.showing(step, marks, gone).held is None
    assert planner.dropped(marks).held is None  # a held step the engine refused ends the rest


def test_the_table_says_nobody_with_each_asked_seats_first_answer() -> None:
    sketch = Sketch((None, None, None), {0: prompt(0, private=False, reaction=True), 2: prompt(2)},
                    {0: ["no", "claim"], 2: ["x"]})
    assert planner.declines(sketch, 0) == "no"
    assert planner.declines(sketch, 1) is None  # not asked (any more)
    assert planner.declines(sketch, 2) is None  # asked, but not a reaction: not the table's to answer


def test_a_table_command_is_for_the_person_the_table_waits_on_else_the_keyboard_else_the_first_person() -> None:
    sketch = Sketch(("bot", None, None), {2: prompt(2)})
    assert planner.command_seat(sketch, planner.PrivatePrompt(2), Marks()) == 2
    assert planner.command_seat(sketch, planner.ComputerMove(0, pause=True), Marks()) == 1  # not the computer
    assert planner.command_seat(sketch, planner.Wait(), Marks(holder=2)) == 2
    assert planner.command_seat(sketch, None, Marks(), here=frozenset({2})) == 2
    assert planner.command_seat(sketch, None, Marks(), here=frozenset()) is None  # the public table only
    assert planner.command_seat(Sketch(("bot", "bot"), {}), None, Marks()) == 0  # computers only


def test_a_computers_fallback_is_a_legal_move_or_none_when_it_is_no_longer_asked() -> None:
    sketch = Sketch(("bot", None), {0: prompt(0)}, {0: ["a", "b", "c"]})
    assert planner.fallback(sketch, 0) == "a"
    assert planner.fallback(sketch, 0, pick=4) == "b"
    assert planner.fallback(sketch, 1) is None  # the table moved on: plan again
    assert planner.fallback(Sketch(("bot",), {0: prompt(0)}), 0) is None  # asked, with nothing legal


def test_the_marks_hold_where_news_starts_and_who_pressed_last() -> None:
    events = [Event(kind="e", text=str(n), news=True) for n in range(6)]
    sketch = Sketch((None, None), {0: prompt(0), 1: prompt(1)}, {0: ["a"], 1: ["b"]}, events)
    marks = Marks.opening(2, looked=6)
    assert (marks.seen, marks.decided, marks.table_news, marks.looked) == (2, 2, 2, 6)
    marks = planner.showing(PassKeyboard(0, 2), marks, sketch)  # news: the table is the pass screen
    assert marks.table_news == 2 and marks.holder is None
    marks = planner.answered(PassKeyboard(0, 2), marks, sketch)
    assert marks.handed and marks.pressed == 0 and marks.seen == 6
    changed, marks = planner.arming(marks, 0)
    assert changed and not marks.handed  # the seat's first screen after its pass screen, once
    assert planner.arming(marks, 0) == (False, marks)  # the same person's next screen
    assert planner.arming(marks, 1)[0] and planner.arming(marks, None)[0]
    marks = planner.applied(marks, 0, before=4)
    assert planner.news_from(marks, 0) == 6 and planner.news_from(marks, None) == 2

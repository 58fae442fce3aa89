"""The review in the app: from the results ``a`` starts it in a worker with a progress bar, Esc cancels it, and
the replay screen shows each human move's grade and a chart of the win chances, at 80x24 and in --ascii."""

from __future__ import annotations

import threading

import pytest
from rich.style import Style
from textual.widgets import ProgressBar

from boardgames.core.record import Seat
from boardgames.core.review import review_record
from boardgames.core.search import Stopped
from boardgames.core.session import Session
from boardgames.tui.screens import gameover
from boardgames.tui.screens.gameover import GameOverScreen, ReviewScreen, WhoseReviewScreen
from boardgames.tui.screens.help import HelpScreen
from boardgames.tui.screens.replay import ReplayScreen
from boardgames.tui.widgets.winchart import WinChart, chart_lines, sample
from tests.review_records import golden_record, played

from .helpers import app_for, wait_until
from .screen_text import screen_text

#: the review's budget in these tests: small, so a review takes well under a second
ITERATIONS = 4


def finished_app(**kwargs):
    """The app on the results of the golden Sintra game (Ana, a human, against a greedy bot)."""
    session = Session.from_record(golden_record())
    return app_for(session, **kwargs), session


async def results(pilot, app) -> GameOverScreen:
    await wait_until(pilot, lambda: isinstance(app.screen, GameOverScreen) and app.screen.ready)
    return app.screen


def held_review(monkeypatch, ended: list[BaseException | None] | None = None):
    """Make the app's review stop after its first decision until ``go`` is set (to look at the progress); how
    the review's thread ended (None, or what it raised) is appended to ``ended``."""
    go = threading.Event()

    def slow(record, iterations, *, progress, **rest):
        def step(done, total):
            progress(done, total)
            if done == 1:
                go.wait(10)

        try:
            review = review_record(record, iterations, progress=step, **rest)
        except BaseException as exc:
            if ended is not None:
                ended.append(exc)
            raise
        if ended is not None:
            ended.append(None)
        return review

    monkeypatch.setattr(gameover, "review_record", slow)
    return go


async def test_results_a_shows_progress_then_the_replay_with_grades(monkeypatch):
    monkeypatch.setattr(GameOverScreen, "REVIEW_ITERATIONS", ITERATIONS)
    go = held_review(monkeypatch)
    expected = review_record(golden_record(), ITERATIONS)
    app, _ = finished_app()
    async with app.run_test(size=(80, 24)) as pilot:
        over = await results(pilot, app)
        assert "a review the game" in screen_text(app)
        await pilot.press("a")
        await wait_until(pilot, lambda: isinstance(app.screen, ReviewScreen))
        total = len(expected.moves)
        await wait_until(pilot, lambda: f"Decision 1 of {total} reviewed." in screen_text(app))
        bar = app.screen.query_one(ProgressBar)
        assert (bar.total, bar.progress) == (total, 1)
        assert "Esc cancels the review." in screen_text(app)
        go.set()
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        replay = app.screen
        assert replay.review is not None and replay.review.to_json() == expected.to_json()
        await pilot.press("n")  # the first reviewed move
        first = expected.moves[0]
        await wait_until(pilot, lambda: f"Move {first.number}, Ana:" in screen_text(app))
        assert replay.position == first.number
        text = " ".join(screen_text(app).split())
        assert f"Move {first.number}, Ana: {first.played_label}." in text
        worst, second = expected.costliest(0)[:2]
        assert f"Costliest moves: {worst.number} (Ana, {100 * worst.loss:.1f}%), {second.number} (Ana, " in \
            " ".join(screen_text(app).split())
        await pilot.press("m")  # the costliest move, then the next costliest
        await wait_until(pilot, lambda: f"Move {worst.number}, Ana:" in screen_text(app))
        assert replay.position == worst.number
        text = " ".join(screen_text(app).split())
        assert f"{worst.grade.capitalize()}: {100 * worst.loss:.1f}% of the win chance lost; better: " \
               f"{worst.best_label}" in text
        assert replay.query_one(WinChart).cursor == worst.number
        await pilot.press("m")
        await wait_until(pilot, lambda: replay.position == second.number)
        await pilot.press("p")
        await wait_until(pilot, lambda: replay.position == max(m.number for m in expected.moves
                                                                if m.number < second.number))
        await pilot.press("c")  # the board, the move's verdict under it
        await pilot.pause()
        assert replay.board.display and not replay.query_one("#review-pane").display
        assert "Ana:" in replay.prompt_bar.text and "Win chances now:" in replay.prompt_bar.text
        await pilot.press("c", "question_mark")  # the help explains the review's keys
        await wait_until(pilot, lambda: isinstance(app.screen, HelpScreen))
        assert ("n / p", "Go to the next or the previous move the review judged.") in app.screen.board_keys
        assert ("n/p", "next/previous reviewed move") in app.screen.now  # the key bar's words, on top
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is replay)
        await pilot.press("q")
        await wait_until(pilot, lambda: app.screen is over)
        await pilot.pause(GameOverScreen.GUARD)
        await pilot.press("a")  # made once: shown again at once
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen))


async def test_escape_cancels_the_review_and_nothing_breaks(monkeypatch):
    monkeypatch.setattr(GameOverScreen, "REVIEW_ITERATIONS", 50)
    ended: list[BaseException | None] = []
    go = held_review(monkeypatch, ended)  # the review waits after its first decision, as a long one is busy
    app, _ = finished_app()
    async with app.run_test(size=(80, 24)) as pilot:
        over = await results(pilot, app)
        await pilot.press("a")
        await wait_until(pilot, lambda: "Decision 1 of" in screen_text(app))
        review_screen = app.screen
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is over)
        assert review_screen.stopped() and review_screen.worker.is_cancelled and ended == []
        go.set()
        await wait_until(pilot, lambda: ended != [])  # the thread stops at the search's next iteration
        assert isinstance(ended[0], Stopped) and over.reviews == {}
        monkeypatch.setattr(GameOverScreen, "REVIEW_ITERATIONS", ITERATIONS)
        await pilot.pause(GameOverScreen.GUARD)
        await pilot.press("a")  # a new review runs to its end
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen), timeout=20)
        await pilot.press("q")
        await wait_until(pilot, lambda: app.screen is over)
        await pilot.pause(GameOverScreen.GUARD)
        await pilot.press("r")  # and the plain replay still works
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen) and app.screen.review is None)


async def chart_screen(monkeypatch, ascii: bool) -> tuple[str, str]:
    """The review screen's text at 80x24 (on the worst move), and the progress screen's."""
    monkeypatch.setattr(GameOverScreen, "REVIEW_ITERATIONS", ITERATIONS)
    go = held_review(monkeypatch)
    app, _ = finished_app(ascii=ascii)
    worst = review_record(golden_record(), ITERATIONS).costliest(0)[0]
    async with app.run_test(size=(80, 24)) as pilot:
        await results(pilot, app)
        await pilot.press("a")
        await wait_until(pilot, lambda: "Decision 1 of" in screen_text(app))
        progress = screen_text(app)
        go.set()
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        while app.screen.position != worst.number:
            await pilot.press("n")
        await wait_until(pilot, lambda: f"Move {worst.number}, Ana:" in screen_text(app))
        return screen_text(app), progress


def check_layout(lines: list[str], ascii: bool) -> None:
    assert len(lines) == 24 and lines[0].startswith(" Review: Azul")
    assert "n/p" in lines[-1] and "q leave" in lines[-1]
    axis = "|" if ascii else "┤"
    assert any(line.startswith(f" 100%{axis}") for line in lines)
    assert any(line.startswith(f"   0%{axis}") for line in lines)
    legend = next(line for line in lines if "1 Ana  2 Bot" in line)
    assert "move" in legend
    assert any(line.startswith(" Move ") and ", Ana: " in line for line in lines)
    assert any(line.startswith(" Ana: best ") for line in lines)  # the counts, on screen too


async def test_the_chart_fits_80x24(monkeypatch):
    text, _ = await chart_screen(monkeypatch, ascii=False)
    lines = text.splitlines()
    check_layout(lines, ascii=False)
    dots = sum(1 for ch in text if 0x2800 < ord(ch) <= 0x28FF)
    assert dots > 60  # two lines drawn across the plot


async def test_the_chart_and_progress_in_ascii(monkeypatch):
    text, progress = await chart_screen(monkeypatch, ascii=True)
    lines = text.splitlines()
    check_layout(lines, ascii=True)
    for shown in (text, progress):
        assert all(ord(ch) < 128 for ch in shown), sorted({ch for ch in shown if ord(ch) >= 128})
    assert "[........" in progress and "] 1%" in progress and "Decision 1 of" in progress
    plot = [line[6:] for line in lines if line[:5] in (" 100%", "     ", "  50%", "   0%") and line[5:6] == "|"]
    assert sum(line.count("1") for line in plot) > 30 and sum(line.count("2") for line in plot) > 30


def test_chart_lines_draw_each_seat_from_its_first_chance_to_its_last():
    """Ana's chance falls from 100% to 0%, Bia's rises: in ASCII each is its seat's number a column, ending in
    the number at the right edge; in braille the falling line's first dot is top left and last bottom right."""
    chances = [[1.0, 0.0], [0.5, 0.5], [0.0, 1.0]]
    rows = [line.plain for line in chart_lines(chances, 30, 5, ascii=True)]
    assert len(rows) == 5 and all(len(row) <= 30 for row in rows)
    assert rows[0].startswith("100%|1") and rows[0].rstrip().endswith("2")
    assert rows[4].startswith("  0%|2") and rows[4].rstrip().endswith("1")
    assert rows[2].startswith(" 50%|") and "*" in rows[2]  # the lines cross in the middle
    braille = [line.plain for line in chart_lines(chances, 30, 5, styles=[Style(), Style()])]
    assert ord(braille[0][5]) - 0x2800 & 0x01 and ord(braille[4][5]) - 0x2800 & 0x40
    end = braille[4].rstrip()
    assert end.endswith("1") and ord(end[-3]) - 0x2800 & 0x80  # Ana ends bottom right


def test_chart_cursor_and_sampling():
    rows = [line.plain for line in chart_lines([[0.5, 0.5]] * 11, 25, 4, ascii=True, cursor=5)]
    column = 5 + round(5 * (25 - 5 - 3 - 1) / 10)
    assert all(row[column] in "|*12" for row in rows) and any(row[column] == "|" for row in rows)
    assert sample([0.0, 1.0], 5) == [0.0, 0.25, 0.5, 0.75, 1.0]
    assert sample([0.2], 3) == [0.2, 0.2, 0.2]


async def test_with_secrets_at_one_keyboard_the_review_shows_the_moves_of_one_player_chosen(monkeypatch):
    """Blue Moon City hides hands: a review names its player's cards, so two people at one keyboard each
    choose their own review instead of seeing both."""
    monkeypatch.setattr(GameOverScreen, "REVIEW_ITERATIONS", 1)
    # Ana's moves chosen at random: two greedy players took twice as long to choose the same length of game
    record = played("bluemoon", [Seat("Ana"), Seat("Bia")], seed=3, movers=["random", "greedy"])
    app = app_for(Session.from_record(record))
    async with app.run_test(size=(80, 24)) as pilot:
        over = await results(pilot, app)
        await pilot.press("a")
        await wait_until(pilot, lambda: "Whose moves should the review show?" in screen_text(app))
        text = screen_text(app)
        assert "Whose moves should the review show?" in text and "1  Ana" in text and "2  Bia" in text
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is over)
        await pilot.pause(GameOverScreen.GUARD)
        await pilot.press("a")
        await wait_until(pilot, lambda: isinstance(app.screen, WhoseReviewScreen))
        await pilot.press("2")
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen), timeout=30)
        review = app.screen.review
        assert review.humans == [1] and {move.seat for move in review.moves} == {1}
        await wait_until(pilot, lambda: "Bia: best " in screen_text(app))
        assert "Ana: best " not in screen_text(app)
        ana_move = next(n for n, seat in enumerate(app.screen.replay.movers, 1) if seat == 0)
        app.screen.position = ana_move
        app.screen.redraw()
        await pilot.pause()
        assert f"Move {ana_move} was made by Ana, whose moves this review does not show." in \
            " ".join(screen_text(app).split())


def test_at_a_table_only_the_readers_own_seats_are_reviewed():
    record = golden_record()  # Ana (human) against a bot
    seats = record.seats
    result = Session.from_record(golden_record()).state.result()
    assert GameOverScreen("Sintra", result, seats, record=record).review_seats() == [0]
    assert GameOverScreen("Sintra", result, seats, record=record, readers=[0]).review_seats() == [0]
    assert GameOverScreen("Sintra", result, seats, record=record, readers=[1]).review_seats() == []
    assert not GameOverScreen("Sintra", result, seats, record=record, readers=[]).can_review
    assert not GameOverScreen("Sintra", result, seats).can_review  # no record, no review


def test_the_legend_names_players_as_plain_text_and_cuts_long_names():
    names = ["[b]Ana", "Bia" * 13, "Caio", "Zoë"]
    chart = WinChart([[0.25] * 4, [0.4, 0.2, 0.2, 0.2]], names)
    chart.cursor = 1
    legend = chart.legend(80).plain
    assert legend.startswith("     1 [b]Ana  2 BiaBia") and "…  3 Caio  4 Zoë" in legend and legend.endswith("│ move 1")
    assert len(legend) <= 80
    chart.ascii = True
    assert "4 Zoe" in chart.legend(80).plain and all(ord(ch) < 128 for ch in chart.legend(80).plain)


def test_under_a_server_each_decision_of_a_review_takes_a_search_slot(monkeypatch, tmp_path):
    """``boardgames serve --bot-cores N``: a review's searches share the N slots with the bots of every session,
    one decision at a time, and Esc (``stop``) ends the wait for a slot."""
    import fcntl
    import os

    from boardgames import thinking
    from boardgames.core.registry import get_game
    from boardgames.core.search import Search
    from boardgames.tui.screens.gameover import capped_analyse

    monkeypatch.setenv(thinking.CORES_ENV, "1")
    monkeypatch.setenv(thinking.SLOTS_ENV, str(tmp_path))
    sintra = get_game("sintra")
    state = sintra.new_state(["Ana", "Bia"], {}, 3)
    budget = {"iterations": 5, "seed": 2}
    held = os.open(tmp_path / "0.lock", os.O_RDWR | os.O_CREAT, 0o600)
    fcntl.flock(held, fcntl.LOCK_EX)  # another session's bot holds the only slot
    asked = []
    try:
        with pytest.raises(Stopped):
            capped_analyse(Search(sintra), state, 0, stop=lambda: asked.append(1) or len(asked) > 2, **budget)
        assert len(asked) == 3  # it waited, asking stop, and never searched
    finally:
        os.close(held)
    found = capped_analyse(Search(sintra), state, 0, **budget)  # the slot is free: the search runs
    expected = Search(sintra).analyse(state, 0, **budget)
    assert [(str(m.action), m.visits, m.chance) for m in found.moves] == \
        [(str(m.action), m.visits, m.chance) for m in expected.moves]

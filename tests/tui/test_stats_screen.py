"""The Statistics screen, opened from the menu by keys: a player's record as the history holds it, the game
filter, another player, the head-to-head, the leaderboards over SSH, an empty or damaged history, --ascii,
80x24; and the chart's scaling, downsampling and cache."""

from __future__ import annotations

import copy
import io
import re
from datetime import UTC, datetime, timedelta
from functools import cache
from pathlib import Path

import pytest
from rich.console import Console
from textual import events
from textual.widgets import OptionList, Static

from boardgames.core.engine import Result
from boardgames.core.record import Record, Seat
from boardgames.core.session import Session
from boardgames.history.model import ChartPoint
from boardgames.history.store import Finished, History, HistoryError, finished_game, record_finished
from boardgames.lobby.table import Player
from boardgames.tui.screens.menu import MenuScreen
from boardgames.tui.screens.stats import StatsScreen
from boardgames.tui.widgets.laidout import LaidOut
from boardgames.tui.widgets.plotting import downsample
from boardgames.tui.widgets.statchart import Axis, StatChart, chart_lines
from tests.review_records import played

from .helpers import app_for, wait_until
from .screen_text import screen_text

START = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
SINTRA_TITLE = "Azul: Stained Glass of Sintra"


@cache
def game(game_id: str, names: tuple[str, ...], seed: int, bot: int | None = None) -> tuple[Record, Result]:
    """A seeded game played to its end by random movers (a greedy bot at seat ``bot``), and its result."""
    seats = [Seat(name, "bot:greedy" if seat == bot else "human") for seat, name in enumerate(names)]
    record = played(game_id, seats, seed)
    return record, Session.from_record(record).state.result()


#: the local history: Ana plays Bia four times and a bot once at Sintra, Zoë once at Blue Moon City; Bia plays Caio
LOCAL = [
    *(("sintra", ("Ana", "Bia"), seed, None) for seed in (1, 2, 3, 4)),
    ("sintra", ("Ana", "Bot 2"), 5, 1),
    ("bluemoon", ("Ana", "Zoë"), 1, None),
    ("sintra", ("Bia", "Caio"), 6, None),
]


def fill(path: Path, games, identities=None) -> list[tuple[Record, Result]]:
    """Record ``games`` (game, names, seed, bot seat) one hour apart; ``identities`` maps a name to its key."""
    history = History.open(path)
    done = []
    try:
        for hour, (game_id, names, seed, bot) in enumerate(games):
            record, result = game(game_id, names, seed, bot)
            seats = {seat: identities[name] for seat, name in enumerate(names) if identities and name in identities}
            record_finished(history, record, "", START + timedelta(hours=hour), seats)
            done.append((record, result))
    finally:
        history.close()
    return done


def record_of(done, name: str, game_id: str | None = None) -> tuple[int, int]:
    """(games, wins) of ``name`` in ``done`` (of one game), counted from the games' results."""
    games = wins = 0
    for record, result in done:
        for seat, info in enumerate(record.seats):
            if info.name == name and game_id in (None, record.game):
                games += 1
                wins += result.ranks[seat] == 1
    return games, wins


def app_with(path: Path, **kwargs):
    return app_for(history=path, **kwargs)


async def open_stats(pilot, app) -> StatsScreen:
    """From the menu, move the highlight to Statistics with the arrow keys and press Enter; once it shows what it
    read (in a worker thread)."""
    await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
    menu = app.screen.query_one(OptionList)
    ids = [option.id for option in menu.options]
    target = ids.index("stats")
    for _ in range(len(ids)):
        if menu.highlighted == target:
            break
        await pilot.press("down" if (menu.highlighted or 0) < target else "up")
    await pilot.press("enter")
    await wait_until(pilot, lambda: isinstance(app.screen, StatsScreen))
    screen = app.screen
    await wait_until(pilot, lambda: screen.mounted and screen.reading is None)
    await pilot.pause()
    return screen


def section(screen: StatsScreen, name: str) -> str:
    """The plain text of one section of the screen, as drawn 78 columns wide."""
    widget = screen.query_one(f"#stats-{name}", Static)
    if not widget.display:
        return ""
    console = Console(width=78, record=True, file=io.StringIO())
    console.print(widget.content)
    return console.export_text()


def row_of(text: str, first: str) -> list[str]:
    """The cells (split on runs of spaces) of the line of a table that starts with ``first``."""
    for line in text.splitlines():
        if line.strip().startswith(first):
            return line.strip()[len(first):].split()
    raise AssertionError(f"no row {first!r} in:\n{text}")


async def whole_text(pilot, app) -> str:
    """Every line the body shows, scrolled from top to bottom a page at a time."""
    await pilot.press("home")
    await pilot.pause()
    seen = [screen_text(app)]
    for _ in range(12):
        await pilot.press("pagedown")
        await pilot.pause()
        seen.append(screen_text(app))
    return "\n".join(seen)


# -- a local terminal ------------------------------------------------------------------------------------------
async def test_the_menu_opens_a_players_record_as_the_history_holds_it(tmp_path):
    path = tmp_path / "history.db"
    done = fill(path, LOCAL)
    app = app_with(path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(pilot, app)
        games, wins = record_of(done, "Ana")
        assert (games, wins) == (6, record_of(done, "Ana", "sintra")[1] + record_of(done, "Ana", "bluemoon")[1])
        assert f"Ana has finished {games} games and won {wins}." in screen_text(app)
        record = section(screen, "record")
        sintra = row_of(record, SINTRA_TITLE)
        assert sintra[:2] == ["5", str(record_of(done, "Ana", "sintra")[1])]
        assert sintra[2] == f"{round(100 * record_of(done, 'Ana', 'sintra')[1] / 5)}%"
        assert row_of(record, "Blue Moon City")[:2] == ["1", str(record_of(done, "Ana", "bluemoon")[1])]
        scores = [result.scores[0] for record_, result in done if record_.seats[0].name == "Ana"
                  and record_.game == "sintra"]
        assert int(sintra[4]) == max(scores)
        assert float(sintra[3]) == pytest.approx(sum(scores) / len(scores), abs=0.05)
        last = section(screen, "last")
        assert "Last games" in last and last.count("against ") == 6 and "against Zoë" in last
        title = " ".join(section(screen, "chart-title").split())
        assert f"Scores and rating in {SINTRA_TITLE}, the most played game (5 games" in title
        assert screen.query_one(StatChart).scores == [float(score) for score in scores]


async def test_the_game_filter_narrows_the_record_and_the_chart(tmp_path):
    path = tmp_path / "history.db"
    done = fill(path, LOCAL)
    app = app_with(path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(pilot, app)
        await pilot.press("down")  # from the player to the game
        assert app.focused is screen.field("game")
        await pilot.press("right")  # the most played game first: Sintra
        await pilot.pause()
        record = section(screen, "record")
        assert SINTRA_TITLE in record and "Blue Moon City" not in record
        assert f"Ana has finished 5 games and won {record_of(done, 'Ana', 'sintra')[1]}." in screen_text(app)
        assert "most played" not in section(screen, "chart-title")
        await pilot.press("right")
        await pilot.pause()
        assert "Ana has finished 1 game and won" in screen_text(app)
        assert len(screen.query_one(StatChart).scores) == 1
        assert "Last games" in section(screen, "last") and section(screen, "last").count("against ") == 1
        await pilot.press("right")  # round to every game again
        await pilot.pause()
        assert "Ana has finished 6 games" in screen_text(app)


async def test_another_player_and_the_head_to_head(tmp_path):
    path = tmp_path / "history.db"
    done = fill(path, LOCAL)
    app = app_with(path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(pilot, app)
        assert [label for _key, label in screen.field("player").choices] == [
            "Ana", "Bia", "Caio", "Zoë", "greedy bot"]
        assert screen.field("versus").value == "bia"  # everyone else, Ana herself left out
        together = [(record, result) for record, result in done if {s.name for s in record.seats} == {"Ana", "Bia"}]
        ana_ahead = sum(result.ranks[0] < result.ranks[1] for _record, result in together)
        bia_ahead = sum(result.ranks[1] < result.ranks[0] for _record, result in together)
        versus = section(screen, "versus")
        assert "Head to head: Ana and Bia" in versus
        assert row_of(versus, SINTRA_TITLE) == ["4", str(ana_ahead), str(bia_ahead), str(4 - ana_ahead - bia_ahead)]
        await pilot.press("down", "down", "right")  # the second player: Caio, whom Ana never met
        await pilot.pause()
        assert "Ana and Caio have not finished a game together yet." in section(screen, "versus")
        await pilot.press("up", "up", "right")  # the first player: Bia
        await pilot.pause()
        games, wins = record_of(done, "Bia")
        assert f"Bia has finished {games} games and won {wins}." in screen_text(app)
        assert "bia" not in [key for key, _label in screen.field("versus").choices]
        await pilot.press("right", "right", "right")  # the bot, a yardstick
        await pilot.pause()
        assert "greedy bot has finished 1 game" in screen_text(app)


async def test_keys_typed_in_a_burst_reach_the_choice_they_were_meant_for(tmp_path):
    """Guards: the app handed a key to the field in focus before the arrow before it had moved the focus."""
    path = tmp_path / "history.db"
    fill(path, LOCAL)
    app = app_with(path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(pilot, app)
        for key in ("down", "right", "tab", "right"):  # all in the queue before the first is handled
            app.post_message(events.Key(key, None))
        await wait_until(pilot, lambda: app.focused is screen.field("versus"))
        await pilot.pause()
        assert (screen.player, screen.game, screen.versus) == ("ana", "sintra", "caio")


async def test_the_history_is_asked_once_a_change_never_while_drawing(tmp_path):
    path = tmp_path / "history.db"
    fill(path, LOCAL)
    app = app_with(path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(pilot, app)
        assert screen.queries == 1
        chart = screen.query_one(StatChart)
        await pilot.press("end")  # the chart in sight: drawn once
        await pilot.pause()
        assert chart.drawings == 1
        await pilot.press("pageup", "pagedown", "end", "down", "up")
        await pilot.pause()
        assert screen.queries == 1 and chart.drawings == 1
        await pilot.resize_terminal(90, 30)
        await pilot.pause()
        assert chart.drawings == 2
        await pilot.press("right")
        await pilot.pause()
        assert screen.queries == 2


async def test_statistics_are_built_once_and_shown_again_as_they_were(tmp_path):
    path = tmp_path / "history.db"
    fill(path, LOCAL)
    app = app_with(path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(pilot, app)
        await pilot.press("right")  # another player
        await pilot.pause()
        chosen, text, asked = screen.player, screen_text(app), screen.queries
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        again = await open_stats(pilot, app)
        assert again is screen and screen.queries == asked  # nothing changed: not asked again
        assert screen.player == chosen and screen_text(app) == text
        await pilot.press("escape")  # and back again: escape still works on a screen shown again
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))


async def test_each_table_is_laid_out_once_when_it_changes(tmp_path):
    path = tmp_path / "history.db"
    fill(path, LOCAL)
    app = app_with(path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(pilot, app)
        await pilot.press("down", "down", "right")  # a second player: the head-to-head appears
        await pilot.pause()
        tables = {name: screen.query_one(f"#stats-{name}", Static).visual for name in ("record", "last", "versus")}
        assert all(isinstance(table, LaidOut) for table in tables.values())
        assert [table.layouts for table in tables.values()] == [1, 1, 1]
        await pilot.press("pagedown", "pageup")
        await pilot.pause()
        assert [table.layouts for table in tables.values()] == [1, 1, 1]


async def test_a_game_ended_while_statistics_were_hidden_is_shown_when_they_come_back(tmp_path):
    path = tmp_path / "history.db"
    done = fill(path, LOCAL)
    app = app_with(path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(pilot, app)
        games, _wins = record_of(done, "Ana")
        assert f"Ana has finished {games} games" in screen_text(app)
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        record, _result = game("sintra", ("Ana", "Bia"), 9, None)
        with History.open(path) as history:  # a game ends at another terminal
            record_finished(history, record, "", START + timedelta(days=2))
        await open_stats(pilot, app)
        await wait_until(pilot, lambda: screen.queries == 2)
        assert f"Ana has finished {games + 1} games" in screen_text(app)
        assert row_of(section(screen, "record"), SINTRA_TITLE)[0] == "6"
        await wait_until(pilot, lambda: len(screen.query_one(StatChart).scores) == 6)


async def test_statistics_come_back_in_the_language_chosen_meanwhile(tmp_path):
    from boardgames.i18n import set_language

    path = tmp_path / "history.db"
    fill(path, LOCAL)
    app = app_with(path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(pilot, app)
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        set_language("pt_BR")
        try:
            again = await open_stats(pilot, app)
            assert again is not screen and "Estatísticas" in screen_text(app)
        finally:
            set_language("en")


# -- over SSH --------------------------------------------------------------------------------------------------
SERVED = [
    *(("sintra", ("Ana", "Bia"), seed, None) for seed in range(1, 6)),
    *(("sintra", ("Zed", "Caio"), seed, None) for seed in range(6, 10)),
    *(("sintra", ("Zed", "Ana"), seed, None) for seed in range(10, 12)),
]
KEYS = {"Ana": "user:ana", "Bia": "user:bia", "Caio": "user:caio", "Zed": "guest:7f3a"}


async def test_over_ssh_a_player_sees_their_own_record_and_the_leaderboard(tmp_path):
    path = tmp_path / "history.db"
    done = fill(path, SERVED, KEYS)
    app = app_with(path, player=Player("user:ana", "Ana"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(pilot, app)
        assert not screen.query_one("#row-player").display  # no other player's statistics
        assert app.focused is screen.field("game")
        games, wins = record_of(done, "Ana")
        assert f"Ana has finished {games} games and won {wins}." in screen_text(app)
        leaders = section(screen, "leaders")
        assert "at least 5 finished games" in leaders
        names = [line.split()[1] for line in leaders.splitlines() if line.strip()[:1].isdigit()]
        assert sorted(names) == ["Ana", "Bia"]  # Caio has 4 games; Zed is a guest with 6
        assert "Zed" not in leaders and "Caio" not in leaders
        assert [key for key, _label in screen.field("versus").choices] == ["user:bia"]
        versus = section(screen, "versus")
        assert "Head to head: Ana and Bia" in versus and row_of(versus, SINTRA_TITLE)[0] == "5"
        text = await whole_text(pilot, app)
        assert "Leaderboards" in text


# -- nothing to show, or a history that cannot be read -----------------------------------------------------
async def test_an_empty_history_says_so(tmp_path):
    for path in (tmp_path / "none.db", tmp_path / "empty.db"):
        if path.name == "empty.db":
            History.open(path).close()
        app = app_with(path)
        async with app.run_test(size=(80, 24)) as pilot:
            await open_stats(pilot, app)
            assert "No finished game yet" in screen_text(app)
            await pilot.press("escape")
            await pilot.pause()
            assert isinstance(app.screen, MenuScreen)


async def test_a_damaged_history_says_why_and_the_menu_still_works(tmp_path):
    path = tmp_path / "history.db"
    path.write_bytes(b"this is no database\x00\xff" * 200)
    app = app_with(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_stats(pilot, app)
        assert "The history of finished games is damaged" in screen_text(app)
        await pilot.press("q")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        menu = app.screen.query_one(OptionList)
        before = menu.highlighted
        await pilot.press("up")
        assert menu.highlighted != before
        await open_stats(pilot, app)  # and again: still a sentence, no crash
        assert "damaged" in screen_text(app)
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        path.unlink()
        fill(path, LOCAL)  # made again meanwhile: shown when the screen comes back
        await open_stats(pilot, app)
        await wait_until(pilot, lambda: "Ana has finished 6 games" in screen_text(app))


def _damage_where_the_screen_does_not_read(path: Path) -> None:
    """60 games of Xia and Yuri after the others, then garbage over a page of the games table that holds only
    some of theirs (neither the first nor the last): every question the screen asks about Ana still gets an
    answer, only SQLite's check of every page finds the damage."""
    import sqlite3
    from dataclasses import replace

    record, _result = game("sintra", ("Xia", "Yuri"), 1, None)
    with History.open(path) as history:
        history.add_many([finished_game(replace(record, created=f"2026-04-{day % 28 + 1:02}T{day % 24:02}:00"),
                                        f"xia-yuri-{day}.json", START + timedelta(days=30 + day))
                          for day in range(60)])
    with sqlite3.connect(path) as db:
        page = db.execute("PRAGMA page_size").fetchone()[0]
    data = bytearray(path.read_bytes())
    at = data.index(b"xia-yuri-30.json") // page * page
    assert b"xia-yuri-59.json" not in data[at:at + page] and b"xia-yuri-0.json" not in data[at:at + page]
    data[at:at + page] = bytes(range(256)) * (page // 256)
    path.write_bytes(bytes(data))


async def test_a_history_damaged_where_the_screen_does_not_read_is_found_and_named(tmp_path):
    """Issue 33, item 17: the screen checks the history (quick_check) before trusting it, as the rebuild does."""
    path = tmp_path / "history.db"
    fill(path, LOCAL)
    _damage_where_the_screen_does_not_read(path)
    with History.open(path) as history:  # every answer about Ana still comes, so nothing else would notice
        assert history.version()[0] == 67 and history.player_stats("ana").games == 6
        assert len(history.chart("ana", "sintra")) == 5 and history.head_to_head("ana", "bia").games == 4
    from boardgames.i18n import set_language

    for language, sentence in (
            ("en", "The history of finished games is damaged; rebuild it from the saves with: boardgames stats "
                   "--rebuild"),
            ("pt_BR", "O histórico de partidas terminadas está danificado; refaça-o a partir dos jogos salvos com: "
                      "boardgames stats --rebuild")):
        set_language(language)  # the conftest sets English back after the test
        app = app_with(path)
        async with app.run_test(size=(80, 24)) as pilot:
            await open_stats(pilot, app)
            said = " ".join(screen_text(app).split())
            assert sentence in said
            assert "Ana has finished" not in said and "Ana terminou" not in said
            await pilot.press("escape")
            await wait_until(pilot, lambda app=app: isinstance(app.screen, MenuScreen))


async def test_over_ssh_a_damaged_history_names_who_can_mend_it(tmp_path):
    path = tmp_path / "history.db"
    path.write_bytes(b"this is no database\x00\xff" * 200)
    app = app_with(path, player=Player("user:ana", "Ana"))
    async with app.run_test(size=(80, 24)) as pilot:
        await open_stats(pilot, app)
        said = " ".join(screen_text(app).split())
        assert "The server's history of finished games is damaged; the server's keeper can make it again" in said
        assert "boardgames stats" not in said


async def test_a_history_that_fails_after_opening_says_why(tmp_path, monkeypatch):
    path = tmp_path / "history.db"
    fill(path, LOCAL)
    app = app_with(path)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_stats(pilot, app)

        def busy(*args, **kwargs):
            raise HistoryError("The history of finished games is busy in another program; try again in a moment.")

        monkeypatch.setattr(History, "player_stats", busy)  # the history the next choice is read from
        await pilot.press("right")
        await pilot.pause()
        assert "is busy in another program" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)


async def test_namesakes_are_told_apart(tmp_path):
    """Ana typed at this terminal and Ana logged in over SSH are two players of one name."""
    path = tmp_path / "history.db"
    fill(path, LOCAL[:1])
    fill(path, SERVED[4:5], {"Bia": "user:bia"})
    app = app_with(path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(pilot, app)
        labels = [label for _key, label in screen.field("player").choices]
        assert labels == ["Ana", "Bia (bia)", "Bia (user:bia)"]


# -- how it looks ----------------------------------------------------------------------------------------------
async def test_ascii_mode_draws_only_ascii(tmp_path):
    path = tmp_path / "history.db"
    fill(path, LOCAL)
    app = app_with(path, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await open_stats(pilot, app)
        for keys in ((), ("down", "down", "right")):
            await pilot.press(*keys)
            text = await whole_text(pilot, app)
            assert text.isascii(), sorted({ch for ch in text if not ch.isascii()})
            assert "Zoe" in text and "S score (left axis)" in text and "|" in text


async def test_everything_fits_and_scrolls_at_80x24(tmp_path):
    path = tmp_path / "history.db"
    fill(path, SERVED, KEYS)
    app = app_with(path, player=Player("user:ana", "Ana"))
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(pilot, app)
        body = screen.query_one("#stats-body")
        assert body.max_scroll_x == 0 and body.max_scroll_y > 0  # nothing cut at the side; it scrolls down
        first = screen_text(app).splitlines()
        assert first[-1].split() == ["↑↓", "next", "choice", "←→", "change", "choice", "PgUp/PgDn", "scroll", "Esc",
                                     "back"]
        assert "Game" in first[1]
        await pilot.press("end")
        await pilot.pause()
        assert body.scroll_y == body.max_scroll_y
        assert re.search(r"^ *1 +Ana +7 ", screen_text(app), re.MULTILINE)  # the leaderboard's end in sight
        chart = screen.query_one(StatChart)
        assert chart.size.width >= 70 and chart.size.height == 10


async def test_ten_thousand_games_open_with_every_game_on_the_chart(tmp_path):
    """10,000 games: the screen opens, the chart holds every game (drawn downsampled to its width). How fast it
    opens is measured by benchmarks/stats_open.py, not here."""
    path = tmp_path / "history.db"
    base = [finished_game(game("sintra", ("Ana", "Bia"), seed)[0]) for seed in (1, 2, 3)]
    games = []
    for number in range(10_000):
        finished = base[number % 3]
        record = copy.copy(finished.record)
        record.created = (START + timedelta(minutes=number)).isoformat(timespec="seconds")
        games.append(Finished(record, finished.result, "", START + timedelta(minutes=number, seconds=30), {}))
    history = History.open(path)
    history.add_many(games)
    history.close()
    app = app_with(path)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await open_stats(pilot, app)
        chart = screen.query_one(StatChart)
        assert len(chart.scores) == 10_000
        assert "Ana has finished 10,000 games" in " ".join(screen_text(app).split())


# -- the chart -------------------------------------------------------------------------------------------------
def test_each_line_is_scaled_to_its_own_range():
    axis = Axis.of([10, 30, 20], 0)
    assert [axis.level(value, 5) for value in (30, 20, 10)] == [0, 2, 4]
    assert axis.labels(5) == {0: "30", 4: "10", 2: "20"}
    flat = Axis.of([7, 7], 1)
    assert flat.level(7, 9) == 4 and flat.labels(9) == {4: "7.0"}
    lines = chart_lines([10, 30], [100.0, -5.0], 40, 5, ascii=True)
    plain = [line.plain for line in lines]
    # the score rises from the bottom left to the top right, where its mark is; the rating falls
    assert plain[0].startswith("30|R") and plain[0].endswith("S |100.0")
    assert plain[-1].startswith("10|S") and plain[-1].endswith("R |-5.0 ")
    assert plain[2].startswith("20|") and "*" in plain[2]  # where they cross
    assert all(len(line) == 40 for line in plain)


def test_many_games_are_downsampled_to_the_width():
    series = list(range(10_000))
    out = downsample(series, 100)
    assert len(out) == 100 and out[0] == pytest.approx(49.5) and out[-1] == pytest.approx(9949.5)
    assert downsample([1.0, 3.0], 5) == [1.0, 1.5, 2.0, 2.5, 3.0]  # fewer games than columns: read evenly
    lines = chart_lines([float(n % 97) for n in range(10_000)], [n / 100 for n in range(10_000)], 78, 9)
    assert all(line.cell_len == 78 for line in lines)
    braille = "".join(line.plain for line in lines)
    assert any(0x2800 < ord(ch) <= 0x28FF for ch in braille)


def test_the_chart_draws_once_a_size():
    chart = StatChart()
    chart.set_points([ChartPoint("2026-01-01T00:00:00+00:00", score, score / 10) for score in (5, 9, 3)])
    assert chart.scores == [5.0, 9.0, 3.0] and chart.ratings == [0.5, 0.9, 0.3]
    assert chart._drawn is None


async def test_s_at_the_menu_opens_statistics_and_escape_comes_back(tmp_path):
    app = app_with(tmp_path / "history.sqlite3")
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        await pilot.press("s")
        await wait_until(pilot, lambda: isinstance(app.screen, StatsScreen))
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))

"""The menu, the list of saves and the set-up screen with odd names, damaged saves and odd folders (issue 7)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from rich.text import Text

from boardgames.core.bots import make_bot
from boardgames.core.registry import all_games
from boardgames.home import default_store
from boardgames.tui.app import BoardgamesApp
from boardgames.tui.screens.confirm import ConfirmScreen
from boardgames.tui.screens.game import GameScreen
from boardgames.tui.screens.help import HelpScreen
from boardgames.tui.screens.menu import LoadScreen, MenuScreen
from boardgames.tui.screens.setup import SetupScreen

from .helpers import SINTRA, sintra_session, static_text, wait_until
from .screen_text import screen_text

MARKUP_NAMES = ["[/]", "[b]x", "Ana[/b]", ":smile:"]


def option_texts(option_list) -> list[str]:
    texts = []
    for index in range(option_list.option_count):
        prompt = option_list.get_option_at_index(index).prompt
        assert isinstance(prompt, Text), "labels are plain text, never markup"
        texts.append(prompt.plain)
    return texts


def played(names, seed=1):
    session = sintra_session(names=names, seed=seed)
    session.apply(session.state.legal_actions()[0])
    return session


def raw_save(name: str, text: str) -> Path:
    folder = default_store().folder
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


async def test_markup_names_show_as_typed_in_the_menu_and_the_list_of_saves():
    """Guards: a name such as '[/]' crashed the menu at every start (its label was read as markup)."""
    played(MARKUP_NAMES[:2], seed=1)
    played(MARKUP_NAMES[2:], seed=2)
    good = json.loads(next(default_store().folder.glob("*.json")).read_text())
    good["seats"][0]["name"] = "\x1b[31m"
    raw_save("escape.json", json.dumps(good))
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        continue_label = [t for t in option_texts(app.screen.query_one("#menu")) if t.startswith("Continue")][0]
        assert "Ana[/b], :smile:" in continue_label or "[/], [b]x" in continue_label
        await pilot.press("l")
        assert isinstance(app.screen, LoadScreen)
        await pilot.pause()
        listed = "\n".join(option_texts(app.screen.query_one("#saves")))
        for name in MARKUP_NAMES:
            assert name in listed
        assert "escape.json  (damaged)" in listed and "control characters" in listed
        await pilot.press("escape", "c")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))


DAMAGED = {
    "deep.json": '{"format": "boardgames-record", "x": ' + "[" * 1000 + "]" * 1000 + "}",
    "huge-seed.json": "SEED 1e400",
    "long-seed.json": "SEED " + "9" * 5000,
    "rules.json": "RULES -1e999",
    "bot.json": "BOT genius",
}


def damage(good: dict, how: str) -> str:
    text = json.dumps(good)
    if how.startswith("SEED "):
        return text.replace(f'"seed": {good["seed"]}', '"seed": ' + how[5:])
    if how.startswith("RULES "):
        return text.replace('"rules_version": 1', '"rules_version": ' + how[6:])
    if how.startswith("BOT "):
        good = dict(good, seats=[good["seats"][0], {"name": "Robo", "kind": "bot:" + how[4:]}])
        return json.dumps(good)
    return how


async def test_damaged_saves_are_marked_and_the_others_stay_usable():
    """Guards: one damaged file (deep JSON, 1e400, 5000 digits, -1e999, unknown bot) crashed menu and list."""
    session = played(["Ana", "Bia"], seed=4)
    good = json.loads(session.path.read_text())
    for name, how in DAMAGED.items():
        raw_save(name, damage(good, how))
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.screen.last == session.path
        await pilot.press("l")
        screen = app.screen
        assert isinstance(screen, LoadScreen)
        texts = option_texts(screen.query_one("#saves"))
        for name in DAMAGED:
            assert any(f"{name}  (damaged)" in text for text in texts), name
        damaged_index = next(i for i, e in enumerate(screen.entries) if e.path.name == "bot.json")
        screen.query_one("#saves").highlighted = damaged_index
        await pilot.press("enter")
        assert app.screen is screen
        assert "bot.json" in screen.last_message and "genius" in screen.last_message
        assert str(default_store().folder) not in screen.last_message
        good_index = next(i for i, e in enumerate(screen.entries) if e.path == session.path)
        screen.query_one("#saves").highlighted = good_index
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert app.screen.session.record.actions == session.record.actions


def unplayable(session, how: str) -> None:
    """Spoil a save so that it reads but cannot be replayed: an illegal move, or a rules version not ours."""
    data = json.loads(session.path.read_text())
    if how == "move":
        data["actions"].append("take 99 pink")
    else:
        data["rules_version"] = 99
    session.path.write_text(json.dumps(data))


def age(path: Path, seconds: float) -> None:
    """Make ``path`` look ``seconds`` older (the list is ordered by file time)."""
    info = path.stat()
    os.utime(path, (info.st_atime - seconds, info.st_mtime - seconds))


async def test_continue_of_a_save_that_does_not_replay_is_not_offered():
    """Guards: Continue picked a save that could not be replayed, failed, and offered nothing else."""
    session = played(["Ana", "Bia"], seed=4)
    session.close()
    unplayable(session, "move")
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        labels = option_texts(app.screen.query_one("#menu"))
        assert "Continue last game (no unfinished game can be replayed)" in labels
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert "No unfinished game can be replayed" in app.screen.last_message


@pytest.mark.parametrize("how", ["move", "rules"])
async def test_continue_takes_the_newest_playable_game_past_newer_damaged_ones(how):
    """Guards: 37 of 158 saves showed as "in progress" though they could not be replayed; Continue took one."""
    good = played(["Ana", "Bia"], seed=5)
    good.close()
    age(good.path, 3600)
    bad = played(["Cai", "Dora"], seed=6)
    bad.close()
    unplayable(bad, how)
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        label = [t for t in option_texts(app.screen.query_one("#menu")) if t.startswith("Continue")][0]
        assert "Ana, Bia" in label
        await pilot.press("l")
        await pilot.pause()
        listed = option_texts(app.screen.query_one("#saves"))
        assert "(cannot be replayed)" in listed[0] and "in progress" not in listed[0]
        assert ("move 2" if how == "move" else "rules version 99") in listed[0]
        assert "in progress" in listed[1]
        await pilot.press("escape", "c")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        assert app.screen.session.path == good.path
        assert app.screen.session.record.actions == good.record.actions


async def test_the_list_says_who_won_a_finished_game():
    session = sintra_session(names=("Ana", "Bia"), kinds=["bot:random", "bot:random"], seed=2)
    bot = make_bot("random", SINTRA, 2)
    while not session.state.is_over:
        session.apply(bot.choose(session.state, len(session.record.actions)))
    session.close()
    ranks = session.state.result().ranks
    winners = [seat.name for seat, rank in zip(session.record.seats, ranks) if rank == 1]
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        await pilot.pause()
        [listed] = option_texts(app.screen.query_one("#saves"))
        if len(winners) == 1:
            assert f"finished, won by {winners[0]}" in listed
        else:
            assert f"finished, won jointly by {', '.join(winners)}" in listed


def test_each_save_is_replayed_once_until_its_file_changes(monkeypatch):
    from boardgames.core import saves

    calls = []
    check = saves.replay_check
    monkeypatch.setattr(saves, "replay_check", lambda record: (calls.append(record), check(record))[1])
    first, second = played(["Ana", "Bia"], seed=7), played(["Cai", "Dora"], seed=8)
    first.close()
    second.close()
    store = default_store()
    assert all(entry.playable for entry in store.scan())
    assert len(calls) == 2
    store.scan()
    store.last_playable()
    assert len(calls) == 2, "nothing changed: nothing is replayed again"
    unplayable(first, "move")
    [entry] = [e for e in store.scan() if e.path == first.path]
    assert len(calls) == 3 and not entry.playable and "move 2" in entry.unplayable


async def test_a_long_menu_message_is_shown_whole_at_80x24():
    app = BoardgamesApp(bot_delay=0)
    long = " ".join(f"word{n}" for n in range(60))  # about five lines at this width
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.message(long)
        await pilot.pause()
        shown = " ".join(screen_text(app).split())
        assert long in shown


@pytest.fixture
def unreadable_saves(monkeypatch):
    """The saves folder exists but cannot be listed (root ignores permissions, so iterdir is made to fail)."""
    folder = default_store().folder
    folder.mkdir(parents=True)
    original = Path.iterdir

    def iterdir(self):
        if self == folder:
            raise PermissionError(13, "Permission denied", str(self))
        return original(self)

    monkeypatch.setattr(Path, "iterdir", iterdir)
    return folder


async def test_an_unreadable_saves_folder_is_reported_as_such(unreadable_saves):
    """Guards: an unreadable saves folder was reported as 'There are no saved games yet'."""
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        texts = option_texts(app.screen.query_one("#menu"))
        assert "Continue last game (the saves folder cannot be read)" in texts
        await pilot.press("c")
        assert "cannot be read" in app.screen.last_message
        await pilot.press("l")
        assert isinstance(app.screen, LoadScreen)
        message = app.screen.last_message
        assert "cannot be read" in message and "no saved games" not in message
        assert str(unreadable_saves) not in message


async def test_a_save_is_deleted_from_the_list_only_after_a_confirmation():
    first = played(["Ana", "Bia"], seed=1)
    second = played(["Caio", "Duda"], seed=2)
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("l")
        screen = app.screen
        target = screen.entries[0].path
        await pilot.press("d")
        assert isinstance(app.screen, ConfirmScreen)
        assert target.name in static_text(app.screen.query_one("#question"))
        await pilot.press("n")
        assert app.screen is screen and target.exists()
        await pilot.press("d", "y")
        await pilot.pause()
        assert app.screen is screen and not target.exists()
        assert "was deleted" in screen.last_message
        assert [e.path for e in screen.entries] == [p for p in (first.path, second.path) if p != target]


async def test_the_rules_of_each_game_open_from_the_menu():
    """Guards: a newcomer found the rules only inside a game."""
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#menu")
        ids = [menu.get_option_at_index(i).id for i in range(menu.option_count)]
        for game in all_games():
            menu.highlighted = ids.index(f"rules:{game.id}")
            await pilot.press("enter")
            assert isinstance(app.screen, HelpScreen) and app.screen.game is game
            assert app.screen.board_keys, "the board's keys are listed too"
            await pilot.press("escape")
            assert isinstance(app.screen, MenuScreen)
            menu.highlighted = ids.index(f"new:{game.id}")
            await pilot.press("question_mark")
            assert isinstance(app.screen, HelpScreen) and app.screen.game is game
            await pilot.press("escape")


async def test_leaving_a_game_without_a_move_keeps_no_save():
    """Guards: a game in which no move was made was kept as a save."""
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("home", "enter")
        assert isinstance(app.screen, SetupScreen)
        await pilot.press("enter")
        assert isinstance(app.screen, GameScreen)
        await pilot.press("q")
        assert "no save is kept" in app.screen.question  # not "it is saved", which would be untrue
        await pilot.press("y")
        await wait_until(pilot, lambda: isinstance(app.screen, MenuScreen))
        assert not list(default_store().folder.glob("*.json"))
        assert app.screen.last is None


async def setup_screen(pilot, app) -> SetupScreen:
    await pilot.pause()
    app.push_screen(SetupScreen(SINTRA))
    await pilot.pause()
    return app.screen


@pytest.mark.parametrize("seed", ["-5", "abc", "99999999999999999999"[:19]])
async def test_setup_refuses_a_bad_seed_with_a_sentence(seed):
    """Guards: a negative or non-numeric seed was silently replaced by a random one."""
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await setup_screen(pilot, app)
        screen.query_one("#seed").value = seed
        await pilot.press("enter")
        assert app.screen is screen, "the game must not start"
        assert "whole number" in screen.last_message and "seed" in screen.last_message.lower()


async def test_an_empty_seed_field_reads_random_and_deals_from_a_secret_seed():
    """Guards issue 33 item 1: the form showed a seed below a million, which a player could search from the deal."""
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await setup_screen(pilot, app)
        field = screen.query_one("#seed")
        assert field.value == "" and field.placeholder == "random"
        shown = screen_text(app)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        seed = app.screen.session.record.seed
        assert seed >= 2**32 and str(seed) not in shown


async def test_setup_refuses_control_characters_and_keeps_markup_names_as_typed():
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await setup_screen(pilot, app)
        screen.query_one("#name-0").value = "\x1b[31mAna"
        await pilot.press("enter")
        assert app.screen is screen and "control characters" in screen.last_message
        screen.query_one("#name-0").value = "[/]"
        screen.query_one("#name-1").value = ":smile:"
        await pilot.press("enter")
        assert isinstance(app.screen, GameScreen)
        assert [s.name for s in app.screen.session.record.seats] == ["[/]", ":smile:"]


async def test_setup_with_an_unwritable_saves_folder_says_so_once(tmp_path, monkeypatch):
    home = tmp_path / "ro"
    home.mkdir()
    (home / "saves").write_text("not a folder")
    monkeypatch.setenv("BOARDGAMES_HOME", str(home))
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await setup_screen(pilot, app)
        await pilot.press("enter")
        assert app.screen is screen
        assert screen.last_message.startswith("Games cannot be saved")
        assert str(home) not in screen.last_message


async def test_a_plain_r_in_the_seed_field_picks_a_new_seed_and_the_key_bar_says_so():
    """A browser keeps ctrl+r (reload) for itself: the seed field takes a plain r, shown in the key bar."""
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await setup_screen(pilot, app)
        seed = screen.query_one("#seed")
        seed.focus()
        await pilot.pause()
        assert "r new seed" in screen.query_one("#setup-keys").render().plain.replace("  ", " ")
        seed.value = "7"
        await pilot.press("r")
        assert seed.value.isdigit() and seed.value != "7" and "r" not in seed.value


async def test_a_pipe_and_a_link_to_dev_zero_in_the_saves_folder_do_not_stop_the_menu():
    """Guards: a named pipe called *.json froze the app before the menu (even ctrl+q); /dev/zero filled memory."""
    folder = default_store().folder
    folder.mkdir(parents=True, exist_ok=True)
    os.mkfifo(folder / "pipe.json")
    os.symlink("/dev/zero", folder / "zero.json")
    good = played(["Ana", "Bia"], seed=9)
    good.close()
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("l")
        await pilot.pause()
        listed = "\n".join(option_texts(app.screen.query_one("#saves")))
        assert "pipe.json  (damaged)" in listed and "zero.json  (damaged)" in listed
        assert listed.count("not a regular file") == 2
        await pilot.press("escape", "c")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))

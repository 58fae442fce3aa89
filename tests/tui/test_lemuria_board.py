"""Pilot tests: Lemuria's board, read at 80x24 and played by keys, checked on the engine state."""

from __future__ import annotations

from boardgames.core.engine import Action
from boardgames.core.record import Seat
from boardgames.core.session import Session
from boardgames.games.lemuria.board import LemuriaBoard
from boardgames.games.lemuria.data import shared_rules
from boardgames.games.lemuria.game import LEMURIA
from boardgames.home import default_store
from boardgames.tui.screens.curtain import CurtainScreen
from boardgames.tui.screens.game import GameScreen
from boardgames.tui.screens.help import HelpScreen, help_source

from .helpers import app_for, board_text, fits_80x24, illegal_submits, lift_curtain, sized, wait_until
from .screen_text import screen_text

NAMES = ("Ana", "Bia", "Caio", "Dora")
BOTS = ("human", "bot:random", "bot:random", "bot:random")


def lemuria_session(kinds=BOTS, seed=3, count=4, names=NAMES) -> Session:
    seats = [Seat(name, kind) for name, kind in zip(names[:count], kinds)]
    return Session.new(LEMURIA, seats, {"impact": "true"}, seed=seed, autosave=False, store=default_store())


def pass_all(session: Session) -> None:
    """Every seat passes its first card: the first month starts with seat 0 to play."""
    while session.state.decisions.top.kind == "pass":
        session.apply(session.state.legal_actions()[0])


def card_names(cards) -> list[str]:
    return [shared_rules().citizen[card].name for card in cards]


async def tab_to(pilot, board, part) -> None:
    for _ in range(8):
        if board.active is part:
            return
        await pilot.press("tab")
    raise AssertionError(f"Tab never reached {part}")


async def test_the_board_fits_80x24():
    session = lemuria_session()
    pass_all(session)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = fits_80x24(app, NAMES)
        assert "Altar" in text and "Trend" in text and "Month 1/12" in text
        lines = board_text(app).split("\n")
        for section in range(9):  # one line a section, with its yields by letter or name
            assert lines[1 + section].startswith(f" {section} ") or lines[1 + section].startswith(f"› {section} ")
        for position in range(1, 6):
            assert any(f"{position} " in line[30:34] for line in lines[2:7])
        assert "Farm" in text and "Religious" in text
        assert "Hand: " in text  # Ana's own hand
        assert "Plant matter" in text  # the list of moves
        assert any(line.strip() for line in text.split("\n")[19:21])  # the log still has lines


async def test_ascii_mode_draws_only_ascii():
    session = lemuria_session(names=("João", "Bia", "Zoë", "Dora"))
    pass_all(session)
    session.apply(Action("plant"))
    session.apply(session.state.legal_actions()[0])
    for size in ((80, 24), (120, 40)):
        app = app_for(session, ascii=True)
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            for key in ("tab", "tab", "down", "tab", "tab"):
                await pilot.press(key)
                text = screen_text(app)
                assert text.isascii(), [ch for ch in text if not ch.isascii()]


async def test_the_card_pass_by_keys():
    session = lemuria_session()
    hand = sorted(set(session.state.players[0].hand))
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        assert board.active is board.choices
        await pilot.press("2")
        assert "Pass" in board.status.render().plain
        await pilot.press("enter")
        assert session.record.actions[0] == f"pass {hand[1]}"
        await wait_until(pilot, lambda: session.state.decisions.top.kind == "turn")
        assert session.state.current_player == 0
        # the card from the right arrived; the passed one is gone
        assert hand[1] not in session.state.players[0].hand


async def test_the_pass_by_the_hand():
    session = lemuria_session()
    hand = sorted(session.state.players[0].hand)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        await tab_to(pilot, board, board.hand)
        await pilot.press("right", "enter")
        assert session.record.actions[0] == f"pass {hand[1]}"


async def test_plant_two_matter_by_keys_and_done():
    session = lemuria_session()
    pass_all(session)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        await pilot.press("p")
        assert session.record.actions[-1] == "plant"
        assert session.state.decisions.top.kind == "plant"
        await tab_to(pilot, board, board.altar)
        await pilot.press("0", "v")
        assert session.record.actions[-1] == "put 0 vegetable"
        assert board.active is board.altar  # the same decision: the cursor stays on the altar
        await pilot.press("1", "m")
        assert session.record.actions[-1] == "put 1 mineral"
        assert "1" in board_text(app).split("\n")[1]  # section 0 shows Ana's matter
        await pilot.press("d")
        assert session.record.actions[-3:] == ["put 0 vegetable", "put 1 mineral", "done"]
        state = session.state
        assert state.decisions.top.kind == "turn" and state.flags.planted_or_harvested
        assert state.altar.sections[0].matter == {0: 1} and state.altar.sections[0].kind == "vegetable"
        assert state.altar.sections[1].matter == {0: 1} and state.altar.sections[1].kind == "mineral"
        assert state.players[0].matter == {"vegetable": 1, "mineral": 1}


async def test_plant_by_the_list_of_moves():
    session = lemuria_session()
    pass_all(session)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("p", "enter", "1", "enter")  # the list starts on Done once a put costs matter
        puts = [a for a in session.record.actions if a.startswith("put ") or a.startswith("reserve ")]
        assert len(puts) == 2
        await pilot.press("d")
        assert session.record.actions[-1] == "done"


async def test_build_from_the_trend_by_keys():
    session = lemuria_session()
    pass_all(session)
    state = session.state
    state.players[0].resources = {r: 6 for r in state.players[0].resources}
    first = state.trend.slots[0]
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        await tab_to(pilot, board, board.trend)
        # the lower trend: several ways to pay, so the list shows only those
        await pilot.press("4", "enter")
        assert session.record.actions == [a for a in session.record.actions if not a.startswith("build")]
        assert board.active is board.choices and board.choices.only
        assert all(board.label(i).startswith("Build") for i in board.choices.shown())
        await pilot.press("escape")
        assert board.choices.only is None and isinstance(app.screen, GameScreen)
        await tab_to(pilot, board, board.trend)
        await pilot.press("1")
        assert "Position 1" in board.status.render().plain
        await pilot.press("enter")
        assert session.record.actions[-1] == "build 1"
        assert session.state.players[0].buildings[0].building == first
        assert session.state.decisions.top.kind == "spot"
        await pilot.press("enter")  # the marker goes to the first area listed
        assert session.record.actions[-1].startswith("spot ")
        assert session.state.players[0].markers == 7


async def test_hands_stay_hidden_while_another_human_or_a_bot_decides():
    session = lemuria_session(kinds=("human", "human", "bot:random", "bot:random"))
    ana = card_names(session.state.players[0].hand)
    bia = card_names(session.state.players[1].hand)
    app = app_for(session, bot_delay=30)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, CurtainScreen)  # two humans: the first one's hand waits behind a curtain
        board = app.screen_stack[-2].board  # the game screen under the curtain
        text = board.text().plain
        assert not any(name in text for name in ana + bia) and "cards (hidden)" in text
        await lift_curtain(pilot)
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        board = app.screen.board
        text = board_text(app)
        assert all(name in text for name in ana) and not any(name in text for name in bia)
        await pilot.press("enter")  # Ana passes her first card
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        text = board.text().plain
        assert not any(name in text for name in ana + bia)
        await lift_curtain(pilot)
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        text = board_text(app)
        assert all(name in text for name in bia) and not any(name in text for name in ana)
        await pilot.press("enter")  # Bia passes; a bot decides now (slowly)
        await wait_until(pilot, lambda: session.state.current_player == 2)
        await pilot.pause()
        text = board_text(app)
        assert not board.interactive and "cards (hidden)" in text
        assert not any(name in text for name in ana + bia)


async def test_random_keys_never_submit_an_illegal_action():
    session = lemuria_session(seed=11)
    app = app_for(session)
    keys = ["up", "down", "left", "right", "j", "k", "enter", "space", "tab", "shift+tab", "p", "h", "d", "b",
            "s", "i", "e", "v", "m", "pageup", "pagedown", "home", "end", *"0123456789", *["enter"] * 6]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        wrong = await illegal_submits(pilot, app, session, keys, sized(140, 180))  # 180 in the long run
        assert isinstance(app.screen, GameScreen)
    assert not wrong
    assert len(session.record.actions) > 10  # the keys played the game on


async def test_a_tall_terminal_shows_buildings_costs_and_citizens_texts():
    session = lemuria_session()
    pass_all(session)
    state = session.state
    state.players[0].resources = {r: 6 for r in state.players[0].resources}
    session.apply(state.legal_actions()[[a.name for a in state.legal_actions()].index("build")])
    session.apply(session.state.legal_actions()[0])  # the marker
    built = shared_rules().building[session.state.players[0].buildings[0].building]
    hand = session.state.players[0].hand
    app = app_for(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert all(len(line) <= 120 for line in text.split("\n"))
        assert f"{built.name}[" in text  # Ana's building under her line
        assert "1 brick" in text or "1 stone" in text or "1 food" in text  # costs spelled out
        citizen = shared_rules().citizen[hand[0]]
        assert f"{citizen.name} ({citizen.food} food" in text
        assert "bonus: 3 VP" in text  # the religious area's bonus


async def test_the_players_cursor_lists_buildings_in_the_status_line():
    session = lemuria_session()
    pass_all(session)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        await tab_to(pilot, board, board.players)
        await pilot.press("down")
        assert board.status.render().plain.startswith("Bia: 0 VP")
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
    source = help_source(LEMURIA, LemuriaBoard.help_keys(), LemuriaBoard.HELP_NOTES)
    assert "Reading the board" in source and "**e**: End the turn." in source

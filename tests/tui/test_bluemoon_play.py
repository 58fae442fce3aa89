"""Pilot tests: Blue Moon City turns played by keys (and a mouse), checked on the engine state.

A session starts from a seed; where a test needs a particular hand or place the
state is set up directly (it is plain Python) before the app opens it.
"""

from __future__ import annotations

from boardgames.core.bots import make_bot
from boardgames.core.record import Seat
from boardgames.core.registry import get_game
from boardgames.core.session import Session
from boardgames.games.bluemoon.rules import GRID
from boardgames.tui.app import BoardgamesApp
from boardgames.tui.screens.curtain import CurtainScreen
from boardgames.tui.screens.game import GameScreen
from boardgames.tui.screens.replay import ReplayScreen

from .helpers import app_for, board_text, lift_curtain, wait_until

BLUEMOON = get_game("bluemoon")


def bluemoon_session(names=("Ana", "Bia"), kinds=None, seed=1, expansion=False) -> Session:
    kinds = kinds or ["human"] + ["bot:greedy"] * (len(names) - 1)
    seats = [Seat(name, kind) for name, kind in zip(names, kinds)]
    return Session.new(BLUEMOON, seats, {"expansion": "true" if expansion else "false"}, seed=seed, autosave=False)


def arrange(session: Session, *, at: str = "c3", hand: dict[str, int] | None = None, crystals: int | None = None,
            seat: int = 0) -> None:
    """Make ``seat`` the player to move, standing on ``at`` (a cell or a building id), holding ``hand``."""
    state = session.state
    state.current = seat
    me = state.players[seat]
    me.pos = GRID.parse(at) if GRID.parse(at) is not None else state.cell_of(at)
    if hand is not None:
        me.hand = dict(hand)
    if crystals is not None:
        me.crystals = crystals


def cell_of(session: Session, building: str) -> str:
    return GRID.name(session.state.cell_of(building))


def box_number(session: Session, building: str, value: int) -> int:
    """The 1-based number of the last open box of ``building`` worth ``value``."""
    state = session.state
    b = state.grid[state.cell_of(building)]
    return max(k + 1 for k, box in enumerate(state.rules.buildings[b].boxes) if box.value == value)


async def test_move_two_steps_then_stop():
    session = bluemoon_session()
    arrange(session)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.board.city.cell == "c3"  # the cursor starts on the figure
        await pilot.press("up", "enter")
        assert session.record.actions == ["go c2"]
        assert session.state.steps == 1
        await pilot.press("up", "enter")
        assert session.record.actions == ["go c2", "go c1"]
        assert GRID.name(session.state.players[0].pos) == "c1"
        assert session.state.steps == 0
        await pilot.press("s")
        assert session.record.actions[-1] == "stop"
        assert session.state.phase == "act"


async def test_a_tile_out_of_reach_sends_nothing_and_says_why():
    session = bluemoon_session()
    arrange(session, at="c2")
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("down", "down", "down", "enter")  # c5: three steps away
        assert session.record.actions == []
        assert "not in reach" in app.screen.prompt_bar.message
        await pilot.press("d")  # drawing is for the end of the turn
        assert session.record.actions == []
        assert app.screen.prompt_bar.error


async def test_contribute_with_a_khind():
    session = bluemoon_session()
    water = cell_of(session, "water_temple")
    arrange(session, at=water, hand={"aq2": 1, "kh1": 1, "te1": 1})
    box = box_number(session, "water_temple", 3)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        await pilot.press("s")
        assert board.active is board.boxes and board.boxes.box == box  # the only box this hand can pay
        await pilot.press("enter")
        assert session.state.phase == "pay"
        assert board.active is board.hand_part
        await pilot.press("enter")  # aq2, the first card that fits
        assert "= 2 of 3" in board_text(app)
        assert session.state.pay.total == 2
        await pilot.press("enter")  # kh1, a wild 1
        assert session.record.actions == ["stop", f"box {box}", "add aq2", "add kh1"]
        state = session.state
        assert state.phase == "act"
        assert state.markers[state.grid[state.cell_of("water_temple")]][box - 1] == 0
        assert state.players[0].hand == {"te1": 1}


async def test_contribute_with_a_mimix_pair():
    session = bluemoon_session()
    water = cell_of(session, "water_temple")
    arrange(session, at=water, hand={"mi1": 2, "mi2": 1, "te1": 1})
    box = box_number(session, "water_temple", 3)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        await pilot.press("s", "enter")
        assert session.state.phase == "pay"
        # mi1 pairs with another mi1 or with mi2: the board asks for the second card
        assert board.hand[board.hand_part.card] == "mi1"
        await pilot.press("enter")
        assert board.hand_part.pair_first == "mi1"
        assert session.record.actions[-1] == f"box {box}"
        await pilot.press("right", "right", "enter")  # mi1 mi1 [mi2]
        assert session.record.actions[-1] == "pair mi1 mi2"
        state = session.state
        assert state.phase == "act"
        assert state.markers[state.grid[state.cell_of("water_temple")]][box - 1] == 0
        assert state.players[0].hand == {"mi1": 1, "te1": 1}


async def test_a_lux_recolours_then_the_cards_pay():
    session = bluemoon_session()
    water = cell_of(session, "water_temple")
    arrange(session, at=water, hand={"lu1": 1, "te1": 1, "te2": 1})
    box = box_number(session, "water_temple", 3)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        await pilot.press("s", str(box), "enter")  # a digit chooses the box
        assert session.record.actions == ["stop", f"box {box}"]
        assert board.hand[board.hand_part.card] == "lu1"
        await pilot.press("enter")  # the Lux cannot join an Aqua box itself: Enter plays its power
        assert board.hand_part.lux is not None
        assert "te" in board_text(app)
        await pilot.press("enter")
        assert session.record.actions[-1] == "play lu1 te"
        assert session.state.pay.converts == {"te": 4}
        await pilot.press("enter", "enter")
        assert session.record.actions[-2:] == ["add te1", "add te2"]
        state = session.state
        assert state.phase == "act"
        assert state.markers[state.grid[state.cell_of("water_temple")]][box - 1] == 0


async def test_escape_leaves_a_target_choice_without_leaving_the_game():
    session = bluemoon_session()
    arrange(session, hand={"ve1": 1})
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        await pilot.press("tab", "enter")
        assert board.city.target == ("play", ("ve1",))
        await pilot.press("escape")
        assert board.city.target is None
        assert isinstance(app.screen, GameScreen)
        await pilot.press("enter", "down", "down", "enter")  # fly to c5
        assert session.record.actions == ["play ve1 c5"]
        assert GRID.name(session.state.players[0].pos) == "c5"


async def test_move_a_dragon_and_take_one_off_the_board():
    session = bluemoon_session()
    arrange(session, hand={"vu2": 1, "te1": 1})
    session.state.dragons[0] = GRID.parse("b3")  # the red dragon (Vulca's)
    session.state.dragons[1] = GRID.parse("d3")  # the green dragon (Terrah's)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        await pilot.press("tab")
        assert board.hand[board.hand_part.card] == "te1"
        await pilot.press("enter")
        assert "o to take it off" in board_text(app)
        await pilot.press("o")
        assert session.record.actions == ["play te1 off"]
        assert session.state.dragons[1] == -1
        await pilot.press("tab", "enter")  # vu2: the cursor starts on the red dragon
        assert board.city.cell == "b3"
        await pilot.press("up", "up", "enter")
        assert session.record.actions[-1] == "play vu2 b1"
        assert session.state.dragons[0] == GRID.parse("b1")


async def test_make_an_offering_then_one_more_with_a_pillar():
    session = bluemoon_session(names=("Ana", "Bia", "Caio", "Duda"))
    arrange(session, hand={"pi1": 1, "kh1": 1}, crystals=16)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s", "o")
        state = session.state
        assert session.record.actions == ["stop", "offer"]
        assert state.obelisk == [0] and state.players[0].crystals == 9
        board = app.screen.board
        # the Pillar may follow: the hand is ready
        assert board.active is board.hand_part and board.hand[board.hand_part.card] == "pi1"
        await pilot.press("enter")
        assert session.record.actions[-1] == "play pi1"
        assert state.obelisk == [0, 0] and state.players[0].crystals == 1
        await pilot.press("e", "d")
        assert session.record.actions[3:5] == ["end", "draw"]  # then the bots play


async def test_discard_then_draw_ends_the_turn():
    session = bluemoon_session()
    arrange(session, hand={"kh1": 1, "ve3": 1})
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("s", "e")
        assert session.state.phase == "replenish"
        await pilot.press("right", "enter")
        assert session.record.actions[-1] == "discard ve3"
        await pilot.press("d")
        assert session.record.actions[:4] == ["stop", "end", "discard ve3", "draw"]  # then the bot plays
        assert session.state.turn >= 1


async def test_the_main_hall_jump_picks_a_tile():
    session = bluemoon_session(expansion=True)
    hall = cell_of(session, "main_hall")
    arrange(session, at=hall, hand={"te1": 1})
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        await pilot.press("s", "x")
        assert board.city.target == ("extra", ())
        target = "c3"
        board.city.cell = target
        await pilot.press("enter")
        assert session.record.actions[-1] == f"extra {target}"
        assert GRID.name(session.state.players[0].pos) == target


async def test_undo_within_the_turn():
    # undo replays the record from the seed, so this test uses a seed where Ana (seat 0) starts
    seed = next(s for s in range(1, 50) if BLUEMOON.new_state(["Ana", "Bia"], {}, s).current_player == 0)
    session = bluemoon_session(seed=seed)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("u")
        assert "nothing to undo" in app.screen.prompt_bar.message.lower()
        await pilot.press("up", "enter", "s")
        assert session.record.actions == ["go c2", "stop"]
        assert ("u", "undo") in app.screen.key_bar.hints
        await pilot.press("u")
        assert session.record.actions == ["go c2"]
        assert session.state.phase == "move"
        await pilot.press("u")
        assert session.record.actions == []
        assert GRID.name(session.state.players[0].pos) == "c3"
        assert session.state.steps == 2
        assert app.screen.board.city.cell == "c3"


async def test_curtain_between_two_human_seats_hides_the_hands():
    session = bluemoon_session(kinds=("human", "human"))
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        game_screen = app.screen_stack[-2]
        first = session.state.current_player
        name = session.record.seats[first].name
        assert f"Pass to {name}" in str(app.screen.query_one("#curtain").content)
        assert all(p["hand"] is None for p in game_screen.board.view["players"])
        await lift_curtain(pilot)
        assert isinstance(app.screen, GameScreen)
        hand = session.state.view(first)["players"][first]["hand"]
        assert " ".join(hand) in board_text(app)
        await pilot.press("s", "e", "d")
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        other = session.record.seats[1 - first].name
        assert f"Pass to {other}" in str(app.screen.query_one("#curtain").content)
        assert all(p["hand"] is None for p in game_screen.board.view["players"])
        assert "Hand" not in game_screen.board.text().plain


async def test_clicks_select_then_confirm():
    session = bluemoon_session()
    arrange(session)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        row, start = next((y, s) for y, spans in board.city.canvas.hits.items() for s, _e, h in spans
                          if h.kind == "cell" and h.a == "b3")
        await pilot.click(board.city, offset=(start, row))
        assert board.city.cell == "b3" and session.record.actions == []
        await pilot.click(board.city, offset=(start, row))
        assert session.record.actions == ["go b3"]


async def test_four_players_with_the_expansion_fit_80x24():
    session = bluemoon_session(names=("Ana", "Bia", "Caio", "Duda"), expansion=True, seed=4)
    arrange(session)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        lines = board_text(app).split("\n")
        assert max(len(line) for line in lines) <= 80
        assert len(lines) <= 18  # the log keeps a few lines
        assert app.screen.board.region.height == len(lines)
        text = "\n".join(lines)
        for name in ("Ana", "Bia", "Caio", "Duda"):
            assert name in text
        assert "Main Hall" in text and "Obelisk" in text


async def test_larger_terminals_show_more():
    session = bluemoon_session(names=("Ana", "Bia", "Caio", "Duda"), expansion=True, seed=4)
    arrange(session)
    app = app_for(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = board_text(app)
        assert "Monastery Tower" in text or "City Residence" in text  # full names
        assert "maj " in text  # the majority and construction bonuses on the tiles
        assert "─" in text


async def test_ascii_mode_has_no_glyphs():
    session = bluemoon_session(names=("Ana", "Bia", "Caio"), expansion=True, seed=2)
    arrange(session)
    app = app_for(session, ascii=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = board_text(app)
        assert text.isascii()
        assert "|" in text


async def test_replay_draws_the_city_without_any_hand():
    session = bluemoon_session(names=("Ana", "Bia", "Caio"), expansion=True, seed=5)
    bot = make_bot("random", BLUEMOON, 5)
    for ply in range(80):
        session.apply(bot.choose(session.state, ply))
    app = BoardgamesApp(replay=session.record, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, ReplayScreen)
        await pilot.press("end")
        board = app.screen.board
        assert board.view == session.state.view(None)
        text = board.text().plain
        assert "Obelisk" in text and "(hidden)" in text
        assert all(" ".join(p.hand) not in text for p in session.state.players if len(p.hand) > 2)

"""Pilot tests: real Above and Below turns by keys (an outpost on a won cave card, training, buying from a seller
who refuses and one who accepts, goods on the progress track, a round end with potions, cider and beds),
checked on the engine state. The board itself and the explore are in test_abovebelow_board.py."""

from __future__ import annotations

from boardgames.games.abovebelow.data import shared_rules

from .helpers import app_for, board_text, wait_until
from .screen_text import screen_text
from .test_abovebelow_board import ab_session


def said(app) -> str:
    """The screen's text with its lines joined (a long notice wraps)."""
    return " ".join(screen_text(app).split())


def vname(villager: str) -> str:
    return shared_rules().villager[villager].name


def ready(state, seat: int, villager: str) -> None:
    """Make ``villager`` of ``seat`` ready (wherever it is)."""
    player = state.players[seat]
    for pile in (player.exhausted, player.injured):
        if villager in pile:
            pile.remove(villager)
    if villager not in player.ready:
        player.ready.append(villager)


async def test_build_an_outpost_on_a_won_cave_card():
    session = ab_session(seed=3)
    state = session.state
    ana = state.players[0]
    cave = state.cave_top
    state.caves.draw(state.rng)  # Ana won this cave card earlier
    state.reveal_cave_top()
    ana.caves.append([cave, None])
    ana.coins = 30
    outpost = state.outpost_row[0]
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        await pilot.press("b")
        assert session.record.actions[-1] == "build" and session.state.phase == "worker"
        assert vname("ana_hammer") in board_text(app)  # the list names the villager who builds
        await pilot.press("enter")
        assert session.record.actions[-1] == "use ana_hammer" and session.state.phase == "build"
        assert board.active is board.rows  # the rows take the keys; the cursor on the first card to build
        assert board.rows.row == 1  # the house row
        await pilot.press("down")
        assert board.rows.row == 2 and "outpost" in board.status.render().plain
        await pilot.press("home", "enter")
        assert session.record.actions[-1] == f"outpost {outpost} {cave}"
        assert [cave, outpost] in session.state.players[0].caves
        assert outpost in session.state.players[0].buildings


async def test_train_a_villager_from_the_row():
    session = ab_session(seed=5)
    first = session.state.villager_row[0]
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        await pilot.press("t", "enter")
        assert session.record.actions[-2:] == ["train", "use fen_quill"]
        assert board.active is board.rows and board.rows.row == 0
        assert "Slot 1" in board.status.render().plain
        await pilot.press("enter")
        assert session.record.actions[-1] == "slot 1"
        ana = session.state.players[0]
        assert first in ana.exhausted and "fen_quill" in ana.exhausted
        assert ana.coins == 7 - shared_rules().components.villager_row[0]


async def test_buy_from_a_seller_who_refuses_then_from_one_who_accepts():
    session = ab_session(count=3, seed=2)
    state = session.state
    for seat, good in ((1, "fish"), (2, "rope")):
        state.players[seat].for_sale = good
        state.supply[good] -= 1
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        assert "fi" in board_text(app) and "ro" in board_text(app)  # the items for sale in the table
        await pilot.press("y")
        assert board.active is board.moves and board.moves.only  # only the offers are listed
        assert all(board.label(i).startswith("Offer") for i in board.moves.shown())
        await pilot.press("enter")  # the first: Bo's fish for 3 coins
        assert session.record.actions[-1] == "buy 1 3"
        assert session.state.phase == "offer" and session.state.current_player == 1
        await wait_until(pilot, lambda: board.interactive and board.seat == 1)
        assert "a" in dict(board.key_hints()) and "r" in dict(board.key_hints())
        assert board.moves.heading() == ["Bo decides."]  # the keyboard goes to the seller: the panel says so
        assert "Bo decides." in board_text(app)
        await pilot.press("r")
        assert session.record.actions[-1] == "refuse"
        assert session.state.players[1].for_sale == "fish" and session.state.players[0].coins == 7
        # Ana again: Bo is asked no more this turn; Cy's rope through the players table
        await wait_until(pilot, lambda: board.seat == 0 and session.state.phase == "turn")
        while board.active is not board.players:
            await pilot.press("tab")
        await pilot.press("3", "enter")
        assert board.active is board.moves and "Cy" in board.moves.only_title
        await pilot.press("down", "enter")  # 4 coins
        assert session.record.actions[-1] == "buy 2 4"
        await pilot.press("a")
        assert session.record.actions[-1] == "accept"
        ana, cy = session.state.players[0], session.state.players[2]
        assert ana.goods.get("rope") == 1 and ana.coins == 3 and cy.coins == 8 + 4 and cy.for_sale is None


async def test_put_goods_on_the_progress_track():
    session = ab_session(seed=4)
    ana = session.state.players[0]
    ana.goods = {"mushroom": 2, "fish": 1}
    for good, n in ana.goods.items():
        session.state.supply[good] -= n
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        assert "mu2 fi1" in board_text(app)
        await pilot.press("g")
        labels = [board.label(i) for i in board.moves.shown()]
        assert labels and all("progress track" in label for label in labels)
        target = next(k for k, label in enumerate(labels) if "mushroom" in label)
        await pilot.press(str(target + 1), "enter")
        assert session.record.actions[-1] == "track mushroom"
        assert session.state.players[0].track == [["mushroom", 1]]
        assert "mu1" in board_text(app).split("track ")[1]  # the stack on the track, left to right


async def test_a_round_end_with_potions_cider_and_beds():
    session = ab_session(seed=6)
    state = session.state
    ana = state.players[0]
    # Ana: Fen injured, Pip and Ana exhausted; a potion and a cider; the starting house's 3 beds
    ana.ready, ana.exhausted, ana.injured = [], ["ana_hammer", "pip_explorer"], ["fen_quill"]
    ana.potions, ana.cider = 1, 1
    state.potions -= 1
    state.cider -= 1
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        await pilot.press("p")  # Ana passes
        await wait_until(pilot, lambda: session.state.current_player == 1)
        await pilot.press("p")  # Bo passes: the round ends
        await wait_until(pilot, lambda: session.state.phase == "refresh" and session.state.current_player == 0)
        await pilot.pause()
        assert board.active is board.refresh_part
        assert "potions" in board_text(app) and "hurt" in board_text(app)
        await pilot.press("p")  # the cursor is on the injured Fen
        assert session.record.actions[-1] == "potion fen_quill"
        assert "fen_quill" in session.state.players[0].exhausted
        # the list is injured, exhausted, ready: Fen moved down a line and the cursor went with Fen
        assert board.status.render().plain.startswith(vname("fen_quill"))
        await pilot.press("c")
        assert session.record.actions[-1] == "cider fen_quill"
        await pilot.press("up")  # Fen is ready and last; Pip above
        await pilot.press("b")
        assert session.record.actions[-1] == "bed pip_explorer"
        assert "(in bed)" in board_text(app)
        await pilot.press("b")  # the cursor went on to the next villager a bed can take: Ana
        assert session.record.actions[-1] == "bed ana_hammer"
        await pilot.press("d")
        await wait_until(pilot, lambda: session.state.phase != "refresh" or session.state.current_player != 0)
        ana = session.state.players[0]
        assert sorted(ana.ready) == ["ana_hammer", "fen_quill", "pip_explorer"]
        assert ana.potions == 0 and ana.cider == 0
        assert session.state.round == 2 or session.state.phase == "refresh"
        assert "Round" in screen_text(app)


async def test_the_next_players_refresh_starts_on_the_first_villager():
    """Ana leaves her cursor on her second villager; Bo's refresh starts on his first, so his cider goes where
    his first key points (Brom), not to the second line (Ivy)."""
    session = ab_session(seed=6)
    state = session.state
    ana, bo = state.players
    ana.ready, ana.exhausted, ana.injured = [], ["ana_hammer", "fen_quill", "pip_explorer"], []
    bo.ready, bo.exhausted, bo.injured = ["wren_explorer"], ["brom_hammer", "ivy_quill"], []
    bo.cider = 1
    state.cider -= 1
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        await pilot.press("p")
        await wait_until(pilot, lambda: session.state.current_player == 1)
        await pilot.press("p")
        await wait_until(pilot, lambda: session.state.phase == "refresh" and session.state.current_player == 0)
        await pilot.pause()
        await pilot.press("down", "d")  # Ana's cursor on Fen, and done
        await wait_until(pilot, lambda: session.state.phase == "refresh" and session.state.current_player == 1)
        await pilot.pause()
        assert board.status.render().plain.startswith(vname("brom_hammer"))
        await pilot.press("c")
        assert session.record.actions[-1] == "cider brom_hammer"


async def test_after_an_injury_the_dice_cursor_goes_on_to_the_next_villager():
    """Guards: injuring a villager moved it to the end of the dice list and the cursor followed it, so a second
    ``i`` answered "already injured"; now the cursor goes on to the next villager that can be injured."""
    session = ab_session(seed=1)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        await pilot.press("e", "space", "down", "down", "space", "enter")
        assert session.record.actions[-3:] == ["add ana_hammer", "add pip_explorer", "go"]
        await wait_until(pilot, lambda: session.state.phase == "encounter")
        await pilot.press("1", "1")
        await wait_until(pilot, lambda: session.state.phase == "dice")
        await pilot.pause()
        assert board.active is board.dice
        await pilot.press("i")
        assert session.record.actions[-1] == "injure ana_hammer"
        assert board.status.render().plain.startswith(vname("pip_explorer"))  # on to the next one
        await pilot.press("i")
        assert session.record.actions[-1] == "injure pip_explorer"


async def test_a_refused_refresh_key_says_why():
    """A letter that asks for a move the rules forbid says which rule: the whole reason, per case."""
    session = ab_session(seed=6)
    state = session.state
    ana = state.players[0]
    ana.ready, ana.exhausted, ana.injured = [], ["ana_hammer", "pip_explorer"], ["fen_quill"]
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("p")
        await wait_until(pilot, lambda: session.state.current_player == 1)
        await pilot.press("p")
        await wait_until(pilot, lambda: session.state.phase == "refresh" and session.state.current_player == 0)
        await pilot.pause()
        fen = vname("fen_quill")
        board = app.screen.board
        await pilot.press("c")  # the cursor on the injured Fen
        await pilot.pause()
        assert f"Only exhausted villagers take cider: {fen} is injured" in said(app)
        await pilot.press("down", "c")
        await pilot.pause()
        assert "You have no cider." in said(app)
        await pilot.press("up", "b")
        assert session.record.actions[-1] == "bed fen_quill"
        while not board.status.render().plain.startswith(fen):  # the cursor went on to the next for a bed
            await pilot.press("down")
        await pilot.press("b")
        await pilot.pause()
        assert f"{fen} already used a bed this round." in said(app)
        await pilot.press("p")
        await pilot.pause()
        assert f"Potions are for injured villagers: {fen} is not injured." in said(app)
        await pilot.press("c")
        await pilot.pause()
        assert "Cider comes before beds: it is too late for cider now." in said(app)
        assert session.record.actions[-1] == "bed fen_quill"  # nothing refused was sent


async def test_a_refused_reroll_says_why():
    session = ab_session(seed=1)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("e", "space", "down", "down", "space", "enter")
        await wait_until(pilot, lambda: session.state.phase == "encounter")
        await pilot.press("1", "1")
        await wait_until(pilot, lambda: session.state.phase == "dice")
        await pilot.pause()
        await pilot.press("r")  # no building with a reroll symbol
        await pilot.pause()
        assert "No rerolls left: each reroll symbol on your buildings gives one per encounter." in said(app)
        await pilot.press("i", "end", "i")  # the injured villager went last
        await pilot.pause()
        assert f"{vname('ana_hammer')} is injured for a lantern already." in said(app)


async def test_the_log_never_gives_a_villager_a_players_name():
    """Ana explores with her starting villagers: the log tells the player from the villagers (no default player
    name is a villager's), and both Mechanical Men go by their rulebook name."""
    session = ab_session(seed=1)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("e", "space", "down", "down", "space")
        await pilot.pause()
        assert session.record.actions[-2:] == ["add ana_hammer", "add pip_explorer"]
        text = said(app)
        assert "Ana puts Ana" not in text
        assert f"Ana puts {vname('ana_hammer')} in the party." in text
    players = {"Ana", "Bia", "Bo", "Caio", "Duda", "Cy", "Di"}  # the README's, the tests' and the setup's names
    assert not players & {v.name for v in shared_rules().villager.values()}
    assert vname("mechanical_man_1") == vname("mechanical_man_2") == "Mechanical Man"


async def refresh_of(pilot, session) -> None:
    """Both seats pass: Ana's refresh at the round's end."""
    await pilot.press("p")
    await wait_until(pilot, lambda: session.state.current_player == 1)
    await pilot.press("p")
    await wait_until(pilot, lambda: session.state.phase == "refresh" and session.state.current_player == 0)
    await pilot.pause()


async def test_the_same_refresh_key_repeats_down_the_list_and_home_end_jump():
    """Guards: after ``p`` the cursor followed the villager down the list and a second ``p`` answered that it is
    not injured; now the cursor goes on to the next villager that can take the same."""
    session = ab_session(seed=6)
    state = session.state
    ana = state.players[0]
    ana.ready, ana.exhausted, ana.injured = [], ["ana_hammer"], ["fen_quill", "pip_explorer"]
    ana.potions, ana.cider = 2, 2
    state.potions -= 2
    state.cider -= 2
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await refresh_of(pilot, session)
        board = app.screen.board
        await pilot.press("end")
        assert board.refresh_part.cursor == 2
        await pilot.press("home", "p", "p")
        assert session.record.actions[-2:] == ["potion fen_quill", "potion pip_explorer"]
        await pilot.press("home", "c", "c")  # no potions left: the cider's turn
        assert session.record.actions[-2] == "cider ana_hammer"
        assert session.record.actions[-1] in ("cider fen_quill", "cider pip_explorer")
        assert len(session.state.players[0].ready) == 2


async def test_the_build_picker_starts_on_the_first_affordable_card_and_says_what_is_too_dear():
    """Guards: a build started where the rows' cursor was left; Enter on a dear card did not say its price; a
    digit in the rows went to that place in the row, not to the card of that move in the list beside."""
    session = ab_session(seed=3)
    session.state.players[0].coins = 5  # the house row: Guest House 7, Cider Press 5, Bunkhouse 4, Schoolhouse 6
    row = list(session.state.house_row)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        while board.active is not board.rows:
            await pilot.press("tab")
        await pilot.press("down", "right", "right")  # a look at the Bunkhouse during the turn
        assert (board.rows.row, board.rows.cursor) == (1, 2)
        await pilot.press("enter")
        await pilot.pause()
        assert "Press b to build first" in said(app)
        await pilot.press("b", "enter")
        assert session.state.phase == "build" and board.active is board.rows
        assert (board.rows.row, board.rows.cursor) == (1, 1)  # Cider Press: the first card Ana can pay for
        await pilot.press("home", "enter")
        await pilot.pause()
        guest = shared_rules().building[row[0]]
        assert f"{guest.name} costs {guest.cost} coins and you have 5." in said(app)
        assert session.state.phase == "build"  # nothing sent
        await pilot.press("2")  # the list beside: 1 Cider Press, 2 Bunkhouse, 3 Back
        assert (board.rows.row, board.rows.cursor) == (1, 2)
        await pilot.press("3")
        await pilot.pause()
        assert "Move 3 is not a card in the rows" in said(app) and board.rows.cursor == 2
        await pilot.press("enter")
        assert session.record.actions[-1] == f"card {row[2]}"



async def enter_on_the_first_outpost(session) -> str:
    """Ana builds with her hammer villager and presses Enter on the outpost row's first card: what is said."""
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        await pilot.press("b", "enter")
        assert session.state.phase == "build" and board.active is board.rows
        await pilot.press("down", "home", "enter")
        await pilot.pause()
        assert session.state.phase == "build"  # nothing sent
        return said(app)


async def test_enter_on_an_outpost_says_why_it_cannot_be_built():
    """The rows send the build they mean and show the rules' reason: with no open cave card the outpost has
    nowhere to go; with one, its price against the coins (outposts 6, 10, 6, 6; the cheapest house 4)."""
    session = ab_session(seed=3)
    session.state.players[0].coins = 4
    assert "An outpost goes on a cave card you won that has no outpost yet: you have none." in \
        await enter_on_the_first_outpost(session)
    session = ab_session(seed=3)
    state = session.state
    state.players[0].coins = 4
    cave = state.cave_top
    state.caves.draw(state.rng)  # Ana won this cave card earlier
    state.reveal_cave_top()
    state.players[0].caves.append([cave, None])
    outpost = state.rules.building[state.outpost_row[0]]
    assert f"{outpost.name} costs 6 coins and you have 4." in await enter_on_the_first_outpost(session)

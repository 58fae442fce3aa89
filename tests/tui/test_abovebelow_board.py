"""Pilot tests: Above and Below's board, read at 80x24 and 120x40 and played by keys, checked on the engine state.
An explore by keys (party, encounter, roll, reroll, injury, the reward read out after the roll) is here; the
other actions (outpost, train, buy, track, round end) are in test_abovebelow_play.py."""

from __future__ import annotations

import itertools

from boardgames.core.bots import make_bot
from boardgames.core.record import Seat
from boardgames.core.session import Session
from boardgames.games.abovebelow.board import AboveBelowBoard
from boardgames.games.abovebelow.board.common import villager_chip
from boardgames.games.abovebelow.data import shared_rules
from boardgames.games.abovebelow.explore import reward_text
from boardgames.games.abovebelow.game import ABOVEBELOW
from boardgames.home import default_store
from boardgames.tui.screens.game import GameScreen
from boardgames.tui.screens.help import HelpScreen, help_source

from .helpers import app_for, board_text, fits_80x24, illegal_submits, sized
from .screen_text import screen_text

NAMES = ("Ana", "Bo", "Cy", "Di")


def ab_session(count=2, seed=1, kinds=None, names=NAMES) -> Session:
    kinds = kinds or ["human"] * count
    seats = [Seat(name, kind) for name, kind in zip(names[:count], kinds)]
    return Session.new(ABOVEBELOW, seats, {}, seed=seed, autosave=False, store=default_store())


def played(session: Session, plies: int, phase: str = "turn", seat: int = 0) -> Session:
    """Random moves for ``plies`` plies, then on until ``seat`` faces ``phase``."""
    bot = make_bot("random", ABOVEBELOW, session.record.seed)
    ply = 0
    while ply < plies or session.state.current_player != seat or session.state.phase != phase:
        session.apply(bot.choose(session.state, ply))
        ply += 1
    return session


def simple_explore_seed() -> tuple[int, int]:
    """A seed whose first explore (Ana and Pip) reads an encounter with a choice whose first threshold pays
    only coins, goods or reputation; and that choice's number."""
    for seed in range(1, 200):
        state = ab_session(seed=seed).state
        for name in ("explore", "add ana_hammer", "add pip_explorer", "go"):
            state.apply(ABOVEBELOW.parse_action(name))
        encounter = shared_rules().encounter[state.explore.encounter]
        for number, choice in enumerate(encounter.choices, 1):
            reward = choice.thresholds[0].reward
            simple = not (reward.followup or reward.building or reward.villager or reward.cave_card)
            if simple and not any(m.pay for m in choice.modifiers):
                return seed, number
    raise AssertionError("no seed found")


def rewards_of(encounter_id: int) -> list[str]:
    encounter = shared_rules().encounter[encounter_id]
    return [reward_text(t.reward) for choice in encounter.choices for t in choice.thresholds]


async def test_the_board_fits_80x24_with_four_players():
    session = played(ab_session(count=4, seed=3), 40)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = fits_80x24(app, NAMES)
        screen = text.split("\n")
        assert "Round " in text and "Train " in text and "House " in text and "Outpt " in text
        assert "ready " in text and "goods " in text and "track " in text
        assert any(line.strip() for line in screen[19:21])  # the log still has lines


async def test_a_tall_terminal_shows_the_reputation_track_and_buildings():
    session = played(ab_session(count=3, seed=4), 30)
    app = app_for(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        assert all(len(line) <= 120 for line in text.split("\n"))
        assert "Reputation " in text and "VP" in text
        starting = shared_rules().building[session.state.players[1].buildings[0]].name
        assert starting[:10] in text


async def test_ascii_mode_draws_only_ascii_in_every_phase():
    session = ab_session(count=3, seed=7, names=("João", "Zoë", "Ana"))
    app = app_for(session, ascii=True)
    bot = make_bot("random", ABOVEBELOW, 7)
    phases = set()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        for ply in range(400):
            state = session.state
            if state.is_over:
                break
            seat = state.current_player
            # each phase's first position is drawn, then every 5th move (the long run: every move)
            if state.phase in phases and ply % sized(5, 1):
                session.apply(bot.choose(state, ply))
                continue
            board.labels = [state.label(a) for a in state.legal_actions()]
            board.show(state.view(seat), state.legal_actions(), seat, True)
            phases.add(state.phase)
            drawn = board.text().plain
            keys = " ".join(f"{key} {label}" for key, label in board.key_hints())
            assert drawn.isascii(), (state.phase, {ch for ch in drawn if not ch.isascii()})
            assert keys.isascii(), keys
            session.apply(bot.choose(state, ply))
    assert {"turn", "party", "encounter", "dice"} <= phases


async def test_explore_by_keys_party_encounter_reroll_injure_and_the_reward_after_the_roll():
    seed, number = simple_explore_seed()
    session = ab_session(seed=seed)
    state = session.state
    state.players[0].buildings.append("h03")  # Dice Carver's Den: one reroll an encounter
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        await pilot.press("e")
        assert session.record.actions[-1] == "explore" and board.active is board.party
        # a party of two by space, down, space; Enter sets out
        await pilot.press("enter")
        assert session.state.phase == "party"  # too few: nothing sent
        await pilot.press("space", "down", "down", "space")
        assert session.record.actions[-2:] == ["add ana_hammer", "add pip_explorer"]
        assert "[x]" in board.party.render().plain
        await pilot.press("enter")
        assert session.record.actions[-1] == "go" and session.state.phase == "encounter"
        encounter = session.state.explore.encounter
        text = screen_text(app)
        title = shared_rules().encounter[encounter].title
        assert title in text and "lanterns" in text
        assert not any(reward in text for reward in rewards_of(encounter))  # rewards hidden before the roll
        assert board.active is board.encounter
        await pilot.press(str(number))
        assert session.record.actions[-1] == "go"  # a digit points; the same digit again chooses
        await pilot.press(str(number))
        assert session.record.actions[-1] == f"choose {number}" and session.state.phase == "dice"
        assert board.active is board.dice
        assert "Lanterns" in board_text(app)
        # a reroll of the first villager's die
        await pilot.press("r")
        assert session.record.actions[-1] == "reroll ana_hammer"
        assert session.state.rerolls_left(0) == 0
        # dice one lantern short of the first threshold, then injure Ana for the lantern
        live = session.state
        need = shared_rules().encounter[encounter].choices[number - 1].thresholds[0].lanterns
        for dice in itertools.product(range(1, 7), repeat=2):
            live.explore.dice = dict(zip(("ana_hammer", "pip_explorer"), dice))
            if live.lanterns(0) == need - 1:
                break
        else:
            raise AssertionError("no dice one short")
        await pilot.press("i")
        assert session.record.actions[-1] == "injure ana_hammer"
        assert "ana_hammer" in session.state.players[0].injured or "ana_hammer" in session.state.explore.injured
        await pilot.press("d")
        assert session.record.actions[-1] == "done"
        player = session.state.players[0]
        assert player.caves and player.caves[0][1] is None  # the card kept: a site for an outpost
        reward = reward_text(shared_rules().encounter[encounter].choices[number - 1].thresholds[0].reward)
        assert "met" in board.result and reward in board.result  # the reward read out after the roll
        assert board.result[:20] in board_text(app)  # on the panel's first line
        items = reward.replace(" and ", ", ").split(", ")
        assert all(item in board_text(app) for item in items)  # each count whole with its name


async def test_escape_gives_up_forming_a_party():
    session = ab_session(seed=2)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("e", "space", "escape")
        assert session.record.actions[-1] == "back" and session.state.phase == "turn"
        assert isinstance(app.screen, GameScreen)


async def test_random_keys_never_submit_an_illegal_action():
    session = ab_session(count=3, seed=11)
    app = app_for(session)
    keys = ["up", "down", "left", "right", "j", "k", "enter", "space", "tab", "shift+tab", "e", "b", "h", "t",
            "l", "p", "s", "x", "y", "w", "g", "a", "r", "i", "d", "c", "pageup", "pagedown",
            *"0123456789", *["enter"] * 6, *["space"] * 3]
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        wrong = await illegal_submits(pilot, app, session, keys, sized(100, 200))  # the long run 200
    assert not wrong
    assert len(session.record.actions) > 10  # the keys played the game on


async def test_help_lists_the_boards_keys_and_symbols():
    session = ab_session()
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("question_mark")
        assert isinstance(app.screen, HelpScreen)
    source = help_source(ABOVEBELOW, AboveBelowBoard.help_keys(), AboveBelowBoard.HELP_NOTES)
    assert "Reading the board" in source and "explore, build, harvest" in source
    assert "`buy 2 4`" in ABOVEBELOW.help_text()


async def test_snapshot_four_players_turn_80x24():
    """SVG snapshots (tests/tui/snapshots; UPDATE_SNAPSHOTS=1 rewrites them, as for the other games)."""
    from .test_snapshots import check

    session = played(ab_session(count=4, seed=5, kinds=["human"] + ["bot:random"] * 3), 80)
    await check(app_for(session), "abovebelow-4p-turn-80x24")


async def test_snapshot_three_players_encounter_120x40():
    from .test_snapshots import check

    session = ab_session(count=3, seed=8, kinds=["human", "bot:random", "bot:random"])
    for move in ("explore", "add ana_hammer", "add pip_explorer", "go"):
        session.apply(ABOVEBELOW.parse_action(move))
    await check(app_for(session), "abovebelow-3p-encounter-120x40", size=(120, 40))


def test_a_points_per_coins_card_reads_5_coins_never_its_table_key():
    from boardgames.games.abovebelow.board.common import card_symbols, card_words

    card = next(c for c, b in shared_rules().building.items()
                if b.effects.vp_per is not None and "coin5" in b.effects.vp_per.things)
    assert "1 VP per 5 coins" in card_words(card) and "coin5" not in card_words(card)
    assert "vp/5$" in card_symbols(card, False)


def test_the_readme_and_the_help_tell_a_new_player_what_the_board_shows():
    """The README lists the game with its keys; the help's buy notation names the player as the board numbers
    them (1, 2, 3), not only by the notation's seat counted from 0."""
    from pathlib import Path

    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    assert "Above and Below (`abovebelow`)" in readme and "| Above and Below | **a turn**: `e` explore" in readme
    source = help_source(ABOVEBELOW, AboveBelowBoard.help_keys(), AboveBelowBoard.HELP_NOTES)
    assert "player 3 on the board" in source and "seat 2's item" not in source


async def test_at_80x24_the_village_shows_open_caves_and_every_villager_whole():
    """A crowded village in a 4-player game: the open caves (the sites for an outpost) keep their whole names on a
    line of their own, and every villager chip shows whole (the Mechanical Man's own-bed mark too): the card
    names are the ones cut."""
    session = ab_session(count=4, seed=5)
    ana = session.state.players[0]
    ana.buildings += ["h25", "o09", "h07", "k08", "h05"]
    ana.caves += [["c08", None], ["c13", "o09"], ["c11", None]]
    ana.ready += ["mechanical_man_1", "brannoc"]
    ana.exhausted += ["corvin"]
    ana.injured += ["garrick"]
    ana.card_goods["h07"] = {"fruit": 1}
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.screen.board
        village = board.village.render().plain
        said = " ".join(village.split())
        for cave in ("c08", "c11"):
            assert shared_rules().cave[cave].name in said
        for villager in [*ana.ready, *ana.exhausted, *ana.injured]:
            chip = villager_chip(villager, names=False)  # the skills and explore faces (a name may be shortened)
            assert chip in said, chip
        assert "⌂2" in said
        assert all(len(line) <= board.village.width for line in village.split("\n"))
        assert board.region.height <= 18  # the log keeps its lines


async def test_at_80x24_the_top_line_and_the_refresh_heading_keep_their_facts():
    """While exploring, the top line still says the round, the first player, the cave and the cider (in fewer
    words); the refresh heading says the beds left."""
    session = ab_session(seed=1)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("e", "space", "down", "down", "space", "enter")
        await pilot.pause()
        top = screen_text(app).split("\n")[0]
        cave = shared_rules().cave[session.state.explore.cave].name
        assert "1/7" in top and "first Ana" in top and f"exploring {cave}" in top and "cider" in top
    session = ab_session(seed=6)
    session.state.players[0].potions = 1
    session.state.potions -= 1
    session.state.players[0].injured = session.state.players[0].ready[:1]
    del session.state.players[0].ready[:1]
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
        await pilot.press("p")
        await pilot.pause()
        assert session.state.phase == "refresh"
        assert "beds 3" in board_text(app)


async def test_a_bots_encounter_is_read_on_the_board_while_it_decides_with_no_reward_shown():
    """Everyone may read another seat's encounter (it is public); the rewards stay hidden until its roll."""
    session = ab_session(kinds=["human", "bot:greedy"], seed=2)
    state = session.state
    for name in ("explore", "add ana_hammer", "add pip_explorer", "go"):  # Ana explores...
        session.apply(ABOVEBELOW.parse_action(name))
    session.apply(state.legal_actions()[0])
    while state.phase != "turn" or state.current_player != 1:  # ...then plays on by the bot until Bo's turn
        session.apply(make_bot("random", ABOVEBELOW, 1).choose(state, 0))
    bo = [v for v in state.players[1].ready][:2]
    for name in ("explore", *(f"add {v}" for v in bo), "go"):
        session.apply(ABOVEBELOW.parse_action(name))
    assert state.phase == "encounter" and state.current_player == 1
    encounter = shared_rules().encounter[state.explore.encounter]
    app = app_for(session, bot_delay=60)  # Bo, a bot, has not chosen yet
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = board_text(app)
        assert encounter.title in text and encounter.choices[0].label[:20] in text
        for reward in rewards_of(state.explore.encounter):
            assert reward not in text
    session.apply(ABOVEBELOW.parse_action("choose 1"))  # the bot chose: its dice are on the board too
    assert state.phase == "dice"
    app = app_for(session, bot_delay=60)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = board_text(app)
        assert "Lanterns" in text and all(state.rules.villager[v].name in text for v in bo)
        for reward in rewards_of(state.explore.encounter):
            assert reward not in text


async def test_a_follow_up_encounters_header_shows_no_entry_die():
    """Guards: a follow-up read on to after a success carried the entry die in its header, as if the die had
    chosen it."""
    from .helpers import wait_until

    session = ab_session(seed=1)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("e", "space", "down", "down", "space", "enter")
        await wait_until(pilot, lambda: session.state.phase == "encounter")
        await pilot.pause()
        die = session.state.explore.entry_die
        assert f"(entry die {die})" in board_text(app)
        follow = min(k for k in shared_rules().encounter if k > 100)
        session.state.explore.encounter = follow  # as a reward's follow-up leaves it
        app.screen.after_change()
        await pilot.pause()
        text = board_text(app)
        assert shared_rules().encounter[follow].title in text and "entry die" not in text

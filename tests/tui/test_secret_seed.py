"""No seat can deal again what another holds (issue 33 item 1).

For every game with hidden hands, at one keyboard and at a table shared by two terminals, an attacker takes what
one seat sees: the set-up form (after trying to type a seed into it and asking for a new one), the lobby, the
table's room, its game screen, help and log, and its own view of the game. It then tries every number read
there, and every small seed, as the game's seed: a seed that deals exactly the view the seat has would give it
every other hand. None does. (Before, the form showed the seed, drawn below a million, and took a typed one.)
"""

from __future__ import annotations

import re
import stat

import pytest

from boardgames.core.engine import Game, State
from boardgames.core.record import Record, Seat, read_record
from boardgames.core.registry import all_games, get_game
from boardgames.tui.app import BoardgamesApp
from boardgames.tui.screens.curtain import CurtainScreen
from boardgames.tui.screens.game import GameScreen
from boardgames.tui.screens.replay import ReplayScreen
from boardgames.tui.screens.setup import SetupScreen
from boardgames.tui.screens.tablegame import TableScreen
from boardgames.tui.screens.tableroom import TableRoomScreen
from tests.review_records import played

from .helpers import lift_curtain, sized, wait_until
from .screen_text import screen_text
from .test_tables_ui import SIZE, join_first_table, make_table, set_choice, type_text

#: the games whose seats hold secrets
HIDDEN = [game.id for game in all_games() if game.has_private_info]
#: the seeds the attacker tries besides the numbers it read: the small ones a person would type (below 1,000 in
#: the long run; the seed typed into the form is tried besides)
SMALL = range(sized(100, 1000))
#: what the attacker types into the seed field
TYPED = "4242"


def test_the_games_with_hidden_hands_are_the_ones_the_issue_names():
    assert sorted(HIDDEN) == ["bluemoon", "lemuria"]


def numbers(texts: list[str]) -> set[int]:
    return {int(found) for text in texts for found in re.findall(r"\d+", text)}


def recover(game: Game, record: Record, seat: int, seen: dict, candidates: set[int],
            deals: dict[int, State]) -> State | None:
    """The deal of a candidate seed that gives ``seat`` exactly the view it saw (so the attacker reads every other
    hand in it), or None. ``deals`` keeps the deals made, by seed, for the other seats' attacks on this game."""
    names = [player.name for player in record.seats]
    for seed in sorted(candidates):
        dealt = deals.get(seed)
        if dealt is None:
            dealt = deals[seed] = game.new_state(names, record.options, seed)
        if dealt.view(seat) == seen:
            return dealt
    return None


def check_no_recovery(record: Record, seat: int, texts: list[str], deals: dict[int, State] | None = None) -> None:
    """``seat``, having read ``texts``, cannot find the deal, though knowing the seed would give it at once."""
    game = get_game(record.game)
    deals = {} if deals is None else deals
    dealt = game.new_state([player.name for player in record.seats], record.options, record.seed)
    seen = dealt.view(seat)  # what the seat sees of the game before its first move: the board and its own hand
    other = next(other for other in range(len(record.seats)) if other != seat and not record.seats[other].is_bot)
    known = recover(game, record, seat, seen, {record.seed}, deals)
    assert known is not None and known.view(other) == dealt.view(other), "the attack finds the hand from the seed"
    candidates = numbers(texts) | set(SMALL) | {int(TYPED)}
    found = recover(game, record, seat, seen, candidates, deals)
    assert found is None, f"seat {seat} deals the game again from what it saw"
    assert record.seed >= 2**32, "the seed comes from a space small enough to search"


async def try_the_seed_field(pilot, app) -> tuple[list[str], list[str]]:
    """Type a seed into the form's seed field and ask for a new one; the screens read meanwhile. Each time the
    form keeps the field empty and says why."""
    form = app.screen
    seen = [screen_text(app)]
    form.query_one("#seed").focus()
    await pilot.pause()
    await type_text(pilot, TYPED)
    await pilot.pause()
    seen.append(screen_text(app))
    refusals = [form.last_message]
    form.message("")
    await pilot.press("ctrl+r")
    await pilot.pause()
    seen.append(screen_text(app))
    refusals.append(form.last_message)
    return seen, refusals


async def read_the_game(pilot, app) -> list[str]:
    """The game screen, its help and its whole log, as the seat at this terminal reads them."""
    seen = [screen_text(app)]
    for key in ("question_mark", "L"):
        screen = app.screen
        await pilot.press(key)
        await wait_until(pilot, lambda before=screen: app.screen is not before)
        seen.append(screen_text(app))
        await pilot.press("escape")
        await wait_until(pilot, lambda before=screen: app.screen is before)
    return seen


@pytest.mark.parametrize("game_id", HIDDEN)
async def test_at_one_keyboard_no_seat_can_find_the_seed(game_id):
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(SetupScreen(get_game(game_id)))
        await pilot.pause()
        seen, refusals = await try_the_seed_field(pilot, app)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, (GameScreen, CurtainScreen)))
        seen.append(screen_text(app))
        if isinstance(app.screen, CurtainScreen):
            await lift_curtain(pilot)
            await wait_until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.board.interactive)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        seat = screen.board.seat
        seen += await read_the_game(pilot, app)
        check_no_recovery(screen.session.record, seat, seen)
        assert all("cannot be typed" in refusal for refusal in refusals)


@pytest.mark.parametrize("game_id", HIDDEN)
async def test_at_a_shared_table_no_seat_can_find_the_seed(game_id, tmp_path):
    a, b = BoardgamesApp(bot_delay=0), BoardgamesApp(bot_delay=0)
    async with a.run_test(size=SIZE) as pa, b.run_test(size=SIZE) as pb:
        await make_table(pa, a, "Ana")
        await set_choice(pa, a, "table-game", game_id)
        game = get_game(game_id)
        await wait_until(pa, lambda: getattr(a.screen, "game", None) is game
                         and a.screen.query(f"#kind-{game.min_players - 1}"))
        await pa.pause(0.1)
        for seat in range(2, game.min_players):
            await set_choice(pa, a, f"kind-{seat}", "bot:greedy")
        ana, refusals = await try_the_seed_field(pa, a)
        await pa.press("enter")
        await wait_until(pa, lambda: isinstance(a.screen, TableRoomScreen))
        ana.append(screen_text(a))
        await pb.press("t")
        await wait_until(pb, lambda: type(b.screen).__name__ == "TablesScreen" and "Ana" in screen_text(b))
        bia = [screen_text(b)]
        b.pop_screen()
        await wait_until(pb, lambda: type(b.screen).__name__ == "MenuScreen")
        await join_first_table(pb, b, "Bia")
        bia.append(screen_text(b))
        await wait_until(pa, lambda: "Bia, here" in str(a.screen.query_one("#room-seats").render()))
        await pa.press("s")
        await wait_until(pa, lambda: isinstance(a.screen, TableScreen))
        await wait_until(pb, lambda: isinstance(b.screen, TableScreen), timeout=5)
        ana += await read_the_game(pa, a)
        bia += await read_the_game(pb, b)
        record = read_record(a.lobby.listings()[0].table.game_path)
        deals: dict[int, State] = {}  # the deals of the seeds both attacks try, made once
        check_no_recovery(record, 0, ana, deals)
        check_no_recovery(record, 1, bia, deals)
        assert all("cannot be typed" in refusal for refusal in refusals)


async def test_a_table_of_a_game_without_secrets_takes_no_typed_seed_either():
    """Typed at its maker's terminal alone, a table's seed would tell her every draw to come. The table's folder,
    which holds the seed, is its owner's alone."""
    a = BoardgamesApp(bot_delay=0)
    async with a.run_test(size=SIZE) as pa:
        await make_table(pa, a, "Ana")  # the form's first game
        assert not a.screen.game.has_private_info
        _seen, refusals = await try_the_seed_field(pa, a)
        assert all("cannot be typed" in refusal for refusal in refusals)
        await pa.press("enter")
        await wait_until(pa, lambda: isinstance(a.screen, TableRoomScreen))
        listing = a.lobby.listings()[0]
        assert listing.spec is not None and listing.spec.seed >= 2**32
        assert stat.S_IMODE(listing.table.folder.stat().st_mode) == 0o700  # no other account reads it


@pytest.mark.parametrize("over", [True, False])
async def test_the_replay_shows_the_seed_only_once_the_game_is_over(over):
    seed = 2**40 + 12345
    record = played("lemuria", [Seat("Ana"), Seat("Bia"), Seat("Cy")], seed=seed, stop_before=0 if over else 5)
    app = BoardgamesApp(bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        app.push_screen(ReplayScreen(record))
        await wait_until(pilot, lambda: isinstance(app.screen, ReplayScreen))
        await pilot.pause()
        assert (str(seed) in screen_text(app)) is over

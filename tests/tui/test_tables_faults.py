"""A shared table's screens under faults (issue 33, items 12, 14 and 15): two terminals of one player pressing
Enter at once, a garbage line in the table's save, a lock another process holds for ever. Each terminal says
the same thing, the event loop never waits for the lock, and play goes on when the fault clears."""

from __future__ import annotations

import fcntl
import os
import threading

from textual import events

from boardgames.core.record import read_record
from boardgames.lobby.play import SharedGame
from tests.lobby.helpers import ANA, BIA, make_table

from .helpers import wait_until
from .test_tables_play import SIZE, app_at, at_table, submit

#: a lock the test holds is let go after this long whatever happens, so a screen that waits for it on its
#: event loop fails the test instead of hanging it
SAFETY = 30.0


def moves(table) -> int:
    return len(read_record(table.game_path).actions)


async def test_two_terminals_of_one_player_answering_one_decision_make_one_move(tmp_path):
    """Guards: the second terminal read the first one's move before its own key (typed at the same moment)
    reached the board, which by then showed the next decision: the key answered it, a decision its player
    had not seen, and made a second move."""
    table = make_table(tmp_path, players=(ANA, BIA))
    first_seat = SharedGame(table, table.read(), ANA).session.state.current_player
    player = (ANA, BIA)[first_seat]
    apps = [app_at(tmp_path, player), app_at(tmp_path, player)]
    async with apps[0].run_test(size=SIZE) as pa, apps[1].run_test(size=SIZE) as pb:
        one, two = await at_table(pa, apps[0], table), await at_table(pb, apps[1], table)
        await wait_until(pa, lambda: one._deciding is not None)
        await wait_until(pb, lambda: two._deciding is not None)
        shown = two._deciding
        enter = events.Key("enter", "\r")  # typed on the second terminal now, as Enter is on the first
        submit(one)
        await wait_until(pa, lambda: moves(table) == 1)
        await wait_until(pb, lambda: two.shared.moves == 1)  # the second hears of it before its key arrives
        assert two._deciding is not None and two._deciding != shown  # the seat decides again
        apps[1].post_message(enter)
        await wait_until(pb, lambda: "moved on before your key arrived" in two.prompt_bar.message)
        await pb.pause(0.2)
        assert moves(table) == 1
        await pb.press("enter")  # typed now, on the decision on screen: it plays
        await wait_until(pb, lambda: moves(table) == 2)
        await wait_until(pa, lambda: one.shared.moves == 2)


async def test_a_garbage_line_is_named_on_every_screen_and_the_game_goes_on(tmp_path):
    """Guards: no terminal noticed a garbage line (the incremental reader skipped it) and the whole-file reader
    refused the save, so the finished game reached nobody."""
    table = make_table(tmp_path, players=(ANA, BIA))
    apps = [app_at(tmp_path, ANA), app_at(tmp_path, BIA)]
    async with apps[0].run_test(size=SIZE) as pa, apps[1].run_test(size=SIZE) as pb:
        screens = [await at_table(pa, apps[0], table), await at_table(pb, apps[1], table)]
        pilots = (pa, pb)
        first = screens[0].state.current_player
        submit(screens[first])
        await wait_until(pilots[first], lambda: moves(table) == 1)
        with open(table.game_path, "ab") as handle:
            handle.write(b"garbage\n")
        said = "This table's save is damaged after move 1: the rest cannot be read."
        for screen, pilot in zip(screens, pilots):
            await wait_until(pilot, lambda screen=screen: said in str(screen.status.render()))
        mover = next(n for n, screen in enumerate(screens) if screen._deciding is not None)
        submit(screens[mover])
        await wait_until(pilots[mover], lambda: moves(table) == 2)
        for screen, pilot in zip(screens, pilots):
            await wait_until(pilot, lambda screen=screen: screen.shared.moves == 2
                             and "damaged" not in str(screen.status.render()))
        assert screens[0].state.to_json() == screens[1].state.to_json()
        assert (table.folder / "game.save.damaged").exists()


async def test_a_lock_held_for_ever_never_freezes_the_screen_and_play_goes_on(tmp_path):
    """Guards: Table.locked waited on the event loop with no limit: a terminal stopped with ctrl+z while it
    held the table's lock froze every other one, ctrl+q included."""
    table = make_table(tmp_path, players=(ANA, BIA))
    apps = [app_at(tmp_path, ANA), app_at(tmp_path, BIA)]
    async with apps[0].run_test(size=SIZE) as pa, apps[1].run_test(size=SIZE) as pb:
        screens = [await at_table(pa, apps[0], table), await at_table(pb, apps[1], table)]
        first = screens[0].state.current_player
        mover, pilot, other = screens[first], (pa, pb)[first], screens[1 - first]
        fd = os.open(table.folder / ".lock", os.O_RDWR | os.O_CREAT, 0o600)
        fcntl.flock(fd, fcntl.LOCK_EX)  # as a stopped terminal would hold it
        safety = threading.Timer(SAFETY, os.close, (fd,))
        safety.start()
        try:
            submit(mover)
            await pilot.press("N")  # the screen answers meanwhile
            assert "No bell" in mover.prompt_bar.message
            await wait_until(pilot, lambda: "The table is busy" in mover.prompt_bar.message)
            assert safety.is_alive(), "the screen waited for the lock until the test let it go"
            assert moves(table) == 0 and mover.shared.moves == 0 and other.shared.moves == 0
        finally:
            if safety.is_alive():
                safety.cancel()
                os.close(fd)
        submit(mover)  # the lock is free again
        await wait_until(pilot, lambda: moves(table) == 1)
        await wait_until((pa, pb)[1 - first], lambda: other.shared.moves == 1)

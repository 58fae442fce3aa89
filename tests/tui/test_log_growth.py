"""The log panel late in a long game, and the moves since a player's last turn (issue 18, items 21 and 26)."""

from __future__ import annotations

from boardgames.core.engine import Action
from boardgames.core.record import Seat
from boardgames.core.session import Session
from boardgames.tui.screens.curtain import CurtainScreen
from boardgames.tui.screens.game import GameScreen

from .helpers import SecretGame, SecretState, app_for, lift_curtain, sized, wait_until
from .screen_text import screen_text


class LongSecretGame(SecretGame):
    """The secret test game, long enough for a log of thousands of lines."""

    def new_state(self, names, options, seed):
        return SecretState(names, seed, turns=100_000)


class WordyState(SecretState):
    """Every move logs a long sentence, longer than one row of an 80-column panel."""

    def apply(self, action):
        super().apply(action)
        self.take_log()
        name = self.names[(self.current - (action.name == "pass")) % len(self.names)]
        self.made = getattr(self, "made", 0) + 1
        self.emit(f"{name} makes move {self.made} of a long game and says so in a sentence long enough to wrap "
                  f"onto more than one row of the log panel, ending with the word omega{self.made}.")


class WordyGame(SecretGame):
    has_private_info = False

    def new_state(self, names, options, seed):
        return WordyState(names, seed, turns=100_000)


def long_session(moves: int, kinds=("human", "human"), game=None) -> Session:
    seats = [Seat(name, kind) for name, kind in zip(("Ana", "Bia"), kinds)]
    session = Session.new(game or LongSecretGame(), seats, {}, seed=1, autosave=False)
    for n in range(moves):
        session.apply(Action("peek" if n % 3 else "pass"))
    while session.state.current_player != 0:
        session.apply(Action("pass"))
    return session


def count_renders(panel, monkeypatch) -> list[int]:
    """Count the log panel's wraps (each one a log line wrapped to the panel's width; the help and the whole log
    made ahead meanwhile, tui/helplog.py, lay out their own text)."""
    calls = [0]
    wrap = panel._wrap

    def counting(*args, **kwargs):
        calls[0] += 1
        return wrap(*args, **kwargs)

    monkeypatch.setattr(panel, "_wrap", counting)
    return calls


async def test_a_turn_change_and_an_undo_late_in_a_game_wrap_only_the_new_lines(monkeypatch):
    """Guards: the panel was rebuilt from scratch at every hot-seat turn change (twice) and every undo,
    some 0.2 ms a line: more than a second a turn change by move 2,500."""
    session = long_session(1500)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        await lift_curtain(pilot)
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        calls = count_renders(app.screen.log_panel, monkeypatch)
        moves = len(session.record.actions)
        await pilot.press("down", "enter")  # Ana peeks (a private line)
        assert len(session.record.actions) == moves + 1
        await pilot.press("u")  # and takes it back
        await pilot.pause()
        assert len(session.record.actions) == moves
        await pilot.press("enter")  # Ana passes: the curtain, then Bia's own log
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        await lift_curtain(pilot)
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen) and app.screen.log_panel.shown)
        await pilot.pause()
        assert calls[0] < 60  # before: thousands (every line of the log, four times)
        panel = app.screen.log_panel
        assert panel.shown[-1] == "Ana plays pass."
        assert "Ana plays pass." in screen_text(app)


async def test_the_curtain_tells_the_next_player_what_the_others_did_in_public_words():
    session = long_session(0)
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        assert "Since your last turn" not in screen_text(app)  # nobody has moved yet
        await lift_curtain(pilot)
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("down", "enter", "enter")  # Ana peeks, then passes
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        text = screen_text(app)
        assert "Since your last turn:" in text
        assert "Ana plays peek." in text and "Ana plays pass." in text
        assert "sees" not in text  # Ana's secret stays hers
        await lift_curtain(pilot)
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("enter")  # Bia passes
        await wait_until(pilot, lambda: isinstance(app.screen, CurtainScreen))
        summary = screen_text(app).split("Since your last turn:")[1]
        assert "Bia plays pass." in summary and "Ana plays" not in summary  # only what came after Ana's turn


async def test_a_lone_player_finds_the_bots_moves_marked_on_the_board():
    session = long_session(0, kinds=("human", "bot:random"))
    app = app_for(session)
    async with app.run_test(size=(120, 40)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        screen = app.screen
        assert screen.log_panel.since is None
        await pilot.press("enter")  # Ana passes; the bot plays until it passes back
        await wait_until(pilot, lambda: session.state.current_player == 0 and len(session.steps) > 1)
        await pilot.pause()
        bots = session.log[1:]
        assert screen.log_panel.shown[screen.log_panel.since:] == bots
        text = screen_text(app)
        assert "the others' moves since your last turn" in text
        assert text.index("Since your last turn:") < text.index(bots[-1])
        await pilot.press("down", "enter")  # Ana moves: the mark goes
        await pilot.pause()
        assert screen.log_panel.since is None and "Since your last turn:" not in screen_text(app)


async def test_the_newest_line_is_shown_whole():
    """Lines wrap at the width left beside the scroll bar, also when the bar first appears (RichLog wrapped a
    line at the width before its bar appeared; this test did not catch that case on the old panel)."""
    session = long_session(0, game=WordyGame())
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        for _ in range(12):  # past the move whose line first overflows the panel
            await pilot.press("enter")
            await pilot.pause()
            newest = session.log[-1]
            shown = " ".join(screen_text(app).split())
            assert newest in shown


async def test_L_late_in_a_long_game_builds_only_the_lines_around_the_reader(monkeypatch):
    """Guards: ``L`` styled and wrapped every line of the log (270-480 ms at move 2,500 of Blue Moon City)."""
    from boardgames.tui.screens.fulllog import FullLogScreen
    from boardgames.tui.widgets.log import FullLog, LogPanel

    session = long_session(sized(1000, 3000), game=WordyGame())  # three windows of lines; the long run ten
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        styled = []
        original = LogPanel.styled
        monkeypatch.setattr(LogPanel, "styled", lambda self, line: styled.append(line) or original(self, line))
        await pilot.press("L")
        await wait_until(pilot, lambda: isinstance(app.screen, FullLogScreen))
        await pilot.pause()
        log = session.log
        assert len(styled) <= FullLog.WINDOW < len(log)
        shown = " ".join(screen_text(app).split())
        assert log[-1] in shown and "3000 lines" in shown or f"{len(log)} lines" in shown
        view = app.screen.log_view
        old_first = view.first
        for _ in range(100):  # page up past the top of the lines laid out
            await pilot.press("pageup")
            await pilot.pause()
            if view.first < old_first:
                break
        shown = " ".join(screen_text(app).split())
        assert view.first < old_first  # the lines before the window were laid out, and the reader reads on
        assert f"omega{old_first}." in shown and f"move {old_first + 1} of" in shown  # from where it was
        await pilot.press("home")
        await pilot.pause()
        assert " ".join(screen_text(app).split()).startswith(f"Log of Secret (test): {len(log)} lines {log[0]}")
        await pilot.press("end")
        await pilot.pause()
        assert log[-1] in " ".join(screen_text(app).split())


class TalkativeState(SecretState):
    """Every move logs thirty sentences: more rows than the panel has at 80x24 (Lemuria's month end
    logs lines of 1,000 characters)."""

    def apply(self, action):
        super().apply(action)
        self.take_log()
        self.made = getattr(self, "made", 0) + 1
        self.emit(" ".join(f"Sentence {k} of move {self.made} tells a little more of what happened there."
                           for k in range(1, 31)))


class TalkativeGame(SecretGame):
    has_private_info = False

    def new_state(self, names, options, seed):
        return TalkativeState(names, seed, turns=100_000)


async def test_a_newest_line_longer_than_the_panel_starts_whole_and_ends_between_sentences():
    """Guards: the panel scrolled to the last row, so a line longer than the panel showed its end only, cut
    mid-sentence at the top (item 21 of issue 18; the title giving way was not enough)."""
    session = long_session(0, game=TalkativeGame())
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        panel = app.screen.log_panel
        for _ in range(3):
            await pilot.press("enter")
            await pilot.pause()
            await pilot.pause()
            made = session.state.made
            assert panel.newest_rows > panel.scrollable_content_region.height  # the line cannot fit
            shown = " ".join(screen_text(app).split())
            assert f"Sentence 1 of move {made} tells" in shown
            assert "more of this move: L shows the whole log" in shown
            before_marker = shown.split("... more of this move")[0].rstrip()
            assert before_marker.endswith("happened there."), before_marker[-80:]
        await pilot.press("L")  # the whole log has every sentence
        await pilot.pause()
        assert f"Sentence 30 of move {made} tells" in " ".join(screen_text(app).split())


async def test_a_panel_of_one_row_shows_the_newest_line_s_first_sentence_whole():
    """Found in a replay at 80x24, where the log has one row: the newest line's first row, cut mid-sentence."""
    session = long_session(0, game=TalkativeGame())
    app = app_for(session)
    async with app.run_test(size=(80, 24)) as pilot:
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen))
        await pilot.press("enter")
        await pilot.pause()
        panel = app.screen.log_panel
        line = session.log[-1]
        rows = [strip.text.rstrip() for strip in panel.fitted(line, 1)]
        assert rows == ["Sentence 1 of move 1 tells a little more of what happened there."]
        two = [strip.text.rstrip() for strip in panel.fitted(line, 2)]
        assert two[0] == rows[0] and "more of this move" in two[1]

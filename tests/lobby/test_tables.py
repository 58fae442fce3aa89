"""Tables in a folder: making, joining, leaving, starting, a damaged table file, the lobby's limits."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

from boardgames.core.registry import get_game
from boardgames.lobby.store import MAX_TABLES_PER_PLAYER, Lobby, record_of
from boardgames.lobby.table import TableError, TableSeat
from tests.lobby.helpers import ANA, BIA, CY, make_table


def test_a_table_is_made_joined_and_started(tmp_path):
    table = make_table(tmp_path, players=(ANA, BIA, CY), start=False)
    spec = table.read()
    assert [seat.name for seat in spec.seats] == ["Ana", "Bia", "Cy"]
    assert spec.seats_of(BIA.id) == [1] and not spec.started
    spec = table.start(ANA, record_of(get_game("sintra"), spec))
    assert spec.started and table.game_path.exists()


def test_a_taken_seat_and_a_taken_name_are_refused(tmp_path):
    table = make_table(tmp_path, players=(ANA, BIA), start=False)
    with pytest.raises(TableError, match="taken"):
        table.join(CY, seat=1)
    lobby = Lobby(tmp_path)
    game = get_game("sintra")
    other = lobby.create(ANA, game, [TableSeat("Ana", ANA.id), TableSeat()], {}, 1)
    with pytest.raises(TableError, match="already called Ana"):
        other.join(type(ANA)("user:ana2", "ana"))


def test_only_the_maker_starts_and_only_when_full(tmp_path):
    lobby = Lobby(tmp_path)
    game = get_game("sintra")
    table = lobby.create(ANA, game, [TableSeat("Ana", ANA.id), TableSeat(), TableSeat()], {}, 1)
    table.join(BIA)
    with pytest.raises(TableError, match="Only the player who made"):
        table.start(BIA, record_of(game, table.read()))
    with pytest.raises(TableError, match="still free"):
        table.start(ANA, record_of(game, table.read()))
    spec = table.fill_with_bots(ANA)
    assert spec.seats[2].bot == "greedy" and not spec.free_seats
    assert table.start(ANA, record_of(game, spec)).started


def test_leaving_before_the_start_frees_the_seat_and_the_maker_cancels(tmp_path):
    table = make_table(tmp_path, players=(ANA, BIA), start=False)
    assert table.leave(BIA).free_seats == [1]
    with pytest.raises(TableError, match="cancel it"):
        table.leave(ANA)
    table.cancel(ANA)
    assert not table.folder.exists()


def test_after_the_start_a_seat_is_kept(tmp_path):
    table = make_table(tmp_path, players=(ANA, BIA))
    with pytest.raises(TableError, match="kept for you"):
        table.leave(BIA)
    with pytest.raises(TableError, match="under way"):
        table.cancel(ANA)
    with pytest.raises(TableError, match="started"):
        table.join(CY)


@pytest.mark.parametrize("damage", [
    b"not json", b"[]", b'{"id": 3}', b"\xff\xfe", b"{" * 100_000,
])
def test_a_damaged_table_file_is_a_sentence_in_the_lobby(tmp_path, damage):
    good = make_table(tmp_path, players=(ANA, BIA))
    bad = make_table(tmp_path, players=(ANA, BIA))
    bad.spec_path.write_bytes(damage)
    listings = {listing.table.id: listing for listing in Lobby(tmp_path).listings()}
    assert listings[good.id].spec is not None
    assert listings[bad.id].spec is None and "cannot be read" in listings[bad.id].problem
    with pytest.raises(TableError):
        bad.join(CY)


def test_a_table_file_with_wrong_values_is_refused(tmp_path):
    table = make_table(tmp_path, players=(ANA, BIA))
    data = json.loads(table.spec_path.read_text())
    for key, value in [("when_away", "explode"), ("seats", []), ("hold", -5), ("id", "../../etc"),
                       ("away", {"9": 1.0}), ("started", "yes")]:
        broken = dict(data, **{key: value})
        table.spec_path.write_text(json.dumps(broken))
        with pytest.raises(TableError, match="damaged"):
            table.read()


@pytest.mark.parametrize(("key", "value"), [
    ("creator_name", "\x1b[2J\x1b[31mAna"), ("creator_name", "Ana\u202e"), ("creator_name", ""),
    ("options", {"side": "\x1b]0;owned\x07"}), ("options", {"side": "C"}), ("options", {"\x1b[1m": "1"}),
    ("options", {"nope": "1"}),
    ("game", "\x1b[2Jsintra"), ("game", "../sintra"),
    ("seats", [{"name": "Bot 1", "owner": None, "bot": "greedy\x1b[2J"}, {"name": "", "owner": None, "bot": None}]),
])
def test_text_in_a_table_file_is_checked_as_typed_text_is(tmp_path, key, value):
    """A table file is read by every viewer of the lobby: its texts are names and option values as the form
    takes them, never escape sequences."""
    table = make_table(tmp_path, players=(ANA, BIA))
    data = json.loads(table.spec_path.read_text())
    table.spec_path.write_text(json.dumps(dict(data, **{key: value})))
    with pytest.raises(TableError, match="damaged"):
        table.read()
    (listing,) = Lobby(tmp_path).listings()
    assert listing.spec is None and "\x1b" not in listing.problem


def test_a_table_of_a_game_this_version_lacks_is_listed_by_its_id(tmp_path):
    table = make_table(tmp_path, players=(ANA, BIA))
    data = json.loads(table.spec_path.read_text())
    table.spec_path.write_text(json.dumps(dict(data, game="chess", options={"clock": "5"})))
    assert table.read().game == "chess"


def test_a_player_may_have_only_a_few_tables_open(tmp_path):
    lobby = Lobby(tmp_path)
    game = get_game("sintra")
    for _ in range(MAX_TABLES_PER_PLAYER):
        lobby.create(ANA, game, [TableSeat("Ana", ANA.id), TableSeat()], {}, 1)
    with pytest.raises(TableError, match="already have"):
        lobby.create(ANA, game, [TableSeat("Ana", ANA.id), TableSeat()], {}, 1)
    lobby.create(BIA, game, [TableSeat("Bia", BIA.id), TableSeat()], {}, 1)


def test_a_finished_table_does_not_count_toward_a_full_lobby(tmp_path, monkeypatch):
    from boardgames.lobby import store

    monkeypatch.setattr(store, "MAX_TABLES", 1)
    table = make_table(tmp_path, players=(ANA, BIA))
    with pytest.raises(TableError, match="lobby is full"):
        Lobby(tmp_path).create(CY, get_game("sintra"), [TableSeat("Cy", CY.id), TableSeat()], {}, 1)
    table.write(replace(table.read(), finished=True))
    Lobby(tmp_path).create(CY, get_game("sintra"), [TableSeat("Cy", CY.id), TableSeat()], {}, 1)


def test_a_table_with_a_wrong_player_count_or_option_is_not_made(tmp_path):
    lobby = Lobby(tmp_path)
    with pytest.raises(Exception, match="2 to 4 players"):
        lobby.create(ANA, get_game("sintra"), [TableSeat("Ana", ANA.id)], {}, 1)
    with pytest.raises(Exception, match="option"):
        lobby.create(ANA, get_game("sintra"), [TableSeat("Ana", ANA.id), TableSeat()], {"nope": "1"}, 1)


def test_my_table_is_the_one_under_way(tmp_path):
    lobby = Lobby(tmp_path)
    make_table(tmp_path, players=(ANA, CY), start=False)
    playing = make_table(tmp_path, players=(BIA, ANA))
    found = lobby.my_table(ANA)
    assert found is not None and found.table.id == playing.id
    assert lobby.my_table(CY) is None


def test_tables_made_before_the_seat_marks_existed_get_theirs_on_the_first_look(tmp_path):
    """Guards: tables made by an earlier version have no ``.seated`` marks, so "Back to your table" and the
    finished games handed out never found them."""
    import shutil

    from boardgames.lobby import seated

    playing = make_table(tmp_path, players=(BIA, ANA))
    waiting = make_table(tmp_path, players=(CY, ANA), start=False)
    for table in (playing, waiting):  # the old shape: no marks beside the tables, no origin in the table file
        data = json.loads(table.spec_path.read_text())
        del data["origin"]
        table.spec_path.write_text(json.dumps(data))
    shutil.rmtree(tmp_path / seated.FOLDER)
    lobby = Lobby(tmp_path)
    found = lobby.my_table(ANA)
    assert found is not None and found.table.id == playing.id
    assert sorted(listing.table.id for listing in lobby.tables_of(ANA)) == sorted([playing.id, waiting.id])
    assert seated.tables_of(tmp_path, BIA.id) == [playing.id] and seated.tables_of(tmp_path, CY.id) == [waiting.id]
    assert seated.built(tmp_path)
    waiting.cancel(CY)  # once built, the marks are read as before: a table gone loses its mark at the next look
    assert [listing.table.id for listing in Lobby(tmp_path).tables_of(ANA)] == [playing.id]
    assert seated.tables_of(tmp_path, ANA.id) == [playing.id]


def test_a_finished_table_reaches_each_players_saves_once(tmp_path):
    from dataclasses import replace as replace_spec

    from boardgames.core.record import read_record, save_record
    from boardgames.core.saves import SaveStore
    from boardgames.core.session import Session
    from boardgames.lobby.store import keep_finished

    table = make_table(tmp_path / "tables", players=(ANA, BIA))
    session = Session.from_record(read_record(table.game_path))
    while not session.state.is_over:
        session.apply(session.state.legal_actions()[0])
    save_record(session.record, table.game_path)
    table.write(replace_spec(table.read(), finished=True))
    lobby, store = Lobby(tmp_path / "tables"), SaveStore(tmp_path / "bia-saves")
    assert keep_finished(lobby, BIA, store) == 1
    assert keep_finished(lobby, BIA, store) == 0  # once only
    assert keep_finished(lobby, CY, SaveStore(tmp_path / "cy-saves")) == 0  # not Cy's table
    saved = [path for path in (tmp_path / "bia-saves").iterdir() if not path.name.startswith(".")]
    assert len(saved) == 1 and Session.from_record(read_record(saved[0])).state.is_over

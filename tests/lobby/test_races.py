"""Four clients (separate processes) submitting moves at once at one table for 1,000 decisions: no illegal
move is accepted, each client's state and every seat's view agree with the record, and the save replays."""

from __future__ import annotations

import json
import multiprocessing
from dataclasses import replace

from boardgames.core.record import read_record
from boardgames.core.session import Session
from tests.lobby.helpers import ANA, BIA, CY, DI, make_table
from tests.lobby.racer import race

DECISIONS = 1000


def test_four_clients_racing_keep_the_record_valid(tmp_path):
    table = make_table(tmp_path / "tables", "bluemoon", players=(ANA, BIA, CY, DI), seed=3)
    players = (ANA, BIA, CY, DI)
    outs = [tmp_path / f"out-{n}.json" for n in range(4)]
    # forked, with the game loaded already (a fresh interpreter for each client cost a tenth of the test)
    context = multiprocessing.get_context("fork")
    clients = [context.Process(target=race, args=(str(table.folder), p.id, p.name, n, DECISIONS, str(out)))
               for n, (p, out) in enumerate(zip(players, outs, strict=True))]
    for client in clients:
        client.start()
    for client in clients:
        client.join(timeout=600)
    assert [client.exitcode for client in clients] == [0] * 4
    record = read_record(table.game_path)
    replayed = Session.from_record(record)  # every accepted move was legal where it stands
    assert len(record.actions) >= DECISIONS or replayed.state.is_over
    results = [json.loads(out.read_text()) for out in outs]
    assert sum(r["accepted"] for r in results) == len(record.actions)
    assert sum(r["refused"] for r in results) > 0  # the clients did race
    for result in results:
        # a client stops once it has seen DECISIONS moves, so another may add one after its last look: each
        # client's state and views must be those of the record as long as it had read it
        assert DECISIONS <= result["moves"] <= len(record.actions)
        prefix = Session.from_record(replace(record, actions=record.actions[:result["moves"]]))
        assert result["state"] == json.loads(json.dumps(prefix.state.to_json(), default=list))
        for seat, view in result["views"].items():
            assert view == json.loads(json.dumps(prefix.state.view(int(seat)), default=list))

"""One terminal at a shared table, as the table benchmarks run it on a pseudo-terminal: the shell opened
straight on the table (the screen a player reaches from the lobby), playing a seat or watching.

    python benchmarks/table_app.py TABLES_FOLDER TABLE_ID [PLAYER_ID PLAYER_NAME]

Without a player it watches (a spectator). The benchmark's own process writes the moves.
"""

from __future__ import annotations

import sys
from pathlib import Path

from boardgames.lobby.store import Lobby
from boardgames.lobby.table import Player
from boardgames.serve.child import end_on_hangup, take_terminal, watch_hangup
from boardgames.tui import app as tui_app
from boardgames.tui.app import BoardgamesApp


class TableApp(BoardgamesApp):
    CSS_PATH = str(Path(tui_app.__file__).parent / BoardgamesApp.CSS_PATH)  # relative to tui, not here

    def __init__(self, lobby: Lobby, table_id: str, player: Player | None) -> None:
        super().__init__(lobby=lobby, player=player)
        self.table_id = table_id

    def on_mount(self) -> None:
        # Textual runs BoardgamesApp.on_mount (which pushes the menu) after this one by itself: the table opens
        # once that is done (calling it from here as well pushed a second menu over the table, which no terminal
        # then showed)
        self.call_later(self.open_table, self.lobby.table(self.table_id), watching=self.player is None)


def main(argv: list[str]) -> int:
    folder, table_id, *who = argv
    player = Player(who[0], who[1]) if who else None
    take_terminal()  # as a game process of the server: its pty's hang-up (the benchmark gone) ends it
    app = TableApp(Lobby(Path(folder)), table_id, player)
    watch_hangup(lambda: end_on_hangup(app))  # type: ignore[arg-type]
    app.run()
    return app.return_code or 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))

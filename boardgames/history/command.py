"""``boardgames stats``: print the history (text or JSON), or make it again from the saves (``--rebuild``)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from boardgames.core.record import Record
from boardgames.core.saves import SaveStore
from boardgames.history.identities import served_identities
from boardgames.history.rebuild import Rebuilt, Source, bootstrap, damaged, rebuild
from boardgames.history.report import LAST_GAMES, everyone_json, everyone_report, player_json, player_report
from boardgames.history.store import History, HistoryError, damaged_sentence
from boardgames.i18n import _, n_, number


def server_sources(root: Path) -> list[Source]:
    """Every player's saves of a server: a user's (key or password) and a named player's (passphrase). A guest's
    games are not kept after the guest leaves, and are in no leaderboard."""
    sources = []
    for folder, prefix in ((root / "users", "user:"), (root / "players", "name:")):
        if not folder.is_dir():
            continue
        for player in sorted(folder.iterdir()):
            identity = prefix + player.name

            def identities(record: Record, identity: str = identity, name: str = player.name) -> dict[int, str]:
                return served_identities(record.seats, identity, name)

            sources.append(Source(player / "saves", identities))
    return sources


def rebuilt_lines(found: Rebuilt) -> list[str]:
    """What a rebuild did: the history before (and where it is kept), then how many games it holds now."""
    lines = []
    if found.set_aside:
        lines.append(_("The history was damaged, so its games could not be counted; it is kept as {file} beside "
                       "the new one.", file=found.set_aside))
    elif found.kept:
        lines.append(n_("Before, the history held {count} finished game; it is kept as {file} beside the new one.",
                        "Before, the history held {count} finished games; it is kept as {file} beside the new one.",
                        found.before, count=number(found.before), file=found.kept))
    else:
        lines.append(_("Before, the history held no game."))
    lines.append(n_("The history was made again from the saves: {count} finished game.",
                    "The history was made again from the saves: {count} finished games.", found.added,
                    count=number(found.added)))
    lines += found.skipped
    return lines


def cmd_stats(args: argparse.Namespace, store: SaveStore) -> int:
    from boardgames.cli import UsageError
    from boardgames.home import default_history, default_serve_root
    from boardgames.serve.options import server_history

    if args.server:
        root = default_serve_root()
        path, sources = server_history(root), server_sources(root)
        if args.rebuild and not root.is_dir():
            raise UsageError(_("There is no server folder at {folder}; the history was left as it was.",
                               folder=root))
    else:
        path, sources = default_history(), [Source(store.folder)]
    try:
        if args.rebuild:
            print("\n".join(rebuilt_lines(rebuild(path, sources))))
            return 0
        if bootstrap(path, sources) is None and damaged(path):
            raise HistoryError(damaged_sentence())
        with History.open(path) as history:
            return show(history, args, UsageError)
    except HistoryError as exc:
        raise UsageError(str(exc)) from None


def show(history: History, args: argparse.Namespace, usage: type[Exception]) -> int:
    game = args.game
    if game is not None and game not in history.games_played():
        from boardgames.core.registry import get_game

        try:
            get_game(game)
        except KeyError:
            raise usage(_("There is no game '{game}'; 'boardgames list' lists them.", game=game)) from None
    if args.player is None:
        print(json.dumps(everyone_json(history, game), ensure_ascii=False, indent=1) if args.json
              else "\n".join(everyone_report(history, game)))
        return 0
    key = history.find_player(args.player)
    if key is None:
        raise usage(_("No finished game has a player called {name}.", name=args.player))
    stats = history.player_stats(key, game, LAST_GAMES)
    if not stats.per_game:
        raise usage(_("{name} has finished no game of this kind.", name=stats.name))
    print(json.dumps(player_json(stats), ensure_ascii=False, indent=1) if args.json
          else "\n".join(player_report(stats)))
    return 0

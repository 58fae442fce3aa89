"""Command line: the menu, play, list, replay, review, selfplay, check-data, serve.

Every user mistake ends in one clear line on stderr and exit code 2; no tracebacks.
"""

from __future__ import annotations

import argparse
import functools
import os
import re
import sys
import textwrap
from pathlib import Path
from typing import Any, NoReturn

from boardgames import __version__
from boardgames.core.bots import bot_problem
from boardgames.core.data import DataError
from boardgames.core.engine import Game, OptionError, OptionValue
from boardgames.core.record import (
    HINTS_OPTION,
    MAX_SEED,
    Record,
    RecordError,
    SavesFolderError,
    Seat,
    hints_setting,
    name_problem,
    read_record,
    secret_seed,
)
from boardgames.core.registry import all_games, get_game
from boardgames.core.saves import SaveStore
from boardgames.home import default_serve_root, default_store
from boardgames.i18n import LANGUAGES, N_, PSEUDO, _, from_environment, match, number, p_, set_language
from boardgames.selfplay import run_selfplay
from boardgames.serve.options import AUTH_MODES, ServeOptions

USAGE_EXIT = 2


class UsageError(Exception):
    """A mistake on the command line; the message is printed as one line."""


#: argparse's own sentences (it writes them in English), each read as its parts and said again in our words;
#: one argparse does not write stays as it is
ARGPARSE_ERRORS = (
    (re.compile(r"the following arguments are required: (?P<names>.+)"),
     N_("the following arguments are required: {names}")),
    (re.compile(r"unrecognized arguments: (?P<words>.*)"), N_("unrecognized arguments: {words}")),
    (re.compile(r"argument (?P<argument>\S+): invalid choice: (?P<value>.+) \(choose from (?P<choices>.+)\)"),
     N_("argument {argument}: invalid choice: {value} (choose from {choices})")),
    (re.compile(r"argument (?P<argument>\S+): invalid (?P<type>\S+) value: (?P<value>.+)"),
     N_("argument {argument}: invalid {type} value: {value}")),
    (re.compile(r"argument (?P<argument>\S+): expected one argument"),
     N_("argument {argument}: expected one argument")),
    (re.compile(r"ambiguous option: (?P<option>\S+) could match (?P<matches>.+)"),
     N_("ambiguous option: {option} could match {matches}")),
)
#: argparse's section headings in a help page
HEADINGS = {"positional arguments": N_("positional arguments"), "options": N_("options")}


def translated_error(message: str) -> str:
    """One of argparse's error sentences in the reader's language (unchanged in English)."""
    for pattern, sentence in ARGPARSE_ERRORS:
        found = pattern.fullmatch(message)
        if found:
            parts = found.groupdict()
            if "type" in parts:  # the type argparse names: a Python name in English, a word in other languages
                names = {"int": p_("argument type", "int"), "float": p_("argument type", "float")}
                parts["type"] = names.get(parts["type"], parts["type"])
            return _(sentence, **parts)
    return message


class _Formatter(argparse.HelpFormatter):
    """argparse's help page with its own words ("usage:", the section headings) in the reader's language."""

    def add_usage(self, usage: str | None, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, _("usage: ") if prefix is None else prefix)

    def start_section(self, heading: str | None) -> None:
        super().start_section(_(HEADINGS[heading]) if heading in HEADINGS else heading)


class _Parser(argparse.ArgumentParser):
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        add_help = kwargs.get("add_help", True)
        kwargs["add_help"] = False
        super().__init__(*args, **kwargs)
        if add_help:  # argparse's own -h, with its help line in the reader's language
            self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS,
                              help=_("show this help message and exit"))

    def error(self, message: str) -> NoReturn:  # one line instead of usage + message
        raise UsageError(translated_error(message))


def _find_game(game_id: str) -> Game:
    try:
        return get_game(game_id)
    except KeyError as exc:
        raise UsageError(exc.args[0]) from None


def _game_id(text: str) -> str:
    """A game's id as typed, checked while the command line is read: an unknown game is said before any option
    the command lacks (argparse lets this UsageError through)."""
    _find_game(text)
    return text


def parse_options(pairs: list[str] | None, game: Game) -> dict[str, OptionValue]:
    options = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key or not value:
            raise UsageError(_("Options are written key=value, not '{pair}'.", pair=pair))
        options[key.strip()] = value.strip()
    try:
        return game.resolve_options(options)
    except OptionError as exc:
        raise UsageError(str(exc)) from None


def take_hints(pairs: list[str] | None) -> tuple[bool, list[str]]:
    """``hints=true|false`` among ``--option`` pairs: the shell's setting (never a game's option), and the rest."""
    hints, rest = True, []
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if sep and key.strip() == HINTS_OPTION:
            try:
                hints = hints_setting(value)
            except ValueError as exc:
                raise UsageError(str(exc)) from None
        else:
            rest.append(pair)
    return hints, rest


def parse_players(text: str, game: Game) -> list[Seat]:
    """'Ana,Bia,bot:greedy' -> seats; a bot may be named 'Name=bot:greedy'."""
    entries = [e.strip() for e in text.split(",")]
    if any(not e for e in entries):
        raise UsageError(_("The player list has an empty name; write names separated by commas, e.g. 'Ana,Bia'."))
    seats = []
    for place, entry in enumerate(entries, 1):
        name, _sep, kind = entry.rpartition("=") if "=" in entry else ("", "", entry)
        if kind.startswith("bot:"):
            problem = bot_problem(kind[4:])
            if problem:
                raise UsageError(problem)
            seats.append(Seat(name.strip() or f"Bot {place}", kind))  # a name, kept in the save as it is
        else:
            seats.append(Seat(entry, "human"))
    for seat in seats:
        problem = name_problem(seat.name)
        if problem:
            raise UsageError(problem)
    names = [s.name.casefold() for s in seats]
    if len(set(names)) != len(names):
        raise UsageError(_("Two players have the same name (names differing only in capitals count as the same); "
                           "give every seat its own name."))
    if not game.min_players <= len(seats) <= game.max_players:
        raise UsageError(_("{title} is for {least} to {most} players; the list has {count}.", title=_(game.title),
                           least=game.min_players, most=game.max_players, count=len(seats)))
    return seats


WARM_FORK_HELP = N_("start each game process cold instead of forking it from a warm process that has the program "
                    "loaded (slower to start, more memory a game)")


def add_serve_arguments(serve: argparse.ArgumentParser) -> None:
    """The options of ``boardgames serve``: where it listens, who may log in, and every limit."""
    serve.add_argument("--host", default="127.0.0.1", help=_("the address to listen on (default 127.0.0.1)"))
    serve.add_argument("--port", type=int, default=None, help=_("the port (default 2222, or 8000 with --web)"))
    serve.add_argument("--web", action="store_true", help=_("serve in a browser (textual-serve) instead of over SSH"))
    serve.add_argument("--public-url", default=None, metavar="URL",
                       help=_("with --web: the address browsers use, when a reverse proxy stands in front"))
    serve.add_argument("--i-know-there-is-no-login", action="store_true",
                       help=_("with --web: listen beyond this machine although the web server has no login"))
    serve.add_argument("--host-key", type=Path, default=None, metavar="FILE",
                       help=_("the SSH host key (default: made on the first start and kept in the data folder)"))
    serve.add_argument("--auth", choices=AUTH_MODES, default="none",
                       help=_("who may connect: none (anyone; the terminal asks for a name), keys, passwords"))
    serve.add_argument("--authorized-keys", default=None, metavar="FILE",
                       help=_("OpenSSH authorized_keys: one file whose key comments name the players, "
                            "or a path with %%u for one file per player"))
    serve.add_argument("--passwords", type=Path, default=None, metavar="FILE",
                       help=_("the password file of --auth passwords and --add-user (default: in the data folder)"))
    serve.add_argument("--add-user", default=None, metavar="NAME",
                       help=_("add a player to the password file (or change their password) and stop"))
    serve.add_argument("--max-sessions", type=int, default=100,
                       help=_("games running at once (with --web: tabs; default 100)"))
    serve.add_argument("--max-per-address", type=int, default=10,
                       help=_("sessions, and connections, open at once from one address: games or not, logged in or "
                              "not (with --web: tabs; default 10)"))
    serve.add_argument("--max-channels", type=int, default=3, metavar="N",
                       help=_("sessions open at once on one connection (default 3)"))
    serve.add_argument("--max-auth-tries", type=int, default=6, metavar="N",
                       help=_("keys and passwords one connection may try before it is closed (default 6)"))
    serve.add_argument("--max-startups", default="10:30:100", metavar="START:RATE:FULL",
                       help=_("connections still logging in: from START, a new one from an address already waiting "
                            "is dropped at RATE %% rising to 100 %% at FULL (default 10:30:100)"))
    serve.add_argument("--max-connections", type=int, default=400, metavar="N",
                       help=_("connections at once, logged in or not (default 400)"))
    serve.add_argument("--per-source-penalties", default="", metavar="SPEC",
                       help=_("seconds an address is refused for after connections that ended without logging in "
                              "or without a session: off, or words such as noauth:1s grace-exceeded:10s max:10m "
                              "min:15s (the default)"))
    serve.add_argument("--per-source-net-block-size", default="32:128", metavar="IPV4:IPV6",
                       help=_("the network block that counts as one address in every limit per address, as "
                              "prefix lengths in bits (default 32:128: each address on its own)"))
    serve.add_argument("--login-grace-time", type=float, default=60.0, metavar="SECONDS",
                       help=_("seconds to log in, or to give a name under --auth none (default 60)"))
    serve.add_argument("--unused-timeout", type=float, default=60.0, metavar="SECONDS",
                       help=_("close a logged-in connection with no session open after this long "
                              "(default 60; 0 never)"))
    serve.add_argument("--client-alive-interval", type=float, default=15.0, metavar="SECONDS",
                       help=_("seconds between keepalives to a silent client; three unanswered drop it (default 15)"))
    serve.add_argument("--idle-timeout", type=float, default=30.0, metavar="MINUTES",
                       help=_("close a connection (with --web: a tab) after this many minutes without a key "
                            "(default 30; 0 never)"))
    serve.add_argument("--seat-hold", type=float, default=120.0, metavar="SECONDS",
                       help=_("how long a dropped player's seat at a shared table is held before a bot plays it or "
                            "the table waits, as the table says (default 120)"))
    serve.add_argument("--game-memory", type=int, default=512, metavar="MIB",
                       help=_("memory one game process may take; past it the game stops with a sentence to its "
                            "player (default 512; 0 no limit)"))
    serve.add_argument("--no-warm-fork", action="store_false", dest="warm_fork", help=_(WARM_FORK_HELP))
    serve.add_argument("--bot-cores", type=int, default=None, metavar="N",
                       help=_("searches (search bots, hints, reviews) that may run at once over all sessions, one "
                            "core each; the others wait their turn (default: the machine's cores less one, at "
                            "least 1)"))
    serve.add_argument("--log", type=Path, default=None, metavar="FILE",
                       help=_("one line per connection, to this file instead of standard error"))


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="boardgames", description=_("Modern Euro board games for the terminal."))
    parser.add_argument("--version", action="version", version=f"boardgames {__version__}",
                        help=_("show program's version number and exit"))
    parser.add_argument("--ascii", action="store_true", help=_("letters instead of glyphs for pieces"))
    parser.add_argument("--lang", choices=[*sorted(LANGUAGES), PSEUDO], default=None,
                        help=_("the language to play in (default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG; "
                        "pseudo: for checking translations)"))
    parser.add_argument("--saves", metavar="FOLDER", type=Path, default=None,
                        help=_("the folder of saves (default: $BOARDGAMES_HOME/saves, else the per-user data folder)"))
    sub = parser.add_subparsers(dest="command", parser_class=_Parser)

    sub.add_parser("list", help=_("list the games"))

    play = sub.add_parser("play", help=_("start a new game"))
    play.add_argument("game", type=_game_id)
    play.add_argument("--players", required=True, help=_('comma-separated, e.g. "Ana,Bia,bot:greedy"'))
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--option", action="append", metavar="KEY=VALUE",
                      help=_("a variant, e.g. side=B; hints=false turns hints (the H key) off"))
    play.add_argument("--ascii", action="store_true", dest="sub_ascii", help=_("letters instead of glyphs"))

    replay = sub.add_parser("replay", help=_("step through a saved game"))
    replay.add_argument("file", type=Path)
    replay.add_argument("--ascii", action="store_true", dest="sub_ascii", help=_("letters instead of glyphs"))

    review = sub.add_parser("review", help=_("judge every human move of a finished game with the search"))
    review.add_argument("file", type=Path)
    review.add_argument("--json", action="store_true", help=_("print the review as JSON data instead of text"))
    review.add_argument("--seat", metavar="NAME",
                        help=_("review only this player's moves (needed when several people played a game with "
                               "secrets at one keyboard)"))
    review.add_argument("--iterations", type=int, default=None, metavar="N",
                        help=_("iterations of the search for each decision (default: about a minute for a "
                             "two-player Sintra game)"))

    selfplay = sub.add_parser("selfplay", help=_("bots play each other; prints results and speed"))
    selfplay.add_argument("game", type=_game_id)
    selfplay.add_argument("-n", type=int, default=10, help=_("number of games"))
    selfplay.add_argument("--seed", type=int, default=1, help=_("seed of the first game"))
    selfplay.add_argument("--players", type=int, default=None, help=_("seats per game"))
    selfplay.add_argument("--bots", default="random", help=_("bot kinds, cycled over the seats"))
    selfplay.add_argument("--option", action="append", metavar="KEY=VALUE")
    selfplay.add_argument("--check", action="store_true",
                          help=_("check the rules engine's contract after every move (slow; for long soaks)"))

    stats = sub.add_parser("stats", help=_("games, wins, scores and ratings of the finished games"))
    stats.add_argument("--player", default=None, metavar="NAME", help=_("one player's record and last games"))
    stats.add_argument("--game", default=None, metavar="GAME", help=_("one game only (an id from 'boardgames list')"))
    stats.add_argument("--json", action="store_true", help=_("print the statistics as JSON data instead of text"))
    stats.add_argument("--rebuild", action="store_true",
                       help=_("make the history again from the saves (they are the source of truth)"))
    stats.add_argument("--server", action="store_true",
                       help=_("the history of 'boardgames serve' (its players' saves) instead of your own"))

    sub.add_parser("check-data", help=_("validate every game's YAML tables"))
    serve = sub.add_parser("serve", help=_("serve the games over SSH (or in a browser with --web)"))
    add_serve_arguments(serve)
    return parser


LIST_WIDTH = 80


def cmd_list() -> int:
    """Each game: its id and title, player counts, description and options, in lines of at most 80 columns."""
    for place, game in enumerate(all_games()):
        if place:
            print()
        print(textwrap.fill(_("{id}: {title}, {least}-{most} players", id=game.id, title=_(game.title),
                              least=game.min_players, most=game.max_players), LIST_WIDTH, subsequent_indent="    "))
        print(textwrap.fill(_(game.description), LIST_WIDTH, initial_indent="  ", subsequent_indent="  "))
        if not game.options:
            print("  " + _("No options."))
        for option in game.options:
            choices = functools.reduce(lambda first, second: _("{first} or {second}", first=first, second=second),
                                       option.texts)
            line = _("--option {key}={choices} (default {default}): {label}.", key=option.key, choices=choices,
                     default=option.text(option.default), label=_(option.label))
            if option.help:
                line += " " + _(option.help)
            print(textwrap.fill(line, LIST_WIDTH, initial_indent="  ", subsequent_indent="      "))
    return 0


def cmd_check_data() -> int:
    failed = 0
    for game in all_games():
        try:
            files = game.check_data()
        except DataError as exc:
            failed += 1
            print(f"{game.id}: {exc}", file=sys.stderr)
        else:
            print(_("{id}: ok ({files})", id=game.id, files=", ".join(files)))
    return 1 if failed else 0


def cmd_selfplay(args: argparse.Namespace) -> int:
    game = _find_game(args.game)
    options = parse_options(args.option, game)
    players = args.players or game.max_players
    if not game.min_players <= players <= game.max_players:
        raise UsageError(_("{title} is for {least} to {most} players, not {count}.", title=_(game.title),
                           least=game.min_players, most=game.max_players, count=players))
    if args.n < 1:
        raise UsageError(_("-n must be at least 1."))
    bot_list = [b.strip() for b in args.bots.split(",") if b.strip()]
    for bot in bot_list:
        problem = bot_problem(bot)
        if problem:
            raise UsageError(problem)
    if not bot_list:
        raise UsageError(_("--bots needs at least one bot kind."))
    kinds = [bot_list[i % len(bot_list)] for i in range(players)]
    return run_selfplay(game, kinds, game.option_texts(options), args.n, args.seed, args.check)


def make_store(args: argparse.Namespace) -> SaveStore:
    """The one save store of this run: --saves, else the default (BOARDGAMES_HOME or the data folder)."""
    return SaveStore(args.saves) if args.saves is not None else default_store()


def _run_app(args: argparse.Namespace, **kwargs: Any) -> int:
    from boardgames.tui.app import BoardgamesApp

    app = BoardgamesApp(store=make_store(args), **kwargs)
    app.run()
    return app.return_code or 0  # a crash (written to errors.log) exits 1


def cmd_play(args: argparse.Namespace) -> int:
    from boardgames.core.session import Session

    game = _find_game(args.game)
    seats = parse_players(args.players, game)
    hints, pairs = take_hints(args.option)
    options = parse_options(pairs, game)
    if args.seed is not None and not 0 <= args.seed <= MAX_SEED:
        raise UsageError(_("The seed must be a whole number from 0 to {most}.", most=MAX_SEED))
    seed = args.seed if args.seed is not None else secret_seed()
    try:
        session = Session.new(game, seats, options, seed, store=make_store(args), hints=hints)
    except SavesFolderError as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:
        raise UsageError(_("Games cannot be saved: {problem}.", problem=exc.strerror or exc)) from None
    return _run_app(args, session=session, ascii=args.ascii or args.sub_ascii)


def cmd_replay(args: argparse.Namespace) -> int:
    from boardgames.core.session import Session

    try:
        Session.load(args.file)  # refuse a save that does not replay, before any screen
        record = read_record(args.file)
    except RecordError as exc:
        raise UsageError(str(exc)) from None
    return _run_app(args, replay=record, ascii=args.ascii or args.sub_ascii)


class _Progress:
    """The review's progress on standard error: one line rewritten in a terminal, a line every tenth
    otherwise (a log file, a pipe)."""

    def __init__(self) -> None:
        self.tty = sys.stderr.isatty()
        self.shown = -1

    def __call__(self, done: int, total: int) -> None:
        if not total:
            return
        tenth = done * 10 // total
        if not self.tty and tenth == self.shown:
            return
        self.shown = tenth
        line = _("Reviewing: {done} of {total} decisions.", done=done, total=total)
        print(("\r" + line) if self.tty else line, end="" if self.tty and done < total else "\n", file=sys.stderr,
              flush=True)


def _seats_to_review(args: argparse.Namespace, record: Record) -> list[int] | None:
    """The seats ``review --seat NAME`` asks for (None: every human one); a UsageError when the name is no seat's,
    or when it is missing and the review would show several people's secrets at once."""
    from boardgames.core.review import one_seat_at_a_time, review_seats

    names = ", ".join(seat.name for seat in record.seats)
    if args.seat is None:
        humans = review_seats(record)
        if one_seat_at_a_time(record, humans):
            raise UsageError(_("{file}: several people played this game at one keyboard and a review shows the "
                               "cards its player held, so name whose moves to review with --seat NAME ({names}).",
                               file=args.file.name, names=", ".join(record.seats[seat].name for seat in humans)))
        return None
    wanted = " ".join(args.seat.split()).casefold()
    for seat, player in enumerate(record.seats):
        if player.name.casefold() == wanted:
            return [seat]
    raise UsageError(_("{file}: no seat of this game is called {name}; its seats are {names}.",
                       file=args.file.name, name=args.seat, names=names))


def cmd_review(args: argparse.Namespace) -> int:
    import json

    from boardgames.core.review import DEFAULT_ITERATIONS, MAX_ITERATIONS, ReviewError, review_record
    from boardgames.tui.reviewtext import review_lines

    iterations = DEFAULT_ITERATIONS if args.iterations is None else args.iterations
    if not 1 <= iterations <= MAX_ITERATIONS:
        raise UsageError(_("--iterations is a whole number from 1 to {most}, not {count}.",
                           most=number(MAX_ITERATIONS), count=iterations))
    try:
        record = read_record(args.file)
        seats = _seats_to_review(args, record)
        review = review_record(record, iterations, seats=seats, progress=_Progress())
    except RecordError as exc:
        raise UsageError(str(exc)) from None
    except ReviewError as exc:
        raise UsageError(f"{args.file.name}: {exc}") from None
    if args.json:
        print(json.dumps(review.to_json(), ensure_ascii=False, indent=1))
    else:
        print("\n".join(review_lines(review)))
    return 0


def read_new_password(name: str) -> str:
    """Typed twice without echo at a terminal; one line of standard input otherwise (for scripts)."""
    from boardgames.serve.auth import password_problem

    if sys.stdin.isatty():
        import getpass

        password = getpass.getpass(_("Password for {name}: ", name=name))
        if getpass.getpass(_("The same password again: ")) != password:
            raise UsageError(_("The two passwords differ; nothing was changed."))
    else:
        password = sys.stdin.readline().rstrip("\r\n")
    problem = password_problem(password)
    if problem:
        raise UsageError(problem + " " + _("Nothing was changed."))
    return password


def cmd_add_user(args: argparse.Namespace) -> int:
    from boardgames.core.guests import reserved_for_guests
    from boardgames.serve.auth import set_password
    from boardgames.serve.users import is_safe_name

    if not is_safe_name(args.add_user):
        raise UsageError(_("'{name}' cannot be a player's name: names are 1 to 32 lower-case letters, digits, '-' "
                           "or '_', starting with a letter or a digit.", name=args.add_user))
    if reserved_for_guests(args.add_user):
        raise UsageError(_("'{name}' cannot be a player's name: names that begin with \"guest\" are kept for guests, "
                           "so that nobody can pass for one.", name=args.add_user))
    options = serve_options(args)
    password = read_new_password(args.add_user)
    try:
        new = set_password(options.password_file, args.add_user, password)
    except OSError as exc:
        raise UsageError(_("The password file {path} cannot be written ({problem}).", path=options.password_file,
                           problem=exc.strerror or exc)) from None
    if new:
        print(_("Added {name} to {path}.", name=args.add_user, path=options.password_file))
    else:
        print(_("Changed the password of {name} in {path}.", name=args.add_user, path=options.password_file))
    return 0


def serve_options(args: argparse.Namespace) -> ServeOptions:
    from boardgames.serve.door import parse_startups
    from boardgames.serve.netblock import parse_net_blocks
    from boardgames.serve.penalties import parse_penalties

    if args.port is not None and not 0 <= args.port <= 65535:
        raise UsageError(_("The port must be a whole number from 0 to 65535."))
    if not 0 <= args.seat_hold <= 86_400:
        raise UsageError(_("--seat-hold is a number of seconds from 0 to 86400 (a day)."))
    cores = os.cpu_count() or 1
    if args.bot_cores is not None and not 1 <= args.bot_cores <= cores:
        raise UsageError(_("--bot-cores is a whole number from 1 to this machine's {cores} cores.", cores=cores))
    try:
        startups = parse_startups(args.max_startups)
        penalties = parse_penalties(args.per_source_penalties)
        net_blocks = parse_net_blocks(args.per_source_net_block_size)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    return ServeOptions(
        root=default_serve_root(), host=args.host, port=args.port if args.port is not None else 2222,
        host_key=args.host_key, auth=args.auth, authorized_keys=args.authorized_keys, passwords=args.passwords,
        max_sessions=args.max_sessions, max_per_address=args.max_per_address, max_auth_tries=args.max_auth_tries,
        max_channels=args.max_channels, max_startups=startups, max_connections=args.max_connections,
        penalties=penalties, net_blocks=net_blocks,
        login_timeout=args.login_grace_time, unused_timeout=args.unused_timeout,
        keepalive_interval=args.client_alive_interval,
        idle_timeout=args.idle_timeout * 60, log=args.log, game_memory=args.game_memory,
        seat_hold=args.seat_hold, warm_fork=args.warm_fork,
        **({"bot_cores": args.bot_cores} if args.bot_cores is not None else {}),
    )


def check_web_exposure(host: str, no_login_accepted: bool) -> None:
    """``--web`` has no login: beyond this machine only when asked for in so many words."""
    from boardgames.serve.webguard import is_loopback

    if not is_loopback(host) and not no_login_accepted:
        raise UsageError(_("The web server has no login, so it listens on {host} only with "
                           "--i-know-there-is-no-login; better, keep 127.0.0.1 behind a reverse proxy that "
                           "authenticates.", host=host))


def start_server_history(root: Path) -> None:
    """A server without a history yet makes it from its players' saves, in a thread while it starts serving."""
    import threading

    from boardgames.history.command import server_sources
    from boardgames.history.rebuild import bootstrap
    from boardgames.history.store import HistoryError
    from boardgames.serve.options import server_history

    def make() -> None:
        try:
            bootstrap(server_history(root), server_sources(root))
        except (HistoryError, OSError) as exc:
            print("boardgames: " + _("The history of finished games could not be made: {problem}", problem=exc),
                  file=sys.stderr)

    if not server_history(root).exists():
        threading.Thread(target=make, name="history", daemon=True).start()


def cmd_serve(args: argparse.Namespace) -> int:
    if args.add_user is not None:
        return cmd_add_user(args)
    if args.web:
        port = args.port if args.port is not None else 8000
        if not 0 <= port <= 65535:
            raise UsageError(_("The port must be a whole number from 0 to 65535."))
        check_web_exposure(args.host, args.i_know_there_is_no_login)
        try:
            from boardgames.serve.web import run_web
        except ImportError as exc:
            raise UsageError(_("Serving in a browser is not available here ({problem}).", problem=exc)) from None
        if args.max_sessions < 1 or args.max_per_address < 1:
            raise UsageError(_("--max-sessions and --max-per-address must be at least 1."))
        if args.idle_timeout < 0:
            raise UsageError(_("--idle-timeout cannot be negative (0 means never)."))
        from boardgames.serve.webguard import WebLimits

        extra: dict[str, Any] = {"limits": WebLimits(max_tabs=args.max_sessions, max_per_address=args.max_per_address,
                                     idle_timeout=args.idle_timeout * 60)}
        if args.saves is not None:
            extra["saves"] = args.saves
        if args.ascii:
            extra["ascii"] = True
        if args.public_url:
            extra["public_url"] = args.public_url
        return run_web(args.host, port, **extra)
    from boardgames.serve.options import ServeError
    from boardgames.serve.ssh import run_ssh

    options = serve_options(args)
    start_server_history(options.root)
    try:
        return run_ssh(options)
    except ServeError as exc:
        raise UsageError(str(exc)) from None


def _chosen_language(argv: list[str]) -> str:
    """--lang (read before the parser is built, so its help is in that language too), else the player's last
    choice (menu or SSH name prompt), else the environment."""
    for i, arg in enumerate(argv):
        value = arg.partition("=")[2] if arg.startswith("--lang=") else argv[i + 1] if arg == "--lang" and \
            i + 1 < len(argv) else None
        if value is not None:
            return match(value) or from_environment()
    from boardgames.home import default_home
    from boardgames.preferences import remembered

    return remembered(default_home(), os.environ.get("BOARDGAMES_PLAYER", "")) or from_environment()


def main(argv: list[str] | None = None) -> int:
    set_language(_chosen_language(sys.argv[1:] if argv is None else argv))
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command is None:
            return _run_app(args, ascii=args.ascii)
        if args.command == "list":
            return cmd_list()
        if args.command == "check-data":
            return cmd_check_data()
        if args.command == "selfplay":
            return cmd_selfplay(args)
        if args.command == "play":
            return cmd_play(args)
        if args.command == "replay":
            return cmd_replay(args)
        if args.command == "review":
            return cmd_review(args)
        if args.command == "serve":
            return cmd_serve(args)
        if args.command == "stats":
            from boardgames.history.command import cmd_stats

            return cmd_stats(args, make_store(args))
    except UsageError as exc:
        print(f"boardgames: {exc}", file=sys.stderr)
        return USAGE_EXIT
    except DataError as exc:
        print("boardgames: " + _("a rules table is broken: {problem}", problem=exc), file=sys.stderr)
        return USAGE_EXIT
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader stopped early (``boardgames list | head``): no traceback for it
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    parser.print_help()
    return USAGE_EXIT


if __name__ == "__main__":
    raise SystemExit(main())

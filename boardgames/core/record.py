"""Records: a header plus the list of action notations. Save = write; load = replay.

Saves are JSON, written atomically (temp file + rename) so a killed process
never leaves a half-written file.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

FORMAT = "boardgames-record"
FORMAT_VERSION = 1


class RecordError(ValueError):
    """A save file that cannot be loaded; the message says why in plain words."""


@dataclass(frozen=True)
class Seat:
    name: str
    #: "human", or "bot:<kind>" such as "bot:greedy"
    kind: str = "human"

    @property
    def is_bot(self) -> bool:
        return self.kind.startswith("bot:")

    @property
    def bot_kind(self) -> str:
        return self.kind.split(":", 1)[1] if self.is_bot else ""


@dataclass
class Record:
    game: str
    seed: int
    seats: list[Seat]
    options: dict[str, str]
    rules_version: int = 1
    actions: list[str] = field(default_factory=list)
    created: str = field(default_factory=lambda: datetime.now(timezone.utc).isoformat(timespec="seconds"))
    finished: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": self.game,
            "rules_version": self.rules_version,
            "seed": self.seed,
            "seats": [{"name": s.name, "kind": s.kind} for s in self.seats],
            "options": dict(self.options),
            "created": self.created,
            "finished": self.finished,
            "actions": list(self.actions),
        }

    @classmethod
    def from_json(cls, data: Any) -> Record:
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise RecordError("This file is not a boardgames save.")
        if data.get("format_version") != FORMAT_VERSION:
            raise RecordError("This save was written by another version of boardgames and cannot be read.")
        try:
            seats = [Seat(str(s["name"]), str(s["kind"])) for s in data["seats"]]
            record = cls(
                game=str(data["game"]),
                seed=int(data["seed"]),
                seats=seats,
                options={str(k): str(v) for k, v in dict(data["options"]).items()},
                rules_version=int(data["rules_version"]),
                actions=[str(a) for a in data["actions"]],
                created=str(data.get("created", "")),
                finished=bool(data.get("finished", False)),
            )
        except (KeyError, TypeError, ValueError):
            raise RecordError("This save is damaged: its header is incomplete.") from None
        for kind in (s.kind for s in seats):
            if kind != "human" and not kind.startswith("bot:"):
                raise RecordError(f"This save is damaged: unknown seat kind '{kind}'.")
        return record


def atomic_write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def save_record(record: Record, path: Path) -> None:
    atomic_write(path, json.dumps(record.to_json(), indent=1) + "\n")


def read_record(path: Path) -> Record:
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise RecordError(f"There is no save file at {path}.") from None
    except (OSError, UnicodeDecodeError):
        raise RecordError(f"The file {path} cannot be read.") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError:
        raise RecordError("This save is damaged: it is not valid JSON.") from None
    return Record.from_json(data)


def data_home() -> Path:
    """The per-user folder for saves; BOARDGAMES_HOME overrides it (tests use a temp dir)."""
    override = os.environ.get("BOARDGAMES_HOME")
    if override:
        return Path(override)
    import platformdirs

    return Path(platformdirs.user_data_dir("boardgames", appauthor=False))


def saves_dir() -> Path:
    return data_home() / "saves"


def new_save_path(game_id: str) -> Path:
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    folder = saves_dir()
    path = folder / f"{game_id}-{stamp}.json"
    counter = 1
    while path.exists():
        counter += 1
        path = folder / f"{game_id}-{stamp}-{counter}.json"
    return path


def list_saves() -> list[tuple[Path, Record | None]]:
    """Every save file, newest first, with its record (None when unreadable)."""
    folder = saves_dir()
    if not folder.is_dir():
        return []
    found = []
    for path in folder.glob("*.json"):
        try:
            record = read_record(path)
        except RecordError:
            record = None
        found.append((path, record))
    found.sort(key=lambda item: item[0].stat().st_mtime, reverse=True)
    return found


def last_unfinished() -> Path | None:
    """The newest unfinished save of a game this version has."""
    from boardgames.core.registry import all_games

    known = {game.id for game in all_games()}
    for path, record in list_saves():
        if record is not None and not record.finished and record.game in known:
            return path
    return None

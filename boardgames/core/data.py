"""YAML tables loaded into frozen dataclasses, validated once at load.

Every error names the file and the key path (``strips.yaml: strips[3].sides[1]: ...``)
so a broken table can be mended by someone who never read the engine.

Beyond plain fields, a table's dataclass may declare, with ``typing.Annotated``:

- tagged effects: ``Annotated[Gain | TurnAltar, Tagged(Gain, TurnAltar)]`` reads a
  one-key mapping such as ``{gain: {brick: 1}}`` into ``Gain`` (the tag is the class's
  ``tag`` attribute or its name in snake_case; a class with one field takes the body as
  that field's value; a bare tag stands for a class without required fields);
- references: ``Annotated[str, Ref("people")]`` marks an id that must exist elsewhere.
  ``references(table)`` lists them, ``check_references`` refuses unknown ids and
  ``check_coverage`` refuses a known id that nothing refers to.
"""

from __future__ import annotations

import collections.abc
import contextlib
import contextvars
import copyreg
import dataclasses
import functools
import re
import reprlib
import types
import typing
from collections.abc import Collection, Iterable, Iterator
from importlib.resources import files
from pathlib import Path
from typing import Any, Literal, Union

import yaml

from boardgames.core.cells import cell_width

#: every game's YAML tables, one folder a game: the package boardgames.rules_data, the top-level folder rules_data/
#: of a checkout (setup.py maps it, for an editable install too) and a folder inside the installed package from a
#: wheel (pip installs wheels unpacked, so the package is always a folder on disk)
DATA_ROOT = Path(str(files("boardgames.rules_data")))


class DataError(ValueError):
    """A table that cannot be loaded; the message names file and key path."""


def frozen_map(items: Any = ()) -> types.MappingProxyType[Any, Any]:
    """A read-only mapping; also how pickle rebuilds one (see the copyreg line below)."""
    return types.MappingProxyType(dict(items))


# a MappingProxyType cannot be pickled by default; tables are made of them and must reach other processes
copyreg.pickle(types.MappingProxyType, lambda mapping: (frozen_map, (dict(mapping),)))


def freeze(value: Any) -> Any:
    """``value`` with every dict made a read-only mapping, list a tuple and set a frozenset, all the way down.

    Frozen dataclasses are kept as they are (their fields were frozen when they were built).
    """
    if isinstance(value, (dict, types.MappingProxyType)):
        return frozen_map((freeze(k), freeze(v)) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return tuple(freeze(v) for v in value)
    if isinstance(value, (set, frozenset)):
        return frozenset(freeze(v) for v in value)
    return value


def data_dir(game_id: str) -> Path:
    return DATA_ROOT / game_id


_files_read: contextvars.ContextVar[list[str] | None] = contextvars.ContextVar("files_read", default=None)


def check(condition: object, message: str) -> None:
    """A table's rule: raise DataError with ``message`` (file, key path, what is wrong) unless it holds."""
    if not condition:
        raise DataError(message)


@contextlib.contextmanager
def recording_reads() -> Iterator[list[str]]:
    """Collect the names of the files ``read_yaml`` reads inside the block (check-data lists them)."""
    names: list[str] = []
    token = _files_read.set(names)
    try:
        yield names
    finally:
        _files_read.reset(token)


def read_yaml(path: Path) -> Any:
    """The YAML data of ``path``; any failure to read or parse it is a DataError naming the file."""
    names = _files_read.get()
    if names is not None and path.name not in names:
        names.append(path.name)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(f"{path.name}: cannot be read ({exc.strerror or exc}).") from None
    except UnicodeDecodeError as exc:
        raise DataError(f"{path.name}: is not UTF-8 text (a stray byte at position {exc.start}).") from None
    try:
        return _load_checked(text, path.name)
    except DataError:
        raise
    except yaml.YAMLError as exc:
        if "nesting depth" in str(getattr(exc, "problem", "")):  # libyaml's own limit, before Python's recursion's
            raise DataError(f"{path.name}: is nested too deeply to be a rules table.") from None
        mark = getattr(exc, "problem_mark", None)
        where = f" at line {mark.line + 1}" if mark else ""
        raise DataError(f"{path.name}: is not valid YAML{where}.") from None
    except RecursionError:
        raise DataError(f"{path.name}: is nested too deeply to be a rules table.") from None
    except Exception as exc:  # a constructor's own error, such as an impossible date
        raise DataError(f"{path.name}: cannot be read as YAML ({type(exc).__name__}).") from None


#: how many values aliases (``*name``) may add to a table beyond what is written out: a few repeats
#: are fine, an alias of aliases of aliases ("billion laughs") would make millions
MAX_ALIAS_EXPANSION = 10_000
#: the largest whole number a table may hold: nothing printed on a component comes near it
MAX_NUMBER = 100_000
#: libyaml's parser where PyYAML was built with it (its wheels are), ten times the pure-Python one: Above and
#: Below's encounter book took seconds to load in every process that plays the game
SAFE_LOADER: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _load_checked(text: str, file: str) -> Any:
    """``yaml.safe_load``, refusing a mapping that repeats a key and aliases that expand beyond a few repeats.

    Both are checked on the parsed nodes, before any value is built.
    """
    loader = SAFE_LOADER(text)
    try:
        node = loader.get_single_node()
        if node is None:
            return None
        _check_nodes(node, file)
        return loader.construct_document(node)
    finally:
        loader.dispose()


def _check_nodes(root: yaml.Node, file: str) -> None:
    sizes: dict[int, int] = {}

    def size(node: yaml.Node) -> int:
        """How many values ``node`` stands for once every alias in it is written out."""
        known = sizes.get(id(node))
        if known is None:
            sizes[id(node)] = 0  # an alias inside its own anchor counts nothing more
            if isinstance(node, yaml.MappingNode):
                known = 1 + sum(size(k) + size(v) for k, v in node.value)
            elif isinstance(node, yaml.SequenceNode):
                known = 1 + sum(size(item) for item in node.value)
            else:
                known = 1
            sizes[id(node)] = known
        return known

    seen: set[int] = set()
    extra = 0
    stack: list[tuple[yaml.Node, str]] = [(root, "")]
    while stack:
        node, where = stack.pop()
        if id(node) in seen:  # an alias: what it repeats counts again
            extra += size(node)
            if extra > MAX_ALIAS_EXPANSION:
                raise DataError(f"{file}: {where or 'the top'}: aliases (*name) repeat more than "
                                f"{MAX_ALIAS_EXPANSION} values; write the values out instead.")
            continue
        seen.add(id(node))
        if isinstance(node, yaml.MappingNode):
            keys: dict[tuple[str, str], int] = {}
            for key, _value in node.value:
                if isinstance(key, yaml.ScalarNode) and key.tag != "tag:yaml.org,2002:merge":
                    ident, line = (key.tag, key.value), key.start_mark.line + 1
                    if ident in keys:
                        place = f"{file}: {where}:" if where else f"{file}:"
                        raise DataError(f"{place} the key '{key.value[:60]}' is given twice (lines "
                                        f"{keys[ident]} and {line}); keep one.")
                    keys[ident] = line
            for key, value in reversed(node.value):  # reversed onto the stack: walked in the file's order
                label = key.value[:60] if isinstance(key, yaml.ScalarNode) else "?"
                stack.append((value, f"{where}.{label}" if where else label))
                stack.append((key, where))
        elif isinstance(node, yaml.SequenceNode):
            stack.extend((item, f"{where}[{i}]") for i, item in reversed(list(enumerate(node.value))))


def _brief(value: Any, limit: int = 60) -> str:
    """``repr(value)`` cut short: a message never prints a whole table."""
    shorten = reprlib.Repr()
    shorten.maxstring = shorten.maxother = limit
    shorten.maxlevel, shorten.maxlist, shorten.maxtuple, shorten.maxdict = 3, 4, 4, 4
    text = shorten.repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def check_symbol(text: str, where: str, ascii_only: bool = False) -> None:
    """Refuse ``text`` unless the screen draws it as one visible character in one cell.

    ``ascii_only`` is for letters shown in ``--ascii`` mode, which must be one plain ASCII character.
    """
    if not text.strip():
        raise DataError(f"{where}: is empty; give one character.")
    if ascii_only and (len(text) != 1 or not " " < text < "\x7f"):
        raise DataError(f"{where}: '{text}' must be one plain ASCII character, such as a capital letter.")
    width = cell_width(text)
    if width != 1 or not text.isprintable():
        raise DataError(f"{where}: '{text}' takes {width} cells on screen; it must take exactly one.")


@dataclasses.dataclass(frozen=True)
class Ref:
    """Marks a field (``Annotated[str, Ref("people")]``) as the id of a ``kind`` defined elsewhere."""

    kind: str


def tag_of(cls: type) -> str:
    """An effect class's tag: its ``tag`` attribute, else its name in snake_case (TurnAltar -> turn_altar)."""
    return getattr(cls, "tag", None) or re.sub(r"(?<!^)(?=[A-Z])", "_", cls.__name__).lower()


class Tagged:
    """Marks a field (``Annotated[A | B, Tagged(A, B)]``) read as a one-key mapping ``{tag: body}``."""

    def __init__(self, *classes: type, kind: str = "effect") -> None:
        self.kind = kind
        self.classes = {tag_of(cls): cls for cls in classes}
        if len(self.classes) != len(classes):
            raise TypeError("two effect classes share a tag")

    def read(self, value: Any, where: str) -> Any:
        known = ", ".join(self.classes)
        if isinstance(value, str):
            tag, body = value, None
        elif isinstance(value, dict) and len(value) == 1:
            [(tag, body)] = value.items()
        else:
            raise DataError(f"{where}: expected one {self.kind} written as a one-key mapping "
                            f"such as {{{next(iter(self.classes), 'name')}: ...}} (known: {known})")
        cls = self.classes.get(tag)
        if cls is None:
            raise DataError(f"{where}: unknown {self.kind} '{tag}' (known: {known})")
        where = f"{where}.{tag}"
        fields = [f.name for f in dataclasses.fields(cls) if f.init]
        if body is None:
            body = {}
        elif len(fields) == 1 and not (isinstance(body, dict) and set(body) <= set(fields)):
            # the shorthand {gain: {brick: 1}} for {gain: {goods: {brick: 1}}}: a lone field's value
            # given directly, unless it is a mapping that a field which is no mapping cannot take
            hint = typing.get_type_hints(cls)[fields[0]]
            takes_mapping = typing.get_origin(hint) in (dict, collections.abc.Mapping)
            if takes_mapping or not isinstance(body, dict):
                body = {fields[0]: body}
        return build(cls, body, where)


def _type_name(tp: Any) -> str:
    return getattr(tp, "__name__", None) or str(tp).replace("typing.", "")


def convert(tp: Any, value: Any, where: str) -> Any:
    """Turn plain YAML data into ``tp``, raising DataError naming ``where``."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if tp is Any:
        return value
    if origin is typing.Annotated:
        for mark in tp.__metadata__:
            if isinstance(mark, Tagged):
                return mark.read(value, where)
        return convert(args[0], value, where)
    if origin in (Union, types.UnionType):
        if value is None and type(None) in args:
            return None
        errors = []
        for option in args:
            if option is type(None):
                continue
            try:
                return convert(option, value, where)
            except DataError as exc:
                errors.append(str(exc))
        raise DataError(errors[0] if len(errors) == 1 else f"{where}: {_brief(value)} fits none of the allowed forms")
    if origin is Literal:
        if value not in args:
            allowed = ", ".join(repr(a) for a in args)
            raise DataError(f"{where}: {_brief(value)} is not one of {allowed}")
        return value
    if origin is tuple:
        if not isinstance(value, list):
            raise DataError(f"{where}: expected a list, found {type(value).__name__}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(convert(args[0], v, f"{where}[{i}]") for i, v in enumerate(value))
        if len(value) != len(args):
            raise DataError(f"{where}: expected {len(args)} items, found {len(value)}")
        return tuple(convert(t, v, f"{where}[{i}]") for i, (t, v) in enumerate(zip(args, value)))
    if origin in (dict, collections.abc.Mapping):
        if not isinstance(value, dict):
            raise DataError(f"{where}: expected a mapping, found {type(value).__name__}")
        key_t, val_t = args
        return frozen_map((convert(key_t, k, f"{where}"), convert(val_t, v, f"{where}.{k}")) for k, v in value.items())
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        return build(tp, value, where)
    if tp is bool:
        if not isinstance(value, bool):
            raise DataError(f"{where}: expected true or false, found {_brief(value)}")
        return value
    if tp is int:
        if isinstance(value, bool) or not isinstance(value, int):
            raise DataError(f"{where}: expected a whole number, found {_brief(value)}")
        _check_size(value, where)
        return value
    if tp is float:
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise DataError(f"{where}: expected a number, found {_brief(value)}")
        _check_size(value, where)
        return float(value)
    if tp is str:
        if not isinstance(value, str):
            raise DataError(f"{where}: expected text, found {_brief(value)}")
        if not value.strip():
            raise DataError(f"{where}: is empty; write a name or a text.")
        return value
    raise TypeError(f"data.convert cannot handle {_type_name(tp)}")


def _check_size(value: float, where: str) -> None:
    if not -MAX_NUMBER <= value <= MAX_NUMBER:  # also refuses nan
        raise DataError(f"{where}: {_brief(value)} is far too large for a rules table "
                        f"(numbers go from -{MAX_NUMBER} to {MAX_NUMBER}).")


@functools.cache
def _shape(cls: type) -> tuple[dict[str, Any], dict[str, dataclasses.Field[Any]]]:
    """A dataclass's resolved annotations and its init fields, worked out once: resolving the annotations for every
    row of a table cost most of loading one."""
    return typing.get_type_hints(cls, include_extras=True), {f.name: f for f in dataclasses.fields(cls) if f.init}


def build(cls: type, raw: Any, where: str) -> Any:
    """Build dataclass ``cls`` from a mapping, refusing unknown and missing keys."""
    if not isinstance(raw, dict):
        raise DataError(f"{where}: expected a mapping, found {type(raw).__name__}")
    hints, fields = _shape(cls)
    unknown = sorted(set(raw) - set(fields), key=str)
    if unknown:
        raise DataError(f"{where}: unknown key '{unknown[0]}' (known: {', '.join(fields)})")
    values = {}
    for name, f in fields.items():
        if name in raw:
            values[name] = convert(hints[name], raw[name], f"{where}.{name}" if where else name)
        elif f.default_factory is not dataclasses.MISSING:
            values[name] = freeze(f.default_factory())  # a default list or dict would stay mutable
        elif f.default is dataclasses.MISSING:
            raise DataError(f"{where}: missing key '{name}'" if where else f"missing key '{name}'")
    return cls(**values)


def load_table(path: Path, cls: Any, key: str = "") -> Any:
    """Read ``path`` and build ``cls`` from it; errors start with the file name.

    ``cls`` is a dataclass (the file a mapping) or a type such as ``tuple[Card, ...]`` (the file a list, its
    items named ``key[i]``; it may also be written as a mapping whose one key ``key`` holds the list).
    """
    raw = read_yaml(path)
    try:
        if isinstance(cls, type):
            return build(cls, raw, "")
        if isinstance(raw, dict) and set(raw) == {key}:
            raw = raw[key]
        return convert(cls, raw, key)
    except DataError as exc:
        raise DataError(f"{path.name}: {str(exc).lstrip(': ')}") from None
    except RecursionError:
        raise DataError(f"{path.name}: is nested too deeply to be a rules table.") from None


def references(value: Any, where: str = "", tp: Any = None) -> list[tuple[str, str, Any]]:
    """Every id marked ``Ref`` inside a built table, as (key path, kind, id), in table order."""
    tp = type(value) if tp is None else tp
    origin, args = typing.get_origin(tp), typing.get_args(tp)
    found: list[tuple[str, str, Any]] = []
    if value is None:
        return found
    if origin is typing.Annotated:
        marks = [m for m in tp.__metadata__ if isinstance(m, Ref)]
        if marks:
            return [(where, mark.kind, value) for mark in marks]
        return references(value, where, type(value) if any(isinstance(m, Tagged) for m in tp.__metadata__)
                          else args[0])
    if origin in (Union, types.UnionType):
        for option in args:
            if _fits(option, value):
                return references(value, where, option)
        return found
    if origin is tuple and isinstance(value, tuple):
        item_types = [args[0]] * len(value) if len(args) == 2 and args[1] is Ellipsis else list(args)
        for i, (item_t, item) in enumerate(zip(item_types, value)):
            found += references(item, f"{where}[{i}]", item_t)
    elif origin in (dict, collections.abc.Mapping) and isinstance(value, collections.abc.Mapping):
        key_t, val_t = args
        for key, item in value.items():
            found += references(key, where, key_t)
            found += references(item, f"{where}.{key}" if where else str(key), val_t)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        hints = _shape(type(value))[0]
        for f in dataclasses.fields(value):
            found += references(getattr(value, f.name), f"{where}.{f.name}" if where else f.name, hints[f.name])
    return found


def _fits(tp: Any, value: Any) -> bool:
    """Whether ``value`` was built as ``tp`` (one branch of a union)."""
    while typing.get_origin(tp) is typing.Annotated:
        tp = typing.get_args(tp)[0]
    if typing.get_origin(tp) in (Union, types.UnionType):
        return any(_fits(option, value) for option in typing.get_args(tp))
    if typing.get_origin(tp) is Literal:
        return value in typing.get_args(tp)
    base = typing.get_origin(tp) or tp
    if base in (dict, collections.abc.Mapping):
        base = collections.abc.Mapping
    return isinstance(base, type) and isinstance(value, base)


def check_references(file: str, table: Any, known: dict[str, Collection[Any]]) -> list[tuple[str, str, Any]]:
    """Refuse an id marked ``Ref(kind)`` in ``table`` (read from ``file``) that is not in ``known[kind]``.

    Returns the references found, for ``check_coverage``.
    """
    found = references(table)
    for where, kind, ref in found:
        ids = known.get(kind)
        if ids is None:
            raise TypeError(f"no list of known {kind} ids was given")
        if ref not in ids:
            raise DataError(f"{file}: {where}: unknown {kind} '{ref}' (known: {', '.join(map(str, ids))})")
    return found


def check_coverage(kind: str, known: Iterable[Any], used: Iterable[Any], where: str, place: str) -> None:
    """Refuse a known ``kind`` id that appears nowhere in ``used``.

    ``where`` is where the ids are defined (``peoples.yaml: peoples``), ``place`` where they
    should appear (``any building's boxes``): "peoples.yaml: peoples: people 'kh' appears in no building's boxes".
    """
    used = set(used)
    missing = [k for k in known if k not in used]
    if missing:
        raise DataError(f"{where}: {kind} '{missing[0]}' appears in no {place}")

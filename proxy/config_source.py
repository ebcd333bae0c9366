"""Reading a config file: strict YAML, ``${ENV}`` interpolation and a typed field reader.

Everything here raises :class:`~pipelines.errors.ConfigError` with the file, the dotted
path and what was expected; nothing echoes a value from the file into a message (a
value may be a secret).  :mod:`proxy.config` builds the typed config on top of it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Final, NoReturn, final

import yaml

from pipelines.errors import ConfigError

__all__ = [
    "ConfigWarning",
    "EntryAbandoned",
    "Interpolation",
    "Reader",
    "interpolate",
    "is_stand_in",
    "join_path",
    "read_yaml",
]

_REFERENCE: Final = re.compile(r"\$\$\{|\$\{([^}]*)\}|\$\{")
_NAME_AND_DEFAULT: Final = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)(?::-(.*))?\Z", re.DOTALL)
# ``$NAME`` without braces is not interpolated (it is sent as written): warn about it.
_BARE: Final = re.compile(r"(?<!\$)\$([A-Za-z_][A-Za-z0-9_]*)")


@final
@dataclass(frozen=True, slots=True)
class ConfigWarning:
    """Something the config does that is allowed but probably a mistake.

    ``stand_in``: the value at ``path`` is a stand-in (an unset ``${NAME}`` under
    ``--allow-missing-env``), so whatever would read it (a key file) is not checked.
    """

    path: str
    message: str
    stand_in: bool = False


@final
@dataclass(slots=True)
class Interpolation:
    """How to interpolate, and where to put what it finds (a per-load accumulator).

    ``allow_missing``: an unset ``${NAME}`` becomes a placeholder value and a warning
    instead of an error (``check-config --allow-missing-env`` lints without secrets).
    ``problems``: when a list, errors are collected there and interpolation goes on.
    """

    environ: Mapping[str, str]
    allow_missing: bool = False
    warnings: list[ConfigWarning] | None = None
    problems: list[ConfigError] | None = None

    def warn(self, path: str, message: str, *, stand_in: bool = False) -> None:
        """Record a warning (dropped when nobody collects them)."""
        if self.warnings is not None:
            self.warnings.append(ConfigWarning(path, message, stand_in))


@final
class _Unset(str):
    """A *stand-in* value: passes every check that would look at its content.

    It stands for an unset ``${NAME}`` under ``allow_missing`` (a secret left out on
    purpose), and, while errors are collected, for a value whose error is recorded
    already (so one mistake is reported once, not again by every check after it).
    """

    __slots__ = ()


def is_stand_in(value: object) -> bool:
    """Whether ``value`` is a stand-in (see :class:`_Unset`): skip checks of its content."""
    return isinstance(value, _Unset)


@final
class EntryAbandoned(Exception):
    """Raised by :meth:`Reader.settle` when an entry's fields had errors (all recorded)."""


@final
class _Interpolated(str):
    """A string that came from a ``${...}`` reference: numbers may be written this way."""

    __slots__ = ()


class _StrictLoader(yaml.SafeLoader):
    """``yaml.SafeLoader`` that refuses duplicate keys instead of keeping the last one."""


def _construct_mapping(loader: _StrictLoader, node: yaml.MappingNode) -> dict[Any, Any]:
    loader.flatten_mapping(node)
    mapping: dict[Any, Any] = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in mapping:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r}", key_node.start_mark
            )
        mapping[key] = loader.construct_object(value_node, deep=True)
    return mapping


_StrictLoader.add_constructor(
    yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG,
    _construct_mapping,
)


def read_yaml(path: Path) -> object:
    """Parse ``path`` as YAML (safe subset, duplicate keys refused)."""
    source = str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError as exc:
        raise ConfigError("file not found", source=source) from exc
    except (OSError, UnicodeDecodeError) as exc:
        raise ConfigError(f"cannot read the file ({type(exc).__name__})", source=source) from exc
    try:
        # What yaml.safe_load does, with a SafeLoader subclass that refuses duplicate keys.
        return yaml.load(text, Loader=_StrictLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else None
        # ``problem`` is the parser's description ("duplicate key 'port'", "found
        # character '\t'"), never a quote of the surrounding document.
        raise ConfigError(f"invalid YAML: {exc.problem or 'syntax error'}", source=source,
                          path=where) from exc
    except yaml.YAMLError as exc:
        raise ConfigError("invalid YAML", source=source) from exc


def join_path(parent: str, key: str | int) -> str:
    """``routes`` + 1 -> ``routes[1]``; ``server`` + ``port`` -> ``server.port``."""
    if isinstance(key, int):
        return f"{parent}[{key}]"
    return f"{parent}.{key}" if parent else key


def interpolate(data: object, *, source: str, environ: Mapping[str, str] | None = None,
                path: str = "", how: Interpolation | None = None) -> object:
    """Resolve ``${NAME}``, ``${NAME:-default}`` and ``$${`` in every string value."""
    if how is None:
        how = Interpolation(environ if environ is not None else {})
    if isinstance(data, str):
        if how.problems is None:
            return _interpolate_string(data, source=source, how=how, path=path)
        try:
            return _interpolate_string(data, source=source, how=how, path=path)
        except ConfigError as exc:
            how.problems.append(exc)
            return _Unset(data)
    if isinstance(data, dict):
        return {key: interpolate(value, source=source, path=join_path(path, str(key)), how=how)
                for key, value in data.items()}
    if isinstance(data, list):
        return [interpolate(value, source=source, path=join_path(path, index), how=how)
                for index, value in enumerate(data)]
    return data


def _interpolate_string(text: str, *, source: str, how: Interpolation, path: str) -> str:
    if "$" not in text:
        return text
    bare = _BARE.search(_REFERENCE.sub("", text))
    if bare is not None:
        how.warn(path, f"${bare.group(1)} is not interpolated (only ${{{bare.group(1)}}} is); "
                       "it is used as written")
    substituted = False
    unset = False
    environ = how.environ

    def _replace(match: re.Match[str]) -> str:
        nonlocal substituted
        if match.group(0) == "$${":
            return "${"
        body = match.group(1)
        parsed = _NAME_AND_DEFAULT.match(body) if body is not None else None
        if parsed is None:
            raise ConfigError("malformed environment reference", source=source, path=path,
                              expected="${NAME}, ${NAME:-default} or $${ for a literal ${")
        name, default = parsed.group(1), parsed.group(2)
        value = environ.get(name)
        substituted = True
        if default is not None and not value:
            return default
        if value is None:
            if how.allow_missing:
                nonlocal unset
                unset = True
                how.warn(path, f"environment variable {name} is not set "
                               "(allowed by --allow-missing-env)", stand_in=True)
                return f"<{name}>"
            raise ConfigError(f"environment variable {name} is not set", source=source,
                              path=path, expected=f"{name} set, or ${{{name}:-default}}")
        return value

    result = _REFERENCE.sub(_replace, text)
    if unset:
        return _Unset(result)
    return _Interpolated(result) if substituted else result


@final
class Reader:
    """Typed access to one mapping of the config, with errors that name the path.

    With ``problems`` (a list shared by every reader of one file) the field accessors
    record an invalid field there and go on with a stand-in value (the default, or
    :func:`is_stand_in`), so every bad field of an entry is reported, not only the
    first.  Checks that combine several fields come after :meth:`settle`, which
    abandons the entry if any of its fields was invalid; :meth:`fail` always raises
    (the entry cannot be read further).  Without ``problems`` every error raises.
    """

    __slots__ = ("_start", "data", "path", "problems", "source")

    def __init__(self, data: object, *, source: str, path: str, what: str = "a mapping",
                 problems: list[ConfigError] | None = None) -> None:
        self.source = source
        self.path = path
        self.problems = problems
        self._start = 0 if problems is None else len(problems)
        if data is None:
            data = {}
        if not isinstance(data, dict):
            self.fail(f"must be {what}", expected=what, at=path)
        for key in data:
            if not isinstance(key, str):
                self.fail("keys must be strings", expected="string keys", at=path)
        self.data: dict[str, object] = data

    def fail(self, message: str, *, expected: str | None = None, at: str | None = None) -> NoReturn:
        """Raise a ConfigError at ``at`` (default: this mapping)."""
        raise ConfigError(message, source=self.source, path=at if at is not None else self.path,
                          expected=expected)

    def invalid(self, message: str, *, expected: str | None = None, at: str | None = None
                ) -> None:
        """One field is wrong: record it (collecting) or raise; the caller goes on."""
        error = ConfigError(message, source=self.source,
                            path=at if at is not None else self.path, expected=expected)
        if self.problems is None:
            raise error
        self.problems.append(error)

    def failed(self, key: str | None = None) -> bool:
        """Whether an error was recorded at ``key`` (default: anywhere in this mapping)."""
        if not self.problems:
            return False
        at = self.path if key is None else self.at(key)
        return any(
            at == "" or path == at or path.startswith((at + ".", at + "["))
            for path in (problem.path or "" for problem in self.problems[self._start:])
        )

    def settle(self) -> None:
        """Stop here (:class:`EntryAbandoned`) if a field of this mapping was invalid.

        Called before checks that combine fields: they would judge stand-ins.
        """
        if self.failed():
            raise EntryAbandoned

    def at(self, key: str | int) -> str:
        """The dotted path of ``key`` inside this mapping."""
        return join_path(self.path, key)

    def only(self, allowed: frozenset[str]) -> None:
        """Refuse keys outside ``allowed``: a typo must not be silently ignored."""
        for key in self.data:
            if key not in allowed:
                self.invalid("unknown key", at=self.at(key),
                             expected="one of " + ", ".join(sorted(allowed)))

    def has(self, key: str) -> bool:
        """Whether ``key`` is present (``null`` counts as absent)."""
        return self.data.get(key) is not None

    def child(self, key: str, what: str = "a mapping") -> Reader:
        """The mapping under ``key`` (absent, or not a mapping while collecting: empty)."""
        data = self.data.get(key)
        if data is not None and not isinstance(data, dict) and self.problems is not None:
            self.invalid(f"must be {what}", expected=what, at=self.at(key))
            data = None
        return Reader(data, source=self.source, path=self.at(key), what=what,
                      problems=self.problems)

    def string(self, key: str, default: str | None = None, *, choices: tuple[str, ...] = (),
               check: Callable[[str], bool] | None = None, expected: str = "a string") -> str:
        """A string value, optionally one of ``choices`` or passing ``check``."""
        value = self.data.get(key)
        if value is None:
            if default is None:
                self.invalid("required key is missing", expected=expected, at=self.at(key))
                return _Unset("")
            return default
        if isinstance(value, _Unset):
            # A secret left out on purpose (--allow-missing-env): a valid stand-in.
            return default if choices and default is not None else value
        if choices:
            expected = " | ".join(choices)
        if not isinstance(value, str) or (choices and value not in choices) or (
            check is not None and not check(value)
        ):
            self.invalid("invalid value", expected=expected, at=self.at(key))
            return _Unset(default if default is not None else "")
        return str(value)

    def optional_string(self, key: str, *, expected: str = "a non-empty string") -> str | None:
        """A non-empty string, or None when absent."""
        if not self.has(key):
            return None
        return self.string(key, check=bool, expected=expected)

    def boolean(self, key: str, default: bool) -> bool:
        """``true`` or ``false``; strings such as ``"yes"`` are refused."""
        value = self.data.get(key, default)
        if not isinstance(value, bool):
            self.invalid("invalid value", expected="true or false", at=self.at(key))
            return default
        return value

    def integer(self, key: str, default: int, *, low: int, high: int | None = None) -> int:
        """An integer within ``low..high``."""
        value = self._number(key, default, integral=True)
        if value < low or (high is not None and value > high):
            bound = f"an integer {low}..{high}" if high is not None else f"an integer >= {low}"
            self.invalid("out of range", expected=bound, at=self.at(key))
            return default
        return int(value)

    def seconds(self, key: str, default: float) -> float:
        """A positive number of seconds."""
        value = float(self._number(key, default, integral=False))
        if not value > 0 or value == float("inf"):
            self.invalid("out of range", expected="a number of seconds > 0", at=self.at(key))
            return default
        return value

    def names(self, key: str, *, expected: str) -> tuple[str, ...] | None:
        """A list of distinct non-empty strings, or None when absent."""
        value = self.data.get(key)
        if value is None:
            return None
        if not isinstance(value, list):
            self.invalid("must be a list", expected=expected, at=self.at(key))
            return None
        seen: list[str] = []
        for index, item in enumerate(value):
            if not isinstance(item, str) or not item:
                self.invalid("invalid list item", expected=expected,
                             at=join_path(self.at(key), index))
            elif item in seen:
                self.invalid("duplicate list item", expected="each name once",
                             at=join_path(self.at(key), index))
            else:
                seen.append(str(item))
        return tuple(seen)

    def _number(self, key: str, default: float, *, integral: bool) -> float:
        value = self.data.get(key, default)
        expected = "an integer" if integral else "a number"
        if isinstance(value, _Unset):
            return default
        if isinstance(value, _Interpolated):
            # ``port: ${PORT:-8080}`` is a string after interpolation; read it as YAML would.
            try:
                value = int(value) if integral else float(value)
            except ValueError:
                self.invalid("invalid value", expected=expected, at=self.at(key))
                return default
        if isinstance(value, bool) or not isinstance(value, int | float) or (
            integral and not isinstance(value, int)
        ):
            self.invalid("invalid value", expected=expected, at=self.at(key))
            return default
        return value

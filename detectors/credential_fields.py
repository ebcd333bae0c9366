"""Credentials found by the syntax that holds them, whatever characters they are made of.

A password is rarely a run of token characters: ``MINIO_ROOT_PASSWORD: i0Pd?TBeyydHqj:~JKy``,
``postgres://svc:YlPcoQ@!aj4rys+y9n0@10.226.42.9:6543/orders``, ``smtp.login("a@b.c",
"f#S0A=gdHx_.-Z7k0!RH7LF")``.  The library's entries match token characters after a key
(``GENERIC_SECRET``) and the userinfo characters of a URL (``URL_PASSWORD``); a reader
of code and configuration reads the *field* instead.  Three syntaxes, each the whole
class of its kind:

* an assignment to a key that names a secret (``password``, ``DB_PASS``, ``passwort``,
  ``client_secret``, ``AZURE_KEY``, ``"token":``): the value up to its closing quote, or
  to the end of the word when unquoted (``=``, ``:``, ``=>``, ``:=``; YAML, INI, .env,
  properties, TOML, HCL, JSON key paths, logfmt);
* a URL's userinfo: the password runs to the *last* ``@`` before a host (a password may
  hold ``@``, ``:`` and ``!``);
* a login call or an option that takes ``user:password`` or ``(user, password)``:
  ``login("u", "p")``, ``auth=("u", "p")``, ``HTTPBasicAuth("u", "p")``, ``curl -u
  u:p``.

A value that only refers to a secret is none: ``${DB_PASSWORD}``, ``{{ .Values.pw }}``,
``<password>``, ``os.environ["PW"]``, ``process.env.TOKEN``, ``****``, a plain word
(``password: required``).  Like the label reader, this reads prompts only.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Sequence
from typing import Final

from detectors.id_validators import is_fill_in
from detectors.label_values import SSH_PUBLIC_KEY, line_end
from detectors.label_words import ABOUT_A_VALUE, OTHER_KIND, classify

__all__ = ["credential_fields"]

# Where a key naming a secret may be: its word stems (lower case, folded view).
_STEMS: Final = re.compile(
    r"pass|pwd|pw\b|secret|token|key|kennwort|credential|geheim|schlussel|auth|login|cred"
    r"|://|-u\b|--user\b"
)
# The characters of a key (an identifier, a dotted or dashed path).
_KEY_CHARS: Final = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.-")
# After a key: a closing quote or a key path's separator, blanks, the assignment mark.
_ASSIGNMENT: Final = re.compile(r"[\"'`]?(?:\x1f)?[ \t]*(?:=>|:=|=(?!=)|:(?![:/]))[ \t]*")
# An environment lookup with a default: the default is the secret its key names
# (``os.getenv("API_KEY", "…")``, ``os.environ.get``, ``ENV.fetch``, ``env("…", default=…)``).
_ENV_LOOKUP: Final = re.compile(
    r"(?:getenv|environ\.get|env\.get|ENV\.fetch|env|Getenv|getProperty)\([ ]?[\"']\Z"
)
_DEFAULT: Final = re.compile(r"[\"'][ ]?,[ ]?(?:default[ ]?=[ ]?)?")
# A URL with userinfo: the password is everything up to the last "@" before a host.
_URL: Final = re.compile(
    r"(?<![\w+.\-])[A-Za-z][A-Za-z0-9+.\-]{1,20}://[^\s:/@\"'<>]{1,64}:(\S{1,128})"
    r"@(?:[A-Za-z0-9][A-Za-z0-9.\-]*|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?(?=[/\s\"'?#,;)]|$)"
)
# A login call or a basic-auth pair: (user, password) as two quoted strings.
_CALL: Final = re.compile(
    r"(?i:login|auth|authenticate|sign_?in|basic_?auth|httpbasicauth|credentials)"
    r"[ ]?=?[ ]?\([ ]?([\"'])[^\"'\n]{1,128}\1[ ]?,[ ]?([\"'])(.{1,128}?)\2[ ]?[,)]"
)
_CALL_WORDS: Final = ("login", "auth", "sign", "basic", "httpbasic", "credentials")
# curl's and other tools' -u/--user user:password.
_USER_OPTION: Final = re.compile(r"(?:-u|--user)[ =][\"']?[^\s:\"']{1,64}:([^\s\"']{1,128})")
# References to a secret stored elsewhere, and words that are no secret.
_REFERENCE: Final = re.compile(
    r"^(?:\$\{|\$\(|\$[A-Za-z_][A-Za-z0-9_]*$|\{\{|<|%\(|\(|os\.|process\.env|env\(|getenv"
    r"|secret\(|vault:|!vault|file:|\*{3}|x{3}|\.\.\.|…|None$|null$|true$|false$|undefined$)",
    re.IGNORECASE,
)
# A name in code (a variable, a constant) assigned unquoted: no secret ("API_KEY}").
_NAME: Final = re.compile(r"[A-Za-z_][A-Za-z_.]*[)}\]]*")
# A capital inside a run of letters ("BpSKLAZhvw"): a password in YAML, where a constant
# or a variable's name would be all capitals or all small letters.
_INNER_CAPITAL: Final = re.compile(r"[a-z][A-Z]|[A-Z]{2}[a-z]")
# A Google app password: four groups of four lower-case letters.
_APP_PASSWORD: Final = re.compile(r"[a-z]{4}(?: [a-z]{4}){3}")
# A string literal's prefix (Python f-strings, raw and byte strings).
_LITERAL_PREFIX: Final = re.compile(r"[rbfuRBFU]{1,2}(?=[\"'])")
_ENDS: Final = frozenset(" \t")
# A closing quote or bracket at an unquoted value's end, and what opens it.
_CLOSERS: Final = {'"': '"', "'": "'", "`": "`", ")": "(", "]": "[", "}": "{", ">": "<"}
# Last words of a key that name something about a secret, not the secret itself
# ("private_key_id", "password_file", "token_expiry").
_ABOUT_THE_SECRET: Final = ABOUT_A_VALUE | frozenset(
    {"id", "ids", "sha", "md5", "header", "prefix", "env", "var", "variable", "enabled",
     "required", "publishable", "public", "pub", "pubkey"}
)  # fmt: skip
# HTTP authentication schemes: the credential is the word after them.
_SCHEMES: Final = frozenset({"bearer", "basic", "token", "digest", "apikey", "negotiate"})
# A constant's name in capitals (CHANGE_ME, YOUR_API_KEY) stands in for a secret.
_PLACEHOLDER: Final = re.compile(r"[A-Z_\-]+|<[^>]*>|\[[^\]]*\]")
_MOST: Final = 256
_FEWEST: Final = 6


def credential_fields(text: str, lower: str, breaks: Sequence[int]) -> list[tuple[int, int]]:
    """(start, end) of each credential value the three syntaxes hold in ``text`` (its
    lower-case form ``lower``), sorted."""
    if _STEMS.search(lower) is None:
        return []
    found: set[tuple[int, int]] = set()
    if "://" in text:
        for match in _URL.finditer(text):
            found.add(match.span(1))
    if "(" in text:
        for word in _CALL_WORDS:  # (the call's pattern tried where its name stands)
            at = lower.find(word)
            while at != -1:
                call = _CALL.match(text, at)
                if call is not None:
                    found.add(call.span(3))
                at = lower.find(word, at + 1)
    if "-u" in text:
        for match in _USER_OPTION.finditer(text):
            found.add(match.span(1))
    seen_keys: set[int] = set()
    for hit in _STEMS.finditer(lower):
        if not hit.group()[0].isalpha():
            continue
        start = hit.start()
        while start > 0 and text[start - 1] in _KEY_CHARS:
            start -= 1
        end = hit.end()
        while end < len(text) and text[end] in _KEY_CHARS:
            end += 1
        if start in seen_keys:
            continue
        seen_keys.add(start)
        span = _assigned(text, start, end, breaks)
        if span is not None:
            found.add(span)
    return sorted(
        (start, end)
        for start, end in found
        if end - start >= _FEWEST and _is_secret_value(text[start:end])
    )


def _names_a_secret(key: str) -> bool:
    """The key's innermost word that names something names a credential."""
    words = [w.lower() for w in re.split(r"[^A-Za-z0-9]+|(?<=[a-z])(?=[A-Z])", key) if w]
    if words and words[-1] in _ABOUT_THE_SECRET:
        return False
    for word in reversed(words):
        if word in ("pass", "pw"):
            return True
        named = classify(word)
        if named == OTHER_KIND:
            return False
        if isinstance(named, frozenset):
            return "API_KEY" in named
    return False


def _assigned(text: str, start: int, end: int, breaks: Sequence[int]) -> tuple[int, int] | None:
    """The value assigned to the key ``text[start:end]``, if the key names a secret (or
    given as the default of an environment lookup of that key)."""
    mark = _ASSIGNMENT.match(text, end)
    if mark is None and _ENV_LOOKUP.search(text, max(0, start - 24), start) is not None:
        mark = _DEFAULT.match(text, end)  # os.getenv("API_KEY", "…")
    if mark is None or not _names_a_secret(text[start:end]):
        return None
    at = mark.end()
    eol = line_end(breaks, end, len(text))
    if at > eol:
        return None  # "tokens:" + line break + "  google: …": a key above other keys
    if SSH_PUBLIC_KEY.match(text, at) is not None:
        return None  # "Schlüssel: ssh-ed25519 AAAA… laptop": a public key
    prefix = _LITERAL_PREFIX.match(text, at)
    if prefix is not None:
        at = prefix.end()  # f"…", r'…'
    quote = text[at : at + 1]
    if quote in ('"', "'", "`"):
        close = _closing(text, at + 1, min(eol, at + 1 + _MOST), quote)
        return None if close is None else (at + 1, close)
    stop = at
    limit = min(eol, at + _MOST)
    while stop < limit and text[stop] not in _ENDS:
        stop += 1
    while stop > at and (
        text[stop - 1] in ",;"
        or (text[stop - 1] in _CLOSERS and _CLOSERS[text[stop - 1]] not in text[at : stop - 1])
    ):
        stop -= 1  # "run 'password=Geheim123'": the quote closes what the key stood in
    value = text[at:stop]
    if value.lower() in _SCHEMES:
        return None  # "Authorization: Bearer <token>": the token is the entries'
    if _NAME.fullmatch(value) and not (
        _yaml_scalar(text, start, end, stop, breaks) and _INNER_CAPITAL.search(value)
    ):
        return None  # a name in code: headers={"X-Api-Key": API_KEY}
    return (at, stop) if stop > at else None


def _yaml_scalar(text: str, start: int, end: int, stop: int, breaks: Sequence[int]) -> bool:
    """The value ending at ``stop`` is a YAML (or INI, .env) scalar, not code: its key
    starts its line (after indentation or a list's dash), a ``:`` or ``=`` follows it,
    and nothing follows the value on its line."""
    index = bisect.bisect_left(breaks, start) - 1
    line_start = breaks[index] + 1 if index >= 0 else 0
    if text[line_start:start].strip(" -"):
        return False
    return not text[stop : line_end(breaks, start, len(text))].strip()


def _closing(text: str, start: int, limit: int, quote: str) -> int | None:
    """The offset of the quote that closes a value opened at ``start``: the last quote
    before the line's end that a separator, a bracket or the end follows (a password may
    hold the quote character itself)."""
    last = None
    at = text.find(quote, start, limit)
    while at != -1:
        after = text[at + 1 : at + 2]
        if after in ("", " ", ",", ";", ")", "}", "]", "\x1f") or at + 1 >= limit:
            last = at
            if after != "" and after != " ":
                break
        at = text.find(quote, at + 1, limit)
    return last


def _is_secret_value(value: str) -> bool:
    """A value that is a credential, not a reference to one nor a word or a name: no
    reference syntax, no blank, not only digits, and a digit, a mark other than those of
    names and lists (``_-.,``), or both cases."""
    if _APP_PASSWORD.fullmatch(value):
        return True
    if _REFERENCE.match(value) or len(value) > _MOST or any(ch.isspace() for ch in value):
        return False
    if is_fill_in(value):
        return False
    if len(set(value)) <= 2 or _PLACEHOLDER.fullmatch(value):
        return False
    if value.isdigit():
        return False  # a number under a secret's key is an id, a port, a timeout
    has_digit = any(ch.isdigit() for ch in value)
    has_mark = any(not ch.isalnum() and ch not in "_-.," for ch in value)
    mixed = any(ch.isupper() for ch in value) and any(ch.islower() for ch in value)
    return has_digit or has_mark or mixed  # not a name ("updated_at", "my-token")

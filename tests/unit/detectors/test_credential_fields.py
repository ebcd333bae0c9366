"""Credentials read by the syntax that holds them (detectors.credential_fields): rows for
each syntax and each kind of value that only stands in for a secret, and a generated
class (any password under any secret key in each syntax) checked against its own
construction."""

from __future__ import annotations

import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from detectors.credential_fields import credential_fields
from detectors.regex import create
from pipelines.canon.view import build_views
from pipelines.spans import DetectorContext
from tests.conftest import scan_views


def fields(text: str) -> list[str]:
    """The credential values found in ``text``'s views (a JSON document's strings are
    views of their own, each with its key path), as the regex detector reads them."""
    found = []
    for view in build_views([text]):
        seen = view.text
        spans = credential_fields(seen, seen.lower(), seen.breaks)
        found += [seen[start:end] for start, end in spans]
    return found


ROWS: list[tuple[str, list[str]]] = [
    # a key that names a secret, in each syntax
    ("MINIO_ROOT_PASSWORD: i0Pd?TBeyydHqj:~JKy", ["i0Pd?TBeyydHqj:~JKy"]),
    ('{"client_secret": "f#S0A=gdHx_.-Z7k0!RH7LF"}', ["f#S0A=gdHx_.-Z7k0!RH7LF"]),
    ("DB_PASS=Tr0ub4dor&3", ["Tr0ub4dor&3"]),
    ("passwort = 'Sommer2024!'", ["Sommer2024!"]),
    # an unquoted YAML scalar of letters only, a capital inside it
    ("services:\n  smtp:\n    SMTP_PASSWORD: BpSKLAZhvw\n    SMTP_USER: app", ["BpSKLAZhvw"]),
    # the default of an environment lookup of a secret's key
    ('key = os.getenv("API_KEY", "lin_api_Qx81kdP0aa91Ls0")', ["lin_api_Qx81kdP0aa91Ls0"]),
    ('pw = os.environ.get("DB_PASSWORD", "Tr0ub4dor&3")', ["Tr0ub4dor&3"]),
    # an unquoted value inside a quoted command or a call: the closer is not the value's
    ('run "password=Geheim123" on the host', ["Geheim123"]),
    ("connect(password=Geheim123)", ["Geheim123"]),
    ("password=Ab(c)d12", ["Ab(c)d12"]),
    # a list of words in prose is no password ("passwords: mellon,radiance")
    ("retrieve the secrets of these passwords: mellon,radiance", []),
    # but ";" is a password's mark
    ("password: correct;horse;battery;staple", ["correct;horse;battery;staple"]),
    # a URL's password runs to the last "@" before its host
    ("postgres://svc:YlPcoQ@!aj4rys+y9n0@10.226.42.9:6543/orders", ["YlPcoQ@!aj4rys+y9n0"]),
    # a login call, a basic-auth pair, curl's -u
    ('smtp.login("a@b.example", "f#S0A=gdHx")', ["f#S0A=gdHx"]),
    ('requests.get(url, auth=("svc", "Xk29!pqLm"))', ["Xk29!pqLm"]),
    ("curl -u deploy:s3cr3T-99 https://ci.example", ["s3cr3T-99"]),
    # what only refers to a secret, or stands in for one, or names one
    ("DB_PASSWORD=${DB_PASSWORD}", []),
    ('password: "{{ .Values.db.password }}"', []),
    ("password: <password>", []),
    ('token = os.environ["GITHUB_TOKEN"]', []),
    ("API_KEY=sk_live_XXXXXXXXXXXXXXXXXXXXXXXX", []),
    ("password: required", []),
    ("Password: Required", []),
    ('headers={"X-Api-Key": API_KEY}', []),
    ("  password: userPassword,", []),
    ('host = os.getenv("DB_HOST", "db01.internal")', []),
    ('x = os.getenv("API_KEY", "")', []),
    ("password_file: /run/secrets/db_Pw1", []),
]


@pytest.mark.parametrize(("text", "expected"), ROWS)
def test_rows(text: str, expected: list[str]) -> None:
    """Each row finds exactly its credentials."""
    assert fields(text) == expected


# --- the class, generated ----------------------------------------------------------------
# A password of printable characters (a digit and a letter, so no rule about words,
# names or numbers applies), under a key that names a secret, in one of the syntaxes.

_KEYS = ["password", "DB_PASSWORD", "client_secret", "api_token", "SMTP_PASS", "passwort"]
# ("%" is left out and "&#" is refused: the view decodes percent escapes and HTML
# character references, C9, so "%0A" reads as a line break and "&#0" as one character
# there, as they would to any reader of the decoded text.)
_PASSWORD = st.text(
    string.ascii_letters + string.digits + "!#&*+-.?@^_~", min_size=6, max_size=30
).filter(
    lambda p: any(ch.isdigit() for ch in p)
    and any(ch.isalpha() for ch in p)
    and len(set(p)) > 2
    and "&#" not in p
)
_SYNTAXES = [
    "{key}={value}\n",
    "{key}: {value}\n",
    '"{key}": "{value}",',
    "{key} = '{value}'\n",
    '{key} := "{value}"\n',
]


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(_KEYS), _PASSWORD, st.sampled_from(_SYNTAXES))
def test_a_password_under_its_key_is_read_whole(key: str, value: str, syntax: str) -> None:
    """Whatever characters a password holds, its field gives exactly it."""
    if "xxxx" in value.lower() or any(value.count(ch * 8) for ch in set(value)):
        return  # a stand-in by construction (tested in the rows)
    text = "config:\n" + syntax.format(key=key, value=value) + "next: 1"
    assert fields(text) == [value], text


@pytest.mark.parametrize(("text", "expected"), [row for row in ROWS if row[1]])
def test_the_detector_masks_each_field_whatever_words_stand_around(
    text: str, expected: list[str]
) -> None:
    """Through the regex detector every credential a row's syntax holds is covered whole,
    with or without a word for a secret in the text (a URL's userinfo, a login call and
    curl's -u name none)."""
    detector = create({}, DetectorContext(name="regex"))
    for prose in (text, f"look at this: {text}"):
        spans = scan_views(detector.scan, prose)
        for value in expected:
            start = prose.index(value)
            assert any(
                s.start <= start and start + len(value) <= s.end for s in spans
            ), (prose, value, spans)

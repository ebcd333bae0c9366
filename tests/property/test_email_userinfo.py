"""E-mail addresses next to URLs and credential pairs: a login is no mailbox, no mask
is partial, and a reply is masked exactly where a prompt is (#11).

Hypothesis writes prose out of pieces whose meaning it knows by construction: plain
addresses, ``mailto:`` addresses, URLs with a user (``ssh://git@host:2222/path``) or a
user and a password (``postgres://admin:pw@db:5432/app``), with an address in their
query string or not, ``http(s)://`` URLs whose userinfo is a mailbox
(``https://jane@example.com:8443/``), credential pairs without a scheme
(``DSN=admin:S3cr3t@10.0.0.5:5432``: assigned or quoted, a host that is no mail domain,
a port or path after it, or a password no local part could be), addresses after a
label (``email:bob@…``, ``Owner:bob@…``) or a tracker's field (``author:jane@acme.com``),
scp remotes (``git@host:path``) and near misses (``bob@host.example.123``,
``git@host.example.net:22``, a TLD with a digit glued to it).  The oracle is the
generator's own record of which characters are an address (masked ``EMAIL``), which a
password (masked ``API_KEY``) and which are neither; it reads no pattern.  Where a
near miss still holds an address, the oracle's own rule says which: the longest run of
whole labels, two or more, whose last is a TLD of two or more letters.

Checked on every draw: the ingress ``regex`` detector reports exactly the oracle's
spans (so no address is cut in part, no login taken for one); the egress stream
filter, fed the same text in random chunks, writes exactly the oracle's masked text (so
a reply is as strict as a prompt, neither more nor less).
"""

from __future__ import annotations

import itertools
from typing import Final

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from detectors.library import BUILTIN_ENTITIES
from detectors.regex import create
from pipelines.egress import EgressFilter, EgressPolicy, OutputPattern
from pipelines.spans import DetectorContext

_NAMES = ("EMAIL", "URL_PASSWORD")
DETECTOR = create({"entities": list(_NAMES)}, DetectorContext(name="t"))
RULES = EgressPolicy(
    patterns=[
        OutputPattern(name=n, label=e.label, pattern=e.pattern, validator=e.validator)
        for n in _NAMES
        for e in (BUILTIN_ENTITIES[n],)
    ],
    relink=False,
).for_request({}, ())

_ALNUM = "abcdefghijklmnopqrstuvwxyz0123456789"
_LETTERS = "abcdefghijklmnopqrstuvwxyz"
# RFC 3986 userinfo characters of a password (":" too); "@", "/", "?", "#" end it.
# RFC 3986 allows "," ";" "(" ")" as well, but the library reads those as ending a URL
# (a URL, then "," and an address, in a CSV row or a list: docs/entities.md, EMAIL), so
# a password is drawn without them.
_PASSWORD_CHARS = _ALNUM + "ABCXYZ-._~!$&'*+=:"


def _word(alphabet: str, low: int, high: int) -> st.SearchStrategy[str]:
    return st.text(alphabet, min_size=low, max_size=high)


@st.composite
def _label(draw: st.DrawFn) -> str:
    """A domain label: letters and digits, inner dashes."""
    inner = draw(_word(_ALNUM + "-", 0, 8))
    return draw(_word(_ALNUM, 1, 1)) + (inner + draw(_word(_ALNUM, 1, 1)) if inner else "")


@st.composite
def _host(draw: st.DrawFn) -> str:
    """``label(.label)*.tld``, at most four labels and a letter TLD."""
    labels = draw(st.lists(_label(), min_size=1, max_size=4))
    return ".".join(labels) + "." + draw(_word(_LETTERS, 2, 6))


@st.composite
def _local(draw: st.DrawFn) -> str:
    """A local part: words joined by ``.``, ``+``, ``_`` or ``-``."""
    words = draw(st.lists(_word(_ALNUM, 1, 8), min_size=1, max_size=3))
    joints = draw(st.lists(st.sampled_from("._+-"), min_size=len(words), max_size=len(words)))
    return words[0] + "".join(j + w for j, w in zip(joints, words[1:], strict=False))


# A piece: (text, [(start, end, label)] of what the oracle masks in it).
Piece = tuple[str, list[tuple[int, int, str]]]


def _longest_domain(host: str) -> str | None:
    """The oracle's domain rule: the longest run of whole dot-separated parts of
    ``host``, two or more, whose last part is a TLD (two or more ASCII letters)."""
    parts = host.split(".")
    for count in range(len(parts), 1, -1):
        tld = parts[count - 1]
        if len(tld) >= 2 and tld.isascii() and tld.isalpha():
            return ".".join(parts[:count])
    return None


# Credential pairs: user names as services and people write them (a letter first, so
# never a time like "10:30"), passwords of userinfo characters, hosts of every kind.
_USERS = st.one_of(
    st.sampled_from(["admin", "root", "postgres", "deploy", "svc_app", "sa", "u.name"]),
    st.builds(lambda a, d: a + d, _word(_LETTERS, 1, 6), _word("0123456789", 1, 3)),
)
_PAIR_HOSTS = st.one_of(
    st.just("localhost"),
    st.just("[2001:db8::1]"),
    st.builds(lambda a, b: f"10.{a}.{b}.5", st.integers(0, 255), st.integers(0, 255)),
    _word(_LETTERS, 2, 8),
)
# Words that label an address written right after them.
_LABEL_WORDS: Final = (
    "mailto", "email", "EMAIL", "e-mail", "smtp", "SMTP", "sip", "to", "cc",
    "contact_email", "userEmail", "E-Mail-Adresse", "reply-to",
)  # fmt: skip
_LABELS = st.one_of(
    st.sampled_from(_LABEL_WORDS),
    st.builds(lambda a, b: a + b, _word("ABCDEKOMNSTW", 1, 1), _word(_LETTERS, 1, 8)),
)
_ASSIGNED: Final = ("DATABASE_URL=", "dsn='")
_BEFORE_PAIR = st.sampled_from(["", *_ASSIGNED, "--uri "])
# Characters of a password that no e-mail local part holds.
_NOT_LOCAL: Final = frozenset("~!$&'*=:")


@st.composite
def _piece(draw: st.DrawFn) -> Piece:
    kind = draw(
        st.sampled_from(
            ["email", "mailto", "url", "scp", "near_miss", "pair", "label", "field"]
        )
    )
    if kind == "email":
        address = draw(_local()) + "@" + draw(_host())
        return address, [(0, len(address), "EMAIL")]
    if kind == "mailto":
        address = draw(_local()) + "@" + draw(_host())
        return "mailto:" + address, [(7, 7 + len(address), "EMAIL")]
    if kind == "label":
        label = draw(_LABELS) + ":"
        address = draw(_local()) + "@" + draw(_host())
        return label + address, [(len(label), len(label) + len(address), "EMAIL")]
    if kind == "pair":
        # A credential pair by one of the marks the writer gives it: assigned or quoted
        # (DATABASE_URL=, dsn='), a host that is no mail domain, a port or a path after
        # the host, or a password holding a character no e-mail local part has.
        before = draw(_BEFORE_PAIR)
        text = before + draw(_USERS) + ":"
        password = draw(_word(_PASSWORD_CHARS, 1, 24))
        host_is_mail = draw(st.booleans())
        host = draw(_host()) if host_is_mail else draw(_PAIR_HOSTS)
        port = f":{draw(st.integers(1, 65535))}" if draw(st.booleans()) else ""
        path = "/" + draw(_word(_ALNUM + "-", 0, 8)) if draw(st.booleans()) else ""
        marked = (
            before in _ASSIGNED or not host_is_mail or bool(port or path)
            or any(ch in _NOT_LOCAL for ch in password)
        )
        if not marked:
            password += draw(st.sampled_from(sorted(_NOT_LOCAL)))
        secret = (len(text), len(text) + len(password), "API_KEY")
        return text + password + "@" + host + port + path, [secret]
    if kind == "field":
        # a tracker's or a search query's "field:address" (author:, assignee:, re:): a
        # lower-case word, a colon and a plain address, nothing assigned, no port or path
        field = draw(_word(_LETTERS, 1, 10)) + ":"
        address = draw(_local()) + "@" + draw(_host())
        return field + address, [(len(field), len(field) + len(address), "EMAIL")]
    if kind == "scp":
        path = draw(_word(_ALNUM + "/-", 1, 12))
        return f"{draw(_local())}@{draw(_host())}:{draw(st.sampled_from('~/'))}{path}", []
    if kind == "near_miss":
        local, host = draw(_local()), draw(_host())
        tail = draw(st.sampled_from([".123", ".3", ".3rd", "-x", ":22", ":2222/app.git", "9"]))
        if tail.startswith(":"):  # host:port, host:path: a login or a remote
            return f"{local}@{host}{tail}", []
        # what is left of the domain once the tail is glued on ("-x" and "9" make the
        # last part no TLD; ".123" adds a part that is none)
        domain = _longest_domain(host + tail)
        text = f"{local}@{host}{tail}"
        if domain is None:
            return text, []
        return text, [(0, len(local) + 1 + len(domain), "EMAIL")]
    scheme = draw(
        st.sampled_from(
            ["ssh", "https", "http", "HTTPS", "ftp", "git+ssh", "git+https", "postgres", "redis"]
        )
    )
    text = scheme + "://"
    spans: list[tuple[int, int, str]] = []
    user = draw(_local())
    text += user
    with_password = draw(st.booleans())
    if with_password:
        password = draw(_word(_PASSWORD_CHARS, 1, 16))
        text += ":"
        spans.append((len(text), len(text) + len(password), "API_KEY"))
        text += password
    host = draw(_host())
    text += "@" + host
    if not with_password and scheme.lower() in ("http", "https"):
        # an http(s) URL's userinfo without a password is the mailbox its writer meant
        spans.append((len(scheme) + 3, len(text), "EMAIL"))
    if draw(st.booleans()):
        text += f":{draw(st.integers(1, 65535))}"
    text += "/" + draw(_word(_ALNUM + "-", 0, 8))
    if draw(st.booleans()):
        address = draw(_local()) + "@" + draw(_host())
        text += "?to="
        spans.append((len(text), len(text) + len(address), "EMAIL"))
        text += address
    return text, spans


_GLUE = st.sampled_from([" ", ", ", "\n", " (", ") ", "; ", ". "])


@st.composite
def _prose(draw: st.DrawFn) -> tuple[str, list[tuple[int, int, str]]]:
    text = draw(st.sampled_from(["", "Hi ", "see: "]))
    spans: list[tuple[int, int, str]] = []
    for index, (piece, inner) in enumerate(draw(st.lists(_piece(), min_size=1, max_size=4))):
        if index:
            text += draw(_GLUE)
        spans += [(len(text) + a, len(text) + b, label) for a, b, label in inner]
        text += piece
    text += draw(st.sampled_from(["", ".", " ok", ")"]))
    return text, spans


def _masked(text: str, spans: list[tuple[int, int, str]]) -> str:
    out, at = [], 0
    for start, end, label in sorted(spans):
        out += [text[at:start], f"[REDACTED:{label}]"]
        at = end
    return "".join(out) + text[at:]


def _chunks(text: str, cuts: list[int]) -> list[str]:
    points = sorted({0, len(text), *(c % (len(text) + 1) for c in cuts)})
    return [text[a:b] for a, b in itertools.pairwise(points)]


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_prose(), st.lists(st.integers(0, 10_000), max_size=8))
def test_addresses_userinfo_and_passwords_by_construction(
    drawn: tuple[str, list[tuple[int, int, str]]], cuts: list[int]
) -> None:
    """Ingress spans and the egress filter's chunked output both equal the oracle's."""
    text, spans = drawn
    found = sorted((s.start, s.end, s.label) for s in DETECTOR.scan(text))
    assert found == sorted(spans), text
    flt = EgressFilter(RULES)
    out = "".join(flt.feed(chunk) for chunk in _chunks(text, cuts)) + flt.close()
    assert out == _masked(text, spans), text

"""E-mail addresses next to URLs: a URL's userinfo is no mailbox, no mask is partial,
and a reply is masked exactly where a prompt is (#11).

Hypothesis writes prose out of pieces whose meaning it knows by construction: plain
addresses, ``mailto:`` addresses, URLs with a user (``ssh://git@host:2222/path``) or a
user and a password (``postgres://admin:pw@db:5432/app``), with an address in their
query string or not, scp remotes (``git@host:path``) and near misses that are no address
at all (``bob@host.example.123``, ``git@host.example.net:22``).  The oracle is the
generator's own record of which characters are an address (masked ``EMAIL``), which a
URL password (masked ``API_KEY``) and which are neither; it reads no pattern.

Checked on every draw: the ingress ``regex`` detector reports exactly the oracle's
spans (so no address is cut in part, no userinfo taken for one); the egress stream
filter, fed the same text in random chunks, writes exactly the oracle's masked text (so
a reply is as strict as a prompt, neither more nor less).
"""

from __future__ import annotations

import itertools

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


@st.composite
def _piece(draw: st.DrawFn) -> Piece:
    kind = draw(st.sampled_from(["email", "mailto", "url", "scp", "near_miss"]))
    if kind == "email":
        address = draw(_local()) + "@" + draw(_host())
        return address, [(0, len(address), "EMAIL")]
    if kind == "mailto":
        address = draw(_local()) + "@" + draw(_host())
        return "mailto:" + address, [(7, 7 + len(address), "EMAIL")]
    if kind == "scp":
        path = draw(_word(_ALNUM + "/-", 1, 12))
        return f"{draw(_local())}@{draw(_host())}:{draw(st.sampled_from('~/'))}{path}", []
    if kind == "near_miss":
        head = draw(_local()) + "@" + draw(_host())
        tail = draw(st.sampled_from([".123", "-x", ":22", ":2222/app.git", "x9"]))
        if tail == "x9":  # a TLD glued to digits is no TLD, and no shorter domain counts
            tail = "9"
        return head + tail, []
    scheme = draw(st.sampled_from(["ssh", "https", "ftp", "git+ssh", "postgres", "redis"]))
    text = scheme + "://"
    spans: list[tuple[int, int, str]] = []
    user = draw(_local())
    text += user
    if draw(st.booleans()):
        password = draw(_word(_PASSWORD_CHARS, 1, 16))
        text += ":"
        spans.append((len(text), len(text) + len(password), "API_KEY"))
        text += password
    text += "@" + draw(_host())
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

"""A keyword key anywhere above a value types it, in JSON inside a string and in slot
contexts alike (#11).

Hypothesis builds key paths of member names (plain words, snake_case and camelCase
compounds, SSN keywords written every way a schema writes them, and near misses that
only contain the letters: ``ssns``, ``classn``, ``SSNPrimary``) with a valid bare SSN at
the bottom, as a string, a number, a member name or inside an array, plus an unrelated
sibling value.  The oracle is a plain reading of the names, written here without any
pattern of the product: split each name into words at ``_``, spaces and lower-to-upper
steps; the value is an SSN when a word is ``ssn`` or the words hold ``social security``,
in one of the eight innermost names of its path, and every word after it only
qualifies it (``number``, ``primary``, ``value``, …).  The chain (built-in ``US_SSN_BARE``)
must mask exactly those values, keep every other byte's meaning (the result parses to
the same JSON with the masked values replaced), and read the same path given as a slot
context the same way.
"""

from __future__ import annotations

import asyncio
import json
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from detectors.regex import create
from pipelines.chain import Chain
from pipelines.spans import DetectorContext
from pipelines.vault import Vault

READ_NAMES = 8
# Valid SSNs (area, group and serial allowed, none an advertised number, no leading
# zero so that the number form keeps its digits), each its own.
VALUES = ["536221234", "212097694", "401239876", "318456780", "612345670"]
SIBLING = "999000111"  # never an SSN (area 9xx): must stay wherever it is

_PLAIN = ["customer", "primary", "value", "data", "records", "info", "number", "holder"]
_KEYWORD = ["ssn", "SSN", "Ssn", "social security number", "Social Security", "SocialSecurity"]
_NEAR = ["ssns", "classn", "assn", "SSNPrimary", "ssn2", "socials"]


@st.composite
def _name(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(["plain", "plain", "keyword", "near", "compound"]))
    if kind == "plain":
        return draw(st.sampled_from(_PLAIN))
    if kind == "near":
        return draw(st.sampled_from(_NEAR))
    keyword = draw(st.sampled_from(_KEYWORD))
    if kind == "keyword":
        if draw(st.booleans()):
            return keyword.replace(" ", draw(st.sampled_from(["", "_"])))
        return keyword
    other = draw(st.sampled_from(_PLAIN))
    style = draw(st.sampled_from(["snake_before", "snake_after", "camel_before", "camel_after"]))
    if style == "snake_before":
        return f"{other}_{keyword.replace(' ', '_')}"
    if style == "snake_after":
        return f"{keyword.replace(' ', '_')}_{other}"
    camel = "".join(word[:1].upper() + word[1:] for word in keyword.split(" "))
    if style == "camel_before":
        return other + camel[:1].upper() + camel[1:]
    # keyword first, then a capitalised word: "ssnHolder" (an all-caps keyword runs on
    # into the next word, "SSNHolder", which is a near miss; written lower here)
    return camel[:1].lower() + camel[1:] + other.capitalize()


def _words(name: str) -> list[str]:
    spaced = re.sub(r"(?<=[a-z])(?=[A-Z])", " ", name.replace("_", " "))
    return [word.lower() for word in spaced.split()]


def _typed(path: list[str]) -> bool:
    """The oracle: some innermost name holds the word ``ssn`` or ``social security``,
    and every word after it, in that name and in the names below it, only qualifies it
    (``ssn_primary``, ``{"ssn": {"value": …}}``; not ``ssn_holder`` or ``{"ssn":
    {"records": …}}``, which name something else)."""
    names = [_words(name) for name in path[-READ_NAMES:]]
    for index, words in enumerate(names):
        for start, word in enumerate(words):
            if word == "ssn" or word in _GLUED:
                end = start + 1
            elif word == "social" and words[start + 1 : start + 2] == ["security"]:
                end = start + 2
            else:
                continue
            after = words[end:] + [w for below in names[index + 1 :] for w in below]
            if all(w in _QUALIFIERS for w in after):
                return True
    return False


# Words that only qualify a keyword above them (docs/design.md C9, key paths).
_QUALIFIERS = frozenset(
    ("number", "no", "nr", "num", "nummer", "value", "val", "v", "primary", "secondary",
     "home", "work", "office", "mobile", "cell", "private", "business", "main", "personal",
     "current", "full", "digits", "iso", "raw", "text", "str", "string", "formatted", "data",
     "info", "details", "list", "items", "entries", "records")
)  # fmt: skip


# "social security (number)" written as one word counts too.
_GLUED = ("socialsecurity", "socialsecuritynumber")


@st.composite
def _document(draw: st.DrawFn) -> tuple[object, object, list[tuple[list[str], str]]]:
    """(document, the document as the oracle masks it, [(path, value)] of each leaf)."""
    leaves: list[tuple[list[str], str]] = []
    seen: dict[str, str] = {}

    def masked(value: str, path: list[str]) -> str:
        if not _typed(path):
            return value
        return seen.setdefault(value, f"[US_SSN_{len(seen) + 1}]")

    # A list of documents: arrays add no member name to a path.
    doc: list[object] = []
    want: list[object] = []
    for index in range(draw(st.integers(1, 3))):
        path = draw(st.lists(_name(), min_size=1, max_size=10, unique=True))
        value = VALUES[index]
        leaves.append((path, value))
        form = draw(st.sampled_from(["string", "number", "member", "array"]))
        leaf: object
        wanted: object
        if form == "string":
            leaf, wanted = value, masked(value, path)
        elif form == "number":
            leaf = int(value)
            wanted = masked(value, path) if _typed(path) else int(value)
        elif form == "member":
            leaf, wanted = {value: True}, {masked(value, path): True}
        else:
            leaf, wanted = [value, SIBLING], [masked(value, path), SIBLING]
        for name in reversed(path):
            leaf, wanted = {name: leaf}, {name: wanted}
        doc.append(leaf)
        want.append(wanted)
    return doc, want, leaves


_DETECTOR = create({"entities": ["US_SSN_BARE"]}, DetectorContext(name="regex"))


async def _sanitize(texts: list[str], contexts: list[list[str]] | None = None) -> list[str]:
    result = await Chain([_DETECTOR]).sanitize(texts, Vault(), contexts=contexts)
    return list(result.texts)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_document())
def test_keyword_keys_above_a_value_type_it_as_the_oracle_reads_them(
    drawn: tuple[object, object, list[tuple[list[str], str]]],
) -> None:
    """JSON inside a string and slot contexts: masked exactly where the oracle says."""
    doc, want, leaves = drawn
    (out,) = asyncio.run(_sanitize([json.dumps(doc)]))
    assert json.loads(out) == want, out
    # The same paths as slot contexts (the request walk's I1), one value each.
    paths = [path for path, _ in leaves]
    slots = asyncio.run(_sanitize([value for _, value in leaves], paths))
    assert [text.startswith("[US_SSN_") for text in slots] == [_typed(p) for p in paths]

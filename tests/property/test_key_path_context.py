"""A keyword key anywhere above a value types it unless a later word names another
kind of thing, in JSON inside a string and in slot contexts alike (#11).

Hypothesis builds key paths of member names (plain words and schema words that only
qualify or index a value: ``primary``, ``alice``, ``u123``, ``$numberLong``, ``by_id``;
words that name another kind of thing: ``id``, ``checked``, ``count``, ``type``, …;
snake_case, kebab-case and camelCase compounds of them; SSN keywords written every way
a schema writes them, the plural ``ssns`` too; near misses that only contain the
letters: ``classn``, ``socials``) with a valid bare SSN at the bottom, as a string, a
number, a member name or inside an array, plus an unrelated sibling value.  The oracle is a plain
reading of the names, written here without any pattern of the product: split each
name into words at ``_``, ``-``, ``.``, spaces, lower-to-upper steps, between an
acronym and a capitalised word (``SSNPrimary``) and at letter-digit steps; the value is
an SSN when a word is ``ssn`` or ``ssns`` or the words hold ``social security``, in one
of the eight innermost names of its path, and no word after it (in that name and the
names below it) is one of the generator's other-kind words, a word right after ``by``
or ``per`` excepted (it names the index of a map).  A member name under a map named
``…by X`` is an X, so its path is just that X.  The chain (built-in ``US_SSN_BARE``)
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

# Words that qualify or index a value (a value under a keyword and them is the keyword's)
_PLAIN = ["customer", "primary", "value", "data", "records", "info", "number", "alice",
          "u123", "0", "$numberLong", "backup", "spouse", "old"]  # fmt: skip
# Words that name another kind of thing than a keyword above them (the oracle's own
# list: which words the generator draws and what they mean)
_OTHER = ["id", "checked", "count", "date", "last", "type", "status", "holder", "created",
          "hash", "IDs", "length", "verified"]  # fmt: skip
# Names of an index: the value below is the keyword's, the member names are the index's
_INDEX = ["by_id", "byId", "per_user", "by_customer", "by-email"]
_KEYWORD = ["ssn", "SSN", "Ssn", "social security number", "Social Security", "SocialSecurity"]
_NEAR = ["classn", "assn", "socials"]


@st.composite
def _name(draw: st.DrawFn) -> str:
    kind = draw(
        st.sampled_from(["plain", "plain", "other", "index", "keyword", "near", "compound"])
    )
    if kind == "plain":
        return draw(st.sampled_from(_PLAIN))
    if kind == "other":
        return draw(st.sampled_from(_OTHER))
    if kind == "index":
        return draw(st.sampled_from(_INDEX))
    if kind == "near":
        return draw(st.sampled_from(_NEAR))
    keyword = draw(st.sampled_from(_KEYWORD))
    if kind == "keyword":
        if draw(st.booleans()):
            return keyword.replace(" ", draw(st.sampled_from(["", "_"])))
        return keyword
    other = draw(st.sampled_from(_PLAIN[:8] + _OTHER[:9] + ["2", "by_id", "last_checked"]))
    style = draw(
        st.sampled_from(["snake_before", "snake_after", "kebab_after", "camel_before",
                         "camel_after"])
    )  # fmt: skip
    if style == "snake_before":
        return f"{other}_{keyword.replace(' ', '_')}"
    if style == "snake_after":
        return f"{keyword.replace(' ', '_')}_{other}"
    if style == "kebab_after":
        # (a keyword of several words is read in snake_case, camelCase or spaced, not
        # kebab-case: "social-security-number" is not one)
        return f"{keyword.replace(' ', '_')}-{other.replace('_', '-')}"
    camel = "".join(word[:1].upper() + word[1:] for word in keyword.split(" "))
    other_camel = "".join(word[:1].upper() + word[1:] for word in other.split("_"))
    if style == "camel_before":
        # a digit does not start a name ("2Ssn" is no schema's spelling)
        prefix = other.replace("_", "") if not other.isdigit() else "customer"
        return prefix + camel[:1].upper() + camel[1:]
    # keyword first, then capitalised words: "ssnHolder" (an all-caps keyword before a
    # capitalised word is read as two words, "SSNHolder"; written lower here)
    head = keyword.lower() if keyword.isupper() else camel[:1].lower() + camel[1:]
    return head + other_camel


def _words(name: str) -> list[str]:
    """The words of a member name, lower-cased."""
    spaced = re.sub(
        r"(?<=[a-z])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])|(?<=[A-Za-z])(?=[0-9])|(?<=[0-9])(?=[A-Za-z])",
        " ",
        name,
    )
    return [word.lower() for word in re.split(r"[^A-Za-z0-9]+", spaced) if word]


_OTHER_WORDS = frozenset(word for name in _OTHER for word in _words(name))


def _index_of(name: str) -> list[str] | None:
    """The words naming the index when ``name`` is ``… by X`` / ``… per X``."""
    words = _words(name)
    for at, word in enumerate(words[:-1]):
        if word in ("by", "per"):
            return words[at + 1 :]
    return None


def _typed(path: list[str], *, key: bool = False) -> bool:
    """The oracle: some innermost name holds the word ``ssn`` or ``social security``,
    and no word after it, in that name and in the names below it, names another kind
    of thing (``ssn_primary``, ``{"ssn": {"by_id": …}}``; not ``ssn_holder`` or ``{"ssn":
    {"id": …}}``).  ``key``: the value is a member name, which under an index map ``by
    X`` is an X."""
    if key and path and (index := _index_of(path[-1])) is not None:
        path = ["_".join(index)]
    names = [_words(name) for name in path[-READ_NAMES:]]
    for at, words in enumerate(names):
        for start, word in enumerate(words):
            if word in ("ssn", "ssns") or word in _GLUED:
                end = start + 1
            elif word == "social" and words[start + 1 : start + 2] == ["security"]:
                end = start + 2
            else:
                continue
            after = words[end:] + [w for below in names[at + 1 :] for w in below]
            indexed = {i + 1 for i, w in enumerate(after) if w in ("by", "per")}
            if not any(w in _OTHER_WORDS for i, w in enumerate(after) if i not in indexed):
                return True
    return False


# "social security (number)" written as one word counts too.
_GLUED = ("socialsecurity", "socialsecuritynumber")


@st.composite
def _document(draw: st.DrawFn) -> tuple[object, object, list[tuple[list[str], str]]]:
    """(document, the document as the oracle masks it, [(path, value)] of each leaf)."""
    leaves: list[tuple[list[str], str]] = []
    seen: dict[str, str] = {}

    def masked(value: str, path: list[str], *, key: bool = False) -> str:
        if not _typed(path, key=key):
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
            leaf, wanted = {value: True}, {masked(value, path, key=True): True}
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

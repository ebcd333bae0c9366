"""The views of a request's texts: what every detector reads, and the way back.

:func:`build_views` turns each input text into one or more :class:`View`:

* a text that is a JSON document (:mod:`pipelines.canon.jsontext`) is read as its
  string tokens and long integers, one view each, decoded from JSON first, with the
  member names above each as its context (so ``{"ssn": "536221234"}`` reads as the
  value with ``ssn`` before it; an object naming its value's kind in a member of its
  own, ``{"type": "passport", "number": …}``, reads as if the value were nested under
  that name); JSON inside those strings again, a few levels deep;
* any other text (or token) is decoded inline (:func:`~pipelines.canon.decode.
  decode_inline`) and folded (:func:`~pipelines.canon.fold.fold`) into one view;
* every base64 run in it that decodes to text adds a view of the decoded text, whose
  every character maps to the whole encoded run.

A view's text is its *context prefix* (the innermost names of the key path, folded, each
followed by :data:`KEY_SEPARATOR`, then ``": "``; empty without context) followed by its
content; keyword-gated patterns read a keyword anywhere in it through
:data:`KEY_PATH_TAIL`.  The prefix maps to no raw offset: a span
reaching into it is clipped to the content, and a span wholly inside it is dropped (it
names the key, which is a text of its own).

Three texts are involved: the view's *content*; its *source* (the text before inline
decoding and folding: the JSON-decoded string, or the input text itself), which is what
a placeholder stands for and what relinking gives back; and the *input* text, in whose
offsets every span, finding and replacement is expressed.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Sequence
from typing import Final, final

from pipelines.canon.csvtext import export_cells
from pipelines.canon.decode import base64_runs, decode_inline
from pipelines.canon.fold import fold, fold_text
from pipelines.canon.jsontext import JsonToken, decode_string, json_tokens
from pipelines.canon.offsets import IDENTITY, ComposedMap, OffsetMap, compose
from pipelines.canon.yamltext import YamlScalar, yaml_scalars

__all__ = [
    "KEY_PATH_TAIL",
    "KEY_PATH_TAIL_MAX",
    "KEY_SEPARATOR",
    "MAX_JSON_DEPTH",
    "OTHER_KINDS",
    "View",
    "ViewText",
    "build_views",
    "canonical_text",
    "context_prefix",
]

# JSON inside a string inside a string ... is read this many levels deep; deeper stays
# text (still scanned, as JSON source).
MAX_JSON_DEPTH: Final = 4
# The context prefix: the innermost member names of the key path, each cut to this many
# characters and followed by KEY_SEPARATOR, then ": ".  The separator is a control
# character, which the fold removes from every content: it occurs in a view only in its
# prefix, so a pattern that crosses one knows it is reading the key path.
_CONTEXT_NAMES: Final = 8
_CONTEXT_NAME_CHARS: Final = 40
KEY_SEPARATOR: Final = "\x1f"
# ``regex`` source a keyword-gated pattern puts right after its keyword: the rest of the
# key path, then the separator that ends the prefix.  A keyword key above a value types
# it, as a person reads ``{"ssn": {"primary": "536221234"}}`` or ``{"ssn": {"by_id":
# "536221234"}}``, unless a later word -- in the rest of the keyword's own name or in a
# name below it -- names a different kind of thing (:data:`_OTHER_KINDS`: ``id``,
# ``checked``, ``count``, ``date``, ``last``, ``type``, ``status``, ...), as in
# ``contact_id``, ``{"contact": {"id": …}}``, ``ssn_last_checked``, ``card_id``.  A deny
# list, not an allow list of qualifiers: schemas qualify a value in more ways than any
# list holds (``ssn_by_id``, ``phones.alice``, ``ssn.$numberLong``, ``phone2``), and a
# value under a keyword that no word contradicts is what the keyword says (the rule's
# validator still has to pass).  The word after ``by`` or ``per`` names the index of a
# map, not the value (``ssn_by_id`` holds SSNs; its member names are ids:
# :func:`_index_word`).  Words are split at ``_``, ``-``, ``.``, spaces and other
# punctuation, lower-to-upper (camelCase) and letter-digit steps.
#
# The rest of the keyword's own name is a run of letters, digits, ``_``, ``-`` and ``.``
# and up to three spaced qualifiers (``Phone Number``, the one allow list left: prose
# writes spaces after a keyword, and a reply filter would otherwise hold the words
# after every keyword until it knew no separator follows); a later name is any text.
# Every path through it crosses a separator, which no reply or prose holds: there the
# source never matches.
_SEP: Final = r"\x1f"  # KEY_SEPARATOR in pattern source
_QUALIFIERS: Final = (
    "number", "no", "nr", "num", "nummer", "value", "val", "v", "primary", "secondary",
    "home", "work", "office", "mobile", "cell", "private", "business", "main", "personal",
    "current", "full", "digits", "iso", "raw", "text", "str", "string", "formatted",
    "data", "info", "details", "list", "items", "entries", "records",
)  # fmt: skip
_QUALIFIER: Final = r"(?i:" + "|".join(_QUALIFIERS) + r")\.?(?![\p{Ll}\d])"
# Words that name another kind of thing than the keyword above them: a reference to
# it, a time, a count, a state or a property of it, another numbered thing (an account,
# an order), a person or an address.
_OTHER_KINDS: Final = (
    # references
    "id", "ids", "identifier", "uuid", "guid", "key", "keys", "ref", "refs", "reference",
    "index", "idx", "hash", "hashed", "digest", "checksum", "fingerprint", "token",
    "tokenized", "salt", "sha", "md5", "seq",
    # times
    "date", "dates", "time", "times", "timestamp", "ts", "created", "updated", "modified",
    "changed", "checked", "verified", "validated", "confirmed", "expires", "expiry",
    "expiration", "exp", "since", "until", "year", "years", "month", "day", "days", "hour",
    "hours", "ms", "sec", "secs", "seconds", "minutes", "duration", "age", "last", "ttl",
    # counts and measures
    "count", "cnt", "total", "len", "length", "size", "max", "min", "limit", "sum", "avg",
    "score", "rank", "attempts", "retries", "tries", "pct", "percent", "rate", "ratio",
    "level",
    # states and properties
    "status", "state", "type", "types", "kind", "format", "fmt", "valid", "validity", "is",
    "has", "flag", "flags", "enabled", "disabled", "active", "required", "mask", "masked",
    "redacted", "pattern", "regex", "label", "labels", "name", "names", "desc",
    "description", "note", "notes", "comment", "comments", "source", "provider", "country",
    "region", "code", "codes", "prefix", "suffix", "url", "uri", "link", "path", "file",
    "version", "policy", "rule", "rules", "field", "column", "template", "hint", "error",
    "errors", "message", "msg", "reason", "result", "lookup", "match", "matched", "check",
    "verification", "confirmation", "consent", "preference", "preferences", "settings",
    "config", "visibility", "visible", "hidden", "public", "cvv", "cvc", "pin", "bin", "iin",
    # other things with numbers of their own
    "account", "order", "invoice", "ticket", "booking", "case", "contract", "transaction",
    "tracking", "shipment", "serial", "sku", "ein", "vat", "iban",
    # people and addresses
    "holder", "owner", "issuer", "brand", "network", "bank", "carrier", "operator",
    "email", "mail", "address", "street", "city", "zip", "postcode",
)  # fmt: skip
# The same words as a set, for readers of member names (detectors.label_reading).
OTHER_KINDS: Final = frozenset(_OTHER_KINDS)
_ALNUM: Final = r"[\p{L}\p{N}]"
# A word starts here: after no letter or digit, at a camelCase step (``phoneType``,
# ``SSNNumber``) or where letters and digits meet (``last4``).
_WORD_START: Final = (
    rf"(?:(?<!{_ALNUM})|(?<=\p{{Ll}})(?=\p{{Lu}})|(?<=\p{{Lu}})(?=\p{{Lu}}\p{{Ll}})"
    r"|(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L}))"
)
# Right after "by"/"per" and a step: the index word of a map (``by_id``, ``ById``).
_AFTER_INDEX: Final = (
    rf"(?<=(?<!{_ALNUM})(?i:by|per)[^\p{{L}}\p{{N}}{_SEP}]"
    rf"|(?:(?<!{_ALNUM})(?:by|per|By|Per)|(?<=\p{{Ll}})(?:By|Per))(?=\p{{Lu}}))"
)
_OTHER_KIND: Final = (
    rf"{_WORD_START}(?<!{_AFTER_INDEX})(?i:" + "|".join(_OTHER_KINDS) + r")(?!\p{Ll})"
)
# One character of a name that starts no word naming another kind of thing.
_NAME_CHAR: Final = rf"(?:(?!{_OTHER_KIND})[^{_SEP}])"
_OWN_CHAR: Final = rf"(?:(?!{_OTHER_KIND})[\p{{L}}\p{{N}}_\-.])"
KEY_PATH_TAIL: Final = (
    rf"(?:{_OWN_CHAR}{{0,{_CONTEXT_NAME_CHARS}}}(?:[ ]{_QUALIFIER}){{0,3}}"
    rf"(?:{_SEP}{_NAME_CHAR}{{1,{_CONTEXT_NAME_CHARS}}}){{0,{_CONTEXT_NAMES - 1}}}{_SEP})?"
)
# The most characters KEY_PATH_TAIL matches.
KEY_PATH_TAIL_MAX: Final = (1 + _CONTEXT_NAME_CHARS) * _CONTEXT_NAMES + 1

Map = OffsetMap | ComposedMap

# The characters that end a line (those of ``str.splitlines``).  The fold turns each run
# of whitespace into one space, line breaks included: the view records where they were.
_LINE_BREAK: Final = re.compile("[\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]")


@final
class ViewText(str):
    """A view's text as detectors get it: a ``str`` that also knows where lines broke
    and columns stood apart.

    ``breaks`` holds the offsets (sorted, into this text) of the spaces that stand for
    a run of whitespace holding a line break, ``gaps`` those of the other spaces that
    stand for a tab or a run of three or more blanks on a line next to another line
    holding one (a column's edge in a table or a form; once per tab, so that two tabs
    in a row keep the empty cell between them).
    The fold writes all of them as one space (a value wrapped over two lines reads as
    one), but where a line ends and a column begins is structure a reader uses: a
    form's label line above its value, a table's header row and columns, a list's
    items.  A detector that reads structure takes them (``getattr(text, "breaks", ())``
    works on any text); every other detector reads the text as the plain string it is.
    """

    breaks: tuple[int, ...]
    gaps: tuple[int, ...]

    def __new__(
        cls, text: str, breaks: tuple[int, ...] = (), gaps: tuple[int, ...] = ()
    ) -> ViewText:
        made = super().__new__(cls, text)
        made.breaks = breaks
        made.gaps = gaps
        return made


# A tab, or three or more blanks in a row (whitespace that holds no line break; two
# blanks are as often odd spacing inside a value as a column's edge).
_GAP: Final = re.compile(r"\t|[^\S\n\r\x0b\x0c\x1c-\x1e\x85\u2028\u2029]{3,}")


def _view_text(text: str, decoded: str, fold_map: OffsetMap, shift: int) -> ViewText:
    """``text`` with the view offsets of the folded line breaks and column gaps of
    ``decoded`` (its fold map given, the view's context prefix ``shift`` characters
    long)."""
    if not _LINE_BREAK.search(decoded) and not _GAP.search(decoded):
        return ViewText(text)
    breaks: list[int] = []
    for hit in _LINE_BREAK.finditer(decoded):
        at = fold_map.view_start(hit.start()) + shift
        if not breaks or breaks[-1] != at:
            breaks.append(at)
    lines = set(breaks)
    gaps: list[int] = []
    for hit in _GAP.finditer(decoded):
        at = fold_map.view_start(hit.start()) + shift
        if at not in lines:
            # one entry per tab (two tabs in a row leave an empty cell between them)
            gaps.extend([at] * max(1, hit.group().count("\t")))
    # A table or a form has rows: a gap counts on a line next to another line with
    # one.  A lone tab in a sentence ("Steuer-ID 11 023<tab>456-780") is spacing.
    row_of = [bisect.bisect_left(breaks, at) for at in gaps]
    rows = set(row_of)
    gaps = [at for at, row in zip(gaps, row_of, strict=True) if {row - 1, row + 1} & rows]
    return ViewText(text, tuple(breaks), tuple(gaps))


def canonical_text(value: str) -> str:
    """What a value reads as: inline-decoded and folded (case kept).

    The vault normalises values from this and the repeat index keys on it, so "the
    same value" means the same thing for numbering, repeats and the views detectors
    read.
    """
    if (
        value.isascii()
        and value.isprintable()
        and "%" not in value
        and "&" not in value
        and "  " not in value
    ):
        return value
    return fold_text(decode_inline(value)[0])


def context_prefix(context: Sequence[str]) -> str:
    """The virtual text put before a view's content for its key path ``context``:
    ``customer␟ssn␟primary␟: `` (␟ is :data:`KEY_SEPARATOR`) for ``("customer", "ssn",
    "primary")``, the innermost names only."""
    if not context:
        return ""
    names = [fold_text(name)[:_CONTEXT_NAME_CHARS].strip() for name in context[-_CONTEXT_NAMES:]]
    names = [name for name in names if name]
    return "".join(name + KEY_SEPARATOR for name in names) + ": " if names else ""


@final
class View:
    """One view of (part of) input text ``index``; see the module docstring.

    ``inner`` maps content offsets to source offsets, ``outer`` source offsets to input
    offsets; ``low``/``high`` bound the input text this view was made from.  ``quote``
    marks a JSON number token: a replacement inside it turns it into a JSON string;
    ``run`` a view of a decoded base64 run (it lies inside another view of the text).
    """

    __slots__ = (
        "high", "index", "inner", "low", "outer", "prefix", "quote", "run", "source", "text",
    )

    def __init__(
        self,
        index: int,
        text: ViewText,
        prefix: int,
        source: str,
        inner: Map,
        outer: Map,
        low: int,
        high: int,
        *,
        quote: bool = False,
        run: bool = False,
    ) -> None:
        self.index = index
        self.text = text
        self.prefix = prefix
        self.source = source
        self.inner = inner
        self.outer = outer
        self.low = low
        self.high = high
        self.quote = quote
        self.run = run

    @property
    def content(self) -> str:
        """The view's text without its context prefix."""
        return self.text[self.prefix :] if self.prefix else self.text

    def input_span(self, start: int, end: int) -> tuple[int, int] | None:
        """Input offsets of the view-text span ``[start, end)``; None inside the prefix."""
        start = max(start, self.prefix)
        if end <= start:
            return None
        return self.content_to_input(start - self.prefix, end - self.prefix)

    def content_to_input(self, start: int, end: int) -> tuple[int, int]:
        """Input offsets of the content span ``[start, end)`` (``start < end``)."""
        return self.outer.to_raw(*self.inner.to_raw(start, end))

    def input_to_content(self, start: int, end: int) -> tuple[int, int] | None:
        """The content span of the input span ``[start, end)``, clipped to this view."""
        start, end = max(start, self.low), min(end, self.high)
        if end <= start:
            return None
        source = self.outer.to_view(start, end)
        return self.inner.to_view(*source)

    def source_of(self, start: int, end: int) -> str:
        """The source text behind the input span ``[start, end)`` (inside this view)."""
        source_start, source_end = self.outer.to_view(start, end)
        return self.source[source_start:source_end]


def build_views(
    texts: Sequence[str], contexts: Sequence[Sequence[str]] | None = None
) -> list[View]:
    """The views of ``texts`` in text order; ``contexts[i]`` is text ``i``'s key path."""
    views: list[View] = []
    for index, text in enumerate(texts):
        if not text:
            continue
        context = tuple(contexts[index]) if contexts else ()
        _add(views, index, text, IDENTITY, 0, len(text), context, 0, quote=False)
    return views


# "by" or "per" and a step at the end of a member name, then the index word(s):
# "by_id", "ssn_by_customer", "phonesByEmail", "per user".
_INDEX_NAME: Final = re.compile(
    r"(?:(?:^|(?<=[\W_]))(?i:by|per)[\W_]+|(?:^|(?<=[\W_]))(?:by|per)(?=[A-Z])"
    r"|(?<=[a-z])(?:By|Per)(?=[A-Z]|[\W_]))[\W_]*(\w.*)$"
)


def _index_word(name: str) -> str | None:
    """What the member names of a map named ``name`` are when it is an index ``by X``
    (``ssn_by_id`` → ``id``: its member names are ids, its values SSNs), else None."""
    found = _INDEX_NAME.search(name)
    return found.group(1) if found else None


# An object that says what its value is in a member of its own: a typed identifier
# ({"type": "passport", "number": "C01X00T47"}, FHIR's {"system": "…/us-ssn", "value":
# …}), a name/value pair ({"name": "DB_PASSWORD", "value": …}, a Kubernetes env entry, a
# form field).  The members that may name the kind (short strings, up to three) are put
# in the key path of the object's value member, right above it, as if the value were
# nested under those names.
# Names compared without case, "_", "-" and spaces.
_KIND_KEYS: Final = frozenset(
    {"type", "kind", "doctype", "documenttype", "idtype", "identifiertype",
     "identificationtype", "system", "typ", "art", "dokumentart", "dokumenttyp",
     "ausweisart", "label", "name", "key", "field", "fieldname", "attribute", "param",
     "parameter", "property", "variable", "var"}
)  # fmt: skip
_VALUE_KEYS: Final = frozenset(
    {"value", "val", "v", "number", "no", "nr", "num", "nummer", "wert", "secret"}
)
_KIND_CHARS: Final = 60  # the longest member value read as a kind's name
_KINDS_READ: Final = 3  # the most such members put in the path
_TYPED_VALUE_CHARS: Final = 200  # the longest value given one (no prose)
_NAME_MARKS: Final = re.compile(r"[\s_\-]+")


def _member_key(path: tuple[str, ...]) -> str:
    return _NAME_MARKS.sub("", path[-1]).lower() if path else ""


def _is_value_key(path: tuple[str, ...]) -> bool:
    return _member_key(path) in _VALUE_KEYS


def _kinds_of_objects(source: str, tokens: Sequence[JsonToken]) -> dict[int, tuple[str, ...]]:
    """Per JSON object (its container number), the names its members give its value
    member (:func:`_kinds_by_container`)."""
    members: list[tuple[int, str, str | None]] = []
    for token in tokens:
        if token.kind == "key":
            name = decode_string(source[token.start : token.end])[0]
            members.append((token.container, name, None))
        elif token.kind == "value" and token.path:
            body = decode_string(source[token.start : token.end])[0]
            members.append((token.container, token.path[-1], body))
    return _kinds_by_container(members)


def _kinds_of_yaml(source: str, scalars: Sequence[YamlScalar]) -> dict[int, tuple[str, ...]]:
    """Per YAML mapping, the names its members give its value member, as a JSON
    object's (:func:`_kinds_by_container`)."""
    return _kinds_by_container(
        (scalar.container, scalar.path[-1], source[scalar.start : scalar.end])
        for scalar in scalars
    )


def _kinds_by_container(
    members: Iterable[tuple[int, str, str | None]],
) -> dict[int, tuple[str, ...]]:
    """Per container, the short strings of its members that may name what its value
    member is (see :data:`_KIND_KEYS`; every one of them, in document order: ``{"type":
    "text", "name": "passport", …}``), if it has both.  ``members`` are (container,
    member name, its string value or None)."""
    kinds: dict[int, list[str]] = {}
    values: set[int] = set()
    for container, name, body in members:
        key = _member_key((name,))
        if key in _VALUE_KEYS:
            values.add(container)
        if body is None or key not in _KIND_KEYS:
            continue
        found = kinds.setdefault(container, [])
        if 0 < len(body) <= _KIND_CHARS and len(found) < _KINDS_READ:
            found.append(body)
    return {
        container: tuple(found)
        for container, found in kinds.items()
        if found and container in values
    }


def _shift(offset: int) -> OffsetMap:
    """The map of a text that starts ``offset`` characters into another."""
    return OffsetMap([(0, 0, 0, offset)]) if offset else IDENTITY


def _add(
    views: list[View],
    index: int,
    source: str,
    outer: Map,
    low: int,
    high: int,
    context: tuple[str, ...],
    depth: int,
    *,
    quote: bool,
) -> None:
    tokens = json_tokens(source) if depth < MAX_JSON_DEPTH and not quote else None
    if tokens is not None:
        kinds = _kinds_of_objects(source, tokens)
        for token in tokens:
            body = source[token.start : token.end]
            if not body:
                continue
            if token.kind == "number":
                decoded, decode_map = body, IDENTITY
            else:
                decoded, decode_map = decode_string(body)
            if not decoded:
                continue
            token_outer = compose(decode_map, _shift(token.start), outer)
            token_low, token_high = outer.to_raw(token.start, token.end)
            path = context + token.path
            named = kinds.get(token.container) if token.kind != "key" else None
            if named and len(decoded) <= _TYPED_VALUE_CHARS and _is_value_key(path):
                # {"type": "passport", "number": …}: the number under the kind's name
                path = (*path[:-1], *named, path[-1])
            if token.kind == "key" and path:
                # the member names of a map named "…by_id" are ids
                index_word = _index_word(path[-1])
                path = path if index_word is None else (index_word,)
            _add(
                views,
                index,
                decoded,
                token_outer,
                token_low,
                token_high,
                path,
                depth + 1,
                quote=token.kind == "number",
            )
        return
    prefix = context_prefix(context)
    _add_text(views, index, source, outer, low, high, prefix, quote=quote)
    if not quote:
        # a YAML record's values, each under its key path too (as a JSON document's,
        # a typed entry's value under its kind's name: "- name: DB_PASSWORD / value: …")
        scalars = yaml_scalars(source) or []
        typed = _kinds_of_yaml(source, scalars)
        for scalar in scalars:
            path = context + scalar.path
            names = typed.get(scalar.container)
            if names and scalar.end - scalar.start <= _TYPED_VALUE_CHARS and _is_value_key(path):
                path = (*path[:-1], *names, path[-1])
            _add_part(views, index, source, outer, scalar.start, scalar.end, path)
        # an export's cells of words and numbers, each under its column's name (a
        # street line is read by its key, as a JSON document's)
        for cell in export_cells(source):
            _add_part(views, index, source, outer, cell.start, cell.end, (*context, cell.column))
    for start, end, text in base64_runs(source):
        content = fold_text(text)
        if not content.strip():
            continue
        # Every character of the decoded text stands for the whole encoded run.
        unit = OffsetMap([(0, start, len(content), end - start)])
        run_low, run_high = outer.to_raw(start, end)
        views.append(
            View(
                index, ViewText(prefix + content), len(prefix), source, unit, outer, run_low,
                run_high,
                run=True,
            )
        )


def _add_part(
    views: list[View],
    index: int,
    source: str,
    outer: Map,
    start: int,
    end: int,
    path: tuple[str, ...],
) -> None:
    """The view of ``source[start:end]`` (a YAML scalar, an export's cell) under the
    key path ``path``, read as a text of its own."""
    low, high = outer.to_raw(start, end)
    _add_text(
        views,
        index,
        source[start:end],
        compose(_shift(start), outer),
        low,
        high,
        context_prefix(path),
        quote=False,
    )


def _add_text(
    views: list[View],
    index: int,
    source: str,
    outer: Map,
    low: int,
    high: int,
    prefix: str,
    *,
    quote: bool,
) -> None:
    """The view of a text (or a value in a document): inline-decoded and folded."""
    decoded, inline_map = decode_inline(source)
    folded, fold_map = fold(decoded)
    if folded.strip():
        views.append(
            View(
                index,
                _view_text(prefix + folded, decoded, fold_map, len(prefix)),
                len(prefix),
                source,
                compose(fold_map, inline_map),
                outer,
                low,
                high,
                quote=quote,
            )
        )

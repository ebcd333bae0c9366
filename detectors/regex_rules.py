"""Rules of the ``regex`` detector: compiled patterns and the options that make them.

:func:`rules_from_options` validates the detector's options (``entities``,
``phone_mode``, ``phone_regions``, ``custom[]``; see ``docs/configuration.md``) and
compiles them into :class:`Rule` values, in precedence order: built-ins in library
order, then custom patterns in config order.  Every problem is a
:class:`~pipelines.errors.ConfigError` naming the dotted path of the bad field.

A rule also records how :mod:`detectors.regex` may narrow its scan: numeric built-ins
run only inside digit clusters holding enough digits, the e-mail pattern only around
each ``@``.  These are facts about the library's patterns, kept next to them here.
"""

from __future__ import annotations

import bisect
import dataclasses
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, final

import regex

from detectors.entity_pattern import keyword
from detectors.gitleaks import GitleaksCheck, gitleaks_rules
from detectors.labelled import LabelReader
from detectors.library import (
    BUILTIN_ENTITIES,
    EMAIL_LOCAL_CHAR,
    PHONE_MODES,
    VALIDATORS,
    EntityPattern,
    compile_pattern,
    phone_entity,
    phone_formats_are_marked,
)
from detectors.library_personal import (
    PHONE_WORDS_AFTER,
    bare_phone_entity,
    phone_before_word_entity,
    phone_context_entity,
)
from detectors.validators import Validator, is_us_ssn_any_area, phone_validator
from pipelines.errors import ConfigError
from pipelines.placeholders import LABEL_RE
from pipelines.spans import DetectorContext

__all__ = [
    "LABELLED_ENTRIES", "Rule", "WindowCore", "anchor_digit_run", "cluster_prefilter",
    "context_lookbehind", "label_reader", "may_hold_phone", "rules_from_options", "scan_plan",
]

# A custom rule's context word must end at most this many characters before a match.
_CONTEXT_WINDOW: Final = 50
# The longest context word: the look-behind (word + window) fits the egress filter's
# 128 characters of context.
_CONTEXT_WORD_MAX: Final = 64
_OPTION_KEYS: Final = frozenset(
    {"entities", "phone_mode", "phone_regions", "custom", "ssn_area_9xx", "gitleaks",
     "read_labels"}
)
_CUSTOM_KEYS: Final = frozenset({"label", "pattern", "validator", "context", "score"})

# Built-ins scanned only around their one anchor: name -> (most characters a match
# starts before it, the class of those characters).  A match starts exactly where the
# run of that class ending at the anchor begins: an e-mail's local part is the whole
# run of local-part characters before its "@", 1 to 64 of them.
_AROUND_RULES: Final[Mapping[str, tuple[int, str]]] = {"EMAIL": (64, EMAIL_LOCAL_CHAR)}
# Built-ins whose every match starts with one of their anchors: only the positions of
# the anchors are tried.  A whole-text search cannot skip ahead to a case-insensitive
# keyword behind a look-behind and costs more than all other rules together.
_AT_ANCHOR_RULES: Final = frozenset({"US_SSN_BARE"})
# Built-ins searched only near the hits of a cheap standard-library pattern that every
# match contains: name -> (that pattern, most characters a match starts before a hit,
# most characters it ends after one, and for a hit made of a digit run: its fewest
# digits and how many characters it starts before the run).  A whole-text search for
# these costs more than every other rule together (a match may start at any
# capitalised word or any word); a hit holding a digit run is looked for only at the
# digit clusters the numeric rules visit anyway, not over the whole text.
_NEAR_RULES: Final[Mapping[str, tuple[str, int, int, tuple[int, int] | None]]] = {
    # the postcode and the first letter of the city
    "DE_ADDRESS": (r"[0-9]{5} [A-ZÄÖÜ]", 200, 80, (5, 0)),
    # the four-digit postcode and the first letter of the town
    "AT_CH_ADDRESS": (r"[0-9]{4} [A-ZÄÖÜ]", 210, 90, (4, 0)),
    # the state code and the ZIP code
    "US_ADDRESS": (r"[A-Z]{2} [0-9]{5}", 220, 12, (5, 3)),
    # the postcode's last outward character and its inward code, searched over the
    # whole text (an outward code "M1" makes no digit cluster the numeric rules visit)
    "UK_ADDRESS": (r"[0-9][A-Z]? ?[0-9][A-Z]{2}", 360, 4, None),
    # the Eircode
    "IE_ADDRESS": (
        r"(?<![0-9A-Za-z])(?:[AC-FHKNPRTV-Y][0-9]{2}|D6W) ?(?=[0-9]{0,3}[AC-FHKNPRTV-Y])"
        r"[0-9AC-FHKNPRTV-Y]{4}(?![0-9A-Za-z])",
        360,
        4,
        None,
    ),
    "US_TOWN_LINE": (r"[A-Z]{2} [0-9]{5}", 120, 12, (5, 3)),
    # the PIN and the first letter of the state
    "IN_ADDRESS": (r"[0-9]{6}(?:, | [A-Z])", 470, 60, (6, 0)),
    # the town's last letter and the postcode (no year)
    "NZ_ADDRESS": (
        r"[A-Za-z] (?!19[0-9]{2}|20[0-4][0-9])[0-9]{4}(?![0-9A-Za-z:/\-])",
        290,
        4,
        (4, 2),
    ),
    # the postcode and the first letter of the town (a key, an element or a label before
    # it: a look-behind, which sees the text before the window)
    "TOWN_FIELD": (r"[0-9]{4,5} [A-ZÄÖÜ]", 3, 230, (4, 3)),
    # the quote (or an element's bracket) at one end of a street line and the digit or
    # letter next to it (one class of first characters, then the branch that character
    # opens: the standard library skips to such a character, where an alternation is
    # tried at every one)
    "STREET_FIELD": (
        r"[\"'>\x1f0-9:](?:(?<=[\"'>])(?:[0-9]|(?:Flat|Apt\.?|Apartment|Suite|Unit|Studio) )"
        r"|(?<=\x1f): (?:[0-9]|(?:Flat|Apt\.?|Apartment|Suite|Unit|Studio) )"
        r"|(?<=[0-9])(?: ?[a-zA-Z])?(?:[\"'<]|(?!.))"
        # (a German form's street label: "Strasse:", "Straße/Hausnr.:")
        r"|(?:(?<=sse:)|(?<=SSE:)|(?<=ße:)|(?<=nr\.:)|(?<=Nr\.:)|(?<=NR\.:)|(?<=nummer:))"
        r" ?[A-ZÄÖÜ]"
        # (an English one: "Address line 1:", "Street:", "Street address:")
        r"|(?:(?<=1:)|(?<=eet:)|(?<=EET:)|(?<=ess:)|(?<=ESS:)) ?[0-9A-Z])",
        260,
        260,
        None,
    ),
    # the state and the four-digit postcode
    "AU_ADDRESS": (r"(?:NSW|VIC|QLD|SA|WA|TAS|NT|ACT) [0-9]{4}", 300, 4, None),
    # the province code and the postal code (single digits: searched over the text)
    "CA_ADDRESS": (r"[A-Z]{2} {1,2}[A-Z][0-9][A-Z] ?[0-9][A-Z][0-9]", 300, 4, None),
    # a bracketed "at" or "dot", or a spelled-out " dot ": the plain " at " form needs one
    "EMAIL_OBFUSCATED": (r"[\[({<] ?(?:at|AT|dot|DOT) ?[\])}>]| (?:dot|DOT) ", 420, 420, None),
    # the prefix letters, the digit pairs and the suffix of a UK National Insurance
    # number (the hit starts up to three characters before its digits)
    "UK_NINO": (r"[A-Z]{2} ?[0-9]{2} ?[0-9]{2} ?[0-9]{2} ?[A-D]", 0, 2, (6, 3)),
    # the birth date and the initial of a German pension insurance number
    "DE_RVNR": (r"[0-9]{6} ?[A-Z]", 3, 8, (6, 0)),
    # the phone word after the number (the match ends before it: the window reaches two
    # characters past the word, so the pattern's look-ahead reads it)
    "PHONE_BEFORE_WORD": (
        # the number's last digit and the word (in the cases keyword() spells it):
        # prose is full of "work", "home" and "office" with no number before them, and
        # this search skips to a digit that a letter follows
        r"[0-9](?=[ \-(]{0,3}[A-Za-z])[ ]?[\-(]?[ ]?" + keyword(PHONE_WORDS_AFTER)
        + r"(?![^\W\d_])",
        120,
        2,
        None,
    ),
}
# Built-ins tried at their anchors whose every value holds a run of at least this many
# digits: an anchor is tried only if such a run occurs in its window (keyword, glue,
# value), which the standard library finds at a fraction of the cost of trying the
# pattern there.  A phone keyword ("call", "contact") mostly stands in prose with no
# number after it.
_ANCHOR_DIGIT_RUNS: Final[Mapping[str, int]] = {
    "US_SSN_BARE": 4,  # 9 digits, or 3-2-4 groups
    "US_ITIN_BARE": 9,
    "US_SSN_ID": 4,  # 9 digits, or 3-2-4 groups
    "UK_NINO_KEYED": 2,  # digit pairs
    "PHONE_BARE": 2,  # 1?[0-9]{10}, 0[0-9]{6,13}, or groups of 2 digits or more
    "PHONE_CONTEXT": 2,
    "CREDIT_CARD_BARE": 12,
    "NL_BSN": 9,
    "PL_PESEL": 11,
}
# Rules whose digit run counts only from a trunk 0 unless it has this many digits: a
# phone number after its keyword is 1?[0-9]{10}, 0[0-9]{6,13} or groups from a trunk 0:
# a run of two from a 0 or of ten.
_PLAIN_RUNS: Final[Mapping[str, int]] = {"PHONE_BARE": 10, "PHONE_CONTEXT": 10}
# A standard-library pattern every window of a rule tried at its anchors holds, with
# ``{anchors}`` for the alternation of its anchors: an EU VAT id is its country prefix
# and 2-12 id characters, or U and 8 digits, that no letter or digit continues ("REST",
# "WEST" and an IBAN's "DE02120300000000202051" hold a prefix but no id).
_ANCHOR_CORES: Final[Mapping[str, str]] = {
    "EU_VAT_ID": r"(?:{anchors})[ ]?(?:U[0-9]{8}|[0-9A-Z+*]{2,12})(?![0-9A-Z])",
}


@final
@dataclass(frozen=True, slots=True)
class WindowCore:
    """What the window of a rule tried at its anchors holds, as every match does.

    ``run``: a run of at least that many ASCII digits, which must start with a ``0``
    unless it has ``plain`` digits (``plain`` 0: any run of ``run``); ``pattern``: a
    standard-library pattern that occurs in it.  The digit runs are read from the
    text's index of runs (:meth:`holds`), built once per scan: a standard-library
    search for a digit run costs 15 ns a character, as much over a 500-character
    window as one pass over the text does.
    """

    run: int = 0
    plain: int = 0
    pattern: re.Pattern[str] | None = None

    def holds(
        self, text: str, start: int, stop: int, runs: tuple[list[int], list[int]]
    ) -> bool:
        """Whether ``text[start:stop]`` holds the core; ``runs`` holds the (starts, ends)
        of the text's maximal digit runs of at least ``run`` digits, in order."""
        if self.run:
            starts, ends = runs
            at = bisect.bisect_right(ends, start)  # the first run ending inside
            while True:
                if at == len(starts) or starts[at] >= stop:
                    return False
                begin, end = max(starts[at], start), min(ends[at], stop)
                if end - begin >= (self.plain or self.run):
                    break
                # a run of ``run`` digits from a 0: a 0 at most ``run`` before the end
                if (
                    self.plain
                    and end - begin >= self.run
                    and text.find("0", begin, end - self.run + 1) != -1
                ):
                    break
                at += 1
        return self.pattern is None or self.pattern.search(text, start, stop) is not None


_CLUSTER_RULES: Final[Mapping[str, tuple[int, int, int]]] = {
    # built-in name: (fewest digits a value has, fewest dots, characters it starts
    # before the cluster: the IBAN country code, then the only start tried)
    "PHONE": (6, 0, 0),
    "CREDIT_CARD": (12, 0, 0),
    "IBAN": (2, 0, 2),
    "US_SSN": (9, 0, 0),
    "DE_TAX_ID": (11, 0, 0),
    "IPV4": (4, 3, 0),
    "US_ITIN": (9, 0, 0),
    "CH_AHV": (13, 0, 0),
    "ES_DNI": (8, 0, 0),
    "FR_NIR": (13, 0, 0),
    "SE_PERSONNUMMER": (10, 0, 0),
}


# The end of every NANP number, (415) 555-0123 or 415-555-0123: three digits closing the
# area code, then the 3-4 exchange and line groups.
_NANP_CORE: Final = re.compile(r"(?:[0-9][ .\-]|\)[ .\-]?)[0-9]{3}[ .\-][0-9]{4}")


def may_hold_phone(chunk: str, digits: int) -> bool:
    """Cheap necessary condition for the international, NANP and trunk-0 phone formats.

    International numbers have a ``+``; NANP numbers end in 3-3-4 digit groups; trunk-0
    numbers (and 00-dialled ones) have a ``0`` at the start of a digit group (the
    look-behind only allows a space, tab or parenthesis before a number inside a
    cluster).  Dates, times, amounts, versions and most card and tax-id digits fail all
    three and skip the phone pattern.
    """
    return (
        "+" in chunk
        or chunk[0] == "0"
        or "(0" in chunk
        or " 0" in chunk
        or ")0" in chunk
        or "\t0" in chunk
        or (digits >= 10 and _NANP_CORE.search(chunk) is not None)
    )


def _core_occurs(core: str) -> Callable[[str, int], bool]:
    """A prefilter: the pattern's core, without its look-arounds, is in the window.

    Compiled with the standard library, which runs these plain ASCII classes several
    times faster than ``regex`` runs the library patterns (whose boundary look-arounds
    test Unicode script sets at every position).  Most clusters that reach a numeric
    rule by digit count alone (dates, amounts, other values' digits) fail here.
    """
    search = re.compile(core).search
    return lambda chunk, _digits: search(chunk) is not None


# Necessary conditions of numeric built-ins on the search window of a digit cluster
# (the cluster and the two characters after it, where a match lies whole): every match
# of the library pattern contains a match of the core (the property tests check this).
_CLUSTER_NEEDS: Final[Mapping[str, Callable[[str, int], bool]]] = {
    "US_SSN": _core_occurs(r"[0-9]{3}[ \-.][0-9]{2}[ \-.][0-9]{4}"),
    "DE_TAX_ID": _core_occurs(r"[0-9]{2}(?:[ \-./][0-9]{3}){3}|[0-9]{11}"),
    "CREDIT_CARD": _core_occurs(r"[0-9](?:[ \-.]?[0-9]){11}"),
    "IPV4": _core_occurs(r"[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}"),
    "US_ITIN": _core_occurs(r"9[0-9]{2}[ \-.][5-9][0-9][ \-.][0-9]{4}"),
    "CH_AHV": _core_occurs(r"756(?:\.[0-9]{4}\.[0-9]{4}\.|[0-9]{8})[0-9]{2}"),
    # the check letter stands right after the cluster
    "ES_DNI": _core_occurs(r"[0-9]{8}-?[A-Z]"),
    "FR_NIR": _core_occurs(
        r"[12] ?[0-9]{2} ?(?:0[1-9]|1[0-2]|[2-9][0-9]) ?(?:[0-9]{2}|2[AB]) ?"
        r"[0-9]{3} ?[0-9]{3} ?[0-9]{2}"
    ),
    "SE_PERSONNUMMER": _core_occurs(r"[0-9]{6}[-+][0-9]{4}"),
}


# An inline flag group that turns on IGNORECASE: ``(?i)``, ``(?i:``, ``(?si-x:``.
_INLINE_IGNORECASE: Final = re.compile(r"\(\?[a-zA-Z]*i[a-zA-Z]*(?:[-:)])")


def _ignores_case(compiled: regex.Pattern[str]) -> bool:
    """Whether any part of the pattern may match case-insensitively (erring towards yes)."""
    return bool(compiled.flags & regex.IGNORECASE) or bool(
        _INLINE_IGNORECASE.search(compiled.pattern)
    )


def cluster_prefilter(name: str) -> Callable[[str, int], bool] | None:
    """The cheap cluster prefilter of built-in ``name`` (US/DE phone formats), if any."""
    return may_hold_phone if name == "PHONE" else _CLUSTER_NEEDS.get(name)


def anchor_digit_run(name: str) -> int:
    """Fewest digits in a row every value of at-anchor built-in ``name`` holds (0: no gate)."""
    return _ANCHOR_DIGIT_RUNS.get(name, 0)


@final
@dataclass(frozen=True, slots=True)
class Rule:
    """One compiled pattern ready to scan: what it emits and what it must pass.

    ``min_digits`` is set for the numeric built-ins, which run only inside digit
    clusters holding at least that many digits; ``lead`` is how many characters before
    the cluster a match starts (2 for an IBAN's country code, which is then the only
    start tried).  ``None`` means a scan of the whole text, gated by ``anchors``, or
    only around the anchor (``around``: how far before it a match may start, where
    the run ``run_before`` matches backwards from the anchor begins), or only at the
    anchors (``at_anchor``: every match starts with one; with ``window_core``, only
    the anchors whose window, the ``max_length`` characters from the anchor, holds
    that :class:`WindowCore`, as every match does).  ``field`` is the option
    path of an operator pattern (``custom[2]``), ``None`` for a built-in; ``entry`` the
    built-in's library name.  ``gitleaks``:
    the extra conditions of a rule loaded from a gitleaks file (secret group, entropy,
    keywords, allowlists).  ``near``: the rule is searched only in windows reaching
    ``near_back`` characters before and ``near_ahead`` after each hit of this pattern;
    with ``near_digits``, every hit holds a run of at least that many digits and starts
    at most ``near_lead`` characters before it, so hits are looked for only there.
    """

    label: str
    compiled: regex.Pattern[str]
    validator: Validator | None
    score: float
    anchors: tuple[str, ...]
    context: regex.Pattern[str] | None
    min_digits: int | None = None
    min_dots: int = 0
    lead: int = 0
    max_length: int = 0
    around: int = 0
    needs: Callable[[str, int], bool] | None = None
    at_anchor: bool = False
    run_before: regex.Pattern[str] | None = None
    field: str | None = None
    entry: str | None = None
    gitleaks: GitleaksCheck | None = None
    near: re.Pattern[str] | None = None
    near_back: int = 0
    near_ahead: int = 0
    near_digits: int = 0
    near_lead: int = 0
    window_core: WindowCore | None = None

    # The anchors in lower case, once each: the prefilter ignores case (set below).
    caseless_anchors: tuple[str, ...] = ()
    # For an ``at_anchor`` rule: its pattern may match its keyword in any case, so its
    # anchors are looked for in the case-folded text; otherwise as spelled, since the
    # library spells every case form a match can start with (set below).
    anchor_caseless: bool = False

    def __post_init__(self) -> None:
        lowered = tuple(dict.fromkeys(anchor.lower() for anchor in self.anchors))
        object.__setattr__(self, "caseless_anchors", lowered)
        object.__setattr__(self, "anchor_caseless", _ignores_case(self.compiled))

    def accepts(self, text: str, start: int, end: int) -> bool:
        if self.validator is not None and not self.validator(text[start:end]):
            return False
        return self.context is None or self.context.match(text, start) is not None


def context_lookbehind(words: Sequence[str]) -> str:
    """The one definition of ``custom[].context``: a look-behind that holds at a match
    start when one of ``words`` (any case, simple case folding) ends at most
    ``_CONTEXT_WINDOW`` characters before it.  The detector tests it at each match
    start; a reply's output pattern is it followed by the custom pattern."""
    alternatives = "|".join(regex.escape(word) for word in sorted(words, key=len, reverse=True))
    return rf"(?<=(?i-f:{alternatives})[\s\S]{{0,{_CONTEXT_WINDOW}}})"


# --- option parsing ----------------------------------------------------------------


def _error(context: DetectorContext, field: str, message: str, expected: str) -> ConfigError:
    path = f"{context.path}.{field}" if context.path else field
    return ConfigError(message, source=context.source, path=path, expected=expected)


def _string_list(value: object, context: DetectorContext, field: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise _error(context, field, "not a list of strings", "a list of strings")
    return list(value)


def _builtin_rules(options: Mapping[str, object], context: DetectorContext) -> list[Rule]:
    raw_names = options.get("entities")
    names = (
        list(BUILTIN_ENTITIES)
        if raw_names is None
        else _string_list(raw_names, context, "entities")
    )
    seen: set[str] = set()
    for index, name in enumerate(names):
        if name not in BUILTIN_ENTITIES:
            raise _error(
                context,
                f"entities[{index}]",
                "unknown built-in entity",
                "one of " + ", ".join(BUILTIN_ENTITIES),
            )
        if name in seen:
            raise _error(context, f"entities[{index}]", "entity listed twice", "unique names")
        seen.add(name)

    mode = options.get("phone_mode", "lenient")
    if mode not in PHONE_MODES:
        raise _error(context, "phone_mode", "unknown phone mode", " or ".join(PHONE_MODES))
    regions_raw = options.get("phone_regions", ["US", "DE"])
    regions = _string_list(regions_raw, context, "phone_regions")
    for index, region in enumerate(regions):
        try:
            phone_entity(str(mode), (region,))
        except ValueError as exc:
            raise _error(
                context, f"phone_regions[{index}]", "unknown region", "an ISO 3166 region code"
            ) from exc
    phone = phone_entity(str(mode), regions)
    assert phone.validator is not None
    bare = phone_validator(strict=mode == "strict", regions=regions, after_keyword=True)
    replaced = {
        "PHONE": phone,
        "PHONE_BARE": bare_phone_entity(bare),
        "PHONE_CONTEXT": phone_context_entity(bare),
        "PHONE_BEFORE_WORD": phone_before_word_entity(bare),
    }
    any_area = options.get("ssn_area_9xx", False)
    if not isinstance(any_area, bool):
        raise _error(context, "ssn_area_9xx", "not a boolean", "true or false")
    if any_area:
        # Documented option: after an SSN keyword, a 9xx area is read as an SSN too
        # (files that store ITINs or test numbers in an SSN field).
        ssn_bare = BUILTIN_ENTITIES["US_SSN_BARE"]
        replaced["US_SSN_BARE"] = dataclasses.replace(ssn_bare, validator=is_us_ssn_any_area)

    rules = []
    for name in BUILTIN_ENTITIES:  # library order is the precedence order
        if name not in seen:
            continue
        entry: EntityPattern = replaced.get(name, BUILTIN_ENTITIES[name])
        min_digits, min_dots, lead = _CLUSTER_RULES.get(name, (None, 0, 0))
        around, run_class = _AROUND_RULES.get(name, (0, ""))
        # Matched backwards from the anchor: one more than allowed tells "too long".
        run_before = (
            regex.compile(f"(?r){run_class}{{0,{around + 1}}}", regex.VERSION1)
            if run_class
            else None
        )
        # The prefilter covers the formats of US/DE-like regions; a region without a
        # trunk prefix adds a format it does not describe.
        marked = name != "PHONE" or phone_formats_are_marked(regions)
        needs = cluster_prefilter(name) if marked else None
        near_source, near_back, near_ahead, near_run = _NEAR_RULES.get(name, ("", 0, 0, None))
        near_digits, near_lead = near_run or (0, 0)
        run = anchor_digit_run(name)
        core = _ANCHOR_CORES.get(name)
        window_core = (
            WindowCore(
                run,
                _PLAIN_RUNS.get(name, 0),
                None
                if core is None
                else re.compile(core.replace("{anchors}", "|".join(map(re.escape, entry.anchors)))),
            )
            if run or core
            else None
        )
        rules.append(
            Rule(
                entry.label,
                compile_pattern(entry),
                entry.validator,
                entry.score,
                entry.anchors,
                None,
                min_digits,
                min_dots,
                lead,
                entry.max_length or 0,
                around,
                needs,
                entry.starts_at_anchor or name in _AT_ANCHOR_RULES,
                run_before,
                entry=name,
                near=re.compile(near_source) if near_source else None,
                near_back=near_back,
                near_ahead=near_ahead,
                near_digits=near_digits,
                near_lead=near_lead,
                window_core=window_core,
            )
        )
    return rules


def _custom_rule(item: object, context: DetectorContext, field: str) -> Rule:
    if not isinstance(item, Mapping):
        raise _error(context, field, "not a mapping", "a mapping with label and pattern")
    unknown = sorted(str(key) for key in item if key not in _CUSTOM_KEYS)
    if unknown:
        raise _error(
            context,
            f"{field}.{unknown[0]}",
            "unknown key",
            "one of " + ", ".join(sorted(_CUSTOM_KEYS)),
        )
    label = item.get("label")
    if not isinstance(label, str) or not LABEL_RE.match(label):
        raise _error(context, f"{field}.label", "missing or invalid label", "[A-Z][A-Z0-9_]*")
    source = item.get("pattern")
    if not isinstance(source, str) or not source:
        raise _error(context, f"{field}.pattern", "missing pattern", "a regex string")
    try:
        compiled = compile_pattern(EntityPattern(label, label, source, None, 0.9, "custom", None))
    except (regex.error, ValueError, OverflowError) as exc:
        raise _error(
            context, f"{field}.pattern", "pattern does not compile", "a valid `regex` pattern"
        ) from exc
    validator: Validator | None = None
    if "validator" in item:
        name = item["validator"]
        if not isinstance(name, str) or name not in VALIDATORS:
            raise _error(
                context,
                f"{field}.validator",
                "unknown validator",
                "one of " + ", ".join(VALIDATORS),
            )
        validator = VALIDATORS[name]
    words = _string_list(item.get("context", []), context, f"{field}.context")
    for index, word in enumerate(words):
        if not word.strip():
            raise _error(context, f"{field}.context[{index}]", "empty context word",
                         "non-empty strings")
        if len(word) > _CONTEXT_WORD_MAX:
            raise _error(context, f"{field}.context[{index}]", "context word too long",
                         f"at most {_CONTEXT_WORD_MAX} characters")
    context_re = regex.compile(context_lookbehind(words), regex.VERSION1) if words else None
    score = item.get("score", 0.9)
    if isinstance(score, bool) or not isinstance(score, int | float) or not 0.0 <= score <= 1.0:
        raise _error(context, f"{field}.score", "invalid score", "a number within 0..1")
    return Rule(label, compiled, validator, float(score), (), context_re, field=field)


def rules_from_options(options: Mapping[str, object], context: DetectorContext) -> list[Rule]:
    """Validate the ``regex`` detector's options and compile its rules, in precedence order."""
    unknown = sorted(str(key) for key in options if key not in _OPTION_KEYS)
    if unknown:
        expected = "one of " + ", ".join(sorted(_OPTION_KEYS))
        raise _error(context, unknown[0], "unknown option", expected)
    rules = _builtin_rules(options, context)
    if "gitleaks" in options:
        rules.extend(gitleaks_rules(options["gitleaks"], context))
    custom = options.get("custom", [])
    if not isinstance(custom, list):
        raise _error(context, "custom", "not a list", "a list of custom patterns")
    for index, item in enumerate(custom):
        rules.append(_custom_rule(item, context, f"custom[{index}]"))
    return rules


# The keyword entries: each matches a value only right after one of its label words.
# On the prompt side the label reader (detectors.labelled) reads labels for them, in
# every place people write a label, so with ``read_labels`` on they are not scanned
# there; they stay the reply filter's patterns (docs/entities.md).
LABELLED_ENTRIES: Final = frozenset(
    {
        "US_SSN_BARE", "US_ITIN_BARE", "PHONE_BARE", "PHONE_BEFORE_WORD", "DATE_OF_BIRTH",
        "US_SSN_ID", "CREDIT_CARD_BARE", "PASSPORT", "DE_ID_CARD", "NL_BSN", "PL_PESEL",
        "AT_SVNR", "UK_NINO_KEYED", "BIC",
    }
)  # fmt: skip


def scan_plan(
    options: Mapping[str, object], context: DetectorContext
) -> tuple[list[Rule], LabelReader | None, frozenset[str]]:
    """What the ``regex`` detector built from ``options`` scans: its rules (without the
    keyword entries the label reader stands in for), its label reader (None with
    ``read_labels: false``) and every label it may emit."""
    rules = rules_from_options(options, context)
    reader = label_reader(options, rules, context)
    labels = frozenset(rule.label for rule in rules)
    if reader is not None:
        rules = [rule for rule in rules if rule.entry not in LABELLED_ENTRIES]
    return rules, reader, labels


def label_reader(
    options: Mapping[str, object], rules: Sequence[Rule], context: DetectorContext
) -> LabelReader | None:
    """The label-reading stage (:mod:`detectors.labelled`) for the built-in rules of an
    options mapping :func:`rules_from_options` accepted; None with ``read_labels: false``
    or when no built-in entry is enabled."""
    enabled = options.get("read_labels", True)
    if not isinstance(enabled, bool):
        raise _error(context, "read_labels", "not a boolean", "true or false")
    labels = {rule.label for rule in rules if rule.field is None and rule.gitleaks is None}
    if not enabled or not labels:
        return None
    mode = options.get("phone_mode", "lenient")
    regions = _string_list(options.get("phone_regions", ["US", "DE"]), context, "phone_regions")
    return LabelReader(
        labels,
        phone=phone_validator(strict=mode == "strict", regions=regions, after_keyword=True),
        phone_strict=phone_validator(strict=True, regions=regions),
    )

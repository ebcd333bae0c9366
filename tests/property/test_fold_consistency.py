"""Ingress repeats and egress literals agree: one fold, one word test (docs/design.md C4/C5).

On a ``relink: false`` route the egress filter masks the vault's surface forms.  Any
spelling that ingress (:class:`pipelines.surface.SurfaceIndex`) treats as a repeat of
an issued value must be masked by that filter too, whatever the chunking, or a value
the model echoes in another spelling reaches the client.  Names are drawn with the
letters where folds disagree most: ``İ``, ``ß``, Greek sigma in all three forms,
full-width letters, combining marks.

Egress matches on the canonical fold (:mod:`pipelines.canon`), which folds whitespace
runs, invisible characters, compatibility forms and confusables too, so it masks at
least every spelling ingress treats as a repeat (a run of whitespace the model invents
included: ``test_whitespace_runs_are_masked_without_a_recorded_spelling``).
"""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st

from pipelines.egress import EgressFilter, EgressPolicy
from pipelines.surface import fold_case
from pipelines.vault import Vault

_SETTINGS = settings(max_examples=150, deadline=None)
_MASK = "[REDACTED:PERSON]"

# Letters a name is written with, upper and lower where both exist.
_LETTERS = [
    *"AaBbKkSsIiÖöÜüÇç",
    "\u0130",  # İ
    "\u0131",  # ı (dotless i: its upper case is I, which folds to i)
    "ß",
    "\u1e9e",  # ẞ
    "Σ",
    "σ",
    "ς",
    "Ω",
    "ω",
    "Ａ",
    "ｂ",
    "Ｋ",
    "ｓ",
    "\u0301",  # combining acute
    "\u0308",  # combining diaeresis
]
_WORD = st.text(alphabet=st.sampled_from(_LETTERS), min_size=1, max_size=6).filter(
    lambda word: word[0] not in "\u0301\u0308"
)
_NAME = st.lists(_WORD, min_size=1, max_size=3).map(" ".join)
# Around an echo: separators, CJK (no word edge needed there), and letters that make an
# edge fail, so both sides of the word test are exercised.
_AROUND = st.text(
    alphabet=st.sampled_from(list(" ,.;\n\t(\u3000。张伟さんxÉ\u03c3\u0301_7")), max_size=4
)
_SPACES = st.sampled_from([" ", "\n", "\t", "\u00a0", "\u3000", "\u2009"])


def _swap(char: str, draw: st.DrawFn) -> str:
    """Another spelling of ``char`` with the same fold (or ``char`` itself)."""
    options = {
        char,
        char.upper() if len(char.upper()) == 1 else char,
        char.lower() if len(char.lower()) == 1 else char,
    }
    if "\uff21" <= char <= "\uff5a":
        options.add(chr(ord(char) - 0xFEE0))
    if "A" <= char <= "z" and char.isalpha():
        options.add(chr(ord(char) + 0xFEE0))
    if char in "σςΣ":
        options |= {"σ", "ς", "Σ"}
    if char in "iI\u0130":
        options |= {"i", "I", "\u0130"}
    # Upper case is not always a round trip (``ı`` upper-cases to ``I``, a different
    # letter under the fold): keep the spellings the fold relates.
    return draw(st.sampled_from(sorted(o for o in options if fold_case(o) == fold_case(char))))


@st.composite
def _echo(draw: st.DrawFn) -> tuple[list[str], str, str, str]:
    """Issued names, one spelling of the first, and the text around it."""
    names = draw(st.lists(_NAME, min_size=1, max_size=3, unique=True))
    spelling = "".join(draw(_SPACES) if char == " " else _swap(char, draw) for char in names[0])
    return names, spelling, draw(_AROUND), draw(_AROUND)


def _filter(vault: Vault, text: str, cuts: list[int]) -> str:
    rules = EgressPolicy(patterns=[], relink=False).for_request(
        vault.relink_map, vault.surface_forms
    )
    flt = EgressFilter(rules)
    bounds = [0, *sorted(set(cuts)), len(text)]
    out = [flt.feed(text[a:b]) for a, b in itertools.pairwise(bounds)]
    return "".join(out) + flt.close()


@_SETTINGS
@given(case=_echo(), cuts=st.lists(st.integers(0, 40), max_size=6))
def test_every_ingress_repeat_is_masked_by_egress(
    case: tuple[list[str], str, str, str], cuts: list[int]
) -> None:
    """A spelling ingress replaces as the name is masked in the reply, in any chunking."""
    names, spelling, before, after = case
    vault = Vault()
    for name in names:
        vault.issue("PERSON", name)
    text = before + spelling + after
    start, end = len(before), len(before) + len(spelling)
    found = vault.surface_index.find(text)
    hits = [o for o in found if (o.start, o.end) == (start, end)]
    if not hits:
        return  # not a repeat at ingress (an edge failed): nothing egress must do
    # Every occurrence ingress finds is masked by egress in its place; the text between
    # them is passed through unchanged.
    expected: list[str] = []
    last = 0
    for occurrence in found:
        expected += [text[last : occurrence.start], _MASK]
        last = occurrence.end
    expected.append(text[last:])
    assert _filter(vault, text, [c for c in cuts if c < len(text)]) == "".join(expected)


def test_whitespace_runs_are_masked_without_a_recorded_spelling() -> None:
    """A run of spaces ingress merges is masked by egress too, recorded or not."""
    vault = Vault()
    vault.issue("PERSON", "Ann Lee")
    text = "to Ann \n Lee."
    assert [(o.start, o.end) for o in vault.surface_index.find(text)] == [(3, 12)]
    assert _filter(vault, text, []) == "to [REDACTED:PERSON]."
    assert _filter(vault, text, [5, 8]) == "to [REDACTED:PERSON]."

"""Unit tests of the placeholder vault (docs/design.md C4)."""

from __future__ import annotations

import pytest

from pipelines.egress import EgressPolicy
from pipelines.errors import VaultFull
from pipelines.placeholders import MAX_LABEL_LENGTH
from pipelines.relink import relink
from pipelines.vault import Vault, normalize_text


def test_numbering_is_per_label_by_first_issue() -> None:
    """Each label counts from 1 in the order its values are first issued."""
    vault = Vault()
    assert vault.issue("PERSON", "Alice") == "[PERSON_1]"
    assert vault.issue("EMAIL", "a@x.org") == "[EMAIL_1]"
    assert vault.issue("PERSON", "Bob") == "[PERSON_2]"
    assert vault.issue("PERSON", "Alice") == "[PERSON_1]"
    assert len(vault) == 3
    assert list(vault.relink_map) == ["[PERSON_1]", "[EMAIL_1]", "[PERSON_2]"]


@pytest.mark.parametrize(
    ("label", "first", "second"),
    [
        ("EMAIL", "Alice@Example.ORG", "alice@example.org"),
        ("CREDIT_CARD", "4111 1111 1111 1111", "4111-1111-1111-1111"),
        ("PHONE", "+1 (555) 010-0199", "15550100199"),
        ("IBAN", "DE89 3704 0044 0532 0130 00", "de89370400440532013000"),
        ("US_SSN", "078-05-1120", "078 05 1120"),
        ("DE_TAX_ID", "12 345 678 903", "12345678903"),
        ("PERSON", "Anna  Maria\tMüller", "anna maria MÜLLER"),
        ("ORGANIZATION", "ＡＣＭＥ Corp", "acme corp"),
        ("CUSTOM_ID", "Ab  C", "ab c"),
    ],
)
def test_same_normalised_value_same_placeholder(label: str, first: str, second: str) -> None:
    """Spellings that normalise alike share a placeholder; the first spelling is kept."""
    vault = Vault()
    placeholder = vault.issue(label, first)
    assert vault.issue(label, second) == placeholder
    assert vault.lookup(placeholder) == first
    assert vault.placeholder_of(label, second) == placeholder
    assert vault.surface_forms[second] == placeholder


@pytest.mark.parametrize(
    ("label", "first", "second"),
    [
        ("EMAIL", "alice@example.org", "alice@example.com"),
        ("API_KEY", "sk-AbCdEf", "sk-abcdef"),
        ("JWT", "eyJ.a.B", "eyJ.a.b"),
        ("PERSON", "Ann", "Anne"),
        ("PHONE", "---", "..."),
    ],
)
def test_different_values_never_share(label: str, first: str, second: str) -> None:
    """Values that differ after normalisation (or are secrets differing in case) differ."""
    vault = Vault()
    assert vault.issue(label, first) != vault.issue(label, second)


def test_same_text_under_two_labels_gets_two_placeholders() -> None:
    """A label is part of the identity: Jordan the person is not Jordan the country."""
    vault = Vault()
    assert vault.issue("PERSON", "Jordan") == "[PERSON_1]"
    assert vault.issue("LOCATION", "Jordan") == "[LOCATION_1]"
    assert vault.surface_forms["Jordan"] == "[PERSON_1]"


def test_reserved_literals_are_skipped_and_never_relinked() -> None:
    """A placeholder already in the input is never issued; relink leaves it alone."""
    vault = Vault()
    vault.reserve(["see [PERSON_1] and [PERSON_3]", "[EMAIL_1]"])
    assert vault.reserved == frozenset({"[PERSON_1]", "[PERSON_3]", "[EMAIL_1]"})
    assert vault.issue("PERSON", "Alice") == "[PERSON_2]"
    assert vault.issue("PERSON", "Bob") == "[PERSON_4]"
    assert vault.lookup("[PERSON_1]") is None
    assert relink("[PERSON_1] [PERSON_2] [PERSON_4]", vault) == "[PERSON_1] Alice Bob"


def test_reserve_keeps_our_own_placeholders_relinkable() -> None:
    """A later turn echoing a placeholder this vault issued does not reserve it."""
    vault = Vault()
    vault.issue("PERSON", "Alice")
    vault.reserve(["as [PERSON_1] said"])
    assert vault.reserved == frozenset()
    assert vault.lookup("[PERSON_1]") == "Alice"


@pytest.mark.parametrize(
    ("written", "reserved"),
    [
        ("[email_1]", {"[EMAIL_1]"}),
        ("[Email_1]", {"[EMAIL_1]"}),
        (r"\[EMAIL\_1\]", {"[EMAIL_1]"}),
        (r"\[EMAIL_1\]", {"[EMAIL_1]"}),
        (r"[email\_1]", {"[EMAIL_1]"}),
        (r"**\[credit\_card\_12\]**", {"[CREDIT_CARD_12]"}),
        ("[email_1][EMAIL_2]", {"[EMAIL_1]", "[EMAIL_2]"}),
        # not placeholders any more: left to the text, nothing reserved
        ("[ EMAIL_1 ]", set()),
        ("[EMAIL 1]", set()),
        ("[email_01]", set()),
        ("［email_1］", set()),
        ("[émail_1]", set()),
        ("[email_1", set()),
        ("[" * 5000 + "email_" * 5000, set()),
    ],
)
def test_mangled_literals_reserve_their_canonical_placeholder(
    written: str, reserved: set[str]
) -> None:
    """Echo-mangled placeholders the user wrote are reserved as the egress reads them."""
    vault = Vault()
    vault.reserve([f"template {written} end"])
    assert vault.reserved == frozenset(reserved)
    issued = [vault.issue("EMAIL", f"u{n}@x.org") for n in range(3)]
    assert not set(issued) & reserved


def test_a_mangled_echo_of_our_own_placeholder_stays_relinkable() -> None:
    """A later turn writing ``[person_1]`` for a placeholder this vault issued keeps it."""
    vault = Vault()
    vault.issue("PERSON", "Alice")
    vault.reserve([r"as [person_1] and \[PERSON\_1\] said"])
    assert vault.reserved == frozenset()
    assert vault.lookup("[PERSON_1]") == "Alice"


@pytest.mark.parametrize("value", ["[EMAIL_1]", "x [PERSON_12] y", ""])
def test_placeholder_shaped_or_empty_values_are_refused(value: str) -> None:
    """A value that is or contains placeholder text (or is empty) is never issued."""
    vault = Vault()
    with pytest.raises(ValueError):
        vault.issue("PERSON", value)
    assert len(vault) == 0


@pytest.mark.parametrize("label", ["person", "1ABC", "", "A-B", "PER SON"])
def test_malformed_labels_are_refused(label: str) -> None:
    """Labels follow the placeholder grammar."""
    with pytest.raises(ValueError):
        Vault().issue(label, "x")


def test_vault_full_past_max_index() -> None:
    """Past ``max_index`` values of one label the vault refuses; other labels go on."""
    vault = Vault(max_index=2)
    vault.issue("PERSON", "a")
    vault.issue("PERSON", "b")
    with pytest.raises(VaultFull) as info:
        vault.issue("PERSON", "zq")
    assert "zq" not in str(info.value)
    assert vault.issue("PERSON", "a") == "[PERSON_1]"
    assert vault.issue("EMAIL", "zq@x.org") == "[EMAIL_1]"


def test_vault_full_counts_reserved_numbers() -> None:
    """Reserved numbers are skipped, so they use up the bound too."""
    vault = Vault(max_index=2)
    vault.reserve(["[PERSON_1][PERSON_2]"])
    with pytest.raises(VaultFull):
        vault.issue("PERSON", "a")


def test_max_index_must_be_positive() -> None:
    """A vault that could issue nothing is a programming error."""
    with pytest.raises(ValueError):
        Vault(max_index=0)


def test_custom_normalizer_overrides_default() -> None:
    """Callers can make a label exact (or anything else)."""
    vault = Vault(normalizers={"PERSON": lambda value: value})
    assert vault.issue("PERSON", "Alice") != vault.issue("PERSON", "ALICE")


def test_add_surface_form_needs_an_issued_placeholder() -> None:
    """Only placeholders of this vault get extra spellings; the first one wins."""
    vault = Vault()
    placeholder = vault.issue("PERSON", "Alice")
    vault.add_surface_form("ALICE", placeholder)
    vault.add_surface_form("ALICE", vault.issue("PERSON", "Bob"))
    assert vault.surface_forms["ALICE"] == placeholder
    with pytest.raises(ValueError):
        vault.add_surface_form("Carol", "[PERSON_9]")


def test_repr_is_redacted() -> None:
    """The repr shows counts per label, never a value."""
    vault = Vault()
    vault.issue("PERSON", "Alice Secret")
    vault.issue("PERSON", "Bob Secret")
    vault.issue("EMAIL", "alice@secret.example")
    vault.reserve(["[IBAN_1]"])
    text = repr(vault)
    assert "Secret" not in text and "secret" not in text
    assert "PERSON=2" in text and "EMAIL=1" in text and "1 reserved" in text


def test_views_are_read_only() -> None:
    """``relink_map`` and ``surface_forms`` cannot be used to corrupt the vault."""
    vault = Vault()
    vault.issue("PERSON", "Alice")
    with pytest.raises(TypeError):
        vault.relink_map["[PERSON_1]"] = "Mallory"  # type: ignore[index]
    with pytest.raises(TypeError):
        vault.surface_forms["Mallory"] = "[PERSON_1]"  # type: ignore[index]


def test_hostile_values_round_trip() -> None:
    """NUL bytes, lone surrogates, huge values are values like any other."""
    vault = Vault()
    values = ["a\x00b", "\ud800x", "x" * 1_000_000, "名前", "🙂\u0301"]
    placeholders = [vault.issue("PERSON", value) for value in values]
    assert len(set(placeholders)) == len(values)
    assert [vault.lookup(p) for p in placeholders] == values


def test_normalize_text() -> None:
    """NFKC, case-fold, collapse whitespace, strip."""
    assert normalize_text("  Ｓtraße\u00a0 X ") == "strasse x"


def test_echoes_are_reserved_up_to_the_label_length_egress_relinks() -> None:
    """Every echo the filter would relink is reserved: both use MAX_LABEL_LENGTH."""
    longest = "L" * MAX_LABEL_LENGTH
    vault = Vault()
    vault.reserve([f"[{longest.lower()}_1] and \\[{longest}\\_2\\]"])
    assert {f"[{longest}_1]", f"[{longest}_2]"} <= vault.reserved
    assert vault.issue(longest, "value") == f"[{longest}_3]"
    # One longer: the filter does not relink its echoes, so none needs reserving.
    vault.reserve([f"[{longest.lower()}x_1]"])
    assert f"[{longest}X_1]" not in vault.reserved


def test_egress_cannot_relink_longer_labels_than_the_vault_reserves() -> None:
    """A policy bound past MAX_LABEL_LENGTH is refused (it would relink user text)."""
    assert EgressPolicy(patterns=[], max_label_length=MAX_LABEL_LENGTH)
    with pytest.raises(ValueError, match="max_label_length"):
        EgressPolicy(patterns=[], max_label_length=MAX_LABEL_LENGTH + 1)

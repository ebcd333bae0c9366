"""Unit tests of whole-text relinking (the egress filter, one feed)."""

from __future__ import annotations

from pipelines.relink import relink
from pipelines.vault import Vault


def _vault() -> Vault:
    vault = Vault()
    vault.reserve(["[EMAIL_1]"])
    vault.issue("PERSON", "Alice")
    vault.issue("EMAIL", "a@x.org")
    return vault


def test_issued_placeholders_are_relinked() -> None:
    """Every issued placeholder becomes its value, wherever and however often."""
    text = "[PERSON_1] wrote to [EMAIL_2]; [PERSON_1][PERSON_1]"
    assert relink(text, _vault()) == "Alice wrote to a@x.org; AliceAlice"


def test_everything_else_is_verbatim() -> None:
    """Reserved, unknown and malformed placeholders pass through untouched."""
    text = "[EMAIL_1] [PERSON_2] [PERSON_01] [PERSON_1 [PERSON_] PERSON_1] [email_1]"
    assert relink(text, _vault()) == text


def test_echoed_forms_of_issued_placeholders_are_relinked() -> None:
    """What the stream filter relinks as an echo (case, markdown escapes) is relinked."""
    assert relink("[person_1] \\[PERSON\\_1\\]", _vault()) == "Alice Alice"


def test_a_backslash_before_a_placeholder_is_the_writers_own() -> None:
    """An escaped "[" is an escape only with an escaped "]": in a Windows path or after
    a TeX command the backslash before a placeholder stays where it was written."""
    assert relink("C:\\Users\\[PERSON_1]\\Desktop", _vault()) == "C:\\Users\\Alice\\Desktop"
    assert relink("\\[PERSON_1] \\[PERSON\\_1]", _vault()) == "\\Alice \\Alice"


def test_json_text_is_relinked_and_re_escaped() -> None:
    """In JSON text (tool-call arguments) a value is written as JSON."""
    vault = Vault()
    vault.issue("PERSON", 'Jane "JD" Doe')
    assert relink('{"to": "[PERSON_1]"}', vault, json_string=True) == '{"to": "Jane \\"JD\\" Doe"}'


def test_empty_vault_and_empty_text() -> None:
    """Nothing to do is not an error."""
    assert relink("", _vault()) == ""
    assert relink("[PERSON_1]", Vault()) == "[PERSON_1]"


def test_nested_brackets_and_non_ascii() -> None:
    """Brackets around a placeholder and CJK next to it are kept exactly."""
    assert relink("[[PERSON_1]]名[PERSON_1]前", _vault()) == "[Alice]名Alice前"


def test_value_that_looks_like_grammar_is_not_relinked_twice() -> None:
    """Relinking is one pass: a value containing brackets is inserted verbatim."""
    vault = Vault()
    vault.issue("PERSON", "[X_")
    vault.issue("PERSON", "1]")
    assert relink("[PERSON_1][PERSON_2]", vault) == "[X_1]"

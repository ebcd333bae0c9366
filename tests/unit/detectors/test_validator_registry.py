"""The named validators: every validator a built-in entity uses can be named by a custom rule.

``custom[].validator`` in a ``regex`` detector names a validator of
:data:`detectors.validators.VALIDATORS`; an operator writing a rule for a format the
library checks (a UK VAT number, a Personalausweis number) must be able to reuse the
very check the built-in runs, so the table holds every one of them, under a name
``docs/entities.md`` lists.
"""

from __future__ import annotations

import pytest

from detectors.library import BUILTIN_ENTITIES
from detectors.regex import create
from detectors.regex_rules import rules_from_options
from detectors.validators import VALIDATORS
from pipelines.errors import ConfigError
from pipelines.spans import DetectorContext

# The option sets that swap a built-in's validator (docs/configuration.md): each must
# leave every built-in with a named validator.  Phone regions other than the default
# US + DE build a validator of their own (documented: custom rules get the US/DE one).
OPTION_SETS: list[dict[str, object]] = [
    {},
    {"phone_mode": "strict"},
    {"ssn_area_9xx": True},
    {"phone_mode": "strict", "ssn_area_9xx": True, "phone_regions": ["US", "DE"]},
]


def test_every_builtin_entity_validator_is_named() -> None:
    """Each entry of the library with a validator holds one of VALIDATORS' values."""
    named = {id(function) for function in VALIDATORS.values()}
    unnamed = [
        name
        for name, entry in BUILTIN_ENTITIES.items()
        if entry.validator is not None and id(entry.validator) not in named
    ]
    assert unnamed == []


@pytest.mark.parametrize("options", OPTION_SETS)
def test_every_builtin_validator_is_reachable_by_name(options: dict[str, object]) -> None:
    """Each built-in rule the options build holds one of VALIDATORS' values, the same
    object (the options swap PHONE's, PHONE_BARE's and US_SSN_BARE's validators)."""
    rules = rules_from_options(options, DetectorContext(name="t"))
    named = {id(function): name for name, function in VALIDATORS.items()}
    unnamed = sorted(
        {
            str(rule.label)
            for rule in rules
            if rule.validator is not None and id(rule.validator) not in named
        }
    )
    assert unnamed == []
    assert any(rule.validator is not None for rule in rules)


# A custom pattern that matches a whole value only (no shorter retry inside it).
_WHOLE = r"(?<![\w .\-+])[A-Z0-9+][A-Z0-9 .\-+]*[A-Z0-9](?![\w .\-+])"


@pytest.mark.parametrize(
    ("name", "good", "bad"),
    [
        ("gb_vat", "GB980780684", "GB980780685"),
        ("ch_uid", "CHE-116.281.710", "CHE-116.281.711"),
        ("de_rvnr", "65170839J003", "65170839J004"),
        ("at_svnr", "1237010180", "1237010181"),
        ("uk_nino", "AB123456C", "BG123456C"),
        ("icao_document", "T220001293", "T220001294"),
        ("de_id_card", "T220001293", "T220001294"),
        ("card_after_keyword", "675964982648", "675964982649"),
        ("us_ssn_any_area", "912-34-5678", "000-12-3456"),
        ("phone_after_keyword", "0345678901", "12"),
        ("phone_strict_after_keyword", "+1 650 253 0000", "+1 555 000 0000"),
    ],
)
def test_a_custom_rule_runs_a_named_validator(name: str, good: str, bad: str) -> None:
    """A custom rule naming a validator masks the valid value and not the invalid one."""
    assert VALIDATORS[name](good) is True
    assert VALIDATORS[name](bad) is False
    detector = create(
        {
            "entities": [],
            "custom": [{"label": "X", "pattern": _WHOLE, "validator": name}],
        },
        DetectorContext(name="t"),
    )
    assert [span.label for span in detector.scan(good)] == ["X"]
    assert detector.scan(bad) == []


def test_an_unknown_validator_name_lists_the_registry() -> None:
    """A name outside the table is a config error that names the field and the choices."""
    with pytest.raises(ConfigError) as caught:
        create(
            {
                "entities": [],
                "custom": [{"label": "X", "pattern": "[0-9]+", "validator": "is_gb_vat"}],
            },
            DetectorContext(name="t"),
        )
    message = str(caught.value)
    assert "custom[0].validator" in message
    assert "gb_vat" in message


def test_the_keyword_phone_validator_drops_only_the_isbn_guard() -> None:
    """After a phone keyword a bare ten-digit run from 0 with an ISBN-10 check digit is a
    phone number (the keyword says so); without one it reads as a book number."""
    isbn = "0306406152"
    assert VALIDATORS["phone"](isbn) is False
    assert VALIDATORS["phone_after_keyword"](isbn) is True
    assert VALIDATORS["phone_strict"]("+1 650 253 0000") is True

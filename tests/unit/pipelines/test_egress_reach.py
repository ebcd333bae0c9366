"""How far output patterns read (pipelines.egress.reach): back for the context window,
forward for the ceiling; both pinned on the engine's own parse, and the forward bound
checked against what the stream filter really holds."""

from __future__ import annotations

import pytest
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

from pipelines.egress import EgressFilter, EgressPolicy
from pipelines.egress.reach import lookbehind_reach, match_reach
from tests.egress_corpus import BUILTIN_PATTERNS


@pytest.mark.parametrize(
    ("pattern", "reach"),
    [
        (r"TCK-[0-9]{6}", 0),
        (r"(?=x)y", 0),
        (r"\bfoo", 1),  # \b and ^ become one-character look-behinds in the filter
        (r"^foo", 1),
        (r"(?<=ab)c", 2),
        (r"(?<=a{2,5}|xyz)c", 5),
        (r"(?i)(?<=ß)x", 2),
        (r"(?<=a(?<=bb{3}))c", 5),
        (r"(?x) (?<= a  b ) c  # comment", 2),
        (r"a(?i)b(?<=x{3})", 3),
        (r"(?<=a+)c", None),
        (r"(?<!\X)c", None),
    ],
)
def test_lookbehind_reach_table(pattern: str, reach: int | None) -> None:
    """The reach of a pattern's look-behinds, as the ``regex`` engine reads them."""
    assert lookbehind_reach(pattern) == reach


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=300), st.integers(min_value=0, max_value=300))
def test_lookbehind_reach_of_a_bounded_repeat(low: int, extra: int) -> None:
    """``(?<=a{m,n})`` reaches exactly ``n`` characters back."""
    assert lookbehind_reach(rf"(?<=a{{{low},{low + extra}}})T") == low + extra


def test_lookbehind_reach_of_bad_source_raises() -> None:
    """A pattern that does not compile is a regex.error, not a silent reach."""
    with pytest.raises(regex.error):
        lookbehind_reach("(?<=a")


@pytest.mark.parametrize(
    ("pattern", "reach"),
    [
        (r"TCK-[0-9]{6}", 10),
        (r"(?<=ab)c", 1),  # look-behinds read back, not forward
        (r"a(?!b)", 2),
        (r"a{2,5}(?=xyz)", 8),
        (r"(?=ab)(?!abc)x", 6),  # an upper bound: the look-aheads are summed
        (r"(?i)ß", 2),
        (r"foo$", 5),  # $ becomes a look-ahead for an optional newline and the end
        (r"\bfoo\b", 7),  # each \b becomes two one-character look-aheads
        (r"(?:ab|c){1,3}", 6),
        (r"a+", None),
        (r"x(?=a*)", None),
        (r"(a)\1", None),
        (r"\X", None),
    ],
)
def test_match_reach_table(pattern: str, reach: int | None) -> None:
    """The longest match plus what look-aheads read past it, as the engine reads it."""
    assert match_reach(pattern) == reach


def test_match_reach_of_the_builtins() -> None:
    """Pinned per built-in: a change of the library or of regex's parser shows here."""
    reach = {p.name: match_reach(p.pattern) for p in BUILTIN_PATTERNS}
    assert reach == {
        "EMAIL": 656, "US_SSN": 13, "US_SSN_BARE": 628, "US_ITIN": 13, "US_ITIN_BARE": 773,
        "PHONE": 102, "PHONE_BARE": 869, "PHONE_CONTEXT": 647, "CREDIT_CARD": 39, "IBAN": 45,
        "DE_TAX_ID": 16,
        "IPV4": 29, "IPV6": 54, "PEM_PRIVATE_KEY": None, "JWT": None, "AWS_ACCESS_KEY": 21,
        "GITHUB_TOKEN": 256, "SLACK_TOKEN": 256, "ANTHROPIC_API_KEY": 308,
        "OPENAI_API_KEY": 308, "BEARER_TOKEN": 4109, "DATE_OF_BIRTH": 815, "US_SSN_ID": 627,
        "CREDIT_CARD_BARE": 764, "PASSPORT": 797, "DE_ID_CARD": 804, "CH_AHV": 18, "ES_DNI": 11,
        "IT_CODICE_FISCALE": 17, "FR_NIR": 23, "SE_PERSONNUMMER": 15, "NL_BSN": 762,
        "PL_PESEL": 750, "EU_VAT_ID": 16, "GB_VAT_ID": 20, "CH_UID": 22, "DE_RVNR": 18,
        "AT_SVNR": 782, "UK_NINO": 14, "UK_NINO_KEYED": 632, "BIC": 615, "UK_ADDRESS": 352,
        "IE_ADDRESS": 352, "IN_ADDRESS": 468, "NZ_ADDRESS": 275,
        "AWS_SECRET_KEY": 472, "AWS_SECRET_NEAR_ID": 117, "GITLAB_TOKEN": 259,
        "GOOGLE_API_KEY": 40, "NPM_TOKEN": 41, "MAILGUN_KEY": 37, "TELEGRAM_BOT_TOKEN": 47,
        "SENDGRID_KEY": 70, "STRIPE_KEY": 108,
        "SLACK_WEBHOOK": 155, "PYPI_TOKEN": 321, "HUGGINGFACE_TOKEN": 49, "TWILIO_KEY": 35,
        "AZURE_STORAGE_KEY": 110, "AZURE_AD_SECRET": 41, "URL_PASSWORD": 531,
        "GENERIC_SECRET": 683, "PHONE_BEFORE_WORD": 120,
        "AU_ADDRESS": 312, "CA_ADDRESS": 315, "STREET_FIELD": None, "VCARD_ADDRESS": 510,
        "US_TOWN_LINE": 140, "TOWN_FIELD": 224, "DIGITALOCEAN_TOKEN": 72, "SHOPIFY_TOKEN": 39,
        "DOPPLER_TOKEN": 54,
        "DYNATRACE_TOKEN": 97, "LINEAR_API_KEY": 51, "POSTMAN_API_KEY": 65, "PULUMI_TOKEN": 45,
        "GRAFANA_TOKEN": 407, "DATABRICKS_TOKEN": 39, "ATLASSIAN_TOKEN": 193,
        "SENTRY_TOKEN": 411, "NEW_RELIC_KEY": 38, "PLANETSCALE_TOKEN": 78, "HEROKU_KEY": 66,
        "VAULT_TOKEN": 305, "TERRAFORM_CLOUD_TOKEN": 94, "FLY_TOKEN": 4006,
        "AGE_SECRET_KEY": 75, "DOCKER_HUB_TOKEN": 50, "SQUARE_TOKEN": 65,
        "DISCORD_WEBHOOK": 135, "ALIBABA_ACCESS_KEY": 25, "RUBYGEMS_KEY": 58,
        "CLOJARS_TOKEN": 69, "OPENSHIFT_TOKEN": 51, "PREFECT_KEY": 41, "README_KEY": 76,
        "DUFFEL_TOKEN": 56, "EASYPOST_KEY": 59, "ONEPASSWORD_TOKEN": 2011,
        "SOURCEGRAPH_TOKEN": 62, "NOTION_TOKEN": 51, "GROQ_KEY": 57, "XAI_KEY": 85,
        "PERPLEXITY_KEY": 54, "REPLICATE_TOKEN": 41, "ARTIFACTORY_KEY": 74,
    }


_BOUNDED = [p for p in BUILTIN_PATTERNS if match_reach(p.pattern) is not None]
_PIECES = st.sampled_from(
    [*"ab.@-_:+ 0123456789()", "bob", "@corp.example", ".org", "AKIA", "ghp_", "sk-ant-",
     "Bearer ", "SSN: ", "DE89", "fe80::", "(415) ", "+49 30 ", "1111 ", "[PERSON_1"]
)


@settings(max_examples=200, deadline=None)
@given(
    pieces=st.lists(_PIECES, min_size=1, max_size=40),
    index=st.integers(0, len(_BOUNDED) - 1),
)
def test_a_bounded_pattern_never_holds_more_than_its_reach(pieces: list[str], index: int) -> None:
    """Fed one character at a time, the filter never holds more than the pattern's reach
    (or an echo's): the bound the ceiling check relies on is sound."""
    pattern = _BOUNDED[index]
    policy = EgressPolicy(patterns=[pattern], max_label_length=8, max_index=9)
    bound = max(match_reach(pattern.pattern) or 0, 22)  # 22: the longest echo here
    flt = EgressFilter(policy.for_request({"[PERSON_1]": "Ann"}, {}))
    for char in "".join(pieces):
        flt.feed(char)
        assert flt.held <= bound

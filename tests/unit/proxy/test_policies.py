"""Route egress policies: custom labels reach the reply, and look-behinds are bounded.

``response.redact`` may name a custom label of the route's ``regex`` detector; every
custom pattern with that label is masked in replies, with its validator.  A pattern
whose look-behind could read past the filter's context window (unbounded, or longer
than it), or a ceiling below what a bounded pattern can hold, is a ConfigError of the
core policy, reported at start-up with the route's path (``response.redact[i]``,
``response.max_held_chars``); a bounded look-behind is accepted and filtered
identically under every chunking.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping, Sequence
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from detectors.library import BUILTIN_ENTITIES
from detectors.regex import create
from pipelines.egress import EgressFilter
from pipelines.errors import ConfigError
from pipelines.spans import Detector, DetectorContext
from pipelines.vault import Vault
from proxy.config import Config, parse_config
from proxy.policies import RoutePolicy, build_policy

# The filter's context window (EgressPolicy's default ``context_chars``).
WINDOW = 128


def make_config(redact: Sequence[str], pipeline: Sequence[str] = ("regex",)) -> Config:
    """A one-route config whose response redacts ``redact``."""
    return parse_config(
        {
            "upstreams": {"up": {"base_url": "http://127.0.0.1:9"}},
            "detectors": {"regex": {"type": "regex"}, "other": {"type": "regex"}},
            "routes": [{"name": "r", "path": "/v1/chat/completions", "api": "openai_chat",
                        "upstream": "up", "pipeline": list(pipeline),
                        "response": {"redact": list(redact)}}],
        },
        source="gateway.yaml", base_dir=Path.cwd(), environ={},
    )


def policy_for(
    custom: Sequence[Mapping[str, object]],
    redact: Sequence[str],
    pipeline: Sequence[str] = ("regex",),
) -> RoutePolicy:
    """Compile the route's policy with a ``regex`` detector holding ``custom`` patterns."""
    config = make_config(redact, pipeline)
    detectors: dict[str, Detector] = {
        "regex": create({"entities": ["EMAIL"], "custom": list(custom)},
                        DetectorContext(name="regex")),
        "other": create({"entities": [], "custom": [{"label": "ELSEWHERE", "pattern": "X"}]},
                        DetectorContext(name="other")),
    }
    return build_policy(config, config.routes[0], detectors)


def run(policy: RoutePolicy, pieces: Sequence[str]) -> str:
    """Everything one reply channel emits for ``pieces`` fed in order."""
    channel = EgressFilter(policy.policy.for_request({}, {}))
    return "".join(channel.feed(piece) for piece in pieces) + channel.close()


TICKET = {"label": "TICKET", "pattern": r"TCK-[0-9]{6}"}


def test_custom_label_is_masked_in_the_reply() -> None:
    """A custom label named in response.redact masks its pattern in the reply."""
    policy = policy_for([TICKET], ["TICKET"])
    text = "See TCK-123456 and TCK-12345 (too short)."
    assert run(policy, [text]) == "See [REDACTED:TICKET] and TCK-12345 (too short)."
    assert run(policy, list(text)) == run(policy, [text])


def test_every_custom_pattern_with_the_label_is_masked() -> None:
    """Two custom rules sharing a label are both masked; other labels are left alone."""
    policy = policy_for(
        [TICKET, {"label": "TICKET", "pattern": r"INC[0-9]{7}"},
         {"label": "HOST", "pattern": r"srv-[a-z]+"}],
        ["TICKET"],
    )
    assert run(policy, ["TCK-000001, INC0000042 on srv-alpha"]) == (
        "[REDACTED:TICKET], [REDACTED:TICKET] on srv-alpha"
    )


def test_custom_validator_applies_in_the_reply() -> None:
    """A match its validator rejects is not masked."""
    policy = policy_for(
        [{"label": "CARD_REF", "pattern": r"[0-9]{16}", "validator": "luhn"}], ["CARD_REF"]
    )
    assert run(policy, ["a 4111111111111111 b 4111111111111112"]) == (
        "a [REDACTED:CARD_REF] b 4111111111111112"
    )


def test_custom_and_builtin_names_mix() -> None:
    """Built-in entity names and custom labels are accepted side by side."""
    policy = policy_for([TICKET], ["API_KEY", "TICKET"])
    assert run(policy, ["AKIAIOSFODNN7EXAMPLE TCK-999999"]) == (
        "[REDACTED:API_KEY] [REDACTED:TICKET]"
    )


@pytest.mark.parametrize(
    ("redact", "pipeline"),
    [(["NOT_A_LABEL"], ("regex",)), (["ELSEWHERE"], ("regex",)), (["TICKET"], ("other",))],
    ids=["unknown", "detector-not-in-route", "label-of-another-detector"],
)
def test_label_outside_the_route_pipeline_is_a_config_error(
    redact: list[str], pipeline: tuple[str, ...]
) -> None:
    """Only custom labels of the route's own pipeline detectors can be named."""
    with pytest.raises(ConfigError) as info:
        policy_for([TICKET], redact, pipeline)
    assert info.value.path == "routes[r].response.redact[0]"
    assert "unknown entity or custom label" in info.value.message


@pytest.mark.parametrize(
    "pattern",
    [
        r"(?<=ticket:\s*)T-[0-9]+",  # unbounded repeat
        r"(?<=ref\w+)T-[0-9]+",
        r"(?<!\X)T-[0-9]+",  # a grapheme cluster has no bound
        r"(?<=(ab)\1)T-[0-9]+",  # a backreference
        r"(?<=a{129})T-[0-9]+",  # one past the window
        r"(?<=x(?<=a{128}))T",  # nested: the reaches add up
        r"(?:(?<=ab{e<=1}))T",  # fuzzy matching inserts characters
        r"(?i)(?<=ß{65})T",  # full case folding: two characters each
    ],
)
def test_lookbehind_past_the_window_is_rejected(pattern: str) -> None:
    """Unbounded or over-long look-behinds are a ConfigError naming the redact entry."""
    with pytest.raises(ConfigError) as info:
        policy_for([TICKET, {"label": "REF", "pattern": pattern}], ["TICKET", "REF"])
    error = info.value
    assert error.path == "routes[r].response.redact[1]"
    assert error.expected == f"look-behind of at most {WINDOW} characters"
    assert "regex.custom[1]" in error.message and error.source == "gateway.yaml"


@pytest.mark.parametrize(
    "pattern",
    [r"(?<=a{128})T", r"(?<=ref[ :#]{1,3})T-[0-9]{4}", r"\bT-[0-9]{4}\b", r"(?<!\d)T(?=\d)",
     r"^T-[0-9]{4}"],
)
def test_bounded_lookbehind_is_accepted(pattern: str) -> None:
    """A look-behind of at most the window, and the one-character \\b/^ rewrites, compile."""
    policy_for([{"label": "REF", "pattern": pattern}], ["REF"])


def test_every_builtin_output_pattern_is_accepted() -> None:
    """Every built-in entity name and label still compiles as an output pattern."""
    names = sorted({*BUILTIN_ENTITIES, *(e.label for e in BUILTIN_ENTITIES.values())})
    policy = policy_for([], names)
    assert policy.policy.context_chars == WINDOW


# A custom pattern whose bounded look-behind reads far back (up to 110 characters), so
# that in long replies it depends on text the filter has already emitted.
BOUNDED = {"label": "REF", "pattern": r"(?<=ref[:#](?:[a-z ]{0,100}))R[0-9]{3,6}\b"}
REPLY = (
    "Filed under ref: see the attached note for R1234 and the older R55 entries; "
    "ref#R987654 closes it. Not a ref-R12345, but ref:" + "x" * 120 + " R4444 is too far, "
    # 87 characters between "ref:" and R777: the look-behind reads 91 back.
    "while ref: quite a long way along the line of prose here and then some more words "
    "to go very far R777 still counts."
)


def expected_whole(policy: RoutePolicy) -> str:
    """The reply filtered in one feed."""
    return run(policy, [REPLY])


def test_bounded_lookbehind_every_split() -> None:
    """Every two-piece split and one-character chunks equal the whole-string result."""
    policy = policy_for([BOUNDED], ["REF"])
    whole = expected_whole(policy)
    assert whole.count("[REDACTED:REF]") == 3
    assert "R55 " in whole and "R4444" in whole and "R12345" in whole
    assert run(policy, list(REPLY)) == whole
    for cut in range(1, len(REPLY)):
        assert run(policy, [REPLY[:cut], REPLY[cut:]]) == whole, cut


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.integers(min_value=1, max_value=len(REPLY) - 1), max_size=12))
def test_bounded_lookbehind_any_chunking(cuts: list[int]) -> None:
    """Any chunking of the reply equals the whole-string result."""
    policy = bounded_policy()
    points = [0, *sorted(set(cuts)), len(REPLY)]
    pieces = [REPLY[a:b] for a, b in itertools.pairwise(points)]
    assert run(policy, pieces) == expected_whole(policy)


@functools.cache
def bounded_policy() -> RoutePolicy:
    """The policy with the BOUNDED pattern, compiled once for the property test."""
    return policy_for([BOUNDED], ["REF"])


def test_vault_does_not_change_custom_masking() -> None:
    """Per-request rules keep the custom patterns (a fresh vault, relink on)."""
    policy = policy_for([TICKET], ["TICKET"])
    channel = policy.factory_for(Vault())(False)
    assert channel.feed("TCK-123456 ") + channel.close() == "[REDACTED:TICKET] "


def test_a_ceiling_below_a_redacted_pattern_is_reported_with_the_route_path() -> None:
    """API_KEY includes bearer tokens (up to 4096 characters): a 4000 ceiling would make
    refusals depend on the chunking, and the core's ConfigError names the route key."""
    config = parse_config(
        {
            "upstreams": {"up": {"base_url": "http://127.0.0.1:9"}},
            "detectors": {"regex": {"type": "regex"}},
            "routes": [{"name": "r", "path": "/v1/chat/completions", "api": "openai_chat",
                        "upstream": "up", "pipeline": ["regex"],
                        "response": {"redact": ["EMAIL", "API_KEY"], "max_held_chars": 4000}}],
        },
        source="gateway.yaml", base_dir=Path.cwd(), environ={},
    )
    detectors: dict[str, Detector] = {
        "regex": create({"entities": ["EMAIL"]}, DetectorContext(name="regex"))
    }
    with pytest.raises(ConfigError) as info:
        build_policy(config, config.routes[0], detectors)
    assert info.value.path == "routes[r].response.max_held_chars"
    assert "'BEARER_TOKEN'" in info.value.message and info.value.source == "gateway.yaml"


AZURE_AD = "abc8Q~" + "Xy7_zW2.qR9-kL4~mN6pT1vB3cD5fG8h"


@pytest.mark.parametrize("redact", [["API_KEY"], ["AZURE_AD_SECRET"]])
def test_a_label_leaves_out_an_entry_that_would_hold_every_word(redact: list[str]) -> None:
    """``API_KEY`` masks the other secrets but not an Azure AD secret (its first four
    characters may be any word, so a stream's last word stays unheld); naming the entry
    masks it, and then a chunk's trailing word is held until the next chunk."""
    policy = policy_for([], redact)
    named = redact == ["AZURE_AD_SECRET"]
    reply = f"key {AZURE_AD} and AKIAIOSFODNN7EXAMPLE."
    masked = run(policy, [reply])
    assert (AZURE_AD in masked) is not named
    assert ("AKIAIOSFODNN7EXAMPLE" in masked) is named
    channel = EgressFilter(policy.policy.for_request({}, {}))
    assert channel.feed("words end") == ("words " if named else "words end")


# -- the injected provider key; signed channels ------------------------------------------

KEY = "sk-live-7Hq2Zr9Xw"


def _inject_config(relink: bool, auth: str = "inject") -> Config:
    upstream: dict[str, object] = {"base_url": "http://127.0.0.1:9", "auth": auth}
    if auth == "inject":
        upstream["api_key"] = KEY
    return parse_config(
        {"upstreams": {"up": upstream}, "detectors": {"regex": {"type": "regex"}},
         "routes": [{"name": "r", "path": "/v1/chat/completions", "api": "openai_chat",
                     "upstream": "up", "pipeline": ["regex"],
                     "response": {"relink": relink}}]},
        source="gateway.yaml", base_dir=Path.cwd(), environ={},
    )


def _whole(channel: object, text: str) -> str:
    assert isinstance(channel, EgressFilter)
    return channel.feed(text) + channel.close()


@pytest.mark.parametrize("relink", [True, False])
def test_the_injected_key_is_masked_anywhere_without_any_redact(relink: bool) -> None:
    """The key the route injects is masked in every channel kind, inside a word too,
    though ``response.redact`` is empty; a pass-through route has no such key."""
    config = _inject_config(relink)
    factory = build_policy(config, config.routes[0], {}).factory_for(Vault())
    for channel in (factory(False), factory(True), factory.signed()):
        assert KEY not in _whole(channel, f'{{"k": "x{KEY}y"}}')
    assert _whole(factory(False), f"key {KEY}.") == "key [REDACTED:API_KEY]."
    passthrough = _inject_config(relink, auth="passthrough")
    plain = build_policy(passthrough, passthrough.routes[0], {}).factory_for(Vault())
    assert _whole(plain(False), f"key {KEY}.") == f"key {KEY}."


def test_signed_channels_redact_but_never_relink() -> None:
    """Relinking route: the signed channel keeps placeholders and still masks the key;
    masking route: it masks the request's raw values like the text channels."""
    vault = Vault()
    placeholder = vault.issue("EMAIL", "jane@corp.example")
    text = f"{placeholder} jane@corp.example {KEY}"
    config = _inject_config(relink=True)
    factory = build_policy(config, config.routes[0], {}).factory_for(vault)
    assert _whole(factory(False), text).startswith("jane@corp.example")
    assert _whole(factory.signed(), text) == (
        f"{placeholder} jane@corp.example [REDACTED:API_KEY]")
    config = _inject_config(relink=False)
    factory = build_policy(config, config.routes[0], {}).factory_for(vault)
    assert _whole(factory.signed(), text) == (
        f"{placeholder} [REDACTED:EMAIL] [REDACTED:API_KEY]")

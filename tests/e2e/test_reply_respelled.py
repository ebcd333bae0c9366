"""End to end, both official SDKs: a reply that respells a value is masked all the same.

The egress filter matches on the canonical fold (docs/design.md C5, C9; #9 I3).  A
model that writes a redacted pattern (an AWS key) or the request's own e-mail (a raw
vault value on a route that does not relink) with zero-width characters, soft hyphens,
full-width or look-alike letters inside streams it through the real gateway in small
deltas; an independent normaliser written for this test (Unicode format characters
dropped, NFKC, the look-alikes used here mapped back, case folded) finds no form of
either value in the text the SDK gives the client.  Control: prose spelled with the
same characters but holding no value reaches the client byte for byte.
"""

from __future__ import annotations

import copy
import unicodedata
from collections.abc import Awaitable, Callable
from typing import Any

import pytest

from tests.e2e.conftest import SEEDS, Gateway
from tests.e2e.fake_upstream import FakeUpstream, Reply
from tests.e2e.test_reply_default_deny import Payloads, recorded, sse
from tests.e2e.wire import Outcome, Tee, call

StartGateway = Callable[..., Awaitable[Gateway]]
AWS = SEEDS["API_KEY"]
EMAIL = SEEDS["EMAIL"]
PROMPT = f"please write to {EMAIL} today"
# Look-alike letters the respellings use, and the ASCII letter each stands for.
LOOKALIKE = {"А": "A", "Е": "E", "О": "O", "а": "a", "е": "e", "о": "o", "ј": "j"}


def _zero_width(value: str) -> str:
    return "\u200b".join(value)


def _soft_hyphens(value: str) -> str:
    return "\u00ad".join(value[i : i + 3] for i in range(0, len(value), 3))


def _full_width(value: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in value)


def _lookalike(value: str) -> str:
    back = {ascii_char: other for other, ascii_char in LOOKALIKE.items()}
    return "".join(back.get(c, c) for c in value)


def _mixed(value: str) -> str:
    return _lookalike(value[: len(value) // 2]) + "\u2060" + _full_width(value[len(value) // 2 :])


RESPELL = {
    "zero-width": _zero_width,
    "soft-hyphens": _soft_hyphens,
    "full-width": _full_width,
    "look-alike": _lookalike,
    "mixed": _mixed,
}


def plain(text: str) -> str:
    """The test's own normaliser: what a reader sees, case folded."""
    kept = "".join(c for c in text if unicodedata.category(c) != "Cf")
    return "".join(LOOKALIKE.get(c, c) for c in unicodedata.normalize("NFKC", kept)).casefold()


def _pieces(text: str, size: int = 3) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)]


def _openai_reply(text: str) -> Reply:
    events = recorded("openai_chat_stream_text.sse")
    at = next(i for i, (_, p) in enumerate(events) if p and p["choices"]
              and p["choices"][0]["delta"].get("content"))
    template = events[at][1]
    rest = [e for e in events[at:] if not (e[1] and e[1]["choices"]
                                           and e[1]["choices"][0]["delta"].get("content"))]
    deltas: Payloads = []
    for piece in _pieces(text):
        chunk = copy.deepcopy(template)
        chunk["choices"][0]["delta"]["content"] = piece
        deltas.append((None, chunk))
    return Reply.sse(sse([*events[:at], *deltas, *rest]), chunk=29)


def _anthropic_reply(text: str) -> Reply:
    events = recorded("anthropic_messages_stream_text.sse")

    def is_text(payload: Any) -> bool:
        return bool(payload) and payload.get("type") == "content_block_delta"

    at = next(i for i, (_, p) in enumerate(events) if is_text(p))
    name, template = events[at]
    deltas: Payloads = []
    for piece in _pieces(text):
        event = copy.deepcopy(template)
        event["delta"]["text"] = piece
        deltas.append((name, event))
    rest = [e for e in events[at:] if not is_text(e[1])]
    return Reply.sse(sse([*events[:at], *deltas, *rest]), chunk=29)


def client_text(api: str, outcome: Outcome) -> str:
    """The reply text the SDK handed the client."""
    assert outcome.error is None, outcome.error
    parts: list[str] = []
    for item in outcome.result:
        data = item.to_dict(warnings=False)
        if api == "openai":
            for choice in data.get("choices") or []:
                parts.append(choice.get("delta", {}).get("content") or "")
        elif data.get("type") == "content_block_delta":
            parts.append(data["delta"].get("text") or "")
    return "".join(parts)


BUILD = {"openai": _openai_reply, "anthropic": _anthropic_reply}


@pytest.mark.parametrize("api", sorted(BUILD))
@pytest.mark.parametrize("how", sorted(RESPELL))
async def test_a_respelled_value_in_the_reply_is_masked(
    fake: FakeUpstream, gateway: StartGateway, api: str, how: str
) -> None:
    """No form of the AWS key or of the request's e-mail reaches the client; both masks
    are there, and the prose around them is the model's own bytes."""
    gw = await gateway()
    respell = RESPELL[how]
    reply = f"Key: {respell(AWS)}\u00a0— mail {respell(EMAIL)} now."
    fake.script.append(BUILD[api](reply))
    outcome = await call(api, gw.url + "/guarded", Tee(), stream=True, prompt=PROMPT)
    assert EMAIL not in fake.received[-1].body.decode()
    text = client_text(api, outcome)
    assert plain(AWS) not in plain(text) and plain(EMAIL) not in plain(text)
    assert text.startswith("Key: [REDACTED:API_KEY]\u00a0— mail [REDACTED:")
    assert text.endswith("] now.")


@pytest.mark.parametrize("api", sorted(BUILD))
async def test_control_prose_with_the_same_characters_is_unchanged(
    fake: FakeUpstream, gateway: StartGateway, api: str
) -> None:
    """Invisible characters, full-width and look-alike letters in text holding no value
    reach the client exactly as the model wrote them."""
    gw = await gateway()
    words = ["AKIA", "jane", "doe", "example", "com."]
    reply = "".join(f(word) + " " for f, word in zip(RESPELL.values(), words, strict=True))
    reply += "ﬁne\u00a0\u00a0café — 東京\u3000都"
    fake.script.append(BUILD[api](reply))
    outcome = await call(api, gw.url + "/guarded", Tee(), stream=True, prompt="hello")
    assert client_text(api, outcome) == reply

"""One text through the real chain with the built-in ``regex`` detector, for tests.

The property tests of the library (digit groups, Faker values, identifiers, addresses)
check what a prompt forwards; they share this one path: the canonical view, the
detector with every built-in, span resolution and placeholders, a fresh vault.
"""

from __future__ import annotations

import asyncio

from detectors.regex import create as create_regex
from pipelines.chain import Chain
from pipelines.spans import DetectorContext
from pipelines.vault import Vault

__all__ = ["sanitize"]


def sanitize(text: str) -> str:
    """What the gateway would forward for ``text`` with the built-in regex detector."""

    async def run() -> str:
        detector = create_regex({}, DetectorContext(name="regex"))
        await detector.start()
        try:
            result = await Chain([detector]).sanitize([text], Vault())
        finally:
            await detector.aclose()
        return result.texts[0]

    return asyncio.run(run())

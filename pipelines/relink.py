"""Whole-text relinking: one text through the egress filter in one feed.

There is one relinker, the egress stream filter (:mod:`pipelines.egress`); this is its
one-shot use for a whole text, with a policy that only relinks (no output patterns).
It puts back the value of every placeholder the vault issued, including the echoed
forms the filter recognises (``[person_1]``, ``\\[PERSON\\_1\\]``), and leaves
everything else verbatim: reserved literals, placeholders never issued, malformed
near-placeholders.  ``json_string`` treats ``text`` as JSON text whose string literals
are relinked and re-escaped (tool-call arguments).
"""

from __future__ import annotations

import functools

from pipelines.egress import EgressFilter, EgressPolicy
from pipelines.vault import Vault

__all__ = ["relink"]


@functools.lru_cache(maxsize=8)
def _policy(max_index: int) -> EgressPolicy:
    return EgressPolicy(patterns=(), relink=True, max_index=max_index)


def relink(text: str, vault: Vault, *, json_string: bool = False) -> str:
    """Replace each placeholder issued by ``vault`` in ``text`` with its value."""
    rules = _policy(vault.max_index).for_request(vault.relink_map, vault.surface_forms)
    channel = EgressFilter(rules, json_string=json_string)
    return channel.feed(text) + channel.close()

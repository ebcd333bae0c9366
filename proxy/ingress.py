"""Sanitising one request: slots rewritten, structure and signed content checked (C10).

:func:`sanitize_request` is the whole ingress rule for a parsed body:

1. the body has been walked against its API's spec (:func:`proxy.walk.walk`): every
   string the upstream will see is a text slot or a check, and a value that breaks
   its field's grammar has already refused the request;
2. the text slots are sanitised in one chain call, in canonical order;
3. the checks — everything forwarded unchanged: structural values (ids, names,
   models, enum-like and numeric fields, member names), relayed header and query
   values, and signed content (thinking, encrypted reasoning) — run through the
   route's *check* detectors (``routes[].check_detectors``, default the whole
   pipeline) and this request's vault: a detector span that is not a placeholder
   literal, or a value the vault knows (found in any text of the request), refuses
   the request naming the field, since what is forwarded unchanged cannot be
   rewritten;
4. only then are the sanitised texts written back into the body.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, NoReturn, final

from pipelines.chain import Chain, Finding
from pipelines.errors import RequestError
from pipelines.vault import Vault
from proxy.slots import read_contexts, read_slots, write_slots
from proxy.walk import Check, Walk

__all__ = ["Sanitised", "readings", "relayed_checks", "sanitize_request"]

# Relayed headers that are not the client's to check: the credential the route
# forwards (passthrough) or injects, and the body's type, which the gateway sets.
_UNCHECKED_HEADERS: Final = frozenset({"authorization", "x-api-key", "content-type"})


@final
@dataclass(frozen=True, slots=True)
class Sanitised:
    """What sanitising did (no values): slot count, findings, counts per label."""

    texts: int
    findings: tuple[Finding, ...]
    counts: dict[str, int]


def _unique(checks: Iterable[Check]) -> list[Check]:
    seen: set[str] = set()
    out: list[Check] = []
    for check in checks:
        if check.text not in seen:
            seen.add(check.text)
            out.append(check)
    return out


def relayed_checks(
    headers: Mapping[str, str], query: Iterable[tuple[str, str]]
) -> list[Check]:
    """Checks for the headers and query values relayed upstream.

    A header's name is checked as well as its value (an allow-list may admit a family
    such as ``x-stainless-*``, whose names the client chooses), and before it: a
    refusal names a header only once its name has passed, and never names a value.
    """
    checks: list[Check] = []
    for name, value in headers.items():
        lowered = name.lower()
        if lowered not in _UNCHECKED_HEADERS:
            checks.append(Check(name, "the name of a relayed header"))  # as relayed
            checks.append(Check(value, f"the {lowered} header"))
    checks += [Check(value, f"the {name} query parameter") for name, value in query]
    return checks


async def sanitize_request(
    found: Walk,
    vault: Vault,
    *,
    chain: Chain,
    check_chain: Chain,
    extra: Sequence[Check] = (),
) -> Sanitised:
    """Sanitise the body ``found`` walked, in place (see the module docstring).

    The caller walks first (:func:`proxy.walk.walk`), so a grammar refusal comes before
    anything else is opened; ``extra`` are more checks (relayed headers).
    """
    slots = found.slots
    result = await chain.sanitize(read_slots(slots), vault, contexts=read_contexts(slots))
    await _check_unchanged(check_chain, _unique([*found.checks, *extra]), vault)
    write_slots(slots, result.texts)
    return Sanitised(len(slots), result.findings, dict(result.counts))


def readings(text: str) -> list[str]:
    """The ways a value forwarded unchanged may be read: as it is, and as the words it
    is spelled with when it is an identifier or a regular expression.

    A tool or function name writes its words with ``_`` (``Jane_Doe``,
    ``4111_1111_1111_1111``), a JSON Schema ``pattern`` escapes punctuation
    (``Jane\\ Doe``, ``536\\-22\\-1234``): a model reads the value through either, so
    the detectors read it that way too.  Only readings that differ are added.
    """
    found = [text]
    for reading in (text.replace("_", " "), _REGEX_ESCAPE.sub(r"\1", text)):
        if reading not in found:
            found.append(reading)
    return found


# A backslash before a character that is not a letter or digit: the character itself
# (``\d``, ``\w`` and other classes are left alone).
_REGEX_ESCAPE: Final = re.compile(r"\\([^0-9A-Za-z])")


async def _check_unchanged(chain: Chain, checks: list[Check], vault: Vault) -> None:
    """Refuse the request if something forwarded unchanged holds a value.

    A detector span that is not a placeholder literal, or a known value of this
    request's vault, refuses the request (:meth:`Chain.holds_value`); placeholders
    alone (what the provider wrote into signed thinking) pass.  Each value is read in
    each of its :func:`readings`.  All checks go in one call; only a request about to
    be refused looks for the field to name.
    """
    texts = [reading for check in checks for reading in readings(check.text)]
    if not texts or not await chain.holds_value(texts, vault):
        return
    for check in checks:
        if await chain.holds_value(readings(check.text), vault):
            _refuse(check)
    _refuse(Check("", "a value forwarded unchanged"))


def _refuse(check: Check) -> NoReturn:
    if check.signed:
        raise RequestError(
            400,
            "signed_content_sensitive",
            f"request refused: the signed content at {check.field} contains sensitive "
            "data and cannot be rewritten",
        )
    raise RequestError(
        400,
        "sensitive_structure",
        f"request refused: {check.field} holds a sensitive value and is structure the "
        "gateway forwards unchanged",
    )

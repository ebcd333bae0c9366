"""How far an output pattern reads, back and forward: the guards on the filter's windows.

Two bounds make the stream contract (docs/design.md C5) hold for every pattern a policy accepts,
and :class:`~pipelines.egress.policy.EgressPolicy` refuses a pattern that breaks either
with a :class:`~pipelines.errors.ConfigError` (every user of the filter gets the check,
not only the proxy):

* **Back** (:func:`lookbehind_reach`).  The filter keeps ``context_chars`` of settled
  input in front of the pending text so that look-behinds (and the ``\\b``/``^``
  rewrites of :mod:`pipelines.egress.source`) see what was already emitted.  A
  look-behind that reads further back than that window would see a cut instead of the
  text, so its result could depend on how the reply was chunked.
* **Forward** (:func:`match_reach`).  A bounded pattern is open at a position only while
  fewer characters than it can read follow it, so it never holds more than that.  A
  ceiling (``max_held_chars``) below it would refuse a reply in small chunks that one
  feed lets through (an open prefix that never completes): the refusal would depend on
  the chunking.  Unbounded patterns (a PEM block) are what the ceiling is for.  The
  reach counts characters of the folded view the patterns read; the ceiling counts raw
  ones, so invisible characters padding an open value can still make a stream refuse
  (failing closed, as padding past any bound must).

Both are computed on the ``regex`` module's own parse of the pattern (its
``max_width`` of each node), so every construct of its dialect counts exactly as the
engine reads it: full case folding (``(?i)ß`` reads two characters), repeats,
alternations, nested look-arounds (their widths add up), and the constructs with no
bound (``+``, ``*``, ``\\X``, backreferences, recursion, fuzzy matching).  The parser is
internal to ``regex``; if a future release changes it, the reach is unknown and
reported as unbounded, so the guards fail closed (and the unit tests, which pin the
reach of the built-in patterns, fail loudly).
"""

from __future__ import annotations

import importlib
from typing import Any, Final

from pipelines.egress.source import FLAGS, settleable_source

__all__ = ["lookbehind_reach", "match_reach"]

# Nodes are visited iteratively; a parse tree deeper than this is not plausible for a
# pattern an operator writes, and is reported as unknown rather than walked.
_MAX_NODES: Final = 100_000


def lookbehind_reach(source: str) -> int | None:
    """The most characters before a match position any look-behind of ``source`` reads.

    ``0`` when the pattern has no look-behind; ``None`` when a look-behind is unbounded
    or the reach cannot be determined.  ``source`` is the operator's pattern: the
    filter's rewrites of ``\\b``, ``\\B``, ``^`` and ``\\A`` (one character each) are
    included.  Raises ``regex.error`` if the pattern does not compile.
    """
    try:
        core: Any = importlib.import_module("regex._regex_core")
        tree = _parse(core, settleable_source(source))
        unlimited: int = core.UNLIMITED
        look_classes = (core.LookAround, core.LookAroundConditional)
        base_class = core.RegexBase
    except (ImportError, AttributeError, TypeError):
        return None
    reach = 0
    stack: list[tuple[Any, int]] = [(tree, 0)]
    seen = 0
    while stack:
        node, outer = stack.pop()
        seen += 1
        if seen > _MAX_NODES:
            return None
        if isinstance(node, look_classes) and node.behind:
            try:
                width = int(node.subpattern.max_width())
            except (AttributeError, TypeError):
                return None
            if width >= unlimited:
                return None
            # A look-behind nested in another is read from a position up to the outer
            # one's width further back, so the two reaches add up.
            outer += width
            reach = max(reach, outer)
        for child in _children(node, base_class):
            stack.append((child, outer))
    return reach


def match_reach(source: str) -> int | None:
    """The most characters from a match position any path of ``source`` reads forward.

    The longest match plus what look-aheads read past it (each look-ahead body's width,
    summed: an upper bound, exact for the usual one trailing look-ahead); ``None`` when
    the pattern is unbounded or the reach cannot be determined.  Like
    :func:`lookbehind_reach` it reads the filter's rewritten source, whose ``\\b`` and
    ``$`` look ahead.  Raises ``regex.error`` if the pattern does not compile.
    """
    try:
        core: Any = importlib.import_module("regex._regex_core")
        tree = _parse(core, settleable_source(source))
        unlimited: int = core.UNLIMITED
        look_classes = (core.LookAround, core.LookAroundConditional)
        base_class = core.RegexBase
        reach = int(tree.max_width())
    except (ImportError, AttributeError, TypeError):
        return None
    if reach >= unlimited:
        return None
    stack: list[Any] = [tree]
    seen = 0
    while stack:
        node = stack.pop()
        seen += 1
        if seen > _MAX_NODES:
            return None
        if isinstance(node, look_classes) and not node.behind:
            try:
                width = int(node.subpattern.max_width())
            except (AttributeError, TypeError):
                return None
            if width >= unlimited:
                return None
            reach += width
        stack.extend(_children(node, base_class))
    return reach


def _parse(core: Any, source: str) -> Any:
    """The ``regex`` module's parse tree of ``source`` under the egress flags."""
    flags = FLAGS
    # An unscoped inline flag in the middle of a pattern makes the parser start over
    # with the flag applied globally; ``regex.compile`` does the same.
    for _ in range(2):
        parser_source = core.Source(source)
        info = core.Info(flags, parser_source.char_type, {})
        info.guess_encoding = core.UNICODE
        parser_source.ignore_space = bool(info.flags & core.VERBOSE)
        try:
            tree = core._parse_pattern(parser_source, info)
        except core._UnscopedFlagSet:
            flags = info.global_flags
            continue
        if not parser_source.at_end():
            raise core.error("unbalanced parenthesis", source, parser_source.pos)
        return tree
    raise TypeError("the pattern's inline flags could not be settled")


def _children(node: Any, base_class: type) -> list[Any]:
    """The sub-nodes of one parse node: node attributes and lists of nodes."""
    found: list[Any] = []
    for value in getattr(node, "__dict__", {}).values():
        if isinstance(value, base_class):
            found.append(value)
        elif isinstance(value, list | tuple):
            found.extend(item for item in value if isinstance(item, base_class))
    return found

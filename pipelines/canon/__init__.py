"""One canonical view of every text (docs/design.md C9): decoded, folded, mapped back.

Detectors look at what a model would read, not at how it happens to be spelled.  This
package defines, once:

* the character fold (:mod:`pipelines.canon.fold`): whitespace runs, invisible
  characters, dashes, compatibility forms, decimal digits, confusable letters and
  diacritics folded away, letter case kept; :func:`fold_case` on top for comparisons
  that ignore case;
* the exact offset map back to the raw text (:mod:`pipelines.canon.offsets`): a view
  span maps to the smallest raw span holding everything it was made from;

The chain builds each text's view with these, gives it to every detector that does not
declare it must read raw text (``reads_raw``, :mod:`pipelines.spans`), and maps every
span back to raw offsets; repeat matching (:mod:`pipelines.surface`) and the egress
filter's output patterns use the same fold.
"""

from __future__ import annotations

from pipelines.canon.fold import FoldState, fold, fold_case, fold_char, fold_continue, fold_text
from pipelines.canon.offsets import IDENTITY, ComposedMap, OffsetMap, compose

__all__ = [
    "IDENTITY",
    "ComposedMap",
    "FoldState",
    "OffsetMap",
    "compose",
    "fold",
    "fold_case",
    "fold_char",
    "fold_continue",
    "fold_text",
]

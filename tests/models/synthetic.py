"""Synthetic English and German sentences with person, organisation, location and address.

Used to train the tiny test model (``build_gliner.py``) and to measure it (tests, bench).
Training and held-out data come from *different* templates, so the held-out score shows
whether the model learned span boundaries rather than memorising sentence frames.  A
third kind, "word salad", drops entities at random positions among common words; it is
what teaches a from-scratch model where spans begin and end.

Everything is deterministic for a given seed (Faker and ``random.Random`` are seeded).
Offsets are Python ``str`` indices, exactly like :class:`pipelines.spans.Span`.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from faker import Faker

__all__ = [
    "GLINER_LABELS",
    "HELDOUT_TEMPLATES",
    "TRAIN_TEMPLATES",
    "Example",
    "Scores",
    "generate",
    "heldout",
    "score",
    "to_gliner_record",
]

# GLiNER label prompt -> our span label (the fixed vocabulary).
GLINER_LABELS: dict[str, str] = {
    "person": "PERSON",
    "organization": "ORGANIZATION",
    "location": "LOCATION",
    "street address": "ADDRESS",
}

# gliner's default "whitespace" word splitter; spans must start and end on its tokens.
_WORD_RE = re.compile(r"\w+(?:[-_]\w+)*|\S")
_MAX_ENTITY_WORDS = 12  # gliner's default max_width: longer spans cannot be predicted
_SLOT_RE = re.compile(r"\{(PER|ORG|LOC|ADDR)\}")
_SLOT_LABEL = {"PER": "PERSON", "ORG": "ORGANIZATION", "LOC": "LOCATION", "ADDR": "ADDRESS"}


@dataclass(frozen=True, slots=True)
class Example:
    """One sentence and its gold spans ``(start, end, label)`` in our label vocabulary."""

    text: str
    spans: tuple[tuple[int, int, str], ...]
    lang: str


TRAIN_TEMPLATES: dict[str, tuple[str, ...]] = {
    "en": (
        "{PER} joined {ORG} last spring.",
        "Please send the contract to {PER} at {ADDR}.",
        "Our office in {LOC} is run by {PER}.",
        "{ORG} opened a new branch in {LOC}.",
        "I met {PER} and {PER} at the conference in {LOC}.",
        "The invoice from {ORG} was mailed to {ADDR}.",
        "{PER} moved from {LOC} to {LOC} in 2019.",
        "Can you ask {PER} whether {ORG} signed the agreement?",
        "Deliveries go to {ADDR}, not to the warehouse.",
        "According to {PER}, the audit at {ORG} went well.",
        "My neighbour {PER} lives at {ADDR}.",
        "The meeting with {ORG} is scheduled in {LOC}.",
        "{PER} wrote to {PER} about the delay.",
        "We shipped the parts from {LOC} to {ORG}.",
        "Hi {PER}, thanks for visiting {ORG} yesterday.",
        "Her new address is {ADDR}.",
        "{ORG} hired {PER} as chief engineer.",
        "He grew up in {LOC} and studied with {PER}.",
        "Patient {PER}, resident at {ADDR}, called twice.",
        "The team at {ORG} in {LOC} reviewed the report.",
    ),
    "de": (
        "{PER} arbeitet seit Mai bei {ORG}.",
        "Bitte schicken Sie die Unterlagen an {PER}, {ADDR}.",
        "Unser Büro in {LOC} leitet {PER}.",
        "{ORG} eröffnet eine Filiale in {LOC}.",
        "Ich habe {PER} und {PER} in {LOC} getroffen.",
        "Die Rechnung von {ORG} ging an {ADDR}.",
        "{PER} ist von {LOC} nach {LOC} gezogen.",
        "Hat {PER} den Vertrag mit {ORG} schon unterschrieben?",
        "Die Lieferung geht an {ADDR}.",
        "Laut {PER} verlief die Prüfung bei {ORG} gut.",
        "Mein Nachbar {PER} wohnt in der {ADDR}.",
        "Das Treffen mit {ORG} findet in {LOC} statt.",
        "{PER} hat {PER} wegen der Verspätung geschrieben.",
        "Wir liefern die Teile von {LOC} an {ORG}.",
        "Hallo {PER}, danke für den Besuch bei {ORG}.",
        "Ihre neue Anschrift lautet {ADDR}.",
        "{ORG} stellt {PER} als Projektleiterin ein.",
        "Er ist in {LOC} aufgewachsen und kennt {PER} aus dem Studium.",
        "Frau {PER} aus {LOC} hat zweimal angerufen.",
        "Das Team von {ORG} in {LOC} prüft den Bericht.",
    ),
}

# Never used for training: the held-out score measures generalisation to new frames.
HELDOUT_TEMPLATES: dict[str, tuple[str, ...]] = {
    "en": (
        "Yesterday {PER} called from {LOC} about the order.",
        "The parcel for {PER} should arrive at {ADDR} on Friday.",
        "{ORG} announced that {PER} will lead the project.",
        "Is {ORG} still located at {ADDR}?",
        "After the trip to {LOC}, {PER} resigned.",
        "Forward this to {PER} at {ORG}, please.",
        "Both {PER} and {PER} work for {ORG}.",
        "The lease for {ADDR} was signed by {PER}.",
        "Flights to {LOC} were cancelled, {PER} said.",
        "We are comparing offers from {ORG} and {ORG}.",
    ),
    "de": (
        "Gestern rief {PER} aus {LOC} wegen der Bestellung an.",
        "Das Paket für {PER} kommt am Freitag in der {ADDR} an.",
        "{ORG} gab bekannt, dass {PER} das Projekt leitet.",
        "Sitzt {ORG} noch in der {ADDR}?",
        "Nach der Reise nach {LOC} hat {PER} gekündigt.",
        "Leite das bitte an {PER} bei {ORG} weiter.",
        "Sowohl {PER} als auch {PER} arbeiten für {ORG}.",
        "Den Mietvertrag für die {ADDR} hat {PER} unterschrieben.",
        "Die Flüge nach {LOC} fielen aus, sagte {PER}.",
        "Wir vergleichen Angebote von {ORG} und {ORG}.",
    ),
}

def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


_SALAD_WORDS: dict[str, tuple[str, ...]] = {
    "en": _words(
        "the a of and to in for on with at by from about after before report invoice "
        "meeting project order team office call email note please thanks today tomorrow "
        "Monday Friday March budget review update new old big small green quickly also "
        "was is are will could should we they he she it our their this that contract "
        "delivery payment account ticket server release version Total Summary Note The "
        "Regards Best Dear Subject issue fixed pending open closed room floor city street "
        "company person name address manager customer client , . : ; - ( ) ! ?"
    ),
    "de": _words(
        "der die das und zu in für mit bei von über nach vor Bericht Rechnung Termin "
        "Projekt Bestellung Team Büro Anruf Nachricht bitte danke heute morgen Montag "
        "Freitag März Budget Prüfung neu alt groß klein schnell auch war ist sind wird "
        "könnte sollte wir sie er es unser ihr dieser jener Vertrag Lieferung Zahlung "
        "Konto Ticket Version Summe Hinweis Grüße Liebe Betreff offen erledigt Raum "
        "Stock Stadt Straße Firma Name Anschrift Kunde Kundin Leiter , . : ; - ( ) ! ?"
    ),
}


class _Entities:
    """Draws entity strings for one language from a seeded Faker."""

    def __init__(self, lang: str, seed: int) -> None:
        self._fake = Faker("en_US" if lang == "en" else "de_DE")
        self._fake.seed_instance(seed)
        self._rng = random.Random(seed)
        self._lang = lang

    def person(self) -> str:
        fake, rng = self._fake, self._rng
        roll = rng.random()
        if roll < 0.15:
            return str(fake.last_name())
        if roll < 0.25:
            return f"{fake.first_name()} {fake.first_name()} {fake.last_name()}"
        return f"{fake.first_name()} {fake.last_name()}"

    def organization(self) -> str:
        return str(self._fake.company())

    def location(self) -> str:
        fake, rng = self._fake, self._rng
        roll = rng.random()
        if roll < 0.6:
            return str(fake.city())
        if roll < 0.8:
            return str(fake.country())
        return str(fake.state())

    def address(self) -> str:
        fake, rng = self._fake, self._rng
        street = str(fake.street_address())
        if rng.random() < 0.5:
            return street
        if self._lang == "en":
            return f"{street}, {fake.city()}, {fake.state_abbr()} {fake.postcode()}"
        return f"{street}, {fake.postcode()} {fake.city()}"

    def draw(self, slot: str) -> str:
        make: dict[str, Callable[[], str]] = {
            "PER": self.person,
            "ORG": self.organization,
            "LOC": self.location,
            "ADDR": self.address,
        }
        for _ in range(20):
            value = make[slot]()
            if 0 < len(_WORD_RE.findall(value)) <= _MAX_ENTITY_WORDS:
                return value
        raise RuntimeError(f"could not draw a short enough {slot} value")


def _render(template: str, entities: _Entities, lang: str) -> Example:
    parts: list[str] = []
    spans: list[tuple[int, int, str]] = []
    length = 0
    cursor = 0
    for match in _SLOT_RE.finditer(template):
        literal = template[cursor : match.start()]
        parts.append(literal)
        length += len(literal)
        value = entities.draw(match.group(1))
        spans.append((length, length + len(value), _SLOT_LABEL[match.group(1)]))
        parts.append(value)
        length += len(value)
        cursor = match.end()
    parts.append(template[cursor:])
    return Example("".join(parts), tuple(spans), lang)


def _salad(entities: _Entities, rng: random.Random, lang: str) -> Example:
    words = _SALAD_WORDS[lang]
    pieces: list[str] = []
    for _ in range(rng.randint(6, 24)):
        # Never two slots in a row: adjacent entities have no boundary to learn from.
        if rng.random() < 0.18 and not (pieces and pieces[-1].startswith("{")):
            pieces.append("{" + rng.choice(("PER", "ORG", "LOC", "ADDR")) + "}")
        else:
            pieces.append(rng.choice(words))
    return _render(" ".join(pieces), entities, lang)


def generate(
    lang: str,
    count: int,
    *,
    seed: int,
    templates: Sequence[str] | None = None,
    salad_ratio: float = 0.0,
) -> list[Example]:
    """Return ``count`` examples in ``lang`` from ``templates`` (training ones by default).

    A ``salad_ratio`` share of them are word-salad sentences instead.
    """
    frames = tuple(templates) if templates is not None else TRAIN_TEMPLATES[lang]
    rng = random.Random(seed * 7919 + 1)
    entities = _Entities(lang, seed)
    out: list[Example] = []
    for _ in range(count):
        if rng.random() < salad_ratio:
            out.append(_salad(entities, rng, lang))
        else:
            out.append(_render(rng.choice(frames), entities, lang))
    return out


def heldout(lang: str, count: int, *, seed: int = 4242) -> list[Example]:
    """Held-out examples: templates and Faker draws never used in training."""
    return generate(lang, count, seed=seed, templates=HELDOUT_TEMPLATES[lang])


def to_gliner_record(example: Example) -> dict[str, object]:
    """gliner's training format: words plus ``[first_word, last_word, prompt]`` triples."""
    prompt_of = {label: prompt for prompt, label in GLINER_LABELS.items()}
    words: list[str] = []
    starts: dict[int, int] = {}
    ends: dict[int, int] = {}
    for index, match in enumerate(_WORD_RE.finditer(example.text)):
        words.append(match.group())
        starts[match.start()] = index
        ends[match.end()] = index
    ner = [[starts[s], ends[e], prompt_of[label]] for s, e, label in example.spans]
    return {"tokenized_text": words, "ner": ner}


@dataclass(frozen=True, slots=True)
class Scores:
    """Micro precision, recall and F1 over exact ``(start, end, label)`` matches."""

    precision: float
    recall: float
    f1: float
    gold: int
    predicted: int


def score(
    gold: Iterable[Iterable[tuple[int, int, str]]],
    predicted: Iterable[Iterable[tuple[int, int, str]]],
    labels: frozenset[str] | None = None,
) -> Scores:
    """Exact-match micro scores, optionally restricted to ``labels``."""
    true_pos = n_gold = n_pred = 0
    for gold_spans, pred_spans in zip(gold, predicted, strict=True):
        g = {s for s in gold_spans if labels is None or s[2] in labels}
        p = {s for s in pred_spans if labels is None or s[2] in labels}
        true_pos += len(g & p)
        n_gold += len(g)
        n_pred += len(p)
    precision = true_pos / n_pred if n_pred else 0.0
    recall = true_pos / n_gold if n_gold else 0.0
    f1 = 2 * precision * recall / (precision + recall) if precision + recall else 0.0
    return Scores(precision, recall, f1, n_gold, n_pred)

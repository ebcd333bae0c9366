"""The frame machinery: a per-payload context, inline span markers and the checks.

A frame is a function of a :class:`Ctx` that returns the payload's texts with every
sensitive value wrapped by :meth:`Ctx.E` (and every marked hard negative by
:meth:`Ctx.N`).  :func:`render` strips the markers into offsets; :func:`verify` rejects a
rendering in which a gold value also occurs unlabelled, spans overlap, or a negative
collides with gold, and the generator then retries the payload with the next seed.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import ipaddress
import itertools
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from bench.fresh4 import creds, ids, people, phones

OPEN, MID, CLOSE = "\ue000", "\ue001", "\ue002"

LABELS = frozenset(
    {
        "EMAIL",
        "PHONE",
        "CREDIT_CARD",
        "IBAN",
        "US_SSN",
        "DE_TAX_ID",
        "IP_ADDRESS",
        "PRIVATE_KEY",
        "JWT",
        "API_KEY",
        "US_ITIN",
        "PASSPORT",
        "NATIONAL_ID",
        "VAT_ID",
        "BIC",
        "DATE_OF_BIRTH",
        "ADDRESS",
        "PERSON",
        "ORGANIZATION",
    }
)

TODAY = dt.date(2025, 3, 3)


class Retry(Exception):
    """The rendering broke a labelling rule; build the payload again with a new seed."""


def seed_of(*parts: object) -> int:
    """A 64-bit seed from a sha256 of the parts (independent of PYTHONHASHSEED)."""
    digest = hashlib.sha256("|".join(map(str, parts)).encode()).digest()
    return int.from_bytes(digest[:8], "big")


@dataclass
class Ctx:
    """Everything one payload draws on: its generator, language, locale and keys."""

    seed: int
    lang: str
    locale: str
    mark: bool
    rng: random.Random = field(init=False)
    jwt_keys: list[dict[str, str]] = field(default_factory=list)
    _names: set[str] = field(default_factory=set)
    _last_iban: str = ""

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    # ---- markers -----------------------------------------------------------------------

    def E(self, label: str, value: str) -> str:
        """``value`` marked as gold ``label``."""
        if label not in LABELS:
            raise ValueError(label)
        if not value or value != value.strip() or any(m in value for m in (OPEN, MID, CLOSE)):
            raise ValueError(f"bad gold value for {label}")
        return f"{OPEN}E{label}{MID}{value}{CLOSE}"

    def N(self, kind: str, value: str) -> str:
        """``value`` marked as a hard negative of ``kind`` when this payload marks them."""
        if not self.mark:
            return value
        return f"{OPEN}N{kind}{MID}{value}{CLOSE}"

    # ---- small helpers -------------------------------------------------------------------

    @property
    def country(self) -> str:
        """The payload's home country."""
        return people.COUNTRY_OF[self.locale]

    @property
    def de(self) -> bool:
        """True for German payloads."""
        return self.lang == "de"

    def pick(self, seq: list[str] | tuple[str, ...]) -> str:
        """One element of ``seq``."""
        return self.rng.choice(seq)

    def chance(self, p: float) -> bool:
        """True with probability ``p``."""
        return self.rng.random() < p

    def indent(self) -> int | None:
        """A JSON indentation: compact or pretty."""
        return self.rng.choice([None, 2])

    def sub(self) -> int:
        """A fresh sub-seed."""
        return self.rng.getrandbits(48)

    def date(self, d: dt.date) -> str:
        """``d`` as the locale writes it."""
        return people.fmt_date(self.rng, d, self.locale)

    def day(self, back: int = 400, ahead: int = 120) -> dt.date:
        """A working date near the set's reference date."""
        return TODAY + dt.timedelta(days=self.rng.randint(-back, ahead))

    # ---- people and organisations ----------------------------------------------------

    def person(self, locale: str | None = None, **kw: Any) -> people.Person:
        """A person whose first and last names are new in this payload."""
        for _ in range(30):
            p = people.person(self.rng, locale or self.locale, self.sub(), **kw)
            if p.first not in self._names and p.last not in self._names and p.first != p.last:
                self._names.update((p.first, p.last))
                return p
        raise Retry("no fresh name")

    def org(self, locale: str | None = None) -> people.Org:
        """An organisation whose name shares no word with a person of this payload."""
        for _ in range(30):
            o = people.org(self.rng, locale or self.locale, self.sub())
            if not any(w.strip(",.&") in self._names for w in o.name.split()):
                return o
        raise Retry("no fresh org")

    def bank(self) -> people.Org:
        """A bank of the payload's locale."""
        for _ in range(30):
            o = people.bank(self.rng, self.locale, self.sub())
            if not any(w in self._names for w in o.name.split()):
                return o
        raise Retry("no fresh bank")

    def school(self, nursery: bool | None = None) -> people.Org:
        """A school or nursery of the payload's locale."""
        return people.school(self.rng, self.locale, self.sub(), nursery)

    def title(self, p: people.Person) -> str:
        """Mr/Ms or Herr/Frau."""
        if self.de:
            return "Frau" if p.female else "Herr"
        return self.pick(["Ms", "Mrs"] if p.female else ["Mr"]) + self.pick(["", "."])

    def fk_city(self) -> str:
        """A town of the payload's country."""
        if self.country == "AT":
            return self.pick([t for t, _ in people._AT_TOWNS])
        if self.country == "CH":
            return self.pick([t for t, _ in people._CH_TOWNS])
        if self.country == "DE":
            return people.faker("de_DE", self.sub()).city()
        return self.pick(people._EN_TOWNS[self.country])

    def relation(self, p: people.Person) -> str:
        """How a relative or contact ``p`` relates to a patient or pupil."""
        if self.de:
            return self.pick(
                ["Tochter", "Ehefrau", "Schwester", "Nichte", "Betreuerin"]
                if p.female
                else ["Sohn", "Ehemann", "Bruder", "Neffe", "Betreuer"]
            )
        return self.pick(
            ["daughter", "wife", "sister", "niece", "partner"]
            if p.female
            else ["son", "husband", "brother", "nephew", "partner"]
        )

    def addr(self, country: str | None = None) -> people.Address:
        """A postal address (home country by default)."""
        return people.address(self.rng, country or self.country, self.sub())

    def dob(self, p: people.Person) -> str:
        """The person's birth date as the locale writes it."""
        return self.date(p.dob)

    def mail(self, p: people.Person, domain: str | None = None) -> str:
        """An e-mail address of ``p`` (free-mail unless ``domain``)."""
        return people.email(self.rng, p, domain or people.freemail(self.rng, self.country))

    # ---- numbers ------------------------------------------------------------------------

    def phone(
        self,
        country: str | None = None,
        mobile: bool | None = None,
        service: bool = False,
        intl: float = 0.35,
        ext: float = 0.0,
    ) -> str:
        """A phone number written as someone at home writes it."""
        p = phones.phone(self.rng, country or self.country, mobile, service)
        text = phones.written(self.rng, p, self.country, intl)
        if self.chance(ext):
            text = phones.with_extension(self.rng, text, self.lang)
        return text

    def iban(self, country: str | None = None, compact: bool = False) -> str:
        """An IBAN, formatted as people write it unless ``compact``."""
        value = ids.iban(self.rng, country or self.country)
        self._last_iban = value
        return value if compact else ids.fmt_iban(self.rng, value)

    def bic(self, country: str | None = None) -> str:
        """A BIC of a bank in ``country`` (the bank of the last IBAN when its code is the
        BIC's bank code, as in GB, IE and NL)."""
        country = country or self.country
        bic = ids.bic(self.rng, country)
        last = self._last_iban
        if last[:2] == country and last[4:8].isalpha():
            bic = last[4:8] + bic[4:]
        return bic

    def card(self, scheme: str | None = None) -> str:
        """A formatted card number."""
        s, n = ids.card(self.rng, scheme)
        return ids.fmt_card(self.rng, n, s)

    def ssn(self) -> str:
        """A US SSN."""
        return ids.fmt_ssn(self.rng, ids.us_ssn(self.rng))

    def itin(self) -> str:
        """A US ITIN."""
        return ids.fmt_ssn(self.rng, ids.us_itin(self.rng))

    def idnr(self) -> str:
        """A Steuer-IdNr."""
        return ids.fmt_idnr(self.rng, ids.de_idnr(self.rng))

    def vat(self, country: str | None = None) -> str:
        """A VAT number."""
        return ids.vat_id(self.rng, country or self.country)

    def natid(self, p: people.Person, kind: str) -> str:
        """A national or social-insurance number of ``kind`` for ``p``."""
        r = self.rng
        table: dict[str, Callable[[], str]] = {
            "de_rvnr": lambda: ids.fmt_rvnr(r, ids.de_rvnr(r, p.dob, p.last, p.female)),
            "de_kvnr": lambda: ids.de_kvnr(r),
            "de_ausweis": lambda: ids.de_document_number(r, passport=False),
            "at_svnr": lambda: ids.at_svnr(r, p.dob),
            "ch_ahv": lambda: ids.ch_ahv(r),
            "gb_nino": lambda: ids.gb_nino(r),
            "gb_nhs": lambda: ids.gb_nhs(r),
            "ca_sin": lambda: ids.ca_sin(r),
            "ca_phn": lambda: ids.ca_bc_phn(r),
            "au_tfn": lambda: ids.au_tfn(r),
            "au_medicare": lambda: ids.au_medicare(r),
            "fr_nir": lambda: ids.fr_nir(r, p.dob, p.female),
            "it_cf": lambda: ids.it_codice_fiscale(p.dob, p.female, p.last, p.first, r),
            "es_dni": lambda: ids.es_dni(r),
            "es_nie": lambda: ids.es_nie(r),
            "nl_bsn": lambda: ids.nl_bsn(r),
            "se_pnr": lambda: ids.se_personnummer(r, p.dob),
            "no_fnr": lambda: ids.no_fodselsnummer(r, p.dob),
            "fi_hetu": lambda: ids.fi_hetu(r, p.dob),
            "pl_pesel": lambda: ids.pl_pesel(r, p.dob, p.female),
            "dk_cpr": lambda: ids.dk_cpr(r, p.dob),
            "ie_pps": lambda: ids.ie_pps(r),
            "in_aadhaar": lambda: ids.in_aadhaar(r),
            "br_cpf": lambda: ids.br_cpf(r),
            "tr_tckn": lambda: ids.tr_tckimlik(r),
            "za_id": lambda: ids.za_idnr(r, p.dob, p.female),
            "cn_ric": lambda: ids.cn_ric(r, p.dob),
            "be_nn": lambda: ids.be_nn(r, p.dob),
        }
        return table[kind]()

    def home_natid(self, p: people.Person) -> str:
        """The national / social-insurance number people of this locale quote most."""
        kinds = {
            "US": ["ca_sin"],
            "GB": ["gb_nino", "gb_nino", "gb_nhs"],
            "CA": ["ca_sin"],
            "AU": ["au_tfn", "au_medicare"],
            "DE": ["de_rvnr", "de_rvnr", "de_kvnr"],
            "AT": ["at_svnr"],
            "CH": ["ch_ahv"],
        }[self.country]
        return self.natid(p, self.pick(kinds))

    def foreign_natid(self, p: people.Person) -> str:
        """A national number from the country the person's name came from, or any."""
        by_origin = {
            "pl_PL": "pl_pesel",
            "it_IT": "it_cf",
            "es_ES": "es_nie",
            "tr_TR": "tr_tckn",
            "fr_FR": "fr_nir",
            "nl_NL": "nl_bsn",
            "en_IN": "in_aadhaar",
            "en_IE": "ie_pps",
            "es_MX": "br_cpf",
        }
        kind = by_origin.get(p.origin) or self.pick(
            [
                "se_pnr",
                "no_fnr",
                "fi_hetu",
                "dk_cpr",
                "za_id",
                "cn_ric",
                "be_nn",
                "es_dni",
                "nl_bsn",
                "fr_nir",
                "pl_pesel",
                "in_aadhaar",
                "br_cpf",
                "ie_pps",
            ]
        )
        return self.natid(p, kind)

    def passport(self, country: str | None = None) -> str:
        """A passport number of ``country``."""
        return ids.passport(self.rng, country or self.country)

    # ---- network and secrets -------------------------------------------------------------

    def ip4(self, private: bool | None = None) -> str:
        """An IPv4 address, private or public."""
        r = self.rng
        if private is None:
            private = r.random() < 0.5
        if private:
            k = r.randrange(3)
            if k == 0:
                return f"10.{r.randint(0, 255)}.{r.randint(0, 255)}.{r.randint(1, 254)}"
            if k == 1:
                return f"172.{r.randint(16, 31)}.{r.randint(0, 255)}.{r.randint(1, 254)}"
            return f"192.168.{r.randint(0, 255)}.{r.randint(1, 254)}"
        while True:
            a = ipaddress.IPv4Address(r.getrandbits(32))
            if a.is_global and not a.is_multicast and str(a).split(".")[-1] not in ("0", "255"):
                return str(a)

    def ip6(self) -> str:
        """An IPv6 address in one of the usual spellings."""
        r = self.rng
        k = r.randrange(6)
        if k == 0:
            a = ipaddress.IPv6Address((0xFE80 << 112) | r.getrandbits(64))
        elif k == 1:
            a = ipaddress.IPv6Address(
                (0xFD00 << 112)
                | (r.getrandbits(40) << 80)
                | r.getrandbits(16) << 64
                | r.getrandbits(64)
            )
        elif k == 2:
            a = ipaddress.IPv6Address(
                (0x20010DB8 << 96)
                | (r.getrandbits(16) << 80)
                | r.getrandbits(r.choice((8, 16, 64)))
            )
        else:
            top = r.choice([0x2A02, 0x2003, 0x2600, 0x2A01, 0x2001, 0x2804, 0x2406, 0x2A00])
            a = ipaddress.IPv6Address(
                (top << 112) | (r.getrandbits(48) << 64) | r.getrandbits(r.choice((16, 64, 64)))
            )
        s = a.compressed
        q = r.random()
        if q < 0.1:
            return a.exploded
        if q < 0.2:
            return s.upper()
        return s

    def token(self, kind: str | None = None) -> str:
        """A vendor API token."""
        return creds.token(self.rng, kind)[1]

    def password(self, url_safe: bool = False) -> str:
        """A hand-made password."""
        return creds.password(self.rng, self.lang, url_safe)

    def jwt(
        self, claims: dict[str, object], alg: str | None = None, key: bytes | None = None
    ) -> str:
        """A signed JWT; its verification key goes to the manifest."""
        alg = alg or self.rng.choice(["HS256", "HS256", "HS256", "HS384", "HS512", "EdDSA"])
        tok, used_alg, k = creds.jwt(self.rng, claims, alg, key)
        self.jwt_keys.append({"alg": used_alg, "key": k})
        return tok

    def pkey(self, kind: str | None = None, comment: str = "") -> tuple[str, str]:
        """(private key block, its public key)."""
        _, pem, pub = creds.private_key(self.rng, kind, comment)
        return pem, pub


# ---- rendering and checks ----------------------------------------------------------------


def render(raw: list[str]) -> tuple[list[str], list[dict[str, Any]], list[dict[str, Any]]]:
    """Strip the markers: (texts, entities, negatives) with code-point offsets."""
    texts: list[str] = []
    ents: list[dict[str, Any]] = []
    negs: list[dict[str, Any]] = []
    for ti, src in enumerate(raw):
        if "\\ue000" in src:
            raise ValueError("a marker was escaped (json.dumps without ensure_ascii=False?)")
        out: list[str] = []
        pos = k = 0
        while True:
            j = src.find(OPEN, k)
            if j < 0:
                out.append(src[k:])
                break
            out.append(src[k:j])
            pos += j - k
            m = src.index(MID, j)
            e = src.index(CLOSE, m)
            tag, value = src[j + 1 : m], src[m + 1 : e]
            if OPEN in value:
                raise ValueError("nested markers")
            span = {"text": ti, "start": pos, "end": pos + len(value)}
            if tag[0] == "E":
                ents.append({**span, "label": tag[1:], "value": value})
            else:
                negs.append({**span, "kind": tag[1:], "value": value})
            out.append(value)
            pos += len(value)
            k = e + 1
        text = "".join(out)
        if any(c in text for c in (OPEN, MID, CLOSE)):
            raise ValueError("stray marker")
        texts.append(text)
    return texts, ents, negs


def occurrences(value: str, text: str) -> list[int]:
    """Starts of ``value`` in ``text`` not glued to a letter or digit on either side."""
    found = []
    start = text.find(value)
    while start != -1:
        end = start + len(value)
        glued_left = value[0].isalnum() and start > 0 and text[start - 1].isalnum()
        glued_right = value[-1].isalnum() and end < len(text) and text[end].isalnum()
        if not (glued_left or glued_right):
            found.append(start)
        start = text.find(value, start + 1)
    return found


def verify(texts: list[str], ents: list[dict[str, Any]], negs: list[dict[str, Any]]) -> None:
    """Raise :class:`Retry` unless every labelling rule of the set holds."""
    by_text: dict[int, list[tuple[int, int]]] = {}
    for e in ents:
        by_text.setdefault(e["text"], []).append((e["start"], e["end"]))
    for spans in by_text.values():
        spans.sort()
        for (_, a_end), (b_start, _) in itertools.pairwise(spans):
            if b_start < a_end:
                raise Retry("overlapping gold spans")
    for n in negs:
        for g_start, g_end in by_text.get(n["text"], []):
            if n["start"] < g_end and g_start < n["end"]:
                raise Retry("negative overlaps gold")
    gold_values = {e["value"] for e in ents}
    for n in negs:
        if n["value"] in gold_values:
            raise Retry("negative equals a gold value")
    for value in gold_values:
        for ti, text in enumerate(texts):
            spans = by_text.get(ti, [])
            for start in occurrences(value, text):
                end = start + len(value)
                if not any(s <= start and end <= e for s, e in spans):
                    raise Retry("gold value occurs unlabelled")


@dataclass(frozen=True, slots=True)
class Frame:
    """One payload template: its name, language, half, kind, locales and builder."""

    name: str
    lang: str
    half: str
    kind: str
    locales: tuple[str, ...]
    build: Callable[[Ctx], list[str]]
    weight: float = 1.0


REGISTRY: list[Frame] = []


def frame(
    name: str, lang: str, half: str, kind: str, locales: tuple[str, ...], weight: float = 1.0
) -> Callable[[Callable[[Ctx], list[str]]], Callable[[Ctx], list[str]]]:
    """Register a frame builder."""

    def deco(fn: Callable[[Ctx], list[str]]) -> Callable[[Ctx], list[str]]:
        if half not in ("dev", "test") or lang not in ("en", "de"):
            raise ValueError(name)
        if any(f.name == name for f in REGISTRY):
            raise ValueError(f"duplicate frame {name}")
        REGISTRY.append(Frame(name, lang, half, kind, locales, fn, weight))
        return fn

    return deco

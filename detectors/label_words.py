"""The words that name what a value is: the lexicon of the label reader.

:mod:`detectors.labelled` types a value by the label a person wrote for it (``Passport:``,
``SSN on the application``, a table's ``Phone`` column, a ``rufbereitschaft:`` key).  This
module is its vocabulary, in English and German, in one place:

* :data:`KINDS` — words and phrases that name a kind of value, each mapped to the labels a
  value so named may carry (``ssn`` names a US_SSN, and in Austria the same word names
  the ten-digit SVNR, a NATIONAL_ID: the value's shape decides between them);
* :data:`OTHER` — words that name another kind of thing with a number of its own (an
  order, an invoice, a ticket, an EAN, a version, a count): a value they label is not
  personal data, whatever it looks like;
* :data:`NEUTRAL` — words that say "number" and nothing more (``no.``, ``Nummer``), which
  a label may hold without changing what it names.

Every entry is written as a reader writes it and folded here the way the canonical view
folds text (:func:`pipelines.canon.fold_text`, then lower case), so ``Rückruf`` is looked
up as ``ruckruf`` and ``Straße`` as ``strasse``.  :func:`classify` reads one word,
German compounds included: the head of a compound is its last part (``Firmenhandy`` is a
phone, ``Mobilfunkrechnung`` an invoice), and a compound of a kind and a word for
"number" is that kind (``Passnummern``, ``Ausweisnr``).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Final

from pipelines.canon import fold_text

__all__ = [
    "ABOUT_A_VALUE",
    "KINDS",
    "MAX_PHRASE",
    "NEUTRAL",
    "OTHER",
    "OTHER_KIND",
    "PARTY_KEYS",
    "SECRET_KINDS",
    "SIGNATURE_LETTERS",
    "classify",
    "phrase",
]

# What :func:`classify` returns for a word naming another kind of thing.
OTHER_KIND: Final = "OTHER"

_PHONE: Final = frozenset({"PHONE"})
_SSN: Final = frozenset({"US_SSN", "US_ITIN", "NATIONAL_ID"})
_ITIN: Final = frozenset({"US_ITIN"})
_PASSPORT: Final = frozenset({"PASSPORT"})
_NATIONAL: Final = frozenset({"NATIONAL_ID"})
_ID_DOCUMENT: Final = frozenset({"NATIONAL_ID", "PASSPORT"})
_ID_NUMBER: Final = frozenset({"US_SSN", "NATIONAL_ID"})
_CARD: Final = frozenset({"CREDIT_CARD"})
_BIC: Final = frozenset({"BIC"})
_VAT: Final = frozenset({"VAT_ID"})
# A tax id is whatever its country issues: a German Steuer-ID, a VAT id, an ITIN, a
# national tax number (an Australian TFN, a Canadian SIN).  An SSN in its 3-2-4 groups
# is one wherever it stands; a bare one under "Tax ID" reads as a national number.
_TAX: Final = frozenset({"DE_TAX_ID", "VAT_ID", "US_ITIN", "NATIONAL_ID"})
_IBAN: Final = frozenset({"IBAN"})
_SECRET: Final = frozenset({"API_KEY"})
_BIRTH: Final = frozenset({"DATE_OF_BIRTH"})

# The labels whose values the reader finds as generated tokens (no digits pattern).
SECRET_KINDS: Final = _SECRET

_KIND_WORDS: Final[tuple[tuple[frozenset[str], tuple[str, ...]], ...]] = (
    (
        _PHONE,
        (
            "phone", "phones", "telephone", "telephones", "tel", "tele", "telno", "mobile",
            "mobiles", "mob", "mobil", "cell", "cellphone", "cellular", "fax", "telefax",
            "call", "calls", "called", "calling", "callback", "call back", "caller id",
            "ring", "rang", "dial", "dialed", "dialled", "dialing", "dial in", "dial-in",
            "sms", "text me", "text us", "texted", "whatsapp", "signal", "voicemail",
            "voice mail", "hotline", "helpline", "landline", "switchboard", "pager",
            "msisdn", "contact", "contact number", "kontakt", "reach me", "reach us",
            "my registered", "registered number", "registered mobile",
            "reached", "on-call", "oncall", "pagerduty", "emergency contact", "direct line",
            "direct dial", "direct", "support line", "service line", "phone line", "ph",
            "phone no", "tel no", "next of kin", "nok",
            # German
            "telefon", "telefone", "telefonisch", "handy", "handys", "rufnummer",
            "rufnummern", "durchwahl", "anruf", "anrufen", "angerufen", "anzurufen", "rufen",
            "ruckruf", "ruckrufe", "ruckrufbitte", "zuruckrufen", "erreichbar", "erreichen",
            "festnetz", "mobilfunk", "mobiltelefon", "sprachbox", "rufbereitschaft",
            "erreicht", "zuruckgerufen",
            "bereitschaft", "notruf", "notfallnummer", "melden sie sich", "meldet euch",
            "fon", "funk",
        ),
    ),
    (_SSN, ("ssn", "ssns", "ss#", "s.s.n.", "social security", "social-security", "soc sec")),
    (
        _ITIN,
        ("itin", "i.t.i.n.", "taxpayer identification", "individual taxpayer", "taxpayer id"),
    ),
    # a US taxpayer identification number is an SSN, an ITIN or an EIN
    (_SSN | _TAX, ("tin",)),
    (
        _NATIONAL,
        (
            "national insurance", "nino", "ni number", "ni no", "nin", "insurance number",
            "svnr", "vsnr", "sv-nr", "sv nr", "sv-nummer", "sv nummer", "sv",
            "sozialversicherung", "sozialversicherungsnummer", "versicherungsnummer",
            "rentenversicherung", "rentenversicherungsnummer", "rvnr", "rv-nummer",
            "pensionsversicherung", "ahv", "ahv-nr", "avs", "e-card", "ecard",
            "national id", "national identity", "citizen id", "personal id",
            "nationale id", "nationale id-nummer", "nationale identifikationsnummer",
            # (a Nordic personal number, in English and German: "personnummer")
            "person no", "person nr", "person number", "person-nr",
            # a medical letter's patient identifier (a national health or insurance number)
            "patient identifier", "patient id",
            # the German identity card, colloquially ("Perso-Nr."): a card, no passport
            "perso", "perso-nr", "perso nr",
            # New Zealand's IRD number, India's PAN card
            "ird", "ird no", "pan card", "pan no", "pan number",
            "personenkennzahl", "bsn", "pesel", "nir", "dni", "codice fiscale",
            "personnummer", "social insurance", "versicherten-nr", "versichertennummer",
            "nhs", "nhs no", "nhs number", "chi number", "sin", "s.i.n.",
            "social insurance number",
            "medicare", "medicare number", "phn", "personal health number", "health card",
            "health number", "tfn", "t.f.n.", "tax file number", "kv-nr", "kv nr", "kvnr",
            "krankenversichertennummer", "krankenversichertennr", "krankenversicherungsnummer",
            "health insurance number", "insurance card", "versichertenkarte", "ird number",
            "pps number", "ppsn", "nie", "nif", "cpf", "curp",
            "securite sociale", "numero de securite sociale", "insee", "seguridad social",
            "burgerservicenummer", "sofinummer", "nat id", "natl id",
            "national identification", "national identification number",
            "personal identity number", "personal identification number", "personal code",
            "hetu", "henkilotunnus", "cpr", "cpr-nr", "cpr nr", "cpr number",
            "rijksregisternummer", "numero national", "fodselsnummer", "kimlik",
            "tc kimlik", "aadhaar", "cnp", "egn", "oib", "amka", "rodne cislo",
        ),
    ),
    # a generic identity number: the value's shape and checks decide which
    (
        _ID_NUMBER,
        (
            "id number", "id no", "id nr", "id #", "government id", "identification number",
            "government issued id", "identity number", "id nummer",
        ),
    ),
    (
        # a card's primary account number, or India's permanent account number: the
        # value's shape decides (a Luhn-valid card number, or five letters, four
        # digits and a letter)
        frozenset({"CREDIT_CARD", "NATIONAL_ID"}),
        ("pan",),
    ),
    (
        _ID_DOCUMENT,
        (
            "id card", "identity card", "identity document", "id document", "ausweis",
            "ausweise", "ausweisnummer", "personalausweis", "personalausweise",
            "personalausweisnummer", "id-karte", "identitatskarte", "identitatsnachweis",
            "pa-nr", "pa nr", "ausweisdokument", "travel document", "document", "dokument",
            "dokumentennummer", "document number", "document no",
        ),
    ),
    (
        _PASSPORT,
        (
            "passport", "passports", "reisepass", "reisepasse", "reisepasses", "pass-nr",
            "pass nr", "passnummer", "passnummern", "passnr", "passeport", "pasaporte",
            "passaporto",
            # the German noun after a determiner ("Mein Pass hat die Nummer …"); alone,
            # "pass" is an English verb
            "mein pass", "meinen pass", "meines passes", "ihr pass", "ihren pass",
            "sein pass", "seinen pass", "der pass", "den pass", "dem pass", "des passes",
            "deutscher pass", "deutschen pass",
        ),
    ),
    (
        _CARD,
        (
            "card", "cards", "credit card", "debit card", "cc", "ccn", "visa",
            "mastercard", "master card", "amex", "american express", "maestro", "discover",
            "jcb", "diners", "unionpay", "girocard", "kreditkarte", "kreditkarten",
            "karte", "karten", "kartennummer", "debitkarte", "ec-karte", "ec karte",
            "card on file",
            "bankkarte", "zahlungskarte", "girokarte", "card number", "card no",
        ),
    ),
    (_BIC, ("bic", "swift", "swift code", "swift-code", "bic/swift", "swift/bic", "bic code")),
    (
        _VAT,
        (
            "vat", "vat id", "vat no", "vat number", "vat reg", "vat registration", "ust",
            "ust-id", "ust id", "ust-idnr", "ustidnr", "ustid", "umsatzsteuer",
            "umsatzsteuer-id", "mwst", "mwst-nr", "uid", "uid-nr", "tva", "btw", "iva",
            "vat-id", "sales tax id",
        ),
    ),
    (
        _TAX,
        (
            "tax id", "tax-id", "taxid", "tax number", "steuer-id", "steuerid",
            "steuer-idnr", "steueridnr", "steuernummer", "steuer-nr", "identifikationsnummer",
            "steueridentifikationsnummer", "idnr", "id-nr", "steuerliche identifikationsnummer",
        ),
    ),
    (_IBAN, ("iban", "konto", "kontonummer", "bankverbindung", "account number")),
    (
        _SECRET,
        (
            "password", "passwords", "passwort", "passworter", "passwd", "pwd", "pw",
            "passphrase", "kennwort", "secret", "secrets", "geheim", "geheimnis", "token",
            "tokens", "api key", "apikey", "api-key", "key", "keys", "schlussel",
            "credential", "credentials", "zugangsdaten", "authorization",
            "bearer", "access key", "secret key", "private key", "signing key",
            "client secret", "app secret", "master key", "license key", "webhook secret",
            "dsn", "connection string", "creds",
        ),
    ),
    (
        _BIRTH,
        (
            "dob", "d.o.b", "born", "birth", "birthday", "bday", "date of birth",
            "birthdate",
            "birth date", "geboren", "geb", "geburtsdatum", "geburtstag", "geb.-datum",
            "geburt", "geburtsdat", "geb.-dat", "geb.dat", "geb. dat",
        ),
    ),
)  # fmt: skip

# Words that name another kind of thing with a number or code of its own.
_OTHER_WORDS: Final = (
    # records
    "order", "orders", "bestellung", "bestellnummer", "auftrag", "auftrags", "auftragsnummer",
    "invoice", "invoices", "rechnung", "rechnungen", "rechnungsnummer", "receipt", "quittung",
    "ticket", "tickets", "case", "cases", "fall", "vorgang", "vorgangsnummer", "aktenzeichen",
    "az", "incident", "issue", "request", "req", "anfrage", "anfragen", "job", "task",
    "build", "run", "pipeline",
    "booking", "buchung", "buchungsnummer", "reservation", "reservierung", "confirmation",
    "bestatigung", "tracking", "sendung", "sendungsnummer", "shipment", "parcel", "paket",
    "lieferung", "delivery", "waybill", "consignment", "customer", "customers", "kunde",
    "kunden", "kundennummer", "client id", "member", "mitglied", "mitgliedsnummer",
    "membership", "contract", "vertrag", "vertragsnummer", "policy", "police",
    "policennummer", "transaction", "transaktion", "txn", "payment id", "reference", "ref",
    "referenz", "verwendungszweck", "personnel", "personalnummer", "employee id", "staff id",
    "mandat", "mandatsreferenz", "glaubiger", "glaubiger-id", "creditor", "ean", "gtin",
    "upc", "isbn", "issn", "sku", "asin", "artikel", "artikelnummer", "article", "item",
    "part", "product", "produkt", "doc", "beleg", "belegnummer", "direct debit",
    "zeichen", "ihr zeichen", "unser zeichen", "public key", "public keys", "pubkey",
    "authorized keys", "offentlicher schlussel", "offentliche schlussel", "offentlichen schlussel",
    "known hosts", "fingerprint", "hint", "rotation", "reset",
    "model", "modell", "serial", "serien", "seriennummer",
    "imei", "version", "release", "ver", "port", "pid", "gid", "inode", "po",
    "purchase order",
    # ids, codes and counts
    "uuid", "guid", "hash", "sha", "sha256", "md5", "checksum", "commit",
    "code", "codes", "pin", "count", "total", "amount",
    "betrag", "summe", "sum", "price", "preis", "cost", "kosten", "size", "length",
    "timestamp", "ts", "epoch", "time", "zeit", "date", "datum", "year", "jahr", "duration",
    "latency", "bytes", "ms", "seconds", "sekunden", "minutes", "page", "seite", "zeile",
    "row", "index", "status", "error", "fehler", "exit", "errno", "cve",
    "postcode", "zip", "plz", "postleitzahl", "zip code", "postal code", "bankleitzahl",
    "blz", "sort code", "routing", "aba", "account id", "aws account", "tenant",
    "project", "projekt", "cost center", "kostenstelle", "room", "raum", "flight",
    "flug", "seat", "platz", "gate", "table",
)  # fmt: skip

# Words that only say "number" (a label may hold them without changing what it names).
NEUTRAL: Final = frozenset(
    {
        "number", "numbers", "no", "nos", "nr", "nrn", "num", "nummer", "nummern", "#",
        "the", "a", "an", "my", "our", "your", "his", "her", "their", "mein", "meine",
        "meiner", "ihre", "ihr", "unsere", "die", "der", "das", "des", "den", "dem",
        "is", "ist", "lautet", "was", "are", "sind", "am", "bin", "war", "wurde", "new",
        "neue", "neu", "current",
        "aktuelle", "primary", "full", "value", "wert", "i", "we", "you", "he", "she", "it",
        "they", "me", "us", "ich", "wir", "sie", "er", "es", "mich", "uns", "and", "und",
        "or", "oder", "mr", "mrs", "dr", "herr", "frau",
        # ("contact person:"; "person" is no inflection of "Perso")
        "person", "persons", "personen",
    }
)  # fmt: skip

# Last words of a label that name something about a value, not the value: what
# follows "secret name:", "token expiry:", "password_file=" is a name, a date, a path.
ABOUT_A_VALUE: Final = frozenset(
    {
        "name", "file", "path", "type", "hint", "length", "len", "policy", "expiry",
        "expires", "expiration", "rotation", "ttl", "version", "hash", "digest",
        "fingerprint", "salt", "format", "url", "uri", "endpoint", "scope", "scopes",
        "count", "datei", "pfad", "dateipfad",
    }
)  # fmt: skip

# Keys that name the two ends of a message ("to=", "from:", '"an":'): a number under
# them is a phone number, an address an e-mail; only glued to '=' or ':' (as prose they
# are prepositions).
PARTY_KEYS: Final = frozenset(
    {"to", "from", "an", "von", "recipient", "sender", "empfanger", "absender", "callee",
     "caller", "dest", "destination", "src", "msisdn", "phone_to", "phone_from"}
)  # fmt: skip

# One letter before a number in a signature or a contact card ("M 0151 …", "t: …").
SIGNATURE_LETTERS: Final = frozenset({"t", "m", "p", "f", "c", "h", "w", "o", "d"})

# Longest phrase in words.
MAX_PHRASE: Final = 4


def phrase(words: Iterable[str]) -> str:
    """A phrase's key: its folded lower-case words joined by one space."""
    return " ".join(words)


def _split(entry: str) -> str:
    """An entry as the label reader tokenises text: folded, lower case, its words
    joined by single spaces (``-``, ``/`` and ``.`` split words, ``#`` is a word)."""
    folded = fold_text(entry).lower()
    for mark in "-/.":
        folded = folded.replace(mark, " ")
    return phrase(folded.replace("#", " # ").split())


def _kinds_table() -> dict[str, frozenset[str]]:
    table: dict[str, frozenset[str]] = {}
    for labels, entries in _KIND_WORDS:
        for entry in entries:
            key = _split(entry)
            # a phrase is written glued too ("socialsecuritynumber", "creditcard")
            for form in (key, key.replace(" ", "")):
                table[form] = table.get(form, frozenset()) | labels
    return table


KINDS: Final[Mapping[str, frozenset[str]]] = MappingProxyType(_kinds_table())
OTHER: Final = frozenset(_split(entry) for entry in _OTHER_WORDS) - frozenset(KINDS)

# German compounds: a stem, then a word for "number" ("Passnummer", "Ausweisnr").
_NUMBER_TAILS: Final = ("nummern", "nummer", "nrn", "nr", "no", "number", "numbers")
# German linking letters between the parts of a compound ("Versicherungs-nummer").
_LINKS: Final = ("", "s", "n", "en", "es")
# German endings of inflected nouns.
_ENDINGS: Final = ("es", "s", "en", "n", "e")
# The shortest head a compound is read by: shorter ones end too many names
# ("Jacqueline", "Davenport"), except a few German heads of four letters.
_MIN_HEAD: Final = 5
_SHORT_HEADS: Final = frozenset({"code", "fall"})


@functools.lru_cache(maxsize=8192)
def classify(word: str) -> frozenset[str] | str | None:
    """What one lower-case folded word names: the labels of a kind, :data:`OTHER_KIND`,
    or None (a word that names nothing, or only "number": see :data:`NEUTRAL`)."""
    if word in NEUTRAL:
        return None
    found = KINDS.get(word)
    if found is not None:
        return found
    if word in OTHER:
        return OTHER_KIND
    if " " in word:
        # a phrase is looked up whole, or through one slip in one of its words ("date
        # of brith")
        return _misspelt_phrase(word)
    # German inflections: the genitive and the plural ("des Personalausweises", "der
    # Reisepässe" folded "reisepasse", "Telefonen")
    for ending in _ENDINGS:
        if word.endswith(ending) and len(word) - len(ending) >= 4:
            base = word[: -len(ending)]
            if base in KINDS:
                return KINDS[base]
            if base in OTHER:
                return OTHER_KIND
    if len(word) < _MIN_HEAD + 3:
        # (a word of seven letters may be a long word with a letter left out: "Pasport")
        return _misspelt(word) if len(word) == _TYPO_MIN - 1 else None
    # a stem and a word for "number": what the stem names
    for tail in _NUMBER_TAILS:
        if word.endswith(tail) and len(word) - len(tail) >= 3:
            stem = word[: -len(tail)]
            for link in _LINKS:
                if link and not stem.endswith(link):
                    continue
                base = stem[: len(stem) - len(link)] if link else stem
                named = KINDS.get(base)
                if named is not None:
                    return named
                if base in OTHER:
                    return OTHER_KIND
    # a typo in a long word ("Geburtsdatm", "Geburstdatum", "Reisepasnummer"): one
    # letter left out or two swapped, from one kind's word and from no other word (before
    # the compound's head, which the typo may have left as another word: "datum")
    stems = [word] + [word[: -len(tail)] for tail in _NUMBER_TAILS if word.endswith(tail)]
    for stem in stems:
        named = _misspelt(stem)
        if named is not None:
            return named
    # the head of a compound: the longest known word it ends with
    for cut in range(1, len(word) - 3):
        head = word[cut:]
        if len(head) < _MIN_HEAD and head not in _SHORT_HEADS:
            continue
        named = KINDS.get(head)
        if named is not None:
            return named
        if head in OTHER:
            return OTHER_KIND
    return None


# The shortest word (and known word) read through a typo: shorter words are one letter
# from too many others ("contact" and "contract").
_TYPO_MIN: Final = 8


def _deletions(word: str) -> set[str]:
    return {word[:at] + word[at + 1 :] for at in range(len(word))}


@functools.cache
def _typo_index() -> Mapping[str, frozenset[str]]:
    """Every known one-word kind or other-thing word of :data:`_TYPO_MIN` letters or
    more, and each of its one-letter deletions, mapped to the words they come from."""
    index: dict[str, set[str]] = {}
    for known in [*KINDS, *OTHER]:
        if " " in known or len(known) < _TYPO_MIN:
            continue
        for key in (known, *_deletions(known)):
            index.setdefault(key, set()).add(known)
    return MappingProxyType({key: frozenset(words) for key, words in index.items()})


def _slip(word: str, known: str) -> bool:
    """``word`` is ``known`` typed with one letter left out or two neighbours swapped
    (the slips of a typing hand; a letter changed or added as often makes another real
    word: "Kennwert" and "Kennwort", "discovery" and "discover")."""
    if len(word) == len(known) - 1:
        return word in _deletions(known)
    if len(word) != len(known) or word == known:
        return False
    at = next(i for i, (a, b) in enumerate(zip(word, known, strict=True)) if a != b)
    return (
        at + 1 < len(word)
        and word[at] == known[at + 1]
        and word[at + 1] == known[at]
        and word[at + 2 :] == known[at + 2 :]
    )


def _misspelt(word: str) -> frozenset[str] | None:
    """The kind a word names through one slip (:func:`_slip`) from a known word of
    :data:`_TYPO_MIN` letters or more, when every known word it is one slip from names
    that kind."""
    if len(word) < _TYPO_MIN - 1:
        return None
    index = _typo_index()
    near = set(index.get(word, ()))
    for key in _deletions(word):
        near |= index.get(key, frozenset())
    named = {
        KINDS.get(known)
        for known in near
        # (a seven-letter word missing an eight-letter word's last letter is as often a
        # word of its own: "steuern" and "Steuer-Nr.")
        if _slip(word, known) and not (len(word) < _TYPO_MIN and known.startswith(word))
    }
    if len(named) != 1 or None in named:
        return None  # none, several kinds, or another thing's word
    return named.pop()


# The shortest word of a known phrase read through a slip ("brith" for "birth"; in a
# shorter one two letters swapped make another word too often).
_PHRASE_TYPO_MIN: Final = 5


@functools.cache
def _phrase_slots() -> Mapping[str, tuple[tuple[str, frozenset[str]], ...]]:
    """Each known phrase of a kind with one of its words of :data:`_PHRASE_TYPO_MIN`
    letters or more left open (``date of *``), mapped to the words meant there and the
    kinds they name."""
    slots: dict[str, list[tuple[str, frozenset[str]]]] = {}
    for known, kinds in KINDS.items():
        words = known.split(" ")
        if len(words) < 2:
            continue
        for at, meant in enumerate(words):
            if len(meant) >= _PHRASE_TYPO_MIN:
                key = " ".join([*words[:at], "*", *words[at + 1 :]])
                slots.setdefault(key, []).append((meant, kinds))
    return MappingProxyType({key: tuple(meant) for key, meant in slots.items()})


def _misspelt_phrase(key: str) -> frozenset[str] | None:
    """The kind a phrase names when it is a known phrase with two neighbouring letters
    of one word swapped (``date of brith``): a word of :data:`_PHRASE_TYPO_MIN` letters
    or more that is no word of the lexicon itself.  A letter left out is not read in a
    phrase: it makes real words too often ("patent ID", "persona ID", "debt card")."""
    words = key.split(" ")
    slots = _phrase_slots()
    named: set[frozenset[str]] = set()
    for at, typed in enumerate(words):
        if len(typed) < _PHRASE_TYPO_MIN or typed in KINDS or typed in OTHER:
            continue
        if typed in NEUTRAL:
            continue
        open_key = " ".join([*words[:at], "*", *words[at + 1 :]])
        for meant, kinds in slots.get(open_key, ()):
            if len(typed) == len(meant) and _slip(typed, meant):
                named.add(kinds)
    return named.pop() if len(named) == 1 else None

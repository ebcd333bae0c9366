"""Library entries for personal identifiers: birth dates, ITINs, passports, national ids,
VAT ids, BICs, postal addresses, obfuscated e-mail addresses, bare phone numbers and
bare 12-digit card numbers.

Where a value has no shape of its own (nine digits are an order number as often as a
passport), the entry names its context: a keyword right before the value, separated by
at most a few short fillers, and ``\\K`` keeps the keyword out of the span (as for bare
SSNs and bearer tokens).  In a view of a JSON value or a request field the keyword may
also be any word of a member name above the value, at any depth among the innermost
names of its key path (:data:`~pipelines.canon.view.KEY_PATH_TAIL`): ``{"ssn":
{"primary": "536221234"}}`` reads as an SSN.  The keyword is part of the pattern, so
the egress stream filter, which runs the same pattern, is exactly as strict as the
ingress detector.
Keywords are spelled in their typed forms (:func:`~detectors.entity_pattern.keyword`),
and those forms are the anchors every match starts with.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from typing import Final

from detectors import id_validators as idv
from detectors import validators as v
from detectors.entity_pattern import (
    DIGITS,
    GROUP_SEP,
    NUM_AFTER,
    NUM_BEFORE,
    TOKEN_AFTER,
    EntityPattern,
    keyword,
    keyword_forms,
)
from pipelines.canon.view import KEY_PATH_TAIL, KEY_PATH_TAIL_MAX

__all__ = [
    "LABEL_TAIL_COLON",
    "LABEL_TAIL_MAX",
    "PERSONAL_ENTRIES",
    "PHONE_WORDS_AFTER",
    "bare_phone_entity",
    "phone_before_word_entity",
    "phone_context_entity",
]


def _gap(words: Iterable[str] = ()) -> str:
    """At most four short fillers between a keyword and its value (``: ``, ``is``, ``#``,
    the ``?`` of a question: "What's your credit card? 5018…", a word in brackets:
    "Telefon (mobil) 015123456789")."""
    fillers = ["is", "was", "on", "am", "of", "no.", "nr.", "number", "nummer", *words]
    return (
        r"(?:[ \t]{0,3}(?:[:#=(\-\"'.,?]|\(\p{L}{1,12}\)|" + keyword(fillers)
        + r"(?![^\W\d_])))"
        r"{0,4}[ \t]{0,3}"
    )


_GAP_MAX: Final = 4 * 14 + 3
# A name between a keyword and its value: up to three capitalised words, after "of" /
# "von" if written ("Personalausweisnummer von Benjamin Kabus lautet …").
# A double name is one word ("Heinz-Wilhelm", "Meyer-Lüdenscheidt").
# A label's colon may come first ("Passnummern: Luis Mäder - V84306675").
# A title may come first ("passport no. of Mr. Brown is …", "von Frau Dr. Weber").
_NAMES: Final = (
    r"(?:(?:[ ]?:)?(?:[ ](?:of|for|von|fur|des))?"
    r"(?:[ ](?:Mr|Mrs|Ms|Miss|Dr|Prof|Herr|Herrn|Frau)\.?){0,2}"
    r"(?:[ ]\p{Lu}[\p{Ll}']{1,24}(?:-\p{Lu}?[\p{Ll}']{1,24})?){1,3})?"
)
_NAMES_MAX: Final = 2 + 4 + 2 * 7 + 3 * 52
# A label that ends in a colon may run on in words after its keyword ("SWIFT/BIC for
# the incoming payment: …", "date of birth of the applicant: …", German nouns
# capitalised: "BIC für den Zahlungseingang: …", "the card ending in the number below
# is mine: …").
# The words may stand in parentheses ("ID number (the one the government gave me):
# …"), be joined as a logger's or a key's name ("ausweis.pruefung nummer=…"), and the
# label may end in "=" or a copula instead of the colon ("The passport number on the
# booking is …").
_LABEL_WORDS: Final = r"(?:[ ._]\(?\p{L}[\p{L}'\-]{0,19}\)?){1,8}"
_LABEL_TAIL: Final = (
    r"(?:" + _LABEL_WORDS + r"[ ]?[:=]"
    # a copula ends a label of at most four words: a longer run is a sentence ("My
    # passport expires soon and the booking reference is 123456789")
    + r"|(?:[ ._]\(?\p{L}[\p{L}'\-]{0,19}\)?){1,4}[ ](?:is|was|are|ist|lautet|lauten|war))"
    + r"[ \t]{0,3}"
)
# After a verb ("call", "reach") words up to a copula or "=" are prose or a key ("call
# me when the order is 4537120417", "call count = 1234567890"): only a colon ends a
# label there.
LABEL_TAIL_COLON: Final = _LABEL_WORDS + r"[ ]?:[ \t]{0,3}"
# A pattern that never matches: no label runs on (the gap alone joins word and value).
_NO_LABEL_TAIL: Final = r"(?!)"
LABEL_TAIL_MAX: Final = 8 * 23 + 10
# Words of a sentence between a keyword and a value whose check digit marks it ("Für
# die Rentenversicherung: meine Nummer ist 9133250872"): up to six words, joined by
# spaces, a colon, a comma, a dash or a full stop ("Sozialversicherungsnummer. Meine
# lautet 5650 080324").  Only for values a check digit validates; others need the
# keyword next to them (a BIC's structure lets "error DECLINED" pass).
_WINDOW: Final = r"(?:[ ]?[,:.\-]?[ ]\p{L}[\p{L}'\-]{0,19}(?![\w'\-])){0,6}"
_WINDOW_MAX: Final = 6 * 23

# Where a keyword starts and ends as a word of its own, or of a member name: after and
# before a non-letter ("_" joins words of a snake_case name), or at a camelCase step
# ("customerSsn", "phoneNumber").
_WORD_START: Final = r"(?:(?<![^\W\d_])|(?<=\p{Ll})(?=\p{Lu}))"
_WORD_END: Final = r"(?:(?![^\W\d_])|(?<=\p{Ll})(?=\p{Lu}))"


def _name_forms(words: Iterable[str]) -> list[str]:
    """``words`` and, for a keyword of several words, its snake_case, kebab-case and
    camelCase spellings, as member names write it (``date_of_birth``, ``date-of-birth``,
    ``dateOfBirth``)."""
    forms: list[str] = []
    for word in words:
        forms.append(word)
        parts = word.split(" ")
        if len(parts) > 1:
            forms.append("_".join(parts))
            forms.append("-".join(parts))
            forms.append(parts[0] + "".join(part[:1].upper() + part[1:] for part in parts[1:]))
    return list(dict.fromkeys(forms))


def _keyed(
    name: str,
    label: str,
    words: Iterable[str],
    value: str,
    value_max: int,
    validator: v.Validator | None,
    score: float,
    description: str,
    fillers: Iterable[str] = (),
    *,
    between_names: bool = False,
    window: bool = False,
    not_after: str = "",
    label_tail: str = _LABEL_TAIL,
) -> EntityPattern:
    """An entry whose value must follow one of ``words`` (see the module docstring);
    with ``between_names``, up to three capitalised words may stand between keyword
    and fillers ("called Alan Fisher at …"); with ``window``, up to six words of the
    sentence (:data:`_WINDOW`, for checksummed values); ``not_after``: a look-behind
    the keyword must pass (a word that makes the keyword name something else);
    ``label_tail``: how a label may run on to its value (:data:`_LABEL_TAIL`)."""
    names = _name_forms(words)
    forms = keyword_forms(names)
    between, between_max = (_NAMES, _NAMES_MAX) if between_names else ("", 0)
    if window:
        between, between_max = between + _WINDOW, between_max + _WINDOW_MAX
    return EntityPattern(
        name=name,
        label=label,
        pattern=_WORD_START
        + not_after
        + keyword(names)
        + _WORD_END
        + KEY_PATH_TAIL
        + between
        + "(?:"
        + label_tail
        + "|"
        + _gap(fillers)
        + ")"
        + r"\K"
        + value,
        validator=validator,
        score=score,
        description=description,
        max_length=max(len(form) for form in forms)
        + KEY_PATH_TAIL_MAX
        + between_max
        + max(_GAP_MAX, LABEL_TAIL_MAX)
        + value_max,
        anchors=forms,
        starts_at_anchor=True,
    )


def _de_inflected(nouns: Iterable[str]) -> tuple[str, ...]:
    """German keyword nouns as prose inflects and compounds them: the genitive
    (``des Ausweises``, ``des Reisepasses``, ``des Geburtsdatums``) and the compounds
    that name the number (``Ausweisnummer``, ``Ausweis-Nr.``, ``Pass Nr.``; the dot is a
    filler of the gap).  Each form is then typed lower case, capitalised or upper case
    (:func:`~detectors.entity_pattern.keyword_forms`), so ``-Nr``/``-Nummer`` with their
    own capital are listed too."""
    forms: list[str] = []
    for noun in nouns:
        forms += [noun, noun + "es"] if noun.endswith("s") else [noun, noun + "s", noun + "es"]
        for tail in ("nummer", "nummern", "nr", "Nummer", "Nummern", "Nr"):
            forms += [noun + tail.lower(), noun + "-" + tail, noun + " " + tail]
    return tuple(dict.fromkeys(forms))


# German fillers between such a keyword and its value ("Ausweis mit der Nummer ...",
# "Versicherungsnummer lautet ...").
_DE_FILLERS: Final = ("ist", "lautet", "mit", "der", "die", "des")


# --- dates of birth ---------------------------------------------------------------

_MONTH: Final = keyword(sorted(idv.MONTHS, key=len, reverse=True))
_DAY_SUFFIX: Final = r"(?:st|nd|rd|th|\.)?"
_DATE: Final = (
    r"(?:[0-9]{4}-[0-9]{2}-[0-9]{2}"
    r"|[0-9]{1,2}[./\-][0-9]{1,2}[./\-](?:[0-9]{4}|[0-9]{2})"
    rf"|{_MONTH}\.?[ ][0-9]{{1,2}}{_DAY_SUFFIX},?[ ][0-9]{{4}}"
    rf"|[0-9]{{1,2}}{_DAY_SUFFIX}[ ](?:of[ ])?{_MONTH}\.?,?[ ][0-9]{{4}}"
    # the day, the month's name and the year joined by hyphens, slashes or dots
    # ("10-Dec-1991", a records system's and a clinic letter's form; "10/Dec/1991")
    rf"|[0-9]{{1,2}}[\-/.]{_MONTH}[\-/.](?:[0-9]{{4}}|[0-9]{{2}})"
    # ... or glued, the way a booking record writes it ("18NOV76", "07MAR1943")
    rf"|[0-9]{{2}}{_MONTH}(?:[0-9]{{4}}|[0-9]{{2}}))"
    r"(?![\w\-/]|\.[0-9])"
)
_BIRTH_WORDS: Final = (
    "born", "b.", "dob", "d.o.b.", "date of birth", "birth date", "birthdate", "birthday",
    "geboren", "geb.", *_de_inflected(("geburtsdatum", "geburtstag")), "geb.-datum",
)  # fmt: skip

# --- phone numbers without separators ---------------------------------------------

_PHONE_WORDS: Final = (
    "phone", "phones", "telephone", "tel", "tel.", "mobile", "cell", "cellphone", "fax", "call",
    "called", "calling", "calls", "phoned", "voicemail", "voice mail", "texted",
    "sms", "whatsapp", "contact", "contacted", "reach", "reached", "dial", "dialed",
    "dialled",
    "telefon", "telefonnummer", "rufnummer", "handy", "handynummer", "mobil", "mobilnummer",
    "mobilfunk", "durchwahl", "anrufen", "rufen", "erreichbar", "erreichen", "kontakt",
    "text me", "text us", "direct line", "hotline", "switchboard", "landline", "helpline",
    "pager", "mob", "ph", "msisdn", "caller id", "festnetz", "rückruf", "angerufen",
    "anruf", "sprachbox",
)  # fmt: skip
# Words that name where a number is answered, texted or registered ("not answering at",
# "stop receiving messages to", "my registered", "sent OTP to", "TAN an", "Desk:") but
# name counts, ids and sizes as often ("message id: 1712345678", "Service desk ticket:
# 4537120417", "mailbox size: 2147483648"): only short fillers between them and the
# number, no label running on, no names.
_PHONE_CONTEXT_WORDS: Final = (
    "my registered", "desk", "office", "zentrale", "mailbox", "meiner hinterlegten nummer",
    "hinterlegten nummer",
)  # fmt: skip
# ... and those that name a record's own number as often as where it went ("message
# 4012345678 from queue", "line 0012345", "OTP 0123456 expires"): only with a filler
# that says where it was sent ("messages to …", "TAN an …", "answering at …").
_PHONE_SENT_WORDS: Final = (
    "answering", "message", "messages", "otp", "tan", "sms-tan", "line", "nachricht",
    "nachrichten", "sms-code",
)  # fmt: skip
_PHONE_SENT_FILLER: Final = (
    r"(?<=(?<![^\W\d_])(?i:to|at|an|unter|via|under|on|auf)[ ])"
)
_PHONE_FILLERS: Final = (
    "me", "us", "at", "under", "unter", "via", "or", "oder", "+1", "mich", "uns", "sie",
    "to", "an", "my", "mein", "meine", "meiner", "your", "ihre", "ihrer",
)  # fmt: skip
# A number right after a record's noun is that record's ("order 1234567890 home
# delivery", "SKU 0123456 Home", "Bestellung 1234567890 Büro").
_NOT_A_RECORD_NUMBER: Final = (
    r"(?<!(?i:order|invoice|ticket|case|ref|reference|sku|upc|ean|item|article|part|tracking"
    r"|shipment|booking|account|customer|bestellung|rechnung|vorgang|auftrag|artikel|kunde"
    r"|kundennummer|sendung|buchung|konto)(?:[ ]?(?:no\.?|nr\.?|number|nummer|\#|id))?"
    r"[ :\#=.\-]{0,3})"
)
# After a phone word a national number from its trunk 0 may be grouped any way a
# caller writes it, also where the plain PHONE formats want more ("call me at 00890
# 092737", "TAN an 01 86975 758", "Durchwahl 01 21305756-231"): the area code (in
# parentheses or not), digit groups joined by single spaces, slashes or dashes.  The
# validator (a possible length in a configured region) bounds it.  (International and
# NANP numbers PHONE finds without a keyword.)
# A date is not such a number ("DOB 06/17/1972" + line break + "Phone: …", "01 10 2023").
_KEYED_PHONE_GROUPS: Final = (
    r"(?![0-9]{1,2}/[0-9]{1,2}/[0-9]{2,4}(?![0-9])|[0-9]{1,2}-[0-9]{1,2}-[0-9]{2,4}(?![0-9])"
    r"|[0-9]{1,2}[ ][0-9]{1,2}[ ](?:19|20)[0-9]{2}(?![0-9])"
    r"|[0-9]{4}-[0-9]{2}-[0-9]{2}(?![0-9]))"
    r"(?:\(0[0-9]{1,5}\)[ ]?[0-9]{2,8}|0[0-9]{1,5})(?:[ /\-][0-9]{2,8}){1,4}"
)
_KEYED_PHONE_GROUPS_MAX: Final = 9 + 4 * 9
# A phone word right after a number names it too ("2432506465 fax", "024 720 86 38-Office",
# "0512/71278375 (mobile)"): a signature's or a form's way of writing it.
PHONE_WORDS_AFTER: Final = (
    "office", "fax", "mobile", "mob", "cell", "home", "work", "desk", "phone", "tel",
    "landline", "direct", "handy", "mobil", "festnetz", "büro", "privat", "geschäftlich",
    # German puts the verb last: "Sie können 0213328356 anrufen", "unter … erreichbar"
    "anrufen", "anzurufen", "angerufen", "zurückrufen", "erreichbar", "erreichen",
)  # fmt: skip


def _keyed_phone_value() -> str:
    """A phone number as it is written after a phone word: one digit run, or from its
    trunk 0 grouped any way a caller writes it; an extension allowed."""
    from detectors.library import PHONE_EXTENSION  # the one extension grammar

    return (
        r"(?:1?[0-9]{10}|0[0-9]{6,13}|" + _KEYED_PHONE_GROUPS + ")"
        + PHONE_EXTENSION + "?" + NUM_AFTER
    )


def bare_phone_entity(validator: v.Validator) -> EntityPattern:
    """PHONE_BARE: a phone number written as one digit run, right after a phone keyword.

    ``validator`` is the configured phone validator (mode and regions).
    """
    return _keyed(
        "PHONE_BARE",
        "PHONE",
        _PHONE_WORDS,
        _keyed_phone_value(),
        _KEYED_PHONE_GROUPS_MAX + 20,
        validator,
        0.8,
        "Phone number right after a phone keyword, without separators or grouped any way",
        _PHONE_FILLERS,
        between_names=True,
        label_tail=LABEL_TAIL_COLON,
    )


def phone_context_entity(validator: v.Validator) -> EntityPattern:
    """PHONE_CONTEXT: a phone number as PHONE_BARE takes it, after a word that names
    where a number is answered or registered (:data:`_PHONE_CONTEXT_WORDS`), with only
    fillers between, or after one that names where it was sent with a filler saying so
    (:data:`_PHONE_SENT_WORDS`).  Not a label the reader reads ("message id: …" is an
    id), so it stays a rule of its own with ``read_labels`` on."""
    where = _keyed(
        "PHONE_CONTEXT",
        "PHONE",
        _PHONE_CONTEXT_WORDS,
        _keyed_phone_value(),
        _KEYED_PHONE_GROUPS_MAX + 20,
        validator,
        0.8,
        "Phone number after a word naming where it is answered (messages to, TAN an)",
        _PHONE_FILLERS,
        label_tail=_NO_LABEL_TAIL,
    )
    sent = _keyed(
        "PHONE_CONTEXT",
        "PHONE",
        _PHONE_SENT_WORDS,
        _PHONE_SENT_FILLER + _keyed_phone_value(),
        _KEYED_PHONE_GROUPS_MAX + 20,
        validator,
        0.8,
        "",
        _PHONE_FILLERS,
        label_tail=_NO_LABEL_TAIL,
    )
    return dataclasses.replace(
        where,
        pattern=f"(?:{where.pattern}|{sent.pattern})",
        max_length=max(where.max_length or 0, sent.max_length or 0),
        anchors=tuple(dict.fromkeys(where.anchors + sent.anchors)),
    )


def phone_before_word_entity(validator: v.Validator) -> EntityPattern:
    """PHONE_BEFORE_WORD: a phone number right before a phone word ("2432506465 fax",
    "081 628 65 95-Office"), bare or grouped as after a keyword.

    ``validator`` is the configured phone validator (mode and regions), as for
    :func:`bare_phone_entity`.
    """
    from detectors.library import NOT_IN_GROUPS, PHONE_EXTENSION

    words = keyword_forms(PHONE_WORDS_AFTER)
    return EntityPattern(
        name="PHONE_BEFORE_WORD",
        label="PHONE",
        pattern=NUM_BEFORE
        + NOT_IN_GROUPS
        + _NOT_A_RECORD_NUMBER
        + r"(?:1?[0-9]{10}|0[0-9]{6,13}|" + _KEYED_PHONE_GROUPS + ")"
        + PHONE_EXTENSION + "?"
        # the word ends the line or the entry: no colon (the next field's label,
        # "Invoice no. 1234567890" + line break + "Phone: …"), no lower-case word after it
        # ("1234567890 work items", "home delivery")
        + r"(?=[ ]?[\-(]?[ ]?" + keyword(PHONE_WORDS_AFTER)
        + r"(?![^\W\d_])(?![ ]?:)(?![ ]\p{Ll})(?![ ]?&))",
        validator=validator,
        score=0.8,
        description="Phone number right before a phone word (office, fax, mobile, …)",
        max_length=_KEYED_PHONE_GROUPS_MAX + 20,
        anchors=words,
    )


# --- card numbers without grouping ------------------------------------------------
# Cards of 13-19 digits are found without context (CREDIT_CARD); a bare run of 12 is an
# account or order id as often as a Maestro card, so it needs a card keyword.
_CARD_WORDS: Final = (
    "card", "card number", "card no.", "cc", "credit card", "debit card", "maestro",
    "kreditkarte", "kreditkartennummer", "karte", "kartennummer", "debitkarte",
    "girocard", "ec-karte", "bankkarte", "zahlungskarte", "ersatzkarte", "girokarte",
)  # fmt: skip


# --- identity documents ------------------------------------------------------------

_DOC_CHAR: Final = "[0-9CFGHJKLMNPRTVWXYZ]"
_PASSPORT_WORDS: Final = (
    "passport", "passports", "passport no.", "passport number", "passport numbers",
    "passport #",
    *_de_inflected(("reisepass",)),
    *(form for form in _de_inflected(("pass",)) if form not in ("pass", "passes")),
)  # fmt: skip
_ID_CARD_WORDS: Final = (
    *_de_inflected(("personalausweis", "ausweis", "id-karte")),
    "id card", "identity card", "pa-nr.", "PA-Nr.",
)  # fmt: skip

_EU_VAT_PREFIXES: Final = (
    "AT", "BE", "BG", "CY", "CZ", "DE", "DK", "EE", "EL", "ES", "FI", "FR", "HR", "HU",
    "IE", "IT", "LT", "LU", "LV", "MT", "NL", "PL", "PT", "RO", "SE", "SI", "SK", "XI",
)  # fmt: skip

# --- postal addresses ----------------------------------------------------------------

_DE_STREET_SUFFIXES: Final = (
    "straße", "strasse", "str.", "weg", "gasse", "platz", "allee", "ring", "damm", "ufer",
    "chaussee", "steig", "pfad", "markt", "berg", "hof", "graben", "kamp", "wall", "stieg",
    "twiete", "tor", "park", "garten", "anger", "promenade", "zeile", "steg", "brücke",
    "bogen", "höhe", "feld", "grund", "winkel", "siedlung", "gestade", "kai",
)  # fmt: skip
_UP: Final = "A-ZÄÖÜ"
# Words that open a street name ("Am Mühlbach", "Unter den Linden", "Alte Gasse"):
# after one of them the name needs no street-type word.  Other capitalised words are
# not taken into the street: German nouns are capitalised, so "Anschrift Hauptstraße 5"
# must not start at "Anschrift".
_DE_OPENERS: Final = (
    "Am", "An der", "An den", "Auf der", "Auf dem", "Im", "In der", "In den", "Zum", "Zur",
    "Unter den", "Hinter der", "Hinter dem", "Vor dem", "Alte", "Alter", "Neue", "Neuer",
)  # fmt: skip
_OPENER: Final = "(?:" + "|".join(o.replace(" ", "[ ]") for o in _DE_OPENERS) + ")"
# A name particle inside a street named after a person ("Ludwig van Beethoven Straße",
# "Adolf-Dussen van-Gasse", "Walther von der Vogelweide Weg"): lower case, so it does not
# open a street of its own.
_NAME_PARTICLE: Final = r"(?:van|von|vom|zu|de|di|da|del|della|ten|ter)(?:[ ](?:der|den|dem))?"
# A street-type word first, then an article or preposition and a name ("Platz der
# Republik", "Straße der Einheit", "Weg an der Mühle").
_TYPE_FIRST: Final = (
    r"(?:Straße|Strasse|Platz|Allee|Weg|Ring|Ufer|Damm|Markt|Gasse|Steig|Pfad|Chaussee)"
    r"[ ](?:der|des|den|dem|am|an[ ]der|an[ ]den|zum|zur|vom|im|in[ ]der|auf[ ]der)"
    rf"[ ][{_UP}][\w\-ß]*"
)
_DE_STREET: Final = (
    rf"(?:(?:{_OPENER}[ ])?[{_UP}][\w\-ß]*(?:[ ]{_NAME_PARTICLE}[ \-][\w\-ß]*)?"
    rf"(?:{keyword(_DE_STREET_SUFFIXES)}|[ ]{keyword(_DE_STREET_SUFFIXES)})"
    rf"|{_OPENER}[ ][{_UP}][\w\-ß]*|{_TYPE_FIRST})"
)
# A town: one name, or two where the first is a prefix ("Bad", "Sankt", "Markt", …) or
# an adjective in -sch ("Hannoversch Münden", "Bergisch Gladbach", "Schwäbisch Hall");
# then a river or region after a preposition ("Frankfurt am Main", "Bad Homburg vor der
# Höhe", "Purbach am Neusiedler See", "Hall in Tirol") or in brackets ("Halle (Saale)").
_TOWN_WORD: Final = rf"[{_UP}][\w\-ß]*"
# The noun after an adjective in a town's region ("am Neusiedler See", "im Bayerischen
# Wald"): a kind of landscape.  Any capitalised word there would take the first word of
# the next line ("Zürich am Uster" + line break + "Regards": the view folds the break).
_REGION_NOUN: Final = keyword(
    ("see", "wald", "berg", "gebirge", "heide", "bach", "meer", "alb", "land", "tal")
) + r"(?![\w\-])"
_DE_TOWN: Final = (
    r"(?:(?:Bad|Sankt|St\.|Markt|Lutherstadt|Hansestadt|Ostseebad|Seebad)[ ]"
    rf"|[{_UP}][\w\-ß]*sch[ ])?{_TOWN_WORD}"
    r"(?:[ ](?:am|an[ ]der|im|in[ ]der|in|ob[ ]der|bei|vor[ ]der|auf[ ]der)"
    rf"[ ](?:[{_UP}][\w\-ß]*er[ ]{_REGION_NOUN}|{_TOWN_WORD}))?"
    # (in brackets, or a bilingual town's second name: "Biel/Bienne")
    rf"(?:[ ]\({_TOWN_WORD}\)|/{_TOWN_WORD})?"
)
# A house number with its letter, glued or spaced ("7a", "114 b"), then up to three more
# numbers, a range or (Austria) a staircase and door ("12a-14", "12/3/14", "28/Top 13",
# "5/Stiege 2/Tür 7"), those also after a comma ("131, Top 33", "4-6, Stiege 5/Top 14").
_DE_UNIT: Final = r"(?:Top|Stiege|Stg\.|T[uü]r)[ ]?[0-9]{1,4}[a-zA-Z]?"
_DE_HOUSE: Final = (
    r"[0-9]{1,4}(?:[a-zA-Z]|[ ][a-zA-Z](?![\w\-]))?"
    r"(?:[ ]?[-/][ ]?(?:(?:Top|Stiege|Stg\.|Tür|Tur)[ ]?)?[0-9]{1,4}[a-zA-Z]?){0,3}"
    rf"(?:,[ ]?{_DE_UNIT}(?:[ ]?/[ ]?{_DE_UNIT})?){{0,3}}"
)
# The street line of a German-style address: a street and its number, or a post-office
# box ("Postfach 54 19 21"); a box, the building's part, its entrance, the floor or the
# flat may follow the street too, one or two of them ("Weg 66, Postfach, …",
# "Schulplatz 6-8, Hinterhaus" + line break + …, "Birkenweg 140, Whg. 12, …",
# "Schulplatz 81a, 2. OG links, …", "Ring 21a, Aufgang B, …").
_DE_BUILDING: Final = (
    r"(?:Postfach(?:[ ][0-9]{1,6})?|Hinterhaus|Vorderhaus|Gartenhaus|Seitenfl[uü]gel"
    r"|Hinterhof|R[uü]ckgeb[aä]ude"
    r"|(?:Whg\.?|Wohnung|App\.|Apt\.|Appartement|Aufgang|Eingang|Haus|Block)[ ]?"
    r"[0-9]{1,4}[a-zA-Z]?(?![\w\-])|(?:Aufgang|Eingang|Haus|Block)[ ][A-Z](?![\w\-])"
    r"|(?:[0-9]{1,2}\.[ ]?(?:OG|Obergeschoss|Etage|Stock)|EG|DG|UG|Erdgeschoss"
    r"|Dachgeschoss|Souterrain|Hochparterre)(?:[ ](?:links|rechts|Mitte|li\.|re\.))?)"
)
_DE_STREET_LINE: Final = (
    rf"(?:{_DE_STREET}[ ]{_DE_HOUSE}(?:(?:,[ ]?|[ ]?\n|[ ]){_DE_BUILDING}){{0,2}}"
    r"|Postfach[ ][0-9]{1,6}(?:[ ][0-9]{2}){0,3})"
)
# Lines of an address are joined by a comma, a line break or (in the detectors' views,
# where every whitespace run is one space) a plain space, or set on one line with a bar
# or a dot between them (a letterhead's "Hauptstraße 5 | 10115 Berlin").
_LINE_BREAK: Final = r"(?:,[ ]?|[ ]?\n|[ ]?[|·•][ ]?|[ ])"
_DE_ADDRESS: Final = (
    rf"(?<![\w\-]){_DE_STREET_LINE}"
    rf"{_LINE_BREAK}(?:D-)?[0-9]{{5}}[ ]{_DE_TOWN}"
    r"(?![\w\-])"
)
# Austria and Switzerland write addresses the German way with a four-digit postcode,
# optionally after the country letter(s) (Austrian Post: "A-1010 Wien"; Swiss Post:
# "CH-8001 Zürich", a canton code after a town whose name recurs: "Wald ZH").  An
# Austrian number may carry staircase and door: "Hauptstraße 12/3/14".
_CANTONS: Final = (
    "AG", "AI", "AR", "BE", "BL", "BS", "FR", "GE", "GL", "GR", "JU", "LU", "NE", "NW",
    "OW", "SG", "SH", "SO", "SZ", "TG", "TI", "UR", "VD", "VS", "ZG", "ZH",
)  # fmt: skip
_AT_CH_ADDRESS: Final = (
    rf"(?<![\w\-]){_DE_STREET_LINE}"
    rf"{_LINE_BREAK}(?:(?:A|AT|CH)-)?[1-9][0-9]{{3}}[ ]{_DE_TOWN}"
    rf"(?:[ ](?:{'|'.join(_CANTONS)}))?"
    r"(?![\w\-])"
)
# The street-type words of an English street line: USPS Publication 28's suffixes and
# the British thoroughfares, without the ordinary words (below, STREET_FIELD).
_STREET_TYPES: Final = (
    "Street", "St", "Road", "Rd", "Avenue", "Ave", "Av", "Lane", "Ln", "Drive", "Dr",
    "Court", "Ct", "Place", "Pl", "Way", "Boulevard", "Blvd", "Terrace", "Ter", "Gardens",
    "Gdns", "Mews", "Row", "Close", "Crescent", "Cres", "Green", "Square", "Sq", "Parade",
    "Hill", "Hills", "Park", "Parkway", "Pkwy", "Grove", "Walk", "Walks", "Circle", "Cir",
    "Highway", "Hwy", "Trail", "Trl", "Path", "Knoll", "Canyon", "Brook", "Neck", "Ferry",
    "Inlet", "Squares", "Meadows", "Via", "Village", "Artery", "Pathway", "Tollway", "Gap",
    "Basin", "Riviera", "Haven", "Ridge", "Shore", "Springs", "Turnpike", "Valley", "Alley",
    "Causeway", "Courts", "Creek", "Crossing", "Groves", "Heights", "Hollow", "Manor",
    "Plaza", "Wharf", "Quay",
    # the rest of Publication 28's suffixes and the Royal Mail's thoroughfares, but for
    # the words a title, a product or an error names things with ("Pass", "Points",
    # "Keys", "Locks", "Center", "Station", "Gateway", "Tunnel", "Trace", "Summit",
    # "Route", "Mount", "Stream", "Extension", "Island", "Lake", "View", "Club", "Drives",
    # "Ways", "Parks", "Roads", "Wells", "Mill", "Garden", "Cape", "Curve", "Bypass",
    # "River", "Lodge", "Estate", "Ranch", "Chase", "Circus", "Crest", "Pine", "Forge",
    # "Oval", "Junction", "Passage", "Harbor", "Mountains", "Plains", "Fort", "Dam", …)
    "Ford", "Fords", "Unions", "Burg", "Burgs", "Cliff", "Cliffs", "Corners", "Cove",
    "Coves", "Crossroad", "Dale", "Expressway", "Freeway", "Glen", "Glens", "Isle",
    "Knolls", "Manors", "Meadow", "Motorway", "Orchard", "Overpass", "Parkways",
    "Prairie", "Rapids", "Ridges", "Rue", "Shoal", "Shoals", "Shores", "Skyway",
    "Stravenue", "Throughway", "Trafficway", "Underpass", "Valleys", "Viaduct",
    "Villages", "Ville", "Brooks", "Rise", "Vale", "Wynd", "Drove",
)  # fmt: skip
# USPS Publication 28: a street line, then "City, ST ZIP" (a state, DC, a territory or
# a freely associated state; the validator checks the code) ...
# (without the comma, "Austin TX 78701", only after a street of a name and its type word;
# a state code that is an English word or abbreviation, "Boise ID 83702", only with a
# ZIP of that state: the validator's check)
_US_UNIT: Final = (
    r"(?:,?[ ](?:Apt\.?|Suite|Ste\.?|Unit|Apartment|Fl\.?|Floor|\#)[ ]?[0-9A-Z][0-9A-Za-z\-]{0,5})?"
)
_US_CIVIL: Final = (
    r"(?:[0-9]{1,6}(?:[ ][A-Z0-9][A-Za-z0-9'\-]*\.?){1,5}"
    rf"{_US_UNIT}{_LINE_BREAK}(?:[A-Z][A-Za-z'\-.]*[ ]){{0,3}}[A-Z][A-Za-z'\-.]*,[ ][A-Z]{{2}}"
    r"|[0-9]{1,6}(?:[ ][A-Z0-9][A-Za-z0-9'\-]*\.?){1,4}"
    rf"[ ](?:{'|'.join(_STREET_TYPES)})\.?"
    rf"{_US_UNIT}{_LINE_BREAK}(?:[A-Z][A-Za-z'\-.]*[ ]){{0,3}}[A-Z][A-Za-z'\-.]*[ ]"
    r"[A-Z]{2})"
)
# ... or a military / diplomatic address (section 225): "PSC 1234, Box 5678", "CMR 450
# Box 12", "Unit 2050 Box 4190" or a ship ("USS Name", "USNS Name", "USCGC Name"), then
# APO/FPO/DPO and the Armed Forces code AA/AE/AP.
_US_MILITARY: Final = (
    r"(?:(?:PSC|CMR|Unit|UNIT)[ ][0-9]{1,5},?[ ](?:Box|BOX)[ ][0-9]{1,5}"
    r"|(?:USS|USNS|USCGC)(?:[ ][A-Z][A-Za-z0-9'.\-]*){1,4})"
    rf"{_LINE_BREAK}(?:APO|FPO|DPO)[ ](?:AA|AE|AP)"
)
_US_ADDRESS: Final = (
    rf"(?<![\w.,\-/])(?:{_US_CIVIL}|{_US_MILITARY})[ ][0-9]{{5}}(?:-[0-9]{{4}})?(?![\w\-])"
)

# Royal Mail's postcode format: outward code A9, A99, AA9, AA99, A9A or AA9A (first
# letter not Q/V/X, second not I/J/Z, a third-position letter one of ABCDEFGHJKPSTUW, a
# fourth-position one of ABEHMNPRVWXY), a space (often left out when typed), inward
# code 9AA (no C/I/K/M/O/V).
_UK_POSTCODE: Final = (
    r"[A-PR-UWYZ](?:[0-9][0-9]?|[A-HK-Y][0-9][0-9]?|[0-9][A-HJKPSTUW]|[A-HK-Y][0-9][ABEHMNPRVWXY])"
    r"[ ]?[0-9][ABD-HJLNP-UW-Z]{2}"
)
_UK_WORD: Final = r"(?:[A-Z][A-Za-z'\-]{0,24}\.?|upon|on|under|in|by|the|of|le)"
# A UK address: a flat/studio/unit line or a house number, then the street, locality
# and post town words (in any line layout), then the postcode.  An address without a
# number (a house name) is not matched in prose: "Acme Ltd, London SW1A 1AA" is not told
# apart (a town line alone is read in a quoted field, below).
_UK_NUMBER: Final = r"[0-9]{1,4}[A-Za-z]?(?:-[0-9]{1,4}[A-Za-z]?)?"
_UK_STREET_ADDRESS: Final = (
    r"(?<![\w\-])(?:(?:Flat|Apartment|Studio|Unit|Suite|Room|Maisonette)[ ]"
    rf"{_UK_NUMBER}{_LINE_BREAK}(?:{_UK_NUMBER},?[ ])?|{_UK_NUMBER},?[ ])"
    rf"[A-Z][A-Za-z'\-]{{0,24}}\.?(?:{_LINE_BREAK}{_UK_WORD}){{0,9}}{_LINE_BREAK}"
    rf"{_UK_POSTCODE}(?![\w\-])"
)

# A street line the English way, number first: a unit before it ("Flat 96", "Suite 134",
# "Apt. 219", or "8/" and "502-" for the unit), the number, up to five words, a unit
# after them.
_EN_STREET: Final = (
    r"(?:(?:Unit|Flat|Apt\.?|Apartment|Suite|Ste\.?|Level|Shop|Studio)[ ][0-9A-Z]{1,5},?[ ]"
    r"|[0-9]{1,5}[A-Za-z]?[/\-])?"
    r"[0-9]{1,6}[A-Za-z]?(?:[ ][A-Z][A-Za-z'\-]{0,24}\.?){1,5}"
    r"(?:,?[ ](?:Apt\.?|Suite|Ste\.?|Unit|Fl\.?|Floor|\#)[ ]?[0-9A-Z][0-9A-Za-z\-]{0,5})?"
)
# A town of one to four capitalised words, a saint's or a mountain's abbreviation among
# them ("St. John's", "Mt. Pleasant") and a small word between them ("Newcastle upon
# Tyne", "Stoke on Trent").  A town line alone (no street before
# it) is read only as a quoted field of its own ('"line2": "Lake Eric, AB M4R 2A6"'): in prose,
# capitalised words before a code and a number are as often a title, a product or a
# statute ("DATA PROTECTION ACT 2018", "MacBook Air M1 8GB", "Ticket Closed, ID 48213").
_EN_TOWN: Final = (
    r"(?:(?:St|Ste|Mt|Ft|Pt)\.[ ]|[A-Z][A-Za-z'\-]{0,24}[ ](?:(?:upon|on|under|le|sur)[ ])?){0,3}"
    r"[A-Z][A-Za-z'\-]{0,24}"
)
# (a parsed JSON value is its own view, "key\x1f: value", to the view's end)
# (an XML or HTML element's text, "<td>…</td>", is a field too)
_FIELD_START: Final = r"(?<=[\"']|<[A-Za-z][\w:.\-]{0,30}(?:[ ][^<>\n]{0,80})?>|\x1f:[ ])"
_FIELD_END: Final = r"(?=[\"']|</|(?!.))"
# A form's label for the town line ("Town/postcode: NEWCASTLE NSW 2300", "City/State/ZIP:
# Austin, TX 78701", "Suburb: …"): the town line follows, as in a field of its own, and
# ends with its postcode.
_TOWN_LABEL: Final = (
    r"(?<=(?<![\w\-])(?i:town|city|suburb|locality|post[ ]?town)"
    r"(?:[ ]?(?:/|and|&)[ ]?(?i:town|city|post[ ]?code|zip(?:[ ]?code)?|state|province"
    r"|county|suburb)){0,3}[ ]?:[ ])"
)
# A parsed field (a JSON or YAML value's view, "key\x1fpath\x1f: value") under a key
# path naming an address or one of its lines ('"address": {"line2": …}').
# (a key ending in one of these words, after a word's start: "home_address",
# "homeAddress", "city", "town_line" and "address" + "line2" below it, not "capacity",
# "ip_address", "ipAddress" or "address_book")
_ADDRESS_WORD: Final = (
    r"(?:(?<![A-Za-z])|(?<=[a-z])(?=[A-Z]))(?<!ip[_\- ])(?<!ip)(?<!mac[_\- ])(?<!mac)"
    r"(?<!mail[_\- ])(?<!mail)"
    r"(?i:addr|address|anschrift|adresse|town|city|suburb|locality)"
    r"(?:[_\- ]?(?i:line|zeile)?[_\- ]?[0-9]?)"
)
_LINE_KEY: Final = r"(?i:line|zeile|town|city|suburb|locality|ort)(?:[_\- ]?[0-9])?"
_ADDRESS_KEY_FIELD: Final = (
    rf"(?:(?<={_ADDRESS_WORD}(?:\x1f{_LINE_KEY})?\x1f:[ ])"
    # (a JSON member as written, as a reply holds one: its own key only)
    rf'|(?<="(?:[\w\-]{{0,20}}[_\-])?{_ADDRESS_WORD}"[ ]?:[ ]?"))'
)
# An Irish address: the street line(s), localities ("Dublin 6", "Co. Dublin") and the
# Eircode: a routing key (a letter and two digits, or D6W) and a unique identifier of
# four characters from Eircode's alphabet (no B, G, I, J, L, M, O, Q, S, U or Z), at
# least one a letter ("A12 3456" is as often a code of another kind).  The town line
# alone is read in a field of its own ('"city_line": "Galway, H91 T3H3"').
_EIRCODE: Final = (
    r"(?:[AC-FHKNPRTV-Y][0-9]{2}|D6W)[ ]?(?=[0-9]{0,3}[AC-FHKNPRTV-Y])[0-9AC-FHKNPRTV-Y]{4}"
)
_IE_WORD: Final = r"(?:[A-Z][A-Za-z'\-]{0,24}\.?|[0-9]{1,2}|upon|on|the|of)"
_IE_ADDRESS: Final = (
    r"(?:(?<![\w\-])(?:(?:Flat|Apartment|Apt\.?|Unit|Suite|Studio)[ ]"
    rf"{_UK_NUMBER}{_LINE_BREAK}(?:{_UK_NUMBER},?[ ])?|{_UK_NUMBER},?[ ])"
    rf"[A-Z][A-Za-z'\-]{{0,24}}\.?(?:{_LINE_BREAK}{_IE_WORD}){{0,9}}{_LINE_BREAK}"
    rf"{_EIRCODE}(?![\w\-])"
    rf"|{_FIELD_START}{_EN_TOWN}"
    rf"(?:,?[ ](?:Co\.[ ])?[A-Z][A-Za-z'\-]{{0,24}}|[ ][0-9]{{1,2}}){{0,3}},?[ ]{_EIRCODE}"
    rf"{_FIELD_END}"
    rf"|{_TOWN_LABEL}{_EN_TOWN}"
    rf"(?:,?[ ](?:Co\.[ ])?[A-Z][A-Za-z'\-]{{0,24}}|[ ][0-9]{{1,2}}){{0,3}},?[ ]{_EIRCODE}"
    r"(?![\w\-]))"
)
# Lines before a postcode the British way: a flat, unit or house line or a house number,
# then the street, locality and town words, a building's name and the number after it
# ("Flat 306, Sai Krupa Apartments, 1011 Mittal Marg").
_NUMBERED_LINES: Final = (
    r"(?<![\w\-])(?:(?:Flat|Apartment|Apt\.?|Unit|Suite|Studio|House|Plot|Door)[ ]"
    rf"(?:No\.[ ])?{_UK_NUMBER}{_LINE_BREAK}(?:{_UK_NUMBER},?[ ])?|{_UK_NUMBER},?[ ])"
    rf"[A-Z][A-Za-z'\-]{{0,24}}\.?(?:{_LINE_BREAK}(?:{_IE_WORD}|{_UK_NUMBER})){{0,12}}"
)
# India Post: the lines, the town and its six-digit PIN, then the state or union
# territory by name ("Ballygunge, Kolkata 700019, West Bengal"); the name makes it one.
_IN_STATES: Final = (
    "Andhra Pradesh", "Arunachal Pradesh", "Assam", "Bihar", "Chhattisgarh", "Goa",
    "Gujarat", "Haryana", "Himachal Pradesh", "Jharkhand", "Karnataka", "Kerala",
    "Madhya Pradesh", "Maharashtra", "Manipur", "Meghalaya", "Mizoram", "Nagaland",
    "Odisha", "Punjab", "Rajasthan", "Sikkim", "Tamil Nadu", "Telangana", "Tripura",
    "Uttar Pradesh", "Uttarakhand", "West Bengal", "Andaman and Nicobar Islands",
    "Chandigarh", "Dadra and Nagar Haveli and Daman and Diu", "Delhi", "Jammu and Kashmir",
    "Ladakh", "Lakshadweep", "Puducherry",
)  # fmt: skip
_IN_STATE: Final = rf"(?:{'|'.join(s.replace(' ', '[ ]') for s in _IN_STATES)})(?![\w\-])"
_IN_ADDRESS: Final = (
    rf"{_NUMBERED_LINES}[ ][1-9][0-9]{{5}},?[ ]{_IN_STATE}"
    # or its town line alone after a form's label or under an address's key ("Town/
    # postcode: Andheri West, Mumbai 400058, Maharashtra")
    rf"|(?:{_TOWN_LABEL}|{_ADDRESS_KEY_FIELD})[A-Z][A-Za-z'\-]{{0,24}}"
    rf"(?:,?[ ][A-Z][A-Za-z'\-]{{0,24}}){{0,4}}[ ][1-9][0-9]{{5}},?[ ]{_IN_STATE}"
)
# New Zealand Post: a street line ending in its street-type word (and a flat after it),
# the suburb, a comma and the town, the four-digit postcode ("55 Campbell Avenue,
# Ponsonby, Auckland 1011"); without a state, the street-type word and the comma make it
# one.
# The suburb, a comma, the town and a postcode that is no year.
_NZ_TOWN_LINE: Final = (
    r"[A-Z][A-Za-z'\-]{0,24}(?:[ ][A-Z][A-Za-z'\-]{0,24})?,[ ]?[A-Z][A-Za-z'\-]{0,24}"
    r"(?:[ ][A-Z][A-Za-z'\-]{0,24})?[ ](?!19[0-9]{2}|20[0-4][0-9])[0-9]{4}"
)
_NZ_ADDRESS: Final = (
    r"(?<![\w.,\-/])(?:(?:Flat|Apartment|Apt\.?|Unit)[ ][0-9]{1,4}[A-Za-z]?,?[ ]"
    r"|[0-9]{1,4}[A-Za-z]?/)?"
    r"[0-9]{1,5}[A-Za-z]?(?:[ ][A-Z][A-Za-z'\-]{0,24}){0,3}"
    rf"[ ](?:{'|'.join(_STREET_TYPES)})(?:,?[ ](?:Flat|Apt\.?|Unit)[ ][0-9]{{1,4}}[A-Za-z]?)?"
    rf"(?:{_LINE_BREAK}[A-Z][A-Za-z'\-]{{0,24}}\.?(?:[ ][A-Z][A-Za-z'\-]{{0,24}}){{0,2}})?"
    # the town after a comma, then a postcode that is no year ("Auckland 1011", not
    # "Monthly Rent 2025": a headline's or a log's words end as often in a year)
    r",[ ]?[A-Z][A-Za-z'\-]{0,24}(?:[ ][A-Z][A-Za-z'\-]{0,24})?"
    r"[ ](?!19[0-9]{2}|20[0-4][0-9])[0-9]{4}(?![\w\-])"
    # or its town line alone after a form's label, or in a field whose key names an
    # address's part ("Town/postcode: Ponsonby, Auckland 1011", '"line2": "…"')
    rf"|(?:{_TOWN_LABEL}|{_ADDRESS_KEY_FIELD}){_NZ_TOWN_LINE}(?![\w\-])"
)
# Australia Post: street, locality, state or territory, four-digit postcode; Canada
# Post: street, municipality, province or territory code, postal code (A9A 9A9, no D,
# F, I, O, Q or U, no W or Z first).  A town line given alone ("Harmonfurt TAS 2006",
# "Lake Eric, AB M4R 2A6") is a span of its own.
_CA_POSTCODE: Final = (
    r"[ABCEGHJ-NPRSTVXY][0-9][ABCEGHJ-NPRSTV-Z][ ]?[0-9][ABCEGHJ-NPRSTV-Z][0-9]"
)
# Every Australian match holds its state, a space and the postcode's first digit, every
# Canadian one its province, a space or two and the postal code's first letter: literal
# anchors, so the entries are searched only in a text that holds one.
_AU_STATE_CODES: Final = ("NSW", "VIC", "QLD", "SA", "WA", "TAS", "NT", "ACT")
_CA_PROVINCE_CODES: Final = (
    "AB", "BC", "MB", "NB", "NL", "NS", "NT", "NU", "ON", "PE", "QC", "SK", "YT",
)  # fmt: skip
_AU_ANCHORS: Final = tuple(f"{state} {digit}" for state in _AU_STATE_CODES for digit in DIGITS)
_CA_ANCHORS: Final = tuple(
    f"{province}{space}{letter}"
    for province in _CA_PROVINCE_CODES
    for space in (" ", "  ")
    for letter in "ABCEGHJKLMNPRSTVXY"
)
_AU_TAIL: Final = rf"{_EN_TOWN},?[ ](?:{'|'.join(_AU_STATE_CODES)})[ ][0-9]{{4}}"
_AU_ADDRESS: Final = (
    rf"(?:(?<![\w.,\-/]){_EN_STREET}{_LINE_BREAK}{_AU_TAIL}(?![\w\-])"
    rf"|{_FIELD_START}{_AU_TAIL}{_FIELD_END}|{_TOWN_LABEL}{_AU_TAIL}(?![\w\-]))"
)
_CA_TAIL: Final = (
    rf"{_EN_TOWN},?[ ](?:{'|'.join(_CA_PROVINCE_CODES)})[ ]{{1,2}}{_CA_POSTCODE}"
)
_CA_ADDRESS: Final = (
    rf"(?:(?<![\w.,\-/]){_EN_STREET}{_LINE_BREAK}{_CA_TAIL}(?![\w\-])"
    rf"|{_FIELD_START}{_CA_TAIL}{_FIELD_END}|{_TOWN_LABEL}{_CA_TAIL}(?![\w\-]))"
)
# ... or its town line alone in a quoted field ('"Campbellville CO4 5AS"'; a storage size
# is no inward code: '"Samsung T7 2TB"').
_UK_ADDRESS: Final = (
    rf"(?:{_UK_STREET_ADDRESS}"
    rf"|{_FIELD_START}{_EN_TOWN},?[ ](?!.{{1,5}}[0-9][GTP]B{_FIELD_END}){_UK_POSTCODE}"
    rf"{_FIELD_END}"
    rf"|{_TOWN_LABEL}{_EN_TOWN},?[ ]{_UK_POSTCODE}(?![\w\-]))"
)
# A street line alone in a quoted field of its own ("'Rosenweg 96a'", '"8046 S Congress
# Pl"', '"Flat 05t, Bernard Ferry"'): a German street with a street-type word of its own
# (no opener, no "-ring" glued: "'Im Jahr 2024'", "'Spring 2024'" are titles) and its
# number, or a house number (or a unit), one to four capitalised words and a street-type
# word (USPS Publication 28's and the British ones, without those that are ordinary
# words: "'3 Day Pass'", "'10 Points'").
# A unit opening a street line ("Flat 05t", "Apt. 5") and one after it ("Apt. 238").
_UNIT_WORD: Final = r"(?:Flat|Apt\.?|Apartment|Suite|Unit|Studio|Level)"
_UNIT_AFTER: Final = (
    r"(?:,?[ ](?:Apt\.?|Apartment|Flat|Studio|Suite|Ste\.?|Unit|Fl\.?|Floor|\#)[ ]?"
    r"[0-9A-Z][0-9A-Za-z\-]{0,5})?"
)
_EN_STREET_LINE: Final = (
    rf"(?:{_UNIT_WORD}[ ][0-9A-Za-z]{{1,5}},?[ ]"
    r"(?:[0-9]{1,6}[A-Za-z]?[ ])?|(?:[0-9]{1,5}[A-Za-z]?[/\-])?[0-9]{1,6}[A-Za-z]?[ ])"
    rf"(?:[A-Z][A-Za-z'\-]{{0,24}}\.?[ ]){{1,4}}(?:{'|'.join(_STREET_TYPES)})\.?"
    + _UNIT_AFTER
)
_DE_FIELD_STREET: Final = (
    rf"[{_UP}][\w\-ß]{{0,40}}(?:straße|strasse|str\.|weg|gasse|platz|allee|damm|ufer|chaussee"
    r"|-Ring|[ ](?:Straße|Strasse|Str\.|Weg|Gasse|Platz|Allee|Ring|Damm|Ufer))"
)
# Under a key or an element for the street ('{"street": "4596 Webster Route"}',
# "<strasse>Am Markt 51</strasse>") the key decides: any capitalised words and the house
# number, the English way (number first, a unit before or after) or the German one.
def _under_key(keys: str) -> str:
    """The look-behind of a value alone under a key of ``keys`` (a parsed JSON value: the
    view's "key path\x1f: value"; a JSON member as written, as a reply holds one) or an
    XML element named by one."""
    return rf'(?:(?<=(?<![^\x1f]){keys}\x1f:[ ])|(?<=<{keys}>)|(?<="{keys}"[ ]?:[ ]?"))'


# (the value's, the element's or the written JSON string's end)
_VALUE_END: Final = r'(?:(?!.)|(?=</)|(?="))'
_STREET_KEYS: Final = (
    r"(?i:street|strasse|street[_\-]?(?:address|line)|address[_\-]?line[_\-]?1|address1"
    r"|addr[_\-]?1|strasse[_\-]?(?:und[_\-]?)?(?:hausnr|hausnummer|nr)"
    # (a first line only under an address's name: "shipping\x1fline1", not "steps")
    r"|[\w\-]{0,20}(?:addr|anschrift|ship|bill|home|mail|post|deliver|liefer)[\w\-]{0,20}"
    r"\x1fline[_\-]?1)"
)
_KEYED_STREET: Final = (
    rf"{_under_key(_STREET_KEYS)}"
    rf"(?:(?:{_UNIT_WORD}[ ][0-9A-Za-z]{{1,5}},?[ ])?"
    r"[0-9]{1,6}[A-Za-z]?(?:[/\-][0-9]{1,5}[A-Za-z]?)?"
    rf"|{_UNIT_WORD}[ ][0-9A-Za-z]{{1,5}})"
    r"(?:[ ][A-Z][A-Za-z'\-.]{0,24}){1,5}"
    + _UNIT_AFTER
    + _VALUE_END
    + rf"|{_under_key(_STREET_KEYS)}"
    rf"[{_UP}][\w\-ß.']{{0,40}}(?:[ ][\w\-ß.']{{1,40}}){{0,3}}[ ]{_DE_HOUSE}{_VALUE_END}"
)
# A form's line for the street, in German ("Straße/Hausnr.: Heckerstraße 7481", "Straße:
# Alte Landstraße 33"): a street as the German grammar writes one, then its number
# ("Straße: Gesperrt bis 2024" is about the road).
_STREET_LABELS: Final = (
    r"(?i:stra(?:ss|ß)e(?:[ ]?(?:/|und|u\.)[ ]?(?:hausnr\.?|hausnummer|nr\.?))?)"
)
# ... and an English one ("Address line 1: 6230 Randolph Road", "Street address: …"):
# there the street's own grammar (a street-type word ends it).
_EN_STREET_LABELS: Final = (
    r"(?i:address[ ]?line[ ]?1|addr(?:ess|\.)?[ ]?1|street(?:[ ]?address)?|line[ ]?1)"
)
_STREET_FIELD: Final = (
    rf"{_FIELD_START}(?:{_DE_FIELD_STREET}[ ]{_DE_HOUSE}|{_EN_STREET_LINE}){_FIELD_END}"
    rf"|(?<=(?<![\w\-/]){_EN_STREET_LABELS}[ ]?:[ ]){_EN_STREET_LINE}(?![\w\-])"
    rf"|{_KEYED_STREET}"
    # (after the form's label the German street grammar, openers and all)
    rf"|(?<=(?<![\w\-/]){_STREET_LABELS}[ ]?:[ ]){_DE_STREET}[ ]{_DE_HOUSE}(?![\w\-])"
)
# A German, Austrian or Swiss town line alone as a parsed JSON value (the view's "key
# path\x1f: value") under a key for the town, or an XML element's text: "ort", "city",
# "plz_ort", … ('{"ort": "92710 Erkelenz"}', "<ort>4208 Glarus</ort>").  Five or four
# digits and a capitalised word are as often an amount and its unit or a year and a
# title ('"50000 Euro"', '"2024 Release"'), so the key decides.
_TOWN_KEYS: Final = (
    r"(?i:(?:wohn)?ort|stadt|city|town|locality|gemeinde|plz[_\-]?(?:und[_\-]?)?ort"
    r"|ort[_\-]?plz|city[_\-]?(?:line|name)|zip[_\-]?city|post(?:al)?[_\-]?town|postort)"
)
# ... or a form's line for it ("PLZ/Ort: 13802 Rostock", "Wohnort: …"; a bare "Ort:"
# stands before events and counts as often): the town's own grammar.
_TOWN_LABELS: Final = (
    r"(?i:(?:plz|postleitzahl)[ ]?(?:/|,|und|&)?[ ]?(?:wohn)?ort|wohnort)"
)
_BOUNDED_TOWN_WORD: Final = rf"[{_UP}][\w\-ß]{{0,40}}"
_LABELLED_TOWN: Final = (
    rf"(?<=(?<![\w\-/]){_TOWN_LABELS}[ ]?:[ ])(?:(?:D|A|AT|CH)-)?[0-9]{{4,5}}[ ]"
    rf"(?:(?:Bad|Sankt|St\.)[ ])?{_BOUNDED_TOWN_WORD}"
    r"(?:[ ](?:am|an[ ]der|im|in[ ]der|ob[ ]der|bei|vor[ ]der|auf[ ]der)"
    rf"[ ](?:{_BOUNDED_TOWN_WORD}er[ ]{_REGION_NOUN}|{_BOUNDED_TOWN_WORD}))?"
    rf"(?:[ ]\({_BOUNDED_TOWN_WORD}\)|/{_BOUNDED_TOWN_WORD})?(?![\w\-])"
)
# (the town up to the value's or the element's end: a capitalised word and up to four
# more, "Frankfurt am Main", "Halle (Saale)", "Biel/Bienne", "Wald ZH", a country after
# a comma)
_TOWN_FIELD: Final = (
    rf"{_LABELLED_TOWN}|{_under_key(_TOWN_KEYS)}"
    rf"(?:(?:D|A|AT|CH)-)?[0-9]{{4,5}}[ ][{_UP}][\w\-ß.'()/]{{0,40}}"
    rf"(?:,?[ ][\w\-ß.'()/]{{1,40}}){{0,4}}{_VALUE_END}"
)
# A vCard's ADR property (RFC 6350 6.3.1; any case, an Apple "item1." group): after the
# empty post-office-box and extended-address components, the street, locality, region
# and postal code, and the country where the next property or the text's end follows
# it (the view folds line breaks, so a sentence after the card is no country).
_VCARD_ADR: Final = (
    r"(?<![A-Za-z\-])(?:[Ii][Tt][Ee][Mm][0-9]{1,3}\.)?(?:ADR|adr|Adr)(?:;[^:\n]{0,100})?:;{0,2}\K"
    r"(?=[^;:\s])[^;:\n]{1,100};[^;:\n]{0,60};[^;:\n]{0,40};[^;:\s]{0,10}"
    r"(?:[ ][^;:\s]{1,10}(?=;))?"
    r"(?:;[^;:\s]{1,30}(?:[ ][^;:\s]{1,30}){0,3}"
    r"(?=;{0,3}(?:[ ]?(?!.)|[ ](?:[Ii]tem[0-9]{1,3}\.)?[A-Za-z][A-Za-z0-9\-]{0,30}[:;])))?"
)
# A US town line alone in a quoted field ('"Port Brandonside, TX 77657"', '"Tucson AZ
# 85719"'): a whole address is US_ADDRESS's.
_US_TOWN_LINE: Final = (
    rf"{_FIELD_START}{_EN_TOWN},?[ ][A-Z]{{2}}[ ][0-9]{{5}}(?:-[0-9]{{4}})?{_FIELD_END}"
    rf"|{_TOWN_LABEL}{_EN_TOWN},?[ ][A-Z]{{2}}[ ][0-9]{{5}}(?:-[0-9]{{4}})?(?![\w\-])"
)

# --- obfuscated e-mail addresses -----------------------------------------------------

_BRACKET_AT: Final = r"[ ]?[\[({<][ ]?(?:at|AT)[ ]?[\])}>][ ]?"
_DOT: Final = r"(?:[ ]?[\[({<][ ]?(?:dot|DOT)[ ]?[\])}>][ ]?|[ ](?:dot|DOT)[ ])"
_LABEL: Final = r"[A-Za-z0-9](?:[A-Za-z0-9\-]{0,61}[A-Za-z0-9])?"
_LOCAL: Final = rf"(?<![\w.+\-])[\w+\-]{{1,64}}(?:(?:\.|{_DOT})[\w+\-]{{1,64}}){{0,3}}"
# A bracketed "at" marks the address on its own; a plain " at " only with a spelled-out
# " dot " before the top-level domain ("available at example.com" is prose).
_OBFUSCATED_EMAIL: Final = (
    rf"{_LOCAL}(?:{_BRACKET_AT}{_LABEL}(?:(?:\.|{_DOT}){_LABEL}){{0,4}}(?:\.|{_DOT})"
    rf"|[ ](?:at|AT)[ ]{_LABEL}(?:(?:\.|{_DOT}){_LABEL}){{0,4}}{_DOT})"
    r"[A-Za-z]{2,24}(?![\w\-])"
)


# Every obfuscated address holds one of these: a bracketed "at" or "dot", or " dot ".
_OBFUSCATION_MARKS: Final = (
    *(
        f"{word}{space}{close}"
        for word in ("at", "AT", "dot", "DOT")
        for space in ("", " ")
        for close in "])}>"
    ),
    " dot ",
    " DOT ",
)


# --- VAT ids outside the EU, social-insurance numbers, German keyword inflection ----
# (issue #11: UK and Swiss VAT ids, the German pension insurance number, the Austrian
# social-insurance number, the UK National Insurance number.)


# Austria's pension insurance is run under the social-insurance number: a pension
# word names it as well as "SV-Nummer" does ("Die Rentenversicherungsnummer … lautet
# 8441130974", "Für die Rentenversicherung: meine Nummer ist …"); a log's "sv=" key.
_AT_SVNR_WORDS: Final = (
    *_de_inflected((
        "sozialversicherungsnummer", "versicherungsnummer", "rentenversicherungsnummer",
        "pensionsversicherungsnummer", "sozialversicherung", "rentenversicherung",
        "pensionsversicherung",
    )),
    "sv", "sv-nr", "rv-nummer", "rv-nr.", "pension insurance number", "ssn",
    "sv-nummer", "SV-Nummer", "sv-nr.", "SV-Nr.", "SV Nr.", "svnr", "vsnr", "SVNR", "VSNR",
    "vers.-nr.", "Vers.-Nr.", "versicherungsnr.", "sozialversicherungsnr.", "e-card",
    "e-card-nummer", "social insurance number", "social insurance no.",
    "social security number", "insurance number", "sozialversicherungs-nr.",
    "Sozialversicherungs-Nr.",
)  # fmt: skip

# After a National Insurance or social-security word a number of the NINO's shape is
# one whatever its letters ("His social security number is ZZ 97 96 18 T": test data
# and placeholders use prefixes HMRC never issues).
_NINO_WORDS: Final = (
    "national insurance number", "national insurance no.", "national insurance",
    "national insurance #", "National Insurance number", "National Insurance Number",
    "National Insurance No.", "National Insurance", "nino", "NINO", "ni number", "NI number",
    "NI Number", "ni no.", "NI no.", "NI No.", "NI", "N.I.", "N.I. number", "NI #", "NI#",
    "social security number", "social security no.", "ssn", "SSN",
)  # fmt: skip

# An id word after a record's noun names that record's id ("order ID number …").
_NOT_A_RECORD_ID: Final = (
    r"(?<!(?i:order|invoice|ticket|case|customer|client|account|transaction|booking|tracking"
    r"|session|user|member|request|product|item|employee|device|job|build|shipment"
    r"|confirmation|reservation|process|message|chat|merchant|payment|vendor|supplier"
    r"|kunden|bestell|auftrags|rechnungs|vorgangs|mitglieds)[ _\-]?)"
)
# Generic words for the number a government gave a person ("Right-to-work check: ID
# number 309623687", "Government ID: …"): a value of a national format that validates
# is read as that number.
_ID_NUMBER_WORDS: Final = (
    "id number", "id no.", "id #", "id-nr.", "government id", "government-issued id",
    "national id", "national id number", "identification number", "personal id number",
    "ID number", "ID no.", "ID #", "ID-Nr.", "Government ID", "Government-issued ID",
    "National ID", "National ID number", "Personal ID number",
)  # fmt: skip

_OTHER_IDS: Final[tuple[EntityPattern, ...]] = (
    EntityPattern(
        name="GB_VAT_ID",
        label="VAT_ID",
        pattern=r"(?<![\w\-])GB[ ]?(?:[0-9]{3}[ ]?[0-9]{4}[ ]?[0-9]{2}(?:[ ]?[0-9]{3})?"
        r"|(?:GD|HA)[0-9]{3})" + NUM_AFTER,
        validator=idv.is_gb_vat,
        score=0.85,
        description="UK VAT registration number: GB + 9 digits (branch + 3), GBGD/GBHA + 3",
        max_length=18,
        anchors=("GB",),
        starts_at_anchor=True,
    ),
    EntityPattern(
        name="CH_UID",
        label="VAT_ID",
        # The VAT register's suffix belongs to the number ("CHE-123.456.789 MWST").
        pattern=r"(?<![\w\-])CHE[\- ]?(?:[0-9]{3}\.[0-9]{3}\.[0-9]{3}|[0-9]{9})"
        r"(?:[ ](?:MWST|TVA|IVA|HR))?" + NUM_AFTER,
        validator=idv.is_ch_uid,
        score=0.85,
        description="Swiss business id / VAT number (UID), CHE-123.456.789 (MWST), mod 11",
        max_length=20,
        anchors=("CHE",),
        starts_at_anchor=True,
    ),
    EntityPattern(
        name="DE_RVNR",
        label="NATIONAL_ID",
        # The initial between the date and the serial marks the number: no keyword needed.
        pattern=NUM_BEFORE + r"[0-9]{2}[ ]?[0-9]{6}[ ]?[A-Z][ ]?[0-9]{2}[ ]?[0-9]" + NUM_AFTER,
        validator=idv.is_de_rvnr,
        score=0.85,
        description="German pension insurance number (RVNR), area, birth date, initial, check",
        max_length=16,
        anchors=DIGITS,
    ),
    _keyed(
        "AT_SVNR",
        "NATIONAL_ID",
        _AT_SVNR_WORDS,
        r"[1-9][0-9]{3}[ ]?[0-9]{2}[ ]?[0-9]{2}[ ]?[0-9]{2}" + NUM_AFTER,
        13,
        idv.is_at_svnr,
        0.85,
        "Austrian social-insurance number, 4 + birth date, check digit, after a keyword",
        _DE_FILLERS,
        window=True,
    ),
    # Two prefix letters, six digits and a suffix A-D, in pairs or compact: HMRC's
    # prefix rules make the shape rare enough to need no keyword ("lists Gavin Chapman
    # with ZC 54 78 23 D", "Government ID: YT238759B").
    EntityPattern(
        name="UK_NINO",
        label="NATIONAL_ID",
        # not a product's, a part's or an order's code ("SKU: AB123456C", "part
        # MC123456A", "/api/items/HE123456D")
        pattern=r"(?<![\w\-/=#])"
        r"(?<!(?i:sku|part|order|item|ref|product|article|art|serial|model|code|artikel)"
        r"[ :\#.\-]{0,3})"
        r"[A-Z]{2}[ ]?[0-9]{2}[ ]?[0-9]{2}[ ]?[0-9]{2}[ ]?[A-D]" + TOKEN_AFTER,
        validator=idv.is_uk_nino,
        score=0.85,
        description="UK National Insurance number (HMRC prefixes, suffix A-D)",
        max_length=13,
        anchors=DIGITS,
    ),
    _keyed(
        "UK_NINO_KEYED",
        "NATIONAL_ID",
        _NINO_WORDS,
        r"[A-Z]{2}[ ]?[0-9]{2}[ ]?[0-9]{2}[ ]?[0-9]{2}[ ]?[A-Z]" + TOKEN_AFTER,
        13,
        None,
        0.8,
        "A number of the NINO's shape, any letters, after a National Insurance or"
        " social-security word",
    ),
)


PERSONAL_ENTRIES: Final[tuple[EntityPattern, ...]] = (
    _keyed(
        "DATE_OF_BIRTH",
        "DATE_OF_BIRTH",
        _BIRTH_WORDS,
        _DATE,
        30,
        idv.is_birth_date,
        0.85,
        "Date of birth (EN and DE formats) right after a birth keyword",
        ("it's", "it", "stored", "recorded", "listed", "as", "to", "be", "should", "am"),
        between_names=True,
    ),
    EntityPattern(
        name="US_ITIN",
        label="US_ITIN",
        pattern=NUM_BEFORE
        + rf"9[0-9]{{2}}{GROUP_SEP}(?:5[0-9]|6[0-5]|7[0-9]|8[0-8]|9[0-24-9]){GROUP_SEP}[0-9]{{4}}"
        + NUM_AFTER,
        validator=idv.is_us_itin,
        score=0.85,
        description="US Individual Taxpayer Identification Number, 9xx-7x-xxxx, IRS ranges",
        max_length=11,
        anchors=DIGITS,
    ),
    _keyed(
        "US_SSN_ID",
        "US_SSN",
        _ID_NUMBER_WORDS,
        rf"(?:[0-9]{{9}}|[0-9]{{3}}{GROUP_SEP}[0-9]{{2}}{GROUP_SEP}[0-9]{{4}})" + NUM_AFTER,
        11,
        v.is_us_ssn,
        0.8,
        "US SSN after a generic id word ('ID number', 'Government ID'): the SSA's rules",
        not_after=_NOT_A_RECORD_ID,
        label_tail=LABEL_TAIL_COLON,
    ),
    _keyed(
        "US_ITIN_BARE",
        "US_ITIN",
        ("itin", "taxpayer identification number"),
        r"9[0-9]{8}" + NUM_AFTER,
        9,
        idv.is_us_itin,
        0.85,
        "Bare 9-digit ITIN right after 'ITIN'",
        window=True,
    ),
    _keyed(
        "CREDIT_CARD_BARE",
        "CREDIT_CARD",
        _CARD_WORDS,
        r"[0-9]{12}" + NUM_AFTER,
        12,
        v.is_card_after_keyword,
        0.9,
        "Bare 12-digit card number (Maestro) right after a card keyword",
        ("no", "nr", "for", "für", "ending", "in"),
        window=True,
    ),
    _keyed(
        "PASSPORT",
        "PASSPORT",
        _PASSPORT_WORDS,
        rf"(?:[CFGHJK]{_DOC_CHAR}{{8}}[0-9]?|[A-Z][0-9]{{8}}|[0-9]{{9}}|[A-Z]{{1,2}}[ ]?[0-9]{{7}})"
        + TOKEN_AFTER,
        10,
        v.is_passport,
        0.85,
        "Passport number (German C/F/G/H/J/K + 8 and its ICAO check digit if written, US 9"
        " digits or letter + 8, Austrian and Swiss letter + 7, two letters + 7) after a"
        " keyword",
        _DE_FILLERS,
        between_names=True,
    ),
    _keyed(
        "DE_ID_CARD",
        "NATIONAL_ID",
        _ID_CARD_WORDS,
        rf"[CFGHJKLMNPRTVWXYZ]{_DOC_CHAR}{{8}}(?:[0-9](?![\w\-])|(?![\w\-]))",
        10,
        v.is_de_id_card,
        0.85,
        "German Personalausweis number after a keyword (ICAO check digit if written)",
        _DE_FILLERS,
        between_names=True,
    ),
    EntityPattern(
        name="CH_AHV",
        label="NATIONAL_ID",
        pattern=NUM_BEFORE + r"756(?:\.[0-9]{4}\.[0-9]{4}\.|[0-9]{8})[0-9]{2}" + NUM_AFTER,
        validator=idv.is_national_id,
        score=0.9,
        description="Swiss AHV/AVS social security number, 756.xxxx.xxxx.xx, EAN-13 check",
        max_length=16,
        anchors=("756",),
    ),
    EntityPattern(
        name="ES_DNI",
        label="NATIONAL_ID",
        pattern=NUM_BEFORE + r"[0-9]{8}-?[A-Z]" + TOKEN_AFTER,
        validator=idv.is_national_id,
        score=0.85,
        description="Spanish DNI, 8 digits and the check letter",
        max_length=10,
        anchors=DIGITS,
    ),
    EntityPattern(
        name="IT_CODICE_FISCALE",
        label="NATIONAL_ID",
        pattern=r"(?<![\w\-])[A-Z]{6}[0-9LMNPQRSTUV]{2}[A-EHLMPR-T][0-9LMNPQRSTUV]{2}[A-Z]"
        r"[0-9LMNPQRSTUV]{3}[A-Z](?![\w\-])",
        validator=idv.is_national_id,
        score=0.9,
        description="Italian codice fiscale, 16 characters with its check letter",
        max_length=16,
        anchors=(),
    ),
    EntityPattern(
        name="FR_NIR",
        label="NATIONAL_ID",
        pattern=NUM_BEFORE
        + r"[12][ ]?[0-9]{2}[ ]?(?:0[1-9]|1[0-2]|[2-9][0-9])[ ]?(?:[0-9]{2}|2[AB])[ ]?"
        r"[0-9]{3}[ ]?[0-9]{3}[ ]?[0-9]{2}" + NUM_AFTER,
        validator=idv.is_national_id,
        score=0.85,
        description="French social security number (NIR), 15 digits with its key",
        max_length=21,
        anchors=DIGITS,
    ),
    EntityPattern(
        name="SE_PERSONNUMMER",
        label="NATIONAL_ID",
        pattern=NUM_BEFORE + r"(?:[0-9]{2})?[0-9]{6}[\-+][0-9]{4}" + NUM_AFTER,
        validator=idv.is_national_id,
        score=0.8,
        description="Swedish personnummer, (YY)YYMMDD-XXXX, date and Luhn check",
        max_length=13,
        anchors=DIGITS,
    ),
    _keyed(
        "NL_BSN",
        "NATIONAL_ID",
        ("bsn", "burgerservicenummer", "sofinummer"),
        r"[0-9]{9}" + NUM_AFTER,
        9,
        idv.is_national_id,
        0.85,
        "Dutch citizen service number (BSN), 11-proof, after a keyword",
        window=True,
    ),
    _keyed(
        "PL_PESEL",
        "NATIONAL_ID",
        ("pesel",),
        r"[0-9]{11}" + NUM_AFTER,
        11,
        idv.is_national_id,
        0.85,
        "Polish PESEL, 11 digits with check digit, after a keyword",
        window=True,
    ),
    EntityPattern(
        name="EU_VAT_ID",
        label="VAT_ID",
        pattern=r"(?<![\w\-])(?:" + "|".join(_EU_VAT_PREFIXES) + r")[ ]?"
        r"(?:U[0-9]{8}|[0-9A-Z+*]{2,12})(?![\w\-])",
        validator=idv.is_vat_id,
        score=0.85,
        description="EU VAT identification number with country prefix, stdnum check digits",
        max_length=15,
        anchors=_EU_VAT_PREFIXES,
        starts_at_anchor=True,
    ),
    *_OTHER_IDS,
    _keyed(
        "BIC",
        "BIC",
        (
            "bic",
            "swift",
            "swift code",
            "swift-code",
            "bic code",
            "bic/swift",
            "swift/bic",
            "bic-code",
        ),
        r"[A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?(?![\w\-])",
        11,
        idv.is_bic,
        0.85,
        "BIC / SWIFT code after a BIC or SWIFT keyword (ISO 9362 structure, country code)",
        ("code",),
    ),
    EntityPattern(
        name="DE_ADDRESS",
        label="ADDRESS",
        pattern=_DE_ADDRESS,
        validator=idv.is_de_address,
        score=0.8,
        description="German postal address: street with a street-type suffix, number, PLZ, city",
        max_length=200,
        anchors=DIGITS,
    ),
    EntityPattern(
        name="AT_CH_ADDRESS",
        label="ADDRESS",
        pattern=_AT_CH_ADDRESS,
        validator=idv.is_at_ch_address,
        score=0.8,
        description="Austrian or Swiss postal address: street, number, 4-digit postcode, town",
        max_length=210,
        anchors=DIGITS,
    ),
    EntityPattern(
        name="US_ADDRESS",
        label="ADDRESS",
        pattern=_US_ADDRESS,
        validator=idv.is_us_address,
        score=0.8,
        description="US postal address: number, street, unit, city, state code, ZIP",
        max_length=220,
        anchors=DIGITS,
    ),
    EntityPattern(
        name="IE_ADDRESS",
        label="ADDRESS",
        pattern=_IE_ADDRESS,
        validator=None,
        score=0.8,
        description="Irish postal address: street, localities, Eircode; or the town line"
        " alone in a field",
        max_length=360,
        anchors=DIGITS,
    ),
    EntityPattern(
        name="IN_ADDRESS",
        label="ADDRESS",
        pattern=_IN_ADDRESS,
        validator=None,
        score=0.8,
        description="Indian postal address: lines, town, six-digit PIN and the state's name",
        max_length=470,
        anchors=DIGITS,
    ),
    EntityPattern(
        name="NZ_ADDRESS",
        label="ADDRESS",
        pattern=_NZ_ADDRESS,
        validator=None,
        score=0.8,
        description="New Zealand postal address: a street line with its street-type word,"
        " suburb, town and four-digit postcode",
        max_length=290,
        anchors=DIGITS,
    ),
    EntityPattern(
        name="UK_ADDRESS",
        label="ADDRESS",
        pattern=_UK_ADDRESS,
        validator=None,
        score=0.8,
        description="UK postal address: flat or house number, street, town, Royal Mail"
        " postcode; or the town line alone in a quoted field",
        max_length=360,
        anchors=DIGITS,
    ),
    EntityPattern(
        name="AU_ADDRESS",
        label="ADDRESS",
        pattern=_AU_ADDRESS,
        validator=None,
        score=0.8,
        description="Australian postal address (or its town line): street, locality, state,"
        " postcode",
        max_length=320,
        anchors=_AU_ANCHORS,
    ),
    EntityPattern(
        name="CA_ADDRESS",
        label="ADDRESS",
        pattern=_CA_ADDRESS,
        validator=None,
        score=0.8,
        description="Canadian postal address (or its town line): street, municipality,"
        " province, postal code",
        max_length=320,
        anchors=_CA_ANCHORS,
    ),
    EntityPattern(
        name="STREET_FIELD",
        label="ADDRESS",
        pattern=_STREET_FIELD,
        validator=None,
        score=0.75,
        description="A street line alone in a quoted field: the German grammar, or a house"
        " number and words ending in a street-type word",
        max_length=260,
        anchors=DIGITS,
    ),
    EntityPattern(
        name="TOWN_FIELD",
        label="ADDRESS",
        pattern=_TOWN_FIELD,
        validator=idv.is_de_at_ch_town_line,
        score=0.75,
        description="A German, Austrian or Swiss town line (postcode, town) alone as a JSON"
        " value under a key for the town",
        max_length=260,
        anchors=DIGITS,
    ),
    EntityPattern(
        name="VCARD_ADDRESS",
        label="ADDRESS",
        pattern=_VCARD_ADR,
        validator=None,
        score=0.85,
        description="The value of a vCard's ADR property",
        max_length=720,
        anchors=("ADR;", "ADR:", "adr;", "adr:", "Adr;", "Adr:"),
        starts_at_anchor=True,
    ),
    EntityPattern(
        name="US_TOWN_LINE",
        label="ADDRESS",
        pattern=_US_TOWN_LINE,
        validator=idv.is_us_town_line,
        score=0.75,
        description="A US address's town line alone in a quoted field: city, state code, ZIP",
        max_length=145,
        anchors=DIGITS,
    ),
    EntityPattern(
        name="EMAIL_OBFUSCATED",
        label="EMAIL",
        pattern=_OBFUSCATED_EMAIL,
        validator=None,
        score=0.8,
        description="E-mail address with 'at'/'dot' spelled out or bracketed",
        max_length=64 * 4 + 24 + 5 * 63 + 5 * 9 + 24,
        anchors=_OBFUSCATION_MARKS,
    ),
)

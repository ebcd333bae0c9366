"""The label reader (detectors.labelled): a value is what its label says, wherever the
label is written — before it on its line or in its sentence, across its list siblings,
in a table's header, on the line above, after it — and a label naming another thing
with a number of its own takes an entry's value back."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from detectors.label_words import KINDS, OTHER_KIND, classify
from detectors.regex import RegexDetector, create
from pipelines.canon.view import build_views
from pipelines.spans import DetectorContext, Span
from tests.conftest import scan_views

DETECTOR = create({}, DetectorContext(name="regex"))
WITHOUT_READER = create({"read_labels": False}, DetectorContext(name="regex"))


def spans_of(detector: RegexDetector, text: str) -> list[tuple[str, str]]:
    """(label, raw text) of every span the detector finds in ``text``'s views."""
    return [(s.label, text[s.start : s.end]) for s in scan_views(detector.scan, text)]


def covered(spans: list[Span], text: str, value: str) -> bool:
    """Some span covers any character of the first occurrence of ``value``."""
    start = text.index(value)
    end = start + len(value)
    return any(s.start < end and start < s.end for s in spans)


# (text, [(label, value) the reader types], [values left alone])
ROWS: list[tuple[str, list[tuple[str, str]], list[str]]] = [
    # the label before the value on its line, its head deciding
    (
        "SSN (last four only requested, full given): 677936788",
        [("US_SSN", "677936788")],
        [],
    ),
    ("Kreditkarte laut Beleg: 4111 1111 1111 1111", [("CREDIT_CARD", "4111 1111 1111 1111")], []),
    ("Unsere USt-IdNr.: DE 298 722 007", [("VAT_ID", "DE 298 722 007")], []),
    ("Passnummer ist jetzt S5A36563", [("PASSPORT", "S5A36563")], []),
    # across list siblings to the label
    (
        "Passnummern: Luis Mäder – V84306675, Fatime Blaser – 117182775",
        [("PASSPORT", "V84306675"), ("PASSPORT", "117182775")],
        [],
    ),
    (
        "phones: 512 246 8396/+16468018639",
        [("PHONE", "512 246 8396"), ("PHONE", "+16468018639")],
        [],
    ),
    # words of the sentence before the value, and the sentence before it
    (
        "also my passport number changed, new one is 521616909",
        [("PASSPORT", "521616909")],
        [],
    ),
    (
        "Lead #3167: Alison Huynh, SSN on the credit application 450690264. Thanks",
        [("US_SSN", "450690264")],
        [],
    ),
    (
        "I need copies of the passports. So far I have Mrs Rachel Simpson — T12944214.",
        [("PASSPORT", "T12944214")],
        [],
    ),
    (
        "Prospect rang about pricing, gave the number 7125269857.",
        [("PHONE", "7125269857")],
        [],
    ),
    # a key: logfmt, a vCard's parameters, a key path, a party
    ('msg="SMS fehlgeschlagen" an=0512 919957-0 nutzer=x', [("PHONE", "0512 919957-0")], []),
    ("TEL;TYPE=WORK:5126877727", [("PHONE", "5126877727")], []),
    ('{"customer": {"ssn": {"primary": "536221234"}}}', [("US_SSN", "536221234")], []),
    ('{"an": "01 71682 791"}', [("PHONE", "01 71682 791")], []),
    # a table's header
    (
        "| Name | Phone | Passport |\n|---|---|---|\n| Catherine Lee | +44 131 249 7332 "
        "| 759913597 |\n| John Craig | (0121) 217 0540 | 740354294 |",
        [("PASSPORT", "759913597"), ("PASSPORT", "740354294")],
        [],
    ),
    (
        "id;name;passport\n1;Ann Bell;W28301488\n2;Sandra Taylor;A47170626",
        [("PASSPORT", "W28301488"), ("PASSPORT", "A47170626")],
        [],
    ),
    # a table's cells are read by their own column, never across a gap or a remark
    (
        "Employee\tDOB\tTax ID\tMobile\nAnn Bell\t1990-01-02\t123456782\t0412 345 678\n"
        "Carl Todd\t1981-05-06\t876543210 (AU TFN)\t0423 456 789",
        [("NATIONAL_ID", "123456782"), ("NATIONAL_ID", "876543210")],
        [],
    ),
    (
        "Name,DOB,Tax ID,Email\nAnn Bell,3 May 1990,123 456 782,ann@example.org",
        [("NATIONAL_ID", "123 456 782")],
        [],
    ),
    (
        "Name | SSN/ITIN | Email\nAnn Bell | 536221234 | ann@example.org",
        [("US_SSN", "536221234")],
        [],
    ),
    (
        "Name\tNote\tMobile\nAnn Bell\t48 511 021 183 (DE Steuer-ID)\t(415) 555 0142",
        [("PHONE", "(415) 555 0142")],
        [],
    ),
    # a sentence before a colon is prose: its nearest word names the value
    (
        "Kunde wollte per Kreditkarte zahlen und hat uns dann die Nummer genannt: "
        "4111111111111111110 (nicht gespeichert)",
        [("CREDIT_CARD", "4111111111111111110")],
        [],
    ),
    ("Dann Steuer-ID korrigieren: 49853882160. Trace 7f3c um 1778073331.", [], ["1778073331"]),
    ("VAT Reg No. ATU 13585627", [("VAT_ID", "ATU 13585627")], []),
    # the line above: a label line, a YAML key over its items
    ("Kreditkarte laut Beleg:\n4111 1111 1111 1111", [("CREDIT_CARD", "4111 1111 1111 1111")], []),
    (
        'pagerduty_fallback_sms:\n  - "5757164671"\n  - "4734823773"',
        [("PHONE", "5757164671"), ("PHONE", "4734823773")],
        [],
    ),
    (
        "data:\n  DB_PASSWORT: 9y5FLVzRWa5Shw6MFi7qA0B5ENeb1qq6W",
        [("API_KEY", "9y5FLVzRWa5Shw6MFi7qA0B5ENeb1qq6W")],
        [],
    ),
    # a word after, a signature's letter, a contact block
    ("Ring me on 2129372085 (mobile) or not at all", [("PHONE", "2129372085")], []),
    ("Christine Flowers | Engineer\nm: 2129372085", [("PHONE", "2129372085")], []),
    ("T (214) 978-8953 | M 4049224946", [("PHONE", "4049224946")], []),
    (
        "Tyler Harper\nSenior Engineer\n2125550143\nbowmanscott@gmail.com",
        [("PHONE", "2125550143")],
        [],
    ),
    # marks without a word: a BIC after its IBAN, a phone number's tail, a wrapped key
    (
        "Pay to: NL31 SZNT 5143 0258 26 / DMKZGBK8XXX",
        [("BIC", "DMKZGBK8XXX")],
        [],
    ),
    ("ring the office 2012460111,,207.", [("PHONE", "2012460111,,207")], []),
    ("Personalabteilung, Tel. 030 44009549-0", [("PHONE", "030 44009549-0")], []),
    (
        "OPENAI_API_KEY=\nsk-proj-XZ-AmDfxk4oGMrVqp4D1qQyGTR55yePXvjE5610Sum3b4jyiT1Lk\n"
        "yYDQiwGXPzXlWqFT-nqZElT3BlbkFJ_PzcFWX1KATNo9t9QWQu4uZny_1Aq7\nF6bolPWBPNbC7QD\n"
        "(build 37533)",
        [
            (
                "API_KEY",
                "sk-proj-XZ-AmDfxk4oGMrVqp4D1qQyGTR55yePXvjE5610Sum3b4jyiT1Lk\n"
                "yYDQiwGXPzXlWqFT-nqZElT3BlbkFJ_PzcFWX1KATNo9t9QWQu4uZny_1Aq7\nF6bolPWBPNbC7QD",
            )
        ],
        ["37533"],
    ),
    # a card printed in groups of four needs no label
    (
        "the customer pasted:\n6520 8487 8814 1517 745\nAmy",
        [("CREDIT_CARD", "6520 8487 8814 1517 745")],
        [],
    ),
    # a number slot's digit runs ("0.4111111111111111" read as "0 4111111111111111"):
    # a group of one or two digits before a card is no longer run it was cut from
    ("0 4111111111111111", [("CREDIT_CARD", "4111111111111111")], []),
    # a label naming another thing leaves the value alone, or takes an entry's back
    ("Abholcode 0350359051. Bei Fragen", [], ["0350359051"]),
    ("Kundennummer 302-5183019-5499911.", [], ["302-5183019-5499911"]),
    ('"artikel": {"ean": "4031904278307"}', [], ["4031904278307"]),
    (
        "Customer reports a double charge on order 302-8722829-2388129 today",
        [],
        ["302-8722829-2388129"],
    ),
    ("Processed 1234567890 work items", [], ["1234567890"]),
    ("pass P1234567 to the job", [], ["P1234567"]),
    ('{"contact_id": "4155550123"}', [], ["4155550123"]),
    ("My phone broke. Ticket 4537120417 is open.", [], ["4537120417"]),
    ("born 25 July 1944, starts on 1 February 2026.", [], ["1 February 2026"]),
    ('"POST /api/v2/login HTTP/1.1" 200 "Chrome/118.0.4610.186"', [], ["Chrome/118.0.4610.186"]),
    (
        "API-Key: 'sk_live_G712m5Sfk7sruRwsOaIemFvbrW' (Anfrage req_a0a6c3b9f09d9eb88c4)",
        [],
        ["req_a0a6c3b9f09d9eb88c4"],
    ),
    ("2316,Leonard Williams,07956747604,23 May 2027", [], ["23 May 2027"]),
    (
        'API_KEY = "AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY"  # TODO move to vault\n'
        'conn = psycopg2.connect(host="10.1.2.3", user="app")',
        [],
        ["psycopg2.connect"],
    ),
    # a document's "ID" is its number; another thing's id is that thing's
    ("Passport ID: X1234567", [("PASSPORT", "X1234567")], []),
    ("Ausweis-ID: T220001293", [("NATIONAL_ID", "T220001293")], []),
    # under a word for both documents a German serial's first letter says which
    ('"dokument": "GMH8G1V8W"', [("PASSPORT", "GMH8G1V8W")], []),
    ("Ausweis: T22000129", [("NATIONAL_ID", "T22000129")], []),
    # a label's last word about a value names no secret ("secret name", "token expiry")
    ("secret_name: prodDbSecret01", [], ["prodDbSecret01"]),
    ("Token expiry: 9f8e7d6c5b4a", [], ["9f8e7d6c5b4a"]),
    # a decimal is no id, a number with a dot after its leading zero is a phone's
    ("sin(x) = 0.84147098", [], ["0.84147098"]),
    # a number of its own before a card in groups is no part of it
    ("Zimmer 204 4111 1111 1111 1111", [("CREDIT_CARD", "4111 1111 1111 1111")], []),
    ("1234 4111 1111 1111 1111", [], ["4111 1111 1111 1111"]),
    # (fresh5 dev) national numbers in a table's column, hyphenated and dotted, with
    # the issuer's check where one exists
    ("| Name | Nat. ID |\n|---|---|\n| Jorge Watts | 100997-776S |\n| Li Wu | Y-4108010-V |"
     "\n| Rodney Jimenez | 6693.21.163 |\n| Ewald Kensy | 010224-6535 |",
     [("NATIONAL_ID", "100997-776S"), ("NATIONAL_ID", "Y-4108010-V"),
      ("NATIONAL_ID", "6693.21.163"), ("NATIONAL_ID", "010224-6535")], []),
    # an IdNr's or an SSN's shape that fails its check under its label is invalid,
    # not another country's number; a valid AU TFN under "Tax ID" is one
    ("Note: the portal flagged tax ID 59078261033 as invalid.", [], ["59078261033"]),
    ("The SSN box showed 824-00-7558, which is not a valid number", [], ["824-00-7558"]),
    ("Employee\tTax ID\nApril Smith\t647 117 612", [("NATIONAL_ID", "647 117 612")], []),
    # a date with its month's name first in a birth column; a month-first date
    # without a birth label is none
    ("| Name | DOB |\n|---|---|\n| Keith Reed | Jun 20, 1998 |",
     [("DATE_OF_BIRTH", "Jun 20, 1998")], []),
    ("Meeting on Jun 20, 1998 was fine; I was born in Ohio.", [], ["Jun 20, 1998"]),
    # a timestamp is no phone number, whatever key stands before
    ('{"contact_tel": "0486 644 126", "slot": "2026-06-25 01:44:34"}', [],
     ["2026-06-25 01"]),
    # an OpenSSH public key is no credential, after a word for a key too
    ("Hinterlegter öffentlicher Schlüssel: ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIF3wsFTw"
     "9U0vMx8uQqaQZLNrMJ+33+xYipvQEcgfpi4Y laptop", [], ["ssh-ed25519", "AAAAC3NzaC1lZD"]),
    ("Schlüssel: ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC7x me@host", [], ["ssh-rsa"]),
    # a BIC in brackets after its IBAN; the German noun "Pass" after a determiner
    ("Salary comes from my old account GB79 RNRL 9306 2708 1347 12 (LRWVGBI2AHG)",
     [("BIC", "LRWVGBI2AHG")], []),
    ("Mein Pass hat die Nummer C89FG4K9K.", [("PASSPORT", "C89FG4K9K")], []),
    ("You pass the number 123456789 to the function.", [], ["123456789"]),
    # a token is a credential only by a word bound to it, whatever its other shapes
    ("CI log printed the token in plain text at PO-76679848.", [], ["PO-76679848"]),
    # the German birth mark before a date; a product after a number is none
    ("13) Wieloch, Karl (* 01.08.37), KV-Nr. Q363719733",
     [("DATE_OF_BIRTH", "01.08.37"), ("NATIONAL_ID", "Q363719733")], []),
    ("Preis: 3 * 12.03.2024", [], ["12.03.2024"]),
    # (review) a bare "*" is a bullet, a glob or a product
    ("Changelog\n* 2024-01-15 Fixed login bug", [], ["2024-01-15"]),
    ("ls -la * 2024-01-15.log", [], ["2024-01-15"]),
    ("Wichtig: * 01.01.2025 tritt das Gesetz in Kraft", [], ["01.01.2025"]),
    # a parsed JSON value is a view of its own ("key path\x1f: value"): a street line or
    # a town line alone in it is an address
    ('{"address": {"line1": "7339 Birch Lane", "city_line": "Madison, WI 53725"}}',
     [("ADDRESS", "7339 Birch Lane"), ("ADDRESS", "Madison, WI 53725")], []),
    ('{"product": "Samsung T7 2TB", "title": "Spring 2024", "status": "404 Not Found"}',
     [], ["Samsung T7 2TB", "Spring 2024", "404 Not Found"]),
    # (review) a number a line break wraps in a contact block is read whole
    ("John Smith\n12 High Street\nLondon SW1A 1AA\n020 7946\n0018",
     [("PHONE", "020 7946\n0018")], []),
    # a vCard's BDAY in its ISO 8601 forms; a written month with a two-digit year
    ("BDAY:19781001", [("DATE_OF_BIRTH", "19781001")], []),
    ("BDAY:1984-05-06", [("DATE_OF_BIRTH", "1984-05-06")], []),
    ("D.O.B.: 4 Mar 85", [("DATE_OF_BIRTH", "4 Mar 85")], []),
    ("order 20240115 shipped, born 1980", [], ["20240115"]),
    # a number in a contact block is read on its own line only
    ("Robin Elliott\n23/32 Park Rd\nParramatta NSW 2150\n08 8353 2216\n\n2 Mar 2025",
     [("PHONE", "08 8353 2216")], ["2 Mar"]),
    # a dialogue's answer, by the question on the line above: only the kinds it asks
    # for, only for a value opening the turn (no bracket, number or value before it)
    ("[00:00:12] Agent: Can you confirm your date of birth and postcode for security?\n"
     "[00:00:18] Caller: 7th January 1994, and it's the same as on file.",
     [("DATE_OF_BIRTH", "7th January 1994")], []),
    ("Wie ist Ihr Geburtsdatum?\nKunde: 14.02.1961", [("DATE_OF_BIRTH", "14.02.1961")], []),
    ("What is your order number?\nCustomer: 4155550199", [], ["4155550199"]),
    ("Can you explain this German document in plain English?\n\n"
     "[29.05.2024 08:50] Jakob Pfister: Moin", [], ["29.05.2024 08"]),
    ("Could you confirm your phone number?\nCaller: room 12, then 4155550199", [], ["4155550199"]),
    # (review) the speaker names no value; the question counts only for kinds the value
    # may be, and only its own sentence; the answer opens its turn and ends its clause
    ("Agent: What's your DOB?\nCaller: 14.02.1961", [("DATE_OF_BIRTH", "14.02.1961")], []),
    ("Agent: What is your passport number?\nCaller (John): C01X00T47",
     [("PASSPORT", "C01X00T47")], []),
    ("Agent: What's your date of birth?\nPatient: 4155550199 (mobile)",
     [("PHONE", "4155550199")], []),
    ("Agent: Can I have your phone number?\nCustomer: my order number is 4155550199",
     [], ["4155550199"]),
    ("Agent: Thanks, I have updated your phone number. What is the reference on the "
     "parcel?\nCustomer: 4155550199", [], ["4155550199"]),
    ("Can you update my date of birth?\nCreated: 14.02.1991", [], ["14.02.1991"]),
    ("Q: Can I use my passport number as a login?\nA: 123456789 is not accepted",
     [], ["123456789"]),
    ("Why does the date of birth check fail?\n2019-03-01 12:00:01 ERROR dob invalid",
     [], ["2019-03-01"]),
    ("29.05.24, 08:50 - Anna: Wie ist dein Geburtsdatum?\n29.05.24, 08:51 - Jakob: 14.02.1961",
     [("DATE_OF_BIRTH", "14.02.1961")], ["29.05.24"]),
    # a request is asked as a question is
    ("Agent: And the last thing, your passport number please.\nCaller: C01X00T47",
     [("PASSPORT", "C01X00T47")], []),
    ("Please send the invoice.\nCustomer: 4155550199", [], ["4155550199"]),
    ("I will renew my passport please.\nAgent: 533380006", [], ["533380006"]),
    # so is a sentence naming what it asks for as the other's
    ("[09:14:30] Agent: Zur Identifizierung noch Ihre Ausweisnummer.\n"
     "[09:14:40] Kunde: M8Z6R02YV", [("NATIONAL_ID", "M8Z6R02YV")], []),
    ("Agent: And your date of birth.\nCaller: 12/03/1985", [("DATE_OF_BIRTH", "12/03/1985")],
     []),
    ("Agent: Your order has shipped.\nCustomer: 533380006", [], ["533380006"]),
    # a transcript's time stamps and speakers' colons make no table
    ("[09:14:05] Agent: Danke. Ihr Geburtsdatum bitte?\n[09:14:13] Kunde: 1997-01-02\n"
     "[09:14:18] Agent: Und Ihre aktuelle Adresse?", [("DATE_OF_BIRTH", "1997-01-02")], []),
    ("Agent: can you confirm your date of birth?\n[00:00:16] CALLER: Yeah, it's 18NOV76.\n"
     "[00:00:20] AGENT: And", [("DATE_OF_BIRTH", "18NOV76")], []),
    # an SQL INSERT's values by their columns, row after row
    ("INSERT INTO customers (id, name, dob, national_id, passport) VALUES (1300602554, "
     "'Mohamed Patel', '1942-03-13', '933 001 6650', 'C01X00T47'), (7, 'A B', '1978-01-02', "
     "'795 237 3730', 'C01X00T48');",
     [("DATE_OF_BIRTH", "1942-03-13"), ("NATIONAL_ID", "933 001 6650"),
      ("PASSPORT", "C01X00T47"), ("DATE_OF_BIRTH", "1978-01-02"),
      ("NATIONAL_ID", "795 237 3730")], ["1300602554"]),
    ("insert into orders (order_no, tracking) values ('4155550199', '536221234');",
     [], ["4155550199", "536221234"]),
    # (review) a free-text cell is read by its own labels; calls, prefixes, casts; a row
    # of another length is skipped, not the statement
    ("INSERT INTO tickets (id, note) VALUES (1, 'passport no. 533380006, SSN 536221234');",
     [("PASSPORT", "533380006"), ("US_SSN", "536221234")], []),
    ("INSERT INTO t (id, created, dob) VALUES (1, NOW(), '1984-05-06'), (2, 'x'), "
     "(3, NOW(), E'1985-05-06'::date);",
     [("DATE_OF_BIRTH", "1984-05-06"), ("DATE_OF_BIRTH", "1985-05-06")], []),
]


@pytest.mark.parametrize(("text", "typed", "alone"), ROWS)
def test_rows(text: str, typed: list[tuple[str, str]], alone: list[str]) -> None:
    """Each row: the values its label names are found with that label; the others are
    covered by no span."""
    found = spans_of(DETECTOR, text)
    for pair in typed:
        assert pair in found, (pair, found)
    spans = scan_views(DETECTOR.scan, text)
    for value in alone:
        assert not covered(spans, text, value), (value, found)


def test_off_the_entries_alone() -> None:
    """``read_labels: false`` leaves the library's entries alone (a passport after a
    remark is not found)."""
    text = "also my passport number changed, new one is 521616909"
    assert spans_of(WITHOUT_READER, text) == []
    with pytest.raises(Exception, match="read_labels"):
        create({"read_labels": "yes"}, DetectorContext(name="regex"))


def test_words_classify_as_a_reader_reads_them() -> None:
    """German compounds read by their head, a kind and "number" by the kind; names that
    end like a short word are no compound (Davenport, Jacqueline)."""
    assert classify("firmenhandy") == frozenset({"PHONE"})
    assert classify("passnummern") == frozenset({"PASSPORT"})
    assert classify("kundennummer") == OTHER_KIND
    assert classify("mobilfunkrechnung") == OTHER_KIND
    assert classify("abholcode") == OTHER_KIND
    assert classify("davenport") is None
    assert classify("jacqueline") is None
    assert classify("number") is None


@pytest.mark.parametrize(
    ("word", "kind"),
    [
        ("geburtsdatm", "DATE_OF_BIRTH"),  # a letter left out
        ("brithdate", "DATE_OF_BIRTH"),  # two swapped
        ("geburstdatum", "DATE_OF_BIRTH"),  # two swapped, the head left as "datum"
        ("reisepasnummer", "PASSPORT"),  # in a compound's stem
        ("sozialversicherungsnumer", "NATIONAL_ID"),
    ],
)
def test_a_long_word_with_one_typo_names_its_kind(word: str, kind: str) -> None:
    """One slip (a letter left out, two swapped) from a word of eight letters or more is
    read through; two slips, a short word, a letter changed or added (as often another
    real word) are not."""
    assert classify(word) == frozenset({kind}) or kind in (classify(word) or ())
    assert kind not in (classify(word[:2] + word[3] + word[2] + word[5:]) or ())  # two more
    assert classify("pasport") == frozenset({"PASSPORT"})  # seven letters of "passport"
    assert classify("steuern") is None  # ... but not its last one left out: a word
    assert classify("pasprt") is None  # six letters: two slips
    assert classify("contract") == OTHER_KIND  # a word of its own, not "contact"
    for real in ("kennwert", "birthrate", "healthcare", "ausreise", "discovery"):
        assert classify(real) is None, real  # a letter changed or added: a word


@pytest.mark.parametrize(
    ("label", "kind"),
    [
        ("date of brith", "DATE_OF_BIRTH"),  # two swapped in one word of a phrase
        ("socail security", "US_SSN"),
        ("contcat number", "PHONE"),
    ],
)
def test_a_phrase_with_one_slipped_word_names_its_kind(label: str, kind: str) -> None:
    """A known phrase with two letters of one of its words of five letters or more
    swapped names the phrase's kind; a word of the lexicon in its place, a letter left
    out (real words: "patent", "persona", "debt"), a short word or two slips do not."""
    assert kind in (classify(label) or ())
    assert classify("contract number") is None  # "contract" is a word of its own
    for real in ("patent id", "persona id", "debt card", "heath card", "date of bith"):
        assert classify(real) is None, real
    assert classify("direct lien") is None  # "line" is too short to read through
    assert classify("dtae of brith") is None  # two words slipped
    assert classify("date of brtih") is None  # two slips in one word


def test_person_names_no_kind() -> None:
    """ "person" says nothing of a value ("Contact person: 0151 …" is a phone), and it
    is no inflection of "Perso", the identity card."""
    assert classify("person") is None
    found = DETECTOR.scan("Contact person: 0151 2345678")
    assert [(s.label, s.start) for s in found] == [("PHONE", 16)]


def test_a_long_line_of_values_stays_cheap() -> None:
    """A label is read at most a few hundred characters back: 2,500 values on one line
    are read without reading the line for each (the detector's budget holds)."""
    text = "4111 1111 1111 1112, " * 2_500
    assert DETECTOR.scan(text) == []


def test_view_texts_carry_their_line_breaks() -> None:
    """The reader finds the lines of a view from the breaks the chain hands over: a
    number on the line after a postcode is a value of its own."""
    text = "Matthew Brown\n5912 Rachel Locks, Apt 8, Taylorshire, PW 13330\n2023804371"
    (view,) = build_views([text])
    assert view.text.breaks == (13, 61)
    assert ("PHONE", "2023804371") in spans_of(DETECTOR, text)


def test_column_gaps_are_those_of_rows() -> None:
    """A tab is a column's edge on a line next to another line with one (a table, a
    form); a lone tab in a sentence is spacing, and a value spaced by it is one value."""
    (table,) = build_views(["SSN\tPhone\n519-90-4352\t030 1234 5678\nnote"])
    assert table.text.gaps == (3, 21)
    text = "Steuer-ID 11 023\t456-780 today"
    (sentence,) = build_views([text])
    assert sentence.text.gaps == ()
    assert ("DE_TAX_ID", "11 023\t456-780") in spans_of(DETECTOR, text)


# --- the class, generated --------------------------------------------------------------
# The oracle is the test's own construction: a value of a known kind written under a
# label of a known kind in one of the ways people write labels.  Values are ones no
# library entry finds without a label (bare runs of digits, letters and digits).

_LABELS = {
    "PASSPORT": ["passport", "Passport number", "Reisepass", "Passnummer", "passport no."],
    "US_SSN": ["SSN", "social security number", "SSN on file"],
    "PHONE": ["phone", "Telefon", "mobile", "Handynummer", "call back on"],
    "NATIONAL_ID": ["NI number", "National Insurance number", "NINO"],
}
_OTHERS = ["order", "invoice", "Bestellung", "tracking number", "Rechnungsnummer", "ticket"]
_NAMES = ["Ann Bell", "Luis Mäder", "Jamie Brown", "Fatime Blaser", "Carl Todd"]
_FILLERS = ["please", "kindly", "today", "also", "now", "again"]


def _value(kind: str, rng: random.Random) -> str:
    if kind == "PASSPORT":
        return rng.choice("ABCEKLMNPTUX") + "".join(rng.choice("0123456789") for _ in range(8))
    if kind == "US_SSN":
        return f"{rng.randint(100, 665)}{rng.randint(10, 99)}{rng.randint(1000, 9999)}"
    if kind == "PHONE":
        return f"{rng.choice('2345678')}{rng.randint(10, 99)}{rng.randint(200, 999)}" + (
            f"{rng.randint(1000, 9999)}"
        )
    prefix = rng.choice(["AB", "CE", "JG", "PR", "WL"])
    return f"{prefix}{rng.randint(100000, 999999)}{rng.choice('ABCD')}"


def _layout(index: int, label: str, value: str, rng: random.Random) -> str:
    name = rng.choice(_NAMES)
    filler = rng.choice(_FILLERS)
    layouts = [
        f"{label}: {value}",
        f"{label} (as {filler} given): {value}",
        f"{filler} my {label} changed, the new one is {value}",
        f"| Name | {label} |\n|---|---|\n| {name} | {value} |",
        f"{label}:\n{value}",
        f"{label}: {name} – {value}",
        f"{name}\n{label}: {value}\n{filler}",
        # a dialogue: the question on the line above, the answer opening its turn
        f"[00:00:12] Agent: Could you {filler} confirm your {label}?\n[00:00:18] Caller: {value}",
        f"Können Sie mir {filler} Ihre {label} nennen?\n\nKunde: ja, {value}",
        f"{name}: what is your {label}?\nMe: sure, it's {value}, {filler}",
    ]
    return layouts[index % len(layouts)]


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(sorted(_LABELS)), st.integers(0, 9))
def test_a_labelled_value_is_found_wherever_the_label_is_written(
    seed: int, kind: str, layout: int
) -> None:
    """A value under a label of its kind, in each layout, is masked with that kind."""
    rng = random.Random(seed)
    label = rng.choice(_LABELS[kind])
    value = _value(kind, rng)
    text = _layout(layout, label, value, rng)
    found = spans_of(DETECTOR, text)
    assert (kind, value) in found, (text, found)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10_000), st.sampled_from(["PASSPORT", "PHONE", "US_SSN"]), st.integers(0, 9))
def test_a_value_labelled_as_another_thing_is_left_alone(seed: int, kind: str, layout: int) -> None:
    """The same values under a word naming another thing (an order, an invoice) are
    covered by no span.  (Not NINOs: the library masks a NINO of an issued prefix
    without a label, wherever it stands.)"""
    rng = random.Random(seed)
    value = _value(kind, rng)
    text = _layout(layout, rng.choice(_OTHERS), value, rng)
    spans = scan_views(DETECTOR.scan, text)
    assert not covered(spans, text, value), (text, spans_of(DETECTOR, text))


@pytest.mark.parametrize("word", sorted(w for w, kinds in KINDS.items() if "API_KEY" in kinds))
def test_every_word_for_a_secret_labels_one(word: str) -> None:
    """Each word of the vocabulary that names a secret labels the value after it (the
    scan looks for credentials only in a text with a word for one)."""
    text = f"the {word} is Qv7rTz2mWk9x, rotate it"
    assert ("API_KEY", "Qv7rTz2mWk9x") in spans_of(DETECTOR, text), word


TABLES: list[tuple[str, list[tuple[str, str]]]] = [
    ("name,phone\nAnna Weber,5552345678", [("PHONE", "5552345678")]),
    ("kunde,geburtsdatum\nAnna,12.03.1985", [("DATE_OF_BIRTH", "12.03.1985")]),
    (
        "+------+-----------+\n| name | ssn       |\n+------+-----------+\n"
        "| Anna | 536221234 |\n+------+-----------+",
        [("US_SSN", "536221234")],
    ),
    (" name | ssn\n------+-----------\n Anna | 536221234", [("US_SSN", "536221234")]),
    ('name,ssn\n"Weber, Anna",536221234', [("US_SSN", "536221234")]),
    ("status,ssn\nticket closed,536221234", [("US_SSN", "536221234")]),
    ("note;passport\ncase reopened;521616909", [("PASSPORT", "521616909")]),
    ("name,comment,customer_no\nAnna Weber,called twice,4711081542", []),
    ("emp_id\tssn\tcity\nE1001\t536221234\tBerlin", [("US_SSN", "536221234")]),
    ("name\tpassport\nP0\t521616900", [("PASSPORT", "521616900")]),
    ("id\tSSN\n1\t536221234\n2\t536221235", [("US_SSN", "536221234"), ("US_SSN", "536221235")]),
    # several values in one run of numbers, each typed by the label
    ("phones: 5552345678 - 5552345679", [("PHONE", "5552345678"), ("PHONE", "5552345679")]),
    ("Passnummern: 521616909 / 521616908",
     [("PASSPORT", "521616909"), ("PASSPORT", "521616908")]),
    ("Contacts:\n- 5552345678\n- 5552345679", [("PHONE", "5552345678"), ("PHONE", "5552345679")]),
]


@pytest.mark.parametrize(("text", "typed"), TABLES)
def test_a_table_cell_is_read_by_its_column(text: str, typed: list[tuple[str, str]]) -> None:
    """A cell's value is typed by its column's header (CSV with quoted cells, TSV,
    pipe tables with rule lines), a run of values by their one label; a column that
    names another thing types nothing."""
    assert sorted(spans_of(DETECTOR, text)) == sorted(typed)


def test_a_long_table_is_read_to_its_last_row() -> None:
    """A header types the cells of every row below it, however many."""
    rows = [f"Person {i},{536221234 + i * 7}" for i in range(60)]
    found = spans_of(DETECTOR, "name,ssn\n" + "\n".join(rows))
    assert found == [("US_SSN", row.split(",")[1]) for row in rows]


@pytest.mark.parametrize(
    "word", sorted(w for w, kinds in KINDS.items() if "DATE_OF_BIRTH" in kinds)
)
def test_every_word_for_a_birth_labels_a_date(word: str) -> None:
    """Each word of the vocabulary that names a birth labels the date after it (the
    scan looks for birth dates only in a text with a word for a birth)."""
    text = f"{word}: 12.03.1985"
    assert ("DATE_OF_BIRTH", "12.03.1985") in spans_of(DETECTOR, text), word


# --- reviewed: a table's reading falls back to the line's; bonds through a verb ---------

REVIEWED: list[tuple[str, list[tuple[str, str]]]] = [
    # an aligned form is no table whose first line is a header
    ("Name:       Anna Weber\nPassport:   521616909\nSSN:        536221234",
     [("PASSPORT", "521616909"), ("US_SSN", "536221234")]),
    ("Name:\tAnna Weber\nDOB:\t12.03.1985\nPassport:\t521616909",
     [("DATE_OF_BIRTH", "12.03.1985"), ("PASSPORT", "521616909")]),
    # a greeting or a sentence over a line with a comma is no header
    ("Hi team,\nSSNs: 536221234, 536221235", [("US_SSN", "536221234"), ("US_SSN", "536221235")]),
    ("Hi Anna; quick note.\nPassport; 521616909", [("PASSPORT", "521616909")]),
    ("Hello Tom,\nmy passport number changed, new one is 521616909", [("PASSPORT", "521616909")]),
    # one irregular row: the table goes on above it, and the row reads its header
    ("id,name,passport\n1,Anna,521616909,\n2,Tom,617182775\n3,Li,717182775",
     [("PASSPORT", "521616909"), ("PASSPORT", "617182775"), ("PASSPORT", "717182775")]),
    # a label naming two fields names the first ("number/expiry")
    ("Passport number/expiry: 521616909 / 2030-01-01", [("PASSPORT", "521616909")]),
    ("DOB / name: 12.03.1985 / Anna", [("DATE_OF_BIRTH", "12.03.1985")]),
    # a verb between another thing's word and the value keeps the bond
    ("Order number is 302-8722829-2388129", []),
    ("Kundennummer lautet 0151 2345678", []),
    ("Invoice number is 0350359051", []),
    ("Customer reports a double charge on order 302-8722829-2388129.", []),
    # but a thing attached to a word for a kind only says whose the value is
    ("Die Telefonnummer der Bestellung ist 0301234567", [("PHONE", "0301234567")]),
    ("Die Handynummer im Auftrag ist 0151 23456789", [("PHONE", "0151 23456789")]),
    # (second review) a header ending in a sheet's trailing mark, an abbreviation, a
    # question is a header; a line between two tables joins neither
    ("name,ssn,dob,\nAnna Weber,536221234,1980-01-02,\nTom Ray,536221235,1981-03-04,",
     [("US_SSN", "536221234"), ("DATE_OF_BIRTH", "1980-01-02"),
      ("US_SSN", "536221235"), ("DATE_OF_BIRTH", "1981-03-04")]),
    ("Name,SSN,Tel.\nAnna,536221234,2125550143",
     [("US_SSN", "536221234"), ("PHONE", "2125550143")]),
    ("name,ssn,verified?\nAnna,536221234,yes", [("US_SSN", "536221234")]),
    ("Name,Passport No.\nAnna,521616909", [("PASSPORT", "521616909")]),
    ("Kunde;Geb.\nAnna;01.02.1980", [("DATE_OF_BIRTH", "01.02.1980")]),
    ("order,date,total\n1001,2024-03-01,59.90\nNext, the customers:\nname,ssn,city\n"
     "Anna,536221234,Berlin", [("US_SSN", "536221234")]),
    ("name,phone,city\nAnna,2125550143,Berlin\nOrders this week, all shipped:\n"
     "order,tracking,total\n1001,3021234567,59.90", [("PHONE", "2125550143")]),
    ("order,date,total\n1001,2024-03-01,59.90\nSSN, 536221234", [("US_SSN", "536221234")]),
    ("Subject: order, invoice\nHi Tom, quick one\nPassport, 521616909, expires 2027",
     [("PASSPORT", "521616909")]),
    # every spelling of "DOB" the vocabulary reads
    ("D-O-B: 01/02/1980", [("DATE_OF_BIRTH", "01/02/1980")]),
    ("D. O. B.: 01/02/1980", [("DATE_OF_BIRTH", "01/02/1980")]),
    ("d_o_b=1980-01-02", [("DATE_OF_BIRTH", "1980-01-02")]),
    # the value in brackets right after its label; a typo in the label
    ("they need my birth date (22nd September 1964) and a contact",
     [("DATE_OF_BIRTH", "22nd September 1964")]),
    ("Geburtsdatm: 12.03.1985", [("DATE_OF_BIRTH", "12.03.1985")]),
    ("Order (12.03.1985) shipped", []),
    ("Meine Passnummer ist C01X00T47, geboren bin ich am 14. Dezember 1937.",
     [("PASSPORT", "C01X00T47"), ("DATE_OF_BIRTH", "14. Dezember 1937")]),
    # a sentence over lines with as many commas is no export: the address stays whole
    ("Driver: Max McKay, partner since 2025-02-26, payout soon\n"
     "Pickup: 78 Park Place, Hamilton East, Hamilton 3204 (airport run)",
     [("ADDRESS", "78 Park Place, Hamilton East, Hamilton 3204")]),
    # an extension's word in any case; a medical letter's patient identifier
    ("Tel. 01 236258871 Durchwahl 334", [("PHONE", "01 236258871 Durchwahl 334")]),
    ("Re: Eric Anderson, patient identifier 381 911 319\n", [("NATIONAL_ID", "381 911 319")]),
    ("patient identifier 1234", []),  # no national number's shape
    # New Zealand's IRD number, India's PAN (a card's PAN stays a card)
    ("Proof of ID   IRD # 42-220-825", [("NATIONAL_ID", "42-220-825")]),
    ("Ausweis geht mit Sendungsnummer 013879857845 raus.", []),  # 12 digits: no id
    ("A copy of my ID is enclosed (PAN XBMPY8437R).", [("NATIONAL_ID", "XBMPY8437R")]),
    ("card PAN: 4111 1111 1111 1111", [("CREDIT_CARD", "4111 1111 1111 1111")]),
    ("PAN XBMPY8437", []),  # no PAN's shape
    # "Perso" is the German identity card, whatever its serial's first letter
    ("ausgewiesen durch Perso-Nr. GWL6KWPZZ, und", [("NATIONAL_ID", "GWL6KWPZZ")]),
    # a CSV row's street and postcode cells: the street's cell is the address
    ("id,name,street,postcode\n4d02,Ann Beal,39 Colgan Street,V09 WHRF\n"
     "5e02,Tom Ray,Flat 51 Brian Junctions,N37 4GD",
     [("ADDRESS", "39 Colgan Street"), ("ADDRESS", "Flat 51 Brian Junctions")]),
    ("name,unit,street,postcode\nJane,Flat 3,12 Baker Street,NW1 6XE",
     [("ADDRESS", "Flat 3"), ("ADDRESS", "12 Baker Street")]),
    ('name,address\nJane,"12 Main St, Springfield, IL 62704"',
     [("ADDRESS", "12 Main St, Springfield, IL 62704")]),
    # an SSN or ITIN as written under a word for any national number; nine digits in
    # threes are no SSN's grouping
    ("national_id: 792-90-6726", [("US_SSN", "792-90-6726")]),
    ("Re: Peggy Johnson, patient identifier 900-83-2197\n", [("US_ITIN", "900-83-2197")]),
    ("your ID number on file please.\nCALLER: 154 051 742", [("NATIONAL_ID", "154 051 742")]),
    ("Nationale ID-Nummer aus Australien: 351 303 502", [("NATIONAL_ID", "351 303 502")]),
    ("SSN: 154 051 742", [("NATIONAL_ID", "154 051 742")]),  # (the word names SVNRs too)
    ("national_id: 000-12-3456", [("NATIONAL_ID", "000-12-3456")]),  # no SSN: area 000
    # a travel document's number is a passport's; the slips a form's writer makes
    ("5. Travel document no.: EB1509671   Issued", [("PASSPORT", "EB1509671")]),
    ("5. Travel document no.: WNV150967   Issued", [("NATIONAL_ID", "WNV150967")]),  # a
    # German identity card's serial could read so too
    ("Travel document: 8507099805", [("NATIONAL_ID", "8507099805")]),
    ("Person No.: 8507099805", [("NATIONAL_ID", "8507099805")]),
    ("ITIN: 912 701 234", [("US_ITIN", "912 701 234")]),  # the label names no other
    ("Proof of ID   Pasport no LN1201346", [("PASSPORT", "LN1201346")]),
    ("Proof of ID   S.I.N. 552-617-029", [("NATIONAL_ID", "552-617-029")]),
    ("they need my date of brith (25 February 1935) and", [("DATE_OF_BIRTH", "25 February 1935")]),
    ("Zur Identifikation: Geburtsdat. 20.01.1996. Bitte", [("DATE_OF_BIRTH", "20.01.1996")]),
    ("Tatverdächtige/r: Gregor Kummer, geb. 08. Mrz. 1931, Ausweis",
     [("DATE_OF_BIRTH", "08. Mrz. 1931")]),
    # a secret's word glued to "@" is an address's local part (a property found it)
    ("0@0.aa pw@000.aa-x", [("EMAIL", "0@0.aa")]),
    # an export's street column: the column's name reads the street, as a JSON key
    ("customer_id,full_name,street,postcode\n4d02,Alexandria Orr,91576 Monroe Ramp,45595",
     [("ADDRESS", "91576 Monroe Ramp")]),
    ("id,product,version,notes\n1,Widget 3000,v1.2,ships in 3 days", []),
]


@pytest.mark.parametrize(("text", "typed"), REVIEWED)
def test_reviewed_rows(text: str, typed: list[tuple[str, str]]) -> None:
    """Rows an adversarial review of the table reader found (each leaked or was
    over-masked on the first version)."""
    assert sorted(spans_of(DETECTOR, text)) == sorted(typed)


def test_a_serial_is_typed_only_with_labels_the_detector_declares() -> None:
    """Without PASSPORT among its entries, a German passport's serial under a word for
    both documents is a NATIONAL_ID, not a label the detector does not declare."""
    national = create({"entities": ["DE_ID_CARD"]}, DetectorContext(name="regex"))
    assert spans_of(national, "Dokument: C01X00T47") == [("NATIONAL_ID", "C01X00T47")]


@pytest.mark.parametrize(
    "text",
    [
        "v" + "1." * 100_000,
        " ".join(f"-0.{i % 97 + 1}" for i in range(40_000)),
        "Orders:\n" + "\n".join(f"- 302-{8722829 + i}-2388129" for i in range(5_000)),
    ],
    ids=["dotted", "floats", "bullets"],
)
def test_a_page_of_numbers_is_read_within_the_budget(text: str) -> None:
    """A page that is one run of digit groups is read in linear time (the scan's budget
    would refuse it otherwise, DetectorError)."""
    DETECTOR.scan(build_views([text])[0].text)

# ruff: noqa: E501 - template f-strings stay on one line so each reads as the text it writes
"""Test-half frames of fresh7 (sealed): ten English and ten German documents.

None of these frames is used in the dev half.
"""

from __future__ import annotations

import html
from typing import Any

from bench.fresh7 import values as V
from bench.fresh7.core import Ctx
from bench.fresh7.frames_dev import Frame

# ======================================================================================
# English
# ======================================================================================


def en_bank_dispute(c: Ctx) -> list[str]:
    p = c.profile()
    bank = c.org(c.pick("Bank", "Savings", "Credit Union"))
    iban, bic = c.bank()
    refund = f"IBAN {iban}, BIC {bic}" if c.region in ("GB", "IE") else f"via SWIFT {c.bic()}"
    letter = (
        f"{c.name(p.person, 'full')}\n{c.addr(p.address)}\n{c.phone(p.phone)}\n\n"
        f"{c.n('date_issue')}\n\nDisputes Department\n{bank}\n"
        f"{c.addr(c.profile(po_box=True).address)}\n\n"
        f"RE: Dispute of unauthorised transaction - card {c.card()}\n\n"
        f"Dear Sir or Madam,\n\nI am writing to dispute a charge of {c.amount(40, 3000)} "
        f"posted on {c.n('date_event')} by a merchant I do not recognise (reference "
        f"{c.n('invoice_number')}). I did not authorise this payment. Under "
        f"{c.n('statute_ref', c.pick('Reg. E § 1005.11', '15 U.S.C. § 1666', 'section 75 of the Consumer Credit Act 1974'))}"
        f" I request a provisional credit while you investigate.\n\n"
        f"Please credit the refund to my account {refund}.\n\n"
        f"For verification: {c.dob_label()} {c.dob(p.dob)}; the card was "
        f"{c.pick('in my wallet the whole time', 'reported lost on the same day')}.\n\n"
        f"Sincerely,\n{c.name(p.person)}"
    )
    return [
        "You are a consumer-rights assistant. Improve dispute letters so they are clear and "
        "complete; keep all facts as given.",
        f"Can you make this stronger?\n\n{letter}",
    ]


def en_affidavit(c: Ctx) -> list[str]:
    p = c.profile()
    other = c.profile()
    notary = c.person()
    court = c.pick("IN THE CIRCUIT COURT FOR", "IN THE SUPERIOR COURT OF", "IN THE COUNTY COURT AT")
    town = c.n("town_alone", V.neg_value(c.rng, "town_alone", c.region).upper())
    aid, idv = c.id_doc(p)
    text = (
        f"{court} {town}\n\nCase No. {c.n('case_number')}\n\n"
        f"AFFIDAVIT OF {c.e('PERSON', p.person.name.upper())}\n\n"
        f"I, {c.name(p.person, 'full')}, born {c.dob(p.dob, c.pick('long', 'ordinal', 'ordinal_of'))}, "
        f"residing at {c.addr(p.address, 'line')}, being duly sworn, state as follows:\n\n"
        f"1. I have known the respondent, {c.name(other.person)}, since "
        f"{c.n('date_event')}.\n2. On the evening in question the respondent called me from "
        f"{c.phone(other.phone)} and asked me to collect documents from "
        f"{c.addr(other.address, 'line')}.\n3. My identity was verified by {aid} {idv}.\n\n"
        f"Sworn before me on {c.n('date_issue')}.\n{c.name(notary)}, Notary Public\n"
        f"My commission expires {c.n('date_expiry')}."
    )
    return [
        "You are a paralegal assistant. Check affidavits for formal defects and summarise "
        "the sworn facts.",
        text,
        c.pick("Is anything missing for filing?", "Summarise paragraphs 1-3 in one sentence."),
    ]


def en_school_letter(c: Ctx) -> list[str]:
    parent = c.profile()
    student = V.Person(c.person().first, parent.person.last, "", c.chance(0.5))
    teacher = c.person()
    trip = c.period(2025, 2026, 4)
    letter = (
        f"{c.org(c.pick('Academy', 'College', 'High School'))}\n"
        f"Year {c.pick('12', '13')} residential field trip - consent form\n\n"
        f"Dear Parent/Guardian,\n\nThe trip runs from {trip[0]} to {trip[1]}. The cost is "
        f"{c.amount(150, 600)}. Please return the slip below to {c.name(teacher)} "
        f"(room {c.n('room_number')}).\n\n---------------------------------------\n"
        f"Student name: {c.name(student)}\nStudent {c.dob_label().lower()}: "
        f"{c.dob(V.make_dob(c.rng, 2007))}\n"
        f"Parent/guardian: {c.name(parent.person)}\n"
        f"Home address: {c.addr(parent.address, c.pick('line', 'block'))}\n"
        f"Mobile: {c.phone(parent.phone)}   Work: {c.phone(parent.phone2, ext=c.chance(0.5))}\n"
        f"Email: {c.email(parent.email)}\n"
        f"Medical notes: {c.pick('none', 'asthma - inhaler', 'nut allergy', 'hay fever')}\n"
        f"Has own copy of set text (ISBN {c.n('isbn')}): {c.pick('yes', 'no')}\n"
    )
    reply = (
        f"Also, {c.name(student, 'first')}'s {c.pick('passport', 'passport number')} "
        f"for the ferry is {c.passport()}."
    )
    return [
        "You are a school office assistant. Enter consent slips into the trip register and "
        "flag anything missing.",
        letter,
        "Thanks. Does the trip need passport details?",
        reply,
    ]


def en_mortgage_markdown(c: Ctx) -> list[str]:
    a = c.profile()
    b = c.profile()
    prev = c.profile()
    ida, idv_a = c.id_doc(a)
    idv_b = c.id_like(idv_a, b)
    rows = [
        ("Name", c.name(a.person, "full"), c.name(b.person, "full")),
        (c.pick("Date of birth", "DOB", "D.O.B."), c.dob(a.dob), c.dob(b.dob)),
        (ida, idv_a, idv_b),
        ("Mobile", c.phone(a.phone), c.phone(b.phone)),
        ("Email", c.email(a.email), c.email(b.email)),
        ("Employer", c.org(), c.org()),
        ("Gross income", c.amount(28000, 190000), c.amount(15000, 120000)),
    ]
    table = "| Field | Applicant 1 | Applicant 2 |\n|---|---|---|\n" + "\n".join(
        f"| {r[0]} | {r[1]} | {r[2]} |" for r in rows
    )
    body = (
        f"## Mortgage application {c.n('case_number')}\n\n{table}\n\n"
        f"**Current address (both):** {c.addr(a.address, 'line')}\n\n"
        f"**Previous address (applicant 1, until {c.n('date_event')}):** "
        f"{c.addr(prev.address, 'line')}\n\n"
        f"**Property:** {c.addr(c.profile().address, 'line')}\n\n"
        f"Loan {c.amount(150000, 900000)} over {c.n('duration', str(c.rng.randint(15, 35)) + ' years')}"
        f" at {c.n('percentage')} fixed. Deposit from {' / '.join(c.bank())}.\n"
    )
    return [
        "You are an underwriting assistant. Check mortgage applications for inconsistencies "
        "and list the documents still needed.",
        body,
    ]


def en_background_check(c: Ctx) -> list[str]:
    p = c.profile()
    olds = [c.profile().address for _ in range(c.rng.randint(1, 2))]
    history = "\n".join(
        f"  - {c.addr(addr, 'line')} ({c.n('date_event', str(c.rng.randint(2005, 2015)))}"
        f"-{c.n('date_event', str(c.rng.randint(2016, 2023)))})"
        for addr in olds
    )
    aid, idv = c.id_doc(p)
    vat = f" (VAT {c.vat()})" if c.region in ("GB", "IE") else ""
    report = (
        f"BACKGROUND SCREENING REPORT\nReport ID: {c.n('uuid')}   Ordered: {c.n('timestamp')}\n"
        f"Package: {c.pick('Standard', 'Enhanced', 'Basic + Credit')} {c.n('version')}\n\n"
        f"SUBJECT\n  Name: {c.name(p.person, c.pick('full', 'upper'))}\n"
        f"  {c.dob_label()}: {c.dob(p.dob)}\n  {aid}: {idv}\n"
        f"  Phone: {c.phone(p.phone)}\n  Email: {c.email(p.email)}\n\n"
        f"ADDRESS HISTORY\n  - {c.addr(p.address, 'line')} (current)\n{history}\n\n"
        f"EMPLOYMENT VERIFICATION\n  {c.org()}{vat} - verified, reference "
        f"{c.n('ticket_number')}\n\nCRIMINAL RECORDS\n  County search: no records found "
        f"(searched {c.n('date_issue')}, turnaround {c.n('duration', str(c.rng.randint(1, 72)) + 'h')})\n"
    )
    return [
        "You are an HR compliance assistant. Summarise screening reports for the hiring "
        "manager without repeating identifiers.",
        report,
    ]


def en_dating_moderation(c: Ctx) -> list[str]:
    p = c.profile()
    reporter = c.person()
    idv = c.id_doc(p)[1]
    bio = (
        f"hey I'm {c.name(p.person, 'first')} :) {c.pick('dog mum', 'gym rat', 'coffee snob')}. "
        f"not on here much, text me {c.phone(p.phone, c.pick('national', 'compact', 'dashes'))} "
        f"or insta. I live near {c.addr(p.address, 'line')}"
    )
    item = {
        "queue": "profile_review",
        "item_id": c.n("record_id"),
        "reported_by": c.name(reporter),
        "reason": c.pick("contact_details_in_bio", "underage_suspected", "fake_profile"),
        "profile": {
            "display_name": c.name(p.person, "first"),
            "bio": bio,
            "birthdate": c.dob(p.dob, c.pick("iso", "numeric")),
            "signup_ip": c.ip(),
            "app_version": c.n("version"),
        },
        "id_verification": {
            "document": c.id_kind(idv),
            "number": idv,
            "checked_at": c.n("timestamp"),
        },
    }
    return [
        "You are a trust-and-safety moderator for a dating app. Decide: approve, edit, or "
        "remove. Explain briefly. Policy: no contact details or addresses in bios; users "
        "must be 18+.",
        c.json({"tool": "moderation.next_item", "result": item}),
    ]


def en_viewing_notes(c: Ctx) -> list[str]:
    buyer = c.profile()
    partner = c.person()
    prop = c.profile().address
    aid, idv = c.id_doc(buyer)
    notes = (
        f"# Viewing - {c.addr(prop, 'line')}\n\n"
        f"- Date: {c.n('date_appointment')}, {c.n('duration', str(c.pick(20, 30, 45)) + ' min')}\n"
        f"- Attendees: {c.name(buyer.person)} and {c.name(partner)} "
        f"({c.pick('first-time buyers', 'selling', 'cash buyers')})\n"
        f"  - {c.name(buyer.person, 'first')}: {c.phone(buyer.phone)}, {c.email(buyer.email)}\n"
        f"  - currently at {c.addr(buyer.address, 'line')}\n"
        f"- AML check done: {aid} {idv}, {c.dob_label()} {c.dob(buyer.dob)}\n"
        f"- Liked: garden, light in kitchen. Concern: {c.pick('damp', 'parking', 'noise')}\n"
        f"- Asking {c.amount(250000, 950000)}; they hinted at {c.n('percentage')} below\n"
        f"- Follow-up call booked {c.n('date_appointment')}\n"
        f"- Also searching around {c.n('town_alone')} (postcode area {c.n('postcode_alone')})\n"
    )
    return [
        "You are an estate agent's assistant. Turn viewing notes into a CRM update and a "
        "follow-up e-mail to the buyers.",
        notes,
    ]


def en_graphql(c: Ctx) -> list[str]:
    p = c.profile()
    mutation = (
        "mutation UpdateCustomer($id: ID!, $input: CustomerInput!) {\n"
        "  updateCustomer(id: $id, input: $input) { id updatedAt }\n}"
    )
    street, town = c.addr_split(p.address)
    variables: dict[str, Any] = {
        "id": c.n("uuid"),
        "input": {
            "givenName": c.name(p.person, "first"),
            "familyName": c.name(p.person, "last"),
            "dateOfBirth": c.dob(p.dob, "iso"),
            "phone": c.phone(p.phone, "e164"),
            "email": c.email(p.email),
            "address": {"line1": street, "cityLine": town, "country": c.region},
        },
    }
    if c.region == "US":
        variables["input"]["taxId"] = c.pick(c.ssn, c.itin)()
    else:
        variables["input"]["documentNumber"] = c.id_doc(p)[1]
    response = {
        "errors": [
            {
                "message": 'Variable "$input" got invalid value',
                "extensions": {"code": "BAD_USER_INPUT", "status": int(c.pick(400, 422))},
            }
        ],
        "traceId": c.n("hash"),
    }
    return [
        "You are a coding assistant. Help debug GraphQL requests.",
        f"This mutation fails (sent with `Authorization: Bearer {c.api_key()}` from "
        f"{c.ip()}):\n\n```graphql\n{mutation}\n```\n\nvariables:\n```json\n"
        f"{c.json(variables, 2)}\n```",
        c.json(response, 2),
    ]


def en_html_email(c: Ctx) -> list[str]:
    p = c.profile()
    org = c.org(c.pick("Travel", "Insurance", "Energy"))
    block = c.pick("br", "cells")
    if block == "br":
        lines = p.address.lines(c.rng)
        addr_html = c.e("ADDRESS", "<br>".join(html.escape(line) for line in lines))
        addr_row = f"<tr><td>Address</td><td>{addr_html}</td></tr>"
    else:
        street, town = c.addr_split(p.address)
        addr_row = (
            f"<tr><td>Street</td><td>{street}</td></tr>\n"
            f"<tr><td>Town / postcode</td><td>{town}</td></tr>"
        )
    body = (
        f"<html><body>\n<p>Hi {c.name(p.person, 'first')},</p>\n"
        f"<p>Your details at {org} were updated on {c.n('timestamp')}. If this wasn't you, "
        f"call us quoting <b>{c.n('ticket_number')}</b>. Sign-in from IP {c.ip()}.</p>\n<table>\n"
        f"<tr><td>Name</td><td>{c.name(p.person)}</td></tr>\n"
        f"<tr><td>{html.escape(c.dob_label())}</td><td>{c.dob(p.dob)}</td></tr>\n"
        f"{addr_row}\n<tr><td>Phone</td><td>{c.phone(p.phone)}</td></tr>\n"
        f'<tr><td>E-mail</td><td><a href="mailto:{c.email(p.email)}">{c.email(p.email)}</a>'
        f'</td></tr>\n</table>\n<p style="font-size:11px">Ref {c.n("uuid")} · '
        f"template {c.n('version')}</p>\n</body></html>"
    )
    return [
        "You are an e-mail assistant. Summarise HTML e-mails in plain text and say whether "
        "they look like phishing.",
        f"Is this legit?\n\n{body}",
    ]


def en_protobuf(c: Ctx) -> list[str]:
    p = c.profile()
    idv = c.id_doc(p)[1]
    field = {"passport": "passport_number"}.get(c.id_kind(idv), c.id_kind(idv))
    proto = (
        f"# proto-file: customer.proto\n# proto-message: CustomerRecord\n"
        f'record_id: "{c.n("record_id")}"\nfull_name: "{c.name(p.person)}"\n'
        f'date_of_birth: "{c.dob(p.dob, c.pick("iso", "numeric"))}"\n'
        f'{field}: "{idv}"\n'
        f'contact {{\n  phone: "{c.phone(p.phone, c.pick("e164", "intl"))}"\n'
        f'  email: "{c.email(p.email)}"\n}}\n'
        f'postal_address {{\n  formatted: "{c.addr(p.address, "line")}"\n'
        f'  region_code: "{c.region}"\n}}\n'
        f"created {{ seconds: {c.rng.randint(1600000000, 1750000000)} }}\n"
        f'schema_version: "{c.n("version")}"\nlast_login_ip: "{c.ip()}"\n'
    )
    return [
        "You are a backend engineer's assistant. Answer questions about protobuf messages "
        "and write migration code.",
        f"Here's a sample record from the old service:\n\n```textproto\n{proto}```\n\n"
        f"Write a Python function that converts it to our new JSON shape.",
    ]


# ======================================================================================
# German
# ======================================================================================


def de_jobcenter(c: Ctx) -> list[str]:
    p = c.profile()
    partner = c.person(not p.person.female)
    partner = V.Person(partner.first, p.person.last, "", partner.female)
    kid = V.Person(c.person().first, p.person.last, "", c.chance(0.5))
    aid, tax = ("Steuer-ID", c.tax_id()) if c.region == "DE" else c.id_doc(p)
    form = (
        f"Antrag auf {c.pick('Bürgergeld', 'Leistungen zur Sicherung des Lebensunterhalts')}"
        f" ({c.n('statute_ref', c.pick('§ 7 SGB II', '§ 9 SGB II', '§ 37 SGB II'))})\n"
        f"BG-Nummer: {c.n('case_number', f'{c.rng.randint(100, 999)}{c.pick(chr(65 + c.rng.randint(0, 25)))}{c.rng.randint(10**6, 10**7 - 1)}')}\n\n"
        f"1. Antragsteller/in\nFamilienname: {c.name(p.person, 'last')}\n"
        f"Vorname: {c.name(p.person, 'first')}\n{c.dob_label()}: {c.dob(p.dob)}\n"
        f"Anschrift: {c.addr(p.address, 'line')}\n{c.phone_label()}: {c.phone(p.phone)}\n"
        f"{aid}: {tax}\n\n"
        f"2. Weitere Personen der Bedarfsgemeinschaft\n"
        f"- {c.name(partner)}, geb. {c.dob(c.profile().dob)} (Partner/in)\n"
        f"- {c.name(kid)}, geb. {c.dob(V.make_dob(c.rng, 2006))} (Kind)\n\n"
        f"3. Bankverbindung\nIBAN: {c.iban()}\n\nMiete: {c.amount(350, 1400)} warm, "
        f"Einzug {c.n('date_event')}\n"
    )
    return [
        "Du hilfst Menschen beim Ausfüllen von Sozialleistungsanträgen. Erkläre einfach und "
        "prüfe auf Lücken.",
        f"Habe ich das richtig ausgefüllt?\n\n{form}",
    ]


def de_arbeitsvertrag(c: Ctx) -> list[str]:
    p = c.profile()
    boss = c.person()
    firm_addr = c.profile().address
    if c.region == "DE":
        ids = f"Steuer-ID: {c.tax_id()}"
    else:
        value, scheme = c.national_id(p.dob)
        ids = f"{c.id_label(scheme)}: {value}"
    text = (
        f"ARBEITSVERTRAG (Auszug)\n\nzwischen der {c.org()} (USt-IdNr. {c.vat()}), {c.addr(firm_addr, 'line')}, "
        f"vertreten durch {c.title(boss, True)} {c.name(boss)} – nachfolgend „Arbeitgeber“ –\n\nund\n\n"
        f"{c.title(p.person)} {c.name(p.person)}, geb. am {c.dob(p.dob)}, wohnhaft "
        f"{c.addr(p.address, 'line')} – nachfolgend „Arbeitnehmer“ –\n\n"
        f"§ 1 Beginn: Das Arbeitsverhältnis beginnt am {c.n('date_event')}. Die Probezeit "
        f"beträgt {c.n('duration', c.pick('6 Monate', '3 Monate'))}.\n"
        f"§ 4 Vergütung: {c.amount(2800, 7500)} brutto monatlich, zahlbar auf das Konto "
        f"IBAN {c.iban()}.\n§ 7 Urlaub: {c.pick('28', '30')} Arbeitstage.\n\n"
        f"Angaben für die Lohnabrechnung: {ids}; private Telefonnummer {c.phone(p.phone)}.\n"
    )
    return [
        "Du bist ein HR-Assistent. Prüfe Arbeitsverträge auf übliche Klauseln und Unstimmigkeiten.",
        text,
    ]


def de_zeugnis(c: Ctx) -> list[str]:
    p = c.profile()
    boss = c.person()
    he = not p.person.female
    start, end = c.period(2005, 2018, 2500)
    text = (
        f"{c.org()}\n{c.addr(c.profile().address)}\n\n"
        f"ARBEITSZEUGNIS\n\n{c.title(p.person)} {c.name(p.person)}, geboren am "
        f"{c.dob(p.dob, c.pick('long', 'dots'))}, wohnhaft {c.addr(p.address, 'line')}, war vom "
        f"{start} bis zum {end} in unserem Unternehmen als "
        f"{c.pick('Buchhalter/in', 'Lagerist/in', 'Teamleiter/in Vertrieb')} tätig.\n\n"
        f"{'Er' if he else 'Sie'} erledigte die Aufgaben stets zu unserer vollsten "
        f"Zufriedenheit. {c.title(p.person)} {c.name(p.person, 'last')} verlässt uns auf "
        f"eigenen Wunsch.\n\n{c.n('town_alone')}, {c.n('date_issue')}\n\n{c.name(boss)}\n"
        f"Geschäftsführung\n"
    )
    return [
        "Du bist Experte für Arbeitszeugnisse und entschlüsselst die Zeugnissprache.",
        f"Wie gut ist dieses Zeugnis wirklich?\n\n{text}",
    ]


def de_meldebescheinigung(c: Ctx) -> list[str]:
    p = c.profile()
    prev = c.profile().address
    birth_name = c.person().last
    title = {
        "DE": "Meldebescheinigung nach § 18 Abs. 1 BMG",
        "AT": "Bestätigung der Meldung (Meldezettel)",
        "CH": "Wohnsitzbestätigung",
    }[c.region]
    street, town = c.addr_split(p.address)
    doc = (
        f"{title}\n\nFamilienname: {c.name(p.person, 'last')}\n"
        f"Geburtsname: {c.e('PERSON', birth_name) if p.person.female else '-'}\n"
        f"Vornamen: {c.name(p.person, 'first')}\nTag der Geburt: {c.dob(p.dob, c.pick('dots', 'long0'))}\n"
        f"Geburtsort: {V.neg_value(c.rng, 'town_alone', c.region)}\nStaatsangehörigkeit: {c.pick('deutsch', 'österreichisch', 'schweizerisch', 'italienisch')}\n\n"
        f"Gegenwärtige Wohnung (Hauptwohnung):\n  Straße, Hausnummer: {street}\n"
        f"  PLZ, Ort: {town}\n  Einzugsdatum: {c.n('date_event')}\n\n"
        f"Frühere Wohnung: {c.addr(prev, 'line')}\n\nAusgestellt am {c.n('date_issue')}, "
        f"Vorgangsnummer {c.n('ticket_number')}\n"
    )
    if c.region == "CH":
        doc += f"AHV-Nummer: {c.national_id(p.dob)[0]}\n"
    return [
        "Du bist ein Assistent für Behördengänge. Beantworte Fragen zu Dokumenten.",
        f"Brauche ich für den Mietvertrag noch etwas anderes als das hier?\n\n{doc}",
    ]


def de_bank_widerspruch(c: Ctx) -> list[str]:
    p = c.profile()
    bank = c.org(c.pick("Sparkasse", "Bank", "Volksbank"))
    letter = (
        f"{c.name(p.person)}\n{c.addr(p.address, prefix=c.chance(0.4))}\n\n{bank}\n"
        f"{c.addr(c.profile(po_box=c.chance(0.5)).address)}\n\n{c.n('date_issue')}\n\n"
        f"Widerspruch gegen Lastschrift / Kartenumsatz\n\nSehr geehrte Damen und Herren,\n\n"
        f"hiermit widerspreche ich der Belastung meines Kontos IBAN {c.iban()} vom "
        f"{c.n('date_event')} über {c.amount(9, 900)} (Gläubiger-ID "
        f"{c.n('creditor_id', 'DE' + str(c.rng.randint(10, 99)) + 'ZZZ0' + str(c.rng.randint(10**7, 10**8 - 1)))}, "
        f"Mandatsreferenz {c.n('order_number')}). Ein Mandat habe ich nie erteilt. Außerdem "
        f"wurde meine Kreditkarte {c.card()} am {c.n('date_event')} ohne meine Zustimmung "
        f"belastet. Ich bitte um Erstattung gemäß {c.n('statute_ref', c.pick('§ 675x BGB', '§ 675u BGB'))}.\n\n"
        f"Zur Legitimation: {c.dob_label()} {c.dob(p.dob)}, Rückruf unter {c.phone(p.phone)}.\n\n"
        f"Mit freundlichen Grüßen\n{c.name(p.person)}"
    )
    return [
        "Du bist ein Verbraucherschutz-Assistent. Verbessere Schreiben an Banken.",
        f"Passt das so?\n\n{letter}",
    ]


def de_eidesstattlich(c: Ctx) -> list[str]:
    p = c.profile()
    gegner = c.person()
    aid, idv = c.id_doc(p)
    text = (
        f"{c.pick('Amtsgericht', 'Landgericht', 'Bezirksgericht')} {c.n('town_alone')}\n"
        f"Az. {c.n('case_number')}\n\nIn Sachen {c.name(p.person, 'last')} ./. "
        f"{c.name(gegner, 'last')}\n\nEIDESSTATTLICHE VERSICHERUNG\n\n"
        f"Ich, {c.name(p.person)}, geb. {c.dob(p.dob)}, wohnhaft\n{c.addr(p.address)},\n"
        f"ausgewiesen durch {aid} {idv}, bin über die Bedeutung einer eidesstattlichen "
        f"Versicherung belehrt worden. Ich versichere an Eides statt:\n\n"
        f"Am {c.n('date_event')} gegen {c.pick('18', '21', '9')} Uhr rief mich "
        f"{c.title(gegner)} {c.name(gegner)} unter der Nummer {c.phone(c.profile().phone)} an "
        f"und forderte die Herausgabe der Schlüssel. Ich bin unter {c.phone(p.phone)} "
        f"erreichbar.\n\n{c.n('town_alone')}, {c.n('date_issue')}\n(Unterschrift)"
    )
    return [
        "Du bist ein Assistent in einer Anwaltskanzlei. Prüfe Schriftsätze auf Form und "
        "Vollständigkeit.",
        text,
    ]


def de_html_mail(c: Ctx) -> list[str]:
    p = c.profile()
    shop = c.org("Reisen")
    if c.chance(0.5):
        addr_cell = c.e("ADDRESS", "<br>".join(html.escape(x) for x in p.address.lines(c.rng)))
        rows = f"<tr><th>Adresse</th><td>{addr_cell}</td></tr>"
    else:
        street, town = c.addr_split(p.address)
        rows = (
            f"<tr><th>Straße</th><td>{street}</td></tr>\n<tr><th>PLZ/Ort</th><td>{town}</td></tr>"
        )
    body = (
        f'<div style="font-family:Arial">\n<p>Hallo {c.name(p.person)},</p>\n'
        f"<p>Ihre Kundendaten bei {shop} wurden am {c.n('timestamp')} geändert:</p>\n"
        f"<table>\n<tr><th>{html.escape(c.dob_label())}</th><td>{c.dob(p.dob)}</td></tr>\n"
        f"{rows}\n<tr><th>Telefon</th><td>{c.phone(p.phone)}</td></tr>\n"
        f"<tr><th>E-Mail</th><td>{c.email(p.email)}</td></tr>\n"
        f"<tr><th>Zahlungsart</th><td>Lastschrift, {c.iban()}</td></tr>\n</table>\n"
        f"<p>Buchung {c.n('booking_ref')}, Hinflug {c.n('flight_number')} am "
        f"{c.n('date_event')}, Rechnung {c.n('invoice_number')}.</p>\n"
        f"<p>Anmeldung von IP-Adresse {c.ip()}.</p>\n"
        f"<small>{shop} · USt-IdNr. {c.vat()} · Vorlage {c.n('version')} · {c.n('uuid')}</small>\n</div>"
    )
    return [
        "Du bist ein E-Mail-Assistent. Fasse HTML-Mails zusammen und warne vor Phishing.",
        f"Ist die echt?\n\n{body}",
    ]


def de_graphql(c: Ctx) -> list[str]:
    p = c.profile()
    variables: dict[str, Any] = {
        "input": {
            "vorname": c.name(p.person, "first"),
            "nachname": c.name(p.person, "last"),
            "geburtsdatum": c.dob(p.dob, c.pick("iso", "dots")),
            "telefon": c.phone(p.phone, c.pick("e164", "intl")),
            "email": c.email(p.email),
            "anschrift": c.addr(p.address, "line"),
            "bank": {"iban": c.iban(), "bic": c.bic()},
        },
        "clientMutationId": c.n("uuid"),
    }
    if c.region == "DE":
        variables["input"]["steuerId"] = c.tax_id()
    else:
        variables["input"]["sozialversicherungsnummer"] = c.national_id(p.dob)[0]
    call = c.json(
        {
            "tool": "graphql.execute",
            "arguments": {
                "headers": {"Authorization": f"Bearer {c.api_key()}"},
                "query": "mutation Registrieren($input: KundeInput!) { registrieren(input: $input) { id } }",
                "variables": variables,
            },
        },
        2,
    )
    result = c.json(
        {
            "data": None,
            "errors": [
                {
                    "message": "Feld 'geburtsdatum' ungültig",
                    "path": ["registrieren"],
                    "extensions": {"status": 422},
                }
            ],
            "requestId": c.n("hash"),
        }
    )
    return [
        "Du bist ein Entwickler-Assistent und debuggst API-Aufrufe.",
        "Warum schlägt die Registrierung fehl?",
        call,
        result,
    ]


def de_protobuf(c: Ctx) -> list[str]:
    p = c.profile()
    street, town = c.addr_split(p.address)
    doc_field, doc = (
        ("ausweisnummer", c.national_id(p.dob)[0])
        if c.region == "DE"
        else ("passnummer", c.passport())
    )
    proto = (
        f'kunde {{\n  id: "{c.n("record_id")}"\n  name: "{c.name(p.person)}"\n'
        f'  geburtsdatum: "{c.dob(p.dob, c.pick("iso", "dots"))}"\n'
        f'  {doc_field}: "{doc}"\n'
        f'  anschrift {{\n    strasse: "{street}"\n    ort: "{town}"\n'
        f'    land: "{c.region}"\n  }}\n  telefon: "{c.phone(p.phone, "e164")}"\n'
        f'  letzte_ip: "{c.ip()}"\n}}\n'
        f'vertrag {{\n  nummer: "{c.n("order_number")}"\n  tarif_version: "{c.n("version")}"\n'
        f'  beitrag: "{c.amount(9, 120)}"\n}}\n'
    )
    return [
        "Du bist ein Assistent für Backend-Entwicklung.",
        f"Beispielnachricht (textproto) aus dem Altsystem:\n\n```textproto\n{proto}```\n\n"
        f"Bitte schreib mir ein Go-Struct dafür.",
    ]


def de_bonitaet(c: Ctx) -> list[str]:
    p = c.profile()
    prev = c.profile().address
    contracts = "\n".join(
        f"| {c.org(c.pick('Bank', 'Mobilfunk', 'Leasing'))} | {c.pick('Ratenkredit', 'Girokonto', 'Mobilfunkvertrag', 'Leasing')} "
        f"| seit {c.n('date_event')} | {c.pick('vertragsgemäß', 'erledigt')} |"
        for _ in range(c.rng.randint(2, 3))
    )
    report = (
        f"BONITÄTSAUSKUNFT – Anfrage {c.n('uuid')} vom {c.n('timestamp')}\n\n"
        f"Person: {c.name(p.person, c.pick('name', 'inverted'))}\n{c.dob_label()}: {c.dob(p.dob)}\n"
        f"Aktuelle Anschrift: {c.addr(p.address, 'line')}\n"
        f"Voranschrift: {c.addr(prev, 'line')} (bis {c.n('date_event')})\n"
        f"Kreditkarte: {c.card()}\n\n"
        f"Score: {c.n('percentage', str(c.rng.randint(80, 99)) + ',' + str(c.rng.randint(0, 99)) + ' %')}"
        f" (Scoreversion {c.n('version')})\n\n| Vertragspartner | Art | Beginn | Status |\n"
        f"|---|---|---|---|\n{contracts}\n"
    )
    return [
        "Du bist ein Assistent einer Hausverwaltung und bewertest Mieterauskünfte sachlich.",
        report,
        c.pick("Ist der Interessent kreditwürdig?", "Gibt es Auffälligkeiten?"),
    ]


EN: dict[str, tuple[str, Frame]] = {
    "bank_dispute_letter": ("letter", en_bank_dispute),
    "affidavit": ("legal", en_affidavit),
    "school_trip_consent": ("form", en_school_letter),
    "mortgage_markdown": ("markdown", en_mortgage_markdown),
    "background_check": ("report", en_background_check),
    "dating_moderation": ("tool_result", en_dating_moderation),
    "viewing_notes_md": ("markdown", en_viewing_notes),
    "graphql_variables": ("code", en_graphql),
    "html_email": ("html", en_html_email),
    "protobuf_text": ("code", en_protobuf),
}
DE: dict[str, tuple[str, Frame]] = {
    "jobcenter_antrag": ("form", de_jobcenter),
    "arbeitsvertrag": ("legal", de_arbeitsvertrag),
    "arbeitszeugnis": ("letter", de_zeugnis),
    "meldebescheinigung": ("form", de_meldebescheinigung),
    "bank_widerspruch": ("letter", de_bank_widerspruch),
    "eidesstattliche_versicherung": ("legal", de_eidesstattlich),
    "html_mail_de": ("html", de_html_mail),
    "graphql_variables_de": ("tool_call", de_graphql),
    "protobuf_text_de": ("code", de_protobuf),
    "bonitaetsauskunft": ("report", de_bonitaet),
}

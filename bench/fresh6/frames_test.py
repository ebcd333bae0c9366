"""Document frames of the fresh6 *test* half (disjoint from :mod:`frames_dev`)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

from bench.fresh6.core import Built, E, N, Piece, fill
from bench.fresh6.values import (
    MONTHS_EN,
    Gen,
    api_key,
    credit_card,
    de_tax_id,
    dob_de,
    ip_address,
    jwt,
    private_key,
)

Frame = Callable[[Gen], list[Built]]


ISO3 = {"GB": "GBR", "US": "USA", "CA": "CAN", "AU": "AUS", "IE": "IRL"}


def _gds_date(born: dt.date) -> str:
    return f"{born.day:02d}{MONTHS_EN[born.month - 1][:3].upper()}{born.year % 100:02d}"


# ---- English ------------------------------------------------------------------------------


def en_pnr_tool(g: Gen) -> list[Built]:
    """Airline booking tool result in a GDS-like PNR display."""
    p = g.person()
    c = g.person()
    cc = g.pick("GB", "US", "CA", "AU", "IE")
    pp = g.passport(cc)
    r = fill(
        "RP/«rloc»\n1.«L1»/«F1» «t1»  2.«L2»/«F2» «t2»\n"
        "3 «fl» Y 12MAR LHRFRA HK2 0715 0950\n"
        "4 AP «phone»\n5 APE «email»\n"
        "6 SSR DOCS YY HK1/P/«cc»/«pp»/«cc»/«dob»/«sx»/«exp»/«L1»/«F1»\n"
        "7 SSR DOCS YY HK1/P/«cc»/«pp2»/«cc»/«dob2»/«sx2»/«exp2»/«L2»/«F2»\n"
        "8 FA PAX «tkt»\n9 TK OK«tl»",
        rloc=g.n("booking_ref"),
        L1=E("PERSON", p.last.upper()),
        F1=E("PERSON", p.first.upper()),
        t1="MRS" if p.female else "MR",
        L2=E("PERSON", c.last.upper()),
        F2=E("PERSON", c.first.upper()),
        t2="MRS" if c.female else "MR",
        fl=g.n("flight_number"),
        phone=E("PHONE", p.phone),
        email=E("EMAIL", p.email.upper()),
        cc=ISO3[cc],
        pp=pp,
        dob=E("DATE_OF_BIRTH", _gds_date(p.born)),
        sx="F" if p.female else "M",
        exp=g.n("date"),
        pp2=g.passport(cc),
        dob2=E("DATE_OF_BIRTH", _gds_date(c.born)),
        sx2="F" if c.female else "M",
        exp2=g.n("date"),
        tkt=g.n("order_number"),
        tl=g.n("date"),
    )
    ask = fill("Is the passport «pp» still valid for the return leg?", pp=pp)
    return [fill("You are a travel-agency assistant."), ask, r]


def en_school_enrol(g: Gen) -> list[Built]:
    """Sixth-form / college enrolment form with guardians."""
    s = g.person()
    m = g.person()
    f = fill(
        "ENROLMENT FORM — Intake «year» — Form ID «fid»\n"
        "Student legal name: «sname»\nDOB: «sdob»\nStudent ID number: «sid»\n"
        "Home address: «addr»\n"
        "Parent/guardian 1: «mname» (mother) — mobile «mphone», work «mwork»\n"
        "Guardian e-mail: «memail»\n"
        "Emergency contact: «ec», «ecphone»\n"
        "Previous school: «org»\nFees paid: «amt» on «paid»\nLocker code: «code»",
        year="2026/27",
        fid=g.n("ticket_id"),
        sname=E("PERSON", s.name),
        sdob=g.dob(s),
        sid=g.home_id(s),
        addr=g.address(s),
        mname=E("PERSON", f"{m.first} {s.last}"),
        mphone=E("PHONE", m.phone),
        mwork=g.phone(ext=True),
        memail=E("EMAIL", m.email),
        ec=g.other_name(),
        ecphone=g.phone(),
        org=g.org(),
        amt=g.n("amount"),
        paid=g.n("date"),
        code=g.n("product_code"),
    )
    return [fill("Check the form for missing consent fields."), f]


def en_police_report(g: Gen) -> list[Built]:
    """Police incident report."""
    v = g.person()
    w = g.person()
    r = fill(
        "INCIDENT REPORT «ref»   Logged: «ts»\n"
        "Reporting person: «vname»   D.O.B.: «vdob»\n"
        "Address: «vaddr»\nContact: «vphone»\n"
        "Witness: «wname», born «wdob», tel «wphone»\n"
        "Narrative: On «date» at approx. 22:40 the reporting person's laptop "
        "(serial «sku», «size») was taken from a vehicle. Suspect vehicle reg unknown. "
        "Offence: «stat». Value «amt».",
        ref=g.n("ticket_id"),
        ts=g.n("timestamp"),
        vname=E("PERSON", v.name),
        vdob=g.dob(v),
        vaddr=g.address(v),
        vphone=E("PHONE", v.phone),
        wname=E("PERSON", w.name),
        wdob=g.dob(w),
        wphone=E("PHONE", w.phone),
        date=g.n("date"),
        sku=g.n("product_code"),
        size=g.n("storage_size"),
        stat=g.n("statute"),
        amt=g.n("amount"),
    )
    return [fill("Turn this into a victim-support letter."), r]


def en_tax_email(g: Gen) -> list[Built]:
    """E-mail thread with a tax advisor."""
    p = g.person()
    adv = g.other_name()
    m = fill(
        "From: «email»\nTo: «adv_mail»\nSubject: Return «yr» – docs\n\n"
        "Hi «adv», attached is everything for this year's return. My tax number is «hid». "
        "I moved in «month» to «addr». Refund to «iban» please. The invoice «inv» "
        "(«amt») is for the home office. Call me on «phone» if anything is missing.\n"
        "Thanks, «name»",
        email=E("EMAIL", p.email),
        adv_mail=E("EMAIL", "office@" + g.pick("taxwise.co.uk", "ledgerline.com", "acctpros.ie")),
        yr="2025",
        adv=adv,
        hid=g.home_id(p),
        month=g.pick("March", "June", "October"),
        addr=g.address(p),
        iban=g.iban(),
        inv=g.n("invoice_number"),
        amt=g.n("amount"),
        phone=E("PHONE", p.phone),
        name=E("PERSON", p.name),
    )
    reply = fill(
        "Thanks «first». Under «stat» you can claim «pct» of it. I'll file by «due».",
        first=E("PERSON", p.first),
        stat=g.n("statute"),
        pct=g.n("percentage"),
        due=g.n("date"),
    )
    return [m, reply]


def en_car_finance(g: Gen) -> list[Built]:
    """Car-financing application as key: value pairs."""
    p = g.person()
    a = fill(
        "Car finance application «no»\n"
        "Applicant ........ «name»\nBorn ............. «dob»\n"
        "ID document ...... passport «pp»\nResidential ...... «addr»\n"
        "Employer ......... «org» (HR «hr»)\nGross income ..... «amt»\n"
        "Deposit card ..... «cc»\nRepayments ....... «iban» / «bic»\n"
        "Mobile ........... «phone»\nE-mail ........... «email»\n"
        "Vehicle .......... «sku», quote valid until «until»",
        no=g.n("order_number"),
        name=E("PERSON", p.name),
        dob=g.dob(p),
        pp=g.passport(),
        addr=g.address(p),
        org=g.org(),
        hr=g.phone(ext=True),
        amt=g.n("amount"),
        cc=E("CREDIT_CARD", credit_card(g.rng)),
        iban=g.iban(),
        bic=g.bic(),
        phone=E("PHONE", p.phone),
        email=E("EMAIL", p.email),
        sku=g.n("product_code"),
        until=g.n("date"),
    )
    return [fill("Assess affordability; do not repeat personal data."), a]


def en_rental_app(g: Gen) -> list[Built]:
    """Rental application with previous address and references."""
    p = g.person()
    prev = g.person()
    r1 = g.person()
    r2 = g.person()
    t = fill(
        "Rental application for unit «unit»\n\nApplicant: «name» («dob»)\n"
        "Current address: «addr»\nPrevious address (3 yrs): «prev»\n"
        "Employer: «org», since «since»\nID: «hid»\n\n"
        "References:\n- «r1» (former landlord) «r1p», «r1e»\n- «r2» (manager) «r2p»\n"
        "Monthly rent offered: «amt»; also happy with anything in postcode area «pc»",
        unit=g.n("room_number"),
        pc=N("postcode", g.person().postcode),
        name=E("PERSON", p.name),
        dob=g.dob(p),
        addr=g.address(p),
        prev=g.address(prev),
        org=g.org(),
        since=g.n("date"),
        hid=g.home_id(p),
        r1=E("PERSON", r1.name),
        r1p=E("PHONE", r1.phone),
        r1e=E("EMAIL", r1.email),
        r2=E("PERSON", r2.name),
        r2p=g.phone(ext=True),
        amt=g.n("amount"),
    )
    return [fill("Score this rental application."), t]


def en_vcard_ical(g: Gen) -> list[Built]:
    """A vCard and an iCal invite pasted together."""
    p = g.person()
    o = g.person()
    state = p.state
    b = p.born
    v = fill(
        "BEGIN:VCARD\nVERSION:3.0\nFN:«name»\nN:«last»;«first»;;;\nORG:«org»\n"
        "TEL;TYPE=cell:«phone»\nTEL;TYPE=work:«work»\nEMAIL:«email»\n"
        "ADR;TYPE=home:;;«adr»;\nBDAY:«bday»\nUID:«uid»\nEND:VCARD",
        name=E("PERSON", p.name),
        last=E("PERSON", p.last),
        first=E("PERSON", p.first),
        org=g.org(),
        phone=E("PHONE", p.phone),
        work=g.phone(ext=True),
        email=E("EMAIL", p.email),
        adr=E("ADDRESS", f"{p.street};{p.city};{state};{p.postcode}"),
        bday=E("DATE_OF_BIRTH", f"{b.year}{b.month:02d}{b.day:02d}"),
        uid=g.n("uuid"),
    )
    i = fill(
        "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:«uid»\nDTSTART:«start»\nSUMMARY:Viewing\n"
        "LOCATION:«loc»\nORGANIZER;CN=«oname»:mailto:«omail»\n"
        "ATTENDEE;CN=«name»:mailto:«email»\nEND:VEVENT\nEND:VCALENDAR",
        uid=g.n("uuid"),
        start=N("timestamp", f"2027{g.rng.randint(1, 12):02d}{g.rng.randint(1, 28):02d}T090000Z"),
        loc=g.address(o),
        oname=E("PERSON", o.name),
        omail=E("EMAIL", o.email),
        name=E("PERSON", p.name),
        email=E("EMAIL", p.email),
    )
    return [fill("Import these into the address book."), v, i]


def en_markdown_roster(g: Gen) -> list[Built]:
    """Clinic roster as a Markdown table."""
    rows = []
    vals: dict[str, Piece] = {}
    for i in range(3):
        p = g.person()
        rows.append(f"| «n{i}» | «d{i}» | «h{i}» | «t{i}» | «a{i}» | «v{i}» |")
        vals |= {
            f"n{i}": E("PERSON", p.name),
            f"d{i}": g.dob(p),
            f"h{i}": g.home_id(p),
            f"t{i}": E("PHONE", p.phone),
            f"a{i}": g.n("date"),
            f"v{i}": g.n("ticket_id"),
        }
    t = fill(
        "| Patient | Date of birth | Identifier | Phone | Next appt | Case |\n"
        "|---|---|---|---|---|---|\n" + "\n".join(rows),
        **vals,
    )
    return [fill("Which patients are due this week?"), t]


def en_prescription(g: Gen) -> list[Built]:
    """Pharmacy prescription and dispensing note."""
    p = g.person()
    t = fill(
        "PRESCRIPTION  Rx «rx»\nPrescriber: Dr «doc», «clinic», «cphone»\n"
        "Patient: «name»   Born: «dob»\nPatient address:\n«addr»\n"
        "Health ID: «hid»\nItem: «sku» amoxicillin 500 mg x 21, dispensed «disp»\n"
        "Pharmacy contact: «pemail»",
        rx=g.n("order_number"),
        doc=g.other_name(),
        clinic=g.org(),
        cphone=g.phone(ext=True),
        name=E("PERSON", p.name),
        dob=g.dob(p),
        addr=g.address(p, sep="\n"),
        hid=g.home_id(p),
        sku=g.n("product_code"),
        disp=g.n("date"),
        pemail=E(
            "EMAIL", "dispensary@" + g.pick("boots-pharma.co.uk", "carepharm.com", "rxhub.ie")
        ),
    )
    return [fill("Write the patient a plain-English medication note."), t]


def en_kyc_toolcall(g: Gen) -> list[Built]:
    """Support chat with a KYC tool call (JSON arguments) and its result."""
    p = g.person()
    pp = g.passport()
    u = fill(
        "Hi, I need to verify my account. Name «name», born «dob», passport «pp». "
        "My API key «key» stopped working too, and I think I pasted our signing key in the "
        "last ticket by mistake:\n«pk»\nPlease delete it.",
        name=E("PERSON", p.name),
        dob=g.dob(p),
        pp=pp,
        key=E("API_KEY", api_key(g.rng)),
        pk=E("PRIVATE_KEY", private_key(g.rng)),
    )
    call = fill(
        '{"tool":"kyc.verify","arguments":{"full_name":"«name»","date_of_birth":"«dob»",'
        '"document":{"type":"passport","number":"«pp»"},"national_id":"«hid»",'
        '"address":{"line1":"«street»","line2":"«town»"},"client_ip":"«ip»"}}',
        name=E("PERSON", p.name),
        dob=E("DATE_OF_BIRTH", p.born.isoformat()),
        pp=pp,
        hid=g.home_id(p),
        street=E("ADDRESS", p.street),
        town=E("ADDRESS", g.town_line(p)),
        ip=E("IP_ADDRESS", ip_address(g.rng)),
    )
    res = fill(
        '{"status":"verified","check_id":"«cid»","score":«score»,"session":"«jwt»",'
        '"api":"«ver»","latency":"«dur»"}',
        cid=g.n("uuid"),
        score="0.97",
        jwt=E("JWT", jwt(g.rng)),
        ver=g.n("version"),
        dur=g.n("duration"),
    )
    return [fill("You are the verification bot."), u, call, res]


# ---- German ------------------------------------------------------------------------------


def de_schaden_telefonat(g: Gen) -> list[Built]:
    """Telefonnotiz einer Schadensmeldung, Sprecher A/B mit Zeitmarken."""
    p = g.person()
    t = fill(
        "Sprecher A (00:12): Schadenservice «org», was kann ich für Sie tun?\n"
        "Sprecher B (00:16): Mein Name ist «name», es geht um einen Wasserschaden.\n"
        "Sprecher A (00:25): Wie lautet Ihr Geburtsdatum?\n"
        "Sprecher B (00:29): Das ist der «dob».\n"
        "Sprecher A (00:34): Und die Schadensadresse?\n"
        "Sprecher B (00:41): «addr».\n"
        "Sprecher A (00:48): Unter welcher Nummer erreichen wir Sie?\n"
        "Sprecher B (00:52): Handy «phone», Festnetz «land».\n"
        "Sprecher A (01:05): Danke. Schadennummer «snr», Meldung vom «date».",
        org=g.org(),
        name=E("PERSON", p.name),
        dob=g.dob(p),
        addr=g.address(p),
        phone=E("PHONE", p.phone),
        land=g.phone(ext=g.rng.random() < 0.4),
        snr=g.n("ticket_id"),
        date=g.n("date"),
    )
    return [fill("Erstelle eine Schadensmeldung aus dem Gespräch."), t]


def de_schulanmeldung(g: Gen) -> list[Built]:
    """Anmeldung an der Schule / Kita."""
    k = g.person()
    e = g.person()
    f = fill(
        "Anmeldebogen Schuljahr 2026/27 – Vorgang «vg»\n"
        "Name des Kindes: «kname»\n«gl»: «kdob»\n«al»: «addr»\n"
        "Erziehungsberechtigte/r: «ename», Tel.: «etel», Mobiltel.: «emob»\n"
        "E-Mail: «email»\nNotfallkontakt: «nf» – «nftel»\n"
        "Beitrag: «amt», Lastschrift von «iban»\nBisherige Einrichtung: «org»",
        vg=g.n("ticket_id"),
        gl=g.pick("Geburtstag", "Geb.-Dat.", "Geburtsdatum", "Geburstag"),
        al=g.pick("Anschrift", "Wohnadresse", "Adrese", "Straße, PLZ Ort"),
        kname=E("PERSON", k.name),
        kdob=g.dob(k),
        addr=g.address(k),
        ename=E("PERSON", f"{e.first} {k.last}"),
        etel=g.phone(),
        emob=E("PHONE", e.phone),
        email=E("EMAIL", e.email),
        nf=g.other_name(),
        nftel=g.phone(),
        amt=g.n("amount"),
        iban=g.iban(),
        org=g.org(),
    )
    return [fill("Prüfe den Anmeldebogen auf Vollständigkeit."), f]


def de_mieterselbstauskunft(g: Gen) -> list[Built]:
    """Mieterselbstauskunft mit Vorvermieter-Referenz."""
    p = g.person()
    vv = g.person()
    t = fill(
        "Mieterselbstauskunft für Whg. «whg»\n"
        "Mietinteressent: «name»\ngeb. am: «dob»\nPersonalausw.: «pa»\n"
        "Derzeitige Anschrift:\n«addr»\nVorvermieter: «vv», «vvtel»\n"
        "Arbeitgeber: «org», Nettoeinkommen «amt»\nSteuer-ID (freiwillig): «stid»\n"
        "Kontakt: «phone» / «email»",
        whg=g.n("room_number"),
        name=E("PERSON", p.name),
        dob=g.dob(p),
        pa=g.home_id(p),
        addr=g.address(p, sep="\n"),
        vv=E("PERSON", vv.name),
        vvtel=E("PHONE", vv.phone),
        org=g.org(),
        amt=g.n("amount"),
        stid=E("DE_TAX_ID", de_tax_id(g.rng)),
        phone=E("PHONE", p.phone),
        email=E("EMAIL", p.email),
    )
    return [fill("Bewerte die Selbstauskunft."), t]


def de_vcard_termin(g: Gen) -> list[Built]:
    """vCard und Termineinladung (iCal) auf Deutsch."""
    p = g.person()
    o = g.person()
    b = p.born
    v = fill(
        "BEGIN:VCARD\nVERSION:4.0\nFN:«name»\nTEL;TYPE=cell:«phone»\nEMAIL:«email»\n"
        "ADR;TYPE=home:;;«adr»;\nBDAY:«bday»\nORG:«org»\nREV:«rev»\nEND:VCARD",
        name=E("PERSON", p.name),
        phone=E("PHONE", p.phone),
        email=E("EMAIL", p.email),
        adr=E("ADDRESS", f"{p.street};{p.city};;{p.postcode}"),
        bday=E("DATE_OF_BIRTH", f"{b.year}-{b.month:02d}-{b.day:02d}"),
        org=g.org(),
        rev=g.n("timestamp"),
    )
    i = fill(
        "BEGIN:VEVENT\nSUMMARY:Beratungstermin\nLOCATION:«loc»\n"
        "ORGANIZER;CN=«oname»:mailto:«omail»\nATTENDEE;CN=«name»:mailto:«email»\n"
        "DESCRIPTION:Bitte Ausweis mitbringen. Vorgang «vg»\nEND:VEVENT",
        loc=g.address(o),
        oname=E("PERSON", o.name),
        omail=E("EMAIL", o.email),
        name=E("PERSON", p.name),
        email=E("EMAIL", p.email),
        vg=g.n("ticket_id"),
    )
    return [fill("Lege den Kontakt und den Termin an."), v, i]


def de_sql_dump(g: Gen) -> list[Built]:
    """SQL-Dump einer Kundentabelle."""
    rows = []
    vals: dict[str, Piece] = {}
    for i in range(2):
        p = g.person()
        rows.append(
            f"INSERT INTO kunden (kdnr, nachname, vorname, geburtsdatum, strasse, plz_ort, "
            f"telefon, iban, steuer_id) VALUES («k{i}», '«l{i}»', '«f{i}»', '«d{i}»', '«s{i}»', "
            f"'«o{i}»', '«t{i}»', '«b{i}»', '«x{i}»');"
        )
        vals |= {
            f"k{i}": g.n("order_number"),
            f"l{i}": E("PERSON", p.last),
            f"f{i}": E("PERSON", p.first),
            f"d{i}": E("DATE_OF_BIRTH", p.born.isoformat()),
            f"s{i}": E("ADDRESS", p.street),
            f"o{i}": E("ADDRESS", g.town_line(p)),
            f"t{i}": E("PHONE", p.phone),
            f"b{i}": g.iban(),
            f"x{i}": E("DE_TAX_ID", de_tax_id(g.rng)),
        }
    t = fill(
        "-- Export «ts», Schema «ver», Größe «size»\n" + "\n".join(rows),
        ts=g.n("timestamp"),
        ver=g.n("version"),
        size=g.n("storage_size"),
        **vals,
    )
    return [fill("Schreibe ein Skript, das diese Daten pseudonymisiert."), t]


def de_onboarding_yaml(g: Gen) -> list[Built]:
    """Onboarding-Datensatz als YAML mit deutschen Schlüsseln."""
    p = g.person()
    y = fill(
        "mitarbeiter:\n  name: «name»\n  geburtsdatum: «dob»\n  sv_nummer: «hid»\n"
        "  steuer_id: «stid»\n  anschrift: «addr»\n  handy: «phone»\n  email_privat: «email»\n"
        "  bank:\n    iban: «iban»\n    bic: «bic»\n  eintritt: «start»\n"
        "  zugang:\n    vpn_ip: «ip»\n    token: «key»\n  notebook: «sku» («size»)\n",
        name=E("PERSON", p.name),
        dob=g.dob(p),
        hid=g.home_id(p),
        stid=E("DE_TAX_ID", de_tax_id(g.rng)),
        addr=g.address(p),
        phone=E("PHONE", p.phone),
        email=E("EMAIL", p.email),
        iban=g.iban(),
        bic=g.bic(),
        start=g.n("date"),
        ip=E("IP_ADDRESS", ip_address(g.rng)),
        key=E("API_KEY", api_key(g.rng)),
        sku=g.n("product_code"),
        size=g.n("storage_size"),
    )
    return [fill("Prüfe den YAML-Datensatz."), y]


def de_rezept(g: Gen) -> list[Built]:
    """Rezept / Apothekenanfrage."""
    p = g.person()
    t = fill(
        "Rezept «rx» vom «datum»\nVerordnende Praxis: «praxis», Tel. «ptel»\n"
        "Patientin/Patient: «name», Geburtsdat.: «dob»\nAnschrift: «addr»\n"
        "Versicherungsnummer: «hid»\nPZN «pzn» Metformin 1000 mg, Zuzahlung «amt»\n"
        "Rückruf an «phone»",
        rx=g.n("order_number"),
        datum=g.n("date"),
        praxis=g.org(),
        ptel=g.phone(ext=True),
        name=E("PERSON", p.name),
        dob=g.dob(p),
        addr=g.address(p),
        hid=g.home_id(p),
        pzn=g.n("product_code"),
        amt=g.n("amount"),
        phone=E("PHONE", p.phone),
    )
    return [fill("Erkläre der Person die Einnahme."), t]


def de_support_toolcall(g: Gen) -> list[Built]:
    """Support-Chat mit Tool-Aufruf (JSON) und Ergebnis."""
    p = g.person()
    u = fill(
        "Hallo, meine Kreditkarte «cc» wurde doppelt belastet (Bestellung «ord»). "
        "Ich heiße «name».",
        cc=E("CREDIT_CARD", credit_card(g.rng)),
        ord=g.n("order_number"),
        name=E("PERSON", p.name),
    )
    call = fill(
        '{"name":"kunde_suchen","arguments":{"name":"«name»","bestellnummer":"«ord»"}}',
        name=E("PERSON", p.name),
        ord=g.n("order_number"),
    )
    res = fill(
        '{"kunde":{"name":"«name»","geburtsdatum":"«dob»","anschrift":"«addr»",'
        '"telefon":"«phone»","email":"«email»","ust_id":"«vat»"},'
        '"erstattung":{"betrag":"«amt»","rechnung":"«inv»","sendung":"«trk»"}}',
        name=E("PERSON", p.name),
        dob=g.dob(p),
        addr=g.address(p),
        phone=E("PHONE", p.phone),
        email=E("EMAIL", p.email),
        vat=g.vat(),
        amt=g.n("amount"),
        inv=g.n("invoice_number"),
        trk=g.n("tracking_number"),
    )
    return [fill("Du bearbeitest Erstattungen."), u, call, res]


def de_bilingual_mail(g: Gen) -> list[Built]:
    """Zweisprachige Mail (DE/EN) an eine Relocation-Agentur."""
    p = g.person()
    pp = g.passport()
    m = fill(
        "Sehr geehrte Damen und Herren, / Dear Sir or Madam,\n\n"
        "DE: Ich, «name», geboren am «dob_de», ziehe zum «move» um. Neue Anschrift: «addr». "
        "Reisepass-Nr. «pp».\n"
        "EN: I, «name», born «dob_en», am moving on «move2». New address: «addr». "
        "Passport no. «pp».\n\nTel./Phone: «phone»\n«email»",
        name=E("PERSON", p.name),
        dob_de=E("DATE_OF_BIRTH", dob_de(p.born, g.rng)),
        move=g.n("date"),
        addr=g.address(p),
        pp=pp,
        dob_en=E("DATE_OF_BIRTH", f"{p.born.day} {MONTHS_EN[p.born.month - 1]} {p.born.year}"),
        move2=g.n("date"),
        phone=E("PHONE", p.phone),
        email=E("EMAIL", p.email),
    )
    return [fill("Übersetze nur den deutschen Teil ins Englische."), m]


def de_reisebuchung(g: Gen) -> list[Built]:
    """Buchungsbestätigung eines Reisebüros (Flug) als Tool-Ergebnis."""
    p = g.person()
    pp = g.passport()
    t = fill(
        "Buchungsbestätigung «bk»\nReisende/r: «name»\nGeburtsdatum lt. Pass: «dob»\n"
        "«pl»: «pp», Ablaufdatum «exp»\nFlug «fl» am «date»\n"
        "Rechnungsanschrift: «addr»\nTelefon: «phone»\nZahlung: Karte «cc», «amt»\n"
        "Zahlungsreferenz: «hash»\nTransfer ab Hotel nur im PLZ-Gebiet «plz» möglich.",
        bk=g.n("booking_ref"),
        plz=N("postcode", g.person().postcode),
        pl=g.pick("Reisepassnummer", "Reisepass-Nr.", "Pass-Nr", "Reisepasnummer"),
        name=E("PERSON", p.name),
        dob=g.dob(p),
        pp=pp,
        exp=g.n("date"),
        fl=g.n("flight_number"),
        date=g.n("date"),
        addr=g.address(p),
        phone=E("PHONE", p.phone),
        cc=E("CREDIT_CARD", credit_card(g.rng)),
        amt=g.n("amount"),
        hash=g.n("hash"),
    )
    return [fill("Fasse die Buchung für die Reisende/den Reisenden zusammen."), t]


FRAMES_EN: list[Frame] = [
    en_pnr_tool,
    en_school_enrol,
    en_police_report,
    en_tax_email,
    en_car_finance,
    en_rental_app,
    en_vcard_ical,
    en_markdown_roster,
    en_prescription,
    en_kyc_toolcall,
]
FRAMES_DE: list[Frame] = [
    de_schaden_telefonat,
    de_schulanmeldung,
    de_mieterselbstauskunft,
    de_vcard_termin,
    de_sql_dump,
    de_onboarding_yaml,
    de_rezept,
    de_support_toolcall,
    de_bilingual_mail,
    de_reisebuchung,
]

"""Document frames of the fresh6 *dev* half (disjoint from :mod:`frames_test`)."""

from __future__ import annotations

from collections.abc import Callable

from bench.fresh6.core import Built, E, N, Piece, fill
from bench.fresh6.values import (
    Gen,
    api_key,
    credit_card,
    de_tax_id,
    ip_address,
    jwt,
    private_key,
)

Frame = Callable[[Gen], list[Built]]


# ---- English ------------------------------------------------------------------------------


def en_call_transcript(g: Gen) -> list[Built]:
    """Bank call-centre transcript, questions and answers in separate turns."""
    p = g.person()
    sys_ = fill(
        "You are a QA assistant for «org»'s contact centre. Summarise the call below and flag "
        "any identity checks that were skipped. Ticket «tk».",
        org=g.org(),
        tk=g.n("ticket_id"),
    )
    hid = g.home_id(p)
    tr = fill(
        "Call recording «uuid» (agent «agent»)\n"
        "[00:00:04] AGENT: Thanks for calling, who am I speaking with?\n"
        "[00:00:07] CALLER: Hi, it's «name».\n"
        "[00:00:11] AGENT: Thanks «first». For security, can you confirm your date of birth?\n"
        "[00:00:16] CALLER: Yeah, it's «dob».\n"
        "[00:00:20] AGENT: And the first line of your address and postcode?\n"
        "[00:00:26] CALLER: «addr».\n"
        "[00:00:33] AGENT: Lovely. And the last thing, your «idname» please.\n"
        "[00:00:39] CALLER: «hid»\n"
        "[00:00:45] AGENT: Best number to reach you if we get cut off?\n"
        "[00:00:49] CALLER: «phone», or e-mail «email».\n"
        "[00:01:02] AGENT: I see the payment of «amt» on «date», reference «inv». "
        "I'll raise a dispute.",
        uuid=g.n("uuid"),
        agent=g.other_name(),
        name=E("PERSON", p.name),
        first=E("PERSON", p.first),
        dob=g.dob(p),
        addr=g.address(p),
        idname="social security number"
        if hid.label == "US_SSN"
        else "tax ID number"
        if hid.label == "US_ITIN"
        else "ID number on file",
        hid=hid,
        phone=g.phone(),
        email=E("EMAIL", p.email),
        amt=g.n("amount"),
        date=g.n("date"),
        inv=g.n("invoice_number"),
    )
    return [sys_, tr]


def en_visa_form(g: Gen) -> list[Built]:
    """Visa / immigration application form pasted into a chat for checking."""
    p = g.person()
    country, fid = g.foreign_id(p)
    pp = g.passport(g.pick("FR", "IT", "ES", "NL", "PL", "SE"))
    form = fill(
        "Please check this visa application for completeness before I submit it:\n\n"
        "APPLICATION FOR A VISITOR VISA  — ref «ref»\n"
        "1. Family name: «last»\n2. Given name(s): «first»\n"
        "3. Date of birth (DD/MM/YYYY): «dob»\n4. Place of birth: Lyon\n"
        "5. Travel document no.: «pp»   Issued: «iss»   Expires: «exp»\n"
        "6. National identity number (issued by «country»): «fid»\n"
        "7. Home address:\n«addr»\n"
        "8. Telephone: «phone»\n9. E-mail: «email»\n"
        "10. Employer: «org», «orgphone»\n"
        "11. Intended arrival: «arr» on flight «flt»",
        ref=g.n("order_number"),
        last=E("PERSON", p.last),
        first=E("PERSON", p.first),
        dob=E("DATE_OF_BIRTH", f"{p.born.day:02d}/{p.born.month:02d}/{p.born.year}"),
        pp=pp,
        iss=g.n("date"),
        exp=g.n("date"),
        country=country,
        fid=fid,
        addr=g.address(p, sep="\n"),
        phone=g.phone(),
        email=E("EMAIL", p.email),
        org=g.org(),
        orgphone=g.phone(ext=True),
        arr=g.n("date"),
        flt=g.n("flight_number"),
    )
    reply = fill(
        "Section 6 looks fine. Double-check that «pp» matches the passport bio page exactly.",
        pp=pp,
    )
    return [form, reply]


def en_hotel_card(g: Gen) -> list[Built]:
    """Hotel PMS tool result: a registration card with split address fields."""
    p = g.person()
    sys_ = fill("You are the front-desk assistant. Answer only from the tool results.")
    user = fill("Can you pull up the registration card for room «room»?", room=g.n("room_number"))
    card = fill(
        '{"tool":"pms.get_registration","result":{"booking":"«bk»","room":"«room»",'
        '"guest":{"surname":"«last»","forename":"«first»","birth_date":"«dob»",'
        '"passport_no":"«pp»","street":"«street»","city_line":"«town»",'
        '"mobile":"«phone»","email":"«email»"},"rate":"«amt»","arrival":"«arr»",'
        '"pms_version":"«ver»"}}',
        bk=g.n("booking_ref"),
        room=g.n("room_number"),
        last=E("PERSON", p.last),
        first=E("PERSON", p.first),
        dob=E("DATE_OF_BIRTH", p.born.isoformat()),
        pp=g.passport(),
        street=E("ADDRESS", p.street),
        town=E("ADDRESS", g.town_line(p)),
        phone=E("PHONE", p.phone),
        email=E("EMAIL", p.email),
        amt=g.n("amount"),
        arr=g.n("date"),
        ver=g.n("version"),
    )
    return [sys_, user, card]


def en_telecom_change(g: Gen) -> list[Built]:
    """Telecom contract change request with number porting and direct debit."""
    p = g.person()
    req = fill(
        "Hi, I'm «name» (account «acct»). I'd like to port my old number «old» to my new "
        "contract and switch the direct debit to IBAN «iban» (BIC «bic»). Billing address is "
        "«addr». My date of birth is «dob» if you need it. Work line: «work».",
        name=E("PERSON", p.name),
        acct=g.n("order_number"),
        old=g.phone(),
        iban=g.iban(),
        bic=g.bic(),
        addr=g.address(p),
        dob=g.dob(p),
        work=g.phone(ext=True),
    )
    ans = fill(
        "Thanks «first». Porting order «ord» is queued; the SIM (product «sku») ships with "
        "tracking «trk». Your new plan includes «gb» of data.",
        first=E("PERSON", p.first),
        ord=g.n("order_number"),
        sku=g.n("product_code"),
        trk=g.n("tracking_number"),
        gb=g.n("storage_size"),
    )
    return [req, ans]


def en_referral_letter(g: Gen) -> list[Built]:
    """Medical referral letter with an address block."""
    p = g.person()
    doc = g.other_name()
    hid = g.home_id(p)
    letter = fill(
        "Draft a friendlier version of this referral letter:\n\n"
        "«clinic»\nDr «doc»\nTel «dphone»\n\n"
        "«pname»\n«addr»\n\n"
        "Re: «pname2», born «dob», patient identifier «hid»\n\n"
        "Dear colleague, I would be grateful if you could see this patient on «appt». "
        "Current medication: atorvastatin 20 mg, version «ver» of the care plan. "
        "Contact the patient on «phone».",
        clinic=g.org(),
        doc=doc,
        dphone=g.phone(ext=True),
        pname=E("PERSON", p.name),
        addr=g.address(p, sep="\n"),
        pname2=E("PERSON", p.name),
        dob=g.dob(p),
        hid=hid,
        appt=g.n("date"),
        ver=g.n("version"),
        phone=E("PHONE", p.phone),
    )
    return [letter]


def en_crm_csv(g: Gen) -> list[Built]:
    """CRM export as CSV, one customer per row."""
    rows = []
    vals: dict[str, Piece] = {}
    tmpl = "customer_id,full_name,email,phone,birth_date,street,postcode,created_at\n"
    for i in range(3):
        p = g.person()
        tmpl += f"«id{i}»,«n{i}»,«e{i}»,«p{i}»,«d{i}»,«s{i}»,«z{i}»,«t{i}»\n"
        vals |= {
            f"n{i}": E("PERSON", p.name),
            f"e{i}": E("EMAIL", p.email),
            f"p{i}": E("PHONE", p.phone),
            f"d{i}": E("DATE_OF_BIRTH", p.born.isoformat()),
            f"s{i}": E("ADDRESS", p.street),
        }
        rows.append(p)
    negs: dict[str, Piece] = {f"id{i}": g.n("uuid") for i in range(3)}
    negs |= {f"t{i}": g.n("timestamp") for i in range(3)}
    negs |= {f"z{i}": N("postcode", rows[i].postcode) for i in range(3)}
    out = fill(
        "Deduplicate these CRM rows and tell me which look like the same person:\n\n" + tmpl,
        **vals,
        **negs,
    )
    return [fill("You clean CRM data."), out]


def en_sql_dump(g: Gen) -> list[Built]:
    """SQL INSERT dump of a payments table."""
    rows = []
    vals: dict[str, Piece] = {}
    for i in range(2):
        p = g.person()
        rows.append(
            f"INSERT INTO customers (id, name, dob, national_id, card_pan, iban, last_ip, "
            f"created) VALUES («id{i}», '«n{i}»', '«d{i}»', '«h{i}»', '«c{i}»', '«b{i}»', "
            f"'«ip{i}»', '«t{i}»');"
        )
        vals |= {
            f"id{i}": g.n("order_number"),
            f"n{i}": E("PERSON", p.name),
            f"d{i}": E("DATE_OF_BIRTH", p.born.isoformat()),
            f"h{i}": g.home_id(p),
            f"c{i}": E("CREDIT_CARD", credit_card(g.rng)),
            f"b{i}": g.iban(),
            f"ip{i}": E("IP_ADDRESS", ip_address(g.rng)),
            f"t{i}": g.n("timestamp"),
        }
    text = fill(
        "-- dump schema v«ver», «size»\n"
        + "\n".join(rows)
        + "\n-- write a migration that masks these",
        ver=g.n("version"),
        size=g.n("storage_size"),
        **vals,
    )
    return [fill("You are a senior DBA."), text]


def en_server_log(g: Gen) -> list[Built]:
    """Application log excerpt with tokens, keys and client addresses."""
    p = g.person()
    log = fill(
        "«ts1» INFO  api v«ver» request_id=«rid» client=«ip» user=«email» status=«st» «dur»\n"
        "«ts2» DEBUG auth header: Authorization: Bearer «jwt»\n"
        "«ts3» WARN  config dump: OPENAI_API_KEY=«key» build=«hash»\n"
        "«ts4» ERROR failed to load signing key:\n«pk»\n"
        "«ts5» INFO  retry for «ip2» after «dur2»",
        ts1=g.n("timestamp"),
        ver=g.n("version"),
        rid=g.n("uuid"),
        ip=E("IP_ADDRESS", ip_address(g.rng)),
        email=E("EMAIL", p.email),
        st=g.n("http_status"),
        dur=g.n("duration"),
        ts2=g.n("timestamp"),
        jwt=E("JWT", jwt(g.rng)),
        ts3=g.n("timestamp"),
        key=E("API_KEY", api_key(g.rng)),
        hash=g.n("hash"),
        ts4=g.n("timestamp"),
        pk=E("PRIVATE_KEY", private_key(g.rng)),
        ts5=g.n("timestamp"),
        ip2=E("IP_ADDRESS", ip_address(g.rng)),
        dur2=g.n("duration"),
    )
    return [fill("Explain the errors in this log."), log]


def en_hr_yaml(g: Gen) -> list[Built]:
    """HR onboarding record as YAML."""
    p = g.person()
    ec = g.other_name()
    y = fill(
        "employee:\n"
        "  name: «name»\n  date_of_birth: «dob»\n  national_id: «hid»\n"
        "  home_address:\n    line1: «street»\n    line2: «town»\n"
        "  personal_email: «email»\n  mobile: «phone»\n"
        "  emergency_contact:\n    name: «ec»\n    phone: «ecp»\n"
        "  payroll:\n    iban: «iban»\n    bic: «bic»\n"
        "  start_date: «start»\n  laptop: «sku» («size»)\n  handbook_version: «ver»\n",
        name=E("PERSON", p.name),
        dob=E("DATE_OF_BIRTH", p.born.isoformat()),
        hid=g.home_id(p),
        street=E("ADDRESS", p.street),
        town=E("ADDRESS", g.town_line(p)),
        email=E("EMAIL", p.email),
        phone=E("PHONE", p.phone),
        ec=ec,
        ecp=g.phone(),
        iban=g.iban(),
        bic=g.bic(),
        start=g.n("date"),
        sku=g.n("product_code"),
        size=g.n("storage_size"),
        ver=g.n("version"),
    )
    return [fill("Validate this onboarding YAML and list missing fields."), y]


def en_support_toolcall(g: Gen) -> list[Built]:
    """Support chat with a JSON tool call and its result."""
    p = g.person()
    user = fill(
        "My card «cc» was charged twice for order «ord». I'm «name», e-mail «email».",
        cc=E("CREDIT_CARD", credit_card(g.rng)),
        ord=g.n("order_number"),
        name=E("PERSON", p.name),
        email=E("EMAIL", p.email),
    )
    call = fill(
        '{"name":"lookup_customer","arguments":{"email":"«email»","order_id":"«ord»"}}',
        email=E("EMAIL", p.email),
        ord=g.n("order_number"),
    )
    result = fill(
        '{"customer":{"name":"«name»","dob":"«dob»","phone":"«phone»","address":"«addr»",'
        '"vat_id":"«vat»","company":"«org»"},"orders":[{"id":"«ord»","total":"«amt»",'
        '"shipped":"«ship»","tracking":"«trk»"}]}',
        name=E("PERSON", p.name),
        dob=g.dob(p),
        phone=E("PHONE", p.phone),
        addr=g.address(p),
        vat=g.vat(),
        org=g.org(),
        ord=g.n("order_number"),
        amt=g.n("amount"),
        ship=g.n("date"),
        trk=g.n("tracking_number"),
    )
    return [fill("You are a refunds agent. Use tools."), user, call, result]


# ---- German ------------------------------------------------------------------------------


def de_callcenter(g: Gen) -> list[Built]:
    """Callcenter-Transkript einer Versicherung, Frage und Antwort in getrennten Zeilen."""
    p = g.person()
    hid = g.home_id(p)
    t = fill(
        "Gesprächsprotokoll «uuid» – Vorgang «tk»\n"
        "[09:14:02] Agent: Guten Tag, mit wem spreche ich?\n"
        "[09:14:05] Kunde: «name» hier.\n"
        "[09:14:09] Agent: Danke, Herr/Frau «last». Ihr Geburtsdatum bitte?\n"
        "[09:14:13] Kunde: «dob»\n"
        "[09:14:18] Agent: Und Ihre aktuelle Anschrift?\n"
        "[09:14:25] Kunde: «addr»\n"
        "[09:14:31] Agent: Zur Identifizierung noch Ihre «idname».\n"
        "[09:14:40] Kunde: «hid»\n"
        "[09:14:46] Agent: Rückrufnummer?\n"
        "[09:14:50] Kunde: «phone» oder Mail an «email».\n"
        "[09:15:02] Agent: Der Schaden vom «date» über «amt» ist erfasst.",
        uuid=g.n("uuid"),
        tk=g.n("ticket_id"),
        name=E("PERSON", p.name),
        last=E("PERSON", p.last),
        dob=g.dob(p),
        addr=g.address(p),
        idname={"de_DE": "Ausweisnummer", "de_AT": "Sozialversicherungsnummer"}.get(
            g.locale, "AHV-Nummer"
        ),
        hid=hid,
        phone=g.phone(),
        email=E("EMAIL", p.email),
        date=g.n("date"),
        amt=g.n("amount"),
    )
    return [fill("Fasse das Telefonat zusammen und prüfe die Legitimation."), t]


def de_aufenthalt(g: Gen) -> list[Built]:
    """Antrag auf Aufenthaltstitel mit ausländischem Pass und Ausweis."""
    p = g.person()
    land, fid = g.foreign_id(p)
    form = fill(
        "Bitte prüfe den Antrag auf Erteilung eines Aufenthaltstitels (Az. «az»):\n"
        "Familienname: «last»\nVorname(n): «first»\nGeburtsdatum: «dob»\n"
        "Geburtsort: Krakau\nStaatsangehörigkeit: siehe Pass\n"
        "Reisepass-Nr.: «pp» (gültig bis «exp»)\n"
        "Nationale ID-Nummer aus «land»: «fid»\n"
        "«al»: «addr»\n«tl»: «phone»\nE-Mail: «email»\n"
        "Arbeitgeber: «org»\nRechtsgrundlage: «stat»",
        az=g.n("ticket_id"),
        al=g.pick("Wohnanschrift", "Anschrift", "Anschirft", "Adresse"),
        tl=g.pick("Telefon", "Tel.", "Telfon", "Rufnummer"),
        last=E("PERSON", p.last),
        first=E("PERSON", p.first),
        dob=g.dob(p),
        pp=g.passport(g.pick("PL", "IT", "ES", "FR", "NL")),
        exp=g.n("date"),
        land=land,
        fid=fid,
        addr=g.address(p),
        phone=g.phone(),
        email=E("EMAIL", p.email),
        org=g.org(),
        stat=g.n("statute"),
    )
    return [fill("Du bist Sachbearbeiter:in der Ausländerbehörde."), form]


def de_meldeschein(g: Gen) -> list[Built]:
    """Hotel-Meldeschein als Tool-Ergebnis mit getrennten Adressfeldern."""
    p = g.person()
    ms = fill(
        "Meldeschein Nr. «nr» – Zimmer «room»\n"
        "Name, Vorname: «last», «first»\n"
        "«gl»: «dob»\n"
        "Straße/Hausnr.: «street»\nPLZ/Ort: «town»\n"
        "Ausweis-/Passnr.: «pp»\n"
        "Handy: «phone»\nAnreise: «arr»  Preis/Nacht: «amt»\n"
        "Mitreisende: «co»",
        nr=g.n("booking_ref"),
        gl=g.pick("Geb.-Datum", "Geburtsdatum", "Geburtsdatm", "Geb. am"),
        room=g.n("room_number"),
        last=E("PERSON", p.last),
        first=E("PERSON", p.first),
        dob=g.dob(p),
        street=E("ADDRESS", p.street),
        town=E("ADDRESS", g.town_line(p)),
        pp=g.passport(),
        phone=E("PHONE", p.phone),
        arr=g.n("date"),
        amt=g.n("amount"),
        co=g.other_name(),
    )
    return [fill("Übertrage den Meldeschein ins PMS."), ms]


def de_mobilfunk(g: Gen) -> list[Built]:
    """Vertragsänderung beim Mobilfunkanbieter mit Rufnummernmitnahme und SEPA."""
    p = g.person()
    t = fill(
        "Hallo, ich bin «name», Kundennr. «kd». Ich möchte meine Rufnummer «old» mitnehmen "
        "und das SEPA-Mandat auf «iban» (BIC «bic») ändern. Rechnungsanschrift: «addr». "
        "Geburtsdatum: «dob». Tagsüber erreichbar unter «work». Die Anschlussgebühr bitte "
        "einmalig von meiner Kreditkarte «cc» abbuchen.",
        name=E("PERSON", p.name),
        kd=g.n("order_number"),
        old=E("PHONE", p.phone),
        iban=g.iban(),
        bic=g.bic(),
        addr=g.address(p),
        dob=g.dob(p),
        work=g.phone(ext=True),
        cc=E("CREDIT_CARD", credit_card(g.rng)),
    )
    a = fill(
        "Danke, «first». Auftrag «ord» ist angelegt, die SIM (Art.-Nr. «sku») kommt mit "
        "Sendungsnummer «trk». Tarifversion «ver», «gb» Datenvolumen.",
        first=E("PERSON", p.first),
        ord=g.n("order_number"),
        sku=g.n("product_code"),
        trk=g.n("tracking_number"),
        ver=g.n("version"),
        gb=g.n("storage_size"),
    )
    return [t, a]


def de_arztbrief(g: Gen) -> list[Built]:
    """Überweisung / Arztbrief mit Anschriftenblock."""
    p = g.person()
    b = fill(
        "«praxis»\nDr. med. «arzt»\nTel. «tel»\n\n"
        "«name»\n«addr»\n\n"
        "Überweisung – Pat. «name2», geb. «dob», Versichertennr. «hid»\n"
        "Termin: «termin». Diagnose ICD-10 M54.5, Ibuprofen 600 mg. "
        "Rückfragen gern unter «tel2».",
        praxis=g.org(),
        arzt=g.other_name(),
        tel=g.phone(ext=True),
        name=E("PERSON", p.name),
        addr=g.address(p, sep="\n"),
        name2=E("PERSON", p.name),
        dob=g.dob(p),
        hid=g.home_id(p),
        termin=g.n("date"),
        tel2=E("PHONE", p.phone),
    )
    return [fill("Formuliere den Arztbrief für den Patienten verständlich um."), b]


def de_crm_xml(g: Gen) -> list[Built]:
    """CRM-Export als XML."""
    parts = []
    vals: dict[str, Piece] = {}
    for i in range(2):
        p = g.person()
        parts.append(
            f'  <kontakt id="«id{i}»">\n    <name>«n{i}»</name>\n    <geburtsdatum>«d{i}»'
            f"</geburtsdatum>\n    <strasse>«s{i}»</strasse>\n    <ort>«o{i}»</ort>\n"
            f"    <telefon>«t{i}»</telefon>\n    <email>«e{i}»</email>\n"
            f"    <umsatz>«a{i}»</umsatz>\n  </kontakt>"
        )
        vals |= {
            f"id{i}": g.n("uuid"),
            f"n{i}": E("PERSON", p.name),
            f"d{i}": g.dob(p),
            f"s{i}": E("ADDRESS", p.street),
            f"o{i}": E("ADDRESS", g.town_line(p)),
            f"t{i}": E("PHONE", p.phone),
            f"e{i}": E("EMAIL", p.email),
            f"a{i}": g.n("amount"),
        }
    x = fill(
        '<?xml version="1.0"?>\n<export erstellt="«ts»" quelle="«ip»">\n'
        "  <!-- sync: Authorization Bearer «jwt» / api_key=«key» -->\n"
        + "\n".join(parts)
        + "\n</export>",
        ts=g.n("timestamp"),
        ip=E("IP_ADDRESS", ip_address(g.rng)),
        jwt=E("JWT", jwt(g.rng)),
        key=E("API_KEY", api_key(g.rng)),
        **vals,
    )
    return [fill("Wandle den XML-Export in JSON um."), x]


def de_steuerberater(g: Gen) -> list[Built]:
    """E-Mail an die Steuerberatung."""
    p = g.person()
    m = fill(
        "Betreff: Unterlagen ESt «jahr»\n\nSehr geehrte Frau «berater»,\n\n"
        "anbei die Daten für die Erklärung: Steuer-ID «stid», geboren am «dob», "
        "wohnhaft «addr». Erstattung bitte auf «iban». Die Rechnung «inv» über «amt» "
        "betrifft die Werbungskosten nach «stat». Meine USt-IdNr. als Freiberufler: «vat».\n\n"
        "Viele Grüße\n«name»\nTel. «phone»",
        jahr="2025",
        berater=E("PERSON", g.fake.last_name()),
        stid=E("DE_TAX_ID", de_tax_id(g.rng)),
        dob=g.dob(p),
        addr=g.address(p),
        iban=g.iban(),
        inv=g.n("invoice_number"),
        amt=g.n("amount"),
        stat=g.n("statute"),
        vat=g.vat(),
        name=E("PERSON", p.name),
        phone=E("PHONE", p.phone),
    )
    return [fill("Du bist die Assistenz einer Steuerkanzlei."), m]


def de_kfz_finanzierung(g: Gen) -> list[Built]:
    """Antrag auf Kfz-Finanzierung."""
    p = g.person()
    a = fill(
        "KFZ-FINANZIERUNGSANTRAG «nr»\n"
        "Antragsteller: «name»\nGeburtstag: «dob»\n«paname»: «pa»\n"
        "Anschrift: «addr»\nArbeitgeber: «org» seit «seit»\nNettoeinkommen: «amt»\n"
        "Bankverbindung: «iban» / «bic»\nMobil: «phone»\nFahrzeug: «sku», Anzahlung «amt2»",
        nr=g.n("order_number"),
        name=E("PERSON", p.name),
        dob=g.dob(p),
        paname={"de_DE": "Personalausweis-Nr.", "de_AT": "SV-Nummer"}.get(g.locale, "AHV-Nr."),
        pa=g.home_id(p),
        addr=g.address(p),
        org=g.org(),
        seit=g.n("date"),
        amt=g.n("amount"),
        iban=g.iban(),
        bic=g.bic(),
        phone=E("PHONE", p.phone),
        sku=g.n("product_code"),
        amt2=g.n("amount"),
    )
    return [fill("Prüfe die Bonitätsunterlagen."), a]


def de_markdown(g: Gen) -> list[Built]:
    """Mitarbeiterliste als Markdown-Tabelle."""
    rows = []
    vals: dict[str, Piece] = {}
    for i in range(3):
        p = g.person()
        rows.append(f"| «n{i}» | «d{i}» | «h{i}» | «t{i}» | «r{i}» |")
        vals |= {
            f"n{i}": E("PERSON", p.name),
            f"d{i}": g.dob(p),
            f"h{i}": g.home_id(p),
            f"t{i}": g.phone(ext=g.rng.random() < 0.3),
            f"r{i}": g.n("ticket_id"),
        }
    t = fill(
        "| Name | Geburtsdatum | SV-/Ausweisnr. | Telefon | Ticket |\n|---|---|---|---|---|\n"
        + "\n".join(rows),
        **vals,
    )
    return [fill("Sortiere die Tabelle nach Nachnamen."), t]


def de_polizei(g: Gen) -> list[Built]:
    """Polizeiliche Anzeige / Ereignisbericht."""
    p = g.person()
    s = g.person()
    r = fill(
        "Strafanzeige, Az. «az», aufgenommen «ts»\n"
        "Geschädigte/r: «name», geb. «dob», wh. «addr», Tel. «phone»\n"
        "Tatverdächtige/r: «sname», geb. «sdob», Ausweis «sid»\n"
        "Sachverhalt: Am «tat» wurde das Mobiltelefon (IMEI-Prüfung ausstehend, Wert «amt») "
        "entwendet. Zeuge: «zeuge». Tatbestand: «stat».",
        az=g.n("ticket_id"),
        ts=g.n("timestamp"),
        name=E("PERSON", p.name),
        dob=g.dob(p),
        addr=g.address(p),
        phone=E("PHONE", p.phone),
        sname=E("PERSON", s.name),
        sdob=g.dob(s),
        sid=g.passport(),
        tat=g.n("date"),
        amt=g.n("amount"),
        zeuge=g.other_name(),
        stat=g.n("statute"),
    )
    return [fill("Erstelle aus der Anzeige eine kurze Lagemeldung."), r]


FRAMES_EN: list[Frame] = [
    en_call_transcript,
    en_visa_form,
    en_hotel_card,
    en_telecom_change,
    en_referral_letter,
    en_crm_csv,
    en_sql_dump,
    en_server_log,
    en_hr_yaml,
    en_support_toolcall,
]
FRAMES_DE: list[Frame] = [
    de_callcenter,
    de_aufenthalt,
    de_meldeschein,
    de_mobilfunk,
    de_arztbrief,
    de_crm_xml,
    de_steuerberater,
    de_kfz_finanzierung,
    de_markdown,
    de_polizei,
]

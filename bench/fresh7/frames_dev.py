# ruff: noqa: E501 - template f-strings stay on one line so each reads as the text it writes
"""Dev-half frames of fresh7: ten English and ten German documents.

Every frame takes a :class:`~bench.fresh7.core.Ctx` and returns the payload's texts
(system prompt, user turns, tool calls/results), with gold values and negatives marked.
"""

from __future__ import annotations

from collections.abc import Callable

from bench.fresh7 import values as V
from bench.fresh7.core import Ctx

Frame = Callable[[Ctx], list[str]]


def quote(text: str, level: int = 1) -> str:
    prefix = "> " * level
    return "\n".join(prefix + line if line else prefix.rstrip() for line in text.split("\n"))


# ======================================================================================
# English
# ======================================================================================


def en_insurance_thread(c: Ctx) -> list[str]:
    p = c.profile()
    adjuster = c.person()
    claim = c.n(
        "case_number",
        f"{c.pick('CLM', 'HC', 'CL')}-{c.rng.randint(2019, 2025)}-{c.rng.randint(10000, 999999)}",
    )
    first_mail = (
        f"Hello,\n\nI'd like to report water damage at my home, {c.addr(p.address, 'line')}. "
        f"It happened on {c.n('date_event')} when the pipe under the sink burst.\n"
        f"Policyholder: {c.name(p.person, 'full')}\n{c.dob_label()}: {c.dob(p.dob)}\n"
        f"Best number to reach me: {c.phone(p.phone)}\n\nThanks,\n{c.name(p.person, 'first')}"
    )
    second_mail = (
        f"Dear {c.title(p.person)} {c.name(p.person, 'last')},\n\n"
        f"Thank you. Your claim reference is {claim}. An assessor can visit on "
        f"{c.n('date_appointment')}. Could you confirm your date of birth and send photos "
        f"of the damage?\n\nKind regards,\n{c.name(adjuster)}\nClaims Handler, "
        f"{c.org('Insurance')}\nDirect line {c.phone(c.profile().phone2, ext=c.chance(0.5))}"
    )
    third = (
        f"Hi {c.name(adjuster, 'first')},\n\nYes, {c.dob(p.dob)} is right"
        f"{c.pick('.', ' - it was on the form.', ', same as on my licence.')} "
        f"The visit works. Photos attached (IMG_{c.n('serial_number')}.jpg). "
        f"The repair quote is {c.amount(300, 9000)}.\n\n{c.name(p.person)}\n"
    )
    thread = (
        f"{third}\nOn {c.n('timestamp')}, {c.name(adjuster)} wrote:\n{quote(second_mail)}\n"
        f">\n> On {c.n('timestamp')}, {c.name(p.person, 'full')} <{c.email(p.email)}> wrote:\n"
        f"{quote(first_mail, 2)}"
    )
    system = c.pick(
        "You are a claims triage assistant. Summarise the e-mail thread, list missing "
        "documents and draft a short reply. Never invent policy details.",
        "Summarise this insurance claim thread for the handler's queue in five bullet points.",
    )
    return [system, f"Subject: RE: RE: Claim {claim} - escape of water\n\n{thread}"]


def en_gdpr_sar(c: Ctx) -> list[str]:
    p = c.profile()
    old = c.profile()
    aid, idv = c.id_doc(p)
    letter = (
        f"{c.name(p.person, 'full')}\n{c.addr(p.address)}\n\n{c.n('date_issue')}\n\n"
        f"Dear Data Protection Officer,\n\nSubject access request under {c.n('statute_ref', c.pick('Article 15 GDPR', 'Art. 15 UK GDPR', 'Article 15 of the GDPR'))}\n\n"
        f"I am writing to request a copy of all personal data you hold about me. To help you "
        f"find my records:\n\n- Full name: {c.name(p.person, 'full')}\n"
        f"- {c.dob_label()}: {c.dob(p.dob)}\n"
        f"- Previous address (until {c.n('date_event')}): {c.addr(old.address, 'line')}\n"
        f"- Email used for my account: {c.email(p.email)}\n"
        f"- Phone: {c.phone(p.phone)}\n\nA copy of my ID is enclosed ({aid} {idv}).\n\n"
        f"Please respond within one month.\n\nYours faithfully,\n{c.name(p.person)}"
    )
    call = c.json(
        {
            "tool": "crm.search_subject",
            "arguments": {
                "full_name": c.name(p.person),
                "date_of_birth": c.dob(p.dob, "iso"),
                "email": c.email(p.email),
            },
        }
    )
    result = c.json(
        {
            "matches": [
                {
                    "record_id": c.n("record_id"),
                    "system": c.pick("billing", "crm", "newsletter"),
                    "created": c.n("timestamp"),
                    "last_login_ip": c.ip(),
                    "phone": c.phone(p.phone, "e164"),
                    "consents_version": c.n("version"),
                }
            ],
            "took": c.n("duration"),
            "status": int(c.pick("200", "206")),
        }
    )
    return [
        "You are a privacy-operations assistant for a retailer. Extract the requester's "
        "identifiers from the request, search our systems with the tools, and draft the "
        "acknowledgement letter.",
        letter,
        call,
        result,
    ]


def en_rsvp_tsv(c: Ctx) -> list[str]:
    host = c.profile()
    rows = ["Name\tEmail\tPhone\tMailing address\tBirthday\tRSVP\tDiet"]
    for _ in range(c.rng.randint(3, 5)):
        g = c.profile()
        rows.append(
            "\t".join(
                (
                    c.name(g.person, c.pick("name", "name", "inverted")),
                    c.email(g.email),
                    c.phone(g.phone, c.pick("national", "e164", "dashes")),
                    c.addr(g.address, "line"),
                    c.dob(g.dob, c.pick("numeric", "iso", "long")),
                    c.pick("yes", "no", "maybe", "Yes +1"),
                    c.pick("veg", "-", "GF", "none", "halal"),
                )
            )
        )
    return [
        "You are an event-planning assistant. The user pastes a spreadsheet; answer questions "
        "about it and never share guests' details with other guests.",
        f"Here's the RSVP sheet for {c.name(host.person, 'first')}'s "
        f"{c.pick('50th', '40th', '60th', 'retirement')} on {c.n('date_event')} "
        f"(hotel block code {c.n('booking_ref')}):\n\n"
        + "\n".join(rows)
        + "\n\nCan you list who still hasn't answered and whose birthday falls in the "
        "same month as the party?",
    ]


def en_gym_signup(c: Ctx) -> list[str]:
    p = c.profile()
    em = c.profile()
    street, town = c.addr_split(p.address)
    if c.region in ("GB", "IE") and c.chance(0.6):
        iban, bic = c.bank()
        pay = f"direct debit, IBAN {iban} (BIC {bic})"
    else:
        pay = c.card()
    form = (
        f"MEMBERSHIP APPLICATION - {c.org(c.pick('Fitness', 'Leisure', 'Gym'))}\n"
        f"Member name: {c.name(p.person, 'full')}\n"
        f"{c.dob_label()}: {c.dob(p.dob)}\n"
        f"Address line 1: {street}\nTown/postcode: {town}\n"
        f"{c.phone_label()}: {c.phone(p.phone)}\nE-mail: {c.email(p.email)}\n"
        f"Emergency contact: {c.name(em.person)} ({c.pick('partner', 'mother', 'brother', 'friend')})"
        f" {c.phone(em.phone)}\n"
        f"Plan: {c.pick('Off-peak', 'Anytime', 'Student')} {c.amount(19, 89)}/month, "
        f"{c.n('percentage')} discount\nStart date: {c.n('date_event')}\n"
        f"Induction: {c.n('date_appointment')} in studio {c.n('room_number')}\n"
        f"Payment: {pay}\n"
    )
    ask = c.pick(
        "Please check this sign-up form for missing fields and tell me if the member is under 18.",
        "Convert this form into our member JSON schema.",
    )
    return ["You are the front-desk assistant of a gym chain.", f"{ask}\n\n{form}"]


def en_loyalty_json(c: Ctx) -> list[str]:
    p = c.profile()
    if c.chance(0.5):
        address = {"formatted": c.addr(p.address, "line")}
    else:
        address = {
            "line1": c.e("ADDRESS", p.address.street_line(c.rng)),
            "line2": c.e("ADDRESS", p.address.town_line(c.rng)),
            "country": c.country(),
        }
    member = {
        "id": c.n("record_id"),
        "firstName": c.name(p.person, "first"),
        "lastName": c.name(p.person, "last"),
        "birthDate": c.dob(p.dob, c.pick("iso", "iso", "numeric")),
        "email": c.email(p.email),
        "mobile": c.phone(p.phone, c.pick("e164", "intl")),
        "address": address,
        "tier": c.pick("Gold", "Silver", "Bronze"),
        "points": c.rng.randint(100, 40000),
        "lastOrder": {
            "ref": c.n("order_number"),
            "at": c.n("timestamp"),
            "total": c.amount(5, 400),
            "sku": c.n("product_code"),
        },
    }
    call = c.json({"name": "loyalty_lookup", "arguments": {"email": c.email(p.email)}})
    return [
        "You are a customer-care agent for a retail loyalty scheme. Use loyalty_lookup and "
        "answer the member's question politely.",
        f"hi, it's {c.name(p.person)} - my points didn't go through for order "
        f"{c.n('order_number')}, can you check? my email is {c.email(p.email)}",
        call,
        c.json({"status": 200, "member": member}),
    ]


def en_customs(c: Ctx) -> list[str]:
    s = c.profile()
    r = c.profile()
    items = "\n".join(
        f"  {i + 1}. {c.pick('Knitted scarf', 'Books', 'Ceramic mug', 'Tea', 'Phone case')}"
        f" | HS {c.rng.randint(100000, 999999)} | {c.rng.randint(1, 9) * 100} g | "
        f"{c.amount(4, 120)} | code {c.n('product_code')}"
        for i in range(c.rng.randint(1, 3))
    )
    sender_id = c.vat() if c.region in ("GB", "IE") and c.chance(0.5) else c.id_doc(s)[1]
    text = (
        f"CUSTOMS DECLARATION (CN 23)\n\nFrom:\n{c.name(s.person)}\n{c.addr(s.address)}\n"
        f"{c.country()}\nTel: {c.phone(s.phone, 'intl')}\nSender's ref / ID: {sender_id}\n\n"
        f"To:\n{c.name(r.person, c.pick('name', 'upper'))}\n{c.addr(r.address)}\n"
        f"Tel: {c.phone(r.phone, 'intl')}  Email: {c.email(r.email)}\n\n"
        f"Category: {c.pick('Gift', 'Sale of goods', 'Returned goods')}\nContents:\n{items}\n"
        f"Tracking: {c.n('tracking_number')}\nPosting date: {c.n('date_issue')}\n"
    )
    return [
        "You help small online sellers complete postal customs forms. Point out errors and "
        "missing data; keep answers short.",
        f"Can you check this before I print it?\n\n{text}",
        c.pick(
            "Also, does the recipient need to pay import duty on this?",
            "The recipient asked what happens if it is held at customs.",
        ),
    ]


def en_rideshare_incident(c: Ctx) -> list[str]:
    rider = c.profile()
    driver = c.profile()
    airport = f" (airport run after flight {c.n('flight_number')})" if c.chance(0.5) else ""
    report = (
        f"Incident report - trip {c.n('uuid')}\nFiled: {c.n('timestamp')}\n"
        f"Rider: {c.name(rider.person)} ({c.phone(rider.phone)})\n"
        f"Driver: {c.name(driver.person)}, partner since {c.n('date_issue')}, payout "
        f"{' / '.join(c.bank())}\n"
        f"Pickup: {c.addr(rider.address, 'line')}{airport}\nDrop-off: {c.addr(c.profile().address, 'line')}\n"
        f"Duration: {c.n('duration', str(c.rng.randint(6, 70)) + ' min')}  Fare: {c.amount(7, 90)}\n\n"
        f"Rider statement: the driver took a detour and was rude when I asked. I left my "
        f"{c.pick('wallet', 'phone charger', 'umbrella')} in the back.\n"
    )
    followup = (
        f"Rider follow-up: for the insurer's form they need my {c.dob_label().lower()} "
        f"({c.dob(rider.dob)}) and a contact email: {c.email(rider.email)}."
    )
    return [
        "You are a trust-and-safety assistant for a ride-hailing platform. Classify the "
        "incident, decide whether to suspend the driver, and write a reply to the rider.",
        report,
        "Thanks. Before I escalate: do we have what the insurer needs?",
        followup,
    ]


def en_env_ini(c: Ctx) -> list[str]:
    admin = c.profile()
    seed = c.profile()
    aid, idv = c.id_doc(seed)
    iban, bic = c.bank()
    var1, key1 = c.api_key_var()
    var2, key2 = c.api_key_var()
    if var2 == var1:
        var2 = "BACKUP_" + var2
    key = aid.lower().replace(".", "").replace("#", "no").strip().replace(" ", "_")
    env = (
        f"# {c.pick('staging', 'prod', 'dev')}.env  (app {c.n('version')})\n"
        f"{var1}={key1}\n{var2}={key2}\n"
        f"SMTP_USER={c.email(admin.email)}\nALERT_PHONE={c.phone(admin.phone, 'e164')}\n"
        f'ONCALL_NAME="{c.name(admin.person)}"\nALLOWED_IPS={c.ip()},{c.ip()}\n'
        f"REQUEST_TIMEOUT={c.n('duration', str(c.rng.randint(5, 120)) + 's')}\nBUILD_SHA={c.n('hash')}\n\n"
        f"[seed.test_user]\nname = {c.name(seed.person)}\n"
        f"dob = {c.dob(seed.dob, c.pick('iso', 'numeric'))}\n"
        f"address = {c.addr(seed.address, 'line')}\n"
        f"{key} = {idv}\nretry_on = {c.status()}\n\n[billing.payout]\n"
        f"iban = {iban}\nbic = {bic}\nvat_number = {c.vat()}\ntest_card = {c.card()}\n"
    )
    return [
        "You are a DevOps assistant. Review configuration files for mistakes and security "
        "problems.",
        f"Why does the app return {c.status()} on startup with this config?\n\n```ini\n{env}```",
    ]


def en_logfmt(c: Ctx) -> list[str]:
    p = c.profile()
    lines = []
    for i in range(c.rng.randint(4, 7)):
        ts = c.n("timestamp")
        pick = i % 4
        if pick == 0:
            lines.append(
                f'ts={ts} level=info msg="kyc submit" req={c.n("uuid")} '
                f"email={c.email(p.email)} dob={c.dob(p.dob, 'iso')} ip={c.ip()}"
            )
        elif pick == 1:
            doc = c.id_doc(p)[1]
            lines.append(
                f'ts={ts} level=warn msg="doc check retry" doc_no={doc} '
                f"attempt={c.rng.randint(2, 4)} took={c.n('duration')}"
            )
        elif pick == 2:
            lines.append(
                f'ts={ts} level=error msg="address verify failed" '
                f'addr="{c.addr(p.address, "line")}" status={c.status()}'
            )
        else:
            lines.append(
                f'ts={ts} level=info msg="sms otp sent" to="{c.phone(p.phone, "e164")}"'
                f" provider_version={c.n('version')}"
            )
            if c.chance(0.5):
                lines.append(
                    f'ts={c.n("timestamp")} level=error msg="card verify declined" '
                    f"pan={c.card().replace(' ', '')} amount={c.amount(1, 2)}"
                )
    return [
        "You are an SRE assistant. Read the logs, find the root cause, and propose a fix.",
        "These are from the onboarding service, why do users get stuck?\n\n" + "\n".join(lines),
    ]


def en_ocr_scan(c: Ctx) -> list[str]:
    p = c.profile()
    new = c.profile()
    aid, idv = c.id_doc(p)
    ocr = (
        f"CHANGE OF ADDRESS NOTIFI-\nCATION   Ref {c.n('ticket_number')}\n\n"
        f"Surname {c.name(p.person, 'last')}      Forename(s) {c.name(p.person, 'first')}\n"
        f"{c.dob_label()}\n{c.dob(p.dob)}\n"
        f"Old address  {c.addr(p.address, 'line')}\n"
        f"New address\n{c.addr(new.address)}\n"
        f"Moving date   {c.n('date_event')}\n"
        f"Daytime tel.  {c.phone(p.phone2 if c.chance(0.5) else p.phone)}\n"
        f"Proof of ID   {aid} {idv}\n"
        f"Signed ........ {c.name(p.person)}     Date {c.n('date_issue')}\n"
        f"Page 1 of {c.rng.randint(1, 3)}  form v{c.n('version')}"
    )
    return [
        "The user uploads OCR text from scanned paper forms. Clean up OCR errors, then "
        "return the fields as JSON. Do not guess illegible values.",
        f"ocr output:\n\n{ocr}",
    ]


# ======================================================================================
# German
# ======================================================================================


def de_notarurkunde(c: Ctx) -> list[str]:
    a = c.profile()
    b = c.profile()
    notar = c.person()

    def party(p) -> str:  # type: ignore[no-untyped-def]
        aid, idv = c.id_doc(p)
        return (
            f"{c.title(p.person)} {c.name(p.person)}, geboren am "
            f"{c.dob(p.dob, c.pick('long', 'dots'))}, wohnhaft {c.addr(p.address, 'line')}, "
            f"ausgewiesen durch {aid} {idv}"
        )

    urkunde = (
        f"UR-Nr. {c.n('case_number', f'{c.rng.randint(100, 2999)}/{c.rng.randint(2019, 2025)}')}\n\nVerhandelt zu {c.n('town_alone')} am "
        f"{c.n('date_event')}\n\nVor mir, dem unterzeichnenden Notar {c.name(notar)}, "
        f"erschienen:\n\n1. {party(a)},\n\n2. {party(b)}.\n\n"
        f"Die Erschienenen erklärten: Wir schließen einen Kaufvertrag über die Eigentums"
        f"wohnung {c.addr(c.profile().address, 'line')}. Der Kaufpreis beträgt "
        f"{c.amount(90000, 900000)}. Die Grunderwerbsteuer von {c.n('percentage')} trägt der Käufer "
        f"(vgl. {c.n('statute_ref', c.pick('§ 1 GrEStG', '§ 9 GrEStG', '§ 433 BGB'))}).\n"
    )
    if c.region == "DE":
        urkunde += f"Steuer-IdNr. des Käufers: {c.tax_id()}\n"
    return [
        "Du bist ein juristischer Assistent in einem Notariat. Fasse Urkunden sachlich "
        "zusammen und nenne fehlende Angaben.",
        f"Bitte prüfe den Entwurf:\n\n{urkunde}",
    ]


def de_behoerdenbrief(c: Ctx) -> list[str]:
    p = c.profile()
    clerk = c.person()
    amt = c.pick("Bürgeramt", "Ausländerbehörde", "Standesamt", "Bezirksamt", "Magistrat")
    letter = (
        f"{amt} - Postanschrift: {c.addr(c.profile(po_box=True).address)}\n\n"
        f"{c.title(p.person, True)}\n{c.name(p.person)}\n{c.addr(p.address, prefix=False)}\n\n"
        f"Ihr Zeichen: -   Unser Zeichen: {c.n('case_number', f'{c.rng.randint(10, 99)}.{c.rng.randint(1, 9)}-{c.rng.randint(100, 9999)}/{c.rng.randint(19, 25)}')}\n"
        f"Bearbeiter/in: {c.name(clerk)}, Zimmer {c.n('room_number')}\n"
        f"Tel. {c.phone(c.profile().phone2, c.pick('national', 'slash'), ext=c.chance(0.4))}\n"
        f"Datum: {c.n('date_issue')}\n\n"
        f"Sehr geehrte Damen und Herren,\n\nfür Ihren Antrag vom {c.n('date_event')} "
        f"benötigen wir noch Unterlagen. Bitte erscheinen Sie am {c.n('date_appointment')} "
        f"persönlich und bringen Sie Ihren {c.pick('Reisepass', 'Personalausweis')} mit. "
        f"Rechtsgrundlage: {c.n('statute_ref', c.pick('§ 17 BMG', '§ 82 AufenthG', '§ 5 PAuswG', '§ 6 PassG'))}.\n\nMit freundlichen Grüßen\nIm Auftrag\n"
        f"{c.name(clerk, 'last')}"
    )
    follow = (
        f"Zur Info: Meine Passnummer ist {c.passport()}, geboren bin ich am "
        f"{c.dob(p.dob, 'long')}. Erreichbar unter {c.phone(p.phone)}."
    )
    return [
        "Du erklärst Behördenbriefe in einfacher Sprache und hilfst bei Antworten.",
        f"Was wollen die von mir?\n\n{letter}",
        "Gern. Möchten Sie, dass ich eine Antwort entwerfe? Dann brauche ich ggf. Ihre "
        "Ausweisdaten.",
        follow,
    ]


def de_elternbrief(c: Ctx) -> list[str]:
    parent = c.profile()
    child = c.person()
    child = type(child)(child.first, parent.person.last)
    teacher = c.person()
    trip_cost = c.amount(120, 480)
    trip = c.period(2025, 2026)
    letter = (
        f"Liebe Eltern der {c.pick('Jahrgangsstufe 12', 'Klasse 11b', 'Q2', 'Oberstufe')},\n\n"
        f"unsere Kursfahrt findet vom {trip[0]} bis {trip[1]} statt. "
        f"Der Eigenanteil beträgt {trip_cost}. Bitte überweisen Sie den Betrag an den "
        f"Förderverein ({c.org('Förderverein e.V.')}), IBAN {c.iban()}, BIC {c.bic()}.\n\n"
        f"Elternabend: {c.n('date_appointment')}, Raum {c.n('room_number')}.\n\n"
        f"Herzliche Grüße\n{c.name(teacher)}\n\n--- Rückmeldung (bitte abtrennen) ---\n"
        f"Name des Kindes: {c.name(child)}\n{c.dob_label()}: {c.dob(V.make_dob(c.rng, 2006))}\n"
        f"Erziehungsberechtigte/r: {c.name(parent.person)}\n"
        f"Anschrift: {c.addr(parent.address, 'line')}\n"
        f"Im Notfall erreichbar: {c.phone(parent.phone)} / {c.phone(parent.phone2)}\n"
        f"Allergien: {c.pick('keine', 'Nüsse', 'Laktose', 'Heuschnupfen')}\n"
        f"Lektüre vorhanden (ISBN {c.n('isbn')}): {c.pick('ja', 'nein')}\n"
    )
    return [
        "Du bist die Schulsekretariats-KI. Übertrage Rückmeldezettel in die Teilnehmerliste "
        "und beantworte Fragen von Lehrkräften.",
        f"Kannst du die Rückmeldung erfassen und prüfen, ob alles ausgefüllt ist?\n\n{letter}",
    ]


def de_lebenslauf(c: Ctx) -> list[str]:
    p = c.profile()
    jobs = "\n".join(
        f"- {c.n('date_event', f'{c.rng.randint(1, 12):02d}/{c.rng.randint(2005, 2020)}')} – "
        f"{c.pick('heute', c.n('date_event', f'{c.rng.randint(1, 12):02d}/{c.rng.randint(2015, 2024)}'))}: "
        f"{c.pick('Sachbearbeiter/in', 'Projektleiter/in', 'Pflegefachkraft', 'Entwickler/in')}"
        f" bei {c.org()}"
        for _ in range(c.rng.randint(2, 3))
    )
    cv = (
        f"LEBENSLAUF\n\nPersönliche Daten\n{c.name(p.person)}\n"
        f"{c.pick('Geburtsdatum', 'geb.', 'Geboren')}: {c.dob(p.dob)}"
        f"{c.pick(' in ' + V.neg_value(c.rng, 'town_alone', c.region), '')}\n"
        f"Anschrift: {c.addr(p.address, c.pick('line', 'block'))}\n"
        f"Telefon: {c.phone(p.phone)}\nE-Mail: {c.email(p.email)}\n\n"
        f"Berufserfahrung\n{jobs}\n\nKenntnisse\n- Python {c.n('version', '3.' + str(c.rng.randint(8, 13)))}, SAP, MS Office\n"
        f"- Führerschein Klasse B\n"
    )
    return [
        "Du bist ein Bewerbungscoach. Verbessere Lebensläufe sprachlich, ohne Fakten zu ändern.",
        f"Kannst du meinen Lebenslauf moderner formulieren?\n\n{cv}",
    ]


def de_vereinsantrag(c: Ctx) -> list[str]:
    p = c.profile()
    street, town = c.addr_split(p.address)
    form = (
        f"Aufnahmeantrag – {c.org(c.pick('TSV e.V.', 'SV e.V.', 'Turnverein e.V.'))}\n\n"
        f"Name: {c.name(p.person, 'last')}\nVorname: {c.name(p.person, 'first')}\n"
        f"{c.dob_label()}: {c.dob(p.dob)}\nStraße/Hausnr.: {street}\nPLZ/Ort: {town}\n"
        f"{c.phone_label()}: {c.phone(p.phone)}\nE-Mail: {c.email(p.email)}\n"
        f"Abteilung: {c.pick('Tennis', 'Fußball', 'Schwimmen', 'Turnen')}\n"
        f"Eintritt zum: {c.n('date_event')}\nJahresbeitrag: {c.amount(40, 380)}\n\n"
        f"SEPA-Lastschriftmandat\nGläubiger-ID: {c.n('creditor_id', 'DE' + str(c.rng.randint(10, 99)) + 'ZZZ0' + str(c.rng.randint(10**7, 10**8 - 1)))}\n"
        f"Mandatsreferenz: {c.n('order_number')}\n"
        f"Kontoinhaber: {c.name(p.person)}\nIBAN: {c.iban()}\nBIC: {c.bic()}\n"
    )
    return [
        "Du bist die Mitgliederverwaltung eines Sportvereins. Übertrage Anträge als JSON.",
        form,
    ]


def de_kuendigung(c: Ctx) -> list[str]:
    p = c.profile()
    company = c.org()
    letter = (
        f"{c.name(p.person)}\n{c.addr(p.address)}\n{c.phone_label()}: {c.phone(p.phone)}\n\n"
        f"{company}\nKundenservice\n{c.addr(c.profile(po_box=c.chance(0.4)).address)}\n\n"
        f"{c.n('town_alone')}, {c.n('date_issue')}\n\n"
        f"Kündigung meines Vertrags – Kundennummer {c.n('record_id')}, "
        f"Vertragsnummer {c.n('order_number')}\n\n"
        f"Die Abbuchung von meiner Kreditkarte {c.card()} ist ab sofort einzustellen.\n\n"
        f"Sehr geehrte Damen und Herren,\n\nhiermit kündige ich meinen Vertrag fristgerecht "
        f"zum nächstmöglichen Zeitpunkt (vgl. {c.n('statute_ref', c.pick('§ 309 Nr. 9 BGB', '§ 314 BGB', '§ 56 TKG', '§ 11 VVG'))}). Zur Identifikation: "
        f"{c.dob_label()} {c.dob(p.dob)}. Bitte bestätigen Sie mir die Kündigung schriftlich "
        f"an {c.email(p.email)}.\n\nMit freundlichen Grüßen\n{c.name(p.person)}"
    )
    return [
        "Du hilfst beim Formulieren von Schreiben an Unternehmen. Antworte auf Deutsch.",
        f"Ist das so okay oder fehlt was?\n\n{letter}",
    ]


def de_versicherung_thread(c: Ctx) -> list[str]:
    p = c.profile()
    sb = c.person()
    nr = c.n(
        "case_number",
        f"{c.pick('SN', 'HR', 'S')}-{c.rng.randint(2019, 2025)}-{c.rng.randint(10000, 999999)}",
    )
    first = (
        f"Guten Tag,\n\nam {c.n('date_event')} wurde bei mir eingebrochen "
        f"({c.addr(p.address, 'line')}). Versicherungsnehmer: {c.name(p.person)}, "
        f"{c.dob_label()} {c.dob(p.dob)}. Tel. {c.phone(p.phone)}\n\nGruß\n"
        f"{c.name(p.person, 'first')}"
    )
    second = (
        f"Sehr {'geehrte' if p.person.female else 'geehrter'} {c.title(p.person)} {c.name(p.person, 'last')},\n\nIhre Schaden"
        f"nummer lautet {nr}. Bitte senden Sie uns die Liste der gestohlenen Gegenstände "
        f"und Ihre Bankverbindung für die Auszahlung.\n\nFreundliche Grüße\n{c.name(sb)}\n"
        f"{c.org('Versicherung')}\nUSt-IdNr.: {c.vat()}"
    )
    third = (
        f"Hallo {c.name(sb)},\n\nanbei die Liste. Bankverbindung: IBAN {c.iban()}, "
        f"Kontoinhaber {c.name(p.person)}. Der Schaden beläuft sich auf ca. {c.amount(400, 12000)}."
        f"\n\nViele Grüße"
    )
    thread = (
        f"{third}\n\nAm {c.n('timestamp')} schrieb {c.name(sb)}:\n{quote(second)}\n>\n"
        f"> Am {c.n('timestamp')} schrieb {c.email(p.email)}:\n{quote(first, 2)}"
    )
    return [
        "Du bist Sachbearbeitungs-Assistent einer Hausratversicherung. Fasse E-Mail-Verläufe "
        "zusammen und nenne offene Punkte.",
        f"Betreff: AW: AW: Schaden {nr}\n\n{thread}",
    ]


def de_env_ini(c: Ctx) -> list[str]:
    admin = c.profile()
    seed = c.profile()
    kvar, kval = c.api_key_var(False)
    doc_key, doc = (
        ("ausweis", c.national_id(seed.dob)[0]) if c.region == "DE" else ("reisepass", c.passport())
    )
    ini = (
        f"; Konfiguration Kundenportal {c.n('version')}\n[smtp]\nuser = {c.email(admin.email)}\n"
        f"{kvar} = {kval}\n\n[alerting]\nbereitschaft = {c.name(admin.person)}\n"
        f"sms_ziel = {c.phone(admin.phone, c.pick('e164', 'intl'))}\n"
        f"timeout = {c.n('duration', str(c.rng.randint(5, 90)) + 's')}\n\n[firewall]\nallow = {c.ip()}\n\n"
        f"[testdaten.kunde]\nname = {c.name(seed.person)}\n"
        f"geburtsdatum = {c.dob(seed.dob, c.pick('iso', 'dots'))}\n"
        f"anschrift = {c.addr(seed.address, 'line')}\niban = {c.iban()}\n"
        f"{doc_key} = {doc}\ntestkarte = {c.card()}\n\n[rechnung]\nust_id = {c.vat()}\n"
    )
    if c.region == "DE":
        ini += f"steuer_id = {c.tax_id()}\n"
    return [
        "Du bist ein DevOps-Assistent. Prüfe Konfigurationsdateien auf Fehler und Sicherheits"
        "probleme.",
        f"Nach dem Deployment kommt {c.status()}. Config:\n\n```ini\n{ini}```",
    ]


def de_logfmt(c: Ctx) -> list[str]:
    p = c.profile()
    lines = []
    for i in range(c.rng.randint(4, 6)):
        ts = c.n("timestamp")
        if i % 3 == 0:
            lines.append(
                f'time={ts} level=info svc=onboarding msg="Antrag eingegangen" '
                f'kunde="{c.name(p.person)}" geb={c.dob(p.dob, c.pick("iso", "dots"))} '
                f"trace={c.n('uuid')}"
            )
        elif i % 3 == 1:
            lines.append(
                f'time={ts} level=warn svc=adresscheck msg="Adresse unbekannt" '
                f'adresse="{c.addr(p.address, "line")}" code={c.status()} '
                f"dauer={c.n('duration', str(c.rng.randint(20, 9000)) + 'ms')}"
            )
        else:
            lines.append(
                f'time={ts} level=error svc=ident msg="Ausweis abgelehnt" '
                f'dok={c.id_doc(p)[1]} ip={c.ip()} tel="{c.phone(p.phone, "e164")}"'
            )
    return [
        "Du bist ein SRE-Assistent. Analysiere Logs und nenne die wahrscheinliche Ursache.",
        "Warum hängen Kunden im Onboarding fest?\n\n" + "\n".join(lines),
    ]


def de_ocr_vollmacht(c: Ctx) -> list[str]:
    a = c.profile()
    b = c.profile()
    aid, idv = c.id_doc(a)
    ocr = (
        f"V O L L M A C H T\n\nHiermit bevollmächtige ich,\n{c.name(a.person)}\n"
        f"geb. {c.dob(a.dob)}\nwohnhaft {c.addr(a.address)}\n"
        f"{aid}  {idv}\n\n"
        f"{c.pick('meine Tochter', 'meine Nachbarin') if b.person.female else c.pick('meinen Sohn', 'meinen Nachbarn')}\n{c.name(b.person)}, geb.\n"
        f"{c.dob(b.dob)}, {c.addr(b.address, 'line')},\n"
        f"mich in allen Ange-\nlegenheiten gegenüber {c.org()} zu vertreten.\n\n"
        f"{c.n('town_alone')}, den {c.n('date_issue')}     Unterschrift ..........\n"
        f"Seite 1/1   Scan-ID {c.n('serial_number')}"
    )
    return [
        "Der Nutzer lädt OCR-Text gescannter Dokumente hoch. Korrigiere OCR-Fehler und gib "
        "die Felder als JSON aus.",
        f"OCR:\n{ocr}",
    ]


EN: dict[str, tuple[str, Frame]] = {
    "insurance_claim_thread": ("email_thread", en_insurance_thread),
    "gdpr_subject_access": ("tool_call", en_gdpr_sar),
    "rsvp_tsv": ("spreadsheet", en_rsvp_tsv),
    "gym_signup": ("form", en_gym_signup),
    "loyalty_api_json": ("tool_result", en_loyalty_json),
    "customs_cn23": ("form", en_customs),
    "rideshare_incident": ("chat", en_rideshare_incident),
    "env_ini_config": ("config", en_env_ini),
    "logfmt_logs": ("code_log", en_logfmt),
    "ocr_change_of_address": ("ocr", en_ocr_scan),
}
DE: dict[str, tuple[str, Frame]] = {
    "notarurkunde": ("legal", de_notarurkunde),
    "behoerdenbrief": ("letter", de_behoerdenbrief),
    "elternbrief": ("letter", de_elternbrief),
    "lebenslauf": ("cv", de_lebenslauf),
    "vereinsantrag": ("form", de_vereinsantrag),
    "kuendigung": ("letter", de_kuendigung),
    "versicherung_thread": ("email_thread", de_versicherung_thread),
    "env_ini_config_de": ("config", de_env_ini),
    "logfmt_logs_de": ("code_log", de_logfmt),
    "ocr_vollmacht": ("ocr", de_ocr_vollmacht),
}

"""Frames of the sealed test half.  Disjoint from :mod:`frames_dev`; do not tune on these."""

from __future__ import annotations

import json
from typing import Any

from bench.fresh5 import values as V
from bench.fresh5.core import Ctx, E, FrameSpec, colon, frame, vendor_env

EN: list[FrameSpec] = []
DE: list[FrameSpec] = []

PER, ORG, EM, PH, ADR, DOB = "PERSON", "ORGANIZATION", "EMAIL", "PHONE", "ADDRESS", "DATE_OF_BIRTH"


def dumps(obj: Any, c: Ctx) -> str:
    return json.dumps(obj, ensure_ascii=False, indent=c.pick([None, 2, 2]))


def ocr(c: Ctx, s: str, rate: float = 0.05) -> str:
    """OCR-style noise for label text (never applied to values)."""
    sub = {"o": "0", "l": "1", "e": "c", "m": "rn", "S": "5", "g": "q", "a": "o", "t": "f"}
    return "".join(sub[ch] if ch in sub and c.rng.random() < rate else ch for ch in s)


# ======================================================================== EN


@frame(EN, "customs_declaration", ("en_GB", "en_US", "en_CA"))
def freight_customs(c: Ctx) -> list[str]:
    exporter, importer, broker = c.org(), c.org(), c.org("freight")
    contact = c.person()
    vat_e = V.vat_id(c.rng, c.pick(["DE", "NL", "FR", "IT", "BE", "PL"]))
    vat_i = V.vat_id(c.rng, c.pick(["GB", "SE", "DK", "AT", "CH"]))
    exp_addr = c.address(", ", c.pick(["de_DE", "de_AT", "de_CH"]))
    imp_addr = c.address(", ")
    sep = c.pick([",", "\t", ";"])
    head = sep.join(["role", "company", "vat_no", "address", "contact", "phone"])
    rows = [
        sep.join(
            [
                "exporter",
                E(ORG, exporter),
                E("VAT_ID", vat_e),
                f'"{E(ADR, exp_addr)}"',
                E(PER, c.person("de_DE")),
                E(PH, c.phone(region=c.pick(["DE", "AT", "CH"]), intl=True)),
            ]
        ),
        sep.join(
            [
                "importer",
                E(ORG, importer),
                E("VAT_ID", vat_i),
                f'"{E(ADR, imp_addr)}"',
                E(PER, contact),
                E(PH, c.phone()),
            ]
        ),
    ]
    goods = (
        f"HS {c.N('product_code')} – machine parts, value {c.N('amount')}, "
        f"AWB {c.N('tracking_number')}"
    )
    return [
        f"You prepare customs entries for {E(ORG, broker)}. Output a C88 summary.",
        head + "\n" + "\n".join(rows) + "\n\n" + goods,
        c.pick(
            [
                "Which fields are missing for the import declaration?",
                f"Email {E(EM, c.email(contact))} a checklist of what's still needed.",
            ]
        ),
    ]


@frame(EN, "letter", ("en_GB", "en_CA"))
def pension_letter(c: Ctx) -> list[str]:
    fund = c.org("pension")
    who = c.person()
    born = c.born(1948, 1968)
    addr = c.address("\n")
    if c.region == "GB":
        nino = V.national_id(c.rng, "gb_nino")
        idp = f"National Insurance number{colon(c)}{E('NATIONAL_ID', nino)}"
        bank = (
            f"Payments go to IBAN {E('IBAN', V.iban(c.rng, 'GB'))}, "
            f"BIC {E('BIC', V.bic(c.rng, 'GB'))}."
        )
    else:
        idp = f"SIN{colon(c)}{E('NATIONAL_ID', V.national_id(c.rng, 'ca_sin'))}"
        bank = f"Payments go to your account ending {c.N('masked')}."
    title = c.pick(["Mr", "Mrs", "Ms", "Dr"])
    letter = (
        f"{E(ORG, fund)}\nMember Services\n\n{title} {E(PER, who)}\n"
        f"{E(ADR, addr)}\n\nOur ref: {c.N('reference')}\n\n"
        f"Dear {title} {E(PER, who.split()[-1])},\n\n"
        f"Your pension starts on {c.N('date', c.date())}. "
        f"We hold the following details: date of birth {E(DOB, c.dob(born))}; {idp}. {bank}\n"
        f"Questions? Call {E(PH, c.phone(ext=c.region != 'GB' and c.chance(0.5)))}.\n"
    )
    return ["Explain this letter to a retiree in plain words.", letter]


@frame(EN, "dispute_thread", ("en_US", "en_AU", "en_GB"))
def tenant_dispute(c: Ctx) -> list[str]:
    tenant, pm = c.person(), c.person()
    agency = c.org("property")
    unit = c.address(", ")
    t_mail, pm_mail = c.email(tenant), c.email(pm, c.org_domain(agency))
    msgs = [
        f"[Tenant] {E(PER, tenant)} ({E(EM, t_mail)}): The heating at {E(ADR, unit)} has been "
        f"broken "
        f"since {c.N('date', c.date())}. I'm withholding {c.N('amount')} until it is fixed.",
        f"[Agent] {E(PER, pm)}, {E(ORG, agency)}: Withholding rent breaches your lease. "
        f"Contact me on {E(PH, c.phone())} or {E(EM, pm_mail)}.",
    ]
    if c.chance(0.5):
        msgs.append(
            f"[Tenant] Fine. My lawyer {E(PER, c.person())} will be in touch. "
            f"Ticket {c.N('ticket_id')}."
        )
    return ["You are a neutral tenancy mediator. Suggest a fair next step.", "\n\n".join(msgs)]


@frame(EN, "notebook", ("en_US", "en_GB"))
def jupyter_notebook(c: Ctx) -> list[str]:
    vend = c.pick(["openai", "anthropic", "hf", "google", "aws"])
    key = V.api_key(c.rng, vend)
    pw = V.password(c.rng).replace("@", "").replace("%", "").replace("#", "")
    host = V.ipv4(c.rng, True)
    rows = []
    for i in range(c.rng.randint(2, 3)):
        who = c.person()
        rows.append(f"{i}  {E(PER, who)}  {E(EM, c.email(who))}  {E(PH, c.phone())}")
    cells: dict[str, Any] = {
        "cells": [
            {
                "cell_type": "code",
                "source": [
                    "import os, pandas as pd\n",
                    f'os.environ["{vendor_env(vend)[0]}"] = "{E("API_KEY", key)}"\n',
                    f'engine = create_engine("mysql+pymysql://analyst:{E("API_KEY", pw)}@'
                    f'{E("IP_ADDRESS", host)}/crm")\n',
                    "df = pd.read_sql('select name, email, phone from customers limit 3', "
                    "engine)\n",
                ],
            },
            {
                "cell_type": "code",
                "outputs": [{"text": ["   name  email  phone\n"] + [r + "\n" for r in rows]}],
            },
        ],
        "metadata": {"kernelspec": {"name": "python3"}, "version": c.N("version")},
    }
    if c.chance(0.4):
        tok = V.jwt(c.rng, {"sub": V.chars(c.rng, V.HEXL, 10), "aud": "crm-api", "exp": 1800000000})
        cells["cells"].append(
            {
                "cell_type": "code",
                "source": [f"headers = {{'Authorization': 'Bearer {E('JWT', tok)}'}}\n"],
            }
        )
    return ["You are a data-science helper.", "Why is my notebook slow?\n" + dumps(cells, c)]


@frame(EN, "ocr_scan", ("en_US", "en_GB"))
def ocr_claim_form(c: Ctx) -> list[str]:
    insurer = c.org("insurer")
    who = c.person()
    born = c.born(1950, 2002)
    street, town = c.address_parts()
    if c.region == "US":
        idv = (
            f"{ocr(c, 'Social Security No.')} {E('US_SSN', V.ssn(c.rng))}"
            if c.chance(0.7)
            else f"{ocr(c, 'ITIN')} {E('US_ITIN', V.itin(c.rng))}"
        )
    else:
        idv = f"{ocr(c, 'NI No.')} {E('NATIONAL_ID', V.national_id(c.rng, 'gb_nino'))}"
    form = (
        f"{E(ORG, insurer)}  -  {ocr(c, 'CLAIM FORM')}  {ocr(c, 'Policy')} {c.N('reference')}\n"
        f"{ocr(c, '1. Claimant name')} : {E(PER, who)}\n"
        f"{ocr(c, '2. Date of birth')} {E(DOB, c.dob(born))}\n"
        f"{ocr(c, '3. Address')}  {E(ADR, street)}\n    {E(ADR, town)}\n"
        f"{ocr(c, '4. Telephone')} {E(PH, c.phone())}\n"
        f"5. {idv}\n"
        f"{ocr(c, '6. Date of loss')} {c.N('date', c.date())}    {ocr(c, 'Amount claimed')} "
        f"{c.N('amount')}\n"
        f"{ocr(c, 'Signature')}: ~~{E(PER, who.split()[-1])}~~"
    )
    return [
        "The following text was produced by OCR from a scanned form. Fill the JSON schema "
        "{claimant, dob, address, phone, loss_date, amount}.",
        form,
    ]


@frame(EN, "email_thread", ("en_US", "en_GB", "en_AU"))
def support_email_thread(c: Ctx) -> list[str]:
    cust, agent = c.person(), c.person()
    vendor = c.org("retail")
    cm, am = c.email(cust), c.email(agent, c.org_domain(vendor))
    ext_phone = c.phone(ext=True) if c.region in ("US", "GB") else c.phone()
    _, card = V.card(c.rng)
    sig = f"{E(PER, agent)}\nCustomer Care, {E(ORG, vendor)}\n{E(PH, ext_phone)}"
    text = (
        f"Subject: RE: RE: double charge {c.N('ticket_id')}\n\n"
        f"Still not resolved. You charged {E('CREDIT_CARD', card)} twice. — "
        f"{E(PER, cust.split()[0])}\n\n"
        f"-----Original Message-----\nFrom: {E(EM, am)}\nSent: {c.N('timestamp')}\nTo: "
        f"{E(EM, cm)}\n\n"
        f"Hello {E(PER, cust)},\nwe have escalated this. Please allow 5–7 business "
        f"days.\n\n{sig}\n\n"
        f"-----Original Message-----\nFrom: {E(PER, cust)} <{E(EM, cm)}>\n"
        f"I was billed {c.N('amount')} twice for order {c.N('order_number')}."
    )
    return ["You are a support lead. Draft the next reply and an internal note.", text]


@frame(EN, "payroll_table", ("en_US",))
def payroll_csv(c: Ctx) -> list[str]:
    company = c.org()
    header = c.pick(
        [
            "emp_id,name,ssn_or_itin,dob,home_address,email",
            "EmployeeID,FullName,TaxID,BirthDate,Address,Email",
        ]
    )
    rows = []
    for _ in range(c.rng.randint(2, 4)):
        who = c.person()
        tid = E("US_SSN", V.ssn(c.rng)) if c.chance(0.7) else E("US_ITIN", V.itin(c.rng))
        rows.append(
            ",".join(
                [
                    c.N("employee_id", f"E{V.digits(c.rng, 5)}"),
                    E(PER, who),
                    tid,
                    E(DOB, c.dob()),
                    f'"{E(ADR, c.address(", "))}"',
                    E(EM, c.email(who)),
                ]
            )
        )
    extra = ""
    if c.chance(0.4):
        extra = (
            f"\n\nContractor abroad: {E(PER, c.person('de_DE'))}, IBAN {E('IBAN', V.iban(c.rng))}, "
            f"SWIFT {E('BIC', V.bic(c.rng))}, German tax ID {E('DE_TAX_ID', V.de_tax_id(c.rng))}"
        )
    return [
        f"You are the payroll assistant of {E(ORG, company)}.",
        "Check this export for formatting errors:\n\n" + header + "\n" + "\n".join(rows) + extra,
    ]


@frame(EN, "travel_booking", ("en_GB", "en_US", "en_CA", "en_AU"))
def travel_booking(c: Ctx) -> list[str]:
    airline = c.org("airline")
    pax = []
    names = []
    for _ in range(c.rng.randint(1, 3)):
        cc = c.pick(V.PASSPORT_KINDS)
        who = c.person()
        names.append(who)
        pax.append(
            {
                "name": E(PER, who),
                "dateOfBirth": E(DOB, c.dob()),
                c.pick(["passport", "passportNo", "travel_doc"]): E(
                    "PASSPORT", V.passport(c.rng, cc)
                ),
                "nationality": cc,
            }
        )
    lead = names[0]
    booking = {
        "pnr": c.N("booking_ref"),
        "carrier": E(ORG, airline),
        "passengers": pax,
        "contact": {"email": E(EM, c.email(lead)), "phone": E(PH, c.phone(intl=True))},
        "payment": {"card": E("CREDIT_CARD", V.card(c.rng)[1]), "total": c.N("amount")},
    }
    return [
        "You are a travel agent assistant. Check the APIS data is complete.",
        "create_booking result:\n" + dumps(booking, c),
        c.pick(["Is anything missing for the US ESTA?", "Change the second passenger's seat."]),
    ]


@frame(EN, "infra_config", ("en_US", "en_GB"))
def k8s_secret_manifest(c: Ctx) -> list[str]:
    vend = c.pick(V.VENDORS)
    key = V.api_key(c.rng, vend)
    aws_id, aws_secret = V.api_key(c.rng, "aws"), V.api_key(c.rng, "aws_secret")
    pk = V.private_key(c.rng)
    as_json = c.chance(0.5)
    if as_json:
        manifest = {
            "apiVersion": "v1",
            "kind": "Secret",
            "metadata": {"name": "app-secrets"},
            "stringData": {
                "AWS_ACCESS_KEY_ID": E("API_KEY", aws_id),
                "AWS_SECRET_ACCESS_KEY": E("API_KEY", aws_secret),
                c.pick(vendor_env(vend)): E("API_KEY", key),
                "tls.key": "@@PK@@",
            },
        }
        text = dumps(manifest, c)
        escaped = json.dumps(pk)[1:-1]
        text = text.replace("@@PK@@", E("PRIVATE_KEY", escaped))
    else:
        text = (
            f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: app-secrets\nstringData:\n"
            f"  aws_access_key_id: {E('API_KEY', aws_id)}\n"
            f"  aws_secret_access_key: {E('API_KEY', aws_secret)}\n"
            f'  {c.pick(vendor_env(vend)).lower()}: "{E("API_KEY", key)}"\n'
            f"  tls.key: |\n    " + E("PRIVATE_KEY", pk.replace("\n", "\n    ")) + "\n"
        )
    if c.chance(0.3):
        sa_token = V.jwt(c.rng, {"sub": "system:sa", "iat": 1770000000})
        text += f"\n# service account token\n# {E('JWT', sa_token)}\n"
    ask = (
        f"kubectl apply fails with {c.N('error_code')} on cluster {E('IP_ADDRESS', V.ipv4(c.rng))}"
    )
    return ["You are a Kubernetes expert.", ask + "\n\n" + text]


@frame(EN, "dispute_chat", ("en_US", "en_GB", "en_CA"))
def card_fraud_dispute(c: Ctx) -> list[str]:
    bank = c.org("bank")
    who = c.person()
    _, card = V.card(c.rng)
    merchant = c.org()
    turns = [
        f"You are {E(ORG, bank)}'s card-services assistant. Verify identity before disputes.",
        f"there's a charge of {c.N('amount')} from {E(ORG, merchant)} i didn't make!!",
        "I can help. Please confirm your full name, date of birth and the card number.",
        c.pick(
            [
                f"{E(PER, who)}, {E(DOB, c.dob())}, card {E('CREDIT_CARD', card)}",
                f"name {E(PER, who)}\ndob {E(DOB, c.dob())}\ncard no {E('CREDIT_CARD', card)}",
            ]
        ),
    ]
    if c.region == "US" and c.chance(0.5):
        turns.append(f"last 4 of SSN? full one is {E('US_SSN', V.ssn(c.rng))} whatever")
    if c.chance(0.5):
        turns.append(f"new address btw: {E(ADR, c.address(', '))}, cell {E(PH, c.phone())}")
    return turns


# ======================================================================== DE


@frame(DE, "customs_declaration", ("de_DE", "de_AT"))
def zollanmeldung(c: Ctx) -> list[str]:
    vers, empf = c.org(), c.org()
    ap = c.person()
    vat1 = V.vat_id(c.rng, "DE" if c.region == "DE" else "AT")
    vat2 = V.vat_id(c.rng, c.pick(["FR", "IT", "NL", "PL", "DK", "SE", "BE"]))
    data = {
        "versender": {
            "firma": E(ORG, vers),
            "ustIdNr": E("VAT_ID", vat1),
            "strasse": E(ADR, c.address_parts()[0]),
            "ansprechpartner": E(PER, ap),
            "tel": E(PH, c.phone()),
        },
        "empfaenger": {
            "firma": E(ORG, empf),
            "vat": E("VAT_ID", vat2),
            "anschrift": E(ADR, c.address(", ", c.pick(["en_GB", "en_US"]))),
        },
        "warennummer": c.N("product_code"),
        "zollwert": c.N("amount"),
        "sendungsnummer": c.N("tracking_number"),
    }
    return [
        "Du erstellst Ausfuhranmeldungen (ATLAS). Prüfe die Daten.",
        f"Bitte Plausibilitätsprüfung, Rückfragen an {E(EM, c.email(ap, c.org_domain(vers)))}:\n"
        + dumps(data, c),
    ]


@frame(DE, "letter", ("de_DE", "de_AT", "de_CH"))
def dsgvo_auskunft(c: Ctx) -> list[str]:
    who = c.person()
    firma = c.org()
    addr = c.address("\n")
    body = (
        f"{E(PER, who)}\n{E(ADR, addr)}\n\n{E(ORG, firma)}\n– Datenschutzbeauftragte/r –\n\n"
        f"Auskunftsersuchen nach Art. 15 DSGVO\n\nSehr geehrte Damen und Herren,\n\n"
        f"bitte teilen Sie mir mit, welche personenbezogenen Daten Sie über mich verarbeiten. "
        f"Zur Identifikation: Kundennummer {c.N('reference')}, geboren am {E(DOB, c.dob())}, "
        f"E-Mail {E(EM, c.email(who))}"
    )
    if c.chance(0.5):
        body += f", Mobil {E(PH, c.phone())}"
    if c.region == "DE" and c.chance(0.4):
        body += f", Steuer-IdNr. {E('DE_TAX_ID', V.de_tax_id(c.rng))}"
    if c.chance(0.65):
        body += f". Zahlungen liefen über die Kreditkarte {E('CREDIT_CARD', V.card(c.rng)[1])}"
    if c.chance(0.4):
        body += f". Lastschriften erfolgten von {E('IBAN', V.iban(c.rng, c.region))}"
    body += f".\n\nMit freundlichen Grüßen\n{E(PER, who)}"
    return ["Formuliere eine DSGVO-konforme Antwort des Unternehmens.", body]


@frame(DE, "application_form", ("de_DE", "de_AT", "de_CH"))
def uni_bewerbung(c: Ctx) -> list[str]:
    uni = c.org("university")
    lines = [
        "| Bewerber/in | Geburtsdatum | Ausweis/Pass | E-Mail | Telefon |",
        "|---|---|---|---|---|",
    ]
    for _ in range(c.rng.randint(2, 4)):
        born = c.born(1995, 2007)
        who = c.person(c.pick(["de_DE", "de_AT", "en_GB", "de_CH"]))
        if c.chance(0.5):
            doc = E(
                "NATIONAL_ID",
                V.national_id(
                    c.rng,
                    c.pick(
                        [
                            "it_cf",
                            "es_dni",
                            "pl_pesel",
                            "nl_bsn",
                            "se_pnr",
                            "at_vnr",
                            "de_pa",
                            "fr_nir",
                        ]
                    ),
                    born,
                ),
            )
        else:
            doc = E("PASSPORT", V.passport(c.rng, c.pick(V.PASSPORT_KINDS)))
        lines.append(
            f"| {E(PER, who)} | {E(DOB, c.dob(born))} | {doc} | {E(EM, c.email(who))} | "
            f"{E(PH, c.phone(region=c.pick(['DE', 'AT', 'CH', 'GB']), intl=True))} |"
        )
    return [
        f"Du unterstützt das Studierendensekretariat der {E(ORG, uni)}.",
        "Neue Bewerbungen (Semester " + c.N("reference") + "):\n\n" + "\n".join(lines),
        "Wer muss noch eine beglaubigte Kopie nachreichen?",
    ]


@frame(DE, "ocr_scan", ("de_DE", "de_AT"))
def schadenmeldung_ocr(c: Ctx) -> list[str]:
    vers = c.org("insurer")
    vn = c.person()
    street, town = c.address_parts()
    iban = V.iban(c.rng, c.region)
    form = (
        f"{E(ORG, vers)}   {ocr(c, 'SCHADENMELDUNG Hausrat')}   {ocr(c, 'Vers.-Nr.')} "
        f"{c.N('reference')}\n"
        f"{ocr(c, 'Versicherungsnehmer')}: {E(PER, vn)}\n"
        f"{ocr(c, 'Geb.-Datum')}: {E(DOB, c.dob())}\n"
        f"{ocr(c, 'Straße, Nr.')}: {E(ADR, street)}\n{ocr(c, 'PLZ, Ort')}: {E(ADR, town)}\n"
        f"{ocr(c, 'Telefon tagsüber')}: {E(PH, c.phone())}\n"
        f"{ocr(c, 'Schadentag')}: {c.N('date', c.date())}  {ocr(c, 'Schadenhöhe ca.')} "
        f"{c.N('amount')}\n"
        f"{ocr(c, 'Bankverbindung für Erstattung')}: {E('IBAN', iban)} / "
        f"{E('BIC', V.bic(c.rng, c.region))}\n"
        f"{ocr(c, 'Unterschrift')}: {E(PER, vn)}"
    )
    return ["Der folgende Text stammt aus einer OCR-Erkennung. Erfasse die Felder als JSON.", form]


@frame(DE, "infra_config", ("de_DE", "de_CH"))
def terraform_de(c: Ctx) -> list[str]:
    admin = c.person()
    v1 = c.pick(V.VENDORS)
    key = V.api_key(c.rng, v1)
    pw = V.password(c.rng)
    ip = V.ipv4(c.rng)
    tf = (
        f"# Betreuer: {E(PER, admin)} <{E(EM, c.email(admin, 'betrieb.example.de'))}>\n"
        f'module "monitoring" {{\n  source  = "git::https://git.example.de/infra.git?ref={c.N("version")}"\n'
        f'  grafana_admin_passwort = "{E("API_KEY", pw)}"\n'
        f'  {c.pick(vendor_env(v1)).lower()} = "{E("API_KEY", key)}"\n'
        f'  erlaubte_ips = ["{E("IP_ADDRESS", ip)}", "{E("IP_ADDRESS", V.ipv6(c.rng))}"]\n}}\n'
    )
    if c.chance(0.4):
        mon_token = V.jwt(c.rng, {"sub": "monitoring", "exp": 1790000000})
        tf += f'\n# Service-Token (läuft ab!)\nlocals {{ token = "{E("JWT", mon_token)}" }}\n'
    if c.chance(0.3):
        tf += (
            "\n# SSH-Schlüssel für den Bastion-Host\n"
            + E(
                "PRIVATE_KEY",
                V.private_key(c.rng, c.pick(["ed_openssh", "rsa_openssh", "ec_trad"])),
            )
            + "\n"
        )
    return ["Du bist DevOps-Berater.", "Warum schlägt `terraform apply` fehl?\n\n" + tf]


@frame(DE, "server_log", ("de_DE", "de_AT"))
def serverlog_de(c: Ctx) -> list[str]:
    ips = [V.ipv4(c.rng, False) for _ in range(2)]
    who = c.person()
    lines = []
    for ip in ips:
        lines.append(
            f"{c.N('timestamp')} fail2ban.actions [{c.rng.randint(100, 9999)}]: NOTICE [sshd] Ban "
            f"{E('IP_ADDRESS', ip)}"
        )
    lines.append(
        f"{c.N('timestamp')} postfix/smtpd[{c.rng.randint(100, 9999)}]: warning: unknown["
        f"{E('IP_ADDRESS', V.ipv6(c.rng))}]: SASL LOGIN authentication failed for "
        f"{E(EM, c.email(who, 'mail.beispiel-firma.de'))}"
    )
    lines.append(
        f'{c.N("timestamp")} nginx: {E("IP_ADDRESS", ips[0])} - - "POST /login HTTP/1.1" 401 '
        f"{c.rng.randint(100, 900)}"
    )
    return [
        "Du bist Linux-Administrator.",
        "Was passiert hier? Sollte ich etwas tun?\n```\n" + "\n".join(lines) + "\n```",
    ]


@frame(DE, "chat_export", ("de_DE", "de_CH"))
def slack_export_de(c: Ctx) -> list[str]:
    a, b = c.person(), c.person()
    key = V.api_key(c.rng, c.pick(["gitlab", "npm", "pypi", "digitalocean", "shopify", "github"]))
    msgs = [
        {
            "user_name": E(PER, a),
            "ts": c.N("timestamp"),
            "text": f"Kann jemand den Build fixen? Token steht hier: {E('API_KEY', key)} (bitte "
            "nicht teilen 🙈)",
        },
        {
            "user_name": E(PER, b),
            "ts": c.N("timestamp"),
            "text": c.pick(
                [
                    f"Mach ich. Bin unter {E(PH, c.phone())} erreichbar.",
                    f"Schick mir das per Mail an {E(EM, c.email(b))}, nicht in den Channel!",
                    f"Erledigt, Release {c.N('version')} ist draußen.",
                ]
            ),
        },
    ]
    return ["Fasse den Slack-Verlauf für das Protokoll zusammen.", dumps(msgs, c)]


@frame(DE, "notebook", ("de_DE", "de_AT"))
def jupyter_de(c: Ctx) -> list[str]:
    rows = []
    for _ in range(c.rng.randint(2, 3)):
        who = c.person()
        rows.append(f"{E(PER, who)};{E(EM, c.email(who))};{E('IBAN', V.iban(c.rng, c.region))}")
    key = V.api_key(c.rng, c.pick(["openai", "anthropic", "hf"]))
    cell1 = (
        f'# Zelle [3]\nimport pandas as pd\nclient = OpenAI(api_key="{E("API_KEY", key)}")\n'
        "kunden = pd.read_csv('kunden_export.csv', sep=';')\nkunden.head()"
    )
    out = "name;email;iban\n" + "\n".join(rows)
    return [
        "Du bist Python-Tutor.",
        cell1,
        "Ausgabe:\n" + out,
        "Wie gruppiere ich die Kunden nach Bank (aus der IBAN)?",
    ]


@frame(DE, "payroll_table", ("de_DE", "de_AT", "de_CH"))
def lohnabrechnung_tsv(c: Ctx) -> list[str]:
    firma = c.org()
    head = "\t".join(["PersNr", "Name", "GebDatum", "SteuerID/SVNr", "IBAN", "Anschrift"])
    rows = []
    for _ in range(c.rng.randint(2, 4)):
        born = c.born(1960, 2003)
        if c.region == "DE":
            tid = E("DE_TAX_ID", V.de_tax_id(c.rng))
        elif c.region == "AT":
            tid = E("NATIONAL_ID", V.national_id(c.rng, "at_vnr", born))
        else:
            tid = E("NATIONAL_ID", V.national_id(c.rng, "ch_ahv"))
        rows.append(
            "\t".join(
                [
                    c.N("employee_id", f"P{V.digits(c.rng, 5)}"),
                    E(PER, c.person()),
                    E(DOB, c.dob(born)),
                    tid,
                    E("IBAN", V.iban(c.rng, c.region)),
                    E(ADR, c.address(", ")),
                ]
            )
        )
    return [
        f"Du bist Lohnbuchhalter bei {E(ORG, firma)}.",
        "Prüfe den Export auf Auffälligkeiten:\n" + head + "\n" + "\n".join(rows),
    ]


@frame(DE, "mixed_language", ("de_DE", "de_CH"))
def mixed_en_de(c: Ctx) -> list[str]:
    hr = c.person()
    exp = c.person(c.pick(["en_GB", "en_US"]))
    kind = c.pick(["nl_bsn", "se_pnr", "fi_hetu", "dk_cpr", "be_nn", "gb_nino", "es_nie"])
    born = c.born(1975, 2000)
    text = (
        f"Hi {E(PER, hr.split()[0])}, quick one – für den Relocation-Antrag von {E(PER, exp)} "
        f"brauche ich noch Folgendes:\n"
        f"- Date of birth / Geburtsdatum: {E(DOB, V.fmt_date(c.rng, born, 'en', 'GB'))}\n"
        f"- Foreign ID ({kind.split('_')[0].upper()}): "
        f"{E('NATIONAL_ID', V.national_id(c.rng, kind, born))}\n"
        f"- US SSN (falls vorhanden): {E('US_SSN', V.ssn(c.rng))}\n"
        if c.chance(0.3)
        else f"Hi {E(PER, hr.split()[0])}, quick one – für den Relocation-Antrag von {E(PER, exp)} "
        f"brauche ich noch Folgendes:\n"
        f"- Date of birth / Geburtsdatum: {E(DOB, V.fmt_date(c.rng, born, 'en', 'GB'))}\n"
        f"- Foreign ID ({kind.split('_')[0].upper()}): "
        f"{E('NATIONAL_ID', V.national_id(c.rng, kind, born))}\n"
    )
    text += (
        f"- Neue Adresse: {E(ADR, c.address(', '))}\n"
        f"- Phone (UK): {E(PH, c.phone(region='GB', intl=True))}\n"
        f"Thanks & Grüße, {E(PER, c.person())}"
    )
    return ["Du bist HR-Assistent. Antworte zweisprachig.", text]

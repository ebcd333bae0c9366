"""Frames of the dev half (tune on these only).  Disjoint from :mod:`frames_test`."""

from __future__ import annotations

import json
from typing import Any

from bench.fresh5 import values as V
from bench.fresh5.core import Ctx, E, FrameSpec, colon, frame, typo, vendor_env

EN: list[FrameSpec] = []
DE: list[FrameSpec] = []

PER, ORG, EM, PH, ADR, DOB = "PERSON", "ORGANIZATION", "EMAIL", "PHONE", "ADDRESS", "DATE_OF_BIRTH"


def dumps(obj: Any, c: Ctx) -> str:
    return json.dumps(obj, ensure_ascii=False, indent=c.pick([None, 2, 2, 4]))


# ======================================================================== EN


@frame(EN, "booking_chat", ("en_US", "en_GB", "en_AU"))
def dental_booking(c: Ctx) -> list[str]:
    clinic = c.org("dental")
    parent, child = c.person(), c.name()[0]
    child_full = f"{child} {parent.split()[-1]}"
    phone, mail, born = c.phone(), c.email(parent), c.dob(c.born(2010, 2021))
    sys = (
        f"You are the front-desk assistant of {E(ORG, clinic)}. Book, move or cancel "
        "appointments. Never give clinical advice. Use the tool `book_slot`."
    )
    variant = c.rng.randint(0, 2)
    if variant == 0:
        user = (
            f"Hi, I'm {E(PER, parent)}. Could you book a check-up for my son {E(PER, child_full)}, "
            f"born {E(DOB, born)}? Best number is {E(PH, phone)} or mail me at {E(EM, mail)}. "
            f"Any morning after {c.N('date', c.date())} works."
        )
    elif variant == 1:
        user = (
            f"{typo(c, 'Patient name')}{colon(c)}{E(PER, child_full)}\n"
            f"{typo(c, 'Date of birth')}{colon(c)}{E(DOB, born)}\n"
            f"Parent/guardian{colon(c)}{E(PER, parent)}\n"
            f"Contact{colon(c)}{E(PH, phone)} / {E(EM, mail)}\n"
            f"Home address{colon(c)}{E(ADR, c.address(', '))}\n"
            f"Reason{colon(c)}chipped molar, referral {c.N('reference')}"
        )
    else:
        user = (
            f"hey there - {E(PER, child_full)} ({E(DOB, born)}) needs a filling redone. "
            f"call/text {E(PH, phone)}. thx, {E(PER, parent.split()[0])}"
        )
    args = {
        "patientName": E(PER, child_full),
        "dob": E(DOB, born),
        c.pick(["guardianPhone", "phone", "contact_tel"]): E(PH, phone),
        c.pick(["email", "guardian_email", "mail"]): E(EM, mail),
        "slot": c.N("timestamp"),
        "bookingRef": c.N("booking_ref"),
    }
    tool = f"book_slot({dumps(args, c)})"
    return [sys, user, tool] if c.chance(0.7) else [sys, user]


@frame(EN, "damage_report", ("en_GB", "en_AU", "en_US"))
def car_rental_damage(c: Ctx) -> list[str]:
    renter, agent = c.person(), c.person()
    branch = c.org("rental")
    _, card = V.card(c.rng)
    phone = c.phone(ext=False)
    street, town = c.address_parts()
    report = (
        f"DAMAGE REPORT - agreement {c.N('reference')}\n"
        f"Branch: {E(ORG, branch)}\n"
        f"Renter: {E(PER, renter)}\n"
        + (
            f"Corporate account: {E(ORG, c.org())}, VAT {E('VAT_ID', V.vat_id(c.rng))}\n"
            if c.chance(0.6)
            else ""
        )
        + f"Renter address:\n{E(ADR, street + chr(10) + town)}\n"
        f"{typo(c, 'Mobile')}: {E(PH, phone)}\n"
        f"Card on file{colon(c)}{E('CREDIT_CARD', card)}\n"
        f"Checked in by {E(PER, agent)} on {c.N('date', c.date())}.\n"
        f"Findings: scratch rear bumper ~20cm, windscreen chip. Est. {c.N('amount')}."
    )
    ask = c.pick(
        [
            "Summarise this report for the insurer in three bullet points.",
            "Write a polite email to the renter explaining the excess charge.",
            "Classify the damage severity (minor/moderate/major) and justify.",
        ]
    )
    texts = ["You help rental staff process vehicle damage claims.", report, ask]
    if c.chance(0.4):
        texts.append(
            f'Renter replied: "I already reported the chip to {E(PER, agent.split()[0])} at '
            f'pick-up, ring me on {E(PH, phone)} if needed."'
        )
    return texts


@frame(EN, "email_thread", ("en_US", "en_CA"))
def gym_cancellation_thread(c: Ctx) -> list[str]:
    member, staff = c.person(), c.person()
    gym = c.org("gym")
    m_mail = c.email(member)
    s_mail = c.email(staff, c.org_domain(gym))
    s_phone = c.phone(ext=c.chance(0.6))
    _, card = V.card(c.rng, c.pick(["visa", "mastercard", "amex"]))
    addr = c.address(", ")
    latest = (
        f"Hi {E(PER, staff.split()[0])},\n\nplease cancel my membership (member no. "
        f"{c.N('order_number')}) effective end of month. My address is {E(ADR, addr)}. "
        f"Do NOT charge my card {E('CREDIT_CARD', card)} again.\n\nThanks,\n{E(PER, member)}"
    )
    quoted = (
        f"On {c.N('date', c.date())}, {E(PER, staff)} <{E(EM, s_mail)}> wrote:\n"
        f"> Hi {E(PER, member.split()[0])}, sorry to hear you want to leave.\n"
        f"> Cancellations need 30 days notice. Call me at {E(PH, s_phone)}.\n"
        f">\n> {E(PER, staff)}\n> Membership Services | {E(ORG, gym)}"
    )
    header = (
        f"From: {E(PER, member)} <{E(EM, m_mail)}>\nTo: {E(EM, s_mail)}\nSubject: Re: cancellation"
    )
    sys = "Draft a reply on behalf of Membership Services. Be brief."
    return [sys, header + "\n\n" + latest + "\n\n" + quoted]


@frame(EN, "kyc_chat", ("en_GB", "en_US"))
def kyc_onboarding_chat(c: Ctx) -> list[str]:
    bank = c.org("bank")
    who = c.person()
    born = c.born(1950, 2003)
    dob = c.dob(born)
    sys = (
        f"You are {E(ORG, bank)}'s onboarding assistant. Collect identity data, then call "
        "verify_identity. Do not repeat full identifiers back to the customer."
    )
    turns = [sys, f"hi, want to open a current account. name's {E(PER, who)}"]
    pp_cc = c.pick(V.PASSPORT_KINDS)
    pp = V.passport(c.rng, pp_cc)
    turns.append(
        c.pick(
            [
                f"Passport ({pp_cc}) number {E('PASSPORT', pp)}, DOB {E(DOB, dob)}",
                f"my passport no is {E('PASSPORT', pp)} and i was born {E(DOB, dob)}",
            ]
        )
    )
    args: dict[str, Any] = {
        "fullName": E(PER, who),
        "passportNumber": E("PASSPORT", pp),
        "passportCountry": pp_cc,
        "birthDate": E(DOB, dob),
    }
    if c.region == "GB":
        nino = V.national_id(c.rng, "gb_nino")
        iban = V.iban(c.rng, "GB" if c.chance(0.5) else None)
        turns.append(
            f"NI number is {E('NATIONAL_ID', nino)}. Salary comes from my old account "
            f"{E('IBAN', iban)} ({E('BIC', V.bic(c.rng, 'GB'))})"
        )
        args["nino"] = E("NATIONAL_ID", nino)
        args["sourceIban"] = E("IBAN", iban)
    else:
        if c.chance(0.6):
            ssn = V.ssn(c.rng)
            turns.append(f"SSN: {E('US_SSN', ssn)}. Mobile {E(PH, c.phone())}")
            args["ssn"] = E("US_SSN", ssn)
        else:
            tin = V.itin(c.rng)
            turns.append(f"no SSN, I have an ITIN {E('US_ITIN', tin)}. cell: {E(PH, c.phone())}")
            args["taxpayerId"] = E("US_ITIN", tin)
    addr = c.address(", ")
    turns.append(f"I live at {E(ADR, addr)} since {c.N('date', c.date(-900))}.")
    args["residentialAddress"] = E(ADR, addr)
    args["requestId"] = c.N("uuid")
    turns.append("verify_identity " + dumps(args, c))
    return turns


@frame(EN, "infra_config", ("en_US", "en_GB"))
def terraform_helm_values(c: Ctx) -> list[str]:
    owner = c.person()
    owner_mail = c.email(owner, c.pick(["acme-corp.io", "infra.example-co.com", "corp.net"]))
    db_pw = V.password(c.rng)
    v1, v2 = c.pick(V.VENDORS), c.pick(["stripe", "sendgrid", "openai", "slack"])
    k1, k2 = V.api_key(c.rng, v1), V.api_key(c.rng, v2)
    ip1, ip2 = V.ipv4(c.rng), V.ipv4(c.rng, True)
    if c.chance(0.5):
        text = (
            f"# values-prod.yaml  (chart {c.N('version')})\n"
            f"maintainer: {E(EM, owner_mail)}\n"
            f"image:\n  tag: {c.N('hash')}\n"
            f"postgresql:\n  host: {E('IP_ADDRESS', ip2)}\n  auth:\n    username: app\n"
            f'    {c.pick(["password", "postgresPassword", "db_pass"])}: "{E("API_KEY", db_pw)}"\n'
            f'ingress:\n  allowlist: ["{E("IP_ADDRESS", ip1)}/32"]\n'
            f"secrets:\n  {c.pick(vendor_env(v1))}: {E('API_KEY', k1)}\n"
            f"  {c.pick(vendor_env(v2))}: '{E('API_KEY', k2)}'\n"
        )
    else:
        text = (
            f'provider "aws" {{\n  region = "eu-central-1"\n}}\n\n'
            f'resource "aws_db_instance" "main" {{\n  engine_version = "{c.N("version")}"\n'
            f'  username = "admin"\n  password = "{E("API_KEY", db_pw)}"\n'
            f'  tags = {{ owner = "{E(EM, owner_mail)}" }}\n}}\n\n'
            f'variable "{c.pick(vendor_env(v1)).lower()}" '
            f'{{\n  default = "{E("API_KEY", k1)}"\n}}\n'
            f"# bastion {E('IP_ADDRESS', ip1)}, db subnet host {E('IP_ADDRESS', ip2)}\n"
        )
    if c.chance(0.45):
        key = V.private_key(c.rng)
        text += (
            "\n# deploy key (do not commit!)\ndeploy_key: |\n  "
            + E("PRIVATE_KEY", key.replace("\n", "\n  "))
            + "\n"
        )
        return [
            "You review infrastructure code for mistakes.",
            f"Why does `helm upgrade` fail with {c.N('error_code')}?\n\n{text}",
        ]
    return [
        "You review infrastructure code for mistakes.",
        f"Why does `terraform plan` complain here?\n\n```\n{text}```",
    ]


@frame(EN, "server_log", ("en_US", "en_GB"))
def server_auth_log(c: Ctx) -> list[str]:
    lines = []
    host = c.pick(["web-01", "bastion", "app-03", "gw2"])
    attacker = V.ipv4(c.rng, False)
    user_ip = V.ipv4(c.rng) if c.chance(0.7) else V.ipv6(c.rng)
    dev = c.person()
    mail = c.email(dev)
    for _ in range(c.rng.randint(2, 4)):
        ts = c.N("timestamp")
        lines.append(
            f"{ts} {host} sshd[{c.rng.randint(1000, 65000)}]: Failed password for invalid "
            f"user {c.pick(['admin', 'oracle', 'test', 'ubuntu'])} from "
            f"{E('IP_ADDRESS', attacker)} port {c.rng.randint(30000, 65000)} ssh2"
        )
    lines.append(
        f"{c.N('timestamp')} {host} sshd[{c.rng.randint(1000, 65000)}]: Accepted publickey "
        f"for deploy from {E('IP_ADDRESS', user_ip)} port {c.rng.randint(30000, 65000)} ssh2: "
        f"ED25519 SHA256:{V.chars(c.rng, V.ALNUM, 43)}"
    )
    lines.append(
        f"{c.N('timestamp')} {host} app[812]: login ok user={E(EM, mail)} "
        f"ip={E('IP_ADDRESS', user_ip)} session={c.N('uuid')}"
    )
    if c.chance(0.6):
        tok = V.jwt(c.rng, {"sub": V.chars(c.rng, V.HEXL, 12), "iat": 1767225600, "role": "admin"})
        lines.append(
            f"{c.N('timestamp')} {host} app[812]: DEBUG auth header: Bearer {E('JWT', tok)}"
        )
    ask = c.pick(
        [
            "Is this a brute-force attempt? What should I block?",
            f"{E(PER, dev)} says they could not log in this morning. Explain the log.",
            "Summarise the security-relevant events.",
        ]
    )
    return ["You are a Linux security analyst.", "\n".join(lines), ask]


@frame(EN, "tool_result", ("en_GB", "en_US", "en_CA"))
def ecommerce_return(c: Ctx) -> list[str]:
    cust = c.person()
    mail = c.email(cust)
    street, town = c.address_parts()
    order = {
        "orderId": c.N("order_number"),
        "customer": {
            c.pick(["name", "fullName", "customer_name"]): E(PER, cust),
            c.pick(["email", "emailAddress", "contact_email"]): E(EM, mail),
            c.pick(["phone", "tel", "phoneNumber"]): E(PH, c.phone()),
        },
        "shipTo": {
            "line1": E(ADR, street),
            "line2": E(ADR, town),
            "country": c.pick(["GB", "US", "CA"]),
        },
        "payment": {"method": "card", "masked": c.N("masked")},
        "items": [{"sku": c.N("product_code"), "qty": 1, "price": c.N("amount")}],
        "tracking": c.N("tracking_number"),
    }
    user = c.pick(
        [
            f"The jacket doesn't fit, I want a refund. Order placed by {E(PER, cust)}.",
            "I'd like to return the item, it arrived damaged. Can you refund to a different card? "
            f"Use {E('CREDIT_CARD', V.card(c.rng)[1])}.",
            f"return pls. contact me at {E(EM, mail)} not the old address",
            "I moved abroad, please refund by bank transfer to "
            f"{E('IBAN', V.iban(c.rng))} (BIC {E('BIC', V.bic(c.rng))}).",
        ]
    )
    return [
        "You are the returns assistant. Use get_order before answering.",
        user,
        "get_order → " + dumps(order, c),
    ]


@frame(EN, "application_form", ("en_GB", "en_US", "en_CA"))
def university_admissions(c: Ctx) -> list[str]:
    uni = c.org("university")
    rows = []
    header = c.pick(
        [
            "| Applicant | Date of birth | Passport | Nat. ID | Email | Phone |",
            "| Name | DOB | Passport no. | National ID | E-mail | Mobile |",
        ]
    )
    for _ in range(c.rng.randint(2, 4)):
        who = c.person(c.pick(["en_GB", "en_US", "de_DE", "en_CA"]))
        born = c.born(1996, 2007)
        pp = V.passport(c.rng, c.pick(V.PASSPORT_KINDS))
        nk = c.pick(
            [
                "it_cf",
                "es_dni",
                "fr_nir",
                "pl_pesel",
                "nl_bsn",
                "se_pnr",
                "fi_hetu",
                "be_nn",
                "dk_cpr",
                "es_nie",
            ]
        )
        nid_lab = "NATIONAL_ID"
        if c.chance(0.15):
            nid, nid_lab = V.de_tax_id(c.rng), "DE_TAX_ID"
        else:
            nid = V.national_id(c.rng, nk, born)
        region = c.pick(["GB", "US", "DE", "CA", "AU"])
        rows.append(
            f"| {E(PER, who)} | {E(DOB, c.dob(born))} | {E('PASSPORT', pp)} | "
            f"{E(nid_lab, nid)} | {E(EM, c.email(who))} | "
            f"{E(PH, c.phone(region=region, intl=True))} |"
        )
    table = header + "\n|---|---|---|---|---|---|\n" + "\n".join(rows)
    sys = (
        f"You assist the international admissions office of {E(ORG, uni)}. Check each "
        f"application for missing documents. Intake {c.N('reference')}."
    )
    return [
        sys,
        "Here are today's applications:\n\n" + table,
        c.pick(["Which applicants need a visa letter?", "Flag duplicates or inconsistencies."]),
    ]


@frame(EN, "letter", ("en_GB",))
def gdpr_dsar(c: Ctx) -> list[str]:
    who = c.person()
    company = c.org()
    addr = c.address("\n")
    mail = c.email(who)
    born = c.dob()
    body = (
        f"{E(PER, who)}\n{E(ADR, addr)}\n\n{c.N('date', c.date())}\n\n"
        f"Data Protection Officer\n{E(ORG, company)}\n\n"
        "Subject access request under Article 15 UK GDPR\n\n"
        f"Dear Sir or Madam,\n\nI am writing to request a copy of all personal data you hold "
        f"about me. "
        f"To help you locate my records: customer number {c.N('reference')}, date of birth "
        f"{E(DOB, born)}, e-mail {E(EM, mail)}"
    )
    if c.chance(0.5):
        body += f", NHS number {E('NATIONAL_ID', V.national_id(c.rng, 'gb_nhs'))}"
    if c.chance(0.5):
        body += f", telephone {E(PH, c.phone())}"
    body += f".\n\nPlease respond within one month.\n\nYours faithfully,\n\n{E(PER, who)}"
    return ["Rewrite the user's letter in plain, firm English. Keep every fact.", body]


@frame(EN, "chat_export", ("en_US", "en_GB"))
def slack_export(c: Ctx) -> list[str]:
    a, b = c.person(), c.person()
    ma, mb = c.email(a, "team.example.org"), c.email(b, "team.example.org")
    vendor = c.pick(V.VENDORS)
    key = V.api_key(c.rng, vendor)
    msgs = [
        {
            "type": "message",
            "user": "U0" + V.chars(c.rng, "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789", 8),
            "user_profile": {"real_name": E(PER, a)},
            "text": f"<@U0{V.chars(c.rng, 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789', 8)}> can you "
            f"rotate the {vendor} key? the current one is {E('API_KEY', key)}",
            "ts": c.N("timestamp"),
        },
        {
            "type": "message",
            "user_profile": {"real_name": E(PER, b), "email": E(EM, mb)},
            "text": c.pick(
                [
                    f"done, ping {E(EM, ma)} if prod breaks",
                    f"on it. call me {E(PH, c.phone())} if it's urgent",
                    f"rotated. new build {c.N('version')} deployed",
                ]
            ),
            "ts": c.N("timestamp"),
        },
    ]
    return [
        "Summarise this Slack export for the incident review. Redact nothing yourself.",
        dumps(msgs, c),
    ]


# ======================================================================== DE


@frame(DE, "booking_chat", ("de_DE", "de_AT"))
def zahnarzt_termin(c: Ctx) -> list[str]:
    praxis = c.org("dental")
    who = c.person()
    born = c.dob()
    phone, mail = c.phone(), c.email(who)
    sys = (
        f"Du bist die Terminassistenz von {E(ORG, praxis)}. Buche Termine über das Tool "
        "termin_anlegen. Keine medizinische Beratung."
    )
    v = c.rng.randint(0, 2)
    if v == 0:
        user = (
            f"Guten Tag, mein Name ist {E(PER, who)}, geb. am {E(DOB, born)}. Ich hätte gern einen "
            f"Termin zur Prophylaxe. Erreichbar unter {E(PH, phone)}."
        )
    elif v == 1:
        user = (
            f"{typo(c, 'Name')}{colon(c)}{E(PER, who)}\n"
            f"{typo(c, 'Geburtsdatum')}{colon(c)}{E(DOB, born)}\n"
            f"Anschrift{colon(c)}{E(ADR, c.address(', '))}\nTel.{colon(c)}{E(PH, phone)}\n"
            f"E-Mail{colon(c)}{E(EM, mail)}\nAnliegen: Zahnschmerzen seit {c.N('date', c.date())}"
        )
    else:
        user = (
            f"hallo, brauche dringend nen termin, krone locker. {E(PER, who)} ({E(DOB, born)}), "
            f"handy {E(PH, phone)}"
        )
    args = {
        c.pick(["patient", "name", "patientName"]): E(PER, who),
        c.pick(["geburtsdatum", "gebDatum", "dob"]): E(DOB, born),
        c.pick(["telefon", "tel", "rueckruf"]): E(PH, phone),
        "termin": c.N("timestamp"),
    }
    return [sys, user, "termin_anlegen(" + dumps(args, c) + ")"]


@frame(DE, "letter", ("de_DE", "de_AT"))
def mietstreit(c: Ctx) -> list[str]:
    mieter, verwalter = c.person(), c.person()
    hv = c.org("property")
    street, town = c.address_parts()
    iban = V.iban(c.rng, "DE" if c.region == "DE" else "AT")
    body = (
        f"{E(PER, mieter)}\n{E(ADR, street + chr(10) + town)}\n\n"
        f"An die {E(ORG, hv)}\nz. Hd. {c.pick(['Herrn', 'Frau'])} {E(PER, verwalter)}\n\n"
        f"Betreff: Nebenkostenabrechnung {c.N('reference')} – Widerspruch\n\n"
        f"Sehr geehrte Damen und Herren,\n\nhiermit widerspreche ich der Abrechnung vom "
        f"{c.N('date', c.date())} über {c.N('amount')}. Die Kaution ist bis heute nicht "
        f"zurückgezahlt. "
        f"Bitte überweisen Sie sie auf mein Konto {typo(c, 'IBAN')} {E('IBAN', iban)}"
    )
    if c.chance(0.5):
        body += f", BIC {E('BIC', V.bic(c.rng, c.region))}"
    body += f".\n\nFür Rückfragen: {E(PH, c.phone())}\n\nMit freundlichen Grüßen\n{E(PER, mieter)}"
    ask = c.pick(
        [
            "Formuliere den Brief sachlicher.",
            "Prüfe den Brief auf rechtliche Schwächen.",
            "Fasse das Anliegen in zwei Sätzen zusammen.",
        ]
    )
    return [ask, body]


@frame(DE, "letter", ("de_DE", "de_CH"))
def pensionskasse_brief(c: Ctx) -> list[str]:
    kasse = c.org("pension")
    who = c.person()
    born = c.born(1950, 1975)
    if c.region == "CH":
        idline = f"AHV-Nr.{colon(c)}{E('NATIONAL_ID', V.national_id(c.rng, 'ch_ahv'))}"
        iban = V.iban(c.rng, "CH")
    else:
        idline = f"{typo(c, 'Steuer-ID')}{colon(c)}{E('DE_TAX_ID', V.de_tax_id(c.rng))}"
        iban = V.iban(c.rng, "DE")
    addr = c.address("\n")
    letter = (
        f"{E(ORG, kasse)} · Postfach {c.rng.randint(1000, 9999)}\n\n"
        f"{c.pick(['Herrn', 'Frau'])}\n{E(PER, who)}\n{E(ADR, addr)}\n\n"
        f"Ihr Zeichen: {c.N('reference')}    Datum: {c.N('date', c.date())}\n\n"
        f"Versicherte Person: {E(PER, who)}, geboren am {E(DOB, c.dob(born))}\n{idline}\n\n"
        f"Ihre monatliche Altersrente beträgt ab dem 1. des Folgemonats {c.N('amount')}. "
        f"Die Auszahlung erfolgt auf das Konto {E('IBAN', iban)}.\n"
    )
    return [
        "Erkläre dem Nutzer diesen Bescheid in einfacher Sprache.",
        letter,
        c.pick(["Stimmt der Betrag so?", "Was muss ich jetzt tun?"]),
    ]


@frame(DE, "damage_report", ("de_DE", "de_AT"))
def kfz_schaden(c: Ctx) -> list[str]:
    kunde = c.person()
    firma = c.org("rental")
    _, card = V.card(c.rng)
    t = {
        c.pick(["vertragsnr", "mietvertrag", "vertrag"]): c.N("reference"),
        c.pick(["mieter", "kunde", "fahrer"]): E(PER, kunde),
        c.pick(["anschrift", "adresse"]): E(ADR, c.address(", ")),
        c.pick(["telefon", "mobil", "tel"]): E(PH, c.phone()),
        c.pick(["kreditkarte", "karte", "zahlungsmittel"]): E("CREDIT_CARD", card),
        "rueckgabe": c.N("timestamp"),
        "schaden": c.pick(
            ["Delle Tür hinten links", "Steinschlag Frontscheibe", "Felge zerkratzt"]
        ),
    }
    if c.chance(0.5):
        yaml = "\n".join(f"{k}: {v}" for k, v in t.items())
        rep = f"Schadensprotokoll {E(ORG, firma)}\n---\n{yaml}"
    else:
        rep = f"Schadensprotokoll {E(ORG, firma)}\n" + dumps(t, c)
    return [
        "Du unterstützt die Schadenabteilung einer Autovermietung.",
        rep,
        "Schreib dem Kunden eine kurze Mail zur Selbstbeteiligung.",
    ]


@frame(DE, "email", ("de_DE", "de_AT", "de_CH"))
def fitness_kuendigung(c: Ctx) -> list[str]:
    who = c.person()
    studio = c.org("gym")
    iban = V.iban(c.rng, {"DE": "DE", "AT": "AT", "CH": "CH"}[c.region])
    mail = c.email(who)
    born = c.dob()
    v = c.rng.randint(0, 1)
    if v == 0:
        body = (
            f"Betreff: Kündigung Mitgliedschaft {c.N('order_number')}\n\nSehr geehrtes Team von "
            f"{E(ORG, studio)},\n\nhiermit kündige ich meine Mitgliedschaft fristgerecht zum "
            f"{c.N('date', c.date())}. Das SEPA-Lastschriftmandat für das Konto {E('IBAN', iban)} "
            f"widerrufe ich zum selben Termin.\n\nName: {E(PER, who)}\nGeburtsdatum: "
            f"{E(DOB, born)}\n"
            f"Anschrift: {E(ADR, c.address(', '))}\n\nBitte bestätigen Sie an {E(EM, mail)}.\n\n"
            f"Viele Grüße\n{E(PER, who)}"
        )
    else:
        body = (
            f"kuendigung!! ich ({E(PER, who)}, geb. {E(DOB, born)}) will raus aus dem vertrag bei "
            f"{E(ORG, studio)}. abbuchung von {E('IBAN', iban)} sofort stoppen. antwort an "
            f"{E(EM, mail)} oder {E(PH, c.phone())}"
        )
    return ["Prüfe, ob die Kündigung formal wirksam ist, und entwirf eine Bestätigung.", body]


@frame(DE, "kyc_chat", ("de_DE", "de_AT"))
def bank_kyc_chat(c: Ctx) -> list[str]:
    bank = c.org("bank")
    who = c.person()
    born = c.born(1955, 2004)
    pa = V.national_id(c.rng, "de_pa")
    turns = [
        f"Du bist der Onboarding-Assistent der {E(ORG, bank)}. Erfasse die Legitimationsdaten "
        "und rufe identitaet_pruefen auf.",
        f"Hallo, ich möchte ein Girokonto eröffnen. Ich heiße {E(PER, who)}.",
    ]
    use_pass = c.chance(0.5)
    doc = V.passport(c.rng, "DE") if use_pass else pa
    lab = "PASSPORT" if use_pass else "NATIONAL_ID"
    turns.append(
        c.pick(
            [
                f"{'Reisepassnummer' if use_pass else 'Ausweisnummer'}: {E(lab, doc)}, geboren "
                f"{E(DOB, c.dob(born))}",
                f"Mein {'Pass' if use_pass else 'Personalausweis'} hat die Nummer {E(lab, doc)}. "
                f"Geburtstag ist der {E(DOB, c.dob(born))}.",
            ]
        )
    )
    tax = V.de_tax_id(c.rng)
    addr = c.address(", ")
    turns.append(
        f"Steuerliche Identifikationsnummer {E('DE_TAX_ID', tax)}, Wohnsitz {E(ADR, addr)}"
    )
    args = {
        "name": E(PER, who),
        c.pick(["ausweisNr", "dokumentnummer", "doc_no"]): E(lab, doc),
        "steuerId": E("DE_TAX_ID", tax),
        "anschrift": E(ADR, addr),
        "vorgang": c.N("uuid"),
    }
    if c.chance(0.7):
        ref = V.iban(c.rng, c.pick(sorted(V.IBAN_SPECS)))
        turns.append(f"Referenzkonto: {E('IBAN', ref)}")
        args["referenzIban"] = E("IBAN", ref)
    turns.append("identitaet_pruefen " + dumps(args, c))
    return turns


@frame(DE, "inventory", ("de_DE", "de_CH"))
def it_inventar_yaml(c: Ctx) -> list[str]:
    lines = ["# IT-Inventar – Stand " + c.N("date", c.date()), "geraete:"]
    for _ in range(c.rng.randint(2, 4)):
        who = c.person()
        ip = V.ipv4(c.rng, True) if c.chance(0.7) else V.ipv6(c.rng)
        lines += [
            f"  - hostname: nb-{V.chars(c.rng, 'abcdefghkmnpqrstuvwxyz', 5)}",
            f"    {c.pick(['seriennummer', 'serial', 'sn'])}: {c.N('product_code')}",
            f"    {c.pick(['benutzer', 'zugewiesen_an', 'owner'])}: {E(PER, who)}",
            f"    {c.pick(['mail', 'email', 'e_mail'])}: {E(EM, c.email(who, 'firma-intern.de'))}",
            f"    {c.pick(['ip', 'ip_adresse', 'ipv4'])}: {E('IP_ADDRESS', ip)}",
            f"    os: Windows 11 {c.N('version')}",
        ]
    if c.chance(0.5):
        lines += [
            "lokaler_admin:",
            "  user: itadmin",
            f"  {c.pick(['passwort', 'kennwort', 'password'])}: "
            f'"{E("API_KEY", V.password(c.rng))}"',
        ]
    return [
        "Du bist IT-Administrator. Antworte auf Deutsch.",
        "\n".join(lines),
        c.pick(["Welche Geräte brauchen ein Update?", "Erstelle daraus eine CSV."]),
    ]


@frame(DE, "config", ("de_DE",))
def docker_compose_env(c: Ctx) -> list[str]:
    pw = V.password(c.rng).replace("@", "x").replace("#", "x").replace("%", "x")
    host = V.ipv4(c.rng, True)
    vend = c.pick(V.VENDORS)
    key = V.api_key(c.rng, vend)
    smtp_user = c.email(c.person(), "mail.firma.de")
    smtp_pw = V.password(c.rng)
    env = [
        f"DATABASE_URL=postgres://app:{E('API_KEY', pw)}@{E('IP_ADDRESS', host)}:5432/shop",
        f"{c.pick(vendor_env(vend))}={E('API_KEY', key)}",
        f"SMTP_USER={E(EM, smtp_user)}",
        f"SMTP_PASS={E('API_KEY', smtp_pw)}",
        f"APP_VERSION={c.N('version')}",
        f"SECRET_KEY={E('API_KEY', V.generic_secret(c.rng))}",
    ]
    if c.chance(0.5):
        pk = V.private_key(c.rng, c.pick(["rsa_trad", "ec_pkcs8", "ed_pkcs8"]))
        env.append('JWT_PRIVATE_KEY="' + E("PRIVATE_KEY", pk.replace("\n", "\\n")) + '"')
    c.rng.shuffle(env)
    texts = [
        "Du hilfst bei Docker-Problemen.",
        "Mein Container startet nicht, hier die .env:\n\n" + "\n".join(env),
    ]
    if c.chance(0.7):
        tok = V.jwt(
            c.rng,
            {"sub": smtp_user.split("@")[0][:3] + "-svc", "scope": "shop:write", "exp": 1798761600},
        )
        texts.append(
            f'curl -H "Authorization: Bearer {E("JWT", tok)}" '
            f"http://{E('IP_ADDRESS', host)}:8080/health → {c.N('error_code')}"
        )
    return texts


@frame(DE, "ocr_scan", ("de_DE", "de_AT"))
def rechnung_ocr(c: Ctx) -> list[str]:
    firma = c.org()
    kunde = c.person()
    vat = V.vat_id(c.rng, "DE" if c.region == "DE" else "AT")
    iban = V.iban(c.rng, c.region)

    def noisy(s: str) -> str:
        out = []
        for ch in s:
            r = c.rng.random()
            if r < 0.04 and ch in "gnmlie":
                out.append({"g": "q", "n": "ri", "m": "rn", "l": "1", "i": "l", "e": "c"}[ch])
            else:
                out.append(ch)
        return "".join(out)

    f_street, f_town = c.address_parts()
    text = (
        f"{E(ORG, firma)}\n{E(ADR, f_street)}  |  {E(ADR, f_town)}\n"
        + noisy("USt-IdNr.")
        + f" {E('VAT_ID', vat)}\n\n"
        + f"{E(PER, kunde)}\n{E(ADR, c.address(chr(10)))}\n\n"
        + noisy("RECHNUNG Nr.")
        + f" {c.N('invoice_number')}   "
        + noisy("Datum:")
        + f" {c.N('date', c.date())}\n"
        + noisy("Pos. 1  Wartung Heizungsanlage  ")
        + c.N("amount")
        + "\n"
        + noisy("Zahlbar innerhalb 14 Tagen auf ")
        + f"{E('IBAN', iban)}  BIC {E('BIC', V.bic(c.rng, c.region))}\n"
    )
    return [
        "Extrahiere aus dem gescannten Beleg Rechnungsnummer, Betrag und Fälligkeit als JSON.",
        text,
    ]


@frame(DE, "email_thread", ("de_DE", "de_CH"))
def email_thread_de(c: Ctx) -> list[str]:
    a, b = c.person(), c.person()
    org_b = c.org()
    ma, mb = c.email(a), c.email(b, c.org_domain(org_b))
    tel, mob = c.phone(), c.phone()
    sig = (
        f"--\n{E(PER, b)}\nKundenservice\n{E(ORG, org_b)}\n{E(ADR, c.address(', '))}\n"
        f"Tel. {E(PH, tel)} | Mobil {E(PH, mob)}\n{E(EM, mb)}"
    )
    quoted = "\n".join("> " + ln for ln in sig.split("\n"))
    body = (
        f"Von: {E(PER, a)} <{E(EM, ma)}>\nAn: {E(EM, mb)}\nBetreff: AW: Ihre Anfrage "
        f"{c.N('ticket_id')}\n\n"
        f"Hallo {c.pick(['Herr', 'Frau'])} {E(PER, b.split()[-1])},\n\ndanke, aber das Problem "
        f"besteht weiter. "
        f"Bitte rufen Sie mich zurück.\n\nGruß {E(PER, a.split()[0])}\n\n"
        f"Am {c.N('date', c.date())} schrieb {E(PER, b)} <{E(EM, mb)}>:\n"
        f"> Sehr geehrte{c.pick(['r Herr', ' Frau'])} {E(PER, a.split()[-1])},\n> wir haben Ihre "
        f"Anfrage erhalten.\n"
        f"{quoted}"
    )
    return ["Fasse den Verlauf zusammen und schlage die nächste Antwort vor.", body]

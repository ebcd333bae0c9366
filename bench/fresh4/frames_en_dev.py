"""English frames of the dev half."""

from __future__ import annotations

import json

from bench.fresh4 import creds, ids
from bench.fresh4.core import Ctx, frame
from bench.fresh4.negs import NG, money

ALL_EN = ("en_US", "en_GB", "en_CA", "en_AU")


def _sig(c: Ctx, name: str, title: str, org: str, mail: str, phone: str) -> str:
    """An e-mail signature block (already marked)."""
    style = c.rng.randrange(3)
    if style == 0:
        return f"--\n{name}\n{title} | {org}\nT: {phone}\n{mail}"
    if style == 1:
        return f"Kind regards,\n\n{name}\n{title}\n{org}\nDirect: {phone} | Email: {mail}"
    return f"Best,\n{name}\n{org}\n{phone}\n{mail}"


@frame("en_bank_dispute_email", "en", "dev", "email_thread", ALL_EN)
def bank_dispute(c: Ctx) -> list[str]:
    E = c.E
    cust = c.person()
    clerk = c.person()
    bank = c.bank()
    merchant = c.org()
    card = c.card()
    addr = c.addr()
    phone = c.phone(mobile=True, intl=0.2)
    mail = c.mail(cust)
    clerk_mail = c.mail(clerk, bank.domain)
    clerk_phone = c.phone(mobile=False, ext=0.5)
    amount = NG(c, "amount")
    when = c.N("date", c.date(c.day(60, 0)))
    case = NG(c, "ticket_id")
    eu = c.country == "GB" and c.chance(0.5)
    refund = ""
    if eu or c.chance(0.25):
        refund = (
            f"\n\nIf it is easier, just refund it to my current account instead: "
            f"{E('IBAN', c.iban('GB' if c.country == 'GB' else c.pick(['IE', 'NL', 'FR'])))}"
        )
        if c.chance(0.5):
            refund += f" (BIC {E('BIC', c.bic('GB' if c.country == 'GB' else 'IE'))})"
    verify = ""
    if c.chance(0.6):
        verify = (
            f"\nFor verification: my date of birth is {E('DATE_OF_BIRTH', c.dob(cust))} and "
            f"the statement goes to {E('ADDRESS', addr.one_line())}."
        )
    dear = c.title(cust) + " " + E("PERSON", cust.last) if c.chance(0.5) else E("PERSON", cust.full)
    system = c.pick(
        [
            "You are an assistant for the card disputes team. Draft polite, factual replies. "
            "Never promise a refund before the chargeback is approved.",
            "You help bank staff summarise customer complaints into the dispute form fields "
            "(customer, card, merchant, amount, date, reason).",
        ]
    )
    user = (
        f"Can you turn this into a chargeback summary and a short reply to the customer? "
        f"Case {case}.\n\n"
        f"---------- Forwarded message ---------\n"
        f"From: {E('PERSON', cust.full)} <{E('EMAIL', mail)}>\n"
        f"To: {E('EMAIL', 'disputes@' + bank.domain)}\n"
        f"Subject: Charge I did not make\n\n"
        f"Hello,\n\nthere is a charge of {amount} from {E('ORGANIZATION', merchant.name)} on "
        f"{when} "
        f"on my card {E('CREDIT_CARD', card)} that I never authorised. I still have the card "
        f"with me so it wasn't stolen. Please block it and send a new one.{verify}{refund}\n\n"
        f"You can call me on {E('PHONE', phone)} after 5pm.\n\n"
        f"Thanks,\n{E('PERSON', cust.first)}\n\n"
        f"> On {c.date(c.day(90, 0))}, {E('ORGANIZATION', bank.name)} wrote:\n"
        f"> Dear {dear}, "
        "your monthly statement is ready.\n\n"
        + _sig(
            c,
            E("PERSON", clerk.full),
            "Disputes Officer",
            E("ORGANIZATION", bank.name),
            E("EMAIL", clerk_mail),
            E("PHONE", clerk_phone),
        )
    )
    return [system, user]


@frame("en_new_hire_sheet", "en", "dev", "spreadsheet", ALL_EN)
def new_hire_sheet(c: Ctx) -> list[str]:
    E = c.E
    country = c.country
    sep = c.pick(["\t", ",", " | "])
    cols = ["Employee", "DOB", "Tax ID", "Email", "Mobile", "Home address", "Start"]
    if c.chance(0.3):
        cols[2] = {"US": "SSN/ITIN", "CA": "SIN", "AU": "TFN", "GB": "NI number"}[country]
    rows = [sep.join(cols)]
    n = c.rng.randint(3, 6)
    for i in range(n):
        p = c.person(max_age=64)
        if country == "US":
            tax = E("US_ITIN", c.itin()) if c.chance(0.25) else E("US_SSN", c.ssn())
        elif country == "GB":
            tax = E("NATIONAL_ID", c.natid(p, "gb_nino"))
        elif country == "CA":
            tax = E("NATIONAL_ID", c.natid(p, "ca_sin"))
        else:
            tax = E("NATIONAL_ID", c.natid(p, "au_tfn"))
        if i == n - 1 and c.chance(0.35):
            tax = f"{E('DE_TAX_ID', c.idnr())} (DE Steuer-ID, seconded)"
        a = c.addr()
        addr = E("ADDRESS", a.one_line(" "))
        if sep == ",":
            addr = f'"{addr}"'
        mob = E("PHONE", c.phone(mobile=True, intl=0.1))
        start = c.N("date", c.date(c.day(10, 60)))
        email = E("EMAIL", c.mail(p)) if c.chance(0.85) else ""
        rows.append(
            sep.join(
                [E("PERSON", p.full), E("DATE_OF_BIRTH", c.dob(p)), tax, email, mob, addr, start]
            )
        )
    sheet = "\n".join(rows)
    ask = c.pick(
        [
            "Here's the onboarding tracker export. Which rows are missing an email, and can you "
            "reformat the dates consistently?",
            "pasting from excel - pls check the tax ids look complete and give me a list of who "
            "still needs a laptop (everyone starting after the 1st)",
            "Please convert this to a markdown table sorted by start date.",
        ]
    )
    return [f"{ask}\n\n{sheet}"]


@frame("en_api_incident_logs", "en", "dev", "code_log", ALL_EN)
def api_incident(c: Ctx) -> list[str]:
    E = c.E
    clients = [c.ip4(private=False) for _ in range(c.rng.randint(1, 3))]
    lb_ip = c.ip4(private=True)
    v6 = c.ip6()
    user = c.person()
    umail = c.mail(user, c.org().domain if c.chance(0.5) else None)
    token = c.jwt(
        {
            "sub": ids.digits(c.rng, 6),
            "scope": "orders:write",
            "iat": 1739500000 + c.rng.randint(0, 99999),
            "exp": 1739600000 + c.rng.randint(0, 99999),
        }
    )
    t0 = c.day(200, 0)
    sec = c.rng.randint(0, 80000)

    def ts() -> str:
        nonlocal sec
        sec += c.rng.randint(0, 4)
        clock = f"{sec // 3600:02d}:{sec // 60 % 60:02d}:{sec % 60:02d}"
        stamp = f"{t0:%Y-%m-%d}T{clock}.{c.rng.randint(0, 999):03d}Z"
        return c.N("timestamp", stamp)

    lines = []
    for _ in range(c.rng.randint(2, 5)):
        ip = c.pick(clients)
        lines.append(
            f"{ts()} INFO  gateway request_id={NG(c, 'uuid')} src={E('IP_ADDRESS', ip)} "
            f"via={E('IP_ADDRESS', lb_ip)} "
            f"{c.pick(['POST /v2/orders', 'GET /v2/orders?page=2', 'PUT /v2/cart'])} "
            f"{c.pick(['200', '201', '429', '429', '502'])} {c.rng.randint(3, 900)}ms"
        )
    lines.append(f'{ts()} DEBUG auth header="Bearer {E("JWT", token)}"')
    lines.append(f"{ts()} WARN  user={E('EMAIL', umail)} rate limited ({NG(c, 'error_code')})")
    if c.chance(0.6):
        key = c.token(
            c.pick(["stripe_secret", "sendgrid", "twilio_auth_token", "mailgun", "google_api"])
        )
        lines.append(
            f"{ts()} ERROR upstream call failed: config dump {{'api_key': '{E('API_KEY', key)}', "
            "'timeout': 30}"
        )
    lines.append(
        f"{ts()} INFO  health check from {E('IP_ADDRESS', v6)} ok, build {NG(c, 'version')} commit "
        f"{NG(c, 'hash')}"
    )
    if c.chance(0.4):
        lines.append(
            f"{ts()} INFO  "
            "agent=kube-probe/"
            + c.N("ip_lookalike", f"1.{c.rng.randint(26, 31)}.{c.rng.randint(300, 900)}.2")
            + " ok"
        )
    for _ in range(c.rng.randint(0, 3)):
        ip = c.pick(clients)
        lines.append(f"{ts()} INFO  gateway src={E('IP_ADDRESS', ip)} GET /healthz 200 1ms")
    log = "\n".join(lines)
    system = "You are a senior SRE. Explain log excerpts and suggest fixes. Be concise."
    user_msg = c.pick(
        [
            f"We got paged at 3am. What's going on here?\n\n```\n{log}\n```",
            f"why are these requests failing? logs below\n{log}",
            f"Logs from prod (sorry, long):\n\n{log}\n\nIs the 429 our fault or the client's?",
        ]
    )
    return [system, user_msg]


@frame("en_ward_handover", "en", "dev", "clinical_note", ALL_EN)
def ward_handover(c: Ctx) -> list[str]:
    E = c.E
    kind = {"GB": "gb_nhs", "AU": "au_medicare", "CA": "ca_phn", "US": ""}[c.country]
    out = [
        c.pick(
            [
                "Handover notes, night shift. Tidy these into SBAR format please:",
                "Can you summarise this handover for the morning team? Keep meds and obs.",
                "handover - bay 3",
            ]
        )
    ]
    for bed in range(c.rng.randint(2, 4)):
        p = c.person(min_age=30, max_age=95)
        nok = c.person()
        ident = ""
        if kind and c.chance(0.8):
            label = {"gb_nhs": "NHS no", "au_medicare": "Medicare", "ca_phn": "PHN"}[kind]
            ident = f", {label} {E('NATIONAL_ID', c.natid(p, kind))}"
        dob = c.dob(p)
        head = c.pick(
            [
                f"Bed {bed + 1}: {E('PERSON', p.full)} (DOB {E('DATE_OF_BIRTH', dob)}{ident})",
                f"{bed + 1}) {E('PERSON', p.last.upper())}, {E('PERSON', p.first)} - d.o.b. "
                f"{E('DATE_OF_BIRTH', dob)}{ident}",
                f"B{bed + 1} {E('PERSON', p.full)}, born {E('DATE_OF_BIRTH', dob)}{ident}",
            ]
        )
        issue = c.pick(
            [
                "post-op day 2, hip. Pain controlled on regular paracetamol, mobilised with frame.",
                "admitted with chest infection, on IV abx, sats 94% on 2L.",
                "confused overnight, falls risk, bed rails discussed with family.",
                "awaiting discharge, pharmacy to do TTOs, transport booked.",
            ]
        )
        nok_line = (
            f" NOK {E('PERSON', nok.full)} ({c.relation(nok)}) "
            f"{E('PHONE', c.phone(mobile=True, intl=0.0))}"
        )
        if c.chance(0.3):
            nok_line += f", lives at {E('ADDRESS', c.addr().one_line())}"
        out.append(f"{head}\n  {issue}{nok_line if c.chance(0.75) else ''}")
    if c.chance(0.5):
        out.append(
            f"Obs due {c.N('timestamp', f'{c.rng.randint(0, 23):02d}:00')}, bloods booked for "
            f"{c.N('date', c.date(c.day(0, 3)))}."
        )
    return ["\n\n".join(out)]


@frame("en_trip_planner_tools", "en", "dev", "chat_tools", ALL_EN)
def trip_planner(c: Ctx) -> list[str]:
    E = c.E
    lead = c.person()
    comp = c.person() if c.chance(0.6) else None
    pp_country = c.country if c.chance(0.8) else c.pick(["IE", "IN", "DE", "FR"])
    pp = c.passport(pp_country)
    system = (
        "You are a travel booking agent assistant. Use the tools to hold and ticket "
        "flights. Confirm passenger details before ticketing."
    )
    u1 = (
        f"Hi, booking for {E('PERSON', lead.full)}"
        + (f" and {E('PERSON', comp.full)}" if comp else "")
        + f", {c.pick(['Lisbon', 'Vienna', 'Tokyo', 'Auckland', 'Vancouver'])} in "
        f"{c.pick(['May', 'June', 'October'])}. "
        f"Passport {E('PASSPORT', pp)}, DOB {E('DATE_OF_BIRTH', c.dob(lead))}. "
        f"Contact {E('EMAIL', c.mail(lead))} / {E('PHONE', c.phone(mobile=True))}"
    )
    pax = [
        {
            "name": E("PERSON", lead.full),
            "dob": E("DATE_OF_BIRTH", f"{lead.dob:%Y-%m-%d}"),
            "passport": E("PASSPORT", pp),
            "nationality": pp_country,
        }
    ]
    if comp:
        cpp = c.passport(c.country)
        pax.append(
            {
                "name": E("PERSON", comp.full),
                "dob": E("DATE_OF_BIRTH", f"{comp.dob:%Y-%m-%d}"),
                "passport": E("PASSPORT", cpp),
                "nationality": c.country,
            }
        )
    a1 = "I'll place a hold first." + (
        "" if comp is None else " I still need the second passport - I've used the one on file."
    )
    call = json.dumps(
        {"tool": "hold_booking", "arguments": {"passengers": pax, "fare_class": "Y"}},
        ensure_ascii=False,
        indent=c.indent(),
    )
    pnr = NG(c, "booking_reference")
    result = json.dumps(
        {
            "status": "HELD",
            "pnr": pnr,
            "total": NG(c, "amount"),
            "ticket_by": c.N("date", f"{c.day(0, 5):%Y-%m-%d}"),
        },
        ensure_ascii=False,
    )
    card = c.card(c.pick(["visa", "mastercard", "amex"]))
    u2 = c.pick(
        [
            f"Great, ticket it. Card {E('CREDIT_CARD', card)} exp "
            f"0{c.rng.randint(1, 9)}/2{c.rng.randint(6, 9)}",
            f"ok go ahead and pay with {E('CREDIT_CARD', card)}, billing address "
            f"{E('ADDRESS', c.addr().one_line())}",
        ]
    )
    return [system, u1, a1 + "\n" + call, result, u2]


@frame("en_repo_env_review", "en", "dev", "config", ALL_EN)
def repo_env(c: Ctx) -> list[str]:
    E = c.E
    db_pw = c.password(url_safe=True)
    db_ip = c.ip4(private=True)
    lines = [
        "# .env.production",
        f"DATABASE_URL=postgres://app:{E('API_KEY', db_pw)}@{E('IP_ADDRESS', db_ip)}:5432/app",
        f"REDIS_HOST={E('IP_ADDRESS', c.ip4(private=True))}",
    ]
    picks = c.rng.sample(
        ["AWS", "STRIPE", "SENDGRID", "GITHUB", "SLACK", "OPENAI", "SENTRY_PH", "DO", "HF"], 4
    )
    for p in picks:
        if p == "AWS":
            lines.append(f"AWS_ACCESS_KEY_ID={E('API_KEY', c.token('aws_access_key_id'))}")
            lines.append(f"AWS_SECRET_ACCESS_KEY={E('API_KEY', c.token('aws_secret_access_key'))}")
        elif p == "STRIPE":
            lines.append(f"STRIPE_SECRET_KEY={E('API_KEY', c.token('stripe_secret'))}")
            lines.append(f"STRIPE_PUBLISHABLE_KEY={c.N('placeholder', 'pk_live_REPLACE_ME')}")
        elif p == "SENDGRID":
            lines.append(f"SENDGRID_API_KEY={E('API_KEY', c.token('sendgrid'))}")
        elif p == "GITHUB":
            lines.append(
                "GITHUB_TOKEN="
                + E("API_KEY", c.token(c.pick(["github_pat", "github_fine_grained"])))
            )
        elif p == "SLACK":
            lines.append(f"SLACK_BOT_TOKEN={E('API_KEY', c.token('slack_bot'))}")
        elif p == "OPENAI":
            lines.append(f"OPENAI_API_KEY={E('API_KEY', c.token('openai'))}")
        elif p == "SENTRY_PH":
            lines.append(f"SENTRY_AUTH_TOKEN={NG(c, 'placeholder')}")
        elif p == "DO":
            lines.append(f"DO_TOKEN={E('API_KEY', c.token('digitalocean'))}")
        else:
            lines.append(f"HF_TOKEN={E('API_KEY', c.token('huggingface'))}")
    secret = c.token("hex_secret")
    lines.append(f"JWT_SECRET={E('API_KEY', secret)}")
    if c.chance(0.4):
        lines.append(f'SMTP_PASSWORD="{E("API_KEY", creds.app_password(c.rng))}"  # app password')
    maint = c.person()
    lines.append(f"ALERT_EMAIL={E('EMAIL', c.mail(maint, c.org().domain))}")
    lines.append(f"APP_VERSION={NG(c, 'version')}")
    env = "\n".join(lines)
    extra = ""
    if c.chance(0.55):
        pem, pub = c.pkey(c.pick(["rsa_pkcs1", "ec_sec1", "openssh_ed25519", "rsa_pkcs8"]))
        extra = (
            f"\n\nand deploy/id_deploy (the key the runner uses):\n{E('PRIVATE_KEY', pem)}\n\n"
            f"public half for reference:\n{c.N('public_key', pub)}"
        )
    ask = c.pick(
        [
            "Review this for security problems before I commit it:",
            "is it ok to keep this in the repo if the repo is private?",
            "Convert this .env into a Kubernetes Secret manifest:",
        ]
    )
    return [f"{ask}\n\n{env}{extra}"]


@frame("en_supplier_invoice_ocr", "en", "dev", "ocr_document", ALL_EN)
def invoice_ocr(c: Ctx) -> list[str]:
    E = c.E
    sup = c.org()
    cust = c.org()
    contact = c.person()
    vat_country = {
        "GB": "GB",
        "US": c.pick(["GB", "DE", "AT"]),
        "CA": c.pick(["GB", "CH"]),
        "AU": c.pick(["GB", "DE"]),
    }[c.country]
    iban_country = vat_country
    a = c.addr(vat_country)
    lines = [
        f"{E('ORGANIZATION', sup.name.upper()) if c.chance(0.3) else E('ORGANIZATION', sup.name)}",
        E("ADDRESS", a.block()),
        f"Tel {E('PHONE', c.phone(country=vat_country, mobile=False))}  "
        f"{c.pick(['Emai1', 'E-mail', 'Email'])}: {E('EMAIL', 'accounts@' + sup.domain)}",
        f"VAT Reg No. {E('VAT_ID', c.vat(vat_country))}",
        "",
        c.pick(["TAX INVOICE", "INVOICE", "lNVOICE"]),
        f"Invoice No: {NG(c, 'invoice_number')}    Date: {c.N('date', c.date(c.day(40, 0)))}",
        f"Bill to: {E('ORGANIZATION', cust.name)}",
        f"Attn: {E('PERSON', contact.full)}",
        f"Your PO: {NG(c, 'order_number')}",
        "",
        "Item            Qty   Unit    Total",
    ]
    for _ in range(c.rng.randint(1, 4)):
        lines.append(
            f"{NG(c, 'product_code'):<14}  {c.rng.randint(1, 40):>3}   {c.rng.randint(3, 400)}.00  "
            f"{c.rng.randint(10, 4000)}.{c.rng.randint(0, 99):02d}"
        )
    lines += [
        f"TOTAL DUE {NG(c, 'amount')}",
        "",
        "Payment by bank transfer to:",
        f"IBAN {E('IBAN', c.iban(iban_country))}",
        f"BIC/SWIFT {E('BIC', c.bic(iban_country))}",
    ]
    ask = c.pick(
        [
            "Extract supplier, VAT number, invoice number, total and bank details as JSON:",
            "OCR from a scanned invoice, some characters are off. Please clean it up:",
            "Does this invoice have everything required for a valid VAT invoice?",
        ]
    )
    return [ask + "\n\n" + "\n".join(lines)]


@frame("en_tenant_letter", "en", "dev", "letter", ALL_EN)
def tenant_letter(c: Ctx) -> list[str]:
    E = c.E
    landlord = c.person()
    tenant = c.person()
    tenant2 = c.person() if c.chance(0.4) else None
    prop = c.addr()
    ll_addr = c.addr()
    deposit = c.N("amount", money(c, 1200, 4000))
    names = E("PERSON", tenant.full) + (f" and {E('PERSON', tenant2.full)}" if tenant2 else "")
    if c.country == "GB":
        pay = (
            "I will return the balance to the account you gave me:\n"
            f"{E('IBAN', c.iban('GB'))}"
            + (f" / {E('BIC', c.bic('GB'))}" if c.chance(0.5) else "")
            + "\n"
        )
    elif c.country == "US":
        pay = f"I will send the balance via Zelle to {E('EMAIL', c.mail(tenant))}.\n"
    elif c.country == "CA":
        pay = f"The balance will go by Interac e-Transfer to {E('EMAIL', c.mail(tenant))}.\n"
    else:
        pay = (
            f"I will pay the balance to your PayID, {E('PHONE', c.phone(mobile=True, intl=0.0))}.\n"
        )
    body = (
        f"{E('PERSON', landlord.full)}\n{E('ADDRESS', ll_addr.block())}\n"
        f"{E('PHONE', c.phone())}\n\n{c.N('date', c.date(c.day(20, 0)))}\n\n"
        f"To: {names}\n{E('ADDRESS', prop.block())}\n\n"
        f"Re: {c.pick(['Return of security deposit', 'Deposit deductions', 'End of tenancy'])} "
        f"- {c.N('reference_number', 'tenancy ' + ids.digits(c.rng, 5))}\n\n"
        f"Dear {E('PERSON', tenant.first)},\n\n"
        f"Following the inspection on {c.N('date', c.date(c.day(40, 0)))} I will deduct "
        f"{c.N('amount', money(c, 60, 700))} for the "
        f"carpet cleaning from the deposit of {deposit}. {pay}\n"
        f"Yours sincerely,\n{E('PERSON', landlord.full)}"
    )
    ask = c.pick(
        [
            "Can you make this letter sound more professional but still firm?",
            "Check my letter to the tenant for anything legally risky (I'm in "
            + {"US": "Ohio", "GB": "England", "CA": "Ontario", "AU": "Victoria"}[c.country]
            + "):",
            "Rewrite in plain English, shorter.",
        ]
    )
    return [f"{ask}\n\n{body}"]


@frame("en_crm_lookup_json", "en", "dev", "chat_tools", ALL_EN)
def crm_lookup(c: Ctx) -> list[str]:
    E = c.E
    cust = c.person()
    a = c.addr()
    mail = c.mail(cust)
    system = (
        "You are the support copilot for an online shop. Use lookup_customer and "
        "lookup_order. Never read full card numbers back to customers."
    )
    u1 = c.pick(
        [
            f"customer on chat says her parcel never arrived, email is {E('EMAIL', mail)}",
            f"Can you pull up {E('PERSON', cust.full)}? She's asking about a refund.",
            f"pls check account for {E('EMAIL', mail)} - says they can't log in",
        ]
    )
    call1 = json.dumps(
        {"name": "lookup_customer", "arguments": {"email": E("EMAIL", mail)}}, ensure_ascii=False
    )
    record = {
        "customer_id": NG(c, "uuid"),
        "name": E("PERSON", cust.full),
        "email": E("EMAIL", mail),
        "phone": E("PHONE", c.phone(intl=0.5)),
        "date_of_birth": E("DATE_OF_BIRTH", f"{cust.dob:%Y-%m-%d}"),
        "shipping_address": {"line1": E("ADDRESS", a.street), "city_line": E("ADDRESS", a.town)},
        "card_on_file": c.N("masked_value", f"**** **** **** {ids.digits(c.rng, 4)}"),
        "last_login_ip": E("IP_ADDRESS", c.ip4(private=False) if c.chance(0.7) else c.ip6()),
        "created": NG(c, "timestamp"),
    }
    if c.chance(0.3):
        employer = c.org()
        record["company"] = E("ORGANIZATION", employer.name)
    res1 = json.dumps(record, ensure_ascii=False, indent=c.indent())
    order = {
        "order": NG(c, "order_number"),
        "status": "in_transit",
        "carrier_ref": NG(c, "tracking_number"),
        "total": NG(c, "amount"),
    }
    res2 = json.dumps(order, ensure_ascii=False)
    u2 = (
        "ok, so where is it? and can you confirm the address we have is "
        f"{E('ADDRESS', a.one_line())}?"
    )
    return [system, u1, call1, res1, res2, u2]


@frame("en_school_office", "en", "dev", "email", ALL_EN)
def school_office(c: Ctx) -> list[str]:
    E = c.E
    school = c.school(nursery=False)
    child = c.person(min_age=5, max_age=12)
    parent = c.person()
    parent2 = c.person() if c.chance(0.5) else None
    a = c.addr()
    emergency = c.person()
    kin = ["grandmother", "aunt"] if emergency.female else ["grandfather", "uncle"]
    rel = c.pick(kin) if c.chance(0.6) else c.pick(["neighbour", "family friend"])
    lines = [
        c.pick(
            [
                "Please tidy this enrolment info into our admissions template:",
                "Write a welcome email to the parents based on this form:",
                "Can you check if anything is missing from this enrolment form?",
            ]
        ),
        "",
        f"Pupil: {E('PERSON', child.full)}    D.O.B.: {E('DATE_OF_BIRTH', c.dob(child))}",
        f"Year group: {c.rng.randint(1, 6)}   Start: {c.N('date', c.date(c.day(0, 90)))}",
        f"Home address: {E('ADDRESS', a.one_line())}",
        f"Parent/carer 1: {E('PERSON', parent.full)}, "
        f"{E('PHONE', c.phone(mobile=True, intl=0.05))}, {E('EMAIL', c.mail(parent))}",
    ]
    if parent2:
        lines.append(
            f"Parent/carer 2: {E('PERSON', parent2.full)} - mob "
            f"{E('PHONE', c.phone(mobile=True, intl=0.05))}"
        )
    lines.append(
        f"Emergency contact: {E('PERSON', emergency.full)} ({rel}) {E('PHONE', c.phone(intl=0.0))}"
    )
    lines.append(f"Previous setting: {E('ORGANIZATION', c.school().name)}")
    lines.append(
        c.pick(
            [
                "Allergies: peanuts (EpiPen in bag)",
                "Medical: mild asthma, inhaler",
                "Medical: none",
                "Dietary: vegetarian",
            ]
        )
    )
    if c.chance(0.35):
        lines.append(f"Sibling attends: {E('ORGANIZATION', school.name)}")
    return ["\n".join(lines)]


@frame("en_payables_batch_csv", "en", "dev", "spreadsheet", ALL_EN)
def payables_batch(c: Ctx) -> list[str]:
    E = c.E
    rows = ["supplier;vat_id;iban;bic;invoice;amount;due"]
    for _ in range(c.rng.randint(3, 6)):
        o = c.org()
        country = c.pick(["GB", "IE", "NL", "FR", "DE", "IT", "ES", "PL", "LU", "PT"])
        vat_c = country if country != "ES" else "FR"
        rows.append(
            ";".join(
                [
                    E("ORGANIZATION", o.name),
                    E("VAT_ID", c.vat(vat_c)),
                    E("IBAN", c.iban(country, compact=True)),
                    E("BIC", c.bic(country)),
                    NG(c, "invoice_number"),
                    NG(c, "amount").replace(";", ","),
                    c.N("date", f"{c.day(0, 45):%Y-%m-%d}"),
                ]
            )
        )
    bad = ""
    if c.chance(0.5):
        bad = (
            f"\n\nThe bank portal rejected one line with 'invalid IBAN': {NG(c, 'iban_lookalike')} "
            "- is that a typo on our side?"
        )
    ask = c.pick(
        [
            "Check this payment run before I upload it. Any duplicates or obviously wrong VAT "
            "numbers?",
            "Group these by country and total them:",
            "Convert to the bank's SEPA XML please",
        ]
    )
    return [f"{ask}\n\n" + "\n".join(rows) + bad]


@frame("en_tax_client_notes", "en", "dev", "notes", ("en_US", "en_US", "en_CA"))
def tax_notes(c: Ctx) -> list[str]:
    E = c.E
    client = c.person()
    spouse = c.person()
    kid = c.person(min_age=3, max_age=16)
    employer = c.org()
    a = c.addr("US")
    lines = [
        f"Client: {E('PERSON', client.full)}  SSN {E('US_SSN', c.ssn())}  DOB "
        f"{E('DATE_OF_BIRTH', c.dob(client))}",
        f"Spouse: {E('PERSON', spouse.full)} - no SSN yet, ITIN {E('US_ITIN', c.itin())}",
        f"Dependent: {E('PERSON', kid.first)} (born {E('DATE_OF_BIRTH', c.dob(kid))})",
        f"Address: {E('ADDRESS', a.one_line())}",
        f"W-2 from {E('ORGANIZATION', employer.name)}, wages {NG(c, 'amount')}",
    ]
    if c.chance(0.5):
        lines.append(
            f"Moved from Germany in {c.rng.randint(2019, 2023)}; German tax ID "
            f"{E('DE_TAX_ID', c.idnr())} - foreign tax credit?"
        )
    if c.chance(0.45):
        pp_c = c.pick(["IN", "FR", "IT", "ES", "PL"])
        lines.append(
            f"W-7 for spouse renewal: passport {E('PASSPORT', c.passport(pp_c))} ({pp_c}), copy "
            "certified"
        )
    if c.chance(0.4):
        lines.append(
            f"Note: the number on the old 1099 ({NG(c, 'ssn_lookalike')}) is not valid, "
            f"{E('ORGANIZATION', 'IRS')} letter "
            f"{NG(c, 'reference_number')}"
        )
    lines.append(
        f"Call back: {E('PHONE', c.phone(country='US', intl=0.0))} / {E('EMAIL', c.mail(client))}"
    )
    ask = c.pick(
        [
            "Turn my notes into a checklist of documents to request from the client:",
            "What credits might they qualify for based on this?",
            "notes from intake call, pls summarise",
        ]
    )
    return [ask + "\n\n" + "\n".join(lines)]


@frame("en_support_call_transcript", "en", "dev", "transcript", ALL_EN)
def call_transcript(c: Ctx) -> list[str]:
    E = c.E
    agent = c.person()
    cust = c.person()
    a = c.addr()
    card = c.card()
    lines = [
        f"[{c.N('timestamp', '00:00:04')}] Agent ({E('PERSON', agent.first)}): Thanks for calling, "
        "who am I speaking with?",
        f"[00:00:09] Caller: Hi, it's {E('PERSON', cust.full)}.",
        "[00:00:12] Agent: Can you confirm your date of birth and postcode for security?",
        f"[00:00:18] Caller: {E('DATE_OF_BIRTH', c.dob(cust))}, and it's "
        f"{E('ADDRESS', a.one_line())}.",
        "[00:00:31] Agent: Thank you. And the order number?",
        f"[00:00:36] Caller: {NG(c, 'order_number')}. The tracking said delivered, "
        f"{NG(c, 'tracking_number')}, but nothing came.",
    ]
    if c.chance(0.5):
        lines.append(
            f"[00:01:02] Caller: Also my gift card {NG(c, 'card_lookalike')} didn't apply."
        )
    if c.chance(0.6):
        lines.append(
            f"[00:01:20] Caller: Just put the replacement on my card, {E('CREDIT_CARD', card)}, "
            f"expiry {c.rng.randint(1, 12):02d}/{c.rng.randint(26, 30)}."
        )
        lines.append(
            "[00:01:33] Agent: I can't take card numbers on this line, I'll send a secure link."
        )
    if c.chance(0.4):
        pw = c.password()
        lines.append(
            f"[00:01:50] Caller: My account password is {E('API_KEY', pw)} if you need to log in "
            "as me."
        )
        lines.append("[00:01:55] Agent: Please never share your password, I'll reset it for you.")
    lines.append(
        f"[00:02:10] Agent: Best number to reach you? Caller: {E('PHONE', c.phone(intl=0.1))}, or "
        f"email {E('EMAIL', c.mail(cust))}."
    )
    if c.chance(0.3):
        lines.append(
            "[00:02:20] Caller: the extension on my work line is "
            f"{c.N('phone_lookalike', ids.digits(c.rng, 4, True))}."
        )
    ask = c.pick(
        [
            "Summarise this call for the ticket and flag any compliance issues:",
            "Write the follow-up email to the customer:",
            "QA this call against our script please",
        ]
    )
    return [ask + "\n\n" + "\n".join(lines)]


@frame("en_code_debug_snippet", "en", "dev", "code", ALL_EN)
def code_debug(c: Ctx) -> list[str]:
    E = c.E
    host = c.ip4(private=c.chance(0.6))
    key = c.token(
        c.pick(["anthropic", "openai", "google_api", "mailgun", "gitlab_pat", "npm", "pypi"])
    )
    pw = c.password(url_safe=True)
    lang = c.pick(["py", "js"])
    if lang == "py":
        code = (
            "import requests, psycopg2\n\n"
            f'API_KEY = "{E("API_KEY", key)}"  # TODO move to vault\n'
            f'conn = psycopg2.connect(host="{E("IP_ADDRESS", host)}", user="reporting", '
            f'password="{E("API_KEY", pw)}")\n\n'
            "def fetch(customer_id):\n"
            '    r = requests.get(f"https://api.internal/v1/customers/{customer_id}", '
            'headers={"X-Api-Key": API_KEY}, timeout=5)\n'
            "    r.raise_for_status()\n"
            "    return r.json()\n\n"
            f"# sample id from staging: {NG(c, 'uuid')}\n"
            f'print(fetch("{NG(c, "uuid")}"))\n'
        )
    else:
        code = (
            "const axios = require('axios');\n"
            f"const client = axios.create({{ baseURL: 'http://{E('IP_ADDRESS', host)}:8080', "
            f"headers: {{ Authorization: 'Bearer {E('API_KEY', key)}' }} }});\n"
            f"// db: mysql://root:{E('API_KEY', pw)}@localhost/shop\n"
            f"const BUILD = '{NG(c, 'hash')}';\n"
            "client.get('/health').then(r => console.log(r.status)).catch(console.error);\n"
        )
    extra = ""
    if c.chance(0.4):
        tok = c.jwt(
            {"sub": "svc-reporting", "role": "reader", "iat": 1730000000 + c.rng.randint(0, 10**7)}
        )
        extra += f"\nThe token in the failing test fixture is {E('JWT', tok)} - is it expired?\n"
    if c.chance(0.35):
        pem, _ = c.pkey(c.pick(["ec_pkcs8", "ed25519_pkcs8", "openssh_ecdsa", "rsa_pkcs1"]))
        extra += (
            "\nAnd this is the signing key it loads from "
            f"keys/signing.pem:\n{E('PRIVATE_KEY', pem)}\n"
        )
    if c.chance(0.3):
        extra += (
            "\nRunning it against "
            f"{c.N('ip_lookalike', f'10.{c.rng.randint(256, 999)}.0.1')} gives a resolver "
            "error, odd."
        )
    author = c.person()
    ask = c.pick(
        [
            "This throws a 401 in prod but works locally, why?",
            f"Refactor this, my lead ({E('EMAIL', c.mail(author, c.org().domain))}) says it's not "
            "testable.",
            "Add retries with backoff to this:",
        ]
    )
    return [f"{ask}\n\n```{lang}\n{code}```\n{extra}"]

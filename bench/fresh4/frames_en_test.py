"""English frames of the sealed test half."""

from __future__ import annotations

import hashlib
import json

from bench.fresh4 import creds, ids, mrz
from bench.fresh4.core import TODAY, Ctx, frame
from bench.fresh4.negs import NG

ALL_EN = ("en_US", "en_GB", "en_CA", "en_AU")


@frame("en_card_fraud_claim_form", "en", "test", "form", ALL_EN)
def fraud_form(c: Ctx) -> list[str]:
    E = c.E
    p = c.person()
    a = c.addr()
    cards = [c.card() for _ in range(c.rng.randint(1, 2))]
    bank = c.bank()
    ident = ""
    if c.country == "US":
        ident = f"SSN (full, for ID verification): {E('US_SSN', c.ssn())}"
    elif c.country == "GB":
        ident = f"National Insurance No.: {E('NATIONAL_ID', c.natid(p, 'gb_nino'))}"
    elif c.country == "CA":
        ident = f"S.I.N.: {E('NATIONAL_ID', c.natid(p, 'ca_sin'))}"
    else:
        ident = f"Driver licence / Medicare: {E('NATIONAL_ID', c.natid(p, 'au_medicare'))}"
    rows = []
    for _ in range(c.rng.randint(2, 4)):
        merchant = c.org()
        rows.append(
            f"  {c.N('date', c.date(c.day(30, 0)))} | {E('ORGANIZATION', merchant.name)} | "
            f"{NG(c, 'amount')}"
        )
    form = "\n".join(
        [
            f"{E('ORGANIZATION', bank.name)} - DISPUTED TRANSACTION CLAIM",
            "Section A - Cardholder",
            f"Full name: {E('PERSON', p.full)}",
            f"Date of birth: {E('DATE_OF_BIRTH', c.dob(p))}",
            f"Residential address: {E('ADDRESS', a.one_line())}",
            f"Daytime phone: {E('PHONE', c.phone(intl=0.1))}    Mobile: "
            f"{E('PHONE', c.phone(mobile=True, intl=0.1))}",
            f"E-mail: {E('EMAIL', c.mail(p))}",
            ident,
            "Section B - Card(s) affected",
            *[f"  Card number: {E('CREDIT_CARD', n)}" for n in cards],
            "  Card previously reported: "
            f"{c.N('masked_value', '**** **** **** ' + ids.digits(c.rng, 4))}",
            f"  Replacement card sent by courier, tracking {NG(c, 'tracking_number')}",
            "Section C - Transactions not recognised",
            *rows,
            f"Loyalty card linked: {NG(c, 'card_lookalike')}"
            if c.chance(0.4)
            else "Loyalty card linked: n/a",
            "Signed: ____________",
        ]
    )
    ask = c.pick(
        [
            "I typed this claim up from the paper form. Please check every section is complete:",
            "Summarise for the fraud team in 3 bullet points:",
            "Is section C enough to raise a chargeback under the card scheme rules?",
        ]
    )
    return [f"{ask}\n\n{form}"]


@frame("en_payroll_export", "en", "test", "spreadsheet", ALL_EN)
def payroll_export(c: Ctx) -> list[str]:
    E = c.E
    header = "emp_no,last_name,first_name,birth_date,tax_ref,country,pay_account,swift,gross"
    rows = [header]
    for _ in range(c.rng.randint(3, 7)):
        p = c.person(max_age=66)
        ctry = c.pick([c.country, c.country, "DE", "IE", "GB", "US"])
        if ctry == "US":
            tax = E("US_ITIN", c.itin()) if c.chance(0.35) else E("US_SSN", c.ssn())
        elif ctry == "DE":
            tax = E("DE_TAX_ID", c.idnr())
        elif ctry == "IE":
            tax = E("NATIONAL_ID", c.natid(p, "ie_pps"))
        elif ctry == "GB":
            tax = E("NATIONAL_ID", c.natid(p, "gb_nino"))
        elif ctry == "CA":
            tax = E("NATIONAL_ID", c.natid(p, "ca_sin"))
        else:
            tax = E("NATIONAL_ID", c.natid(p, "au_tfn"))
        if ctry in ("DE", "IE", "GB"):
            acct = E("IBAN", c.iban(ctry, compact=True))
            swift = E("BIC", c.bic(ctry))
        else:
            acct = c.N("masked_value", f"****{ids.digits(c.rng, 4)}")
            swift = ""
        rows.append(
            ",".join(
                [
                    c.N("reference_number", f"E{ids.digits(c.rng, 5)}"),
                    E("PERSON", p.last),
                    E("PERSON", p.first),
                    E("DATE_OF_BIRTH", f"{p.dob:%Y-%m-%d}"),
                    tax,
                    ctry,
                    acct,
                    swift,
                    c.N("amount", f"{c.rng.randint(2500, 14000)}.00"),
                ]
            )
        )
    if c.chance(0.35):
        rows.append(
            f"{c.N('reference_number', 'E' + ids.digits(c.rng, 5))},TEST,ROW,1900-01-01,"
            f"{NG(c, 'taxid_lookalike')},DE,,,0.00"
        )
    ask = c.pick(
        [
            "Our payroll provider wants this as fixed-width. Can you convert it?",
            "find rows where the tax reference format looks wrong for the country",
            "Write a pandas script that validates this export; here is a sample:",
        ]
    )
    return [f"{ask}\n\n" + "\n".join(rows)]


@frame("en_k8s_troubleshoot", "en", "test", "chat_tools", ALL_EN)
def k8s(c: Ctx) -> list[str]:
    E = c.E
    pod_ips = [c.ip4(private=True) for _ in range(3)]
    node = c.ip4(private=True)
    ext = c.ip4(private=False)
    system = (
        "You are a Kubernetes expert with shell access through the run tool. Explain what you find."
    )
    u1 = c.pick(
        [
            "my ingress returns 503 since the last deploy, can you look?",
            "pods keep crashlooping in payments namespace, help",
        ]
    )
    a1 = json.dumps({"tool": "run", "arguments": {"cmd": "kubectl get pods -n payments -o wide"}})
    lines = [
        "NAME                         READY   STATUS             RESTARTS   AGE   IP            "
        " NODE"
    ]
    for i, ip in enumerate(pod_ips):
        lines.append(
            f"payments-api-{ids.digits(c.rng, 5, True)}-x{i}   {c.pick(['1/1', '0/1'])}     "
            f"{c.pick(['Running', 'CrashLoopBackOff'])}   {c.rng.randint(0, 40)}          "
            f"{c.rng.randint(1, 50)}m   "
            f"{E('IP_ADDRESS', ip)}   node-{i}"
        )
    r1 = "\n".join(lines)
    a2 = json.dumps(
        {
            "tool": "run",
            "arguments": {
                "cmd": "kubectl get secret payments-env -n payments -o json | jq '.data | "
                "map_values(@base64d)'"
            },
        }
    )
    secret = {
        "DB_PASSWORD": E("API_KEY", c.password()),
        "STRIPE_KEY": E("API_KEY", c.token("stripe_secret")),
        "WEBHOOK_SECRET": E("API_KEY", c.token("stripe_webhook")),
        "DB_HOST": E("IP_ADDRESS", node),
    }
    if c.chance(0.5):
        secret["SERVICE_TOKEN"] = E(
            "JWT",
            c.jwt(
                {
                    "iss": "kubernetes/serviceaccount",
                    "sub": "system:serviceaccount:payments:api",
                    "kubernetes.io/serviceaccount/namespace": "payments",
                },
                alg="HS256",
            ),
        )
    if c.chance(0.4):
        secret["DATADOG_API_KEY"] = E("API_KEY", c.token("datadog"))
    r2 = json.dumps(secret, ensure_ascii=False, indent=2)
    tls = ""
    if c.chance(0.55):
        pem, pub = c.pkey(c.pick(["rsa_pkcs8", "ec_sec1", "ec_pkcs8", "rsa_pkcs1"]))
        tls = (
            "\n\ntls.key from the ingress secret (is this the right "
            f"format?):\n{E('PRIVATE_KEY', pem)}"
            + (
                f"\n\nand the public key we pinned:\n{c.N('public_key', pub)}"
                if c.chance(0.5)
                else ""
            )
        )
    u2 = (
        f"the LB address is {E('IP_ADDRESS', ext)}, image tag {NG(c, 'version')}, digest "
        f"{c.N('hash', 'sha256:' + hashlib.sha256(str(c.rng.random()).encode()).hexdigest())}"
        f"{tls}"
    )
    if c.chance(0.3):
        u2 += (
            "\nalso events mention "
            f"{c.N('ip_lookalike', f'3.{c.rng.randint(10, 19)}.{c.rng.randint(256, 700)}.0')} "
            "as the kubelet version?"
        )
    return [system, u1, a1, r1, a2, r2, u2]


@frame("en_referral_letter", "en", "test", "letter", ("en_GB", "en_GB", "en_AU", "en_CA", "en_US"))
def referral(c: Ctx) -> list[str]:
    E = c.E
    gp = c.person()
    pt = c.person(min_age=18, max_age=90)
    clinic = c.org()
    town = c.fk_city()
    hosp_name = c.pick(
        [f"{town} General Hospital", f"Royal {town} Infirmary", f"{town} Memorial Hospital"]
    )
    hosp = c.pick(["Fracture Clinic, ", "Cardiology Outpatients, ", ""]) + E(
        "ORGANIZATION", hosp_name
    )
    ident = {"GB": "gb_nhs", "AU": "au_medicare", "CA": "ca_phn", "US": ""}[c.country]
    complaint = c.pick(
        [
            "exertional chest pain",
            "a suspected scaphoid fracture",
            "palpitations",
            "worsening breathlessness",
        ]
    )
    id_line = ""
    if ident:
        lab = {"gb_nhs": "NHS Number", "au_medicare": "Medicare No.", "ca_phn": "PHN"}[ident]
        id_line = f"{lab}: {E('NATIONAL_ID', c.natid(pt, ident))}\n"
    letter = (
        f"{E('ORGANIZATION', clinic.name)}\n{E('ADDRESS', c.addr().block())}\nTel "
        f"{E('PHONE', c.phone(mobile=False, intl=0.0))}\n\n"
        f"{c.N('date', c.date(c.day(10, 0)))}\n\nTo: {hosp}\n\n"
        f"Re: {E('PERSON', pt.full)}, DOB {E('DATE_OF_BIRTH', c.dob(pt))}\n{id_line}"
        f"{E('ADDRESS', c.addr().one_line())}\nPhone "
        f"{E('PHONE', c.phone(mobile=True, intl=0.0))}\n\n"
        "Dear colleague,\n\nI would be grateful if you could see this "
        f"{(TODAY - pt.dob).days // 365}-year-old "
        f"{'woman' if pt.female else 'man'} with "
        f"{complaint}. "
        f"{c.title(pt)} {E('PERSON', pt.last)} has a history of "
        f"{c.pick(['type 2 diabetes', 'hypertension', 'asthma', 'no significant illness'])}. "
        f"ECG on {c.N('date', c.date(c.day(20, 0)))} attached.\n\nYours sincerely\n\nDr "
        f"{E('PERSON', gp.full)}\n"
        + (f"{E('EMAIL', c.mail(gp, clinic.domain))}\n" if c.chance(0.5) else "")
    )
    ask = c.pick(
        [
            "Please shorten this referral to fit the e-referral box (max 1000 chars):",
            "Extract the patient details and reason for referral into JSON",
            "Check this referral letter for missing information",
        ]
    )
    return [f"{ask}\n\n{letter}"]


@frame("en_visa_docs_ocr", "en", "test", "ocr_document", ALL_EN)
def visa_ocr(c: Ctx) -> list[str]:
    E = c.E
    p = c.person()
    pc = c.country if c.chance(0.7) else c.pick(["IE", "IN", "DE", "FR"])
    number = c.passport(pc)
    expiry = c.day(0, 3000)
    l1, l2, off, ln = mrz.td3(pc, p.last, p.first, number, p.dob, p.female, expiry)
    name_mrz = l1[off : off + ln]
    num_len = len(number)
    mrz_text = (
        l1[:off]
        + E("PERSON", name_mrz)
        + l1[off + ln :]
        + "\n"
        + E("PASSPORT", number)
        + l2[num_len:13]
        + E("DATE_OF_BIRTH", l2[13:19])
        + l2[19:]
    )
    months = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"]
    dob_vis = f"{p.dob.day:02d} {months[p.dob.month - 1]} {p.dob.year}"
    ocr = (
        f"PASSPORT  Type P  Code {mrz.ISSUER[pc].strip('<')}  Passport No. "
        f"{E('PASSPORT', number)}\n"
        f"Surname {E('PERSON', ids.fold(p.last).upper())}\nGiven names "
        f"{E('PERSON', ids.fold(p.first).upper())}\n"
        f"Date of birth {E('DATE_OF_BIRTH', dob_vis)}   Sex {'F' if p.female else 'M'}\n"
        "Date of expiry "
        f"{c.N('date', f'{expiry.day:02d} {months[expiry.month - 1]} {expiry.year}')}\n\n{mrz_text}"
    )
    form = (
        f"Applicant: {E('PERSON', p.full)}\nHome address: {E('ADDRESS', c.addr().one_line())}\n"
        f"Phone: {E('PHONE', c.phone(intl=0.5))}  Email: {E('EMAIL', c.mail(p))}\n"
    )
    if c.chance(0.5):
        form += f"National ID: {E('NATIONAL_ID', c.foreign_natid(p))}\n"
    form += (
        "Travel: "
        + c.N("booking_reference", c.pick(["QF ", "BA ", "AC "]) + str(c.rng.randint(1, 999)))
        + " "
        f"on {c.N('date', c.date(c.day(0, 60)))}"
    )
    ask = c.pick(
        [
            "OCR of the passport scan plus the client's form - do the details match?",
            "Fill in the visa application JSON from these two documents:",
            "check the MRZ check digits on this passport please",
        ]
    )
    return [f"{ask}\n\n{ocr}\n\n---\n{form}"]


@frame("en_ci_pipeline_failure", "en", "test", "code_log", ALL_EN)
def ci_failure(c: Ctx) -> list[str]:
    E = c.E
    dev = c.person()
    commit = NG(c, "hash")
    runner = c.ip4(private=True)
    lines = [
        f"Running with gitlab-runner {NG(c, 'version')} on docker-runner-{ids.digits(c.rng, 2)} "
        f"({E('IP_ADDRESS', runner)})",
        f"Checking out {commit} as detached HEAD (ref is main)...",
        f"Author: {E('PERSON', dev.full)} <{E('EMAIL', c.mail(dev, c.org().domain))}>",
        "$ export NPM_TOKEN=" + E("API_KEY", c.token("npm")),
        "$ npm ci",
        f"npm ERR! code {c.N('error_code', c.pick(['E401', 'ETIMEDOUT', 'EINTEGRITY', 'E403']))}",
        '$ curl -H "Authorization: token '
        f'{E("API_KEY", c.token(c.pick(["github_pat", "github_oauth", "gitlab_pat"])))}" '
        "https://api.internal/releases",
    ]
    if c.chance(0.5):
        lines.append(
            f"$ docker login -u deploy -p {E('API_KEY', c.token('docker_pat'))} registry.internal"
        )
    if c.chance(0.5):
        lines.append(
            "$ aws configure set aws_secret_access_key "
            f"{E('API_KEY', c.token('aws_secret_access_key'))}"
        )
    if c.chance(0.4):
        lines.append(f"$ echo $VAULT_TOKEN  # {E('API_KEY', c.token('vault'))}")
    if c.chance(0.35):
        tok = c.jwt(
            {
                "iss": "gitlab.internal",
                "sub": "project_path:infra/deploy:ref_type:branch:ref:main",
                "aud": "vault",
            },
            alg=c.pick(["HS256", "EdDSA"]),
        )
        lines.append(f"CI_JOB_JWT={E('JWT', tok)}")
    lines.append(
        "$ ssh -i $DEPLOY_KEY "
        f"deploy@{E('IP_ADDRESS', c.ip4(private=False) if c.chance(0.5) else c.ip6())} 'systemctl "
        "restart app'"
    )
    lines.append(f"ERROR: Job failed: exit code 1 at {NG(c, 'timestamp')}")
    log = "\n".join(lines)
    extra = ""
    if c.chance(0.6):
        pem, _ = c.pkey(
            c.pick(["openssh_ed25519", "openssh_rsa", "openssh_ecdsa", "rsa_pkcs1"]),
            comment="deploy",
        )
        style = c.pick(["block", "json"])
        if style == "json":
            esc = json.dumps(pem)[1:-1]
            extra = (
                '\n\nThe DEPLOY_KEY variable is set via the API like this:\n{"key": '
                f'"DEPLOY_KEY", "value": "{E("PRIVATE_KEY", esc)}", "masked": false}}'
            )
        else:
            extra = f"\n\nDEPLOY_KEY content (file variable):\n{E('PRIVATE_KEY', pem)}"
    placeholder = (
        f"\n\nthe docs say to use {NG(c, 'placeholder')} there, is that the problem?"
        if c.chance(0.4)
        else ""
    )
    ask = c.pick(
        [
            "Why did this pipeline fail?",
            "ci broke again, log:",
            "Can you rewrite this job so secrets don't end up in the log?",
        ]
    )
    return [f"{ask}\n\n```\n{log}\n```{extra}{placeholder}"]


@frame("en_procurement_thread", "en", "test", "email_thread", ALL_EN)
def procurement(c: Ctx) -> list[str]:
    E = c.E
    buyer = c.person()
    seller = c.person()
    us = c.org()
    them = c.org()
    sc = c.pick(["GB", "DE", "AT", "CH"])
    vat = c.vat(sc)
    iban_c = sc if sc != "CH" else "CH"
    s_phone = c.phone(country=sc, mobile=False, ext=0.5, intl=1.0)
    b_phone = c.phone(mobile=c.chance(0.3), ext=0.4)
    po = NG(c, "order_number")
    newest = (
        f"Hi {E('PERSON', seller.first)},\n\nthanks - PO {po} is approved. Please confirm your VAT "
        "number and "
        f"bank details for our vendor master; our system flagged the IBAN on the last invoice "
        f"{NG(c, 'invoice_number')} ({NG(c, 'iban_lookalike')} fails the "
        f"checksum).\n\nRegards\n{E('PERSON', buyer.full)}\nProcurement, "
        f"{E('ORGANIZATION', us.name)}\n"
        f"{E('PHONE', b_phone)}"
    )
    older = (
        f"On {c.date(c.day(14, 0))}, {E('PERSON', seller.full)} "
        f"<{E('EMAIL', c.mail(seller, them.domain))}> wrote:\n"
        f"> Dear {E('PERSON', buyer.first)},\n> please find our quote for {c.rng.randint(5, 200)} "
        "units of "
        f"{NG(c, 'product_code')} at {NG(c, 'amount')} each.\n"
        f"> VAT: {E('VAT_ID', vat)}\n> Bank: {E('IBAN', c.iban(iban_c))}, BIC "
        f"{E('BIC', c.bic(iban_c))}\n"
        f"> {E('ORGANIZATION', them.name)} | {E('ADDRESS', c.addr(sc).one_line())} | "
        f"{E('PHONE', s_phone)}\n>\n"
        f">> On {c.date(c.day(30, 14))}, {E('PERSON', buyer.full)} "
        f"<{E('EMAIL', c.mail(buyer, us.domain))}> wrote:\n"
        ">> Could you send a quote incl. delivery to our "
        f"{c.pick(['Leeds', 'Toronto', 'Perth', 'Denver'])} site?"
    )
    ask = c.pick(
        [
            "Draft my reply asking them to send the bank details on letterhead:",
            "Summarise this thread for the vendor onboarding ticket:",
            "What's the next step here?",
        ]
    )
    return [f"{ask}\n\n{newest}\n\n{older}"]


@frame("en_rental_application", "en", "test", "form", ALL_EN)
def rental_application(c: Ctx) -> list[str]:
    E = c.E
    p = c.person()
    emp = c.org()
    boss = c.person()
    cur = c.addr()
    prev = c.addr()
    ident = {
        "US": lambda: E("US_SSN", c.ssn()),
        "CA": lambda: E("NATIONAL_ID", c.natid(p, "ca_sin")),
        "GB": lambda: E("NATIONAL_ID", c.natid(p, "gb_nino")),
        "AU": lambda: E("NATIONAL_ID", c.natid(p, "au_tfn")),
    }[c.country]()
    ident_label = {
        "US": "Social Security #",
        "CA": "SIN (for credit check)",
        "GB": "NI no.",
        "AU": "TFN",
    }[c.country]
    form = [
        "RENTAL APPLICATION",
        f"Applicant name: {E('PERSON', p.full)}",
        f"Date of Birth: {E('DATE_OF_BIRTH', c.dob(p))}    {ident_label}: {ident}",
        f"Current address: {E('ADDRESS', cur.one_line())}  since {c.rng.randint(2015, 2023)}",
        f"Previous address: {E('ADDRESS', prev.block())}",
        f"Cell: {E('PHONE', c.phone(mobile=True, intl=0.05))}   Email: {E('EMAIL', c.mail(p))}",
        f"Employer: {E('ORGANIZATION', emp.name)}   Supervisor: {E('PERSON', boss.full)} "
        f"{E('PHONE', c.phone(mobile=False, ext=0.5))}",
        f"Monthly income: {NG(c, 'amount')}",
        f"Application fee paid by card: {E('CREDIT_CARD', c.card())}"
        if c.chance(0.5)
        else "Application fee: cash",
    ]
    if c.chance(0.3) and c.country == "US":
        form.append(f"Co-applicant (spouse) ITIN: {E('US_ITIN', c.itin())}")
    ask = c.pick(
        [
            "Score this application against our criteria (income 3x rent, no evictions). Rent is "
            "$2,100.",
            "Write a polite decline letter to this applicant:",
            "which fields on this application am I not allowed to ask for?",
        ]
    )
    return [f"{ask}\n\n" + "\n".join(form)]


@frame("en_sql_analyst", "en", "test", "table", ALL_EN)
def sql_analyst(c: Ctx) -> list[str]:
    E = c.E
    q = (
        "SELECT u.id, u.full_name, u.email, u.phone, u.dob, s.last_ip, s.email_sha256, o.total\n"
        "FROM users u JOIN sessions s ON s.user_id = u.id JOIN orders o ON o.user_id = u.id\n"
        "WHERE o.created_at > now() - interval '7 days' ORDER BY o.total DESC LIMIT 5;"
    )
    rows = [
        " id | full_name | email | phone | dob | last_ip | email_sha256 | total",
        "----+-----------+-------+-------+-----+---------+--------------+------",
    ]
    for _ in range(c.rng.randint(3, 5)):
        p = c.person()
        ip = c.ip4(private=False) if c.chance(0.75) else c.ip6()
        rows.append(
            " | ".join(
                [
                    c.N("reference_number", ids.digits(c.rng, 6, True)),
                    E("PERSON", p.full),
                    E("EMAIL", c.mail(p)),
                    E("PHONE", c.phone(intl=0.6)),
                    E("DATE_OF_BIRTH", f"{p.dob:%Y-%m-%d}"),
                    E("IP_ADDRESS", ip),
                    c.N("hash", hashlib.sha256(ids.digits(c.rng, 12).encode()).hexdigest()),
                    c.N("amount", f"{c.rng.randint(50, 9000)}.{c.rng.randint(0, 99):02d}"),
                ]
            )
        )
    ask = c.pick(
        [
            "Why does this query return duplicate users? Output:",
            "Make a chart-ready CSV from this result:",
            "Can you anonymise this output so I can share it in the team channel?",
        ]
    )
    return [
        f"{ask}\n\n```sql\n{q}\n```\n\n"
        + "\n".join(rows)
        + f"\n({len(rows) - 2} rows) -- ran at {NG(c, 'timestamp')}"
    ]


@frame("en_meeting_minutes", "en", "test", "notes", ALL_EN)
def minutes(c: Ctx) -> list[str]:
    E = c.E
    people = [c.person() for _ in range(c.rng.randint(3, 5))]
    client = c.org()
    attendees = ", ".join(E("PERSON", p.full) for p in people)
    lines = [
        f"Meeting notes - {E('ORGANIZATION', client.name)} kickoff - "
        f"{c.N('date', c.date(c.day(10, 0)))}",
        f"Attendees: {attendees}",
        "",
        "1. Scope agreed, phase 1 ends in June.",
        f"2. {E('PERSON', people[0].first)} to send the SOW; questions to "
        f"{E('EMAIL', c.mail(people[0], client.domain))}.",
        f"3. Bug {NG(c, 'ticket_id')} blocks release {NG(c, 'version')}.",
        "4. Guest wifi for the onsite days: network 'Visitors', password "
        f"{E('API_KEY', c.password())}",
    ]
    if c.chance(0.5):
        lines.append(
            "5. Door code for the side entrance is "
            + E("API_KEY", ids.digits(c.rng, 4, True) + c.pick(["#", "*"]))
            + " "
            "(changes monthly)"
        )
    if c.chance(0.5):
        lines.append(f"6. Printer on 3rd floor: {E('IP_ADDRESS', c.ip4(private=True))}")
    lines.append(
        f"Dial-in: {E('PHONE', c.phone(service=c.country in ('US', 'CA', 'AU'), intl=0.3))}, "
        f"access {c.N('reference_number', ' '.join(ids.digits(c.rng, 3, True) for _ in range(3)))}"
    )
    lines.append(
        f"Next: {E('PERSON', people[-1].first)} owns follow-up, cell "
        f"{E('PHONE', c.phone(mobile=True, intl=0.0))}"
    )
    if c.chance(0.5):
        lines.append(f"(area code for the new office: {NG(c, 'phone_lookalike')})")
    ask = c.pick(
        [
            "Turn these notes into an email to all attendees:",
            "extract action items with owners",
            "Clean up my meeting notes:",
        ]
    )
    return [f"{ask}\n\n" + "\n".join(lines)]


@frame("en_helpdesk_tickets_json", "en", "test", "json_export", ALL_EN)
def helpdesk(c: Ctx) -> list[str]:
    E = c.E
    tickets = []
    for _ in range(c.rng.randint(2, 4)):
        p = c.person()
        kind = c.pick(["password_reset", "mfa", "vpn", "laptop", "mail"])
        t: dict[str, object] = {
            "id": NG(c, "ticket_id"),
            "requester": {
                "name": E("PERSON", p.full),
                "email": E("EMAIL", c.mail(p, "corp-" + c.org().domain)),
                "phone": E("PHONE", c.phone(mobile=False, ext=0.4)),
            },
            "created": NG(c, "timestamp"),
            "correlation_id": NG(c, "uuid"),
            "category": kind,
        }
        if kind == "password_reset":
            t["resolution"] = (
                f"Temp password set to {E('API_KEY', c.password())}, must change at next logon"
            )
        elif kind == "mfa":
            t["resolution"] = (
                "Issued backup codes; user said old code was "
                f"{E('API_KEY', ids.digits(c.rng, 8, True))}"
            )
        elif kind == "mail":
            t["resolution"] = (
                f"Created app password {E('API_KEY', creds.app_password(c.rng))} "
                "for the phone's mail app"
            )
        elif kind == "vpn":
            t["resolution"] = (
                f"Client at {E('IP_ADDRESS', c.ip4())} blocked by {NG(c, 'error_code')}, "
                "whitelisted"
            )
        else:
            t["asset"] = NG(c, "product_code")
            t["resolution"] = (
                f"Reimaged, BIOS {NG(c, 'version')}, shipped back via {NG(c, 'tracking_number')}"
            )
        tickets.append(t)
    body = json.dumps({"tickets": tickets}, ensure_ascii=False, indent=c.indent())
    system = "You are an IT service desk analyst. Summarise ticket exports and spot trends."
    ask = c.pick(
        [
            "Weekly export from the service desk. Any security concerns in how tickets were "
            "resolved?",
            "Summarise these tickets by category:",
        ]
    )
    return [system, f"{ask}\n\n{body}"]


_ORIGIN_ID = {
    "IN": "in_aadhaar",
    "IE": "ie_pps",
    "FR": "fr_nir",
    "IT": "it_cf",
    "ES": "es_dni",
    "PL": "pl_pesel",
    "DE": "de_ausweis",
}


@frame("en_immigration_intake", "en", "test", "notes", ("en_US", "en_US", "en_CA", "en_GB"))
def immigration(c: Ctx) -> list[str]:
    E = c.E
    p = c.person(migrant_share=0.9)
    origin = c.pick(["IN", "IE", "FR", "IT", "ES", "PL", "DE"])
    emp = c.org()
    lines = [
        f"Client {E('PERSON', p.full)} (b. {E('DATE_OF_BIRTH', c.dob(p))}), citizen of {origin}.",
        f"Passport {E('PASSPORT', c.passport(origin))}, national ID "
        f"{E('NATIONAL_ID', c.natid(p, _ORIGIN_ID[origin]))}.",
        f"Employer sponsor: {E('ORGANIZATION', emp.name)}.",
        f"Residence: {E('ADDRESS', c.addr().one_line())}; reach at "
        f"{E('PHONE', c.phone(mobile=True, intl=0.0))} or {E('EMAIL', c.mail(p))}.",
    ]
    if c.country == "US" or c.chance(0.3):
        if c.chance(0.6):
            lines.append(
                f"Has ITIN {E('US_ITIN', c.itin())} from prior consulting income; SSN application "
                "pending."
            )
        else:
            lines.append(f"SSN issued last year: {E('US_SSN', c.ssn())}.")
    if origin == "DE" or c.chance(0.25):
        lines.append(f"Previously employed in Germany, Steuer-ID {E('DE_TAX_ID', c.idnr())}.")
    if c.chance(0.6):
        lines.append(
            f"Old receipt notice lists {NG(c, 'ssn_lookalike')} - clerical error, not an SSN."
        )
    lines.append(
        f"Matter {NG(c, 'reference_number')}, filing deadline {c.N('date', c.date(c.day(0, 90)))}."
    )
    ask = c.pick(
        [
            "Draft the cover letter for this petition from my intake notes:",
            "List what documents we still need:",
            "intake notes - please structure",
        ]
    )
    return [f"{ask}\n\n" + "\n".join(lines)]


@frame("en_insurance_claim_chat", "en", "test", "chat_export", ALL_EN)
def insurance_chat(c: Ctx) -> list[str]:
    E = c.E
    p = c.person()
    adj = c.person()
    a = c.addr()
    d = c.day(20, 0)
    phone = c.phone(mobile=True, intl=0.5)
    claim = NG(c, "reference_number")

    def t(h: int, m: int) -> str:
        stamp = (
            f"[{d:%d/%m/%Y}, {h:02d}:{m:02d}]"
            if c.country != "US"
            else f"[{d:%m/%d/%y}, {h % 12 or 12}:{m:02d} {'AM' if h < 12 else 'PM'}]"
        )
        return stamp

    lines = [
        f"{t(9, 2)} {E('PERSON', adj.full)}: Hi, this is {E('PERSON', adj.first)} from the claims "
        f"team about claim {claim}.",
        f"{t(9, 5)} {E('PHONE', phone)}: hi yes thats me, {E('PERSON', p.full)}",
        f"{t(9, 6)} {E('PERSON', adj.full)}: Can you confirm the property address and your date of "
        "birth?",
        f"{t(9, 9)} {E('PHONE', phone)}: {E('ADDRESS', a.one_line())}, born "
        f"{E('DATE_OF_BIRTH', c.dob(p))}",
        f"{t(9, 12)} {E('PERSON', adj.full)}: Thanks. The assessor estimates {NG(c, 'amount')}.",
    ]
    if c.country == "GB":
        lines.append(f"{t(9, 15)} {E('PHONE', phone)}: pay it to {E('IBAN', c.iban('GB'))} pls")
    else:
        lines.append(
            f"{t(9, 15)} {E('PHONE', phone)}: can you refund to the card i paid the premium with? "
            f"{E('CREDIT_CARD', c.card())}"
        )
    lines.append(
        f"{t(9, 20)} {E('PHONE', phone)}: photos sent to "
        f"{E('EMAIL', c.mail(adj, c.bank().domain))} yesterday"
    )
    ask = c.pick(
        [
            "Exported chat with a claimant. Summarise for the file:",
            "Did the adjuster follow the verification procedure in this chat?",
        ]
    )
    return [f"{ask}\n\n" + "\n".join(lines)]

# ruff: noqa: E501  (frames are prose templates; their lines keep their natural length)
"""English frames (en_US, en_GB): text genres users paste into prompts at work.

Half ``A`` feeds ``dev.jsonl``, half ``B`` feeds ``test.jsonl``; no frame feeds both.
Every frame varies its own wording, order and formatting from the payload's seed.
"""

from __future__ import annotations

import base64

from bench.fresh3 import values as v
from bench.fresh3.compose import (
    ADDR,
    DOB,
    IP,
    KEY,
    MAIL,
    ORG,
    PER,
    TEL,
    Cat,
    E,
    Frag,
    N,
    cat,
    join,
    json_frag,
    render,
)
from bench.fresh3.context import Ctx, Frame, registry

FRAMES: list[Frame] = []
frame = registry(FRAMES)
US_GB = ("en_US", "en_GB")


# =============================================================================== half A


@frame("support_refund_ticket", "support_ticket", "A", US_GB, neg_rate=0.5)
def support_refund_ticket(c: Ctx) -> None:
    p = c.person()
    mail = c.email(p)
    order = c.n_order()
    amount = c.n_amount()
    masked = N(v.masked_card(c.r), "masked_card")
    card = c.card()
    phone = c.phone(ext=0.1)
    pay = c.pick(
        [
            render("the charge on my card ending ⟨m⟩ is still there", {"m": masked}),
            render("the refund hasn't shown up on ⟨m⟩ yet", {"m": masked}),
            render(
                "I can still see the charge on card ⟨card⟩ (the one I used for the order)",
                {"card": E(card, "CREDIT_CARD")},
            ),
            render(
                "my statement shows the payment twice. Card no. ⟨card⟩, exp 0⟨e⟩/2⟨y⟩",
                {"card": E(card, "CREDIT_CARD"), "e": str(c.num(1, 9)), "y": str(c.num(6, 9))},
            ),
        ]
    )
    sub = c.pick(
        [
            "Refund not received",
            "RE: refund for order",
            "Double charged!!",
            "Where is my money back",
            "Return processed but no refund",
        ]
    )
    body = render(
        """
        Ticket ⟨tn⟩ | Priority: ⟨prio⟩ | Channel: ⟨chan⟩
        Requester: ⟨name⟩ <⟨mail⟩>
        Subject: ⟨sub⟩

        Hi,

        I returned order ⟨order⟩ on ⟨ret⟩ and got the confirmation that it arrived at your warehouse, but ⟨pay⟩. It was ⟨amount⟩.
        ⟨callback⟩
        Thanks
        ⟨first⟩
        """,
        {
            "tn": cat("#", N(str(c.num(100000, 999999)), "ticket_number")),
            "prio": c.pick(["Normal", "High", "Urgent"]),
            "chan": c.pick(["Email", "Web form", "Chat"]),
            "name": PER(p.full),
            "mail": MAIL(mail),
            "sub": sub,
            "order": order,
            "ret": c.fmt_date(c.recent_date()),
            "pay": pay,
            "amount": amount,
            "callback": c.pick(
                [
                    render(
                        "You can call me on ⟨ph⟩ if that is easier, I'm home after 5.\n",
                        {"ph": TEL(phone)},
                    ),
                    render("Please call back: ⟨ph⟩\n", {"ph": TEL(phone)}),
                    "",
                ]
            ),
            "first": PER(p.first),
        },
    )
    system = c.pick(
        [
            "You are a support copilot. Draft a polite reply to the customer ticket below. Do not promise dates.",
            "Summarise this ticket in two sentences and suggest the next action for the agent.",
            "Classify the ticket (billing / shipping / product) and draft a response.",
        ]
    )
    c.doc.add(system)
    c.doc.add(body)


@frame("hr_new_hire_payroll", "hr_email", "A", ("en_US",), neg_rate=0.6)
def hr_new_hire_payroll(c: Ctx) -> None:
    hr, hire = c.people(2)
    org = c.org()
    dom = c.domain_of(org)
    dob = c.birth_date(1970, 2003)
    addr = c.address()
    itin = c.chance(0.35)
    ssn = v.fmt_ssn(c.r, v.us_itin(c.r) if itin else v.us_ssn(c.r))
    start = c.n_date()
    emp_id = N(f"E{c.digits(5)}", "customer_number") if c.chance(0.3) else None
    text = render(
        """
        From: ⟨hr⟩ <⟨hrmail⟩>
        To: ⟨payroll⟩
        Subject: New hire - ⟨hire⟩ - ⟨role⟩

        Hi team,

        Please set up ⟨hire_first⟩ in payroll. Details below, offer letter is in the shared drive.

        Legal name: ⟨hire⟩
        ⟨ssn_label⟩: ⟨ssn⟩
        DOB: ⟨dob⟩
        Home address: ⟨addr⟩
        Personal email: ⟨pmail⟩
        Cell: ⟨cell⟩
        Start date: ⟨start⟩⟨emp⟩
        Salary: ⟨sal⟩ / yr, ⟨ftype⟩

        ⟨extra⟩Direct deposit form and I-9 docs will follow once ⟨hire_first⟩ sends them.

        Thanks,
        ⟨hr_first⟩
        ⟨org⟩ | People Ops
        """,
        {
            "hr": PER(hr.full),
            "hrmail": MAIL(c.email(hr, dom)),
            "payroll": MAIL(f"{c.pick(['payroll', 'payroll-team', 'hr.ops'])}@{dom}"),
            "hire": PER(hire.full),
            "role": c.pick(
                ["Account Executive", "Data Analyst", "Warehouse Associate", "Staff Engineer", "RN"]
            ),
            "hire_first": PER(hire.first),
            "ssn_label": "ITIN (SSN applied for)"
            if itin
            else c.pick(["SSN", "SSN", "Social Security #", "SS#"]),
            "ssn": E(ssn, "US_ITIN" if itin else "US_SSN"),
            "dob": DOB(c.fmt_date(dob)),
            "addr": ADDR(addr.one()),
            "pmail": MAIL(c.email(hire)),
            "cell": TEL(c.phone(mobile=True)),
            "start": start,
            "emp": render("  (employee ID ⟨e⟩)", {"e": emp_id}) if emp_id else "",
            "sal": f"${c.num(48, 190)},{c.pick(['000', '500'])}",
            "ftype": c.pick(["exempt", "non-exempt", "FT exempt"]),
            "extra": c.pick(
                [
                    "",
                    "Note: they go by a nickname, but please use the legal name on the W-2.\n\n",
                    "Benefits enrollment window opens on day 1.\n\n",
                    render(
                        "Heads-up: the old I-9 copy in the file shows ⟨bad⟩, which is obviously a placeholder - use the number above.\n\n",
                        {"bad": N(v.bad_ssn(c.r), "bad_ssn")},
                    ),
                ]
            ),
            "hr_first": PER(hr.first),
            "org": ORG(org),
        },
    )
    c.doc.add(
        c.pick(
            [
                "Turn this email into a checklist for the payroll admin.",
                "Extract the new hire's details into JSON with keys name, ssn, dob, address, email, phone, start_date.",
                "Can you check this email for anything missing before I forward it?",
            ]
        )
    )
    c.doc.add(text)


@frame("crm_call_note", "crm_note", "A", US_GB)
def crm_call_note(c: Ctx) -> None:
    contact, rep = c.people(2)
    org = c.org()
    dom = c.domain_of(org)
    mail = c.email(contact, dom)
    desk = c.phone(mobile=False, ext=0.45)
    cell = c.phone(mobile=True)
    opp = c.n_amount(5000, 400000)
    rows: list[Frag] = [
        render("Account: ⟨o⟩", {"o": ORG(org)}),
        render(
            "Contact: ⟨n⟩ (⟨t⟩)",
            {
                "n": PER(contact.full),
                "t": c.pick(["CFO", "Head of IT", "Procurement", "VP Ops", "Office Manager"]),
            },
        ),
        render(
            c.pick(["Email: ⟨m⟩", "Email: ⟨m⟩", "Emial: ⟨m⟩", "E-mail - ⟨m⟩"]), {"m": MAIL(mail)}
        ),
        render("Direct: ⟨d⟩ / mobile ⟨m⟩", {"d": TEL(desk), "m": TEL(cell)})
        if c.chance(0.6)
        else render("Phone: ⟨d⟩", {"d": TEL(desk)}),
    ]
    c.r.shuffle(rows)
    note = render(
        """
        ⟨rows⟩
        Owner: ⟨rep⟩
        Stage: ⟨stage⟩ | Est. value: ⟨opp⟩

        Call notes ⟨when⟩:
        - spoke w/ ⟨cfirst⟩ for ~⟨mins⟩ min, they're evaluating us vs ⟨comp⟩
        - ⟨pain⟩
        - wants a follow-up ⟨fu⟩; said to ⟨how⟩
        - ⟨misc⟩
        """,
        {
            "rows": join("\n", rows),
            "rep": PER(rep.full),
            "stage": c.pick(["Discovery", "Proposal", "Negotiation", "Qualified"]),
            "opp": opp,
            "when": c.pick(["(Tue)", "today", "- 2nd call", ""]),
            "cfirst": PER(contact.first),
            "mins": str(c.num(10, 55)),
            "comp": c.pick(["the incumbent", "two other vendors", "building it in-house"]),
            "pain": c.pick(
                [
                    "current renewal is up in Q3, pricing is the main blocker",
                    "their reporting takes 3 days every month end",
                    "had an outage last quarter and their board noticed",
                ]
            ),
            "fu": c.pick(["next week", "after their budget meeting", "on Thursday"]),
            "how": c.pick(
                [
                    render("call the mobile, not the desk line", {}),
                    render("email ⟨m⟩ first, then call", {"m": MAIL(mail)}),
                    "book via their assistant",
                ]
            ),
            "misc": c.pick(
                [
                    "sent deck + case study",
                    render("⟨cf⟩ is on PTO first two weeks of Aug", {"cf": PER(contact.first)}),
                    "legal review needed for DPA",
                ]
            ),
        },
    )
    c.doc.add(
        c.pick(
            [
                "Write a short follow-up email based on these CRM notes.",
                "Summarise the opportunity and list risks.",
                "What should my next step be with this account?",
            ]
        )
    )
    c.doc.add(note)


@frame("slack_incident_channel", "chat_export", "A", US_GB, neg_rate=0.5)
def slack_incident_channel(c: Ctx) -> None:
    a, b, d = c.people(3, foreign=0.2)
    ip1, ip2 = c.ip("private"), c.ip("public")
    ver = c.n_version()
    token = c.secret(c.pick(["github", "slack", "datadog", "generic", "gitlab"]))
    h = c.n_hash()
    t0 = c.num(1, 11)
    lines = render(
        """
        #inc-⟨inc⟩-api-latency
        ⟨a⟩  ⟨t1⟩
        seeing 502s from the gateway again, p99 is through the roof. ⟨b_first⟩ can you check ⟨ip1⟩?
        ⟨b⟩  ⟨t2⟩
        on it. db-primary looks fine, but the pool on ⟨ip1⟩ is maxed. rolled back to ⟨ver⟩
        ⟨b⟩  ⟨t3⟩
        lots of traffic from ⟨ip2⟩, looks like a scraper hammering /search
        ⟨d⟩  ⟨t4⟩
        blocked ⟨ip2⟩ at the WAF. also fyi someone pasted the deploy token in #general earlier: `⟨tok⟩` — I'm rotating it now
        ⟨a⟩  ⟨t5⟩
        ty. culprit commit is ⟨hash⟩ (the retry change). writing up the timeline in ⟨tix⟩⟨repro⟩
        """,
        {
            "inc": str(c.num(100, 999)),
            "a": PER(a.full),
            "b": PER(b.full),
            "d": PER(d.full),
            "b_first": PER(b.first),
            "t1": f"{t0}:{c.num(10, 19)} AM",
            "t2": f"{t0}:{c.num(20, 29)} AM",
            "t3": f"{t0}:{c.num(30, 39)} AM",
            "t4": f"{t0}:{c.num(40, 49)} AM",
            "t5": f"{t0}:{c.num(50, 59)} AM",
            "ip1": IP(ip1),
            "ip2": IP(ip2),
            "ver": ver,
            "tok": KEY(token),
            "hash": h,
            "tix": c.n_ticket(),
            "repro": render(
                "\n⟨b⟩  ⟨t6⟩\nrepro for the 502: `curl -H 'Authorization: Bearer ⟨jwt⟩' https://api.internal/v2/search?q=test`",
                {"b": PER(b.full), "t6": f"{t0 + 1}:0{c.num(0, 9)} AM", "jwt": E(c.jwt(), "JWT")},
            )
            if c.chance(0.4)
            else "",
        },
    )
    c.doc.add(
        "Here's the Slack export from the incident channel. Draft the postmortem summary (impact, root cause, follow-ups)."
    )
    c.doc.add(lines)


@frame("whatsapp_flatshare", "chat_export", "A", ("en_GB", "en_GB", "en_US"))
def whatsapp_flatshare(c: Ctx) -> None:
    a, b = c.people(2, foreign=0.25)
    addr = c.address(flat=True)
    d = c.recent_date()

    def stamp(hh: int, mm: int) -> str:
        if c.region == "GB":
            return f"{d.day:02d}/{d.month:02d}/{d.year}, {hh:02d}:{mm:02d}"
        return f"{d.month}/{d.day}/{d.year % 100}, {hh % 12 or 12}:{mm:02d} {'PM' if hh >= 12 else 'AM'}"

    uk = c.region == "GB"
    iban = c.iban("GB") if uk else None
    phone_b = c.phone(mobile=True, style=c.pick(["nat", "intl", "e164", "dash", "paren"]))
    lines: list[Frag] = [
        render(
            "⟨ts⟩ - ⟨a⟩: hey! is the room at ⟨addr⟩ still free from next month?",
            {"ts": stamp(18, 2), "a": PER(a.first), "addr": ADDR(addr.one())},
        ),
        render(
            "⟨ts⟩ - ⟨b⟩: yes 🙂 rent is ⟨amt⟩ incl bills. deposit is one month",
            {"ts": stamp(18, 9), "b": PER(b.first), "amt": "£650" if uk else "$1,150"},
        ),
        render(
            "⟨ts⟩ - ⟨a⟩: amazing. where do I send the deposit?",
            {"ts": stamp(18, 11), "a": PER(a.first)},
        ),
    ]
    if iban:
        lines.append(
            render(
                "⟨ts⟩ - ⟨b⟩: ⟨iban⟩ (⟨bn⟩) ref: your surname pls",
                {
                    "ts": stamp(18, 15),
                    "b": PER(b.first),
                    "iban": E(iban, "IBAN"),
                    "bn": PER(b.full),
                },
            )
        )
    else:
        lines.append(
            render(
                "⟨ts⟩ - ⟨b⟩: venmo or zelle to ⟨ph⟩ works",
                {"ts": stamp(18, 15), "b": PER(b.first), "ph": TEL(phone_b)},
            )
        )
    lines.append(
        render(
            "⟨ts⟩ - ⟨a⟩: done ✅ my number is ⟨ph⟩ btw if the landlord needs it",
            {"ts": stamp(19, 40), "a": PER(a.first), "ph": TEL(c.phone(mobile=True))},
        )
    )
    if c.chance(0.4):
        lines.append(
            render("⟨ts⟩ - ⟨b⟩: <Media omitted>", {"ts": stamp(19, 52), "b": PER(b.first)})
        )
    c.doc.add(
        c.pick(
            [
                "Summarise what was agreed in this WhatsApp chat.",
                "Is there anything in this chat I should double-check before moving in?",
                "Turn this into a short note for my landlord.",
            ]
        )
    )
    c.doc.add(join("\n", lines))


@frame("assistant_env_debug", "chat_history", "A", US_GB, neg_rate=0.5)
def assistant_env_debug(c: Ctx) -> None:
    dbpass = c.password("random")
    dbhost = c.ip("private")
    stripe = c.secret("stripe")
    sg = c.secret("sendgrid")
    jwt_secret = v.chars(c.r, v.ALNUM, c.pick([32, 48, 64]))
    port = N(str(c.pick([5432, 5433, 6543])), "port")
    ph = N(
        c.pick(["<your-key-here>", "changeme", "${OPENAI_API_KEY}", "xxxxxxxx", "TODO"]),
        "secret_placeholder",
    )
    user = c.pick(["app", "svc_orders", "postgres", "api_rw"])
    env = render(
        """
        NODE_ENV=production
        DATABASE_URL=postgres://⟨user⟩:⟨pw⟩@⟨host⟩:⟨port⟩/orders
        STRIPE_SECRET_KEY=⟨stripe⟩
        SENDGRID_API_KEY=⟨sg⟩
        JWT_SECRET=⟨jwt⟩
        OPENAI_API_KEY=⟨ph⟩
        LOG_LEVEL=debug
        """,
        {
            "user": user,
            "pw": KEY(dbpass),
            "host": IP(dbhost),
            "port": port,
            "stripe": KEY(stripe),
            "sg": KEY(sg),
            "jwt": KEY(jwt_secret),
            "ph": ph,
        },
    )
    c.doc.add(
        "You are a senior backend engineer helping a colleague debug deployment issues. Be concise."
    )
    c.doc.add(
        cat(
            c.pick(
                [
                    "my app crashes on boot with `ECONNREFUSED`, here's the env from the container:\n\n",
                    "Why does prisma say it can't reach the database? env below\n```\n",
                ]
            ),
            env,
            "```" if c.chance(0.5) else "",
        )
    )
    c.doc.add(
        render(
            "ECONNREFUSED on boot usually means the host or port is wrong or the DB isn't listening on that interface. Check that ⟨host⟩ is reachable from the pod (`nc -zv ⟨host⟩ ⟨port⟩`). Also: you've pasted live secrets here — rotate the Stripe and SendGrid keys.",
            {"host": IP(dbhost), "port": N(port.value, "port")},
        )
    )
    c.doc.add(
        c.pick(
            [
                "ok nc works. still failing though",
                "it was the security group, thanks! do I really need to rotate?",
            ]
        )
    )


@frame("json_access_log", "app_log", "A", US_GB)
def json_access_log(c: Ctx) -> None:
    people = c.people(c.num(2, 3), foreign=0.2)
    recs: list[Frag] = []
    for i, p in enumerate(people):
        mail = c.email(p)
        ip = c.ip(c.pick(["public", "public", "v6"]))
        rec: dict[str, object] = {
            "ts": N(c.timestamp("isoz"), "timestamp") if i == 0 else c.timestamp("isoz"),
            "level": c.pick(["info", "warn", "error"]),
            "msg": c.pick(
                [
                    "login ok",
                    "password reset requested",
                    "login failed: bad password",
                    "mfa challenge sent",
                ]
            ),
            "req_id": c.n_uuid() if i == 0 and c.chance(0.5) else c.uuid(),
            "user": MAIL(mail),
            "client_ip": IP(ip),
            "ua": c.pick(
                [
                    "Mozilla/5.0 (Windows NT 10.0; Win64; x64)",
                    "okhttp/4.12.0",
                    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)",
                ]
            ),
            "latency_ms": c.num(3, 900),
        }
        if c.chance(0.3):
            rec["phone"] = TEL(c.phone(style="e164"))
        recs.append(json_frag(rec, indent=None))
    c.doc.add(
        c.pick(
            [
                "Why are these logins failing? Logs from our auth service:",
                "Find the suspicious entries in these logs:",
                "parse these into a table",
            ]
        )
    )
    c.doc.add(join("\n", recs))


@frame("spring_jdbc_trace", "stack_trace", "A", US_GB)
def spring_jdbc_trace(c: Ctx) -> None:
    host = c.ip("private")
    pw = c.password()
    p = c.person()
    mail = c.email(p)
    ver = c.n_version()
    trace = render(
        """
        ⟨ts⟩ ERROR 1 --- [nio-8080-exec-⟨n⟩] o.h.engine.jdbc.spi.SqlExceptionHelper   : Connection to ⟨host⟩:5432 refused.
        ⟨ts2⟩ ERROR 1 --- [nio-8080-exec-⟨n⟩] c.a.billing.InvoiceService              : Failed to send invoice to ⟨mail⟩
        org.springframework.jdbc.CannotGetJdbcConnectionException: Failed to obtain JDBC Connection; nested exception is org.postgresql.util.PSQLException: Connection to ⟨host⟩:5432 refused.
        \tat org.springframework.jdbc.datasource.DataSourceUtils.getConnection(DataSourceUtils.java:84)
        \tat com.acme.billing.InvoiceRepository.findOpen(InvoiceRepository.java:41)
        \tat com.acme.billing.InvoiceService.send(InvoiceService.java:118)
        Caused by: org.postgresql.util.PSQLException: Connection to ⟨host⟩:5432 refused. Check that the hostname and port are correct and that the postmaster is accepting TCP/IP connections.
        \tat org.postgresql.core.v3.ConnectionFactoryImpl.openConnectionImpl(ConnectionFactoryImpl.java:342)
        \t... 47 common frames omitted
        """,
        {
            "ts": c.timestamp("space"),
            "ts2": c.timestamp("space"),
            "n": str(c.num(1, 9)),
            "host": IP(host),
            "mail": MAIL(mail),
        },
    )
    props = render(
        """
        spring.datasource.url=jdbc:postgresql://⟨host⟩:5432/billing
        spring.datasource.username=billing_app
        spring.datasource.password=⟨pw⟩
        spring.jpa.hibernate.ddl-auto=validate
        """,
        {"host": IP(host), "pw": KEY(pw)},
    )
    c.doc.add(
        render(
            "Spring Boot ⟨ver⟩ service won't talk to Postgres after we moved it. Stack trace:\n\n",
            {"ver": ver},
        ),
        trace,
        "\napplication.properties:\n",
        props,
    )


@frame("docker_compose_stack", "config_file", "A", US_GB)
def docker_compose_stack(c: Ctx) -> None:
    pg = c.password()
    minio = c.password("random")
    key = c.secret(c.pick(["openai", "anthropic", "huggingface", "google"]))
    img = N(f"{c.num(13, 16)}.{c.num(1, 6)}", "version")
    port = N(str(c.pick([8080, 3000, 8000, 5000])), "port")
    yml = render(
        """
        services:
          db:
            image: postgres:⟨img⟩
            environment:
              POSTGRES_USER: app
              POSTGRES_PASSWORD: "⟨pg⟩"
            volumes:
              - pgdata:/var/lib/postgresql/data
          storage:
            image: minio/minio
            command: server /data
            environment:
              MINIO_ROOT_USER: admin
              MINIO_ROOT_PASSWORD: ⟨minio⟩
          api:
            build: .
            ports:
              - "⟨port⟩:⟨port2⟩"
            environment:
              - LLM_API_KEY=⟨key⟩
              - DATABASE_HOST=db
            depends_on: [db, storage]
        volumes:
          pgdata:
        """,
        {
            "img": img,
            "pg": KEY(pg),
            "minio": KEY(minio),
            "port": port,
            "port2": port.value,
            "key": KEY(key),
        },
    )
    c.doc.add(
        c.pick(
            [
                "Why does the api container exit with code 137? compose file:",
                "convert this docker-compose to a k8s deployment please",
                "Review this compose file for security problems.",
            ]
        )
    )
    c.doc.add(yml)


@frame("terraform_aws", "config_file", "A", US_GB)
def terraform_aws(c: Ctx) -> None:
    akid = v.aws_access_key_id(c.r)
    sec = v.aws_secret(c.r)
    dbpw = c.password()
    remote = N(
        c.pick(
            [
                "git::https://github.com/acme-infra/terraform-modules.git//rds?ref=v2.3.1",
                "git@github.com:acme-infra/tf-vpc.git",
                "git::ssh://git@gitlab.com/platform/modules/ecs.git?ref=1.8.0",
            ]
        ),
        "git_remote",
    )
    ip = c.ip("public")
    tf = render(
        """
        provider "aws" {
          region     = "⟨reg⟩"
          access_key = "⟨ak⟩"
          secret_key = "⟨sk⟩"
        }

        module "db" {
          source   = "⟨remote⟩"
          name     = "orders-prod"
          password = "⟨pw⟩"
        }

        resource "aws_security_group_rule" "office" {
          type        = "ingress"
          from_port   = 22
          to_port     = 22
          protocol    = "tcp"
          cidr_blocks = ["⟨ip⟩/32"]
        }
        """,
        {
            "reg": c.pick(["us-east-1", "eu-west-2", "us-west-2"]),
            "ak": KEY(akid),
            "sk": KEY(sec),
            "remote": remote,
            "pw": KEY(dbpw),
            "ip": IP(ip),
        },
    )
    c.doc.add(
        c.pick(
            [
                "terraform plan fails with 'InvalidClientTokenId'. main.tf:",
                "How do I move these credentials out of main.tf?",
                "explain what this terraform does",
            ]
        )
    )
    c.doc.add(tf)


@frame("python_boto_snippet", "code", "A", US_GB)
def python_boto_snippet(c: Ctx) -> None:
    akid, sec = v.aws_access_key_id(c.r), v.aws_secret(c.r)
    dev = c.person()
    mail = c.email(dev, c.domain_of(c.org()))
    smtp_pw = c.password()
    hook = c.secret("slack_webhook")
    code = render(
        """
        # quick script to pull yesterday's exports -- ⟨dev⟩ (⟨mail⟩)
        import boto3, smtplib, requests

        s3 = boto3.client(
            "s3",
            aws_access_key_id="⟨ak⟩",
            aws_secret_access_key="⟨sk⟩",
        )
        objs = s3.list_objects_v2(Bucket="acme-exports", Prefix="daily/")

        with smtplib.SMTP("smtp.office365.com", 587) as smtp:
            smtp.starttls()
            smtp.login("⟨mail⟩", "⟨pw⟩")

        requests.post("⟨hook⟩", json={"text": f"{len(objs['Contents'])} files"})
        """,
        {
            "dev": PER(dev.full),
            "mail": MAIL(mail),
            "ak": KEY(akid),
            "sk": KEY(sec),
            "pw": KEY(smtp_pw),
            "hook": KEY(hook),
        },
    )
    c.doc.add(
        c.pick(
            [
                "Refactor this into a function and add error handling:",
                "This script worked yesterday and now I get AccessDenied. Why?",
                "add type hints",
            ]
        )
    )
    c.doc.add(cat("```python\n", code, "```"))


@frame("curl_customer_api", "api_payload", "A", US_GB, neg_rate=0.5)
def curl_customer_api(c: Ctx) -> None:
    p = c.person()
    jwt = c.jwt()
    addr = c.address()
    body = json_frag(
        {
            "customer": {
                "firstName": PER(p.first),
                "lastName": PER(p.last),
                "email": MAIL(c.email(p)),
                "phone": TEL(c.phone(style=c.pick(["e164", "intl_sp", "intl", "paren", "dash"]))),
                "address": {
                    "line1": ADDR(addr.street),
                    "city": addr.town,
                    "postalCode": N(addr.postcode, "postcode"),
                },
            },
            "marketingOptIn": c.chance(0.5),
        },
        indent=2,
    )
    resp_id = c.n_uuid()
    c.doc.add(
        render(
            """
        I'm getting a 422 from our customer API and can't see why. Request:

        curl -X POST https://api.internal.example/v2/customers \\
          -H "Authorization: Bearer ⟨jwt⟩" \\
          -H "Content-Type: application/json" \\
          -d '⟨body⟩'

        Response:
        {"error":"validation_failed","field":"customer.address","request_id":"⟨rid⟩"}
        """,
            {"jwt": E(jwt, "JWT"), "body": body, "rid": resp_id},
        )
    )


@frame("csv_customer_export", "csv", "A", US_GB)
def csv_customer_export(c: Ctx) -> None:
    n = c.num(3, 5)
    people = c.people(n, foreign=0.2)
    uk = c.region == "GB"
    header = c.pick(
        [
            "customer_id,first_name,last_name,email,phone,dob,postcode,card_last4",
            "id,first_name,last_name,email,phone,date_of_birth,postcode,last4",
        ]
    )
    rows: list[Frag] = [[header]]
    for i, p in enumerate(people):
        cid = N(c.digits(7), "customer_number") if i == 0 else c.digits(7)
        dob = c.birth_date()
        dob_s = dob.isoformat() if c.chance(0.6) else c.fmt_date(dob, "slash")
        addr = c.address()
        rows.append(
            render(
                "⟨id⟩,⟨f⟩,⟨l⟩,⟨m⟩,⟨ph⟩,⟨dob⟩,⟨pc⟩,⟨l4⟩",
                {
                    "id": cid,
                    "f": PER(p.first),
                    "l": PER(p.last),
                    "m": MAIL(c.email(p)),
                    "ph": TEL(c.phone(style=c.pick(["e164", "nat", "compact", "dash", "plain"]))),
                    "dob": DOB(dob_s),
                    "pc": (f'"{addr.postcode}"' if uk else addr.postcode),
                    "l4": c.digits(4),
                },
            )
        )
    c.doc.add(
        c.pick(
            [
                "Dedupe this CSV and tell me which rows look like the same person:",
                "Write a pandas script that validates this export:",
                "What's wrong with this file? Our import rejects it.",
            ]
        )
    )
    c.doc.add(join("\n", rows))


@frame("vcard_contact", "vcard", "A", US_GB)
def vcard_contact(c: Ctx) -> None:
    p = c.person()
    org = c.org()
    addr = c.address(flat=False)
    dob = c.birth_date()
    country = "USA" if c.region == "US" else "United Kingdom"
    if c.region == "US":
        city, rest = addr.town_line.split(", ", 1)
        state, zp = rest.split(" ")
        adr = f"{addr.street};{city};{state};{zp};{country}"
    else:
        adr = f"{addr.street};{addr.town};;{addr.postcode};{country}"
    card = render(
        """
        BEGIN:VCARD
        VERSION:3.0
        N:⟨last⟩;⟨first⟩;;;
        FN:⟨full⟩
        ORG:⟨org⟩
        TITLE:⟨title⟩
        TEL;TYPE=WORK,VOICE:⟨work⟩
        TEL;TYPE=CELL:⟨cell⟩
        EMAIL;TYPE=INTERNET:⟨mail⟩
        ADR;TYPE=HOME:;;⟨adr⟩
        BDAY:⟨bday⟩
        NOTE:Met at ⟨event⟩. Prefers text.
        END:VCARD
        """,
        {
            "last": PER(p.last),
            "first": PER(p.first),
            "full": PER(p.full),
            "org": ORG(org),
            "title": c.pick(["Director of Operations", "Senior Buyer", "Partner", "Controller"]),
            "work": TEL(c.phone(mobile=False, style=c.pick(["intl_sp", "intl", "e164", "paren"]))),
            "cell": TEL(c.phone(mobile=True, style=c.pick(["e164", "intl_dash", "intl"]))),
            "mail": MAIL(c.email(p, c.domain_of(org))),
            "adr": ADDR(adr),
            "bday": DOB(dob.isoformat() if c.chance(0.5) else dob.strftime("%Y%m%d")),
            "event": c.pick(
                ["the Denver expo", "SaaStr", "a customer dinner", "the London trade show"]
            ),
        },
    )
    c.doc.add(
        c.pick(
            [
                "Import this contact into our CRM format (JSON):",
                "Write a short intro email to this contact.",
                "Fix whatever is wrong with this vCard",
            ]
        )
    )
    c.doc.add(card)


@frame("invoice_dispute_email", "finance_email", "A", ("en_GB", "en_GB", "en_US"))
def invoice_dispute_email(c: Ctx) -> None:
    ap, vendor_p = c.people(2)
    buyer, vendor = c.org("GB"), c.org("GB")
    inv1, inv2 = c.n_invoice(), c.n_invoice()
    amt1, amt2 = c.n_amount(), c.n_amount()
    iban = c.iban("GB")
    bic = c.bic("GB", branch=c.chance(0.5))
    vat = v.fmt_vat(c.r, v.vat_id(c.r, "GB"))
    po = N(f"PO-{c.digits(5)}", "order_number")
    txt = render(
        """
        Subject: Invoices ⟨inv1⟩ and ⟨inv2⟩ – query before payment

        Dear ⟨vp⟩,

        We have received invoices ⟨inv1⟩ (⟨amt1⟩) and ⟨inv2⟩ (⟨amt2⟩) from ⟨vendor⟩. The second one references ⟨po⟩, which was closed in March, so we cannot pay it until it is reissued against the new PO.

        Could you also confirm your bank details? The remittance page shows
          IBAN ⟨iban⟩
          BIC ⟨bic⟩
        which differs from what we hold on file. As a precaution we will not update them until someone calls us back on the number we already have.

        Your VAT registration number is missing from ⟨inv2⟩ as well (we have ⟨vat⟩ on record).

        Kind regards,

        ⟨ap⟩
        Accounts Payable, ⟨buyer⟩
        ⟨tel⟩
        """,
        {
            "inv1": inv1,
            "inv2": N(inv2.value, "invoice_number"),
            "amt1": amt1,
            "amt2": amt2,
            "vendor": ORG(vendor),
            "po": po,
            "vp": PER(vendor_p.full if c.chance(0.5) else vendor_p.first),
            "iban": E(iban, "IBAN"),
            "bic": E(bic, "BIC"),
            "vat": E(vat, "VAT_ID"),
            "ap": PER(ap.full),
            "buyer": ORG(buyer),
            "tel": TEL(c.phone("GB", mobile=False, ext=0.4)),
        },
    )
    c.doc.add(
        c.pick(
            [
                "Make this email firmer but still polite.",
                "Proofread:",
                "Is there a fraud risk in this situation? Email below.",
            ]
        )
    )
    c.doc.add(txt)


@frame("postmortem_markdown", "markdown_doc", "A", US_GB)
def postmortem_markdown(c: Ctx) -> None:
    lead, oncall = c.people(2, foreign=0.2)
    ip = c.ip("public")
    ip6 = c.ip("v6")
    ts1, ts2 = c.n_timestamp(), c.n_timestamp()
    ver = c.n_version()
    leaked = c.secret(c.pick(["openai", "stripe", "github", "twilio", "mailgun"]))
    doc = render(
        """
        # Postmortem: checkout errors (SEV-2)

        **Author:** ⟨lead⟩ · **On-call:** ⟨oncall⟩

        ## Timeline (UTC)
        | time | event |
        |---|---|
        | ⟨ts1⟩ | alerts fire on checkout 5xx |
        | ⟨ts2⟩ | rollback to ⟨ver⟩ completes |

        ## Root cause
        A config push replaced the payment provider key with an expired one. The old key (`⟨leaked⟩`) was also printed to the build log, so it has been revoked.

        ## Contributing factors
        - health checks from ⟨ip⟩ and ⟨ip6⟩ kept the bad pods in rotation
        - ⟨oncall_first⟩ was paged twice because the first page went to a stale rota

        ## Action items
        - [ ] secrets only via the vault injector (owner: ⟨lead_first⟩)
        - [ ] alert on key expiry 14 days ahead
        """,
        {
            "lead": PER(lead.full),
            "oncall": PER(oncall.full),
            "ts1": ts1,
            "ts2": ts2,
            "ver": ver,
            "leaked": KEY(leaked),
            "ip": IP(ip),
            "ip6": IP(ip6),
            "oncall_first": PER(oncall.first),
            "lead_first": PER(lead.first),
        },
    )
    c.doc.add("Tighten up this postmortem and make the action items SMART:")
    c.doc.add(doc)


@frame("tsv_payroll_uk", "spreadsheet", "A", ("en_GB",))
def tsv_payroll_uk(c: Ctx) -> None:
    people = c.people(c.num(3, 5), foreign=0.2)
    rows: list[Frag] = [["Employee\tNI number\tDOB\tIBAN\tGross"]]
    for p in people:
        dob = c.birth_date(1960, 2004)
        rows.append(
            render(
                "⟨n⟩\t⟨ni⟩\t⟨dob⟩\t⟨iban⟩\t⟨gross⟩",
                {
                    "n": PER(p.rev if c.chance(0.5) else p.full),
                    "ni": E(v.fmt_nino(c.r, v.uk_nino(c.r)), "NATIONAL_ID"),
                    "dob": DOB(c.fmt_date(dob, c.pick(["slash", "slash", "iso", "dot"]))),
                    "iban": E(c.iban("GB", c.pick(["compact", "paper"])), "IBAN"),
                    "gross": f"£{c.num(1800, 7200)}.{c.pick(['00', '50', '33'])}",
                },
            )
        )
    c.doc.add(
        c.pick(
            [
                "This is pasted from the payroll sheet. Check every NI number is plausible and flag any issues.",
                "Reformat this as a markdown table sorted by surname:",
                "Calculate the total gross and the average. Data:",
            ]
        )
    )
    c.doc.add(join("\n", rows))


@frame("nhs_referral_letter", "letter", "A", ("en_GB",))
def nhs_referral_letter(c: Ctx) -> None:
    patient, gp = c.people(2)
    dob = c.birth_date(1940, 2010)
    addr = c.address()
    nhs = v.uk_nhs(c.r)
    nhs_s = c.pick([f"{nhs[:3]} {nhs[3:6]} {nhs[6:]}", nhs])
    practice = c.pick(["Riverside", "Meadowbank", "Park Lane", "Hillview", "St John's"]) + c.pick(
        [" Medical Centre", " Surgery", " Health Centre"]
    )
    letter = render(
        """
        ⟨practice⟩
        ⟨paddr⟩
        Tel: ⟨ptel⟩

        Re: ⟨pt⟩   DOB: ⟨dob⟩   NHS No: ⟨nhs⟩
        ⟨addr⟩

        Dear Colleague,

        Thank you for seeing this ⟨age⟩-year-old ⟨sex⟩ who presents with ⟨cond⟩. ⟨pron⟩ can be contacted on ⟨mob⟩.

        Yours sincerely,
        Dr ⟨gp⟩
        """,
        {
            "practice": ORG(practice),
            "paddr": ADDR(c.address().one()),
            "ptel": TEL(c.phone("GB", mobile=False)),
            "pt": PER(patient.full),
            "dob": DOB(c.fmt_date(dob, c.pick(["slash", "abbr", "long"]))),
            "nhs": E(nhs_s, "NATIONAL_ID"),
            "addr": ADDR(addr.block()),
            "age": str(2025 - dob.year),
            "sex": "woman" if patient.female else "man",
            "cond": c.pick(
                [
                    "a three-month history of intermittent chest pain",
                    "worsening knee pain despite physiotherapy",
                    "recurrent migraines",
                ]
            ),
            "pron": "She" if patient.female else "He",
            "mob": TEL(c.phone("GB", mobile=True)),
            "gp": PER(gp.full),
        },
    )
    c.doc.add("Summarise this referral letter for the triage team in three bullet points.")
    c.doc.add(letter)


@frame("ssh_key_help", "chat_history", "A", US_GB, neg_rate=0.6)
def ssh_key_help(c: Ctx) -> None:
    key = c.pem(c.pick(["ssh_ed", "ssh_rsa", "rsa1", "rsa8"]))
    server = c.ip(c.pick(["public", "private"]))
    pub = N(v.ssh_public_line(c.r, c.pick(["deploy@ci", "laptop", ""])), "public_key")
    remote = N(
        c.pick(
            [
                "git@github.com:acme/payments-service.git",
                "git@gitlab.com:platform/infra.git",
                "ssh://git@bitbucket.org/acme/web.git",
            ]
        ),
        "git_remote",
    )
    c.doc.add("You are a helpful DevOps assistant.")
    c.doc.add(
        render(
            """
        getting "Permission denied (publickey)" when I ssh to ⟨srv⟩ and when I clone ⟨remote⟩. this is the key I'm using (~/.ssh/id_deploy):

        ⟨key⟩

        and this is what's in authorized_keys on the server:
        ⟨pub⟩
        """,
            {"srv": IP(server), "remote": remote, "key": E(key, "PRIVATE_KEY"), "pub": pub},
        )
    )
    c.doc.add(
        "Stop — you've just pasted a private key. Treat it as compromised: remove its public half from every authorized_keys file and generate a new pair. The public key on the server doesn't match that private key, which explains the error."
    )
    c.doc.add(
        render("ugh ok. the server is ⟨srv⟩ btw, is port 22 open?", {"srv": IP(server)})
        if c.chance(0.5)
        else "ok, how do I generate a new ed25519 key?"
    )


@frame("travel_agent_booking", "chat_history", "A", US_GB, neg_rate=0.5)
def travel_agent_booking(c: Ctx) -> None:
    trav, me = c.people(2)
    dob = c.birth_date(1955, 2000)
    pp = v.passport(c.r, "GB" if c.region == "GB" else "US")
    card = c.card(c.pick(["visa", "mastercard", "amex", "amex", "diners", "discover", "jcb"]))
    pnr = N(c.letters(6), "booking_reference")
    c.doc.add(
        "You are a corporate travel assistant. Book flights and hotels via the booking tools; ask for missing traveller details."
    )
    c.doc.add(
        render(
            "Need a flight for ⟨t⟩ to ⟨city⟩ next Tuesday, back Friday. ⟨pron⟩ DOB is ⟨dob⟩, passport ⟨pp⟩. Put it on the company card ⟨card⟩ exp ⟨exp⟩. Thanks, ⟨me⟩",
            {
                "t": PER(trav.full),
                "city": c.pick(["Frankfurt", "Chicago", "Singapore", "Toronto", "Zurich"]),
                "pron": "Her" if trav.female else "His",
                "dob": DOB(c.fmt_date(dob)),
                "pp": E(pp, "PASSPORT"),
                "card": E(card, "CREDIT_CARD"),
                "exp": f"{c.num(1, 12):02d}/{c.num(26, 30)}",
                "me": PER(me.first),
            },
        )
    )
    c.doc.add(
        json_frag(
            {
                "tool": "book_flight",
                "result": {
                    "status": "confirmed",
                    "pnr": pnr,
                    "passenger": PER(trav.full),
                    "fare": c.n_amount(),
                    "ticket": N(f"{c.num(100, 999)}-{c.digits(10)}", "ticket_number"),
                },
            },
            indent=None,
        )
    )
    c.doc.add(
        render(
            "Booked! Confirmation code ⟨pnr⟩ for ⟨t⟩. Seat preference or frequent-flyer number to add?",
            {"pnr": N(pnr.value, "booking_reference"), "t": PER(trav.first)},
        )
    )


@frame("eu_contractor_onboarding", "hr_email", "A", US_GB)
def eu_contractor_onboarding(c: Ctx) -> None:
    cc = c.pick(["ES", "NL", "FR", "PL"])
    loc = {"ES": "es_ES", "NL": "nl_NL", "FR": "fr_FR", "PL": "pl_PL"}[cc]
    p = c.person(locale=loc)
    hr = c.person()
    dob = c.birth_date(1970, 2000)
    nid, nid_name = {
        "ES": (v.es_dni(c.r), "DNI"),
        "NL": (v.nl_bsn(c.r), "BSN"),
        "FR": (v.fr_nir(c.r, dob, p.female), "numéro de sécurité sociale"),
        "PL": (v.pl_pesel(c.r, dob, p.female), "PESEL"),
    }[cc]
    vat = v.vat_id(c.r, cc) if cc in ("NL", "FR") else None
    msg = render(
        """
        Hi ⟨hr⟩,

        as requested, my details for the contractor agreement:

        Full name: ⟨name⟩
        Date of birth: ⟨dob⟩
        ⟨nidname⟩: ⟨nid⟩
        ⟨vat⟩Bank: ⟨iban⟩ (BIC ⟨bic⟩)
        Phone: ⟨ph⟩

        Let me know if you need a copy of my ID as well.

        Best regards,
        ⟨first⟩
        """,
        {
            "hr": PER(hr.first),
            "name": PER(p.full),
            "dob": DOB(
                dob.isoformat() if c.chance(0.3) else f"{dob.day:02d}/{dob.month:02d}/{dob.year}"
            ),
            "nidname": nid_name,
            "nid": E(nid, "NATIONAL_ID"),
            "vat": render("VAT number: ⟨v⟩\n", {"v": E(vat, "VAT_ID")}) if vat else "",
            "iban": E(c.iban(cc if cc != "PL" else "PL"), "IBAN"),
            "bic": E(c.bic(cc), "BIC"),
            "ph": TEL(c.phone(cc if cc in ("NL", "FR") else "GB")),
            "first": PER(p.first),
        },
    )
    c.doc.add(
        c.pick(
            [
                "Check this contractor's details are complete for our vendor setup form.",
                "Draft a reply confirming receipt and asking for a copy of their ID.",
                "Put these details into our vendor JSON template.",
            ]
        )
    )
    c.doc.add(msg)


@frame("loan_application_form", "kyc_form", "A", ("en_US", "en_US", "en_GB"), neg_rate=0.6)
def loan_application_form(c: Ctx) -> None:
    p = c.person()
    dob = c.birth_date(1955, 2002)
    addr = c.address()
    emp = c.org()
    us = c.region == "US"
    if us:
        itin = c.chance(0.4)
        tid = E(
            v.fmt_ssn(
                c.r,
                v.us_itin(c.r) if itin else v.us_ssn(c.r),
                c.pick(["dash", "dash", "compact", "space"]),
            ),
            "US_ITIN" if itin else "US_SSN",
        )
        tlabel = "SSN/ITIN"
    else:
        tid = E(v.fmt_nino(c.r, v.uk_nino(c.r)), "NATIONAL_ID")
        tlabel = "National Insurance no."
    rej = (
        N(v.bad_ssn(c.r), "bad_ssn")
        if us
        else N(v.fmt_iban(c.r, v.bad_iban(c.r, "GB"), "paper"), "bad_iban")
    )
    fields: list[Frag] = [
        render("Applicant: ⟨n⟩", {"n": PER(p.full)}),
        render("Date of birth: ⟨d⟩", {"d": DOB(c.fmt_date(dob))}),
        render("⟨tl⟩: ⟨t⟩", {"tl": tlabel, "t": tid}),
        render("Home address: ⟨a⟩", {"a": ADDR(addr.one())}),
        render("Mobile: ⟨m⟩   Email: ⟨e⟩", {"m": TEL(c.phone(mobile=True)), "e": MAIL(c.email(p))}),
        render(
            "Employer: ⟨o⟩ (⟨y⟩ yrs)   Gross income: ⟨inc⟩",
            {"o": ORG(emp), "y": str(c.num(1, 15)), "inc": c.amount(25000, 160000)},
        ),
        render(
            "Loan amount requested: ⟨amt⟩, term ⟨term⟩ months",
            {"amt": c.n_amount(2000, 60000), "term": str(c.pick([24, 36, 48, 60]))},
        ),
    ]
    note = (
        render(
            "Underwriter note: first submission had ⟨rej⟩, which failed verification; applicant corrected it.",
            {"rej": rej},
        )
        if c.chance(0.8)
        else [""]
    )
    c.doc.add(
        c.pick(
            [
                "Summarise this loan application for the credit committee and flag risks.",
                "Which fields are missing or inconsistent in this application?",
                "Draft a decline letter template for this applicant (don't include their ID numbers).",
            ]
        )
    )
    c.doc.add(join("\n", fields), "\n\n", note)


# =============================================================================== half B


@frame("support_reply_quoted", "email_thread", "B", US_GB)
def support_reply_quoted(c: Ctx) -> None:
    cust, agent = c.people(2)
    org = c.org()
    dom = c.domain_of(org)
    cmail = c.email(cust)
    amail = c.email(agent, dom)
    old_addr, new_addr = c.address(), c.address()
    tick = c.n_ticket()
    d = c.recent_date()
    wrote = (
        f"On {d.strftime('%a')}, {c.fmt_date(d, 'long')} at {c.num(8, 18)}:{c.num(10, 59)}"
        if c.region == "GB"
        else f"On {d.strftime('%a')}, {c.fmt_date(d, 'abbr')} at {c.num(1, 11)}:{c.num(10, 59)} PM"
    )
    quoted_addr = "\n".join("> " + line for line in old_addr.lines)
    body = render(
        """
        Hi ⟨af⟩,

        Thanks - yes please update it. The new address is:

        ⟨new⟩

        and please stop using the old landline, my mobile is ⟨mob⟩.

        ⟨cf⟩

        ⟨wrote⟩, ⟨agent⟩ <⟨amail⟩> wrote:
        > Hello ⟨cf⟩,
        >
        > Thanks for getting in touch about ⟨tick⟩. Before we ship the replacement, can you confirm the delivery address we have on file:
        >
        ⟨old⟩
        >
        > Kind regards,
        > ⟨agent⟩
        > ⟨org⟩ Customer Care
        """,
        {
            "af": PER(agent.first),
            "new": ADDR(new_addr.block()),
            "mob": TEL(c.phone(mobile=True)),
            "cf": PER(cust.first),
            "wrote": wrote,
            "agent": PER(agent.full),
            "amail": MAIL(amail),
            "tick": tick,
            "old": ["> ", ADDR(quoted_addr[2:])],
            "org": ORG(org),
        },
    )
    c.doc.add(
        c.pick(
            [
                "Extract the customer's updated contact details from this thread as JSON.",
                "Write the agent's reply confirming the change.",
                "What does the customer want? Thread:",
            ]
        )
    )
    c.doc.add(
        render(
            "From: ⟨cust⟩ <⟨cm⟩>\nSubject: Re: ⟨tick⟩ replacement\n\n",
            {"cust": PER(cust.full), "cm": MAIL(cmail), "tick": N(tick.value, "ticket_number")},
        ),
        body,
    )


@frame("w9_ocr", "ocr_form", "B", ("en_US",))
def w9_ocr(c: Ctx) -> None:
    p = c.person()
    addr = c.address(flat=False)
    itin = c.chance(0.35)
    raw = v.us_itin(c.r) if itin else v.us_ssn(c.r)
    spaced = c.pick(
        [
            f"{raw[:3]} {raw[3:5]} {raw[5:]}",
            f"{raw[:3]}-{raw[3:5]}-{raw[5:]}",
            f"{raw[:3]} - {raw[3:5]} - {raw[5:]}",
            f"{raw[:3]}  {raw[3:5]}  {raw[5:]}",
        ]
    )
    biz = c.org("US") if c.chance(0.4) else ""
    form = render(
        """
        Form W-9 (Rev. March 2024)   Request for Taxpayer
        Identification Number and Certification
        1 Name (as shown on your income tax return)
          ⟨name⟩
        2 Business name/disregarded entity name, if different from above
          ⟨biz⟩
        3a Check the appropriate box ... [X] Individual/sole proprietor
        5 Address (number, street, and apt. or suite no.)
          ⟨street⟩
        6 City, state, and ZIP code
          ⟨town⟩
        Part I  Taxpayer Identification Number (TIN)
        Social security number
          ⟨tin⟩
        or Employer identification number
          __ - _______
        Signature of U.S. person ▸ ⟨sig⟩      Date ▸ ⟨date⟩
        """,
        {
            "name": PER(p.full),
            "biz": ORG(biz) if biz else "",
            "street": ADDR(addr.street),
            "town": ADDR(addr.town_line),
            "tin": E(spaced, "US_ITIN" if itin else "US_SSN"),
            "sig": PER(p.full),
            "date": c.fmt_date(c.recent_date(), "slash"),
        },
    )
    c.doc.add(
        "This is OCR output from a scanned W-9. Pull out the name, address and TIN and tell me if anything looks wrong."
    )
    c.doc.add(form)


@frame("teams_payroll_chat", "chat_export", "B", US_GB)
def teams_payroll_chat(c: Ctx) -> None:
    emp, pay = c.people(2)
    uk = c.region == "GB"
    idv = v.fmt_nino(c.r, v.uk_nino(c.r)) if uk else v.fmt_ssn(c.r, v.us_ssn(c.r))
    label = "NATIONAL_ID" if uk else "US_SSN"
    iban = c.iban("GB" if uk else c.pick(["DE", "NL", "IE"]))
    d = c.recent_date()
    msgs = render(
        """
        ⟨emp⟩  ⟨t1⟩
        hi ⟨pf⟩, my payslip still shows emergency tax code. my ⟨idname⟩ is ⟨id⟩ if you need it
        ⟨pay⟩  ⟨t2⟩
        Thanks ⟨ef⟩, I'll raise it with HMRC/our provider. Can you confirm your date of birth for the record?
        ⟨emp⟩  ⟨t3⟩
        ⟨dob⟩
        ⟨emp⟩  ⟨t4⟩
        also I changed banks, new account: ⟨iban⟩
        ⟨pay⟩  ⟨t5⟩
        Please don't send bank details over chat 🙏 use the self-service portal. I'll ignore the one above.
        """,
        {
            "emp": PER(emp.full),
            "pay": PER(pay.full),
            "pf": PER(pay.first),
            "ef": PER(emp.first),
            "t1": f"{d.day:02d}/{d.month:02d} 09:1{c.num(0, 9)}",
            "t2": "09:2" + str(c.num(0, 9)),
            "t3": "09:3" + str(c.num(0, 9)),
            "t4": "09:4" + str(c.num(0, 9)),
            "t5": "09:5" + str(c.num(0, 9)),
            "idname": "NI number" if uk else "social",
            "id": E(idv, label),
            "dob": DOB(c.fmt_date(c.birth_date())),
            "iban": E(iban, "IBAN"),
        },
    )
    c.doc.add(
        "Summarise this Teams conversation for the payroll ticket. Leave out anything that shouldn't be in a ticket."
    )
    c.doc.add(msgs)


@frame("kyc_passport_ocr", "kyc_form", "B", US_GB)
def kyc_passport_ocr(c: Ctx) -> None:
    p = c.person(foreign=0.0)
    uk = c.region == "GB"
    dob = c.birth_date(1955, 2004)
    num = v.passport(c.r, "GB" if uk else "US")
    exp = c.recent_date().replace(year=2029 + c.num(0, 4))
    l1, l2 = v.mrz_td3(p.last, p.first, num, "GBR" if uk else "USA", dob, p.female, exp)
    name_mrz = l1[5 : 5 + len(l1[5:].rstrip("<"))]
    addr = c.address()
    months = ("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC")
    dob_ocr = (
        f"{dob.day:02d} {months[dob.month - 1]} /{months[dob.month - 1][:1]}{months[dob.month - 1][1:].lower()} {dob.year % 100:02d}"
        if c.chance(0.3)
        else f"{dob.day:02d} {months[dob.month - 1]} {dob.year}"
    )
    ocr = render(
        """
        PASSPORT   ⟨country⟩
        Type/Type  Code/Code  Passport No./No. du passeport
        P          ⟨code⟩        ⟨num⟩
        Surname/Nom
        ⟨last⟩
        Given names/Prénoms
        ⟨first⟩
        Date of birth/Date de naissance
        ⟨dob⟩
        Sex/Sexe   ⟨sex⟩
        Date of expiry  ⟨exp⟩

        ⟨l1a⟩⟨nm⟩⟨l1b⟩
        ⟨num2⟩⟨l2a⟩⟨mdob⟩⟨l2b⟩
        """,
        {
            "country": "UNITED KINGDOM OF GREAT BRITAIN AND NORTHERN IRELAND"
            if uk
            else "UNITED STATES OF AMERICA",
            "code": "GBR" if uk else "USA",
            "num": E(num, "PASSPORT"),
            "last": PER(p.last.upper()),
            "first": PER(p.first.upper()),
            "dob": DOB(dob_ocr),
            "sex": "F" if p.female else "M",
            "exp": exp.strftime("%d %b %Y").upper(),
            "l1a": l1[:5],
            "nm": PER(name_mrz),
            "l1b": l1[5 + len(name_mrz) :],
            "num2": E(l2[:9], "PASSPORT"),
            "l2a": l2[9:13],
            "mdob": DOB(l2[13:19]),
            "l2b": l2[19:],
        },
    )
    form = render(
        """
        Customer onboarding – proof of identity
        Full name: ⟨full⟩
        Residential address: ⟨addr⟩
        Contact number: ⟨ph⟩
        """,
        {"full": PER(p.full), "addr": ADDR(addr.one()), "ph": TEL(c.phone())},
    )
    c.doc.add(
        "You are a KYC assistant. Compare the passport scan with the onboarding form and list any mismatches."
    )
    c.doc.add(ocr)
    c.doc.add(form)


@frame("assistant_crm_lookup_tool", "tool_conversation", "B", US_GB)
def assistant_crm_lookup_tool(c: Ctx) -> None:
    p = c.person()
    agent = c.person()
    mail = c.email(p)
    addr = c.address()
    dob = c.birth_date()
    cid = c.n_customer()
    c.doc.add(
        "You are the CRM assistant for the support team. Use the lookup_customer tool; never reveal full card numbers."
    )
    c.doc.add(
        render(
            "hey, can you pull up the account for ⟨mail⟩? they say they never got the renewal email. – ⟨a⟩",
            {"mail": MAIL(mail), "a": PER(agent.first)},
        )
    )
    c.doc.add(
        json_frag({"name": "lookup_customer", "arguments": {"email": MAIL(mail)}}, indent=None)
    )
    c.doc.add(
        json_frag(
            {
                "id": cid,
                "name": PER(p.full),
                "email": MAIL(mail),
                "phone": TEL(c.phone(style="e164")),
                "dob": DOB(dob.isoformat()),
                "billing_address": ADDR(addr.one()),
                "plan": c.pick(["pro_annual", "team_monthly", "basic"]),
                "card": {"brand": c.pick(["visa", "mastercard", "amex"]), "last4": c.digits(4)},
                "email_bounced": True,
                "last_login_ip": IP(c.ip("public")),
            },
            indent=c.pick([None, 2]),
            ascii_only=c.chance(0.4),
        )
    )
    c.doc.add(
        render(
            "I found ⟨fn⟩'s account. The renewal email bounced — the address on file hard-bounced last month. Want me to ask them to confirm ⟨mail⟩ or add a backup address?",
            {"fn": PER(p.first), "mail": MAIL(mail)},
        )
    )


@frame("nginx_combined_log", "app_log", "B", US_GB)
def nginx_combined_log(c: Ctx) -> None:
    lines: list[Frag] = []
    for i in range(c.num(4, 6)):
        ip = c.ip(c.pick(["public", "public", "v6", "private"]))
        ts = c.timestamp("clf")
        path = c.pick(["/api/v1/orders", "/login", "/static/app.js", "/health", "/api/v1/export"])
        q: Frag = [""]
        if i == 1:
            p = c.person()
            q = (
                render("?email=⟨m⟩&ref=newsletter", {"m": MAIL(c.email(p).replace("@", "%40"))})
                if c.chance(0.3)
                else render("?email=⟨m⟩", {"m": MAIL(c.email(p))})
            )
        if i == 2 and c.chance(0.7):
            q = render("?api_key=⟨k⟩", {"k": KEY(c.secret(c.pick(["google", "generic", "hex32"])))})
        xff: Frag = render(' "⟨x⟩"', {"x": IP(c.ip("public"))}) if c.chance(0.3) else [' "-"']
        tsn: Frag = [N(ts, "timestamp")] if i == 0 and c.chance(0.5) else [ts]
        lines.append(
            render(
                '⟨ip⟩ - - [⟨ts⟩] "GET ⟨path⟩⟨q⟩ HTTP/1.1" ⟨st⟩ ⟨sz⟩ "-" "⟨ua⟩"⟨xff⟩',
                {
                    "ip": IP(ip),
                    "ts": tsn,
                    "path": path,
                    "q": q,
                    "st": str(c.pick([200, 200, 301, 404, 499, 502])),
                    "sz": str(c.num(0, 90000)),
                    "ua": c.pick(
                        [
                            "curl/8.5.0",
                            "Mozilla/5.0 (X11; Linux x86_64)",
                            "python-requests/2.31.0",
                            "Googlebot/2.1",
                        ]
                    ),
                    "xff": xff,
                },
            )
        )
    c.doc.add(
        c.pick(
            [
                "Which client is causing the 502s?",
                "Write a GoAccess-style summary of these nginx logs:",
                "Anything suspicious here?",
            ]
        )
    )
    c.doc.add(join("\n", lines))


@frame("python_traceback_locals", "stack_trace", "B", US_GB)
def python_traceback_locals(c: Ctx) -> None:
    p = c.person()
    mail = c.email(p)
    pw = c.password()
    host = c.ip("private")
    card = c.card(sep="")
    tb = render(
        """
        Traceback (most recent call last):
          File "/app/billing/charge.py", line 88, in charge_customer
            resp = gateway.charge(card=payload["card_number"], amount=total)
              payload = {'customer': '⟨name⟩', 'email': '⟨mail⟩', 'card_number': '⟨card⟩', 'amount': ⟨amt⟩}
              total = ⟨amt⟩
          File "/app/billing/gateway.py", line 41, in charge
            conn = psycopg2.connect("postgresql://billing:⟨pw⟩@⟨host⟩/billing")
        psycopg2.OperationalError: connection to server at "⟨host⟩", port 5432 failed: FATAL:  password authentication failed for user "billing"
        """,
        {
            "name": PER(p.full),
            "mail": MAIL(mail),
            "card": E(card, "CREDIT_CARD"),
            "amt": f"{c.num(5, 900)}.{c.num(10, 99)}",
            "pw": KEY(pw),
            "host": IP(host),
        },
    )
    env = render(
        "Sentry event ⟨eid⟩ · release ⟨rel⟩\n",
        {"eid": c.n_uuid() if c.chance(0.5) else c.hexs(32), "rel": c.n_version()},
    )
    c.doc.add(
        c.pick(
            [
                "Explain this error and how to fix it:",
                "Our billing worker keeps failing, here's the Sentry event:",
            ]
        )
    )
    c.doc.add(env, tb)


@frame("dotenv_monorepo", "config_file", "B", US_GB)
def dotenv_monorepo(c: Ctx) -> None:
    rows: list[Frag] = [["# shared .env for local dev -- DO NOT COMMIT"]]
    choices = c.sample(
        [
            ("GITHUB_TOKEN", "github"),
            ("SLACK_BOT_TOKEN", "slack"),
            ("OPENAI_API_KEY", "openai"),
            ("ANTHROPIC_API_KEY", "anthropic"),
            ("TWILIO_API_KEY", "twilio"),
            ("MAILGUN_API_KEY", "mailgun"),
            ("HF_TOKEN", "huggingface"),
            ("NPM_TOKEN", "npm"),
            ("TELEGRAM_BOT_TOKEN", "telegram"),
            ("DISCORD_TOKEN", "discord"),
            ("SHOPIFY_ACCESS_TOKEN", "shopify"),
            ("DO_TOKEN", "digitalocean"),
        ],
        c.num(3, 6),
    )
    for name, vendor in choices:
        val = c.secret(vendor)
        q = c.pick(["", "", '"', "'"])
        rows.append(render(f"{name}={q}⟨v⟩{q}", {"v": KEY(val)}))
    rows.append(
        render(
            "AWS_ACCESS_KEY_ID=⟨a⟩\nAWS_SECRET_ACCESS_KEY=⟨s⟩",
            {"a": KEY(v.aws_access_key_id(c.r)), "s": KEY(v.aws_secret(c.r))},
        )
        if c.chance(0.5)
        else ["AWS_PROFILE=dev"]
    )
    rows.append(
        render(
            "REDIS_URL=redis://:⟨pw⟩@localhost:⟨port⟩/0",
            {"pw": KEY(c.password("random")), "port": N("6379", "port")},
        )
        if c.chance(0.5)
        else ["REDIS_URL=redis://localhost:6379/0"]
    )
    if c.chance(0.5):
        rows.append(
            render(
                "SENTRY_DSN=⟨ph⟩",
                {
                    "ph": N(
                        c.pick(["${SENTRY_DSN}", "<set me>", "your-dsn-here"]), "secret_placeholder"
                    )
                },
            )
        )
    body = rows[:1] + c.sample(rows[1:], len(rows) - 1)
    c.doc.add(
        c.pick(
            [
                "Which of these variables are unused in a typical Next.js app?",
                "sort these env vars and group them by service",
                "I accidentally pushed this file to a public repo. What do I need to do, in order?",
            ]
        )
    )
    c.doc.add(join("\n", body))


@frame("k8s_secret_manifest", "config_file", "B", US_GB)
def k8s_secret_manifest(c: Ctx) -> None:
    pw = c.password()
    b64 = base64.b64encode(c.password("random").encode()).decode()
    key = c.pem(c.pick(["rsa8", "ec", "ec8", "rsa1"]))
    indented = "\n".join("    " + line for line in key.splitlines())
    ver = c.n_version()
    ip = c.ip("private")
    yml = render(
        """
        apiVersion: v1
        kind: Secret
        metadata:
          name: orders-db
        type: Opaque
        stringData:
          DB_PASSWORD: "⟨pw⟩"
          tls.key: |
            ⟨key⟩
        data:
          REPLICA_PASSWORD: ⟨b64⟩
        ---
        apiVersion: apps/v1
        kind: Deployment
        metadata:
          name: orders
        spec:
          template:
            spec:
              hostAliases:
                - ip: "⟨ip⟩"
                  hostnames: ["db.internal"]
              containers:
                - name: orders
                  image: registry.internal/orders:⟨ver⟩
        """,
        {
            "pw": KEY(pw),
            "key": E(indented[4:], "PRIVATE_KEY"),
            "b64": KEY(b64),
            "ip": IP(ip),
            "ver": ver,
        },
    )
    c.doc.add(
        c.pick(
            [
                "kubectl apply says the secret is invalid. What's wrong?",
                "Convert this Secret to a SealedSecret workflow, step by step.",
                "review this manifest",
            ]
        )
    )
    c.doc.add(yml)


@frame("github_actions_workflow", "config_file", "B", US_GB)
def github_actions_workflow(c: Ctx) -> None:
    leaked = c.secret(c.pick(["npm", "pypi", "github", "gitlab"]))
    ph1 = N("${{ secrets.NPM_TOKEN }}", "secret_placeholder")
    node = N(str(c.pick([18, 20, 22])), "version")
    yml = render(
        """
        name: release
        on:
          push:
            tags: ["v*"]
        jobs:
          publish:
            runs-on: ubuntu-latest
            steps:
              - uses: actions/checkout@v4
              - uses: actions/setup-node@v4
                with:
                  node-version: ⟨node⟩
                  registry-url: https://registry.npmjs.org
              - run: npm ci && npm publish
                env:
                  NODE_AUTH_TOKEN: ⟨ph1⟩
              - name: upload docs
                run: curl -H "Authorization: token ⟨leaked⟩" -X POST https://uploads.example.dev/docs
        """,
        {"node": node, "ph1": ph1, "leaked": KEY(leaked)},
    )
    c.doc.add("Why does the publish step pass but the docs upload fail with 401?")
    c.doc.add(yml)


@frame("node_fetch_snippet", "code", "B", US_GB)
def node_fetch_snippet(c: Ctx) -> None:
    gkey = c.secret("google")
    jwt = c.jwt(sub=c.uuid())
    tg = c.secret(c.pick(["telegram", "discord"]))
    code = render(
        """
        const firebaseConfig = {
          apiKey: "⟨g⟩",
          authDomain: "orders-prod.firebaseapp.com",
          projectId: "orders-prod",
        };

        // TODO remove hardcoded token before merging
        const res = await fetch(`${API}/v1/me`, {
          headers: { Authorization: "Bearer ⟨jwt⟩" },
        });

        const bot = new Bot("⟨tg⟩");
        bot.on("message", (ctx) => ctx.reply("pong"));
        """,
        {"g": KEY(gkey), "jwt": E(jwt, "JWT"), "tg": KEY(tg)},
    )
    c.doc.add(
        c.pick(
            [
                "Convert this to TypeScript with proper types:",
                "Why is res.status 401 when the token works in Postman?",
                "make this code production ready",
            ]
        )
    )
    c.doc.add(cat("```js\n", code, "```"))


@frame("psql_user_query", "sql", "B", ("en_US",), neg_rate=0.6)
def psql_user_query(c: Ctx) -> None:
    people = c.people(3, foreign=0.2)
    rows: list[Frag] = []
    for p in people:
        mail = c.email(p)
        ssn = v.fmt_ssn(c.r, v.us_ssn(c.r), c.pick(["dash", "compact"]))
        dob = c.birth_date()
        rows.append(
            render(
                " ⟨id⟩ | ⟨m⟩ | ⟨ssn⟩ | ⟨dob⟩ | ⟨st⟩",
                {
                    "id": str(c.num(1000, 99999)),
                    "m": MAIL(mail),
                    "ssn": E(ssn, "US_SSN"),
                    "dob": DOB(dob.isoformat()),
                    "st": c.pick(["active", "pending", "locked"]),
                },
            )
        )
    bad = N(v.bad_ssn(c.r), "bad_ssn")
    sql = render(
        """
        billing=> SELECT id, email, ssn, dob, status FROM applicants WHERE created_at > now() - interval '1 day';
          id   |          email           |     ssn     |    dob     | status
        -------+--------------------------+-------------+------------+--------
        ⟨rows⟩
        (3 rows)

        billing=> SELECT count(*) FROM applicants WHERE ssn = '⟨bad⟩';
         count
        -------
             1
        """,
        {"rows": join("\n", rows), "bad": bad},
    )
    c.doc.add(
        "Someone inserted a test SSN into prod. Write a safe UPDATE to null it out, and explain the output below."
    )
    c.doc.add(sql)


@frame("markdown_vendor_table", "markdown_doc", "B", ("en_GB", "en_US"))
def markdown_vendor_table(c: Ctx) -> None:
    rows: list[Frag] = [
        ["| Vendor | Contact | Email | Phone | VAT | IBAN / BIC |", "\n|---|---|---|---|---|---|"]
    ]
    for _ in range(c.num(2, 4)):
        cc = c.pick(["GB", "DE", "FR", "NL", "IT", "AT"])
        org, p = (
            c.org(
                "GB" if cc == "GB" else "US" if cc == "NL" else "DE" if cc in ("DE", "AT") else "GB"
            ),
            c.person(),
        )
        rows.append(
            render(
                "\n| ⟨o⟩ | ⟨p⟩ | ⟨m⟩ | ⟨ph⟩ | ⟨vat⟩ | ⟨iban⟩ / ⟨bic⟩ |",
                {
                    "o": ORG(org),
                    "p": PER(p.full),
                    "m": MAIL(c.email(p, c.domain_of(org))),
                    "ph": TEL(
                        c.phone(
                            cc if cc in ("GB", "DE", "AT", "FR", "NL", "IT") else "GB",
                            style="intl" if cc in ("GB", "DE", "AT") else None,
                        )
                    ),
                    "vat": E(v.fmt_vat(c.r, v.vat_id(c.r, cc)), "VAT_ID"),
                    "iban": E(c.iban(cc, "compact"), "IBAN"),
                    "bic": E(c.bic(cc), "BIC"),
                },
            )
        )
    c.doc.add(
        c.pick(
            [
                "Check this supplier table for inconsistencies (country of VAT vs IBAN etc.):",
                "Convert to CSV",
                "Which of these suppliers are in the EU?",
            ]
        )
    )
    c.doc.add(*rows)


@frame("xml_payment_request", "xml", "B", US_GB, neg_rate=0.5)
def xml_payment_request(c: Ctx) -> None:
    p = c.person()
    addr = c.address(flat=False)
    card = c.card(sep="")
    dob = c.birth_date()
    xml = render(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:pay="urn:acme:payments:v3">
          <soapenv:Body>
            <pay:AuthorizeRequest>
              <pay:MerchantRef>⟨ref⟩</pay:MerchantRef>
              <pay:Cardholder>
                <pay:Name>⟨name⟩</pay:Name>
                <pay:DateOfBirth>⟨dob⟩</pay:DateOfBirth>
                <pay:Email>⟨mail⟩</pay:Email>
                <pay:BillingAddress>
                  <pay:Street>⟨street⟩</pay:Street>
                  <pay:City>⟨city⟩</pay:City>
                  <pay:PostalCode>⟨pc⟩</pay:PostalCode>
                </pay:BillingAddress>
              </pay:Cardholder>
              <pay:Card><pay:PAN>⟨pan⟩</pay:PAN><pay:Expiry>⟨exp⟩</pay:Expiry></pay:Card>
              <pay:Amount currency="⟨cur⟩">⟨amt⟩</pay:Amount>
            </pay:AuthorizeRequest>
          </soapenv:Body>
        </soapenv:Envelope>
        """,
        {
            "ref": c.n_order(),
            "name": PER(p.full),
            "dob": DOB(dob.isoformat()),
            "mail": MAIL(c.email(p)),
            "street": ADDR(addr.street),
            "city": addr.town,
            "pc": addr.postcode,
            "pan": E(card, "CREDIT_CARD"),
            "exp": f"{c.num(1, 12):02d}{c.num(26, 30)}",
            "cur": "USD" if c.region == "US" else "GBP",
            "amt": f"{c.num(5, 2000)}.{c.num(10, 99)}",
        },
    )
    c.doc.add(
        c.pick(
            [
                "The gateway rejects this with 'schema validation failed'. Can you spot why?",
                "Rewrite this SOAP request as a REST JSON body.",
            ]
        )
    )
    c.doc.add(xml)


@frame("ics_meeting_invite", "calendar", "B", US_GB)
def ics_meeting_invite(c: Ctx) -> None:
    org_p, att1, att2 = c.people(3)
    org = c.org()
    dom = c.domain_of(org)
    ext_org = c.org()
    dial = c.phone(style=c.pick(["intl_sp", "intl", "intl_dash", "e164"]))
    uid = c.n_uuid()
    ics = render(
        """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Microsoft Corporation//Outlook 16.0 MIMEDIR//EN
        BEGIN:VEVENT
        UID:⟨uid⟩
        DTSTART;TZID=⟨tz⟩:⟨start⟩
        SUMMARY:Contract review – ⟨ext⟩
        ORGANIZER;CN=⟨on⟩:mailto:⟨om⟩
        ATTENDEE;ROLE=REQ-PARTICIPANT;CN=⟨a1⟩:mailto:⟨m1⟩
        ATTENDEE;ROLE=OPT-PARTICIPANT;CN=⟨a2⟩:mailto:⟨m2⟩
        LOCATION:Room 4.12 / dial-in
        DESCRIPTION:Dial-in: ⟨dial⟩\\nIf the line drops call ⟨ofirst⟩ on ⟨mob⟩.
        END:VEVENT
        END:VCALENDAR
        """,
        {
            "uid": uid,
            "tz": "America/New_York" if c.region == "US" else "Europe/London",
            "start": f"2025{c.num(1, 12):02d}{c.num(10, 28)}T{c.num(9, 16)}0000",
            "ext": ORG(ext_org),
            "on": PER(org_p.full),
            "om": MAIL(c.email(org_p, dom)),
            "a1": PER(att1.full),
            "m1": MAIL(c.email(att1, c.domain_of(ext_org))),
            "a2": PER(att2.full),
            "m2": MAIL(c.email(att2, dom)),
            "dial": TEL(dial),
            "ofirst": PER(org_p.first),
            "mob": TEL(c.phone(mobile=True)),
        },
    )
    c.doc.add("Turn this calendar invite into a plain-English summary (who, when, how to join).")
    c.doc.add(ics)


@frame("meeting_notes_bullets", "meeting_notes", "B", US_GB)
def meeting_notes_bullets(c: Ctx) -> None:
    a, b, d = c.people(3)
    cust = c.person()
    cust_org = c.org()
    t1, t2 = c.n_ticket(), c.n_ticket()
    notes = render(
        """
        Weekly CS sync – ⟨date⟩
        Attendees: ⟨a⟩, ⟨b⟩, ⟨d⟩

        1. Escalations
           - ⟨corg⟩ (⟨t1⟩): ⟨cust⟩ still can't export reports. ⟨bf⟩ to call them on ⟨ph⟩ before Friday.
           - ⟨t2⟩ closed, customer confirmed fix.
        2. Renewals
           - ⟨corg⟩ renewal ⟨due⟩, risk medium
        3. AOB
           - ⟨df⟩ out next week, ⟨af⟩ covers the queue
        """,
        {
            "date": c.n_date(),
            "a": PER(a.full),
            "b": PER(b.full),
            "d": PER(d.full),
            "corg": ORG(cust_org),
            "t1": t1,
            "t2": t2,
            "cust": PER(cust.full),
            "bf": PER(b.first),
            "ph": TEL(c.phone(mobile=False, ext=0.3)),
            "due": c.pick(["due end of month", "in 6 weeks", "next quarter"]),
            "df": PER(d.first),
            "af": PER(a.first),
        },
    )
    c.doc.add(
        c.pick(
            [
                "Turn these notes into an email to the attendees with owners and due dates.",
                "What are the action items?",
            ]
        )
    )
    c.doc.add(notes)


@frame("wire_instructions", "finance_email", "B", US_GB, neg_rate=0.6)
def wire_instructions(c: Ctx) -> None:
    payee_org = c.org(c.pick(["GB", "US"]))
    cfo, clerk = c.people(2)
    cc = c.pick(["DE", "NL", "FR", "IE", "GB", "ES", "IT", "CH"])
    iban = c.iban(cc, "paper")
    bic = c.bic(cc, branch=c.chance(0.6))
    inter = c.bic("US", branch=True)
    addr = c.address("GB" if c.region == "GB" else "US")
    bad = N(v.fmt_iban(c.r, v.bad_iban(c.r, cc), "paper"), "bad_iban")
    inv = c.n_invoice()
    email = render(
        """
        ⟨clerk⟩,

        Please release the wire below today. Note the IBAN in my first email (⟨bad⟩) had a typo — use this one.

        Beneficiary: ⟨payee⟩
        Beneficiary address: ⟨addr⟩
        IBAN: ⟨iban⟩
        SWIFT/BIC: ⟨bic⟩
        Intermediary bank BIC: ⟨inter⟩
        Amount: ⟨amt⟩
        Reference: ⟨inv⟩

        Thanks,
        ⟨cfo⟩
        """,
        {
            "clerk": PER(clerk.first),
            "bad": bad,
            "payee": ORG(payee_org),
            "addr": ADDR(addr.one()),
            "iban": E(iban, "IBAN"),
            "bic": E(bic, "BIC"),
            "inter": E(inter, "BIC"),
            "amt": c.n_amount(3000, 480000),
            "inv": inv,
            "cfo": PER(cfo.full),
        },
    )
    c.doc.add(
        c.pick(
            [
                "Is there anything about this payment request that looks like business email compromise?",
                "Draft a reply asking for call-back verification.",
            ]
        )
    )
    c.doc.add(email)


@frame("tenancy_reference_form", "kyc_form", "B", ("en_GB",))
def tenancy_reference_form(c: Ctx) -> None:
    p = c.person()
    cur, prev = c.address(), c.address()
    employer = c.org("GB")
    form = render(
        """
        TENANT REFERENCING APPLICATION
        ------------------------------
        Applicant name ........ ⟨name⟩
        Date of birth ......... ⟨dob⟩
        National Ins. No ...... ⟨nino⟩
        Passport no ........... ⟨pp⟩
        Current address ....... ⟨cur⟩
        Time at address ....... ⟨yrs⟩ yrs
        Previous address ...... ⟨prev⟩
        Mobile ................ ⟨mob⟩
        Email ................. ⟨mail⟩
        Employer .............. ⟨emp⟩
        Annual salary ......... ⟨sal⟩
        """,
        {
            "name": PER(p.full),
            "dob": DOB(c.fmt_date(c.birth_date(1960, 2004), c.pick(["slash", "long"]))),
            "nino": E(v.fmt_nino(c.r, v.uk_nino(c.r)), "NATIONAL_ID"),
            "pp": E(v.passport(c.r, "GB"), "PASSPORT"),
            "cur": ADDR(cur.one()),
            "yrs": str(c.num(1, 9)),
            "prev": ADDR(prev.one()),
            "mob": TEL(c.phone("GB", mobile=True)),
            "mail": MAIL(c.email(p)),
            "emp": ORG(employer),
            "sal": f"£{c.num(21, 95)},{c.pick(['000', '500'])}",
        },
    )
    c.doc.add("Check this referencing form for missing or inconsistent fields:")
    c.doc.add(form)


@frame("tool_call_send_email", "tool_conversation", "B", US_GB)
def tool_call_send_email(c: Ctx) -> None:
    me, to = c.people(2)
    org = c.org()
    to_mail = c.email(to, c.domain_of(org))
    c.doc.add(
        "You can send emails with the send_email tool. Confirm before sending anything external."
    )
    c.doc.add(
        render(
            "email ⟨tf⟩ at ⟨org⟩ (⟨m⟩) that the contract is signed and we'll call ⟨pron⟩ on ⟨ph⟩ tomorrow at 10. sign it ⟨me⟩",
            {
                "tf": PER(to.first),
                "org": ORG(org),
                "m": MAIL(to_mail),
                "pron": "her" if to.female else "him",
                "ph": TEL(c.phone(ext=0.3)),
                "me": PER(me.first),
            },
        )
    )
    ph = c.phone(style=c.pick(["e164", "intl_sp", "intl"]))
    c.doc.add(
        json_frag(
            {
                "tool": "send_email",
                "arguments": {
                    "to": MAIL(to_mail),
                    "subject": "Contract signed",
                    "body": Cat(
                        (
                            f"Hi {''}",
                            PER(to.first),
                            ",\n\nGreat news - the contract is countersigned. We'll call you tomorrow at 10:00 on ",
                            TEL(ph),
                            ".\n\nBest,\n",
                            PER(me.first),
                        )
                    ),
                },
            },
            indent=2,
        )
    )
    c.doc.add(
        render(
            "Draft ready for ⟨tm⟩. Note: I used ⟨ph⟩ for the call — is that the right number?",
            {"tm": MAIL(to_mail), "ph": TEL(ph)},
        )
    )


@frame("tls_cert_troubleshoot", "chat_history", "B", US_GB, neg_rate=0.6)
def tls_cert_troubleshoot(c: Ctx) -> None:
    host = c.pick(["api.orders.internal", "portal.example-corp.net", "vpn.branch-office.lan"])
    cert = N(v.certificate_pem(c.r, host), "certificate")
    key = c.pem(c.pick(["rsa8", "rsa1", "ec", "ed8"]))
    ip = c.ip(c.pick(["private", "public"]))
    port = N("8443", "port")
    c.doc.add(
        render(
            """
        nginx won't start: "SSL_CTX_use_PrivateKey failed (key values mismatch)". conf + files:

        server {
            listen ⟨ip⟩:⟨port⟩ ssl;
            server_name ⟨host⟩;
            ssl_certificate     /etc/nginx/tls/server.crt;
            ssl_certificate_key /etc/nginx/tls/server.key;
        }

        server.crt:
        ⟨cert⟩

        server.key:
        ⟨key⟩
        """,
            {"ip": IP(ip), "port": port, "host": host, "cert": cert, "key": E(key, "PRIVATE_KEY")},
        )
    )
    c.doc.add(
        "The key doesn't belong to that certificate. Compare `openssl x509 -noout -pubkey -in server.crt` with `openssl pkey -pubout -in server.key`. Also, please rotate this key now that it has been shared."
    )


@frame("hr_helpdesk_assistant", "chat_history", "B", ("en_US", "en_GB"))
def hr_helpdesk_assistant(c: Ctx) -> None:
    p = c.person(foreign=0.2)
    canada = c.region == "US" and c.chance(0.5)
    if canada:
        sin = v.ca_sin(c.r)
        idv, lab, idname = (
            c.pick([f"{sin[:3]} {sin[3:6]} {sin[6:]}", f"{sin[:3]}-{sin[3:6]}-{sin[6:]}", sin]),
            "NATIONAL_ID",
            "SIN",
        )
    elif c.region == "US":
        idv, lab, idname = v.fmt_ssn(c.r, v.us_ssn(c.r)), "US_SSN", "SSN"
    else:
        idv, lab, idname = v.fmt_nino(c.r, v.uk_nino(c.r)), "NATIONAL_ID", "NI number"
    if canada:
        city, prov, fsa = c.pick(
            [
                ("Toronto", "ON", "M"),
                ("Vancouver", "BC", "V"),
                ("Calgary", "AB", "T"),
                ("Ottawa", "ON", "K"),
                ("Halifax", "NS", "B"),
            ]
        )
        letters = "ABCEGHJKLMNPRSTVWXYZ"
        postal = f"{fsa}{c.num(1, 9)}{c.pick(letters)} {c.num(0, 9)}{c.pick(letters)}{c.num(0, 9)}"
        where = f"{c.num(1, 2999)} {c.pick(['King St W', 'Bay Street', 'Robson St', 'Elgin Street', 'Spring Garden Rd', '17 Ave SW'])}, {city} {prov} {postal}"
    else:
        where = c.address().one()
    c.doc.add(
        "You are the HR helpdesk assistant. Answer policy questions; for personal data changes, create a case with create_hr_case."
    )
    c.doc.add(
        render(
            "hi, I moved and my tax forms went to the old place. my ⟨idname⟩ is ⟨id⟩, new address ⟨addr⟩. can you fix it? ⟨first⟩",
            {"idname": idname, "id": E(idv, lab), "addr": ADDR(where), "first": PER(p.full)},
        )
    )
    c.doc.add(
        json_frag(
            {
                "tool": "create_hr_case",
                "arguments": {
                    "employee": PER(p.full),
                    "type": "address_change",
                    "tax_id": E(idv, lab),
                    "case": N(f"HR-{c.digits(6)}", "case_number"),
                },
            },
            indent=2,
        )
    )
    c.doc.add(
        render(
            "I've opened a case for you, ⟨f⟩. Payroll will reissue the forms within 5 business days. Please don't share your ⟨idname⟩ in chat next time — the portal is safer.",
            {"f": PER(p.first), "idname": idname},
        )
    )


@frame("hotel_reservation_email", "email", "B", US_GB, neg_rate=0.6)
def hotel_reservation_email(c: Ctx) -> None:
    guest = c.person(foreign=0.2)
    hotel = c.pick(
        ["The Harbour Hotel", "Riverside Inn & Suites", "Grand Parkview Hotel", "The Mill House"]
    )
    conf = N(
        c.pick([c.digits(8), f"{c.letters(2)}{c.digits(6)}", c.letters(6)]), "booking_reference"
    )
    full_card = c.chance(0.35)
    pay: Frag = (
        render(
            "Card on file: ⟨c⟩",
            {
                "c": E(
                    c.card(c.pick(["visa", "mastercard", "amex", "discover", "jcb", "unionpay"])),
                    "CREDIT_CARD",
                )
            },
        )
        if full_card
        else render("Guaranteed with card ⟨m⟩", {"m": N(v.masked_card(c.r), "masked_card")})
    )
    d = c.recent_date()
    mail = render(
        """
        Dear ⟨g⟩,

        Thank you for choosing ⟨hotel⟩. Your reservation is confirmed.

        Confirmation number: ⟨conf⟩
        Arrival: ⟨arr⟩   Departure: ⟨dep⟩
        Room: ⟨room⟩
        ⟨pay⟩
        Guest phone: ⟨ph⟩
        Email: ⟨mail⟩

        To modify your booking, call us on ⟨hph⟩ quoting ⟨conf⟩.
        """,
        {
            "g": PER(guest.full),
            "hotel": ORG(hotel),
            "conf": conf,
            "arr": c.fmt_date(d),
            "dep": c.fmt_date(d.replace(day=min(d.day + 3, 28))),
            "room": c.pick(["Deluxe King, non-smoking", "Twin, city view", "Junior Suite"]),
            "pay": pay,
            "ph": TEL(c.phone(mobile=True)),
            "mail": MAIL(c.email(guest)),
            "hph": TEL(c.phone(mobile=False)),
        },
    )
    c.doc.add(
        c.pick(
            [
                "Add this booking to my travel itinerary and tell me the cancellation options.",
                "Forwarding my hotel confirmation - can you check the dates match my flights (arr. the same day)?",
            ]
        )
    )
    c.doc.add(mail)

# ruff: noqa: E501  (frames are prose templates; their lines keep their natural length)
"""German frames (de_DE, de_AT, de_CH): Geschäftskorrespondenz, Chats, Logs, Konfiguration.

Half ``A`` feeds ``dev.jsonl``, half ``B`` feeds ``test.jsonl``; no frame feeds both.
"""

from __future__ import annotations

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
    E,
    Frag,
    N,
    cat,
    join,
    json_frag,
    map_text,
    render,
    trim,
)
from bench.fresh3.context import Ctx, Frame, Person, registry

FRAMES: list[Frame] = []
frame = registry(FRAMES)
DACH = ("de_DE", "de_DE", "de_AT", "de_CH")
DE_AT = ("de_DE", "de_DE", "de_AT")


def anrede(p: Person) -> str:
    """``Frau``/``Herr``."""
    return "Frau" if p.female else "Herr"


def sehr(p: Person) -> str:
    """``Sehr geehrte Frau``/``Sehr geehrter Herr``."""
    return "Sehr geehrte Frau" if p.female else "Sehr geehrter Herr"


# =============================================================================== half A


@frame("kundenservice_erstattung", "support_ticket", "A", DACH)
def kundenservice_erstattung(c: Ctx) -> None:
    p = c.person()
    order = c.n_order()
    iban = c.iban()
    bad = N(v.fmt_iban(c.r, v.bad_iban(c.r, c.region), "paper"), "bad_iban")
    typo = c.chance(0.35)
    body = render(
        """
        Betreff: ⟨betreff⟩

        Guten Tag,

        ich habe am ⟨datum⟩ die Bestellung ⟨order⟩ storniert, die Erstattung von ⟨betrag⟩ ist aber bis heute nicht angekommen. ⟨bitte⟩

        Kontoinhaber: ⟨name⟩
        IBAN: ⟨iban⟩⟨typo⟩

        Für Rückfragen bin ich unter ⟨tel⟩ erreichbar.

        Mit freundlichen Grüßen
        ⟨name2⟩
        """,
        {
            "betreff": c.pick(
                [
                    "Erstattung fehlt",
                    "Rückerstattung Bestellung",
                    "WG: Stornierung – Geld noch nicht da",
                    "Reklamation / Gutschrift",
                ]
            ),
            "datum": c.fmt_date(c.recent_date()),
            "order": order,
            "betrag": c.n_amount(),
            "bitte": c.pick(
                [
                    "Bitte überweisen Sie den Betrag auf mein Konto, die Karte von damals ist abgelaufen.",
                    "Da PayPal nicht mehr geht, bitte per Überweisung:",
                    "Bitte erstatten Sie auf folgendes Konto:",
                ]
            ),
            "name": PER(p.full),
            "iban": E(iban, "IBAN"),
            "typo": render(
                "\n(in meiner ersten Mail stand versehentlich ⟨bad⟩ – die ist falsch)", {"bad": bad}
            )
            if typo
            else "",
            "tel": TEL(c.phone(mobile=c.chance(0.7))),
            "name2": PER(p.full if c.chance(0.5) else p.first),
        },
    )
    c.doc.add(
        c.pick(
            [
                "Du bist Support-Assistent. Formuliere eine freundliche Antwort auf die folgende Kundenmail.",
                "Fasse das Anliegen kurz zusammen und schlage den nächsten Schritt vor.",
                "Kategorisiere die Anfrage (Zahlung/Versand/Produkt) und entwirf eine Antwort auf Deutsch.",
            ]
        )
    )
    c.doc.add(body)


@frame("personalfragebogen", "hr_form", "A", ("de_DE",), neg_rate=0.7)
def personalfragebogen(c: Ctx) -> None:
    p = c.person(foreign=0.15)
    dob = c.birth_date(1960, 2005)
    addr = c.address()
    idnr = v.fmt_idnr(c.r, v.de_idnr(c.r))
    rv = v.fmt_rvnr(c.r, v.de_rvnr(c.r, dob, p.last, p.female))
    kk = c.pick(
        [
            "Techniker Krankenkasse",
            "AOK Bayern",
            "BARMER",
            "DAK-Gesundheit",
            "IKK classic",
            "hkk Krankenkasse",
        ]
    )
    bad = N(v.bad_idnr(c.r), "bad_tax_id")
    form = render(
        """
        Personalfragebogen – Neueinstellung
        ===================================
        Name, Vorname: ⟨rev⟩
        Geburtsdatum: ⟨dob⟩      Geburtsort: ⟨ort⟩
        ⟨anschrift⟩: ⟨addr⟩
        Steuer-ID: ⟨idnr⟩    Steuerklasse: ⟨sk⟩    Kinderfreibeträge: ⟨kf⟩
        Rentenversicherungsnr.: ⟨rv⟩
        Krankenkasse: ⟨kk⟩
        Bankverbindung (IBAN): ⟨iban⟩
        Telefon privat: ⟨tel⟩
        E-Mail privat: ⟨mail⟩
        Eintrittsdatum: ⟨eintritt⟩   Wochenstunden: ⟨std⟩
        ⟨hinweis⟩
        """,
        {
            "rev": PER(p.rev),
            "dob": DOB(c.fmt_date(dob, c.pick(["dot", "dot", "dot_short"]))),
            "ort": c.pick(["Hamburg", "Dresden", "Istanbul", "Kattowitz", "Köln", "Graz"]),
            "anschrift": c.pick(["Anschrift", "Anschrift", "Anschirft", "Wohnanschrift"]),
            "addr": ADDR(addr.one()),
            "idnr": E(idnr, "DE_TAX_ID"),
            "sk": c.pick(["I", "III", "IV", "V"]),
            "kf": c.pick(["0", "0,5", "1,0"]),
            "rv": E(rv, "NATIONAL_ID"),
            "kk": ORG(kk),
            "iban": E(c.iban("DE"), "IBAN"),
            "tel": TEL(c.phone(mobile=True)),
            "mail": MAIL(c.email(p)),
            "eintritt": c.n_date(),
            "std": c.pick(["40", "38,5", "20", "30"]),
            "hinweis": c.pick(
                [
                    "",
                    render("Die Lohnsteuerbescheinigung des Vorjahres liegt bei.", {}),
                    render(
                        "Hinweis Lohnbuchhaltung: auf der alten Lohnsteuerbescheinigung steht ⟨bad⟩ – Zahlendreher, bitte nicht verwenden.",
                        {"bad": bad},
                    ),
                    render(
                        "Achtung: im Bewerbungsbogen stand noch ⟨bad⟩ (Prüfziffer falsch), korrekt ist die Nummer oben.",
                        {"bad": bad},
                    ),
                ]
            ),
        },
    )
    c.doc.add(
        c.pick(
            [
                "Prüfe diesen Personalfragebogen auf Vollständigkeit und Plausibilität.",
                "Übertrage die Angaben in folgendes JSON-Schema: name, geburtsdatum, steuer_id, sv_nummer, iban.",
                "Was fehlt noch für die Anmeldung bei der Krankenkasse?",
            ]
        )
    )
    c.doc.add(form)


@frame("geschaeftsbrief_mahnung", "letter", "A", DACH, neg_rate=0.4)
def geschaeftsbrief_mahnung(c: Ctx) -> None:
    firm = c.org()
    firm_addr = c.address()
    gf, sb = c.people(2)
    kunde = c.person()
    k_addr = c.address()
    inv, kdnr = c.n_invoice(), c.n_customer()
    vat = v.fmt_vat(c.r, v.vat_id(c.r, c.region))
    az = N(v.phone_like_record(c.r, c.region), "phone_like_record")
    ort = firm_addr.town
    dtel = c.phone(mobile=False, ext=0.8) if c.region != "CH" else c.phone(mobile=False)
    letter = render(
        """
        ⟨firm⟩ · ⟨fa_one⟩

        ⟨anrede⟩ ⟨kunde⟩
        ⟨ka⟩

                                                   Ihr Zeichen: –
                                                   Unser Zeichen: ⟨az⟩
                                                   Kundennummer: ⟨kdnr⟩
                                                   ⟨ort⟩, ⟨datum⟩

        2. Mahnung – Rechnung ⟨inv⟩

        ⟨sehr⟩ ⟨last⟩,

        trotz unserer Zahlungserinnerung konnten wir bis heute keinen Zahlungseingang für die Rechnung ⟨inv⟩ über ⟨betrag⟩ feststellen. Wir bitten Sie, den offenen Betrag zuzüglich Mahngebühr von ⟨gebuehr⟩ bis zum ⟨frist⟩ zu überweisen.

        Sollten Sie die Zahlung bereits veranlasst haben, betrachten Sie dieses Schreiben bitte als gegenstandslos.

        Mit freundlichen Grüßen

        ⟨sb⟩
        Forderungsmanagement
        Tel. ⟨dtel⟩

        --
        ⟨firm⟩ | ⟨fa_one⟩ | Geschäftsführer: ⟨gf⟩
        ⟨reg⟩ | USt-IdNr.: ⟨vat⟩
        Bankverbindung: IBAN ⟨iban⟩ · BIC ⟨bic⟩
        """,
        {
            "firm": ORG(firm),
            "fa_one": ADDR(firm_addr.one()),
            "anrede": anrede(kunde),
            "kunde": PER(kunde.full),
            "ka": ADDR(k_addr.block()),
            "az": az,
            "kdnr": kdnr,
            "ort": ort,
            "datum": c.fmt_date(c.recent_date(), "dot"),
            "inv": inv,
            "sehr": sehr(kunde),
            "last": PER(kunde.last),
            "betrag": c.n_amount(80, 12000),
            "gebuehr": "5,00 €" if c.region != "CH" else "CHF 20.00",
            "frist": c.fmt_date(c.recent_date(), "dot"),
            "sb": PER(sb.full),
            "dtel": TEL(dtel),
            "gf": PER(gf.full),
            "reg": {
                "DE": f"Amtsgericht {c.pick(['München', 'Köln', 'Hamburg', 'Stuttgart'])} HRB {c.num(10000, 250000)}",
                "AT": f"FN {c.num(100000, 599999)}{c.pick('abdgkmpstz')}, HG Wien",
                "CH": "Handelsregister des Kantons Zürich",
            }[c.region],
            "vat": E(vat, "VAT_ID"),
            "iban": E(c.iban(), "IBAN"),
            "bic": E(c.bic(), "BIC"),
        },
    )
    c.doc.add(
        c.pick(
            [
                "Formuliere diese Mahnung etwas freundlicher, Inhalt bitte beibehalten:",
                "Prüfe den Brief auf DIN-5008-Konformität:",
                "Schreib eine Antwort des Kunden, der um Ratenzahlung bittet.",
            ]
        )
    )
    c.doc.add(letter)


@frame("crm_notiz", "crm_note", "A", DACH)
def crm_notiz(c: Ctx) -> None:
    ap, vertrieb = c.people(2)
    firm = c.org()
    dom = c.domain_of(firm)
    termin = c.n_date()
    fest = c.phone(mobile=False, ext=0.5) if c.region != "CH" else c.phone(mobile=False)
    mob = c.phone(mobile=True)
    note = render(
        """
        Firma: ⟨firm⟩
        AP: ⟨anrede⟩ ⟨ap⟩ (⟨rolle⟩)
        Tel.: ⟨fest⟩ | Mobil: ⟨mob⟩
        Mail: ⟨mail⟩
        Verantwortlich: ⟨vt⟩

        Gesprächsnotiz ⟨wann⟩:
        - ⟨apl⟩ ⟨inhalt⟩
        - Budget ca. ⟨budget⟩, Entscheidung ⟨entsch⟩
        - nächster Termin: ⟨termin⟩, ⟨wo⟩
        - ⟨misc⟩
        """,
        {
            "firm": ORG(firm),
            "anrede": anrede(ap),
            "ap": PER(ap.full),
            "rolle": c.pick(["GF", "Einkauf", "IT-Leitung", "Buchhaltung", "Prokurist"]),
            "fest": TEL(fest),
            "mob": TEL(mob),
            "mail": MAIL(c.email(ap, dom)),
            "vt": PER(vertrieb.full),
            "wann": c.pick(["(Telefonat)", "vom Messestand", "– Vor-Ort-Termin", ""]),
            "apl": PER(ap.last) if c.chance(0.5) else PER(ap.full),
            "inhalt": c.pick(
                [
                    "sucht Ersatz für die alte Warenwirtschaft, Vertrag läuft Ende Q2 aus",
                    "unzufrieden mit aktuellem Dienstleister (Reaktionszeiten)",
                    "will 3 Standorte zusammenlegen",
                ]
            ),
            "budget": c.n_amount(10000, 250000) if c.chance(0.5) else c.amount(10000, 250000),
            "entsch": c.pick(["im Herbst", "nach der Gesellschafterversammlung", "unklar"]),
            "termin": termin,
            "wo": c.pick(["vor Ort", "per Teams", "bei uns im Büro"]),
            "misc": c.pick(
                [
                    "Angebot bis Freitag schicken",
                    render(
                        "lieber aufs Handy anrufen (⟨m⟩), Festnetz selten besetzt", {"m": TEL(mob)}
                    ),
                    "DSGVO-Fragen an Datenschutz weiterleiten",
                ]
            ),
        },
    )
    c.doc.add(
        c.pick(
            [
                "Schreib auf Basis dieser CRM-Notiz eine Follow-up-Mail.",
                "Welche Risiken siehst du bei dieser Opportunity?",
                "Fasse die Notiz in 3 Stichpunkten zusammen.",
            ]
        )
    )
    c.doc.add(note)


@frame("teams_chat_buchhaltung", "chat_export", "A", DACH)
def teams_chat_buchhaltung(c: Ctx) -> None:
    a, b = c.people(2)
    lief = c.org()
    iban_alt, iban_neu = c.iban(), c.iban(c.pick([c.region, c.region, "NL", "LU", "PL"]))
    d = c.recent_date()
    chat = render(
        """
        [⟨d⟩ 08:5⟨m1⟩] ⟨a⟩: Moin, ⟨lief⟩ hat per Mail neue Bankdaten geschickt. Alt: ⟨alt⟩ – neu: ⟨neu⟩
        [⟨d⟩ 08:5⟨m2⟩] ⟨b⟩: Hm, Auslandskonto? Ruf bitte bei denen an, aber NICHT die Nummer aus der Mail nehmen
        [⟨d⟩ 09:0⟨m3⟩] ⟨a⟩: ok, hab ⟨ap⟩ unter ⟨tel⟩ erreicht (Nummer aus dem Stammsatz). Die wissen von nichts!
        [⟨d⟩ 09:0⟨m4⟩] ⟨b⟩: Dann Fake. Bitte Stammdaten sperren und IT-Sicherheit informieren, ⟨af⟩ 👍
        """,
        {
            "d": f"{d.day:02d}.{d.month:02d}.{d.year}",
            "m1": str(c.num(0, 4)),
            "m2": str(c.num(5, 9)),
            "m3": str(c.num(0, 4)),
            "m4": str(c.num(5, 9)),
            "a": PER(a.full),
            "b": PER(b.full),
            "lief": ORG(lief),
            "alt": E(iban_alt, "IBAN"),
            "neu": E(iban_neu, "IBAN"),
            "ap": PER(c.person().full),
            "tel": TEL(c.phone(mobile=False)),
            "af": PER(a.first),
        },
    )
    c.doc.add(
        "Hier ein Chatverlauf aus Teams. Erstelle daraus eine kurze Meldung an die IT-Sicherheit (Verdacht auf CEO-Fraud/Payment Diversion)."
    )
    c.doc.add(chat)


@frame("slack_incident_de", "chat_export", "A", DACH, neg_rate=0.4)
def slack_incident_de(c: Ctx) -> None:
    a, b = c.people(2, foreign=0.2)
    ip1, ip2 = c.ip("private"), c.ip("public")
    tok = c.secret(c.pick(["gitlab", "github", "vault", "hex32"]))
    cert = N(
        v.certificate_pem(
            c.r, c.pick(["intranet.firma.local", "git.intern.lan", "sso.example-gmbh.de"])
        ),
        "certificate",
    )
    ver = c.n_version()
    chat = render(
        """
        ⟨a⟩ — heute um ⟨t1⟩
        Das Zertifikat auf dem Reverse Proxy ⟨ip1⟩ ist abgelaufen, deshalb die Fehler im Intranet. Das hier liegt gerade drauf:
        ```
        ⟨cert⟩
        ```
        ⟨b⟩ — heute um ⟨t2⟩
        Ich tausch es aus. Der Runner braucht dafür kurz den Token ⟨tok⟩, den dreh ich danach sofort
        ⟨b⟩ — heute um ⟨t3⟩
        Nebenbei: ⟨ip2⟩ scannt seit heute Nacht unsere VPN-Ports. Auf ⟨ver⟩ patchen wir erst morgen
        ⟨a⟩ — heute um ⟨t4⟩
        👍 danke ⟨bf⟩
        """,
        {
            "a": PER(a.full),
            "b": PER(b.full),
            "t1": f"{c.num(7, 9)}:{c.num(10, 59)}",
            "t2": f"{c.num(10, 11)}:{c.num(10, 59)}",
            "t3": f"{c.num(12, 13)}:{c.num(10, 59)}",
            "t4": f"{c.num(14, 15)}:{c.num(10, 59)}",
            "ip1": IP(ip1),
            "cert": cert,
            "tok": KEY(tok),
            "ip2": IP(ip2),
            "ver": ver,
            "bf": PER(b.first),
        },
    )
    c.doc.add(
        c.pick(
            [
                "Fasse den Vorfall für das Change-Log zusammen:",
                "Was ist hier sicherheitstechnisch schiefgelaufen?",
            ]
        )
    )
    c.doc.add(chat)


@frame("syslog_sshd_postfix", "app_log", "A", DACH)
def syslog_sshd_postfix(c: Ctx) -> None:
    lines: list[Frag] = []
    host = c.pick(["srv-web01", "mail", "bastion", "nas"])
    for _ in range(c.num(2, 3)):
        ip = c.ip(c.pick(["public", "public", "v6"]))
        port = c.num(30000, 65000)
        lines.append(
            render(
                "⟨ts⟩ ⟨h⟩ sshd[⟨pid⟩]: Failed password for invalid user ⟨u⟩ from ⟨ip⟩ port ⟨port⟩ ssh2",
                {
                    "ts": c.timestamp("syslog") if lines else N(c.timestamp("syslog"), "timestamp"),
                    "h": host,
                    "pid": str(c.num(1000, 99999)),
                    "u": c.pick(["admin", "oracle", "test", "ubuntu"]),
                    "ip": IP(ip),
                    "port": N(str(port), "port") if not lines else str(port),
                },
            )
        )
    p = c.person()
    mail = c.email(p)
    lines.append(
        render(
            "⟨ts⟩ ⟨h⟩ postfix/smtp[⟨pid⟩]: ⟨qid⟩: to=<⟨m⟩>, relay=mx.⟨dom⟩[⟨mxip⟩]:25, delay=1.2, status=bounced (550 5.1.1 User unknown)",
            {
                "ts": c.timestamp("syslog"),
                "h": host,
                "pid": str(c.num(1000, 99999)),
                "qid": c.hexs(10).upper(),
                "m": MAIL(mail),
                "dom": mail.split("@")[1],
                "mxip": IP(c.ip("public")),
            },
        )
    )
    dep = c.ip("private")
    lines.append(
        render(
            "⟨ts⟩ ⟨h⟩ sshd[⟨pid⟩]: Accepted publickey for deploy from ⟨ip⟩ port ⟨port⟩ ssh2: ED25519 SHA256:⟨fp⟩",
            {
                "ts": c.timestamp("syslog"),
                "h": host,
                "pid": str(c.num(1000, 99999)),
                "ip": IP(dep),
                "port": str(c.num(30000, 65000)),
                "fp": v.chars(c.r, v.ALNUM + "+/", 43),
            },
        )
    )
    c.r.shuffle(lines)
    c.doc.add(
        c.pick(
            [
                "Hier ein Auszug aus /var/log/auth.log und mail.log. Was passiert da?",
                "Schreib mir eine fail2ban-Regel für diese Logs:",
                "Werte die Logs aus:",
            ]
        )
    )
    c.doc.add(join("\n", lines))


@frame("config_ini_mailer", "config_file", "A", DACH, neg_rate=0.5)
def config_ini_mailer(c: Ctx) -> None:
    p = c.person()
    firm = c.org()
    dom = c.domain_of(firm)
    mail = c.email(p, dom)
    smtp_pw = c.password(c.pick(["human", "random"]))
    db_ip = c.ip("private")
    key = c.secret(c.pick(["sendgrid", "mailgun", "google", "azure_openai", "generic"]))
    ph = N(
        c.pick(["<hier eintragen>", "CHANGE_ME", "%(API_KEY)s", "${API_KEY}"]), "secret_placeholder"
    )
    ini = render(
        """
        ; Konfiguration Newsletter-Versand – Stand ⟨datum⟩
        [smtp]
        host = smtp.⟨dom⟩
        port = ⟨port⟩
        benutzer = ⟨mail⟩
        passwort = ⟨pw⟩
        absender = "⟨firm⟩ <⟨mail⟩>"

        [datenbank]
        host = ⟨dbip⟩
        name = crm
        user = newsletter
        ; passwort siehe Tresor

        [api]
        ; produktiv
        key = ⟨key⟩
        ; staging
        ;key = ⟨ph⟩
        """,
        {
            "datum": c.n_date(),
            "dom": dom,
            "port": N(c.pick(["587", "465", "25"]), "port"),
            "mail": MAIL(mail),
            "pw": KEY(smtp_pw),
            "firm": ORG(firm),
            "dbip": IP(db_ip),
            "key": KEY(key),
            "ph": ph,
        },
    )
    c.doc.add(
        c.pick(
            [
                "Warum kommt beim Versand 'SMTPAuthenticationError 535'? Hier die config.ini:",
                "Wandle die INI-Datei in YAML um.",
                "Ist diese Konfiguration so sicher?",
            ]
        )
    )
    c.doc.add(ini)


@frame("toml_app_config", "config_file", "A", DACH)
def toml_app_config(c: Ctx) -> None:
    pw = c.password()
    akid, sec = v.aws_access_key_id(c.r), v.aws_secret(c.r)
    hf = c.secret(c.pick(["huggingface", "openai", "anthropic"]))
    jwt_secret = v.chars(c.r, v.ALNUM + "-_", 43)
    admin = c.person()
    toml = render(
        """
        [app]
        name = "rechnungs-ocr"
        version = "⟨ver⟩"
        admin_email = "⟨mail⟩"

        [database]
        url = "postgresql://ocr:⟨pw⟩@⟨ip⟩:5432/ocr"

        [storage]
        backend = "s3"
        access_key_id = "⟨ak⟩"
        secret_access_key = "⟨sk⟩"

        [llm]
        provider = "⟨prov⟩"
        token = "⟨hf⟩"

        [auth]
        jwt_secret = "⟨js⟩"
        ⟨tls⟩""",
        {
            "ver": c.n_version(),
            "mail": MAIL(c.email(admin, c.domain_of(c.org()))),
            "pw": KEY(pw),
            "ip": IP(c.ip("private")),
            "ak": KEY(akid),
            "sk": KEY(sec),
            "prov": c.pick(["huggingface", "openai", "anthropic"]),
            "hf": KEY(hf),
            "js": KEY(jwt_secret),
            "tls": render(
                '\n[tls]\ncert = "/etc/ocr/tls.crt"\nkey = """\n⟨k⟩\n"""\n',
                {"k": E(c.pem(c.pick(["ec", "rsa8", "ed8"])), "PRIVATE_KEY")},
            )
            if c.chance(0.5)
            else "",
        },
    )
    c.doc.add(
        c.pick(
            [
                "Ich bekomme 'toml.decoder.TomlDecodeError'. Hier meine config.toml:",
                "Wie lade ich diese Konfiguration mit pydantic-settings?",
            ]
        )
    )
    c.doc.add(cat("```toml\n", toml, "```"))


@frame("sql_insert_kunden", "sql", "A", DACH)
def sql_insert_kunden(c: Ctx) -> None:
    rows: list[Frag] = []
    for i, p in enumerate(c.people(c.num(2, 4))):
        addr = c.address()
        rows.append(
            render(
                "  (⟨id⟩, '⟨vn⟩', '⟨nn⟩', '⟨str⟩', '⟨plz⟩', '⟨ort⟩', '⟨mail⟩', '⟨tel⟩', '⟨dob⟩', '⟨iban⟩')",
                {
                    "id": N(str(c.num(100000, 999999)), "customer_number")
                    if i == 0
                    else str(c.num(100000, 999999)),
                    "vn": PER(p.first),
                    "nn": PER(p.last),
                    "str": ADDR(addr.street),
                    "plz": N(addr.postcode, "postcode") if i == 0 else addr.postcode,
                    "ort": addr.town,
                    "mail": MAIL(c.email(p)),
                    "tel": TEL(c.phone(style=c.pick(["nat", "intl", "e164", "slash", "compact"]))),
                    "dob": DOB(c.birth_date().isoformat()),
                    "iban": E(c.iban(style="compact"), "IBAN"),
                },
            )
        )
    sql = cat(
        "INSERT INTO kunden (kdnr, vorname, nachname, strasse, plz, ort, email, telefon, geburtsdatum, iban) VALUES\n",
        join(",\n", rows),
        ";",
    )
    c.doc.add(
        c.pick(
            [
                "Der Import bricht mit 'duplicate key value violates unique constraint' ab. Hier das Statement:",
                "Schreib das als Liquibase-Changeset:",
                "Wie anonymisiere ich diese Testdaten?",
            ]
        )
    )
    c.doc.add(sql)


@frame("markdown_ansprechpartner", "markdown_doc", "A", DACH)
def markdown_ansprechpartner(c: Ctx) -> None:
    rows: list[Frag] = [["| Rolle | Name | Telefon | E-Mail |\n|---|---|---|---|"]]
    firm = c.org()
    dom = c.domain_of(firm)
    for rolle in c.sample(
        ["Projektleitung", "Technik", "Einkauf", "Datenschutz", "Buchhaltung", "Geschäftsführung"],
        c.num(3, 4),
    ):
        p = c.person()
        rows.append(
            render(
                "\n| ⟨r⟩ | ⟨n⟩ | ⟨t⟩ | ⟨m⟩ |",
                {
                    "r": rolle,
                    "n": PER(p.full),
                    "t": TEL(c.phone(ext=0.4)),
                    "m": MAIL(c.email(p, dom)),
                },
            )
        )
    kick = c.n_date()
    doc = render(
        """
        # Kick-off ⟨firm⟩ – Projekt Lagerverwaltung

        Termin: ⟨kick⟩, ⟨ort⟩

        ## Ansprechpartner Kunde
        ⟨rows⟩

        ## Offene Punkte
        - VPN-Zugang für Dienstleister (IP ⟨ip⟩ freischalten)
        - AV-Vertrag nach Art. 28 DSGVO unterschreiben
        """,
        {
            "firm": ORG(firm),
            "kick": kick,
            "ort": c.address().town,
            "rows": cat(*rows),
            "ip": IP(c.ip("public")),
        },
    )
    c.doc.add(
        c.pick(
            [
                "Erstelle aus dieser Notiz eine Einladung zum Kick-off.",
                "Formatiere das als Confluence-Seite.",
                "Was fehlt in dieser Projektübersicht?",
            ]
        )
    )
    c.doc.add(doc)


@frame("vcard_outlook_de", "vcard", "A", DACH)
def vcard_outlook_de(c: Ctx) -> None:
    p = c.person()
    firm = c.org()
    addr = c.address()
    dob = c.birth_date()
    if c.chance(0.5):
        country = {"DE": "Deutschland", "AT": "Österreich", "CH": "Schweiz"}[c.region]
        card = render(
            """
            BEGIN:VCARD
            VERSION:3.0
            N;CHARSET=UTF-8:⟨l⟩;⟨f⟩;;;
            FN;CHARSET=UTF-8:⟨full⟩
            ORG;CHARSET=UTF-8:⟨org⟩
            TEL;TYPE=WORK:⟨w⟩
            TEL;TYPE=CELL:⟨m⟩
            EMAIL:⟨mail⟩
            ADR;TYPE=WORK;CHARSET=UTF-8:;;⟨adr⟩
            BDAY:⟨bd⟩
            END:VCARD
            """,
            {
                "l": PER(p.last),
                "f": PER(p.first),
                "full": PER(p.full),
                "org": ORG(firm),
                "w": TEL(c.phone(mobile=False, style="intl")),
                "m": TEL(c.phone(mobile=True, style=c.pick(["intl", "e164"]))),
                "mail": MAIL(c.email(p, c.domain_of(firm))),
                "adr": ADDR(f"{addr.street};{addr.town};;{addr.postcode};{country}"),
                "bd": DOB(dob.isoformat()),
            },
        )
    else:
        card = render(
            """
            ⟨full⟩
            ⟨org⟩
            Geschäftlich: ⟨w⟩
            Mobiltelefon: ⟨m⟩
            E-Mail: ⟨mail⟩
            Adresse geschäftlich:
            ⟨adr⟩
            Geburtstag: ⟨bd⟩
            """,
            {
                "full": PER(p.full),
                "org": ORG(firm),
                "w": TEL(c.phone(mobile=False)),
                "m": TEL(c.phone(mobile=True)),
                "mail": MAIL(c.email(p, c.domain_of(firm))),
                "adr": ADDR(addr.block()),
                "bd": DOB(c.fmt_date(dob, c.pick(["dot", "long"]))),
            },
        )
    c.doc.add(
        c.pick(
            [
                "Importiere diesen Kontakt in unser CRM-Format (JSON).",
                "Schreib eine kurze Vorstellungsmail an diesen Kontakt.",
                "Aus Outlook kopiert – bitte als vCard 4.0 ausgeben.",
            ]
        )
    )
    c.doc.add(card)


@frame("sepa_lastschriftmandat", "form", "A", DE_AT, neg_rate=0.5)
def sepa_lastschriftmandat(c: Ctx) -> None:
    p = c.person()
    firm = c.org()
    addr = c.address()
    national = c.digits(11)
    moved = national + str(int(c.region[0], 36)) + str(int(c.region[1], 36)) + "00"
    glaeub = f"{c.region}{98 - int(moved) % 97:02d}ZZZ{national}"
    mref = N(f"M-{c.digits(6)}-{c.num(1, 9)}", "customer_number")
    bad = N(v.fmt_iban(c.r, v.bad_iban(c.r, c.region), c.pick(["paper", "compact"])), "bad_iban")
    form = render(
        """
        SEPA-Lastschriftmandat
        Zahlungsempfänger: ⟨firm⟩, ⟨fa⟩
        Gläubiger-Identifikationsnummer: ⟨gl⟩
        Mandatsreferenz: ⟨mref⟩

        Ich ermächtige ⟨firm⟩, Zahlungen von meinem Konto mittels Lastschrift einzuziehen. Zugleich weise ich mein Kreditinstitut an, die von ⟨firm⟩ auf mein Konto gezogenen Lastschriften einzulösen.

        Kontoinhaber: ⟨name⟩
        Anschrift: ⟨addr⟩
        IBAN: ⟨iban⟩
        BIC: ⟨bic⟩
        Ort, Datum: ⟨ort⟩, ⟨datum⟩          Unterschrift: ⟨sig⟩
        ⟨korr⟩
        """,
        {
            "firm": ORG(firm),
            "fa": ADDR(c.address().one()),
            "gl": glaeub,
            "mref": mref,
            "name": PER(p.full),
            "addr": ADDR(addr.one()),
            "iban": E(c.iban(style="paper"), "IBAN"),
            "bic": E(c.bic(), "BIC"),
            "ort": addr.town,
            "datum": c.n_date(),
            "sig": PER(p.full),
            "korr": c.pick(
                [
                    "",
                    render(
                        "Korrektur Sachbearbeitung: handschriftlich stand zuerst ⟨bad⟩, Prüfziffer passt nicht – Kunde hat neu ausgefüllt.",
                        {"bad": bad},
                    ),
                ]
            ),
        },
    )
    c.doc.add(
        "Extrahiere aus dem gescannten Mandat die Felder für unser ERP (Kontoinhaber, IBAN, BIC, Mandatsreferenz, Datum)."
    )
    c.doc.add(form)


@frame("mieterselbstauskunft", "form", "A", DACH)
def mieterselbstauskunft(c: Ctx) -> None:
    p = c.person(foreign=0.2)
    dob = c.birth_date(1960, 2003)
    addr = c.address()
    ag = c.org()
    ausweis = (
        v.de_id_card(c.r, with_check=c.chance(0.4))
        if c.region == "DE"
        else v.passport(c.r, c.region)
    )
    form = render(
        """
        MIETERSELBSTAUSKUNFT
        Wohnung: ⟨whg⟩

        Name, Vorname .................. ⟨rev⟩
        Geburtsdatum ................... ⟨dob⟩
        derzeitige Anschrift ........... ⟨addr⟩
        Telefon / Mobil ................ ⟨tel⟩
        E-Mail ......................... ⟨mail⟩
        Arbeitgeber .................... ⟨ag⟩ (seit ⟨seit⟩)
        Nettoeinkommen mtl. ............ ⟨netto⟩
        ⟨ausweislabel⟩ ...... ⟨ausweis⟩
        Haustiere ...................... ⟨tiere⟩
        """,
        {
            "whg": c.pick(["3-Zi., 2. OG links", "2-Zimmer-Wohnung, DG", "Whg. Nr. 7"]),
            "rev": PER(p.rev),
            "dob": DOB(c.fmt_date(dob, "dot")),
            "addr": ADDR(addr.one()),
            "tel": TEL(c.phone(mobile=True)),
            "mail": MAIL(c.email(p)),
            "ag": ORG(ag),
            "seit": str(c.num(2012, 2024)),
            "netto": c.amount(1400, 6500),
            "ausweislabel": "Personalausweis-Nr." if c.region == "DE" else "Reisepass-Nr.    ",
            "ausweis": E(ausweis, "NATIONAL_ID" if c.region == "DE" else "PASSPORT"),
            "tiere": c.pick(["keine", "1 Katze", "nein"]),
        },
    )
    c.doc.add(
        c.pick(
            [
                "Ist diese Selbstauskunft vollständig? Welche Fragen darf der Vermieter überhaupt stellen?",
                "Fasse die Angaben für den Eigentümer zusammen.",
            ]
        )
    )
    c.doc.add(form)


@frame("ch_ahv_anmeldung", "hr_form", "A", ("de_CH",))
def ch_ahv_anmeldung(c: Ctx) -> None:
    p = c.person(foreign=0.25)
    dob = c.birth_date(1960, 2005)
    addr = c.address("CH")
    firm = c.org("CH")
    uid = v.fmt_vat(c.r, v.vat_id(c.r, "CH"))
    ahv = v.ch_ahv(c.r)
    form = render(
        """
        Anmeldung zur AHV/IV/EO – Arbeitnehmende
        Arbeitgeber: ⟨firm⟩, UID ⟨uid⟩
        Abrechnungsnummer Ausgleichskasse: ⟨abr⟩

        AHV-Nr.: ⟨ahv⟩
        Name / Vorname: ⟨last⟩ / ⟨first⟩
        Geburtsdatum: ⟨dob⟩
        Zivilstand: ⟨zs⟩
        Adresse: ⟨addr⟩
        Eintritt: ⟨eintritt⟩
        Bankverbindung Lohn: ⟨iban⟩
        Kontakt: ⟨tel⟩
        """,
        {
            "firm": ORG(firm),
            "uid": E(uid, "VAT_ID"),
            "abr": f"{c.num(100, 999)}.{c.num(100, 999)}",
            "ahv": E(v.fmt_ahv(ahv) if c.chance(0.8) else ahv, "NATIONAL_ID"),
            "last": PER(p.last),
            "first": PER(p.first),
            "dob": DOB(c.fmt_date(dob, "dot")),
            "zs": c.pick(["ledig", "verheiratet", "geschieden"]),
            "addr": ADDR(addr.one()),
            "eintritt": c.fmt_date(c.recent_date(), "dot"),
            "iban": E(c.iban("CH"), "IBAN"),
            "tel": TEL(c.phone("CH")),
        },
    )
    c.doc.add(
        "Bitte prüfe die Anmeldung auf Vollständigkeit, bevor ich sie an die Ausgleichskasse schicke."
    )
    c.doc.add(form)


@frame("bestellbestaetigung_versand", "order_email", "A", DACH, neg_rate=0.7)
def bestellbestaetigung_versand(c: Ctx) -> None:
    p = c.person()
    addr = c.address()
    shop = c.org()
    items: list[Frag] = []
    for _ in range(c.num(1, 3)):
        kind = c.pick(["isbn", "ean", "sku"])
        if kind == "isbn":
            items.append(
                render(
                    "1 x ⟨t⟩ (ISBN ⟨i⟩) – ⟨p⟩",
                    {
                        "t": c.pick(
                            ["Kochen für Faule", "Der Steuerratgeber 2025", "Python für Einsteiger"]
                        ),
                        "i": N(v.isbn13(c.r), "isbn"),
                        "p": c.amount(),
                    },
                )
            )
        elif kind == "ean":
            items.append(
                render(
                    "⟨n⟩ x ⟨t⟩, EAN ⟨e⟩ – ⟨p⟩",
                    {
                        "n": str(c.num(1, 4)),
                        "t": c.pick(["Akkuschrauber 18V", "Thermobecher 0,5 l", "USB-C-Kabel 2 m"]),
                        "e": N(v.ean13(c.r), "ean"),
                        "p": c.amount(),
                    },
                )
            )
        else:
            items.append(
                render(
                    "1 x ⟨t⟩, Art.-Nr. ⟨s⟩ – ⟨p⟩",
                    {
                        "t": c.pick(["Laufschuh Gr. 43", "Regenjacke M", "Rucksack 28 l"]),
                        "s": N(
                            f"{c.num(100, 999)}.{c.num(100, 999)}.{c.num(10, 99)}"
                            if c.chance(0.5)
                            else f"{c.letters(2)}-{c.num(1000, 9999)}-{c.pick(['BLK', 'GRN', 'XL', 'M'])}",
                            "product_code",
                        ),
                        "p": c.amount(),
                    },
                )
            )
    mail = render(
        """
        Hallo ⟨first⟩,

        vielen Dank für deine Bestellung ⟨order⟩ bei ⟨shop⟩!

        ⟨items⟩

        Lieferadresse:
        ⟨name⟩
        ⟨addr⟩

        Bezahlt mit: ⟨zahl⟩
        Dein Paket ist unterwegs, Sendungsnummer: ⟨track⟩

        Bei Fragen erreichst du uns unter ⟨hotline⟩.
        """,
        {
            "first": PER(p.first),
            "order": c.n_order(),
            "shop": ORG(shop),
            "items": join("\n", items),
            "name": PER(p.full),
            "addr": ADDR(addr.block()),
            "zahl": c.pick(
                [
                    render("Kreditkarte ⟨m⟩", {"m": N(v.masked_card(c.r), "masked_card")}),
                    render("Visa ⟨m⟩", {"m": N(v.masked_card(c.r), "masked_card")}),
                    "PayPal",
                    "Rechnung",
                    "Klarna",
                ]
            ),
            "track": c.n_tracking(),
            "hotline": TEL(c.phone(mobile=False)),
        },
    )
    c.doc.add(
        c.pick(
            [
                "Das Paket ist nicht angekommen. Schreib mir eine Beschwerde an den Shop auf Basis dieser Bestätigung:",
                "Was habe ich hier eigentlich bestellt? Fass kurz zusammen.",
                "Widerruf formulieren für die erste Position:",
            ]
        )
    )
    c.doc.add(mail)


@frame("karte_sperren_chat", "chat_history", "A", DACH, neg_rate=0.6)
def karte_sperren_chat(c: Ctx) -> None:
    p = c.person()
    card = c.card()
    wrong = N(v.fmt_card(c.r, v.luhn_invalid_16(c.r), " "), "luhn_invalid_card")
    fall = N(f"{c.pick(['SR', 'FN', 'VG'])}-{c.digits(7)}", "case_number")
    c.doc.add(
        "Du bist der Chat-Assistent der Bank. Du kannst Karten über das Tool card_block sperren. Frage nach Geburtsdatum und Kartennummer zur Verifizierung."
    )
    c.doc.add(
        c.pick(
            [
                "Hallo, mir wurde gerade die Kreditkarte geklaut!! bitte sofort sperren",
                "guten abend, ich glaube meine Karte wurde kopiert, da sind Abbuchungen die ich nicht kenne",
            ]
        )
    )
    c.doc.add(
        "Das tut mir leid! Ich helfe Ihnen sofort. Bitte nennen Sie mir Ihre Kartennummer und Ihr Geburtsdatum."
    )
    c.doc.add(
        render(
            "⟨wrong⟩, geb. ⟨dob⟩",
            {
                "wrong": wrong,
                "dob": DOB(c.fmt_date(c.birth_date(), c.pick(["dot", "dot_short", "dot2"]))),
            },
        )
    )
    c.doc.add("Diese Kartennummer ist leider ungültig – bitte prüfen Sie die Ziffern noch einmal.")
    c.doc.add(
        render(
            "sorry, vertippt: ⟨card⟩. Name ist ⟨name⟩",
            {"card": E(card, "CREDIT_CARD"), "name": PER(p.full)},
        )
    )
    c.doc.add(
        json_frag(
            {
                "tool": "card_block",
                "result": {"status": "blocked", "case_id": fall, "replacement": "ordered"},
            },
            indent=None,
        )
    )
    c.doc.add(
        render(
            "Ihre Karte ist gesperrt (Vorgang ⟨fall⟩). Eine Ersatzkarte ist bestellt und kommt in 5–7 Werktagen an Ihre hinterlegte Adresse.",
            {"fall": N(fall.value, "case_number")},
        )
    )


@frame("bewerbung_lebenslauf", "cv", "A", DACH)
def bewerbung_lebenslauf(c: Ctx) -> None:
    p = c.person(foreign=0.2)
    dob = c.birth_date(1975, 2003)
    addr = c.address()
    ag1, ag2 = c.org(), c.org()
    cv = render(
        """
        LEBENSLAUF

        ⟨name⟩
        ⟨addr⟩
        ⟨tel⟩ · ⟨mail⟩
        geboren am ⟨dob⟩ in ⟨ort⟩

        BERUFSERFAHRUNG
        ⟨j1⟩ – heute    ⟨rolle1⟩, ⟨ag1⟩
        ⟨j2⟩ – ⟨j1b⟩     ⟨rolle2⟩, ⟨ag2⟩

        AUSBILDUNG
        ⟨abschluss⟩
        """,
        {
            "name": PER(p.full),
            "addr": ADDR(addr.one(" · ") if c.chance(0.5) else addr.block()),
            "tel": TEL(c.phone(mobile=True)),
            "mail": MAIL(c.email(p)),
            "dob": DOB(c.fmt_date(dob, c.pick(["dot", "long"]))),
            "ort": c.pick(["Leipzig", "Ankara", "Linz", "Bern", "Posen", "Bremen"]),
            "j1": f"{c.num(3, 12):02d}/{c.num(2020, 2023)}",
            "j2": f"{c.num(1, 12):02d}/{c.num(2014, 2018)}",
            "j1b": f"{c.num(1, 12):02d}/{c.num(2019, 2020)}",
            "rolle1": c.pick(
                [
                    "Sachbearbeiterin Finanzbuchhaltung"
                    if p.female
                    else "Sachbearbeiter Finanzbuchhaltung",
                    "Softwareentwickler:in",
                    "Teamleitung Logistik",
                ]
            ),
            "rolle2": c.pick(["Werkstudent:in IT", "Kaufm. Angestellte:r", "Trainee Controlling"]),
            "ag1": ORG(ag1),
            "ag2": ORG(ag2),
            "abschluss": c.pick(
                [
                    "B.Sc. Wirtschaftsinformatik, Hochschule München",
                    "Ausbildung Industriekauffrau/-mann, IHK",
                    "M.A. Betriebswirtschaft, Universität Wien",
                ]
            ),
        },
    )
    c.doc.add(
        c.pick(
            [
                "Bitte optimiere meinen Lebenslauf für eine Stelle als Controller:",
                "Schreib ein Anschreiben passend zu diesem Lebenslauf.",
                "Übersetze den Lebenslauf ins Englische.",
            ]
        )
    )
    c.doc.add(cv)


@frame("at_befund_ecard", "letter", "A", ("de_AT",))
def at_befund_ecard(c: Ctx) -> None:
    pat, arzt = c.people(2)
    dob = c.birth_date(1940, 2010)
    sv = v.at_svnr(c.r, dob)
    addr = c.address("AT")
    ord_name = c.pick(["Ordination", "Gruppenpraxis", "Praxis"]) + f" Dr. {arzt.last}"
    letter = render(
        """
        ⟨ord⟩
        Fachärztin/Facharzt für Innere Medizin
        ⟨oaddr⟩ · Tel. ⟨otel⟩

        BEFUNDBERICHT

        Patient/in: ⟨pat⟩, geb. ⟨dob⟩
        SV-Nr.: ⟨sv⟩   Versicherungsträger: ⟨kk⟩
        Wohnhaft: ⟨addr⟩

        Diagnose: ⟨diag⟩
        Procedere: Kontrolle in 3 Monaten, bei Verschlechterung früher. Rückfragen gerne unter ⟨mob⟩.

        Dr. ⟨arzt⟩
        """,
        {
            "ord": ORG(ord_name),
            "oaddr": ADDR(c.address("AT").one()),
            "otel": TEL(c.phone("AT", mobile=False, ext=0.5)),
            "pat": PER(pat.full),
            "dob": DOB(c.fmt_date(dob, "dot")),
            "sv": E(c.pick([f"{sv[:4]} {sv[4:]}", sv, f"{sv[:4]}{sv[4:]}"]), "NATIONAL_ID"),
            "kk": ORG(c.pick(["ÖGK", "BVAEB", "SVS"])),
            "addr": ADDR(addr.one()),
            "diag": c.pick(
                [
                    "Arterielle Hypertonie, gut eingestellt",
                    "V.a. Refluxösophagitis",
                    "Eisenmangelanämie",
                ]
            ),
            "mob": TEL(c.phone("AT", mobile=True)),
            "arzt": PER(arzt.full),
        },
    )
    c.doc.add("Erkläre mir diesen Befund in einfacher Sprache:")
    c.doc.add(letter)


@frame("reisebuchung_pass", "travel", "A", DACH, neg_rate=0.7)
def reisebuchung_pass(c: Ctx) -> None:
    p1, p2 = c.people(2, foreign=0.15)
    pnr = N(
        c.letters(6) if c.chance(0.5) else f"{c.letters(3)}{c.digits(1)}{c.letters(2)}",
        "booking_reference",
    )
    cc = c.region
    book = render(
        """
        Buchungsbestätigung – Buchungscode ⟨pnr⟩
        Flug ⟨flug⟩ am ⟨datum⟩, ⟨route⟩

        Reisende:
        1. ⟨a1⟩ ⟨n1⟩, geb. ⟨d1⟩, Reisepass ⟨pp1⟩ (gültig bis ⟨g1⟩)
        2. ⟨a2⟩ ⟨n2⟩, geb. ⟨d2⟩, Reisepass ⟨pp2⟩

        Kontakt für Flugänderungen: ⟨tel⟩, ⟨mail⟩
        """,
        {
            "pnr": pnr,
            "flug": f"{c.pick(['LH', 'OS', 'LX', 'EW', 'DE'])} {c.num(100, 2999)}",
            "datum": c.n_date(),
            "route": c.pick(["MUC → JFK", "VIE → BKK", "ZRH → LIS", "FRA → ORD", "HAM → PMI"]),
            "a1": anrede(p1),
            "n1": PER(p1.full),
            "d1": DOB(c.fmt_date(c.birth_date(), "dot")),
            "pp1": E(v.passport(c.r, cc), "PASSPORT"),
            "g1": c.fmt_date(c.recent_date().replace(year=2030), "dot"),
            "a2": anrede(p2),
            "n2": PER(p2.full),
            "d2": DOB(c.fmt_date(c.birth_date(), "dot")),
            "pp2": E(v.passport(c.r, cc), "PASSPORT"),
            "tel": TEL(c.phone(mobile=True)),
            "mail": MAIL(c.email(p1)),
        },
    )
    c.doc.add(
        c.pick(
            [
                "Brauchen wir für diese Reise ein Visum oder ESTA? Buchung:",
                "Erstelle eine Packliste und Checkliste für diese Reise.",
                "Prüfe, ob die Pässe bei Reiseantritt noch lange genug gültig sind.",
            ]
        )
    )
    c.doc.add(book)


@frame("steuerberater_mail", "email", "A", ("de_DE",), neg_rate=0.4)
def steuerberater_mail(c: Ctx) -> None:
    a = c.person()
    b = c.person(female=not a.female)
    b = Person(b.first, a.last if c.chance(0.6) else b.last, b.female, b.locale)
    stb = c.person()
    kanzlei = c.org("DE")
    addr = c.address("DE")
    kind_dob = c.birth_date(2008, 2022)
    mail = render(
        """
        Hallo ⟨anr⟩ ⟨stbl⟩,

        anbei wie besprochen unsere Daten für die Einkommensteuererklärung ⟨jahr⟩:

        ⟨a⟩, geb. ⟨adob⟩, Steuer-ID ⟨aid⟩
        ⟨b⟩, geb. ⟨bdob⟩, Steuer-ID ⟨bid⟩
        Kind: ⟨kind⟩, geb. ⟨kdob⟩, Steuer-ID ⟨kid⟩
        Anschrift: ⟨addr⟩

        Die Belege für die Handwerkerleistungen (⟨betrag⟩) lade ich ins Portal hoch. Die Erstattung bitte wieder auf ⟨iban⟩.

        Viele Grüße
        ⟨af⟩
        """,
        {
            "anr": anrede(stb),
            "stbl": PER(stb.last),
            "jahr": str(c.num(2022, 2024)),
            "a": PER(a.full),
            "adob": DOB(c.fmt_date(c.birth_date(1960, 1995), "dot")),
            "aid": E(v.fmt_idnr(c.r, v.de_idnr(c.r)), "DE_TAX_ID"),
            "b": PER(b.full),
            "bdob": DOB(c.fmt_date(c.birth_date(1960, 1995), "dot")),
            "bid": E(v.fmt_idnr(c.r, v.de_idnr(c.r)), "DE_TAX_ID"),
            "kind": PER(c.person(locale="de_DE").first),
            "kdob": DOB(c.fmt_date(kind_dob, "dot")),
            "kid": E(v.fmt_idnr(c.r, v.de_idnr(c.r)), "DE_TAX_ID"),
            "addr": ADDR(addr.one()),
            "betrag": c.n_amount(),
            "iban": E(c.iban("DE"), "IBAN"),
            "af": PER(a.first),
        },
    )
    c.doc.add(
        c.pick(
            [
                "Ist die Mail an meine Steuerberaterin so ok? Bitte kurz verbessern.",
                "Welche Unterlagen fehlen noch typischerweise für die Steuererklärung?",
            ]
        )
    )
    c.doc.add(
        render(
            "An: ⟨m⟩ (⟨k⟩)\n\n", {"m": MAIL(c.email(stb, c.domain_of(kanzlei))), "k": ORG(kanzlei)}
        ),
        mail,
    )


# =============================================================================== half B


@frame("email_verlauf_zitat", "email_thread", "B", DACH, neg_rate=0.4)
def email_verlauf_zitat(c: Ctx) -> None:
    kunde, sb = c.people(2)
    firm = c.org()
    dom = c.domain_of(firm)
    kmail = c.email(kunde)
    d = c.recent_date()
    old_tel, new_tel = c.phone(mobile=False), c.phone(mobile=True)
    iban = c.iban()
    vg = N(f"{c.num(2023, 2025)}-{c.digits(6)}", "case_number")
    zitat = render(
        """
        > ⟨sehr⟩ ⟨kl⟩,
        >
        > zu Ihrem Vorgang ⟨vg⟩ benötigen wir noch Ihre aktuelle Bankverbindung sowie eine Telefonnummer für Rückfragen. Derzeit ist bei uns ⟨alt⟩ hinterlegt.
        >
        > Mit freundlichen Grüßen
        > ⟨sb⟩
        > ⟨firm⟩
        """,
        {
            "sehr": sehr(kunde),
            "kl": PER(kunde.last),
            "vg": vg,
            "alt": TEL(old_tel),
            "sb": PER(sb.full),
            "firm": ORG(firm),
        },
    )
    body = render(
        """
        Hallo ⟨sbl⟩,

        anbei die Daten:
        IBAN ⟨iban⟩, Kontoinhaber ⟨kunde⟩
        Die Festnetznummer gibt es nicht mehr, bitte nur noch ⟨neu⟩.

        Viele Grüße
        ⟨kf⟩

        Am ⟨datum⟩ um ⟨zeit⟩ schrieb ⟨sb⟩ <⟨sbm⟩>:
        ⟨zitat⟩
        """,
        {
            "sbl": cat(anrede(sb), " ", PER(sb.last)) if c.chance(0.6) else PER(sb.first),
            "iban": E(iban, "IBAN"),
            "kunde": PER(kunde.full),
            "neu": TEL(new_tel),
            "kf": PER(kunde.first),
            "datum": c.fmt_date(d, "dot"),
            "zeit": f"{c.num(8, 17)}:{c.num(10, 59)}",
            "sb": PER(sb.full),
            "sbm": MAIL(c.email(sb, dom)),
            "zitat": zitat,
        },
    )
    c.doc.add(
        c.pick(
            [
                "Extrahiere die neuen Kontaktdaten aus diesem Mailverlauf als JSON.",
                "Schreib die Antwort des Sachbearbeiters.",
                "Was will der Kunde? Verlauf:",
            ]
        )
    )
    c.doc.add(
        render(
            "Von: ⟨k⟩ <⟨km⟩>\nBetreff: AW: Ihr Vorgang ⟨vg⟩\n\n",
            {"k": PER(kunde.full), "km": MAIL(kmail), "vg": N(vg.value, "case_number")},
        ),
        body,
    )


@frame("gehaltsabrechnung_ocr", "ocr_form", "B", ("de_DE",), neg_rate=0.5)
def gehaltsabrechnung_ocr(c: Ctx) -> None:
    p = c.person(foreign=0.15)
    dob = c.birth_date(1965, 2003)
    firm = c.org("DE")
    addr = c.address("DE")
    idnr = v.de_idnr(c.r)
    rv = v.de_rvnr(c.r, dob, p.last, p.female)
    ocr_idnr = c.pick(
        [
            f"{idnr[:2]} {idnr[2:5]} {idnr[5:8]} {idnr[8:]}",
            idnr,
            f"{idnr[:2]}  {idnr[2:5]}  {idnr[5:8]}  {idnr[8:]}",
        ]
    )
    brutto = c.num(2200, 7800)
    bad = N(v.bad_idnr(c.r), "bad_tax_id")
    doc = render(
        """
        ⟨firm⟩    Abrechnung der Brutto/Netto-Bezüge   für  ⟨monat⟩
        Pers.-Nr. ⟨pnr⟩     Geb.-Datum  ⟨dob⟩     Eintritt ⟨eintritt⟩
        ⟨name⟩
        ⟨addr⟩
        St.Kl. ⟨sk⟩   Konf. --   Kinderfrb. 0,0    Steuer-ID  ⟨idnr⟩
        SV-Nummer   ⟨rv⟩      KK  ⟨kk⟩
        ------------------------------------------------------------------
        Gehalt                          ⟨brutto⟩,00
        Lohnsteuer                      ⟨lst⟩
        Solidaritätszuschlag              0,00
        KV-Beitrag / RV-Beitrag / AV / PV  ⟨sv⟩
        ------------------------------------------------------------------
        Auszahlungsbetrag               ⟨netto⟩
        Überweisung an IBAN ⟨iban⟩
        ⟨alt⟩
        """,
        {
            "firm": ORG(firm),
            "monat": c.pick(["Januar", "März", "Juni", "Oktober"]) + f" {c.num(2023, 2025)}",
            "pnr": str(c.num(1000, 99999)),
            "dob": DOB(c.fmt_date(dob, "dot")),
            "eintritt": c.fmt_date(c.recent_date(), "dot"),
            "name": PER(p.full),
            "addr": ADDR(addr.block()),
            "sk": str(c.pick([1, 3, 4, 5])),
            "idnr": E(ocr_idnr, "DE_TAX_ID"),
            "rv": E(v.fmt_rvnr(c.r, rv), "NATIONAL_ID"),
            "kk": ORG(c.pick(["TK", "AOK Plus", "BARMER", "DAK"])),
            "brutto": f"{brutto:,}".replace(",", "."),
            "lst": N(f"{c.num(150, 900)},{c.digits(2)}", "amount"),
            "sv": f"{c.num(400, 1500)},{c.digits(2)}",
            "netto": c.n_amount(1500, 5200),
            "iban": E(c.iban("DE", "paper"), "IBAN"),
            "alt": c.pick(
                [
                    "",
                    render(
                        "Korrektur: Steuer-ID im Vormonat fehlerhaft übermittelt (⟨bad⟩)",
                        {"bad": bad},
                    ),
                ]
            ),
        },
    )
    c.doc.add(
        "Das ist ein OCR-Scan meiner Gehaltsabrechnung. Erklär mir die Abzüge und ob die Steuerklasse stimmt."
    )
    c.doc.add(doc)


@frame("rechnung_ocr", "ocr_form", "B", DACH, neg_rate=0.6)
def rechnung_ocr(c: Ctx) -> None:
    firm = c.org()
    fa = c.address()
    kunde_firm = c.org()
    kp = c.person()
    ka = c.address()
    vat = v.fmt_vat(c.r, v.vat_id(c.r, c.region))
    vat_spaced = c.pick([vat, " ".join(vat.replace(" ", "")) if c.chance(0.2) else vat])
    items: list[Frag] = (
        [
            render(
                "Fachbuch ⟨t⟩ ISBN ⟨i⟩   1   ⟨p⟩",
                {
                    "t": c.pick(["Steuerrecht", "Arbeitsrecht", "IT-Sicherheit"]),
                    "i": N(v.isbn13(c.r), "isbn"),
                    "p": c.amount(),
                },
            )
        ]
        if c.chance(0.6)
        else []
    )
    items.append(
        render(
            "Wartungspauschale ⟨q⟩   1   ⟨p⟩",
            {"q": f"Q{c.num(1, 4)}/{c.num(2024, 2025)}", "p": c.amount()},
        )
    )
    items.append(
        render(
            "Ersatzteil ⟨sku⟩   ⟨n⟩   ⟨p⟩",
            {
                "sku": N(f"{c.letters(3)}-{c.digits(5)}", "product_code"),
                "n": str(c.num(1, 6)),
                "p": c.amount(),
            },
        )
    )
    iban = c.iban(style="paper")
    # OCR sometimes breaks the IBAN over two lines, aligned under its first group
    iban_ocr = iban[:14] + "\n      " + iban[15:] if c.chance(0.25) else iban
    doc = render(
        """
        ⟨firm⟩
        ⟨fa⟩
        Tel ⟨ftel⟩  ·  ⟨fmail⟩

        ⟨kfirm⟩
        z. Hd. ⟨kp⟩
        ⟨ka⟩

        R E C H N U N G   Nr.  ⟨inv⟩          Datum: ⟨datum⟩
        Pos  Bezeichnung                      Menge   Betrag
        ⟨items⟩
                                        Gesamt brutto  ⟨summe⟩
        Zahlbar innerhalb 14 Tagen ohne Abzug auf:
        IBAN  ⟨iban⟩    BIC  ⟨bic⟩
        USt-IdNr.  ⟨vat⟩
        """,
        {
            "firm": ORG(firm),
            "fa": ADDR(fa.one(" · ")),
            "ftel": TEL(c.phone(mobile=False)),
            "fmail": MAIL(f"info@{c.domain_of(firm)}"),
            "kfirm": ORG(kunde_firm),
            "kp": PER(kp.full),
            "ka": ADDR(ka.block()),
            "inv": c.n_invoice(),
            "datum": c.n_date(),
            "items": join("\n", items),
            "summe": c.n_amount(100, 9000),
            "iban": E(iban_ocr, "IBAN"),
            "bic": E(c.bic(), "BIC"),
            "vat": E(vat_spaced, "VAT_ID"),
        },
    )
    c.doc.add(
        c.pick(
            [
                "OCR einer eingescannten Rechnung. Bitte die Buchungsdaten (Kreditor, Betrag, IBAN, USt-IdNr.) herausziehen.",
                "Prüfe diese Rechnung auf die Pflichtangaben nach § 14 UStG.",
            ]
        )
    )
    c.doc.add(doc)


@frame("finanzamt_schreiben", "letter", "B", ("de_DE",), neg_rate=0.6)
def finanzamt_schreiben(c: Ctx) -> None:
    p = c.person()
    addr = c.address("DE")
    big = {
        "München": ["Mitte", "Abt. Erhebung"],
        "Köln": ["Altstadt", "Mitte", "Porz"],
        "Hamburg": ["Nord", "Altona", "Mitte"],
        "Berlin": ["Charlottenburg", "Pankow/Weißensee", "Neukölln"],
        "Frankfurt am Main": ["II", "IV", "V-Höchst"],
    }
    fa_ort = f"{addr.town}-{c.pick(big[addr.town])}" if addr.town in big else addr.town
    idnr = v.fmt_idnr(c.r, v.de_idnr(c.r))
    az = N(v.phone_like_record(c.r, "DE"), "phone_like_record")
    sb = c.person()
    letter = render(
        """
        ⟨fa⟩ · Postfach ⟨pf⟩ · ⟨plz⟩ ⟨faort⟩

        ⟨anrede⟩
        ⟨name⟩
        ⟨addr⟩

        Ihr Zeichen/Ihre Nachricht vom: –
        Geschäftszeichen: ⟨az⟩
        Identifikationsnummer: ⟨idnr⟩
        Bearbeiter/in: ⟨sb⟩, Tel. ⟨tel⟩
        Datum: ⟨datum⟩

        Einkommensteuer ⟨jahr⟩ – Anforderung von Unterlagen

        ⟨sehr⟩ ⟨last⟩,

        zur Bearbeitung Ihrer Einkommensteuererklärung ⟨jahr⟩ benötige ich noch folgende Unterlagen: Nachweise zu den Fahrten zwischen Wohnung und erster Tätigkeitsstätte sowie die Rechnung über ⟨betrag⟩ (haushaltsnahe Dienstleistungen).

        Bitte reichen Sie die Unterlagen bis zum ⟨frist⟩ über Mein ELSTER ein.
        """,
        {
            "fa": ORG(f"Finanzamt {fa_ort}"),
            "pf": str(c.num(10, 99) * 1000 + c.num(1, 999)),
            "plz": addr.postcode[:3] + c.digits(2),
            "faort": addr.town,
            "anrede": anrede(p),
            "name": PER(p.full),
            "addr": ADDR(addr.block()),
            "az": az,
            "idnr": E(idnr, "DE_TAX_ID"),
            "sb": cat(anrede(sb), " ", PER(sb.last)),
            "tel": TEL(c.phone("DE", mobile=False, ext=0.5)),
            "datum": c.n_date(),
            "jahr": str(c.num(2021, 2024)),
            "sehr": sehr(p),
            "last": PER(p.last),
            "betrag": c.n_amount(),
            "frist": c.fmt_date(c.recent_date(), "dot"),
        },
    )
    c.doc.add(
        c.pick(
            [
                "Was genau will das Finanzamt von mir? Schreiben:",
                "Hilf mir, eine Antwort an das Finanzamt zu formulieren.",
                "Welche Frist gilt hier und was passiert, wenn ich sie verpasse?",
            ]
        )
    )
    c.doc.add(letter)


@frame("whatsapp_sammelgeschenk", "chat_export", "B", DACH)
def whatsapp_sammelgeschenk(c: Ctx) -> None:
    a, b, d = c.people(3, foreign=0.2)
    iban = c.iban(style=c.pick(["paper", "compact"]))
    addr = c.address()
    dt0 = c.recent_date()
    ts = f"{dt0.day:02d}.{dt0.month:02d}.{dt0.year % 100:02d}"
    chat = render(
        """
        [⟨ts⟩, 19:02:14] ⟨a⟩: Hallo zusammen! Für ⟨geb⟩s Geschenk sammeln wir 20 € pro Person 🎁
        [⟨ts⟩, 19:03:40] ⟨a⟩: Bitte an ⟨iban⟩ (⟨af⟩), Verwendungszweck "Geschenk"
        [⟨ts⟩, 19:11:05] ⟨b⟩: Erledigt! Party ist dann bei dir, ⟨adr⟩?
        [⟨ts⟩, 19:12:30] ⟨a⟩: Genau, 2. Stock, Klingel ⟨al⟩. Falls ihr euch verlauft: ⟨tel⟩
        [⟨ts⟩, 19:15:51] ⟨d⟩: 👍 bin dabei
        """,
        {
            "ts": ts,
            "a": PER(a.full),
            "b": PER(b.first),
            "d": PER(d.full),
            "geb": c.pick(["Omas", "Jonas'", "Frau Müllers", "Sabines"]),
            "iban": E(iban, "IBAN"),
            "af": PER(a.full),
            "adr": ADDR(addr.one()),
            "al": PER(a.last),
            "tel": TEL(c.phone(mobile=True)),
        },
    )
    c.doc.add(
        c.pick(
            [
                "Fass den Gruppenchat kurz zusammen:",
                "Wer hat schon zugesagt?",
                "Schreib eine Erinnerung an alle, die noch nicht überwiesen haben.",
            ]
        )
    )
    c.doc.add(chat)


@frame("assistent_kundendaten_tool", "tool_conversation", "B", DACH)
def assistent_kundendaten_tool(c: Ctx) -> None:
    p = c.person()
    ma = c.person()
    mail = c.email(p)
    addr = c.address()
    kdnr = c.n_customer()
    c.doc.add(
        "Du bist der interne Assistent des Kundenservice. Nutze das Tool kunde_suchen. Gib keine vollständigen Bankdaten an Dritte weiter."
    )
    c.doc.add(
        render(
            "Kannst du mir die Daten von ⟨name⟩ raussuchen? Kundennummer ⟨kdnr⟩. Sie ruft gleich wegen einer Rücklastschrift an. LG ⟨ma⟩",
            {"name": PER(p.full), "kdnr": kdnr, "ma": PER(ma.first)},
        )
    )
    c.doc.add(
        json_frag(
            {
                "name": "kunde_suchen",
                "arguments": {"kundennummer": N(kdnr.value, "customer_number")},
            },
            indent=None,
        )
    )
    c.doc.add(
        json_frag(
            {
                "kundennummer": N(kdnr.value, "customer_number"),
                "name": PER(p.full),
                "geburtsdatum": DOB(c.birth_date().isoformat()),
                "email": MAIL(mail),
                "telefon": TEL(c.phone(style=c.pick(["e164", "intl"]))),
                "anschrift": ADDR(addr.one()),
                "zahlungsart": "SEPA-Lastschrift",
                "iban": E(c.iban(style="compact"), "IBAN"),
                "ruecklastschriften": c.num(1, 3),
                "letzte_anmeldung": {
                    "zeit": c.timestamp("isoz"),
                    "ip": IP(c.ip(c.pick(["public", "v6"]))),
                },
            },
            indent=c.pick([2, None]),
            ascii_only=c.chance(0.5),
        )
    )
    c.doc.add(
        render(
            "Hier die Daten zu ⟨fn⟩: Zahlung per SEPA-Lastschrift, es gab Rücklastschriften. Soll ich eine Zahlungserinnerung an ⟨mail⟩ vorbereiten?",
            {
                "fn": PER(c.pick([p.full, f"{anrede(p)} {p.last}"[len(anrede(p)) + 1 :]])),
                "mail": MAIL(mail),
            },
        )
    )


@frame("java_stacktrace_de", "stack_trace", "B", DACH, neg_rate=0.4)
def java_stacktrace_de(c: Ctx) -> None:
    host = c.ip("private")
    pw = c.password()
    p = c.person()
    mail = c.email(p)
    trace = render(
        """
        ⟨ts⟩ FEHLER [de.firma.auftrag.ExportJob] Export für Kunde ⟨mail⟩ fehlgeschlagen
        java.sql.SQLException: Zugriff verweigert für Benutzer 'export'@'⟨host2⟩' (mit Passwort: JA)
        \tat com.mysql.cj.jdbc.exceptions.SQLError.createSQLException(SQLError.java:130)
        \tat com.mysql.cj.jdbc.ConnectionImpl.<init>(ConnectionImpl.java:449)
        \tat de.firma.auftrag.db.Pool.get(Pool.java:57)
        \tat de.firma.auftrag.ExportJob.run(ExportJob.java:112)
        Verbindungs-URL: jdbc:mysql://⟨host⟩:3306/auftrag?user=export&password=⟨pw⟩&useSSL=false
        Build ⟨hash⟩, Version ⟨ver⟩
        """,
        {
            "ts": c.timestamp("space"),
            "mail": MAIL(mail),
            "host2": IP(c.ip("private")),
            "host": IP(host),
            "pw": KEY(pw),
            "hash": c.n_hash(),
            "ver": c.n_version(),
        },
    )
    c.doc.add(
        c.pick(
            [
                "Was bedeutet dieser Fehler und wie behebe ich ihn?",
                "Unser nächtlicher Export schlägt fehl, Log:",
            ]
        )
    )
    c.doc.add(trace)


@frame("spring_application_yml", "config_file", "B", DACH)
def spring_application_yml(c: Ctx) -> None:
    dbpw = c.password()
    mailpw = c.password("human")
    oauth = c.secret("google_oauth")
    jwt_secret = v.chars(c.r, v.ALNUM, 64)
    admin = c.person()
    dom = c.domain_of(c.org())
    yml = render(
        """
        spring:
          datasource:
            url: jdbc:postgresql://⟨dbip⟩:5432/shop
            username: shop
            password: ⟨dbpw⟩
          mail:
            host: smtp.⟨dom⟩
            username: ⟨mail⟩
            password: '⟨mailpw⟩'
          security:
            oauth2:
              client:
                registration:
                  google:
                    client-id: ⟨cid⟩.apps.googleusercontent.com
                    client-secret: ⟨oauth⟩
        app:
          jwt:
            secret: ⟨js⟩
          allowed-ips: [⟨ip1⟩, ⟨ip2⟩]
        """,
        {
            "dbip": IP(c.ip("private")),
            "dbpw": KEY(dbpw),
            "dom": dom,
            "mail": MAIL(c.email(admin, dom)),
            "mailpw": KEY(mailpw),
            "cid": f"{c.digits(12)}-{v.chars(c.r, 'abcdefghijklmnopqrstuvwxyz0123456789', 32)}",
            "oauth": KEY(oauth),
            "js": KEY(jwt_secret),
            "ip1": IP(c.ip("public")),
            "ip2": IP(c.ip("private")),
        },
    )
    c.doc.add(
        c.pick(
            [
                "Wie lagere ich die Secrets aus dieser application.yml in Umgebungsvariablen aus?",
                "Spring startet nicht: 'Could not resolve placeholder'. Hier die application.yml:",
                "Bitte review",
            ]
        )
    )
    c.doc.add(yml)


@frame("helm_values_yaml", "config_file", "B", DACH, neg_rate=0.5)
def helm_values_yaml(c: Ctx) -> None:
    rpw = c.password("random")
    key = c.secret(c.pick(["datadog", "sendgrid", "slack", "azure_storage"]))
    pub = N(v.public_key_pem(c.r), "public_key")
    pub_ind = "\n".join("    " + line for line in pub.value.splitlines())[4:]
    digest = N("sha256:" + v.sha256_hex(c.r), "hash")
    remote = N(
        c.pick(
            [
                "https://git.intern.example.de/plattform/helm-charts.git",
                "git@gitlab.com:firma/infra/charts.git",
            ]
        ),
        "git_remote",
    )
    ph = N(
        c.pick(
            [
                "{{ .Values.global.redisPassword }}",
                '{{ required "pw" .Values.pw }}',
                "${REDIS_PASSWORD}",
            ]
        ),
        "secret_placeholder",
    )
    yml = render(
        """
        # Quelle: ⟨remote⟩
        image:
          repository: registry.example.de/shop/api
          digest: ⟨digest⟩
        redis:
          auth:
            password: "⟨rpw⟩"
            existingSecretPasswordKey: ⟨ph⟩
        monitoring:
          apiKey: ⟨key⟩
        oidc:
          publicKey: |
            ⟨pub⟩
        ingress:
          whitelistSourceRange: "⟨ip⟩/32"
        """,
        {
            "remote": remote,
            "digest": digest,
            "rpw": KEY(rpw),
            "ph": ph,
            "key": KEY(key),
            "pub": N(pub_ind, "public_key"),
            "ip": IP(c.ip("public")),
        },
    )
    c.doc.add(
        c.pick(
            [
                "helm upgrade schlägt fehl mit 'YAML parse error'. values.yaml:",
                "Wie trenne ich hier Secrets und Konfiguration sauber?",
            ]
        )
    )
    c.doc.add(yml)


@frame("csv_semikolon_export", "csv", "B", DACH)
def csv_semikolon_export(c: Ctx) -> None:
    rows: list[Frag] = [
        ["Kundennr;Anrede;Vorname;Nachname;Straße;PLZ;Ort;Telefon;E-Mail;Geburtsdatum;IBAN"]
    ]
    for i, p in enumerate(c.people(c.num(3, 5), foreign=0.2)):
        addr = c.address()
        rows.append(
            render(
                "⟨k⟩;⟨an⟩;⟨v⟩;⟨n⟩;⟨s⟩;⟨plz⟩;⟨o⟩;⟨t⟩;⟨m⟩;⟨d⟩;⟨i⟩",
                {
                    "k": N(c.digits(6), "customer_number") if i == 1 else c.digits(6),
                    "an": anrede(p),
                    "v": PER(p.first),
                    "n": PER(p.last),
                    "s": ADDR(addr.street),
                    "plz": N(addr.postcode, "postcode") if i == 0 else addr.postcode,
                    "o": addr.town,
                    "t": TEL(c.phone(style=c.pick(["nat", "slash", "compact", "e164", "intl"]))),
                    "m": MAIL(c.email(p)),
                    "d": DOB(c.fmt_date(c.birth_date(), "dot")),
                    "i": E(c.iban(style="compact"), "IBAN"),
                },
            )
        )
    c.doc.add(
        c.pick(
            [
                "Excel zeigt die Umlaute kaputt an. Wie importiere ich diese CSV richtig?",
                "Finde doppelte Kunden in diesem Export:",
                "Mach daraus eine Markdown-Tabelle",
            ]
        )
    )
    c.doc.add(join("\n", rows))


@frame("besprechungsprotokoll", "meeting_notes", "B", DACH)
def besprechungsprotokoll(c: Ctx) -> None:
    a, b, d = c.people(3)
    kunde = c.person()
    kfirm = c.org()
    t1 = c.n_ticket()
    prot = render(
        """
        Protokoll Jour fixe Vertrieb/Service – ⟨datum⟩
        Teilnehmende: ⟨a⟩, ⟨b⟩, ⟨d⟩ (Protokoll)

        TOP 1 Eskalation ⟨kfirm⟩
        - ⟨anr⟩ ⟨kunde⟩ hat sich beim GF beschwert (⟨t1⟩), Rückruf durch ⟨bf⟩ bis ⟨frist⟩ unter ⟨tel⟩
        TOP 2 Messe
        - Standplanung übernimmt ⟨af⟩
        TOP 3 Verschiedenes
        - nächster Termin ⟨naechst⟩
        """,
        {
            "datum": c.n_date(),
            "a": PER(a.full),
            "b": PER(b.full),
            "d": PER(d.full),
            "kfirm": ORG(kfirm),
            "anr": anrede(kunde),
            "kunde": PER(kunde.full),
            "t1": t1,
            "bf": PER(b.first),
            "frist": c.pick(["Freitag", "Mittwoch", "KW " + str(c.num(2, 50))]),
            "tel": TEL(c.phone(ext=0.4)),
            "af": PER(a.first),
            "naechst": c.fmt_date(c.recent_date(), "dot"),
        },
    )
    c.doc.add(
        c.pick(
            [
                "Erstelle aus dem Protokoll eine Aufgabenliste mit Verantwortlichen.",
                "Formuliere das Protokoll etwas förmlicher.",
            ]
        )
    )
    c.doc.add(prot)


@frame("teams_einladung", "calendar", "B", DACH)
def teams_einladung(c: Ctx) -> None:
    org_p = c.person()
    firm = c.org()
    # the conference bridge of the city named after it (Frankfurt 069, Wien 01, Zürich 044)
    sub = str(c.num(2, 9)) + c.digits(7 if c.region == "DE" else 6)
    dial = {
        "DE": f"+49 69 {sub}",
        "AT": f"+43 1 {sub[:3]} {sub[3:]}",
        "CH": f"+41 44 {sub[:3]} {sub[3:5]} {sub[5:]}",
    }[c.region]
    code = v.chars(c.r, v.ALNUM, 6)
    inv = render(
        """
        ⟨betreff⟩
        ________________________________________________________________________________
        Microsoft Teams-Besprechung
        Nehmen Sie von Ihrem Computer, Ihrer mobilen App oder Ihrem Raumgerät teil
        Klicken Sie hier, um an der Besprechung teilzunehmen
        Besprechungs-ID: ⟨mid⟩
        Kenncode: ⟨code⟩
        Oder telefonisch (nur Audio)
        ⟨dial⟩,,⟨pin⟩#   ⟨stadt⟩
        Konferenz-ID: ⟨pin⟩#
        ________________________________________________________________________________
        Organisator: ⟨org⟩ (⟨firm⟩), ⟨mail⟩
        """,
        {
            "betreff": c.pick(
                [
                    "Abstimmung Jahresabschluss",
                    "Kick-off Migration",
                    "Bewerbungsgespräch",
                    "Quartalsreview",
                ]
            ),
            "mid": f"{c.digits(3)} {c.digits(3)} {c.digits(3)} {c.digits(3)}",
            "code": KEY(code),
            "dial": TEL(dial),
            "pin": c.digits(9),
            "stadt": {
                "DE": "Germany, Frankfurt",
                "AT": "Austria, Vienna",
                "CH": "Switzerland, Zurich",
            }[c.region],
            "org": PER(org_p.full),
            "firm": ORG(firm),
            "mail": MAIL(c.email(org_p, c.domain_of(firm))),
        },
    )
    c.doc.add(
        c.pick(
            [
                "Fasse die Einladung zusammen: wann, wie einwählen?",
                "Schreib eine Absage auf diese Einladung.",
            ]
        )
    )
    c.doc.add(inv)


@frame("xml_pain001_ueberweisung", "xml", "B", DACH)
def xml_pain001_ueberweisung(c: Ctx) -> None:
    firm = c.org()
    rows: list[Frag] = []
    for _ in range(c.num(1, 2)):
        p = c.person()
        cc = c.pick([c.region, c.region, "DE", "AT", "NL", "FR"])
        rows.append(
            trim(
                render(
                    """
                  <CdtTrfTxInf>
                    <PmtId><EndToEndId>⟨e2e⟩</EndToEndId></PmtId>
                    <Amt><InstdAmt Ccy="EUR">⟨amt⟩</InstdAmt></Amt>
                    <CdtrAgt><FinInstnId><BICFI>⟨bic⟩</BICFI></FinInstnId></CdtrAgt>
                    <Cdtr><Nm>⟨name⟩</Nm></Cdtr>
                    <CdtrAcct><Id><IBAN>⟨iban⟩</IBAN></Id></CdtrAcct>
                    <RmtInf><Ustrd>Erstattung ⟨ref⟩</Ustrd></RmtInf>
                  </CdtTrfTxInf>
            """,
                    {
                        "e2e": c.n_uuid() if c.chance(0.5) else c.uuid(),
                        "amt": f"{c.num(10, 4000)}.{c.digits(2)}",
                        "bic": E(c.bic(cc), "BIC"),
                        "name": PER(p.full),
                        "iban": E(v.iban(c.r, cc), "IBAN"),
                        "ref": c.n_order(),
                    },
                )
            )
        )
    xml = render(
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <Document xmlns="urn:iso:std:iso:20022:tech:xsd:pain.001.001.09">
          <CstmrCdtTrfInitn>
            <GrpHdr><MsgId>⟨msg⟩</MsgId><CreDtTm>⟨ts⟩</CreDtTm><NbOfTxs>⟨n⟩</NbOfTxs></GrpHdr>
            <PmtInf>
              <Dbtr><Nm>⟨firm⟩</Nm></Dbtr>
              <DbtrAcct><Id><IBAN>⟨diban⟩</IBAN></Id></DbtrAcct>
              <DbtrAgt><FinInstnId><BICFI>⟨dbic⟩</BICFI></FinInstnId></DbtrAgt>
        ⟨rows⟩
            </PmtInf>
          </CstmrCdtTrfInitn>
        </Document>
        """,
        {
            "msg": f"MSG-{c.digits(10)}",
            "ts": c.timestamp("iso")[:19],
            "n": str(len(rows)),
            "firm": ORG(firm),
            "diban": E(v.iban(c.r, c.region if c.region != "CH" else "DE"), "IBAN"),
            "dbic": E(c.bic(c.region if c.region != "CH" else "DE", branch=True), "BIC"),
            "rows": map_text(
                cat("      ", join("\n", rows)), lambda t: t.replace("\n", "\n      ")
            ),
        },
    )
    c.doc.add(
        c.pick(
            [
                "Die Bank lehnt die Datei ab (Schemafehler). Findest du den Fehler?",
                "Erkläre mir den Aufbau dieser pain.001-Datei.",
            ]
        )
    )
    c.doc.add(xml)


@frame("reklamation_geraet", "support_ticket", "B", DACH, neg_rate=0.7)
def reklamation_geraet(c: Ctx) -> None:
    p = c.person()
    addr = c.address()
    mail = render(
        """
        Sehr geehrte Damen und Herren,

        am ⟨kauf⟩ habe ich bei Ihnen einen ⟨geraet⟩ gekauft (Bestellung ⟨order⟩, Rechnung ⟨inv⟩, Art.-Nr. ⟨art⟩, EAN ⟨ean⟩). Seit letzter Woche ⟨fehler⟩. Die Seriennummer lautet ⟨sn⟩.

        Ich bitte um Reparatur oder Austausch im Rahmen der Gewährleistung. Abholung bitte an:
        ⟨name⟩
        ⟨addr⟩
        Tel. ⟨tel⟩

        Die Rücksendung habe ich bereits mit Sendungsnummer ⟨track⟩ an Sie geschickt.

        Mit freundlichen Grüßen
        ⟨name2⟩
        """,
        {
            "kauf": c.n_date(),
            "order": c.n_order(),
            "geraet": c.pick(["Kaffeevollautomaten", "Saugroboter", "Geschirrspüler", "Laptop"]),
            "inv": c.n_invoice(),
            "art": N(f"{c.digits(3)}.{c.digits(3)}.{c.digits(2)}", "product_code"),
            "ean": N(v.ean13(c.r), "ean"),
            "fehler": c.pick(
                [
                    "zeigt er Fehler E07 an",
                    "lässt sich das Gerät nicht mehr einschalten",
                    "läuft Wasser aus",
                ]
            ),
            "sn": N(f"{c.letters(2)}{c.digits(8)}", "product_code"),
            "name": PER(p.full),
            "addr": ADDR(addr.block()),
            "tel": TEL(c.phone()),
            "track": c.n_tracking(),
            "name2": PER(p.full),
        },
    )
    c.doc.add(
        c.pick(
            [
                "Ist meine Reklamation so in Ordnung? Bitte verbessern:",
                "Welche Rechte habe ich hier (Gewährleistung vs. Garantie)?",
            ]
        )
    )
    c.doc.add(mail)


@frame("kontoeroeffnung_ausweis", "kyc_form", "B", DE_AT, neg_rate=0.3)
def kontoeroeffnung_ausweis(c: Ctx) -> None:
    p = c.person(foreign=0.1)
    dob = c.birth_date(1950, 2005)
    addr = c.address()
    us = c.chance(0.25)
    if c.region == "DE":
        doc_no = v.de_id_card(c.r, with_check=c.chance(0.3))
        doc_line = render(
            "Ausweisart: Personalausweis   Nr.: ⟨nr⟩", {"nr": E(doc_no, "NATIONAL_ID")}
        )
        tax = render(
            "Steuerliche Ansässigkeit: Deutschland, Steuer-IdNr. ⟨idnr⟩",
            {"idnr": E(v.fmt_idnr(c.r, v.de_idnr(c.r)), "DE_TAX_ID")},
        )
    else:
        doc_line = render(
            "Ausweisart: Reisepass   Nr.: ⟨nr⟩", {"nr": E(v.passport(c.r, "AT"), "PASSPORT")}
        )
        tax = render(
            "Steuerliche Ansässigkeit: Österreich, SV-Nr. ⟨sv⟩",
            {"sv": E(v.at_svnr(c.r, dob), "NATIONAL_ID")},
        )
    if us:
        itin = c.chance(0.4)
        tin = v.fmt_ssn(c.r, v.us_itin(c.r) if itin else v.us_ssn(c.r))
        tax = cat(
            tax,
            render(
                "\nUS-Steuerpflicht (FATCA): ja, US-TIN ⟨tin⟩",
                {"tin": E(tin, "US_ITIN" if itin else "US_SSN")},
            ),
        )
    form = render(
        """
        Kontoeröffnung Girokonto – Legitimationsprüfung (VideoIdent)
        Name: ⟨name⟩
        Geburtsdatum / -ort: ⟨dob⟩ / ⟨ort⟩
        Staatsangehörigkeit: ⟨sta⟩
        ⟨doc⟩
        Meldeadresse: ⟨addr⟩
        Mobilnummer (TAN): ⟨mob⟩
        E-Mail: ⟨mail⟩
        ⟨tax⟩
        Ergebnis: Identität bestätigt
        """,
        {
            "name": PER(p.full),
            "dob": DOB(c.fmt_date(dob, "dot")),
            "ort": c.pick(["Nürnberg", "Wien", "Izmir", "Krakau", "Salzburg", "Essen"]),
            "sta": "deutsch" if c.region == "DE" else "österreichisch",
            "doc": doc_line,
            "addr": ADDR(addr.one()),
            "mob": TEL(c.phone(mobile=True)),
            "mail": MAIL(c.email(p)),
            "tax": tax,
        },
    )
    c.doc.add("Prüfe das Ident-Protokoll auf Auffälligkeiten für die Geldwäsche-Prüfung (KYC).")
    c.doc.add(form)


@frame("php_code_zugangsdaten", "code", "B", DACH, neg_rate=0.5)
def php_code_zugangsdaten(c: Ctx) -> None:
    pw = c.password()
    key = c.secret(c.pick(["stripe", "sendgrid", "mailgun", "twilio", "github"]))
    jwt = c.jwt(sub=str(c.num(1000, 99999)))
    remote = N(
        c.pick(
            [
                "git@bitbucket.org:agentur/shop-plugin.git",
                "https://github.com/firma-intern/zahlung.git",
            ]
        ),
        "git_remote",
    )
    code = render(
        """
        <?php
        // Zugangsdaten Shop-Datenbank (TODO: in .env auslagern!)
        $db = new PDO('mysql:host=⟨ip⟩;dbname=shop;charset=utf8mb4', 'shop_user', '⟨pw⟩');

        // Zahlungsanbieter
        define('PAYMENT_API_KEY', '⟨key⟩');

        // Testtoken für die interne API, läuft eh ab
        $headers = ['Authorization: Bearer ⟨jwt⟩'];

        // Plugin kommt aus ⟨remote⟩
        """,
        {
            "ip": IP(c.ip("private")),
            "pw": KEY(pw),
            "key": KEY(key),
            "jwt": E(jwt, "JWT"),
            "remote": remote,
        },
    )
    c.doc.add(
        c.pick(
            [
                "Warum bekomme ich 'SQLSTATE[HY000] [1045] Access denied'? Code:",
                "Bitte in sauberes, modernes PHP 8 umschreiben:",
                "Ist das so sicher?",
            ]
        )
    )
    c.doc.add(cat("```php\n", code, "```"))


@frame("json_webhook_bestellung", "api_payload", "B", DACH, neg_rate=0.5)
def json_webhook_bestellung(c: Ctx) -> None:
    p = c.person()
    addr = c.address()
    body = json_frag(
        {
            "id": c.n_uuid(),
            "event": "order.paid",
            "order_number": c.n_order(),
            "api_version": c.n_version(),
            "created": N(c.timestamp("isoz"), "timestamp"),
            "customer": {
                "name": PER(p.full),
                "email": MAIL(c.email(p)),
                "phone": TEL(c.phone(style=c.pick(["e164", "intl"]))),
            },
            "shipping": {
                "address": ADDR(addr.one()),
                "zone": N(addr.postcode, "postcode"),
                "tracking": c.n_tracking(),
            },
            "payment": {
                "method": "card",
                "card": N(v.masked_card(c.r), "masked_card"),
                "test_card_rejected": N(v.luhn_invalid_16(c.r), "luhn_invalid_card"),
            },
            "booking": {"ref": N(c.letters(6), "booking_reference")} if c.chance(0.3) else None,
        },
        indent=2,
        ascii_only=c.chance(0.3),
    )
    c.doc.add(
        c.pick(
            [
                "Schreib mir einen Python-Handler für diesen Webhook (FastAPI):",
                "Welche Felder aus diesem Payload darf ich laut DSGVO speichern?",
                "Validiere das JSON gegen unser Schema und nenne Abweichungen.",
            ]
        )
    )
    c.doc.add(body)


@frame("html_kontaktformular", "html", "B", DACH)
def html_kontaktformular(c: Ctx) -> None:
    p = c.person()
    firm = c.org()
    html = render(
        """
        <html><body>
        <h2>Neue Anfrage über das Kontaktformular</h2>
        <table border="0" cellpadding="4">
        <tr><td><b>Name:</b></td><td>⟨name⟩</td></tr>
        <tr><td><b>Firma:</b></td><td>⟨firm⟩</td></tr>
        <tr><td><b>Telefon:</b></td><td>⟨tel⟩</td></tr>
        <tr><td><b>E-Mail:</b></td><td><a href="mailto:⟨mail⟩">⟨mail⟩</a></td></tr>
        <tr><td><b>Nachricht:</b></td><td>⟨msg⟩</td></tr>
        </table>
        <p style="color:#888">Gesendet am ⟨ts⟩ von IP ⟨ip⟩</p>
        </body></html>
        """,
        {
            "name": PER(p.full),
            "firm": ORG(firm),
            "tel": TEL(c.phone()),
            "mail": MAIL(c.email(p, c.domain_of(firm))),
            "msg": c.pick(
                [
                    "Wir interessieren uns für ein Angebot über 25 Lizenzen.",
                    "Bitte um Rückruf wegen einer Kooperation.",
                    "Ich hätte gerne Infos zu Ihren Schulungen.",
                ]
            ),
            "ts": c.n_timestamp(),
            "ip": IP(c.ip(c.pick(["public", "v6"]))),
        },
    )
    c.doc.add(
        c.pick(
            [
                "Extrahiere die Kontaktdaten aus dieser HTML-Mail und lege einen Lead an (JSON).",
                "Schreib eine Antwort auf diese Anfrage.",
            ]
        )
    )
    c.doc.add(html)


@frame("ch_qr_rechnung", "invoice", "B", ("de_CH",))
def ch_qr_rechnung(c: Ctx) -> None:
    firm = c.org("CH")
    fa = c.address("CH")
    p = c.person()
    pa = c.address("CH")
    ref_body = c.digits(26)
    table = [0, 9, 4, 6, 8, 2, 7, 1, 3, 5]
    carry = 0
    for ch in ref_body:
        carry = table[(carry + int(ch)) % 10]
    qr_ref = ref_body + str((10 - carry) % 10)
    qr_fmt = " ".join([qr_ref[:2]] + [qr_ref[i : i + 5] for i in range(2, 27, 5)])
    iban = c.iban("CH", "paper")
    uid = v.fmt_vat(c.r, v.vat_id(c.r, "CH"))
    bill = render(
        """
        Empfangsschein
        Konto / Zahlbar an
        ⟨iban⟩
        ⟨firm⟩
        ⟨fa⟩
        Referenz
        ⟨ref⟩
        Zahlbar durch
        ⟨name⟩
        ⟨pa⟩
        Währung  Betrag
        CHF      ⟨betrag⟩

        ⟨firm2⟩ · ⟨uid⟩
        """,
        {
            "iban": E(iban, "IBAN"),
            "firm": ORG(firm),
            "fa": ADDR(fa.block()),
            "ref": N(qr_fmt, "invoice_number"),
            "name": PER(p.full),
            "pa": ADDR(pa.block()),
            "betrag": f"{c.num(20, 3000)}.{c.pick(['00', '50', '95'])}",
            "firm2": ORG(firm),
            "uid": E(uid, "VAT_ID"),
        },
    )
    c.doc.add(
        c.pick(
            [
                "Das ist der Text einer QR-Rechnung. Kannst du mir die Zahlung für das E-Banking aufbereiten?",
                "Ist diese Rechnung korrekt ausgestellt?",
            ]
        )
    )
    c.doc.add(bill)


@frame("at_oegk_anmeldung", "hr_form", "B", ("de_AT",), neg_rate=0.4)
def at_oegk_anmeldung(c: Ctx) -> None:
    p = c.person(foreign=0.2)
    dob = c.birth_date(1960, 2005)
    sv = v.at_svnr(c.r, dob)
    firm = c.org("AT")
    addr = c.address("AT")
    form = render(
        """
        Anmeldung ÖGK (ELDA) – Dienstnehmer/in
        Dienstgeber: ⟨firm⟩, Beitragskontonummer ⟨bkn⟩, UID ⟨uid⟩
        Versicherungsnummer: ⟨sv⟩
        Familienname: ⟨last⟩   Vorname: ⟨first⟩
        Geburtsdatum: ⟨dob⟩
        Anschrift: ⟨addr⟩
        Beschäftigt ab: ⟨ab⟩   Beschäftigungsart: ⟨art⟩
        Bankverbindung: ⟨iban⟩ ⟨bic⟩
        Rückfragen: ⟨tel⟩, ⟨mail⟩
        """,
        {
            "firm": ORG(firm),
            "bkn": N(c.digits(9), "customer_number"),
            "uid": E(v.fmt_vat(c.r, v.vat_id(c.r, "AT")), "VAT_ID"),
            "sv": E(c.pick([f"{sv[:4]} {sv[4:]}", sv]), "NATIONAL_ID"),
            "last": PER(p.last),
            "first": PER(p.first),
            "dob": DOB(c.fmt_date(dob, "dot")),
            "addr": ADDR(addr.one()),
            "ab": c.n_date(),
            "art": c.pick(["Angestellte/r Vollzeit", "geringfügig", "Arbeiter/in Teilzeit"]),
            "iban": E(c.iban("AT"), "IBAN"),
            "bic": E(c.bic("AT"), "BIC"),
            "tel": TEL(c.phone("AT", mobile=False, ext=0.6)),
            "mail": MAIL(f"lohn@{c.domain_of(firm)}"),
        },
    )
    c.doc.add("Prüfe die Anmeldung: Passt die Versicherungsnummer zum Geburtsdatum?")
    c.doc.add(form)

"""German frames of the dev half."""

from __future__ import annotations

import json

from bench.fresh4 import ids, people
from bench.fresh4.core import Ctx, frame
from bench.fresh4.negs import NG, money

ALL_DE = ("de_DE", "de_DE", "de_DE", "de_AT", "de_CH")


def _clock(c: Ctx) -> str:
    """A time of day ``HH:MM:SS``."""
    return f"{c.rng.randint(0, 23):02d}:{c.rng.randint(0, 59):02d}:{c.rng.randint(0, 59):02d}"


def _dotted(c: Ctx, *ranges: tuple[int, int]) -> str:
    """Dot-joined random numbers from ``ranges`` (version-like strings)."""
    return ".".join(str(c.rng.randint(a, b)) for a, b in ranges)


def _primary(c: Ctx) -> str:
    """A primary school of the payload's country."""
    kind = {"DE": "Grundschule", "AT": "Volksschule", "CH": "Primarschule"}[c.country]
    return c.pick(
        [
            f"{kind} {c.fk_city()}",
            f"{kind} am {c.pick(['Park', 'Lindenhof', 'Mühlbach'])}",
            f"{c.pick(['Astrid-Lindgren', 'Erich-Kästner', 'Pestalozzi'])}-{kind}",
        ]
    )


def _vat_country(c: Ctx) -> str:
    return c.country if c.country != "CH" or c.chance(0.7) else "DE"


@frame("de_bank_ruecklastschrift", "de", "dev", "email_thread", ALL_DE)
def ruecklastschrift(c: Ctx) -> list[str]:
    E = c.E
    kunde = c.person()
    berater = c.person()
    bank = c.bank()
    glaeubiger = c.org()
    iban = c.iban()
    a = c.addr()
    mail = c.mail(kunde)
    mandat = c.N("reference_number", f"M-{ids.digits(c.rng, 8)}")
    body = (
        f"Von: {E('PERSON', kunde.full)} <{E('EMAIL', mail)}>\n"
        f"An: {E('EMAIL', 'service@' + bank.domain)}\nBetreff: Rücklastschrift / falsche "
        "Abbuchung\n\n"
        f"Sehr geehrte Damen und Herren,\n\nvon meinem Konto {E('IBAN', iban)} wurde am "
        f"{c.N('date', c.date(c.day(30, 0)))} ein Betrag von {NG(c, 'amount')} durch "
        f"{E('ORGANIZATION', glaeubiger.name)} "
        f"abgebucht (Mandatsreferenz {mandat}). Ich habe dieses Mandat nie erteilt und bitte um "
        "Rückbuchung.\n"
    )
    if c.chance(0.6):
        body += (
            f"\nZur Legitimation: geb. {E('DATE_OF_BIRTH', c.dob(kunde))}, wohnhaft "
            f"{E('ADDRESS', a.one_line())}.\n"
        )
    if c.chance(0.4):
        body += f"Die BIC meiner Bank lautet übrigens {E('BIC', c.bic())}.\n"
    body += (
        f"\nMit freundlichen Grüßen\n{E('PERSON', kunde.full)}\nTel. "
        f"{E('PHONE', c.phone(intl=0.15))}"
    )
    if c.chance(0.35):
        body += (
            f"\n\nPS: Die IBAN auf dem Überweisungsträger, {NG(c, 'iban_lookalike')}, "
            "wurde vom Online-Banking als ungültig abgelehnt – habe ich mich vertippt?"
        )
    note = c.pick(
        [
            f"Interne Notiz {E('PERSON', berater.full)}: Kunde telefonisch nicht erreicht, bitte "
            "Antwortschreiben entwerfen.",
            "Hallo, hier eine Kundenmail. Bitte einen Antwortentwurf, freundlich, mit Hinweis auf "
            f"die 8-Wochen-Frist. Danke, {E('PERSON', berater.first)}",
            "Kannst du mir die Mail zusammenfassen und die nötigen Schritte für die Rückgabe "
            "auflisten?",
        ]
    )
    system = (
        "Du bist ein Assistent für Mitarbeitende im Kundenservice einer Bank. Antworte auf "
        "Deutsch, sachlich und freundlich."
    )
    return [system, f"{note}\n\n-----\n{body}"]


@frame("de_personalfragebogen", "de", "dev", "form", ALL_DE)
def personalfragebogen(c: Ctx) -> list[str]:
    E = c.E
    p = c.person(max_age=64)
    kk = (
        c.pick(["Techniker Krankenkasse", "AOK Bayern", "BARMER", "DAK-Gesundheit", "IKK classic"])
        if c.country == "DE"
        else (
            c.pick(["ÖGK", "BVAEB", "SVS"])
            if c.country == "AT"
            else c.pick(["CSS", "Helsana", "SWICA"])
        )
    )
    a = c.addr()
    lines = [
        c.pick(
            [
                "PERSONALFRAGEBOGEN (Neueinstellung)",
                "Personalfragebogen – bitte vollständig ausfüllen",
                "Stammdatenblatt Mitarbeiter/in",
            ]
        ),
        "",
    ]
    lines.append(f"Name, Vorname: {E('PERSON', p.last)}, {E('PERSON', p.first)}")
    lines.append(
        f"{c.pick(['Geburtsdatum', 'Geb.-Datum', 'Geb.Dat.', 'geboren am'])}: "
        f"{E('DATE_OF_BIRTH', c.dob(p))}"
    )
    lines.append(f"Anschrift: {E('ADDRESS', a.one_line())}")
    lines.append(f"Telefon privat: {E('PHONE', c.phone(mobile=c.chance(0.6), intl=0.1))}")
    lines.append(f"E-Mail privat: {E('EMAIL', c.mail(p))}")
    if c.country == "DE":
        lines.append(f"Steuer-ID: {E('DE_TAX_ID', c.idnr())}")
        lines.append(
            f"{c.pick(['Sozialversicherungsnummer', 'SV-Nr.', 'Rentenvers.-Nr.'])}: "
            f"{E('NATIONAL_ID', c.natid(p, 'de_rvnr'))}"
        )
        if c.chance(0.5):
            lines.append(f"Krankenversichertennr.: {E('NATIONAL_ID', c.natid(p, 'de_kvnr'))}")
    elif c.country == "AT":
        lines.append(f"SV-Nummer: {E('NATIONAL_ID', c.natid(p, 'at_svnr'))}")
        if c.chance(0.4):
            lines.append(f"Dt. Steuer-ID (Grenzgänger): {E('DE_TAX_ID', c.idnr())}")
    else:
        lines.append(f"AHV-Nr.: {E('NATIONAL_ID', c.natid(p, 'ch_ahv'))}")
        if c.chance(0.4):
            lines.append(f"Steuer-IdNr. (DE, Grenzgänger): {E('DE_TAX_ID', c.idnr())}")
    lines.append(f"Krankenkasse: {E('ORGANIZATION', kk)}")
    lines.append(f"Bankverbindung IBAN: {E('IBAN', c.iban())}")
    lines.append(
        f"Eintrittsdatum: {c.N('date', c.date(c.day(0, 60)))}   Personalnummer: "
        f"{c.N('reference_number', ids.digits(c.rng, 5, True))}"
    )
    lines.append(f"Bruttogehalt: {c.N('amount', money(c, 2800, 9500))}")
    if c.chance(0.5):
        lines.append(f"Alte Kundennr. Lohnbüro: {NG(c, 'taxid_lookalike')}")
    if c.chance(0.3):
        notf = c.person()
        lines.append(
            f"Notfallkontakt: {E('PERSON', notf.full)}, "
            f"{E('PHONE', c.phone(mobile=True, intl=0.0))}"
        )
    ask = c.pick(
        [
            "Bitte prüfe den Fragebogen auf Vollständigkeit und Plausibilität:",
            "Kannst du daraus einen Datensatz im JSON-Format für unser HR-System machen?",
            "was fehlt hier noch für die Anmeldung bei der Krankenkasse?",
        ]
    )
    return [f"{ask}\n\n" + "\n".join(lines)]


@frame("de_nginx_log_analyse", "de", "dev", "code_log", ALL_DE)
def nginx(c: Ctx) -> list[str]:
    E = c.E
    ips = [c.ip4(private=False) for _ in range(c.rng.randint(2, 3))] + [c.ip6()]
    lines = []
    for _ in range(c.rng.randint(4, 8)):
        ip = c.pick(ips)
        d = c.day(30, 0)
        path = c.pick(
            [
                "/api/v1/login",
                "/wp-login.php",
                "/api/v1/kunden?page=3",
                "/static/app.js",
                "/.env",
                "/api/v1/export",
            ]
        )
        status = c.pick(["200", "401", "403", "404", "500"])
        lines.append(
            f"{E('IP_ADDRESS', ip)} - - "
            f"[{c.N('timestamp', f'{d:%d/%b/%Y}:' + _clock(c) + ' +0100')}] "
            f'"GET {path} HTTP/1.1" {status} {c.rng.randint(120, 90000)} "-" "Mozilla/5.0"'
        )
    if c.chance(0.6):
        key = c.token(c.pick(["google_api", "mailgun", "sendgrid", "stripe_secret", "hex_secret"]))
        lines.append(
            f'{E("IP_ADDRESS", ips[0])} - - [..] "GET /api/v1/export?api_key={E("API_KEY", key)} '
            'HTTP/1.1" 200 5512'
        )
    if c.chance(0.5):
        tok = c.jwt(
            {
                "sub": ids.digits(c.rng, 5),
                "rolle": "admin",
                "exp": 1740000000 + c.rng.randint(0, 10**6),
            }
        )
        lines.append(f"upstream: Authorization: Bearer {E('JWT', tok)}")
    if c.chance(0.5):
        u = c.person()
        lines.append(
            f"app.log: Login fehlgeschlagen für {E('EMAIL', c.mail(u, c.org().domain))} "
            f"({NG(c, 'error_code')})"
        )
    if c.chance(0.35):
        lines.append(
            "app.log: Client-Version "
            f"{c.N('ip_lookalike', _dotted(c, (2, 9), (0, 9), (300, 2000), (1, 99)))} "
            f"veraltet, Build {NG(c, 'version')}"
        )
    if c.chance(0.3):
        lines.append(f"app.log: request {NG(c, 'uuid')} done")
    log = "\n".join(lines)
    ask = c.pick(
        [
            "Ist das ein Angriff? Hier ein Auszug aus unserem access.log:",
            "Kannst du mir sagen, welche IPs ich sperren sollte?\n",
            "Unser Webserver ist langsam, Log anbei. Woran liegt's?",
        ]
    )
    return [
        "Du bist ein erfahrener Linux-Administrator. Antworte knapp und auf Deutsch.",
        f"{ask}\n```\n{log}\n```",
    ]


@frame("de_pflegeuebergabe", "de", "dev", "clinical_note", ALL_DE)
def pflege(c: Ctx) -> list[str]:
    E = c.E
    out = [
        c.pick(
            [
                "Übergabe Frühdienst → Spätdienst, bitte als strukturierte Übergabe (SBAR) "
                "aufbereiten:",
                "Pflegebericht Station 4b, kannst du das zusammenfassen?",
                "Übergabe Zi. 12-14",
            ]
        )
    ]
    for zi in range(c.rng.randint(2, 4)):
        p = c.person(min_age=40, max_age=98)
        ang = c.person()
        ident = ""
        if c.country == "DE" and c.chance(0.7):
            ident = f", KV-Nr. {E('NATIONAL_ID', c.natid(p, 'de_kvnr'))}"
        elif c.country == "AT" and c.chance(0.7):
            ident = f", SVNR {E('NATIONAL_ID', c.natid(p, 'at_svnr'))}"
        elif c.country == "CH" and c.chance(0.6):
            ident = f", AHV {E('NATIONAL_ID', c.natid(p, 'ch_ahv'))}"
        head = c.pick(
            [
                f"Zi. {12 + zi}: {c.title(p)} {E('PERSON', p.full)}, geb. "
                f"{E('DATE_OF_BIRTH', c.dob(p))}{ident}",
                f"{12 + zi}) {E('PERSON', p.last)}, {E('PERSON', p.first)} (* "
                f"{E('DATE_OF_BIRTH', c.dob(p))}){ident}",
            ]
        )
        text = c.pick(
            [
                "Z.n. Hüft-TEP re., mobilisiert mit Rollator, Schmerzen VAS 3.",
                "Pneumonie, O2 2 l/min, Temp. 38,1 °C um 14 Uhr.",
                "nachts unruhig, Sturzgefahr, Bettgitter mit Betreuer besprochen.",
                "Entlassung morgen geplant, Überleitungsbogen fehlt noch.",
            ]
        )
        extra = ""
        if c.chance(0.7):
            extra = (
                f" Angehörige: {E('PERSON', ang.full)} ({c.relation(ang)}), "
                f"Tel. {E('PHONE', c.phone(mobile=c.chance(0.6), intl=0.0))}"
            )
        if c.chance(0.25):
            extra += f", wohnt {E('ADDRESS', c.addr().one_line())}"
        out.append(f"{head}\n   {text}{extra}")
    if c.chance(0.5):
        out.append(
            f"Visite morgen {c.N('timestamp', f'{c.rng.randint(7, 10):02d}:30')} Uhr, Labor am "
            f"{c.N('date', c.date(c.day(0, 3)))}."
        )
    return ["\n\n".join(out)]


@frame("de_reisebuchung_tools", "de", "dev", "chat_tools", ALL_DE)
def reise(c: Ctx) -> list[str]:
    E = c.E
    p = c.person()
    mit = c.person() if c.chance(0.5) else None
    use_ausweis = c.chance(0.4)
    doc = c.natid(p, "de_ausweis") if use_ausweis else c.passport(c.country)
    doc_label = "NATIONAL_ID" if use_ausweis else "PASSPORT"
    system = (
        "Du bist ein Buchungsassistent eines Reisebüros. Nutze die Tools, um Flüge zu reservieren."
    )
    u1 = (
        f"Hallo, ich möchte für {E('PERSON', p.full)}"
        + (f" und {E('PERSON', mit.full)}" if mit else "")
        + f" nach {c.pick(['Mallorca', 'Lissabon', 'Kreta', 'New York', 'Teneriffa'])} buchen. "
        + (
            f"Personalausweis-Nr. {E(doc_label, doc)}"
            if use_ausweis
            else f"Reisepass {E(doc_label, doc)}"
        )
        + f", geb. {E('DATE_OF_BIRTH', c.dob(p))}. Rückruf unter "
        f"{E('PHONE', c.phone(mobile=True, intl=0.1))}"
    )
    pax = [
        {
            "nachname": E("PERSON", p.last),
            "vorname": E("PERSON", p.first),
            "geburtsdatum": E("DATE_OF_BIRTH", f"{p.dob:%Y-%m-%d}"),
            "dokument": E(doc_label, doc),
            "email": E("EMAIL", c.mail(p)),
        }
    ]
    if mit:
        pax.append(
            {
                "nachname": E("PERSON", mit.last),
                "vorname": E("PERSON", mit.first),
                "geburtsdatum": E("DATE_OF_BIRTH", f"{mit.dob:%Y-%m-%d}"),
                "dokument": E("PASSPORT", c.passport(c.country)),
            }
        )
    call = json.dumps(
        {"name": "reservierung_anlegen", "arguments": {"reisende": pax, "tarif": "ECO"}},
        ensure_ascii=False,
    )
    res = json.dumps(
        {
            "status": "reserviert",
            "buchungscode": NG(c, "booking_reference"),
            "preis": NG(c, "amount"),
            "optionsfrist": c.N("date", f"{c.day(0, 7):%d.%m.%Y}"),
        },
        ensure_ascii=False,
    )
    u2 = c.pick(
        [
            f"Passt, bitte mit Kreditkarte {E('CREDIT_CARD', c.card())} bezahlen, gültig bis "
            f"{c.rng.randint(1, 12):02d}/{c.rng.randint(26, 30)}.",
            f"Super. Zahlung per Karte {E('CREDIT_CARD', c.card(c.pick(['visa', 'mastercard'])))}, "
            f"Rechnungsadresse {E('ADDRESS', c.addr().one_line())}",
        ]
    )
    return [system, u1, "Ich lege die Reservierung an.\n" + call, res, u2]


@frame("de_compose_review", "de", "dev", "config", ALL_DE)
def compose(c: Ctx) -> list[str]:
    E = c.E
    pg_pw = c.password(url_safe=True)
    ip_db = c.ip4(private=True)
    y = [
        "services:",
        "  db:",
        f"    image: postgres:{c.N('version', f'{c.rng.randint(13, 17)}.{c.rng.randint(0, 9)}')}",
        "    environment:",
        f'      POSTGRES_PASSWORD: "{E("API_KEY", pg_pw)}"',
        "  app:",
        f"    image: registry.example.internal/shop@{NG(c, 'hash')}",
        "    environment:",
        "      DATABASE_URL: "
        f"postgresql://shop:{E('API_KEY', pg_pw)}@{E('IP_ADDRESS', ip_db)}:5432/shop",
        f"      SMTP_PASSWORD: {E('API_KEY', c.password())}",
        f"      SMTP_USER: {E('EMAIL', 'noreply@' + c.org().domain)}",
    ]
    for k in c.rng.sample(
        ["MAILGUN_API_KEY", "GITLAB_TOKEN", "SENTRY_DSN_PH", "AZURE_KEY", "TELEGRAM", "SHOPIFY"], 3
    ):
        if k == "MAILGUN_API_KEY":
            y.append(f"      MAILGUN_API_KEY: {E('API_KEY', c.token('mailgun'))}")
        elif k == "GITLAB_TOKEN":
            y.append(f"      GITLAB_TOKEN: {E('API_KEY', c.token('gitlab_pat'))}")
        elif k == "SENTRY_DSN_PH":
            y.append(f"      PAYPAL_SECRET: {NG(c, 'placeholder')}")
        elif k == "AZURE_KEY":
            y.append(
                "      AZURE_STORAGE_CONNECTION_STRING: "
                '"DefaultEndpointsProtocol=https;AccountName=shopdata;'
                f"AccountKey={E('API_KEY', c.token('azure_storage_key'))};"
                'EndpointSuffix=core.windows.net"'
            )
        elif k == "TELEGRAM":
            y.append(f'      TELEGRAM_BOT_TOKEN: "{E("API_KEY", c.token("telegram_bot"))}"')
        else:
            y.append(f"      SHOPIFY_ACCESS_TOKEN: {E('API_KEY', c.token('shopify'))}")
    y.append(
        "      ADMIN_IP_ALLOWLIST: "
        f'"{E("IP_ADDRESS", c.ip4(private=False))},{E("IP_ADDRESS", c.ip4(private=True))}"'
    )
    text = "\n".join(y)
    extra = ""
    if c.chance(0.5):
        pem, pub = c.pkey(c.pick(["openssh_ed25519", "rsa_pkcs1", "ec_pkcs8", "openssh_rsa"]))
        extra = f"\n\nUnd das hier liegt unter ./secrets/deploy_key:\n{E('PRIVATE_KEY', pem)}" + (
            f"\n\nPublic Key (authorized_keys): {c.N('public_key', pub)} deploy"
            if c.chance(0.6)
            else ""
        )
    ask = c.pick(
        [
            "Kannst du meine docker-compose.yml reviewen? Was ist daran unsicher?",
            "Wie bekomme ich die Passwörter hier sauber in Docker Secrets?",
            "warum verbindet sich die App nicht mit der DB?",
        ]
    )
    return [f"{ask}\n\n```yaml\n{text}\n```{extra}"]


def _recipient(c: Ctx, kunde: people.Org | None, privat: people.Person | None) -> str:
    """The invoice's addressee line: a company or a private customer."""
    if kunde is not None:
        return c.E("ORGANIZATION", kunde.name)
    assert privat is not None
    return c.title(privat) + " " + c.E("PERSON", privat.full)


@frame("de_rechnung_ocr", "de", "dev", "ocr_document", ALL_DE)
def rechnung(c: Ctx) -> list[str]:
    E = c.E
    firma = c.org()
    kunde = c.org() if c.chance(0.6) else None
    privat = c.person() if kunde is None else None
    gf = c.person()
    vc = _vat_country(c)
    lines = [
        E("ORGANIZATION", firma.name),
        E("ADDRESS", c.addr().one_line(" · ")),
        f"Tel.: {E('PHONE', c.phone(mobile=False, intl=0.2))} · Fax "
        f"{E('PHONE', c.phone(mobile=False, intl=0.0))}",
        f"{c.pick(['E-Mail', 'Mail', 'E-MaiI'])}: "
        f"{E('EMAIL', c.pick(['info@', 'buchhaltung@', 'rechnung@']) + firma.domain)}",
        "",
        _recipient(c, kunde, privat),
        E("ADDRESS", c.addr().block()),
        "",
        f"RECHNUNG Nr. {NG(c, 'invoice_number')}",
        f"Rechnungsdatum: {c.N('date', c.date(c.day(30, 0)))}   Lieferdatum: "
        f"{c.N('date', c.date(c.day(40, 0)))}",
        f"Ihre Bestellung: {NG(c, 'order_number')}",
        "",
        "Pos  Art.-Nr.         Menge  Einzelpreis  Gesamt",
    ]
    for i in range(c.rng.randint(1, 4)):
        lines.append(
            f"{i + 1:<4} {NG(c, 'product_code'):<16} {c.rng.randint(1, 30):>5}  "
            f"{c.rng.randint(2, 500)},{c.rng.randint(0, 99):02d}  "
            f"{c.rng.randint(10, 3000)},{c.rng.randint(0, 99):02d}"
        )
    lines += [
        f"Gesamtbetrag: {NG(c, 'amount')}",
        "",
        f"Bankverbindung: {E('ORGANIZATION', c.bank().name)} · IBAN "
        f"{E('IBAN', c.iban(vc if vc in ids.IBAN_COUNTRIES else 'DE'))} · BIC "
        f"{E('BIC', c.bic(vc))}",
        f"{'USt-IdNr.' if vc != 'CH' else 'UID'}: {E('VAT_ID', c.vat(vc))} · "
        f"{c.N('reference_number', 'HRB ' + ids.digits(c.rng, 5, True))} · GF: "
        f"{E('PERSON', gf.full)}",
    ]
    ask = c.pick(
        [
            "Bitte lies aus dieser gescannten Rechnung Rechnungsnummer, Betrag, IBAN und "
            "USt-IdNr. aus:",
            "Der OCR-Text ist etwas kaputt. Kannst du die Rechnung sauber formatieren?",
            "Erfüllt die Rechnung die Pflichtangaben nach § 14 UStG?",
        ]
    )
    return [f"{ask}\n\n" + "\n".join(lines)]


@frame("de_vermieter_mail", "de", "dev", "email", ALL_DE)
def vermieter(c: Ctx) -> list[str]:
    E = c.E
    vm = c.person()
    mieter = c.person()
    whg = c.addr()
    body = (
        f"Sehr {'geehrte Frau' if mieter.female else 'geehrter Herr'} "
        f"{E('PERSON', mieter.last)},\n\n"
        f"anbei die Nebenkostenabrechnung für {E('ADDRESS', whg.one_line())} für das Jahr 2024. "
        f"Es ergibt sich eine Nachzahlung von {NG(c, 'amount')}, fällig bis "
        f"{c.N('date', c.date(c.day(0, 30)))}.\n"
        f"Zählerstand Wasser (Zähler-Nr. {c.N('product_code', ids.digits(c.rng, 8, True))}): "
        f"{c.rng.randint(100, 900)} m³.\n\n"
        f"Bitte überweisen Sie den Betrag auf mein Konto:\n{E('PERSON', vm.full)}\nIBAN: "
        f"{E('IBAN', c.iban())}\n"
        + (f"BIC: {E('BIC', c.bic())}\n" if c.chance(0.5) else "")
        + f"Verwendungszweck: {c.N('reference_number', 'NK2024-' + ids.digits(c.rng, 3))}\n\n"
        f"Bei Fragen erreichen Sie mich unter {E('PHONE', c.phone(intl=0.0))} oder "
        f"{E('EMAIL', c.mail(vm))}.\n\n"
        f"Mit freundlichen Grüßen\n{E('PERSON', vm.full)}\n{E('ADDRESS', c.addr().block())}"
    )
    ask = c.pick(
        [
            "Kannst du diese Mail an meinen Mieter freundlicher formulieren?",
            "Ist die Abrechnung so rechtlich in Ordnung? Hier mein Entwurf:",
            "bitte Rechtschreibung prüfen",
        ]
    )
    return [f"{ask}\n\n{body}"]


@frame("de_crm_tool_json", "de", "dev", "chat_tools", ALL_DE)
def crm(c: Ctx) -> list[str]:
    E = c.E
    k = c.person()
    a = c.addr()
    mail = c.mail(k)
    system = (
        "Du bist der KI-Assistent im Kundenservice eines Online-Shops. Nutze kunde_suchen "
        "und bestellung_suchen."
    )
    u1 = c.pick(
        [
            f"{'Kundin' if k.female else 'Kunde'} ruft an wegen Retoure, Mail {E('EMAIL', mail)}",
            f"Kannst du {E('PERSON', k.full)} raussuchen? {'Sie' if k.female else 'Er'} will "
            f"{'ihr' if k.female else 'sein'} SEPA-Mandat ändern.",
        ]
    )
    call = json.dumps(
        {
            "name": "kunde_suchen",
            "arguments": {"suche": E("EMAIL", mail) if "@" in u1 else E("PERSON", k.full)},
        },
        ensure_ascii=False,
    )
    rec = {
        "kundennummer": c.N("reference_number", "K" + ids.digits(c.rng, 7)),
        "name": E("PERSON", k.full),
        "email": E("EMAIL", mail),
        "telefon": E("PHONE", c.phone(intl=0.3)),
        "geburtsdatum": E("DATE_OF_BIRTH", f"{k.dob:%d.%m.%Y}"),
        "adresse": {"strasse": E("ADDRESS", a.street), "ort": E("ADDRESS", a.town)},
        "zahlart": "Lastschrift",
        "iban": E("IBAN", c.iban(compact=True)),
        "letzter_login": {"ip": E("IP_ADDRESS", c.ip4(private=False)), "zeit": NG(c, "timestamp")},
        "karte": c.N("masked_value", f"•••• {ids.digits(c.rng, 4)}"),
    }
    res = json.dumps(rec, ensure_ascii=False, indent=c.indent())
    order = json.dumps(
        {
            "bestellung": NG(c, "order_number"),
            "status": "versendet",
            "sendungsnummer": NG(c, "tracking_number"),
            "summe": NG(c, "amount"),
        },
        ensure_ascii=False,
    )
    u2 = c.pick(
        [
            f"ok, die neue IBAN ist {E('IBAN', c.iban())}, bitte Mandat aktualisieren",
            f"{'Sie sagt, sie' if k.female else 'Er sagt, er'} wohnt jetzt in "
            f"{E('ADDRESS', c.addr().one_line())}. Bitte Adresse ändern.",
        ]
    )
    return [system, u1, call, res, order, u2]


@frame("de_schulanmeldung", "de", "dev", "form", ALL_DE)
def schule(c: Ctx) -> list[str]:
    E = c.E
    kind = c.person(min_age=5, max_age=7)
    m = c.person()
    v = c.person() if c.chance(0.6) else None
    a = c.addr()
    lines = [
        f"Anmeldung zur Einschulung – {E('ORGANIZATION', _primary(c))}",
        f"Kind: {E('PERSON', kind.first)} {E('PERSON', kind.last)}, geboren am "
        f"{E('DATE_OF_BIRTH', c.dob(kind))}",
        f"Wohnanschrift: {E('ADDRESS', a.one_line())}",
        f"Erziehungsberechtigte/r 1: {E('PERSON', m.full)}, Tel. "
        f"{E('PHONE', c.phone(mobile=True, intl=0.0))}, {E('EMAIL', c.mail(m))}",
    ]
    if v:
        lines.append(
            f"Erziehungsberechtigte/r 2: {E('PERSON', v.full)}, dienstl. "
            f"{E('PHONE', c.phone(mobile=False, ext=0.3, intl=0.0))}"
        )
    lines.append(f"Bisherige Einrichtung: {E('ORGANIZATION', c.school(nursery=True).name)}")
    lines.append(
        c.pick(
            [
                "Besonderheiten: Allergie gegen Nüsse",
                "Besonderheiten: keine",
                "Besonderheiten: Sprachförderung empfohlen",
                "Religion: ev., Teilnahme am Reli-Unterricht ja",
            ]
        )
    )
    lines.append(f"Abgegeben am {c.N('date', c.date(c.day(20, 0)))}")
    ask = c.pick(
        [
            "Bitte schreib eine Eingangsbestätigung an die Eltern:",
            "Übertrag das bitte in unsere Tabelle (Spalten: Name, Geburtsdatum, Adresse, Kontakt):",
            "Fehlt in der Anmeldung noch etwas?",
        ]
    )
    return [f"{ask}\n\n" + "\n".join(lines)]


@frame("de_steuerberatung_notiz", "de", "dev", "notes", ALL_DE)
def stb(c: Ctx) -> list[str]:
    E = c.E
    m = c.person()
    ehe = c.person()
    firma = c.org()
    lines = [
        f"Mandant: {E('PERSON', m.full)}, geb. {E('DATE_OF_BIRTH', c.dob(m))}",
        f"IdNr. {E('DE_TAX_ID', c.idnr())} / Ehefrau {E('PERSON', ehe.first)}: "
        f"{E('DE_TAX_ID', c.idnr())}"
        if not m.female
        else f"IdNr. {E('DE_TAX_ID', c.idnr())} / Ehemann {E('PERSON', ehe.first)}: "
        f"{E('DE_TAX_ID', c.idnr())}",
        f"Anschrift: {E('ADDRESS', c.addr('DE').one_line())}",
        f"Nebengewerbe: {E('ORGANIZATION', firma.name)}, USt-IdNr. {E('VAT_ID', c.vat('DE'))}",
    ]
    if c.chance(0.6):
        lines.append(
            f"US-Einkünfte 2023 (Vermietung Florida), SSN {E('US_SSN', c.ssn())}; Ehepartner hat "
            f"ITIN {E('US_ITIN', c.itin())}"
        )
    elif c.chance(0.5):
        lines.append(f"US-Quellensteuer: ITIN {E('US_ITIN', c.itin())} laut W-7")
    if c.chance(0.35):
        lines.append(
            f"Achtung: auf dem alten Bescheid steht {NG(c, 'taxid_lookalike')} – Zahlendreher, "
            "keine gültige IdNr."
        )
    if c.chance(0.3):
        lines.append(f"Im US-Formular steht {NG(c, 'ssn_lookalike')}, das ist keine gültige SSN.")
    lines.append(f"Erstattung auf {E('IBAN', c.iban('DE'))}")
    lines.append(
        f"Rückfragen: {E('PHONE', c.phone(country='DE', intl=0.0))}, Frist "
        f"{c.N('date', c.date(c.day(0, 90)))}, Honorar {NG(c, 'amount')}"
    )
    ask = c.pick(
        [
            "Bitte aus meinen Notizen eine Checkliste für die ESt-Erklärung machen:",
            "Welche Anlagen brauchen wir hier (Anlage AUS?)",
            "Notizen vom Erstgespräch, bitte strukturieren",
        ]
    )
    return [f"{ask}\n\n" + "\n".join(lines)]


@frame("de_code_review_python", "de", "dev", "code", ALL_DE)
def code_review(c: Ctx) -> list[str]:
    E = c.E
    host = c.ip4(private=True)
    key = c.token(
        c.pick(["openai", "anthropic", "google_api", "linear", "notion", "postman", "atlassian"])
    )
    pw = c.password()
    dev = c.person()
    code = (
        "# -*- coding: utf-8 -*-\n"
        f"# Autor: {E('PERSON', dev.full)} <{E('EMAIL', c.mail(dev, c.org().domain))}>\n"
        f"# Ticket: {NG(c, 'ticket_id')}\n"
        "import os\nimport requests\n\n"
        f'API_SCHLUESSEL = os.getenv("API_KEY", "{E("API_KEY", key)}")  # Fallback, später '
        "entfernen!\n"
        f'SERVER = "http://{E("IP_ADDRESS", host)}:8000"\n'
        f'LDAP_PASSWORT = "{E("API_KEY", pw)}"\n\n'
        "def hole_kunden(kunden_id: str) -> dict:\n"
        "    # TODO: Timeout und Retry\n"
        '    antwort = requests.get(f"{SERVER}/kunden/{kunden_id}", headers={"Authorization": '
        'f"Bearer {API_SCHLUESSEL}"})\n'
        "    return antwort.json()\n\n"
        f"# Testkunde: {NG(c, 'uuid')}, Stand {NG(c, 'version')}\n"
    )
    extra = ""
    if c.chance(0.4):
        extra += (
            "\nIm Test nutzen wir dieses Token: "
            f"{E('JWT', c.jwt({'sub': 'testuser', 'rolle': 'lesen'}))}\n"
        )
    if c.chance(0.35):
        pem, pub = c.pkey(c.pick(["ed25519_pkcs8", "ec_sec1", "rsa_pkcs8"]))
        extra += f"\nund der Schlüssel aus tests/fixtures/key.pem:\n{E('PRIVATE_KEY', pem)}\n"
        if c.chance(0.5):
            extra += f"\nDer zugehörige öffentliche Schlüssel:\n{c.N('public_key', pub)}\n"
    if c.chance(0.3):
        extra += f"\nIn der Doku steht stattdessen {NG(c, 'placeholder')} – reicht das?\n"
    if c.chance(0.3):
        extra += f"\nCommit {NG(c, 'hash')} hat das eingeführt."
    ask = c.pick(
        [
            "Code-Review bitte, besonders Sicherheit:",
            "Warum bekomme ich hier einen 401?",
            "Schreib mir Unit-Tests für hole_kunden:",
        ]
    )
    return [f"{ask}\n\n```python\n{code}```{extra}"]


@frame("de_callcenter_protokoll", "de", "dev", "transcript", ALL_DE)
def callcenter(c: Ctx) -> list[str]:
    E = c.E
    ag = c.person()
    k = c.person()
    a = c.addr()
    kd = "Kundin" if k.female else "Kunde"
    lines = [
        f"Gesprächsnotiz {c.N('date', c.date(c.day(5, 0)))}, Agent: {E('PERSON', ag.full)}",
        f"{'Anruferin' if k.female else 'Anrufer'}: {E('PERSON', k.full)}, "
        f"Rückrufnr. {E('PHONE', c.phone(intl=0.1))}",
        f"Legitimation: Geb.-Datum {E('DATE_OF_BIRTH', c.dob(k))} und Adresse "
        f"{E('ADDRESS', a.one_line())} – ok",
        f"Anliegen: Paket zu Bestellung {NG(c, 'order_number')} nicht angekommen, Sendungsnr. "
        f"{NG(c, 'tracking_number')}.",
    ]
    if c.chance(0.5):
        lines.append(
            f"{kd} wollte Ersatz direkt per Kreditkarte zahlen und hat die Nummer genannt: "
            f"{E('CREDIT_CARD', c.card())} (nicht gespeichert!)"
        )
    if c.chance(0.4):
        lines.append(
            f"Kundenkennwort laut {kd}: {E('API_KEY', c.password())} – bitte Passwort-Reset "
            "anstoßen"
        )
    if c.chance(0.4):
        lines.append(f"Gutscheinkarte {NG(c, 'card_lookalike')} wurde abgelehnt.")
    if c.chance(0.5):
        lines.append(
            f"{kd} nannte zuerst nur die Vorwahl {NG(c, 'phone_lookalike')}, Verbindung brach ab."
        )
    lines.append(f"Bestätigung an {E('EMAIL', c.mail(k))} geschickt.")
    ask = c.pick(
        [
            "Bitte fasse die Gesprächsnotiz für das Ticket zusammen:",
            "Gab es in diesem Gespräch Datenschutzverstöße?",
            "Formuliere eine Antwortmail an den Kunden:",
        ]
    )
    return [f"{ask}\n\n" + "\n".join(lines)]

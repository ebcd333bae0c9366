"""German frames of the sealed test half."""

from __future__ import annotations

import datetime as dt
import hashlib
import json

from bench.fresh4 import creds, ids, mrz
from bench.fresh4.core import TODAY, Ctx, frame
from bench.fresh4.negs import NG

ALL_DE = ("de_DE", "de_DE", "de_DE", "de_AT", "de_CH")


def _sha(c: Ctx) -> str:
    """A sha256 hex digest of something random."""
    return hashlib.sha256(str(c.rng.random()).encode()).hexdigest()


@frame("de_kreditantrag_scan", "de", "test", "ocr_document", ALL_DE)
def kreditantrag(c: Ctx) -> list[str]:
    E = c.E
    p = c.person(max_age=66)
    ag = c.org()
    a = c.addr()
    bank = c.bank()
    lines = [
        f"{E('ORGANIZATION', bank.name)}",
        c.pick(
            [
                "Selbstauskunft zum Ratenkredit",
                "SELBSTAUSKUNFT / Kreditantrag",
                "Antrag auf Privatkredit – Seite 1 von 3",
            ]
        ),
        f"Antragsteller: {E('PERSON', p.full)}    geb. am: {E('DATE_OF_BIRTH', c.dob(p))}",
        f"Straße/Nr., PLZ/Ort: {E('ADDRESS', a.one_line())}",
        f"Telefon: {E('PHONE', c.phone(intl=0.1))}   E-Mail: {E('EMAIL', c.mail(p))}",
        f"Arbeitgeber: {E('ORGANIZATION', ag.name)}, beschäftigt seit {c.rng.randint(2005, 2023)}",
        f"Nettoeinkommen mtl.: {NG(c, 'amount')}",
    ]
    if c.country == "DE":
        lines.append(f"Steuer-Identifikationsnr.: {E('DE_TAX_ID', c.idnr())}")
        lines.append(
            f"Ausweis-Nr.: {E('NATIONAL_ID', c.natid(p, 'de_ausweis'))}, gültig bis "
            f"{c.N('date', c.date(c.day(-200, 2000)))}"
        )
    elif c.country == "AT":
        lines.append(f"Sozialversicherungsnr.: {E('NATIONAL_ID', c.natid(p, 'at_svnr'))}")
        lines.append(f"Reisepass-Nr.: {E('PASSPORT', c.passport('AT'))}")
    else:
        lines.append(f"AHV-Nummer: {E('NATIONAL_ID', c.natid(p, 'ch_ahv'))}")
        lines.append(f"Pass-Nr.: {E('PASSPORT', c.passport('CH'))}")
    lines.append(f"Auszahlung auf IBAN: {E('IBAN', c.iban())}  BIC: {E('BIC', c.bic())}")
    lines.append(
        f"Vorhandene Kreditkarte: {c.N('masked_value', '**** **** **** ' + ids.digits(c.rng, 4))}\n"
        f"Gewünschter Betrag: {NG(c, 'amount')}, Laufzeit 72 Monate, Antrags-Nr. "
        f"{c.N('reference_number', 'KA-' + ids.digits(c.rng, 7))}"
    )
    if c.chance(0.35):
        lines.append(f"Kundenkarte (Bonusprogramm): {NG(c, 'card_lookalike')}")
    if c.chance(0.4):
        mit = c.person(max_age=66)
        lines.append(
            f"Mitantragsteller: {E('PERSON', mit.full)}, geb. {E('DATE_OF_BIRTH', c.dob(mit))}"
        )
    ask = c.pick(
        [
            "Das ist der OCR-Text eines eingescannten Kreditantrags. Bitte strukturiert als JSON "
            "ausgeben:",
            "Prüfe bitte die Selbstauskunft auf fehlende Pflichtfelder:",
            "Kurze Zusammenfassung für die Kreditentscheidung bitte:",
        ]
    )
    return [f"{ask}\n\n" + "\n".join(lines)]


@frame("de_lohnliste_csv", "de", "test", "spreadsheet", ALL_DE)
def lohnliste(c: Ctx) -> list[str]:
    E = c.E
    rows = ["PersNr;Name;Vorname;GebDatum;SteuerID;SVNr;IBAN;Brutto"]
    for _ in range(c.rng.randint(3, 6)):
        p = c.person(max_age=66)
        land = c.pick([c.country, c.country, "DE", "AT", "CH"])
        if land == "DE":
            sid = E("DE_TAX_ID", ids.de_idnr(c.rng))
            sv = E("NATIONAL_ID", ids.de_rvnr(c.rng, p.dob, p.last, p.female))
        elif land == "AT":
            sid = ""
            sv = E("NATIONAL_ID", c.natid(p, "at_svnr"))
        else:
            sid = E("DE_TAX_ID", ids.de_idnr(c.rng)) if c.chance(0.3) else ""
            sv = E("NATIONAL_ID", c.natid(p, "ch_ahv"))
        rows.append(
            ";".join(
                [
                    c.N("reference_number", ids.digits(c.rng, 5, True)),
                    E("PERSON", p.last),
                    E("PERSON", p.first),
                    E("DATE_OF_BIRTH", f"{p.dob:%d.%m.%Y}"),
                    sid,
                    sv,
                    E("IBAN", c.iban(land, compact=True)),
                    c.N("amount", f"{c.rng.randint(1800, 9800)},{c.rng.randint(0, 99):02d}"),
                ]
            )
        )
    if c.chance(0.4):
        rows.append(
            f"{c.N('reference_number', '99999')};Test;Test;01.01.1900;"
            f"{NG(c, 'taxid_lookalike')};;;0,00"
        )
    ask = c.pick(
        [
            "Lohnliste März – bitte prüfen, ob alle Steuer-IDs und SV-Nummern plausibel sind:",
            "Mach mir aus der CSV eine Excel-Formel, die doppelte Personalnummern findet. Auszug:",
            "Wieso importiert das Lohnprogramm diese Datei nicht?",
        ]
    )
    return [f"{ask}\n\n" + "\n".join(rows)]


@frame("de_k8s_fehlersuche", "de", "test", "chat_tools", ALL_DE)
def k8s(c: Ctx) -> list[str]:
    E = c.E
    system = (
        "Du bist DevOps-Experte und hast über das Tool shell Zugriff auf den Cluster. "
        "Erkläre deine Schritte auf Deutsch."
    )
    u1 = c.pick(
        [
            "Der Checkout-Service antwortet seit dem Deployment nicht mehr. Kannst du nachsehen?",
            "warum startet der pod nicht?",
        ]
    )
    a1 = json.dumps(
        {"tool": "shell", "arguments": {"cmd": "kubectl describe pod checkout-7f9c -n shop"}}
    )
    ip = c.ip4(private=True)
    r1 = (
        f"Name: checkout-7f9c\nNamespace: shop\nIP: {E('IP_ADDRESS', ip)}\nIPs:\n  IP: "
        f"{E('IP_ADDRESS', ip)}\n"
        f"  IP: {E('IP_ADDRESS', c.ip6())}\nImage: registry.intern/checkout:{NG(c, 'version')}\n"
        f"Image ID: {c.N('hash', 'sha256:' + _sha(c))}\n"
        f"Events:\n  Warning  BackOff  {NG(c, 'timestamp')}  kubelet  Back-off restarting failed "
        "container"
    )
    a2 = json.dumps(
        {"tool": "shell", "arguments": {"cmd": "kubectl logs checkout-7f9c -n shop --tail=20"}}
    )
    logs = [
        f"INFO verbinde mit Datenbank {E('IP_ADDRESS', c.ip4(private=True))}:5432 als checkout",
        "DEBUG env PAYMENT_API_KEY="
        + E("API_KEY", c.token(c.pick(["stripe_secret", "hex_secret", "b64_secret"]))),
        f"DEBUG env DB_PASS={E('API_KEY', c.password())}",
        f"ERROR request {NG(c, 'uuid')} fehlgeschlagen: 401 Unauthorized",
    ]
    if c.chance(0.5):
        logs.insert(
            2,
            "DEBUG Authorization: Bearer "
            f"{E('JWT', c.jwt({'sub': 'checkout', 'aud': 'payment', 'exp': 1741000000}))}",
        )
    if c.chance(0.4):
        logs.append(f"WARN admin-mail {E('EMAIL', 'ops@' + c.org().domain)} nicht erreichbar")
    r2 = "\n".join(logs)
    u2 = c.pick(
        [
            "Hier noch das Secret, vielleicht ist da was falsch formatiert:",
            "Das TLS-Secret sieht so aus, kann das das Problem sein?",
        ]
    )
    pem, pub = c.pkey(c.pick(["rsa_pkcs1", "ec_sec1", "ec_pkcs8", "rsa_pkcs8", "ed25519_pkcs8"]))
    if c.chance(0.5):
        indented = "\n".join("    " + ln for ln in pem.splitlines())
        u2 += f"\n\n```yaml\nstringData:\n  tls.key: |\n{E('PRIVATE_KEY', indented.strip())}\n```"
    else:
        u2 += f"\n\n{E('PRIVATE_KEY', pem)}"
    if c.chance(0.4):
        u2 += f"\n\nund der Public Key vom Partner:\n{c.N('public_key', pub)}"
    if c.chance(0.3):
        u2 += "\nkubectl version zeigt übrigens " + c.N(
            "ip_lookalike",
            f"1.{c.rng.randint(25, 31)}.{c.rng.randint(256, 999)}.{c.rng.randint(0, 9)}",
        )
    return [system, u1, a1, r1, a2, r2, u2]


@frame("de_arztbrief", "de", "test", "letter", ALL_DE)
def arztbrief(c: Ctx) -> list[str]:
    E = c.E
    pt = c.person(min_age=25, max_age=92)
    arzt = c.person()
    ha = c.person()
    klinik = c.pick(
        ["Klinikum", "Kreiskrankenhaus", "St.-Elisabeth-Krankenhaus", "Universitätsklinikum"]
    )
    klinik_name = f"{klinik} {c.fk_city()}"
    start = TODAY - dt.timedelta(days=c.rng.randint(8, 25))
    end = start + dt.timedelta(days=c.rng.randint(2, 7))
    ident = ""
    if c.country == "DE":
        ident = (
            f"Versichertennr.: {E('NATIONAL_ID', c.natid(pt, 'de_kvnr'))}, "
            + E("ORGANIZATION", c.pick(["AOK Nordost", "TK", "BARMER", "DAK-Gesundheit", "hkk"]))
            + "\n"
        )
    elif c.country == "AT":
        ident = f"SVNR: {E('NATIONAL_ID', c.natid(pt, 'at_svnr'))}\n"
    elif c.chance(0.6):
        ident = f"AHV-Nr.: {E('NATIONAL_ID', c.natid(pt, 'ch_ahv'))}\n"
    brief = (
        f"{E('ORGANIZATION', klinik_name)} · Klinik für Innere "
        f"Medizin\n{E('ADDRESS', c.addr().one_line())}\n"
        f"Sekretariat: {E('PHONE', c.phone(mobile=False, ext=0.3, intl=0.0))}\n\n"
        f"{c.pick(['Frau Dr. med.' if ha.female else 'Herrn Dr. med.', 'Praxis Dr.'])} "
        f"{E('PERSON', ha.full)}\n{E('ADDRESS', c.addr().block())}\n\n"
        f"Entlassbrief vom {c.N('date', c.date(c.day(5, 0)))}\n\n"
        f"Patient/in: {E('PERSON', pt.full)}, geb. {E('DATE_OF_BIRTH', c.dob(pt))}\n{ident}"
        f"wohnhaft {E('ADDRESS', c.addr().one_line())}\n\n"
        f"Sehr geehrte Kollegin, sehr geehrter Kollege,\n\nwir berichten über "
        f"{'Frau' if pt.female else 'Herrn'} {E('PERSON', pt.last)}, "
        f"{'die' if pt.female else 'der'} sich vom {c.N('date', c.date(start))} bis "
        f"{c.N('date', c.date(end))} in unserer stationären Behandlung befand.\n"
        "Diagnosen: "
        + c.pick(["Pneumonie re.", "NSTEMI", "Exazerbierte COPD", "Hypertensive Entgleisung"])
        + "\n\n"
        f"Mit freundlichen kollegialen Grüßen\n{E('PERSON', arzt.full)}, "
        f"{'Oberärztin' if arzt.female else 'Oberarzt'}"
    )
    ask = c.pick(
        [
            "Fasse den Entlassbrief für die Patientin in einfacher Sprache zusammen:",
            "Bitte die Diagnosen als ICD-10 kodieren, Brief:",
            "Schreib den Brief in eine Überleitungsnotiz für den Pflegedienst um:",
        ]
    )
    return [f"{ask}\n\n{brief}"]


@frame("de_visum_passkopie", "de", "test", "ocr_document", ALL_DE)
def visum(c: Ctx) -> list[str]:
    E = c.E
    p = c.person(migrant_share=0.5)
    land = c.country if c.chance(0.7) else c.pick(["DE", "IT", "PL", "FR"])
    nr = c.passport(land)
    exp = c.day(0, 3000)
    l1, l2, off, ln = mrz.td3(land, p.last, p.first, nr, p.dob, p.female, exp)
    mrz_text = (
        l1[:off]
        + E("PERSON", l1[off : off + ln])
        + l1[off + ln :]
        + "\n"
        + E("PASSPORT", nr)
        + l2[len(nr) : 13]
        + E("DATE_OF_BIRTH", l2[13:19])
        + l2[19:]
    )
    vis = (
        f"REISEPASS / PASSPORT / PASSEPORT\nTyp P  Kode {mrz.ISSUER[land].strip('<')}  Pass-Nr. "
        f"{E('PASSPORT', nr)}\n"
        f"Name/Surname {E('PERSON', ids.fold(p.last).upper())}\nVornamen/Given names "
        f"{E('PERSON', ids.fold(p.first).upper())}\n"
        f"Geburtstag/Date of birth {E('DATE_OF_BIRTH', f'{p.dob:%d.%m.%Y}')}\n"
        f"Gültig bis/Date of expiry {c.N('date', f'{exp:%d.%m.%Y}')}\n\n{mrz_text}"
    )
    form = (
        f"Antragsteller: {E('PERSON', p.full)}\nWohnort: {E('ADDRESS', c.addr().one_line())}\n"
        f"Tel.: {E('PHONE', c.phone(mobile=True, intl=0.3))} · {E('EMAIL', c.mail(p))}\n"
    )
    if land == "DE" and c.chance(0.6):
        form += f"Personalausweis: {E('NATIONAL_ID', c.natid(p, 'de_ausweis'))}\n"
    elif c.chance(0.5):
        form += f"Nationale ID: {E('NATIONAL_ID', c.foreign_natid(p))}\n"
    form += f"Flug: {NG(c, 'booking_reference')}, Abreise {c.N('date', c.date(c.day(-10, 90)))}"
    if c.chance(0.5):
        form += f"\nVisagebühr bezahlt mit Karte {E('CREDIT_CARD', c.card())}"
    ask = c.pick(
        [
            "Hier der OCR-Text der Passkopie und das Formular. Stimmen die Daten überein?",
            "Bitte das Visumformular aus diesen Angaben vorausfüllen:",
            "Prüfziffern der MRZ bitte kontrollieren:",
        ]
    )
    return [f"{ask}\n\n{vis}\n\n---\n{form}"]


@frame("de_gitlab_ci_log", "de", "test", "code_log", ALL_DE)
def gitlab_ci(c: Ctx) -> list[str]:
    E = c.E
    dev = c.person()
    lines = [
        f"Running with gitlab-runner {NG(c, 'version')} on runner-{ids.digits(c.rng, 3)} "
        f"({E('IP_ADDRESS', c.ip4(private=True))})",
        f"Fetching changes... Checking out {NG(c, 'hash')}",
        f"Commit-Autor: {E('PERSON', dev.full)} <{E('EMAIL', c.mail(dev, c.org().domain))}>",
        f'$ echo "//registry.npmjs.org/:_authToken={E("API_KEY", c.token("npm"))}" > .npmrc',
        "$ pip install --index-url "
        f"https://__token__:{E('API_KEY', c.token('pypi'))}@pypi.intern/simple -r requirements.txt",
    ]
    if c.chance(0.5):
        lines.append(
            f"$ export HCLOUD_TOKEN={E('API_KEY', c.token(c.pick(['hex_secret', 'digitalocean'])))}"
        )
    if c.chance(0.5):
        lines.append(
            f"$ curl -u deploy:{E('API_KEY', c.password(url_safe=True))} "
            "https://nexus.intern/repository/releases/"
        )
    if c.chance(0.4):
        user_pw = c.password(url_safe=True)
        lines.append(f"> Authorization: Basic {E('API_KEY', creds.basic_auth('deploy', user_pw))}")
    if c.chance(0.35):
        lines.append(
            "VAULT_JWT="
            + E("JWT", c.jwt({"iss": "gitlab", "project_id": ids.digits(c.rng, 4), "ref": "main"}))
        )
    lines.append(f"$ rsync -e ssh build/ deploy@{E('IP_ADDRESS', c.ip4(private=False))}:/srv/app")
    lines.append(f"FEHLER: Job fehlgeschlagen: {NG(c, 'error_code')} um {NG(c, 'timestamp')}")
    log = "\n".join(lines)
    extra = ""
    if c.chance(0.6):
        pem, _ = c.pkey(
            c.pick(["openssh_ed25519", "openssh_rsa", "rsa_pkcs1", "openssh_ecdsa"]),
            comment="gitlab-deploy",
        )
        extra = f"\n\nDie Variable SSH_PRIVATE_KEY enthält:\n{E('PRIVATE_KEY', pem)}"
    if c.chance(0.35):
        extra += f"\n\nLaut Wiki soll dort {NG(c, 'placeholder')} stehen?"
    ask = c.pick(
        [
            "Warum schlägt der Job fehl?",
            "Pipeline rot, Log:",
            "Wie verhindere ich, dass Secrets im Job-Log landen? Beispiel:",
        ]
    )
    return [f"{ask}\n\n```\n{log}\n```{extra}"]


@frame("de_bestellung_mailverlauf", "de", "test", "email_thread", ALL_DE)
def bestellung(c: Ctx) -> list[str]:
    E = c.E
    ek = c.person()
    vk = c.person()
    wir = c.org()
    lief = c.org()
    lc = c.pick(["DE", "AT", "CH"])
    vk_phone = c.phone(country=lc, mobile=False, ext=0.4, intl=0.5)
    neu = (
        f"Hallo {c.title(vk)} {E('PERSON', vk.last)},\n\nvielen Dank, die Bestellung "
        f"{NG(c, 'order_number')} ist freigegeben. "
        f"Bitte senden Sie uns noch Ihre USt-IdNr. und Bankverbindung für die Kreditorenanlage.\n\n"
        f"Viele Grüße\n{E('PERSON', ek.full)}\nEinkauf | {E('ORGANIZATION', wir.name)}\n"
        f"Tel. {E('PHONE', c.phone(mobile=False, ext=0.5, intl=0.2))} | "
        f"{E('EMAIL', c.mail(ek, wir.domain))}"
    )
    alt = (
        f"-----Ursprüngliche Nachricht-----\nVon: {E('PERSON', vk.full)} "
        f"<{E('EMAIL', c.mail(vk, lief.domain))}>\n"
        f"Gesendet: {c.date(c.day(10, 0))}\nAn: {E('PERSON', ek.full)}\nBetreff: AW: Angebot "
        f"{c.N('reference_number', 'AN-' + ids.digits(c.rng, 6))}\n\n"
        f"Sehr {'geehrte Frau' if ek.female else 'geehrter Herr'} {E('PERSON', ek.last)},\n\nanbei "
        "unser Angebot über "
        f"{c.rng.randint(2, 300)} Stk. {NG(c, 'product_code')} zu je {NG(c, 'amount')}.\n\n"
        f"Mit freundlichen Grüßen\n{E('PERSON', vk.full)}\nVertrieb "
        f"Innendienst\n{E('ORGANIZATION', lief.name)}\n"
        f"{E('ADDRESS', c.addr(lc).one_line())}\nTel. {E('PHONE', vk_phone)}\n"
        f"{'USt-IdNr.' if lc != 'CH' else 'MWST-Nr.'} {E('VAT_ID', c.vat(lc))} · IBAN "
        f"{E('IBAN', c.iban(lc))} · BIC {E('BIC', c.bic(lc))}"
    )
    if c.chance(0.3):
        alt += f"\nLetzte Rechnung: {NG(c, 'invoice_number')}"
    if c.chance(0.5):
        neu += (
            f"\n\nPS: Die Teillieferung ist unterwegs, Sendungsnummer {NG(c, 'tracking_number')}."
        )
    if c.chance(0.3):
        neu += (
            "\nBitte prüfen Sie die IBAN aus der letzten Rechnung "
            f"({NG(c, 'iban_lookalike')}), unsere Bank lehnt sie ab."
        )
    if c.chance(0.35):
        neu += (
            "\nDie Anzahlung haben wir mit der Firmenkarte "
            f"{E('CREDIT_CARD', c.card(c.pick(['visa', 'mastercard', 'amex'])))} geleistet."
        )
    ask = c.pick(
        [
            "Bitte formuliere eine kurze Antwort, dass wir die Daten erhalten haben:",
            "Fasse den Mailverlauf für die Kreditorenanlage zusammen:",
            "Was muss ich jetzt noch tun?",
        ]
    )
    return [f"{ask}\n\n{neu}\n\n{alt}"]


@frame("de_mieterselbstauskunft", "de", "test", "form", ALL_DE)
def mieterselbstauskunft(c: Ctx) -> list[str]:
    E = c.E
    p = c.person(max_age=70)
    ag = c.org()
    alt = c.addr()
    vm_alt = c.person()
    lines = [
        "MIETERSELBSTAUSKUNFT",
        f"Mietinteressent/in: {E('PERSON', p.full)}",
        f"Geburtsdatum: {E('DATE_OF_BIRTH', c.dob(p))}",
        f"Derzeitige Anschrift: {E('ADDRESS', alt.one_line())}",
        f"Tel./Mobil: {E('PHONE', c.phone(mobile=True, intl=0.1))}   E-Mail: "
        f"{E('EMAIL', c.mail(p))}",
        f"Arbeitgeber: {E('ORGANIZATION', ag.name)}, Nettoeinkommen {NG(c, 'amount')}",
        f"Bisherige/r Vermieter/in: {E('PERSON', vm_alt.full)}, Tel. "
        f"{E('PHONE', c.phone(intl=0.0))}",
    ]
    if c.country == "DE":
        lines.append(f"Personalausweisnummer: {E('NATIONAL_ID', c.natid(p, 'de_ausweis'))}")
    else:
        lines.append(f"Reisepass: {E('PASSPORT', c.passport(c.country))}")
    if c.chance(0.5):
        lines.append(f"Kaution wird überwiesen von IBAN {E('IBAN', c.iban())}")
    lines.append(f"Einzug gewünscht ab {c.N('date', c.date(c.day(-20, 90)))}")
    ask = c.pick(
        [
            "Ich bin privater Vermieter. Welche dieser Angaben darf ich überhaupt verlangen?",
            "Bitte fasse die Selbstauskunft kurz zusammen:",
            "Schreib dem Interessenten eine Einladung zur Besichtigung:",
        ]
    )
    return [f"{ask}\n\n" + "\n".join(lines)]


@frame("de_datenanalyse_sql", "de", "test", "table", ALL_DE)
def datenanalyse(c: Ctx) -> list[str]:
    E = c.E
    q = (
        "SELECT k.kdnr, k.name, k.email, k.telefon, k.geburtsdatum, l.ip, k.umsatz\n"
        "FROM kunden k JOIN logins l USING (kdnr)\nWHERE l.fehlversuche > 5;"
    )
    rows = ["kdnr     | name | email | telefon | geburtsdatum | ip | umsatz"]
    for _ in range(c.rng.randint(3, 5)):
        p = c.person()
        rows.append(
            " | ".join(
                [
                    c.N("reference_number", ids.digits(c.rng, 7, True)),
                    E("PERSON", p.full),
                    E("EMAIL", c.mail(p)),
                    E("PHONE", c.phone(intl=0.4)),
                    E("DATE_OF_BIRTH", f"{p.dob:%Y-%m-%d}"),
                    E("IP_ADDRESS", c.ip4() if c.chance(0.8) else c.ip6()),
                    c.N("amount", f"{c.rng.randint(10, 9000)},{c.rng.randint(0, 99):02d}"),
                ]
            )
        )
    extra = ""
    if c.chance(0.5):
        extra = (
            "\n\nZur Deduplizierung nutzen wir md5(email), z.B. "
            f"{c.N('hash', hashlib.md5(str(c.rng.random()).encode()).hexdigest())}"
        )
    ask = c.pick(
        [
            "Warum tauchen manche Kunden doppelt auf? Ergebnis der Abfrage:",
            "Kannst du mir daraus eine Pivot-Tabelle nach Vorwahl bauen?",
            "Bitte pseudonymisiere die Tabelle für den Bericht an die Geschäftsführung:",
        ]
    )
    return [
        f"{ask}\n\n```sql\n{q}\n```\n"
        + "\n".join(rows)
        + f"\nAbfrage ausgeführt {NG(c, 'timestamp')}{extra}"
    ]


@frame("de_besprechungsprotokoll", "de", "test", "notes", ALL_DE)
def protokoll(c: Ctx) -> list[str]:
    E = c.E
    teil = [c.person() for _ in range(c.rng.randint(3, 5))]
    kunde = c.org()
    lines = [
        f"Protokoll Jour fixe {E('ORGANIZATION', kunde.name)} – {c.N('date', c.date(c.day(7, 0)))}",
        "Teilnehmende: " + "; ".join(E("PERSON", t.full) for t in teil),
        "",
        f"TOP 1: Release {NG(c, 'version')} verschoben wegen {NG(c, 'ticket_id')}.",
        f"TOP 2: {E('PERSON', teil[1].first)} klärt den Vertrag mit "
        f"{E('EMAIL', c.mail(teil[1], kunde.domain))}.",
        f"TOP 3: WLAN für den Workshop: SSID 'Gast', Kennwort {E('API_KEY', c.password())}",
    ]
    if c.chance(0.5):
        lines.append(
            f"TOP 4: Neuer Drucker im 2. OG hat die IP {E('IP_ADDRESS', c.ip4(private=True))}"
        )
    if c.chance(0.4):
        lines.append(
            "TOP 5: Tresor-PIN für die Kasse wurde geändert auf "
            f"{E('API_KEY', ids.digits(c.rng, 6, True))}"
        )
    if c.chance(0.5):
        lines.append(f"TOP 6: Neue Außenstelle, Vorwahl {NG(c, 'phone_lookalike')}, Nummern folgen")
    lines.append(
        f"Einwahl Telko: {E('PHONE', c.phone(mobile=False, intl=0.3))}, Konferenz-ID "
        f"{c.N('reference_number', ids.digits(c.rng, 4, True) + ' ' + ids.digits(c.rng, 4))}"
    )
    lines.append(
        f"Nächster Termin: {c.N('date', c.date(c.day(-7, 30)))}, Moderation "
        f"{E('PERSON', teil[0].first)} ({E('PHONE', c.phone(mobile=True, intl=0.0))})"
    )
    ask = c.pick(
        [
            "Mach aus dem Protokoll eine Mail an alle Teilnehmenden:",
            "Bitte die To-dos mit Verantwortlichen extrahieren",
            "Protokoll bitte glätten, Stichpunkte beibehalten",
        ]
    )
    return [f"{ask}\n\n" + "\n".join(lines)]


@frame("de_helpdesk_ticket_json", "de", "test", "json_export", ALL_DE)
def helpdesk(c: Ctx) -> list[str]:
    E = c.E
    tickets = []
    for _ in range(c.rng.randint(2, 4)):
        p = c.person()
        art = c.pick(["Passwort", "VPN", "Hardware", "Zugang"])
        t: dict[str, object] = {
            "nummer": NG(c, "ticket_id"),
            "melder": E("PERSON", p.full),
            "kontakt": {
                "mail": E("EMAIL", c.mail(p, c.org().domain)),
                "tel": E("PHONE", c.phone(mobile=False, ext=0.5, intl=0.0)),
            },
            "erstellt": NG(c, "timestamp"),
            "kategorie": art,
        }
        if art == "Passwort":
            t["loesung"] = (
                f"Initialpasswort {E('API_KEY', c.password())} vergeben, Änderung beim nächsten "
                "Login erzwungen"
            )
        elif art == "VPN":
            t["loesung"] = (
                f"Client-IP {E('IP_ADDRESS', c.ip4())} war gesperrt ({NG(c, 'error_code')})"
            )
        elif art == "Hardware":
            t["inventar"] = NG(c, "product_code")
            t["loesung"] = f"Notebook getauscht, Firmware {NG(c, 'version')}"
        else:
            t["loesung"] = "API-Token für den Kollegen erstellt: " + E(
                "API_KEY", c.token(c.pick(["gitlab_pat", "atlassian", "github_fine_grained"]))
            )
        tickets.append(t)
    body = json.dumps(tickets, ensure_ascii=False, indent=c.indent())
    return [
        "Du analysierst Exporte aus dem IT-Ticketsystem und antwortest auf Deutsch.",
        c.pick(
            [
                "Hier der Export der letzten Tickets. Wurden irgendwo Zugangsdaten unsicher "
                "weitergegeben?",
                "Bitte die Tickets nach Kategorie zusammenfassen:",
            ]
        )
        + f"\n\n{body}",
    ]


@frame("de_grenzgaenger_steuer", "de", "test", "notes", ALL_DE)
def grenzgaenger(c: Ctx) -> list[str]:
    E = c.E
    m = c.person()
    firma = c.org()
    ort, land = c.rng.choice(
        [("Basel", "CH"), ("Zürich", "CH"), ("Salzburg", "AT"), ("Kufstein", "AT")]
    )
    lines = [
        f"Mandantin/Mandant {E('PERSON', m.full)} (* {E('DATE_OF_BIRTH', c.dob(m))})",
        f"Wohnsitz: {E('ADDRESS', c.addr('DE').one_line())}, Arbeitsort {ort}",
        f"Steuer-ID: {E('DE_TAX_ID', c.idnr())}",
        f"Arbeitgeber: {E('ORGANIZATION', firma.name)} (UID {E('VAT_ID', c.vat(land))})",
    ]
    if c.chance(0.6):
        lines.append(
            f"Vorher 3 Jahre USA: SSN {E('US_SSN', c.ssn())}, Kinder mit ITIN "
            f"{E('US_ITIN', c.itin())}"
        )
    else:
        lines.append(f"US-Mieteinnahmen, ITIN {E('US_ITIN', c.itin())}")
    if c.chance(0.5):
        lines.append(f"Reisepass für Ansässigkeitsbescheinigung: {E('PASSPORT', c.passport('DE'))}")
    if c.chance(0.4):
        lines.append(
            f"Honorar per Kreditkarte {E('CREDIT_CARD', c.card())} bezahlt, Beleg "
            f"{NG(c, 'invoice_number')}"
        )
    if c.chance(0.6):
        lines.append(f"Hinweis: {NG(c, 'ssn_lookalike')} auf dem alten W-2 ist keine gültige SSN.")
    if c.chance(0.35):
        lines.append(
            f"Die Nummer {NG(c, 'taxid_lookalike')} aus dem ELSTER-Ausdruck ist keine IdNr."
        )
    lines.append(
        f"Einkünfte CH/AT: {NG(c, 'amount')}; Abgabefrist {c.N('date', c.date(c.day(0, 120)))}"
    )
    ask = c.pick(
        [
            "Welche DBA-Regelung greift hier? Meine Notizen:",
            "Mach mir eine Liste der Unterlagen, die ich vom Mandanten brauche:",
            "Bitte die Notizen ordnen",
        ]
    )
    return [f"{ask}\n\n" + "\n".join(lines)]


@frame("de_versicherung_chat", "de", "test", "chat_export", ALL_DE)
def versicherung(c: Ctx) -> list[str]:
    E = c.E
    vn = c.person()
    sb = c.person()
    d = c.day(20, 0)
    tel = c.phone(mobile=True, intl=0.6)
    nr = c.N("reference_number", f"SN-{ids.digits(c.rng, 4)}-{ids.digits(c.rng, 6)}")

    def t(h: int, m: int) -> str:
        return f"[{d:%d.%m.%y}, {h:02d}:{m:02d}:{c.rng.randint(0, 59):02d}]"

    lines = [
        f"{t(10, 1)} {E('PERSON', sb.full)}: Guten Tag, hier {E('PERSON', sb.first)} von der "
        f"Schadenabteilung zu Schaden {nr}.",
        f"{t(10, 4)} {E('PHONE', tel)}: hallo ja, {E('PERSON', vn.full)} hier",
        f"{t(10, 5)} {E('PERSON', sb.full)}: Bitte bestätigen Sie Ihr Geburtsdatum und die "
        "Schadenadresse.",
        f"{t(10, 8)} {E('PHONE', tel)}: {E('DATE_OF_BIRTH', c.dob(vn))}, "
        f"{E('ADDRESS', c.addr().one_line())}",
        f"{t(10, 12)} {E('PERSON', sb.full)}: Danke. Der Gutachter schätzt den Schaden auf "
        f"{NG(c, 'amount')}.",
        f"{t(10, 15)} {E('PHONE', tel)}: bitte auf {E('IBAN', c.iban())} überweisen",
        f"{t(10, 16)} {E('PHONE', tel)}: Fotos hab ich an "
        f"{E('EMAIL', c.mail(sb, c.bank().domain if c.chance(0.1) else c.org().domain))} geschickt",
    ]
    if c.chance(0.3):
        lines.append(
            f"{t(10, 20)} {E('PERSON', sb.full)}: Termin Gutachter "
            f"{c.N('date', c.date(c.day(-3, 14)))}"
        )
    ask = c.pick(
        [
            "Exportierter Messenger-Chat mit einem Versicherungsnehmer. Bitte für die Schadenakte "
            "zusammenfassen:",
            "Hat der Sachbearbeiter in diesem Chat korrekt legitimiert?",
        ]
    )
    return [f"{ask}\n\n" + "\n".join(lines)]

# ruff: noqa: E501  (frames are data: a line is as long as the text it writes)
"""German (and mixed German/English) frames, in our own wording; markup as in frames_en."""

from __future__ import annotations

from typing import Final

FRAMES: Final[tuple[tuple[str, tuple[str, ...]] | tuple[str, tuple[str, ...], str], ...]] = (
    # ---- Supportanfragen -----------------------------------------------------------------
    (
        "ticket",
        (
            "Du bist ein Support-Assistent. Fasse das Anliegen zusammen und schlage eine Antwort vor.",
            "Betreff: Doppelte Abbuchung Bestellung {{~order_number}}\n\nSehr geehrte Damen und Herren,\n"
            "am {{~date}} wurde mein Konto {{iban}} zweimal mit {{~amount}} belastet. Bitte erstatten "
            "Sie einen Betrag. Sie erreichen mich unter {{phone}}.\n\nMit freundlichen Grüßen\n{{name:a}}",
        ),
    ),
    (
        "ticket",
        (
            "Ticket {{~ticket_id}} – Kunde {{name:a}} ({{mail:a}}, Tel. {{phone}}) meldet: "
            "Nach dem Update auf {{~version}} kein Login mehr möglich. Rückruf erbeten, "
            "am besten mobil: {{phone}}.",
        ),
    ),
    (
        "ticket",
        (
            "Kannst du das höflicher formulieren?\n\nhallo, ich warte seit 3 wochen auf mein paket "
            "(sendungsnummer {{~tracking_number}}). meine adresse ist {{address}}, telefon {{phone}}. "
            "wenn das nicht bis {{~date}} da ist storniere ich. {{first:a}}",
        ),
    ),
    (
        "ticket",
        (
            "Rückerstattung\nKontoinhaber: {{name:a}}\nIBAN: {{iban}}\nBIC: {{bic}}\n"
            "Betrag: {{~amount}}\nRechnungsnr.: {{~invoice_number}}",
        ),
        "de_AT",
    ),
    (
        "ticket",
        (
            "Bitte ins Englische übersetzen:\n> Meine neue Kreditkarte lautet {{card}}, die alte "
            "({{card}}) ist gesperrt. Gruß {{name:a}}, {{address}}",
        ),
    ),
    # ---- Personal / HR -------------------------------------------------------------------
    (
        "hr_mail",
        (
            "Erstelle aus dieser Mail eine Checkliste für das Onboarding.",
            "Von: {{mail:b}}\nAn: {{mail:a}}\nBetreff: Ihre Unterlagen\n\nSehr geehrte/r "
            "{{name:a}},\n\nfür die Lohnabrechnung benötigen wir noch Ihre Steuer-ID ({{steuer_id}}), "
            "Ihre Sozialversicherungsnummer ({{rvnr}}) sowie Ihr Geburtsdatum – im Bogen steht "
            "{{dob}}, bitte bestätigen Sie das.\n\nFreundliche Grüße\n{{name:b}}\nPersonalabteilung, "
            "Tel. {{phone}}",
        ),
        "de_DE",
    ),
    (
        "hr_mail",
        (
            "Personalstammdaten – Korrektur\nName: {{name:a}}\nGeb.-Datum: {{dob}}\n"
            "SV-Nummer: {{svnr}}\nWohnadresse: {{address}}\nNotfallkontakt: {{name:b}}, {{phone}}\n"
            "Personalnummer {{~record_phone_like}}",
        ),
        "de_AT",
    ),
    (
        "hr_mail",
        (
            "Liebe/r {{first:a}},\n\nfür die Einreise benötigen wir eine Kopie Ihres Reisepasses "
            "(Nr. {{passport}}) und Ihres Personalausweises ({{id_card}}). Bitte senden Sie beides bis "
            "Freitag an {{email}}.\n\nBeste Grüße\n{{name:b}}",
        ),
        "de_DE",
    ),
    (
        "hr_mail",
        (
            "Guten Tag {{name:a}},\n\nbitte prüfen Sie Ihre AHV-Nummer {{ahv}} auf dem Lohnausweis. "
            "Bei Fragen erreichen Sie uns unter {{phone}} oder {{email}}.\n\nFreundliche Grüsse\nHR",
        ),
        "de_CH",
    ),
    # ---- Behördenbriefe, Rechnungen ------------------------------------------------------
    (
        "letter",
        (
            "Fasse dieses Schreiben in einfacher Sprache zusammen.",
            "Finanzamt Musterstadt\n\n{{name:a}}\n{{address_block}}\n\n"
            "Aktenzeichen: {{~case_number}}\nSteuer-Identifikationsnummer: {{steuer_id}}\n\n"
            "Sehr geehrte Damen und Herren,\n\nfür das Jahr 2025 ergibt sich eine Nachzahlung von "
            "{{~amount}}. Bitte überweisen Sie den Betrag bis zum {{~date}}. Rückfragen richten Sie "
            "bitte an {{phone}}.",
        ),
        "de_DE",
    ),
    (
        "letter",
        (
            "Rechnung {{~invoice_number}}\nRechnungsdatum: {{~date}}\n\nAn: {{company}}\n{{name:a}}\n"
            "{{address_block}}\nUSt-IdNr. des Leistungsempfängers: {{vat}}\n\nPos. 1  Beratung  "
            "{{~amount}}\nZahlbar innerhalb 14 Tagen auf IBAN {{iban}}, BIC {{bic}}.\n"
            "Unsere USt-IdNr.: {{vat}}",
        ),
    ),
    (
        "letter",
        (
            "Bitte eine Antwort auf dieses Schreiben entwerfen:\n\nSehr geehrte Frau {{last:a}},\n\n"
            "wir haben Ihren Antrag vom {{~date}} erhalten (Vorgangsnummer {{~case_number}}). Für die "
            "weitere Bearbeitung benötigen wir Ihre Rentenversicherungsnummer und eine Meldebestätigung "
            "für {{address}}. Sie hatten als Rückrufnummer {{phone}} angegeben.",
        ),
        "de_DE",
    ),
    (
        "letter",
        (
            "Mahnung\n\nGuten Tag {{name:a}},\n\ntrotz Erinnerung ist Rechnung "
            "{{~invoice_number}} über {{~amount}} offen. Wir buchen den Betrag per Lastschrift von "
            "Ihrem Konto\n{{iban_wrapped}}\nab. Gläubiger-ID und Mandat {{~record_card_like}}.",
        ),
    ),
    # ---- CRM -----------------------------------------------------------------------------
    (
        "crm",
        (
            "Gesprächsnotiz {{~timestamp_iso}} ({{name:b}}): Telefonat mit {{name:a}}, "
            "{{company}}. Interesse an Version {{~version}}. Mobil {{phone}}, Mail {{mail:a}}. "
            "Nicht über die Zentrale {{phone}} anrufen.",
        ),
    ),
    (
        "crm",
        (
            "Mach daraus eine Follow-up-Mail:\n- {{name:a}}, Einkauf bei {{company}}\n"
            "- Budget {{~amount}}, Bestellung {{~order_number}}\n- bevorzugt E-Mail: {{mail:a}}\n"
            "- Handy {{phone}}\n- Büro: {{address}}",
        ),
    ),
    # ---- Chat ----------------------------------------------------------------------------
    (
        "chat",
        (
            "Du bist der Assistent eines Reisebüros.",
            "hallo, ich möchte meine buchung ändern, sie läuft auf {{name:a}}",
            "Gern! Nennen Sie mir bitte die Buchungsnummer und eine Telefonnummer.",
            "buchung {{~order_number}}, tel {{phone}}. meine passnummer ist jetzt {{passport}}",
        ),
    ),
    (
        "chat",
        (
            "[09:12] {{first:a}}: hat jemand den gitlab token für die pipeline?\n"
            "[09:13] {{first:b}}: {{api_gitlab}}\n[09:13] {{first:a}}: danke, und den slack hook?\n"
            "[09:14] {{first:b}}: {{slack_webhook}}",
        ),
    ),
    (
        "chat",
        (
            "Hier ein Chatverlauf, wer schuldet wem was?\n{{name:a}}: Ich hab die Hütte bezahlt, "
            "{{~amount}}\n{{name:b}}: ok, schick mir deine IBAN\n{{name:a}}: {{iban}}\n"
            "{{name:b}}: erledigt. neue nummer übrigens {{phone}}",
        ),
    ),
    (
        "chat",
        (
            "Nutzer: meine mail ist {{email}}, die alte war {{email}}. welche ist hinterlegt?",
            "Assistent: Darauf habe ich keinen Zugriff.",
            "Nutzer: ok. steht die IP {{ip}} auf der Sperrliste? das ist mein Anschluss zuhause",
        ),
    ),
    # ---- Mixed EN/DE ---------------------------------------------------------------------
    (
        "mixed",
        (
            "Please translate to English and keep all numbers:\n\nHallo {{first:a}}, anbei die "
            "Daten für den Vertrag: IBAN {{iban}}, Steuernummer bzw. Steuer-ID {{steuer_id}}, "
            "Geburtsdatum {{dob}}. Meld dich unter {{phone}}. LG {{first:b}}",
        ),
        "de_DE",
    ),
    (
        "mixed",
        (
            "Quick question re the supplier onboarding – der Lieferant hat seine USt-ID als "
            "{{vat}} angegeben, the contact is {{name:a}} ({{mail:a}}, {{phone_intl}}). "
            "Is the format valid?",
        ),
    ),
    (
        "mixed",
        (
            "Deploy auf prod schlägt fehl, log:\n{{~timestamp_iso}} ERROR sync failed for "
            "kunde={{mail:a}} ip={{ip}} token={{jwt}}\nversion {{~version}}, commit {{~commit_hash}}",
        ),
    ),
    # ---- Logs / Traces -------------------------------------------------------------------
    (
        "log",
        (
            "Warum schlägt das fehl?\n"
            "{{~timestamp_iso}} INFO  login benutzer={{mail:a}} quelle={{ip}} ok\n"
            "{{~timestamp_iso}} ERROR zahlung bestellung={{~order_number}} karte={{card}} abgelehnt",
        ),
    ),
    (
        "log",
        (
            '{"zeit":"{{~timestamp_iso}}","stufe":"fehler","kunde":{"name":"{{name:a}}",'
            '"kontakt":{"telefon":"{{phone}}","email":"{{mail:a}}"},"anschrift":"{{address}}"},'
            '"ip":"{{ip}}","vorgang":"{{~uuid}}"}',
        ),
    ),
    (
        "trace",
        (
            "Traceback (most recent call last):\n"
            '  File "/opt/app/lohn/export.py", line 41, in schreibe\n'
            "    raise ValueError(f'Steuer-ID {{steuer_id=sid}} passt nicht zu {{name:a}}')\n"
            "ValueError: Steuer-ID {{=sid}} passt nicht zu {{name:a}}\n\nwas ist da los?",
        ),
        "de_DE",
    ),
    (
        "log",
        (
            "Dez 01 02:10:07 gw kernel: [UFW BLOCK] IN=eth0 SRC={{ip}} DST={{ipv4_private}} "
            "PROTO=TCP DPT={{~port}}\nDez 01 02:10:09 gw kernel: [UFW BLOCK] IN=eth0 SRC={{ipv6}} "
            "PROTO=TCP DPT=22",
        ),
    ),
    # ---- Konfiguration -------------------------------------------------------------------
    (
        "config",
        (
            "Meine .env für Staging, warum verbindet sich der Mailer nicht?\n"
            "MAIL_FROM={{email}}\nSENDGRID_API_KEY={{api_sendgrid}}\nSTRIPE_SECRET={{api_stripe}}\n"
            "APP_VERSION={{~version}}\nREDIS_PORT={{~port}}",
        ),
    ),
    (
        "config",
        (
            "benachrichtigung:\n  empfaenger:\n    - {{mail:a}}\n    - {{mail:b}}\n"
            '  rufbereitschaft: "{{phone}}"\n  webhook: {{slack_webhook}}\nimage_digest: {{~sha256}}',
        ),
    ),
    (
        "config",
        (
            '{"konto": {"inhaber": "{{name:a}}", "bank": {"iban": "{{iban}}", "bic": "{{bic}}"}}, '
            '"steuer": {"ust_id": "{{vat}}"}, "geheim": {"aws": {"id": "{{aws_id}}", '
            '"secret": "{{aws_secret}}"}, "tls": {"schluessel": "{{pem_escaped}}\\n"}}}',
        ),
    ),
    (
        "config",
        (
            "ssl:\n  schluessel: |\n    {{pem_indented}}\n  server: {{ipv4_private}}\n  port: {{~port}}",
        ),
    ),
    (
        "config",
        (
            "[credentials]\nhf_token = {{api_huggingface}}\npypi = {{api_pypi}}\n"
            "anthropic = {{api_anthropic}}\n; gepflegt von {{name:a}}",
        ),
    ),
    # ---- CSV / Formulare / Signaturen ----------------------------------------------------
    (
        "csv",
        (
            "Bitte diese Liste bereinigen:\nNr;Name;E-Mail;Telefon;Geburtstag\n"
            "{{~build_id}};{{name:a}};{{mail:a}};{{phone}};{{dob}}\n"
            "{{~build_id}};{{name:b}};{{mail:b}};{{phone}};{{dob}}",
        ),
    ),
    (
        "csv",
        (
            "buchung,karte,betrag,ip\n{{~uuid}},{{card}},{{~amount}},{{ip}}\n"
            "{{~uuid}},{{card}},{{~amount}},{{ip}}",
        ),
    ),
    (
        "form",
        (
            "Antragsformular\nName, Vorname: {{last:a}}, {{first:a}}\nGeburtsdatum: {{dob}}\n"
            "Anschrift: {{address}}\nTelefon: {{phone}}\nE-Mail: {{mail:a}}\n"
            "Personalausweisnummer: {{id_card}}\nIBAN für Erstattungen: {{iban}}",
        ),
        "de_DE",
    ),
    (
        "form",
        (
            "SEPA-Lastschriftmandat\nZahlungspflichtiger: {{name:a}}\nIBAN:\n{{iban_wrapped}}\n"
            "Mandatsreferenz: {{~invoice_number}}\nDatum: {{~date}}",
        ),
    ),
    (
        "signature",
        (
            "Kürze diese Mail auf drei Stichpunkte:\n\nHallo zusammen, die Zahlen für Q3 liegen bei "
            "(Datei {{~sha256}}).\n\n--\n{{name:a}}\nLeitung Finanzen | {{company}}\n"
            "Tel.: {{phone}}\nMobil: {{phone}}\n{{mail:a}}\n{{address}}",
        ),
    ),
    (
        "signature",
        (
            "Mit freundlichen Grüßen\n\n{{name:a}}\nTel. {{phone}} · Fax {{phone}}\n"
            "E-Mail: {{email_obf}}\nUSt-IdNr. {{vat}} · Handelsregister HRB {{~build_id}}",
        ),
    ),
    # ---- Code ----------------------------------------------------------------------------
    (
        "code",
        (
            "Wie baue ich das in eine Konfigurationsklasse um?\n```python\n"
            'GITHUB_TOKEN = "{{api_github_fine}}"\nGOOGLE_MAPS_KEY = "{{api_google}}"\n'
            "RETRY = 3  # siehe Ticket {{~ticket_id}}\n```",
        ),
    ),
    (
        "code",
        (
            "```bash\ncurl -u api:{{api_mailgun}} https://api.mailgun.net/v3/example.de/messages \\\n"
            "  -F to={{email}} -F subject='Ihre Bestellung {{~order_number}}'\n```\nFehler 401, wieso?",
        ),
    ),
    (
        "code",
        (
            "Der Schlüssel ist im Repo gelandet, wie entferne ich ihn aus der Historie?\n\n{{pem}}\n\n"
            "Remote: {{~git_remote}}",
        ),
    ),
    (
        "code",
        (
            "```yaml\nenv:\n  DIGITALOCEAN_TOKEN: {{api_digitalocean}}\n  SHOPIFY_TOKEN: {{api_shopify}}\n"
            '  TELEGRAM_BOT: "{{api_telegram}}"\n```',
        ),
    ),
    # ---- Harte Formen --------------------------------------------------------------------
    (
        "shapes",
        (
            "verteiler: {{mail:a}};{{mail:b}},{{email}}\ntel: {{phone}}|{{phone}}\n"
            "inhaber: {{name:a}}<{{mail:a}}>",
        ),
    ),
    (
        "shapes",
        (
            '{"bestellung": {"nr": "{{~order_number}}", "zahlung": {"karte": {"nummer": "{{card}}", '
            '"inhaber": "{{name:a}}"}, "iban": "{{iban}}"}, "versand": {"adresse": "{{address}}"}}}',
        ),
    ),
    (
        "shapes",
        ("Freigegebene IPs: [{{ip}}, {{ip}}, {{ipv6}}]\nGesperrt: {{ipv4}}\nPort {{~port}}",),
    ),
    ("shapes", ("Kreditkarte laut Beleg:\n{{card_wrapped}}\ngültig bis 03/28, offen {{~amount}}",)),
    # ---- Harte Negative ------------------------------------------------------------------
    (
        "negatives",
        (
            "Release {{~version}}: CVE {{~cve}} behoben (Commit {{~commit_hash}}), Standard-Port "
            "jetzt {{~port}}, Migration {{~uuid}}. Build vom {{~timestamp_iso}}, Artefakt {{~sha256}}.",
        ),
    ),
    (
        "negatives",
        (
            "Bestellung {{~order_number}} am {{~date}} versandt, Sendung {{~tracking_number}}; "
            "Rechnung {{~invoice_number}} über {{~amount}}. EAN {{~ean}}, ISBN {{~isbn}}.",
        ),
    ),
    (
        "negatives",
        (
            "Abgleich: Buchungsreferenz {{~record_card_like}} vs. {{~record_card_like}}; SAP-Beleg "
            "{{~record_phone_like}}; die alte IBAN {{~iban_bad_check}} war ungültig. PLZ-Bereich "
            "{{~postcode}}, Konto {{~aws_account}}.",
        ),
    ),
    (
        "negatives",
        (
            "Build {{~build_id}} brach um {{~timestamp_epoch}} ab ({{~timestamp_epoch_ms}}): "
            "Exit {{~hex_code}}. Remote {{~git_remote}}, Vorgang {{~case_number}}, Ticket {{~ticket_id}}.",
        ),
    ),
    (
        "negatives",
        (
            "Hallo {{first:a}}, Ihre Bestellung {{~order_number}} liegt zur Abholung bereit. "
            "Abholcode {{~record_phone_like}}. Bei Fragen nennen Sie bitte Vorgang {{~case_number}}.",
        ),
    ),
    # ---- Einzelsätze ---------------------------------------------------------------------
    ("sentence", ("Bitte schicken Sie den Vertrag an {{name:a}}, {{address}}.",)),
    ("sentence", ("Ich bin am {{dob}} geboren, meine Steuer-ID lautet {{steuer_id}}.",), "de_DE"),
    ("sentence", ("Überweisen Sie die Kaution auf {{iban}} (BIC {{bic}}), Empfänger {{name:a}}.",)),
    ("sentence", ("Rufen Sie mich unter {{phone}} an oder schreiben Sie an {{email}}.",)),
    ("sentence", ("Unsere UID lautet {{vat}}.",), "de_AT"),
    ("sentence", ("Die Versicherungsnummer {{svnr}} gehört zu {{name:a}}.",), "de_AT"),
    ("sentence", ("Meine AHV-Nr. ist {{ahv}}, Telefon {{phone}}.",), "de_CH"),
    ("sentence", ("Der Server {{ip}} wurde von {{ip}} auf Port {{~port}} kontaktiert.",)),
    # ---- weitere Rahmen: Webhooks, KYC, Rechnungen, Betrieb -------------------------------
    (
        "webhook",
        (
            "Welche Felder in diesem Webhook sind personenbezogen?\n"
            '{"ereignis": "zahlung.erfolgt", "zeit": {{~timestamp_epoch}}, "daten": {"kunde": '
            '{"name": "{{name:a}}", "email": "{{email}}", "telefon": "{{phone}}"}, "artikel": '
            '{"ean": "{{~ean}}", "isbn": "{{~isbn}}"}, "token": "{{jwt}}"}}',
        ),
    ),
    (
        "webhook",
        (
            "POST /api/kontakt HTTP/1.1\nX-Korrelations-Id: {{~uuid}}\nAuthorization: Bearer {{jwt}}\n\n"
            "name={{name:a}}&mail={{email_pct}}&ust={{vat}}",
        ),
    ),
    (
        "invoice",
        (
            "RECHNUNG Nr. {{~invoice_number}} vom {{~date}}\n{{company}}\nz. Hd. {{name:a}}\n"
            "{{address_block}}\n\nArt.-Nr. {{~ean}}  Lizenz  {{~amount}}\nBitte überweisen an {{iban}}, "
            "BIC {{bic}}. Steuernummer/USt-IdNr.: {{vat}}",
        ),
    ),
    (
        "kyc",
        (
            "Vergleiche die Datensätze und nenne Abweichungen:\nA: {{name:a}} | geb. {{dob}} | "
            "{{address}}\nB: {{name:a}} | geb. {{dob}} | PLZ {{~postcode}} | Ausweis {{id_card}}",
        ),
        "de_DE",
    ),
    (
        "ops",
        (
            "Sicherheitsmeldung: {{~cve}} betrifft {{~version}}. Zugriff von {{ip}} um "
            "{{~timestamp_epoch_ms}}; Regel {{~hex_code}} hat ausgelöst, AWS-Konto {{~aws_account}}. "
            "Die Test-IBAN {{~iban_bad_check}} ist absichtlich ungültig.",
        ),
    ),
    (
        "ops",
        (
            "Kubernetes-Secret (dekodiert):\ndata:\n  DB_PASSWORT: {{api_generic}}\n"
            "  AZURE_KEY: {{api_azure_storage}}\n  JWT_BEISPIEL: {{jwt}}\nmetadata:\n  uid: {{~uuid}}",
        ),
    ),
    (
        "sentence",
        ("Das Buch mit ISBN {{~isbn}} kostet {{~amount}}, Lieferung an PLZ {{~postcode}}.",),
    ),
    ("sentence", ("Ihr Zugangstoken {{jwt}} läuft am {{~date}} ab.",)),
    (
        "log",
        (
            "Versandprotokoll:\n{{~timestamp_epoch_ms}} sendung={{~tracking_number}} empfaenger="
            '"{{name:a}}" adresse="{{address}}" status=zugestellt\n{{~timestamp_epoch_ms}} '
            "beleg={{~record_card_like}} pruefsumme={{~sha256}} fehler={{~hex_code}}",
        ),
    ),
    (
        "ticket",
        (
            "Paket nicht angekommen. Sendungsnummer {{~tracking_number}}, Referenz "
            "{{~record_card_like}}, Fehlercode {{~hex_code}} in der App (Build {{~sha256}}). Bitte "
            "melden Sie sich unter {{phone}} – {{name:a}}",
        ),
    ),
    ("sentence", ("Das Update {{~version}} schließt {{~cve}}; Fragen bitte an {{email}}.",)),
    # ---- weitere Rahmen: SQL, Markup, vCard, Kalender, git, Tabellen -----------------------
    (
        "sql",
        (
            "Warum schlägt der Insert fehl?\nINSERT INTO kunden (name, email, telefon, geburtsdatum, iban) VALUES\n"
            "  ('{{name:a}}', '{{mail:a}}', '{{phone}}', '{{dob}}', '{{iban}}'),\n"
            "  ('{{name:b}}', '{{mail:b}}', '{{phone}}', '{{dob}}', '{{iban}}');\n-- Migration {{~version}}",
        ),
    ),
    (
        "markup",
        (
            '<kunde nr="{{~order_number}}">\n  <name>{{name:a}}</name>\n  <telefon>{{phone}}</telefon>\n'
            "  <email>{{mail:a}}</email>\n  <steuer><ustid>{{vat}}</ustid></steuer>\n</kunde>\nBitte als JSON ausgeben.",
        ),
    ),
    (
        "vcard",
        (
            "Übernimm den Kontakt ins CRM:\nBEGIN:VCARD\nVERSION:3.0\nFN:{{name:a}}\nORG:{{company}}\n"
            "TEL;TYPE=CELL:{{phone}}\nTEL;TYPE=WORK:{{phone}}\nEMAIL:{{mail:a}}\nADR;TYPE=WORK:;;{{address}}\nEND:VCARD",
        ),
    ),
    (
        "calendar",
        (
            "Fasse die Einladung zusammen: Termin mit {{name:a}} am {{~date}}, Einwahl {{phone}}, "
            "Rückfragen an {{mail:b}} ({{name:b}}). Besprechungs-ID {{~build_id}}.",
        ),
    ),
    (
        "git",
        (
            "git log --format='%H %an <%ae>':\n{{~commit_hash}} {{name:a}} <{{mail:a}}>\n"
            "{{~commit_hash}} {{name:b}} <{{mail:b}}>\nWer hat den Fehler in {{~version}} eingebaut?",
        ),
    ),
    (
        "table",
        (
            "Kürze die Tabelle:\n| Name | Telefon | E-Mail | Steuer-ID |\n|---|---|---|---|\n"
            "| {{name:a}} | {{phone}} | {{mail:a}} | {{steuer_id}} |\n| {{name:b}} | {{phone}} | {{mail:b}} | {{steuer_id}} |",
        ),
        "de_DE",
    ),
    ("ticket", ("ohne Stichwort, so eingefügt:\n{{name:a}}\n{{address}}\n{{phone}}\n{{iban}}",)),
    (
        "letter",
        (
            "Bitte prüfen Sie den Bescheid:\n\nKrankenkasse – Beitragsbescheid\nVersicherte/r: {{name:a}}, "
            "geb. am {{dob}}\nVersichertennummer laut Rentenversicherung: {{rvnr}}\nAnschrift:\n{{address_block}}\n\n"
            "Der Beitrag von {{~amount}} wird ab {{~date}} von {{iban}} eingezogen.",
        ),
        "de_DE",
    ),
    (
        "letter",
        (
            "Sehr geehrte Damen und Herren,\n\nhiermit kündige ich meinen Vertrag {{~case_number}} fristgerecht. "
            "Bitte bestätigen Sie die Kündigung schriftlich an {{address}} oder per E-Mail an {{email}}. "
            "Das Guthaben überweisen Sie bitte auf {{iban}}.\n\nMit freundlichen Grüßen\n{{name:a}}",
        ),
    ),
    (
        "chat",
        (
            "Teams-Verlauf:\n{{name:a}} 14:01\nkannst du mir deine Handynummer schicken?\n{{name:b}} 14:03\n"
            "klar, {{phone}} – und privat {{phone}}\n{{name:a}} 14:03\ndanke! und die Kartennummer für die "
            "Firmenbuchung? \n{{name:b}} 14:05\n{{card}}",
        ),
    ),
    (
        "log",
        (
            'level=warn zeit={{~timestamp_iso}} msg="SMS fehlgeschlagen" an={{phone}} nutzer={{~uuid}}\n'
            'level=info zeit={{~timestamp_iso}} msg="Ausweich auf E-Mail" an={{email}} ip={{ip}}',
        ),
    ),
    (
        "config",
        (
            "application.properties – warum startet der Dienst nicht?\nspring.mail.username={{email}}\n"
            "spring.mail.password={{api_generic}}\nstripe.secret={{api_stripe}}\nserver.port={{~port}}\n"
            "app.version={{~version}}",
        ),
    ),
    (
        "mixed",
        (
            "Can you check this Überweisungsbeleg? Empfänger: {{name:a}}, IBAN {{iban}}, BIC {{bic}}, "
            "Verwendungszweck {{~invoice_number}}, amount {{~amount}}. The sender's phone was {{phone_intl}}.",
        ),
    ),
)

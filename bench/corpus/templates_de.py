"""German prompt templates, one tuple of texts per template, grouped by kind.

Same conventions as :mod:`bench.corpus.templates_en`: ``{{FIELD}}`` is a gold value,
``{{~FIELD}}`` a hard negative, and the literal text holds nothing sensitive.  German
prompts carry what German data really carries: Steuer-IDs, German phone formats
(``030/…``, ``+49 (0)…``), IBANs in groups of four, ``geb.`` dates of birth.
"""

from __future__ import annotations

__all__ = ["TEMPLATES"]

TEMPLATES: dict[str, tuple[tuple[str, ...], ...]] = {
    "support_ticket": (
        (
            "Betreff: Anmeldung seit Update {{~VERSION}} nicht möglich\n\nHallo zusammen,\n\n"
            "mein Name ist {{PERSON}}, ich bin seit 2018 Kunde bei Ihnen. Seit dem Update auf "
            "{{~VERSION}} kann ich mich nicht mehr anmelden. Meine E-Mail-Adresse lautet "
            "{{EMAIL}}, telefonisch erreichen Sie mich unter {{PHONE}}. Die Bestellung "
            "{{~ORDER}} ist ebenfalls noch offen.\n\nViele Grüße\n{{PERSON_FIRST}}",
        ),
        (
            "Ticket {{~TICKET}} – doppelte Abbuchung\nKunde: {{PERSON}} ({{ORG}})\n"
            "Hinterlegte Karte: {{CARD}}\nDer Kunde wurde am {{~TIMESTAMP}} zweimal mit "
            "{{~AMOUNT}} belastet (Bestellnr. {{~ORDER}}). Bitte Erstattung auf das Konto "
            "{{IBAN}}. Rückruf unter {{PHONE}}.\n\nFormuliere eine kurze Entschuldigung.",
        ),
        (
            "Bitte ordne diese Anfrage nach Dringlichkeit ein:\n\n„Guten Tag, ich habe den "
            "{{~PRODUCT}} bestellt (Auftrag {{~ORDER}}), er wurde aber an die falsche Adresse "
            "geliefert. Richtig ist: {{ADDRESS}}. Bitte melden Sie sich unter {{EMAIL}} oder "
            "{{PHONE}}. Mit freundlichen Grüßen, {{PERSON}}“",
        ),
        (
            "Eskalation {{~TICKET}}: {{PERSON}} meldet, dass der {{~PRODUCT}} nach Firmware "
            "{{~VERSION}} nicht mehr lädt. Anrufe von {{PHONE}} und {{PHONE2}}, Lieferadresse "
            "{{ADDRESS}}. Charge {{~HASH}} geprüft. Schreibe die RMA-Mail an {{EMAIL}}.",
        ),
        (
            "Kundin {{PERSON}} möchte die Zahlungsart ändern: statt Kreditkarte {{CARD}} künftig "
            "Lastschrift von {{IBAN}}. Ansprechpartner Buchhaltung: {{PERSON2}} ({{EMAIL2}}). "
            "Was antworte ich?",
        ),
    ),
    "email": (
        (
            "Fasse die folgende E-Mail in drei Stichpunkten zusammen:\n\n"
            "Von: {{PERSON}} <{{EMAIL}}>\nAn: {{PERSON2}} <{{EMAIL2}}>\n"
            "Betreff: Vertragsverlängerung {{ORG}}\n\nHallo {{PERSON2_FIRST}},\n\nwie am "
            "Dienstag besprochen: Die Rechtsabteilung hat den Entwurf (Stand {{~VERSION}}) "
            "freigegeben. Unsere neue Anschrift ist {{ADDRESS}}, bitte die Rechnungsadresse "
            "anpassen.\n\nBeste Grüße\n{{PERSON_FIRST}}\n{{ORG}} | Tel. {{PHONE}}",
        ),
        (
            "Übersetze diese E-Mail ins Englische:\n\nSehr geehrte/r {{PERSON}},\n\nvielen Dank "
            "für Ihre Bestellung {{~ORDER}} über {{~AMOUNT}}. Bitte überweisen Sie die Anzahlung "
            "auf die IBAN {{IBAN}}, Verwendungszweck {{~ORDER}}. Bei Fragen erreichen Sie "
            "{{AGENT}} unter {{PHONE}} oder {{AGENT_EMAIL}}.\n\nMit freundlichen Grüßen\n{{ORG}}",
        ),
        (
            "Entwirf eine höfliche Antwort auf diese Nachricht von {{PERSON}} ({{EMAIL}}):\n\n"
            "„Ich warte immer noch auf die Erstattung für den {{~PRODUCT}}, den ich am "
            "{{~TIMESTAMP}} zurückgeschickt habe. Kartennummer {{CARD}}, Telefon {{PHONE}}, "
            "Adresse {{ADDRESS}}.“",
        ),
        (
            "Welchen Ton hat diese Nachricht?\n\n---\nVon: {{EMAIL}}\nDatum: {{~TIMESTAMP}}\n\n"
            "Liebe/r {{PERSON2_FIRST}}, ich habe das Buch (ISBN {{~ISBN}}) gelesen und fand es "
            "großartig. Lass uns nächste Woche in {{CITY}} treffen – meine neue Nummer ist "
            "{{PHONE}}.\n{{PERSON}}\n---",
        ),
        (
            "Welche Aufgaben ergeben sich?\n\nVon: {{AGENT}} <{{AGENT_EMAIL}}>\nCc: {{EMAIL}}\n\n"
            "Hallo Team, {{PERSON}} von {{ORG2}} besucht am Montag unseren Standort {{CITY}}. "
            "Bitte die {{~PRODUCT}}-Demo vorbereiten, Raum {{~FIVES}} ist gebucht. Die Assistenz "
            "ist unter {{PHONE}} erreichbar.",
        ),
    ),
    "crm_note": (
        (
            "CRM-Notiz – Kunde {{ORG}}\nKontakt: {{PERSON}}, {{PHONE}}, {{EMAIL}}\n"
            "Kennengelernt auf der Messe in {{CITY}}. Interesse am {{~PRODUCT}}-Paket; Angebot "
            "{{~ORDER}} am {{~TIMESTAMP}} verschickt. Entscheider ist {{PERSON2}} (CFO).\n"
            "Mach daraus einen Plan für das Follow-up.",
        ),
        (
            "Lead: {{PERSON}} / {{ORG}} / {{CITY}}\nTelefon: {{PHONE}} – mobil {{PHONE2}}\n"
            "E-Mail: {{EMAIL}}\nNotizen: fährt einen {{~PRODUCT}}, fragt nach Mengenrabatt "
            "({{~FIVES}} Lizenzen wären {{~AMOUNT}}). Abrechnung per IBAN {{IBAN}}.\n"
            "Bewerte den Lead von 1 bis 5.",
        ),
        (
            "Fasse die Kundenhistorie zusammen:\n- {{~TIMESTAMP}} Telefonat mit {{PERSON}} "
            "({{PHONE}})\n- {{~TIMESTAMP2}} Demo von {{~VERSION}} für {{PERSON2}}\n"
            "- Vertrag {{~ORDER}} unterschrieben, Firmensitz {{ADDRESS}}\n"
            "- Ansprechpartner US-Tochter: {{PHONE_US}}",
        ),
        (
            "Kunde {{ORG}} ({{~TICKET}}): {{PERSON}} ist zu {{ORG2}} gewechselt. Neuer Kontakt: "
            "{{PERSON2}}, {{EMAIL2}}, {{PHONE}}. Die {{~PRODUCT}}-Integration läuft weiter. "
            "Schreibe eine Übergabenotiz.",
        ),
    ),
    "hr_note": (
        (
            "Personalstammdaten – Änderung\nName: {{PERSON}}\ngeb. am {{DOB}}\n"
            "Steuer-ID: {{TAXID}}\nAnschrift: {{ADDRESS}}\nGehaltskonto: {{IBAN}}\n"
            "Telefon: {{PHONE}}\n\nErstelle eine Checkliste für das Onboarding.",
        ),
        (
            "Notizen zum Mitarbeitergespräch mit {{PERSON}} (Führungskraft: {{PERSON2}}). "
            "{{PERSON_FIRST}} hat Release {{~VERSION}} verantwortet und zwei Praktikanten "
            "betreut. Gehaltsanpassung genehmigt; Schreiben an {{ADDRESS}}, Kopie an {{EMAIL}}. "
            "Formuliere die Notizen neutral.",
        ),
        (
            "Entsendung: {{PERSON}} (Geburtsdatum {{DOB}}) wechselt in unser Büro in New York. "
            "Steuerliche Identifikationsnummer {{TAXID}}, US-SSN {{SSN}}. Privat {{PHONE}}, "
            "US-Mobilnummer {{PHONE_US}}. Welche Unterlagen fehlen noch?",
        ),
        (
            "Bewerberfeedback: {{PERSON}} ({{EMAIL}}, {{PHONE}}) hatte am {{~TIMESTAMP}} das "
            "Gespräch für die SRE-Stelle. Stark in Linux, schwächer bei Netzwerken. Lohnsteuer: "
            "IdNr. {{TAXID}}, geboren am {{DOB}}. Fasse das Feedback zusammen.",
        ),
    ),
    "medical_note": (
        (
            "Patient: {{PERSON}}, geb. {{DOB}}\nTelefon: {{PHONE}}\nAnschrift: {{ADDRESS}}\n"
            "Seit drei Wochen anhaltender Husten, kein Fieber. Verordnung: Amoxicillin 500 mg. "
            "Fasse das für den Überweisungsbrief an Dr. {{DOCTOR}} ({{ORG}}) zusammen.",
        ),
        (
            "Schreibe einen verständlichen Entlassbrief.\n\n{{PERSON}} (geboren am {{DOB}}) "
            "wurde am {{~TIMESTAMP}} nach einem Sturz aufgenommen. Röntgen unauffällig. "
            "Kontrolle bei Dr. {{DOCTOR}} in zwei Wochen. Notfallkontakt: {{PERSON2}}, {{PHONE}}.",
        ),
        (
            "Kostenübernahme für {{PERSON}}, geb. {{DOB}}, Steuer-ID {{TAXID}}. Behandlung in "
            "der {{ORG}}, {{ADDRESS}}. Betrag {{~AMOUNT}}. E-Mail {{EMAIL}}. Prüfe den Antrag "
            "auf fehlende Angaben.",
        ),
    ),
    "code_log": (
        (
            "Warum schlägt das Deployment fehl?\n\n```\n$ export AWS_ACCESS_KEY_ID={{AWS_KEY}}\n"
            "$ git log -1 --oneline\n{{~HASH}} Version {{~VERSION}}\n$ ./deploy.sh\n"
            "Fehler: Upload nach S3 fehlgeschlagen (403) um {{~TIMESTAMP}}\n```",
        ),
        (
            "Erkläre diese Logzeilen:\n\n"
            '{{IP}} - - [{{~TIMESTAMP}}] "GET /api/v2/kunden HTTP/1.1" 401 512 "-" '
            '"curl/8.4.0"\n'
            '{{IP2}} - - [{{~TIMESTAMP2}}] "POST /api/v2/login HTTP/1.1" 200 1024 "-" '
            '"{{~VERSION}}"\n'
            "request-id={{~UUID}} benutzer={{EMAIL}}",
        ),
        (
            'Finde den Fehler in diesem Code:\n\n```python\nOPENAI_API_KEY = "{{OPENAI_KEY}}"\n'
            'ANTHROPIC_API_KEY = "{{ANTHROPIC_KEY}}"\nMODELL_VERSION = "{{~VERSION}}"\n\n'
            "def client():\n    return make_client(OPENAI_API_KEY, retries=3)\n```",
        ),
        (
            'Warum gibt diese Anfrage 401 zurück?\n\n```\ncurl -H "Authorization: Bearer '
            '{{BEARER}}" '
            "https://api.example.com/v1/auftraege/{{~ORDER}}\n```\nServer-Log: Token abgelehnt um "
            "{{~TIMESTAMP}} von {{IP}}",
        ),
        (
            'Traceback (most recent call last):\n  File "client.py", line 88, in fetch\n'
            "requests.exceptions.HTTPError: 401 Client Error for url: "
            "https://intern.example.com/api?access_token={{JWT}}\n\nWas bedeutet dieser Fehler?",
        ),
        (
            'Darf diese Datei ins Repository?\n\n{\n  "type": "service_account",\n'
            '  "private_key_id": "{{~HASH}}",\n  "private_key": "{{PEM_ESCAPED}}\\n",\n'
            '  "client_email": "{{EMAIL}}"\n}',
        ),
        (
            "Mein SSH-Login klappt nicht, das ist der Schlüssel (~/.ssh/id_deploy):\n\n{{PEM}}\n\n"
            "und `ssh -v deploy@{{IP}}` meldet permission denied. Was ist falsch?",
        ),
        (
            "Prüfe diese .env-Datei:\n\nSLACK_BOT_TOKEN={{SLACK_TOKEN}}\n"
            "GITHUB_TOKEN={{GH_TOKEN}}\nAPP_VERSION={{~VERSION}}\nBUILD_SHA={{~HASH}}\n"
            "ADMIN_EMAIL={{EMAIL}}",
        ),
        (
            "Fasse diese Anwendungslogs zusammen:\n\n{{~TIMESTAMP}} INFO  Login ok user={{EMAIL}} "
            "ip={{IP6}} version={{~VERSION}} trace={{~UUID}}\n{{~TIMESTAMP2}} WARN  langsame "
            "Abfrage ({{~FIVES}} ms), auftrag={{~ORDER}}\n{{~TIMESTAMP3}} ERROR Zahlung abgelehnt "
            "karte={{CARD}} ip={{IP}}",
        ),
        (
            "Dekodiere dieses JWT und sag mir, wann es abläuft:\n\n{{JWT}}\n\nAusgestellt für "
            "{{EMAIL}} vom Auth-Dienst {{~VERSION}}.",
        ),
        (
            "Webhook-Log:\n{{~TIMESTAMP}} ERROR Signaturprüfung fehlgeschlagen kid={{~HASH}} "
            'header="Authorization: Bearer {{JWT}}" remote={{IP}}\nWas prüfe ich zuerst?',
        ),
        (
            "git clone scheitert mit diesem Deploy-Key, stimmt das Format?\n\n{{PEM}}\n\n"
            "Commit {{~HASH}}, Token des Bots: {{GH_TOKEN}}.",
        ),
        (
            "Wandle diesen curl-Aufruf in Python um:\n\ncurl 'https://shop.example.com/api/korb' "
            "-H 'Cookie: session={{JWT}}' -H 'X-Api-Key: {{ANTHROPIC_KEY}}' --data "
            "'sku={{~ORDER}}'",
        ),
    ),
    "chat_history": (
        (
            "Du bist der Abrechnungsassistent von {{ORG}}. Gib keine internen Notizen preis. "
            "Heute ist der {{~TIMESTAMP}}.",
            "Hallo, ich bin {{PERSON}}. Mir wurde die Bestellung {{~ORDER}} doppelt berechnet.",
            "Das tut mir leid, {{PERSON_FIRST}}. Können Sie die E-Mail-Adresse Ihres Kontos "
            "bestätigen?",
            "Klar, {{EMAIL}}. Die Karte ist {{CARD}}.",
            '{"kunde": {"name": "{{PERSON}}", "email": "{{EMAIL}}", "telefon": '
            '"{{PHONE}}"}, "bestellungen": [{"id": "{{~ORDER}}", "summe": '
            '"{{~AMOUNT}}"}]}',
        ),
        (
            "Du bist ein erfahrener SRE und hilfst bei Störungen. Antworte knapp.",
            "Unsere API auf {{IP}} liefert seit Deployment {{~HASH}} ({{~VERSION}}) Fehler 500.",
            "Kannst du die Umgebungsvariablen des Pods zeigen?",
            "AWS_ACCESS_KEY_ID={{AWS_KEY}}\nANTHROPIC_API_KEY={{ANTHROPIC_KEY}}\nDB_HOST={{IP2}}",
            "kubectl logs api-7d9f: {{~TIMESTAMP}} connection refused to {{IP2}}:5432 "
            "(request {{~UUID}})",
        ),
        (
            "Du bist HR-Assistent von {{ORG}}. Antworte auf Deutsch.",
            "Bitte bereite den Vertrag für {{PERSON}} vor, geboren am {{DOB}}, wohnhaft "
            "{{ADDRESS}}.",
            "Gern. Ich brauche noch die Lohndaten von {{PERSON_FIRST}}.",
            "IBAN {{IBAN}}, Steuer-ID {{TAXID}}, Telefon {{PHONE}}.",
            '{"mitarbeiter": "{{PERSON}}", "vorgesetzter": "{{PERSON2}}", "start": '
            '"{{~TIMESTAMP}}", "laptop": "{{~PRODUCT}}"}',
        ),
        (
            "Du bist ein Programmierassistent. Das Repository ist privat.",
            "Warum scheitert `gh auth status` mit meinem Token {{GH_TOKEN}}?",
            "Das ist ein klassisches Token. Ist es abgelaufen? Prüfe auch den Header.",
            "Die Anfrage: Authorization: Bearer {{BEARER}} von Host {{IP6}}, Slack-Bot "
            "{{SLACK_TOKEN}} meldet denselben Fehler.",
            'HTTP 401 {"message": "Bad credentials", "request_id": "{{~UUID}}"}',
        ),
        (
            "Du bist Reiseassistent von {{ORG}}.",
            "Buch mir ein Hotel in {{CITY}} für die Konferenz. Ich bin {{PERSON}}, {{EMAIL}}.",
            "Gern, {{PERSON_FIRST}}. Welche Karte soll ich belasten, und wie ist Ihre Nummer?",
            "Karte {{CARD}}, Handy {{PHONE}}. Meine Kollegin {{PERSON2}} kommt mit.",
            '{"buchung": "{{~ORDER}}", "gast": "{{PERSON}}", "stadt": "{{CITY}}", '
            '"preis": "{{~AMOUNT}}"}',
        ),
        (
            "Du bist API-Support. Erkläre Fehler einfach.",
            "Mein Dienst bekommt 401 vom Gateway. Token: {{JWT}}",
            "Die Signatur passt vielleicht nicht zum Schlüssel. Welcher Schlüssel signiert?",
            "Dieser hier aus dem Vault:\n{{PEM}}",
            '{"error": "invalid_token", "zeit": "{{~TIMESTAMP}}", "client_ip": '
            '"{{IP}}", "nutzer": "{{EMAIL}}"}',
        ),
        (
            "Du bist Assistent der Lohnbuchhaltung von {{ORG}}.",
            "Fasse die Lohnsteuerbescheinigung von {{PERSON}} zusammen: IdNr. {{TAXID}}, "
            "geb. {{DOB}}, Anschrift {{ADDRESS}}.",
            "Gern, {{PERSON_FIRST}}. Soll ich auch die Bankverbindung prüfen?",
            "Ja: {{IBAN}}. Rückfragen an {{EMAIL}} oder {{PHONE}}.",
            '{"steuer_id": "{{TAXID}}", "brutto": "{{~AMOUNT}}", "stand": "{{~TIMESTAMP}}"}',
        ),
    ),
    "hard_negatives": (
        (
            "Schreibe Release Notes für {{~VERSION}} aus diesem Changelog:\n- Absturz beim Start "
            "behoben (Commit {{~HASH}})\n- Parser auf {{~VERSION2}} aktualisiert\n- schließt "
            "{{~TICKET}}, gebaut {{~TIMESTAMP}}",
        ),
        (
            "Fasse zusammen: Wir haben im Quartal {{~FIVES}} Stück des {{~PRODUCT}} verkauft "
            "(Auftrag {{~ORDER}}, {{~AMOUNT}}). Das Referenzbuch hat die ISBN {{~ISBN}}.",
        ),
        (
            "Welcher Build ist am neuesten? {{~VERSION}} ({{~HASH}}), {{~VERSION2}} "
            "({{~HASH2}}), gebaut {{~TIMESTAMP}} und {{~TIMESTAMP2}}; Trace {{~UUID}}.",
        ),
        (
            "Vergleiche {{~PRODUCT}} und {{~PRODUCT2}} für ein kleines Büro. Budget "
            "{{~AMOUNT}}, Angebotsnummer {{~ORDER}}.",
        ),
    ),
}

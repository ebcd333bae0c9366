"""German frames (de_DE / de_AT / de_CH), written for this set.

``[[slot]]`` is a gold value, ``[[#slot]]`` a hard negative, ``|j`` JSON-escapes the value
inside a JSON string.  A frame restricted to locales says so with ``only=``.
Pools are split by position: even-numbered frames feed dev, odd-numbered feed test.
"""

from __future__ import annotations

from bench.fresh.frame import Frame, f

DE = ("de_DE",)
AT = ("de_AT",)
CH = ("de_CH",)
DACH = ("de_DE", "de_AT")

TICKET: list[Frame] = [
    f(
        "Betreff: Doppelte Abbuchung\n\nHallo zusammen,\nbei meiner Bestellung [[#order]] wurde "
        "der Betrag von [[#amount]] zweimal von meinem Konto abgebucht (IBAN [[iban]]). Bitte "
        "um Rückerstattung. Erreichbar bin ich unter [[phone]].\n\nViele Grüße\n[[person]]"
    ),
    f(
        "Ich komme seit dem Update auf [[#version]] nicht mehr in mein Konto. Angemeldet bin "
        "ich mit [[email]]. Die Fehlermeldung lautet [[#uuid]]. Rückruf gern unter der "
        "Nummer [[phone]]."
    ),
    f(
        "Servus, meine Kreditkarte ([[card]]) wurde bei euch abgelehnt, obwohl sie gedeckt ist. "
        "Bestellnr. [[#order]] vom [[#date]]. Bitte um kurze Rückmeldung an [[email]].",
        only=AT,
    ),
    f(
        "Grüezi\nIch habe die Rechnung [[#invoice]] über [[#amount]] bereits bezahlt. "
        "Überwiesen habe ich von [[iban]] aus. Bitte die Mahnung stornieren.\nFreundliche "
        "Grüsse, [[person]]",
        only=CH,
    ),
    f(
        "Paket nicht angekommen!! Sendungsnummer [[#tracking]], Lieferadresse [[address]]. "
        "Laut Tracking zugestellt, ist es aber nicht. Tel.:[[phone]]"
    ),
    f(
        "Bitte ändern Sie meine Bankverbindung. Neue IBAN:[[iban]] BIC:[[bic]]. Kontoinhaber "
        "bleibt [[person]]. Kundennummer [[#order]]."
    ),
    f(
        "Sehr geehrte Damen und Herren,\nin Ihrer Rechnung fehlt unsere "
        "Umsatzsteuer-Identifikationsnummer. Sie lautet [[vat]]. Bitte stellen Sie die "
        "Rechnung [[#invoice]] neu aus.\nMit freundlichen Grüßen\n[[org]]"
    ),
    f(
        "Die Verifizierung schlägt fehl. Personalausweisnummer eingegeben: [[perso]], "
        "Geburtsdatum [[dob]]. Vorgang [[#case]].",
        only=DE,
    ),
    f(
        "Hallo, unser Server [[ip4]] ist seit [[#iso]] nicht mehr erreichbar, die "
        "Ausweichadresse [[ip]] auch nicht. Ticket [[#ticket]] bitte priorisieren."
    ),
    f(
        "Mir wurde eine Mail an [[email]] geschickt, die ich nie angefordert habe. Ist mein "
        "Konto gehackt? Zuletzt eingeloggt von [[ip]] laut Verlauf."
    ),
    f(
        "Die Abbuchung von [[#amount]] ist nicht von mir. Karte endet auf … eigentlich hier "
        "die ganze Nummer: [[card]]. Bitte sperren! Mein Handy: [[phone]]"
    ),
    f(
        "Reklamation zu Auftrag [[#order]]: falsche Ware geliefert an [[address]]. Ansprech"
        "partnerin ist [[person]], erreichbar per Mail ([[email]])."
    ),
    f(
        "Guten Tag, beim Anlegen des Kontos verlangt Ihr Formular meine Sozialversicherungs"
        "nummer. Meine lautet [[svnr]], wird aber als ungültig markiert.",
        only=AT,
    ),
    f(
        "Die App stürzt beim Hochladen ab (Build [[#commit]]). Log-ID [[#uuid]]. Bitte meldet "
        "euch bei [[person]], [[phone]]."
    ),
    f(
        "Die Telefonnummern der beiden Kollegen, die wie in Ihrer Mail vom Dienstag "
        "besprochen die Geräte abholen und dafür eine Zufahrtsberechtigung für den Hof "
        "brauchen: [[phone]] und [[phone]]."
    ),
    f(
        "[[iban]] – auf dieses Konto bitte die Gutschrift, nicht auf das hinterlegte. "
        "Rechnung [[#invoice]]."
    ),
    f(
        "Meine Bank hat die Überweisung zurückgeschickt, die angegebene IBAN [[#iban_bad]] "
        "sei fehlerhaft. Unsere richtige ist [[iban]], Vorgang [[#case]]."
    ),
    f(
        "Ihr Formular lehnt meine Kreditkartennummer ab, dabei habe ich sie direkt von der "
        "Karte abgeschrieben: [[card]]. Der Gutscheincode [[#luhn_bad]] ging dagegen."
    ),
    f(
        "Hallo, hier [[person]] von [[org]]. Wir möchten eure Mailserver freischalten – von "
        "welchen IPs versendet ihr? Bisher sehen wir [[ip4]] und [[ip6]]."
    ),
    f(
        "Bitte Abo [[#order]] kündigen. Bestätigung an:\n  [[email]]\n(nicht an die "
        "Rechnungsadresse [[email]])."
    ),
    f(
        'Fehler: der Export enthält Geburtstage. Beispielzeile: "[[person]]";"[[dob]]";'
        '"[[email]]". Release [[#version]], Commit [[#commit]].'
    ),
    f(
        "Mein Reisepass ([[passport]]) wird bei der Identitätsprüfung nicht erkannt. "
        "Fehlercode [[#uuid]], geboren bin ich am [[dob]]."
    ),
    f(
        "Nach dem Login kommt nur ein weißer Bildschirm. In der Adresszeile steht "
        "?token=[[jwt]] – hilft euch das? Prüfsumme der Datei: [[#hash]]"
    ),
    f(
        "Die Rücksendung an PLZ [[#postcode]] kam nie an. Alte Kundennummer [[#near_miss]], "
        "neue Anmeldung mit [[email]]. Zeitstempel [[#epoch_ms]]."
    ),
    f(
        "Ich möchte meine Identität nachweisen. Meine Versicherungsnummer: [[svnr]], "
        "Geburtsdatum [[dob]], alte Handynummer [[phone]].",
        only=AT,
    ),
    f(
        "Zwei Anliegen: (1) Meine Steuer-ID ([[steuerid]]) steht unmaskiert im PDF; (2) die "
        "hinterlegte Karte [[card]] ist abgelaufen, bitte durch [[card]] ersetzen.",
        only=DE,
    ),
]

HR: list[Frame] = [
    f(
        "Hallo [[person]],\n\nfür die Gehaltsabrechnung benötigen wir noch deine "
        "Steuer-ID und deine Rentenversicherungsnummer. Bisher liegt uns vor: "
        "[[steuerid]] / [[rvnr]]. Eintrittsdatum ist der [[#date]].\n\nViele Grüße\nPersonal",
        only=DE,
    ),
    f(
        "Personalstammblatt\nName: [[person]]\nGeburtsdatum: [[dob]]\nAnschrift: [[address]]\n"
        "IBAN: [[iban]]\nSteueridentifikationsnummer: [[steuerid]]\nPersonalnummer: "
        "[[#ticket]]",
        only=DE,
    ),
    f(
        "Liebe Kolleginnen und Kollegen, ab [[#date]] verstärkt [[person]] unser Team in "
        "[[city]]. Bei Fragen erreicht ihr sie unter [[email]]."
    ),
    f(
        "Krankmeldung: [[person]] ist bis einschließlich [[#date]] krankgeschrieben. "
        "Private Handynummer für Notfälle: [[phone]]."
    ),
    f(
        "Für die Anmeldung bei der ÖGK brauchen wir die SV-Nummer von [[person]] "
        "([[svnr]]), geboren am [[dob]].",
        only=AT,
    ),
    f(
        "Neueintritt [[person]], geb. [[dob]], AHV-Nr. [[ahv]], Lohn auf [[iban]]. Start "
        "am [[#date]], Pensum 80%.",
        only=CH,
    ),
    f(
        "Bewerbung als Buchhalterin\n\nSehr geehrte Frau [[person]],\nanbei meine "
        "Unterlagen. Sie erreichen mich telefonisch unter [[phone]] oder per E-Mail: "
        "[[email]].\n\nMit freundlichen Grüßen\n[[person]]\n[[address_lines]]"
    ),
    f(
        "Gehaltsänderungen zum [[#date]]:\nMitarbeiter;Konto;Betrag\n[[person]];[[iban]];"
        "[[#amount]]\n[[person]];[[iban]];[[#amount]]"
    ),
    f(
        "Hi, die neue Kollegin hat ihre Steuernummer versehentlich in den Teams-Kanal gepostet "
        "([[steuerid]]). Bitte löschen. Danke, [[person]]",
        only=DE,
    ),
    f(
        "Reisekostenabrechnung [[#invoice]] von [[person]]: Hotel [[#amount]], Flug nach "
        "[[city]]. Erstattung bitte auf das bekannte Konto [[iban]]."
    ),
    f(
        "Austrittsmeldung [[person]]\nLetzter Arbeitstag: [[#date]]\nNeue Anschrift: "
        "[[address]]\nprivate Mailadresse: [[email]]\nReisepassnummer für die Bescheinigung: "
        "[[passport]]"
    ),
    f(
        "Elternzeit-Antrag von [[person]] liegt vor. Rückfragen bitte direkt an sie: "
        "[[phone]]. Aktenzeichen [[#case]]."
    ),
    f(
        "Für die Visaunterlagen brauche ich die Passnummern: [[person]] – [[passport]], "
        "[[person]] – [[passport]]. Frist ist der [[#date]]."
    ),
    f(
        "[[steuerid]] ist meine Steuer-Identifikationsnummer, auf der Abrechnung steht eine "
        "falsche. Personalnummer [[#ticket]], [[person]]",
        only=DE,
    ),
    f(
        "Sozialversicherungsausweis von [[person]] liegt vor, die Nummer ([[rvnr]]) ist "
        "im System erfasst. Geburtsdatum laut Ausweis: [[dob]].",
        only=DE,
    ),
    f(
        "Grüezi [[person]]\n\nBitte senden Sie uns für die Pensionskasse Ihre AHV-Nummer und "
        "Ihr Geburtsdatum. Wir haben aktuell [[ahv]] erfasst.\n\nFreundliche Grüsse\nHR",
        only=CH,
    ),
    f(
        "Spesenabrechnung [[#invoice]] abgelehnt: auf dem Beleg steht die Karte [[card]], "
        "das ist keine Firmenkarte. Bitte bis [[#date]] neu einreichen."
    ),
    f(
        "Arbeitsvertrag an [[person]], [[address]] verschickt. Gehalt [[#amount]]; "
        "Antrittsprämie nach der Probezeit auf [[iban]] (BIC [[bic]])."
    ),
    f(
        "Zugang zum Personalportal für [[person]] eingerichtet; das Einmal-Token lautet "
        "[[jwt]] und läuft morgen ab. Bitte nicht weiterleiten."
    ),
    f(
        "Umzug von [[person]] nach PLZ [[#postcode]] gemeldet. Alte Personalnummer "
        "[[#near_miss]] bitte im System ersetzen, neue Adresse: [[address]]."
    ),
    f(
        "Revision: In der Tabelle 'ma_daten.xlsx' stehen [[person]] mit [[ahv]] und [[person]] "
        "mit [[ahv]] im Klartext. Bitte bis [[#date]] ins HR-Laufwerk verschieben.",
        only=CH,
    ),
    f(
        "Dienstreise-Unterlagen für [[person]]: Reisepass [[passport]], Steuer-ID "
        "[[steuerid]] für die Entsendebescheinigung, Abflug am [[#date]].",
        only=DE,
    ),
]

CRM: list[Frame] = [
    f(
        "Telefonat mit [[person]] ([[org]]): Interesse an 25 Lizenzen, Angebot bis [[#date]]. "
        "Durchwahl [[phone]], Kopie immer an [[email]]."
    ),
    f(
        "Kunde [[org]] ist umgezogen, neue Adresse: [[address]]. Offene Bestellung [[#order]] "
        "umleiten."
    ),
    f(
        "Messekontakt: [[person]], Einkauf bei [[org]] in [[city]]. Will Unterlagen per Mail "
        "an [[email]]. Budget ca. [[#amount]]."
    ),
    f(
        "Stammdaten [[org]]\nUSt-IdNr.: [[vat]]\nBank: [[iban]] / [[bic]]\nAnsprechpartner: "
        "[[person]]\nZahlungsziel 30 Tage, letzte Rechnung [[#invoice]]"
    ),
    f(
        "2x nicht erreicht, Mobilnummer [[phone]] geht direkt auf die Mailbox. Nächster "
        "Versuch über die Zentrale oder schriftlich an [[email]]."
    ),
    f(
        "Gesprächsnotiz vom [[#date]]: [[person]] hat zu [[org]] gewechselt, neue "
        "Mailadresse [[email]]. Deal [[#case]] pausiert."
    ),
    f(
        "Die IT von [[org]] betreibt das System aktuell auf eigenen Servern ([[ip4]]). "
        "Ansprechpartner technisch: [[person]], [[phone]]."
    ),
    f(
        "Kontakte aus der Tabelle übernommen:\nName,E-Mail,Telefon\n[[person]],[[email]],"
        "[[phone]]\n[[person]],[[email]],[[phone]]"
    ),
    f(
        "Kunde möchte per Lastschrift zahlen. Mandat erteilt, Konto [[iban]] (Inhaber "
        "[[person]]). Mandatsreferenz [[#invoice]].",
        only=DACH,
    ),
    f(
        "Besuch bei [[org]] in [[city]] – Empfang: [[address]]. Parkgebühr [[#amount]] "
        "eingereicht. Nächster Termin [[#date]]."
    ),
    f(
        "Rückrufbitte von [[person]]: [[phone]] (ab 14 Uhr). Es geht um die Verlängerung, "
        "Vertragsnummer [[#order]]."
    ),
    f(
        "Die MWST-Nummer von [[org]] ist [[vat]]; bitte im ERP hinterlegen. Kontakt "
        "Buchhaltung: [[email]].",
        only=CH,
    ),
    f(
        "Deren Buchhaltung lehnt unsere Rechnungen ständig ab; sie wollen Bestellnummer und "
        "ihre eigene Umsatzsteuer-ID auf jeder Rechnung, die nach langem Hin und Her mit "
        "[[person]] nun feststeht: [[vat]]."
    ),
    f(
        "[[email]] kommt zurück. Im Telefonat genannte Alternative: [[email]]. Festnetz "
        "[[phone]] (nach Buchhaltung fragen)."
    ),
    f(
        "Alte Kundennummer [[#near_miss]] (Altsystem) entspricht Konto [[#order]]. "
        "Ansprechpartnerin [[person]], [[phone]]."
    ),
    f(
        "Angebot über [[#amount]] raus. [[person]] zahlt per Karte, hat die Nummer am Telefon "
        "durchgegeben: [[card]]. Im Terminal erfasst, nicht gespeichert."
    ),
    f(
        "Partnerportal für [[org]]: Admin [[email]], zweiter Admin [[email]], Support-PIN "
        "[[#case]]."
    ),
    f(
        "Leadquelle Webinar [[#date]]. Name: [[person]], Firma: [[org]], Sitz [[city]]. "
        "Möchte SSO und Datenhaltung in der EU.",
        only=AT,
    ),
    f(
        "Integration bei [[org]] getestet, deren Service-Token: [[jwt]]. Prüfsumme der "
        "Schnittstellenbeschreibung [[#hash]]."
    ),
    f(
        "Aus dem Altsystem übernommen: Konto [[#near_miss]] → [[org]], Kontakt [[person]] "
        "<[[email]]>, letzte Bestellung [[#order]], angelegt [[#epoch_ms]]."
    ),
    f(
        "Zahlungsweg [[org]]: Überweisung an BIC [[bic]], IBAN [[iban]]; Kontakt "
        "[[person]], [[phone]]."
    ),
    f(
        "Abrechnung für [[org]] eingerichtet: UID [[vat]], Firmenkarte [[card]] "
        "(Ersatzkarte [[card]]), Rechnungen an [[email]]."
    ),
]

LOG: list[Frame] = [
    f(
        "[[#iso]] INFO  login ok benutzer=[[email]] quelle=[[ip]] sitzung=[[#uuid]]\n"
        "[[#iso]] WARN  login fehlgeschlagen benutzer=[[email]] quelle=[[ip]] versuche=5"
    ),
    f(
        '{"zeit": "[[#iso]]", "stufe": "ERROR", "nachricht": "Zahlung abgelehnt", "iban": '
        '"[[iban]]", "kunde": "[[person|j]]", "betrag_cent": 4599, "ts": [[#epoch]]}'
    ),
    f(
        '[[ip4]] - - [03/Feb/2025:08:01:44 +0100] "GET /konto/[[#order]] HTTP/2" 200 812\n'
        '[[ip6]] - - [03/Feb/2025:08:01:45 +0100] "POST /api/login HTTP/2" 401 64'
    ),
    f(
        "2025-02-03 08:02:10.551 FEHLER [zahlungsdienst] Karte [[card]] abgelehnt "
        "(Code 05), Auftrag [[#order]], Kunde [[email]]"
    ),
    f(
        "Feb  3 08:03:01 mx2 postfix/smtpd[4102]: connect from unknown[[[ip4]]]\nFeb  3 "
        "08:03:02 mx2 postfix/smtpd[4102]: NOQUEUE: reject: RCPT from unknown[[[ip4]]]: "
        "to=<[[email]]>"
    ),
    f(
        "DEBUG HTTP-Anfrage: Authorization: Bearer [[jwt]] | Ziel https://api.intern/v2 | "
        "Dauer 412 ms"
    ),
    f(
        'time="[[#iso]]" level=warning msg="SMS-Versand fehlgeschlagen" empfaenger='
        '"[[phone]]" anbieter=twilio versuch=2'
    ),
    f(
        "Konfiguration geladen: SENDGRID_API_KEY=[[key_sendgrid]] MAIL_FROM=[[email]] "
        "VERSION=[[#version]]"
    ),
    f(
        "export.csv geschrieben ([[#epoch_ms]]):\nid;name;geburtsdatum;telefon\n[[#ticket]];"
        "[[person]];[[dob]];[[phone]]"
    ),
    f(
        "WARNUNG: Im Commit [[#commit]] wurde ein Zugangsschlüssel gefunden: [[key]] "
        "(Datei deploy/settings.py, Zeile 14)"
    ),
    f(
        "<13>Feb  3 09:10:00 fw01 kernel: DROP IN=eth0 SRC=[[ip4]] DST=[[ip4]] PROTO=TCP "
        "DPT=[[#port]]"
    ),
    f(
        "E0203 09:12:44.002113 7 upstream.go:311] Verbindung zu [[ip6]] abgebrochen; "
        "Token [[key_gitlab]] abgelaufen?"
    ),
    f(
        "Audit | [[#iso]] | Kundendaten exportiert | von [[email]] | IP [[ip]] | Datei "
        "kunden_[[#epoch]].xlsx"
    ),
    f(
        "stripe.error.AuthenticationError: Ungültiger API-Schlüssel: '[[key_stripe]]' "
        "(Anfrage req_[[#hash]])"
    ),
    f("quelle,ziel,port,bytes\n[[ip4]],[[ip4]],[[#port]],18233\n[[ip6]],[[ip]],443,912\n"),
    f(
        "Feb  3 11:02:17 app-2 zahlung[881]: Prüfung fehlgeschlagen für Karte [[#luhn_bad]] "
        "(Luhn), neuer Versuch mit hinterlegter Karte [[card]] für [[email]]"
    ),
    f("2025-02-03T11:05:00Z Webhook POST [[key_slack_webhook]] -> 404 (Nachricht [[#uuid]])"),
    f(
        '[worker] Auftrag übernommen {"an": "[[phone]]", "name": "[[person]]", '
        '"sprache": "de", "ts": [[#epoch]]}'
    ),
    f(
        "INFO  ausweis.pruefung nummer=[[perso]] geburtsdatum=[[dob]] ergebnis=ok "
        "anfrage=[[#uuid]]",
        only=DE,
    ),
    f(
        "DEBUG auth: client_secret=[[key_github]] für Repository [[#git_remote]] "
        "(Revision [[#commit]])"
    ),
    f(
        "2025-02-03 12:00:03 INFO  gateway: Sitzung erneuert benutzer=[[email]] "
        "access_token=[[jwt]] sha=[[#hash]]"
    ),
    f(
        "ts=[[#epoch_ms]] ereignis=import.zeile status=übersprungen grund=pruefziffer "
        "ref=[[#near_miss]] besitzer=[[email]]"
    ),
]

CONFIG: list[Frame] = [
    f(
        "# .env (Produktion)\nDB_HOST=[[ip4]]\nDB_PORT=[[#port]]\nSTRIPE_KEY=[[key_stripe]]\n"
        "SUPPORT_MAIL=[[email]]\nSUPPORT_TEL=[[phone]]"
    ),
    f(
        'benachrichtigung:\n  slack_webhook: "[[key_slack_webhook]]"\n  empfaenger:\n'
        "    - [[email]]\n    - [[email]]\n  bereitschaft: '[[phone]]'\nversion: [[#version]]"
    ),
    f(
        '{\n  "firma": "[[org|j]]",\n  "ust_id": "[[vat]]",\n  "bankverbindung": {"iban": '
        '"[[iban]]", "bic": "[[bic]]"},\n  "kontakt": "[[email]]",\n  "kundennr": '
        '"[[#order]]"\n}'
    ),
    f(
        "[server]\nadresse = [[ip4]]\nport = [[#port]]\n\n[zugang]\naws_access_key_id = "
        "[[key_aws_id]]\naws_secret_access_key = [[key_aws_secret]]"
    ),
    f(
        "smtp:\n  host: [[ip]]\n  benutzer: [[email]]\n  passwort_datei: /run/secrets/smtp\n"
        "repo: [[#git_remote]]\nrevision: [[#commit]]"
    ),
    f(
        "GITHUB_TOKEN=[[key_github]]\nNPM_TOKEN=[[key_npm]]\nMAPS_API_KEY=[[key_google]]\n"
        "TIMEOUT=30\nBUILD_ID=[[#uuid]]"
    ),
    f(
        "ssl:\n  zertifikat: /etc/ssl/dienst.crt\n  schluessel: |\n[[pem]]\nlauscht_auf: "
        "[[ip4]]:[[#port]]"
    ),
    f(
        '{"dienst": "abrechnung", "token": "[[jwt]]", "upstream": "[[ip6]]", "release": '
        '"[[#version]]"}'
    ),
    f(
        "[kontakt]\nbuchhaltung = [[email]]\ntelefon = [[phone]]\n\n[auszahlung]\niban = "
        "[[iban]]\nreferenz = [[#invoice]]"
    ),
    f(
        "knoten:\n  - name: db-1\n    ip: [[ip4]]\n  - name: db-2\n    ip: [[ip]]\n"
        "  - name: backup\n    ip: [[ip6]]\nspiegel: [[#git_remote]]"
    ),
    f(
        "SLACK_TOKEN=[[key_slack]]\nGITLAB_TOKEN=[[key_gitlab]]\nGITHUB_PAT=[[key_github_fine]]\n"
        "LETZTE_ROTATION=[[#date]]"
    ),
    f(
        '{"typ": "service_account", "schluessel_id": "[[#hash]]", "privater_schluessel": '
        '"[[pem|j]]", "konto": "[[email]]"}'
    ),
    f(
        "# mail.env\nexport SENDGRID_API_KEY='[[key_sendgrid]]'\nexport ANTWORT_AN="
        "'[[email]]'\n# ISBN des Handbuchs: [[#isbn]]"
    ),
    f(
        'anbieter = [\n  {"name": "stripe", "geheim": "[[key_stripe]]"},\n  {"name": "aws", '
        '"id": "[[key_aws_id]]", "geheim": "[[key_aws_secret]]"}\n]'
    ),
    f(
        '[remote "origin"]\n\turl = [[#git_remote]]\n[user]\n\temail = [[email]]\n'
        "\tname = [[person]]"
    ),
    f(
        'alarmierung:\n  sms_rueckfall:\n    - "[[phone]]"\n    - "[[phone]]"\n'
        "  eskalation_nach_s: 300\ncanary: [[ip6]]"
    ),
    f(
        "TESTKARTE=[[#luhn_bad]]\nABRECHNUNG_IBAN=[[iban]]\nABRECHNUNG_BIC=[[bic]]\n"
        "RECHNUNGSPRAEFIX=RE-"
    ),
    f("deploy:\n  schluessel: |\n[[pem]]\n  ziel: [[ip4]]\n  rev: [[#commit]]"),
    f(
        'auth:\n  aussteller: https://login.example.de\n  dienst_token: "[[jwt]]"\n'
        "  zielgruppe: abrechnung\ndatei_hash: [[#hash]]"
    ),
    f(
        'versand:\n  absender_plz: "[[#postcode]]"\n  api_key: [[key]]\n  '
        "zeitstempel: [[#epoch_ms]]"
    ),
]

CHAT: list[Frame] = [
    f(
        "kannst du mir helfen, die Überweisung an meinen Vermieter zu formulieren?",
        "Gern. An wen und welches Konto?",
        "an [[person]], IBAN [[iban]], Betrag [[#amount]]",
    ),
    f(
        "Ich hab mein Passwort vergessen und komme nicht mehr an die alte Mail ran",
        "Kein Problem. Mit welcher Adresse hast du dich registriert?",
        "das war [[email]]. SMS bitte an [[phone]]",
    ),
    f(
        "Fass mir diese Mail zusammen: 'Hallo, bitte rufen Sie [[person]] unter [[phone]] "
        "zurück, es geht um Vertrag [[#order]].'",
        "Zusammenfassung: Rückruf bei [[person]] wegen eines Vertrags erbeten.",
    ),
    f(
        "schreib mir ein curl-Beispiel mit dem Schlüssel [[key]]",
        "Hier ein Beispiel. Bitte keine echten Schlüssel in den Chat kopieren.",
        "ok, der Testserver ist übrigens [[ip4]]",
    ),
    f(
        "Wie ist eine Steuer-ID aufgebaut? Meine ist [[steuerid]]",
        "Sie hat elf Ziffern, die letzte ist eine Prüfziffer.",
        "und die Rentenversicherungsnummer [[rvnr]]?",
        only=DE,
    ),
    f(
        "übersetze ins Englische: 'Sehr geehrter Herr [[person]], Ihr Termin am [[#date]] "
        "ist bestätigt. Rückfragen an [[email]].'",
        "Dear Mr [[person]], your appointment on [[#date]] is confirmed.",
    ),
    f(
        "Was steht in diesem Token? [[jwt]]",
        "Ein JWT (HS256) mit den Feldern sub, iat und exp.",
        "und wann läuft [[#epoch]] ab?",
    ),
    f(
        "Mach daraus eine Tabelle: [[person]] [[email]] [[phone]]; [[person]] [[email]] [[phone]]",
        "| Name | E-Mail | Telefon |\n|---|---|---|\n| [[person]] | [[email]] | [[phone]] |",
    ),
    f(
        "unser Server [[ip]] verliert ständig Verbindungen auf Port [[#port]]",
        "Prüfe die Keepalive-Einstellungen am Load Balancer.",
        "der LB hat die [[ip6]], Version [[#version]]",
    ),
    f(
        "Meine Versicherungsnummer ist [[svnr]], stimmt die so?",
        "Sie hat zehn Ziffern; die vierte ist eine Prüfziffer.",
        "danke, und die Kassa-Nummer vom Vorgang ist [[#case]]",
        only=AT,
    ),
    f(
        "Ich soll meine AHV-Nummer angeben: [[ahv]] – ist das sicher?",
        "Gib sie nur in vertrauenswürdigen Formularen ein.",
        "ok, Rechnung [[#invoice]] ist dann erledigt",
        only=CH,
    ),
    f(
        "ist das ein gültiger privater Schlüssel?\n[[pem]]",
        "Bitte sofort austauschen – alles, was hier gepostet wird, gilt als kompromittiert.",
    ),
    f(
        "ist diese IBAN gültig: [[#iban_bad]]",
        "Die Prüfziffer stimmt nicht, es ist also keine gültige IBAN. Vielleicht ein Tippfehler?",
        "stimmt, es ist [[iban]]. danke",
    ),
    f(
        "Antwortentwurf an [[person]]: Termin verschiebt sich auf den [[#date]], Einwahl [[phone]]",
        "Hallo [[person]], der Termin verschiebt sich auf den [[#date]]. Einwahl: [[phone]].",
    ),
    f(
        "warum sagt git permission denied bei [[#git_remote]]",
        "Vermutlich ist dein SSH-Schlüssel nicht hinterlegt. Welchen nutzt du?",
        "den hier\n[[pem]]",
    ),
    f(
        "mach eine CSV: [[person]] geboren [[dob]]; [[person]] geboren [[dob]]",
        "name;geburtsdatum\n[[person]];[[dob]]\n[[person]];[[dob]]",
    ),
    f(
        "liegt [[ip4]] im selben Netz wie [[ip4]]?",
        "Nur wenn beide im selben Präfix liegen – welche Maske?",
        "/24, Gateway ist [[ip4]]",
    ),
    f(
        "Ich habe einen Brief bekommen, der meine Personalausweisnummer [[perso]] und meine "
        "Bankdaten will. Betrug?",
        "Möglicherweise. Behörden fragen so etwas nicht per Brief ab.",
        only=DE,
    ),
    f(
        "welche davon ist die Kundennummer? [[#near_miss]] oder [[#order]]",
        "Die zweite passt zu eurem Bestellnummernformat.",
    ),
    f(
        "das Frontend schickt diesen Header und bekommt 401: Authorization: Bearer [[jwt]]",
        "Vermutlich ist der exp-Claim abgelaufen. Prüf die Serverzeit.",
        "Serverzeit ist [[#iso]]",
    ),
]

FORM: list[Frame] = [
    f(
        "--\n[[person]]\nLeitung Einkauf | [[org]]\n[[address_lines]]\nTel. [[phone]]\n"
        "E-Mail: [[email]]"
    ),
    f(
        "ANMELDUNG\nVorname, Name: [[person]]\nGeburtsdatum: [[dob]]\nStraße, PLZ, Ort: "
        "[[address]]\nTelefon: [[phone]]\nE-Mail: [[email]]"
    ),
    f(
        "Mit freundlichen Grüßen\n\n[[person]]\n[[org]]\nFon [[phone]] · Fax [[phone]]\n"
        "USt-IdNr. [[vat]] · Amtsgericht HRB [[#case]]",
        only=DE,
    ),
    f(
        "SEPA-Lastschriftmandat\nKontoinhaber: [[person]]\nIBAN: [[iban]]\nBIC: [[bic]]\n"
        "Mandatsreferenz: [[#invoice]]\nDatum: [[#date]]"
    ),
    f("Liebe Grüße\n[[person]]\n[[phone]]"),
    f(
        "Meldezettel (Auszug)\nFamilienname, Vorname: [[person]]\nGeburtsdatum: [[dob]]\n"
        "Reisepass Nr.: [[passport]]\nSozialversicherungsnummer: [[svnr]]",
        only=AT,
    ),
    f(
        "Freundliche Grüsse\n\n[[person]]\n[[org]]\n[[address]]\nTelefon [[phone]]\n"
        "MWST-Nr. [[vat]]",
        only=CH,
    ),
    f(
        "Besucherliste [[#date]]: [[person]] (Ausweis [[perso]]), Gastgeber [[person]], "
        "Ausweis-Nr. zurückgegeben",
        only=DE,
    ),
    f(
        "Zahlungsdaten\nKarteninhaber: [[person]]\nKartennummer: [[card]]\nPLZ: "
        "[[#postcode]]\nBetrag: [[#amount]]"
    ),
    f("Gruß aus [[city]]\n[[person]] · Mobil [[phone]] · [[email]]\nUnser Buch: ISBN [[#isbn]]"),
    f(
        "Notfallkontakte\nPatient: [[person]]   Geb.-Datum: [[dob]]\nKontakt 1: [[person]] – "
        "[[phone]]\nKontakt 2: [[person]] – [[phone]]"
    ),
    f("[[person]]\n[[email]] | [[phone]]\n[[org]]"),
    f(
        "Lieferantenstammdaten\nFirma: [[org]]\nUSt-IdNr.: [[vat]]\nBankverbindung: "
        "[[iban]]\nE-Mail: [[email]]\nHandelsregister: [[#case]]"
    ),
    f("Beste Grüße\n\n[[person]]\nM [[phone]]\nE [[email]]\nPGP-Fingerabdruck: [[#hash]]"),
    f(
        "Kontaktformular\nName: [[person]]\nE-Mail: [[email]]\nTelefon: [[phone]]\n"
        "Nachricht: Bitte um Rückruf wegen Vertrag [[#order]]"
    ),
    f(
        "Lieferschein\nEmpfänger: [[person]]\n[[address_lines]]\nPLZ-Zone: [[#postcode]]\n"
        "Sendung: [[#tracking]]"
    ),
    f(
        "Identitätsprüfung\nName: [[person]]\nGeboren: [[dob]]\nAusweisnummer: [[perso]]\n"
        "Wohnanschrift: [[address]]",
        only=DE,
    ),
    f(
        "Bestellformular\nRechnung an: [[org]], USt-IdNr. [[vat]]\nKarte: [[card]]\n"
        "Gültig bis: 08/29\nReisepass des Bestellers: [[passport]]"
    ),
]

SENTENCE: list[Frame] = [
    f("Mein Name ist [[person]] und meine E-Mail-Adresse lautet [[email]]."),
    f("Bitte rufen Sie [[person]] morgen unter [[phone]] an."),
    f("[[person]] wohnt in der [[address]]."),
    f("Die Karte [[card]] wurde an der Kasse abgelehnt."),
    f("Schicken Sie die Rechnung an [[email]], nicht an mich."),
    f("[[phone]] ist die einzige Nummer, unter der ich abends erreichbar bin."),
    f("Meine Steuer-ID lautet [[steuerid]].", only=DE),
    f("Ich bin am [[dob]] in [[city]] geboren."),
    f("Überweisen Sie das Geld bitte auf [[iban]]."),
    f("Der Zugriff von [[ip]] wurde von der Firewall blockiert."),
    f("[[person]] arbeitet bei [[org]] in [[city]]."),
    f("Schreiben Sie an [[email]] oder [[email]]."),
    f("Die Reisepassnummer lautet [[passport]]."),
    f("Meine Versicherungsnummer [[svnr]] steht auf der e-card.", only=AT),
    f("Die Bestellung [[#order]] ging am [[#date]] an [[address]]."),
    f("Nimm den Schlüssel [[key]] nur für die Testumgebung."),
    f("Wir haben [[#amount]] von der Karte [[card]] abgebucht; Beleg [[#invoice]]."),
    f("Meine AHV-Nummer ist [[ahv]].", only=CH),
    f("Kontakt: [[person]] ([[phone]])"),
    f("Die USt-IdNr. [[vat]] gehört zu [[org]]."),
    f("Ist [[ip6]] eine öffentliche Adresse?"),
    f("Version [[#version]] behebt den Absturz, den [[person]] gemeldet hat."),
    f("„[[email]]“ kommt als unzustellbar zurück – versuch es mit »[[email]]«."),
    f("BIC [[bic]], Konto [[iban]]."),
    f("Geb. am [[dob]], PLZ [[#postcode]], Vorgang [[#case]]."),
    f("Rentenversicherungsnummer: [[rvnr]] (bitte prüfen)", only=DE),
    f("Ruf mich an: [[phone]]."),
    f("Die Ausweisnummer [[perso]] ist abgelaufen.", only=DE),
    f("[[email]] ist die Adresse für meine Rechnungen."),
    f("Die Sendungsnummer [[#tracking]] zeigt, dass das Paket das Lager verlassen hat."),
    f("Du erreichst [[person]] unter [[phone]] oder per Mail an [[email]]."),
    f("Diese IBAN, [[#iban_bad]], enthält einen Tippfehler."),
    f("Der API-Token ([[key]]) wurde heute Morgen widerrufen."),
    f("Meine Kartennummer ist [[card]], gültig bis 11/27."),
    f("Das Buch mit der ISBN [[#isbn]] kostet [[#amount]]."),
    f("Geboren am [[dob]]."),
    f("Der Server [[ip4]] antwortet auf Port [[#port]]."),
    f("Unter [[phone]] erreichen Sie unsere Hotline, Kundennummer [[#order]] bereithalten."),
    f("Er hat den ganzen Schlüssel ins Ticket kopiert:\n[[pem]]"),
    f("Hier mein Zugangstoken: [[jwt]]."),
    f("Buchen Sie die restlichen [[#amount]] von [[card]] ab."),
    f("Unsere Umsatzsteuer-ID: [[vat]]."),
    f("Die BIC der Bank ist [[bic]]."),
    f("Reisepass-Nr. [[passport]], ausgestellt in [[city]]."),
]

POOLS: dict[str, list[Frame]] = {
    "support_ticket": TICKET,
    "hr_mail": HR,
    "crm_note": CRM,
    "app_log": LOG,
    "config_file": CONFIG,
    "chat": CHAT,
    "form_signature": FORM,
    "sentence": SENTENCE,
}

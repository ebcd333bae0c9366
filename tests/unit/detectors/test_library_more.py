"""Rows for the wider library: phone extensions and bare numbers, every card scheme,
credentials, birth dates, ITINs, identity documents, VAT ids (EU, UK, Swiss),
social-insurance numbers (DE, AT, UK), BICs, postal addresses,
obfuscated e-mail addresses; and the rule that a reply is masked exactly where a prompt
would be (egress output patterns as strict as the ingress detector).

Each entity has positive rows, negative rows and near misses (one check digit, one
character or the context word off).
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Sequence
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from detectors.library import BUILTIN_ENTITIES
from detectors.regex import create
from pipelines.chain import Chain
from pipelines.egress import EgressFilter, EgressPolicy, EgressRules, OutputPattern
from pipelines.errors import ConfigError
from pipelines.spans import DetectorContext, Span
from tests.unit.detectors.test_library import found

AWS_SECRET = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
AZURE_KEY = (
    "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq" + "/K1SZFPTOtr/KBHBeksoGMGw=="
)


MORE_ROWS: list[tuple[str, str, list[str]]] = [
    # PHONE: extensions belong to the number; DIN 5008 dash groups; bare long runs
    ("PHONE", "call (555)123-4567x905 now", ["(555)123-4567x905"]),
    ("PHONE", "fax 555.123.4567x12345.", ["555.123.4567x12345"]),
    ("PHONE", "+1-555-123-4567x123", ["+1-555-123-4567x123"]),
    ("PHONE", "office 415-555-0123, ext. 12", ["415-555-0123, ext. 12"]),
    ("PHONE", "Zentrale +49 30 1234567 Durchwahl 12", ["+49 30 1234567 Durchwahl 12"]),
    ("PHONE", "Tel. 0301 2345678-12", ["0301 2345678-12"]),
    ("PHONE", "Tel. 030 12345-67", ["030 12345-67"]),
    ("PHONE", "Lohnbüro: +43 3576 45003697-4856 oder", ["+43 3576 45003697-4856"]),  # DIN ext.
    ("PHONE", "Zentrale 05527 88390421-4906, bitte", ["05527 88390421-4906"]),
    ("PHONE", "Handy 09256341685.", ["09256341685"]),
    ("PHONE", "mobil 04011 07043", ["04011 07043"]),
    # the layout marks the area code, whatever digit follows the trunk 0
    ("PHONE", "Tel. (00814) 85898", ["(00814) 85898"]),  # 00 is no country code here
    ("PHONE", "Order no. 00669 074391", []),  # without parentheses: a reference
    ("PHONE", "Invoice 00123 45678 paid", []),
    ("PHONE", "Tel. (01) 69665 991", ["(01) 69665 991"]),  # Vienna: a 2-digit area code
    ("PHONE", "Fax 01/01928858", ["01/01928858"]),
    ("PHONE", "Ref 01 234567 in the log", []),  # a 2-digit area code only in () or before /
    ("PHONE", "exp 05/2024", []),  # a 2-digit area code needs a block of 5 digits
    ("PHONE", "am 01.12.2024 um", []),
    ("PHONE", "Jan 01 2024", []),
    ("PHONE", "PLZ 01067 Dresden", []),  # five digits: a postcode
    ("PHONE", "Case 01234567 reopened", []),  # a short bare run: a reference
    ("PHONE", "ISBN 0306406152", []),  # ten bare digits with an ISBN-10 check digit
    ("PHONE_BEFORE_WORD", "Sie können 0213328356 anrufen", ["0213328356"]),
    ("PHONE", "IBAN DE89 3704 0044 0532 0130 01", []),  # bad check digit: still no phone
    ("PHONE", "card 4111 1111 1111 1112", []),  # Luhn fails: no phone either
    ("PHONE", "fix 6x5 and 2x 3", []),
    # PHONE_BARE: one digit run right after a phone keyword
    ("PHONE_BARE", "call 4155551234 now", ["4155551234"]),
    ("PHONE_BARE", "Phone: 3662218131", ["3662218131"]),
    ("PHONE_BARE", "reach me at 8813954540x12", ["8813954540x12"]),
    ("PHONE_BARE", "tel 030123456", ["030123456"]),
    ("PHONE_BARE", "Telefon: 01701234567", ["01701234567"]),
    ("PHONE_BARE", "Cell: 9223032776\nOffice", ["9223032776"]),  # ISBN-10-valid digits
    ("PHONE_BARE", "Telefon: 00008063608", ["00008063608"]),  # area code written 00...
    ("PHONE_BARE", "Tel 0015521429", ["0015521429"]),
    ("PHONE_BARE", "Sie erreichen mich unter 7807649545.", ["7807649545"]),
    # ... or grouped any way a caller writes it, where PHONE alone wants more
    ("PHONE_BARE", "call me at 00890 092737 I'd like", ["00890 092737"]),  # area code from 00
    ("PHONE_CONTEXT", "TAN an 01 86975 758 gesendet", ["01 86975 758"]),
    ("PHONE_BARE", "Durchwahl 01 21305756-231, nur vormittags", ["01 21305756-231"]),
    ("PHONE_CONTEXT", "messages to 9942267398", ["9942267398"]),
    ("PHONE_CONTEXT", "on my registered 7142864823. Could you", ["7142864823"]),
    ("PHONE_CONTEXT", "They're not answering at 0001825981", ["0001825981"]),
    ("PHONE_CONTEXT", "Desk: 0727557521", ["0727557521"]),  # ISBN-10-valid digits
    ("PHONE_CONTEXT", "sent OTP to 2407052908 provider=twilio", ["2407052908"]),
    ("PHONE_BARE", "What's your phone? 2092134772", ["2092134772"]),
    ("PHONE_BARE", "in plain text at 4579765508.", []),  # "text" alone is no phone word
    ("PHONE_BARE", "call on 06/17/1972", []),  # a date, however grouped
    ("PHONE_BARE", "call me on 2024-05-01", []),
    ("PHONE_BARE", "call 12 34", []),  # too few digits for any plan
    # context words name counts, ids and sizes as often: fillers only, no label tail
    ("PHONE_CONTEXT", "message id: 1712345678", []),
    ("PHONE_CONTEXT", "mailbox size: 2147483648 bytes", []),
    ("PHONE_CONTEXT", "Service desk ticket: 4537120417", []),
    ("PHONE_CONTEXT", "messages to 0604876475", ["0604876475"]),  # ISBN-10-valid digits
    ("PHONE_CONTEXT", "Mailbox: 0015521429", ["0015521429"]),
    ("PHONE_CONTEXT", "the line was 1234 long", []),
    # words that name a record's own number as often need a filler saying where it went
    ("PHONE_CONTEXT", "Received message 4012345678 from queue", []),
    ("PHONE_CONTEXT", "Error on line 0012345 col 4", []),
    ("PHONE_CONTEXT", "OTP 0123456 expires in 5 min", []),
    # and the grammars' near misses the review found
    ("NZ_ADDRESS", "## 10 Hill Walking Routes To Try In 2025", []),
    ("NZ_ADDRESS", "Hole 18 Green, Augusta National 2019", []),  # a year
    ("US_ADDRESS", "Ran 3 Way Sync Job OK 12345 rows", []),
    ("US_ADDRESS", "Ticket 12 Court Hearing ID 10001 scheduled", []),
    ("STREET_FIELD", "Straße: Gesperrt bis 2024", []),
    ("AT_CH_ADDRESS", "Hauptstraße 5, Stiege 2, Tür 7, 1010 Wien",
     ["Hauptstraße 5, Stiege 2, Tür 7, 1010 Wien"]),
    ("DE_ADDRESS", "Hauptstraße 5, Seitenflügel, 10115 Berlin",
     ["Hauptstraße 5, Seitenflügel, 10115 Berlin"]),
    ("PHONE_BARE", "The answer is 1234567890.", []),
    ("PHONE_BARE", "call count = 1234567890", []),  # after a verb only a colon ends a label
    ("PHONE_BARE", "registered on 01 10 2023", []),  # a date written with spaces
    ("PHONE_BARE", "Telefon (mobil) 015123456789", ["015123456789"]),  # a word in brackets
    ("PHONE_BARE", "phones: 4155551234", ["4155551234"]),
    # PHONE_BEFORE_WORD: a phone word right after the number names it
    ("PHONE_BEFORE_WORD", "6833001756 office", ["6833001756"]),
    ("PHONE_BEFORE_WORD", "2432506465 fax\n", ["2432506465"]),
    ("PHONE_BEFORE_WORD", "8744907503-Office,3467627034-Fax", ["8744907503", "3467627034"]),
    ("PHONE_BEFORE_WORD", "0512/71278375 (mobile)", ["0512/71278375"]),
    ("PHONE_BEFORE_WORD", "00248 51201 Büro", ["00248 51201"]),
    ("PHONE_BEFORE_WORD", "6833001756 offices", []),  # a word of its own only
    ("PHONE_BEFORE_WORD", "4537120417 homepage", []),
    ("PHONE_BEFORE_WORD", "DOB 06/17/1972\nPhone: 212-437-0944", []),  # a date before it
    ("PHONE_BEFORE_WORD", "order 12 34 office", []),
    ("PHONE_BEFORE_WORD", "Invoice no. 1234567890\nPhone: 212 555 0147", []),  # next label
    ("PHONE_BEFORE_WORD", "Processed 1234567890 work items", []),  # a word goes on
    ("PHONE_BEFORE_WORD", "order 1234567890 home delivery", []),
    ("PHONE_BEFORE_WORD", "Bestellung 1234567890 Büro", []),  # a record's number
    # a four-digit postcode on the line before a number is no card group
    ("PHONE", "Kambodscha 3330\n081 628 65 95-Office", ["081 628 65 95"]),
    ("PHONE", "Estland 9255\n0463/19554530-Office", ["0463/19554530"]),
    ("PHONE", "Ticket ref 3679 097757 9182.", []),  # a Diners grouping, Luhn fails
    ("PHONE_BARE", "Called Alan Fisher at 8478077092; interested", ["8478077092"]),  # a name
    ("PHONE_BARE", "Left a voicemail on 5012682571, no answer", ["5012682571"]),
    ("PHONE_BARE", "called about order 8478077092", []),  # words between are no name
    ("PHONE_BARE", "Rufen Sie mich unter 030123456 an", ["030123456"]),
    ("PHONE_BARE", "printed in plain text at 07381917.", []),  # "text at" is no phone word
    ("PHONE", "AWS account 012345678912", []),  # 12 bare digits: an account id
    ("PHONE_BARE", "order 4155551234", []),  # no phone keyword
    ("PHONE_BARE", "phone 41555", []),  # too short
    ("PHONE_BARE", "telephone 41555512345678", []),  # too long
    # CREDIT_CARD: every scheme's ranges and lengths
    ("CREDIT_CARD", "maestro 6759 6498 2648 ok", ["6759 6498 2648"]),
    ("CREDIT_CARD", "jcb 180000000000002", ["180000000000002"]),
    ("CREDIT_CARD", "jcb 213100000000001", ["213100000000001"]),
    ("CREDIT_CARD", "mc2 2221 0000 0000 0009", ["2221 0000 0000 0009"]),
    ("CREDIT_CARD", "mir 2200 0000 0000 0004", ["2200 0000 0000 0004"]),
    ("CREDIT_CARD", "maestro 675964982648 bare", []),  # 12 bare digits: CREDIT_CARD_BARE's
    ("CREDIT_CARD", "jcb 3516040174532371", ["3516040174532371"]),  # all of 35 is JCB
    ("CREDIT_CARD", "jcb 3516040174532372", []),  # Luhn
    # CREDIT_CARD_BARE: twelve bare digits right after a card keyword
    ("CREDIT_CARD_BARE", "Maestro 675964982648 bare", ["675964982648"]),
    ("CREDIT_CARD_BARE", "my card number is 501800000009.", ["501800000009"]),
    ("CREDIT_CARD_BARE", "Kreditkarte: 604000000009", ["604000000009"]),
    ("CREDIT_CARD_BARE", "Please block card no 503868232433", ["503868232433"]),
    ("CREDIT_CARD_BARE", "Die Ersatzkarte für 676236265325 bitte", ["676236265325"]),
    ("DATE_OF_BIRTH", "geb. 3. Jänner 1970", ["3. Jänner 1970"]),  # the view reads "Janner"
    ("DE_ADDRESS", "Anschrift: Alte Brücke 5, 10115 Berlin", ["Alte Brücke 5, 10115 Berlin"]),
    ("CREDIT_CARD_BARE", "What's your credit card? 572179127897", ["572179127897"]),
    ("CREDIT_CARD_BARE", "The card ending in the number below is mine: 639026075122.",
     ["639026075122"]),
    ("CREDIT_CARD_BARE", "order 675964982648", []),  # no card keyword
    ("CREDIT_CARD_BARE", "card 675964982649", []),  # Luhn
    ("CREDIT_CARD_BARE", "card 400000000002", []),  # Visa issues no 12-digit cards
    ("CREDIT_CARD_BARE", "card 6759649826481", []),  # 13 digits: CREDIT_CARD's
    ("CREDIT_CARD", "jcb 180000000000003", []),  # Luhn
    ("CREDIT_CARD", "amex length 3400 0000 0000 0009", []),  # Amex issues 15 digits only
    # secrets
    ("AWS_SECRET_KEY", f"aws_secret_access_key = {AWS_SECRET}", [AWS_SECRET]),
    ("AWS_SECRET_KEY", f'"SecretAccessKey": "{AWS_SECRET}"', [AWS_SECRET]),
    ("AWS_SECRET_KEY", f"description = {AWS_SECRET}", []),  # no AWS key name
    ("AWS_SECRET_KEY", "aws_secret_access_key = " + "a" * 40, []),  # no entropy
    ("AWS_SECRET_NEAR_ID", f"AKIAIOSFODNN7EXAMPLE,{AWS_SECRET}", [AWS_SECRET]),
    ("AWS_SECRET_NEAR_ID", f"id AKIAIOSFODNN7EXAMPLE secret: {AWS_SECRET}", [AWS_SECRET]),
    ("AWS_SECRET_NEAR_ID", f"AKIAIOSFODNN7EXAMPLE\n{AWS_SECRET}", [AWS_SECRET]),  # next line
    ("AWS_SECRET_NEAR_ID", f"AKIAIOSFODNN7EXAMPLE and more words then {AWS_SECRET}", []),
    ("AWS_SECRET_NEAR_ID", f"in a gist: AKIAIOSFODNN7EXAMPLE / {AWS_SECRET}.", [AWS_SECRET]),
    # a label ending in a colon may run on in lower-case words after its keyword
    ("BIC", "SWIFT/BIC for the incoming payment: DEUTDEFF500, thanks", ["DEUTDEFF500"]),
    # a label may run on to its colon
    ("BIC", "SWIFT/BIC for the incoming payment DEUTDEFF500", []),  # no colon: prose
    ("BIC", "The SWIFT transfer failed with error DECLINED", []),
    ("BIC", "BIC für den Zahlungseingang: EJWHCHX8, Empfänger", ["EJWHCHX8"]),
    ("BIC", "The BIC field was left empty so we had to use the reference DEUTDEFF500", []),
    ("BIC", "BIC INGDDEFFXXX.", ["INGDDEFFXXX"]),
    ("DATE_OF_BIRTH", "Please confirm my DOB is stored as 1988-04-01; the", ["1988-04-01"]),
    ("DATE_OF_BIRTH", "your date of birth. It's 20 May 1979 please", ["20 May 1979"]),
    ("DE_ID_CARD", "Die Personalausweisnummer von Heinz-Wilhelm Henk lautet N3ZXFM533.",
     ["N3ZXFM533"]),  # a double name between keyword and value
    ("DE_ID_CARD", "Die Personalausweisnummer von Benjamin Kabus lautet T22000129.", ["T22000129"]),
    ("PHONE", "Tammyton, NE 36199\n208-436-8228x0021 office", ["208-436-8228x0021"]),  # ZIP
    ("PHONE_BARE", "changed her mobile number to 9295818269; please", ["9295818269"]),
    ("GITLAB_TOKEN", "token glpat-xR4k2mQz8LpT9vWn3YbC ok", ["glpat-xR4k2mQz8LpT9vWn3YbC"]),
    ("GITLAB_TOKEN", "glpat-short", []),
    (
        "GOOGLE_API_KEY",
        "key=AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY",
        ["AIzaSyD-9tSrke72PouQMnMX-a7eZSW0jkFMBWY"],
    ),
    ("GOOGLE_API_KEY", "AIzaSyD-9tSrke72", []),
    (
        "NPM_TOKEN",
        "npm_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8",
        ["npm_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"],
    ),
    ("NPM_TOKEN", "npm_install_script", []),
    (
        "MAILGUN_KEY",
        "curl -u api:key-90657058d50d82436728a17db123f637 https://api.mailgun.net",
        ["key-90657058d50d82436728a17db123f637"],
    ),
    ("MAILGUN_KEY", "key-90657058D50D82436728A17DB123F637", []),  # upper-case hex
    ("MAILGUN_KEY", "primary-key-90657058d50d82436728a17db123f637", []),  # glued
    (
        "TELEGRAM_BOT_TOKEN",
        'TELEGRAM_BOT: "2776279728:AA4SKDZvFHtq3xoH535B4APaVkrF-OpuGU9"',
        ["2776279728:AA4SKDZvFHtq3xoH535B4APaVkrF-OpuGU9"],
    ),
    ("TELEGRAM_BOT_TOKEN", "12:30:AA4SKDZvFHtq3xoH535B4APaVkrF-OpuGU9", []),  # no bot id
    ("TELEGRAM_BOT_TOKEN", "2776279728:AA4SKDZvFHtq3xoH535B4AP", []),  # too short
    (
        "SENDGRID_KEY",
        "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",
        ["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"],
    ),
    ("SENDGRID_KEY", "SG.short.short", []),
    ("STRIPE_KEY", "sk_live_51H8xYzAbCdEfGhIj", ["sk_live_51H8xYzAbCdEfGhIj"]),
    ("STRIPE_KEY", "rk_live_51H8xYzAbCdEfGhIj", ["rk_live_51H8xYzAbCdEfGhIj"]),
    ("STRIPE_KEY", "pk_live_51H8xYzAbCdEfGhIj", []),  # publishable: public by design
    ("STRIPE_KEY", "STRIPE_TOKEN=sk_live_XXXXXXXXXXXXXXXXXXXXXXXX", []),  # to be filled in
    ("STRIPE_KEY", "sk_live_000000000000000000000000", []),
    (
        "SLACK_WEBHOOK",
        "post to https://hooks.slack.com/services/T0A1B2C3D/B4E5F6G7H/abcdEFGHijklMNOPqrstUVWX now",
        ["https://hooks.slack.com/services/T0A1B2C3D/B4E5F6G7H/abcdEFGHijklMNOPqrstUVWX"],
    ),
    ("SLACK_WEBHOOK", "see https://hooks.slack.com/ for docs", []),
    (
        "PYPI_TOKEN",
        "pypi-AgEIcHlwaS5vcmc" + "A1b2C3d4E5" * 6,
        ["pypi-AgEIcHlwaS5vcmc" + "A1b2C3d4E5" * 6],
    ),
    ("PYPI_TOKEN", "pypi-AgEIcHlwaS5vcmcshort", []),
    (
        "HUGGINGFACE_TOKEN",
        "hf_aB3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0eF3h",
        ["hf_aB3dE6gH9jK2mN5pQ8sT1vW4yZ7bC0eF3h"],
    ),
    ("HUGGINGFACE_TOKEN", "hf_hub_download_function_name_here_x", []),
    (
        "HUGGINGFACE_TOKEN",
        "hf_mPqRsTuVwXyZaBcDeFgHiJkLmNoPqRsTuV",
        ["hf_mPqRsTuVwXyZaBcDeFgHiJkLmNoPqRsTuV"],
    ),
    ("TWILIO_KEY", "SK2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d", ["SK2a3b4c5d6e7f8a9b0c1d2e3f4a5b6c7d"]),
    ("TWILIO_KEY", "SKIPPED_BY_THE_SCHEDULER_TODAY_XYZ", []),
    ("AZURE_STORAGE_KEY", f"AccountName=acme;AccountKey={AZURE_KEY};", [AZURE_KEY]),
    ("AZURE_STORAGE_KEY", "AccountKey=short==", []),
    (
        "AZURE_AD_SECRET",
        "secret abc8Q~dEfGhIjKlMnOpQrStUvWxYz0123456789A",
        ["abc8Q~dEfGhIjKlMnOpQrStUvWxYz0123456789A"],
    ),
    ("AZURE_AD_SECRET", "emoticon 8Q~ and more", []),
    ("GENERIC_SECRET", "api_key = 'A8f3kPq92LmZx7Rt4VbN'", ["A8f3kPq92LmZx7Rt4VbN"]),
    ("GENERIC_SECRET", "DB_PASSWORD=Xk92mPq7Lz4Rt8Vb", ["Xk92mPq7Lz4Rt8Vb"]),
    ("GENERIC_SECRET", '"clientSecret": "9f8e7d6c5b4a3f2e1d0c9b8a"', ["9f8e7d6c5b4a3f2e1d0c9b8a"]),
    # a random hex key has 4 bits per character at most: one of 32 digits below 3.5
    (
        "GENERIC_SECRET",
        "api_key: bb96027df40b0b0f543ec045aeabfbae",
        ["bb96027df40b0b0f543ec045aeabfbae"],
    ),
    ("GENERIC_SECRET", "token=9F3A61C0D2E4B7A8", ["9F3A61C0D2E4B7A8"]),
    ("GENERIC_SECRET", "api_key: 1111aaaa2222bbbb", []),  # hex, but no random draw
    ("GENERIC_SECRET", "token: null", []),
    ("GENERIC_SECRET", "secret = value_from_environment", []),  # words, no digits
    ("GENERIC_SECRET", "key = 1234567890123456", []),  # digits only
    # dates of birth: a birth keyword, EN and DE formats, a real date
    ("DATE_OF_BIRTH", "born 03/05/1985 in Ohio", ["03/05/1985"]),
    ("DATE_OF_BIRTH", "Date of birth: March 5, 1985.", ["March 5, 1985"]),
    ("DATE_OF_BIRTH", "DOB 1985-03-05", ["1985-03-05"]),
    ("DATE_OF_BIRTH", "geboren am 5. März 1985", ["5. März 1985"]),
    ("DATE_OF_BIRTH", "Geburtsdatum 05.03.1985,", ["05.03.1985"]),
    ("DATE_OF_BIRTH", "geb. 5.3.1985", ["5.3.1985"]),
    ("DATE_OF_BIRTH", "meeting on 05.03.1985", []),  # no birth keyword
    ("DATE_OF_BIRTH", "born 31.02.1985", []),  # no such day
    ("DATE_OF_BIRTH", "born 1492-10-12", []),  # not a living person's
    # day, month's name and year joined by hyphens
    ("DATE_OF_BIRTH", "Re: D. Wilkins   DOB: 10-Dec-1991   NHS No:", ["10-Dec-1991"]),
    ("DATE_OF_BIRTH", "born 3-FEB-85 in Leeds", ["3-FEB-85"]),
    ("DATE_OF_BIRTH", "Geburtsdatum: 03-Mär-1971", ["03-Mär-1971"]),
    ("DATE_OF_BIRTH", "Release 10-Dec-2024 notes", []),  # no birth keyword
    ("DATE_OF_BIRTH", "DOB: 31-Feb-1991", []),  # no such day
    ("DATE_OF_BIRTH", "DOB: 10-Dez-1991-A", []),  # goes on: a code
    ("DATE_OF_BIRTH", "DOB 10/Dec/1991, born 10.Dec.1991", ["10/Dec/1991", "10.Dec.1991"]),
    ("DATE_OF_BIRTH", "Re: W. Adams, born 22MAR74, DOB 07MAR1943", ["22MAR74", "07MAR1943"]),
    ("DATE_OF_BIRTH", "build 12JAN2024 released, born 30FEB80", []),  # no keyword; no day
    # ITIN
    ("US_ITIN", "ITIN 912-70-1234", ["912-70-1234"]),
    ("US_ITIN", "taxpayer 900 94 1234.", ["900 94 1234"]),
    ("US_ITIN", "ITIN 912-34-1234", []),  # group 34 is not an ITIN range
    ("US_ITIN", "Her ITIN is 949-65-6022 and", ["949-65-6022"]),  # the 50-65 block
    ("US_ITIN_BARE", "ITIN: 912701234", ["912701234"]),
    ("US_ITIN_BARE", "ITIN: 912341234", []),
    ("US_ITIN_BARE", "ref 912701234", []),
    # identity documents and national ids
    ("PASSPORT", "passport no. C01X00T47", ["C01X00T47"]),
    ("PASSPORT", "Reisepass: F12345678", ["F12345678"]),
    ("PASSPORT", "Passport number 912345678", ["912345678"]),
    ("PASSPORT", "order C01X00T47", []),
    ("PASSPORT", "passport C01X00T47X9", []),
    ("DE_ID_CARD", "Personalausweis L01X00T47", ["L01X00T47"]),
    ("DE_ID_CARD", "Ausweisnummer: T220001293", ["T220001293"]),  # ICAO check digit 3
    ("DE_ID_CARD", "Ausweisnummer: T220001294", []),  # check digit off by one
    ("DE_ID_CARD", "Kundennummer L01X00T47", []),
    # German keywords as prose inflects them: genitive, -nummer/-Nr. compounds
    ("DE_ID_CARD", "die Nummer des Personalausweises: L01X00T47", ["L01X00T47"]),
    ("DE_ID_CARD", "Ausweis-Nr. L01X00T47", ["L01X00T47"]),
    ("DE_ID_CARD", "laut des Ausweises T220001293.", ["T220001293"]),
    ("DE_ID_CARD", "Personalausweis-Nummer: L01X00T47", ["L01X00T47"]),
    ("DE_ID_CARD", "Ausweis mit der Nummer L01X00T47", ["L01X00T47"]),
    ("DE_ID_CARD", "des Ausweises T220001294", []),  # check digit off by one
    ("DE_ID_CARD", "Ausweiskontrolle L01X00T47", []),  # not an inflection of the keyword
    ("PASSPORT", "Nummer des Reisepasses: C01X00T47", ["C01X00T47"]),
    ("PASSPORT", "Reisepass-Nr. F12345678", ["F12345678"]),
    ("DATE_OF_BIRTH", "Angabe des Geburtsdatums: 05.03.1985", ["05.03.1985"]),
    # Austrian and Swiss passports: one letter + 7 digits
    ("PASSPORT", "Reisepass P1234567 (AT)", ["P1234567"]),
    ("PASSPORT", "Reisepass: P 1234567", ["P 1234567"]),
    ("PASSPORT", "Swiss passport X0000000.", ["X0000000"]),
    ("PASSPORT", "Passnummer S7654321", ["S7654321"]),
    ("PASSPORT", "order P1234567", []),  # no passport keyword
    ("PASSPORT", "Reisepass P123456", []),  # a digit short
    ("PASSPORT", "pass P1234567 to the job", []),  # English "pass" is no keyword
    # German pension insurance number: no keyword needed, the initial marks it
    ("DE_RVNR", "RV-Nummer 15070649C103", ["15070649C103"]),
    ("DE_RVNR", "Sozialversicherungsnummer: 65 170839 J 00 3.", ["65 170839 J 00 3"]),
    ("DE_RVNR", "ID 53270285M528 ok", ["53270285M528"]),
    ("DE_RVNR", "RV-Nummer 15070649C104", []),  # check digit off by one
    ("DE_RVNR", "RV-Nummer 15073249C10x", []),  # no such day, not 12 characters
    ("DE_RVNR", "RV-Nummer 95070649C103", []),  # area 95 is not assigned
    ("DE_RVNR", "20240101T123456", []),  # a timestamp
    # Austrian social-insurance number: after a keyword (bare 10 digits are timestamps)
    ("AT_SVNR", "Sozialversicherungsnummer. Meine lautet 5650 080324, wird", ["5650 080324"]),
    # UK_NINO: the shape needs no keyword
    ("UK_NINO", "lists Mr Gavin Chapman with ZC 54 78 23 D and Kyle", ["ZC 54 78 23 D"]),
    ("UK_NINO", "Government ID: YT238759B", ["YT238759B"]),
    ("UK_NINO", "code SR968069AB x", []),  # part of a longer token
    ("UK_NINO", "ref BG 12 34 56 A", []),  # BG is never issued
    ("UK_NINO", "ref ZC 54 78 23 E", []),  # the suffix is A-D
    # UK_NINO_KEYED: the shape with any letters after an NI or social-security word
    ("UK_NINO_KEYED", "His social security number is ZZ 97 96 18 T", ["ZZ 97 96 18 T"]),
    ("UK_NINO_KEYED", "NI number: ZZ560535T.", ["ZZ560535T"]),
    ("UK_NINO_KEYED", "ref ZZ 97 96 18 T", []),  # no keyword: HMRC never issues ZZ
    ("UK_NINO_KEYED", "NI number: ZZ5605351", []),
    ("AT_SVNR", "Here's my SSN: 1366030794", ["1366030794"]),
    # US_SSN_ID: an SSN after a generic id word, not after a record's noun
    ("US_SSN_ID", "Right-to-work check: ID number 309623687 seen", ["309623687"]),
    ("US_SSN_ID", "Government ID: 536-22-1234", ["536-22-1234"]),
    ("US_SSN_ID", "order ID number 309623687", []),
    ("US_SSN_ID", "Confirmation ID number 412345678", []),
    ("US_SSN_ID", "The ID number of your order is 412345678", []),  # no colon: prose
    ("US_SSN_ID", "ID number 666123456", []),  # area 666 is never issued
    # PASSPORT: names after the label's colon, two letters + 7, a German check digit
    # a label runs on in parentheses, as a logger's key, or up to a copula
    ("US_SSN_ID", "ID number (the one the government gave me): 811684327. Date", ["811684327"]),
    ("DE_ID_CARD", "INFO  ausweis.pruefung nummer=XV87Z19RN4 geburtsdatum", ["XV87Z19RN4"]),
    ("PASSPORT", "The passport number on the booking is 353757207.", ["353757207"]),
    ("PASSPORT", "My passport expires soon and the booking reference is 123456789", []),
    ("PHONE_BARE", "call me when the order is 4537120417", []),  # a verb: prose to "is"
    ("PHONE_BARE", "phone (mobile): 4155551234", ["4155551234"]),
    ("PASSPORT", "passport no. of Mr. Brown is 123456789", ["123456789"]),  # a title
    ("PASSPORT", "die Passnummern: Luis Mäder – V84306675, Fatime", ["V84306675"]),
    ("PASSPORT", "Reisepassnummer für die Bescheinigung: IP4828435", ["IP4828435"]),
    ("PASSPORT", "Passnummern: Remo Mühle – C0G36W0MV8, Nurettin", ["C0G36W0MV8"]),
    ("PASSPORT", "Passport C0G36W0MV9 x", []),  # the ICAO check digit is off
    # CH_UID: the VAT register's suffix belongs to the number
    ("CH_UID", "Sie lautet CHE-384.944.552 MWST. Bitte", ["CHE-384.944.552 MWST"]),
    ("CH_UID", "UID CHE-384.944.553 MWST", []),  # check digit
    # DE_TAX_ID: groups between slashes
    ("DE_TAX_ID", "Meine Steuer-ID lautet 69/039/548/296.", ["69/039/548/296"]),
    ("DE_TAX_ID", "Steuer-ID 69/039/548/297", []),  # check digit
    ("AT_SVNR", "SVNR 4563 150385", ["4563 150385"]),
    ("AT_SVNR", "Versicherungsnummer: 4563150385.", ["4563150385"]),
    ("AT_SVNR", "Ihre SV-Nummer lautet 1237 010180", ["1237 010180"]),
    ("AT_SVNR", "SVNR 4564 150385", []),  # check digit off by one
    ("AT_SVNR", "Rechnung 4563150385", []),  # no keyword
    ("AT_SVNR", "SVNR 0563 150385", []),  # the serial never starts with 0
    ("AT_SVNR", "Die Rentenversicherungsnummer von Chris Rotter lautet 8441130974.",
     ["8441130974"]),
    ("AT_SVNR", "Für die Rentenversicherung: meine Nummer ist 9133250872, Steuer", ["9133250872"]),
    ("AT_SVNR", "sv=6688 180376 ustid=ATU26787929", ["6688 180376"]),
    ("AT_SVNR", "Für die Rentenversicherung: meine Nummer ist 9133250873", []),  # check digit
    ("AT_SVNR", "Rentenversicherung: seit dem letzten Jahr gilt die neue Regel 9133250872", []),
    # UK National Insurance number: HMRC's prefixes, suffix A-D, after a keyword
    ("UK_NINO", "NI number: AB 12 34 56 C", ["AB 12 34 56 C"]),
    ("UK_NINO", "National Insurance number AB123456D.", ["AB123456D"]),
    ("UK_NINO", "NINO: JG 10 37 59 A", ["JG 10 37 59 A"]),
    ("UK_NINO", "NI number: GB 12 34 56 C", []),  # GB is never issued
    ("UK_NINO", "NI number: DA 12 34 56 C", []),  # D is no first letter
    ("UK_NINO", "NI number: AB 12 34 56 E", []),  # suffix beyond D
    ("UK_NINO", "Mine is AB 12 34 56 C and", ["AB 12 34 56 C"]),  # the shape alone
    ("UK_NINO", "ref AB 12 34 56 C", []),  # a reference's, a product's or a part's code
    ("UK_NINO", "SKU: AB123456C", []),
    ("UK_NINO", "/api/items/HE123456D", []),
    ("CH_AHV", "AHV 756.1234.5678.97", ["756.1234.5678.97"]),
    ("CH_AHV", "AHV 756.1234.5678.98", []),
    ("ES_DNI", "DNI 12345678Z", ["12345678Z"]),
    ("ES_DNI", "DNI 12345678A", []),
    ("IT_CODICE_FISCALE", "CF RSSMRA85T10A562S.", ["RSSMRA85T10A562S"]),
    ("IT_CODICE_FISCALE", "CF RSSMRA85T10A562T", []),
    ("FR_NIR", "NIR 2 95 10 99 126 111 93", ["2 95 10 99 126 111 93"]),
    ("FR_NIR", "NIR 2 95 10 99 126 111 94", []),
    ("SE_PERSONNUMMER", "pnr 811218-9876", ["811218-9876"]),
    ("SE_PERSONNUMMER", "pnr 811218-9877", []),
    ("NL_BSN", "BSN 111222333", ["111222333"]),
    ("NL_BSN", "BSN 111222334", []),
    ("NL_BSN", "order 111222333", []),
    ("PL_PESEL", "PESEL 44051401359", ["44051401359"]),
    ("PL_PESEL", "PESEL 44051401358", []),
    # VAT ids, BIC
    ("EU_VAT_ID", "USt-IdNr. DE136695976", ["DE136695976"]),
    ("EU_VAT_ID", "UID ATU13585627.", ["ATU13585627"]),
    ("EU_VAT_ID", "USt-IdNr. DE136695977", []),
    ("EU_VAT_ID", "DESIGN123 and IT department", []),
    # UK VAT (GB left the EU: its own entry) and Swiss UID, check digits per HMRC / BFS
    ("GB_VAT_ID", "VAT reg. GB 123 4567 82.", ["GB 123 4567 82"]),
    ("GB_VAT_ID", "VAT GB123456727 (2010 scheme)", ["GB123456727"]),
    ("GB_VAT_ID", "branch GB 123 4567 82 001", ["GB 123 4567 82 001"]),
    ("GB_VAT_ID", "GBGD001 and GBHA599", ["GBGD001", "GBHA599"]),
    ("GB_VAT_ID", "VAT GB 123 4567 83", []),  # check digits off by one
    ("GB_VAT_ID", "GBGD599 and GBHA001", []),  # departments below 500, health from 500
    ("GB_VAT_ID", "IBAN GB82 WEST 1234 5698 7654 32", []),
    ("GB_VAT_ID", "VAT 123 4567 82", []),  # without the GB prefix: any nine digits
    ("CH_UID", "UID CHE-123.456.788 MWST", ["CHE-123.456.788 MWST"]),
    ("CH_UID", "TVA CHE123456788.", ["CHE123456788"]),
    ("CH_UID", "CHE 123.456.788 IVA", ["CHE 123.456.788 IVA"]),
    ("CH_UID", "UID CHE-123.456.789", []),  # check digit off by one
    ("CH_UID", "UID 123.456.788", []),  # without CHE
    ("CH_UID", "CHEF-123.456.788", []),
    ("BIC", "BIC: COBADEFFXXX", ["COBADEFFXXX"]),
    ("BIC", "SWIFT code DEUTDEFF.", ["DEUTDEFF"]),
    ("BIC", "a BUSINESS DOCUMENT", []),  # all-caps words: no BIC keyword
    ("BIC", "BIC: COBAXXFFXXX", []),  # XX is no country
    # postal addresses with a deterministic grammar
    ("DE_ADDRESS", "Anschrift: Hauptstraße 12, 10115 Berlin.", ["Hauptstraße 12, 10115 Berlin"]),
    (
        "DE_ADDRESS",
        "an Jens-Drubin-Straße 47-26, 06690 Groß-Gerau",
        ["Jens-Drubin-Straße 47-26, 06690 Groß-Gerau"],
    ),
    (
        "DE_ADDRESS",
        "Roggeweg 91/27, 86570 Bad Liebenwerda",
        ["Roggeweg 91/27, 86570 Bad Liebenwerda"],
    ),
    ("DE_ADDRESS", "Anschrift Lindenstraße 5, 10115 Berlin", ["Lindenstraße 5, 10115 Berlin"]),
    ("DE_ADDRESS", "Am Mühlbach 12, 80331 München", ["Am Mühlbach 12, 80331 München"]),
    ("DE_ADDRESS", "Berliner Straße 3a, 20095 Hamburg", ["Berliner Straße 3a, 20095 Hamburg"]),
    ("DE_ADDRESS", "Seite 12, 10115 Einträge", []),  # no street-type word
    # a spaced house-number letter, a unit after a comma, a post-office box
    ("DE_ADDRESS", "Anschrift: Rosenstraße 114 a, 04109 Leipzig",
     ["Rosenstraße 114 a, 04109 Leipzig"]),
    ("DE_ADDRESS", "wohnhaft Rosemannplatz 77 a, D-10115 Berlin, ausgewiesen",
     ["Rosemannplatz 77 a, D-10115 Berlin"]),
    ("DE_ADDRESS", "Postanschrift: Postfach 54 19 21\n28195 Bremen\n",
     ["Postfach 54 19 21\n28195 Bremen"]),
    ("DE_ADDRESS", "Seite 5 a la carte, 10115 Berlin", []),  # no street
    ("DE_ADDRESS", "Postfach leeren, 10115 Berlin", []),  # no box number
    ("AT_CH_ADDRESS", "wohnhaft Milica-Holl-Platz 131, Top 33, A-9020 Klagenfurt am Wörthersee, x",
     ["Milica-Holl-Platz 131, Top 33, A-9020 Klagenfurt am Wörthersee"]),
    ("AT_CH_ADDRESS", "Anschrift: Bismarckstraße 4-6, Stiege 5/Top 14, 5020 Salzburg",
     ["Bismarckstraße 4-6, Stiege 5/Top 14, 5020 Salzburg"]),
    ("AT_CH_ADDRESS", "anschrift = Robert-Koch-Str. 66, Postfach, CH-8001 Zürich",
     ["Robert-Koch-Str. 66, Postfach, CH-8001 Zürich"]),
    ("AT_CH_ADDRESS", "Hauptstraße 5, Top, 1010 Wien", []),  # a unit word without its number
    ("STREET_FIELD", "Straße/Hausnr.: Alte Landstraße 33 b\n", ["Alte Landstraße 33 b"]),
    ("STREET_FIELD", "Straße/Hausnr.: Geschwister-Scholl-Straße 31\n",
     ["Geschwister-Scholl-Straße 31"]),
    ("STREET_FIELD", "Straße: bitte 2 Tage vorher", []),  # no capitalised word first
    ("STREET_FIELD", '{"strasse": "Sonnenstraße 44 b"}', ["Sonnenstraße 44 b"]),
    # Irish addresses: street, localities, Eircode (a letter in its last four)
    ("IE_ADDRESS", "From:\nApartment 45, 53 Chapel Street\nGalway, H91 T3H3\nIreland",
     ["Apartment 45, 53 Chapel Street\nGalway, H91 T3H3"]),
    ("IE_ADDRESS", "676 MacDonnell Terrace\nDublin 6, Co. Dublin, D06 C2Y5\nTel",
     ["676 MacDonnell Terrace\nDublin 6, Co. Dublin, D06 C2Y5"]),
    ("IE_ADDRESS", "address = 10a Morley Close, Dublin 8, D08 X4K5",
     ["10a Morley Close, Dublin 8, D08 X4K5"]),
    ("IE_ADDRESS", '{"city_line": "Constance Ville, P39 29KN"}', ["Constance Ville, P39 29KN"]),
    ("IE_ADDRESS", "Order 12 Items, Box A12 3456", []),  # no letter in the last four
    ("IE_ADDRESS", "12 Main Street, Galway, B91 T3H3", []),  # no routing key from B
    ("IE_ADDRESS", "Galway, H91 T3H3 is the code", []),  # a town line in prose
    ("IE_ADDRESS", "Town: Galway, H91 T3H3\nTel", ["Galway, H91 T3H3"]),  # after a town label
    # a town line after a form's label for it
    ("AU_ADDRESS", "Town/postcode: NEWCASTLE NSW 2300\nTel", ["NEWCASTLE NSW 2300"]),
    ("CA_ADDRESS", "Town/postcode: Ottawa ON  K1S 6Y3\nMob", ["Ottawa ON  K1S 6Y3"]),
    ("UK_ADDRESS", "City: London SW1A 1AA.", ["London SW1A 1AA"]),
    ("US_TOWN_LINE", "City/State/ZIP: Austin TX 78701", ["Austin TX 78701"]),
    ("US_TOWN_LINE", "City of Austin TX 78701", []),  # no label's colon
    ("STREET_FIELD", "Address line 1: 6230 Randolph Road\nTown: x", ["6230 Randolph Road"]),
    ("STREET_FIELD", "Street: see the 3 Notes below", []),  # no street-type word
    # "City ST ZIP" without its comma, after a street ending in its type word
    ("US_ADDRESS", "Douglas Leach\n1894 Spring Street\nAustin TX 78701\n",
     ["1894 Spring Street\nAustin TX 78701"]),
    ("US_ADDRESS", "we shipped 12 Boxes To NY 10001", []),
    # a state code that is a word, without its comma, with a ZIP of that state only
    ("US_ADDRESS", "Drop-off: 49 Orchard St, Columbus OH 43210\n",
     ["49 Orchard St, Columbus OH 43210"]),
    ("US_ADDRESS", 'addr="9 W Meadow Ln, Boise ID 83707" status=409',
     ["9 W Meadow Ln, Boise ID 83707"]),
    ("US_ADDRESS", "From:\n27 Sweeney Ln\nBoise ID 83702\nUSA", ["27 Sweeney Ln\nBoise ID 83702"]),
    ("US_ADDRESS", "Ran 3 Main Rd Sync Job ID 12345 rows", []),  # 123 is no Idaho ZIP
    ("US_ADDRESS", "49 Orchard St, Columbus OH 97210", []),  # an Oregon ZIP
    ("US_ADDRESS", "49 Orchard St, Columbus, OH 97210", ["49 Orchard St, Columbus, OH 97210"]),
    # a German flat, floor or entrance between the street and the PLZ
    ("DE_ADDRESS", "wohnhaft Marie-Curie-Str. 107 b, Whg. 12, D-28195 Bremen, ausgewiesen",
     ["Marie-Curie-Str. 107 b, Whg. 12, D-28195 Bremen"]),
    ("DE_ADDRESS", 'adresse="Schulplatz 81a, 2. OG, 50667 Köln" code=422',
     ["Schulplatz 81a, 2. OG, 50667 Köln"]),
    ("DE_ADDRESS", "Anschrift: Friedrich-Ebert-Straße 21a, Aufgang B, 53111 Bonn",
     ["Friedrich-Ebert-Straße 21a, Aufgang B, 53111 Bonn"]),
    ("DE_ADDRESS", "Hauptstr. 5, Hinterhaus, 3. OG links, 10115 Berlin",
     ["Hauptstr. 5, Hinterhaus, 3. OG links, 10115 Berlin"]),
    ("DE_ADDRESS", "Hauptstr. 5, Whg. 12, Zimmer 4, 10115 Berlin", []),  # a third part
    # New Zealand's and India's town lines after a form's label or an address's key
    ("NZ_ADDRESS", "Town/postcode: Ponsonby, Auckland 1011\nTel",
     ["Ponsonby, Auckland 1011"]),
    ("NZ_ADDRESS", '{"address": {"line2": "Ponsonby, Auckland 1011"}}',
     ["Ponsonby, Auckland 1011"]),
    ("NZ_ADDRESS", '{"note": "Hello, World 2077"}', []),  # no address's key
    ("NZ_ADDRESS", '{"capacity": "Hall A, Room 2500"}', []),  # "city" inside a word
    ("NZ_ADDRESS", '{"ip_address": "Gateway, Main 8080"}', []),
    ("NZ_ADDRESS", '{"address_book": {"count": "Total, Active 3120"}}', []),
    ("NZ_ADDRESS", '{"homeAddress": "Ponsonby, Auckland 1011"}', ["Ponsonby, Auckland 1011"]),
    ("NZ_ADDRESS", '{"ipAddress": "Gateway, Main 8080"}', []),
    ("US_TOWN_LINE", '"Boise ID 12345"', ["Boise ID 12345"]),  # the field says it
    ("DE_ADDRESS", "Hauptstr. 5, Whg 12, 10115 Berlin", ["Hauptstr. 5, Whg 12, 10115 Berlin"]),
    ("NZ_ADDRESS", '{"town_line": "Ponsonby, Auckland 1011", "x": 1}',
     ["Ponsonby, Auckland 1011"]),
    ("STREET_FIELD", '{"street": "Alte Landstraße 33 b"}', ["Alte Landstraße 33 b"]),
    ("NZ_ADDRESS", "Town/postcode: Ponsonby, Auckland 2019", []),  # a year
    ("IN_ADDRESS", "Town/postcode: Andheri West, Mumbai 400058, Maharashtra\n",
     ["Andheri West, Mumbai 400058, Maharashtra"]),
    ("IN_ADDRESS", "Town/postcode: Andheri West, Mumbai 400058, Atlantis", []),
    ("STREET_FIELD", "Address line 1: 7671 Albert Terrace Flat 4\nTown: x",
     ["7671 Albert Terrace Flat 4"]),
    # India Post: lines, town, PIN, the state by name
    ("IN_ADDRESS", "Pickup: 85 Albert Cross Road, Indiranagar, Bengaluru 560038, Karnataka\n",
     ["85 Albert Cross Road, Indiranagar, Bengaluru 560038, Karnataka"]),
    ("IN_ADDRESS", "Flat 506, Lakeview Residency, 81 Iyengar Lane\nBallygunge, Kolkata 700019,"
     " West Bengal", ["Flat 506, Lakeview Residency, 81 Iyengar Lane\nBallygunge, Kolkata"
                      " 700019, West Bengal"]),
    ("IN_ADDRESS", "Invoice 12 of 2024, total 500034, Kerala", []),  # no street line
    ("IN_ADDRESS", "85 Albert Cross Road, Bengaluru 560038, Atlantis", []),  # no state
    # New Zealand Post: a street with its type word, suburb, town, postcode
    ("NZ_ADDRESS", "Pickup: 78 Park Place, Hamilton East, Hamilton 3204 (airport)",
     ["78 Park Place, Hamilton East, Hamilton 3204"]),
    ("NZ_ADDRESS", "14 Church Street Flat 7\nNorth Dunedin, Dunedin 9016\n",
     ["14 Church Street Flat 7\nNorth Dunedin, Dunedin 9016"]),
    ("NZ_ADDRESS", "the 2 Main Street Boys played Auckland in 2024", []),  # prose
    ("NZ_ADDRESS", "Room 12, Auckland 2024", []),  # no street line
    ("NZ_ADDRESS", "Drop-off: 3697 Stone Road, Otumoetai, Tauranga 3110",  # ends the text
     ["3697 Stone Road, Otumoetai, Tauranga 3110"]),
    ("NZ_ADDRESS", '{"formatted": "9372 Clifton Avenue, Otumoetai, Tauranga 3110"}',
     ["9372 Clifton Avenue, Otumoetai, Tauranga 3110"]),
    ("US_TOWN_LINE", '{"line2": "Tucson AZ 85719"}', ["Tucson AZ 85719"]),
    ("DE_ADDRESS", "Kundenservice\nKäthe-Kollwitz-Straße 124, Hinterhaus\n90402 Nürnberg\n",
     ["Käthe-Kollwitz-Straße 124, Hinterhaus\n90402 Nürnberg"]),
    ("AT_CH_ADDRESS", "Jann Bianchi\nLindenallee 121\nPostfach\nCH-8001 Zürich\nHandy",
     ["Lindenallee 121\nPostfach\nCH-8001 Zürich"]),
    ("DE_ADDRESS", "Hauptstraße 12, 00115 Berlin", []),  # PLZ not assigned
    # two-word towns, name particles, the street-type word first
    (
        "DE_ADDRESS",
        "Louisenstraße 12, 61348 Bad Homburg vor der Höhe.",
        ["Louisenstraße 12, 61348 Bad Homburg vor der Höhe"],
    ),
    (
        "DE_ADDRESS",
        "Lange Straße 4-9, 34346 Hannoversch Münden",
        ["Lange Straße 4-9, 34346 Hannoversch Münden"],
    ),
    ("DE_ADDRESS", "Kaiserstraße 1, 06108 Halle (Saale)", ["Kaiserstraße 1, 06108 Halle (Saale)"]),
    (
        "DE_ADDRESS",
        "an Ludwig van Beethoven Straße 3, 53113 Bonn",
        ["Ludwig van Beethoven Straße 3, 53113 Bonn"],
    ),
    ("DE_ADDRESS", "Jan van-Gasse 31, 50667 Köln", ["Jan van-Gasse 31, 50667 Köln"]),
    ("DE_ADDRESS", "Platz der Republik 1, 11011 Berlin", ["Platz der Republik 1, 11011 Berlin"]),
    ("DE_ADDRESS", "Weg an der Mühle 2\n01067 Dresden", ["Weg an der Mühle 2\n01067 Dresden"]),
    (
        "DE_ADDRESS",
        "Anschrift der Hauptstraße 5, 10115 Berlin Bitte",
        ["Hauptstraße 5, 10115 Berlin"],
    ),  # "der" is no name particle; the next noun is not part of the town
    ("DE_ADDRESS", "Kapitel der Reihe 5, 10115 Berlin", []),  # no street-type word first
    # Austria and Switzerland: four-digit postcodes, country prefixes, canton codes
    (
        "AT_CH_ADDRESS",
        "Lieferadresse: Hauptstrasse 5, 8001 Zürich.",
        ["Hauptstrasse 5, 8001 Zürich"],
    ),
    (
        "AT_CH_ADDRESS",
        "Kärntner Straße 12/3/14, A-1010 Wien",
        ["Kärntner Straße 12/3/14, A-1010 Wien"],
    ),
    ("AT_CH_ADDRESS", "Bahnhofplatz 1\nCH-3011 Bern", ["Bahnhofplatz 1\nCH-3011 Bern"]),
    ("AT_CH_ADDRESS", "Dorfstrasse 3, 8636 Wald ZH", ["Dorfstrasse 3, 8636 Wald ZH"]),
    ("AT_CH_ADDRESS", "Seegasse 4, 4910 Ried im Innkreis", ["Seegasse 4, 4910 Ried im Innkreis"]),
    ("AT_CH_ADDRESS", "Am Anger 2, 2275 Deutsch-Wagram", ["Am Anger 2, 2275 Deutsch-Wagram"]),
    ("AT_CH_ADDRESS", "Hauptstraße 5, 2019 eröffnet", []),  # a year, then a verb
    ("AT_CH_ADDRESS", "Kapitel 12, 2024 Ausgabe", []),  # no street-type word
    ("AT_CH_ADDRESS", "Hauptstrasse 5, 0999 Zürich", []),  # no postcode below 1000
    ("AT_CH_ADDRESS", "Hauptstrasse 5, CH-9700 Zürich", []),  # Swiss Post ends at 9658
    ("AT_CH_ADDRESS", "Hauptstrasse 5, A-1005 Wien", []),  # Austrian Post starts at 1010
    ("AT_CH_ADDRESS", "Hauptstraße 12, 10115 Berlin", []),  # five digits: German
    (
        "US_ADDRESS",
        "ship to 123 Main St, Springfield, IL 62704.",
        ["123 Main St, Springfield, IL 62704"],
    ),
    (
        "US_ADDRESS",
        "784 Monica Lakes Suite 566, New Gregory, IN 03628",
        ["784 Monica Lakes Suite 566, New Gregory, IN 03628"],
    ),
    ("US_ADDRESS", "123 Main St, Springfield, XX 62704", []),  # no such state
    ("US_ADDRESS", "Chapter 5, Section 12, page 62704", []),
    # territories and freely associated states (USPS Publication 28, appendix B)
    ("US_ADDRESS", "to 12 Lagoon Rd, Majuro, MH 96960.", ["12 Lagoon Rd, Majuro, MH 96960"]),
    ("US_ADDRESS", "7 Kolonia Way, Pohnpei, FM 96941", ["7 Kolonia Way, Pohnpei, FM 96941"]),
    ("US_ADDRESS", "3 Koror St, Koror, PW 96940", ["3 Koror St, Koror, PW 96940"]),
    ("US_ADDRESS", "55 Calle Sol, San Juan, PR 00901", ["55 Calle Sol, San Juan, PR 00901"]),
    ("US_ADDRESS", "4 Marine Dr, Hagatna, GU 96910", ["4 Marine Dr, Hagatna, GU 96910"]),
    ("US_ADDRESS", "9 Main St, Springfield, AE 62704", []),  # AA/AE/AP only after APO/FPO/DPO
    ("US_ADDRESS", "9 Main St, Springfield, MX 62704", []),  # MX is no USPS code
    # the street line on a line of its own (a space in the detectors' views)
    (
        "US_ADDRESS",
        "Acme Inc\n1600 Maple Avenue\nSpringfield, IL 62704\nPhone",
        ["1600 Maple Avenue\nSpringfield, IL 62704"],
    ),
    (
        "US_ADDRESS",
        "Acme Inc 1600 Maple Avenue Suite 5 Springfield, IL 62704 Phone",
        ["1600 Maple Avenue Suite 5 Springfield, IL 62704"],
    ),
    ("US_ADDRESS", "release 1600 maple avenue springfield, IL 62704", []),  # lower case
    # military and diplomatic mail (Publication 28, section 225)
    ("US_ADDRESS", "to PSC 1234, Box 5678, APO AE 09123.", ["PSC 1234, Box 5678, APO AE 09123"]),
    (
        "US_ADDRESS",
        "Unit 2050 Box 4190\nAPO AP 96278-4190",
        ["Unit 2050 Box 4190\nAPO AP 96278-4190"],
    ),
    ("US_ADDRESS", "CMR 450 Box 12, APO AE 09012", ["CMR 450 Box 12, APO AE 09012"]),
    ("US_ADDRESS", "Unit 1234 Box 5678, DPO AA 34001", ["Unit 1234 Box 5678, DPO AA 34001"]),
    ("US_ADDRESS", "USNS Comfort, FPO AA 34055", ["USNS Comfort, FPO AA 34055"]),
    ("US_ADDRESS", "USS Nimitz FPO AP 96620-2820", ["USS Nimitz FPO AP 96620-2820"]),
    ("US_ADDRESS", "PSC 1234, Box 5678, APO IL 09123", []),  # APO needs AA/AE/AP
    ("US_ADDRESS", "PSC 1234, Box 5678, APO AX 09123", []),
    ("US_ADDRESS", "the APO AE 09123 office", []),  # no unit, box or ship line
    ("US_ADDRESS", "PSC 12, Box 5678, FPO AE 00000", []),  # ZIP 00000 is not issued
    # UK: flat or house number, street, town, Royal Mail postcode
    (
        "UK_ADDRESS",
        "Address: 8 Chelsea Road, North Hill, MK9 2FW.",
        ["8 Chelsea Road, North Hill, MK9 2FW"],
    ),
    ("UK_ADDRESS", "10 Downing Street, London SW1A 2AA", ["10 Downing Street, London SW1A 2AA"]),
    (
        "UK_ADDRESS",
        "Flat 3, 12 High Street, Stratford upon Avon, CV37 6AB",
        ["Flat 3, 12 High Street, Stratford upon Avon, CV37 6AB"],
    ),
    (
        "UK_ADDRESS",
        "Acme Ltd\nStudio 28b\nKings Road\nLEEDS\nLS1 4DY\nTel",
        ["Studio 28b\nKings Road\nLEEDS\nLS1 4DY"],
    ),
    ("UK_ADDRESS", "4 Mill Lane, Manchester, M1 1AE", ["4 Mill Lane, Manchester, M1 1AE"]),
    ("UK_ADDRESS", "product code AB12 3DE in stock", []),  # a postcode shape, no street
    # no house or flat number: a town line alone is read only as a quoted field
    ("UK_ADDRESS", "Acme Ltd, London SW1A 2AA", []),
    ("UK_ADDRESS", '"city": "London SW1A 2AA"', ["London SW1A 2AA"]),
    # a town's small word and abbreviation ("upon", "St.")
    ("UK_ADDRESS", '"city_line": "Newcastle upon Tyne NE3 1QR"', ["Newcastle upon Tyne NE3 1QR"]),
    ("CA_ADDRESS", '"city_line": "St. John\'s, NL A1B 2J8"', ["St. John's, NL A1B 2J8"]),
    ("US_TOWN_LINE", '"line2": "St. Louis, MO 63101"', ["St. Louis, MO 63101"]),
    ("UK_ADDRESS", '"city": "upon Tyne NE3 1QR"', []),  # a town opens with a capital
    ("UK_ADDRESS", '"town": "Stoke on Trent ST4 4EG"', ["Stoke on Trent ST4 4EG"]),
    ("AU_ADDRESS", '"Appendix B of The Act, NSW 2000"', []),  # no "of", "the"
    ("US_TOWN_LINE", '"Dr. Who Returns, TX 75001"', []),  # only St., Mt., … abbreviated
    ("US_TOWN_LINE", '"Mt. Pleasant, MI 48858"', ["Mt. Pleasant, MI 48858"]),
    ("UK_ADDRESS", "Product Code AB12 3DE", []),
    ("UK_ADDRESS", "12 High Street, London QW1 2AB", []),  # no outward code starts with Q
    ("UK_ADDRESS", "12 High Street, London SW1 2CI", []),  # C and I are no inward letters
    ("UK_ADDRESS", "12 High Street, London SW1A2AA", ["12 High Street, London SW1A2AA"]),
    ("UK_ADDRESS", "12 High Street, London SW1A 2AAB", []),  # no postcode ends in 3 letters
    # obfuscated e-mail addresses
    (
        "EMAIL_OBFUSCATED",
        "mail jane.doe [at] example [dot] com",
        ["jane.doe [at] example [dot] com"],
    ),
    ("EMAIL_OBFUSCATED", "jane dot doe at example dot com", ["jane dot doe at example dot com"]),
    ("EMAIL_OBFUSCATED", "bob(at)corp.example.org", ["bob(at)corp.example.org"]),
    ("EMAIL_OBFUSCATED", "available at example.com", []),
    ("EMAIL_OBFUSCATED", "look at this", []),
    # the password of a URL's userinfo
    ("URL_PASSWORD", "postgres://admin:S3cr3t!x@db.example.com:5432/app", ["S3cr3t!x"]),
    ("URL_PASSWORD", "redis://:hunter2@cache.example.net/0", ["hunter2"]),
    ("URL_PASSWORD", "https://u:pa:ss@[2001:db8::1]/", ["pa:ss"]),
    ("URL_PASSWORD", "ssh://git@gitlab.example.net:2222/team/app.git", []),  # no password
    ("URL_PASSWORD", "https://example.com:8443/path@v2", []),  # a port, a path with "@"
    # user:password@host without a scheme: a credential pair where a mark says so
    ("URL_PASSWORD", "user=admin:hunter2@host.example.com", ["hunter2"]),  # assigned
    ("URL_PASSWORD", "user:pass@host", ["pass"]),  # a host that is no mail domain
    ("URL_PASSWORD", "use admin:pw@10.1.2.5 now", ["pw"]),
    ("URL_PASSWORD", "connect admin:S3cr3t@db.example.com:5432", ["S3cr3t"]),  # a port
    ("URL_PASSWORD", "redis admin:pw@cache.example.com/0", ["pw"]),  # a path
    ("URL_PASSWORD", "login admin:hu!nter2@mail.example.org", ["hu!nter2"]),
    ("URL_PASSWORD", "user:hunter2@host.example.com", []),  # an address: EMAIL's
    ("URL_PASSWORD", "DSN=admin:S3cr!t:x@10.0.0.5:5432/app", ["S3cr!t:x"]),
    ("URL_PASSWORD", '"sa:Pa$$w0rd@[2001:db8::1]"', ["Pa$$w0rd"]),
    ("URL_PASSWORD", "mailto:bob@example.com", []),  # a label, not a user
    ("URL_PASSWORD", "Email:bob@example.com", []),  # a capitalised label
    ("URL_PASSWORD", "at 10:30@home", []),  # a time: no user name starts with a digit
    ("URL_PASSWORD", "path/user:pw@host", []),  # not the start of a token
    ("URL_PASSWORD", "admin: pw@host", []),  # a space: no pair
]

# Addresses of Australia and Canada (whole, or the town line alone) and US and UK town
# lines alone; a phrase that opens with a word no town is, and a postcode of the wrong
# country's format, are none.
MORE_ROWS += [
    ("AU_ADDRESS", "Renter address: Flat 96 135 Cruz Row Harmonfurt TAS 2006 Mobile",
     ["Flat 96 135 Cruz Row Harmonfurt TAS 2006"]),
    ("AU_ADDRESS", "Home: 8/752 Joseph Gap, East Chadmouth WA 6008.",
     ["8/752 Joseph Gap, East Chadmouth WA 6008"]),
    ("AU_ADDRESS", '"town": "Parramatta NSW 2150"', ["Parramatta NSW 2150"]),
    ("AU_ADDRESS", "In NSW 2000 people voted.", []),
    # (review) a town line alone only as a quoted field: in prose it is a title or a
    # statute as often
    ("AU_ADDRESS", "Under the COMPANIES ACT 2006 directors", []),
    ("AU_ADDRESS", "Bus Route NSW 2145 timetable", []),
    ("AU_ADDRESS", "Parramatta NSW 21500", []),  # five digits: no Australian postcode
    ("CA_ADDRESS", "My address is 387 Conner Path Apt. 047, Coxmouth, AB N5H 6V9. Do not",
     ["387 Conner Path Apt. 047, Coxmouth, AB N5H 6V9"]),
    ("CA_ADDRESS", '"line2": "Lake Eric, AB M4R 2A6",', ["Lake Eric, AB M4R 2A6"]),
    ("CA_ADDRESS", "Ottawa, ON D1A 0B1", []),  # no postal code starts with D
    ("CA_ADDRESS", "Ship to ON K1A 0B1", []),
    ("US_TOWN_LINE", '"line2": "Port Brandonside, TX 77657",', ["Port Brandonside, TX 77657"]),
    ("US_TOWN_LINE", "Springfield, ZZ 62704", []),  # no such state
    ("US_TOWN_LINE", "User Account, ID 12345 was locked", []),
    ("US_TOWN_LINE", "Assets Total, MA 02139", []),
    ("UK_ADDRESS", '"line2": "North Franciston TW3A 0RB"', ["North Franciston TW3A 0RB"]),
    ("UK_ADDRESS", '"Woodland S0 6WR"', ["Woodland S0 6WR"]),
    ("UK_ADDRESS", '"Woodland SO 6WR"', []),  # the outward code needs a digit
    ("UK_ADDRESS", "The MacBook Air M1 8GB is fast.", []),
    ("UK_ADDRESS", '"Samsung T7 2TB"', []),  # a storage size is no inward code
    ("UK_ADDRESS", "Room Q1 2AB", []),  # no postcode starts with Q
]  # fmt: skip

# A street line alone in a quoted field, a vCard's ADR value, and Austrian house numbers
# with staircase and door, bilingual towns.
MORE_ROWS += [
    ("STREET_FIELD", "(919714, 'Ursina', 'Berger', 'Rosenweg 96a', '1201')", ["Rosenweg 96a"]),
    ("STREET_FIELD", '{"line1": "8046 S Congress Pl", "city": "Austin"}', ["8046 S Congress Pl"]),
    ("STREET_FIELD", '"line1": "Flat 05t, Bernard Ferry",', ["Flat 05t, Bernard Ferry"]),
    ("STREET_FIELD", '"status": "404 Not Found"', []),  # no street-type word
    ("STREET_FIELD", "see 8046 S Congress Pl for details", []),  # not a field of its own
    ("CA_ADDRESS", '"1817-1638 King Drive Winnipeg, MB R1P 2R3"',
     ["1817-1638 King Drive Winnipeg, MB R1P 2R3"]),
    ("STREET_FIELD", "address = 'Apt. 5, 12 Main Street'", ["Apt. 5, 12 Main Street"]),
    # (review) titles, names and counts in quotes
    ("STREET_FIELD", "semester = 'Spring 2024'", []),
    ("STREET_FIELD", "['Monitor 2','Sector 7','Firewall 1','Im Jahr 2024','Neue Version 3']", []),
    ("STREET_FIELD", "['3 Day Pass','8 Port','10 Points','2 Way','42 Key']", []),
    # a town line alone as a JSON value, under a key for the town
    ("TOWN_FIELD", '{"strasse": "Peukertstr. 6", "ort": "92710 Erkelenz"}', ["92710 Erkelenz"]),
    ("TOWN_FIELD", '{"Stadt": "60311 Frankfurt am Main"}', ["60311 Frankfurt am Main"]),
    ("TOWN_FIELD", '{"kunde": {"city": "CH-8001 Zürich"}}', ["CH-8001 Zürich"]),
    ("TOWN_FIELD", '{"prize": "50000 Euro", "sort": "10115 Berlin"}', []),  # not a town key
    ("TOWN_FIELD", '{"ort": "00999 Nowhere", "city": "2024 release notes"}', []),  # no PLZ
    ("TOWN_FIELD", 'ort: "92710 Erkelenz"', []),  # not a parsed JSON value
    ("TOWN_FIELD", '{"PLZ_Ort": "92710 Erkelenz, Deutschland"}', ["92710 Erkelenz, Deutschland"]),
    ("TOWN_FIELD", '{"city": "A-10115 Wien", "town": "D-1010 Wien"}', []),  # the country's
    ("TOWN_FIELD", "<kunde><ort>4208 Glarus</ort><menge>5000 Einheiten</menge></kunde>",
     ["4208 Glarus"]),
    # a form's line for the town or the street, in German
    ("TOWN_FIELD", "Straße/Hausnr.: Heckerstraße 7481\nPLZ/Ort: 13802 Rostock\nAusweis-Nr.: 1",
     ["13802 Rostock"]),
    ("TOWN_FIELD", "Wohnort: 60311 Frankfurt am Main, seit 2019", ["60311 Frankfurt am Main"]),
    ("TOWN_FIELD", "Sport: 10115 Berlin; Menge: 5000 Einheiten", []),  # no label for a town
    ("STREET_FIELD", "Straße/Hausnr.: Heckerstraße 7481\nPLZ/Ort: 13802 Rostock",
     ["Heckerstraße 7481"]),
    ("STREET_FIELD", "Straße: Geyergasse 402", ["Geyergasse 402"]),
    ("STREET_FIELD", "Landstraße: B 96 gesperrt", []),  # no street grammar after it
    # Publication 28's rarer suffixes and the Royal Mail's thoroughfares
    ("STREET_FIELD", '"line1": "937 Alvin Ford Apt. 238",', ["937 Alvin Ford Apt. 238"]),
    ("STREET_FIELD", '{"line1": "6 Parkinson Unions"}', ["6 Parkinson Unions"]),
    ("STREET_FIELD", "street = '14 Kings Wynd'", ["14 Kings Wynd"]),
    ("STREET_FIELD", '["502 Bad Gateway", "2 Factor Auth Keys", "3 Smart Locks"]', []),
    ("STREET_FIELD", '["443 SSH Tunnel", "500 Stack Trace", "2024 Tech Summit"]', []),
    ("STREET_FIELD", '["2 Hard Drives", "5 Easy Ways", "1 Red Cape", "4 Seasons Lodge"]', []),
    # an element's text is a field; under a key or element for the street, the key decides
    ("STREET_FIELD", "<td>12 Main Street</td><td>2 Hard Drives</td>", ["12 Main Street"]),
    ("STREET_FIELD",
     '{"street": "4596 Webster Route", "shipping": {"line1": "Flat 8 Price Bypass"}}',
     ["4596 Webster Route", "Flat 8 Price Bypass"]),
    ("STREET_FIELD", '{"steps": {"line1": "3 Easy Steps"}}', []),  # a first line of what?
    ("STREET_FIELD", '<td class="addr">12 Main Street</td> Step 1->4 Main Street',
     ["12 Main Street"]),
    ("STREET_FIELD", "<strasse>Am Markt 51</strasse><note>Am Markt 51</note>", ["Am Markt 51"]),
    ("STREET_FIELD", '{"street": "Main", "title": "4596 Webster Route"}', []),
    ("VCARD_ADDRESS", "ADR;TYPE=HOME:;;128 Victoria Mews;Edinburgh;;EH10 6LP;United Kingdom\n"
     "BDAY:19781001", ["128 Victoria Mews;Edinburgh;;EH10 6LP;United Kingdom"]),
    ("VCARD_ADDRESS", "ADR:;;6356 Grant Lane;Omaha;NE;68137;USA BDAY:19540927",
     ["6356 Grant Lane;Omaha;NE;68137;USA"]),
    ("VCARD_ADDRESS", "the ADR; field is empty", []),
    # (review) an architecture decision record; a sentence after the card; Apple's
    # grouped property and a lower-case card
    ("VCARD_ADDRESS", "See ADR:0012 for details", []),
    ("VCARD_ADDRESS", "ADR:;;12 Main St;Springfield;IL;62701;USA\nPlease call me at noon.",
     ["12 Main St;Springfield;IL;62701"]),
    ("VCARD_ADDRESS", "item1.ADR;type=HOME;type=pref:;;12 Main St;Springfield;IL;62701;USA\n"
     "item1.X-ABADR:us", ["12 Main St;Springfield;IL;62701;USA"]),
    ("VCARD_ADDRESS", "adr;type=home:;;12 Main St;Springfield;IL;62701;USA",
     ["12 Main St;Springfield;IL;62701;USA"]),
    ("AT_CH_ADDRESS", "Wohnhaft: Kärntner Straße 28/Top 13, 9020 Klagenfurt am Wörthersee",
     ["Kärntner Straße 28/Top 13, 9020 Klagenfurt am Wörthersee"]),
    # (a place's adjective before a town or a street is left out: in a view a line's
    # last word, often a surname in -er, stands right before the next line)
    ("AT_CH_ADDRESS", "Firma Müller\nHauptstraße 5, 2700 Wiener Neustadt",
     ["Hauptstraße 5, 2700 Wiener"]),
    ("DE_ADDRESS", "Uhlandstr. 63\n30567 Hannover\nGeburtstag: 3. Juni 1996",
     ["Uhlandstr. 63\n30567 Hannover"]),
    ("AT_CH_ADDRESS", "Adresse: Zürichstrasse 126a, 2503 Biel/Bienne",
     ["Zürichstrasse 126a, 2503 Biel/Bienne"]),
    ("DE_ADDRESS", "Der Hauptstraße 5, 10115 Berlin folgen", ["Hauptstraße 5, 10115 Berlin"]),
]  # fmt: skip

# Vendor tokens with a fixed prefix (gitleaks' rules): a token of the vendor's layout in
# a config line is found whole; its first 14 characters (a body far too short), or the
# token glued to a word before it, are not.
_HEX = "3b259c0a24929c1366efe26459598da0" * 4
_ALNUM = "q7Rt2mXz9KpL4vWn8YbC3dFg6HjS1aQe5UoI0rTy" * 8
_VENDOR_SAMPLES: list[tuple[str, str]] = [
    ("DIGITALOCEAN_TOKEN", "dop_v1_" + _HEX[:64]),
    ("SHOPIFY_TOKEN", "shpat_" + _HEX[:32]),
    ("DOPPLER_TOKEN", "dp.pt." + _ALNUM[:43]),
    ("DYNATRACE_TOKEN", "dt0c01." + _ALNUM[:24].upper() + "." + _ALNUM[:64].upper()),
    ("LINEAR_API_KEY", "lin_api_" + _ALNUM[:40]),
    ("POSTMAN_API_KEY", "PMAK-" + _HEX[:24] + "-" + _HEX[:34]),
    ("PULUMI_TOKEN", "pul-" + _HEX[:40]),
    ("GRAFANA_TOKEN", "glsa_" + _ALNUM[:32] + "_" + _HEX[:8]),
    ("DATABRICKS_TOKEN", "dapi" + _HEX[:32]),
    ("ATLASSIAN_TOKEN", "ATATT3" + _ALNUM[:186]),
    ("SENTRY_TOKEN", "sntryu_" + _HEX[:64]),
    ("NEW_RELIC_KEY", "NRAK-" + _ALNUM[:27].upper()),
    ("PLANETSCALE_TOKEN", "pscale_tkn_" + _ALNUM[:43]),
    ("HEROKU_KEY", "HRKU-AA" + _ALNUM[:58]),
    ("VAULT_TOKEN", "hvs." + _ALNUM[:95]),
    ("TERRAFORM_CLOUD_TOKEN", _ALNUM[:14] + ".atlasv1." + _ALNUM[:67]),
    ("FLY_TOKEN", "fo1_" + _ALNUM[:43]),
    ("AGE_SECRET_KEY", "AGE-SECRET-KEY-1" + ("QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L" * 2)[:58]),
    ("DOCKER_HUB_TOKEN", "dckr_pat_" + _ALNUM[:27]),
    ("SQUARE_TOKEN", "sq0csp-" + _ALNUM[:43]),
    ("DISCORD_WEBHOOK", "https://discord.com/api/webhooks/123456789012345678/" + _ALNUM[:68]),
    ("ALIBABA_ACCESS_KEY", "LTAI" + _ALNUM[:20]),
    ("RUBYGEMS_KEY", "rubygems_" + _HEX[:48]),
    ("CLOJARS_TOKEN", "CLOJARS_" + _ALNUM[:60]),
    ("OPENSHIFT_TOKEN", "sha256~" + _ALNUM[:43]),
    ("PREFECT_KEY", "pnu_" + _ALNUM[:36]),
    ("README_KEY", "rdme_" + _HEX[:70]),
    ("DUFFEL_TOKEN", "duffel_test_" + _ALNUM[:43]),
    ("EASYPOST_KEY", "EZAK" + _ALNUM[:54]),
    ("ONEPASSWORD_TOKEN", "ops_eyJ" + _ALNUM[:260]),
    ("SOURCEGRAPH_TOKEN", "sgp_" + _HEX[:40]),
    ("NOTION_TOKEN", "ntn_" + "12345678901" + _ALNUM[:35]),
    ("GROQ_KEY", "gsk_" + _ALNUM[:52]),
    ("XAI_KEY", "xai-" + _ALNUM[:80]),
    ("PERPLEXITY_KEY", "pplx-" + _ALNUM[:48]),
    ("REPLICATE_TOKEN", "r8_" + _ALNUM[:37]),
    ("ARTIFACTORY_KEY", "AKCp" + _ALNUM[:69]),
]
MORE_ROWS += [
    row
    for name, token in _VENDOR_SAMPLES
    for row in (
        (name, f"export VENDOR_CREDENTIAL={token}\n", [token]),
        (name, f"key {token[:14]} end", []),
        (name, f"x{token}", []),
    )
]
MORE_ROWS += [
    ("FLY_TOKEN", "here fm1a_" + _ALNUM[:120] + " end", ["fm1a_" + _ALNUM[:120]]),
    ("FLY_TOKEN", "here fm2_" + _ALNUM[:120] + " end", ["fm2_" + _ALNUM[:120]]),
]


@pytest.mark.parametrize(("name", "text", "expected"), MORE_ROWS)
def test_more_rows(name: str, text: str, expected: list[str]) -> None:
    """Each row: the entity alone finds exactly the expected values in the text."""
    assert found(name, text) == expected


@pytest.mark.parametrize(
    ("text", "number"),
    [
        ("TAN an 01 86975 758 gesendet", "01 86975 758"),
        ("I would like to stop receiving messages to 0604876475", "0604876475"),
        ("They're not answering at 0015521429", "0015521429"),
    ],
)
def test_phone_context_words_hold_with_the_label_reader(text: str, number: str) -> None:
    """The words that name where a number is answered are no label the reader reads:
    PHONE_CONTEXT stays a rule with ``read_labels`` on (the default), so the number is
    found there too (an ISBN-10-valid run, a grouped trunk-0 number)."""
    detector = create({}, DetectorContext(name="t"))
    assert [(s.label, text[s.start : s.end]) for s in detector.scan(text)] == [("PHONE", number)]


def test_ssn_area_9xx_option_reads_9xx_after_a_keyword() -> None:
    """With ``ssn_area_9xx`` a 9xx number after an SSN keyword is an SSN; without, not."""
    text = "SSN: 912-34-5678 and SSN 912345678; order 912-34-5678"
    assert found("US_SSN_BARE", text) == []
    assert found("US_SSN_BARE", text, ssn_area_9xx=True) == ["912-34-5678", "912345678"]
    with pytest.raises(ConfigError, match="ssn_area_9xx"):
        create({"ssn_area_9xx": "yes"}, DetectorContext(name="t"))


GITLEAKS = """
title = "test rules"
[extend]
useDefault = true
[[rules]]
id = "acme-token"
regex = \'\'\'(?i)acme[_-]?token\\s*[:=]\\s*["']?([a-z0-9]{24})\\b\'\'\'
secretGroup = 1
entropy = 3.0
keywords = ["acme"]
[[rules.allowlists]]
regexes = [\'\'\'^0+$\'\'\']
stopwords = ["example"]
[[rules]]
id = "path-only"
path = \'\'\'\\.pem$\'\'\'
"""


def test_gitleaks_rules_load_and_apply(tmp_path: Path) -> None:
    """A gitleaks TOML file adds rules: secret group, entropy, keywords, allowlists."""
    (tmp_path / "rules.toml").write_text(GITLEAKS, encoding="utf-8")
    detector = create(
        {"entities": [], "gitleaks": "rules.toml"},
        DetectorContext(name="t", base_dir=tmp_path),
    )
    text = (
        "ACME_TOKEN=a8f3kpq92lmzx7rt4vbn1c5d, acme_token: 000000000000000000000000, "
        "acme-token = exampleexampleexample1234, acmetoken=aaaaaaaaaaaaaaaaaaaaaaaa"
    )
    spans = detector.scan(text)
    assert [(s.label, text[s.start : s.end]) for s in spans] == [
        ("API_KEY", "a8f3kpq92lmzx7rt4vbn1c5d")
    ]
    assert detector.scan("no keyword here: a8f3kpq92lmzx7rt4vbn1c5d") == []


@pytest.mark.parametrize(
    ("content", "field"),
    [
        ("not = [toml", "gitleaks"),
        ("[[rules]]\nid = 'bad'\nregex = '''(unclosed'''\n", "gitleaks.rules[bad].regex"),
        ("[[rules]]\nid = 'g'\nregex = 'x'\nsecretGroup = -1\n", "gitleaks.rules[g].secretGroup"),
    ],
)
def test_gitleaks_errors_name_the_rule(tmp_path: Path, content: str, field: str) -> None:
    """A broken gitleaks file is a ConfigError naming the option and the rule."""
    (tmp_path / "rules.toml").write_text(content, encoding="utf-8")
    with pytest.raises(ConfigError) as caught:
        create({"gitleaks": "rules.toml"}, DetectorContext(name="t", base_dir=tmp_path))
    assert caught.value.path == field
    with pytest.raises(ConfigError, match="cannot read"):
        create({"gitleaks": "missing.toml"}, DetectorContext(name="t", base_dir=tmp_path))


# -- a reply is masked exactly where a prompt is --------------------------------------

_VALUES = [
    "01067", "030 1234567", "030 12345-67", "0301 2345678-12", "(555)123-4567x905",
    "415-555-0123, ext. 12", "+49 30 1234567", "0049 30 1234567", "01234567", "0306406152",
    "09256341685", "4155551234", "030123456", "4111 1111 1111 1111", "4111 1111 1111 1112",
    "6759 6498 2648", "DE89 3704 0044 0532 0130 01", "05.03.1985", "March 5, 1985",
    "912-70-1234", "536-22-1234", "12.03.2024", "1.2.3.4", "2024-01-15",
]  # fmt: skip
_BEFORE = ["", "PLZ ", "Case ", "ISBN ", "born ", "tel ", "call ", "ITIN ", "x", "-", "(", "DE89 "]
_AFTER = ["", " Dresden", ".", ",", "x12", " ext. 9", ")", "\n", ":", " am"]


@functools.cache
def _egress_rules(name: str) -> EgressRules:
    entry = BUILTIN_ENTITIES[name]
    pattern = OutputPattern(
        name=entry.name, label=entry.label, pattern=entry.pattern, validator=entry.validator
    )
    return EgressPolicy(patterns=[pattern], mask="<{label}>").for_request({}, {})


def _unmasked(text: str, spans: Sequence[Span]) -> list[str]:
    """The pieces of ``text`` between ``spans`` (sorted): what a mask leaves standing."""
    kept: list[str] = []
    cursor = 0
    for span in spans:
        kept.append(text[cursor : span.start])
        cursor = span.end
    kept.append(text[cursor:])
    return kept


def _egress_masked(name: str, text: str) -> list[str]:
    flt = EgressFilter(_egress_rules(name))
    out = flt.feed(text) + flt.close()
    return [part for part in out.split(f"<{BUILTIN_ENTITIES[name].label}>")]


@settings(max_examples=200, deadline=None)
@given(st.sampled_from(_BEFORE), st.sampled_from(_VALUES), st.sampled_from(_AFTER))
def test_egress_masks_exactly_what_ingress_finds(before: str, value: str, after: str) -> None:
    """For the numeric built-ins, the reply filter (pattern + validator) masks exactly
    the spans the prompt detector reports on the same text: no ingress-only gate (digit
    counts, clusters, prefilters) makes a prompt laxer than a reply, or the reverse.
    (Overlapping e-mail candidates are resolved leftmost-first in the stream and
    longest-first in the prompt, and a rejected over-long digit run is shortened by the
    prompt detector only; those differences are not this property: one candidate
    value per text, with context words and glued characters around it.)"""
    text = before + value + after
    detector = create({}, DetectorContext(name="t"))
    for name, entry in BUILTIN_ENTITIES.items():
        if entry.label != "PHONE" and name not in ("CREDIT_CARD", "DATE_OF_BIRTH", "US_ITIN"):
            continue
        alone = create({"entities": [name], "read_labels": False}, DetectorContext(name="t"))
        assert _egress_masked(name, text) == _unmasked(text, alone.scan(text)), name
    assert detector.scan(text) is not None


# Addresses of every grammar searched near a hit (a postcode, an Eircode, a state and
# ZIP, a label), as written in the rows above, and what may stand around them.
_NEAR_VALUES = [
    "Rosenstraße 114 a, 04109 Leipzig", "Milica-Holl-Platz 131, Top 33, A-9020 Klagenfurt",
    "Postfach 54 19 21\n28195 Bremen", "1894 Spring Street\nAustin TX 78701",
    "123 Main St, Springfield, IL 62704", "Flat 3, 12 Baker Street, London NW1 6XE",
    "676 MacDonnell Terrace, Dublin 6, Co. Dublin, D06 C2Y5",
    "85 Albert Cross Road, Indiranagar, Bengaluru 560038, Karnataka",
    "78 Park Place, Hamilton East, Hamilton 3204", "6230 Randolph Road",
    "NEWCASTLE NSW 2300", "Ottawa ON K1S 6Y3", "Austin TX 78701", "Galway, H91 T3H3",
    "Alte Landstraße 33 b", "2 Bed Terrace, Monthly Rent 2024",
    "9 W Meadow Ln, Boise ID 83707", "Schulplatz 81a, 2. OG links, 50667 Köln",
    "Ponsonby, Auckland 1011", "Andheri West, Mumbai 400058, Maharashtra",
    "7671 Albert Terrace Flat 4",
]  # fmt: skip
_NEAR_BEFORE = ["", "Pickup: ", "Town/postcode: ", "Address line 1: ", "Straße: ", "x", "(",
                '{"street": "', "wohnhaft ", "\n", '{"city": "']  # fmt: skip
_NEAR_AFTER = ["", ".", ",", " (airport)", "\n", "x", " 2024", ", New Zealand", '"}', "7"]


@functools.cache
def _alone(name: str) -> Chain:
    """A chain of the built-in ``name`` alone, label reader off."""
    return Chain([create({"entities": [name], "read_labels": False}, DetectorContext(name="t"))])


@settings(max_examples=120, deadline=None)
@given(
    st.sampled_from(_NEAR_BEFORE), st.sampled_from(_NEAR_VALUES), st.sampled_from(_NEAR_AFTER)
)
def test_egress_masks_addresses_exactly_where_ingress_finds_them(
    before: str, value: str, after: str
) -> None:
    """For the built-ins searched only near a cheap hit (the address grammars), the reply
    filter masks exactly what the prompt side (the chain, on the canonical view)
    reports: the hit patterns, the digit clusters they are looked for at and the search
    windows make no prompt laxer than a reply, or the reverse (the contract that a
    label's output pattern is as strict as its ingress rule)."""
    text = before + value + after
    for name in ("DE_ADDRESS", "AT_CH_ADDRESS", "US_ADDRESS", "UK_ADDRESS", "IE_ADDRESS",
                 "US_TOWN_LINE", "IN_ADDRESS", "NZ_ADDRESS", "TOWN_FIELD", "STREET_FIELD",
                 "AU_ADDRESS", "CA_ADDRESS"):  # fmt: skip
        # (the prompt side reads the canonical view, as the reply filter folds: "ß")
        [spans] = asyncio.run(_alone(name).detect([text]))
        assert _egress_masked(name, text) == _unmasked(text, spans), name

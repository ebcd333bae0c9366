# ruff: noqa: E501  (frames are data: a line is as long as the text it writes)
"""English frames: what people paste into an LLM, in our own wording.

Markup (see :mod:`bench.fresh2.generate`): ``{{slot}}`` a gold value drawn by the slot's
generator, ``{{slot=t}}`` the same and remembered as ``t``, ``{{=t}}`` that value again,
``{{name:a}}``/``{{first:a}}``/``{{last:a}}``/``{{mail:a}}`` person ``a``'s full name,
first name, surname and mailbox, ``{{~kind}}`` a hard negative of ``kind``.
A frame is ``(kind, texts)`` or ``(kind, texts, locale)``.
"""

from __future__ import annotations

from typing import Final

FRAMES: Final[tuple[tuple[str, tuple[str, ...]] | tuple[str, tuple[str, ...], str], ...]] = (
    # ---- support tickets -----------------------------------------------------------------
    (
        "ticket",
        (
            "You are a support triage assistant. Classify the ticket and draft a reply.",
            "Subject: charged twice for order {{~order_number}}\n\nHi, I was billed twice on "
            "{{~date}} ({{~amount}} each). Card on file ends in the number {{card}}. Please refund "
            "one of them. You can reach me at {{phone}} after 5pm.\n\nThanks,\n{{name:a}}",
        ),
    ),
    (
        "ticket",
        (
            "Ticket {{~ticket_id}} | Priority: high | Channel: web form\n"
            "Customer: {{name:a}} <{{mail:a}}>\nPhone: {{phone}}\n\n"
            "Can't log in since the {{~version}} update. Tried resetting the password twice. "
            "My backup address is {{email}}, maybe the reset mail went there?",
        ),
    ),
    (
        "ticket",
        (
            "Summarise this for the account manager in two sentences:\n\n"
            "hey, its {{first:a}} again from the warehouse team. our shipment {{~tracking_number}} is "
            "stuck, the courier says the consignee phone {{phone}} is wrong but it isnt. "
            "pls call me on my mobile instead: {{phone}}. cheers",
        ),
    ),
    (
        "ticket",
        (
            "Refund request\nName: {{name:a}}\nIBAN: {{iban}}\nBIC: {{bic}}\nAmount: {{~amount}}\n"
            "Reason: duplicate invoice {{~invoice_number}}\nRequested on {{~date}}",
        ),
        "en_GB",
    ),
    (
        "ticket",
        (
            "The customer wrote (translate into Spanish, keep the formatting):\n"
            "> Please update my billing details. New card: {{card}}, expiry 09/28. "
            "Old one ({{card}}) was cancelled by the bank.\n> {{name:a}}, {{address}}",
        ),
    ),
    (
        "ticket",
        (
            "Help me reply politely. Customer says they never got the parcel "
            "(tracking {{~tracking_number}}, order {{~order_number}}). Their contact: "
            "{{email_obf}} — they wrote it like that on purpose. Phone {{phone}}.",
        ),
    ),
    # ---- HR and customer e-mails ---------------------------------------------------------
    (
        "hr_mail",
        (
            "Draft an onboarding checklist from this e-mail.",
            "From: {{mail:b}}\nTo: {{mail:a}}\nSubject: Welcome aboard, {{first:a}}!\n\n"
            "Hi {{first:a}},\n\nfor payroll we still need your SSN ({{ssn}}), your date of birth "
            "(you wrote {{dob}} on the form, please confirm) and the account for salary payments. "
            "Your start date is {{~date}}.\n\nBest regards,\n{{name:b}}\nPeople Team | {{phone}}",
        ),
        "en_US",
    ),
    (
        "hr_mail",
        (
            "Employee record correction\n\nEmployee: {{name:a}}\nNational Insurance number: {{nino}}\n"
            "Date of birth: {{dob}}\nHome address: {{address}}\nEmergency contact: {{name:b}}, {{phone}}\n\n"
            "Please update the HRIS entry ({{~record_phone_like}} is the personnel file, not a phone).",
        ),
        "en_GB",
    ),
    (
        "hr_mail",
        (
            "Can you rewrite this so it sounds less angry?\n\n"
            "{{first:b}}, I have asked three times now. My ITIN is {{itin}}, not the number you "
            "keep putting on my W-2. Please fix it before {{~date}}. — {{name:a}}",
        ),
        "en_US",
    ),
    (
        "hr_mail",
        (
            "Hi {{first:a}},\n\nthe visa office needs a copy of your passport (no. {{passport}}) and "
            "proof of address. Could you send both to {{email}} by Friday? If anything is unclear "
            "call me at {{phone}}.\n\nKind regards\n{{name:b}}",
        ),
    ),
    (
        "customer_mail",
        (
            "Extract the customer's request as JSON with keys name, email, phone, issue.",
            "Good morning,\n\nmy name is {{name:a}} and I am writing about my contract "
            "{{~case_number}}. I moved to {{address}} last month. Please send the new documents "
            "to {{mail:a}} or call {{phone}}.\n\nYours sincerely\n{{name:a}}",
        ),
    ),
    (
        "customer_mail",
        (
            "-----Original Message-----\nFrom: {{name:a}} [mailto:{{mail:a}}]\nSent: {{~date}}\n"
            "To: billing\nSubject: RE: invoice {{~invoice_number}}\n\n"
            "Payment went out today from {{iban}} — reference {{~invoice_number}}. "
            "If it doesn't show up, my direct line is {{phone}}.",
        ),
    ),
    # ---- CRM notes -----------------------------------------------------------------------
    (
        "crm",
        (
            "CRM note {{~timestamp_iso}} by {{name:b}}:\nSpoke to {{name:a}} ({{company}}). Decision "
            "maker. Wants a demo of {{~version}}. Mobile {{phone}}, email {{mail:a}}. Follow up "
            "next week; do NOT call the switchboard {{phone}}.",
        ),
    ),
    (
        "crm",
        (
            "Turn these call notes into a follow-up e-mail:\n- {{name:a}}, procurement at {{company}}\n"
            "- budget {{~amount}}, PO {{~order_number}}\n- prefers email: {{mail:a}}\n"
            "- cell {{phone}} (only urgent)\n- lives near {{address}}, can meet in person",
        ),
    ),
    (
        "crm",
        (
            "Lead #{{~build_id}}: {{name:a}}, DOB {{dob}}, SSN on the credit application {{ssn}}. "
            "Co-applicant {{name:b}}, SSN {{ssn}}. Requested limit {{~amount}}.",
        ),
        "en_US",
    ),
    # ---- chat turns ----------------------------------------------------------------------
    (
        "chat",
        (
            "You are a helpful assistant for a travel agency.",
            "hi i need to change my booking, the name on it is {{name:a}}",
            "Sure! Could you give me the booking reference and a phone number?",
            "ref {{~order_number}}, phone {{phone}}. also my passport number changed, new one is {{passport}}",
        ),
    ),
    (
        "chat",
        (
            "[10:42] {{first:a}}: can someone send me the stripe key for staging\n"
            "[10:43] {{first:b}}: here {{api_stripe}} (rotate after the demo pls)\n"
            "[10:43] {{first:a}}: thx. and the github token for the deploy bot?\n"
            "[10:44] {{first:b}}: {{api_github}}",
        ),
    ),
    (
        "chat",
        (
            "Here is a WhatsApp thread, summarise who owes whom:\n"
            "{{name:a}}: I paid the cabin, {{~amount}}\n{{name:b}}: ok sending you my half, "
            "what's your IBAN again\n{{name:a}}: {{iban}}\n{{name:b}}: done. my number changed btw "
            "{{phone}}",
        ),
        "en_GB",
    ),
    (
        "chat",
        (
            "User: my email is {{email}} and my other email is {{email}}, which one is on the account?",
            "Assistant: I can't see account data, but you can check under Settings.",
            "User: ok. and can you check if {{ipv4}} is in the blocklist? that's my home IP",
        ),
    ),
    # ---- logs and traces -----------------------------------------------------------------
    (
        "log",
        (
            "Why does this keep failing?\n\n"
            "{{~timestamp_iso}} INFO  auth.login user={{mail:a}} src={{ip}} result=ok\n"
            "{{~timestamp_iso}} WARN  auth.login user={{mail:a}} src={{ip}} result=mfa_timeout\n"
            "{{~timestamp_iso}} ERROR payments.charge order={{~order_number}} card={{card}} "
            "declined code={{~hex_code}}",
        ),
    ),
    (
        "log",
        (
            '{{ip}} - - [30/Nov/2026:14:02:11 +0000] "GET /api/v2/users?email={{email_pct}}&page=2 '
            'HTTP/1.1" 200 1534 "-" "Mozilla/5.0" rt={{~version}}\n'
            '{{ip}} - - [30/Nov/2026:14:02:12 +0000] "POST /login HTTP/1.1" 302 0 "-" "curl/8.5.0"',
        ),
    ),
    (
        "log",
        (
            '{"ts":{{~timestamp_epoch_ms}},"level":"error","svc":"checkout","req":"{{~uuid}}",'
            '"customer":{"name":"{{name:a}}","contact":{"email":"{{mail:a}}","phone":"{{phone}}"}},'
            '"client_ip":"{{ip}}","msg":"address validation failed","addr":"{{address}}"}',
        ),
    ),
    (
        "trace",
        (
            "Traceback (most recent call last):\n"
            '  File "/srv/app/billing/sync.py", line 88, in push\n'
            "    resp = client.post(url, json=payload, headers={'Authorization': 'Bearer {{jwt}}'})\n"
            '  File "/usr/lib/python3.11/site-packages/requests/api.py", line 115, in post\n'
            "requests.exceptions.HTTPError: 401 Client Error for url: "
            "https://api.example.net/v1/customers/{{~uuid}}?notify={{email_pct}}\n\n"
            "what does this mean",
        ),
    ),
    (
        "trace",
        (
            "java.lang.IllegalStateException: duplicate account for iban={{iban}} owner={{name:a}}\n"
            "\tat com.example.ledger.AccountService.open(AccountService.java:212)\n"
            "\tat com.example.ledger.Api.create(Api.java:57)\n"
            "Caused by: org.postgresql.util.PSQLException: ERROR: duplicate key (commit {{~commit_hash}})",
        ),
    ),
    (
        "log",
        (
            "Nov 30 03:12:44 bastion sshd[2230]: Failed password for invalid user admin from "
            "{{ip}} port {{~port}} ssh2\nNov 30 03:12:51 bastion sshd[2231]: Accepted publickey for "
            "deploy from {{ipv6}} port 50122 ssh2: ED25519 SHA256:{{~commit_hash}}",
        ),
    ),
    # ---- config / env / YAML / JSON ------------------------------------------------------
    (
        "config",
        (
            "My docker compose won't start, here's the .env (redact nothing, it's staging):\n\n"
            "DATABASE_URL=postgres://app:{{api_generic}}@db:{{~port}}/app\n"
            "AWS_ACCESS_KEY_ID={{aws_id}}\nAWS_SECRET_ACCESS_KEY={{aws_secret}}\n"
            "SENDGRID_API_KEY={{api_sendgrid}}\nSENTRY_RELEASE={{~version}}",
        ),
    ),
    (
        "config",
        (
            "alerting:\n  slack_webhook: {{slack_webhook}}\n  on_call:\n"
            '    - {{mail:a}}\n    - {{mail:b}}\n    - {{email}}\n  escalation_phone: "{{phone}}"\n'
            "image: registry.example.io/ops/alerter@{{~sha256}}",
        ),
    ),
    (
        "config",
        (
            "Why does gcloud reject this service account file?\n"
            '{"type": "service_account", "project_id": "billing-prod", '
            '"private_key_id": "{{~commit_hash}}", "private_key": "{{pem_escaped}}\\n", '
            '"client_email": "{{email}}"}',
        ),
    ),
    (
        "config",
        (
            "tls:\n  cert_file: /etc/ssl/edge.crt\n  key: |\n    {{pem_indented}}\n"
            "upstream:\n  host: {{ipv4_private}}\n  port: {{~port}}",
        ),
    ),
    (
        "config",
        (
            '{"users": [{"id": {{~timestamp_epoch}}, "profile": {"fullName": "{{name:a}}", '
            '"emails": ["{{mail:a}}", "{{email}}"], "phones": ["{{phone}}", "{{phone}}"]}}], '
            '"schema": "{{~version}}"}',
        ),
    ),
    (
        "config",
        (
            "[default]\naws_access_key_id = {{aws_id}}\naws_secret_access_key = {{aws_secret}}\n"
            "region = eu-west-1\n\n[profile ci]\nrole_arn = arn:aws:iam::{{~aws_account}}:role/ci",
        ),
    ),
    (
        "config",
        (
            "//registry.npmjs.org/:_authToken={{api_npm}}\n@acme:registry=https://gitlab.example.com/api/v4/\n"
            "//gitlab.example.com/api/v4/:_authToken={{api_gitlab}}",
        ),
    ),
    # ---- CSV, forms, signatures ----------------------------------------------------------
    (
        "csv",
        (
            "Clean up this CSV (dedupe, fix capitalisation):\n"
            "id,name,email,phone,signup\n"
            "{{~build_id}},{{name:a}},{{mail:a}},{{phone}},{{~date}}\n"
            "{{~build_id}},{{name:b}},{{mail:b}},{{phone}},{{~date}}\n"
            "{{~build_id}},{{name:c}},{{mail:c}},{{phone}},{{~date}}",
        ),
    ),
    (
        "csv",
        (
            "txn_id;card;amount;ip\n{{~uuid}};{{card}};{{~amount}};{{ip}}\n"
            "{{~uuid}};{{card}};{{~amount}};{{ip}}",
        ),
    ),
    (
        "form",
        (
            "Fill in the missing fields of this application and flag anything inconsistent:\n"
            "Full name: {{name:a}}\nDate of birth: {{dob}}\nSSN: {{ssn}}\nPassport: {{passport}}\n"
            "Address: {{address}}\nPhone (day): {{phone}}\nPhone (evening): {{phone}}\n"
            "E-mail: {{mail:a}}",
        ),
        "en_US",
    ),
    (
        "form",
        (
            "Direct Debit Instruction\nAccount holder: {{name:a}}\nIBAN: {{iban_wrapped}}\n"
            "Reference: {{~invoice_number}}\nSigned {{~date}}",
        ),
    ),
    (
        "signature",
        (
            "Shorten this e-mail to three bullet points:\n\nHi all, the Q3 numbers are attached "
            "(file {{~sha256}}). Revenue {{~amount}}.\n\n--\n{{name:a}}\nHead of Finance, {{company}}\n"
            "T {{phone}} | M {{phone}}\n{{mail:a}}\n{{address}}",
        ),
    ),
    (
        "signature",
        (
            "{{first:a}} {{last:a}} | Senior Engineer\nm: {{phone}}\ne: {{email_obf}}\n"
            "pgp: {{~commit_hash}}",
        ),
    ),
    # ---- code with credentials -----------------------------------------------------------
    (
        "code",
        (
            "Refactor this into a config class:\n```python\nimport openai\n"
            'openai.api_key = "{{api_openai}}"\nHF_TOKEN = "{{api_huggingface}}"\n'
            "TIMEOUT = 30  # seconds, see ISSUE {{~ticket_id}}\n```",
        ),
    ),
    (
        "code",
        (
            "```js\nconst twilio = require('twilio')('{{api_twilio}}', process.env.TWILIO_SECRET);\n"
            "await twilio.messages.create({ to: '{{phone}}', from: '{{phone}}', body: 'Your code' });\n"
            "```\nwhy does this throw 20003?",
        ),
    ),
    (
        "code",
        (
            "curl -X POST https://api.example.com/v1/export \\\n"
            "  -H 'Authorization: Bearer {{jwt}}' \\\n"
            "  -H 'X-Api-Key: {{api_google}}' \\\n"
            '  -d \'{"email":"{{email}}","since":"{{~timestamp_iso}}"}\'',
        ),
    ),
    (
        "code",
        (
            "This key is in my git history, how do I purge it?\n\n{{pem}}\n\ncommit {{~commit_hash}} "
            "on {{~git_remote}}",
        ),
    ),
    (
        "code",
        (
            "The deploy log printed my token wrapped like this, is it the full token?\n"
            "OPENAI_API_KEY=\n{{api_wrapped}}\n(pipeline build {{~build_id}})",
        ),
    ),
    # ---- hard shapes: adjacent, nested, lists --------------------------------------------
    (
        "shapes",
        (
            "contacts: {{mail:a}},{{mail:b}};{{email}}\nphones: {{phone}}/{{phone}}\n"
            "owner: {{name:a}}<{{mail:a}}>",
        ),
    ),
    (
        "shapes",
        (
            '{"order": {"id": "{{~order_number}}", "billing": {"card": {"number": "{{card}}", '
            '"holder": "{{name:a}}"}, "iban": "{{iban}}"}, "shipping": {"address": "{{address}}", '
            '"tracking": "{{~tracking_number}}"}}}',
        ),
    ),
    (
        "shapes",
        (
            "Allowed IPs: [{{ip}}, {{ip}}, {{ipv6}}]\nDenied: {{ipv4}}\nhealthcheck on port {{~port}}",
        ),
    ),
    (
        "shapes",
        ("Card on file:\n{{card_wrapped}}\nexp 11/27 — please charge the outstanding {{~amount}}",),
    ),
    # ---- hard negatives mostly -----------------------------------------------------------
    (
        "negatives",
        (
            "Release notes {{~version}}: fixed CVE {{~cve}} (commit {{~commit_hash}}), bumped the "
            "redis port default to {{~port}}, migration {{~uuid}}. Built {{~timestamp_iso}}, "
            "artifact {{~sha256}}.",
        ),
    ),
    (
        "negatives",
        (
            "Order {{~order_number}} shipped {{~date}} with tracking {{~tracking_number}}; invoice "
            "{{~invoice_number}} totals {{~amount}}. Item EAN {{~ean}}, book ISBN {{~isbn}}.",
        ),
    ),
    (
        "negatives",
        (
            "Reconcile these: ledger ref {{~record_card_like}} vs bank ref {{~record_card_like}}; "
            "SAP doc {{~record_phone_like}}; old IBAN on file {{~iban_bad_check}} failed validation. "
            "Account {{~aws_account}} billed {{~amount}}.",
        ),
    ),
    (
        "negatives",
        (
            "Build {{~build_id}} failed at {{~timestamp_epoch}} ({{~timestamp_epoch_ms}} ms): "
            "exit {{~hex_code}}. Remote {{~git_remote}}, ticket {{~ticket_id}}, ZIP area {{~postcode}}.",
        ),
    ),
    (
        "negatives",
        (
            "Hi {{first:a}}, your order {{~order_number}} is ready. Pickup code {{~record_phone_like}}. "
            "Questions? Reply to this mail or quote case {{~case_number}}.",
        ),
    ),
    # ---- sentences in the manner of evaluation templates ---------------------------------
    ("sentence", ("Please send the contract to {{name:a}} at {{address}}.",)),
    ("sentence", ("My credit card {{card}} expired, I want to use {{card}} instead.",)),
    ("sentence", ("I was born on {{dob}} and my SSN is {{ssn}}.",), "en_US"),
    ("sentence", ("Wire the deposit to {{iban}} (SWIFT {{bic}}), beneficiary {{name:a}}.",)),
    (
        "sentence",
        ("The server {{ip}} was contacted by {{ip}} over {{~port}} at {{~timestamp_iso}}.",),
    ),
    ("sentence", ("Our VAT number is {{vat}}; the supplier's is {{vat}}.",), "en_GB"),
    ("sentence", ("Text me at {{phone}} or ring the office {{phone}}.",)),
    (
        "sentence",
        ("{{name:a}}'s NI number {{nino}} appears twice in the payroll export.",),
        "en_GB",
    ),
    ("sentence", ("Her ITIN {{itin}} and his SSN {{ssn}} were swapped on the return.",), "en_US"),
    # ---- more frames: webhooks, KYC, invoices, ops ----------------------------------------
    (
        "webhook",
        (
            "Parse this Stripe-style webhook and tell me which fields are PII:\n"
            '{"id": "evt_{{~commit_hash}}", "created": {{~timestamp_epoch}}, "data": {"object": '
            '{"customer_email": "{{email}}", "billing_details": {"name": "{{name:a}}", "phone": '
            '"{{phone}}", "address": "{{address}}"}, "amount": 4200, "metadata": {"isbn": "{{~isbn}}"}}}}',
        ),
    ),
    (
        "webhook",
        (
            "POST /hooks/crm HTTP/1.1\nX-Request-Id: {{~uuid}}\nAuthorization: Bearer {{jwt}}\n\n"
            "contact[name]={{name:a}}&contact[email]={{email_pct}}&contact[vat]={{vat}}",
        ),
        "en_GB",
    ),
    (
        "invoice",
        (
            "INVOICE {{~invoice_number}}\nDate: {{~date}}\nBill to: {{company}}, attn. {{name:a}}\n"
            "{{address}}\nVAT reg.: {{vat}}\n\n1 x Annual licence (SKU {{~ean}})  {{~amount}}\n"
            "Pay to: {{iban}} / {{bic}}\nOur VAT number: {{vat}}",
        ),
        "en_GB",
    ),
    (
        "kyc",
        (
            "Compare the two records and list mismatches:\nA: {{name:a}} | born {{dob}} | NINO "
            "{{nino}} | {{address}}\nB: {{name:a}} | born {{dob}} | NINO {{nino}} | postcode area "
            "{{~postcode}}",
        ),
        "en_GB",
    ),
    (
        "kyc",
        (
            "Know-your-customer check\nApplicant: {{name:a}}\nDOB: {{dob}}\nSSN (last four only "
            "requested, full given): {{ssn}}\nPassport: {{passport}}\nVerified from IP {{ip}} at "
            "{{~timestamp_iso}}",
        ),
        "en_US",
    ),
    (
        "ops",
        (
            "Security advisory digest: {{~cve}} and {{~cve}} affect {{~version}}. Scanner hit from "
            "{{ip}}; the WAF rule id {{~record_card_like}} fired {{~build_id}} times. Ledger ref "
            "{{~iban_bad_check}} is a test fixture.",
        ),
    ),
    (
        "ops",
        (
            "k8s secret decoded for debugging (I know, I know):\napiVersion: v1\nkind: Secret\n"
            "data:\n  DB_PASSWORD: {{api_generic}}\n  AZURE_STORAGE_KEY: {{api_azure_storage}}\n"
            "  OPENAI_API_KEY: {{api_openai}}\nmetadata:\n  uid: {{~uuid}}\n  resourceVersion: "
            '"{{~timestamp_epoch}}"',
        ),
    ),
    ("sentence", ("Please invoice us under VAT number {{vat}}, attention {{name:a}}.",), "en_GB"),
    ("sentence", ("The ISBN {{~isbn}} and the barcode {{~ean}} belong to the same book.",)),
    (
        "log",
        (
            "browser console, what's wrong?\n[{{~timestamp_epoch_ms}}] POST /api/profile 500\n"
            "payload: {name: '{{name:a}}', email: '{{mail:a}}', phone: '{{phone}}'}\n"
            "[{{~timestamp_epoch_ms}}] retry scheduled, trace {{~uuid}}",
        ),
    ),
    # ---- more frames: SQL, markup, vCard, calendar, git, tables ----------------------------
    (
        "sql",
        (
            "Why does this insert violate the unique constraint?\n"
            "INSERT INTO customers (name, email, phone, dob, card_last4) VALUES\n"
            "  ('{{name:a}}', '{{mail:a}}', '{{phone}}', '{{dob}}', '4242'),\n"
            "  ('{{name:b}}', '{{mail:b}}', '{{phone}}', '{{dob}}', '0005');\n"
            "-- migration {{~version}}, run {{~timestamp_iso}}",
        ),
    ),
    (
        "sql",
        (
            "mysql> SELECT id, holder, iban, ip FROM payouts WHERE id > {{~build_id}};\n"
            "| {{~build_id}} | {{name:a}} | {{iban}} | {{ip}} |\n"
            "| {{~build_id}} | {{name:b}} | {{iban}} | {{ip}} |\n2 rows in set (0.01 sec)",
        ),
    ),
    (
        "markup",
        (
            'Convert this HTML form dump to Markdown:\n<form id="signup">\n'
            '  <input name="full_name" value="{{name:a}}">\n  <input name="email" value="{{mail:a}}">\n'
            '  <input name="tel" value="{{phone}}">\n  <input name="ssn" value="{{ssn}}">\n'
            '  <input type="hidden" name="csrf" value="{{~sha256}}">\n</form>',
        ),
        "en_US",
    ),
    (
        "markup",
        (
            '<customer id="{{~uuid}}">\n  <name>{{name:a}}</name>\n  <contact type="mobile">{{phone}}</contact>\n'
            '  <contact type="email">{{mail:a}}</contact>\n  <payment><pan>{{card}}</pan></payment>\n</customer>',
        ),
    ),
    (
        "vcard",
        (
            "Import this contact into the CRM format:\nBEGIN:VCARD\nVERSION:3.0\nFN:{{name:a}}\n"
            "ORG:{{company}}\nTEL;TYPE=CELL:{{phone}}\nTEL;TYPE=WORK:{{phone}}\nEMAIL:{{mail:a}}\n"
            "ADR;TYPE=HOME:;;{{address}}\nBDAY:{{dob}}\nEND:VCARD",
        ),
    ),
    (
        "calendar",
        (
            "Summarise the invite: BEGIN:VEVENT\nUID:{{~uuid}}\nDTSTART:20261204T150000Z\n"
            "SUMMARY:Interview with {{name:a}}\nORGANIZER;CN={{name:b}}:mailto:{{mail:b}}\n"
            "ATTENDEE;CN={{name:a}}:mailto:{{mail:a}}\nDESCRIPTION:Dial-in {{phone}}\\,,{{~build_id}}#\nEND:VEVENT",
        ),
    ),
    (
        "git",
        (
            "Who touched the payments module ({{~git_remote}})? git log excerpt:\ncommit {{~commit_hash}}\n"
            "Author: {{name:a}} <{{mail:a}}>\nDate:   {{~timestamp_iso}}\n\n    fix rounding ({{~ticket_id}})\n\n"
            "commit {{~commit_hash}}\nAuthor: {{name:b}} <{{mail:b}}>\n\n    revert {{~version}}",
        ),
    ),
    (
        "table",
        (
            "Make this table shorter:\n| Name | Phone | E-mail | Passport |\n|---|---|---|---|\n"
            "| {{name:a}} | {{phone}} | {{mail:a}} | {{passport}} |\n| {{name:b}} | {{phone}} | {{mail:b}} | {{passport}} |",
        ),
    ),
    (
        "ticket",
        (
            "no keyword on purpose, the customer just pasted this into the chat box:\n{{card}}\n{{name:a}}\n"
            "{{address}}\n{{phone}}",
        ),
    ),
    (
        "chat",
        (
            "Slack export (#payments):\n{{first:a}}  10:02\nrefund went to the wrong account, the right one is "
            "{{iban}} — sorry!\n{{first:b}}  10:05\nnp, also pls stop pasting cards here ({{card}})\n"
            "{{first:a}}  10:06\n:facepalm:",
        ),
    ),
    (
        "customer_mail",
        (
            "Reply to this in a friendly tone:\n\nhello, I forgot my login. the account is under my wife's name "
            "{{name:a}}, born {{dob}}, we live at {{address}}. you can also check by the IP we always use, "
            "{{ip}}. regards {{name:b}}",
        ),
    ),
    (
        "log",
        (
            'level=warn ts={{~timestamp_iso}} caller=notify.go:88 msg="sms failed" to={{phone}} '
            'user_id={{~uuid}} err="carrier rejected" retry_in=30s\nlevel=info ts={{~timestamp_iso}} '
            'msg="fallback to email" to={{email}}',
        ),
    ),
    (
        "config",
        (
            'terraform.tfvars (why is the plan showing changes?):\nadmin_email   = "{{email}}"\n'
            'allowed_cidrs = ["{{ipv4}}/32", "{{ipv4}}/32"]\ndb_password   = "{{api_generic}}"\n'
            'github_token  = "{{api_github}}"\nmodule_version = "{{~version}}"',
        ),
    ),
)

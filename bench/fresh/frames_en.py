"""English frames (en_US / en_GB), written for this set.

``[[slot]]`` is a gold value, ``[[#slot]]`` a hard negative, ``|j`` JSON-escapes the value
inside a JSON string.  A frame restricted to locales says so with ``only=``.
Pools are split by position: even-numbered frames feed dev, odd-numbered feed test.
"""

from __future__ import annotations

from bench.fresh.frame import Frame, f

US = ("en_US",)
GB = ("en_GB",)

TICKET: list[Frame] = [
    f(
        "Subject: can't log in since the update\n\nHi team,\nsince version [[#version]] the app "
        "keeps throwing me out. My account is under [[email]] and you can ring me on [[phone]] "
        "if that's easier. Ticket [[#ticket]] was closed without a fix.\nThanks, [[person]]"
    ),
    f(
        "Customer reports a double charge on order [[#order]] ([[#amount]]). Card used: "
        "[[card]], charged twice on [[#date]]. Please refund one of them and confirm by mail "
        "to [[email]]."
    ),
    f(
        "hello?? nobody answered my last 3 mails. I paid with my visa [[card]] and still no "
        "access. call me back [[phone]] !!!"
    ),
    f(
        "Refund request\nName: [[person]]\nBank: [[org]]\nIBAN: [[iban]]\nBIC/SWIFT: [[bic]]\n"
        "Reason: item arrived broken, tracking [[#tracking]]",
        only=GB,
    ),
    f(
        "We changed banks. Going forward please debit [[iban]] (same account holder, "
        "[[person]]). The old mandate can be cancelled. Reference on your side was [[#invoice]]."
    ),
    f(
        "The webhook stopped firing after we rotated credentials. For reference the new key "
        "we put in the dashboard starts like this: [[key_stripe]] - is that the wrong mode? "
        "Our account id is acct_[[#case]]."
    ),
    f(
        "Priority: high\nAffected host: [[ip4]] (and its replica at [[ip]])\nSince "
        "[[#iso]] every request returns 502. Case [[#case]]."
    ),
    f(
        "I'm filling out the tax form in your app and it rejects my number. I typed [[ssn]] "
        "exactly like on my card. It says invalid format?? My date of birth is [[dob]] if that "
        "matters.",
        only=US,
    ),
    f(
        "Please update my details: new mobile is [[phone]], new e-mail [[email]]. Everything "
        "else (address: [[address]]) stays as is. Customer no. [[#order]]"
    ),
    f(
        "Dear support,\n\nmy colleague [[person]] left the company and we need the admin role "
        "moved to me. Her login was [[email]]. Mine is [[email]]. We're on plan invoice "
        "[[#invoice]] from [[#date]].\n\nKind regards"
    ),
    f(
        "Got charged [[#amount]] for something I never ordered. The statement shows the card "
        "ending in the full number [[card]] (yes I know, sorry for posting it here). Order "
        "number on the receipt: [[#order]]"
    ),
    f(
        "Parcel never arrived. Tracking [[#tracking]] says delivered to [[address]], which is "
        "my old flat. Please redirect or reship; reach me on [[phone]]."
    ),
    f(
        "Cannot verify identity. Uploaded passport no. [[passport]] three times, the check "
        "keeps failing with error [[#uuid]]. Born [[dob]], in case it's a date mismatch."
    ),
    f(
        "For the VAT reverse charge please put our number on the invoices: [[vat]]. The last "
        "one ([[#invoice]], [[#amount]]) had none."
    ),
    f(
        "Phone numbers of the two people who will pick up the hardware, as you asked in "
        "your mail from Tuesday about the building access and the parking permits for the "
        "loading bay: [[phone]] and [[phone]]."
    ),
    f(
        "[[iban]] <- that's the account the refund should go to, not the one on file. "
        "Invoice [[#invoice]]."
    ),
    f(
        "Your form says my card number is invalid but I copied it right off the card: "
        "[[card]]. The gift card code [[#luhn_bad]] works fine btw."
    ),
    f(
        "My bank returned the transfer: the IBAN you gave ([[#iban_bad]]) fails their check. "
        "Could you confirm the correct one? Ours is [[iban]], reference [[#case]]."
    ),
    f(
        "Hi, I'm [[person]] from [[org]]. We'd like to whitelist your mail servers; which IPs "
        "do you send from? We currently see [[ip4]] and [[ip6]]. Our ticket: [[#ticket]]."
    ),
    f(
        "Please cancel subscription [[#order]]. Confirmation to:\n  [[email]]\n(not the "
        "billing address [[email]])."
    ),
    f(
        'Bug: the export includes customers\' birthdays. Example row: "[[person]]",'
        '"[[dob]]","[[email]]". Release [[#version]], commit [[#commit]].',
    ),
    f(
        "Customer [[person]] reports that her ITIN [[itin]] is shown in plain text on the "
        "statements page. Screenshot in case [[#case]].",
        only=US,
    ),
    f(
        "Return label [[#tracking]] was never scanned. Our old customer ref [[#near_miss]] "
        "might still be in your system; the new login is [[email]]. Session token from the "
        "error page: [[jwt]]"
    ),
    f(
        'The identity step asks for my "national identifier" — is that [[natid]]? Form '
        "version [[#version]], case [[#case]]."
    ),
    f(
        "Account recovery: I can prove who I am. ID number (the one the government gave me): "
        "[[natid]]. Date of birth [[dob]]. Old phone [[phone]]."
    ),
    f(
        "Two issues: (1) my SSN ([[ssn]]) shows up unmasked on the PDF statement; (2) the "
        "card on file, [[card]], is expired — please replace it with [[card]].",
        only=US,
    ),
]

HR: list[Frame] = [
    f(
        "Hi [[person]],\n\nwelcome aboard! To set up payroll we still need your bank details "
        "and your SSN. You sent [[ssn]] last week but the last digit looks off — could you "
        "double check? Your start date is [[#date]].\n\nBest,\nPeople Team",
        only=US,
    ),
    f(
        "New starter form for [[person]]\n- DOB: [[dob]]\n- NI number: [[nino]]\n- Personal "
        "email: [[email]]\n- Emergency contact: [[person]], [[phone]]\n- Employee ID: "
        "[[#ticket]]",
        only=GB,
    ),
    f(
        "Quick one: [[person]] (born [[dob]]) moves to the Leeds office from [[#date]]. Salary "
        "goes to [[iban]] from next month. Please don't forward this mail.",
        only=GB,
    ),
    f(
        "Reminder: [[person]]'s contract renewal is due [[#date]]. We also have a new home "
        "address on file: [[address]]. Phone unchanged ([[phone]])."
    ),
    f(
        "Re: ITIN for the contractor\n\nShe doesn't have an SSN yet, only the taxpayer id "
        "[[itin]]. Use that on the W-8/1099 for now. Contract value [[#amount]].",
        only=US,
    ),
    f(
        "Background check results for candidate [[person]] are in. Passport [[passport]] "
        "verified, no issues. The agency's invoice ([[#invoice]]) goes to finance."
    ),
    f(
        "Hi, I'm off sick until [[#date]]. Doctor's note attached. If anything urgent comes "
        "up my private number is [[phone]]. — [[person]]"
    ),
    f(
        "Payroll exception report\n\nemployee | bank account | note\n[[person]] | [[iban]] | "
        "changed [[#date]]\n[[person]] | [[iban]] | new joiner\n\nRun id [[#uuid]]"
    ),
    f(
        "As discussed, the relocation allowance of [[#amount]] will be paid with the next "
        "salary. Please confirm your new address: [[address]]. Your social security no. "
        "on file is [[ssn]].",
        only=US,
    ),
    f(
        "Hello [[person]], HR here. For the pension opt-in we need your date of birth and your "
        "National Insurance number. Reply to this mail or call [[phone]]. Ref [[#case]].",
        only=GB,
    ),
    f(
        "Leaver checklist — [[person]]\nlast day [[#date]]\nforwarding address "
        "[[address]]\nprivate mail [[email]]\nlaptop asset tag [[#ticket]] returned"
    ),
    f(
        "Candidate shortlist:\n1. [[person]] ([[email]])\n2. [[person]] ([[email]])\n3. "
        "[[person]] — applied via agency, phone [[phone]]"
    ),
    f(
        "For the visa paperwork I need copies of everyone's passports. So far I have "
        "[[person]] — [[passport]], and [[person]] — [[passport]]. Deadline [[#date]]."
    ),
    f(
        "[[nino]] is my National Insurance number, the one on the payslip is wrong. "
        "Employee [[#ticket]], [[person]]",
        only=GB,
    ),
    f(
        "Benefits enrolment\n\nEmployee: [[person]]\nSSN: [[ssn]]\nDependent: [[person]], "
        "DOB [[dob]], SSN [[ssn]]\nPlan year starts [[#date]]",
        only=US,
    ),
    f(
        "Team, please send birthday wishes to [[person]] — she turns 40 on [[#date]]. Card "
        "is at reception. (No, I won't share her personal number, it's [[phone]] if you "
        "really must.)"
    ),
    f(
        "Expense claim [[#invoice]] rejected: the receipt shows card [[card]], which is not a "
        "company card. Please resubmit with the corporate card by [[#date]]."
    ),
    f(
        "Offer letter sent to [[person]] at [[address]]. Salary [[#amount]]; signing bonus "
        "paid to [[iban]] (BIC [[bic]]) after 3 months."
    ),
    f(
        "Right-to-work check for [[person]]: ID number [[natid]] seen, passport [[passport]] "
        "seen and copied. Start date [[#date]].",
    ),
    f(
        "Payroll query: [[person]] says her NI no. changed after marriage. Old [[nino]], "
        "new one pending. Passport [[passport]] for ID.",
        only=GB,
    ),
    f(
        "Audit finding: the spreadsheet 'staff_ids.xlsx' lists [[person]] with [[natid]] and "
        "[[person]] with [[natid]] in clear text. Please move it to the HR drive by [[#date]]."
    ),
    f(
        "1099 prep:\ncontractor, TIN, amount\n[[person]], [[itin]], [[#amount]]\n[[person]], "
        "[[ssn]], [[#amount]]\n[[person]], [[itin]], [[#amount]]",
        only=US,
    ),
]

CRM: list[Frame] = [
    f(
        "Call with [[person]] ([[org]]) — wants a quote for 40 seats. Decision after "
        "[[#date]]. Direct line [[phone]], assistant copies [[email]] on everything."
    ),
    f(
        "Met [[person]] at the expo. Runs procurement at [[org]], based in [[city]]. "
        "Follow up next week: [[email]]"
    ),
    f(
        "Account: [[org]]\nBilling contact: [[person]]\nVAT: [[vat]]\nPayment: SEPA, [[iban]]\n"
        "Open invoices: [[#invoice]], [[#invoice]]"
    ),
    f(
        "left voicemail x2. mobile [[phone]] goes straight to mailbox. try the office next, or "
        "write to [[email]]. deal size approx [[#amount]]"
    ),
    f(
        "Note from [[#date]]: customer moved HQ to [[address]]. Update shipping on open order "
        "[[#order]]."
    ),
    f(
        "Upsell opportunity. Their dev lead [[person]] mentioned they self-host on [[ip4]] and "
        "would rather move to us. Contact: [[email]] / [[phone]]."
    ),
    f(
        "Lost deal ([[#case]]). [[person]] went with a competitor on price; keep warm. Her new "
        "address is [[email]] since she changed jobs to [[org]]."
    ),
    f(
        "[[org]] asked us to store their card for renewals: [[card]]. Told them we don't do "
        "that by e-mail; flagged to billing. Renewal [[#date]], [[#amount]]."
    ),
    f(
        "Contacts imported from the spreadsheet:\nname,email,phone\n[[person]],[[email]],"
        "[[phone]]\n[[person]],[[email]],[[phone]]\n"
    ),
    f(
        "Prospect rang about pricing, gave the number [[phone]] — call back after 3pm. Wants "
        "to pay by bank transfer, BIC [[bic]]."
    ),
    f(
        "Renewal call. [[person]] confirmed the PO [[#order]] and the billing entity "
        "[[org]], VAT no. [[vat]]. Send contract to [[email]] by [[#date]]."
    ),
    f(
        "Visited the [[city]] office of [[org]]. Reception: [[address]]. Parking ticket "
        "reimbursement [[#amount]] submitted."
    ),
    f(
        "Their finance team keeps rejecting our invoices; they want the purchase order and "
        "their own VAT id on each one, which, after a long back-and-forth with [[person]], "
        "turns out to be [[vat]]."
    ),
    f(
        "[[email]] bounced. Alternative given on the call: [[email]]. Also a landline, "
        "[[phone]] (ask for accounts)."
    ),
    f(
        "Lead source: webinar [[#date]]. Name: [[person]]. Company: [[org]]. Country: UK. "
        "Notes: wants SSO, asked about data residency.",
        only=GB,
    ),
    f(
        "Customer ref [[#near_miss]] (old system) maps to account [[#order]]. Contact "
        "[[person]], [[phone]]."
    ),
    f(
        "Quote sent for [[#amount]]. [[person]] will pay by card; she read the number out on "
        "the phone: [[card]]. Entered into the terminal, not stored."
    ),
    f(
        "Partner portal access for [[org]]: admin [[email]], second admin [[email]], support "
        "PIN [[#case]]."
    ),
    f(
        "Imported from the old CRM: account [[#near_miss]] → [[org]], contact [[person]] "
        "<[[email]]>, last order [[#order]] on [[#date]]."
    ),
    f(
        "Samples shipped to [[person]] at [[org]], tracking [[#tracking]]. She'll confirm "
        "receipt via [[phone]]."
    ),
    f(
        "Travel for the onsite: [[person]] flies in on [[#date]]; booking needs the passport "
        "no. [[passport]] and a mobile, [[phone]]."
    ),
    f(
        "Billing setup for [[org]]: VAT [[vat]], corporate card [[card]] (backup card "
        "[[card]]), invoices to [[email]]."
    ),
]

LOG: list[Frame] = [
    f(
        "[[#iso]] INFO  auth.login user=[[email]] ip=[[ip]] result=ok session=[[#uuid]]\n"
        "[[#iso]] WARN  auth.login user=[[email]] ip=[[ip]] result=bad_password attempts=3"
    ),
    f(
        '[[ip4]] - - [12/Mar/2025:10:14:07 +0000] "GET /api/v2/orders/[[#order]] HTTP/1.1" '
        '200 1532 "-" "Mozilla/5.0"\n[[ip]] - - [12/Mar/2025:10:14:09 +0000] "POST /login '
        'HTTP/1.1" 302 0 "-" "curl/8.5.0"'
    ),
    f(
        '{"ts": [[#epoch_ms]], "level": "error", "msg": "payment declined", "card": '
        '"[[card]]", "customer": "[[email]]", "trace_id": "[[#hash]]"}'
    ),
    f(
        'Traceback (most recent call last):\n  File "/srv/app/billing.py", line 212, in '
        "charge\n    gateway.charge(iban='[[iban]]', amount=[[#amount|j]])\nValueError: "
        "mandate missing for [[person]]"
    ),
    f(
        "Mar 12 10:15:22 web-3 sshd[2207]: Failed password for invalid user admin from "
        "[[ip]] port [[#port]] ssh2\nMar 12 10:15:24 web-3 sshd[2211]: Accepted publickey "
        "for deploy from [[ip4]] port 51022 ssh2"
    ),
    f(
        'level=debug ts=[[#epoch]] caller=client.go:88 msg="sending request" '
        'authorization="Bearer [[jwt]]" url=https://api.internal/v1/users'
    ),
    f(
        "2025-03-12 10:16:01,332 DEBUG requests: headers={'Authorization': 'token "
        "[[key_github]]', 'User-Agent': 'ci-bot/[[#version]]'}"
    ),
    f(
        "DEBUG sms.send to=[[phone]] template=otp status=queued id=[[#uuid]]\nDEBUG sms.send "
        "to=[[phone]] template=otp status=failed reason=unreachable"
    ),
    f(
        "WARN  boto3 credentials found in environment: AWS_ACCESS_KEY_ID=[[key_aws_id]] "
        "AWS_SECRET_ACCESS_KEY=[[key_aws_secret]] (region eu-west-1, build [[#commit]])"
    ),
    f(
        'user signup: {name: "[[person]]", email: "[[email]]", dob: "[[dob]]", '
        'ip: "[[ip6]]"} -> created id [[#uuid]]'
    ),
    f(
        "<134>1 [[#iso]] mail-1 postfix/smtp 4412 - - to=<[[email]]>, relay=mx.example.net"
        "[[[ip4]]]:25, delay=0.42, status=sent (250 2.0.0 OK [[#hash]])"
    ),
    f(
        "ERROR worker-7 job=[[#uuid]] npm publish failed: 403 for token [[key_npm]] "
        "(package @acme/ui@[[#version]])"
    ),
    f(
        "audit | [[#iso]] | export_customers | by [[email]] from [[ip]] | rows=1200 | "
        "file=customers_[[#epoch]].csv"
    ),
    f(
        "I0312 10:21:44.120331   1 handler.go:52] forwarding to upstream [[ip6]]:[[#port]], "
        "api key [[key_google]]"
    ),
    f("src_ip,dst_ip,dst_port,bytes\n[[ip4]],[[ip4]],[[#port]],18233\n[[ip6]],[[ip]],443,912\n"),
    f(
        "Mar 12 11:02:17 app-2 payments[881]: validation failed for card [[#luhn_bad]] "
        "(luhn), retrying with stored card [[card]] for [[email]]"
    ),
    f(
        "2025-03-12T11:05:00Z webhook POST [[key_slack_webhook]] -> 404 no_service "
        "(message id [[#uuid]])"
    ),
    f(
        '[worker] pulled job {"to": "[[phone]]", "name": "[[person]]", '
        '"lang": "en", "ts": [[#epoch]]}'
    ),
    f(
        "kubectl logs api-7f9c: loaded secret OPENAI_FALLBACK=[[key]] ; git remote "
        "[[#git_remote]] @ [[#commit]]"
    ),
    f(
        "INFO  kyc.check passport=[[passport]] dob=[[dob]] result=match score=0.97 "
        "request=[[#uuid]]"
    ),
    f(
        "2025-03-12 12:00:03 INFO  gateway: session refreshed user=[[email]] access_token="
        "[[jwt]] shipment=[[#tracking]]"
    ),
    f(
        "ts=[[#epoch_ms]] evt=import.row status=skipped reason=checksum ref=[[#near_miss]] "
        "owner=[[email]]"
    ),
]

CONFIG: list[Frame] = [
    f(
        "# .env — do not commit\nDATABASE_URL=postgres://app@[[ip4]]:[[#port]]/prod\n"
        "STRIPE_SECRET_KEY=[[key_stripe]]\nSENDGRID_API_KEY=[[key_sendgrid]]\n"
        "ADMIN_EMAIL=[[email]]\nAPP_VERSION=[[#version]]"
    ),
    f(
        "notifications:\n  slack:\n    webhook: [[key_slack_webhook]]\n    channel: '#ops'\n"
        '  email:\n    to: [[email]]\n  oncall_phone: "[[phone]]"\nrelease: [[#version]]'
    ),
    f(
        '{\n  "type": "service_account",\n  "project_id": "analytics-prod",\n  '
        '"private_key_id": "[[#hash]]",\n  "private_key": "[[pem|j]]\\n",\n  "client_email": '
        '"[[email]]",\n  "client_id": "[[#order]]"\n}'
    ),
    f(
        "[database]\nhost = [[ip4]]\nport = [[#port]]\nuser = reporting\n\n[smtp]\nserver = "
        "[[ip]]\nsender = [[email]]\n\n[build]\ncommit = [[#commit]]"
    ),
    f(
        "# ~/.npmrc\n//registry.example.org/:_authToken=[[key_npm]]\nemail=[[email]]\n"
        "always-auth=true"
    ),
    f(
        "gitlab:\n  url: https://gitlab.example.com\n  token: [[key_gitlab]]\n  remote: "
        "[[#git_remote]]\nci:\n  image_digest: sha256:[[#hash]]"
    ),
    f(
        "export AWS_ACCESS_KEY_ID=[[key_aws_id]]\nexport AWS_SECRET_ACCESS_KEY="
        "[[key_aws_secret]]\nexport AWS_DEFAULT_REGION=us-east-1\n# rotated [[#date]]"
    ),
    f(
        "SLACK_BOT_TOKEN=[[key_slack]]\nGOOGLE_MAPS_KEY=[[key_google]]\nGITHUB_TOKEN="
        "[[key_github_fine]]\nREQUEST_TIMEOUT_MS=30000"
    ),
    f(
        "tls:\n  cert_file: /etc/ssl/app.crt\n  key: |\n[[pem]]\nlisten: 0.0.0.0:[[#port]]\n"
        "trusted_proxy: [[ip4]]"
    ),
    f(
        '{"auth": {"type": "bearer", "token": "[[jwt]]"}, "endpoint": "https://[[ip4]]:8443/'
        'v1", "retries": 3, "build": "[[#commit]]"}'
    ),
    f(
        "[contacts]\nbilling = [[email]]\nsupport_line = [[phone]]\n\n[payout]\naccount = "
        "[[iban]]\nswift = [[bic]]\nschedule_id = [[#uuid]]"
    ),
    f(
        "servers:\n  - name: edge-1\n    addr: [[ip6]]\n  - name: edge-2\n    addr: [[ip4]]\n"
        "  - name: legacy\n    addr: [[ip]]\nrepo: [[#git_remote]]"
    ),
    f(
        "# sendgrid.env\nexport SENDGRID_API_KEY='[[key_sendgrid]]'\nexport "
        "MAIL_REPLY_TO='[[email]]'\n# isbn for docs build: [[#isbn]]"
    ),
    f(
        'providers = [\n  {"name": "stripe", "secret": "[[key_stripe]]"},\n  {"name": '
        '"google", "key": "[[key_google]]"},\n  {"name": "aws", "id": "[[key_aws_id]]", '
        '"secret": "[[key_aws_secret]]"}\n]'
    ),
    f(
        '[remote "origin"]\n\turl = [[#git_remote]]\n\tfetch = +refs/heads/*:refs/'
        "remotes/origin/*\n[user]\n\temail = [[email]]\n\tname = [[person]]"
    ),
    f(
        'alerting:\n  pagerduty_fallback_sms:\n    - "[[phone]]"\n    - "[[phone]]"\n'
        "  escalation_after_s: 300\ncanary_ip: [[ip6]]"
    ),
    f("ssh_keys:\n  deploy: |\n[[pem]]\nknown_hosts_ip: [[ip4]]\nrev: [[#commit]]"),
    f(
        "STRIPE_TEST_CARD=[[#luhn_bad]]\nBILLING_IBAN=[[iban]]\nBILLING_BIC=[[bic]]\n"
        "INVOICE_PREFIX=INV-"
    ),
    f(
        'auth:\n  issuer: https://login.example.com\n  static_service_token: "[[jwt]]"\n'
        "  audience: billing\ncache_ttl: 300"
    ),
    f(
        '# id_ed25519 for the backup job (move to vault!)\nBACKUP_KEY="[[pem|j]]"\n'
        "BACKUP_TARGET=[[ip4]]"
    ),
]

CHAT: list[Frame] = [
    f(
        "hey can you check why the card payment failed for my client",
        "Sure, which card was it?",
        "[[card]], expiry 09/28. client is [[person]]",
        "Thanks. I see a decline from the issuer on [[#date]].",
    ),
    f(
        "I need to reset my password but I don't have access to the old mail anymore",
        "No problem. Which address did you sign up with, and what's a number we can text?",
        "old one was [[email]]. texts to [[phone]] please",
    ),
    f(
        "Can you summarise this thread for me? [[person]] wrote: 'please wire the deposit to "
        "[[iban]] by Friday'",
        "Summary: [[person]] asks for the deposit to be transferred by Friday.",
        "and who's the beneficiary bank? the BIC was [[bic]]",
    ),
    f(
        "write a python snippet that calls our API with this key [[key]]",
        "Here's a snippet. Note: never paste real keys into chats.",
        "oops. it's fine, also the staging host is [[ip4]]",
    ),
    f(
        "What's the format of a UK NI number? Mine is [[nino]] and the form rejects it",
        "It's two letters, six digits and a letter A-D. Try without spaces.",
        "ok that worked, thanks. ticket [[#ticket]] can be closed",
        only=GB,
    ),
    f(
        "translate to german: 'Dear [[person]], your appointment on [[#date]] is confirmed. "
        "Call [[phone]] to reschedule.'",
        "Sehr geehrte(r) [[person]], Ihr Termin am [[#date]] ist bestätigt.",
    ),
    f(
        "my tax guy needs my SSN and my wife's ITIN, is it safe to send by email?",
        "Better to use a secure portal. Don't share them here.",
        "too late lol: [[ssn]] and [[itin]]",
        only=US,
    ),
    f(
        "decode this token for me [[jwt]]",
        "It's a JWT with HS256. The payload holds sub, iat and exp.",
        "what time is exp [[#epoch]] in UTC?",
    ),
    f(
        "Here's the customer list, format it as a table: [[person]] [[email]] [[phone]]; "
        "[[person]] [[email]] [[phone]]",
        "| Name | Email | Phone |\n|---|---|---|\n| [[person]] | [[email]] | [[phone]] |",
    ),
    f(
        "our server at [[ip]] keeps dropping connections on port [[#port]], ideas?",
        "Check the keepalive settings and the load balancer timeouts.",
        "lb is at [[ip6]] fwiw. version [[#version]]",
    ),
    f(
        "Who do I contact about invoice [[#invoice]]?",
        "Accounts receivable: [[email]], or call [[phone]].",
        "thanks! and our VAT id for the records is [[vat]]",
    ),
    f(
        "is this a valid private key?\n[[pem]]",
        "Please rotate it immediately: anything posted here should be considered exposed.",
    ),
    f(
        "can you check if this IBAN is valid: [[#iban_bad]]",
        "The check digits don't match, so it's not a valid IBAN. Maybe a typo?",
        "ah yes, it's [[iban]]. thanks",
    ),
    f(
        "Draft a reply to [[person]]: the meeting moves to [[#date]], dial-in [[phone]]",
        "Hi [[person]], the meeting has moved to [[#date]]. Dial in on [[phone]].",
    ),
    f(
        "why does git say permission denied for [[#git_remote]]",
        "Your SSH key probably isn't added to the account. Which key do you use?",
        "this one\n[[pem]]",
    ),
    f(
        "make a CSV of: [[person]] born [[dob]]; [[person]] born [[dob]]",
        "name,dob\n[[person]],[[dob]]\n[[person]],[[dob]]",
    ),
    f(
        "is [[ip4]] in the same subnet as [[ip4]]?",
        "Only if both fall inside the same prefix; what's the mask?",
        "/24. the gateway is [[ip4]]",
    ),
    f(
        "I got a letter asking for my NI number [[nino]] and bank details, is it a scam?",
        "It may be. HMRC doesn't ask for bank details by letter like that.",
        only=GB,
    ),
    f(
        "the frontend sends this header, why is it rejected? Authorization: Bearer [[jwt]]",
        "The exp claim is probably in the past. Check the server clock.",
        "server time is [[#iso]]",
    ),
    f(
        "which of these is the customer id? [[#near_miss]] or [[#order]]",
        "The second one looks like your order-number format.",
    ),
]

FORM: list[Frame] = [
    f("--\n[[person]]\nHead of Operations, [[org]]\n[[address_lines]]\nT [[phone]] | [[email]]"),
    f(
        "APPLICATION FORM\nFull name: [[person]]\nDate of birth: [[dob]]\nSocial Security "
        "Number: [[ssn]]\nHome address: [[address]]\nPhone: [[phone]]\nEmail: [[email]]",
        only=US,
    ),
    f(
        "Name ........ [[person]]\nD.O.B. ...... [[dob]]\nPassport .... [[passport]]\n"
        "Nationality . British\nNI No. ...... [[nino]]",
        only=GB,
    ),
    f(
        "Best regards / Mit freundlichen Grüßen\n\n[[person]]\n[[org]] · [[address]]\nMobile: "
        "[[phone]] · Web: www.example.com\nRegistered VAT [[vat]]"
    ),
    f(
        "Direct debit mandate\nAccount holder: [[person]]\nIBAN [[iban]]   BIC [[bic]]\n"
        "Mandate reference: [[#invoice]]\nSigned on [[#date]]"
    ),
    f("Cheers,\n[[person]] | [[phone]]\nSent from my phone"),
    f(
        "Payment details\nCardholder: [[person]]\nCard number: [[card]]\nBilling ZIP: "
        "[[#postcode]]\nAmount: [[#amount]]",
        only=US,
    ),
    f(
        "Visitor log entry: [[person]], arrived [[#iso]], host [[person]], badge [[#ticket]], "
        "contact [[email]]"
    ),
    f(
        "W-9 summary — Name: [[person]]; Business: [[org]]; TIN: [[itin]]; Address: [[address]]",
        only=US,
    ),
    f(
        "Thanks & regards\n[[person]]\nSenior Engineer\n[[phone]]\n[[email]]\n"
        "ISBN of my book: [[#isbn]]"
    ),
    f(
        "Emergency contact form\nPatient: [[person]]   DOB: [[dob]]\nContact 1: [[person]] — "
        "[[phone]]\nContact 2: [[person]] — [[phone]]"
    ),
    f("[[person]]\n[[email]] | [[phone]]\n[[org]]"),
    f(
        "Vendor registration\nCompany: [[org]]\nVAT ID: [[vat]]\nRemit to: [[iban]]\n"
        "Contact e-mail: [[email]]\nCompany reg. no.: [[#case]]"
    ),
    f("Regards,\n\n[[person]]\nm: [[phone]]\ne: [[email]]\nPGP: [[#hash]]"),
    f(
        "Identity verification\nName: [[person]]\nDate of birth: [[dob]]\nID number: "
        "[[natid]]\nAddress: [[address]]"
    ),
    f(
        "Travel booking — traveller: [[person]], passport [[passport]], DOB [[dob]], "
        "mobile [[phone]], booking ref [[#case]]"
    ),
    f(
        "KYC — individual\nLegal name: [[person]]\nBorn: [[dob]]\nGovernment ID: [[natid]]\n"
        "Residential address: [[address]]"
    ),
    f(
        "Order form\nBill to: [[org]], VAT reg. [[vat]]\nCard: [[card]]\nExpiry: 08/29\n"
        "PO: [[#order]]"
    ),
]

SENTENCE: list[Frame] = [
    f("My name is [[person]] and my email is [[email]]."),
    f("Please call [[person]] at [[phone]] tomorrow morning."),
    f("[[person]] lives at [[address]]."),
    f("The card [[card]] was declined at checkout."),
    f("Send the invoice to [[email]], not to me."),
    f("[[phone]] is the only number that reaches me after 6pm."),
    f("His social security number is [[ssn]].", only=US),
    f("I was born on [[dob]] in [[city]]."),
    f("Transfer the money to [[iban]] please."),
    f("Connection from [[ip]] was blocked by the firewall."),
    f("[[person]] works for [[org]] in [[city]]."),
    f("Reach out to [[email]] or [[email]] for access."),
    f("The passport number on the booking is [[passport]]."),
    f("Her NI number [[nino]] was entered twice.", only=GB),
    f("The order [[#order]] shipped on [[#date]] to [[address]]."),
    f("Use key [[key]] for the sandbox, not prod."),
    f("We billed [[#amount]] to card [[card]]; ref [[#invoice]]."),
    f("My ITIN is [[itin]], I don't have an SSN.", only=US),
    f("Contact: [[person]] ([[phone]])"),
    f("The VAT number [[vat]] belongs to [[org]]."),
    f("Is [[ip6]] a public address?"),
    f("Version [[#version]] fixed the crash reported by [[person]]."),
    f("I can't read the number on the card, is it [[card]] or something else?"),
    f("\"[[email]]\" bounced — try '[[email]]' instead."),
    f("Wire to BIC [[bic]], account [[iban]]."),
    f("DOB [[dob]], ZIP [[#postcode]], case [[#case]]."),
    f("the commit [[#commit]] leaked [[key_aws_id]] in a test"),
    f("Call me: [[phone]]."),
    f("[[email]] is where I get my bills."),
    f("The tracking number [[#tracking]] shows it left the depot."),
    f("You can text [[person]] on [[phone]] or email [[email]]."),
    f("That IBAN, [[#iban_bad]], has a typo in it."),
    f("[[ssn]] is the SSN she wrote on the form.", only=US),
    f("The API token ([[key]]) was revoked this morning."),
    f("My card number is [[card]] and the expiry is 11/27."),
    f("Book ISBN [[#isbn]] costs [[#amount]]."),
    f("Born [[dob]]."),
    f("Server [[ip4]] answers on port [[#port]]."),
    f("Here is my access token: [[jwt]]."),
    f("He pasted the whole key into the ticket:\n[[pem]]"),
    f("The applicant's ID is [[natid]]."),
    f("Her ITIN, [[itin]], was issued last year.", only=US),
    f("[[natid]] — that's the number on my card."),
    f("Charge [[card]] for the remaining [[#amount]]."),
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

"""English prompt templates, one tuple of texts per template, grouped by kind.

``{{FIELD}}`` is a gold sensitive value and ``{{~FIELD}}`` a hard negative (see
:mod:`bench.corpus.generate` for the field names).  The literal text around the fields
must itself contain nothing sensitive: every e-mail, phone, name or key is a field, or
precision would be measured against an incomplete gold standard.  A tuple with several
texts is one request's text fields in canonical order: system prompt, messages, tool
results.
"""

from __future__ import annotations

__all__ = ["TEMPLATES"]

TEMPLATES: dict[str, tuple[tuple[str, ...], ...]] = {
    "support_ticket": (
        (
            "Subject: Can't log in since the {{~VERSION}} update\n\n"
            "Hi team,\n\nmy name is {{PERSON}} and I have been a customer since 2019. Since "
            "updating to {{~VERSION}} I cannot log in anymore. My account e-mail is {{EMAIL}} "
            "and you can reach me at {{PHONE}}. Order {{~ORDER}} is still pending as well.\n\n"
            "Thanks,\n{{PERSON_FIRST}}",
        ),
        (
            "Ticket {{~TICKET}} - double charge\nCustomer: {{PERSON}} ({{ORG}})\n"
            "Card on file: {{CARD}}\nThe customer was charged twice ({{~AMOUNT}}) on "
            "{{~TIMESTAMP}} for order {{~ORDER}}. Please refund to the card above or to IBAN "
            "{{IBAN}}. Callback number: {{PHONE}}.\n\nWrite a short apology for the customer.",
        ),
        (
            'Please classify this support request by urgency:\n\n"Hello, I ordered the '
            "{{~PRODUCT}} (order {{~ORDER}}) but it was delivered to the wrong address. The "
            "correct address is {{ADDRESS}}. Please contact me at {{EMAIL}} or {{PHONE}}. "
            'Regards, {{PERSON}}"',
        ),
        (
            "Escalation {{~TICKET}}: {{PERSON}} says their {{~PRODUCT}} stopped charging after "
            "firmware {{~VERSION}}. They called from {{PHONE}} and again from {{PHONE2}}; "
            "shipping address on the account is {{ADDRESS}}. The unit's serial was checked "
            "against batch {{~HASH}}. Draft the RMA e-mail to {{EMAIL}}.",
        ),
        (
            "Customer {{PERSON}} cannot update their payment method. Old card {{CARD}} expired; "
            "they want to pay by bank transfer from {{IBAN}} instead. Their billing contact is "
            "{{PERSON2}} ({{EMAIL2}}). What should I tell them?",
        ),
    ),
    "email": (
        (
            "Summarise the following e-mail in three bullet points:\n\n"
            "From: {{PERSON}} <{{EMAIL}}>\nTo: {{PERSON2}} <{{EMAIL2}}>\n"
            "Subject: Contract renewal for {{ORG}}\n\nHi {{PERSON2_FIRST}},\n\nfollowing our "
            "call on Tuesday, here is where we are. Legal approved the draft (rev {{~VERSION}}), "
            "and our new office is at {{ADDRESS}}, so please update the invoice address. "
            "Please send the signed copy by Friday.\n\nBest,\n{{PERSON_FIRST}}\n{{ORG}} | "
            "{{PHONE}}",
        ),
        (
            "Translate this e-mail to German:\n\nDear {{PERSON}},\n\nthank you for your order "
            "{{~ORDER}} of {{~AMOUNT}}. Please wire the deposit to IBAN {{IBAN}} with the "
            "reference {{~ORDER}}. If you have questions, call {{AGENT}} at {{PHONE}} or write "
            "to {{AGENT_EMAIL}}.\n\nKind regards,\n{{ORG}}",
        ),
        (
            'Draft a polite reply to this e-mail from {{PERSON}} ({{EMAIL}}):\n\n"I still have '
            "not received the refund for the {{~PRODUCT}} I returned on {{~TIMESTAMP}}. My "
            'card number is {{CARD}} and my phone is {{PHONE}}. I live at {{ADDRESS}}."',
        ),
        (
            "What is the tone of this message?\n\n---\nFrom: {{EMAIL}}\nDate: {{~TIMESTAMP}}\n\n"
            "{{PERSON2_FIRST}}, I read chapter 3 of the book you recommended (ISBN {{~ISBN}}) and "
            "loved it. Let's meet in {{CITY}} next week - my new number is {{PHONE}}.\n"
            "{{PERSON}}\n---",
        ),
        (
            "Extract the action items:\n\nFrom: {{AGENT}} <{{AGENT_EMAIL}}>\nCc: {{EMAIL}}\n\n"
            "Team, {{PERSON}} from {{ORG2}} will visit our {{CITY}} site on Monday. Please "
            "prepare the {{~PRODUCT}} demo, room {{~FIVES}} is booked. Their assistant can be "
            "reached at {{PHONE}}.",
        ),
    ),
    "crm_note": (
        (
            "CRM note - account {{ORG}}\nContact: {{PERSON}}, {{PHONE}}, {{EMAIL}}\n"
            "Met at the trade fair in {{CITY}}. Interested in the {{~PRODUCT}} bundle; renewal "
            "quote {{~ORDER}} sent on {{~TIMESTAMP}}. Decision maker is {{PERSON2}} (CFO).\n"
            "Turn this into a follow-up plan.",
        ),
        (
            "Lead: {{PERSON}} / {{ORG}} / {{CITY}}\nPhone: {{PHONE}} - mobile {{PHONE2}}\n"
            "E-mail: {{EMAIL}}\nNotes: drives a {{~PRODUCT}}, asked about volume pricing "
            "({{~FIVES}} seats would be {{~AMOUNT}}). Billing via IBAN {{IBAN}}.\nScore this "
            "lead 1-5.",
        ),
        (
            "Summarise the account history:\n- {{~TIMESTAMP}} call with {{PERSON}} ({{PHONE}})\n"
            "- {{~TIMESTAMP2}} demo of {{~VERSION}} for {{PERSON2}} and two engineers\n"
            "- contract {{~ORDER}} signed, HQ address {{ADDRESS}}\n"
            "- German subsidiary contact: {{PHONE_DE}}",
        ),
        (
            "Account {{ORG}} ({{~TICKET}}): {{PERSON}} moved to {{ORG2}}. New contact is "
            "{{PERSON2}}, {{EMAIL2}}, {{PHONE}}. They still use the {{~PRODUCT}} integration. "
            "Write a handover note for the new account manager.",
        ),
    ),
    "hr_note": (
        (
            "Employee record update\nName: {{PERSON}}\nDate of birth: {{DOB}}\nSSN: {{SSN}}\n"
            "Home address: {{ADDRESS}}\nPayroll account: IBAN {{IBAN}}\nPhone: {{PHONE}}\n\n"
            "Write a short onboarding checklist for this employee.",
        ),
        (
            "Performance review notes for {{PERSON}} (manager: {{PERSON2}}). {{PERSON_FIRST}} "
            "shipped the {{~VERSION}} release and mentored two interns. Salary band change "
            "approved; send the letter to {{ADDRESS}} and a copy to {{EMAIL}}. Rewrite these "
            "notes in a neutral tone.",
        ),
        (
            "Relocation request: {{PERSON}} (born {{DOB}}) moves to our Munich office. German "
            "tax ID (Steuer-ID): {{TAXID}}. US SSN on file: {{SSN}}. Private phone {{PHONE}}, "
            "German mobile {{PHONE_DE}}. List the documents HR still needs.",
        ),
        (
            "Candidate feedback: {{PERSON}} ({{EMAIL}}, {{PHONE}}) interviewed for the SRE role "
            "on {{~TIMESTAMP}}. Strong on Linux, weaker on networking. Background check form: "
            "SSN {{SSN_COMPACT}}, DOB {{DOB}}. Summarise the feedback for the hiring committee.",
        ),
    ),
    "medical_note": (
        (
            "Patient: {{PERSON}}, DOB {{DOB}}\nPhone: {{PHONE}}\nAddress: {{ADDRESS}}\n"
            "Presenting with persistent cough for three weeks, no fever. Prescribed "
            "amoxicillin 500 mg. Summarise for the referral letter to Dr. {{DOCTOR}} at {{ORG}}.",
        ),
        (
            "Write a discharge summary in plain language.\n\n{{PERSON}} (date of birth {{DOB}}) "
            "was admitted on {{~TIMESTAMP}} after a fall. X-ray negative. Follow-up with "
            "Dr. {{DOCTOR}} in two weeks. Emergency contact: {{PERSON2}}, {{PHONE}}.",
        ),
        (
            "Insurance claim for {{PERSON}}, born {{DOB}}, SSN {{SSN}}. Treatment at {{ORG}}, "
            "{{ADDRESS}}. Amount {{~AMOUNT}}. Patient e-mail {{EMAIL}}. Check the claim for "
            "missing fields.",
        ),
    ),
    "code_log": (
        (
            "Why does this deploy fail?\n\n```\n$ export AWS_ACCESS_KEY_ID={{AWS_KEY}}\n"
            "$ git log -1 --oneline\n{{~HASH}} bump to {{~VERSION}}\n$ ./deploy.sh\n"
            "error: upload to s3 failed (403) at {{~TIMESTAMP}}\n```",
        ),
        (
            "Explain these nginx log lines:\n\n"
            '{{IP}} - - [{{~TIMESTAMP}}] "GET /api/v2/users HTTP/1.1" 401 512 "-" '
            '"curl/8.4.0"\n'
            '{{IP2}} - - [{{~TIMESTAMP2}}] "POST /api/v2/login HTTP/1.1" 200 1024 "-" '
            '"{{~VERSION}}"\n'
            "request-id={{~UUID}} user={{EMAIL}}",
        ),
        (
            "Find the bug in this config loader:\n\n```python\nOPENAI_API_KEY = "
            '"{{OPENAI_KEY}}"\n'
            'ANTHROPIC_API_KEY = "{{ANTHROPIC_KEY}}"\nMODEL_VERSION = "{{~VERSION}}"\n\n'
            "def client():\n    return make_client(OPENAI_API_KEY, retries=3)\n```",
        ),
        (
            'The request below returns 401, why?\n\n```\ncurl -H "Authorization: Bearer '
            '{{BEARER}}" '
            "https://api.example.com/v1/orders/{{~ORDER}}\n```\nServer log: token rejected at "
            "{{~TIMESTAMP}} from {{IP}}",
        ),
        (
            'Traceback (most recent call last):\n  File "client.py", line 88, in fetch\n'
            "requests.exceptions.HTTPError: 401 Client Error for url: "
            "https://internal.example.com/api?access_token={{JWT}}\n\nWhat does this error mean?",
        ),
        (
            'Is this service account file safe to commit?\n\n{\n  "type": "service_account",\n'
            '  "private_key_id": "{{~HASH}}",\n  "private_key": "{{PEM_ESCAPED}}\\n",\n'
            '  "client_email": "{{EMAIL}}"\n}',
        ),
        (
            "My SSH login fails, here is the key I use (~/.ssh/id_deploy):\n\n{{PEM}}\n\n"
            "and `ssh -v deploy@{{IP}}` says permission denied. What's wrong?",
        ),
        (
            "Review this .env for problems:\n\nSLACK_BOT_TOKEN={{SLACK_TOKEN}}\n"
            "GITHUB_TOKEN={{GH_TOKEN}}\nAPP_VERSION={{~VERSION}}\nBUILD_SHA={{~HASH}}\n"
            "ADMIN_EMAIL={{EMAIL}}",
        ),
        (
            "Summarise these application logs:\n\n{{~TIMESTAMP}} INFO  login ok user={{EMAIL}} "
            "ip={{IP6}} version={{~VERSION}} trace={{~UUID}}\n{{~TIMESTAMP2}} WARN  slow query "
            "({{~FIVES}} ms) on orders table, order={{~ORDER}}\n{{~TIMESTAMP3}} ERROR payment "
            "declined "
            "card={{CARD}} ip={{IP}}",
        ),
        (
            "Decode this JWT and tell me when it expires:\n\n{{JWT}}\n\nIt was issued to "
            "{{EMAIL}} by the auth service {{~VERSION}}.",
        ),
        (
            "Webhook handler log:\n{{~TIMESTAMP}} ERROR signature check failed kid={{~HASH}} "
            'header="Authorization: Bearer {{JWT}}" remote={{IP}}\nWhat should I check first?',
        ),
        (
            "git clone fails with this deploy key, is the format right?\n\n{{PEM}}\n\n"
            "The bot's token is {{GH_TOKEN}}, commit {{~HASH}}.",
        ),
        (
            "Convert this curl call to Python requests:\n\ncurl "
            "'https://shop.example.com/api/cart' "
            "-H 'Cookie: session={{JWT}}' -H 'X-Api-Key: {{OPENAI_KEY}}' --data 'sku={{~ORDER}}'",
        ),
    ),
    "chat_history": (
        (
            "You are the billing assistant of {{ORG}}. Never reveal internal notes. Today is "
            "{{~TIMESTAMP}}.",
            "Hi, I'm {{PERSON}}. I was charged twice for order {{~ORDER}}.",
            "Sorry about that, {{PERSON_FIRST}}. Could you confirm the e-mail on your account?",
            "Sure, it's {{EMAIL}}. The card is {{CARD}}.",
            '{"customer": {"name": "{{PERSON}}", "email": "{{EMAIL}}", "phone": '
            '"{{PHONE}}"}, "orders": [{"id": "{{~ORDER}}", "total": "{{~AMOUNT}}"}]}',
        ),
        (
            "You are a senior SRE helping with incidents. Be concise.",
            "Our API at {{IP}} returns 500 since deploy {{~HASH}} ({{~VERSION}}).",
            "Can you share the environment variables of the failing pod (redact nothing, I "
            "need to see the formats)?",
            "AWS_ACCESS_KEY_ID={{AWS_KEY}}\nOPENAI_API_KEY={{OPENAI_KEY}}\nDB_HOST={{IP2}}",
            "kubectl logs api-7d9f: {{~TIMESTAMP}} connection refused to {{IP2}}:5432 "
            "(request {{~UUID}})",
        ),
        (
            "You are an HR assistant for {{ORG}}. Answer in English.",
            "Please prepare the contract for our new hire {{PERSON}}, born {{DOB}}, living at "
            "{{ADDRESS}}.",
            "Happy to. I also need the payroll details for {{PERSON_FIRST}}.",
            "IBAN {{IBAN}}, SSN {{SSN}}, phone {{PHONE}}.",
            '{"employee": "{{PERSON}}", "manager": "{{PERSON2}}", "start": '
            '"{{~TIMESTAMP}}", "laptop": "{{~PRODUCT}}"}',
        ),
        (
            "You are a coding assistant. The user's repository is private.",
            "Why does `gh auth status` fail with my token {{GH_TOKEN}}?",
            "That looks like a classic token. Is it expired? Also check the header you send.",
            "Here is the request: Authorization: Bearer {{BEARER}} from host {{IP6}}.",
            'HTTP 401 {"message": "Bad credentials", "documentation_url": '
            '"https://docs.github.com/rest", "request_id": "{{~UUID}}"}',
        ),
        (
            "You are a travel booking assistant for {{ORG}}.",
            "Book me a hotel in {{CITY}} for the conference. I'm {{PERSON}}, {{EMAIL}}.",
            "Sure, {{PERSON_FIRST}}. Which card should I charge and what's your phone number?",
            "Card {{CARD}}, phone {{PHONE}}. My colleague {{PERSON2}} joins too.",
            '{"booking": "{{~ORDER}}", "guest": "{{PERSON}}", "city": "{{CITY}}", '
            '"price": "{{~AMOUNT}}"}',
        ),
        (
            "You are an API support engineer. Explain errors simply.",
            "My service gets 401 from the gateway. Token: {{JWT}}",
            "The token's signature may not match the key. Which key signs it?",
            "This one, from the vault path secret/auth:\n{{PEM}}",
            '{"error": "invalid_token", "at": "{{~TIMESTAMP}}", "client_ip": '
            '"{{IP}}", "user": "{{EMAIL}}"}',
        ),
    ),
    "hard_negatives": (
        (
            "Write release notes for {{~VERSION}} from this changelog:\n- fix crash on startup "
            "(commit {{~HASH}})\n- bump parser to {{~VERSION2}}\n- closes {{~TICKET}}, built "
            "{{~TIMESTAMP}}",
        ),
        (
            "Summarise: we sold {{~FIVES}} units of the {{~PRODUCT}} last quarter (order "
            "{{~ORDER}}, {{~AMOUNT}}). The reference book is ISBN {{~ISBN}}.",
        ),
        (
            "Which of these builds is newest? {{~VERSION}} ({{~HASH}}), {{~VERSION2}} "
            "({{~HASH2}}), built at {{~TIMESTAMP}} and {{~TIMESTAMP2}}; trace {{~UUID}}.",
        ),
        (
            "Compare the {{~PRODUCT}} and the {{~PRODUCT2}} for a small office. Budget is "
            "{{~AMOUNT}}; the quote number is {{~ORDER}}.",
        ),
    ),
}

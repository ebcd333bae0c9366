"""Realistic prompt text for benchmarks: mixed prose with personal data, deterministic.

Benchmarks import this module to run different systems on the same text.  Prompts are
English and German support/engineering prose with names, e-mail addresses, phone
numbers, cards, IBANs, SSNs, tax ids, IP addresses and secrets woven in, plus hard
negatives (dates, order numbers, versions, prices).  A token is taken to be about four
characters, the usual figure for English BPE tokenisers.

* :func:`prompt` / :func:`prompts` build texts of a requested size from a seed;
* :func:`known_names` returns up to 1.3 million distinct person names, the first of
  which the prompts mention, for known-entity lists of any size.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

__all__ = ["CHARS_PER_TOKEN", "known_names", "prompt", "prompts"]

CHARS_PER_TOKEN = 4


def _words(text: str) -> tuple[str, ...]:
    return tuple(text.split())


_FIRST = _words(
    "Anna Ben Clara David Emma Felix Greta Hannah Ivan Julia Karl Lena Max Nora Oskar "
    "Paula Quentin Rosa Stefan Tara Ulrich Vera Walter Xenia Yusuf Zoe Adrian Bianca "
    "Carlos Dana Elias Fatima Georg Helga Ines Jonas Katrin Lukas Mia Niklas Olivia Peter "
    "Ruth Sophie Tobias Ute Viktor Wiebke Yannick Zara Aaron Beatrice Cem Doris Erik "
    "Frieda Gustav Heidi Igor Jana Kevin Laura Moritz Nadine Otto Petra Rainer Sabine "
    "Timo Ursula Vincent Wanda Alex Birgit Chris Dieter Elena Frank Gisela Henrik Iris "
    "Jan Kerstin Leon Marta Nils Olga Paul Renate Simon Tanja Uwe Valerie Werner Yvonne "
    "Amir Bettina Conrad Diana Emil Fiona Gregor Hilde Ilse Jakob Karla Lars Miriam Noah "
    "Ole Pia Robert Selma Theo Ulla Veit Wilma Aylin Boris Carla Denise Egon Franziska "
    "Gerd Hanna Isabel Jens Klara Linus Monika Nico Oda Philipp Regina Sven Thea Ida"
)
_LAST = _words(
    "Schmidt Müller Schneider Fischer Weber Meyer Wagner Becker Schulz Hoffmann Koch "
    "Richter Klein Wolf Schröder Neumann Schwarz Zimmermann Braun Krüger Hofmann Hartmann "
    "Lange Schmitt Werner Krause Meier Lehmann Schmid Schulze Maier Köhler Herrmann König "
    "Walter Mayer Huber Kaiser Fuchs Peters Lang Scholz Möller Weiß Jung Hahn Schubert "
    "Vogel Friedrich Keller Günther Frank Berger Winkler Roth Beck Lorenz Baumann Franke "
    "Albrecht Schuster Simon Ludwig Böhm Winter Kraus Martin Schumacher Krämer Vogt Stein "
    "Jäger Otto Sommer Groß Seidel Heinrich Brandt Haas Schreiber Graf Dietrich Ziegler "
    "Kuhn Pohl Engel Horn Busch Bergmann Thomas Voigt Sauer Arnold Wolff Pfeiffer Smith "
    "Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez "
    "Gonzalez Wilson Anderson Taylor Moore Jackson Thompson White Harris Sanchez Clark "
    "Ramirez Lewis Robinson Walker Young Allen Wright Scott Torres Nguyen Hill Flores "
    "Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Okafor Tanaka"
)
_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
# Middle initials multiply the combinations past a million distinct names.
_MIDDLE = (
    [""]
    + [f"{a}. " for a in _LETTERS]
    + [f"{a}. {b}. " for a in _LETTERS for b in _LETTERS if a != b][:40]
)

_EMAILS = (
    "anna.schmidt@example.com", "b.fischer@corp.example.org", "support+ticket@acme.example",
    "jürgen.weiß@beispiel.de", "ops-team@infra.example.net", "m.lopez@mail.example.co.uk",
)  # fmt: skip
_PHONES = (
    "+49 30 1234567", "+1 (415) 555-0123", "(212) 555-0187", "0151 23456789",
    "089 12345678", "+44 20 7946 0958", "415-555-0199",
)  # fmt: skip
_CARDS = ("4111 1111 1111 1111", "5500-0000-0000-0004", "378282246310005", "6011000990139424")
_IBANS = ("DE89 3704 0044 0532 0130 00", "GB82 WEST 1234 5698 7654 32", "DE02120300000000202051")
_SSNS = ("123-45-6789", "536-22-1234")
_TAX_IDS = ("36 574 261 809", "47081359225")
_IPS = ("10.0.4.17", "192.168.178.20", "2001:db8::8a2e:370:7334", "203.0.113.9")
_SECRETS = (
    "AKIAIOSFODNN7EXAMPLE",
    "ghp_A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8",
    "sk-proj-4fT9kQ2mZx81LwPa7RcY0vBn3HsJd6Ue",
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N",
)

# Paragraphs carrying personal data.
_PII_TEMPLATES = (
    "Hi team, {name} called this morning about order 88213-B from 2024-03-18. "
    "She wants the refund of EUR 149.90 sent to her IBAN {iban} instead of the card "
    "ending in 1111. Her number is {phone} and her e-mail is {email}; please reply "
    "before Friday. The ticket was opened by {name2} at 09:42 and escalated twice. ",
    "Customer {name} (account manager: {name2}) reported that the invoice INV-2024-0042 "
    "was charged twice to card {card}. The second charge of USD 1,299.00 on 15.04.2024 "
    "should be reversed. Contact: {email}, phone {phone}. SSN on file: {ssn}. ",
    "Sehr geehrte Damen und Herren, mein Name ist {name}, Steuer-ID {tax}. Bitte "
    "überweisen Sie den Betrag von 2.450,00 EUR auf das Konto {iban}. Sie erreichen "
    "mich unter {phone} oder per E-Mail an {email}. Mit freundlichen Grüßen, {name}. ",
    "Incident 4711: the deploy of version 2.14.3 failed on host {ip} at 03:15 UTC. "
    "{name} rotated the leaked key {secret} and opened a post-mortem with {name2}. "
    "Upstream 10.0.0.0/8 routes were unaffected; build 1.2.3.4 is being rolled back. ",
    "Please summarise the following thread for {name}. It covers the Q3 roadmap, the "
    "migration to the new billing system (tickets 1042, 1043 and 1077), and the open "
    "question of whether {name2} can approve budgets above 50,000 EUR without sign-off "
    "from the CFO. Meeting notes are attached; dial-in {phone}, backup contact {email}. ",
)
# Paragraphs without personal data (instructions, technical and business prose, with
# numbers, dates and versions that must not be taken for values).
_PLAIN_TEMPLATES = (
    "The model should answer in a friendly tone, cite the knowledge base article "
    "KB-20931 where relevant, never promise delivery dates, and escalate to a human "
    "when the customer mentions legal action, a chargeback or a data deletion request "
    "under Art. 17 GDPR. Keep answers under 200 words and use bullet points for steps. ",
    "Our returns policy allows customers to send back unused items within 30 days of "
    "delivery. Refunds are issued to the original payment method within 5 to 7 business "
    "days after the warehouse has inspected the parcel. Items marked as final sale, gift "
    "cards and personalised products cannot be returned. Shipping costs are refunded "
    "only when the item arrived damaged or was not what the customer ordered. ",
    "Release 3.8.0 (2024-06-12) replaces the legacy scheduler. Jobs are now retried with "
    "exponential back-off starting at 250 ms and capped at 60 s; the default concurrency "
    "rose from 8 to 32 workers. Deprecated: the --fast flag and the v1 REST endpoints, "
    "which will be removed in 4.0. Upgrade with pip install -U scheduler==3.8.0 and run "
    "the migration script once; it takes about 2 minutes per 100,000 jobs. ",
    "When you answer, first restate the customer's problem in one sentence, then list "
    "what you checked, then propose at most three next steps. If the question concerns "
    "billing, mention that invoices are available in the account area under Settings > "
    "Billing for the last 24 months. Do not speculate about outages; link the status "
    "page instead and say that the on-call team has been informed. ",
    "Quarterly summary: revenue grew 12.4% year over year to 18.3 million EUR, driven by "
    "the enterprise tier (+21%) while self-service stayed flat. Churn fell from 3.1% to "
    "2.6% per month after the onboarding redesign shipped on 1 March. Support volume rose "
    "8% with median first response at 47 minutes, inside the 1-hour target. ",
    "def retry(call, attempts=5, base=0.25):\n    for n in range(attempts):\n        "
    "try:\n            return call()\n        except TimeoutError:\n            "
    "time.sleep(base * 2 ** n)\n    raise RuntimeError('gave up after 5 attempts')\n"
    "The helper above is used by the export job; please review it for thread safety. ",
)
# Share of paragraphs that carry personal data: about one value per 50 tokens overall,
# dense for real traffic, so the figures are on the pessimistic side.
_PII_SHARE = 0.4


def known_names(count: int) -> list[str]:
    """``count`` distinct person names, deterministic; at most about 1.3 million."""
    names: list[str] = []
    for middle in _MIDDLE:
        for last in _LAST:
            for first in _FIRST:
                names.append(f"{first} {middle}{last}")
                if len(names) == count:
                    return names
    raise ValueError(f"at most {len(names)} distinct names are available")


def _fill(template: str, rng: random.Random, people: list[str]) -> str:
    return template.format(
        name=rng.choice(people),
        name2=rng.choice(people),
        email=rng.choice(_EMAILS),
        phone=rng.choice(_PHONES),
        card=rng.choice(_CARDS),
        iban=rng.choice(_IBANS),
        ssn=rng.choice(_SSNS),
        tax=rng.choice(_TAX_IDS),
        ip=rng.choice(_IPS),
        secret=rng.choice(_SECRETS),
    )


def prompt(tokens: int, seed: int = 0, *, people: int = 200) -> str:
    """A prompt of about ``tokens`` tokens; names come from the first ``people`` names."""
    rng = random.Random(seed)
    names = known_names(people)
    target = tokens * CHARS_PER_TOKEN
    parts: list[str] = []
    length = 0
    while length < target:
        if rng.random() < _PII_SHARE:
            paragraph = _fill(rng.choice(_PII_TEMPLATES), rng, names)
        else:
            paragraph = rng.choice(_PLAIN_TEMPLATES)
        parts.append(paragraph)
        length += len(paragraph)
    text = "".join(parts)
    cut = text.rfind(" ", 0, target)
    return text[: cut if cut > 0 else target]


def prompts(tokens: int, count: int, seed: int = 0) -> Iterator[str]:
    """``count`` different prompts of about ``tokens`` tokens each."""
    for index in range(count):
        yield prompt(tokens, seed * 100_003 + index)

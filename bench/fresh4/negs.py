"""Hard negatives: strings that look sensitive but are not (and near-misses that fail
the rule of what they imitate)."""

from __future__ import annotations

import random
import string

from bench.fresh4 import creds, ids
from bench.fresh4.core import Ctx

KINDS = (
    "order_number",
    "invoice_number",
    "ticket_id",
    "reference_number",
    "version",
    "timestamp",
    "date",
    "amount",
    "hash",
    "uuid",
    "product_code",
    "tracking_number",
    "booking_reference",
    "error_code",
    "placeholder",
    "masked_value",
    "public_key",
    "iban_lookalike",
    "card_lookalike",
    "taxid_lookalike",
    "ssn_lookalike",
    "ip_lookalike",
    "phone_lookalike",
)

D = string.digits
HEXC = "0123456789abcdef"


def _d(r: random.Random, n: int) -> str:
    return ids.digits(r, n, first_nonzero=True)


def _s10(r: random.Random, prefix: str, country: str) -> str:
    eight = ids.digits(r, 8)
    c = 11 - sum(int(x) * w for x, w in zip(eight, (8, 6, 4, 2, 3, 5, 9, 7), strict=True)) % 11
    c = 0 if c == 10 else 5 if c == 11 else c
    return f"{prefix}{eight}{c}{country}"


def _ean13(r: random.Random, prefix: str) -> str:
    while True:
        body = prefix + ids.digits(r, 12 - len(prefix))
        total = sum(int(x) * (3 if i % 2 else 1) for i, x in enumerate(body))
        v = body + str((10 - total % 10) % 10)
        if not ids.luhn_ok(v):  # a GTIN that is not also a Luhn-valid 13-digit card number
            return v


def _isbn13(r: random.Random) -> str:
    body = "978" + r.choice(["3", "0", "1"]) + ids.digits(r, 8)
    total = sum(int(x) * (3 if i % 2 else 1) for i, x in enumerate(body))
    v = body + str((10 - total % 10) % 10)
    return f"{v[:3]}-{v[3]}-{v[4:7]}-{v[7:12]}-{v[12]}"


def money(c: Ctx, lo: int, hi: int) -> str:
    """An amount between ``lo`` and ``hi`` in the payload's currency and style."""
    r = c.rng
    n = r.randint(lo, hi)
    cents = r.randint(0, 99)
    if c.country == "CH":
        return r.choice(
            [
                f"CHF {n:,}".replace(",", "'") + f".{cents:02d}",
                f"Fr. {n}.–",
                f"{n:,}".replace(",", "'") + f".{cents:02d} CHF",
            ]
        )
    if c.de:
        return r.choice(
            [
                f"{n:,}".replace(",", ".") + f",{cents:02d} €",
                f"€ {n},{cents:02d}",
                f"{n:,}".replace(",", ".") + f",{cents:02d} EUR",
            ]
        )
    cur, code = {"US": ("$", "USD"), "CA": ("C$", "CAD"), "AU": ("A$", "AUD"), "GB": ("£", "GBP")}[
        c.country
    ]
    if c.country in ("CA", "AU") and r.random() < 0.5:
        cur = "$"
    return r.choice([f"{cur}{n:,}.{cents:02d}", f"{cur}{n}", f"{code} {n:,}.{cents:02d}"])


def value(c: Ctx, kind: str) -> str:
    """A fresh negative of ``kind`` in the payload's language."""
    r = c.rng
    de = c.de
    if kind == "order_number":
        return r.choice(
            [
                f"ORD-{_d(r, 7)}",
                f"#{_d(r, 7)}",
                f"45{ids.digits(r, 8)}",
                f"{r.choice(['AB', 'SO', 'WEB'])}-{2024 + r.randint(0, 1)}-{_d(r, 6)}",
                f"A{_d(r, 8)}",
            ]
        )
    if kind == "invoice_number":
        return r.choice(
            [
                f"INV-{2024 + r.randint(0, 1)}-{_d(r, 5)}",
                f"RE-{r.randint(24, 25)}-{_d(r, 5)}",
                f"{2024 + r.randint(0, 1)}/{ids.digits(r, 4)}",
                f"F{_d(r, 4)}-{_d(r, 3)}",
                f"R{_d(r, 7)}",
            ]
        )
    if kind == "ticket_id":
        return r.choice(
            [
                f"INC{ids.digits(r, 7)}",
                f"{r.choice(['OPS', 'HR', 'FIN', 'SUP', 'DEV'])}-{_d(r, 4)}",
                f"SR-{_d(r, 7)}",
                f"REQ{ids.digits(r, 9)}",
                f"CS-{_d(r, 5)}",
            ]
        )
    if kind == "reference_number":
        if de:
            return r.choice(
                [
                    f"{r.randint(1, 9)} {r.choice(['O', 'C', 'S', 'K'])} "
                    f"{_d(r, 3)}/{r.randint(22, 25)}",
                    f"VN-{_d(r, 8)}",
                    f"M-{2020 + r.randint(0, 5)}-{ids.digits(r, 6)}",
                    f"KD-{_d(r, 6)}",
                    f"HRB {_d(r, 5)}",
                    f"Vg. {_d(r, 4)}/{r.randint(23, 25)}",
                ]
            )
        return r.choice(
            [
                f"HX-{_d(r, 3)}-{_d(r, 3)}-{r.randint(1, 9)}",
                f"CL-{_d(r, 6)}",
                f"POL{_d(r, 8)}",
                f"case {r.randint(22, 25)}-cv-{_d(r, 5)}",
                f"REF/{_d(r, 6)}/{r.choice('ABCDX')}",
            ]
        )
    if kind == "version":
        return r.choice(
            [
                f"v{r.randint(0, 5)}.{r.randint(0, 30)}.{r.randint(0, 20)}",
                f"{r.randint(1, 4)}.{r.randint(0, 40)}.{r.randint(0, 9)}-rc.{r.randint(1, 4)}",
                f"{2023 + r.randint(0, 2)}.{r.randint(1, 12):02d}.{r.randint(0, 3)}",
                f"{r.randint(1, 20)}.{r.randint(0, 9)}.{r.randint(0, 99)}",
            ]
        )
    if kind == "timestamp":
        d = c.day()
        h, m, s = r.randint(0, 23), r.randint(0, 59), r.randint(0, 59)
        return r.choice(
            [
                f"{d:%Y-%m-%d}T{h:02d}:{m:02d}:{s:02d}.{r.randint(0, 999):03d}Z",
                f"{d:%Y-%m-%d} {h:02d}:{m:02d}:{s:02d},{r.randint(0, 999):03d}",
                str(1700000000 + r.randint(0, 50000000)),
                f"{d:%d/%b/%Y}:{h:02d}:{m:02d}:{s:02d} +0000",
            ]
        )
    if kind == "date":
        return c.date(c.day())
    if kind == "amount":
        return money(c, 5, 9999)
    if kind == "hash":
        return r.choice(
            [
                creds.rand(r, HEXC, 64),
                creds.rand(r, HEXC, 40),
                creds.rand(r, HEXC, 7),
                creds.rand(r, HEXC, 32),
                "sha256:" + creds.rand(r, HEXC, 64),
            ]
        )
    if kind == "uuid":
        hx = creds.rand(r, HEXC, 32)
        hx = hx[:12] + "4" + hx[13:16] + r.choice("89ab") + hx[17:]
        return f"{hx[:8]}-{hx[8:12]}-{hx[12:16]}-{hx[16:20]}-{hx[20:]}"
    if kind == "product_code":
        return r.choice(
            [
                f"SKU-{_d(r, 5)}-{r.choice(['BLK', 'WHT', 'XL', 'M', 'RED'])}",
                _ean13(r, r.choice(["400", "401", "590", "761", "50", "00"])),
                _isbn13(r),
                f"{_d(r, 3)}-{ids.digits(r, 4)}-{r.randint(1, 9)}",
                f"{r.choice(['TX', 'KB', 'MX'])}{_d(r, 3)}{r.choice(['A', 'B', 'Pro'])}",
            ]
        )
    if kind == "tracking_number":
        return r.choice(
            [
                "1Z" + creds.rand(r, string.ascii_uppercase + D, 6) + ids.digits(r, 10),
                _s10(r, r.choice(["RR", "RX", "CP", "LX"]), r.choice(["DE", "GB", "CH", "AT"])),
                "JJD" + ids.digits(r, 18),
                "00" + ids.digits(r, 18),
                "9400 " + " ".join(ids.digits(r, 4) for _ in range(4)) + " " + ids.digits(r, 2),
            ]
        )
    if kind == "booking_reference":
        return r.choice(
            [
                "".join(r.choice("ABCDEFGHJKLMNPQRSTUVWXYZ23456789") for _ in range(6)),
                f"{r.choice(['LH', 'OS', 'LX', 'BA', 'AC', 'QF', 'UA', 'EW'])} "
                f"{r.randint(100, 9999)}",
            ]
        )
    if kind == "error_code":
        return r.choice(
            [
                f"0x{creds.rand(r, '0123456789ABCDEF', 8)}",
                f"ORA-{_d(r, 5)}",
                r.choice(
                    [
                        "ERR_CONNECTION_RESET",
                        "ECONNREFUSED",
                        "E_ACCESSDENIED",
                        "ETIMEDOUT",
                        "SQLSTATE 23505",
                    ]
                ),
                f"HTTP {r.choice(['401', '403', '429', '502', '503'])}",
                f"{'Fehlercode' if de else 'code'} F{r.randint(10, 99)}",
            ]
        )
    if kind == "placeholder":
        return r.choice(
            [
                "<YOUR_API_KEY>",
                "sk_live_XXXXXXXXXXXXXXXXXXXXXXXX",
                "${DB_PASSWORD}",
                "xxxx-xxxx-xxxx-xxxx",
                "{{ secrets.DEPLOY_TOKEN }}",
                "[REDACTED]",
                "<passwort>" if de else "<password>",
                "your-token-here",
                "********",
                "DE00 0000 0000 0000 0000 00",
                "000-00-0000",
                "REPLACE_ME",
            ]
        )
    if kind == "masked_value":
        return r.choice(
            [
                f"**** **** **** {ids.digits(r, 4)}",
                f"XXX-XX-{ids.digits(r, 4)}",
                f"•••• {ids.digits(r, 4)}",
                f"DE** **** **** **** **{ids.digits(r, 2)} {ids.digits(r, 2)}",
                f"ending in {ids.digits(r, 4)}",
                f"+49 *** ****{ids.digits(r, 3)}",
                f"{r.choice(string.ascii_lowercase)}***@***.com",
            ]
        )
    if kind == "public_key":
        return creds.public_only(r)
    if kind == "iban_lookalike":
        v = ids.iban(r, r.choice(["DE", "AT", "CH", "GB", "NL", "FR"]))
        wrong = f"{(int(v[2:4]) + r.randint(1, 96)) % 97 + 2:02d}"
        if wrong == v[2:4]:
            wrong = f"{(int(wrong) % 97) + 1:02d}"
        bad = v[:2] + wrong + v[4:]
        return ids.fmt_iban(r, bad)
    if kind == "card_lookalike":
        while True:
            num = (r.choice(["4", "51", "7081", "6008", "3083", "9276"]) + ids.digits(r, 15))[:16]
            if not ids.luhn_ok(num):
                return (
                    " ".join(num[i : i + 4] for i in range(0, 16, 4)) if r.random() < 0.6 else num
                )
    if kind == "taxid_lookalike":
        while True:
            v = ids.digits(r, 11, first_nonzero=True)
            counts = sorted((v[:10].count(x) for x in set(v[:10])), reverse=True)
            ok_shape = counts[0] in (2, 3) and (len(counts) < 2 or counts[1] == 1)
            if not ok_shape or ids.mod11_10_digit(v[:10]) != v[10]:
                return v if r.random() < 0.6 else f"{v[:2]} {v[2:5]} {v[5:8]} {v[8:]}"
    if kind == "ssn_lookalike":
        area = r.choice(["000", "666", f"9{ids.digits(r, 2)}"])
        group = (
            r.choice(["00", f"{r.randint(1, 49):02d}", "66", "89", "93"])
            if area[0] == "9"
            else f"{r.randint(1, 99):02d}"
        )
        return f"{area}-{group}-{ids.digits(r, 4)}"
    if kind == "ip_lookalike":
        return r.choice(
            [
                f"{r.randint(1, 20)}.{r.randint(0, 9)}.{r.randint(256, 4000)}.{r.randint(0, 99)}",
                f"1.3.6.1.4.1.{r.randint(300, 60000)}",
                f"{r.randint(1, 9)}.{r.randint(0, 30)}.{r.randint(0, 30)}",
                ".".join(
                    str(r.randint(a, b)) for a, b in ((256, 999), (0, 255), (0, 255), (0, 255))
                ),
                ".".join(
                    str(r.randint(a, b)) for a, b in ((1, 9), (0, 9), (0, 9), (0, 9), (1, 99))
                ),
            ]
        )
    if kind == "phone_lookalike":
        # an area code on its own: dialling digits, but no telephone number
        codes = {
            "US": ["(415)", "212", "(312)", "617", "(206)"],
            "CA": ["(416)", "604", "(514)", "403"],
            "GB": ["0161", "020", "0113", "(0117)", "01865"],
            "AU": ["(02)", "03", "(07)", "08"],
            "DE": ["030", "089", "0221", "(040)", "0711", "0351"],
            "AT": ["01", "0316", "(0732)", "0662"],
            "CH": ["044", "031", "(061)", "022"],
        }[c.country]
        return r.choice(codes)
    raise ValueError(kind)


def NG(c: Ctx, kind: str) -> str:
    """A fresh negative of ``kind``, marked when the payload marks negatives."""
    return c.N(kind, value(c, kind))

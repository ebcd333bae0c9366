"""Secrets: vendor token formats, hand-made passwords, JWTs and private keys.

Token layouts follow each vendor's documented prefix and alphabet; the random part
comes from the payload's seeded generator.  Keys are built from seeded numbers (RSA
primes found here by Miller-Rabin, EC scalars, Ed25519 seeds) and serialised with
``cryptography`` (PEM) or by the OpenSSH ``openssh-key-v1`` layout written out below,
so the bytes never depend on the operating system's randomness.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import math
import random
import string
import struct
from collections.abc import Callable

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, rsa

ALNUM = string.ascii_letters + string.digits
B64URL = ALNUM + "-_"
B64 = ALNUM + "+/"
HEX = "0123456789abcdef"
BASE32 = string.ascii_uppercase + "234567"


def rand(rng: random.Random, alphabet: str, n: int) -> str:
    """``n`` characters drawn from ``alphabet``."""
    return "".join(rng.choice(alphabet) for _ in range(n))


# ---- vendor tokens -----------------------------------------------------------------------


def _aws_key_id(rng: random.Random) -> str:
    return rng.choice(["AKIA", "AKIA", "ASIA"]) + rand(rng, BASE32, 16)


def _aws_secret(rng: random.Random) -> str:
    return rand(rng, B64, 40)


def _b64_bytes(rng: random.Random, n: int) -> str:
    return base64.b64encode(rng.randbytes(n)).decode()


TOKENS: dict[str, Callable[[random.Random], str]] = {
    "aws_access_key_id": _aws_key_id,
    "aws_secret_access_key": _aws_secret,
    "github_pat": lambda r: "ghp_" + rand(r, ALNUM, 36),
    "github_oauth": lambda r: r.choice(["gho_", "ghu_", "ghs_"]) + rand(r, ALNUM, 36),
    "github_fine_grained": lambda r: "github_pat_" + rand(r, ALNUM, 22) + "_" + rand(r, ALNUM, 59),
    "gitlab_pat": lambda r: "glpat-" + rand(r, B64URL, 20),
    "slack_bot": lambda r: (
        f"xoxb-{r.randint(10**10, 10**12)}-{r.randint(10**10, 10**13)}-{rand(r, ALNUM, 24)}"
    ),
    "slack_user": lambda r: (
        f"xoxp-{r.randint(10**10, 10**12)}-{r.randint(10**10, 10**12)}-"
        f"{r.randint(10**10, 10**13)}-{rand(r, HEX, 32)}"
    ),
    "stripe_secret": lambda r: (
        r.choice(["sk_live_", "rk_live_"]) + rand(r, ALNUM, r.choice([24, 99]))
    ),
    "stripe_webhook": lambda r: "whsec_" + rand(r, ALNUM, 32),
    "openai": lambda r: (
        r.choice(["sk-proj-", "sk-svcacct-"])
        + rand(r, B64URL, 74)
        + "T3BlbkFJ"
        + rand(r, B64URL, 74)
    ),
    "anthropic": lambda r: "sk-ant-api03-" + rand(r, B64URL, 93) + "AA",
    "google_api": lambda r: "AIza" + rand(r, B64URL, 35),
    "sendgrid": lambda r: "SG." + rand(r, B64URL, 22) + "." + rand(r, B64URL, 43),
    "twilio_auth_token": lambda r: rand(r, HEX, 32),
    "npm": lambda r: "npm_" + rand(r, ALNUM, 36),
    "pypi": lambda r: "pypi-AgEIcHlwaS5vcmc" + rand(r, B64URL, r.choice([60, 140])),
    "azure_storage_key": lambda r: _b64_bytes(r, 64),
    "vault": lambda r: "hvs." + rand(r, B64URL, 24),
    "digitalocean": lambda r: "dop_v1_" + rand(r, HEX, 64),
    "shopify": lambda r: r.choice(["shpat_", "shpss_"]) + rand(r, HEX, 32),
    "mailgun": lambda r: "key-" + rand(r, HEX, 32),
    "datadog": lambda r: rand(r, HEX, 32),
    "telegram_bot": lambda r: f"{r.randint(10**8, 10**10 - 1)}:AA{rand(r, B64URL, 33)}",
    "huggingface": lambda r: "hf_" + rand(r, string.ascii_letters, 34),
    "docker_pat": lambda r: "dckr_pat_" + rand(r, B64URL, 27),
    "atlassian": lambda r: "ATATT3xFfGF0" + rand(r, B64URL, 170) + "=" + rand(r, HEX.upper(), 8),
    "heroku": lambda r: "-".join(rand(r, HEX, n) for n in (8, 4, 4, 4, 12)),
    "django_secret": lambda r: (
        "django-insecure-" + rand(r, string.ascii_lowercase + string.digits + "!@#$%^&*(-_=+)", 50)
    ),
    "hex_secret": lambda r: rand(r, HEX, r.choice([32, 40, 64])),
    "b64_secret": lambda r: _b64_bytes(r, r.choice([24, 32, 48])),
    "postman": lambda r: "PMAK-" + rand(r, HEX, 24) + "-" + rand(r, HEX, 34),
    "linear": lambda r: "lin_api_" + rand(r, ALNUM, 40),
    "notion": lambda r: "secret_" + rand(r, ALNUM, 43),
    "mapbox": lambda r: "sk.eyJ1Ijoi" + rand(r, B64URL, 50) + "." + rand(r, B64URL, 22),
}


def token(rng: random.Random, kind: str | None = None) -> tuple[str, str]:
    """(kind, token) of a vendor format (random kind when None)."""
    if kind is None:
        kind = rng.choice(sorted(TOKENS))
    return kind, TOKENS[kind](rng)


# ---- hand-made passwords ---------------------------------------------------------------

_WORDS_EN = [
    "summer",
    "winter",
    "dragon",
    "sunshine",
    "monkey",
    "football",
    "chelsea",
    "maple",
    "harbour",
    "coffee",
    "pumpkin",
    "falcon",
    "thunder",
    "river",
    "bluebird",
    "rocket",
    "pepper",
    "tiger",
    "orange",
    "galaxy",
    "cricket",
    "biscuit",
    "meadow",
    "anchor",
]
_WORDS_DE = [
    "sommer",
    "winter",
    "sonne",
    "hund",
    "katze",
    "fussball",
    "schalke",
    "bayern",
    "blume",
    "wolke",
    "tisch",
    "lampe",
    "kaffee",
    "apfel",
    "regen",
    "berg",
    "hafen",
    "baerchen",
    "mausi",
    "schatz",
    "frühling",
    "bärenhöhle",
    "königin",
    "würfel",
]
_PETS = [
    "Bello",
    "Rocky",
    "Minka",
    "Luna",
    "Buddy",
    "Pebbles",
    "Simba",
    "Nala",
    "Balu",
    "Charlie",
    "Milo",
    "Coco",
    "Rex",
    "Mausi",
    "Sammy",
    "Toffee",
]
_SYMS = "!?#$%&*+-_.@"


def password(rng: random.Random, lang: str, url_safe: bool = False) -> str:
    """A password as people make them up (or as a generator made it), eight or more
    characters."""
    while True:
        pw = _password(rng, lang, url_safe)
        if len(pw) >= 8:
            return pw


def _password(rng: random.Random, lang: str, url_safe: bool) -> str:
    words = _WORDS_DE if lang == "de" else _WORDS_EN
    syms = "!-_.~" if url_safe else _SYMS
    style = rng.randrange(9)
    if style == 0:
        w = rng.choice(words).capitalize()
        return f"{w}{rng.randint(1990, 2025)}{rng.choice(syms)}"
    if style == 1:
        w = rng.choice(words)
        leet = w.translate(str.maketrans("aoeis", "@031$"))
        if url_safe:
            leet = leet.replace("@", "4").replace("$", "5")
        return leet.capitalize() + str(rng.randint(1, 99)) + rng.choice(syms)
    if style == 2:
        sep = rng.choice(["-", ".", "_"])
        parts = [rng.choice(words).capitalize() for _ in range(rng.choice((3, 4)))]
        return sep.join(parts) + sep + str(rng.randint(2, 99))
    if style == 3:
        pool = ALNUM + syms
        while True:
            pw = rand(rng, pool, rng.choice((12, 14, 16, 20)))
            if (
                any(c.isdigit() for c in pw)
                and any(c.isupper() for c in pw)
                and any(c in syms for c in pw)
            ):
                return pw
    if style == 4:
        return f"{rng.choice(_PETS)}{rng.randint(1960, 2020)}{rng.choice(['', rng.choice(syms)])}"
    if style == 5:
        return (
            rng.choice(["Qwertz", "Qwerty", "Asdf", "Yxcv", "Zxcv"])
            + rng.choice(syms)
            + str(rng.randint(123, 98765))
        )
    if style == 6:
        w = rng.choice(words)
        return (
            w[:1].upper()
            + w[1:]
            + rng.choice(syms)
            + str(rng.randint(10, 99))
            + rng.choice(["", "x", "X"])
        )
    if style == 7:
        return (
            rand(rng, string.ascii_uppercase, 1)
            + rand(rng, string.ascii_lowercase, 5)
            + str(rng.randint(10, 99))
            + rng.choice(syms)
            + rand(rng, string.ascii_uppercase, 2)
        )
    return rand(rng, string.ascii_letters + string.digits, rng.choice((10, 12)))


def app_password(rng: random.Random) -> str:
    """A mail provider's app password: four groups of four lower-case letters."""
    return " ".join(rand(rng, string.ascii_lowercase, 4) for _ in range(4))


def pin(rng: random.Random, n: int = 4) -> str:
    """A numeric PIN that is not a trivial run."""
    while True:
        p = "".join(rng.choice(string.digits) for _ in range(n))
        if len(set(p)) > 2 and p not in "0123456789" and p not in "9876543210":
            return p


def basic_auth(user: str, pw: str) -> str:
    """The base64 credential of an HTTP Basic header."""
    return base64.b64encode(f"{user}:{pw}".encode()).decode()


# ---- JWT ------------------------------------------------------------------------------------


def _b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def jwt(
    rng: random.Random, claims: dict[str, object], alg: str = "HS256", key: bytes | None = None
) -> tuple[str, str, str]:
    """A signed JWT: (token, alg, key hex).  HS* sign with ``key`` (random when None);
    EdDSA signs with an Ed25519 key derived from seeded bytes (key hex = public key)."""
    header = {"alg": alg, "typ": "JWT"}
    if rng.random() < 0.3:
        header["kid"] = rand(rng, HEX, 8)
    signing_input = (
        _b64url(json.dumps(header, separators=(",", ":")).encode())
        + "."
        + _b64url(json.dumps(claims, separators=(",", ":")).encode())
    )
    if alg == "EdDSA":
        sk = ed25519.Ed25519PrivateKey.from_private_bytes(rng.randbytes(32))
        sig = sk.sign(signing_input.encode())
        pub = sk.public_key().public_bytes(
            serialization.Encoding.Raw, serialization.PublicFormat.Raw
        )
        return signing_input + "." + _b64url(sig), alg, pub.hex()
    digest = {"HS256": hashlib.sha256, "HS384": hashlib.sha384, "HS512": hashlib.sha512}[alg]
    secret = key if key is not None else rng.randbytes(32)
    sig = hmac.new(secret, signing_input.encode(), digest).digest()
    return signing_input + "." + _b64url(sig), alg, secret.hex()


# ---- private keys -----------------------------------------------------------------------

_PRIMORIAL = 1
for _p in [p for p in range(3, 30000) if all(p % q for q in range(2, int(p**0.5) + 1))]:
    _PRIMORIAL *= _p


def _probable_prime(n: int, rng: random.Random) -> bool:
    if math.gcd(n, _PRIMORIAL) != 1:
        return False
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for _ in range(12):
        a = rng.randrange(2, n - 2)
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = pow(x, 2, n)
            if x == n - 1:
                break
        else:
            return False
    return True


def _prime(bits: int, rng: random.Random, e: int) -> int:
    while True:
        c = rng.getrandbits(bits) | (3 << (bits - 2)) | 1
        if (c - 1) % e and _probable_prime(c, rng):
            return c


def rsa_key(rng: random.Random, bits: int = 2048) -> rsa.RSAPrivateKey:
    """An RSA key whose primes come from ``rng``."""
    e = 65537
    while True:
        p = _prime(bits // 2, rng, e)
        q = _prime(bits // 2, rng, e)
        if p != q:
            break
    if p < q:
        p, q = q, p
    phi = (p - 1) * (q - 1)
    d = pow(e, -1, phi)
    numbers = rsa.RSAPrivateNumbers(
        p, q, d, d % (p - 1), d % (q - 1), pow(q, -1, p), rsa.RSAPublicNumbers(e, p * q)
    )
    return numbers.private_key()


def _ssh_str(b: bytes) -> bytes:
    return struct.pack(">I", len(b)) + b


def _ssh_mpint(n: int) -> bytes:
    if n == 0:
        return _ssh_str(b"")
    raw = n.to_bytes((n.bit_length() + 8) // 8, "big")
    return _ssh_str(raw)


def _openssh_pem(
    keytype: bytes, pub_blob: bytes, priv_fields: bytes, comment: str, rng: random.Random
) -> str:
    check = rng.randbytes(4)
    section = check + check + _ssh_str(keytype) + priv_fields + _ssh_str(comment.encode())
    pad = 1
    while len(section) % 8:
        section += bytes([pad])
        pad += 1
    body = (
        b"openssh-key-v1\x00"
        + _ssh_str(b"none")
        + _ssh_str(b"none")
        + _ssh_str(b"")
        + struct.pack(">I", 1)
        + _ssh_str(pub_blob)
        + _ssh_str(section)
    )
    b64 = base64.b64encode(body).decode()
    lines = [b64[i : i + 70] for i in range(0, len(b64), 70)]
    return (
        "-----BEGIN OPENSSH PRIVATE KEY-----\n"
        + "\n".join(lines)
        + "\n-----END OPENSSH PRIVATE KEY-----"
    )


def openssh_ed25519(rng: random.Random, comment: str) -> tuple[str, str]:
    """(private key block, ``ssh-ed25519 AAAA...`` public line without comment)."""
    seed = rng.randbytes(32)
    sk = ed25519.Ed25519PrivateKey.from_private_bytes(seed)
    pub = sk.public_key().public_bytes(serialization.Encoding.Raw, serialization.PublicFormat.Raw)
    blob = _ssh_str(b"ssh-ed25519") + _ssh_str(pub)
    fields = _ssh_str(pub) + _ssh_str(seed + pub)
    pem = _openssh_pem(b"ssh-ed25519", blob, fields, comment, rng)
    return pem, "ssh-ed25519 " + base64.b64encode(blob).decode()


def openssh_ecdsa(rng: random.Random, comment: str) -> tuple[str, str]:
    """An ``ecdsa-sha2-nistp256`` OpenSSH private key and its public line."""
    sk = ec.derive_private_key(rng.randrange(1, 2**255), ec.SECP256R1())
    point = sk.public_key().public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    kt = b"ecdsa-sha2-nistp256"
    blob = _ssh_str(kt) + _ssh_str(b"nistp256") + _ssh_str(point)
    fields = (
        _ssh_str(b"nistp256") + _ssh_str(point) + _ssh_mpint(sk.private_numbers().private_value)
    )
    return _openssh_pem(kt, blob, fields, comment, rng), "ecdsa-sha2-nistp256 " + base64.b64encode(
        blob
    ).decode()


def openssh_rsa(rng: random.Random, comment: str, bits: int = 2048) -> tuple[str, str]:
    """An ``ssh-rsa`` OpenSSH private key and its public line."""
    key = rsa_key(rng, bits)
    n = key.private_numbers()
    pubn = n.public_numbers
    blob = _ssh_str(b"ssh-rsa") + _ssh_mpint(pubn.e) + _ssh_mpint(pubn.n)
    fields = (
        _ssh_mpint(pubn.n)
        + _ssh_mpint(pubn.e)
        + _ssh_mpint(n.d)
        + _ssh_mpint(n.iqmp)
        + _ssh_mpint(n.p)
        + _ssh_mpint(n.q)
    )
    return _openssh_pem(b"ssh-rsa", blob, fields, comment, rng), "ssh-rsa " + base64.b64encode(
        blob
    ).decode()


PrivateKey = rsa.RSAPrivateKey | ec.EllipticCurvePrivateKey | ed25519.Ed25519PrivateKey


def _pem(key: PrivateKey, fmt: serialization.PrivateFormat) -> str:
    return (
        key.private_bytes(serialization.Encoding.PEM, fmt, serialization.NoEncryption())
        .decode()
        .strip()
    )


def _pub_pem(key: PrivateKey) -> str:
    return (
        key.public_key()
        .public_bytes(serialization.Encoding.PEM, serialization.PublicFormat.SubjectPublicKeyInfo)
        .decode()
        .strip()
    )


KEY_KINDS = (
    "rsa_pkcs1",
    "rsa_pkcs8",
    "ec_sec1",
    "ec_pkcs8",
    "ed25519_pkcs8",
    "openssh_ed25519",
    "openssh_ecdsa",
    "openssh_rsa",
)


def private_key(
    rng: random.Random, kind: str | None = None, comment: str = ""
) -> tuple[str, str, str]:
    """(kind, private key block, matching public key: PEM or OpenSSH line)."""
    if kind is None:
        kind = rng.choices(KEY_KINDS, weights=(5, 3, 2, 2, 2, 4, 1, 1), k=1)[0]
    if kind == "openssh_ed25519":
        return (kind, *openssh_ed25519(rng, comment))
    if kind == "openssh_ecdsa":
        return (kind, *openssh_ecdsa(rng, comment))
    if kind == "openssh_rsa":
        return (kind, *openssh_rsa(rng, comment, bits=rng.choice((1024, 2048))))
    key: PrivateKey
    if kind.startswith("rsa"):
        key = rsa_key(rng, rng.choice((1024, 2048, 2048)))
    elif kind.startswith("ec"):
        curve: ec.EllipticCurve = rng.choice([ec.SECP256R1(), ec.SECP384R1(), ec.SECP256K1()])
        key = ec.derive_private_key(rng.randrange(1, 2**250), curve)
    else:
        key = ed25519.Ed25519PrivateKey.from_private_bytes(rng.randbytes(32))
    fmt = (
        serialization.PrivateFormat.TraditionalOpenSSL
        if kind in ("rsa_pkcs1", "ec_sec1")
        else serialization.PrivateFormat.PKCS8
    )
    return kind, _pem(key, fmt), _pub_pem(key)


def public_only(rng: random.Random) -> str:
    """A public key (never sensitive): PEM SubjectPublicKeyInfo or an OpenSSH line."""
    r = rng.random()
    if r < 0.5:
        return openssh_ed25519(rng, "")[1]
    if r < 0.75:
        key = ec.derive_private_key(rng.randrange(1, 2**250), ec.SECP256R1())
        return _pub_pem(key)
    return _pub_pem(ed25519.Ed25519PrivateKey.from_private_bytes(rng.randbytes(32)))

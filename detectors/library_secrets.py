"""Library entries for credentials with a recognisable form (prefix, length, alphabet).

Breadth follows the kinds of secret in gitleaks' default rule set (written here from the
providers' documented token formats, not copied): AWS secret access keys, GitLab,
Google, npm, SendGrid, Stripe, Slack webhooks, PyPI, Hugging Face, Twilio, Azure storage
account keys and AD client secrets, and a generic ``api_key = <value>`` assignment whose
value must look generated (Shannon entropy, letters and digits mixed).  Every entry
emits ``API_KEY``.  Secrets known by their key name start at that name (the ingress
detector tries them only where a name form occurs) and ``\\K`` keeps the name out of
the span.
"""

from __future__ import annotations

import dataclasses
from typing import Final

from detectors import id_validators as idv
from detectors.entity_pattern import TOKEN_AFTER, TOKEN_BEFORE, EntityPattern, keyword_forms
from detectors.validators import Validator
from pipelines.canon.view import KEY_PATH_TAIL, KEY_PATH_TAIL_MAX

__all__ = [
    "CREDENTIAL_PASSWORD_CHAR",
    "CREDENTIAL_PASSWORD_MAX",
    "CREDENTIAL_USER",
    "LOGIN_BEFORE_MAIL",
    "LOGIN_USER",
    "SECRET_ENTRIES",
    "URL_USERINFO_CHAR",
]

_B64: Final = r"[A-Za-z0-9/+]"
_AFTER_B64: Final = r"(?![A-Za-z0-9/+=])"
# A character of a URL's userinfo (RFC 3986 3.2.1: unreserved, percent escapes,
# sub-delims and ":"; letters of any script, as IRIs allow), and one of its user part.
URL_USERINFO_CHAR: Final = r"[\w\-.~%!\$&'()*+,;=:]"
_URL_USER_CHAR: Final = r"[\w\-.~%!\$&'()*+,;=]"

# ``user:password@host`` written without a scheme (a DSN in an env file or a log line,
# ``DATABASE_URL=admin:S3cr3t@db.example.com:5432``) is a credential pair as much as a
# URL's userinfo is: its password is a secret and no e-mail address.  The pair starts a
# value (after ``=``, a quote or at the start, :data:`_CREDENTIAL_START`)
# with a user name of at most 32 characters that begins with a letter or ``_`` (so
# ``10:30@home`` is a time) and has no ``:``.  Not a user name: a name whose last word
# labels an address (``mailto:``, ``email:``, ``smtp:``, ``to:``, ``contact_email:``,
# ``userEmail:``, ``E-Mail-Adresse:``), and a capitalised word (``Owner:``,
# ``Kontakt:``: a label in prose), after which the address is an e-mail.  EMAIL reads
# this very source (its look-behind), so a text is either an e-mail or a credential
# pair, never both and never neither.
_ADDRESS_LABELS: Final = (
    "mailto", "mail", "email", "e-mail", "e_mail", "emailaddress", "email-address",
    "email_address", "mailaddress", "to", "from", "cc", "bcc", "reply-to", "reply_to",
    "replyto", "sender", "recipient", "rcpt", "contact", "kontakt", "an", "von",
    "absender", "empfanger", "smtp", "sip", "sips", "xmpp", "im", "acct", "jid",
    "address", "adresse", "addr",
    # a vCard's parameters ("EMAIL;TYPE=INTERNET:jane@example.com", "TYPE=WORK,PREF:…")
    "internet", "pref", "work", "home", "x400",
)  # fmt: skip
_CREDENTIAL_USER_MAX: Final = 32
_URL_USER_NAME_CHAR: Final = r"[\w\-.~%!\$&'*+]"
_TOKEN_START: Final = r"(?<![^\s\"'`<>(\[{=,;|])"
# A pair is a credential only where a value is assigned or quoted (a DSN in an env file,
# a config value, a connection string: "DATABASE_URL=admin:S3cr3t@db…", '"admin:pw@db"'):
# in prose and in trackers' "field:value" queries ("author:jane.doe@acme.com",
# "assignee:bob@corp.com") the address after a lower-case word and a colon is an e-mail.
_CREDENTIAL_START: Final = r"(?<=[=\"'`])"
_ADDRESS_LABEL: Final = "(?i:" + "|".join(w.replace("-", r"\-") for w in _ADDRESS_LABELS) + ")"
# Read from the user name's end (only look-behinds: a look-ahead inside EMAIL's
# look-behind would count towards how far a reply filter holds text): the name
# starts a token with a letter or "_", is no capitalised word and does not end in a
# label word (the whole name, or after "_", "-", "." or a camelCase step).
def _user_body(start: str) -> str:
    return (
        rf"{start}[\p{{L}}_]{_URL_USER_NAME_CHAR}{{0,{_CREDENTIAL_USER_MAX - 1}}}"
        rf"(?<!{start}\p{{Lu}}\p{{Ll}}{{0,{_CREDENTIAL_USER_MAX - 1}}})"
        rf"(?<!(?:{start}|(?<=[_\-.])|(?<=\p{{Ll}})(?=\p{{Lu}})){_ADDRESS_LABEL})"
    )


_CREDENTIAL_USER_BODY: Final = _user_body(_CREDENTIAL_START)
# Anywhere a token starts, a pair whose host goes on with a port or a path is a login
# too ("connect admin:S3cr3t@db.example.com:5432"): no e-mail address is followed by
# either (EMAIL refuses them).
_LOGIN_USER_BODY: Final = _user_body(_TOKEN_START)
CREDENTIAL_USER: Final = _CREDENTIAL_USER_BODY + ":"
# A character of such a pair's password: RFC 3986 userinfo without "," ";" "(" ")",
# which end a token in a list or a CSV row ("https://acme.com,jane@acme.com").
CREDENTIAL_PASSWORD_CHAR: Final = r"[\w\-.~%!\$&'*+=:]"
# How much of a password EMAIL's look-behind reads back over (with the user part it
# fits the egress filter's 128-character window), and the longest password (that much
# plus an e-mail local part: whatever EMAIL declines, URL_PASSWORD masks).
CREDENTIAL_PASSWORD_MAX: Final = 60
_CREDENTIAL_PASSWORD_LONGEST: Final = CREDENTIAL_PASSWORD_MAX + 64
LOGIN_USER: Final = _LOGIN_USER_BODY + ":"
# ... and so is one whose password holds a character no e-mail local part has
# ("user:pa!ss@mail.example.org"): EMAIL would take only the part after it.
_NOT_LOCAL_PART: Final = r"[~!\$&'*=:]"
# EMAIL reads this before an address: the login's user and the password's head up to
# such a character.
LOGIN_BEFORE_MAIL: Final = (
    rf"{_LOGIN_USER_BODY}:{CREDENTIAL_PASSWORD_CHAR}{{0,{CREDENTIAL_PASSWORD_MAX}}}"
    + _NOT_LOCAL_PART
)
# Between a key name and its value: optional closing quote, an assignment, quotes.
_ASSIGN: Final = r"[\"']?[ \t]{0,3}(?:=>|:=|[:=])[ \t]{0,3}[\"']?"

_AWS_SECRET_NAMES: Final = (
    "aws_secret_access_key", "AWS_SECRET_ACCESS_KEY", "aws_secret_key", "AWS_SECRET_KEY",
    "aws_secret", "AWS_SECRET", "secret_access_key", "SECRET_ACCESS_KEY", "SecretAccessKey",
    "secretAccessKey", "aws-secret-access-key",
)  # fmt: skip
_SECRET_NAMES: Final = tuple(
    sorted(
        (
            *keyword_forms(
                ("api_key", "apikey", "api-key", "secret", "secret_key", "client_secret",
                 "token", "access_token", "auth_token", "password", "passwd", "private_key",
                 "key")
            ),
            "apiKey", "ApiKey", "clientSecret", "accessToken", "authToken", "secretKey",
            "privateKey",
        ),
        key=len,
        reverse=True,
    )
)  # fmt: skip


def _names(names: tuple[str, ...]) -> str:
    return "(?:" + "|".join(name.replace(".", r"\.") for name in names) + ")"


def _prefixed(
    name: str,
    pattern: str,
    max_length: int,
    anchors: tuple[str, ...],
    description: str,
    validator: Validator | None = None,
) -> EntityPattern:
    return EntityPattern(
        name=name,
        label="API_KEY",
        pattern=pattern,
        # a key's prefix is written in templates and docs with the rest to be filled
        # in ("sk_live_XXXXXXXXXXXXXXXX"): no key (the checks given refuse it too)
        validator=validator if validator is not None else idv.is_not_fill_in,
        score=0.95,
        description=description,
        max_length=max_length,
        anchors=anchors,
    )


# More vendors' tokens with a fixed prefix, after gitleaks' default rules: (name,
# prefix-anchored pattern, longest match, anchors, what it is).  Hex bodies are lower
# case where the vendor issues them so.
_VENDOR_TOKENS: Final = (
    ("DIGITALOCEAN_TOKEN", r"do[por]_v1_[a-f0-9]{64}", 71, ("dop_v1_", "doo_v1_", "dor_v1_"),
     "DigitalOcean personal access, OAuth or refresh token (dop_v1_ + 64 hex)"),
    ("SHOPIFY_TOKEN", r"shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}", 38,
     ("shpat_", "shpca_", "shppa_", "shpss_"),
     "Shopify access, custom-app, private-app token or shared secret (shpat_ + 32 hex)"),
    ("DOPPLER_TOKEN", r"dp\.(?:pt|st|sa|ct|scim|audit)\.[A-Za-z0-9]{40,44}", 55, ("dp.",),
     "Doppler service, personal or CLI token (dp.pt. + 43)"),
    ("DYNATRACE_TOKEN", r"dt0[a-z][0-9]{2}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{64}", 96, ("dt0",),
     "Dynatrace API token (dt0c01.24.64)"),
    ("LINEAR_API_KEY", r"lin_(?:api|oauth)_[A-Za-z0-9]{40}", 50, ("lin_api_", "lin_oauth_"),
     "Linear API key (lin_api_ + 40)"),
    ("POSTMAN_API_KEY", r"PMAK-[a-f0-9]{24}-[a-f0-9]{34}", 64, ("PMAK-",),
     "Postman API key (PMAK-24-34 hex)"),
    ("PULUMI_TOKEN", r"pul-[a-f0-9]{40}", 44, ("pul-",), "Pulumi access token (pul- + 40 hex)"),
    ("GRAFANA_TOKEN", r"(?:glc_[A-Za-z0-9+/]{32,400}={0,2}|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8})",
     406, ("glc_", "glsa_"), "Grafana Cloud API token or service account token"),
    ("DATABRICKS_TOKEN", r"dapi[a-f0-9]{32}(?:-[0-9])?", 38, ("dapi",),
     "Databricks personal access token (dapi + 32 hex)"),
    ("ATLASSIAN_TOKEN", r"ATATT3[A-Za-z0-9_\-=]{186}", 192, ("ATATT3",),
     "Atlassian API token (ATATT3 + 186)"),
    ("SENTRY_TOKEN", r"(?:sntryu_[a-f0-9]{64}|sntrys_eyJ[A-Za-z0-9+/=_\-]{60,400})", 410,
     ("sntryu_", "sntrys_"), "Sentry user or organisation auth token"),
    ("NEW_RELIC_KEY", r"NR(?:AK|JS|II)-[A-Za-z0-9]{19,32}", 37, ("NRAK-", "NRJS-", "NRII-"),
     "New Relic user API, browser or insert key (NRAK- + 27)"),
    ("PLANETSCALE_TOKEN", r"pscale_(?:tkn|pw|oauth)_[A-Za-z0-9_\-=.]{32,64}", 77,
     ("pscale_tkn_", "pscale_pw_", "pscale_oauth_"), "PlanetScale API token or password"),
    ("HEROKU_KEY", r"HRKU-AA[A-Za-z0-9_\-]{58}", 65, ("HRKU-",),
     "Heroku API key, version 2 (HRKU-AA + 58)"),
    ("VAULT_TOKEN", r"hv[sbr]\.[A-Za-z0-9_\-]{90,300}", 304, ("hvs.", "hvb.", "hvr."),
     "HashiCorp Vault service, batch or recovery token (hvs. + 90 or more)"),
    ("TERRAFORM_CLOUD_TOKEN", r"[A-Za-z0-9]{14}\.atlasv1\.[A-Za-z0-9_\-=]{60,70}", 93,
     (".atlasv1.",), "Terraform Cloud / HCP Terraform API token (14.atlasv1.60-70)"),
    ("FLY_TOKEN", r"(?:fo1_[A-Za-z0-9_\-]{43}|(?:fm1[ar]|fm2)_[A-Za-z0-9+/=_\-]{100,4000})", 4005,
     ("fo1_", "fm1a_", "fm1r_", "fm2_"), "Fly.io access or macaroon token"),
    ("AGE_SECRET_KEY", r"AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}", 74,
     ("AGE-SECRET-KEY-1",), "age encryption secret key (AGE-SECRET-KEY-1 + 58 bech32)"),
    ("DOCKER_HUB_TOKEN", r"dckr_(?:pat|oat)_[A-Za-z0-9_\-]{27,40}", 49, ("dckr_pat_", "dckr_oat_"),
     "Docker Hub personal or organisation access token (dckr_pat_ + 27)"),
    ("SQUARE_TOKEN", r"(?:EAAA[A-Za-z0-9_\-]{56,60}|sq0(?:atp|csp)-[A-Za-z0-9_\-]{22,43})", 64,
     ("EAAA", "sq0atp-", "sq0csp-"), "Square access token or application secret"),
    ("DISCORD_WEBHOOK", r"https?://(?:ptb\.|canary\.)?discord(?:app)?\.com/api/webhooks/"
     r"[0-9]{17,20}/[A-Za-z0-9_\-]{60,70}", 140, ("discord.com/api/webhooks/",
     "discordapp.com/api/webhooks/"), "Discord webhook URL (the whole URL)"),
    ("ALIBABA_ACCESS_KEY", r"LTAI[A-Za-z0-9]{12,20}", 24, ("LTAI",),
     "Alibaba Cloud AccessKey ID (LTAI + 20)"),
    ("RUBYGEMS_KEY", r"rubygems_[a-f0-9]{48}", 57, ("rubygems_",), "RubyGems API key"),
    ("CLOJARS_TOKEN", r"CLOJARS_[A-Za-z0-9]{60}", 68, ("CLOJARS_",), "Clojars deploy token"),
    ("OPENSHIFT_TOKEN", r"sha256~[A-Za-z0-9_\-]{43}", 50, ("sha256~",),
     "OpenShift user token (sha256~ + 43)"),
    ("PREFECT_KEY", r"pnu_[A-Za-z0-9]{36}", 40, ("pnu_",), "Prefect API key (pnu_ + 36)"),
    ("README_KEY", r"rdme_[a-z0-9]{70}", 75, ("rdme_",), "ReadMe API key (rdme_ + 70)"),
    ("DUFFEL_TOKEN", r"duffel_(?:test|live)_[A-Za-z0-9_\-=]{43}", 55,
     ("duffel_test_", "duffel_live_"), "Duffel API token"),
    ("EASYPOST_KEY", r"EZ[AT]K[A-Za-z0-9]{54}", 58, ("EZAK", "EZTK"), "EasyPost API key"),
    ("ONEPASSWORD_TOKEN", r"ops_eyJ[A-Za-z0-9+/]{250,2000}={0,3}", 2012, ("ops_eyJ",),
     "1Password service account token (ops_eyJ…)"),
    ("SOURCEGRAPH_TOKEN", r"sgp_(?:[a-fA-F0-9]{16}_)?[a-fA-F0-9]{40}", 61, ("sgp_",),
     "Sourcegraph access token (sgp_ + 40 hex)"),
    ("NOTION_TOKEN", r"ntn_[0-9]{11}[A-Za-z0-9]{35}", 50, ("ntn_",),
     "Notion integration token (ntn_ + 46)"),
    ("GROQ_KEY", r"gsk_[A-Za-z0-9]{52}", 56, ("gsk_",), "Groq API key (gsk_ + 52)"),
    ("XAI_KEY", r"xai-[A-Za-z0-9_]{80}", 84, ("xai-",), "xAI API key (xai- + 80)"),
    ("PERPLEXITY_KEY", r"pplx-[A-Za-z0-9]{48}", 53, ("pplx-",), "Perplexity API key (pplx- + 48)"),
    ("REPLICATE_TOKEN", r"r8_[A-Za-z0-9_\-]{37}", 40, ("r8_",), "Replicate API token (r8_ + 37)"),
    ("ARTIFACTORY_KEY", r"AKCp[A-Za-z0-9]{69}", 73, ("AKCp",), "JFrog Artifactory API key"),
)  # fmt: skip


SECRET_ENTRIES: Final[tuple[EntityPattern, ...]] = (
    EntityPattern(
        name="AWS_SECRET_KEY",
        label="API_KEY",
        pattern=r"(?<![\w\-])"
        + _names(_AWS_SECRET_NAMES)
        + KEY_PATH_TAIL
        + _ASSIGN
        + r"\K"
        + _B64
        + "{40}"
        + _AFTER_B64,
        validator=idv.is_high_entropy,
        score=0.95,
        description="AWS secret access key (40 characters) after an aws_secret... key name",
        max_length=21 + KEY_PATH_TAIL_MAX + 10 + 40,
        anchors=_AWS_SECRET_NAMES,
        starts_at_anchor=True,
    ),
    EntityPattern(
        name="AWS_SECRET_NEAR_ID",
        label="API_KEY",
        # The secret written next to its key id (CSV exports, "id / secret" pairs).
        pattern=r"(?<![A-Za-z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}"
        # (the canonical view folds a line break to a space: the next line counts too)
        # (a slash between spaces separates too: "AKIA… / wJalr…")
        r"(?:[^A-Za-z0-9/+]{1,5}|[ ]/[ ]|.{1,40}?(?:secret|Secret|SECRET)[^A-Za-z0-9/+]{1,10})"
        r"\K" + _B64 + "{40}" + _AFTER_B64,
        validator=idv.is_high_entropy,
        score=0.9,
        description="AWS secret access key written right after its access key id",
        max_length=20 + 56 + 40,
        anchors=("AKIA", "ASIA"),
        starts_at_anchor=True,
    ),
    _prefixed(
        "GITLAB_TOKEN",
        r"(?<![\w\-])gl(?:pat|dt|rt|ptt|cbt|imt|soat|ffct|agent|oas|ft)-[A-Za-z0-9_\-.]{20,250}"
        + TOKEN_AFTER,
        270,
        (
            "glpat-",
            "gldt-",
            "glrt-",
            "glptt-",
            "glcbt-",
            "glimt-",
            "glsoat-",
            "glffct-",
            "glagent-",
            "gloas-",
            "glft-",
        ),
        "GitLab token (glpat- personal access tokens and the other gl...- kinds)",
    ),
    _prefixed(
        "GOOGLE_API_KEY",
        r"(?<![\w\-])AIza[0-9A-Za-z_\-]{35}" + TOKEN_AFTER,
        39,
        ("AIza",),
        "Google API key (AIza + 35)",
    ),
    _prefixed(
        "NPM_TOKEN",
        r"(?<![\w\-])npm_[A-Za-z0-9]{36}" + TOKEN_AFTER,
        40,
        ("npm_",),
        "npm access token (npm_ + 36)",
    ),
    _prefixed(
        "MAILGUN_KEY",
        r"(?<![\w\-])key-[0-9a-f]{32}" + TOKEN_AFTER,
        36,
        ("key-",),
        "Mailgun private API key (key- + 32 lower-case hex)",
    ),
    dataclasses.replace(
        _prefixed(
            "TELEGRAM_BOT_TOKEN",
            r"(?<![\w\-:])[0-9]{8,10}:AA[A-Za-z0-9_\-]{33}" + TOKEN_AFTER,
            45,
            (":AA",),
            "Telegram bot token (the bot's 8-10 digit id, :AA, 33 characters)",
        ),
        # It starts with digits: a reply filter holding API_KEY would hold every number
        # at a chunk's end until it knew no ":AA" follows (redact it by its name).
        by_label=False,
    ),
    _prefixed(
        "SENDGRID_KEY",
        r"(?<![\w\-])SG\.[A-Za-z0-9_\-]{22}\.[A-Za-z0-9_\-]{43}" + TOKEN_AFTER,
        69,
        ("SG.",),
        "SendGrid API key (SG.22.43)",
    ),
    _prefixed(
        "STRIPE_KEY",
        r"(?<![\w\-])(?:sk|rk)_(?:live|test|prod)_[A-Za-z0-9]{10,99}" + TOKEN_AFTER,
        107,
        ("sk_live_", "rk_live_", "sk_test_", "rk_test_", "sk_prod_", "rk_prod_"),
        "Stripe secret or restricted key (sk_live_, rk_live_, test and prod)",
    ),
    _prefixed(
        "SLACK_WEBHOOK",
        r"https?://hooks\.slack\.com/(?:services|workflows|triggers)/[A-Za-z0-9+/_\-]{20,120}"
        + r"(?![A-Za-z0-9+/_\-])",
        150,
        ("hooks.slack.com/",),
        "Slack incoming webhook URL (the whole URL)",
    ),
    _prefixed(
        "PYPI_TOKEN",
        r"(?<![\w\-])pypi-AgEIcHlwaS5vcmc[A-Za-z0-9_\-]{50,300}" + TOKEN_AFTER,
        318,
        ("pypi-AgEIcHlwaS5vcmc",),
        "PyPI upload token (pypi-AgEIcHlwaS5vcmc...)",
    ),
    _prefixed(
        "HUGGINGFACE_TOKEN",
        r"(?<![\w\-])(?:hf_|api_org_)[A-Za-z0-9]{34,40}" + TOKEN_AFTER,
        48,
        ("hf_", "api_org_"),
        "Hugging Face access token (hf_ + 34) or org token",
        validator=idv.is_random_letters,
    ),
    _prefixed(
        "TWILIO_KEY",
        r"(?<![\w\-])SK[0-9a-fA-F]{32}" + TOKEN_AFTER,
        34,
        ("SK",),
        "Twilio API key sid (SK + 32 hex)",
        validator=idv.is_high_entropy,
    ),
    EntityPattern(
        name="AZURE_STORAGE_KEY",
        label="API_KEY",
        pattern=r"(?:AccountKey|SharedAccessKey|accountKey)[ \t]{0,3}=[ \t]{0,3}\K"
        + _B64
        + "{86}==",
        validator=None,
        score=0.95,
        description="Azure storage account key (88 base64 characters after AccountKey=)",
        max_length=16 + 7 + 88,
        anchors=("AccountKey", "SharedAccessKey", "accountKey"),
        starts_at_anchor=True,
    ),
    dataclasses.replace(
        _prefixed(
            "AZURE_AD_SECRET",
            TOKEN_BEFORE + r"[A-Za-z0-9_~.]{3}[0-9]Q~[A-Za-z0-9_~.\-]{31,34}" + r"(?![\w~.\-])",
            40,
            ("Q~",),
            "Azure AD (Entra) client secret (xxxNQ~...)",
        ),
        # Its first four characters are any word: a reply filter holding API_KEY would
        # hold the last word of every chunk (redact it by its name).
        by_label=False,
    ),
    EntityPattern(
        name="URL_PASSWORD",
        label="API_KEY",
        # The password of a URL's userinfo (RFC 3986 3.2.1): "scheme://user:password@host",
        # a scheme character before "://", the user part without ":" (the password may
        # hold one); or of a user:password@host pair without a scheme (CREDENTIAL_USER),
        # or anywhere before a host with a port or a path (_LOGIN_USER_BODY).
        # Every match starts at a ":".
        pattern=r"(?:(?<=[A-Za-z0-9+.\-])://" + _URL_USER_CHAR + r"{0,64}:\K"
        + URL_USERINFO_CHAR + r"{1,128}(?=@[\w\[])"
        # (the first password character is checked before the user name: most ":" in
        # text are followed by a space or a quote)
        + rf"|:(?={CREDENTIAL_PASSWORD_CHAR})(?<={_CREDENTIAL_USER_BODY}:)\K"
        + CREDENTIAL_PASSWORD_CHAR
        + rf"{{1,{_CREDENTIAL_PASSWORD_LONGEST}}}(?=@[\w\[])"
        + rf"|:(?={CREDENTIAL_PASSWORD_CHAR})(?<={_LOGIN_USER_BODY}:)\K"
        + rf"(?:(?={CREDENTIAL_PASSWORD_CHAR}{{0,{CREDENTIAL_PASSWORD_MAX}}}{_NOT_LOCAL_PART})"
        + CREDENTIAL_PASSWORD_CHAR
        + rf"{{1,{_CREDENTIAL_PASSWORD_LONGEST}}}(?=@[\w\[])"
        + rf"|{CREDENTIAL_PASSWORD_CHAR}{{1,{_CREDENTIAL_PASSWORD_LONGEST}}}"
        # (a host of one label or an IPv4 address ends where no label goes on after
        # it: "admin:pw@localhost." ends a sentence)
        + r"(?=@(?:[\w\-.]{1,253}(?::[0-9]{1,5}|/)|[\w\-]{1,63}(?![\w\-]|\.[\w\-])|\["
        + r"|[0-9]{1,3}(?:\.[0-9]{1,3}){3}(?![\w\-]|\.[\w\-])))))",
        validator=None,
        score=0.9,
        description="Password of a URL's userinfo (scheme://user:password@host) or of a"
        " user:password@host pair",
        max_length=max(3 + 64 + 1 + 128, 1 + _CREDENTIAL_PASSWORD_LONGEST),
        anchors=(":",),
        starts_at_anchor=True,
    ),
    EntityPattern(
        name="GENERIC_SECRET",
        label="API_KEY",
        pattern=_names(_SECRET_NAMES)
        + r"s?(?![a-z])"
        + KEY_PATH_TAIL
        + _ASSIGN
        # a sentence's full stop after the value is not part of it (a JWT stays a JWT)
        + r"\K[A-Za-z0-9_\-+/=.~]{11,255}[A-Za-z0-9_\-+/=~]"
        + r"(?![A-Za-z0-9_\-+/=~]|\.[A-Za-z0-9_\-+/=~])",
        validator=idv.is_high_entropy,
        score=0.7,
        description="A generated-looking value assigned to a key named like a secret",
        max_length=16 + KEY_PATH_TAIL_MAX + 10 + 256,
        anchors=_SECRET_NAMES,
        starts_at_anchor=True,
    ),
    *(
        dataclasses.replace(
            _prefixed(name, r"(?<![\w\-.])" + body + TOKEN_AFTER, longest, anchors, description),
            # (a Terraform Cloud token starts with any 14 letters and digits: a reply
            # filter holding API_KEY would hold every chunk's last word; by its name only)
            by_label=name != "TERRAFORM_CLOUD_TOKEN",
        )
        for name, body, longest, anchors, description in _VENDOR_TOKENS
    ),
)

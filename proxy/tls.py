"""TLS contexts: serving (``server.tls``) and per-upstream CA bundles.

Both are plain :class:`ssl.SSLContext` objects built at start-up; a certificate or key
that cannot be read is a :class:`~pipelines.errors.ConfigError` naming the config path
(never the file's content).
"""

from __future__ import annotations

import ssl
from pathlib import Path

from pipelines.errors import ConfigError
from proxy.config import TlsConfig

__all__ = ["client_context", "server_context"]


def server_context(tls: TlsConfig) -> ssl.SSLContext:
    """A server context for ``server.tls`` (``cert`` chain and ``key`` files, PEM)."""
    cert, key = tls.cert, tls.key
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    try:
        context.load_cert_chain(certfile=str(cert), keyfile=str(key))
    except (OSError, ssl.SSLError) as exc:
        raise ConfigError(f"cannot load the TLS certificate and key ({type(exc).__name__})",
                          source=str(cert), path="server.tls",
                          expected="a PEM certificate chain and its key") from exc
    return context


def client_context(ca_bundle: Path | None, *, path: str | None = None
                   ) -> ssl.SSLContext | None:
    """The context for an upstream: the system's trust store, or ``ca_bundle`` instead
    (``path``: where the bundle is configured, ``upstreams.<name>.ca_bundle``)."""
    if ca_bundle is None:
        return None
    try:
        return ssl.create_default_context(cafile=str(ca_bundle))
    except (OSError, ssl.SSLError) as exc:
        raise ConfigError(f"cannot load the CA bundle ({type(exc).__name__})",
                          source=str(ca_bundle), path=path,
                          expected="a PEM file of CA certificates") from exc

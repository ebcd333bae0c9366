"""Unit tests of the error tree: hierarchy, attributes and messages."""

from __future__ import annotations

import pytest

from pipelines import errors
from pipelines.errors import (
    ConfigError,
    DetectorError,
    DetectorOverloaded,
    DetectorTimeout,
    EgressRefused,
    GatewayError,
    PluginLoadError,
    RequestError,
    StreamProtocolError,
    UpstreamError,
    UpstreamTimeout,
    VaultFull,
)


@pytest.mark.parametrize(
    ("child", "parent"),
    [(ConfigError, GatewayError), (PluginLoadError, ConfigError),
     (DetectorError, GatewayError), (DetectorTimeout, DetectorError),
     (DetectorOverloaded, DetectorError), (VaultFull, GatewayError),
     (EgressRefused, GatewayError), (RequestError, GatewayError),
     (UpstreamError, GatewayError), (UpstreamTimeout, UpstreamError),
     (StreamProtocolError, GatewayError)],
)
def test_hierarchy(child: type[Exception], parent: type[Exception]) -> None:
    """The tree drawn in the module docstring is the real one."""
    assert issubclass(child, parent)


def test_all_is_complete() -> None:
    """Every public exception class is exported."""
    public = {name for name, value in vars(errors).items()
              if isinstance(value, type) and issubclass(value, BaseException)}
    assert public == set(errors.__all__)


def test_config_error_renders_source_path_expected() -> None:
    """One line for operators: file, dotted path, message, expectation."""
    error = ConfigError("out of range", source="gw.yaml", path="routes[1].response.max_held_chars",
                        expected="an integer >= 1")
    assert str(error) == ("gw.yaml: routes[1].response.max_held_chars: out of range "
                          "(expected an integer >= 1)")
    assert str(ConfigError("plain")) == "plain"
    assert str(ConfigError("m", path="a.b")) == "a.b: m"


def test_status_attributes() -> None:
    """Errors carry what the HTTP layer needs."""
    assert UpstreamTimeout("slow").status == 504
    assert UpstreamError("down").status == 502
    assert StreamProtocolError("bad sse").status_hint == 502
    request = RequestError(413, "body_too_large", "too large")
    assert (request.status, request.code, str(request)) == (413, "body_too_large", "too large")


def test_detector_and_egress_messages_name_no_values() -> None:
    """Messages name detectors, labels and limits only."""
    assert str(DetectorTimeout("gliner", "no answer within 2 s")) == \
        "detector 'gliner': no answer within 2 s"
    refused = EgressRefused(16384, "PRIVATE_KEY")
    assert refused.label == "PRIVATE_KEY" and "16384 characters" in str(refused)

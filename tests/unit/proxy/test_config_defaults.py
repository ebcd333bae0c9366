"""The config's reply defaults are the pipeline's own: one value, not two that drift.

``response.mask`` imports ``pipelines.egress.DEFAULT_MASK``; ``response.max_held_chars``
and ``server.max_placeholder_index`` must equal the defaults of
:class:`~pipelines.egress.EgressPolicy` and :class:`~pipelines.vault.Vault`.
"""

from __future__ import annotations

import inspect
from pathlib import Path

from pipelines.egress import DEFAULT_MASK, EgressPolicy
from pipelines.vault import Vault
from proxy.config import ResponsePolicy, ServerConfig, parse_config


def _default(callable_: object, parameter: str) -> object:
    """The default of ``parameter`` in ``callable_``'s signature."""
    signature = inspect.signature(callable_)  # type: ignore[arg-type]
    return signature.parameters[parameter].default


def test_dataclass_defaults_match_the_pipeline() -> None:
    """ResponsePolicy and ServerConfig defaults equal the egress policy's and the vault's."""
    response = ResponsePolicy()
    assert response.mask == DEFAULT_MASK == _default(EgressPolicy, "mask")
    assert response.max_held_chars == _default(EgressPolicy, "max_held_chars")
    assert ServerConfig().max_placeholder_index == _default(Vault, "max_index")
    assert ServerConfig().max_placeholder_index == _default(EgressPolicy, "max_index")


def test_parsed_defaults_match_the_dataclasses() -> None:
    """A config that sets none of them gets the same defaults from the parser."""
    config = parse_config(
        {"upstreams": {"up": {"base_url": "http://127.0.0.1:9"}},
         "routes": [{"path": "/v1/chat/completions", "api": "openai_chat", "upstream": "up"}]},
        source="<test>", base_dir=Path.cwd(), environ={},
    )
    assert config.routes[0].response == ResponsePolicy()
    assert config.server.max_placeholder_index == ServerConfig().max_placeholder_index

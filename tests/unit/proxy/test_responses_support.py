"""Support of the Responses, models and embeddings routes: operations and headers."""

from __future__ import annotations

from pathlib import Path

import pytest
from multidict import MultiDict

from pipelines.errors import ConfigError, RequestError, StreamProtocolError
from proxy.config import parse_config
from proxy.openai_embeddings import rewrite_body, validate
from proxy.resources import operation
from proxy.upstream import DEFAULT_ALLOWED, HeaderAllowList, request_headers
from tests.unit.proxy.shape_helpers import factory_of


@pytest.mark.parametrize(("api", "method", "tail", "query", "path", "kept"), [
    ("openai_responses", "GET", "/resp_1", {"include[]": "a.b", "x": "y"},
     "/v1/responses/resp_1", (("include[]", "a.b"),)),
    ("openai_responses", "DELETE", "/resp_1", {}, "/v1/responses/resp_1", ()),
    ("openai_responses", "GET", "/resp_1/input_items", {"limit": "5", "order": "asc"},
     "/v1/responses/resp_1/input_items", (("limit", "5"), ("order", "asc"))),
    ("openai_responses", "POST", "/resp_1/cancel", {}, "/v1/responses/resp_1/cancel", ()),
    ("openai_models", "GET", "", {"limit": "5"}, "/v1/models", ()),
    ("openai_models", "GET", "/ft:gpt-4o:org::x1", {}, "/v1/models/ft%3Agpt-4o%3Aorg%3A%3Ax1",
     ()),
    ("anthropic_models", "GET", "", {"limit": "5", "after_id": "m1"}, "/v1/models",
     (("limit", "5"), ("after_id", "m1"))),
])
def test_operations(api: str, method: str, tail: str, query: dict[str, str], path: str,
                    kept: tuple[tuple[str, str], ...]) -> None:
    """Each operation's upstream path and the query parameters it relays."""
    op = operation(api, method, tail, MultiDict(query))
    assert (op.method, op.path, op.query) == (method, path, kept)


@pytest.mark.parametrize(("api", "method", "tail", "query", "status"), [
    ("openai_responses", "GET", "", {}, 405),
    ("openai_responses", "PUT", "/resp_1", {}, 405),
    ("openai_responses", "GET", "/resp_1/other", {}, 405),
    ("openai_responses", "GET", "/jane@corp.example", {}, 400),
    ("openai_responses", "GET", "/resp_1", {"stream": "true"}, 400),
    ("openai_responses", "GET", "/resp_1/input_items", {"after": "a b"}, 400),
    ("openai_models", "POST", "", {}, 405),
    ("openai_models", "GET", "/a/b", {}, 405),
    ("openai_chat", "GET", "/x", {}, 404),
])
def test_refused_operations(api: str, method: str, tail: str, query: dict[str, str],
                            status: int) -> None:
    """Wrong methods, ids that are not tokens, streamed retrieves: refused."""
    with pytest.raises(RequestError) as refused:
        operation(api, method, tail, MultiDict(query))
    assert refused.value.status == status


def test_header_allow_list() -> None:
    """The x-stainless family is a prefix; credentials are never relayed."""
    headers = {"X-Stainless-Read-Timeout": "20", "x-stainless-new-thing": "1",
               "X-User": "jane", "Authorization": "Bearer gw", "Cookie": "a=b",
               "x-stainless-bad": "jane@corp.example"}
    out = request_headers(headers, auth="inject", api_key="sk", key_header="authorization")
    assert dict(out) == {"X-Stainless-Read-Timeout": "20", "x-stainless-new-thing": "1",
                         "Content-Type": "application/json", "Authorization": "Bearer sk"}
    narrow = HeaderAllowList.parse(["accept", "authorization"])
    assert not narrow.allows("authorization") and not narrow.allows("x-stainless-os")
    assert narrow.allows("Accept") and DEFAULT_ALLOWED.allows("x-stainless-os")
    bare = request_headers({"accept": "x"}, auth="passthrough", api_key=None,
                           key_header="authorization", allowed=narrow, json_body=False)
    assert dict(bare) == {"accept": "x"}


def _config(request_headers: object) -> object:
    return parse_config({"upstreams": {"u": {"base_url": "http://127.0.0.1:9",
                                             "request_headers": request_headers}},
                         "routes": [{"path": "/v1/responses", "api": "openai_responses",
                                     "upstream": "u"}]},
                        source="<t>", base_dir=Path.cwd(), environ={})


def test_request_headers_config() -> None:
    """A list replaces the default; credentials and bad names are ConfigErrors."""
    config = _config(["Accept", "x-custom-*"])
    assert config.upstreams["u"].request_headers == ("accept", "x-custom-*")  # type: ignore[attr-defined]
    for bad, where in ((["x-api-key"], "request_headers[0]"), (["accept", "a b"],
                                                               "request_headers[1]")):
        with pytest.raises(ConfigError) as error:
            _config(bad)
        assert where in str(error.value)


def test_shared_models_path_config() -> None:
    """An anthropic_models route may share /v1/models; two OpenAI routes may not."""
    routes = [{"path": "/v1/models", "api": "openai_models", "upstream": "u"},
              {"path": "/v1/models", "api": "anthropic_models", "upstream": "u",
               "name": "claude"}]
    data = {"upstreams": {"u": {"base_url": "http://127.0.0.1:9"}}, "routes": routes}
    parse_config(data, source="<t>", base_dir=Path.cwd(), environ={})
    routes[1]["api"] = "openai_models"
    with pytest.raises(ConfigError):
        parse_config(data, source="<t>", base_dir=Path.cwd(), environ={})


def test_embeddings_input_and_vectors() -> None:
    """Token arrays refused; vectors kept as they came, malformed ones refused."""
    validate({"input": ["a", "b"]})
    for tokens in ([[1, 2]], [1, 2], 7, ["a", 3]):
        with pytest.raises(RequestError):
            validate({"input": tokens})
    factory, _ = factory_of({"[X_1]": "y"}, hold=False)
    body: dict[str, object] = {"object": "list", "model": "m [X_1]", "data": [
        {"object": "embedding", "index": 0, "embedding": [0.5, 1]},
        {"object": "embedding", "index": 1, "embedding": "AACAPw=="}]}
    rewrite_body(body, factory)
    assert body["model"] == "m y"
    assert [entry["embedding"] for entry in body["data"]] == [[0.5, 1], "AACAPw=="]  # type: ignore[attr-defined]
    for bad in ("AAC", "not base64!", [True], ["1"]):
        with pytest.raises(StreamProtocolError):
            rewrite_body({"data": [{"embedding": bad}]}, factory)

"""A loopback stand-in for the Hugging Face hub, serving one model directory as a repo.

Enough of the hub's HTTP API for ``huggingface_hub.snapshot_download`` (what
``pseudogate gliner fetch`` and gliner's ``from_pretrained`` call) to run its real code
against it with ``HF_ENDPOINT`` pointing here:

* ``GET /api/models/{repo}/revision/{rev}``: the repo's info and commit sha;
* ``GET /api/models/{repo}/tree/{rev}``: the file listing (paths, sizes, blob ids);
* ``GET``/``HEAD /{repo}/resolve/{rev}/{path}``: a file, with the hub's metadata headers
  (``X-Repo-Commit``, ``ETag``, ``Content-Length``).

Every request path is recorded; anything else is a 404.
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from aiohttp import web
from aiohttp.typedefs import Handler

COMMIT = "0123456789abcdef0123456789abcdef01234567"


def _blob_id(data: bytes) -> str:
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()  # git's blob id


class FakeHub:
    """Serves ``directory`` as the model repo ``repo_id``."""

    def __init__(self, repo_id: str, directory: Path) -> None:
        self.repo_id = repo_id
        self.files = {path.relative_to(directory).as_posix(): path.read_bytes()
                      for path in sorted(directory.rglob("*")) if path.is_file()}
        self.requests: list[str] = []

    def app(self) -> web.Application:
        """The aiohttp app."""
        app = web.Application()
        app.router.add_get("/api/models/{owner}/{name}/revision/{rev}", self._info)
        app.router.add_get("/api/models/{owner}/{name}/tree/{rev}", self._tree)
        app.router.add_get("/{owner}/{name}/resolve/{rev}/{path:.+}", self._file)
        app.middlewares.append(self._record)
        return app

    @web.middleware
    async def _record(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        self.requests.append(f"{request.method} {request.path}")
        response: web.StreamResponse = await handler(request)
        return response

    def _repo(self, request: web.Request) -> None:
        if f"{request.match_info['owner']}/{request.match_info['name']}" != self.repo_id:
            raise web.HTTPNotFound(headers={"X-Error-Code": "RepositoryNotFound"})

    async def _info(self, request: web.Request) -> web.Response:
        self._repo(request)
        return web.json_response({
            "id": self.repo_id, "modelId": self.repo_id, "sha": COMMIT, "private": False,
            "siblings": [{"rfilename": name} for name in self.files],
        })

    async def _tree(self, request: web.Request) -> web.Response:
        self._repo(request)
        return web.json_response([
            {"type": "file", "path": name, "size": len(data), "oid": _blob_id(data)}
            for name, data in self.files.items()
        ])

    async def _file(self, request: web.Request) -> web.Response:
        self._repo(request)
        data = self.files.get(request.match_info["path"])
        if data is None:
            raise web.HTTPNotFound(headers={"X-Error-Code": "EntryNotFound"})
        return web.Response(body=data, headers={
            "X-Repo-Commit": COMMIT, "ETag": f'"{_blob_id(data)}"',
            "Content-Type": "application/octet-stream",
        })

"""A worker's HTTP: every request passed to the owner's own address, the answer streamed
back. Pages, pictures, clips (with their ranges) and the API are the owner's; what a
worker adds is the Socket.IO connections, which never reach this (Flask-SocketIO's
middleware takes /socket.io/ first)."""

from __future__ import annotations

import http.client
from collections.abc import Callable, Iterable, Iterator
from typing import Any

HOP_BY_HOP = {"connection", "keep-alive", "proxy-authenticate", "proxy-authorization", "te",
              "trailers", "transfer-encoding", "upgrade"}
CHUNK = 64 * 1024
TIMEOUT_SECONDS = 60


class Proxy:
    """A WSGI app that forwards to `owner` ("127.0.0.1:port")."""

    def __init__(self, owner: str) -> None:
        host, _, port = owner.rpartition(":")
        self.host, self.port = host, int(port)

    def __call__(self, environ: dict[str, Any],
                 start_response: Callable[..., Any]) -> Iterable[bytes]:
        path = environ.get("PATH_INFO", "/")
        if environ.get("QUERY_STRING"):
            path += "?" + environ["QUERY_STRING"]
        headers = {key[5:].replace("_", "-").title(): value for key, value in environ.items()
                   if key.startswith("HTTP_") and key[5:].replace("_", "-").lower()
                   not in HOP_BY_HOP}
        for key in ("CONTENT_TYPE", "CONTENT_LENGTH"):
            if environ.get(key):
                headers[key.replace("_", "-").title()] = environ[key]
        remote = environ.get("REMOTE_ADDR")
        if remote:
            headers["X-Forwarded-For"] = remote
        length = int(environ.get("CONTENT_LENGTH") or 0)
        body = environ["wsgi.input"].read(length) if length else None
        connection = http.client.HTTPConnection(self.host, self.port, timeout=TIMEOUT_SECONDS)
        try:
            connection.request(environ.get("REQUEST_METHOD", "GET"), path, body=body,
                               headers=headers)
            answer = connection.getresponse()
        except OSError:
            connection.close()
            start_response("503 Service Unavailable", [("Content-Type", "text/plain")])
            return [b"the host's main process is not answering; try again in a moment\n"]
        start_response(f"{answer.status} {answer.reason}",
                       [(k, v) for k, v in answer.getheaders() if k.lower() not in HOP_BY_HOP])
        return _stream(answer, connection)


def _stream(answer: http.client.HTTPResponse,
            connection: http.client.HTTPConnection) -> Iterator[bytes]:
    try:
        while chunk := answer.read(CHUNK):
            yield chunk
    finally:
        connection.close()

"""`tourelle serve-worker`: one worker process, started by the owner (launch.py)."""

from __future__ import annotations

import argparse
import os
import threading
import time
from typing import Any


def register(sub: Any) -> None:
    worker = sub.add_parser("serve-worker", help="a worker process of `serve --workers N` "
                            "(started by the host, not by hand)")
    worker.add_argument("--bind", default="0.0.0.0")
    worker.add_argument("--port", type=int, required=True)
    worker.add_argument("--threads", type=int, default=640)
    worker.add_argument("--redis", required=True)
    worker.add_argument("--house", required=True)
    worker.add_argument("--owner", required=True, help="the owner's 127.0.0.1:port")
    worker.add_argument("--name", required=True)
    worker.add_argument("--parent", type=int, default=None,
                        help="stop when this process (the owner) is gone")
    worker.add_argument("--private-port", type=int, default=None,
                        help="also listen on 127.0.0.1:PORT (tests and benches reach it)")
    worker.set_defaults(func=cmd_serve_worker)


def _follow_parent(parent: int) -> None:
    """A worker never outlives its owner (a kill -9 of the owner leaves no orphan)."""
    def watch() -> None:
        while True:
            try:
                os.kill(parent, 0)
            except OSError:
                os._exit(0)
            time.sleep(0.5)

    threading.Thread(target=watch, name="parent", daemon=True).start()


def cmd_serve_worker(args: argparse.Namespace) -> int:
    from host.config import HostConfig
    from host.wire.heap import freeze_loaded
    from host.serve.server import serve_threading
    from host.workers.worker import create_worker_app

    if args.parent is not None:
        _follow_parent(args.parent)
    config = HostConfig(bind=args.bind, port=args.port, threads=args.threads, workers=2,
                        redis_url=args.redis, house=args.house)

    def make_app() -> Any:
        app, _socketio, _relay = create_worker_app(args.redis, args.house, args.name,
                                                   args.owner)
        freeze_loaded()  # a worker's own phones' pings and writes: host/wire/heap.py
        return app

    binds = [f"{args.bind}:{args.port}"]
    if args.private_port:
        binds.append(f"127.0.0.1:{args.private_port}")
    serve_threading(config, make_app, binds=binds)
    return 0

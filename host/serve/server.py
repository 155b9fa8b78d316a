"""Serving the app for real: gunicorn (threads) by default, gevent's or eventlet's on request.

Threading mode runs one gunicorn worker with many threads (one per open
websocket, via simple-websocket): a production server with no dev-server
warning, and the Session workers live in that one process, so there is one
authority per game. Where gunicorn cannot run (Windows has no `fcntl`), the
same app runs on Werkzeug's threaded server, as Flask-SocketIO's own `run`
does in threading mode: one thread per connection, the same simple-websocket
transport, one process; the banner says which server runs and why. The greenlet
modes use their library's own WSGI server (gevent's pywsgi with simple-websocket,
eventlet's), which Flask-SocketIO runs in production; monkey patching has then
been done by the command line before anything else was imported.
"""

from __future__ import annotations

import atexit
import contextlib
import sys
from collections.abc import Callable
from typing import Any

import segno
from flask import Flask

from host.config import HostConfig, host_key
from host.store.journal import env_float
from host.wire.switching import SWITCHING
from host.wire.heap import freeze_loaded
from host.netinfo import join_hosts, join_url, lan_addresses  # noqa: F401 - re-exported


def banner(config: HostConfig, key: str, out: Any = None) -> str:
    out = out or sys.stdout
    join = join_url(config)
    base = join.rstrip("/")
    lines = [
        "Tourelle is serving.",
        f"  Projector : {base}/screen",
        f"  Host page : {base}/host#key={key}",
        f"  Players   : {join}   (scan the QR code below)",
        f"  Host key  : {key}   (rotate with: tourelle key --rotate)",
        f"  Data      : {config.data_dir}",
        f"  Async mode: {config.async_mode}",
    ]
    if config.async_mode == "threading":
        server, why = pick_server(config)
        lines.append(f"  Server    : {server}" + (f" ({why})" if why else ""))
    text = "\n".join(lines)
    print(text, file=out)
    with contextlib.suppress(Exception):  # a terminal that cannot show it is no reason to stop
        segno.make(join, error="l").terminal(out=out, compact=True)
    out.flush()
    return base


def gunicorn_missing() -> str | None:
    """Why gunicorn cannot serve here (it needs `fcntl`, which Windows lacks), or None."""
    try:
        import fcntl  # noqa: F401
        import gunicorn.app.base  # noqa: F401
    except ImportError as err:
        return str(err)
    return None


def pick_server(config: HostConfig) -> tuple[str, str]:
    """Threading mode's server and why it was picked: `gunicorn`, else `werkzeug`."""
    if config.server == "werkzeug":
        return "werkzeug", "asked for"
    missing = gunicorn_missing()
    if missing is None:
        return "gunicorn", ""
    if config.server == "gunicorn":
        raise SystemExit(f"gunicorn cannot run here: {missing}")
    return "werkzeug", f"gunicorn cannot run here: {missing}"


def start_mdns(app: Flask, config: HostConfig) -> None:
    """Advertise <name>.local and the service from the serving process; stopped at exit."""
    from host.serve.mdns import advertise

    addresses = [a for a in join_hosts(config) if a not in ("0.0.0.0", "")]
    app.extensions["tourelle_mdns"] = advertise(config, addresses)


# How long a thread may hold the interpreter while another waits for it (CPython's default:
# 5 ms). A press's path crosses three threads (its connection's, which reads and handles
# it since host/wire/reader.py, the Session's, the publisher's); each waited up to 5 ms behind a
# busy one (a phones' round being built or written). 1 ms cut that tail most but made a
# burst of 200 presses 15% slower to acknowledge (more switches among 200 busy threads);
# 2 ms keeps the burst's figures (docs/PERFORMANCE.md, "Within a frame", sixth look).
# Inside a burst it is longer (host/wire/switching.py).
SWITCH_INTERVAL_S = env_float("TOURELLE_SWITCH_INTERVAL_MS", 2) / 1000  # benches may try others
GREENLET_MODES = ("gevent", "eventlet")  # served by Flask-SocketIO's own server


def serve_threading(config: HostConfig, make_app: Callable[[], Flask],
                    binds: list[str] | None = None) -> None:
    """gunicorn on `binds` (default: the config's address); with several processes
    (host/workers/) every one listens on the same port (SO_REUSEPORT)."""
    from gunicorn.app.base import BaseApplication

    several = config.workers > 1

    class TourelleGunicorn(BaseApplication):
        def load_config(self) -> None:
            for name, value in {
                "bind": binds or [f"{config.bind}:{config.port}"],
                "reuse_port": several,
                "workers": 1,
                "worker_class": "host.serve.gunicorn_worker.ThreadWorker",  # gthread, see there
                "threads": config.threads,
                # gthread keeps at most this many connections; at or below `threads` it
                # warns and drops keep-alive: room for every thread's connection and more.
                "worker_connections": max(1000, config.threads + 64),
                "timeout": 60,
                # For ordinary requests: the websockets are cut at the stop (every event
                # is committed; pages reconnect by themselves: host/serve/gunicorn_worker.py).
                "graceful_timeout": int(env_float("TOURELLE_GRACEFUL_TIMEOUT", 1)),
                "keepalive": 5,
                "accesslog": None,
                "errorlog": "-",
                "loglevel": "warning",
            }.items():
                self.cfg.set(name, value)

        def load(self) -> Flask:
            SWITCHING.turn_on(SWITCH_INTERVAL_S)  # in the serving process only
            from host.serve.profiling import start_from_env

            start_from_env()  # benchmarks only (TOURELLE_PROFILE)
            return make_app()

    TourelleGunicorn().run()


def serve(config: HostConfig, after_start: Callable[[Any], object] | None = None) -> None:
    """Serve until stopped. `after_start(hub)` runs in the serving process (e.g. the demo)."""
    from host.app import create_app

    key = host_key(config.data_dir)
    if config.buzzers is not None:
        from buzzers.config import ConfigError, load_config

        try:
            load_config(config.buzzers)
        except (ConfigError, OSError) as err:
            raise SystemExit(f"buzzers: {err}") from None
    banner(config, key)

    def make_app(served: HostConfig = config) -> Flask:
        app, _socketio, hub = create_app(served)
        start_mdns(app, served)
        if after_start is not None:
            after_start(hub)
        if config.buzzers is not None:
            from buzzers.embedded import start_embedded

            start_embedded(config.buzzers, f"http://127.0.0.1:{config.port}", key)
        freeze_loaded()
        return app

    if config.workers > 1:
        serve_several(config, make_app)
    elif config.async_mode in GREENLET_MODES:
        if config.buzzers is not None:
            raise SystemExit(f"--buzzers needs threading mode; with {config.async_mode} run "
                             "`tourelle buzzers run --host URL --key KEY` in its own process")
        from host.serve.profiling import start_from_env

        start_from_env()  # benchmarks only (TOURELLE_PROFILE): every greenlet, one thread
        app, socketio, hub = create_app(config)
        start_mdns(app, config)
        if after_start is not None:
            after_start(hub)
        freeze_loaded()
        socketio.run(app, host=config.bind, port=config.port, log_output=False)
    elif pick_server(config)[0] == "werkzeug":
        serve_werkzeug(config, make_app)
    else:
        serve_threading(config, make_app)


def serve_several(config: HostConfig, make_app: Callable[[HostConfig], Flask]) -> None:
    """The owner of N processes (host/workers/): Redis up, the workers started by the
    owner's app process, gunicorn on the public port and on the workers' private one."""
    from host.workers.launch import Workers, several

    if pick_server(config)[0] != "gunicorn":
        raise SystemExit("--workers above 1 needs gunicorn (Linux, macOS): "
                         + (gunicorn_missing() or ""))
    with several(config) as owned:
        def make_owner() -> Flask:
            app = make_app(owned)
            workers = Workers(owned, app.extensions["tourelle_owner"]).start()
            app.extensions["tourelle_workers"] = workers
            atexit.register(workers.stop)
            return app

        serve_threading(owned, make_owner, binds=[f"{owned.bind}:{owned.port}",
                                                  f"127.0.0.1:{owned.owner_port}"])


def serve_werkzeug(config: HostConfig, make_app: Callable[[], Flask]) -> None:
    """Werkzeug's threaded server: a thread per connection, websockets on simple-websocket."""
    SWITCHING.turn_on(SWITCH_INTERVAL_S)
    app = make_app()
    socketio = app.extensions["socketio"]
    socketio.run(app, host=config.bind, port=config.port, log_output=False,
                 allow_unsafe_werkzeug=True, use_reloader=False)

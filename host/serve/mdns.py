"""mDNS: `tourelle.local` and an `_http._tcp` service named "Tourelle", with python-zeroconf.

Started in the serving process once the app is made (in gunicorn's worker),
stopped at exit. Advertising is a convenience: any failure is logged as a
warning and the join answer then says `"mdns": null`; it never stops the server.
"""

from __future__ import annotations

import atexit
import logging
import socket
import threading
import time
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger(__name__)

SERVICE_TYPE = "_http._tcp.local."
SERVICE_NAME = "Tourelle"


def _zeroconf(interfaces: list[str]) -> Any:
    from zeroconf import IPVersion, Zeroconf

    return Zeroconf(interfaces=interfaces, ip_version=IPVersion.V4Only)


@dataclass
class Advertiser:
    """One host name (A records) and one service, on the given IPv4 addresses."""

    name: str
    port: int
    addresses: list[str]
    interfaces: list[str] | None = None  # where to listen and announce (default: addresses)
    service_name: str = SERVICE_NAME
    registered: threading.Event = field(default_factory=threading.Event)
    error: str | None = None
    _zc: Any = None
    _info: Any = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    @property
    def hostname(self) -> str:
        return f"{self.name}.local"

    @property
    def url(self) -> str | None:
        """http://<name>.local:<port>/ once advertised, else None."""
        if not self.registered.is_set() or self.error:
            return None
        return f"http://{self.hostname}:{self.port}/"

    def start(self, wait: bool = False) -> Advertiser:
        """Register in a background thread (probing takes a second); `wait` blocks until done."""
        thread = threading.Thread(target=self._register, name="tourelle-mdns", daemon=True)
        thread.start()
        atexit.register(self.stop)
        if wait:
            thread.join(10)
        return self

    def _register(self) -> None:
        try:
            from zeroconf import ServiceInfo

            info = ServiceInfo(
                SERVICE_TYPE, f"{self.service_name}.{SERVICE_TYPE}",
                addresses=[socket.inet_aton(a) for a in self.addresses], port=self.port,
                properties={"path": "/"}, server=f"{self.hostname}.")
            with self._lock:
                self._zc = _zeroconf(self.interfaces or self.addresses)
                self._info = info
            self._zc.register_service(info, allow_name_change=True)
            self.registered.set()
            log.info("mDNS: %s and %r on %s", self.hostname, info.name, ", ".join(self.addresses))
        except Exception as err:  # noqa: BLE001 - mDNS never stops the server
            self.error = f"{type(err).__name__}: {err}"
            log.warning("mDNS advertising failed (phones can still join by address): %s",
                        self.error)
            self.registered.set()
            self.stop()

    def stop(self) -> None:
        with self._lock:
            zc, info, self._zc = self._zc, self._info, None
        if zc is None:
            return
        try:
            if info is not None and self.error is None:
                zc.unregister_service(info)
        except Exception:  # noqa: BLE001, S110 - stopping; nothing left to do about it
            pass
        finally:
            zc.close()


def advertise(config: Any, addresses: list[str]) -> Advertiser | None:
    """Start advertising for a HostConfig (None when turned off or nowhere to advertise)."""
    if not config.mdns:
        return None
    try:
        return Advertiser(name=config.mdns_name, port=config.port, addresses=addresses,
                          interfaces=config.mdns_interfaces or None).start()
    except Exception as err:  # noqa: BLE001 - mDNS never stops the server
        log.warning("mDNS not started: %s", err)
        return None


@dataclass
class Found:
    name: str
    server: str
    port: int
    addresses: list[str]
    properties: dict[str, str]


def browse(interfaces: list[str], timeout: float = 1.5,
           service_name: str | None = SERVICE_NAME, port: int | None = None) -> list[Found]:
    """Services of type _http._tcp seen by a real ServiceBrowser within `timeout` seconds.

    With `service_name`, only ours ("Tourelle", or "Tourelle (2)" after a rename). With
    `port`, only the services on that port, returned as soon as one is seen: a busy machine
    gets the whole `timeout`, a quiet one is not kept waiting.
    """
    from zeroconf import ServiceBrowser, ServiceListener

    names: list[str] = []

    class Listener(ServiceListener):
        def add_service(self, zc: Any, type_: str, name: str) -> None:
            names.append(name)

        def update_service(self, zc: Any, type_: str, name: str) -> None:
            pass

        def remove_service(self, zc: Any, type_: str, name: str) -> None:
            pass

    zc = _zeroconf(interfaces)
    try:
        browser = ServiceBrowser(zc, SERVICE_TYPE, Listener())
        deadline = time.monotonic() + timeout
        seen = 0
        while time.monotonic() < deadline:
            time.sleep(0.05)
            if port is not None and len(names) > seen:
                seen = len(names)
                if _resolve(zc, names, service_name, port):
                    break
        browser.cancel()
        return _resolve(zc, names, service_name, port)
    finally:
        zc.close()


def _resolve(zc: Any, names: list[str], service_name: str | None,
             port: int | None) -> list[Found]:
    found = []
    for name in dict.fromkeys(names):
        if service_name and not name.startswith(service_name):
            continue
        info = zc.get_service_info(SERVICE_TYPE, name, timeout=1500)
        if info is None or port is not None and info.port != port:
            continue
        properties = {k.decode(): (v or b"").decode() for k, v in info.properties.items()}
        found.append(Found(name=name, server=info.server or "", port=info.port or 0,
                           addresses=info.parsed_addresses(), properties=properties))
    return found

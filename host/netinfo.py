"""Which address phones should join: this machine's interfaces, ranked, never the hostname.

Raspberry Pi OS maps the hostname to 127.0.1.1 in /etc/hosts, so resolving it
gives a loopback address a phone cannot reach. Here the up interfaces' IPv4
addresses are read from the kernel (`socket.if_nameindex()` and the
SIOCGIFADDR/SIOCGIFFLAGS ioctls; stdlib only) and ranked by a pure function:
Wi-Fi and Ethernet first, private ranges first, container bridges, tunnels and
link-local addresses last, loopback only when there is nothing else.
"""

from __future__ import annotations

import argparse
import ipaddress
import socket
import struct
import sys
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from host.config import HostConfig

SIOCGIFFLAGS = 0x8913
SIOCGIFADDR = 0x8915
IFF_UP = 0x1
IFF_LOOPBACK = 0x8

# Interfaces no phone on the room's Wi-Fi reaches: containers, VMs, VPNs.
VIRTUAL_PREFIXES = ("docker", "br-", "veth", "virbr", "vnet", "tun", "tap", "wg", "zt",
                    "tailscale", "lxc", "lxd", "cni", "flannel", "podman", "vmnet", "vboxnet")
WIFI_PREFIXES = ("wl",)
ETHERNET_PREFIXES = ("eth", "en")
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1", "0.0.0.0", "")


@dataclass(frozen=True)
class Interface:
    name: str
    address: str
    up: bool = True
    loopback: bool = False


def rank_addresses(interfaces: list[Interface]) -> list[str]:
    """The interfaces' IPv4 addresses, best first for a phone to join (pure).

    Down interfaces are dropped. Loopback comes only when nothing else is left
    (then 127.0.0.1 rather than 127.0.1.1).
    """
    ranked: list[tuple[tuple[int, int, int], str]] = []
    loopbacks: list[str] = []
    for position, iface in enumerate(interfaces):
        if not iface.up:
            continue
        try:
            address = ipaddress.IPv4Address(iface.address)
        except ValueError:
            continue
        if iface.loopback or address.is_loopback or iface.name == "lo":
            loopbacks.append(str(address))
            continue
        if address.is_unspecified or address.is_multicast:
            continue
        name = iface.name.lower()
        if address.is_link_local or name.startswith(VIRTUAL_PREFIXES):
            kind = 3
        elif name.startswith(WIFI_PREFIXES):
            kind = 0
        elif name.startswith(ETHERNET_PREFIXES):
            kind = 1
        else:
            kind = 2
        private = 0 if address.is_private else 1
        ranked.append(((kind, private, position), str(address)))
    found: list[str] = []
    for _, address_text in sorted(ranked):
        if address_text not in found:
            found.append(address_text)
    if found:
        return found
    if loopbacks:
        return ["127.0.0.1"] if "127.0.0.1" in loopbacks else loopbacks[:1]
    return ["127.0.0.1"]


def _ioctl_interface(sock: socket.socket, name: str) -> Interface | None:
    import fcntl

    packed = struct.pack("256s", name.encode()[:15])
    try:
        flags = struct.unpack("H", fcntl.ioctl(sock.fileno(), SIOCGIFFLAGS, packed)[16:18])[0]
        address = socket.inet_ntoa(fcntl.ioctl(sock.fileno(), SIOCGIFADDR, packed)[20:24])
    except OSError:  # no IPv4 address on it
        return None
    return Interface(name, address, up=bool(flags & IFF_UP), loopback=bool(flags & IFF_LOOPBACK))


def _psutil_interfaces() -> list[Interface]:
    import psutil  # not a run-time dependency: only where the ioctls do not exist

    stats = psutil.net_if_stats()
    found = []
    for name, addresses in psutil.net_if_addrs().items():
        for entry in addresses:
            if entry.family == socket.AF_INET:
                up = stats[name].isup if name in stats else True
                found.append(Interface(name, entry.address, up=up,
                                       loopback=entry.address.startswith("127.")))
    return found


def interfaces() -> list[Interface]:
    """This machine's interfaces with an IPv4 address (Linux ioctls; psutil elsewhere)."""
    if sys.platform.startswith("linux"):
        found = []
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            for _, name in socket.if_nameindex():
                iface = _ioctl_interface(sock, name)
                if iface is not None:
                    found.append(iface)
        return found
    try:
        return _psutil_interfaces()
    except ImportError:
        return []


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses as phones on the same Wi-Fi would reach them, best first."""
    try:
        return rank_addresses(interfaces())
    except OSError:
        return ["127.0.0.1"]


def is_loopback_host(host: str) -> bool:
    if host in LOOPBACK_HOSTS:
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def join_hosts(config: HostConfig) -> list[str]:
    """The addresses phones may join at: the bound address when there is one, else the LAN's."""
    if config.bind not in ("0.0.0.0", "", "::"):
        return [config.bind]
    return lan_addresses()


def join_urls(config: HostConfig) -> list[str]:
    """Every candidate join URL, best first (--public-url first when given)."""
    urls = [f"http://{host}:{config.port}/" for host in join_hosts(config)]
    if config.public_url:
        public = config.public_url if config.public_url.endswith("/") else config.public_url + "/"
        urls = [public] + [u for u in urls if u != public]
    return urls


def join_url(config: HostConfig) -> str:
    return join_urls(config)[0]


# ---------------------------------------------------------------- command line


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The joining options of `tourelle serve` and `tourelle demo`."""
    parser.add_argument("--public-url", default=None,
                        help="the address phones join at (QR code, banner), e.g. http://quiz.lan/")
    parser.add_argument("--no-mdns", action="store_true",
                        help="do not advertise <name>.local and the _http._tcp service")
    parser.add_argument("--mdns-name", default="tourelle",
                        help="mDNS host name: phones may open http://<name>.local:<port>/")
    parser.add_argument("--mdns-interface", action="append", default=None,
                        help=argparse.SUPPRESS)  # tests: advertise on these addresses only


def config_options(args: argparse.Namespace) -> dict[str, Any]:
    """HostConfig fields from the joining options."""
    return {"public_url": getattr(args, "public_url", None),
            "mdns": not getattr(args, "no_mdns", False),
            "mdns_name": getattr(args, "mdns_name", "tourelle"),
            "mdns_interfaces": getattr(args, "mdns_interface", None)}

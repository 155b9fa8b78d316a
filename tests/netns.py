"""A private LAN for tests: a network namespace joined to this one by a veth pair.

Tests may send traffic only to loopback or into a namespace they made. A test
that needs "a machine with a LAN address" runs the server inside a lab:

    root namespace                      namespace tourelle-lab-<pid>-<n>
    vethtl<n>  10.231.<n>.1/24  <====>  eth0  10.231.<n>.2/24   (+ lo up)

Inside, the interfaces are `lo` and an `eth0` (or `wlan0`) that host.netinfo
ranks as the LAN, so `tourelle serve --bind 0.0.0.0` there says
http://10.231.<n>.2:PORT/. The namespace has no default route: nothing run in
it reaches anything but its own loopback and the veth link, and from the
root namespace only 10.231.<n>.2 is reached through the pair. IPv6 address
generation is off on both ends, so the link stays quiet.

Teardown always happens (context manager): every process left in the
namespace is killed, the veth pair and the namespace are deleted. A crashed
run's leftovers are recognised by the name prefix and the creator's pid (no
longer alive) and removed before a new lab is made, never another live run's.
Needs root and iproute2's `ip`; `skip_reason()` says why not. (bench/netlab.py is
another thing: a loopback proxy that shapes Wi-Fi links; this is a real second
network stack.)
"""

from __future__ import annotations

import fcntl
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path

PREFIX = "tourelle-lab-"
HOST_PREFIX = "vethtl"  # "veth…": host.netinfo ranks the root side as virtual, never the LAN
NET = "10.231"
LOCK = Path(tempfile.gettempdir()) / "tourelle-netns.lock"
# `ip netns exec NS` bind-mounts /etc/netns/NS/* over /etc: programs inside (Chromium's
# resolver) ask the namespace's own loopback for DNS, not the root namespace's nameserver.
ETC_NETNS = Path("/etc/netns")
IP = "ip"


def skip_reason() -> str | None:
    """Why a lab cannot be made here (None: it can)."""
    if shutil.which(IP) is None:
        return "iproute2's `ip` is missing (apt-get install iproute2)"
    if os.geteuid() != 0:
        return "network namespaces need root"
    return None


def _ip(*args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    done = subprocess.run([IP, *args], capture_output=True, text=True, timeout=30)
    if check and done.returncode != 0:
        raise RuntimeError(f"ip {' '.join(args)}: {done.stderr.strip() or done.returncode}")
    return done


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def namespaces() -> list[str]:
    listed = _ip("netns", "list", check=False).stdout
    return [line.split()[0] for line in listed.splitlines() if line.strip()]


def _kill_inside(namespace: str) -> None:
    """SIGKILL every process still running in the namespace (it cannot be freed otherwise)."""
    for _ in range(50):
        pids = [int(p) for p in _ip("netns", "pids", namespace, check=False).stdout.split()
                if p.isdigit()]
        if not pids:
            return
        for pid in pids:
            with suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)
        time.sleep(0.1)


def _destroy(namespace: str, host_if: str | None) -> None:
    if namespace in namespaces():
        _kill_inside(namespace)
    if host_if is not None:
        _ip("link", "del", host_if, check=False)  # takes the peer in the namespace with it
    _ip("netns", "del", namespace, check=False)
    shutil.rmtree(ETC_NETNS / namespace, ignore_errors=True)


def clean_leftovers() -> list[str]:
    """Remove the namespaces and veth ends of earlier runs whose process is gone."""
    removed = []
    for namespace in namespaces():
        match = re.fullmatch(re.escape(PREFIX) + r"(\d+)-(\d+)", namespace)
        if match and not _alive(int(match.group(1))):
            _destroy(namespace, f"{HOST_PREFIX}{match.group(2)}")
            removed.append(namespace)
    if ETC_NETNS.is_dir():
        for folder in ETC_NETNS.glob(PREFIX + "*"):
            if folder.name not in namespaces():
                shutil.rmtree(folder, ignore_errors=True)
                removed.append(str(folder))
    live = {int(m.group(2)) for n in namespaces()
            if (m := re.fullmatch(re.escape(PREFIX) + r"(\d+)-(\d+)", n))}
    for line in _ip("-o", "link", "show", check=False).stdout.splitlines():
        match = re.match(r"\d+:\s+(" + HOST_PREFIX + r"(\d+))[@:]", line)
        if match and int(match.group(2)) not in live:
            _ip("link", "del", match.group(1), check=False)
            removed.append(match.group(1))
    return removed


def _free_index() -> int:
    """A third octet no address, route or lab of ours uses in the root namespace."""
    used = _ip("-o", "-4", "addr", "show", check=False).stdout
    used += _ip("-4", "route", "show", "table", "all", check=False).stdout
    used += _ip("-o", "link", "show", check=False).stdout
    taken = {int(n) for n in re.findall(re.escape(NET) + r"\.(\d+)\.", used)}
    taken |= {int(n) for n in re.findall(HOST_PREFIX + r"(\d+)", used)}
    for namespace in namespaces():
        if match := re.fullmatch(re.escape(PREFIX) + r"\d+-(\d+)", namespace):
            taken.add(int(match.group(1)))
    for index in range(1, 255):
        if index not in taken:
            return index
    raise RuntimeError(f"no free {NET}.x.0/24 for a test namespace")


@dataclass(frozen=True)
class NetLab:
    name: str  # the namespace
    index: int
    host_if: str  # the veth end in the root namespace
    inner_if: str  # its peer inside, named like a LAN interface (eth0, wlan0)

    @property
    def host_address(self) -> str:
        """The root namespace's end of the link (10.231.n.1)."""
        return f"{NET}.{self.index}.1"

    @property
    def address(self) -> str:
        """The namespace's LAN address (10.231.n.2): what a server inside calls its LAN."""
        return f"{NET}.{self.index}.2"

    def prefix(self) -> list[str]:
        """Put before a command to run it inside the namespace."""
        return [IP, "netns", "exec", self.name]

    def wrap(self, program: Path, folder: Path) -> Path:
        """An executable script in `folder` that runs `program` (with its arguments) inside
        the namespace, for tools that take a program path (Playwright's executable_path)."""
        script = folder / f"{program.name}-in-{self.name}"
        script.write_text(f"#!/bin/sh\nexec {IP} netns exec {self.name} {program} \"$@\"\n")
        script.chmod(0o755)
        return script

    def run(self, *command: str, cwd: Path | None = None,
            timeout: float = 60) -> subprocess.CompletedProcess[str]:
        """Run a command inside the namespace and capture its output."""
        return subprocess.run([*self.prefix(), *command], cwd=cwd, capture_output=True,
                              text=True, timeout=timeout)


def _create(inner_if: str) -> NetLab:
    LOCK.touch(exist_ok=True)
    with open(LOCK) as lock:  # parallel workers (pytest -n) must not pick the same subnet
        fcntl.flock(lock, fcntl.LOCK_EX)
        clean_leftovers()
        index = _free_index()
        lab = NetLab(name=f"{PREFIX}{os.getpid()}-{index}", index=index,
                     host_if=f"{HOST_PREFIX}{index}", inner_if=inner_if)
        _ip("netns", "add", lab.name)
        try:
            etc = ETC_NETNS / lab.name
            etc.mkdir(parents=True, exist_ok=True)
            (etc / "resolv.conf").write_text("nameserver 127.0.0.1\noptions timeout:1 attempts:1\n")
            _ip("link", "add", lab.host_if, "type", "veth", "peer", "name", lab.inner_if,
                "netns", lab.name)
            _ip("link", "set", lab.host_if, "addrgenmode", "none")
            _ip("-n", lab.name, "link", "set", lab.inner_if, "addrgenmode", "none")
            _ip("addr", "add", f"{lab.host_address}/24", "dev", lab.host_if)
            _ip("-n", lab.name, "addr", "add", f"{lab.address}/24", "dev", lab.inner_if)
            _ip("-n", lab.name, "link", "set", "lo", "up")
            _ip("-n", lab.name, "link", "set", lab.inner_if, "up")
            _ip("link", "set", lab.host_if, "up")
        except BaseException:
            _destroy(lab.name, lab.host_if)
            raise
    return lab


@contextmanager
def netlab(inner_if: str = "eth0") -> Iterator[NetLab]:
    """A fresh namespace with a LAN-like interface; always torn down on the way out."""
    lab = _create(inner_if)
    try:
        yield lab
    finally:
        _destroy(lab.name, lab.host_if)


def exists(lab: NetLab) -> bool:
    """Whether any piece of the lab is still there (for the teardown test). A veth end of the
    same name that another live lab now owns (its index freed, then taken by a test run
    beside this one) is that lab's, not a leftover."""
    listed = namespaces()
    links = _ip("-o", "link", "show", check=False).stdout
    reused = any(n != lab.name and (m := re.fullmatch(re.escape(PREFIX) + r"(\d+)-(\d+)", n))
                 and int(m.group(2)) == lab.index for n in listed)
    return (lab.name in listed or (ETC_NETNS / lab.name).exists()
            or (not reused and re.search(rf"\b{lab.host_if}[@:]", links) is not None))

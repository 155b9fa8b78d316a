"""A real `tourelle serve` on 0.0.0.0 tells phones this machine's LAN address, and answers there.

The "machine with a LAN address" is a network namespace of the test's own
(tests/netns.py): its interfaces are `lo` and an `eth0` with 10.231.n.2. The
server runs inside it; this test process reaches it through the veth pair.
Nothing is sent to this machine's real interfaces: mDNS is advertised and
browsed on the namespace's eth0 only.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from tests.live import ROOT, LiveServer
from tests.netns import (NetLab, clean_leftovers, exists, namespaces, netlab,
                          skip_reason)

# Their labs add an address in this namespace: a Chromium beside them would see a network
# change (make test runs them apart: tools/test-passes.sh).
pytestmark = pytest.mark.netns

@pytest.mark.slow  # a served host in a network namespace, ~6 s
def test_serve_on_all_interfaces_prints_and_serves_a_lan_join_url(tmp_path: Path, packs: Path,
                                                                   lab: NetLab) -> None:
    server = LiveServer(data=tmp_path / "data", packs=packs, bind="0.0.0.0",
                        netns=lab.name, host=lab.address,
                        extra=("--mdns-name", "tourelle-lab", "--mdns-interface",
                               lab.address)).start()
    try:
        expected = f"http://{lab.address}:{server.port}/"
        deadline = time.monotonic() + 30  # a loaded machine announces late
        while server.get("/api/join")["mdns"] is None and time.monotonic() < deadline:
            time.sleep(0.2)
        assert server.get("/api/join") == {
            "url": expected, "addresses": [expected],
            "mdns": f"http://tourelle-lab.local:{server.port}/"}
        log = server.log()
        assert f"Players   : {expected}" in log
        assert "127.0.0.1" not in log.split("Host key")[0]
        # The join address answers over the LAN (the veth pair), not only on loopback.
        with urllib.request.urlopen(expected + "healthz", timeout=5) as answer:
            assert json.loads(answer.read())["ok"] is True
        # And the service is seen on that LAN by a browser in the namespace, at that address.
        # (Browsed from inside: the root namespace also hears other local "Tourelle"s.)
        found = browse_in(lab, server.port)
        assert found == [["tourelle-lab.local.", [lab.address]]]
    finally:
        server.stop()


def browse_in(lab: NetLab, port: int) -> list[list[Any]]:
    """Our _http._tcp service on `port` as a real zeroconf browser inside the lab sees it."""
    script = ("import json, sys; from host.serve.mdns import browse; "
              f"print(json.dumps([[f.server, f.addresses] for f in browse([{lab.address!r}], "
              f"timeout=20.0, port={port})]))")
    done = lab.run(sys.executable, "-c", script, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return list(json.loads(done.stdout))


def test_public_url_overrides_the_join_address(tmp_path: Path, packs: Path) -> None:
    server = LiveServer(data=tmp_path / "data", packs=packs,
                        extra=("--no-mdns", "--public-url", "http://quiz.example:81")).start()
    try:
        join = server.get("/api/join")
        assert join["url"] == "http://quiz.example:81/"
        assert join["addresses"][1:] == [f"http://127.0.0.1:{server.port}/"]
        assert "Players   : http://quiz.example:81/" in server.log()
    finally:
        server.stop()


def lab_pids(lab: NetLab) -> list[str]:
    return subprocess.run(["ip", "netns", "pids", lab.name], capture_output=True,
                          text=True).stdout.split()


def test_the_lab_is_gone_afterwards_even_with_a_process_left_inside() -> None:
    if reason := skip_reason():
        pytest.skip(reason)
    with pytest.raises(KeyboardInterrupt), netlab("wlan0") as lab:
        assert lab.address in lab.run("ip", "-br", "addr", "show", "wlan0").stdout
        # A stray process would keep the namespace (and the veth) alive: teardown kills it.
        stray = subprocess.Popen([*lab.prefix(), "sleep", "600"])
        deadline = time.monotonic() + 10
        while (str(stray.pid) not in lab_pids(lab)) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert str(stray.pid) in lab_pids(lab)
        raise KeyboardInterrupt  # as if the run were interrupted here
    assert stray.wait(10) == -signal.SIGKILL
    assert not exists(lab)


def test_a_crashed_runs_lab_is_cleaned_by_the_next_one() -> None:
    if reason := skip_reason():
        pytest.skip(reason)
    crashed = subprocess.run(
        [sys.executable, "-c", "import os; from tests.netns import _create; "
         "lab = _create('eth0'); print(lab.name, lab.index, lab.host_if, lab.inner_if); "
         "os._exit(9)  # no teardown"],
        cwd=ROOT, capture_output=True, text=True, timeout=30)
    assert crashed.returncode == 9, crashed.stderr
    name, index, host_if, inner_if = crashed.stdout.split()
    left = NetLab(name=name, index=int(index), host_if=host_if, inner_if=inner_if)
    try:
        assert exists(left)
        with netlab() as lab:  # making a lab first removes what dead runs left behind
            assert left.name not in namespaces() and lab.name != left.name
    finally:
        clean_leftovers()
    assert not exists(left)

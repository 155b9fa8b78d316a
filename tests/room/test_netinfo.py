"""Which address phones are told to join: ranked from the interfaces, never the hostname."""

from __future__ import annotations

from pathlib import Path

from host.config import HostConfig
from host.netinfo import Interface, join_urls, rank_addresses

LO = Interface("lo", "127.0.0.1", loopback=True)


def test_loopback_only_is_the_last_resort() -> None:
    assert rank_addresses([LO]) == ["127.0.0.1"]
    assert rank_addresses([]) == ["127.0.0.1"]
    # Raspberry Pi OS's hostname address is loopback too: never preferred over a LAN one.
    assert rank_addresses([LO, Interface("lo", "127.0.1.1", loopback=True),
                           Interface("wlan0", "192.168.1.20")]) == ["192.168.1.20"]


def test_wifi_and_ethernet_both_listed_wifi_first() -> None:
    ranked = rank_addresses([LO, Interface("eth0", "192.168.1.10"),
                             Interface("wlan0", "10.42.0.1")])
    assert ranked == ["10.42.0.1", "192.168.1.10"]
    assert "127.0.0.1" not in ranked
    # predictable names too (enp3s0, wlp2s0)
    assert rank_addresses([Interface("enp3s0", "192.168.0.5"),
                           Interface("wlp2s0", "192.168.0.6")]) == ["192.168.0.6", "192.168.0.5"]


def test_bridges_tunnels_and_link_local_are_last() -> None:
    ranked = rank_addresses([
        Interface("docker0", "172.17.0.1"), Interface("br-3f2a", "172.18.0.1"),
        Interface("veth12ab", "172.19.0.1"), Interface("virbr0", "192.168.122.1"),
        Interface("tun0", "10.8.0.2"), Interface("eth0", "169.254.10.3"),
        LO, Interface("eth1", "192.168.1.30"),
    ])
    assert ranked[0] == "192.168.1.30"
    assert set(ranked[1:]) == {"172.17.0.1", "172.18.0.1", "172.19.0.1", "192.168.122.1",
                               "10.8.0.2", "169.254.10.3"}
    assert "127.0.0.1" not in ranked


def test_private_before_public_and_down_interfaces_dropped() -> None:
    assert rank_addresses([Interface("eth0", "8.8.4.4"),
                           Interface("eth1", "192.168.1.2")]) == ["192.168.1.2", "8.8.4.4"]
    assert rank_addresses([Interface("wlan0", "192.168.1.2", up=False), LO]) == ["127.0.0.1"]


def test_a_bound_address_or_public_url_is_the_join_url(tmp_path: Path) -> None:
    bound = HostConfig(data_dir=tmp_path, bind="192.168.5.5", port=8080)
    assert join_urls(bound) == ["http://192.168.5.5:8080/"]
    public = HostConfig(data_dir=tmp_path, bind="192.168.5.5", port=8080,
                        public_url="http://quiz.lan")
    assert join_urls(public) == ["http://quiz.lan/", "http://192.168.5.5:8080/"]

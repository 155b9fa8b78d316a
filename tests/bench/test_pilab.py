"""The Pi lab's cgroup (bench/pilab.py): made with its quota, the host's process inside and
throttled, removed afterwards with what was left in it moved out."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from bench.pilab import ENV, MODELS, Calibration, cgroup, join_from_env, own_group, unavailable

BUSY = "import time\nend = time.process_time() + 0.3\nwhile time.process_time() < end: pass\n"


def test_a_pi_5_gets_a_larger_share_than_a_pi_4_from_the_same_calibration() -> None:
    found = Calibration(here_nbody_5m_s=20.0, here_sysbench_eps=4000.0)
    pi4, pi5 = found.share(MODELS["pi4"]), found.share(MODELS["pi5"])
    assert 0 < pi4 < pi5 < 1
    assert pi5 / pi4 == pytest.approx(MODELS["pi5"].sysbench_eps / MODELS["pi4"].sysbench_eps)


def test_the_cgroup_holds_the_host_under_its_quota_and_is_removed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    why = unavailable()
    if why:
        pytest.skip(f"no cpu cgroup here: {why}")
    name = f"tourelle-pilab-test-{os.getpid()}"
    with cgroup(name, share=0.2) as group:
        assert group.path == own_group() / name and group.path.is_dir()
        assert (group.path / "cpu.cfs_quota_us").read_text().strip() == str(group.quota_us)
        assert group.quota_us == round(0.2 * group.period_us)
        monkeypatch.setenv(ENV, str(group.path))  # as bench/pilab.py gives it to a bench
        sleeper = subprocess.Popen(["sleep", "60"], preexec_fn=join_from_env)
        try:
            assert str(sleeper.pid) in (group.path / "cgroup.procs").read_text().split()
            busy = subprocess.run([sys.executable, "-c", BUSY], preexec_fn=join_from_env,
                                  check=True)
            assert busy.returncode == 0
            periods, seconds = group.throttled()
            assert periods > 0 and seconds > 0  # 0.3 s of CPU cannot fit in 1.2 ms per 6 ms
        finally:
            path = group.path
    try:
        assert not path.exists()
        assert sleeper.poll() is None  # moved out, not killed
    finally:
        sleeper.kill()
        sleeper.wait()

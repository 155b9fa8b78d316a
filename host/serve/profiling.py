"""A CPU profile of the serving process, for benchmarks (never on in a night).

`TOURELLE_PROFILE=<file>` profiles every thread the serving process starts from then
on (cProfile with each thread's own CPU clock, so a thread blocked on a socket costs
nothing), and each SIGUSR2 writes the threads' profiles so far merged into <file>
(pstats format: `python -m pstats <file>`; two dumps make a difference, as
`bench/burst.py --profile` prints). py-spy sees the gthread worker's hundreds of
threads mostly as empty stacks (the GIL released in C); this sees the Python that ran.
"""

from __future__ import annotations

import cProfile
import os
import pstats
import signal
import sys
import threading
import time
from typing import Any

ENV = "TOURELLE_PROFILE"


class Snapshot:
    """A profile's figures so far, the profile going on (pstats takes it as a profile)."""

    def __init__(self, profile: cProfile.Profile) -> None:
        profile.snapshot_stats()  # create_stats without its disable()
        self.stats = profile.stats

    def create_stats(self) -> None:
        """Taken already."""


def start_from_env() -> None:
    """Profile from now on when TOURELLE_PROFILE names a file; call in the main thread."""
    path = os.environ.get(ENV)
    if not path:
        return
    profiles: list[cProfile.Profile] = []
    lock = threading.Lock()

    def profiled() -> cProfile.Profile:
        profile = cProfile.Profile(time.thread_time)
        with lock:
            profiles.append(profile)
        return profile

    def begin(*_: Any) -> None:
        # The first call in a new thread: hand the thread over to its own profile.
        sys.setprofile(None)
        profiled().enable()

    def dump(*_: Any) -> None:
        main.disable()  # the signal's handler runs in the main thread: its own cost left out
        try:
            with lock:
                taken = [Snapshot(profile) for profile in profiles]
            stats = pstats.Stats(*taken)  # type: ignore[arg-type]  # duck-typed
            stats.dump_stats(path + ".part")
            os.replace(path + ".part", path)
        finally:
            main.enable()

    threading.setprofile(begin)
    main = profiled()
    main.enable()
    signal.signal(signal.SIGUSR2, dump)

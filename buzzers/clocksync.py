"""Map a phone's clock onto the host clock, NTP-style (pure: every time is passed in).

The phone sends a ping stamped `client_send` on its own clock; the host answers
at once with its monotonic ns (`host`); the phone notes `client_receive` and
reports the three numbers. A host that stamps the ping when it arrived (the
kernel's receive stamp) and remembers when it answered (`host_reply`) gives two
times: the ping was there by `host`, the answer left after `host_reply`, and the
time between (the host's own handling) is no part of either leg. If the two
legs took equal time, the host read its clock at the phone's midpoint, so
offset = host - (send + receive) / 2, and whatever the legs' split, the error
is at most half the round trip. Wi-Fi
round trips vary a lot, so we keep the last `history` samples and intersect the
offset intervals they allow (each widened by the clock drift possible since it
was taken): the true offset is in every one of them, and their intersection is
as narrow as the quickest uplink plus the quickest downlink seen.

A tap time the phone claims is never trusted beyond its measured network:
`clamp` keeps it within [received - plausible_delay, received], where
`plausible_delay` is the worst round trip of the history plus one TCP
retransmission (`clamp_slack_ns`, 250 ms: the tap itself may be the segment
that was lost), capped. A phone lying about its clock can thus gain at most
that. A press whose claim had to be clamped gets the clamped distance added to
its uncertainty, so the arbiter calls it a tie rather than a sure order.

How long a decision waits for late phones (`max_delay_ns`) is the worst recent
uplink, not the worst round trip: the same intersection bounds each ping's
uplink, and a press only travels that way.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass

from buzzers.press import Press


class ClockSyncError(ValueError):
    """A sync sample or request that makes no sense (negative round trip, no samples)."""


@dataclass(frozen=True)
class SyncSample:
    client_send_ns: int
    host_ns: int  # the ping was at the host by then
    client_receive_ns: int
    host_reply_ns: int | None = None  # the answer left the host after this (None: `host_ns`)

    @property
    def reply_ns(self) -> int:
        return self.host_ns if self.host_reply_ns is None else self.host_reply_ns

    @property
    def rtt_ns(self) -> int:
        return self.client_receive_ns - self.client_send_ns

    @property
    def network_rtt_ns(self) -> int:
        """The round trip less the host's handling between the two host times."""
        return self.rtt_ns - (self.reply_ns - self.host_ns)

    @property
    def client_mid_ns(self) -> int:
        return (self.client_send_ns + self.client_receive_ns) // 2

    @property
    def offset_ns(self) -> int:
        """host - client, as seen from this sample (the legs taken as equal)."""
        return (self.host_ns + self.reply_ns) // 2 - self.client_mid_ns


class ClockEstimator:
    """One phone's (or wireless device's) clock offset, from ping samples.

    `drift_ppm` allows for the two clocks running at slightly different rates
    (phone crystals: tens of ppm); `stale_after_ns` is how old the newest
    sample may get before `needs_resync` asks for fresh pings.
    """

    def __init__(
        self,
        window: int = 30,
        best: int = 5,
        drift_ppm: float = 100.0,
        max_delay_cap_ns: int = 1_500_000_000,
        stale_after_ns: int = 30_000_000_000,
        min_samples: int = 3,
        max_rtt_ns: int = 5_000_000_000,
        history: int = 300,
        clamp_slack_ns: int = 250_000_000,
    ) -> None:
        if not 1 <= best <= window:
            raise ClockSyncError(f"need 1 <= best ({best}) <= window ({window})")
        self.best = best
        self.drift_ppm = drift_ppm
        self.max_delay_cap_ns = max_delay_cap_ns
        self.stale_after_ns = stale_after_ns
        self.min_samples = min_samples
        self.max_rtt_ns = max_rtt_ns
        self.clamp_slack_ns = clamp_slack_ns
        self._samples: deque[SyncSample] = deque(maxlen=window)
        # Older samples still bound the offset (drift widens them with age): more
        # chances that one had a quick uplink and another a quick downlink.
        self._history: deque[SyncSample] = deque(maxlen=max(window, history))
        self._max_delay: int | None = None  # worst uplink bound of the window, once asked

    def add_sample(self, client_send_ns: int, host_ns: int, client_receive_ns: int,
                   host_reply_ns: int | None = None) -> SyncSample:
        """Record one ping: phone send time, host time (when the ping was there), phone
        receive time, and when the host answered if it said (else at `host_ns`)."""
        reply = host_ns if host_reply_ns is None else host_reply_ns
        if not 0 <= reply - host_ns <= max(0, client_receive_ns - client_send_ns):
            reply = host_ns  # not a time between the two legs: not used
        sample = SyncSample(client_send_ns, host_ns, client_receive_ns, reply)
        if sample.rtt_ns < 0:
            raise ClockSyncError(
                f"ping received before it was sent (send {client_send_ns}, "
                f"receive {client_receive_ns})"
            )
        if sample.rtt_ns > self.max_rtt_ns:
            raise ClockSyncError(f"round trip of {sample.rtt_ns} ns is too long to use")
        self._samples.append(sample)
        self._history.append(sample)
        self._max_delay = None
        return sample

    @property
    def samples(self) -> tuple[SyncSample, ...]:
        return tuple(self._samples)

    def best_samples(self) -> list[SyncSample]:
        """The `best` samples of the window with the smallest round trips."""
        return sorted(self._samples, key=lambda s: s.network_rtt_ns)[: self.best]

    def _bound(self, sample: SyncSample, client_t_ns: int) -> int:
        drift = abs(client_t_ns - sample.client_mid_ns) * self.drift_ppm / 1_000_000
        return sample.network_rtt_ns // 2 + round(drift)

    def _intersection(self, client_t_ns: int) -> tuple[int, int]:
        """The offset (host - client) bounds of every kept sample, met at `client_t_ns`;
        low > high when they do not meet."""
        low, high = -(1 << 62), 1 << 62
        for sample in self._history:
            drift = round(abs(client_t_ns - sample.client_mid_ns) * self.drift_ppm / 1_000_000)
            low = max(low, sample.reply_ns - sample.client_receive_ns - drift)
            high = min(high, sample.host_ns - sample.client_send_ns + drift)
        return low, high

    def to_host(self, client_t_ns: int) -> tuple[int, int]:
        """A phone-clock time as (host time, uncertainty), both in ns.

        Each sample bounds the offset (host - client): the ping was at the host by
        h, after it left at c0, and the answer left after h' (h' = h unless the
        host said), before it came back at c1, so the offset lies in
        [h' - c1, h - c0], widened by the clocks' possible drift since then.
        The true offset is in every sample's interval, hence in their
        intersection, whose width is the smallest uplink plus the smallest
        downlink seen, often much less than any one round trip. We answer the
        intersection's middle, and its half-width as the uncertainty (a bound,
        not an estimate of the error). Should the intervals not meet (a clock
        stepped, or drifted past `drift_ppm`), the best single sample is used.
        """
        if not self._samples:
            raise ClockSyncError("no sync samples yet: ping the phone first")
        low, high = self._intersection(client_t_ns)
        if low <= high:
            return client_t_ns + (low + high) // 2, (high - low + 1) // 2
        sample = min(self.best_samples(), key=lambda s: self._bound(s, client_t_ns))
        return client_t_ns + sample.offset_ns, self._bound(sample, client_t_ns)

    @property
    def max_delay_ns(self) -> int:
        """The longest phone-to-host delay the window's pings allow, capped.

        A press travels the uplink only, so this is the worst recent *uplink*,
        bounded from each sample with the offset's intersection (`uplink_bounds_ns`):
        a ping whose answer waited behind the host's fan-out, or behind the
        phone's own decoding, has a long downlink, which a press never travels.
        Never more than the worst round trip, which bounds it too.
        """
        if not self._samples:
            return self.max_delay_cap_ns
        if self._max_delay is None:
            self._max_delay = max(self.uplink_bounds_ns())
        return min(self.max_delay_cap_ns, self._max_delay)

    def uplink_bounds_ns(self) -> list[int]:
        """For each sample of the window, the most its ping's uplink can have taken.

        The ping reached the host at `host_ns`, having left at `client_send_ns`
        on a clock `offset` behind: uplink = host - send - offset. The offset is
        at least the intersection's low end (read at the newest sample, widened by
        the drift possible since each send), so that bounds the uplink from above;
        so does the round trip less the host's handling. Where the intervals do not
        meet (a clock stepped), only the round trip is known.
        """
        newest = self._samples[-1].client_mid_ns
        low, high = self._intersection(newest)
        bounds = []
        for sample in self._samples:
            bound = sample.network_rtt_ns
            if low <= high:
                drift = round(abs(newest - sample.client_send_ns) * self.drift_ppm / 1_000_000)
                bound = min(bound, sample.host_ns - sample.client_send_ns - low + drift)
            bounds.append(max(0, bound))
        return bounds

    @property
    def plausible_delay_ns(self) -> int:
        """How old a press may be when it arrives: the history's worst round trip plus one
        retransmission timeout, capped."""
        if not self._history:
            return self.max_delay_cap_ns
        worst = max(s.rtt_ns for s in self._history)
        return min(self.max_delay_cap_ns, worst + self.clamp_slack_ns)

    def clamp(self, claimed_host_ns: int, received_host_ns: int,
              earliest_ns: int | None = None) -> int:
        """Keep a claimed host time within what the phone's network allows."""
        earliest = earliest_ns
        if earliest is None:
            earliest = received_host_ns - self.plausible_delay_ns
        return min(received_host_ns, max(earliest, claimed_host_ns))

    def press(
        self, seat: int, client_t_ns: int, received_host_ns: int, source: str = "phone"
    ) -> Press:
        """The press for a tap the phone stamped `client_t_ns`, received at `received_host_ns`."""
        host_t, uncertainty = self.to_host(client_t_ns)
        t_ns = self.clamp(host_t, received_host_ns)
        return Press(
            t_ns=t_ns,
            seat=seat,
            source=source,
            uncertainty_ns=uncertainty + abs(t_ns - host_t),
        )

    def needs_resync(self, now_host_ns: int) -> bool:
        """Too few samples, or the newest is older than `stale_after_ns`."""
        if len(self._samples) < self.min_samples:
            return True
        newest = max(s.host_ns for s in self._samples)
        return now_host_ns - newest > self.stale_after_ns

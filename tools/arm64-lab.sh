#!/usr/bin/env bash
# The arm64 lab (issue 47): Debian bookworm arm64, Raspberry Pi OS's base, under qemu-user-static.
# It builds the root once with debootstrap (cached in .cache/arm64-root, or $TOURELLE_ARM64_ROOT),
# installs the project from requirements/test.lock in a venv inside it, then runs
#   1. a served smoke test: `tourelle serve` answering /healthz, then the real-server tests
#      with Socket.IO clients (a host creates games, a phone joins and presses, a device's
#      GPIO press through gpiozero's MockFactory);
#   2. the non-browser unit tests that fit the time budget (ARM64_TESTS, below).
# Emulation is not a Pi: it proves the install and the behaviour on arm64, never a timing.
#
#   make arm64-lab                 # or: tools/arm64-lab.sh
#   tools/arm64-lab.sh --shell     # a shell in the root (the venv at /opt/tourelle-venv)
#   tools/arm64-lab.sh --rebuild   # debootstrap again from nothing
#
# Needs root (debootstrap, chroot, mounts, binfmt_misc) and Debian's debootstrap, qemu-user-static
# and binfmt-support, installed with apt-get when missing. Debian's mirror and PyPI must answer.
set -euo pipefail
{ # the whole script is read before it runs: editing it during a run does not change that run

REPO=$(cd "$(dirname "$0")/.." && pwd)
ROOT=${TOURELLE_ARM64_ROOT:-$REPO/.cache/arm64-root}
MIRROR=${TOURELLE_ARM64_MIRROR:-http://deb.debian.org/debian}
SUITE=bookworm
VENV=/opt/tourelle-venv
# Debian packages in the root besides minbase: the venv's Python (3.11 in bookworm) and
# redis-server, which tests/workers start for several server processes.
INCLUDE=python3,python3-venv,ca-certificates,redis-server
# The unit phase: the buzzers (gpiozero's MockFactory), the journal's storage and the quiz
# packs, non-browser and non-slow, 5 seeded games per random-play test: 652 tests in 2.3 min
# under emulation on a loaded 2-core machine, within a 10-minute budget. tests/core and
# tests/games are far slower there (65 tests in 13 min); ARM64_TESTS=tests runs them all.
ARM64_TESTS=${ARM64_TESTS:-tests/buzzers tests/storage tests/quiz}
ARM64_MARKS=${ARM64_MARKS:-not slow and not browser and not netlab}
ARM64_WORKERS=${ARM64_WORKERS:-2}
ARM64_RANDOM_GAMES=${ARM64_RANDOM_GAMES:-5}

MODE=run
case "${1:-}" in
  --shell) MODE=shell ;;
  --rebuild) rm -rf "$ROOT" ;;
  "") ;;
  *) echo "usage: $0 [--shell|--rebuild]" >&2; exit 2 ;;
esac

if [ "$(id -u)" != 0 ]; then
  echo "arm64 lab: needs root (debootstrap, chroot, mounts); run it with sudo" >&2
  exit 1
fi

declare -A TOOK=()
phase_start=0
begin() { phase_start=$(date +%s); echo; echo "== arm64 lab: $1"; }
took() { TOOK[$1]=$(( $(date +%s) - phase_start ))s; echo "== $1: ${TOOK[$1]}"; }

# --- the host: binfmt_misc and a qemu-aarch64 handler with the F flag -------------------------
# F ("fix binary") makes the kernel open the interpreter when it is registered, so the chroot
# needs no copy of qemu-aarch64-static inside it.
BINFMT=/proc/sys/fs/binfmt_misc
if [ ! -e "$BINFMT/status" ]; then
  mount -t binfmt_misc binfmt_misc "$BINFMT"
fi
missing=()
command -v debootstrap >/dev/null 2>&1 || missing+=(debootstrap)
[ -x /usr/bin/qemu-aarch64-static ] || missing+=(qemu-user-static)
command -v update-binfmts >/dev/null 2>&1 || missing+=(binfmt-support)
if [ ${#missing[@]} -gt 0 ]; then
  begin "apt-get install ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${missing[@]}"
  took host-packages
fi
if [ ! -e "$BINFMT/qemu-aarch64" ]; then
  # No systemd here (a container): register it from binfmt-support's file, as the package would.
  update-binfmts --import qemu-aarch64 || true
  update-binfmts --enable qemu-aarch64 || true
fi
if [ ! -e "$BINFMT/qemu-aarch64" ] || ! grep -q '^enabled' "$BINFMT/qemu-aarch64"; then
  echo "arm64 lab: no enabled qemu-aarch64 handler in $BINFMT" >&2
  exit 1
fi
if ! grep -q '^flags:.*F' "$BINFMT/qemu-aarch64"; then
  echo "arm64 lab: the qemu-aarch64 handler lacks the F flag (it would not run in a chroot):" >&2
  cat "$BINFMT/qemu-aarch64" >&2
  exit 1
fi

# --- one run at a time on a root; mounts undone on any exit ------------------------------------
mkdir -p "$(dirname "$ROOT")"
ROOT=$(realpath -m "$ROOT")
exec 9>"$ROOT.lock"
flock -n 9 || { echo "arm64 lab: another run holds $ROOT.lock" >&2; exit 1; }

MOUNTED=()
cleanup() {
  local status=$?
  # Processes still running in the root (a server a failed test left): this run's own.
  local pid
  for pid in $(ls /proc | grep -E '^[0-9]+$'); do
    if [ "$(readlink "/proc/$pid/root" 2>/dev/null)" = "$ROOT" ]; then
      kill -9 "$pid" 2>/dev/null || true
    fi
  done
  local i
  for ((i = ${#MOUNTED[@]} - 1; i >= 0; i--)); do
    umount "${MOUNTED[i]}" 2>/dev/null || umount -l "${MOUNTED[i]}" || true
  done
  exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# --- the root: debootstrap once ------------------------------------------------------------------
STAMP=$ROOT/.tourelle-debootstrap-done
if [ ! -f "$STAMP" ]; then
  begin "debootstrap $SUITE arm64 into $ROOT"
  rm -rf "$ROOT"
  debootstrap --arch=arm64 --variant=minbase --include="$INCLUDE" "$SUITE" "$ROOT" "$MIRROR"
  date -u +%FT%TZ >"$STAMP"
  took debootstrap
else
  echo "== arm64 lab: reusing $ROOT (built $(cat "$STAMP"); --rebuild to start again)"
  TOOK[debootstrap]="cached"
fi

mount_in() {  # mount_in TARGET mount-arguments...
  local target=$ROOT$1
  shift
  mkdir -p "$target"
  mount "$@" "$target"
  MOUNTED+=("$target")
}
mount_in /proc -t proc proc
mount_in /sys -t sysfs sysfs
mount_in /dev --bind /dev
mount_in /dev/pts --bind /dev/pts
mount_in /dev/shm -t tmpfs tmpfs  # multiprocessing's semaphores
cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
# The host's trust store (a proxy's own CA included, as on this project's machines) for pip.
CERTS=/etc/ssl/certs/host-ca-certificates.crt
if [ -f /etc/ssl/certs/ca-certificates.crt ]; then
  cp /etc/ssl/certs/ca-certificates.crt "$ROOT$CERTS"
else
  CERTS=/etc/ssl/certs/ca-certificates.crt
fi
PASS=()  # the host's proxy settings, if any
for name in http_proxy https_proxy no_proxy HTTP_PROXY HTTPS_PROXY NO_PROXY PIP_INDEX_URL \
  PIP_DEFAULT_TIMEOUT; do
  if [ -n "${!name:-}" ]; then PASS+=("$name=${!name}"); fi
done

# A clean environment; the project's bytecode kept between runs (/src is copied afresh, and
# compiling it under emulation costs a minute).
inside() {
  chroot "$ROOT" /usr/bin/env -i HOME=/root LANG=C.UTF-8 TERM="${TERM:-dumb}" \
    PATH="$VENV/bin:/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin" \
    SSL_CERT_FILE="$CERTS" PIP_CERT="$CERTS" PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PYTHONPYCACHEPREFIX=/var/cache/tourelle-pycache \
    ${PASS[@]+"${PASS[@]}"} "$@"
}

# --- the project: the work tree's files, copied afresh (tracked and new, not ignored) -------------
rm -rf "$ROOT/src"
mkdir -p "$ROOT/src"
(cd "$REPO" && git ls-files -z --cached --others --exclude-standard |
  tar --null --ignore-failed-read -T - -cf - 2>/dev/null) | tar -xf - -C "$ROOT/src"

# --- the venv: from the test lock, again when the lock changes -----------------------------------
LOCK_SUM=$(sha256sum "$REPO/requirements/test.lock" | cut -d' ' -f1)
if [ "$(cat "$ROOT$VENV/.lock-sha256" 2>/dev/null)" != "$LOCK_SUM" ]; then
  begin "venv from requirements/test.lock (under emulation)"
  rm -rf "$ROOT$VENV"
  inside python3 -m venv "$VENV"
  # Its log in the root: which packages came as sdists and were built under emulation.
  inside "$VENV/bin/pip" install --progress-bar off --require-hashes \
    -r /src/requirements/test.lock >"$ROOT/pip-install.log" 2>&1 ||
    { tail -40 "$ROOT/pip-install.log"; exit 1; }
  grep -E "Building wheel|Created wheel|Successfully installed" "$ROOT/pip-install.log" || true
  echo "$LOCK_SUM" >"$ROOT$VENV/.lock-sha256"
  took install
else
  echo "== arm64 lab: reusing the venv (requirements/test.lock unchanged)"
  TOOK[install]="cached"
fi
PROJECT_SUM=$(sha256sum "$REPO/pyproject.toml" | cut -d' ' -f1)
if [ "$(cat "$ROOT$VENV/.project-sha256" 2>/dev/null)" != "$PROJECT_SUM" ]; then
  inside sh -c "cd /src && $VENV/bin/pip install -q --no-deps -e ."  # /src stays where it is
  echo "$PROJECT_SUM" >"$ROOT$VENV/.project-sha256"
fi
inside "$VENV/bin/python" -c 'import platform, importlib.metadata as m; print("==", \
  platform.machine(), "Python", platform.python_version(), "gpiozero", m.version("gpiozero"))'

if [ "$MODE" = shell ]; then
  inside sh -c "cd /src && exec bash -i" || true
  exit 0
fi

# --- the phases: each runs even when the one before failed; the run fails if any did ---------
FAILED=()
LOG=$(dirname "$ROOT")/arm64-lab-last.log  # the last run's test output, beside the root
: >"$LOG"
phase() {  # phase NAME COMMAND...: its time, its status, its output in $LOG too
  local name=$1
  shift
  phase_start=$(date +%s)
  if "$@" 2>&1 | tee -a "$LOG"; then took "$name"; else took "$name"; FAILED+=("$name"); fi
}
# Under emulation a server takes a minute to start on a loaded machine: start timeouts x6.
TEST_ENV="TOURELLE_TEST_START_SCALE=${TOURELLE_TEST_START_SCALE:-6}"

# --- 1. served smoke test -------------------------------------------------------------------------
# tools/arm64_smoke.py: the installed `tourelle serve`, /healthz, a host, a screen, a phone that
# joins and presses, a device's GPIO press, lgpio's absence. Then the real-server tests: a host
# creating games, a skewed phone ordered by host time, `buzzers run` on gpiozero's MockFactory.
echo; echo "== arm64 lab: smoke: tourelle serve, /healthz, Socket.IO clients"
phase smoke inside sh -c "cd /src && $VENV/bin/python tools/arm64_smoke.py && $TEST_ENV \
  $VENV/bin/python -m pytest -q -p no:cacheprovider tests/test_smoke_server.py \
  tests/buzzer_board/test_live.py"

# --- 2. the unit tests ---------------------------------------------------------------------------
echo; echo "== arm64 lab: unit tests: $ARM64_TESTS -m '$ARM64_MARKS', $ARM64_WORKERS workers," \
  "$ARM64_RANDOM_GAMES random games"
phase tests inside sh -c "cd /src && $TEST_ENV TOURELLE_RANDOM_GAMES=$ARM64_RANDOM_GAMES \
  $VENV/bin/python -m pytest -q -rfE --durations=5 -p no:cacheprovider -n $ARM64_WORKERS -m '$ARM64_MARKS' \
  $ARM64_TESTS"

echo
summary=$(grep -E '^[0-9]+ (passed|failed)|^=+ .*(passed|failed).* in ' "$LOG" | tail -1 |
  tr -d '=' | sed 's/^ *//')
echo "== arm64 lab: debootstrap ${TOOK[debootstrap]}, install ${TOOK[install]}," \
  "smoke ${TOOK[smoke]}, tests ${TOOK[tests]} ($summary)"
if [ ${#FAILED[@]} -gt 0 ]; then
  echo "== arm64 lab FAILED: ${FAILED[*]} (output in $LOG)"
  exit 1
fi
echo "== arm64 lab passed"
exit 0
}

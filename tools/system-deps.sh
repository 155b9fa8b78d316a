#!/usr/bin/env bash
# System packages the tests need, from Debian: Chromium for the browser tests (never a
# downloaded browser) and redis-server for several server processes (tests/workers/).
set -euo pipefail
missing=()
if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ]; then
  missing+=(chromium fonts-dejavu-core)
fi
if ! command -v redis-server >/dev/null 2>&1; then
  missing+=(redis-server)
fi
if [ ${#missing[@]} -eq 0 ]; then
  exit 0
fi
if [ "$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
  echo "missing ${missing[*]} and I cannot install them (not root, no sudo): browser tests will be skipped and tests/workers will fail" >&2
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
$SUDO apt-get install -y -q --no-install-recommends "${missing[@]}"
# The Debian package starts a system-wide Redis on port 6379; Tourelle starts its own on a
# Unix socket in its data folder and needs none: leave the service to the machine's owner.

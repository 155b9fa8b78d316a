#!/bin/sh
# How host/static/vendor/socket.io.min.js was fetched (run from the repository root).
# The browser pages load it from the host itself: never from a CDN.
#   version: socket.io-client 4.8.1 (protocol v5, matches python-socketio 5.x)
#   sha256:  b0e735814f8dcfecd6cdb8a7ce95a297a7e1e5f2727a29e6f5901801d52fa0c5
set -eu
VERSION=4.8.1
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
(cd "$WORK" && npm pack "socket.io-client@$VERSION" && tar xzf "socket.io-client-$VERSION.tgz")
mkdir -p host/static/vendor
cp "$WORK/package/dist/socket.io.min.js" host/static/vendor/socket.io.min.js
sha256sum host/static/vendor/socket.io.min.js

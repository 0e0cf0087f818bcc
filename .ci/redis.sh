#!/usr/bin/env bash
# Installs Redis's server (Debian's redis-server, with apt-get) when it is missing: the
# cluster tests (tests/net/server/cluster/test_cluster.py) start their own on a free port of
# 127.0.0.1 and stop it after, and on CI they fail without it. Debian's package also
# starts a service on 6379 where systemd runs; it is stopped and disabled here (the
# tests and `bench cluster` never use it). Uses sudo when not run as root.
# Called by .ci/run before the tests; by hand: bash .ci/redis.sh
set -euo pipefail

if command -v redis-server >/dev/null 2>&1; then
    echo "redis: $(redis-server --version | head -n 1)"
    exit 0
fi
echo "redis: installing redis-server (apt-get)"
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive
timeout 600 $SUDO apt-get update -qq
timeout 900 $SUDO apt-get install -y -qq --no-install-recommends redis-server >/dev/null
if command -v systemctl >/dev/null 2>&1; then
    $SUDO systemctl disable --now redis-server >/dev/null 2>&1 || true
fi
echo "redis: $(redis-server --version | head -n 1)"

#!/usr/bin/env bash
# wss:// through a reverse proxy, as docs/network.md sets it up (issue 39): a plain
# `python -m game serve` on 127.0.0.1, nginx (Debian's) in front of it terminating TLS
# with a self-signed certificate made by openssl, and game.net's client connecting
# through it: refused by default (tls_untrusted, the certificate's fingerprint said),
# then, the fingerprint trusted, two players create, join, start and play a move.
# Everything stays on 127.0.0.1. Run from .ci/run after the tests (in its virtual
# environment), or by hand from a clone: bash .ci/tls_proxy.sh
set -euo pipefail
cd "$(dirname "$0")/.."

say() { echo "tls_proxy: $*"; }

if ! command -v nginx >/dev/null 2>&1 && [ ! -x /usr/sbin/nginx ]; then
    say "installing nginx (apt-get)"
    as_root=()
    if [ "$(id -u)" != 0 ]; then as_root=(sudo); fi
    "${as_root[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${as_root[@]}" apt-get install -y -qq --no-install-recommends nginx-light >/dev/null
fi
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
command -v openssl >/dev/null 2>&1 || { say "openssl is missing"; exit 1; }

WORK=$(mktemp -d)
SERVER_PID=""
NGINX_PID=""
cleanup() {
    if [ -n "$NGINX_PID" ]; then kill "$NGINX_PID" 2>/dev/null || true; wait "$NGINX_PID" 2>/dev/null || true; fi
    if [ -n "$SERVER_PID" ]; then kill "$SERVER_PID" 2>/dev/null || true; wait "$SERVER_PID" 2>/dev/null || true; fi
    rm -rf "$WORK"
}
trap cleanup EXIT

free_port() { python -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# The certificate: self-signed, for 127.0.0.1 and localhost.
openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 2 -subj /CN=localhost \
    -addext subjectAltName=IP:127.0.0.1,DNS:localhost -keyout "$WORK/key.pem" -out "$WORK/cert.pem" 2>/dev/null
FINGERPRINT=$(openssl x509 -in "$WORK/cert.pem" -noout -fingerprint -sha256 | cut -d= -f2)

# The plain server, on a free port of 127.0.0.1.
MATADOR_HOME="$WORK/server-home" python -m game serve --host 127.0.0.1 --port 0 --forwarded-for >"$WORK/serve.out" 2>"$WORK/serve.log" &
SERVER_PID=$!
for _ in $(seq 1 300); do
    if grep -q '^serving ws://' "$WORK/serve.out" 2>/dev/null; then break; fi
    if ! kill -0 "$SERVER_PID" 2>/dev/null; then say "the server did not start:"; cat "$WORK/serve.log"; exit 1; fi
    sleep 0.1
done
BACKEND=$(sed -n 's|^serving ws://\([^/]*\)/.*|\1|p' "$WORK/serve.out")
[ -n "$BACKEND" ] || { say "the server said no address"; cat "$WORK/serve.log"; exit 1; }
say "plain server at ws://$BACKEND/"

# nginx terminating TLS in front of it: the server block of docs/network.md, in a
# configuration of its own (no root, nothing of the system's nginx touched).
PROXY_PORT=$(free_port)
mkdir -p "$WORK/nginx/logs"
cat >"$WORK/nginx/nginx.conf" <<EOF
worker_processes 1;
pid $WORK/nginx/nginx.pid;
error_log $WORK/nginx/logs/error.log warn;
events { worker_connections 256; }
http {
    access_log off;
    client_body_temp_path $WORK/nginx/body;
    proxy_temp_path $WORK/nginx/proxy;
    fastcgi_temp_path $WORK/nginx/fastcgi;
    uwsgi_temp_path $WORK/nginx/uwsgi;
    scgi_temp_path $WORK/nginx/scgi;
    map \$http_upgrade \$connection_upgrade { default upgrade; '' close; }
    server {
        listen 127.0.0.1:$PROXY_PORT ssl;
        ssl_certificate $WORK/cert.pem;
        ssl_certificate_key $WORK/key.pem;
        ssl_protocols TLSv1.2 TLSv1.3;
        location / {
            proxy_pass http://$BACKEND;
            proxy_http_version 1.1;
            proxy_set_header Upgrade \$http_upgrade;
            proxy_set_header Connection \$connection_upgrade;
            proxy_set_header Host \$host;
            proxy_set_header X-Forwarded-For \$remote_addr;
            proxy_read_timeout 1h;
            proxy_send_timeout 1h;
        }
    }
}
EOF
"$NGINX" -t -q -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf" -g 'daemon off;'
"$NGINX" -p "$WORK/nginx" -c "$WORK/nginx/nginx.conf" -g 'daemon off;' &
NGINX_PID=$!
for _ in $(seq 1 100); do
    if python -c "import socket, sys; socket.create_connection(('127.0.0.1', $PROXY_PORT), 0.5).close()" 2>/dev/null; then break; fi
    if ! kill -0 "$NGINX_PID" 2>/dev/null; then say "nginx did not start:"; cat "$WORK/nginx/logs/error.log"; exit 1; fi
    sleep 0.1
done
say "nginx terminating TLS at wss://127.0.0.1:$PROXY_PORT/ (certificate $FINGERPRINT)"

# The client, through the proxy: refused until trusted, then two players play a move.
MATADOR_HOME="$WORK/client-home" URL="wss://127.0.0.1:$PROXY_PORT/" FINGERPRINT="$FINGERPRINT" python - <<'EOF'
import asyncio
import os
import random

from game.net.shared import tls
from game.net.app.client import CertificateRefused, Client, random_choice

url, fingerprint = os.environ["URL"], os.environ["FINGERPRINT"]


async def refused() -> None:
    try:
        async with Client.connect(url):
            raise SystemExit("tls_proxy: a self-signed certificate was taken without being trusted")
    except CertificateRefused as err:
        assert err.code == "tls_untrusted" and err.params["fingerprint"] == fingerprint, (err.code, err.params)
        print(f"tls_proxy: refused by default ({err.code}): {err}")


async def play() -> None:
    async with Client.connect(url) as ann, Client.connect(url) as bob:
        seated = await ann.create("matador", 2, "Ann")
        await bob.join(seated.table, "Bob")
        await ann.start()
        for client in (ann, bob):
            await client.expect("round")
        mover, other = (ann, bob) if ann.my_turn() else (bob, ann)
        assert mover.followed.view is not None
        action = random_choice(mover.followed.view, random.Random(1))
        await mover.play(action)
        while other.followed.view is None or not other.followed.view["history"]:
            await other.receive()
        assert other.followed.view["history"][-1] == action
        print(f"tls_proxy: table {seated.table} played a move through nginx over wss://")


asyncio.run(refused())
tls.trust(url, fingerprint)
asyncio.run(play())
EOF
if grep -q Traceback "$WORK/serve.log"; then say "the server logged a traceback:"; cat "$WORK/serve.log"; exit 1; fi
say "ok"

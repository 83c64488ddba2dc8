#!/bin/sh
# Runs the end-to-end tests against an already built dist/ without the rest of `cargo xtask test`:
# a loopback server with the app's headers (xtask/src/serve.rs), then node's test runner.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
port=${PORT:-8765}
python3 - "$root/dist" "$port" <<'PY' &
import functools, http.server, sys
csp = ("default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; "
       "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'")
class Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, ".wasm": "application/wasm", ".js": "text/javascript"}
    def end_headers(self):
        self.send_header("Content-Security-Policy", csp)
        self.send_header("Cache-Control", "no-store")
        super().end_headers()
    def log_message(self, *args):
        pass
http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[2])), functools.partial(Handler, directory=sys.argv[1])).serve_forever()
PY
server=$!
trap 'kill $server' EXIT
sleep 0.5
export BASE_URL="http://127.0.0.1:$port/" CHROMIUM=/usr/bin/chromium
export CHROMIUM_FLAGS="--headless --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync"
export PLAYWRIGHT_CORE="$root/tools/node_modules/playwright-core/index.mjs"
if [ -n "${SCRIPT:-}" ]; then
  node "$SCRIPT"
else
  node --test --test-concurrency=1 "$@" "$root/tests/e2e"
fi

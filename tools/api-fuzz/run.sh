#!/usr/bin/env bash
# Schemathesis against the server's own OpenAPI document (`make api-fuzz`, part of
# `make test`): the debug server on a throw-away SQLite demo practice, logged in as
# demo/demo, a bounded number of examples per operation. It fails on any server error,
# any answer that does not match its schema, and any invalid request the server accepts.
#
#   tools/api-fuzz/run.sh [BINARY]        (default target/debug/pocketchart)
#   API_FUZZ_EXAMPLES=N                   examples per operation (default 100, about 75 s)
#   API_FUZZ_SEED=N                       the random seed (default fixed, so runs repeat)
#   API_FUZZ_CHECKS=a,b                   schemathesis checks (default: see below)
set -euo pipefail

root="$(cd "$(dirname "$0")/../.." && pwd)"
binary="${1:-$root/target/debug/pocketchart}"
examples="${API_FUZZ_EXAMPLES:-100}"
seed="${API_FUZZ_SEED:-20261122}"
# What must hold: no 5xx, every answer as its schema says (status, content type,
# headers, body), and no request that breaks the schema accepted. API_FUZZ_CHECKS=all
# adds positive_data_acceptance, which also counts what the schema cannot say (a
# required name, an id that must exist, a birth date not in the future).
checks="${API_FUZZ_CHECKS:-not_a_server_error,status_code_conformance,content_type_conformance,response_headers_conformance,response_schema_conformance,negative_data_rejection}"
tools="$root/.cache/api-fuzz"
venv="$tools/venv"
requirements="$root/tools/api-fuzz/requirements.txt"

[ -x "$binary" ] || { echo "api-fuzz: no server binary at $binary (run cargo build first)" >&2; exit 2; }

# The fuzzer in its own virtual environment, re-installed when the pins change.
if ! cmp -s "$requirements" "$venv/.requirements" 2>/dev/null; then
    rm -rf "$venv"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
    cp "$requirements" "$venv/.requirements"
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/pocketchart-api-fuzz.XXXXXX")"
server_pid=""
cleanup() {
    if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT

port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
base="http://127.0.0.1:$port"
RUST_LOG="${RUST_LOG:-warn}" "$binary" serve --listen "127.0.0.1:$port" \
    --database "sqlite://$work/pocketchart.db" --demo >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 300); do
    curl -fsS "$base/api/health" >/dev/null 2>&1 && break
    kill -0 "$server_pid" 2>/dev/null || { cat "$work/server.log" >&2; echo "api-fuzz: the server did not start" >&2; exit 1; }
    sleep 0.2
done

# The login body carries the hex SHA-256 of the typed password (docs/api.md).
digest="$(printf '%s' demo | sha256sum | cut -d' ' -f1)"
token="$(curl -fsS -D - -o /dev/null -H 'content-type: application/json' \
    -d "{\"clientType\":8,\"username\":\"demo\",\"password\":\"$digest\"}" "$base/api/login" |
    tr -d '\r' | awk -F': ' 'tolower($1) == "jwt" { print $2 }')"
[ -n "$token" ] || { echo "api-fuzz: demo/demo could not log in" >&2; exit 1; }

# Left out, each for a reason:
# - POST /api/logout ends the session every other case runs on;
# - POST /api/login with made-up names and passwords only feeds the login throttle,
#   which then locks out this address (its own tests cover it), and a successful one
#   would start sessions nobody ends.
# The token of one login stays valid until its idle timeout, far beyond this run.
status=0
cd "$work" # schemathesis keeps its example database in the working folder
"$venv/bin/schemathesis" run "$base/api/openapi.json" \
    --url "$base" \
    --header "jwt: $token" \
    --exclude-path /api/logout \
    --exclude-path /api/login \
    --checks "$checks" \
    --max-examples "$examples" \
    --seed "$seed" \
    --workers 1 \
    --no-color \

if [ "$status" -ne 0 ]; then
    echo "api-fuzz: failures above; the server's log follows (last 50 lines)" >&2
    tail -n 50 "$work/server.log" >&2
fi
exit "$status"

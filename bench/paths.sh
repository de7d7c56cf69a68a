#!/usr/bin/env bash
# The API's cost piece by piece: requests that differ by one piece each, through wrk at 1
# and 32 clients against one server binary and database (see docs/performance.md, 'The
# API's own cost').
#
#   bench/paths.sh target/release/pocketchart sqlite://bench/data/search-100000.db
#   SECONDS_EACH=5 bench/paths.sh BIN postgres://postgres@127.0.0.1:5432/pc_bench_100000
#
#   /api/health                no session
#   /api/references/1/offices  the session check and a small cached read
#   /api/patients/1000         the session, one patient and the read's audit entry
#   /api/patients?search=smi   the session, a search and its audit entry
set -euo pipefail
cd "$(dirname "$0")/.."
BIN=${1:?server binary}
URL=${2:?database URL}
PORT=${PORT:-18182}
SECONDS_EACH=${SECONDS_EACH:-5}

"$BIN" serve --database "$URL" --listen 127.0.0.1:$PORT >/tmp/pocketchart-paths.log 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do curl -sf http://127.0.0.1:$PORT/api/health >/dev/null && break; sleep 0.5; done
digest=$(printf demo | sha256sum | cut -d' ' -f1)
token=$(curl -s -D - -o /dev/null -H 'content-type: application/json' \
  -d "{\"clientType\":8,\"username\":\"demo\",\"password\":\"$digest\"}" http://127.0.0.1:$PORT/api/login |
  awk 'tolower($1)=="jwt:"{print $2}' | tr -d '\r')
for path in /api/health /api/references/1/offices /api/patients/1000 "/api/patients?search=smi"; do
  TOKEN=$token REQUEST_PATH=$path wrk -t1 -c1 -d2s -s bench/path.lua http://127.0.0.1:$PORT >/dev/null
  for clients in 1 32; do
    threads=$([ "$clients" = 1 ] && echo 1 || echo 2)
    printf "%s clients=%s " "$path" "$clients"
    TOKEN=$token REQUEST_PATH=$path wrk -t"$threads" -c"$clients" -d"${SECONDS_EACH}"s -s bench/path.lua \
      http://127.0.0.1:$PORT | grep '^api' | sed 's/^api //'
  done
done

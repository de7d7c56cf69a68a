#!/usr/bin/env bash
# Patient search at scale: the same queries measured directly against the store and
# through the API (wrk on loopback), at 1 and 32 clients, on SQLite and PostgreSQL.
#
#   bench/search.sh                 # 1,000,000 patients
#   PATIENTS=100000 bench/search.sh
#
# Databases are generated once into bench/data/ (SQLite) and pc_bench_<N> (PostgreSQL)
# and reused. Results go to bench/results/.
set -euo pipefail
cd "$(dirname "$0")/.."

PATIENTS=${PATIENTS:-1000000}
SECONDS_EACH=${SECONDS_EACH:-20}
PG_ADMIN=${POCKETCHART_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/test}
PG_BASE=${PG_ADMIN%/*}
PORT=${PORT:-18181}
mkdir -p bench/data bench/results
RESULTS=bench/results/search-$(date +%Y-%m-%d)-${PATIENTS}.txt

command -v wrk >/dev/null || { sudo_cmd=$([ "$(id -u)" = 0 ] || echo sudo); $sudo_cmd apt-get update -qq && $sudo_cmd apt-get install -y -qq wrk; }
cargo build --release --locked -p pocketchart -p bench

QUERIES=bench/data/queries-${PATIENTS}.txt
SQLITE_URL=sqlite://bench/data/search-${PATIENTS}.db
PG_DB=pc_bench_${PATIENTS}
PG_URL=$PG_BASE/$PG_DB

if [ ! -f "bench/data/search-${PATIENTS}.db" ]; then
  target/release/generate --database "$SQLITE_URL" --patients "$PATIENTS"
fi
if ! psql "$PG_ADMIN" -Atc "select 1 from pg_database where datname='$PG_DB'" | grep -q 1; then
  psql "$PG_ADMIN" -c "CREATE DATABASE $PG_DB" >/dev/null
  target/release/generate --database "$PG_URL" --patients "$PATIENTS"
fi

{
  echo "# Patient search, $PATIENTS patients, $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores"
  for db in sqlite postgres; do
    url=$([ "$db" = sqlite ] && echo "$SQLITE_URL" || echo "$PG_URL")
    make_queries=$([ -f "$QUERIES" ] && echo "" || echo "--make-queries 5000")
    echo "## $db"
    target/release/search-bench --database "$url" --queries "$QUERIES" $make_queries --seconds "$SECONDS_EACH" --concurrency 1,32

    target/release/pocketchart serve --database "$url" --listen 127.0.0.1:$PORT >/tmp/pocketchart-bench.log 2>&1 &
    server=$!
    trap 'kill $server 2>/dev/null || true' EXIT
    for _ in $(seq 1 120); do curl -sf http://127.0.0.1:$PORT/api/health >/dev/null && break; sleep 0.5; done
    digest=$(printf demo | sha256sum | cut -d' ' -f1)
    token=$(curl -s -D - -o /dev/null -H 'content-type: application/json' \
      -d "{\"clientType\":8,\"username\":\"demo\",\"password\":\"$digest\"}" http://127.0.0.1:$PORT/api/login | awk 'tolower($1)=="jwt:"{print $2}' | tr -d '\r')
    # Warm the server's caches and typo index as the direct run did.
    QUERIES=$QUERIES TOKEN=$token wrk -t1 -c4 -d5s -s bench/search.lua http://127.0.0.1:$PORT >/dev/null
    for clients in 1 32; do
      threads=$([ "$clients" = 1 ] && echo 1 || echo 2)
      printf "api clients=%s " "$clients"
      QUERIES=$QUERIES TOKEN=$token wrk -t$threads -c$clients -d${SECONDS_EACH}s -s bench/search.lua http://127.0.0.1:$PORT | grep '^api'
    done
    kill $server; wait $server 2>/dev/null || true
    trap - EXIT
  done
} | tee "$RESULTS"
echo "written to $RESULTS"

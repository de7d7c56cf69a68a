#!/usr/bin/env bash
# Benchmarks at scale: each measured directly against the store and through the API
# (wrk on loopback), at 1 and 32 clients, on SQLite and PostgreSQL.
#
#   bench/run.sh                      # search, orders, schedule and clinical
#   bench/run.sh schedule             # one of them
#   bench/run.sh diagnosis            # the ICD-10-CM search (in memory; any practice)
#   bench/run.sh fees charges         # the fee search and posting a ten-line billing order
#   bench/run.sh referrers            # the referrer search over REFERRERS (100,000) referrers
#   PATIENTS=100000 bench/run.sh      # a smaller practice
#   DATABASES=postgres bench/run.sh   # one database
#
# The large practice (PATIENTS patients, ORDERS orders, APPOINTMENTS appointments) is
# generated once into bench/data/ (SQLite) and pc_bench_<PATIENTS> (PostgreSQL) and
# reused. Results go to bench/results/.
set -euo pipefail
cd "$(dirname "$0")/.."

BENCHES=${*:-search orders schedule clinical}
DATABASES=${DATABASES:-sqlite postgres}
PATIENTS=${PATIENTS:-1000000}
ORDERS=${ORDERS:-1000000}
APPOINTMENTS=${APPOINTMENTS:-1000000}
SECONDS_EACH=${SECONDS_EACH:-20}
PG_ADMIN=${POCKETCHART_TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/test}
PG_BASE=${PG_ADMIN%/*}
PORT=${PORT:-18181}
mkdir -p bench/data bench/results
RESULTS=bench/results/$(date +%Y-%m-%d)-${PATIENTS}-${DATABASES// /-}-${BENCHES// /-}.txt

command -v wrk >/dev/null || { sudo_cmd=$([ "$(id -u)" = 0 ] || echo sudo); $sudo_cmd apt-get update -qq && $sudo_cmd apt-get install -y -qq wrk; }
cargo build --release --locked -p pocketchart -p bench

QUERIES=bench/data/queries-${PATIENTS}.txt
SQLITE_URL=sqlite://bench/data/search-${PATIENTS}.db
PG_DB=pc_bench_${PATIENTS}
PG_URL=$PG_BASE/$PG_DB

generate() {
  target/release/generate --database "$1" --patients "$PATIENTS" --orders "$ORDERS" --appointments "$APPOINTMENTS"
}
# Only the databases measured are generated.
if [[ " $DATABASES " == *" sqlite "* ]]; then
  generate "$SQLITE_URL"
fi
if [[ " $DATABASES " == *" postgres "* ]]; then
  if ! psql "$PG_ADMIN" -Atc "select 1 from pg_database where datname='$PG_DB'" | grep -q 1; then
    psql "$PG_ADMIN" -c "CREATE DATABASE $PG_DB" >/dev/null
  fi
  generate "$PG_URL"
  # A PostgreSQL in service vacuums by itself (autovacuum); a test server may not. Without
  # a vacuum after the bulk load, index-only scans fetch every row from the heap.
  psql "$PG_URL" -qc "VACUUM ANALYZE"
fi

# Direct measurement of one benchmark on one database.
direct() {
  local bench=$1 url=$2
  case $bench in
    search)
      local make_queries=""
      [ -f "$QUERIES" ] || make_queries="--make-queries 5000"
      # shellcheck disable=SC2086
      target/release/search-bench --database "$url" --queries "$QUERIES" $make_queries --seconds "$SECONDS_EACH" --concurrency 1,32 ;;
    orders) target/release/orders-bench --database "$url" --seconds "$SECONDS_EACH" --concurrency 1,32 ;;
    schedule) target/release/schedule-bench --database "$url" --seconds "$SECONDS_EACH" --concurrency 1,32 ;;
    clinical) target/release/clinical-bench --database "$url" --seconds "$SECONDS_EACH" --concurrency 1,32 ;;
    diagnosis) target/release/diagnosis-bench --seconds "$SECONDS_EACH" --concurrency 1,32 --write-queries bench/data/diagnosis-queries.txt ;;
    # One binary measures both; each bench name prints its own lines.
    referrers) target/release/referrer-bench --database "$url" --referrers "${REFERRERS:-100000}" \
      --seconds "$SECONDS_EACH" --concurrency 1,32 --write-queries bench/data/referrer-queries.txt ;;
    fees|charges) target/release/billing-bench --database "$url" --seconds "$SECONDS_EACH" --concurrency 1,32 \
      --only "$bench" --write-queries bench/data/fee-queries.txt ;;
  esac
}

# The same requests through the API.
api() {
  local bench=$1 token=$2 label=${3:-}
  local script=bench/$bench.lua
  # Warm the server's caches as the direct run did.
  export DIAGNOSIS_QUERIES=bench/data/diagnosis-queries.txt FEE_QUERIES=bench/data/fee-queries.txt
  export REFERRER_QUERIES=bench/data/referrer-queries.txt
  # Two days back: a day past in the practice's time zone whatever the hour in UTC.
  BILL_DATE=$(date -u -d '2 days ago' +%Y-%m-%d)
  export BILL_DATE
  ALL=${ALL:-0} QUERIES=$QUERIES PATIENTS=$PATIENTS TOKEN=$token wrk -t1 -c4 -d5s -s "$script" http://127.0.0.1:$PORT >/dev/null
  for clients in 1 32; do
    local threads
    threads=$([ "$clients" = 1 ] && echo 1 || echo 2)
    printf "api %s%s clients=%s " "$bench" "$label" "$clients"
    ALL=${ALL:-0} QUERIES=$QUERIES PATIENTS=$PATIENTS TOKEN=$token wrk -t"$threads" -c"$clients" -d"${SECONDS_EACH}"s -s "$script" http://127.0.0.1:$PORT | grep '^api' | sed 's/^api //'
  done
}

{
  echo "# $BENCHES; $PATIENTS patients, $ORDERS orders, $APPOINTMENTS appointments; $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
  for db in $DATABASES; do
    url=$([ "$db" = sqlite ] && echo "$SQLITE_URL" || echo "$PG_URL")
    echo "## $db"
    for bench in $BENCHES; do
      direct "$bench" "$url" | sed "s/^direct /direct $bench /"
    done

    target/release/pocketchart serve --database "$url" --listen 127.0.0.1:$PORT >/tmp/pocketchart-bench.log 2>&1 &
    server=$!
    trap 'kill $server 2>/dev/null || true' EXIT
    for _ in $(seq 1 120); do curl -sf http://127.0.0.1:$PORT/api/health >/dev/null && break; sleep 0.5; done
    digest=$(printf demo | sha256sum | cut -d' ' -f1)
    token=$(curl -s -D - -o /dev/null -H 'content-type: application/json' \
      -d "{\"clientType\":8,\"username\":\"demo\",\"password\":\"$digest\"}" http://127.0.0.1:$PORT/api/login | awk 'tolower($1)=="jwt:"{print $2}' | tr -d '\r')
    for bench in $BENCHES; do
      api "$bench" "$token"
      if [ "$bench" = schedule ]; then ALL=1 api "$bench" "$token" " whole-day"; fi
    done
    kill $server; wait $server 2>/dev/null || true
    trap - EXIT
  done
} | tee "$RESULTS"
echo "written to $RESULTS"

#!/usr/bin/env bash
# The app for a lecture hall, as plain processes (deploy/compose.yaml's topology, for a machine without Docker):
# N Streamlit processes on 127.0.0.1, HAProxy in front keeping each browser on one of them by a cookie, and class
# mode on the PostgreSQL database at ATTN_DATABASE_URL (every process must share it).
#
#   export ATTN_DATABASE_URL=postgresql://USER:PASSWORD@HOST:5432/DATABASE
#   scripts/hall.sh start 2 8080     # 2 processes behind http://127.0.0.1:8080 (HALL_BIND=0.0.0.0 for the room)
#   scripts/hall.sh stop 8080
#
# `start` returns once the proxy and every process answer, and prints the proxy's URL and the processes' ids
# ("pids: 123,124"). The run's folder (HALL_RUN, default /tmp/attn_hall_PORT) holds their logs, their ids, the
# generated HAProxy config, the secrets file and the cookie secret: generated once for the deployment and given to
# every process (STREAMLIT_SERVER_COOKIE_SECRET, if set, is used instead). The processes listen on PORT+1 onwards
# (HALL_APP_PORT moves them).
set -euo pipefail
cd "$(dirname "$0")/.."
what="${1:-}"
case "$what" in
  start) n="${2:-2}"; port="${3:-8080}" ;;
  stop) port="${2:-8080}" ;;
  *) echo "usage: $0 start [PROCESSES] [PORT] | $0 stop [PORT]" >&2; exit 2 ;;
esac
run="${HALL_RUN:-/tmp/attn_hall_$port}"

stop() {
  if [ -f "$run/pids" ]; then
    for pid in $(cat "$run/pids"); do kill "$pid" 2>/dev/null || true; done
    for pid in $(cat "$run/pids"); do
      for _ in $(seq 1 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.2; done
    done
    rm -f "$run/pids"
  fi
}
if [ "$what" = stop ]; then stop; exit 0; fi

command -v haproxy >/dev/null || { echo "haproxy is not installed (Debian: apt-get install haproxy)" >&2; exit 1; }
url="${ATTN_DATABASE_URL:?set ATTN_DATABASE_URL to the PostgreSQL database every process shares}"
case "$url" in postgres://*|postgresql://*|postgresql+psycopg://*) ;;
  *) echo "ATTN_DATABASE_URL must be a PostgreSQL URL: SQLite is one machine's file, and one process's" >&2
     exit 1 ;;
esac
mkdir -p "$run"
stop  # a run left on this port is replaced, not doubled
(
  umask 077
  printf '[connections.classroom]\nurl = "%s"\n' "$url" >"$run/secrets.toml"
  if [ -n "${STREAMLIT_SERVER_COOKIE_SECRET:-}" ]; then
    printf '%s\n' "$STREAMLIT_SERVER_COOKIE_SECRET" >"$run/cookie_secret"
  elif [ ! -s "$run/cookie_secret" ]; then
    python -c 'import secrets; print(secrets.token_hex(32))' >"$run/cookie_secret"
  fi
)
secret="$(cat "$run/cookie_secret")"
first="${HALL_APP_PORT:-$((port + 1))}"

# the proxy's config: deploy/haproxy.cfg with this run's address and one server line per process
sed -e '/^    server /d' -e "s/^    bind .*/    bind ${HALL_BIND:-127.0.0.1}:$port/" deploy/haproxy.cfg >"$run/haproxy.cfg"
pids=()
for k in $(seq 1 "$n"); do
  p=$((first + k - 1))
  echo "    server app$k 127.0.0.1:$p check cookie app$k" >>"$run/haproxy.cfg"
  STREAMLIT_SERVER_COOKIE_SECRET="$secret" python -m streamlit run streamlit_app.py --server.headless true \
    --server.address 127.0.0.1 --server.port "$p" --server.fileWatcherType none --browser.gatherUsageStats false \
    --secrets.files "$run/secrets.toml" >"$run/app$k.log" 2>&1 &
  pids+=($!)
done
echo "${pids[*]}" >"$run/pids"
haproxy -c -q -f "$run/haproxy.cfg"

for k in $(seq 1 "$n"); do
  p=$((first + k - 1))
  for _ in $(seq 1 240); do
    [ "$(curl -s "http://127.0.0.1:$p/_stcore/health" || true)" = ok ] && break
    kill -0 "${pids[$((k - 1))]}" 2>/dev/null || { echo "process $k stopped; see $run/app$k.log" >&2; stop; exit 1; }
    sleep 0.5
  done
done
# the proxy starts once every process answers, so it counts each one up from its start
haproxy -db -f "$run/haproxy.cfg" >"$run/haproxy.log" 2>&1 &
echo "${pids[*]} $!" >"$run/pids"
for _ in $(seq 1 60); do
  [ "$(curl -s "http://127.0.0.1:$port/_stcore/health" || true)" = ok ] && break
  sleep 0.5
done
if [ "$(curl -s "http://127.0.0.1:$port/_stcore/health" || true)" != ok ]; then
  echo "the proxy or the processes did not answer; see $run/" >&2
  stop
  exit 1
fi
echo "http://${HALL_BIND:-127.0.0.1}:$port/"
echo "pids: $(IFS=,; echo "${pids[*]}")"

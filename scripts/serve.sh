#!/usr/bin/env bash
# Start the app headless on PORT (default 8501) from the folder given (default: this checkout), wait until
# it answers, and print its PID. Stop it with: kill PID
set -euo pipefail
port="${1:-8501}"
dir="${2:-$(cd "$(dirname "$0")/.." && pwd)}"
cd "$dir"
python -m streamlit run streamlit_app.py --server.headless true --server.address 127.0.0.1 --server.port "$port" \
  --browser.gatherUsageStats false --server.fileWatcherType none >"/tmp/streamlit_$port.log" 2>&1 &
pid=$!
for _ in $(seq 1 120); do
  if [ "$(curl -s "http://127.0.0.1:$port/_stcore/health" || true)" = "ok" ]; then echo "$pid"; exit 0; fi
  sleep 0.5
done
echo "streamlit did not start on $port; see /tmp/streamlit_$port.log" >&2
exit 1

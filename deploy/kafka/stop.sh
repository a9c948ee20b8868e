#!/usr/bin/env bash
# Stops the broker started by start.sh on KAFKA_PORT (default 19092).
set -uo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
port="${KAFKA_PORT:-19092}"
data="${KAFKA_DATA_DIR:-$root/.cache/kafka-data-$port}"
[ -f "$data/broker.pid" ] || exit 0
pid="$(cat "$data/broker.pid")"
kill "${KAFKA_SIGNAL:--TERM}" "$pid" 2>/dev/null || true
for _ in $(seq 1 60); do kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
kill -KILL "$pid" 2>/dev/null || true
rm -f "$data/broker.pid"

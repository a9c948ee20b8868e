#!/usr/bin/env bash
# Resolves the Apache Kafka broker jars from Maven Central into a git-ignored cache; reuses them when present.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
libs="${KAFKA_LIBS_DIR:-$root/.cache/kafka-libs}"
if ls "$libs"/kafka_2.13-*.jar >/dev/null 2>&1; then
  exit 0
fi
echo "Resolving Apache Kafka jars into $libs (one-time, from Maven Central)..." >&2
mkdir -p "$libs"
mvn -q -B -f "$here/pom.xml" dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$libs" >&2

#!/usr/bin/env bash
# Starts a real single-node Apache Kafka 4.x broker in KRaft mode from the Maven Central jars.
# Env: KAFKA_PORT (default 19092), KAFKA_DATA_DIR (default .cache/kafka-data, wiped with KAFKA_FRESH=1).
# Prints nothing on success but the bootstrap address; the PID goes to $KAFKA_DATA_DIR/broker.pid.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
"$here/assemble.sh"
libs="${KAFKA_LIBS_DIR:-$root/.cache/kafka-libs}"
port="${KAFKA_PORT:-19092}"
ctrl=$((port + 1))
data="${KAFKA_DATA_DIR:-$root/.cache/kafka-data-$port}"
if [ -f "$data/broker.pid" ] && kill -0 "$(cat "$data/broker.pid")" 2>/dev/null; then
  echo "127.0.0.1:$port"; exit 0
fi
[ "${KAFKA_FRESH:-0}" = "1" ] && rm -rf "$data"
mkdir -p "$data/logs"
cat > "$data/server.properties" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$ctrl
listeners=PLAINTEXT://127.0.0.1:$port,CONTROLLER://127.0.0.1:$ctrl
advertised.listeners=PLAINTEXT://127.0.0.1:$port
controller.listener.names=CONTROLLER
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
inter.broker.listener.name=PLAINTEXT
log.dirs=$data/logs
num.partitions=3
offsets.topic.replication.factor=1
offsets.topic.num.partitions=3
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
share.coordinator.state.topic.replication.factor=1
share.coordinator.state.topic.min.isr=1
group.initial.rebalance.delay.ms=0
# A killed consumer-group member holds its partitions for its session timeout; services may ask for 2 s.
group.min.session.timeout.ms=2000
auto.create.topics.enable=true
PROPS
cat > "$data/log4j2.properties" <<PROPS
status = error
appender.file.type = File
appender.file.name = file
appender.file.fileName = $data/broker.log
appender.file.layout.type = PatternLayout
appender.file.layout.pattern = [%d] %p %m (%c)%n
rootLogger.level = WARN
rootLogger.appenderRef.file.ref = file
PROPS
cp="$libs/*"
jvm=(-Xms256m -Xmx1g -XX:+UseG1GC -Dlog4j2.configurationFile="$data/log4j2.properties")
if [ ! -f "$data/logs/meta.properties" ]; then
  java "${jvm[@]}" -cp "$cp" kafka.tools.StorageTool format -t "$(java -cp "$cp" kafka.tools.StorageTool random-uuid 2>/dev/null | tail -1)" \
    -c "$data/server.properties" --standalone >"$data/format.log" 2>&1 \
    || java "${jvm[@]}" -cp "$cp" kafka.tools.StorageTool format -t "q1Sh-9_ISia_zwGINzRvyQ" -c "$data/server.properties" >>"$data/format.log" 2>&1
fi
nohup java "${jvm[@]}" -cp "$cp" kafka.Kafka "$data/server.properties" >"$data/stdout.log" 2>&1 &
echo $! > "$data/broker.pid"
# Wait until the broker accepts connections (up to 90 s).
for _ in $(seq 1 180); do
  if (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "127.0.0.1:$port"; exit 0; fi
  if ! kill -0 "$(cat "$data/broker.pid")" 2>/dev/null; then
    echo "Kafka failed to start; see $data/stdout.log and $data/broker.log" >&2; tail -30 "$data/stdout.log" >&2; exit 1
  fi
  sleep 0.5
done
echo "Kafka did not open port $port within 90 s; see $data/broker.log" >&2
exit 1

# Sourced by the bench/run* scripts: runs a benchmark main class on the built jars, with JAVA_HOME's java if set.
# Usage (from a script in bench/): source "$(dirname "$0")/bench-java.sh"; bench_java <main class> "$@"
bench_java() {
  local home java main=$1
  shift
  home=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
  java="${JAVA_HOME:+$JAVA_HOME/bin/}java"
  if [[ ! -f "$home/bench/target/jremix-bench.jar" || ! -f "$home/agent/target/jremix-agent.jar" ]]; then
    echo "bench: build first: mvn -B -DskipTests package" >&2
    exit 2
  fi
  exec "$java" -Djremix.home="$home" -cp "$home/bench/target/jremix-bench.jar:$home/bench/target/lib/*" "$main" "$@"
}

#!/usr/bin/env bash
# A run's output goes to its capped log file, never into the CSV; Ctrl-C
# (SIGINT) kills the running children and leaves a valid CSV.
. "$ORDO_ROOT/tests/e2e/lib/harness.bash"

cat >"$TMP/out.yml" <<YML
benchmark: output
tasks: ['$FIXTURES/tasks/expect-true.yml']
# no wall limit: printing 20 MB may take a loaded machine long (see harness-memout)
limits: {cpu_time: 20, wall_time: 0}
runs:
  - {name: chatty, engine: selftest, options: {print: 'hello, "log"', print-kb: 20000, verdict: 'true'}}
YML
"$ORDO" bench "$TMP/out.yml" --out "$TMP/out" >/dev/null 2>&1
csv=$TMP/out/results.csv
log=$(ls "$TMP"/out/logs/chatty/*.log)
check "the run still reports its verdict" [ "$(field "$csv" chatty status)" = true ]
check "the CSV has a header and one row" [ "$(wc -l <"$csv")" = 2 ]
check "the output is in the log" grep -q 'hello, "log"' "$log"
size=$(stat -c %s "$log")
check "the log is capped at 8 MB ($size bytes)" [ "$size" -le $((8 << 20)) ]
check "the log path mirrors run and task" [ "$(basename "$log")" = "$(echo "$FIXTURES/tasks/expect-true.yml" | sed 's|/|__|g').log" ]

cat >"$TMP/int.yml" <<YML
benchmark: interrupt
tasks: ['$FIXTURES/tasks/expect-*.yml']
limits: {cpu_time: 60}
jobs: 2
runs:
  - {name: quick, engine: selftest, options: {verdict: 'true'}}
  - {name: slow, engine: selftest, options: {spin-ms: 60000, fork-spin: 'true'}}
YML
grandchildren() { grep -ho 'spinning grandchild pid [0-9]*' "$TMP"/int/logs/*/*.log 2>/dev/null | awk '{ printf "%s ", $NF }'; }
spinning() { [ -n "$(grandchildren)" ]; }
"$ORDO" bench "$TMP/int.yml" --out "$TMP/int" >"$TMP/int.out" 2>&1 &
pid=$!
# Ctrl-C once a slow run is running and has forked its grandchild.
check "a slow run forks its spinning grandchild" wait_until 120 spinning
children=$(awk -v p=$pid '$4 == p { printf "%s ", $1 }' /proc/[0-9]*/stat 2>/dev/null)
kill -INT $pid
wait $pid
st=$?
cat "$TMP/int.out"
check "Ctrl-C ends the benchmark with status 130 (got $st)" [ $st = 130 ]
check "and says how to resume" grep -q 'rerun with --resume' "$TMP/int.out"
check "the interrupted benchmark is gone" [ ! -e /proc/$pid ]
check "no run or grandchild of it is left ($children $(grandchildren))" gone $children $(grandchildren)
csv=$TMP/int/results.csv
check "the CSV holds the finished runs only" [ "$(field "$csv" slow status | wc -l)" = 0 ]
check "and is complete" [ "$(tail -c 1 "$csv" | od -An -c | tr -d ' ')" = '\n' ]
finish

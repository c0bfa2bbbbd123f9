#!/usr/bin/env bash
# A benchmark killed with SIGKILL in the middle keeps every finished row;
# --resume then runs exactly the missing (task, run) pairs: one row per pair.
# The kill follows the first row (an event, not a guessed duration): the 11
# runs left sleep at least 5 x 0.6 s of wall time on 2 jobs, which no load
# shortens, so the benchmark is killed in the middle unless this script
# waits 3 s for a core between seeing the row and killing.
. "$ORDO_ROOT/tests/e2e/lib/harness.bash"

cat >"$TMP/resume.yml" <<YML
benchmark: resume
tasks: ['$FIXTURES/tasks/expect-*.yml']
limits: {cpu_time: 10}
jobs: 2
runs:
  - name: 'sleep-{sleep-ms}-{verdict}'
    engine: selftest
    matrix: {sleep-ms: [600, 800], verdict: ['true', 'false']}
YML
csv=$TMP/out/results.csv
has_a_row() { [ "$(rows "$csv" 2>/dev/null | wc -l)" -ge 1 ]; }
"$ORDO" bench "$TMP/resume.yml" --out "$TMP/out" >"$TMP/first.log" 2>&1 &
pid=$!
wait_until 120 has_a_row
children=$(awk -v p=$pid '$4 == p { printf "%s ", $1 }' /proc/[0-9]*/stat 2>/dev/null)
kill -KILL $pid
wait $pid 2>/dev/null
before=$(rows "$csv" | wc -l)
echo "rows after SIGKILL: $before"
check "the killed benchmark left some rows ($before)" [ "$before" -ge 1 ]
check "but not all of them" [ "$before" -lt 12 ]
check "every line of the CSV is complete" [ "$(tail -c 1 "$csv" | od -An -c | tr -d ' ')" = '\n' ]
# the killed benchmark's runs die with it (PDEATHSIG)
check "its runs are gone ($children)" wait_until 60 gone $children
"$ORDO" bench "$TMP/resume.yml" --out "$TMP/out" --resume >"$TMP/second.log" 2>&1
st=$?
check "the resumed benchmark completes (exit $st; 1 = wrong verdicts among its runs)" [ $st -le 1 ]
cat "$TMP/second.log"
check "it ran only the missing pairs" grep -q "$((12 - before)) runs this session" "$TMP/second.log"
check "exactly 12 rows" [ "$(rows "$csv" | wc -l)" = 12 ]
check "one row per (task, run) pair" [ "$(rows "$csv" | sort -u | wc -l)" = 12 ]
check "one header" [ "$(grep -c '^benchmark,run,' "$csv")" = 1 ]
check "the resume is recorded in the metadata" grep -q '^# resumed' "$TMP/out/metadata.yml"
"$ORDO" bench "$TMP/resume.yml" --out "$TMP/out" --resume >"$TMP/third.log" 2>&1
check "resuming a finished benchmark runs nothing" grep -q "0 runs this session" "$TMP/third.log"
check "and leaves 12 rows" [ "$(rows "$csv" | wc -l)" = 12 ]
"$ORDO" bench "$TMP/resume.yml" --out "$TMP/fresh" --resume >"$TMP/fresh.log" 2>&1
check "resuming into a fresh directory writes the whole metadata" \
    grep -q '^ordo_commit:' "$TMP/fresh/metadata.yml"
check "scores: true runs are correct on expect-true tasks" \
    [ "$(field "$csv" sleep-600-true result | sort -u | tr '\n' ' ')" = "correct wrong " ]
finish

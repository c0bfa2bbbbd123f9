#!/usr/bin/env bash
# Memory limit: allocating and touching 4096 MB under a 1024 MB limit ends
# as memout, the peak memory is recorded, and the benchmark goes on.
. "$ORDO_ROOT/tests/e2e/lib/harness.bash"

cat >"$TMP/mem.yml" <<YML
benchmark: memout
tasks: ['$FIXTURES/tasks/expect-false.yml']
# No wall limit: only the memory limit (or, should it fail, the CPU limit)
# ends the allocation, however long a loaded machine makes it (0.5 s of
# CPU time took 10 s of wall time under make test-loaded).
limits: {cpu_time: 60, wall_time: 0, memory: 1024}
runs:
  - {name: alloc, engine: selftest, options: {alloc-mb: 4096}}
  - {name: small, engine: selftest, options: {alloc-mb: 100, verdict: 'false'}}
YML
"$ORDO" bench "$TMP/mem.yml" --out "$TMP/out"
csv=$TMP/out/results.csv
cat "$csv"
check "4096 MB under a 1024 MB limit ends as memout" [ "$(field "$csv" alloc status)" = memout ]
check "its peak memory is at most the limit ($(field "$csv" alloc memory_mb) MB)" \
    in_range "$(field "$csv" alloc memory_mb)" 500 1030
check "the next run (100 MB) ends with its verdict" [ "$(field "$csv" small status)" = false ]
check "and is scored correct" [ "$(field "$csv" small result)" = correct ]
check "its peak memory is about 100 MB ($(field "$csv" small memory_mb) MB)" \
    in_range "$(field "$csv" small memory_mb)" 95 200
check "the memory mechanism is recorded" grep -q 'memory_enforced_by: "' "$TMP/out/metadata.yml"
finish

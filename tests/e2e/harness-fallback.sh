#!/usr/bin/env bash
# The limits without cgroups (ORDO_CGROUPS=off): CPU time of the process
# tree from /proc, memory by RLIMIT_AS (not under AddressSanitizer, whose
# shadow memory RLIMIT_AS would break).
. "$ORDO_ROOT/tests/e2e/lib/harness.bash"
export ORDO_CGROUPS=off

cat >"$TMP/f.yml" <<YML
benchmark: fallback
tasks: ['$FIXTURES/tasks/expect-false.yml']
limits: {cpu_time: 2, wall_time: 0, memory: 1024}  # no wall limit: only the CPU limit ends a spin
jobs: 2
runs:
  - {name: spin, engine: selftest, options: {spin-ms: 100000}}
  - {name: grandchild-cpu, engine: selftest, options: {fork-spin: 'true', sleep-ms: 100000}}
  - {name: small, engine: selftest, options: {alloc-mb: 100, verdict: 'false'}}
YML
# The memory limit gets a benchmark of its own whose CPU limit cannot end
# the allocation first: touching 1 GB took over 2 s of CPU time here.
cat >"$TMP/m.yml" <<YML
benchmark: fallback-memory
tasks: ['$FIXTURES/tasks/expect-false.yml']
limits: {cpu_time: 60, wall_time: 0, memory: 1024}  # as in harness-memout: no wall limit
runs:
  - {name: alloc, engine: selftest, options: {alloc-mb: 4096}}
YML
"$ORDO" bench "$TMP/f.yml" --out "$TMP/out" >"$TMP/f.out" 2>&1
"$ORDO" bench "$TMP/m.yml" --out "$TMP/mem" >>"$TMP/f.out" 2>&1
cat "$TMP/f.out" "$TMP/out/results.csv" "$TMP/mem/results.csv"
csv=$TMP/out/results.csv
check "the metadata says /proc accounting" grep -q 'cpu_enforced_by: "RLIMIT_CPU + /proc CPU times of the process group"' "$TMP/out/metadata.yml"
check "spin: timeout" [ "$(field "$csv" spin status)" = timeout ]
check_cpu_timeout "$csv" spin 2
check "grandchild: timeout by the tree's CPU" [ "$(field "$csv" grandchild-cpu status)" = timeout ]
check_cpu_timeout "$csv" grandchild-cpu 2 100
check "small: its verdict" [ "$(field "$csv" small status)" = false ]
if grep -q 'memory_enforced_by: "RLIMIT_AS"' "$TMP/mem/metadata.yml"; then
    check "alloc 4096 MB under RLIMIT_AS 1024 MB: memout" [ "$(field "$TMP/mem/results.csv" alloc status)" = memout ]
else
    check "without RLIMIT_AS only an AddressSanitizer build" grep -q 'AddressSanitizer' "$TMP/mem/metadata.yml"
fi
finish

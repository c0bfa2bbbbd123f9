#!/usr/bin/env bash
# ordo bench --slurm on a single-node SLURM cluster started here
# (tests/e2e/lib/slurm-cluster.bash; MaxArraySize=5, so that more than 5
# pairs go in shards): the merged CSV has a local run's rows in a local
# run's order (selftest runs, and the demo config's oc runs on peterson); an element killed as SLURM kills one (time or memory limit:
# SIGKILL, no part) and an array cancelled midway leave their pairs
# missing, and --resume runs exactly those; a changed config or an array
# still queued refuse --resume.
. "$ORDO_ROOT/tests/e2e/lib/harness.bash"
. "$ORDO_ROOT/tests/e2e/lib/slurm-cluster.bash"
if [ "$(id -u)" != 0 ]; then
    echo "SKIP: the test cluster's daemons run as root"
    exit 77
fi
trap 'slurm_stop; rm -rf "$TMP"' EXIT
SLURM_EXTRA_CONF=MaxArraySize=5 slurm_start "$TMP/cluster"
st=$?
[ $st = 0 ] || exit $st

# the (task, run, verdict, status) of each row, and what else a row says
# but its times and memory, in the file's order
pairs() { awk "$CSV_AWK"' NR > 1 { split_csv($0, f); print f[5], f[2], f[8], f[7] }' "$1"; }
untimed() {
    awk "$CSV_AWK"' NR == 1 { n = split_csv($0, h) }
        { split_csv($0, f); row = ""
          for (i = 1; i <= n; i++)
              if (h[i] !~ /^(cputime_s|walltime_s|memory_mb)$/) row = row "," f[i]
          print row }' "$1"
}
job_of() { tail -1 "$1/slurm/jobs" | cut -d' ' -f1; }
# Waits for events, each for up to 120 s of wall time (a loaded machine
# schedules late; the cap only keeps a broken cluster from hanging the suite).
has_part() { [ -n "$(find "$1/parts" -name '*.row' 2>/dev/null)" ]; }
wait_for_part() { wait_until 120 has_part "$1"; } # OUT: a row is written
left_queue() { [ -z "$(squeue -h -j "$1" -o %T 2>/dev/null | grep -v -x -E 'COMPLETED|CANCELLED|FAILED')" ]; }
wait_for_queue() { wait_until 120 left_queue "$1"; } # JOB

cat >"$TMP/quick.yml" <<YML
benchmark: quick
tasks: ['$FIXTURES/tasks/expect-*.yml']
limits: {cpu_time: 10, memory: 512}
jobs: 1
runs:
  - name: 'say-{verdict}'
    engine: selftest
    options: {stats: 'selftest.work=7'}
    matrix: {verdict: ['true', 'false']}
YML
"$ORDO" bench "$TMP/quick.yml" --out "$TMP/local" >"$TMP/local.log" 2>&1
"$ORDO" bench "$TMP/quick.yml" --slurm --out "$TMP/quick" --partition debug --max-parallel 2 \
    --sbatch-args "--comment='ordo e2e' --nice=0" >"$TMP/quick.log" 2>&1
check_status 1 "through SLURM, like locally (wrong verdicts among the runs)" "$TMP/quick.log"
check "6 pairs in 3 elements of 2 (MaxArraySize 5)" \
    grep -q 'submitted SLURM job [0-9]*: 6 pairs as 3 array elements (2 per element)' "$TMP/quick.log"
check "a progress line per row" grep -q '^\[6/6\] say-false .*expect-true.yml: false (wrong' "$TMP/quick.log"
check "the same (task, run, verdict, status) rows as locally, in the same order" \
    [ "$(pairs "$TMP/quick/results.csv")" = "$(pairs "$TMP/local/results.csv")" ]
check "and the same rows but for times and memory" \
    [ "$(untimed "$TMP/quick/results.csv")" = "$(untimed "$TMP/local/results.csv")" ]
check "6 rows" [ "$(rows "$TMP/quick/results.csv" | wc -l)" = 6 ]
host=$(hostname -s)
check "nodes.csv: the node of every row" \
    [ "$(tail -n +2 "$TMP/quick/nodes.csv" | cut -d, -f3 | sort -u)" = "$host" ]
job=$(job_of "$TMP/quick")
check "metadata: the job" grep -q "{job: \"$job\", pairs: 6, elements: 3" "$TMP/quick/metadata.yml"
check "metadata: SLURM's version" \
    grep -q "^  version: \"$(sbatch --version | cut -d' ' -f2)\"" "$TMP/quick/metadata.yml"
check "metadata: the config's hash" grep -q '^  config_hash: "[0-9a-f]\{16\}"' "$TMP/quick/metadata.yml"
check "metadata: the nodes" grep -q "^    - \"$host\"" "$TMP/quick/metadata.yml"
check "metadata: which enforcement held" \
    grep -A1 '^  memory_enforced_by:' "$TMP/quick/metadata.yml" | grep -q cgroup
"$ORDO" collect "$TMP/quick" >"$TMP/collect.log" 2>&1
check_status 1 "collect merges the same again" "$TMP/collect.log"
check "to the same rows" [ "$(pairs "$TMP/quick/results.csv")" = "$(pairs "$TMP/local/results.csv")" ]

# The demo config's runs of the oc engine (peterson's two tasks: 8 pairs)
"$ORDO" bench configs/demo.yml --include peterson --jobs 1 --out "$TMP/demo-local" >/dev/null 2>&1
"$ORDO" bench configs/demo.yml --include peterson --slurm --out "$TMP/demo" >"$TMP/demo.log" 2>&1
check_status 0 "the demo config's peterson pairs through SLURM" "$TMP/demo.log"
check "8 rows, as locally" [ "$(pairs "$TMP/demo/results.csv")" = "$(pairs "$TMP/demo-local/results.csv")" ]
check "8 rows" [ "$(rows "$TMP/demo/results.csv" | wc -l)" = 8 ]

# 12 pairs of 0.3 to 0.6 s, 4 elements of 3
cat >"$TMP/slow.yml" <<YML
benchmark: slow
tasks: ['$FIXTURES/tasks/expect-*.yml']
limits: {cpu_time: 10, memory: 512}
jobs: 1
runs:
  - name: 'sleep-{sleep-ms}-{verdict}'
    engine: selftest
    matrix: {sleep-ms: [300, 600], verdict: ['true', 'false']}
YML
"$ORDO" bench "$TMP/slow.yml" --out "$TMP/slow-local" >/dev/null 2>&1

# What SLURM does to an element over its time or memory limit: SIGKILL
# (after SIGTERM for time). The element in the middle of a run writes no
# part: its pairs are missing, not a verdict. (Elements of 6 pairs: after
# the first row, element 0 has at least 5 pairs, 1.5 s of sleep, left
# when scancel, slow on a loaded machine, reaches it.)
"$ORDO" bench "$TMP/slow.yml" --slurm --pairs-per-element 6 --out "$TMP/killed" >"$TMP/killed.log" 2>&1 &
bench=$!
check "killed: a first row while the array runs" wait_for_part "$TMP/killed"
job=$(job_of "$TMP/killed")
scancel --signal=KILL "${job}_0"
wait $bench
check_status 5 "an element killed: results incomplete" "$TMP/killed.log"
have=$(rows "$TMP/killed/results.csv" | wc -l)
check "the killed element's pairs have no row ($have of 12)" [ "$have" -lt 12 ]
check "they are reported missing" grep -q "$have of 12 pairs have a row ($((12 - have)) missing" "$TMP/killed.log"
"$ORDO" bench "$TMP/slow.yml" --slurm --out "$TMP/killed" --resume >"$TMP/resumed.log" 2>&1
check_status 1 "--resume" "$TMP/resumed.log"
check "submits exactly the missing pairs" grep -q "job [0-9]*: $((12 - have)) pairs" "$TMP/resumed.log"
check "one row per pair" [ "$(rows "$TMP/killed/results.csv" | sort -u | wc -l)" = 12 ]
check "12 rows, as locally" [ "$(pairs "$TMP/killed/results.csv")" = "$(pairs "$TMP/slow-local/results.csv")" ]
check "metadata: both arrays" [ "$(grep -c '{job: ' "$TMP/killed/metadata.yml")" = 2 ]

# An array cancelled midway, --no-wait and collect.
"$ORDO" bench "$TMP/slow.yml" --slurm --no-wait --pairs-per-element 4 --out "$TMP/cancel" \
    >"$TMP/submit.log" 2>&1
check_status 0 "--no-wait submits and returns" "$TMP/submit.log"
check "in shards of 4" grep -q 'job [0-9]*: 12 pairs as 3 array elements (4 per element)' "$TMP/submit.log"
job=$(job_of "$TMP/cancel")
check "metadata: the job, right away" grep -q "{job: \"$job\", pairs: 12, elements: 3" "$TMP/cancel/metadata.yml"
"$ORDO" bench "$TMP/slow.yml" --slurm --out "$TMP/cancel" --resume >"$TMP/early.log" 2>&1
check_status 5 "--resume while the array is queued is refused" "$TMP/early.log"
check "saying so" grep -q "job $job of .* is still in SLURM's queue" "$TMP/early.log"
check "cancelled: a first row while the array runs" wait_for_part "$TMP/cancel"
scancel "$job"
check "the cancelled array leaves the queue" wait_for_queue "$job"
"$ORDO" collect "$TMP/cancel" >"$TMP/collect.log" 2>&1
check_status 5 "collect after scancel: incomplete" "$TMP/collect.log"
have=$(rows "$TMP/cancel/results.csv" | wc -l)
check "some rows ($have), not all" [ "$have" -ge 1 -a "$have" -lt 12 ]
echo "# a comment" >>"$TMP/slow.yml"
"$ORDO" bench "$TMP/slow.yml" --slurm --out "$TMP/cancel" --resume >"$TMP/changed.log" 2>&1
check_status 2 "--resume with a changed config is refused" "$TMP/changed.log"
check "naming the hashes" grep -q "differs from the config .* ran (config hash" "$TMP/changed.log"
sed -i '$d' "$TMP/slow.yml"
"$ORDO" bench "$TMP/slow.yml" --slurm --out "$TMP/cancel" --resume >"$TMP/resumed.log" 2>&1
check_status 1 "--resume after scancel" "$TMP/resumed.log"
check "submits exactly the missing pairs" grep -q "job [0-9]*: $((12 - have)) pairs" "$TMP/resumed.log"
check "one row per pair" [ "$(rows "$TMP/cancel/results.csv" | sort -u | wc -l)" = 12 ]
check "as locally" [ "$(pairs "$TMP/cancel/results.csv")" = "$(pairs "$TMP/slow-local/results.csv")" ]

# SLURM's own limits, where the test cluster has its cgroup plugins: ordo
# without cgroups of its own (as on a cluster, where it is not root) relies
# on the job's cgroup for memory rather than RLIMIT_AS, and on its CPU
# accounting. 20 MB fit; 150 MB exceed the
# run's 100 MB but not the job's 100 + 256 MB (a memout all the same); for
# 600 MB the kernel kills the run in the job's cgroup.
if [ "$SLURM_TEST_CGROUPS" = yes ]; then
    cat >"$TMP/memory.yml" <<YML
benchmark: memory
tasks: ['$FIXTURES/tasks/expect-true.yml']
limits: {cpu_time: 1, memory: 100}
jobs: 1
runs:
  - name: 'alloc-{alloc-mb}'
    engine: selftest
    matrix: {alloc-mb: [20, 150, 600]}
  - name: 'spin-{spin-ms}'
    engine: selftest
    matrix: {spin-ms: [300, 5000]}
YML
    ORDO_CGROUPS=off "$ORDO" bench "$TMP/memory.yml" --slurm --out "$TMP/memory" >"$TMP/memory.log" 2>&1
    check_status 0 "SLURM's memory limit" "$TMP/memory.log"
    check "20 MB: a verdict" [ "$(field "$TMP/memory/results.csv" alloc-20 status)" = unknown ]
    check "150 MB: memout" [ "$(field "$TMP/memory/results.csv" alloc-150 status)" = memout ]
    check "600 MB: memout, killed in the job's cgroup" \
        [ "$(field "$TMP/memory/results.csv" alloc-600 status)" = memout ]
    check "the reason names the run's limit" \
        [ "$(field "$TMP/memory/results.csv" alloc-600 reason)" = "memory limit of 100 MB" ]
    check "metadata: the job's cgroup enforced it (100 + 256 MB)" \
        grep -q '^    - "SLURM job cgroup (/sys/fs/cgroup/.*job_[0-9]*/memory.*: 356 MB)"' "$TMP/memory/metadata.yml"
    check "the job's CPU accounting measured the runs" \
        grep -q '^    - "RLIMIT_CPU + SLURM job cgroup CPU accounting"' "$TMP/memory/metadata.yml"
    check "a 0.3 s spin takes 0.3 s" in_range "$(field "$TMP/memory/results.csv" spin-300 cputime_s)" 0.25 0.9
    check "a 5 s spin is a CPU timeout" [ "$(field "$TMP/memory/results.csv" spin-5000 status)" = timeout ]
    check "killed 1 s after the 1 s limit" in_range "$(field "$TMP/memory/results.csv" spin-5000 cputime_s)" 2 3.5
else
    echo "no memory limits on this test cluster (SLURM's cgroup plugins do not run here)"
fi

"$ORDO" bench "$TMP/quick.yml" --partition debug >"$TMP/usage.log" 2>&1
check_status 2 "SLURM options without --slurm" "$TMP/usage.log"
"$ORDO" bench "$TMP/quick.yml" --slurm --resume --out "$TMP/local" >"$TMP/onlocal.log" 2>&1
check_status 2 "--slurm --resume of a local run's folder is refused" "$TMP/onlocal.log"
check "and leaves its rows" [ "$(rows "$TMP/local/results.csv" | wc -l)" = 6 ]
"$ORDO" collect "$TMP/local" >"$TMP/nocollect.log" 2>&1
check_status 4 "collect of a local run's folder" "$TMP/nocollect.log"
finish

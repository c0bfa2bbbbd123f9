# Helpers of the harness's end-to-end tests (sourced, not run).
set -u
: "${ORDO:?}" "${ORDO_ROOT:?}"
FIXTURES=$ORDO_ROOT/tests/e2e/fixtures
TMP=$(mktemp -d /tmp/ordo-e2e.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
failures=0

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
pass() { echo "ok: $*"; }
check() { # description, command...
    local what=$1; shift
    if "$@"; then pass "$what"; else fail "$what"; fi
}
not() { ! "$@"; }
# check_status WANT DESCRIPTION FILE, right after a command: shows FILE (the
# command's output) and checks that the command exited with status WANT.
check_status() {
    local st=$?
    cat "$3"
    check "$2: exit $1 (got $st)" [ $st = "$1" ]
}
finish() { [ "$failures" -eq 0 ] || { echo "$failures checks failed"; exit 1; }; echo "all checks passed"; exit 0; }

# CSV splitting for POSIX awk (RFC 4180 quotes; our rows have no newlines).
CSV_AWK='function split_csv(line, f,    n, i, c, q, cur) {
    n = 0; cur = ""; q = 0
    for (i = 1; i <= length(line); i++) {
        c = substr(line, i, 1)
        if (q && c == "\"" && substr(line, i + 1, 1) == "\"") { cur = cur c; i++ }
        else if (c == "\"") q = !q
        else if (c == "," && !q) { f[++n] = cur; cur = "" }
        else cur = cur c
    }
    f[++n] = cur
    return n
}'
# field RESULTS_CSV RUN COLUMN [TASK]: the column of the rows of run RUN.
field() {
    awk -v run="$2" -v col="$3" -v task="${4:-}" "$CSV_AWK"'
        NR == 1 { n = split_csv($0, h); for (i = 1; i <= n; i++) c[h[i]] = i; next }
        { split_csv($0, f); if (f[2] == run && (task == "" || f[5] == task)) print f[c[col]] }' "$1"
}
# rows RESULTS_CSV: "run<TAB>task" of every row.
rows() {
    awk "$CSV_AWK"' NR > 1 { split_csv($0, f); print f[2] "\t" f[5] }' "$1"
}
# in_range VALUE LOW HIGH
in_range() { awk -v v="$1" -v lo="$2" -v hi="$3" 'BEGIN { exit !(v != "" && v >= lo && v <= hi) }'; }
# at_least / at_most / below VALUE BOUND: VALUE >= / <= / < BOUND, an awk
# expression such as "2 + 1".
at_least() { awk -v v="$1" "BEGIN { exit !(v != \"\" && v >= ($2)) }"; }
at_most() { awk -v v="$1" "BEGIN { exit !(v != \"\" && v <= ($2)) }"; }
below() { awk -v v="$1" "BEGIN { exit !(v != \"\" && v < ($2)) }"; }

# ---- time, as the runner keeps it (harness/runner.c, harness/child.c) ----
# Checks of times hold on a loaded machine (`make test-loaded`): each is
# bounded by what the runner guarantees, in the clock it counts.
#
# The runner kills a run this long after a limit (REPORT_GRACE_S).
REPORT_GRACE_S=1
# How much later than due a loaded machine may let the runner act, in wall
# time: it checks the limits every 100 ms (TICK_MS); this is ten checks.
WAKE_SLACK=1

# check_cpu_timeout CSV RUN LIMIT: RUN, one spinning thread, was ended by
# the runner at its CPU limit: the reason says so (had RLIMIT_CPU, the
# backstop set at ceil(LIMIT + grace) + 1 s in child.c, ended it, the
# reason would add "(RLIMIT_CPU)"), its cputime is at least LIMIT + grace
# and below that backstop, and no more than its wall time (one thread
# spinning at a time). With SLEEP_S, RUN's engine sleeps that long while
# its grandchild spins, then reports (over the limit, hence the same
# reason): it was killed before.
check_cpu_timeout() { # CSV RUN LIMIT [SLEEP_S]
    local csv=$1 run=$2 limit=$3 sleep=${4:-} cpu wall reason backstop
    cpu=$(field "$csv" "$run" cputime_s)
    wall=$(field "$csv" "$run" walltime_s)
    reason=$(field "$csv" "$run" reason)
    backstop=$(awk "BEGIN { t = $limit + $REPORT_GRACE_S; c = int(t); print (c < t ? c + 1 : c) + 1 }")
    check "$run: killed by the runner at the CPU limit ($reason)" [ "$reason" = "CPU time limit of $limit s" ]
    check "$run: not before limit + grace, in CPU time: $cpu >= $limit + $REPORT_GRACE_S" \
        at_least "$cpu" "$limit + $REPORT_GRACE_S"
    check "$run: below the backstop: $cpu < $backstop" below "$cpu" "$backstop"
    check "$run: no more CPU than wall time: $cpu <= $wall" at_most "$cpu" "$wall"
    [ -z "$sleep" ] || check "$run: killed before its engine's $sleep s sleep ended: $wall < $sleep" below "$wall" "$sleep"
}

# wait_until SECONDS COMMAND...: runs COMMAND every 50 ms until it succeeds
# (status 0) or SECONDS of wall time have passed (status 1). Tests wait for
# an event instead of guessing how long it takes; the cap only keeps a
# broken harness from hanging the suite.
wait_until() {
    local end=$(($(date +%s) + $1))
    shift
    until "$@"; do
        [ "$(date +%s)" -lt "$end" ] || return 1
        sleep 0.05
    done
}
# gone PID...: none of these processes is left (a zombie counts as gone).
gone() {
    local p
    for p; do
        [ -e /proc/$p ] && [ "$(awk '{print $3}' /proc/$p/stat 2>/dev/null)" != Z ] && return 1
    done
    return 0
}

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

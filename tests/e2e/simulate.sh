#!/usr/bin/env bash
# ordo simulate end to end: finds a lost update, never the error of the
# mutex-protected version, and refuses bad arguments.
set -u
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

cat >"$dir/racy.c" <<'C'
#include <pthread.h>
extern void reach_error(void);
int c;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
void *worker(void *arg) {
#ifdef LOCKED
    pthread_mutex_lock(&m);
#endif
    int t = c;
    c = t + 1;
#ifdef LOCKED
    pthread_mutex_unlock(&m);
#endif
    return 0;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    if (c != 2) reach_error();
    return 0;
}
C
{ echo '#define LOCKED 1'; cat "$dir/racy.c"; } >"$dir/locked.c"

"$ORDO" simulate "$dir/racy.c" --runs 300 --seed 7 >"$dir/out" 2>&1
rc=$?
[ $rc = 1 ] || { cat "$dir/out"; fail "racy: exit $rc, want 1"; }
grep -q '^ERROR REACHED$' "$dir/out" || fail "racy: no ERROR REACHED line"
grep -q '^reaches the error$' "$dir/out" || fail "racy: the trace is not shown as reaching the error"
grep -q '^runs: 300, error: [1-9]' "$dir/out" || fail "racy: counts line"

"$ORDO" simulate "$dir/locked.c" --runs 300 --seed 7 >"$dir/out" 2>&1
rc=$?
[ $rc = 0 ] || { cat "$dir/out"; fail "locked: exit $rc, want 0"; }
grep -q '^runs: 300, error: 0, finished: 300,' "$dir/out" || { cat "$dir/out"; fail "locked: counts"; }

# the same seed gives the same runs
a=$("$ORDO" simulate "$dir/racy.c" --runs 50 --seed 3 | tail -2)
b=$("$ORDO" simulate "$dir/racy.c" --runs 50 --seed 3 | tail -2)
[ "$a" = "$b" ] || fail "not reproducible: '$a' vs '$b'"

"$ORDO" simulate "$dir/racy.c" --runs x >/dev/null 2>&1; [ $? = 2 ] || fail "--runs x: want exit 2"
"$ORDO" simulate "$dir/racy.c" --arith real >/dev/null 2>&1; [ $? = 2 ] || fail "--arith real: want exit 2"
"$ORDO" simulate >/dev/null 2>&1; [ $? = 2 ] || fail "no task: want exit 2"
"$ORDO" simulate "$dir/missing.c" >/dev/null 2>&1; rc=$?
[ $rc = 4 ] || [ $rc = 3 ] || fail "missing file: exit $rc, want 4"
echo ok

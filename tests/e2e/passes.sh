#!/usr/bin/env bash
# ordo parse --pass: passes by name on front-end output.
set -u
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

cat >"$dir/p.c" <<'C'
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
int g;
int inc(int a) { return a + 1; }
int main(void) {
    int n = __VERIFIER_nondet_int(), unused = 3, k = 0;
    for (int i = 0; i < 3; i++) g = inc(g);
    while (k < n) k++;
    unused = unused * 2;
    if (g != 3) reach_error();
    return 0;
}
C
cat >"$dir/r.c" <<'C'
int f(int n) { return n <= 0 ? 0 : f(n - 1) + 1; }
int main(void) { return f(2); }
C

"$ORDO" parse "$dir/p.c" --pass inline --pass unroll=2 --pass scoi --pass lbe >"$dir/out" 2>"$dir/err"
rc=$?
[ $rc = 0 ] || { cat "$dir/err"; fail "exit $rc"; }
grep -q '^inline: calls inlined$' "$dir/err" || fail "inline summary"
grep -q '^unroll: loop-free, with unwinding assumptions (bounded)$' "$dir/err" || fail "unroll summary"
grep -q '^scoi: [1-9][0-9]* statements removed$' "$dir/err" || fail "scoi summary"
grep -q '^lbe: [1-9][0-9]* locations merged away$' "$dir/err" || fail "lbe summary"
grep -q 'call ' "$dir/out" && fail "a call is left after inlining"
# the counted loop is unrolled 3 times without an unwinding edge; the
# nondet loop (line 8) twice, then one unwinding edge
[ "$(grep -c 'assume (k < n)  \[unwinding\]' "$dir/out")" = 1 ] || fail "one unwinding edge for the while loop"
grep 'unwinding' "$dir/out" | grep -q 'i < 3' && fail "the counted loop needs no unwinding"

"$ORDO" parse "$dir/p.c" --pass fold >/dev/null 2>"$dir/err"; rc=$?
[ $rc = 2 ] || fail "unknown pass: exit $rc, want 2"
grep -q "allowed: inline, inline=D, unroll, unroll=K, lbe, scoi" "$dir/err" || fail "unknown pass message"
"$ORDO" parse "$dir/r.c" --pass inline >/dev/null 2>"$dir/err"; rc=$?
[ $rc = 3 ] || fail "recursion: exit $rc, want 3"
grep -q '^unsupported: recursion (f calls itself) (.*r.c:1)$' "$dir/err" || { cat "$dir/err"; fail "recursion message"; }
"$ORDO" parse "$dir/r.c" --pass inline=3 >/dev/null 2>&1 || fail "bounded recursion"
echo ok

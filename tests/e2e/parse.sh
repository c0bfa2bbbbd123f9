#!/usr/bin/env bash
# ordo parse: a task and a C file as text and dot; exit statuses of
# unsupported input (3), usage errors (2) and unreadable input (4).
set -u
fail() { echo "FAIL: $*"; exit 1; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

cat > "$tmp/ok.c" <<'C'
#include <pthread.h>
int x;
void *t(void *a) { x = 1; return 0; }
int main(void) { pthread_t id; pthread_create(&id, 0, t, 0); pthread_join(id, 0); return x; }
C
"$ORDO" parse "$tmp/ok.c" > "$tmp/out.txt" || fail "parse of ok.c exited $?"
grep -q '^proc main() -> i32' "$tmp/out.txt" || fail "no main in text output"
grep -q 'start t(0)' "$tmp/out.txt" || fail "no thread start"
"$ORDO" parse "$tmp/ok.c" --format dot > "$tmp/out.dot" || fail "dot exited $?"
head -1 "$tmp/out.dot" | grep -q '^digraph' || fail "dot output does not start with digraph"
[ "$(grep -c 'subgraph cluster_' "$tmp/out.dot")" = 2 ] || fail "expected 2 clusters"
"$ORDO" parse "$tmp/ok.c" --data-model LP64 | grep -q 'ptr64' || fail "LP64 pointers"
printf '__thread int tl = 3;\nint main(void) { return tl; }\n' > "$tmp/tls.c"
"$ORDO" parse "$tmp/tls.c" | grep -q '^thread_local i32 tl = 3$' || fail "thread-local variable"

task=$SV_BENCHMARKS/c/pthread/fib_bench-1.yml
if [ -e "$task" ]; then
    "$ORDO" parse "$task" > "$tmp/task.txt" || fail "parse of $task exited $?"
    grep -q '(ILP32)' "$tmp/task.txt" || fail "task data model"
fi

echo 'int main(void) { double d = 2.5; return d > 1; }' > "$tmp/float.c"
"$ORDO" parse "$tmp/float.c" 2> "$tmp/err"; st=$?
[ $st = 3 ] || fail "unsupported input exited $st"
grep -q '^unsupported: .*float.c:1)$' "$tmp/err" || fail "message: $(cat "$tmp/err")"

printf '#include <ftw.h>\nint seen(const char *p, const struct stat *s, int f) { return *p; }\nint main(void) { return ftw(".", seen, 1); }\n' > "$tmp/ftw.c"
"$ORDO" parse "$tmp/ftw.c" 2> "$tmp/err"; st=$?
[ $st = 3 ] || fail "ftw callback reading its path exited $st"
grep -q "^unsupported: ftw callback 'seen' that reads its path or stat argument (.*ftw.c:3)$" "$tmp/err" \
    || fail "message: $(cat "$tmp/err")"

# A key with a destructor: one slot per pthread_key_create call (each runs
# at most once), a thread starts a wrapper that runs the destructors after
# its start routine; without a destructor none of this exists.
printf '#include <pthread.h>\nvoid done(void *v) {}\nvoid *t(void *a) { return a; }\nint main(void) {\n  pthread_key_t k; pthread_t id;\n  pthread_key_create(&k, done); pthread_create(&id, 0, t, 0); return 0; }\n' > "$tmp/dtor.c"
"$ORDO" parse "$tmp/dtor.c" > "$tmp/dtor.txt" || fail "a key with a destructor exited $?"
[ "$(grep -c '^global ptr32 __ordo_tls_destructor_' "$tmp/dtor.txt")" = 1 ] || fail "destructor slots"
grep -q 'start __ordo_thread_t(0)' "$tmp/dtor.txt" || fail "no thread start of the wrapper"
grep -q 'call __ordo_tls_destructors()' "$tmp/dtor.txt" || fail "no call of the destructors"
sed 's/&k, done/\&k, 0/' "$tmp/dtor.c" > "$tmp/no-dtor.c"
"$ORDO" parse "$tmp/no-dtor.c" > "$tmp/no-dtor.txt" || fail "a key without a destructor exited $?"
grep -q 'start t(0)' "$tmp/no-dtor.txt" || fail "no thread start without a destructor"
grep -q '__ordo_t\(ls_destructor\|hread_\)' "$tmp/no-dtor.txt" && fail "destructor code without a destructor"
sed 's/&k, done/\&k, free/; 1i #include <stdlib.h>' "$tmp/dtor.c" > "$tmp/free.c"
"$ORDO" parse "$tmp/free.c" 2> "$tmp/err"; st=$?
[ $st = 3 ] || fail "free as a destructor exited $st"
grep -q "^unsupported: pointer to 'free', which has no definition (.*free.c:7)$" "$tmp/err" \
    || fail "message: $(cat "$tmp/err")"

"$ORDO" parse "$tmp/ok.c" --pass inline --pass unroll=3 --pass lbe --pass scoi > "$tmp/passes.txt" \
    2> "$tmp/passes.err" || fail "passes exited $?"
grep -q '^scoi: [0-9]* statements removed$' "$tmp/passes.err" || fail "no scoi count"
grep -q 'call ' "$tmp/passes.txt" && fail "a call is left after inlining"
"$ORDO" parse "$tmp/ok.c" --pass fold 2>/dev/null; [ $? = 2 ] || fail "unknown pass not a usage error"

"$ORDO" parse 2>/dev/null; [ $? = 2 ] || fail "missing argument is not a usage error"
"$ORDO" parse "$tmp/ok.c" --format pdf 2>/dev/null; [ $? = 2 ] || fail "bad format not a usage error"
"$ORDO" parse "$tmp/none.c" 2>/dev/null; [ $? = 4 ] || fail "missing file is not exit 4"
echo 'int main(void) { return 0 }' > "$tmp/bad.c"
"$ORDO" parse "$tmp/bad.c" 2>/dev/null; [ $? = 4 ] || fail "syntax error is not exit 4"
echo ok

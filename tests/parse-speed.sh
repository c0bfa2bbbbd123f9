#!/usr/bin/env bash
# Parsing speed of the front end: generates a preprocessed program of
# about 5,000 lines (pthread.h plus many small thread-using functions, all
# reachable from main), then times `ordo parse` on it (best of 3).
#   usage: tests/parse-speed.sh [ORDO]       (not part of make test)
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
ordo=${1:-$root/build/bin/ordo}
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
{
    echo '#include <pthread.h>'
    echo 'extern int __VERIFIER_nondet_int(void); void reach_error(void);'
    echo 'int g[64]; int total; pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;'
    echo 'struct pair { int a; int b; } pairs[16];'
    for i in $(seq 1 250); do
        cat <<C
int f$i(int x) {
    int y = __VERIFIER_nondet_int();
    pthread_mutex_lock(&m);
    if (x > $i && y < 3) {
        total = total + g[x % 64] * 2;
    } else {
        pairs[x % 16].a += y;
    }
    for (int k = 0; k < 3; k++)
        g[(x + k) % 64] ^= k << 1;
    switch (y) { case 1: total--; break; case 2: total++; break; default: break; }
    pthread_mutex_unlock(&m);
    return x != 0 && y > 0 ? x - 1 : y;
}
C
    done
    echo 'void *worker(void *arg) { int r = 0;'
    for i in $(seq 1 250); do echo "    r = f$i(r);"; done
    echo '    return 0; }'
    echo 'int main(void) { pthread_t t; pthread_create(&t, 0, worker, 0); worker(0);'
    echo '    pthread_join(t, 0); if (total < 0) reach_error(); return 0; }'
} > "$tmp/big.c"
/usr/lib/llvm-14/bin/clang -E -target i386-pc-linux-gnu "$tmp/big.c" -o "$tmp/big.i"
lines=$(wc -l < "$tmp/big.i")
# wall and CPU (user + sys) seconds of each run; the best of 3 is reported
for run in 1 2 3; do
    /usr/bin/time -f '%e %U %S' -o "$tmp/time" "$ordo" parse "$tmp/big.i" > "$tmp/out.txt"
    awk '{ printf "%.3f %.3f\n", $1, $2 + $3 }' "$tmp/time"
done | sort -n -k2 | head -1 > "$tmp/best"
read -r wall cpu < "$tmp/best"
echo "$lines lines (.i), $(grep -c -- '->' "$tmp/out.txt") edges: best of 3: CPU ${cpu} s, wall ${wall} s"

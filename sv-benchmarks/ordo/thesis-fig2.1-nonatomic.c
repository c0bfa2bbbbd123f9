// ordo's own task: the program of the thesis' Figure 2.1 (pseudocode in
// Figure 4.1, Telbisz 2024): two threads share x and y; p1 runs x := 1;
// y := 1 and asserts y = 1; p2 runs y := x; x := 0.
// Here y = x is plain C: p2 loads x and stores y later. p2 can load x = 0,
// p1 run x := 1 and y := 1, then p2 store y := 0 before p1 checks y = 1:
// the assertion fails (the thesis' CFA treats y := x as one action, see
// thesis-fig2.1.c).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "thesis-fig2.1-nonatomic.c", 0, "reach_error"); }
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);
#include <pthread.h>

int x = 0, y = 0;

void *p1(void *arg)
{
    x = 1;
    y = 1;
    if (!(y == 1))
        reach_error();
    return 0;
}

void *p2(void *arg)
{
    y = x; /* a load of x, then a store to y: two actions */
    x = 0;
    return 0;
}

int main(void)
{
    pthread_t t1, t2;
    pthread_create(&t1, 0, p1, 0);
    pthread_create(&t2, 0, p2, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    return 0;
}

// ordo's own task: the program of the thesis' Figure 2.1 (pseudocode in
// Figure 4.1, Telbisz 2024): two threads share x and y; p1 runs x := 1;
// y := 1 and asserts y = 1; p2 runs y := x; x := 0.
// As in the thesis' CFA (Figure 2.1b), y := x is one atomic action. Then p2
// can overwrite y only with 1 (x read after p1's x := 1) or with 0 before
// p1's y := 1 (x read before p1 started): the assertion holds.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "thesis-fig2.1.c", 0, "reach_error"); }
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
    __VERIFIER_atomic_begin(); /* y := x is one action of the CFA */
    y = x;
    __VERIFIER_atomic_end();
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

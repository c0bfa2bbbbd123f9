// ordo's own task: the thesis' Figure 2.1 program with p2's statements
// swapped (x := 0; y := x). Now p2 can write y := 0 between p1's y := 1
// and its assertion: p1 x := 1, p2 x := 0, p1 y := 1, p2 y := x (0), and
// the assertion y = 1 fails.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "thesis-fig2.1-swapped.c", 0, "reach_error"); }
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
    x = 0;
    y = x;
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

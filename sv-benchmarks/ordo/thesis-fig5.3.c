// ordo's own task: the running example of the thesis' Chapter 5 (Figure
// 5.3, Telbisz 2024), reconstructed from its event encoding
//   x0 = 0, y0 = 0, (y1 = 1 => x1 = 1), (y1 != 1 => x2 = 1 - y2),
//   y3 = x3, x4 = 1 - y4,
// with the final reads x5, y5 in main after both threads are joined.
// Every execution ends with (x, y) = (0, 1) or (1, 0) (e.g. the execution
// y1 y2 x2 x3 y3 y4 x4 of Example 11 ends with x = 0, y = 1).
// The assertion x + y == 1 holds.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "thesis-fig5.3.c", 0, "reach_error"); }
#include <pthread.h>

int x = 0, y = 0;

void *t1(void *arg)
{
    if (y == 1)
        x = 1;
    else
        x = 1 - y;
    return 0;
}

void *t2(void *arg)
{
    y = x;
    x = 1 - y;
    return 0;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, 0, t1, 0);
    pthread_create(&b, 0, t2, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    if (!(x + y == 1))
        reach_error();
    return 0;
}

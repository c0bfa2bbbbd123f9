// ordo's own task: a counter incremented by three threads.
// Every increment holds the mutex: the final value is start + 3.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "mutex-counter.c", 0, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assume(int);
#include <pthread.h>

int counter;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *locked_increment(void *arg)
{
    pthread_mutex_lock(&m);
    int seen = counter;
    counter = seen + 1;
    pthread_mutex_unlock(&m);
    return 0;
}

void *other_increment(void *arg)
{
    pthread_mutex_lock(&m);
    int seen = counter;
    counter = seen + 1;
    pthread_mutex_unlock(&m);
    return 0;
}

int main(void)
{
    int start = __VERIFIER_nondet_int();
    __VERIFIER_assume(start >= 0 && start < 1000);
    counter = start;
    pthread_t a, b, c;
    pthread_create(&a, 0, locked_increment, 0);
    pthread_create(&b, 0, other_increment, 0);
    pthread_create(&c, 0, locked_increment, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    pthread_join(c, 0);
    if (counter != start + 3)
        reach_error();
    return 0;
}

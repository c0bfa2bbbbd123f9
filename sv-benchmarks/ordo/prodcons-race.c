// ordo's own task: a producer hands the values 1 and 2 to a consumer
// through a one-slot buffer guarded by a mutex; the consumer checks that it
// receives increasing values. The producer
// writes the buffer before waiting for the slot to be empty, so item 2 can
// overwrite item 1 before it is taken: the consumer then sees 2 twice.
// Waiting for the slot is modelled by __VERIFIER_assume under the mutex:
// an execution takes the mutex when the slot is ready (a retry loop that
// unlocks and locks again has the same behaviours, with an unbounded loop).
// The two items are written out rather than looped over.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "prodcons-race.c", 0, "reach_error"); }
extern void __VERIFIER_assume(int);
#include <pthread.h>

int buffer;
int full = 0;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *producer(void *arg)
{
    buffer = 1; /* race: written before waiting for the empty slot */
    pthread_mutex_lock(&m);
    __VERIFIER_assume(!full);
    full = 1;
    pthread_mutex_unlock(&m);
    buffer = 2;
    pthread_mutex_lock(&m);
    __VERIFIER_assume(!full);
    full = 1;
    pthread_mutex_unlock(&m);
    return 0;
}

void *consumer(void *arg)
{
    pthread_mutex_lock(&m);
    __VERIFIER_assume(full);
    int first = buffer;
    full = 0;
    pthread_mutex_unlock(&m);
    pthread_mutex_lock(&m);
    __VERIFIER_assume(full);
    int second = buffer;
    full = 0;
    pthread_mutex_unlock(&m);
    if (!(0 < first && first < second))
        reach_error();
    return 0;
}

int main(void)
{
    pthread_t p, c;
    pthread_create(&p, 0, producer, 0);
    pthread_create(&c, 0, consumer, 0);
    pthread_join(p, 0);
    pthread_join(c, 0);
    return 0;
}

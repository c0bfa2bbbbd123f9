// ordo's own task: a producer hands the values 1 and 2 to a consumer
// through a one-slot buffer guarded by a mutex; the consumer checks that
// it receives increasing values. The buffer is written only while empty and under the mutex.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "prodcons.c", 0, "reach_error"); }
#include <pthread.h>

int buffer;
int full = 0;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *producer(void *arg)
{
    for (int item = 1; item <= 2; item++) {
        int stored = 0;
        while (!stored) {
            pthread_mutex_lock(&m);
            if (!full) {
                buffer = item;
                full = 1;
                stored = 1;
            }
            pthread_mutex_unlock(&m);
        }
    }
    return 0;
}

void *consumer(void *arg)
{
    int last = 0;
    for (int k = 0; k < 2; k++) {
        int taken = 0, value = 0;
        while (!taken) {
            pthread_mutex_lock(&m);
            if (full) {
                value = buffer;
                full = 0;
                taken = 1;
            }
            pthread_mutex_unlock(&m);
        }
        if (value <= last)
            reach_error();
        last = value;
    }
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

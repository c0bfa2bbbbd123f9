// ordo's own task: Peterson's mutual exclusion for two threads. Broken entry
// protocol: the turn is yielded before the flag is raised, so thread 2 can
// pass its await while thread 1 is between its two writes, and both threads
// enter the critical section.
// Inside the critical section thread 1 writes x = 0 and thread 2 x = 1;
// each checks that its own value is still there before leaving. The busy
// wait is modelled by __VERIFIER_assume: a thread passes the await only in
// executions where the condition holds at that moment, which keeps every
// behaviour of the spin loop without an unbounded loop.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *)
    __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error(void) { __assert_fail("0", "peterson-broken.c", 0, "reach_error"); }
extern void __VERIFIER_assume(int);
#include <pthread.h>

int flag1 = 0, flag2 = 0;
int turn = 0;
int x;

void *thread1(void *arg)
{
    turn = 1;
    flag1 = 1;
    __VERIFIER_assume(!(flag2 == 1 && turn == 1));
    x = 0;
    if (!(x <= 0))
        reach_error();
    flag1 = 0;
    return 0;
}

void *thread2(void *arg)
{
    turn = 0;
    flag2 = 1;
    __VERIFIER_assume(!(flag1 == 1 && turn == 0));
    x = 1;
    if (!(x >= 1))
        reach_error();
    flag2 = 0;
    return 0;
}

int main(void)
{
    pthread_t t1, t2;
    pthread_create(&t1, 0, thread1, 0);
    pthread_create(&t2, 0, thread2, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    return 0;
}

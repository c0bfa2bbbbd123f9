/*
 * The run child's crash report (crash_report.h). A benchmark's crash
 * (cegar on cvc5, SIGSEGV after 45 s) left an empty log; now the log
 * ends with, for instance:
 *
 *   ordo: engine crashed: SIGSEGV (address 0x7ffe09e50ed0, possibly a stack overflow)
 *   ordo: backtrace, innermost first:
 *   /usr/local/bin/ordo(+0x18e29)[0x562cfdb4be29]         <- this handler
 *   /lib/x86_64-linux-gnu/libc.so.6(+0x3c050)[0x7f0af38c6050]  <- signal return
 *   /usr/local/lib/ordo/selftest.so(+0x1267)[0x7f0af3c10267]   <- the fault
 *   /usr/local/lib/ordo/selftest.so(+0x12fb)[0x7f0af3c102fb]
 *     ... 123 more times
 *
 * Frames name their module and the offset in it. Only exported symbols
 * get a name (libordo.so's ordo_* API, the solver libraries); the ordo
 * binary (no -rdynamic) and the plugins (only their entry point) show
 * offsets. Resolve a frame with `addr2line -f -i -e MODULE OFFSET`, on the
 * binaries of the same build: `addr2line -f -i -e
 * /usr/local/lib/ordo/selftest.so 0x1267` says recurse, selftest.c:113.
 * The handler calls only async-signal-safe functions: write(2),
 * backtrace() (its libgcc is loaded at install) and backtrace_symbols_fd().
 */
#define _GNU_SOURCE
#include <execinfo.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "crash_report.h"

#ifndef __SANITIZE_ADDRESS__

#define MAX_FRAMES 128
/* The kernel leaves a gap of 1 MB (stack_guard_gap) under a stack; a fault
 * in it, or just above the stack's lowest allowed address, is most likely
 * the stack outgrowing its limit. */
#define OVERFLOW_BELOW (1UL << 20)
#define OVERFLOW_ABOVE (64UL << 10)

static const int crash_signals[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT };
static const char *const crash_names[] = { "SIGSEGV", "SIGBUS", "SIGFPE", "SIGILL", "SIGABRT" };

/* The handler's stack: the main one may be the thing that overflowed. */
static char alt_stack[64 << 10];
/* The lowest address the main thread's stack may grow to (0: unknown). */
static uintptr_t stack_low;

static void put(const char *s)
{
    ssize_t ignored = write(STDERR_FILENO, s, strlen(s));
    (void)ignored;
}

static void put_number(uintptr_t v, unsigned base)
{
    char buf[2 + 2 * sizeof v + 1], *p = buf + sizeof buf;
    *--p = '\0';
    do {
        *--p = "0123456789abcdef"[v % base];
        v /= base;
    } while (v);
    if (base == 16) {
        *--p = 'x';
        *--p = '0';
    }
    put(p);
}

static const char *signal_name(int sig)
{
    for (size_t i = 0; i < sizeof crash_signals / sizeof *crash_signals; i++)
        if (crash_signals[i] == sig)
            return crash_names[i];
    return "signal";
}

static bool near_stack_limit(uintptr_t addr)
{
    return stack_low && addr + OVERFLOW_BELOW >= stack_low && addr < stack_low + OVERFLOW_ABOVE;
}

/* What the kernel says about the signal: the faulting address or
 * instruction, or who sent it (si_code <= 0: kill, raise, abort). */
static void put_cause(int sig, const siginfo_t *si)
{
    if (si->si_code <= 0) {
        if (si->si_pid == getpid()) {
            put(" (raised by the engine itself)");
        } else {
            put(" (sent by pid ");
            put_number((uintptr_t)si->si_pid, 10);
            put(")");
        }
        return;
    }
    uintptr_t addr = (uintptr_t)si->si_addr;
    put(sig == SIGSEGV || sig == SIGBUS ? " (address " : " (instruction at ");
    put_number(addr, 16);
    if (sig == SIGSEGV && near_stack_limit(addr))
        put(", possibly a stack overflow");
    put(")");
}

/* Every frame, the handler's own first; a run of one frame (a recursion,
 * the usual stack overflow) is shown once with its count. */
static void put_backtrace(void)
{
    void *frames[MAX_FRAMES];
    int n = backtrace(frames, MAX_FRAMES);
    for (int i = 0, same; i < n; i += same) {
        backtrace_symbols_fd(&frames[i], 1, STDERR_FILENO);
        for (same = 1; i + same < n && frames[i + same] == frames[i];)
            same++;
        if (same > 1) {
            put("  ... ");
            put_number((uintptr_t)same - 1, 10);
            put(" more times\n");
        }
    }
}

static void on_crash(int sig, siginfo_t *si, void *context)
{
    (void)context;
    put("ordo: engine crashed: ");
    put(signal_name(sig));
    put_cause(sig, si);
    put("\nordo: backtrace, innermost first:\n");
    put_backtrace();
    /* SA_RESETHAND restored the default action; the signal, blocked while
     * this runs, kills the child as soon as the handler returns. */
    raise(sig);
}

static void record_stack_low(void)
{
    pthread_attr_t attr;
    void *addr;
    size_t size;
    if (pthread_getattr_np(pthread_self(), &attr) != 0)
        return;
    if (pthread_attr_getstack(&attr, &addr, &size) == 0)
        stack_low = (uintptr_t)addr;
    pthread_attr_destroy(&attr);
}

void crash_report_install(void)
{
    stack_t ss = { .ss_sp = alt_stack, .ss_size = sizeof alt_stack };
    if (sigaltstack(&ss, NULL) != 0)
        return;
    record_stack_low();
    void *warm_up[1];
    backtrace(warm_up, 1); /* loads libgcc now, not in the handler */
    struct sigaction sa = { .sa_sigaction = on_crash,
                            .sa_flags = SA_SIGINFO | SA_ONSTACK | SA_RESETHAND };
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof crash_signals / sizeof *crash_signals; i++)
        sigaction(crash_signals[i], &sa, NULL);
}

#else

void crash_report_install(void) {}

#endif

/*
 * A crashing engine's last words: the run child's handlers of SIGSEGV,
 * SIGBUS, SIGFPE, SIGILL and SIGABRT write one line naming the signal and
 * a backtrace to stderr (the run's log), then let the signal kill the
 * child as before, so the runner still reports "crash (SIGNAL)".
 */
#ifndef ORDO_HARNESS_CRASH_REPORT_H
#define ORDO_HARNESS_CRASH_REPORT_H

/* Installs the handlers on an alternate stack (a stack overflow is
 * reported too). Call in the child once stderr is the run's log. Does
 * nothing under AddressSanitizer, which reports crashes itself. */
void crash_report_install(void);

#endif

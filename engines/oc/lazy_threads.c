/* Lazy thread creation (walk.h; issue 32): the iterations of a counted
 * thread-creation loop beyond the unroll bound (ir.h: lazy_repeat) create
 * their threads, but the threads get no events: in the executions the
 * formula describes they never run before the error, which is a real
 * execution (a scheduler may leave a thread waiting). A join of one of
 * them blocks (stmt_events.c: it never terminates), so no path waits for
 * a thread that did not run. The repetitions run as one atomic block: a
 * counterexample schedules the creations one after another (cex.c), as
 * the replay of the original loop does. */
#include <limits.h>

#include <ordo/xalloc.h>

#include "walk.h"

/* A thread that exists and never runs: its id to the left-hand side. An
 * id stored in a cell nothing reads is no event (oc_leave_write_out): the
 * ids of 10,000 threads, written after the havoc of an uninitialised
 * array, would be 10,000 events and ws pairs; two such loops are more
 * events than the engine takes (goblint-regression's ptrmunge). */
static void lazy_start(oc_walker *w, const ordo_stmt *st, unsigned create_event)
{
    oc_encoding *enc = w->enc;
    unsigned id = (unsigned)enc->n_threads;
    if (id == 1)
        oc_freeze_main_values(enc);
    XGROW(enc->threads, enc->n_threads, enc->cap_threads);
    enc->threads[enc->n_threads++] =
        (oc_thread){ st->proc, create_event, UINT_MAX, { OC_G_FALSE, NULL, 0 }, true };
    enc->n_lazy_threads++;
    if (!st->has_lhs)
        return;
    ordo_ir_val v = ordo_ir_const(&enc->ar, st->lhs.type, id);
    if (st->lhs.is_mem) { /* its address reads no shared state (pass_unroll.c) */
        ordo_ir_val cell = oc_eval(w, st->lhs.addr, st);
        if (cell.is_const && oc_leave_write_out(enc, (uint64_t)cell.c, st->lhs.type, v, false))
            return;
    }
    oc_assign(w, &st->lhs, v, st);
}

/* One statement of a repetition: the body has only thread starts and
 * local statements (pass_unroll.c: lazy_creation), which have no events. */
static void run_lazily(oc_walker *w, const ordo_stmt *st, unsigned create_event)
{
    if (st->kind == ORDO_S_SEQ) {
        for (unsigned i = 0; i < st->n_stmts; i++)
            run_lazily(w, st->stmts[i], create_event);
    } else if (st->kind == ORDO_S_THREAD_START) {
        lazy_start(w, st, create_event);
    } else {
        oc_exec_step(w, st);
    }
}

/* The edge decided the first repetition's condition (its first statement,
 * thread_walk.c); the others evaluate it again (a constant: the counter's
 * values are). */
void oc_exec_lazy_creations(oc_walker *w, const ordo_stmt *lazy)
{
    bool block = w->st.depth == 0;
    oc_start_step(w);
    if (block)
        oc_atomic_begin(w, lazy);
    else
        oc_sync_event(w, lazy);
    unsigned create_event = w->last;
    for (unsigned r = 0; r < lazy->lazy_repeat && w->st.g.kind != OC_G_FALSE; r++)
        for (unsigned i = r == 0; i < lazy->n_stmts; i++)
            run_lazily(w, lazy->stmts[i], create_event);
    if (block && w->st.depth == 1)
        oc_atomic_end(w, lazy);
    w->need_anchor = false;
}

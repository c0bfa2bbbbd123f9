/* The events of statements (walk.h), with the semantics of the IR
 * interpreter: atomic sections, havoc, allocation, thread start and join,
 * locks, error and exit. */
#include <limits.h>
#include <stdlib.h>

#include <ordo/ir_build.h>
#include <ordo/xalloc.h>

#include "walk.h"

/* Atomic sections (and steps made of several events): one block per
 * outermost section, with begin and end SYNC events; the events in
 * between carry the block. The section runs under a fresh guard S that
 * anchors its step: S ⇒ the guard at entry, and S ⇒ the section
 * completes (reaches its end, an error or an exit). A section that would
 * block inside (a false assume, a held lock, an unfinished join) thus
 * does not start: in the interpreter nothing else could run after it,
 * and a thread may always stop early (reachability is prefix-closed), so
 * this is exact. */
void oc_atomic_begin(oc_walker *w, const ordo_stmt *st)
{
    oc_encoding *enc = w->enc;
    if (w->st.depth > 0) {
        w->st.depth++;
        return;
    }
    ordo_term v = oc_enc_fresh(enc, "step", ordo_smt_bool_sort(enc->ar.s));
    oc_guard s = { OC_G_VAR, v, oc_enc_lit(enc, v) };
    if (w->st.g.kind == OC_G_VAR)
        ordo_smt_assert(enc->ar.s, ordo_smt_app2(enc->ar.s, ORDO_OP_IMPLIES, v, w->st.g.t));
    w->st.g = s;
    unsigned b = oc_sync_event(w, st);
    w->st.depth = 1;
    w->st.block = (int)oc_events_add_block(&enc->es, b, b);
    enc->es.ev[b].block = w->st.block;
    XGROW(enc->sections, enc->n_sections, enc->cap_sections);
    enc->sections[enc->n_sections++] = (oc_section){ s, ordo_smt_bool(enc->ar.s, false) };
}

void oc_atomic_end(oc_walker *w, const ordo_stmt *st)
{
    oc_encoding *enc = w->enc;
    if (w->st.depth == 0 || --w->st.depth > 0)
        return;
    oc_block *b = &enc->es.blocks[w->st.block];
    /* A second end (an early return inside the section) cannot simply be
     * a second end event: a thread's events form one po chain in walk
     * order, so the end of a path not taken may lie po-after the taken
     * path's events behind its own end, and orders leaving from it close
     * false cycles (a wrong SAFE on a two-thread program). Each end would
     * have to count only while its guard holds, with the guard in the
     * reason. ordo_prepare_bounded merges such ends into one first
     * (ordo_pass_merge_atomic_ends, passes.h); this check remains for the
     * sections that pass leaves alone. */
    if (b->end != b->begin) {
        oc_unsupported(enc, st, "atomic section with several ends");
        return;
    }
    const oc_section *sec = &enc->sections[w->st.block];
    ordo_term done =
        ordo_smt_app2(enc->ar.s, ORDO_OP_OR, oc_guard_term(enc, w->st.g), sec->escaped);
    ordo_smt_assert(enc->ar.s, ordo_smt_app2(enc->ar.s, ORDO_OP_IMPLIES, sec->guard.t, done));
    bool anchor = w->need_anchor;
    w->need_anchor = false; /* the end is part of the section's step */
    unsigned e = oc_sync_event(w, st);
    w->need_anchor = anchor;
    b->end = e;
    w->st.block = -1;
}

static void exec(oc_walker *w, const ordo_stmt *st);

/* Where the step of a statement without events can run: its thread's
 * previous step is right before it up to local statements, and under the
 * same guard both run or neither (ev: that step's anchor); or main has
 * had no step yet and runs unguarded (ev: UINT_MAX; no other thread
 * exists). False when neither holds. */
static bool silent_step_place(const oc_walker *w, unsigned *ev)
{
    const oc_guard *g = &w->st.g, *at = &w->last_step_g;
    *ev = w->last_step;
    if (*ev == UINT_MAX)
        return w->instance == 0 && g->kind == OC_G_TRUE;
    return g->kind == at->kind && (g->kind != OC_G_VAR || g->lit == at->lit);
}

/* The havoc of a cell nothing reads is no event (oc_leave_write_out): an
 * uninitialised local array of 10,000 thread ids (goblint-regression's
 * create_threads) would be 10,000 events, and with two such arrays more
 * than the engine takes. Nothing reads what it writes, so its step
 * commutes with every other thread's: the counterexample runs it right
 * after its thread's previous step (cex.c). */
static bool havoc_left_out(oc_walker *w, const ordo_stmt *st)
{
    bool own_step = w->need_anchor && w->st.depth == 0;
    unsigned after = UINT_MAX;
    if (!st->lhs.is_mem || ordo_expr_is_shared(w->p, st->lhs.addr) ||
        (own_step && !silent_step_place(w, &after)))
        return false; /* an address read from memory: its reads are events */
    ordo_ir_val cell = oc_eval(w, st->lhs.addr, st);
    ordo_ir_val any = { .is_const = false }; /* what it stores may point anywhere */
    if (!cell.is_const || !oc_leave_write_out(w->enc, (uint64_t)cell.c, st->lhs.type, any, false))
        return false;
    if (own_step) {
        if (after == UINT_MAX)
            w->enc->n_silent_steps++;
        else
            w->enc->info[after].silent_steps++;
        w->need_anchor = false;
    }
    return true;
}

/* A havoc left out has no value term: nothing reads it (cex.c: 0). */
static void exec_havoc(oc_walker *w, const ordo_stmt *st)
{
    oc_encoding *enc = w->enc;
    ordo_term v = NULL;
    if (!havoc_left_out(w, st)) {
        v = oc_enc_fresh(enc, "nondet", ordo_ir_sort(&enc->ar, st->lhs.type));
        ordo_smt_assert(enc->ar.s, ordo_ir_in_range(&enc->ar, st->lhs.type, v));
        oc_assign(w, &st->lhs, ordo_ir_sym(v), st);
    }
    XGROW(enc->havocs, enc->n_havocs, enc->cap_havocs);
    enc->havocs[enc->n_havocs++] = (oc_havoc){ w->instance, oc_guard_term(enc, w->st.g), v,
                                               st->lhs.type };
}

/* The region of the next allocation. A second walk has every region from
 * the start and meets the same allocations in the same order. */
static void allocation_region(oc_encoding *enc, const ordo_stmt *st, uint64_t base,
                              uint64_t n_cells, bool symbolic_size)
{
    size_t r = enc->p->n_objects + enc->n_allocs++;
    if (r >= enc->n_regions) {
        enc->blind_write_before_alloc |= enc->blind_write;
        oc_add_region(enc, base, n_cells, symbolic_size, true);
    } else if (enc->regions[r].base != base || enc->regions[r].n_cells != n_cells) {
        oc_unsupported(enc, st, "internal error: the second walk met another allocation");
    }
}

/* Allocation: fresh cells at a new base address. Every cell not written
 * yet reads 0 (its initial write), as the IR's zeroed cells. A
 * symbolic size reserves a gap no access of the program reaches. */
static void exec_alloc(oc_walker *w, const ordo_stmt *st)
{
    oc_encoding *enc = w->enc;
    ordo_ir_val size = oc_eval(w, st->size, st);
    uint64_t base = enc->next_alloc;
    bool small = size.is_const && size.c >= 0 && (uint64_t)size.c < ALLOC_GAP;
    enc->next_alloc += small ? (uint64_t)size.c + 1 : ALLOC_GAP;
    unsigned width = ordo_ty_ptr(enc->p->data_model).width;
    if (width < 64 && enc->next_alloc >= UINT64_C(1) << (width - 1) && !enc->high_alloc)
        enc->high_alloc = st;
    allocation_region(enc, st, base, small ? (uint64_t)size.c : OC_SYMBOLIC_CELLS, !small);
    oc_sync_event(w, st);
    if (st->has_lhs)
        oc_assign(w, &st->lhs, oc_pointer(enc, st->lhs.type, (int64_t)base), st);
}

static void exec_thread_start(oc_walker *w, const ordo_stmt *st)
{
    oc_encoding *enc = w->enc;
    ordo_ir_val arg =
        st->rhs ? oc_eval(w, st->rhs, st) : ordo_ir_const(&enc->ar, ordo_ty_int(32, true), 0);
    unsigned c = oc_sync_event(w, st);
    unsigned id = (unsigned)enc->n_threads;
    if (st->has_lhs)
        oc_assign(w, &st->lhs, ordo_ir_const(&enc->ar, st->lhs.type, id), st);
    oc_walk_thread(enc, st->proc, arg, c, w->st.g);
}

/* The ids of lazily created threads from k on (one run of consecutive
 * ids), as the condition that the symbolic id is one of them; *end is the
 * run's end. */
static ordo_term is_lazy_run(oc_encoding *enc, ordo_ir_val id, ordo_type it, size_t k,
                             size_t *end)
{
    const ordo_ir_smt *ar = &enc->ar;
    ordo_type b = ordo_ty_bool();
    size_t j = k;
    while (j < enc->n_threads && enc->threads[j].lazy)
        j++;
    *end = j;
    ordo_ir_val lo = ordo_ir_const(ar, it, (int64_t)k), hi = ordo_ir_const(ar, it, (int64_t)j - 1);
    return ordo_ir_term(ar, b,
                        ordo_ir_binop(ar, ORDO_B_AND, b,
                                      ordo_ir_binop(ar, ORDO_B_LE, b, lo, it, id, it), b,
                                      ordo_ir_binop(ar, ORDO_B_LE, b, id, it, hi, it), b));
}

/* Join: completes once the joined thread has terminated (a guarded po
 * edge from its end). A symbolic id may denote several instances, each
 * with its own edge; an id of no instance is over-approximated as not
 * blocking. A lazily created thread never terminates (lazy_threads.c). */
static void exec_join(oc_walker *w, const ordo_stmt *st)
{
    oc_encoding *enc = w->enc;
    ordo_smt *s = enc->ar.s;
    ordo_ir_val id = oc_eval(w, st->cond, st);
    size_t n = enc->n_threads;
    if (id.is_const) {
        if (id.c >= 0 && (size_t)id.c < n)
            w->st.g = oc_guard_and_guard(enc, w->st.g, enc->threads[id.c].terminated);
        unsigned j = oc_sync_event(w, st);
        if (id.c >= 0 && (size_t)id.c < n && w->st.g.kind != OC_G_FALSE)
            oc_events_add_po(&enc->es, enc->threads[id.c].end_event, j,
                             w->st.g.kind == OC_G_VAR ? w->st.g.lit : 0);
        return;
    }
    ordo_type it = st->cond->type;
    oc_guard *done = xmalloc((n + 1) * sizeof *done);
    ordo_term none = ordo_smt_bool(s, true), any = NULL;
    for (size_t k = 0, next; k < n; k = next) {
        if (enc->threads[k].lazy) { /* blocks: neither done nor none */
            ordo_term lazy = is_lazy_run(enc, id, it, k, &next);
            none = ordo_smt_app2(s, ORDO_OP_AND, none, ordo_smt_app1(s, ORDO_OP_NOT, lazy));
            for (size_t j = k; j < next; j++)
                done[j] = (oc_guard){ OC_G_FALSE, NULL, 0 };
            continue;
        }
        next = k + 1;
        ordo_ir_val is_k = ordo_ir_binop(&enc->ar, ORDO_B_EQ, ordo_ty_bool(), id, it,
                               ordo_ir_const(&enc->ar, it, (int64_t)k), it);
        done[k] =
            oc_guard_and_guard(enc, oc_guard_and(enc, w->st.g, is_k), enc->threads[k].terminated);
        none = ordo_smt_app2(s, ORDO_OP_AND, none, ordo_smt_app1(s, ORDO_OP_NOT, is_k.t));
        any = any ? ordo_smt_app2(s, ORDO_OP_OR, any, oc_guard_term(enc, done[k]))
                  : oc_guard_term(enc, done[k]);
    }
    any = any ? ordo_smt_app2(s, ORDO_OP_OR, any, none) : none;
    w->st.g = oc_guard_and(enc, w->st.g, ordo_ir_sym(any));
    unsigned j = oc_sync_event(w, st);
    for (size_t k = 0; k < n; k++)
        if (done[k].kind != OC_G_FALSE)
            oc_events_add_po(&enc->es, enc->threads[k].end_event, j,
                             done[k].kind == OC_G_VAR ? done[k].lit : 0);
    free(done);
}

/* pthread_mutex_lock: read 0 and write 1 in one step (exec_step makes it
 * atomic); a held lock stops the thread (the model may as well read a
 * later unlock's 0). */
static void exec_lock(oc_walker *w, const ordo_stmt *st)
{
    oc_encoding *enc = w->enc;
    ordo_type t = ordo_ty_int(32, true);
    ordo_ir_val v = oc_mem_read(w, st->addr, t, st);
    ordo_ir_val is_free = ordo_ir_binop(&enc->ar, ORDO_B_EQ, ordo_ty_bool(), v, t,
                              ordo_ir_const(&enc->ar, t, 0), t);
    w->st.g = oc_guard_and(enc, w->st.g, is_free);
    oc_mem_write(w, st->addr, t, ordo_ir_const(&enc->ar, t, 1), st);
}

static void exec_unlock(oc_walker *w, const ordo_stmt *st)
{
    ordo_type t = ordo_ty_int(32, true);
    oc_mem_write(w, st->addr, t, ordo_ir_const(&w->enc->ar, t, 0), st);
}

/* ERROR reads "live" (the program has not exited); EXIT writes it. */
static void exec_end(oc_walker *w, const ordo_stmt *st, bool is_error)
{
    oc_encoding *enc = w->enc;
    ordo_type b = ordo_ty_bool();
    if (is_error) {
        ordo_ir_val live = oc_read_shared(w, false, LIVE_KEY, b, st);
        XGROW(enc->errors, enc->n_errors, enc->cap_errors);
        enc->errors[enc->n_errors++] = (oc_error){
            w->last, ordo_smt_app2(enc->ar.s, ORDO_OP_AND, oc_guard_term(enc, w->st.g),
                                   ordo_ir_term(&enc->ar, b, live)) };
    } else {
        oc_write_shared(w, false, LIVE_KEY, b, ordo_ir_const(&enc->ar, b, 0),
                        OC_STORE_AT_ADDRESS, st);
    }
    if (w->st.block >= 0) {
        oc_section *sec = &enc->sections[w->st.block];
        sec->escaped =
            ordo_smt_app2(enc->ar.s, ORDO_OP_OR, sec->escaped, oc_guard_term(enc, w->st.g));
    }
    w->st.g = (oc_guard){ OC_G_FALSE, NULL, 0 };
}

/* Statements that synchronise and also access shared state (and locks)
 * run their events as one atomic step (the interpreter executes them at
 * once, or not at all while they would block). */
static bool needs_step_block(const ordo_program *p, const ordo_stmt *st)
{
    switch (st->kind) {
    case ORDO_S_THREAD_START:
        return ordo_expr_is_shared(p, st->rhs) ||
               (st->has_lhs && ordo_lvalue_is_shared(p, &st->lhs));
    case ORDO_S_THREAD_JOIN:
        return ordo_expr_is_shared(p, st->cond);
    case ORDO_S_ALLOC: case ORDO_S_LOCK:
        return true;
    case ORDO_S_UNLOCK: case ORDO_S_FREE:
        return ordo_expr_is_shared(p, st->addr);
    default:
        return false;
    }
}

static void exec(oc_walker *w, const ordo_stmt *st)
{
    if (w->st.g.kind == OC_G_FALSE || w->enc->unsupported)
        return;
    switch (st->kind) {
    case ORDO_S_SKIP:
        return;
    case ORDO_S_ASSIGN:
        oc_assign(w, &st->lhs,
                  oc_converted(w, oc_eval(w, st->rhs, st), st->rhs->type, st->lhs.type), st);
        return;
    case ORDO_S_HAVOC:
        exec_havoc(w, st);
        return;
    case ORDO_S_ASSUME: {
        ordo_ir_val c = oc_eval(w, st->cond, st);
        w->st.g = oc_guard_and(
            w->enc, w->st.g,
            c.is_const ? c : ordo_ir_sym(ordo_ir_truth(&w->enc->ar, st->cond->type, c)));
        return;
    }
    case ORDO_S_ALLOC:
        exec_alloc(w, st);
        return;
    case ORDO_S_FREE:
        if (ordo_expr_is_shared(w->p, st->addr))
            oc_eval(w, st->addr, st);
        oc_sync_event(w, st);
        return;
    case ORDO_S_THREAD_START:
        exec_thread_start(w, st);
        return;
    case ORDO_S_THREAD_JOIN:
        exec_join(w, st);
        return;
    case ORDO_S_ATOMIC_BEGIN:
        oc_atomic_begin(w, st);
        return;
    case ORDO_S_ATOMIC_END:
        oc_atomic_end(w, st);
        return;
    case ORDO_S_LOCK:
        exec_lock(w, st);
        return;
    case ORDO_S_UNLOCK:
        exec_unlock(w, st);
        return;
    case ORDO_S_RETURN:
        if (st->rhs && ordo_expr_is_shared(w->p, st->rhs))
            oc_eval(w, st->rhs, st);
        return;
    case ORDO_S_ERROR:
        exec_end(w, st, true);
        return;
    case ORDO_S_EXIT:
        exec_end(w, st, false);
        return;
    case ORDO_S_SEQ:
        for (unsigned i = 0; i < st->n_stmts; i++)
            exec(w, st->stmts[i]);
        return;
    case ORDO_S_CALL:
        oc_unsupported(w->enc, st, "call of a procedure that was not inlined");
        return;
    case ORDO_S_THREAD_EXIT: /* the thread ends here: it counts as terminated */
        w->exited = oc_guard_or(w->enc, w->exited, w->st.g);
        w->st.g = (oc_guard){ OC_G_FALSE, NULL, 0 };
        return;
    }
}

/* Executes a top-level statement as one visible step (trace.h). */
void oc_exec_step(oc_walker *w, const ordo_stmt *st)
{
    if (w->st.g.kind == OC_G_FALSE)
        return;
    bool block = w->st.depth == 0 && needs_step_block(w->p, st);
    oc_start_step(w);
    if (block)
        oc_atomic_begin(w, st);
    exec(w, st);
    if (block && w->st.depth == 1)
        oc_atomic_end(w, st);
    w->need_anchor = false;
}

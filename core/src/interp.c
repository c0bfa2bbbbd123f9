/* The IR interpreter: threads, activations and steps (interp.h). */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include <ordo/xalloc.h>

#include "interp_internal.h"

/* Local statements one step may run before a visible one, by default:
 * beyond, the thread is taken to loop forever without touching shared state. */
enum { DEFAULT_LOCAL_LIMIT = 1 << 20 };

typedef enum {
    EXEC_DONE,      /* the edge was taken */
    EXEC_DISABLED,  /* the edge cannot be taken now; nothing changed */
    EXEC_STOP,      /* silent advance: the next edge is visible */
    EXEC_FAILED,    /* ended with the status in *fail */
} exec_result;

static const char *const stmt_names[] = {
    [ORDO_S_SKIP] = "skip", [ORDO_S_ASSIGN] = "assignment", [ORDO_S_HAVOC] = "havoc",
    [ORDO_S_ASSUME] = "assume", [ORDO_S_ALLOC] = "alloc", [ORDO_S_FREE] = "free",
    [ORDO_S_THREAD_START] = "thread start", [ORDO_S_THREAD_JOIN] = "join",
    [ORDO_S_ATOMIC_BEGIN] = "atomic begin", [ORDO_S_ATOMIC_END] = "atomic end",
    [ORDO_S_LOCK] = "lock", [ORDO_S_UNLOCK] = "unlock", [ORDO_S_CALL] = "call",
    [ORDO_S_RETURN] = "return", [ORDO_S_ERROR] = "error", [ORDO_S_EXIT] = "exit",
    [ORDO_S_SEQ] = "sequence", [ORDO_S_THREAD_EXIT] = "thread exit",
};

const char *ordo_step_status_name(ordo_step_status s)
{
    static const char *const names[] = {
        "ok", "finished", "blocked", "error", "exit", "undefined", "no value", "no thread",
        "diverged",
    };
    return (unsigned)s < sizeof names / sizeof names[0] ? names[s] : "?";
}

static void say(ordo_interp *in, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void say(ordo_interp *in, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(in->message, sizeof in->message, fmt, ap);
    va_end(ap);
}

static const char *file_of(const ordo_stmt *s)
{
    return s->file ? s->file : "?";
}

/* ---- construction --------------------------------------------------------- */

static void index_procs(ordo_interp *in)
{
    const ordo_program *p = in->p;
    in->procs = xcalloc(p->n_procs ? p->n_procs : 1, sizeof *in->procs);
    in->slot = xcalloc(p->n_vars ? p->n_vars : 1, sizeof *in->slot);
    for (unsigned v = 0; v < p->n_vars; v++)
        if (p->vars[v].is_thread_local)
            in->slot[v] = in->n_thread_locals++;
        else if (!p->vars[v].is_global && p->vars[v].proc >= 0)
            in->slot[v] = in->procs[p->vars[v].proc].n_locals++;
    for (unsigned i = 0; i < p->n_procs; i++)
        in->procs[i].out = ordo_edge_index_of(&p->procs[i], false);
}

static interp_frame *top(ordo_interp *in, unsigned t)
{
    interp_thread *th = &in->threads[t];
    return &th->frames[th->n_frames - 1];
}

static void push_frame(ordo_interp *in, unsigned t, unsigned proc, const ordo_stmt *call)
{
    interp_thread *th = &in->threads[t];
    XGROW(th->frames, th->n_frames, th->cap_frames);
    interp_frame *f = &th->frames[th->n_frames++];
    *f = (interp_frame){ .proc = proc, .loc = in->p->procs[proc].init_loc, .call = call,
                         .thread_locals = th->thread_locals };
    f->locals = xcalloc(in->procs[proc].n_locals + 1, sizeof *f->locals);
    for (unsigned v = 0; v < in->p->n_vars; v++) {
        const ordo_var *var = &in->p->vars[v];
        if (!var->is_global && var->proc == (int)proc)
            f->locals[in->slot[v]] = interp_convert(in, var->type, var->init);
    }
}

/* A new thread running proc(arg); returns its id. */
static unsigned new_thread(ordo_interp *in, unsigned proc, bool has_arg, int64_t arg)
{
    XGROW(in->threads, in->n_threads, in->cap_threads);
    unsigned t = in->n_threads++;
    in->threads[t] = (interp_thread){ 0 };
    in->threads[t].thread_locals = xcalloc(in->n_thread_locals + 1, sizeof(int64_t));
    for (unsigned v = 0; v < in->p->n_vars; v++)
        if (in->p->vars[v].is_thread_local)
            in->threads[t].thread_locals[in->slot[v]] =
                interp_convert(in, in->p->vars[v].type, in->p->vars[v].init);
    push_frame(in, t, proc, NULL);
    const ordo_proc *f = &in->p->procs[proc];
    if (has_arg && f->n_params > 0) {
        unsigned v = f->params[0];
        top(in, t)->locals[in->slot[v]] = interp_convert(in, in->p->vars[v].type, arg);
    }
    return t;
}

ordo_interp *ordo_interp_new(const ordo_program *p, ordo_arith mode)
{
    ordo_interp *in = xcalloc(1, sizeof *in);
    in->p = p;
    in->mode = mode;
    in->atomic_owner = -1;
    in->local_limit = DEFAULT_LOCAL_LIMIT;
    index_procs(in);
    in->globals = xcalloc(p->n_vars ? p->n_vars : 1, sizeof *in->globals);
    for (unsigned v = 0; v < p->n_vars; v++)
        if (p->vars[v].is_global)
            in->globals[v] = interp_convert(in, p->vars[v].type, p->vars[v].init);
    interp_mem_init(&in->mem, p);
    if (p->main_proc < p->n_procs)
        new_thread(in, p->main_proc, false, 0);
    return in;
}

void ordo_interp_free(ordo_interp *in)
{
    if (!in)
        return;
    for (unsigned t = 0; t < in->n_threads; t++) {
        for (unsigned i = 0; i < in->threads[t].n_frames; i++)
            free(in->threads[t].frames[i].locals);
        free(in->threads[t].frames);
        free(in->threads[t].thread_locals);
    }
    free(in->threads);
    for (unsigned i = 0; i < in->p->n_procs; i++)
        ordo_edge_index_free(&in->procs[i].out);
    free(in->procs);
    free(in->slot);
    free(in->globals);
    interp_mem_free(&in->mem);
    free(in);
}

/* ---- statements --------------------------------------------------------------- */

typedef struct {
    ordo_interp *in;
    unsigned t;
    ordo_value_source values;
    void *ctx;
    ordo_step_status fail;   /* EXEC_FAILED: the status */
} step_ctx;

static exec_result failed(step_ctx *s, ordo_step_status st, const ordo_stmt *at, const char *what)
{
    s->fail = st;
    say(s->in, "thread %u: %s at %s (%s:%u)", s->t, what, stmt_names[at->kind], file_of(at),
        at->line);
    if (st != ORDO_STEP_NO_VALUE) {
        s->in->ended = true;
        s->in->end_status = st;
    }
    return EXEC_FAILED;
}

static exec_result eval(step_ctx *s, interp_frame *f, const ordo_stmt *at, const ordo_expr *e,
                        int64_t *out)
{
    eval_ctx c = { .in = s->in, .frame = f };
    if (interp_eval(&c, e, out) == EVAL_OK)
        return EXEC_DONE;
    return failed(s, ORDO_STEP_UNDEFINED, at, c.why);
}

static exec_result write(step_ctx *s, interp_frame *f, const ordo_stmt *at, const ordo_lvalue *lv,
                         int64_t v)
{
    ordo_interp *in = s->in;
    v = interp_convert(in, lv->type, v);
    if (!lv->is_mem) {
        if (in->p->vars[lv->var].is_global)
            in->globals[lv->var] = v;
        else
            *interp_local(in, f, lv->var) = v;
        return EXEC_DONE;
    }
    int64_t addr;
    if (eval(s, f, at, lv->addr, &addr))
        return EXEC_FAILED;
    if (!interp_mem_valid(&in->mem, (uint64_t)addr))
        return failed(s, ORDO_STEP_UNDEFINED, at,
                      addr ? "write to an invalid address" : "write through a NULL pointer");
    interp_mem_set(&in->mem, (uint64_t)addr, v);
    return EXEC_DONE;
}

/* Evaluates an address operand and checks it names a live cell. */
static exec_result cell(step_ctx *s, interp_frame *f, const ordo_stmt *at, uint64_t *addr)
{
    int64_t a;
    if (eval(s, f, at, at->addr, &a))
        return EXEC_FAILED;
    if (!interp_mem_valid(&s->in->mem, (uint64_t)a))
        return failed(s, ORDO_STEP_UNDEFINED, at, "invalid address");
    *addr = (uint64_t)a;
    return EXEC_DONE;
}

static exec_result advance_silently(step_ctx *s, unsigned u);

static exec_result exec_join(step_ctx *s, interp_frame *f, const ordo_stmt *st)
{
    int64_t id;
    if (eval(s, f, st, st->cond, &id))
        return EXEC_FAILED;
    if (id < 0 || (uint64_t)id >= s->in->n_threads)
        return failed(s, ORDO_STEP_UNDEFINED, st, "join of a thread that does not exist");
    if (!s->in->threads[id].finished && (unsigned)id != s->t) {
        step_ctx sub = *s;
        sub.t = (unsigned)id;
        if (advance_silently(&sub, (unsigned)id) == EXEC_FAILED) {
            s->fail = sub.fail;
            return EXEC_FAILED;
        }
    }
    return s->in->threads[id].finished ? EXEC_DONE : EXEC_DISABLED;
}

static exec_result exec_alloc(step_ctx *s, interp_frame *f, const ordo_stmt *st)
{
    int64_t n;
    if (eval(s, f, st, st->size, &n))
        return EXEC_FAILED;
    if ((uint64_t)n > ORDO_MAX_ALLOC_CELLS)
        return failed(s, ORDO_STEP_UNDEFINED, st, "allocation too large");
    return write(s, f, st, &st->lhs, (int64_t)interp_mem_alloc(&s->in->mem, (uint64_t)n));
}

static exec_result exec_free(step_ctx *s, interp_frame *f, const ordo_stmt *st)
{
    int64_t a;
    if (eval(s, f, st, st->addr, &a))
        return EXEC_FAILED;
    if (a != 0 && !interp_mem_release(&s->in->mem, (uint64_t)a))
        return failed(s, ORDO_STEP_UNDEFINED, st, "free of an address not from malloc");
    return EXEC_DONE;
}

static exec_result exec_start(step_ctx *s, interp_frame *f, const ordo_stmt *st)
{
    int64_t arg = 0;
    if (st->rhs && eval(s, f, st, st->rhs, &arg))
        return EXEC_FAILED;
    /* new_thread may move the thread table: f stays valid (frames are
     * per-thread arrays), thread pointers do not */
    unsigned id = new_thread(s->in, st->proc, st->rhs != NULL, arg);
    return st->has_lhs ? write(s, f, st, &st->lhs, id) : EXEC_DONE;
}

static exec_result exec_lock(step_ctx *s, interp_frame *f, const ordo_stmt *st)
{
    uint64_t a;
    if (cell(s, f, st, &a))
        return EXEC_FAILED;
    if (st->kind == ORDO_S_LOCK && interp_mem_get(&s->in->mem, a) != 0)
        return EXEC_DISABLED;
    interp_mem_set(&s->in->mem, a, st->kind == ORDO_S_LOCK);
    return EXEC_DONE;
}

static exec_result exec_atomic(step_ctx *s, const ordo_stmt *st)
{
    ordo_interp *in = s->in;
    if (st->kind == ORDO_S_ATOMIC_BEGIN) {
        in->atomic_owner = (int)s->t;
        in->atomic_depth++;
    } else if (in->atomic_depth > 0 && --in->atomic_depth == 0) {
        in->atomic_owner = -1;
    }
    return EXEC_DONE;
}

static exec_result exec_havoc(step_ctx *s, interp_frame *f, const ordo_stmt *st)
{
    int64_t v;
    if (!s->values || !s->values(s->ctx, s->t, st->lhs.type, &v))
        return failed(s, ORDO_STEP_NO_VALUE, st, "no nondeterministic value left");
    return write(s, f, st, &st->lhs, interp_wrap(st->lhs.type, v));
}

/* Statements that stay within the current activation. */
static exec_result exec_simple(step_ctx *s, interp_frame *f, const ordo_stmt *st)
{
    int64_t v;
    switch (st->kind) {
    case ORDO_S_SKIP:
        return EXEC_DONE;
    case ORDO_S_ASSIGN:
        if (eval(s, f, st, st->rhs, &v))
            return EXEC_FAILED;
        return write(s, f, st, &st->lhs, v);
    case ORDO_S_HAVOC:
        return exec_havoc(s, f, st);
    case ORDO_S_ASSUME:
        if (eval(s, f, st, st->cond, &v))
            return EXEC_FAILED;
        return v ? EXEC_DONE : EXEC_DISABLED;
    case ORDO_S_ALLOC:
        return exec_alloc(s, f, st);
    case ORDO_S_FREE:
        return exec_free(s, f, st);
    case ORDO_S_THREAD_START:
        return exec_start(s, f, st);
    case ORDO_S_THREAD_JOIN:
        return exec_join(s, f, st);
    case ORDO_S_ATOMIC_BEGIN:
    case ORDO_S_ATOMIC_END:
        return exec_atomic(s, st);
    case ORDO_S_LOCK:
    case ORDO_S_UNLOCK:
        return exec_lock(s, f, st);
    case ORDO_S_ERROR:
        s->in->ended = true;
        s->in->end_status = s->fail = ORDO_STEP_ERROR;
        say(s->in, "thread %u reached the error (%s:%u)", s->t, file_of(st), st->line);
        return EXEC_FAILED;
    case ORDO_S_EXIT:
        return failed(s, ORDO_STEP_EXIT, st, "the program exited");
    default:
        return failed(s, ORDO_STEP_UNDEFINED, st, "statement not allowed here");
    }
}

/* A SEQ: its first statement decides whether the edge is enabled; a later
 * ASSUME that fails (large-block encoding only merges local statements)
 * leaves the thread stuck for ever. */
static exec_result exec_seq(step_ctx *s, interp_frame *f, const ordo_stmt *st, bool *stuck)
{
    for (unsigned i = 0; i < st->n_stmts; i++) {
        exec_result r = exec_simple(s, f, st->stmts[i]);
        if (r == EXEC_DISABLED && i > 0) {
            *stuck = true;
            return EXEC_DONE;
        }
        if (r != EXEC_DONE)
            return r;
    }
    return EXEC_DONE;
}

/* Ends the innermost activation of thread t; v is the returned value. */
static exec_result pop_frame(step_ctx *s, const ordo_stmt *at, bool has_value, int64_t v)
{
    ordo_interp *in = s->in;
    interp_thread *th = &in->threads[s->t];
    interp_frame done = th->frames[--th->n_frames];
    exec_result r = EXEC_DONE;
    if (th->n_frames == 0) {
        th->finished = true;
        if (in->atomic_owner == (int)s->t) { /* a thread ends its atomic section */
            in->atomic_owner = -1;
            in->atomic_depth = 0;
        }
    } else if (has_value && done.call && done.call->has_lhs) {
        r = write(s, top(in, s->t), at, &done.call->lhs, v);
    }
    free(done.locals);
    return r;
}

static exec_result exec_call(step_ctx *s, interp_frame *f, const ordo_stmt *st, unsigned to)
{
    const ordo_proc *callee = &s->in->p->procs[st->proc];
    int64_t *args = xcalloc(st->n_args + 1, sizeof *args);
    for (unsigned i = 0; i < st->n_args; i++)
        if (eval(s, f, st, st->args[i], &args[i])) {
            free(args);
            return EXEC_FAILED;
        }
    f->loc = to;
    push_frame(s->in, s->t, st->proc, st);
    interp_frame *g = top(s->in, s->t);
    for (unsigned i = 0; i < st->n_args && i < callee->n_params; i++) {
        unsigned v = callee->params[i];
        g->locals[s->in->slot[v]] = interp_convert(s->in, s->in->p->vars[v].type, args[i]);
    }
    free(args);
    return EXEC_DONE;
}

/* Is taking this edge a visible step? (RETURN: also its write to the
 * caller's left-hand side.) */
static bool edge_visible(step_ctx *s, interp_frame *f, const ordo_stmt *st)
{
    const ordo_program *p = s->in->p;
    if (st->kind == ORDO_S_RETURN)
        return (st->rhs && ordo_expr_is_shared(p, st->rhs)) ||
               (f->call && f->call->has_lhs && ordo_lvalue_is_shared(p, &f->call->lhs));
    return ordo_stmt_is_visible(p, st);
}

static exec_result take_edge(step_ctx *s, const ordo_edge *e)
{
    interp_frame *f = top(s->in, s->t);
    const ordo_stmt *st = e->stmt;
    const ordo_proc *proc = &s->in->p->procs[f->proc];
    exec_result r;
    bool stuck = false;
    if (st->kind == ORDO_S_CALL)
        return exec_call(s, f, st, e->to);
    if (st->kind == ORDO_S_THREAD_EXIT) { /* pthread_exit: every activation ends */
        exec_result r = EXEC_DONE;
        while (r == EXEC_DONE && !s->in->threads[s->t].finished)
            r = pop_frame(s, st, false, 0);
        return r;
    }
    if (st->kind == ORDO_S_RETURN) {
        int64_t v = 0;
        if (st->rhs && eval(s, f, st, st->rhs, &v))
            return EXEC_FAILED;
        return pop_frame(s, st, st->rhs != NULL, v);
    }
    r = st->kind == ORDO_S_SEQ ? exec_seq(s, f, st, &stuck) : exec_simple(s, f, st);
    if (r != EXEC_DONE)
        return r;
    f = top(s->in, s->t);
    f->loc = stuck ? proc->n_locs : e->to; /* n_locs: a location without edges */
    if (f->loc == proc->final_loc)
        return pop_frame(s, st, false, 0);
    return EXEC_DONE;
}

/* Takes the first enabled edge of thread t. With `silent`, stops before a
 * visible edge. *visible tells whether the edge taken was visible. */
static exec_result run_edge(step_ctx *s, bool silent, bool *visible)
{
    ordo_interp *in = s->in;
    interp_frame *f = top(in, s->t);
    const ordo_proc *proc = &in->p->procs[f->proc];
    const interp_proc *ip = &in->procs[f->proc];
    if (f->loc == proc->final_loc) { /* e.g. a procedure whose init is final */
        *visible = false;
        return pop_frame(s, NULL, false, 0);
    }
    const ordo_stmt *first = NULL;
    unsigned lo = f->loc < proc->n_locs ? ip->out.start[f->loc] : 0;
    unsigned hi = f->loc < proc->n_locs ? ip->out.start[f->loc + 1] : 0;
    for (unsigned i = lo; i < hi; i++) {
        const ordo_edge *e = &proc->edges[ip->out.edge[i]];
        *visible = edge_visible(s, f, e->stmt);
        if (silent && *visible)
            return EXEC_STOP;
        if (!first)
            first = e->stmt;
        in->threads[s->t].file = e->stmt->file;
        in->threads[s->t].line = e->stmt->line;
        exec_result r = take_edge(s, e);
        if (r != EXEC_DISABLED)
            return r;
    }
    if (first)
        say(in, "thread %u blocked at %s (%s:%u)", s->t, stmt_names[first->kind], file_of(first),
            first->line);
    else
        say(in, "thread %u is stuck in %s (no statement can follow; %s:%u)", s->t, proc->name,
            in->threads[s->t].file ? in->threads[s->t].file : "?", in->threads[s->t].line);
    return EXEC_DISABLED;
}

/* Runs thread u's local statements (no visible one) as far as they go. */
static exec_result advance_silently(step_ctx *s, unsigned u)
{
    for (unsigned n = 0; n < s->in->local_limit && !s->in->threads[u].finished; n++) {
        bool visible;
        exec_result r = run_edge(s, true, &visible);
        if (r != EXEC_DONE)
            return r == EXEC_FAILED ? r : EXEC_DONE;
    }
    return EXEC_DONE;
}

ordo_step_status ordo_interp_step(ordo_interp *in, unsigned t, ordo_value_source values, void *ctx)
{
    if (in->ended)
        return in->end_status;
    if (t >= in->n_threads) {
        say(in, "thread %u does not exist (%u threads)", t, in->n_threads);
        return ORDO_STEP_NO_THREAD;
    }
    if (in->atomic_owner >= 0 && in->atomic_owner != (int)t) {
        say(in, "thread %u waits: thread %d is inside an atomic section", t, in->atomic_owner);
        return ORDO_STEP_BLOCKED;
    }
    step_ctx s = { .in = in, .t = t, .values = values, .ctx = ctx };
    for (unsigned n = 0; n < in->local_limit; n++) {
        if (in->threads[t].finished)
            return ORDO_STEP_FINISHED;
        bool visible = false;
        exec_result r = run_edge(&s, false, &visible);
        if (r == EXEC_FAILED)
            return s.fail;
        if (r == EXEC_DISABLED)
            return ORDO_STEP_BLOCKED;
        if (visible && in->atomic_owner != (int)t)
            return ORDO_STEP_OK;
    }
    say(in, "thread %u ran %u statements without a visible one (%s:%u)", t, in->local_limit,
        in->threads[t].file ? in->threads[t].file : "?", in->threads[t].line);
    return ORDO_STEP_DIVERGED;
}

void ordo_interp_set_local_limit(ordo_interp *in, unsigned limit)
{
    in->local_limit = limit;
}

/* ---- queries --------------------------------------------------------------------- */

unsigned ordo_interp_n_threads(const ordo_interp *in)
{
    return in->n_threads;
}

bool ordo_interp_thread_finished(const ordo_interp *in, unsigned t)
{
    return t < in->n_threads && in->threads[t].finished;
}

int ordo_interp_atomic_owner(const ordo_interp *in)
{
    return in->atomic_owner;
}

bool ordo_interp_ended(const ordo_interp *in)
{
    return in->ended;
}

bool ordo_interp_location(const ordo_interp *in, unsigned t, unsigned *proc, unsigned *loc)
{
    if (t >= in->n_threads || in->threads[t].finished || in->threads[t].n_frames == 0)
        return false;
    const interp_frame *f = &in->threads[t].frames[in->threads[t].n_frames - 1];
    *proc = f->proc;
    *loc = f->loc;
    return true;
}

const char *ordo_interp_message(const ordo_interp *in)
{
    return in->message;
}

const char *ordo_interp_position(const ordo_interp *in, unsigned t, unsigned *line)
{
    if (t >= in->n_threads || !in->threads[t].file) {
        *line = 0;
        return "?";
    }
    *line = in->threads[t].line;
    return in->threads[t].file;
}

bool ordo_interp_var(const ordo_interp *in, unsigned t, unsigned var, int64_t *value)
{
    if (var >= in->p->n_vars)
        return false;
    const ordo_var *v = &in->p->vars[var];
    if (v->is_global) {
        *value = in->globals[var];
        return true;
    }
    if (t >= in->n_threads)
        return false;
    const interp_thread *th = &in->threads[t];
    if (v->is_thread_local) {
        *value = th->thread_locals[in->slot[var]];
        return true;
    }
    for (unsigned i = th->n_frames; i-- > 0;)
        if ((int)th->frames[i].proc == v->proc) {
            *value = th->frames[i].locals[in->slot[var]];
            return true;
        }
    return false;
}

bool ordo_interp_cell(const ordo_interp *in, uint64_t addr, int64_t *value)
{
    if (!interp_mem_valid(&in->mem, addr))
        return false;
    *value = interp_mem_get(&in->mem, addr);
    return true;
}

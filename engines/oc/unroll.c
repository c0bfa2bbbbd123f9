/*
 * From a loop-free IR program to events and value constraints (thesis
 * Section 5.3.1). Each thread instance's CFA is walked in topological
 * order of its locations with an SSA state (guard + values of locals);
 * every access to shared state (globals, memory cells) becomes an event
 * with the current guard. Program order follows the walk ("branches one
 * after another"), with create edges from THREAD_START to the new
 * thread's first event and guarded join edges from a thread's end.
 *
 * Semantics follow the IR interpreter: a false ASSUME, a held lock or a
 * join of an unfinished thread stops the thread (its later events are
 * disabled: the other threads go on); ERROR and EXIT end the program,
 * modelled by a "live" location that errors read and exits overwrite.
 */
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/ir_build.h>
#include <ordo/plugin.h>
#include <ordo/xalloc.h>

#include "cell_ranges.h"
#include "encoding.h"

/* ---- encoding tables --------------------------------------------------- */

ordo_term oc_enc_fresh(oc_encoding *enc, const char *prefix, ordo_sort sort)
{
    char name[64];
    snprintf(name, sizeof name, "%s!%lu", prefix, enc->fresh++);
    return ordo_smt_var(enc->ar.s, name, sort);
}

oc_lit oc_enc_lit(oc_encoding *enc, ordo_term t)
{
    oc_lit l = oc_events_new_lit(&enc->es);
    while (l >= enc->cap_lit_term) {
        enc->cap_lit_term = enc->cap_lit_term ? 2 * enc->cap_lit_term : 256;
        enc->lit_term = xrealloc(enc->lit_term, enc->cap_lit_term * sizeof *enc->lit_term);
    }
    enc->lit_term[l] = t;
    return l;
}

static void unsupported(oc_encoding *enc, const ordo_stmt *st, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void unsupported(oc_encoding *enc, const ordo_stmt *st, const char *fmt, ...)
{
    if (enc->unsupported)
        return;
    char what[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    enc->unsupported = xasprintf("unsupported: %s (%s:%u)", what,
                                 st && st->file ? st->file : "?", st ? st->line : 0);
}

static unsigned location(oc_encoding *enc, bool is_mem, uint64_t key, ordo_type type);

/* Appends an event; init events belong to no thread instance. */
static unsigned add_event(oc_encoding *enc, oc_event_kind kind, unsigned ethread, unsigned loc,
                          oc_guard g, unsigned instance, const ordo_stmt *st)
{
    oc_lit lit = g.kind == OC_G_VAR ? g.lit : g.kind == OC_G_FALSE ? enc->false_lit : 0;
    unsigned e = oc_events_add(&enc->es, kind, ethread, loc, lit);
    if (e >= enc->cap_info) {
        enc->cap_info = enc->cap_info ? 2 * enc->cap_info : 256;
        enc->info = xrealloc(enc->info, enc->cap_info * sizeof *enc->info);
    }
    enc->info[e] = (oc_event_info){ .instance = instance, .stmt = st,
                                    .guard = g.kind == OC_G_TRUE ? NULL : enc->lit_term[lit] };
    if (enc->unsupported) /* already stopping */
        return e;
    if (enc->es.n > enc->max_events) {
        enc->too_many_events = true;
        enc->unsupported = xasprintf("too many events (more than %zu)", enc->max_events);
    } else if (ordo_cpu_stop_reached(enc->cpu_stop_s, e, 1024)) {
        enc->out_of_time = true;
        enc->unsupported = xasprintf("out of time while building events");
    }
    return e;
}

static const oc_guard TRUE_GUARD = { OC_G_TRUE, NULL, 0 };

/* The initial value of a location: a global's initialiser, a static
 * object's initial cell, else 0. */
static int64_t initial_value(const ordo_program *p, bool is_mem, uint64_t key)
{
    if (!is_mem)
        return p->vars[key].init;
    for (unsigned o = 0; o < p->n_objects; o++) {
        const ordo_object *ob = &p->objects[o];
        if (key < ob->base || key >= ob->base + ob->n_cells)
            continue;
        for (unsigned i = 0; i < ob->n_init; i++)
            if (ob->init_offsets[i] == key - ob->base)
                return ob->init_values[i];
    }
    return 0;
}

static unsigned points_of(const oc_encoding *enc, ordo_ir_val v);

/* Address space reserved by an allocation of symbolic size. */
#define ALLOC_GAP (UINT64_C(1) << 24)

/* The key of the location "live". */
#define LIVE_KEY UINT64_MAX

/* The location of a global or cell with its initial write (thread 0 =
 * init, before main by program order). A global has its variable's type;
 * a cell holds any scalar, as a 64-bit integer like the interpreter's
 * cells, and accesses convert to and from it. */
static unsigned location(oc_encoding *enc, bool is_mem, uint64_t key, ordo_type type)
{
    if (is_mem)
        type = ordo_ty_int(64, true);
    else if (key != LIVE_KEY)
        type = enc->p->vars[key].type;
    oc_loc_table_reserve(&enc->loc_table, enc->locs, enc->n_locs);
    size_t h = oc_loc_slot(&enc->loc_table, enc->locs, is_mem, key);
    if (enc->loc_table.slots[h])
        return (unsigned)(enc->loc_table.slots[h] - 1);
    XGROW(enc->locs, enc->n_locs, enc->cap_locs);
    unsigned loc = (unsigned)enc->n_locs++;
    int64_t init = loc == enc->live_loc ? 1 : initial_value(enc->p, is_mem, key);
    ordo_ir_val v = ordo_ir_const(&enc->ar, type, init);
    enc->locs[loc] = (oc_location){ .is_mem = is_mem, .key = key, .type = type,
                                    .points = points_of(enc, v),
                                    .points_guess = points_of(enc, v) };
    oc_cell_range_start(&enc->locs[loc], v.c);
    enc->loc_table.slots[h] = loc + 1;
    unsigned w = add_event(enc, OC_WRITE, 0, loc, TRUE_GUARD, UINT_MAX, NULL);
    enc->info[w].value = ordo_ir_term(&enc->ar, type, v);
    oc_events_add_po(&enc->es, w, enc->init_done, 0);
    return loc;
}

/* ---- memory regions ----------------------------------------------------- */

static void add_region(oc_encoding *enc, uint64_t base, uint64_t n, bool symbolic_size,
                       bool escapes)
{
    XGROW(enc->regions, enc->n_regions, enc->cap_regions);
    enc->regions[enc->n_regions++] = (oc_region){ base, n, symbolic_size, escapes };
}

/* The region containing address a + 1, or 0. The cell one past a
 * region's end is no other region's (ir_build.c, exec_alloc): there a
 * one-past-the-end pointer points, into its own region. */
static unsigned region_of(const oc_encoding *enc, int64_t a)
{
    for (size_t r = 0; r < enc->n_regions; r++) {
        const oc_region *rg = &enc->regions[r];
        uint64_t n = rg->symbolic_size ? ALLOC_GAP : rg->n_cells + 1;
        if ((uint64_t)a >= rg->base && (uint64_t)a - rg->base < n)
            return (unsigned)r + 1;
    }
    return 0;
}

/* What a value stored in memory points to (memory.h). */
static unsigned points_of(const oc_encoding *enc, ordo_ir_val v)
{
    if (!v.is_const)
        return v.region ? v.region : OC_POINTS_ANY;
    if (v.c == 0)
        return OC_POINTS_NULL;
    unsigned r = region_of(enc, v.c);
    return r ? r : OC_POINTS_ANY;
}

/* Marks the static regions whose address appears as a value (not only as
 * the address of an access): only those, and allocations, can be the
 * target of a pointer read from memory or passed around. */
static void mark_escaping_address(oc_encoding *enc, const ordo_expr *addr);

/* The region a stored or passed value may be the address of escapes. */
static void mark_escaping_value(oc_encoding *enc, int64_t value)
{
    unsigned r = region_of(enc, value);
    if (r)
        enc->regions[r - 1].escapes = true;
}

/* The constants of e escape where its value flows (is stored, passed,
 * returned); the addresses of the accesses in it are looked at anyway. */
static void mark_escaping_expr(oc_encoding *enc, const ordo_expr *e, bool flows)
{
    if (!e)
        return;
    if (e->kind == ORDO_E_LOAD) {
        mark_escaping_address(enc, e->kid[0]);
        return;
    }
    if (e->kind == ORDO_E_CONST) {
        if (flows)
            mark_escaping_value(enc, e->value);
        return;
    }
    for (int i = 0; i < 3; i++)
        mark_escaping_expr(enc, e->kid[i], flows);
}

/* The address of an access: its constant base, with offsets added or
 * subtracted, is the region it accesses (the address value keeps that
 * region: its candidates are the region's cells), not an escape. Any
 * other constant in it escapes: the value of `*(c ? &a : &b)`'s address
 * knows no region, so its candidates are the escaping regions' cells. */
static void mark_escaping_address(oc_encoding *enc, const ordo_expr *addr)
{
    if (!addr || addr->kind == ORDO_E_CONST)
        return;
    bool offset = addr->kind == ORDO_E_BINOP && (addr->op == ORDO_B_ADD || addr->op == ORDO_B_SUB);
    if (offset && addr->kid[1]->kind == ORDO_E_CONST) {
        mark_escaping_address(enc, addr->kid[0]);
        return;
    }
    if (offset && addr->op == ORDO_B_ADD && addr->kid[0]->kind == ORDO_E_CONST) {
        mark_escaping_address(enc, addr->kid[1]);
        return;
    }
    mark_escaping_expr(enc, addr, true);
}

static void mark_escaping_stmt(oc_encoding *enc, const ordo_stmt *st)
{
    for (unsigned i = 0; st->kind == ORDO_S_SEQ && i < st->n_stmts; i++)
        mark_escaping_stmt(enc, st->stmts[i]);
    bool flows = st->kind == ORDO_S_ASSIGN || st->kind == ORDO_S_THREAD_START ||
                 st->kind == ORDO_S_RETURN;
    mark_escaping_expr(enc, st->rhs, flows);
    for (unsigned i = 0; i < st->n_args; i++)
        mark_escaping_expr(enc, st->args[i], true);
    if (st->has_lhs && st->lhs.is_mem)
        mark_escaping_address(enc, st->lhs.addr);
    mark_escaping_address(enc, st->addr);
    mark_escaping_expr(enc, st->cond, false);
    mark_escaping_expr(enc, st->size, false);
}

/* The addresses in initial values escape too: `int **h = &c[1];`. */
static void mark_escaping_regions(oc_encoding *enc, const ordo_program *p)
{
    for (unsigned v = 0; v < p->n_vars; v++)
        if (p->vars[v].is_global || p->vars[v].is_thread_local)
            mark_escaping_value(enc, p->vars[v].init);
    for (unsigned o = 0; o < p->n_objects; o++)
        for (unsigned i = 0; i < p->objects[o].n_init; i++)
            mark_escaping_value(enc, p->objects[o].init_values[i]);
    for (unsigned f = 0; f < p->n_procs; f++)
        for (unsigned e = 0; e < p->procs[f].n_edges; e++)
            mark_escaping_stmt(enc, p->procs[f].edges[e].stmt);
}

/* ---- guards --------------------------------------------------------------- */

static oc_guard guard_var(oc_encoding *enc, ordo_term definition)
{
    ordo_term v = oc_enc_fresh(enc, "g", ordo_smt_bool_sort(enc->ar.s));
    ordo_smt_assert(enc->ar.s, ordo_smt_app2(enc->ar.s, ORDO_OP_EQ, v, definition));
    return (oc_guard){ OC_G_VAR, v, oc_enc_lit(enc, v) };
}

static ordo_term guard_term(oc_encoding *enc, oc_guard g)
{
    return g.kind == OC_G_VAR ? g.t : ordo_smt_bool(enc->ar.s, g.kind == OC_G_TRUE);
}

/* g ∧ c for a Bool value c (constant-folded). */
static oc_guard guard_and(oc_encoding *enc, oc_guard g, ordo_ir_val c)
{
    if (g.kind == OC_G_FALSE || (c.is_const && !c.c))
        return (oc_guard){ OC_G_FALSE, NULL, 0 };
    if (c.is_const)
        return g;
    if (g.kind == OC_G_TRUE)
        return guard_var(enc, c.t);
    return guard_var(enc, ordo_smt_app2(enc->ar.s, ORDO_OP_AND, g.t, c.t));
}

/* ---- a thread instance's walk ----------------------------------------- */

typedef struct {
    oc_guard g;
    ordo_ir_val *locals;
    int block;            /* open atomic block (index) or -1 */
    unsigned depth;       /* atomic nesting */
} path_state;

typedef struct {
    oc_encoding *enc;
    const ordo_program *p;
    unsigned instance, ethread;
    unsigned last;        /* last event in program order */
    path_state st;
    bool need_anchor;     /* the current visible statement has no step event yet */
    unsigned step_event;  /* its step event, once it has one (else UINT_MAX) */
    oc_guard exited;      /* the paths that ended by pthread_exit */
} walker;

static bool walk_thread(oc_encoding *enc, unsigned proc, ordo_ir_val arg, unsigned create_event,
                        oc_guard g);

/* A visible step begins: its first event at depth 0 will anchor it. */
static void start_step(walker *w)
{
    w->need_anchor = true;
    w->step_event = UINT_MAX;
}

static unsigned emit(walker *w, oc_event_kind kind, unsigned loc, const ordo_stmt *st)
{
    unsigned e = add_event(w->enc, kind, w->ethread, loc, w->st.g, w->instance, st);
    oc_events_add_po(&w->enc->es, w->last, e, 0);
    w->last = e;
    w->enc->es.ev[e].block = w->st.block;
    if (w->need_anchor && w->st.depth == 0) {
        w->enc->info[e].is_step = true;
        w->need_anchor = false;
        w->step_event = e;
    }
    return e;
}

/* A value written at type `from` to a location of type `to`: bit-vectors
 * convert as C does; Int keeps the number, unless _Bool is involved
 * (cell_ranges.h). */
static ordo_ir_val written_as(const ordo_ir_smt *a, ordo_type to, ordo_ir_val x, ordo_type from)
{
    if (a->bv || to.kind == ORDO_TY_BOOL || from.kind == ORDO_TY_BOOL)
        return ordo_ir_cast(a, to, x, from);
    return x;
}

/* The value x of location loc read at type t by st: bit-vectors and _Bool
 * convert as C does; Int keeps the number, or converts it from the range
 * of values a first walk found the location to hold (cell_ranges.h), and
 * records the range the read is exact for. */
static ordo_ir_val read_at(oc_encoding *enc, unsigned loc, ordo_type t, ordo_ir_val x,
                           const ordo_stmt *st)
{
    oc_location *l = &enc->locs[loc];
    if (enc->ar.bv || t.kind == ORDO_TY_BOOL || l->type.kind == ORDO_TY_BOOL)
        return ordo_ir_cast(&enc->ar, t, x, l->type);
    const oc_location *wide = oc_wide_cell(enc->wide, l->is_mem, l->key);
    __int128 lo, hi;
    if (wide) {
        lo = wide->held_lo;
        hi = wide->held_hi;
        x = ordo_ir_int_fit(&enc->ar, t, x, lo, hi);
    } else {
        ordo_type_range(t, &lo, &hi);
    }
    oc_cell_range_read(l, lo, hi, st);
    return x;
}

static ordo_ir_val read_shared(walker *w, bool is_mem, uint64_t key, ordo_type type,
                          const ordo_stmt *st)
{
    oc_encoding *enc = w->enc;
    unsigned loc = location(enc, is_mem, key, type);
    ordo_type lt = enc->locs[loc].type;
    unsigned e = emit(w, OC_READ, loc, st);
    enc->locs[loc].read = true;
    enc->info[e].value = oc_enc_fresh(enc, "r", ordo_ir_sort(&enc->ar, lt));
    ordo_ir_val v = read_at(enc, loc, type, ordo_ir_sym(enc->info[e].value), st);
    if (enc->prior)
        v.region = oc_memory_loaded_region(enc->prior, is_mem, key);
    return v;
}

/* What a store tells the memory summary: where the stored value points
 * (a narrowed pointer is no pointer any more). A store that overwrites
 * the values stored before it, none of which anything can read, replaces
 * what they told. A blind store does not tell the guess (memory.h). */
static void note_store(oc_encoding *enc, unsigned loc, ordo_type type, ordo_ir_val v,
                       bool overwrites, bool blind)
{
    oc_location *l = &enc->locs[loc];
    unsigned pt = l->type.width >= type.width ? points_of(enc, v) : OC_POINTS_ANY;
    l->points = overwrites ? pt : oc_points_join(l->points, pt);
    if (!blind)
        l->points_guess = overwrites ? pt : oc_points_join(l->points_guess, pt);
}

/* Whether a store overwrites every value stored in the location before,
 * in every sequentially consistent execution, before anything reads them:
 * main stores it unguarded, no other thread exists yet, and nothing has
 * read the location so far (the walk visits main's statements in program
 * order along its one unguarded path). A pointer loaded later then does
 * not point anywhere because of an uninitialised local's havoc (barrier_2t
 * fills its array of pointers in a loop after declaring it). */
static bool overwrites_unread(const walker *w, unsigned loc)
{
    return w->instance == 0 && w->enc->n_threads == 1 && w->st.g.kind == OC_G_TRUE &&
           !w->enc->locs[loc].read;
}

/* A store; a blind one is one candidate of an address of unknown region. */
static void write_shared(walker *w, bool is_mem, uint64_t key, ordo_type type, ordo_ir_val v,
                         bool blind, const ordo_stmt *st)
{
    oc_encoding *enc = w->enc;
    unsigned loc = location(enc, is_mem, key, type);
    ordo_type lt = enc->locs[loc].type;
    unsigned e = emit(w, OC_WRITE, loc, st);
    enc->info[e].value = ordo_ir_term(&enc->ar, lt, written_as(&enc->ar, lt, v, type));
    oc_cell_range_write(&enc->locs[loc], type);
    note_store(enc, loc, type, v, overwrites_unread(w, loc), blind);
}

/* ---- symbolic addresses ------------------------------------------------- */

static ordo_ir_val eval(walker *w, const ordo_expr *e, const ordo_stmt *st);

/* A constant that may be an address: it knows its region. */
static ordo_ir_val pointer(const oc_encoding *enc, ordo_type t, int64_t c)
{
    ordo_ir_val v = ordo_ir_const(&enc->ar, t, c);
    v.region = region_of(enc, v.c);
    return v;
}

/* At most this many cells are candidates of one symbolic access. */
#define MAX_CANDIDATES 4096

/* The cells a symbolic address may denote: its region's, or every cell of
 * every escaping region. Of an allocation of symbolic size only the first
 * OC_SYMBOLIC_CELLS cells are candidates: an access beyond them stops the
 * thread, which makes a SAFE verdict bounded (like an unwinding
 * assumption, but one no deeper unroll bound lifts). False (unsupported)
 * when the set is too large. */
static bool candidate_cells(walker *w, ordo_ir_val addr, const ordo_stmt *st, uint64_t **out,
                            size_t *n)
{
    oc_encoding *enc = w->enc;
    size_t first = addr.region ? addr.region - 1 : 0;
    size_t last = addr.region ? addr.region : enc->n_regions;
    *n = 0;
    for (size_t r = first; r < last; r++) {
        if (!addr.region && !enc->regions[r].escapes)
            continue;
        if (enc->regions[r].symbolic_size)
            enc->cells_cut = true;
        *n += enc->regions[r].n_cells;
    }
    if (*n > MAX_CANDIDATES) {
        unsupported(enc, st, "symbolic address with %zu candidate cells", *n);
        return false;
    }
    *out = xmalloc((*n + 1) * sizeof **out);
    size_t k = 0;
    for (size_t r = first; r < last; r++)
        for (uint64_t c = 0;
             (addr.region || enc->regions[r].escapes) && c < enc->regions[r].n_cells; c++)
            (*out)[k++] = enc->regions[r].base + c;
    return true;
}

static unsigned sync_event(walker *w, const ordo_stmt *st);

/* Whether cells lo..hi are addresses lo..hi of type t (no wrap-around). */
static bool fits_address(ordo_type t, uint64_t hi)
{
    unsigned bits = t.width - (t.kind == ORDO_TY_INT && t.is_signed);
    return bits >= 64 || hi < (UINT64_C(1) << bits);
}

/* addr ∈ cells (ascending): a range test per run of consecutive cells,
 * not an equality per cell (one region is one run). */
static ordo_term address_in(oc_encoding *enc, ordo_ir_val addr, ordo_type addr_type,
                            const uint64_t *cells, size_t n)
{
    const ordo_ir_smt *ar = &enc->ar;
    ordo_type b = ordo_ty_bool();
    ordo_term *runs = xmalloc((n + 1) * sizeof *runs);
    size_t n_runs = 0;
    for (size_t i = 0, j; i < n; i = j) {
        for (j = i + 1; j < n && cells[j] == cells[j - 1] + 1; j++)
            ;
        ordo_ir_val lo = ordo_ir_const(ar, addr_type, (int64_t)cells[i]);
        ordo_ir_val hi = ordo_ir_const(ar, addr_type, (int64_t)cells[j - 1]);
        if (j - i > 1 && !fits_address(addr_type, cells[j - 1]))
            j = i + 1; /* this cell alone */
        ordo_ir_val in =
            j - i == 1
                ? ordo_ir_binop(ar, ORDO_B_EQ, b, addr, addr_type, lo, addr_type)
                : ordo_ir_binop(ar, ORDO_B_AND, b,
                                ordo_ir_binop(ar, ORDO_B_LE, b, lo, addr_type, addr, addr_type), b,
                                ordo_ir_binop(ar, ORDO_B_LE, b, addr, addr_type, hi, addr_type), b);
        runs[n_runs++] = ordo_ir_term(ar, b, in);
    }
    ordo_term t = ordo_smt_app(ar->s, ORDO_OP_OR, (unsigned)n_runs, runs);
    free(runs);
    return t;
}

/* Whether a symbolic write leaves the cell out: a first walk leaves out
 * every cell (it only learns what is read and stored), a second walk the
 * cells that nothing reads (memory.h). */
static bool write_left_out(const oc_encoding *enc, uint64_t cell)
{
    return !enc->prior || oc_memory_cell_unread(enc->prior, cell);
}

/* A symbolic access becomes one guarded access per candidate cell (only
 * one is enabled); an address outside every candidate is undefined (the
 * interpreter stops): the thread stops. A read's value is the ite over
 * the candidates. A write left out of a cell has no event; when one may
 * have anchored the statement's step, a SYNC event does. */
static ordo_ir_val access_candidates(walker *w, ordo_ir_val addr, ordo_type addr_type,
                                     bool is_write, ordo_type type, ordo_ir_val v,
                                     const ordo_stmt *st)
{
    oc_encoding *enc = w->enc;
    uint64_t *cells;
    size_t n;
    ordo_ir_val result = ordo_ir_const(&enc->ar, type, 0);
    if (!candidate_cells(w, addr, st, &cells, &n))
        return result;
    if (!addr.region) {
        enc->blind_access = true;
        enc->blind_write |= is_write;
    }
    oc_guard at = w->st.g;
    size_t n_left_out = 0;
    for (size_t i = 0; is_write && i < n; i++)
        n_left_out += write_left_out(enc, cells[i]);
    if (n_left_out && w->need_anchor && w->st.depth == 0)
        sync_event(w, st);
    if (enc->prior)
        enc->n_unread_writes += n_left_out;
    else
        enc->writes_deferred |= n_left_out > 0;
    bool anchor = w->need_anchor;
    ordo_ir_val *vals = xmalloc((n + 1) * sizeof *vals);
    ordo_term *eq = xmalloc((n + 1) * sizeof *eq);
    for (size_t i = 0; i < n; i++) {
        vals[i] = ordo_ir_const(&enc->ar, type, 0);
        if (is_write && write_left_out(enc, cells[i])) {
            if (!enc->prior)
                note_store(enc, location(enc, true, cells[i], type), type, v, false, !addr.region);
            continue;
        }
        ordo_ir_val is_c = ordo_ir_binop(&enc->ar, ORDO_B_EQ, ordo_ty_bool(), addr, addr_type,
                               ordo_ir_const(&enc->ar, addr_type, (int64_t)cells[i]), addr_type);
        eq[i] = ordo_ir_term(&enc->ar, ordo_ty_bool(), is_c);
        w->st.g = guard_and(enc, at, is_c);
        w->need_anchor = anchor; /* each candidate may be the step */
        if (w->st.g.kind == OC_G_FALSE)
            continue;
        if (is_write)
            write_shared(w, true, cells[i], type, v, !addr.region, st);
        else
            vals[i] = read_shared(w, true, cells[i], type, st);
    }
    for (size_t i = n; !is_write && i-- > 0;)
        result = i == n - 1 ? vals[i] : ordo_ir_ite(&enc->ar, type, eq[i], vals[i], result);
    w->st.g = guard_and(enc, at, ordo_ir_sym(address_in(enc, addr, addr_type, cells, n)));
    /* The interpreter does not execute a statement with an undefined
     * access: its step (whose reads so far had no effect) is no step. */
    if (w->step_event != UINT_MAX)
        enc->info[w->step_event].completes = guard_term(enc, w->st.g);
    if (anchor)
        w->need_anchor = false;
    free(eq);
    free(vals);
    free(cells);
    return result;
}

static ordo_ir_val eval(walker *w, const ordo_expr *e, const ordo_stmt *st);

/* A load through the address value addr (of type addr_type). */
static ordo_ir_val read_through(walker *w, ordo_ir_val addr, ordo_type addr_type, ordo_type type,
                                const ordo_stmt *st)
{
    if (addr.is_const)
        return read_shared(w, true, (uint64_t)addr.c, type, st);
    return access_candidates(w, addr, addr_type, false, type, addr, st);
}

static ordo_ir_val mem_read(walker *w, const ordo_expr *addr_expr, ordo_type type,
                            const ordo_stmt *st)
{
    return read_through(w, eval(w, addr_expr, st), addr_expr->type, type, st);
}

static void mem_write(walker *w, const ordo_expr *addr_expr, ordo_type type, ordo_ir_val v,
                      const ordo_stmt *st)
{
    ordo_ir_val addr = eval(w, addr_expr, st);
    if (addr.is_const)
        write_shared(w, true, (uint64_t)addr.c, type, v, false, st);
    else
        access_candidates(w, addr, addr_expr->type, true, type, v, st);
}

/* The leaves of statement st's expressions (ordo_ir_leaves): variables
 * are the path's locals and events of global locations, loads events of
 * memory cells, constants know their region. */
typedef struct {
    walker *w;
    const ordo_stmt *st;
} leaf_ctx;

static ordo_ir_val leaf_var(void *ud, const ordo_expr *e)
{
    leaf_ctx *c = ud;
    if (c->w->p->vars[e->var].is_global)
        return read_shared(c->w, false, e->var, e->type, c->st);
    return c->w->st.locals[e->var];
}

static ordo_ir_val leaf_load(void *ud, const ordo_expr *e, ordo_ir_val addr)
{
    leaf_ctx *c = ud;
    return read_through(c->w, addr, e->kid[0]->type, e->type, c->st);
}

static ordo_ir_val leaf_constant(void *ud, const ordo_expr *e)
{
    leaf_ctx *c = ud;
    return pointer(c->w->enc, e->type, e->value);
}

static ordo_ir_val eval(walker *w, const ordo_expr *e, const ordo_stmt *st)
{
    leaf_ctx c = { w, st };
    ordo_ir_leaves leaves = { leaf_var, leaf_load, leaf_constant, &c };
    return ordo_ir_expr(&w->enc->ar, e, &leaves);
}

static void assign(walker *w, const ordo_lvalue *lv, ordo_ir_val v, const ordo_stmt *st)
{
    if (lv->is_mem) {
        mem_write(w, lv->addr, lv->type, v, st);
    } else if (w->p->vars[lv->var].is_global) {
        write_shared(w, false, lv->var, lv->type, v, false, st);
    } else {
        w->st.locals[lv->var] = v;
    }
}

/* A value of type `from` stored at type `to`: converted as the
 * interpreter's write does (the IR's assignments mostly have one type). */
static ordo_ir_val converted(walker *w, ordo_ir_val v, ordo_type from, ordo_type to)
{
    return ordo_type_equal(from, to) ? v : ordo_ir_cast(&w->enc->ar, to, v, from);
}

/* A SYNC event (no location). */
static unsigned sync_event(walker *w, const ordo_stmt *st)
{
    return emit(w, OC_SYNC, 0, st);
}

/* Atomic sections (and steps made of several events): one block per
 * outermost section, with begin and end SYNC events; the events in
 * between carry the block. The section runs under a fresh guard S that
 * anchors its step: S ⇒ the guard at entry, and S ⇒ the section
 * completes (reaches its end, an error or an exit). A section that would
 * block inside (a false assume, a held lock, an unfinished join) thus
 * does not start: in the interpreter nothing else could run after it,
 * and a thread may always stop early (reachability is prefix-closed), so
 * this is exact. */
static void atomic_begin(walker *w, const ordo_stmt *st)
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
    unsigned b = sync_event(w, st);
    w->st.depth = 1;
    w->st.block = (int)oc_events_add_block(&enc->es, b, b);
    enc->es.ev[b].block = w->st.block;
    XGROW(enc->sections, enc->n_sections, enc->cap_sections);
    enc->sections[enc->n_sections++] = (oc_section){ s, ordo_smt_bool(enc->ar.s, false) };
}

static void atomic_end(walker *w, const ordo_stmt *st)
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
        unsupported(enc, st, "atomic section with several ends");
        return;
    }
    const oc_section *sec = &enc->sections[w->st.block];
    ordo_term done = ordo_smt_app2(enc->ar.s, ORDO_OP_OR, guard_term(enc, w->st.g), sec->escaped);
    ordo_smt_assert(enc->ar.s, ordo_smt_app2(enc->ar.s, ORDO_OP_IMPLIES, sec->guard.t, done));
    bool anchor = w->need_anchor;
    w->need_anchor = false; /* the end is part of the section's step */
    unsigned e = sync_event(w, st);
    w->need_anchor = anchor;
    b->end = e;
    w->st.block = -1;
}

static void exec(walker *w, const ordo_stmt *st);

static void exec_havoc(walker *w, const ordo_stmt *st)
{
    oc_encoding *enc = w->enc;
    ordo_term v = oc_enc_fresh(enc, "nondet", ordo_ir_sort(&enc->ar, st->lhs.type));
    ordo_smt_assert(enc->ar.s, ordo_ir_in_range(&enc->ar, st->lhs.type, v));
    XGROW(enc->havocs, enc->n_havocs, enc->cap_havocs);
    enc->havocs[enc->n_havocs++] = (oc_havoc){ w->instance, guard_term(enc, w->st.g), v,
                                               st->lhs.type };
    assign(w, &st->lhs, ordo_ir_sym(v), st);
}

/* The region of the next allocation. A second walk has every region from
 * the start and meets the same allocations in the same order. */
static void allocation_region(oc_encoding *enc, const ordo_stmt *st, uint64_t base,
                              uint64_t n_cells, bool symbolic_size)
{
    size_t r = enc->p->n_objects + enc->n_allocs++;
    if (r >= enc->n_regions) {
        enc->blind_write_before_alloc |= enc->blind_write;
        add_region(enc, base, n_cells, symbolic_size, true);
    } else if (enc->regions[r].base != base || enc->regions[r].n_cells != n_cells) {
        unsupported(enc, st, "internal error: the second walk met another allocation");
    }
}

/* Allocation: fresh cells at a new base address. Every cell not written
 * yet reads 0 (its initial write), as the IR's zeroed cells. A
 * symbolic size reserves a gap no access of the program reaches. */
static void exec_alloc(walker *w, const ordo_stmt *st)
{
    oc_encoding *enc = w->enc;
    ordo_ir_val size = eval(w, st->size, st);
    uint64_t base = enc->next_alloc;
    bool small = size.is_const && size.c >= 0 && (uint64_t)size.c < ALLOC_GAP;
    enc->next_alloc += small ? (uint64_t)size.c + 1 : ALLOC_GAP;
    unsigned width = ordo_ty_ptr(enc->p->data_model).width;
    if (width < 64 && enc->next_alloc >= UINT64_C(1) << (width - 1) && !enc->high_alloc)
        enc->high_alloc = st;
    allocation_region(enc, st, base, small ? (uint64_t)size.c : OC_SYMBOLIC_CELLS, !small);
    sync_event(w, st);
    if (st->has_lhs)
        assign(w, &st->lhs, pointer(enc, st->lhs.type, (int64_t)base), st);
}

static void exec_thread_start(walker *w, const ordo_stmt *st)
{
    oc_encoding *enc = w->enc;
    ordo_ir_val arg =
        st->rhs ? eval(w, st->rhs, st) : ordo_ir_const(&enc->ar, ordo_ty_int(32, true), 0);
    unsigned c = sync_event(w, st);
    unsigned id = (unsigned)enc->n_threads;
    if (st->has_lhs)
        assign(w, &st->lhs, ordo_ir_const(&enc->ar, st->lhs.type, id), st);
    walk_thread(enc, st->proc, arg, c, w->st.g);
}

/* g ∨ h for two guards. */
static oc_guard guard_or(oc_encoding *enc, oc_guard g, oc_guard h)
{
    if (g.kind == OC_G_TRUE || h.kind == OC_G_FALSE)
        return g;
    if (h.kind == OC_G_TRUE || g.kind == OC_G_FALSE)
        return h;
    return guard_var(enc, ordo_smt_app2(enc->ar.s, ORDO_OP_OR, g.t, h.t));
}

/* g ∧ h for two guards. */
static oc_guard guard_and_guard(oc_encoding *enc, oc_guard g, oc_guard h)
{
    if (h.kind == OC_G_TRUE)
        return g;
    if (h.kind == OC_G_FALSE)
        return h;
    return guard_and(enc, g, ordo_ir_sym(h.t));
}

/* Join: completes once the joined thread has terminated (a guarded po
 * edge from its end). A symbolic id may denote several instances, each
 * with its own edge; an id of no instance is over-approximated as not
 * blocking. */
static void exec_join(walker *w, const ordo_stmt *st)
{
    oc_encoding *enc = w->enc;
    ordo_smt *s = enc->ar.s;
    ordo_ir_val id = eval(w, st->cond, st);
    size_t n = enc->n_threads;
    if (id.is_const) {
        if (id.c >= 0 && (size_t)id.c < n)
            w->st.g = guard_and_guard(enc, w->st.g, enc->threads[id.c].terminated);
        unsigned j = sync_event(w, st);
        if (id.c >= 0 && (size_t)id.c < n && w->st.g.kind != OC_G_FALSE)
            oc_events_add_po(&enc->es, enc->threads[id.c].end_event, j,
                             w->st.g.kind == OC_G_VAR ? w->st.g.lit : 0);
        return;
    }
    ordo_type it = st->cond->type;
    oc_guard *done = xmalloc((n + 1) * sizeof *done);
    ordo_term none = ordo_smt_bool(s, true), any = NULL;
    for (size_t k = 0; k < n; k++) {
        ordo_ir_val is_k = ordo_ir_binop(&enc->ar, ORDO_B_EQ, ordo_ty_bool(), id, it,
                               ordo_ir_const(&enc->ar, it, (int64_t)k), it);
        done[k] = guard_and_guard(enc, guard_and(enc, w->st.g, is_k), enc->threads[k].terminated);
        none = ordo_smt_app2(s, ORDO_OP_AND, none, ordo_smt_app1(s, ORDO_OP_NOT, is_k.t));
        any = any ? ordo_smt_app2(s, ORDO_OP_OR, any, guard_term(enc, done[k]))
                  : guard_term(enc, done[k]);
    }
    any = any ? ordo_smt_app2(s, ORDO_OP_OR, any, none) : none;
    w->st.g = guard_and(enc, w->st.g, ordo_ir_sym(any));
    unsigned j = sync_event(w, st);
    for (size_t k = 0; k < n; k++)
        if (done[k].kind != OC_G_FALSE)
            oc_events_add_po(&enc->es, enc->threads[k].end_event, j,
                             done[k].kind == OC_G_VAR ? done[k].lit : 0);
    free(done);
}

/* pthread_mutex_lock: read 0 and write 1 in one step (exec_step makes it
 * atomic); a held lock stops the thread (the model may as well read a
 * later unlock's 0). */
static void exec_lock(walker *w, const ordo_stmt *st)
{
    oc_encoding *enc = w->enc;
    ordo_type t = ordo_ty_int(32, true);
    ordo_ir_val v = mem_read(w, st->addr, t, st);
    ordo_ir_val is_free = ordo_ir_binop(&enc->ar, ORDO_B_EQ, ordo_ty_bool(), v, t,
                              ordo_ir_const(&enc->ar, t, 0), t);
    w->st.g = guard_and(enc, w->st.g, is_free);
    mem_write(w, st->addr, t, ordo_ir_const(&enc->ar, t, 1), st);
}

static void exec_unlock(walker *w, const ordo_stmt *st)
{
    ordo_type t = ordo_ty_int(32, true);
    mem_write(w, st->addr, t, ordo_ir_const(&w->enc->ar, t, 0), st);
}

/* ERROR reads "live" (the program has not exited); EXIT writes it. */
static void exec_end(walker *w, const ordo_stmt *st, bool is_error)
{
    oc_encoding *enc = w->enc;
    ordo_type b = ordo_ty_bool();
    if (is_error) {
        ordo_ir_val live = read_shared(w, false, LIVE_KEY, b, st);
        XGROW(enc->errors, enc->n_errors, enc->cap_errors);
        enc->errors[enc->n_errors++] = (oc_error){
            w->last, ordo_smt_app2(enc->ar.s, ORDO_OP_AND, guard_term(enc, w->st.g),
                                   ordo_ir_term(&enc->ar, b, live)) };
    } else {
        write_shared(w, false, LIVE_KEY, b, ordo_ir_const(&enc->ar, b, 0), false, st);
    }
    if (w->st.block >= 0) {
        oc_section *sec = &enc->sections[w->st.block];
        sec->escaped = ordo_smt_app2(enc->ar.s, ORDO_OP_OR, sec->escaped, guard_term(enc, w->st.g));
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

static void exec(walker *w, const ordo_stmt *st)
{
    if (w->st.g.kind == OC_G_FALSE || w->enc->unsupported)
        return;
    switch (st->kind) {
    case ORDO_S_SKIP:
        return;
    case ORDO_S_ASSIGN:
        assign(w, &st->lhs, converted(w, eval(w, st->rhs, st), st->rhs->type, st->lhs.type), st);
        return;
    case ORDO_S_HAVOC:
        exec_havoc(w, st);
        return;
    case ORDO_S_ASSUME: {
        ordo_ir_val c = eval(w, st->cond, st);
        w->st.g =
            guard_and(w->enc, w->st.g,
                      c.is_const ? c : ordo_ir_sym(ordo_ir_truth(&w->enc->ar, st->cond->type, c)));
        return;
    }
    case ORDO_S_ALLOC:
        exec_alloc(w, st);
        return;
    case ORDO_S_FREE:
        if (ordo_expr_is_shared(w->p, st->addr))
            eval(w, st->addr, st);
        sync_event(w, st);
        return;
    case ORDO_S_THREAD_START:
        exec_thread_start(w, st);
        return;
    case ORDO_S_THREAD_JOIN:
        exec_join(w, st);
        return;
    case ORDO_S_ATOMIC_BEGIN:
        atomic_begin(w, st);
        return;
    case ORDO_S_ATOMIC_END:
        atomic_end(w, st);
        return;
    case ORDO_S_LOCK:
        exec_lock(w, st);
        return;
    case ORDO_S_UNLOCK:
        exec_unlock(w, st);
        return;
    case ORDO_S_RETURN:
        if (st->rhs && ordo_expr_is_shared(w->p, st->rhs))
            eval(w, st->rhs, st);
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
        unsupported(w->enc, st, "call of a procedure that was not inlined");
        return;
    case ORDO_S_THREAD_EXIT: /* the thread ends here: it counts as terminated */
        w->exited = guard_or(w->enc, w->exited, w->st.g);
        w->st.g = (oc_guard){ OC_G_FALSE, NULL, 0 };
        return;
    }
}

/* Executes a top-level statement as one visible step (trace.h). */
static void exec_step(walker *w, const ordo_stmt *st)
{
    if (w->st.g.kind == OC_G_FALSE)
        return;
    bool block = w->st.depth == 0 && needs_step_block(w->p, st);
    start_step(w);
    if (block)
        atomic_begin(w, st);
    exec(w, st);
    if (block && w->st.depth == 1)
        atomic_end(w, st);
    w->need_anchor = false;
}

/* ---- locations and edges --------------------------------------------- */

typedef struct {
    size_t n, cap;
    path_state *in;
} incoming;

/* The condition that decides whether an edge is enabled: its ASSUME (the
 * first statement of a SEQ), else none. */
static const ordo_expr *edge_condition(const ordo_stmt *st)
{
    if (st->kind == ORDO_S_SEQ && st->n_stmts > 0)
        st = st->stmts[0];
    return st->kind == ORDO_S_ASSUME ? st->cond : NULL;
}

/* The statements after the deciding condition. */
static void exec_edge_rest(walker *w, const ordo_stmt *st)
{
    if (st->kind == ORDO_S_ASSUME)
        return;
    if (st->kind == ORDO_S_SEQ) {
        unsigned first = edge_condition(st) ? 1 : 0;
        for (unsigned i = first; i < st->n_stmts; i++)
            exec_step(w, st->stmts[i]);
        return;
    }
    exec_step(w, st);
}

static unsigned count_reads(const ordo_program *p, const ordo_expr *e)
{
    if (!e)
        return 0;
    unsigned n = e->kind == ORDO_E_LOAD || (e->kind == ORDO_E_VAR && p->vars[e->var].is_global);
    for (int i = 0; i < 3; i++)
        n += count_reads(p, e->kid[i]);
    return n;
}

static path_state copy_state(const path_state *s, size_t n_vars)
{
    path_state c = *s;
    c.locals = xmalloc((n_vars + 1) * sizeof *c.locals);
    memcpy(c.locals, s->locals, n_vars * sizeof *c.locals);
    return c;
}

/* Merges paths reaching a location (in one atomic section): guard =
 * their disjunction, each differing local an ite over the (exclusive)
 * path guards. */
static void merge(oc_encoding *enc, const ordo_program *p, incoming *in, path_state *out)
{
    ordo_smt *s = enc->ar.s;
    if (in->n == 1) {
        *out = in->in[0];
        return;
    }
    *out = in->in[0];
    bool any_true = false;
    ordo_term disj = ordo_smt_bool(s, false);
    for (size_t i = 0; i < in->n; i++) {
        any_true |= in->in[i].g.kind == OC_G_TRUE;
        disj = ordo_smt_app2(s, ORDO_OP_OR, disj, guard_term(enc, in->in[i].g));
    }
    out->g = any_true ? TRUE_GUARD : guard_var(enc, disj);
    for (unsigned v = 0; v < p->n_vars; v++) {
        if (p->vars[v].is_global)
            continue;
        ordo_ir_val val = in->in[in->n - 1].locals[v];
        for (size_t i = in->n - 1; i-- > 0;)
            val = ordo_ir_ite(&enc->ar, p->vars[v].type, guard_term(enc, in->in[i].g),
                         in->in[i].locals[v], val);
        out->locals[v] = val;
    }
    for (size_t i = 1; i < in->n; i++)
        free(in->in[i].locals);
}

/* Frees the states of the paths from the first-th on (merge consumed
 * the others). */
static void free_paths(incoming *in, size_t first)
{
    for (size_t i = first; i < in->n; i++)
        free(in->in[i].locals);
}

/* Orders paths by their atomic section. */
static int by_section(const void *a, const void *b)
{
    const path_state *x = a, *y = b;
    if (x->block != y->block)
        return x->block < y->block ? -1 : 1;
    return (x->depth > y->depth) - (x->depth < y->depth);
}

/* The out-edges of one location under first-enabled-edge semantics
 * (interp.h): edge i is taken when its condition holds and no earlier
 * one's does. Conditions reading shared state more than once are read in
 * one atomic step, as the interpreter decides a branch at once. */
static void leave_location(walker *w, const ordo_proc *pr, const ordo_edge_index *out,
                           unsigned loc, incoming *ins)
{
    oc_encoding *enc = w->enc;
    size_t n_vars = w->p->n_vars;
    const unsigned *edge = out->edge + out->start[loc];
    unsigned n_out = out->start[loc + 1] - out->start[loc], reads = 0;
    for (unsigned j = 0; j < n_out; j++)
        reads += count_reads(w->p, edge_condition(pr->edges[edge[j]].stmt));
    if (!n_out)
        return;
    bool block = reads > 0 && w->st.depth == 0;
    const ordo_stmt *first_stmt = NULL;
    ordo_ir_val *conds = xmalloc((n_out + 1) * sizeof *conds);
    unsigned k = 0;
    start_step(w);
    for (unsigned j = 0; j < n_out; j++) {
        const ordo_stmt *st = pr->edges[edge[j]].stmt;
        const ordo_expr *c = edge_condition(st);
        if (block && !first_stmt)
            atomic_begin(w, st);
        first_stmt = first_stmt ? first_stmt : st;
        conds[k++] = c ? eval(w, c, st) : ordo_ir_const(&enc->ar, ordo_ty_bool(), 1);
        if (c && !conds[k - 1].is_const)
            conds[k - 1] = ordo_ir_sym(ordo_ir_truth(&enc->ar, c->type, conds[k - 1]));
    }
    if (block) { /* the step happens when some edge is enabled */
        path_state before = w->st;
        ordo_term any = ordo_smt_bool(enc->ar.s, false);
        for (unsigned i = 0; i < k; i++)
            any = ordo_smt_app2(enc->ar.s, ORDO_OP_OR, any,
                                ordo_ir_term(&enc->ar, ordo_ty_bool(), conds[i]));
        w->st.g = guard_and(enc, w->st.g, ordo_ir_sym(any));
        atomic_end(w, first_stmt);
        before.block = w->st.block;
        before.depth = w->st.depth;
        w->st = before;
    }
    w->need_anchor = false;
    path_state at = w->st;
    ordo_term none_before = NULL; /* ¬c_0 ∧ ... ∧ ¬c_{i-1} */
    bool earlier_true = false;
    k = 0;
    for (unsigned j = 0; j < n_out && !enc->unsupported; j++) {
        unsigned i = edge[j];
        ordo_ir_val c = conds[k++];
        if (earlier_true)
            break;
        path_state ps = copy_state(&at, n_vars);
        ps.g = guard_and(enc, at.g, c);
        if (none_before)
            ps.g = guard_and(enc, ps.g, ordo_ir_sym(none_before));
        if (c.is_const && c.c)
            earlier_true = true;
        else if (!c.is_const) {
            ordo_term not_c = ordo_smt_app1(enc->ar.s, ORDO_OP_NOT, c.t);
            none_before = none_before ? ordo_smt_app2(enc->ar.s, ORDO_OP_AND, none_before, not_c)
                                      : not_c;
        }
        if (ps.g.kind == OC_G_FALSE) {
            free(ps.locals);
            continue;
        }
        w->st = ps;
        exec_edge_rest(w, pr->edges[i].stmt);
        if (pr->edges[i].stmt->unwinding && w->st.g.kind != OC_G_FALSE)
            enc->unwinding = true;
        incoming *to = &ins[pr->edges[i].to];
        if (w->st.g.kind == OC_G_FALSE) {
            free(w->st.locals);
            continue;
        }
        XGROW(to->in, to->n, to->cap);
        to->in[to->n++] = w->st;
    }
    free(conds);
    w->st = at;
}

/* Walks one thread instance of procedure `proc` (thesis: threads created
 * in loops get one instance per unrolled creation). */
static bool walk_thread(oc_encoding *enc, unsigned proc, ordo_ir_val arg, unsigned create_event,
                        oc_guard g)
{
    const ordo_program *p = enc->p;
    const ordo_proc *pr = &p->procs[proc];
    unsigned instance = (unsigned)enc->n_threads;
    XGROW(enc->threads, enc->n_threads, enc->cap_threads);
    enc->threads[enc->n_threads++] = (oc_thread){ proc, create_event, 0,
                                                  { OC_G_FALSE, NULL, 0 } };
    unsigned *order = xmalloc((pr->n_locs + 1) * sizeof *order);
    ordo_edge_index out = ordo_edge_index_of(pr, false);
    if (!ordo_topological_locations(pr, &out, order)) {
        free(order);
        ordo_edge_index_free(&out);
        unsupported(enc, NULL, "loop left in %s after unrolling", pr->name);
        return false;
    }
    walker w = {.enc = enc,
                .p = p,
                .step_event = UINT_MAX,
                .instance = instance,
                .ethread = instance + 1,
                .last = create_event,
                .exited = {OC_G_FALSE, NULL, 0}};
    incoming *ins = xcalloc(pr->n_locs + 1, sizeof *ins);
    path_state start = { g, xcalloc(p->n_vars + 1, sizeof *start.locals), -1, 0 };
    for (unsigned v = 0; v < p->n_vars; v++) /* thread-locals: the thread's own copy */
        start.locals[v] = ordo_ir_const(&enc->ar, p->vars[v].type,
                                   p->vars[v].is_thread_local ? p->vars[v].init : 0);
    if (pr->n_params > 0)
        start.locals[pr->params[0]] = arg;
    ins[pr->init_loc].in = xmalloc(sizeof *ins[pr->init_loc].in);
    ins[pr->init_loc].in[0] = start;
    ins[pr->init_loc].n = ins[pr->init_loc].cap = 1;
    oc_guard terminated = { OC_G_FALSE, NULL, 0 };
    for (unsigned k = 0; k < pr->n_locs; k++) {
        unsigned l = order[k];
        if (!ins[l].n)
            continue;
        bool dead_end = l != pr->final_loc && out.start[l] == out.start[l + 1];
        if (dead_end || enc->unsupported) { /* the thread stops, or the walk */
            free_paths(&ins[l], 0);
            continue;
        }
        /* Paths inside different atomic sections are not merged: each
         * group of paths in the same section goes on separately. */
        qsort(ins[l].in, ins[l].n, sizeof *ins[l].in, by_section);
        size_t start = 0;
        for (size_t end; start < ins[l].n && !enc->unsupported; start = end) {
            for (end = start + 1; end < ins[l].n && !by_section(&ins[l].in[start], &ins[l].in[end]);
                 end++)
                ;
            incoming group = { end - start, end - start, ins[l].in + start };
            merge(enc, p, &group, &w.st);
            if (l == pr->final_loc)
                terminated = guard_or(enc, terminated, w.st.g);
            else
                leave_location(&w, pr, &out, l, ins);
            free(w.st.locals);
        }
        free_paths(&ins[l], start); /* the groups a stopped walk left */
    }
    for (unsigned l = 0; l < pr->n_locs; l++)
        free(ins[l].in);
    free(ins);
    ordo_edge_index_free(&out);
    free(order);
    w.st.g = terminated = guard_or(enc, terminated, w.exited);
    w.st.block = -1;
    w.st.depth = 0;
    enc->threads[instance].terminated = terminated;
    enc->threads[instance].end_event = sync_event(&w, NULL);
    return !enc->unsupported;
}

bool oc_unroll(oc_encoding *enc, const ordo_program *p, ordo_smt *s, const oc_walk_plan *plan)
{
    const oc_memory_summary *prior = plan->prior;
    memset(enc, 0, sizeof *enc);
    enc->p = p;
    enc->max_events = plan->max_events;
    enc->cpu_stop_s = plan->cpu_stop_s;
    enc->ar = (ordo_ir_smt){ .s = s, .bv = plan->bv };
    enc->wide = plan->wide;
    oc_events_init(&enc->es);
    enc->next_alloc = p->next_address + 1;
    enc->init_done = add_event(enc, OC_SYNC, 0, 0, TRUE_GUARD, UINT_MAX, NULL);
    enc->live_loc = 0;
    enc->false_lit = oc_enc_lit(enc, ordo_smt_bool(s, false));
    for (unsigned o = 0; o < p->n_objects; o++)
        add_region(enc, p->objects[o].base, p->objects[o].n_cells, false, false);
    mark_escaping_regions(enc, p);
    enc->prior = prior;
    for (size_t r = p->n_objects; prior && r < prior->n_regions; r++) {
        XGROW(enc->regions, enc->n_regions, enc->cap_regions);
        enc->regions[enc->n_regions++] = prior->regions[r];
    }
    location(enc, false, LIVE_KEY, ordo_ty_bool()); /* location 0: live */
    if (p->main_proc >= p->n_procs) {
        unsupported(enc, NULL, "no main procedure");
        return false;
    }
    bool ok = walk_thread(enc, p->main_proc, ordo_ir_const(&enc->ar, ordo_ty_int(32, true), 0),
                          enc->init_done, TRUE_GUARD);
    enc->prior = NULL; /* read during the walk only: the caller frees them */
    enc->wide = NULL;
    return ok;
}

bool oc_memory_summarize(oc_encoding *enc, oc_memory_summary *out)
{
    if (!enc->blind_access && !enc->writes_deferred)
        return false;
    *out = (oc_memory_summary){ .regions = enc->regions, .n_regions = enc->n_regions,
                                .locs = enc->locs, .n_locs = enc->n_locs,
                                .table = enc->loc_table,
                                .cells_complete = !enc->blind_write_before_alloc,
                                .reads_complete = !enc->blind_access };
    enc->regions = NULL;
    enc->locs = NULL;
    enc->loc_table = (oc_loc_table){ 0 };
    return true;
}

void oc_encoding_free(oc_encoding *enc)
{
    oc_events_free(&enc->es);
    free(enc->lit_term);
    free(enc->info);
    free(enc->locs);
    free(enc->loc_table.slots);
    free(enc->threads);
    free(enc->havocs);
    free(enc->errors);
    free(enc->sections);
    free(enc->regions);
    free(enc->unsupported);
    memset(enc, 0, sizeof *enc);
}

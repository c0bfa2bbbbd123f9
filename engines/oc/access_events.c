/* The events of shared accesses (walk.h): reads and writes of globals and
 * cells, accesses through symbolic addresses (one guarded event per
 * candidate cell), and expressions as SMT values over them. */
#include <limits.h>
#include <stdlib.h>

#include <ordo/expr_eval.h>
#include <ordo/ir_build.h>
#include <ordo/xalloc.h>

#include "cell_ranges.h"
#include "walk.h"

/* A visible step begins: its first event at depth 0 will anchor it. */
void oc_start_step(oc_walker *w)
{
    w->need_anchor = true;
    w->step_event = UINT_MAX;
}

static unsigned emit(oc_walker *w, oc_event_kind kind, unsigned loc, const ordo_stmt *st)
{
    unsigned e = oc_add_event(w->enc, kind, w->ethread, loc, w->st.g, w->instance, st);
    oc_events_add_po(&w->enc->es, w->last, e, 0);
    w->last = e;
    w->enc->es.ev[e].block = w->st.block;
    if (w->need_anchor && w->st.depth == 0) {
        w->enc->info[e].is_step = true;
        w->need_anchor = false;
        w->step_event = e;
        w->last_step = e;
        w->last_step_g = w->st.g;
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

/* Whether the walk is in main before it created any thread. */
static bool only_main_so_far(const oc_walker *w)
{
    return w->instance == 0 && w->enc->n_threads == 1;
}

/* ... along its one path so far (each guard implies the earlier ones:
 * every execution that gets here did main's every step before), where
 * what main stored last in a location is what it reads. */
static bool main_alone_on_one_path(const oc_walker *w)
{
    return only_main_so_far(w) && w->enc->main_one_path;
}

ordo_ir_val oc_read_shared(oc_walker *w, bool is_mem, uint64_t key, ordo_type type,
                           const ordo_stmt *st)
{
    oc_encoding *enc = w->enc;
    unsigned loc = oc_location_of(enc, is_mem, key, type);
    ordo_type lt = enc->locs[loc].type;
    unsigned e = emit(w, OC_READ, loc, st);
    enc->locs[loc].read = true;
    enc->info[e].value = oc_enc_fresh(enc, "r", ordo_ir_sort(&enc->ar, lt));
    ordo_ir_val v = read_at(enc, loc, type, ordo_ir_sym(enc->info[e].value), st);
    if (enc->prior) {
        v.region = oc_memory_loaded_region(enc->prior, is_mem, key);
        v.at_offset = oc_memory_loaded_offset(enc->prior, is_mem, key, &v.offset);
    }
    const oc_location *l = &enc->locs[loc];
    bool known = l->frozen || (main_alone_on_one_path(w) && l->holds_known);
    if (!known || type.kind == ORDO_TY_BOOL)
        return v;
    if (!l->n_known_vals) {
        if (ordo_value_wrap(type, l->known) == l->known)
            return oc_pointer(enc, type, l->known); /* what the read reads, as a constant */
        return v;
    }
    for (unsigned i = 0; i < l->n_known_vals; i++)
        if (ordo_value_wrap(type, l->known_vals[i]) != l->known_vals[i])
            return v;
    v.n_vals = l->n_known_vals; /* the read reads one of them */
    v.vals = l->known_vals;
    return v;
}

/* What main stored in the location, alone on its one path, as a value. */
static ordo_ir_val known_value(const oc_location *l)
{
    if (!l->n_known_vals)
        return (ordo_ir_val){ .is_const = true, .c = l->known };
    return (ordo_ir_val){ .n_vals = l->n_known_vals, .vals = l->known_vals };
}

/* Main, alone on its one path, stored v in the location (how: walk.h), which
 * held `before` (if known): what it holds now, if known. A store at its
 * address replaces the value, a candidate's leaves it or replaces it. */
static void note_known(oc_encoding *enc, oc_location *l, ordo_ir_val v, oc_store how,
                       const ordo_ir_val *before)
{
    ordo_ir_val now = { 0 };
    if (how == OC_STORE_AT_ADDRESS)
        now = v;
    else if (how == OC_STORE_CANDIDATE && before)
        ordo_ir_join_values(&enc->ar, &now, *before, v);
    if (!now.is_const && now.n_vals == 1)
        now = (ordo_ir_val){ .is_const = true, .c = now.vals[0] };
    if (!now.is_const && !now.n_vals)
        return;
    l->holds_known = true;
    l->known = now.is_const ? now.c : 0;
    l->n_known_vals = now.is_const ? 0 : now.n_vals;
    l->known_vals = now.is_const ? NULL : now.vals;
}

/* What a store tells the memory summary: where the stored value points
 * (a narrowed pointer is no pointer any more). A store that overwrites
 * the values stored before it, none of which anything can read, replaces
 * what they told. A blind store does not tell the guess (memory.h). */
static void note_store(oc_encoding *enc, unsigned loc, ordo_type type, ordo_ir_val v,
                       bool overwrites, bool blind)
{
    oc_location *l = &enc->locs[loc];
    l->holds_known = false; /* oc_write_shared says when it still does */
    bool pointer = l->type.width >= type.width;
    unsigned pt = pointer ? oc_points_of(enc, v) : OC_POINTS_ANY;
    l->points = overwrites ? pt : oc_points_join(l->points, pt);
    if (!blind)
        l->points_guess = overwrites ? pt : oc_points_join(l->points_guess, pt);
    oc_offset off = pointer ? oc_offset_of(enc, v) : (oc_offset){ OC_OFFSET_ANY, 0 };
    l->offset = overwrites ? off : oc_offset_join(l->offset, off);
    if (!enc->prior) { /* a guess: what it loaded has the offsets it knew */
        bool loaded = off.kind == OC_OFFSET_ANY && !v.is_const;
        oc_offset known = loaded ? (oc_offset){ OC_OFFSET_NULL, 0 } : off;
        l->offset_guess = overwrites ? known : oc_offset_join(l->offset_guess, known);
    }
}

/* Whether a store overwrites every value stored in the location before,
 * in every sequentially consistent execution, before anything reads them:
 * main stores it unguarded, no other thread exists yet, and nothing has
 * read the location so far (the walk visits main's statements in program
 * order along its one unguarded path). A pointer loaded later then does
 * not point anywhere because of an uninitialised local's havoc (barrier_2t
 * fills its array of pointers in a loop after declaring it). */
static bool overwrites_unread(const oc_walker *w, unsigned loc)
{
    return only_main_so_far(w) && w->st.g.kind == OC_G_TRUE && !w->enc->locs[loc].read;
}

/* A store (walk.h: oc_store says how it reaches the location). */
void oc_write_shared(oc_walker *w, bool is_mem, uint64_t key, ordo_type type, ordo_ir_val v,
                     oc_store how, const ordo_stmt *st)
{
    oc_encoding *enc = w->enc;
    unsigned loc = oc_location_of(enc, is_mem, key, type);
    ordo_type lt = enc->locs[loc].type;
    unsigned e = emit(w, OC_WRITE, loc, st);
    enc->info[e].value = ordo_ir_term(&enc->ar, lt, written_as(&enc->ar, lt, v, type));
    oc_cell_range_write(&enc->locs[loc], type);
    if (enc->locs[loc].frozen)
        oc_note_late_write(enc, loc);
    ordo_ir_val before = known_value(&enc->locs[loc]);
    bool held = enc->locs[loc].holds_known;
    note_store(enc, loc, type, v, overwrites_unread(w, loc), how == OC_STORE_BLIND);
    /* a constant (or one of a few) main stores alone on its one path: its
     * later reads there read it (store-to-load forwarding), so that the
     * addresses main builds a list with stay constants; a candidate's
     * store happens only where the address is that cell, else the cell
     * keeps what it held */
    if (main_alone_on_one_path(w))
        note_known(enc, &enc->locs[loc], v, how, held ? &before : NULL);
}

/* ---- symbolic addresses ------------------------------------------------- */

/* A constant that may be an address: it knows its region. */
ordo_ir_val oc_pointer(const oc_encoding *enc, ordo_type t, int64_t c)
{
    ordo_ir_val v = ordo_ir_const(&enc->ar, t, c);
    v.region = oc_region_of(enc, v.c);
    v.at_offset = v.region != 0;
    v.offset = v.at_offset ? v.c - (int64_t)enc->regions[v.region - 1].base : 0;
    return v;
}

/* At most this many cells are candidates of one symbolic access. */
#define MAX_CANDIDATES 4096

/* The cells of region r an address may denote: the one at its offset,
 * when it has one, else all (first, n). */
static void region_cells(const oc_region *r, ordo_ir_val addr, uint64_t *first, uint64_t *n)
{
    *first = 0;
    *n = r->n_cells;
    if (!addr.at_offset)
        return;
    bool inside = addr.offset >= 0 && (uint64_t)addr.offset < r->n_cells;
    *first = inside ? (uint64_t)addr.offset : 0;
    *n = inside;
}

/* The cells among the values an address may take (ordo_ir_val.vals), in
 * its region when it has one: a value that is no cell is an undefined
 * access. Of an allocation of symbolic size only the first
 * OC_SYMBOLIC_CELLS cells are (a value beyond them cuts the cells). */
static uint64_t *cells_among_values(oc_encoding *enc, ordo_ir_val addr, size_t *n)
{
    uint64_t *cells = xmalloc((addr.n_vals + 1) * sizeof *cells);
    *n = 0;
    for (unsigned i = 0; i < addr.n_vals; i++) {
        unsigned r = oc_region_of(enc, addr.vals[i]);
        if (!r || (addr.region && r != addr.region))
            continue;
        const oc_region *rg = &enc->regions[r - 1];
        uint64_t cell = (uint64_t)addr.vals[i];
        if (cell - rg->base < rg->n_cells)
            cells[(*n)++] = cell;
        else if (rg->symbolic_size)
            enc->cells_cut = true;
    }
    return cells;
}

/* The cells a symbolic address may denote: those among its values when
 * it knows them; else its region's, or those of every escaping region; of
 * each, only the cell at the address's offset when it has one. Of an
 * allocation of symbolic size only the first
 * OC_SYMBOLIC_CELLS cells are candidates: an access beyond them stops the
 * thread, which makes a SAFE verdict bounded (like an unwinding
 * assumption, but one no deeper unroll bound lifts). False (unsupported)
 * when the set is too large. */
static bool candidate_cells(oc_walker *w, ordo_ir_val addr, const ordo_stmt *st, uint64_t **out,
                            size_t *n)
{
    oc_encoding *enc = w->enc;
    if (addr.n_vals) {
        *out = cells_among_values(enc, addr, n);
        return true;
    }
    size_t first = addr.region ? addr.region - 1 : 0;
    size_t last = addr.region ? addr.region : enc->n_regions;
    uint64_t from, k;
    *n = 0;
    for (size_t r = first; r < last; r++) {
        if (!addr.region && !enc->regions[r].escapes)
            continue;
        if (enc->regions[r].symbolic_size)
            enc->cells_cut = true;
        region_cells(&enc->regions[r], addr, &from, &k);
        *n += k;
    }
    if (*n > MAX_CANDIDATES) {
        oc_unsupported(enc, st, "symbolic address with %zu candidate cells", *n);
        return false;
    }
    *out = xmalloc((*n + 1) * sizeof **out);
    size_t i = 0;
    for (size_t r = first; r < last; r++) {
        if (!addr.region && !enc->regions[r].escapes)
            continue;
        region_cells(&enc->regions[r], addr, &from, &k);
        for (uint64_t c = from; c < from + k; c++)
            (*out)[i++] = enc->regions[r].base + c;
    }
    return true;
}

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

/* The location of a cell, if the walk has it (else UINT_MAX). */
static unsigned cell_location(const oc_encoding *enc, uint64_t cell)
{
    if (!enc->loc_table.size)
        return UINT_MAX;
    size_t h = oc_loc_slot(&enc->loc_table, enc->locs, true, cell);
    return enc->loc_table.slots[h] ? (unsigned)(enc->loc_table.slots[h] - 1) : UINT_MAX;
}

bool oc_leave_write_out(oc_encoding *enc, uint64_t cell, ordo_type type, ordo_ir_val v,
                        bool blind)
{
    if (!write_left_out(enc, cell))
        return false;
    if (enc->prior) {
        enc->n_unread_writes++;
        /* main's value there is no longer known */
        unsigned loc = cell_location(enc, cell);
        if (loc != UINT_MAX)
            oc_note_late_write(enc, loc);
    } else {
        enc->writes_deferred = true;
        unsigned loc = oc_location_noted(enc, true, cell, type);
        if (enc->locs[loc].frozen)
            oc_note_late_write(enc, loc);
        note_store(enc, loc, type, v, false, blind);
    }
    return true;
}

/* oc_leave_write_out for a candidate cell of a symbolic write: what main,
 * alone on its one path, knew the cell to hold, it holds or v (the cell
 * keeps it, as a write that has an event does: oc_write_shared). */
static bool leave_out_knowing(oc_walker *w, uint64_t cell, ordo_type type, ordo_ir_val v,
                              bool blind)
{
    oc_encoding *enc = w->enc;
    unsigned loc = cell_location(enc, cell);
    bool held = loc != UINT_MAX && enc->locs[loc].holds_known;
    ordo_ir_val before = held ? known_value(&enc->locs[loc]) : v;
    if (!oc_leave_write_out(enc, cell, type, v, blind))
        return false;
    if (held && !blind && main_alone_on_one_path(w))
        note_known(enc, &enc->locs[loc], v, OC_STORE_CANDIDATE, &before);
    return true;
}

/* A read through a pointer of unknown region in a first walk: a second
 * walk follows (oc_memory_summarize), which alone is solved, so the first
 * only notes that it reads the cells (what stores before it tell is not
 * overwritten); its value is any. One event per candidate cell made first
 * walks of list programs larger than the engine takes. */
static ordo_ir_val first_walk_blind_read(oc_encoding *enc, const uint64_t *cells, size_t n,
                                         ordo_type type)
{
    for (size_t i = 0; i < n; i++) {
        unsigned loc = oc_location_noted(enc, true, cells[i], type); /* may move locs */
        enc->locs[loc].read = true;
    }
    return ordo_ir_sym(oc_enc_fresh(enc, "r", ordo_ir_sort(&enc->ar, type)));
}

/* Whether the cell is frozen (frozen.c). */
static bool frozen(const oc_encoding *enc, uint64_t cell)
{
    unsigned loc = cell_location(enc, cell);
    return loc != UINT_MAX && enc->locs[loc].frozen;
}

/* At most this many candidates of a read are checked by the solver. */
#define MAX_CHECKED_CANDIDATES 64

/* An access through an address whose candidates include frozen cells
 * (frozen.c: their values are constants, which tell the cells a loaded
 * pointer may denote, and a write to one thaws it): drops the candidates
 * that would spoil them, the other cells of a read, the frozen ones of a
 * write, where the address cannot be that cell under the guard g. The
 * solver says so from the walk's definitions so far, a part of the
 * formula: the dropped events could never happen. Returns the new
 * count. */
static size_t drop_unreachable_candidates(oc_encoding *enc, oc_guard g, ordo_ir_val addr,
                                          ordo_type addr_type, bool is_write, uint64_t *cells,
                                          size_t n)
{
    size_t n_frozen = 0;
    for (size_t i = 0; i < n; i++)
        n_frozen += frozen(enc, cells[i]);
    if (n_frozen == 0 || (!is_write && n_frozen == n) || n > MAX_CHECKED_CANDIDATES)
        return n;
    size_t k = 0;
    for (size_t i = 0; i < n; i++) {
        bool keep = frozen(enc, cells[i]) != is_write;
        if (!keep) {
            ordo_ir_val is_c = ordo_ir_binop(&enc->ar, ORDO_B_EQ, ordo_ty_bool(), addr, addr_type,
                                   ordo_ir_const(&enc->ar, addr_type, (int64_t)cells[i]),
                                   addr_type);
            ordo_term both[2] = { oc_guard_term(enc, g),
                                  ordo_ir_term(&enc->ar, ordo_ty_bool(), is_c) };
            keep = ordo_smt_check_assuming(enc->ar.s, 2, both) != ORDO_SMT_UNSAT;
        }
        if (keep)
            cells[k++] = cells[i];
    }
    return k;
}

/* A symbolic access becomes one guarded access per candidate cell (only
 * one is enabled); an address outside every candidate is undefined (the
 * interpreter stops): the thread stops. A read's value is the ite over
 * the candidates. A write left out of a cell has no event; when one may
 * have anchored the statement's step, a SYNC event does. */
static ordo_ir_val access_candidates(oc_walker *w, ordo_ir_val addr, ordo_type addr_type,
                                     bool is_write, ordo_type type, ordo_ir_val v,
                                     const ordo_stmt *st)
{
    oc_encoding *enc = w->enc;
    uint64_t *cells;
    size_t n;
    ordo_ir_val result = ordo_ir_const(&enc->ar, type, 0);
    if (!candidate_cells(w, addr, st, &cells, &n))
        return result;
    /* blind: any escaping region's cell may be the one */
    bool blind = !addr.region && !addr.n_vals;
    if (blind) {
        enc->blind_access = true;
        enc->blind_write |= is_write;
    }
    oc_guard at = w->st.g;
    if (!blind)
        n = drop_unreachable_candidates(enc, at, addr, addr_type, is_write, cells, n);
    bool noted = !is_write && blind && !enc->prior;
    if (noted)
        result = first_walk_blind_read(enc, cells, n, type);
    size_t n_left_out = 0;
    for (size_t i = 0; is_write && i < n; i++)
        n_left_out += write_left_out(enc, cells[i]);
    if (n_left_out && w->need_anchor && w->st.depth == 0)
        oc_sync_event(w, st);
    bool anchor = w->need_anchor;
    ordo_ir_val *vals = xmalloc((n + 1) * sizeof *vals);
    ordo_term *eq = xmalloc((n + 1) * sizeof *eq);
    for (size_t i = 0; i < n && !noted; i++) {
        vals[i] = ordo_ir_const(&enc->ar, type, 0);
        if (is_write && leave_out_knowing(w, cells[i], type, v, blind))
            continue;
        ordo_ir_val is_c = ordo_ir_binop(&enc->ar, ORDO_B_EQ, ordo_ty_bool(), addr, addr_type,
                               ordo_ir_const(&enc->ar, addr_type, (int64_t)cells[i]), addr_type);
        eq[i] = ordo_ir_term(&enc->ar, ordo_ty_bool(), is_c);
        w->st.g = oc_guard_and(enc, at, is_c);
        w->need_anchor = anchor; /* each candidate may be the step */
        if (w->st.g.kind == OC_G_FALSE)
            continue;
        if (is_write)
            oc_write_shared(w, true, cells[i], type, v,
                            blind ? OC_STORE_BLIND : OC_STORE_CANDIDATE, st);
        else
            vals[i] = oc_read_shared(w, true, cells[i], type, st);
    }
    for (size_t i = n; !is_write && !noted && i-- > 0;)
        result = i == n - 1 ? vals[i] : ordo_ir_ite(&enc->ar, type, eq[i], vals[i], result);
    w->st.g = oc_guard_and(enc, at, ordo_ir_sym(address_in(enc, addr, addr_type, cells, n)));
    /* The interpreter does not execute a statement with an undefined
     * access: its step (whose reads so far had no effect) is no step. */
    if (w->step_event != UINT_MAX)
        enc->info[w->step_event].completes = oc_guard_term(enc, w->st.g);
    if (anchor)
        w->need_anchor = false;
    free(eq);
    free(vals);
    free(cells);
    return result;
}

/* A load through the address value addr (of type addr_type). */
static ordo_ir_val read_through(oc_walker *w, ordo_ir_val addr, ordo_type addr_type, ordo_type type,
                                const ordo_stmt *st)
{
    if (addr.is_const)
        return oc_read_shared(w, true, (uint64_t)addr.c, type, st);
    return access_candidates(w, addr, addr_type, false, type, addr, st);
}

ordo_ir_val oc_mem_read(oc_walker *w, const ordo_expr *addr_expr, ordo_type type,
                        const ordo_stmt *st)
{
    return read_through(w, oc_eval(w, addr_expr, st), addr_expr->type, type, st);
}

void oc_mem_write(oc_walker *w, const ordo_expr *addr_expr, ordo_type type, ordo_ir_val v,
                  const ordo_stmt *st)
{
    ordo_ir_val addr = oc_eval(w, addr_expr, st);
    if (addr.is_const)
        oc_write_shared(w, true, (uint64_t)addr.c, type, v, OC_STORE_AT_ADDRESS, st);
    else
        access_candidates(w, addr, addr_expr->type, true, type, v, st);
}

/* The leaves of statement st's expressions (ordo_ir_leaves): variables
 * are the path's locals and events of global locations, loads events of
 * memory cells, constants know their region. */
typedef struct {
    oc_walker *w;
    const ordo_stmt *st;
} leaf_ctx;

static ordo_ir_val leaf_var(void *ud, const ordo_expr *e)
{
    leaf_ctx *c = ud;
    if (c->w->p->vars[e->var].is_global)
        return oc_read_shared(c->w, false, e->var, e->type, c->st);
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
    return oc_pointer(c->w->enc, e->type, e->value);
}

ordo_ir_val oc_eval(oc_walker *w, const ordo_expr *e, const ordo_stmt *st)
{
    leaf_ctx c = { w, st };
    ordo_ir_leaves leaves = { leaf_var, leaf_load, leaf_constant, &c };
    return ordo_ir_expr(&w->enc->ar, e, &leaves);
}

void oc_assign(oc_walker *w, const ordo_lvalue *lv, ordo_ir_val v, const ordo_stmt *st)
{
    if (lv->is_mem) {
        oc_mem_write(w, lv->addr, lv->type, v, st);
    } else if (w->p->vars[lv->var].is_global) {
        oc_write_shared(w, false, lv->var, lv->type, v, OC_STORE_AT_ADDRESS, st);
    } else {
        w->st.locals[lv->var] = v;
    }
}

/* A value of type `from` stored at type `to`: converted as the
 * interpreter's write does (the IR's assignments mostly have one type). */
ordo_ir_val oc_converted(oc_walker *w, ordo_ir_val v, ordo_type from, ordo_type to)
{
    return ordo_type_equal(from, to) ? v : ordo_ir_cast(&w->enc->ar, to, v, from);
}

/* A SYNC event (no location). */
unsigned oc_sync_event(oc_walker *w, const ordo_stmt *st)
{
    return emit(w, OC_SYNC, 0, st);
}

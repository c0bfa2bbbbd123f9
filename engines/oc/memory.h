/*
 * The memory of the encoding: regions (static objects and allocations)
 * and what the pointers stored in each location point to.
 *
 * A symbolic address whose region is unknown (a pointer loaded from
 * memory) may denote a cell of any escaping region of the whole run, also
 * of one allocated later in walk order: a thread is walked where it is
 * created, before its creator's later allocations. Such "blind" accesses
 * therefore need a second walk that knows every region of the first
 * (oc_memory_summary), and that second walk also learns from the first
 * which region the values stored in a location point to, so that a pointer
 * loaded from it is narrowed to that region's cells.
 *
 * A symbolic write is one guarded write per candidate cell. A cell that no
 * event of the whole run reads cannot affect a read value, and a
 * write-serialization of its writes consistent with any execution order
 * exists, so such writes only cost the solver (an array written through
 * an index and never read: 26_stack_cas has 1921 cells per write). A first
 * walk therefore leaves every symbolic write out, noting only what it
 * stores; when it had no blind access it knows every read, and the second
 * walk writes only the cells something reads (else every cell).
 *
 * The first walk's summary is pessimistic: a blind write stores into every
 * candidate cell, so once one pointer is blind, every pointer loaded from
 * a cell it may write is blind too (barrier_2t's barrier pointers, read
 * from the thread's argument). A first walk therefore also records a guess:
 * what the stores through known addresses point to. A second walk may
 * assume the guess; it holds when what that walk stores, blind or not,
 * agrees with it (every value a loaded pointer can have was stored by some
 * walked write, by induction over an execution), else the walk is done
 * again from the pessimistic summary (verify.c).
 */
#ifndef OC_MEMORY_H
#define OC_MEMORY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <ordo/ir.h>

/* A block of memory cells: a static object or an allocation. */
typedef struct {
    uint64_t base, n_cells;
    bool symbolic_size;     /* an allocation of symbolic size (n_cells unknown) */
    bool escapes;           /* its address is used as a value: a loaded pointer may point here */
} oc_region;

/* Where the values stored in a location point: only null (or nothing
 * stored yet), one region (its index + 1), or anything. */
enum { OC_POINTS_NULL = 0, OC_POINTS_ANY = ~0u };

/* How far past its region's base the pointers stored in a location point
 * (whichever region that is): nothing but null stored, one offset `at`,
 * or several / unknown. A loaded pointer at a known offset has one
 * candidate cell per region (a struct's field), not all of its cells. */
typedef struct {
    enum { OC_OFFSET_NULL, OC_OFFSET_ONE, OC_OFFSET_ANY } kind;
    int64_t at;
} oc_offset;

/* The join of two offset facts. */
oc_offset oc_offset_join(oc_offset a, oc_offset b);

/* A location: a global variable or a memory cell. */
typedef struct {
    bool is_mem;
    uint64_t key;           /* variable index or cell address */
    ordo_type type;
    unsigned points;        /* what the values stored here point to */
    unsigned points_guess;  /* ... by stores through known addresses */
    oc_offset offset;       /* the offsets of the pointers stored here */
    oc_offset offset_guess; /* a first walk's: ... of those with an offset it
                               knew (a pointer it loaded had none); the guess
                               that later walks assume and check */
    bool read;              /* some event reads it */
    bool has_initial_write; /* an event accesses it (event_table.c) */
    bool holds_known;       /* main, alone so far, stored `known` in it last
                               (unguarded) and nothing else since */
    int64_t known;
    unsigned n_known_vals;  /* > 0: it holds one of known_vals (access_events.c) */
    const int64_t *known_vals;
    bool frozen;            /* every thread reads `known` (frozen.c) */
    /* Int arithmetic (cell_ranges.h): the values it may hold, the range
     * every read of it takes, and the read that narrowed that range last. */
    __int128 held_lo, held_hi, read_lo, read_hi;
    const ordo_stmt *narrowest_read;
} oc_location;

/* An open-addressing table of locations: slot -> index + 1 (0: empty). */
typedef struct {
    size_t *slots, size;
} oc_loc_table;

/* The slot of (is_mem, key): where it is, or the empty slot to put it. */
size_t oc_loc_slot(const oc_loc_table *t, const oc_location *locs, bool is_mem, uint64_t key);
/* Makes room for n + 1 locations (rehashing locs[0..n-1]). */
void oc_loc_table_reserve(oc_loc_table *t, const oc_location *locs, size_t n);

/* What one walk tells the next walk of the same program. */
typedef struct {
    oc_region *regions;     /* every region of the walk, in creation order */
    size_t n_regions;
    oc_location *locs;      /* the locations, with what their values point to */
    size_t n_locs;
    oc_loc_table table;
    bool cells_complete;    /* no blind write missed a later region */
    bool reads_complete;    /* no blind access: locs[].read holds for every walk */
    bool guessing;          /* loaded pointers assume locs[].points_guess */
    bool offsets;           /* ... and locs[].offset_guess */
} oc_memory_summary;

/* The join of two points-to facts. */
unsigned oc_points_join(unsigned a, unsigned b);

/* The region (+ 1) a pointer loaded from the location points into, or 0
 * when the summary does not say. */
unsigned oc_memory_loaded_region(const oc_memory_summary *m, bool is_mem, uint64_t key);

/* Whether the summary gives pointers loaded from the location an offset,
 * and which (*at). */
bool oc_memory_loaded_offset(const oc_memory_summary *m, bool is_mem, uint64_t key, int64_t *at);

/* Whether a symbolic write to the cell may be left out: the summary knows
 * every read of it (all of them, or the cell's region does not escape)
 * and none reads it. */
bool oc_memory_cell_unread(const oc_memory_summary *m, uint64_t cell);

/* The summary m with its guess as what its locations point to (regions
 * and offsets), if the guess says more than m (else false, and *guess is
 * untouched). It shares
 * m's arrays: free m only. */
bool oc_memory_guess(const oc_memory_summary *m, oc_memory_summary *guess);
/* Whether a walk that assumed `guess` stored (locs[0..n-1].points) only
 * what the guess says. */
bool oc_memory_guess_holds(const oc_memory_summary *guess, const oc_location *locs, size_t n);
/* Whether a walk that assumed m's offsets stored at each location whose
 * loaded pointers got an offset only null and pointers at that offset
 * (by induction over an execution, every pointer loaded then has it). */
bool oc_memory_offsets_hold(const oc_memory_summary *m, const oc_location *locs, size_t n);
/* Joins what such a walk stored (locs[0..n-1].offset) into m's offset
 * guesses; whether some location still gives its pointers an offset. */
bool oc_memory_widen_offsets(oc_memory_summary *m, const oc_location *locs, size_t n);

void oc_memory_summary_free(oc_memory_summary *m);

#endif

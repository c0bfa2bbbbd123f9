/* Unit tests of the guess a second walk of the oc engine may assume
 * (engines/oc/memory.c): what the stores through known addresses stored,
 * kept only when that walk stored nothing else. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include <ordo/xalloc.h>

#include "../../engines/oc/memory.h"

enum { CELL_P = 48, CELL_Q = 49, CELL_N = 50 };

/* A first walk's summary of three cells: p was stored &x (region 1) by
 * known addresses and anything by a blind store; q only &x; n nothing but
 * an integer. */
static oc_memory_summary first_walk(void)
{
    oc_memory_summary m = { .cells_complete = false, .reads_complete = false };
    m.n_regions = 2;
    m.regions = xcalloc(m.n_regions, sizeof *m.regions);
    m.regions[0] = (oc_region){ 16, 4, false, true };
    m.regions[1] = (oc_region){ 48, 3, false, true };
    const struct { uint64_t key; unsigned points, guess; } cells[] = {
        { CELL_P, OC_POINTS_ANY, 1 }, { CELL_Q, 1, 1 }, { CELL_N, OC_POINTS_ANY, OC_POINTS_ANY },
    };
    m.locs = xcalloc(3, sizeof *m.locs);
    for (size_t i = 0; i < 3; i++) {
        oc_loc_table_reserve(&m.table, m.locs, m.n_locs);
        m.locs[i] = (oc_location){ .is_mem = true, .key = cells[i].key,
                                   .points = cells[i].points, .points_guess = cells[i].guess };
        m.table.slots[oc_loc_slot(&m.table, m.locs, true, cells[i].key)] = i + 1;
        m.n_locs++;
    }
    return m;
}

/* The guess narrows p, which the pessimistic summary cannot (nor any
 * cell while a blind write may have missed a later region). */
static void the_guess_narrows_what_blind_stores_widened(void **state)
{
    (void)state;
    oc_memory_summary m = first_walk(), guess;
    assert_int_equal(oc_memory_loaded_region(&m, true, CELL_P), 0);
    assert_int_equal(oc_memory_loaded_region(&m, true, CELL_Q), 0);
    assert_true(oc_memory_guess(&m, &guess));
    assert_int_equal(oc_memory_loaded_region(&guess, true, CELL_P), 1);
    assert_int_equal(oc_memory_loaded_region(&guess, true, CELL_Q), 1);
    assert_int_equal(oc_memory_loaded_region(&guess, true, CELL_N), 0);
    assert_false(guess.reads_complete);
    oc_memory_summary_free(&guess);
    oc_memory_summary_free(&m);
}

/* Without a blind store the guess is the summary: no guess. */
static void no_guess_without_blind_stores(void **state)
{
    (void)state;
    oc_memory_summary m = first_walk(), guess = { 0 };
    m.locs[0].points = m.locs[0].points_guess;
    assert_false(oc_memory_guess(&m, &guess));
    assert_null(guess.locs);
    oc_memory_summary_free(&m);
}

/* The walk under the guess: storing null or &x into p keeps it, storing
 * another region's address or an unknown pointer breaks it; cells the
 * guess does not narrow, or does not know, may hold anything. */
static void the_guess_holds_only_for_what_it_says(void **state)
{
    (void)state;
    oc_memory_summary m = first_walk(), guess;
    assert_true(oc_memory_guess(&m, &guess));
    oc_location walked[3] = {
        { .is_mem = true, .key = CELL_P, .points = OC_POINTS_NULL },
        { .is_mem = true, .key = CELL_N, .points = OC_POINTS_ANY },
        { .is_mem = true, .key = 99, .points = OC_POINTS_ANY },
    };
    assert_true(oc_memory_guess_holds(&guess, walked, 3));
    walked[0].points = 1;
    assert_true(oc_memory_guess_holds(&guess, walked, 3));
    walked[0].points = 2;
    assert_false(oc_memory_guess_holds(&guess, walked, 3));
    walked[0].points = OC_POINTS_ANY;
    assert_false(oc_memory_guess_holds(&guess, walked, 3));
    oc_memory_summary_free(&guess);
    oc_memory_summary_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_guess_narrows_what_blind_stores_widened),
        cmocka_unit_test(no_guess_without_blind_stores),
        cmocka_unit_test(the_guess_holds_only_for_what_it_says),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* Unit tests of the oc engine's memory summary (engines/oc/memory.c): the
 * join of points-to facts, what a second walk may assume of a pointer
 * loaded from a location, which cells' symbolic writes it leaves out, and
 * the guess it may assume instead (stores through known addresses only),
 * and the offsets of loaded pointers a walk may assume and must check. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <cmocka.h>

#include <ordo/xalloc.h>

#include "../../engines/oc/memory.h"

static void join_keeps_one_region_and_ignores_null(void **state)
{
    (void)state;
    assert_int_equal(oc_points_join(OC_POINTS_NULL, OC_POINTS_NULL), OC_POINTS_NULL);
    assert_int_equal(oc_points_join(OC_POINTS_NULL, 3), 3);
    assert_int_equal(oc_points_join(3, OC_POINTS_NULL), 3);
    assert_int_equal(oc_points_join(3, 3), 3);
    assert_int_equal(oc_points_join(3, 4), OC_POINTS_ANY);
    assert_int_equal(oc_points_join(OC_POINTS_ANY, OC_POINTS_NULL), OC_POINTS_ANY);
    assert_int_equal(oc_points_join(3, OC_POINTS_ANY), OC_POINTS_ANY);
}

/* A summary of five locations: global 0 -> region 2, global 1 -> any
 * (only because of a blind store: its guess is region 2), cell 100 ->
 * region 1 (read), global 2 -> only null, cell 101 (written symbolically,
 * never read). */
static oc_memory_summary summary(bool complete)
{
    static const ordo_type ptr = { ORDO_TY_PTR, 32, false }, cell = { ORDO_TY_INT, 64, true };
    static const oc_location locs[] = {
        { .is_mem = false, .key = 0, .type = ptr, .points = 2, .points_guess = 2, .read = true },
        { .is_mem = false, .key = 1, .type = ptr, .points = OC_POINTS_ANY, .points_guess = 2,
          .read = true },
        { .is_mem = true, .key = 100, .type = cell, .points = 1, .points_guess = 1, .read = true },
        { .is_mem = false, .key = 2, .type = ptr, .points = OC_POINTS_NULL },
        { .is_mem = true, .key = 101, .type = cell },
    };
    oc_memory_summary m = { .cells_complete = complete, .reads_complete = complete };
    size_t n = sizeof locs / sizeof locs[0];
    m.n_locs = n;
    m.locs = xmalloc(sizeof locs);
    for (size_t l = 0; l < n; l++) {
        m.locs[l] = locs[l];
        oc_loc_table_reserve(&m.table, m.locs, l);
        m.table.slots[oc_loc_slot(&m.table, m.locs, locs[l].is_mem, locs[l].key)] = l + 1;
    }
    return m;
}

static void loaded_pointer_gets_the_single_region(void **state)
{
    (void)state;
    oc_memory_summary m = summary(true);
    assert_int_equal(oc_memory_loaded_region(&m, false, 0), 2);
    assert_int_equal(oc_memory_loaded_region(&m, false, 1), 0); /* several: unknown */
    assert_int_equal(oc_memory_loaded_region(&m, true, 100), 1);
    assert_int_equal(oc_memory_loaded_region(&m, false, 2), 0); /* null only: no region */
    assert_int_equal(oc_memory_loaded_region(&m, true, 0), 0);  /* cell 0 != global 0 */
    assert_int_equal(oc_memory_loaded_region(&m, false, 7), 0); /* not seen */
    oc_memory_summary_free(&m);
}

/* A blind write before an allocation may have missed a cell of it: the
 * facts about cells are void, those about globals stand. */
static void incomplete_cells_are_not_narrowed(void **state)
{
    (void)state;
    oc_memory_summary m = summary(false);
    assert_int_equal(oc_memory_loaded_region(&m, true, 100), 0);
    assert_int_equal(oc_memory_loaded_region(&m, false, 0), 2);
    oc_memory_summary_free(&m);
}

/* Only a summary that knows every read lets a write be left out, and only
 * of a cell no event reads (accessed or not). */
static void unread_cells_are_known_only_with_every_read(void **state)
{
    (void)state;
    oc_memory_summary m = summary(true);
    assert_false(oc_memory_cell_unread(&m, 100));
    assert_true(oc_memory_cell_unread(&m, 101));
    assert_true(oc_memory_cell_unread(&m, 102)); /* not accessed by the walk */
    assert_false(oc_memory_cell_unread(NULL, 101)); /* a first walk */
    oc_memory_summary_free(&m);
    m = summary(false);
    assert_false(oc_memory_cell_unread(&m, 101));
    oc_memory_summary_free(&m);
}

/* A blind access reads only the cells of escaping regions: of a region
 * that does not escape every read is known without the others (cells 100
 * to 101: 101 unread, 100 read), of an escaping one (102 to 103) none. */
static void unread_cells_of_a_region_that_does_not_escape_are_known(void **state)
{
    (void)state;
    oc_memory_summary m = summary(false);
    m.regions = xmalloc(2 * sizeof *m.regions);
    m.regions[0] = (oc_region){ .base = 100, .n_cells = 2, .escapes = false };
    m.regions[1] = (oc_region){ .base = 102, .n_cells = 2, .escapes = true };
    m.n_regions = 2;
    assert_true(oc_memory_cell_unread(&m, 101));
    assert_false(oc_memory_cell_unread(&m, 100));
    assert_false(oc_memory_cell_unread(&m, 102));
    assert_false(oc_memory_cell_unread(&m, 104)); /* in no region */
    oc_memory_summary_free(&m);
}

/* The guess narrows global 1, which the summary cannot, and knows every
 * region's cells: the walk that assumes it has all of them. */
static void the_guess_narrows_what_blind_stores_widened(void **state)
{
    (void)state;
    oc_memory_summary m = summary(false), guess;
    assert_true(oc_memory_guess(&m, &guess));
    assert_int_equal(oc_memory_loaded_region(&guess, false, 1), 2);
    assert_int_equal(oc_memory_loaded_region(&guess, false, 0), 2);
    assert_int_equal(oc_memory_loaded_region(&guess, true, 100), 1);
    assert_false(oc_memory_cell_unread(&guess, 101)); /* every cell is written */
    assert_int_equal(oc_memory_loaded_region(&m, false, 1), 0); /* m is unchanged */
    oc_memory_summary_free(&m);
}

/* Without a blind store the guess is the summary: none is made. */
static void no_guess_without_blind_stores(void **state)
{
    (void)state;
    oc_memory_summary m = summary(true), guess = { 0 };
    m.locs[1].points_guess = m.locs[1].points;
    assert_false(oc_memory_guess(&m, &guess));
    assert_null(guess.locs);
    oc_memory_summary_free(&m);
}

/* The walk under the guess may store null or region 2 into global 1, not
 * another region's address or an unknown pointer; locations the guess
 * does not narrow, or does not know, may hold anything. */
static void the_guess_holds_only_for_what_it_says(void **state)
{
    (void)state;
    oc_memory_summary m = summary(true), guess;
    assert_true(oc_memory_guess(&m, &guess));
    oc_location walked[] = {
        { .is_mem = false, .key = 1, .points = OC_POINTS_NULL },
        { .is_mem = false, .key = 2, .points = OC_POINTS_ANY },
        { .is_mem = true, .key = 101, .points = OC_POINTS_ANY },
        { .is_mem = false, .key = 7, .points = OC_POINTS_ANY },
    };
    size_t n = sizeof walked / sizeof walked[0];
    assert_true(oc_memory_guess_holds(&guess, walked, n));
    walked[0].points = 2;
    assert_true(oc_memory_guess_holds(&guess, walked, n));
    walked[0].points = 3;
    assert_false(oc_memory_guess_holds(&guess, walked, n));
    walked[0].points = OC_POINTS_ANY;
    assert_false(oc_memory_guess_holds(&guess, walked, n));
    oc_memory_summary_free(&m);
}

static void offset_join_keeps_one_offset_and_ignores_null(void **state)
{
    (void)state;
    oc_offset null = { OC_OFFSET_NULL, 0 }, one = { OC_OFFSET_ONE, 1 }, two = { OC_OFFSET_ONE, 2 },
              any = { OC_OFFSET_ANY, 0 };
    assert_int_equal(oc_offset_join(null, null).kind, OC_OFFSET_NULL);
    oc_offset j = oc_offset_join(null, one);
    assert_int_equal(j.kind, OC_OFFSET_ONE);
    assert_int_equal(j.at, 1);
    j = oc_offset_join(one, null);
    assert_int_equal(j.kind, OC_OFFSET_ONE);
    assert_int_equal(j.at, 1);
    assert_int_equal(oc_offset_join(one, one).kind, OC_OFFSET_ONE);
    assert_int_equal(oc_offset_join(one, two).kind, OC_OFFSET_ANY);
    assert_int_equal(oc_offset_join(any, null).kind, OC_OFFSET_ANY);
    assert_int_equal(oc_offset_join(one, any).kind, OC_OFFSET_ANY);
}

/* The summary's global 0 is guessed to hold pointers at offset 1, cell
 * 100 at offset 0; the others say nothing. */
static oc_memory_summary offsets_summary(void)
{
    oc_memory_summary m = summary(true);
    m.locs[0].offset_guess = (oc_offset){ OC_OFFSET_ONE, 1 };
    m.locs[2].offset_guess = (oc_offset){ OC_OFFSET_ONE, 0 };
    m.locs[1].offset_guess = (oc_offset){ OC_OFFSET_ANY, 0 };
    return m;
}

static void loaded_pointer_gets_the_guessed_offset(void **state)
{
    (void)state;
    oc_memory_summary m = offsets_summary();
    int64_t at = -7;
    assert_false(oc_memory_loaded_offset(&m, false, 0, &at)); /* not assumed */
    m.offsets = true;
    assert_true(oc_memory_loaded_offset(&m, false, 0, &at));
    assert_int_equal(at, 1);
    assert_true(oc_memory_loaded_offset(&m, true, 100, &at));
    assert_int_equal(at, 0);
    assert_false(oc_memory_loaded_offset(&m, false, 1, &at)); /* several */
    assert_false(oc_memory_loaded_offset(&m, false, 2, &at)); /* null only */
    assert_false(oc_memory_loaded_offset(&m, false, 7, &at)); /* not seen */
    oc_memory_summary_free(&m);
}

/* A walk that assumed the offsets may store null or a pointer at the
 * guessed offset where a load got one; anything elsewhere. Widening by
 * what it stored drops the offsets that failed. */
static void guessed_offsets_hold_only_for_what_they_say(void **state)
{
    (void)state;
    oc_memory_summary m = offsets_summary();
    m.offsets = true;
    oc_location walked[] = {
        { .is_mem = false, .key = 0, .offset = { OC_OFFSET_NULL, 0 } },
        { .is_mem = true, .key = 100, .offset = { OC_OFFSET_ONE, 0 } },
        { .is_mem = false, .key = 1, .offset = { OC_OFFSET_ANY, 0 } },
        { .is_mem = false, .key = 7, .offset = { OC_OFFSET_ANY, 0 } },
    };
    size_t n = sizeof walked / sizeof walked[0];
    assert_true(oc_memory_offsets_hold(&m, walked, n));
    walked[0].offset = (oc_offset){ OC_OFFSET_ONE, 1 };
    assert_true(oc_memory_offsets_hold(&m, walked, n));
    walked[0].offset = (oc_offset){ OC_OFFSET_ONE, 2 };
    assert_false(oc_memory_offsets_hold(&m, walked, n));
    assert_true(oc_memory_widen_offsets(&m, walked, n)); /* cell 100 keeps offset 0 */
    int64_t at;
    assert_false(oc_memory_loaded_offset(&m, false, 0, &at));
    assert_true(oc_memory_offsets_hold(&m, walked, n));
    walked[1].offset = (oc_offset){ OC_OFFSET_ANY, 0 };
    assert_false(oc_memory_offsets_hold(&m, walked, n));
    assert_false(oc_memory_widen_offsets(&m, walked, n)); /* none left */
    oc_memory_summary_free(&m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(join_keeps_one_region_and_ignores_null),
        cmocka_unit_test(loaded_pointer_gets_the_single_region),
        cmocka_unit_test(incomplete_cells_are_not_narrowed),
        cmocka_unit_test(unread_cells_are_known_only_with_every_read),
        cmocka_unit_test(unread_cells_of_a_region_that_does_not_escape_are_known),
        cmocka_unit_test(the_guess_narrows_what_blind_stores_widened),
        cmocka_unit_test(no_guess_without_blind_stores),
        cmocka_unit_test(the_guess_holds_only_for_what_it_says),
        cmocka_unit_test(offset_join_keeps_one_offset_and_ignores_null),
        cmocka_unit_test(loaded_pointer_gets_the_guessed_offset),
        cmocka_unit_test(guessed_offsets_hold_only_for_what_they_say),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

/* Unit tests of the oc engine's memory summary (engines/oc/memory.c): the
 * join of points-to facts, what a second walk may assume of a pointer
 * loaded from a location, and which cells' symbolic writes it leaves out. */
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

/* A summary of five locations: global 0 -> region 2, global 1 -> any,
 * cell 100 -> region 1 (read), global 2 -> only null, cell 101 (written
 * symbolically, never read). */
static oc_memory_summary summary(bool complete)
{
    static const ordo_type ptr = { ORDO_TY_PTR, 32, false }, cell = { ORDO_TY_INT, 64, true };
    static const oc_location locs[] = {
        { .is_mem = false, .key = 0, .type = ptr, .points = 2, .read = true },
        { .is_mem = false, .key = 1, .type = ptr, .points = OC_POINTS_ANY, .read = true },
        { .is_mem = true, .key = 100, .type = cell, .points = 1, .read = true },
        { .is_mem = false, .key = 2, .type = ptr, .points = OC_POINTS_NULL },
        { .is_mem = true, .key = 101, .type = cell },
    };
    oc_memory_summary m = { .cells_complete = complete, .reads_complete = complete };
    size_t n = sizeof locs / sizeof locs[0];
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(join_keeps_one_region_and_ignores_null),
        cmocka_unit_test(loaded_pointer_gets_the_single_region),
        cmocka_unit_test(incomplete_cells_are_not_narrowed),
        cmocka_unit_test(unread_cells_are_known_only_with_every_read),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

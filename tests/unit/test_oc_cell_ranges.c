/* Unit tests of the ranges that tell whether Int arithmetic keeps a cell's
 * numbers exactly (engines/oc/cell_ranges.c): values written or held
 * initially must fit every type the cell is read at. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <ordo/ir_build.h>
#include <ordo/ir_smt.h>

#include "../../engines/oc/cell_ranges.h"

static const ordo_stmt read_a, read_b; /* stand-ins for the reading statements */

/* st reads l at type t, keeping the number. */
static void read_at(oc_location *l, ordo_type t, const ordo_stmt *st)
{
    __int128 lo, hi;
    ordo_type_range(t, &lo, &hi);
    oc_cell_range_read(l, lo, hi, st);
}

static oc_location cell(int64_t init)
{
    oc_location l = { .is_mem = true };
    oc_cell_range_start(&l, init);
    return l;
}

/* An int written and read as an int, a char written and read as an int,
 * an unsigned char read as an unsigned: numbers stay exact. */
static void nested_types_keep_numbers(void **state)
{
    (void)state;
    oc_location l[3] = { cell(0), cell(0), cell(7) };
    oc_cell_range_write(&l[0], ordo_ty_int(32, true));
    read_at(&l[0], ordo_ty_int(32, true), &read_a);
    oc_cell_range_write(&l[1], ordo_ty_int(8, true));
    read_at(&l[1], ordo_ty_int(32, true), &read_a);
    oc_cell_range_write(&l[2], ordo_ty_int(8, false));
    read_at(&l[2], ordo_ty_int(32, false), &read_a);
    assert_null(oc_cell_ranges_inexact(l, 3));
}

/* An int read through an unsigned pointer, a long read as an int, an
 * initial -1 read as unsigned: the read that may not fit is named. */
static void a_read_narrower_than_the_values_is_found(void **state)
{
    (void)state;
    oc_location a = cell(0);
    oc_cell_range_write(&a, ordo_ty_int(32, true));
    read_at(&a, ordo_ty_int(32, true), &read_a);
    read_at(&a, ordo_ty_int(32, false), &read_b);
    assert_ptr_equal(oc_cell_ranges_inexact(&a, 1), &read_b);

    oc_location b = cell(0);
    read_at(&b, ordo_ty_int(32, true), &read_a); /* order does not matter */
    oc_cell_range_write(&b, ordo_ty_int(64, true));
    assert_ptr_equal(oc_cell_ranges_inexact(&b, 1), &read_a);

    oc_location c[2] = { cell(0), cell(-1) };
    read_at(&c[1], ordo_ty_int(32, false), &read_b);
    assert_ptr_equal(oc_cell_ranges_inexact(c, 2), &read_b);
}

/* Pointers hold addresses of their width: a pointer written and read as a
 * pointer is exact, read as a signed int of its width it is not. */
static void pointers_are_unsigned_addresses(void **state)
{
    (void)state;
    oc_location l = cell(0);
    oc_cell_range_write(&l, ordo_ty_ptr(ORDO_DM_ILP32));
    read_at(&l, ordo_ty_ptr(ORDO_DM_ILP32), &read_a);
    assert_null(oc_cell_ranges_inexact(&l, 1));
    read_at(&l, ordo_ty_int(32, true), &read_b);
    assert_ptr_equal(oc_cell_ranges_inexact(&l, 1), &read_b);
}

/* Reads that convert from the range of values a first walk found are
 * exact for that range: the cell is exact until its values leave it. */
static void converting_reads_hold_for_the_values_found(void **state)
{
    (void)state;
    oc_location l = cell(0);
    oc_cell_range_write(&l, ordo_ty_int(32, true));
    oc_cell_range_write(&l, ordo_ty_int(32, false));
    oc_wide_cells wide = { 0 };
    read_at(&l, ordo_ty_int(32, true), &read_a);
    oc_wide_cells_add(&wide, &l, 1);
    const oc_location *found = oc_wide_cell(&wide, true, 0);
    assert_non_null(found);
    assert_null(oc_wide_cell(&wide, false, 0));

    oc_location again = cell(0); /* the next walk, with that read converting */
    oc_cell_range_write(&again, ordo_ty_int(32, true));
    oc_cell_range_write(&again, ordo_ty_int(32, false));
    oc_cell_range_read(&again, found->held_lo, found->held_hi, &read_a);
    assert_null(oc_cell_ranges_inexact(&again, 1));
    oc_cell_range_write(&again, ordo_ty_int(64, true)); /* values beyond the range found */
    assert_ptr_equal(oc_cell_ranges_inexact(&again, 1), &read_a);
    oc_wide_cells_free(&wide);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(nested_types_keep_numbers),
        cmocka_unit_test(a_read_narrower_than_the_values_is_found),
        cmocka_unit_test(pointers_are_unsigned_addresses),
        cmocka_unit_test(converting_reads_hold_for_the_values_found),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}

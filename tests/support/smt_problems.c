/* Test and benchmark support: formulas of known difficulty. */
#include <stdio.h>
#include <stdlib.h>

#include "smt_problems.h"

void smt_assert_pigeonhole(ordo_smt *s, unsigned holes)
{
    unsigned pigeons = holes + 1;
    ordo_term *x = calloc((size_t)pigeons * holes, sizeof *x);
    ordo_sort boolean = ordo_smt_bool_sort(s);
    char name[32];
    for (unsigned i = 0; i < pigeons; i++)
        for (unsigned j = 0; j < holes; j++) {
            snprintf(name, sizeof name, "x_%u_%u", i, j);
            x[i * holes + j] = ordo_smt_var(s, name, boolean);
        }
    for (unsigned i = 0; i < pigeons; i++)
        ordo_smt_assert(s, ordo_smt_app(s, ORDO_OP_OR, holes, &x[i * holes]));
    for (unsigned j = 0; j < holes; j++)
        for (unsigned i = 0; i < pigeons; i++)
            for (unsigned k = i + 1; k < pigeons; k++)
                ordo_smt_assert(s, ordo_smt_app1(s, ORDO_OP_NOT,
                                                 ordo_smt_app2(s, ORDO_OP_AND, x[i * holes + j],
                                                               x[k * holes + j])));
    free(x);
}

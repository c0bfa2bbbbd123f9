/* The initial precision from a file (initprec.h, --initprec file:PATH):
 * one predicate a line, in C syntax over the program's globals: integer
 * constants, ( ), ! and unary -, * / %, + -, < <= > >=, == !=, && ||.
 * Lines that are empty or start with '#' are skipped. */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/ir_build.h>
#include <ordo/xalloc.h>

#include "initprec.h"
#include "wp.h"

typedef struct {
    ordo_program *p;
    const char *s;     /* the rest of the line */
    char *error;       /* malloc'ed, the first problem */
} reader;

static const ordo_expr *fail(reader *r, const char *what)
{
    if (!r->error)
        r->error = xasprintf("%s at '%.20s'", what, r->s);
    return NULL;
}

static void skip_space(reader *r)
{
    while (isspace((unsigned char)*r->s))
        r->s++;
}

static bool eat(reader *r, const char *token)
{
    skip_space(r);
    size_t n = strlen(token);
    if (strncmp(r->s, token, n) != 0)
        return false;
    /* '<' is not the start of "<=", '!' not of "!=", '=' never alone */
    if (n == 1 && strchr("<>!", token[0]) && r->s[1] == '=')
        return false;
    r->s += n;
    return true;
}

static const ordo_expr *to_bool(reader *r, const ordo_expr *e)
{
    if (e->type.kind == ORDO_TY_BOOL)
        return e;
    return ordo_e_binop(r->p, ORDO_B_NE, ordo_ty_bool(), e, ordo_e_const(r->p, e->type, 0));
}

/* C's usual conversions, simplified: a constant takes the other operand's
 * type; otherwise the right operand is converted to the left's type. */
static void unify(reader *r, const ordo_expr **a, const ordo_expr **b)
{
    if ((*a)->kind == ORDO_E_CONST && (*b)->kind != ORDO_E_CONST)
        *a = ordo_e_const(r->p, (*b)->type, (*a)->value);
    else if ((*b)->kind == ORDO_E_CONST)
        *b = ordo_e_const(r->p, (*a)->type, (*b)->value);
    else if (!ordo_type_equal((*a)->type, (*b)->type))
        *b = ordo_e_cast(r->p, (*a)->type, *b);
}

static const ordo_expr *binary(reader *r, ordo_binop op, const ordo_expr *a,
                               const ordo_expr *b)
{
    if (!a || !b)
        return NULL;
    if (op == ORDO_B_LAND || op == ORDO_B_LOR)
        return ordo_e_binop(r->p, op, ordo_ty_bool(), to_bool(r, a), to_bool(r, b));
    unify(r, &a, &b);
    return ordo_e_binop(r->p, op, op >= ORDO_B_EQ ? ordo_ty_bool() : a->type, a, b);
}

static const ordo_expr *expression(reader *r);

static const ordo_expr *primary(reader *r)
{
    if (eat(r, "(")) {
        const ordo_expr *e = expression(r);
        return e && eat(r, ")") ? e : fail(r, "')' expected");
    }
    if (isdigit((unsigned char)*r->s)) {
        char *end;
        long long v = strtoll(r->s, &end, 0);
        r->s = end;
        return ordo_e_const(r->p, ordo_ty_int(32, true), v);
    }
    const char *start = r->s;
    while (isalnum((unsigned char)*r->s) || *r->s == '_')
        r->s++;
    size_t n = (size_t)(r->s - start);
    for (unsigned v = 0; n > 0 && v < r->p->n_vars; v++)
        if (r->p->vars[v].is_global && strlen(r->p->vars[v].name) == n &&
            strncmp(r->p->vars[v].name, start, n) == 0)
            return ordo_e_var(r->p, v);
    r->s = start;
    return fail(r, n > 0 ? "not a global variable" : "a variable, a number or '(' expected");
}

static const ordo_expr *unary(reader *r)
{
    if (eat(r, "!")) {
        const ordo_expr *e = unary(r);
        return e ? ordo_e_unop(r->p, ORDO_U_LNOT, ordo_ty_bool(), to_bool(r, e)) : NULL;
    }
    if (eat(r, "-")) {
        const ordo_expr *e = unary(r);
        return e ? ordo_e_unop(r->p, ORDO_U_NEG, e->type, e) : NULL;
    }
    return primary(r);
}

/* One level of left-associative binary operators, tokens[i] -> ops[i]. */
typedef struct {
    const char *tokens[5];
    ordo_binop ops[5];
} level;

static const level levels[] = {
    { { "||" }, { ORDO_B_LOR } },
    { { "&&" }, { ORDO_B_LAND } },
    { { "==", "!=" }, { ORDO_B_EQ, ORDO_B_NE } },
    { { "<=", ">=", "<", ">" }, { ORDO_B_LE, ORDO_B_GE, ORDO_B_LT, ORDO_B_GT } },
    { { "+", "-" }, { ORDO_B_ADD, ORDO_B_SUB } },
    { { "*", "/", "%" }, { ORDO_B_MUL, ORDO_B_DIV, ORDO_B_REM } },
};

static const ordo_expr *at_level(reader *r, unsigned k)
{
    if (k == sizeof levels / sizeof *levels)
        return unary(r);
    const ordo_expr *e = at_level(r, k + 1);
    for (bool more = e != NULL; more;) {
        more = false;
        for (unsigned i = 0; i < 5 && levels[k].tokens[i] && !more; i++)
            if (eat(r, levels[k].tokens[i])) {
                e = binary(r, levels[k].ops[i], e, at_level(r, k + 1));
                more = e != NULL;
            }
    }
    return e;
}

static const ordo_expr *expression(reader *r)
{
    return at_level(r, 0);
}

/* The predicate of one line, or NULL with r->error. */
static const ordo_expr *predicate(reader *r)
{
    const ordo_expr *e = expression(r);
    skip_space(r);
    if (e && *r->s != '\0')
        return fail(r, "end of line expected");
    return e ? to_bool(r, e) : NULL;
}

char *cg_initprec_file(cg_prec *prec, ordo_program *p, bool pred, const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return xasprintf("cegar: --initprec file:%s: %s", path, strerror(errno));
    char line[4096];
    char *error = NULL;
    for (unsigned n = 1; !error && fgets(line, sizeof line, f); n++) {
        line[strcspn(line, "\n")] = '\0';
        reader r = { .p = p, .s = line };
        skip_space(&r);
        if (*r.s == '#' || *r.s == '\0')
            continue;
        const ordo_expr *e = predicate(&r);
        if (!e) {
            error = xasprintf("cegar: --initprec file:%s:%u: %s", path, n, r.error);
            free(r.error);
        } else if (pred) {
            cg_prec_add_atoms(prec, p, e);
        } else {
            cg_prec_add_reads(prec, e);
        }
    }
    fclose(f);
    if (pred && !error)
        cg_initprec_copies(prec, p);
    return error;
}

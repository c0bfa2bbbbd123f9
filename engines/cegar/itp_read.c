/* Reading an interpolant back into the program's terms (itp_read.h). */
#include <stdlib.h>

#include <ordo/ir_build.h>
#include <ordo/xalloc.h>

#include "itp_read.h"
#include "path.h"

enum { MAX_ARGS = 16 };

typedef struct {
    cg_itp *itp;
    ordo_smt *s;
    ordo_program *p;
    const cg_itp_cut *cut;
    cg_binding b;       /* the threads of the locals of the atom being read */
    bool ok;            /* the atom has an IR form so far */
} reader;

/* A bit-vector term as an IR expression: unsigned, of the smallest C
 * width holding `width` bits, zero-extended. */
typedef struct {
    const ordo_expr *e;
    unsigned width;
} bv;

static const cg_itp_place *place_of(const reader *r, ordo_term t)
{
    for (unsigned i = 0; i < r->cut->n; i++)
        if (r->cut->v[i].term == t)
            return &r->cut->v[i];
    return NULL;
}

/* ---- places ------------------------------------------------------------------ */

void cg_itp_add_var(cg_itp *itp, unsigned var)
{
    for (unsigned i = 0; i < itp->n_vars; i++)
        if (itp->vars[i] == var)
            return;
    itp->vars = xrealloc(itp->vars, (itp->n_vars + 1) * sizeof *itp->vars);
    itp->vars[itp->n_vars++] = var;
}

void cg_itp_add_cell(cg_itp *itp, uint64_t cell)
{
    for (unsigned i = 0; i < itp->n_cells; i++)
        if (itp->cells[i] == cell)
            return;
    itp->cells = xrealloc(itp->cells, (itp->n_cells + 1) * sizeof *itp->cells);
    itp->cells[itp->n_cells++] = cell;
}

/* The variables and cells (reads at constant addresses) t reads. */
static void read_places(reader *r, ordo_term t)
{
    ordo_term args[MAX_ARGS];
    unsigned n, p1, p2;
    ordo_smt_op op = ordo_smt_term_app(r->s, t, MAX_ARGS, args, &n, &p1, &p2);
    if (op == ORDO_OP__COUNT) {
        const cg_itp_place *pl = place_of(r, t);
        if (pl && pl->kind == CG_ITP_VAR)
            cg_itp_add_var(r->itp, pl->var);
        return;
    }
    int64_t cell;
    if (op == ORDO_OP_SELECT && place_of(r, args[0]) && ordo_smt_to_int64(r->s, args[1], &cell))
        cg_itp_add_cell(r->itp, (uint64_t)cell);
    for (unsigned i = 0; i < n && i < MAX_ARGS; i++)
        read_places(r, args[i]);
}

/* ---- bit-vector terms as IR expressions -------------------------------------- */

static unsigned c_width(unsigned width)
{
    return width <= 8 ? 8 : width <= 16 ? 16 : width <= 32 ? 32 : 64;
}

static ordo_type unsigned_of(unsigned width)
{
    return ordo_ty_int(c_width(width), false);
}

static bv fail(reader *r)
{
    r->ok = false;
    return (bv){ NULL, 0 };
}

static bv as_width(reader *r, bv a, unsigned width)
{
    if (c_width(width) != c_width(a.width))
        a.e = ordo_e_cast(r->p, unsigned_of(width), a.e);
    a.width = width;
    return a;
}

static bool exact(bv a)
{
    return a.width == c_width(a.width);
}

/* Binds the owner of a local to thread t; false when the atom reads
 * another thread's copy of it already (or a third owner). */
static bool bind(reader *r, unsigned var, unsigned t)
{
    if (r->p->vars[var].is_global)
        return true;
    unsigned owner = cg_var_owner(r->p, var);
    for (unsigned i = 0; i < r->b.n; i++)
        if (r->b.owner[i] == owner)
            return r->b.thread[i] == t;
    if (r->b.n == 2)
        return false;
    r->b.owner[r->b.n] = owner;
    r->b.thread[r->b.n++] = t;
    return true;
}

static bv term(reader *r, ordo_term t, unsigned hint);

/* A leaf: a variable of the cut (as its unsigned bits) or a value. */
static bv leaf(reader *r, ordo_term t, unsigned hint)
{
    const cg_itp_place *pl = place_of(r, t);
    int64_t v;
    if (pl && pl->kind == CG_ITP_VAR) {
        const ordo_var *var = &r->p->vars[pl->var];
        if (var->type.kind == ORDO_TY_BOOL || !bind(r, pl->var, pl->thread))
            return fail(r);
        const ordo_expr *e = ordo_e_var(r->p, pl->var);
        if (var->type.kind != ORDO_TY_INT || var->type.is_signed)
            e = ordo_e_cast(r->p, unsigned_of(var->type.width), e);
        return (bv){ e, var->type.width };
    }
    if (pl || hint == 0 || !ordo_smt_to_int64(r->s, t, &v))
        return fail(r);
    if (hint < 64)
        v &= (INT64_C(1) << hint) - 1;
    return (bv){ ordo_e_const(r->p, unsigned_of(hint), v), hint };
}

/* The width of the first operand that is not a value (0: none). */
static unsigned operand_width(reader *r, const ordo_term *args, unsigned n, unsigned hint)
{
    for (unsigned i = 0; i < n; i++) {
        int64_t v;
        if (!ordo_smt_to_int64(r->s, args[i], &v)) {
            bool ok = r->ok;
            cg_binding b = r->b;
            bv a = term(r, args[i], hint);
            r->ok = ok;
            r->b = b;
            return a.e ? a.width : 0;
        }
    }
    return hint;
}

static ordo_binop binop_of(ordo_smt_op op)
{
    switch (op) {
    case ORDO_OP_BVADD: return ORDO_B_ADD;
    case ORDO_OP_BVSUB: return ORDO_B_SUB;
    case ORDO_OP_BVMUL: return ORDO_B_MUL;
    case ORDO_OP_BVUDIV: return ORDO_B_DIV;
    case ORDO_OP_BVUREM: return ORDO_B_REM;
    case ORDO_OP_BVAND: return ORDO_B_AND;
    case ORDO_OP_BVOR: return ORDO_B_OR;
    case ORDO_OP_BVXOR: return ORDO_B_XOR;
    case ORDO_OP_BVSHL: return ORDO_B_SHL;
    default: return ORDO_B_SHR; /* BVLSHR */
    }
}

/* Operations whose result stays right on zero-extended operands. */
static bool keeps_zero_extension(ordo_smt_op op)
{
    return op == ORDO_OP_BVUDIV || op == ORDO_OP_BVUREM || op == ORDO_OP_BVAND ||
           op == ORDO_OP_BVOR || op == ORDO_OP_BVXOR || op == ORDO_OP_BVLSHR;
}

/* An n-ary bit-vector operation, folded from the left. */
static bv arithmetic(reader *r, ordo_smt_op op, const ordo_term *args, unsigned n, unsigned hint)
{
    unsigned w = operand_width(r, args, n, hint);
    bv acc = term(r, args[0], w);
    for (unsigned i = 1; i < n && r->ok; i++) {
        bv b = term(r, args[i], w);
        if (!r->ok || b.width != acc.width || (!exact(acc) && !keeps_zero_extension(op)))
            return fail(r);
        acc.e = ordo_e_binop(r->p, binop_of(op), unsigned_of(w), acc.e, b.e);
    }
    return acc;
}

/* (_ extract h l) a: a >> l, masked to h - l + 1 bits. */
static bv extract(reader *r, ordo_term a_term, unsigned h, unsigned l)
{
    bv a = term(r, a_term, 0);
    if (!r->ok || h >= a.width)
        return fail(r);
    ordo_type t = unsigned_of(a.width);
    const ordo_expr *e = a.e;
    if (l > 0)
        e = ordo_e_binop(r->p, ORDO_B_SHR, t, e, ordo_e_const(r->p, t, l));
    unsigned w = h - l + 1;
    if (w != c_width(a.width))
        e = ordo_e_binop(r->p, ORDO_B_AND, t, e, ordo_e_const(r->p, t, (int64_t)((UINT64_C(1) << w) - 1)));
    return as_width(r, (bv){ e, a.width }, w);
}

/* select(memory, address): the cell as the memory array holds it. */
static bv load(reader *r, const ordo_term *args)
{
    const cg_itp_place *pl = place_of(r, args[0]);
    int64_t addr;
    if (!pl || pl->kind != CG_ITP_MEMORY || !ordo_smt_to_int64(r->s, args[1], &addr))
        return fail(r);
    ordo_type u64 = ordo_ty_int(64, false);
    return (bv){ ordo_e_load(r->p, u64, ordo_e_const(r->p, u64, addr)), 64 };
}

static bv term(reader *r, ordo_term t, unsigned hint)
{
    ordo_term args[MAX_ARGS];
    unsigned n, p1, p2;
    if (!r->ok)
        return fail(r);
    ordo_smt_op op = ordo_smt_term_app(r->s, t, MAX_ARGS, args, &n, &p1, &p2);
    if (n > MAX_ARGS)
        return fail(r);
    switch (op) {
    case ORDO_OP__COUNT:
        return leaf(r, t, hint);
    case ORDO_OP_BVADD: case ORDO_OP_BVSUB: case ORDO_OP_BVMUL: case ORDO_OP_BVUDIV:
    case ORDO_OP_BVUREM: case ORDO_OP_BVAND: case ORDO_OP_BVOR: case ORDO_OP_BVXOR:
    case ORDO_OP_BVSHL: case ORDO_OP_BVLSHR:
        return arithmetic(r, op, args, n, hint);
    case ORDO_OP_BVNEG:
    case ORDO_OP_BVNOT: {
        bv a = term(r, args[0], hint);
        if (!r->ok || !exact(a))
            return fail(r);
        a.e = ordo_e_unop(r->p, op == ORDO_OP_BVNEG ? ORDO_U_NEG : ORDO_U_BITNOT,
                          unsigned_of(a.width), a.e);
        return a;
    }
    case ORDO_OP_EXTRACT:
        return extract(r, args[0], p1, p2);
    case ORDO_OP_SELECT: /* a cell at a constant address */
        return load(r, args);
    case ORDO_OP_ZEXT: {
        bv a = term(r, args[0], hint > p1 ? hint - p1 : 0);
        return r->ok && a.width + p1 <= 64 ? as_width(r, a, a.width + p1) : fail(r);
    }
    default:
        return fail(r);
    }
}

/* ---- formulas and atoms ------------------------------------------------------ */

static bool is_comparison(ordo_smt_op op)
{
    return op >= ORDO_OP_BVULT && op <= ORDO_OP_BVSGE;
}

static ordo_binop comparison_of(ordo_smt_op op)
{
    switch (op) {
    case ORDO_OP_BVULT: case ORDO_OP_BVSLT: return ORDO_B_LT;
    case ORDO_OP_BVULE: case ORDO_OP_BVSLE: return ORDO_B_LE;
    case ORDO_OP_BVUGT: case ORDO_OP_BVSGT: return ORDO_B_GT;
    case ORDO_OP_BVUGE: case ORDO_OP_BVSGE: return ORDO_B_GE;
    default: return ORDO_B_EQ;
    }
}

/* a op b over bit-vectors as an IR condition. */
static const ordo_expr *compare(reader *r, ordo_smt_op op, const ordo_term *args)
{
    unsigned w = operand_width(r, args, 2, 0);
    bv a = term(r, args[0], w), b = term(r, args[1], w);
    if (!r->ok || a.width != b.width)
        return NULL;
    bool sign = op >= ORDO_OP_BVSLT;
    if (sign) {
        if (!exact(a))
            return NULL;
        ordo_type st = ordo_ty_int(a.width, true);
        a.e = ordo_e_cast(r->p, st, a.e);
        b.e = ordo_e_cast(r->p, st, b.e);
    }
    return ordo_e_binop(r->p, comparison_of(op), ordo_ty_bool(), a.e, b.e);
}

/* Is t Bool-valued (a formula), judged by its operation? (A value is
 * taken for a bit-vector: an atom never compares two values.) */
static bool is_formula(reader *r, ordo_term t)
{
    ordo_term args[MAX_ARGS];
    unsigned n, p1, p2;
    ordo_smt_op op = ordo_smt_term_app(r->s, t, MAX_ARGS, args, &n, &p1, &p2);
    if (op == ORDO_OP_ITE)
        return is_formula(r, args[1]);
    if (op == ORDO_OP__COUNT) {
        const cg_itp_place *pl = place_of(r, t);
        return pl && pl->kind == CG_ITP_VAR && r->p->vars[pl->var].type.kind == ORDO_TY_BOOL;
    }
    return op < ORDO_OP_ITE || op == ORDO_OP_EQ || op == ORDO_OP_DISTINCT || is_comparison(op);
}

static void add_atom(cg_itp *itp, const ordo_expr *e)
{
    if (!e) {
        itp->n_dropped++;
        return;
    }
    itp->atoms = xrealloc(itp->atoms, (itp->n_atoms + 1) * sizeof *itp->atoms);
    itp->atoms[itp->n_atoms++] = e;
}

/* An atom: its IR form, read with a binding of its own. */
static void atom(reader *r, ordo_smt_op op, const ordo_term *args)
{
    r->ok = true;
    r->b = (cg_binding){ 0 };
    const ordo_expr *e = compare(r, op, args);
    add_atom(r->itp, r->ok ? e : NULL);
}

/* The atoms of f: its comparisons of bit-vectors and its Bool variables
 * (x != k and x == k are one atom). */
static void atoms(reader *r, ordo_term f)
{
    ordo_term args[MAX_ARGS];
    unsigned n, p1, p2;
    ordo_smt_op op = ordo_smt_term_app(r->s, f, MAX_ARGS, args, &n, &p1, &p2);
    if (n > MAX_ARGS) {
        r->itp->n_dropped++;
        return;
    }
    if (op == ORDO_OP__COUNT) {
        const cg_itp_place *pl = place_of(r, f);
        if (pl && is_formula(r, f))
            add_atom(r->itp, ordo_e_var(r->p, pl->var));
        return;
    }
    bool bool_eq = (op == ORDO_OP_EQ || op == ORDO_OP_DISTINCT) &&
                   (is_formula(r, args[0]) || is_formula(r, args[1]));
    if (op < ORDO_OP_EQ || bool_eq) { /* NOT AND OR XOR IMPLIES ITE, iff */
        for (unsigned i = 0; i < n; i++)
            atoms(r, args[i]);
    } else if ((op == ORDO_OP_EQ || op == ORDO_OP_DISTINCT) && n == 2) {
        atom(r, ORDO_OP_EQ, args);
    } else if (is_comparison(op)) {
        atom(r, op, args);
    } else {
        r->itp->n_dropped++;
    }
}

/* ---- formulas as predicates (--pred-split conjuncts, whole) ------------------ */

static const ordo_expr *formula(reader *r, ordo_term f);

/* The n formulas args joined by the IR's `op` (LAND, LOR) from the left. */
static const ordo_expr *joined(reader *r, ordo_binop op, const ordo_term *args, unsigned n)
{
    const ordo_expr *acc = n == 0 ? ordo_e_const(r->p, ordo_ty_bool(), op == ORDO_B_LAND) : NULL;
    for (unsigned i = 0; i < n && r->ok; i++) {
        const ordo_expr *e = formula(r, args[i]);
        acc = !e ? NULL : i == 0 ? e : ordo_e_binop(r->p, op, ordo_ty_bool(), acc, e);
    }
    return r->ok ? acc : NULL;
}

static const ordo_expr *negated(reader *r, const ordo_expr *e)
{
    return e ? ordo_e_unop(r->p, ORDO_U_LNOT, ordo_ty_bool(), e) : NULL;
}

/* a op b over two formulas (EQ: iff, NE: xor). */
static const ordo_expr *boolean(reader *r, ordo_binop op, const ordo_term *args)
{
    const ordo_expr *a = formula(r, args[0]), *b = formula(r, args[1]);
    return a && b ? ordo_e_binop(r->p, op, ordo_ty_bool(), a, b) : NULL;
}

/* a => b as !a || b. */
static const ordo_expr *implication(reader *r, const ordo_term *args)
{
    const ordo_expr *a = negated(r, formula(r, args[0])), *b = formula(r, args[1]);
    return a && b ? ordo_e_binop(r->p, ORDO_B_LOR, ordo_ty_bool(), a, b) : NULL;
}

/* ite(c, a, b) over formulas. */
static const ordo_expr *choice(reader *r, const ordo_term *args)
{
    const ordo_expr *c = formula(r, args[0]), *a = formula(r, args[1]), *b = formula(r, args[2]);
    return c && a && b ? ordo_e_ite(r->p, c, a, b) : NULL;
}

/* A Bool variable of the cut, or true/false. */
static const ordo_expr *truth_leaf(reader *r, ordo_term f)
{
    const cg_itp_place *pl = place_of(r, f);
    int64_t v;
    if (pl && pl->kind == CG_ITP_VAR && is_formula(r, f) && bind(r, pl->var, pl->thread))
        return ordo_e_var(r->p, pl->var);
    if (!pl && ordo_smt_to_int64(r->s, f, &v))
        return ordo_e_const(r->p, ordo_ty_bool(), v != 0);
    r->ok = false;
    return NULL;
}

/* A formula as one IR condition, its locals bound consistently (r->b);
 * NULL (r->ok false) when a part of it has no IR form. */
static const ordo_expr *formula(reader *r, ordo_term f)
{
    ordo_term args[MAX_ARGS];
    unsigned n, p1, p2;
    ordo_smt_op op = ordo_smt_term_app(r->s, f, MAX_ARGS, args, &n, &p1, &p2);
    const ordo_expr *e = NULL;
    bool two = n == 2;
    if (!r->ok || n > MAX_ARGS)
        op = ORDO_OP__COUNT + 1;
    bool bool_args = two && (is_formula(r, args[0]) || is_formula(r, args[1]));
    if (op == ORDO_OP__COUNT)
        e = truth_leaf(r, f);
    else if (op == ORDO_OP_NOT && n == 1)
        e = negated(r, formula(r, args[0]));
    else if (op == ORDO_OP_AND || op == ORDO_OP_OR)
        e = joined(r, op == ORDO_OP_AND ? ORDO_B_LAND : ORDO_B_LOR, args, n);
    else if (op == ORDO_OP_IMPLIES && two)
        e = implication(r, args);
    else if ((op == ORDO_OP_XOR || op == ORDO_OP_EQ || op == ORDO_OP_DISTINCT) && bool_args)
        e = boolean(r, op == ORDO_OP_EQ ? ORDO_B_EQ : ORDO_B_NE, args);
    else if (op == ORDO_OP_ITE && n == 3 && is_formula(r, args[1]))
        e = choice(r, args);
    else if (op == ORDO_OP_EQ && two)
        e = compare(r, ORDO_OP_EQ, args);
    else if (op == ORDO_OP_DISTINCT && two)
        e = negated(r, compare(r, ORDO_OP_EQ, args));
    else if (is_comparison(op) && two)
        e = compare(r, op, args);
    if (!e)
        r->ok = false;
    return r->ok ? e : NULL;
}

/* f as one predicate, read with a binding of its own. */
static void predicate(reader *r, ordo_term f)
{
    r->ok = true;
    r->b = (cg_binding){ 0 };
    const ordo_expr *e = formula(r, f);
    add_atom(r->itp, r->ok ? e : NULL);
}

/* Every top-level conjunct of f as one predicate. */
static void conjuncts(reader *r, ordo_term f)
{
    ordo_term args[MAX_ARGS];
    unsigned n, p1, p2;
    ordo_smt_op op = ordo_smt_term_app(r->s, f, MAX_ARGS, args, &n, &p1, &p2);
    if (op != ORDO_OP_AND || n > MAX_ARGS) {
        predicate(r, f);
        return;
    }
    for (unsigned i = 0; i < n; i++)
        conjuncts(r, args[i]);
}

void cg_itp_read(cg_itp *itp, ordo_smt *s, ordo_program *p, const cg_itp_cut *cut, ordo_term f,
                 cg_pred_split split)
{
    reader r = { .itp = itp, .s = s, .p = p, .cut = cut };
    read_places(&r, f);
    if (split == CG_SPLIT_ATOMS)
        atoms(&r, f);
    else if (split == CG_SPLIT_CONJUNCTS)
        conjuncts(&r, f);
    else
        predicate(&r, f);
}

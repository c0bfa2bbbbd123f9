/*
 * Statements of the front end: structured control flow becomes CFA
 * locations and edges (thesis Definition 1). Conditions branch with
 * ASSUME(c) / ASSUME(!c) edges over locals (fe_branch); break, continue,
 * goto and the cases of a switch are SKIP edges to their target location.
 * A `return` in main ends the whole program (C11 5.1.2.2.3: it is exit()),
 * in any other procedure it is a RETURN edge to the final location.
 */
#include <string.h>

#include <ordo/arena.h>

#include "frontend_internal.h"

static CXCursor *children(fe *f, CXCursor c, unsigned *n)
{
    *n = fe_children(c, NULL, 0);
    CXCursor *kids = ordo_arena_alloc(f->p->arena, (*n + 1) * sizeof *kids);
    fe_children(c, kids, *n);
    return kids;
}

static unsigned label_loc(fe *f, CXCursor label)
{
    unsigned loc;
    if (!fe_map_get(&f->labels, label, &loc)) {
        loc = fe_new_loc(f);
        fe_map_put(&f->labels, label, loc);
    }
    return loc;
}

void fe_return(fe *f, const ordo_expr *v)
{
    ordo_proc *pr = &f->p->procs[f->proc];
    ordo_stmt *s;
    if (f->in_main)
        s = ordo_s_new(f->p, ORDO_S_EXIT);
    else
        s = ordo_s_return(f->p, v && pr->has_result ? fe_convert(f, v, pr->result_type) : NULL);
    fe_edge(f, f->cur, pr->final_loc, s);
    f->cur = fe_new_loc(f);
}

/* Runs a loop body with its break/continue targets. */
static void loop_body(fe *f, CXCursor body, unsigned brk, unsigned cont)
{
    fe_jump saved = f->jump;
    f->jump = (fe_jump){ .brk = brk, .cont = cont, .has_cont = true, .has_brk = true };
    fe_stmt(f, body);
    f->jump = saved;
}

static void if_stmt(fe *f, CXCursor c)
{
    unsigned n;
    CXCursor *k = children(f, c, &n);
    if (n < 2)
        fe_unsupported(f, c, "if statement");
    unsigned tl = fe_new_loc(f), fl = fe_new_loc(f), end = fe_new_loc(f);
    fe_branch(f, k[0], tl, fl);
    f->cur = tl;
    fe_stmt(f, k[1]);
    fe_goto(f, end);
    f->cur = fl;
    if (n > 2)
        fe_stmt(f, k[2]);
    fe_goto(f, end);
    f->cur = end;
}

static void while_stmt(fe *f, CXCursor c)
{
    unsigned n;
    CXCursor *k = children(f, c, &n);
    if (n != 2)
        fe_unsupported(f, c, "while statement");
    unsigned head = fe_new_loc(f), body = fe_new_loc(f), exit = fe_new_loc(f);
    fe_goto(f, head);
    f->cur = head;
    fe_branch(f, k[0], body, exit);
    f->cur = body;
    loop_body(f, k[1], exit, head);
    fe_goto(f, head);
    f->cur = exit;
}

static void do_stmt(fe *f, CXCursor c)
{
    unsigned n;
    CXCursor *k = children(f, c, &n);
    if (n != 2)
        fe_unsupported(f, c, "do statement");
    unsigned head = fe_new_loc(f), cond = fe_new_loc(f), exit = fe_new_loc(f);
    fe_goto(f, head);
    f->cur = head;
    loop_body(f, k[0], exit, cond);
    fe_goto(f, cond);
    f->cur = cond;
    fe_branch(f, k[1], head, exit);
    f->cur = exit;
}

/* libclang omits the missing parts of `for (init; cond; inc)`: each child
 * is placed by its offset relative to the header's ';' and ')'. */
static void for_stmt(fe *f, CXCursor c)
{
    unsigned n, off[3];
    CXCursor *k = children(f, c, &n);
    if (!fe_for_header(f, c, off))
        fe_unsupported(f, c, "for statement header");
    CXCursor part[4] = { clang_getNullCursor(), clang_getNullCursor(), clang_getNullCursor(),
                         clang_getNullCursor() };
    for (unsigned i = 0; i < n; i++) {
        unsigned o = fe_offset(clang_getRangeStart(clang_getCursorExtent(k[i])));
        unsigned slot = o < off[0] ? 0 : o < off[1] ? 1 : o < off[2] ? 2 : 3;
        part[slot] = k[i];
    }
    if (clang_Cursor_isNull(part[3]))
        fe_unsupported(f, c, "for statement without a body");
    if (!clang_Cursor_isNull(part[0]))
        fe_stmt(f, part[0]);
    unsigned head = fe_new_loc(f), body = fe_new_loc(f), next = fe_new_loc(f),
             exit = fe_new_loc(f);
    fe_goto(f, head);
    f->cur = head;
    if (clang_Cursor_isNull(part[1]))
        fe_goto(f, body);
    else
        fe_branch(f, part[1], body, exit);
    f->cur = body;
    loop_body(f, part[3], exit, next);
    fe_goto(f, next);
    f->cur = next;
    if (!clang_Cursor_isNull(part[2]))
        fe_effect(f, part[2]);
    fe_goto(f, head);
    f->cur = exit;
}

typedef struct {
    CXCursor *cases; /* CaseStmt / DefaultStmt of one switch, in order */
    unsigned n, cap;
} case_list;

/* The cases of a switch body, not those of nested switches. */
static void collect_cases(fe *f, CXCursor c, case_list *l)
{
    enum CXCursorKind k = clang_getCursorKind(c);
    if (k == CXCursor_SwitchStmt)
        return;
    if (k == CXCursor_CaseStmt || k == CXCursor_DefaultStmt) {
        if (l->n == l->cap) {
            unsigned cap = l->cap ? 2 * l->cap : 16;
            CXCursor *grown = ordo_arena_alloc(f->p->arena, cap * sizeof *grown);
            if (l->n)
                memcpy(grown, l->cases, l->n * sizeof *grown);
            l->cases = grown;
            l->cap = cap;
        }
        l->cases[l->n++] = c;
    }
    unsigned n;
    CXCursor *kids = children(f, c, &n);
    for (unsigned i = 0; i < n; i++)
        if (!clang_isExpression(clang_getCursorKind(kids[i])))
            collect_cases(f, kids[i], l);
}

static void switch_stmt(fe *f, CXCursor c)
{
    unsigned n;
    CXCursor *k = children(f, c, &n);
    if (n != 2)
        fe_unsupported(f, c, "switch statement");
    const ordo_expr *v = fe_rvalue(f, k[0]);
    if (!v)
        fe_unsupported(f, c, "switch on a non-scalar value");
    case_list l = { 0 };
    collect_cases(f, k[1], &l);
    unsigned exit = fe_new_loc(f), dflt = exit;
    const ordo_expr *none = NULL; /* no case matched */
    for (unsigned i = 0; i < l.n; i++) {
        unsigned loc = fe_new_loc(f);
        fe_map_put(&f->cases, l.cases[i], loc);
        if (clang_getCursorKind(l.cases[i]) == CXCursor_DefaultStmt) {
            dflt = loc;
            continue;
        }
        CXCursor ck[3];
        int64_t val;
        if (fe_children(l.cases[i], ck, 3) != 2 || !fe_const_eval(f, ck[0], &val))
            fe_unsupported(f, l.cases[i], "case label");
        const ordo_expr *kv = fe_convert(f, fe_int(f, ordo_ty_int(64, true), val), v->type);
        const ordo_expr *eq = ordo_e_binop(f->p, ORDO_B_EQ, ordo_ty_bool(), v, kv);
        fe_edge(f, f->cur, loc, ordo_s_assume(f->p, eq));
        const ordo_expr *ne = ordo_e_binop(f->p, ORDO_B_NE, ordo_ty_bool(), v, kv);
        none = none ? ordo_e_binop(f->p, ORDO_B_LAND, ordo_ty_bool(), none, ne) : ne;
    }
    fe_edge(f, f->cur, dflt,
            none ? ordo_s_assume(f->p, none) : ordo_s_new(f->p, ORDO_S_SKIP));
    f->cur = fe_new_loc(f);
    fe_jump saved = f->jump;
    f->jump.brk = exit;
    f->jump.has_brk = true;
    fe_stmt(f, k[1]);
    f->jump = saved;
    fe_goto(f, exit);
    f->cur = exit;
}

static void case_stmt(fe *f, CXCursor c)
{
    unsigned loc, n;
    if (!fe_map_get(&f->cases, c, &loc))
        fe_unsupported(f, c, "case label outside a switch");
    fe_goto(f, loc); /* fall-through from the previous case */
    f->cur = loc;
    CXCursor *k = children(f, c, &n);
    if (n)
        fe_stmt(f, k[n - 1]);
}

static void jump(fe *f, CXCursor c, bool is_break)
{
    if (is_break ? !f->jump.has_brk : !f->jump.has_cont)
        fe_unsupported(f, c, "%s outside a loop", is_break ? "break" : "continue");
    fe_goto(f, is_break ? f->jump.brk : f->jump.cont);
}

/* e without parentheses and implicit conversions around it. */
static CXCursor written_expr(CXCursor e)
{
    CXCursor kid[2];
    enum CXCursorKind k = clang_getCursorKind(e);
    while ((k == CXCursor_ParenExpr || k == CXCursor_UnexposedExpr) && fe_children(e, kid, 2) == 1) {
        e = kid[0];
        k = clang_getCursorKind(e);
    }
    return e;
}

static void return_stmt(fe *f, CXCursor c)
{
    unsigned n;
    CXCursor *k = children(f, c, &n);
    const ordo_expr *v = NULL;
    if (n) {
        f->exit_status = f->in_main ? written_expr(k[0]) : clang_getNullCursor();
        v = fe_rvalue(f, k[0]);
        f->exit_status = clang_getNullCursor();
        if (!v && !fe_is_void(clang_getCursorType(k[0])))
            fe_unsupported(f, c, "return of an aggregate");
    }
    fe_return(f, v);
}

void fe_stmt(fe *f, CXCursor c)
{
    fe_set_pos(f, c);
    enum CXCursorKind k = clang_getCursorKind(c);
    unsigned n;
    CXCursor *kids;
    switch (k) {
    case CXCursor_CompoundStmt:
    case CXCursor_DeclStmt:
        kids = children(f, c, &n);
        for (unsigned i = 0; i < n; i++)
            fe_stmt(f, kids[i]);
        return;
    case CXCursor_VarDecl:
        fe_declare_local(f, c);
        return;
    case CXCursor_TypedefDecl:
    case CXCursor_StructDecl:
    case CXCursor_UnionDecl:
    case CXCursor_EnumDecl:
    case CXCursor_FunctionDecl:
    case CXCursor_NullStmt:
        return;
    case CXCursor_IfStmt:
        return if_stmt(f, c);
    case CXCursor_WhileStmt:
        return while_stmt(f, c);
    case CXCursor_DoStmt:
        return do_stmt(f, c);
    case CXCursor_ForStmt:
        return for_stmt(f, c);
    case CXCursor_SwitchStmt:
        return switch_stmt(f, c);
    case CXCursor_CaseStmt:
    case CXCursor_DefaultStmt:
        return case_stmt(f, c);
    case CXCursor_BreakStmt:
        return jump(f, c, true);
    case CXCursor_ContinueStmt:
        return jump(f, c, false);
    case CXCursor_ReturnStmt:
        return return_stmt(f, c);
    case CXCursor_GotoStmt:
        return fe_goto(f, label_loc(f, clang_getCursorReferenced(c)));
    case CXCursor_LabelStmt: {
        unsigned loc = label_loc(f, c);
        fe_goto(f, loc);
        f->cur = loc;
        kids = children(f, c, &n);
        if (n)
            fe_stmt(f, kids[n - 1]);
        return;
    }
    case CXCursor_AsmStmt:
    case CXCursor_MSAsmStmt:
        fe_unsupported(f, c, "inline assembly");
    default:
        if (clang_isExpression(k))
            return fe_effect(f, c);
        fe_unsupported(f, c, "statement of kind %d", (int)k);
    }
}

void fe_lower_function(fe *f, unsigned proc)
{
    CXCursor def = f->defs[proc];
    ordo_proc *pr = &f->p->procs[proc];
    f->proc = proc;
    f->cur = pr->init_loc;
    f->in_main = proc == f->p->main_proc;
    f->n_temps = 0;
    f->jump = (fe_jump){ 0 };
    fe_map_clear(&f->labels);
    fe_map_clear(&f->cases);
    fe_set_pos(f, def);
    if (clang_Cursor_isVariadic(def))
        fe_unsupported(f, def, "definition of the variadic function '%s'", pr->name);
    CXType rt = clang_getResultType(clang_getCursorType(def));
    if (!fe_is_void(rt)) {
        if (!fe_is_scalar(rt))
            fe_unsupported(f, def, "function '%s' returning an aggregate", pr->name);
        pr->has_result = true;
        pr->result_type = fe_scalar(f, rt, def);
    }
    fe_declare_params(f, def);
    unsigned n;
    CXCursor *kids = children(f, def, &n);
    if (!n || clang_getCursorKind(kids[n - 1]) != CXCursor_CompoundStmt)
        fe_unsupported(f, def, "function '%s' without a body", pr->name);
    fe_stmt(f, kids[n - 1]);
    fe_return(f, NULL); /* falling off the end */
}

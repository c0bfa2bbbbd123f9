/* Printing IR programs as text and as Graphviz dot (ir_print.h). */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <ordo/ir_print.h>

const char *ordo_type_name(ordo_type t, char *buf)
{
    if (t.kind == ORDO_TY_BOOL)
        return strcpy(buf, "bool");
    snprintf(buf, 8, "%s%u", t.kind == ORDO_TY_PTR ? "ptr" : t.is_signed ? "i" : "u",
             (unsigned)t.width);
    return buf;
}

static const char *const binop_text[] = {
    "+", "-", "*", "/", "%", "<<", ">>", "&", "|", "^",
    "==", "!=", "<", "<=", ">", ">=", "&&", "||",
};
static const char *const unop_text[] = { "-", "~", "!" };

void ordo_print_expr(FILE *out, const ordo_program *p, const ordo_expr *e)
{
    char tb[8];
    switch (e->kind) {
    case ORDO_E_CONST:
        if (e->type.kind == ORDO_TY_BOOL)
            fputs(e->value ? "true" : "false", out);
        else if (e->type.kind == ORDO_TY_INT && e->type.is_signed)
            fprintf(out, "%" PRId64, e->value);
        else
            fprintf(out, "%" PRIu64, (uint64_t)e->value);
        return;
    case ORDO_E_VAR:
        fputs(p->vars[e->var].name, out);
        return;
    case ORDO_E_LOAD:
        fprintf(out, "mem:%s[", ordo_type_name(e->type, tb));
        ordo_print_expr(out, p, e->kid[0]);
        fputc(']', out);
        return;
    case ORDO_E_UNOP:
        fputs(unop_text[e->op], out);
        ordo_print_expr(out, p, e->kid[0]);
        return;
    case ORDO_E_BINOP:
        fputc('(', out);
        ordo_print_expr(out, p, e->kid[0]);
        fprintf(out, " %s ", binop_text[e->op]);
        ordo_print_expr(out, p, e->kid[1]);
        fputc(')', out);
        return;
    case ORDO_E_ITE:
        fputc('(', out);
        ordo_print_expr(out, p, e->kid[0]);
        fputs(" ? ", out);
        ordo_print_expr(out, p, e->kid[1]);
        fputs(" : ", out);
        ordo_print_expr(out, p, e->kid[2]);
        fputc(')', out);
        return;
    case ORDO_E_CAST:
        fprintf(out, "(%s)", ordo_type_name(e->type, tb));
        ordo_print_expr(out, p, e->kid[0]);
        return;
    }
}

static void print_lvalue(FILE *out, const ordo_program *p, const ordo_lvalue *lv)
{
    char tb[8];
    if (!lv->is_mem) {
        fputs(p->vars[lv->var].name, out);
        return;
    }
    fprintf(out, "mem:%s[", ordo_type_name(lv->type, tb));
    ordo_print_expr(out, p, lv->addr);
    fputc(']', out);
}

static void print_lhs(FILE *out, const ordo_program *p, const ordo_stmt *s)
{
    if (!s->has_lhs)
        return;
    print_lvalue(out, p, &s->lhs);
    fputs(" := ", out);
}

static void print_args(FILE *out, const ordo_program *p, const ordo_stmt *s)
{
    fprintf(out, "%s(", p->procs[s->proc].name);
    if (s->kind == ORDO_S_THREAD_START && s->rhs)
        ordo_print_expr(out, p, s->rhs);
    for (unsigned i = 0; s->kind == ORDO_S_CALL && i < s->n_args; i++) {
        if (i)
            fputs(", ", out);
        ordo_print_expr(out, p, s->args[i]);
    }
    fputc(')', out);
}

static void print_with(FILE *out, const ordo_program *p, const char *word, const ordo_expr *e)
{
    fputs(word, out);
    if (e) {
        fputc(' ', out);
        ordo_print_expr(out, p, e);
    }
}

void ordo_print_stmt(FILE *out, const ordo_program *p, const ordo_stmt *s)
{
    static const char *const words[] = {
        [ORDO_S_SKIP] = "skip", [ORDO_S_ATOMIC_BEGIN] = "atomic_begin",
        [ORDO_S_ATOMIC_END] = "atomic_end", [ORDO_S_ERROR] = "error", [ORDO_S_EXIT] = "exit",
        [ORDO_S_THREAD_EXIT] = "thread_exit",
    };
    switch (s->kind) {
    case ORDO_S_ASSIGN:
        print_lhs(out, p, s);
        ordo_print_expr(out, p, s->rhs);
        return;
    case ORDO_S_HAVOC:
        fputs("havoc ", out);
        print_lvalue(out, p, &s->lhs);
        return;
    case ORDO_S_ASSUME:
        return print_with(out, p, "assume", s->cond);
    case ORDO_S_ALLOC:
        print_lhs(out, p, s);
        fputs("alloc(", out);
        ordo_print_expr(out, p, s->size);
        fputc(')', out);
        return;
    case ORDO_S_FREE:
        return print_with(out, p, "free", s->addr);
    case ORDO_S_LOCK:
        return print_with(out, p, "lock", s->addr);
    case ORDO_S_UNLOCK:
        return print_with(out, p, "unlock", s->addr);
    case ORDO_S_THREAD_START:
        print_lhs(out, p, s);
        fputs("start ", out);
        return print_args(out, p, s);
    case ORDO_S_THREAD_JOIN:
        return print_with(out, p, "join", s->cond);
    case ORDO_S_CALL:
        print_lhs(out, p, s);
        fputs("call ", out);
        return print_args(out, p, s);
    case ORDO_S_RETURN:
        return print_with(out, p, "return", s->rhs);
    case ORDO_S_SEQ:
        if (s->lazy_repeat)
            fprintf(out, "lazy %u x ", s->lazy_repeat);
        fputs("{ ", out);
        for (unsigned i = 0; i < s->n_stmts; i++) {
            ordo_print_stmt(out, p, s->stmts[i]);
            fputs("; ", out);
        }
        fputc('}', out);
        return;
    default:
        fputs(words[s->kind], out);
    }
}

static void print_object(FILE *out, const ordo_object *o)
{
    fprintf(out, "object %s @%" PRIu64 " [%" PRIu64 " cells]", o->name, o->base, o->n_cells);
    for (unsigned i = 0; i < o->n_init; i++)
        fprintf(out, "%s%" PRIu64 ": %" PRId64, i ? ", " : " = {", o->init_offsets[i],
                o->init_values[i]);
    fputs(o->n_init ? "}\n" : "\n", out);
}

static void print_proc(FILE *out, const ordo_program *p, unsigned i)
{
    const ordo_proc *pr = &p->procs[i];
    char tb[8];
    fprintf(out, "\nproc %s(", pr->name);
    for (unsigned k = 0; k < pr->n_params; k++)
        fprintf(out, "%s%s %s", k ? ", " : "", ordo_type_name(p->vars[pr->params[k]].type, tb),
                p->vars[pr->params[k]].name);
    fprintf(out, ")%s%s  [%u locations, init %u, final %u]\n", pr->has_result ? " -> " : "",
            pr->has_result ? ordo_type_name(pr->result_type, tb) : "", pr->n_locs, pr->init_loc,
            pr->final_loc);
    for (unsigned v = 0; v < p->n_vars; v++)
        if (p->vars[v].proc == (int)i)
            fprintf(out, "  local %s %s\n", ordo_type_name(p->vars[v].type, tb), p->vars[v].name);
    for (unsigned o = 0; o < p->n_objects; o++)
        if (p->objects[o].proc == (int)i) {
            fputs("  ", out);
            print_object(out, &p->objects[o]);
        }
    for (unsigned e = 0; e < pr->n_edges; e++) {
        const ordo_edge *ed = &pr->edges[e];
        fprintf(out, "  %u -> %u: ", ed->from, ed->to);
        ordo_print_stmt(out, p, ed->stmt);
        if (ed->stmt->unwinding)
            fputs("  [unwinding]", out);
        if (ed->stmt->file)
            fprintf(out, "    # line %u", ed->stmt->line);
        fputc('\n', out);
    }
}

void ordo_print_program(FILE *out, const ordo_program *p)
{
    char tb[8];
    fprintf(out, "program %s (%s), main = %s\n", p->source,
            p->data_model == ORDO_DM_ILP32 ? "ILP32" : "LP64", p->procs[p->main_proc].name);
    for (unsigned v = 0; v < p->n_vars; v++)
        if (p->vars[v].is_global || p->vars[v].is_thread_local)
            fprintf(out, "%s %s %s = %" PRId64 "\n",
                    p->vars[v].is_global ? "global" : "thread_local",
                    ordo_type_name(p->vars[v].type, tb), p->vars[v].name, p->vars[v].init);
    for (unsigned o = 0; o < p->n_objects; o++)
        if (p->objects[o].proc < 0)
            print_object(out, &p->objects[o]);
    for (unsigned i = 0; i < p->n_procs; i++)
        print_proc(out, p, i);
}

/* A dot label: the statement's text with quotes and backslashes escaped. */
static void dot_label(FILE *out, const ordo_program *p, const ordo_stmt *s)
{
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    ordo_print_stmt(mem, p, s);
    fclose(mem);
    for (const char *c = text; *c; c++) {
        if (*c == '"' || *c == '\\')
            fputc('\\', out);
        fputc(*c, out);
    }
    free(text);
}

void ordo_print_program_dot(FILE *out, const ordo_program *p)
{
    fputs("digraph ordo {\n  node [shape=circle, fontsize=10];\n  edge [fontsize=9];\n", out);
    for (unsigned i = 0; i < p->n_procs; i++) {
        const ordo_proc *pr = &p->procs[i];
        fprintf(out, "  subgraph cluster_%u {\n    label=\"%s\";\n", i, pr->name);
        for (unsigned l = 0; l < pr->n_locs; l++)
            fprintf(out, "    p%u_%u [label=\"%u\"%s];\n", i, l, l,
                    l == pr->init_loc ? ", shape=doublecircle"
                    : l == pr->final_loc ? ", shape=box" : "");
        for (unsigned e = 0; e < pr->n_edges; e++) {
            fprintf(out, "    p%u_%u -> p%u_%u [label=\"", i, pr->edges[e].from, i, pr->edges[e].to);
            dot_label(out, p, pr->edges[e].stmt);
            fputs("\"];\n", out);
        }
        fputs("  }\n", out);
    }
    fputs("}\n", out);
}

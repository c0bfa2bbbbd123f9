/*
 * The C front end: libclang-14 translation unit -> ordo IR (ir.h).
 *
 * A .c file is first preprocessed by clang with the system headers of the
 * data model's target (ILP32: i386-pc-linux-gnu, LP64: x86_64-pc-linux-gnu);
 * the front end then always parses preprocessed text, so every operator
 * token it recovers (libclang 14 has no operator-kind query) is really in
 * the buffer. Only the functions reachable from main (calls and thread
 * entries) are lowered, so an unsupported construct in dead code does not
 * make a task unsupported.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <ordo/arena.h>
#include <ordo/xalloc.h>

#include "frontend_internal.h"

#define DEFAULT_CLANG "/usr/lib/llvm-14/bin/clang"

static const char *target_of(ordo_data_model dm)
{
    return dm == ORDO_DM_ILP32 ? "i386-pc-linux-gnu" : "x86_64-pc-linux-gnu";
}

void fe_set_pos(fe *f, CXCursor at)
{
    CXString name;
    unsigned line, col;
    clang_getPresumedLocation(clang_getCursorLocation(at), &name, &line, &col);
    const char *s = clang_getCString(name);
    if (!f->file || strcmp(f->file, s ? s : ""))
        f->file = ordo_arena_strdup(f->p->arena, s ? s : "");
    f->line = line;
    clang_disposeString(name);
}

void fe_unsupported(fe *f, CXCursor at, const char *fmt, ...)
{
    if (!clang_Cursor_isNull(at))
        fe_set_pos(f, at);
    va_list ap;
    va_start(ap, fmt);
    char what[512];
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    f->err = xasprintf("unsupported: %s (%s:%u)", what, f->file ? f->file : "?", f->line);
    f->status = ORDO_FRONTEND_UNSUPPORTED;
    longjmp(f->fail, 1);
}

char *fe_spelling(fe *f, CXCursor c)
{
    CXString s = clang_getCursorSpelling(c);
    char *r = ordo_arena_strdup(f->p->arena, clang_getCString(s) ? clang_getCString(s) : "");
    clang_disposeString(s);
    return r;
}

/* Runs `clang -E` on path; returns the preprocessed text (malloc'ed) or
 * NULL with *err set. */
static char *preprocess(const char *path, ordo_data_model dm, size_t *len, char **err)
{
    const char *clang = getenv("ORDO_CLANG") ? getenv("ORDO_CLANG") : DEFAULT_CLANG;
    int out[2];
    FILE *errf = tmpfile();
    if (!errf || pipe(out) < 0) {
        *err = xasprintf("parse error: cannot run the preprocessor: %s (%s:0)", strerror(errno), path);
        if (errf)
            fclose(errf);
        return NULL;
    }
    pid_t pid = fork();
    if (pid == 0) {
        dup2(out[1], 1);
        dup2(fileno(errf), 2);
        close(out[0]);
        close(out[1]);
        execl(clang, clang, "-E", "-target", target_of(dm), "-std=gnu11", "-w", path, (char *)NULL);
        fprintf(stderr, "cannot run %s: %s\n", clang, strerror(errno));
        _exit(127);
    }
    close(out[1]);
    size_t cap = 1 << 16, n = 0;
    char *buf = xmalloc(cap);
    for (;;) {
        if (n + 1 >= cap)
            buf = xrealloc(buf, cap *= 2);
        ssize_t r = read(out[0], buf + n, cap - n - 1);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0)
            break;
        n += (size_t)r;
    }
    buf[n] = 0;
    close(out[0]);
    int st = 0;
    while (pid > 0 && waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    if (pid < 0 || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        char line[400] = "the preprocessor failed";
        rewind(errf);
        if (fgets(line, sizeof line, errf))
            line[strcspn(line, "\n")] = 0;
        *err = xasprintf("parse error: %s (%s:0)", line, path);
        free(buf);
        buf = NULL;
    }
    fclose(errf);
    *len = n;
    return buf;
}

/* The first error diagnostic as "parse error: MSG (FILE:LINE)", or NULL. */
static char *first_error(CXTranslationUnit tu)
{
    unsigned n = clang_getNumDiagnostics(tu);
    for (unsigned i = 0; i < n; i++) {
        CXDiagnostic d = clang_getDiagnostic(tu, i);
        char *msg = NULL;
        if (clang_getDiagnosticSeverity(d) >= CXDiagnostic_Error) {
            CXString text = clang_getDiagnosticSpelling(d);
            CXString file;
            unsigned line, col;
            clang_getPresumedLocation(clang_getDiagnosticLocation(d), &file, &line, &col);
            msg = xasprintf("parse error: %s (%s:%u)", clang_getCString(text),
                            clang_getCString(file), line);
            clang_disposeString(text);
            clang_disposeString(file);
        }
        clang_disposeDiagnostic(d);
        if (msg)
            return msg;
    }
    return NULL;
}

static CXCursor find_main(CXTranslationUnit tu)
{
    CXCursor root = clang_getTranslationUnitCursor(tu);
    CXCursor found = clang_getNullCursor();
    unsigned n = fe_children(root, NULL, 0);
    CXCursor *all = xmalloc((n + 1) * sizeof *all);
    fe_children(root, all, n);
    for (unsigned i = 0; i < n; i++) {
        if (clang_getCursorKind(all[i]) != CXCursor_FunctionDecl ||
            !clang_isCursorDefinition(all[i]))
            continue;
        CXString s = clang_getCursorSpelling(all[i]);
        if (!strcmp(clang_getCString(s), "main"))
            found = all[i];
        clang_disposeString(s);
    }
    free(all);
    return found;
}

/* Drops locations unreachable from a procedure's initial location (dead
 * code after return/break/goto) and renumbers the rest, keeping init 0 and
 * final 1. */
static void prune_proc(ordo_proc *pr)
{
    unsigned n = pr->n_locs;
    unsigned *first = xcalloc(n + 1, sizeof *first); /* edges by source (CSR) */
    unsigned *by_from = xmalloc((pr->n_edges + 1) * sizeof *by_from);
    for (unsigned e = 0; e < pr->n_edges; e++)
        first[pr->edges[e].from + 1]++;
    for (unsigned i = 0; i < n; i++)
        first[i + 1] += first[i];
    unsigned *fill = xmalloc((n + 1) * sizeof *fill);
    memcpy(fill, first, (n + 1) * sizeof *fill);
    for (unsigned e = 0; e < pr->n_edges; e++)
        by_from[fill[pr->edges[e].from]++] = e;
    unsigned *map = xmalloc(n * sizeof *map);
    unsigned *stack = xmalloc(n * sizeof *stack);
    for (unsigned i = 0; i < n; i++)
        map[i] = ~0u;
    unsigned sp = 0;
    map[pr->init_loc] = 0;
    stack[sp++] = pr->init_loc;
    while (sp) {
        unsigned l = stack[--sp];
        for (unsigned k = first[l]; k < first[l + 1]; k++) {
            unsigned to = pr->edges[by_from[k]].to;
            if (map[to] == ~0u) {
                map[to] = 0;
                stack[sp++] = to;
            }
        }
    }
    unsigned next = 2;
    for (unsigned i = 0; i < n; i++)
        if (i == pr->init_loc)
            map[i] = 0;
        else if (i == pr->final_loc)
            map[i] = 1;
        else if (map[i] != ~0u)
            map[i] = next++;
    unsigned k = 0;
    for (unsigned e = 0; e < pr->n_edges; e++) {
        ordo_edge ed = pr->edges[e];
        if (map[ed.from] != ~0u)
            pr->edges[k++] = (ordo_edge){ map[ed.from], map[ed.to], ed.stmt };
    }
    pr->n_edges = k;
    pr->n_locs = next;
    pr->init_loc = 0;
    pr->final_loc = 1;
    free(first);
    free(by_from);
    free(fill);
    free(map);
    free(stack);
}

static void lower_program(fe *f, CXCursor main_def)
{
    f->p->main_proc = fe_proc_of(f, main_def);
    /* phase 1: reachable functions (from main, from thread entries and
     * from function pointers in static initialisers) and address-taken
     * variables */
    fe_scan_globals(f);
    for (unsigned i = 0; i < f->p->n_procs; i++)
        fe_scan_function(f, f->defs[i]);
    /* phase 2: lowering, then the procedures of no C function (the
     * destructors of thread-specific data) */
    fe_tls_scan(f);
    for (unsigned i = 0; i < f->n_defs; i++)
        fe_lower_function(f, i);
    fe_tls_finish(f);
    for (unsigned i = 0; i < f->p->n_procs; i++)
        prune_proc(&f->p->procs[i]);
}

static void fe_free(fe *f)
{
    fe_tokens_free(f);
    fe_map_free(&f->vars);
    fe_map_free(&f->addr_taken);
    fe_map_free(&f->procs);
    fe_map_free(&f->called);
    fe_map_free(&f->labels);
    fe_map_free(&f->cases);
    free(f->infos);
    free(f->defs);
}

static ordo_program *parse_tu(fe *f, const char *path, ordo_data_model dm, CXTranslationUnit tu,
                              const char *main_file)
{
    f->p = ordo_program_new(path, dm);
    f->tu = tu;
    if (setjmp(f->fail)) {
        ordo_program_free(f->p);
        return NULL;
    }
    fe_tokens_load(f, clang_getFile(tu, main_file));
    CXCursor main_def = find_main(tu);
    if (clang_Cursor_isNull(main_def)) {
        f->status = ORDO_FRONTEND_PARSE_ERROR;
        f->err = xasprintf("parse error: no definition of main (%s:0)", path);
        longjmp(f->fail, 1);
    }
    lower_program(f, main_def);
    return f->p;
}

ordo_program *ordo_frontend_parse(const char *path, ordo_data_model dm, int *status, char **err)
{
    *status = ORDO_FRONTEND_OK;
    *err = NULL;
    size_t len = strlen(path);
    bool is_i = len > 2 && !strcmp(path + len - 2, ".i");
    char *text = NULL;
    size_t text_len = 0;
    if (access(path, R_OK) != 0) {
        *status = ORDO_FRONTEND_PARSE_ERROR;
        *err = xasprintf("parse error: cannot read the file: %s (%s:0)", strerror(errno), path);
        return NULL;
    }
    if (!is_i && !(text = preprocess(path, dm, &text_len, err))) {
        *status = ORDO_FRONTEND_PARSE_ERROR;
        return NULL;
    }
    char *virt = is_i ? xstrdup(path) : xasprintf("%s.ordo.i", path);
    struct CXUnsavedFile unsaved = { virt, text, (unsigned long)text_len };
    const char *args[] = { "-target", target_of(dm), "-std=gnu11", "-w", "-ferror-limit=1" };
    CXIndex index = clang_createIndex(0, 0);
    CXTranslationUnit tu = NULL;
    enum CXErrorCode code = clang_parseTranslationUnit2(
        index, virt, args, sizeof args / sizeof args[0], is_i ? NULL : &unsaved, is_i ? 0 : 1,
        CXTranslationUnit_None, &tu);
    ordo_program *p = NULL;
    if (code != CXError_Success || !tu) {
        *status = ORDO_FRONTEND_PARSE_ERROR;
        *err = xasprintf("parse error: libclang could not parse the file (%s:0)", path);
    } else if ((*err = first_error(tu))) {
        *status = ORDO_FRONTEND_PARSE_ERROR;
    } else {
        fe f = { 0 };
        f.exit_status = clang_getNullCursor();
        p = parse_tu(&f, path, dm, tu, virt);
        if (!p) {
            *status = f.status;
            *err = f.err;
        }
        fe_free(&f);
    }
    if (tu)
        clang_disposeTranslationUnit(tu);
    clang_disposeIndex(index);
    free(virt);
    free(text);
    return p;
}

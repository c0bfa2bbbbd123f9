/*
 * Operator recovery from tokens (libclang 14 has no operator-kind query).
 * The front end parses preprocessed text only, so the tokens of the main
 * file are exactly what the parser saw: the operator of a binary
 * expression is the first token after its left operand, the operator of a
 * prefix unary expression its first token, of a postfix one the first
 * token after its operand.
 */
#include <stdlib.h>
#include <string.h>

#include <ordo/xalloc.h>

#include "frontend_internal.h"

unsigned fe_offset(CXSourceLocation loc)
{
    unsigned off = 0;
    clang_getFileLocation(loc, NULL, NULL, NULL, &off);
    return off;
}

void fe_tokens_load(fe *f, CXFile file)
{
    size_t size = 0;
    if (!file || !clang_getFileContents(f->tu, file, &size))
        return;
    CXSourceRange all = clang_getRange(clang_getLocationForOffset(f->tu, file, 0),
                                       clang_getLocationForOffset(f->tu, file, (unsigned)size));
    clang_tokenize(f->tu, all, &f->toks, &f->n_toks);
    f->tok_off = xmalloc((f->n_toks + 1) * sizeof *f->tok_off);
    f->tok_text = xmalloc((f->n_toks + 1) * sizeof *f->tok_text);
    for (unsigned i = 0; i < f->n_toks; i++) {
        f->tok_off[i] = fe_offset(clang_getTokenLocation(f->tu, f->toks[i]));
        CXString s = clang_getTokenSpelling(f->tu, f->toks[i]);
        f->tok_text[i] = xstrdup(clang_getCString(s));
        clang_disposeString(s);
    }
}

void fe_tokens_free(fe *f)
{
    for (unsigned i = 0; i < f->n_toks; i++)
        free(f->tok_text[i]);
    free(f->tok_text);
    free(f->tok_off);
    if (f->toks)
        clang_disposeTokens(f->tu, f->toks, f->n_toks);
}

/* Index of the first token starting at or after offset. */
static unsigned token_index(const fe *f, unsigned offset)
{
    unsigned lo = 0, hi = f->n_toks;
    while (lo < hi) {
        unsigned mid = lo + (hi - lo) / 2;
        if (f->tok_off[mid] < offset)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

const char *fe_token_at(const fe *f, unsigned offset)
{
    unsigned i = token_index(f, offset);
    return i < f->n_toks ? f->tok_text[i] : NULL;
}

static const char *token_or_fail(fe *f, CXCursor at, unsigned offset)
{
    const char *t = fe_token_at(f, offset);
    if (!t)
        fe_unsupported(f, at, "operator not found in the source text");
    return t;
}

const char *fe_binop_token(fe *f, CXCursor op)
{
    CXCursor kids[2];
    if (fe_children(op, kids, 2) != 2)
        fe_unsupported(f, op, "binary operator without two operands");
    return token_or_fail(f, op, fe_offset(clang_getRangeEnd(clang_getCursorExtent(kids[0]))));
}

const char *fe_unop_token(fe *f, CXCursor op, bool *postfix)
{
    CXCursor kid[1];
    if (fe_children(op, kid, 1) != 1)
        fe_unsupported(f, op, "unary operator without an operand");
    unsigned start = fe_offset(clang_getRangeStart(clang_getCursorExtent(op)));
    unsigned kid_start = fe_offset(clang_getRangeStart(clang_getCursorExtent(kid[0])));
    *postfix = kid_start == start;
    if (*postfix)
        return token_or_fail(f, op, fe_offset(clang_getRangeEnd(clang_getCursorExtent(kid[0]))));
    return token_or_fail(f, op, start);
}

bool fe_for_header(const fe *f, CXCursor c, unsigned off[3])
{
    unsigned i = token_index(f, fe_offset(clang_getRangeStart(clang_getCursorExtent(c))));
    if (i + 1 >= f->n_toks || strcmp(f->tok_text[i], "for") || strcmp(f->tok_text[i + 1], "("))
        return false;
    unsigned depth = 0, semis = 0;
    for (i += 1; i < f->n_toks; i++) {
        const char *t = f->tok_text[i];
        if (!strcmp(t, "(") || !strcmp(t, "[") || !strcmp(t, "{"))
            depth++;
        else if (!strcmp(t, ")") || !strcmp(t, "]") || !strcmp(t, "}")) {
            if (--depth == 0) {
                off[2] = f->tok_off[i];
                return semis == 2;
            }
        } else if (!strcmp(t, ";") && depth == 1 && semis < 2)
            off[semis++] = f->tok_off[i];
    }
    return false;
}

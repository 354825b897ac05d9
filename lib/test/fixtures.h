/* fixtures.h: the inputs and the reference order the tests of the fast paths share (test_fast_path.c,
 * test_fast_sparse.c, test_top_p_known.c, test_top_p_prefix.c, test_filters.c).
 *
 * Each test lists the kinds of logits it draws in a table of its own (LogitsKind, by its InputKind), so that
 * its inputs, seeds and numbers stay its own; make_logits draws them all the same way.
 *
 * defines: LogitsShape, LogitsDraw, LogitsKind, make_logits, reference_order.
 */
#ifndef FIXTURES_H
#define FIXTURES_H

#include "candidates.h"
#include "rng.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* How one logit is drawn; `scale` and `levels` are LogitsDraw's. */
typedef enum {
    LOGITS_VALUE,           /* scale itself (-INFINITY, INFINITY, NAN, 1.0) */
    LOGITS_GAUSSIAN,        /* scale * a standard gaussian (rng_next_gaussian) */
    LOGITS_LEVELS,          /* scale * an integer in [0, levels): many equal logits */
    LOGITS_UNIFORM,         /* scale * a double in [0, 1) */
    LOGITS_FLAT,            /* 2u - 1, u in [0, 1): top-p sorts nearly all */
    LOGITS_SIGNED_ZEROS,    /* +0 at odd ids, -0 at even ones: -0 and +0 tie, ids decide */
    LOGITS_INDEX,           /* scale * the id: 1 ascending (every logit beats the k-th best so far), -1 descending */
    LOGITS_HUGE,            /* (u - 0.5) * 1.9 * DBL_MAX: max - min overflows */
    LOGITS_TINY,            /* 1 + 1e-12 * a gaussian */
    LOGITS_GEOMETRIC,       /* 2^-j, j an integer in [0, 60): crowds toward 0 */
    LOGITS_ONE_HIGH         /* a gaussian, but scale at id n / 3 (drawing nothing there): one token holds it all */
} LogitsShape;

typedef struct {
    LogitsShape shape;
    double scale;           /* see the shape */
    int32_t levels;         /* LOGITS_LEVELS: how many */
} LogitsDraw;

/* A kind of logits: each drawn as `common`, or, when one_in > 0, as `rare` where an integer in [0, one_in) drawn
 * first is 0. With rare_somewhere, id n - 1 - n / 7 is then drawn as `rare` again, so that one is (a NaN). */
typedef struct {
    LogitsDraw common;
    int32_t one_in;
    LogitsDraw rare;
    bool rare_somewhere;
} LogitsKind;

/* Fills x (n,) with logits of the given kind, drawn from r in id order. */
void make_logits(double *x, size_t n, const LogitsKind *kind, Rng *r);

/* qsort's comparator for TokenData: logit descending, then the lower id first, the tie rule lib/fast/ must equal
 * (candidates_sort's order), written here independently of the library. -0 and +0 tie; the callers sort no NaN. */
int reference_order(const void *a, const void *b);

#endif

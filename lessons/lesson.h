/* lesson.h: what every lesson program shares: stopping with the library's message when a call fails. */
#ifndef LESSON_H
#define LESSON_H

#include "candidates.h"

#include <stdio.h>
#include <stdlib.h>

/* Prints "<program>: <message>" to stderr and exits with status 1 when st is an error. */
static inline void lesson_check(const char *program, SamplingStatus st)
{
    if (st != SAMPLING_OK) {
        fprintf(stderr, "%s: %s\n", program, sampling_strerror(st));
        exit(1);
    }
}

#endif

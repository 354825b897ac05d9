/* old_dry.h: an earlier commit's lib/fast/dry.c (today's is lib/fast/dry_fast.c), built beside today's so that
 * make bench times both in one run on the same inputs. The Makefile extracts that file with
 * `git show DRY_OLD:lib/fast/dry.c` into build-bench/ and compiles it with this header forced in first
 * (-include, with OLD_DRY_COMMIT naming the commit), so that its two public functions take the names below.
 * Without git or the commit, or when that file no longer builds against today's headers, old_dry_missing.c
 * stands in and old_dry_commit is NULL: the rows say so.
 *
 * defines: old_dry_commit, old_fast_apply_dry, old_fast_dry_scratch_len.
 */
#ifndef OLD_DRY_H
#define OLD_DRY_H

#include "dry.h"

#ifdef OLD_DRY_COMMIT
#define fast_apply_dry old_fast_apply_dry
#define fast_dry_scratch_len old_fast_dry_scratch_len
#endif

/* The commit the old functions come from ("9353431"), or NULL when they could not be built. */
extern const char *const old_dry_commit;

/* That commit's fast_apply_dry and fast_dry_scratch_len (lib/fast/fast.h). */
SamplingStatus old_fast_apply_dry(Candidates *c, const int32_t *history, size_t n_history, const DryParams *params,
                                  int32_t *scratch, size_t scratch_len);
size_t old_fast_dry_scratch_len(size_t n_history, int32_t dry_penalty_last_n);

#ifdef OLD_DRY_COMMIT
const char *const old_dry_commit = OLD_DRY_COMMIT;
#endif

#endif

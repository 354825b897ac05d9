# Makefile: the sampler workbench (GNU Make, this one file).
#
#   make            build the library (four archives, one per layer), its tests and the thirteen lesson programs
#                   under build/
#   make check      the library's tests, the layers' check (lib/test/test_archives.sh), Example 11's command-line
#                   test, the runner's, pictures' and front page's tests, the lessons edited as a reader would
#                   (lib/test/test_edits.sh), then ./run_all.sh;
#                   each part ends with a labelled "part: N passed, M failed", the last line is the overall
#                   "N passed, M failed"
#   make sanitize   the same checks, built in build-san/ with AddressSanitizer and UBSan
#   make pictures   every example's picture (build/pictures/NN_slug.svg) and build/pictures/index.html
#   make bench      build an optimized benchmark in build-bench/ and print what each sampler costs, then what a
#                   student waits for: a lesson's compile and the save-and-run loop, as ratios (lib/bench/loop.sh),
#                   and each lesson's size, link and what an edit in lib/cli/ relinks (lib/bench/sizes.sh)
#   make fuzz       (optional, needs clang's libFuzzer) fuzz the chain, the GGUF reader and the preset reader
#                   for FUZZ_SECONDS each (default 60); FUZZ_TARGETS=gguf fuzzes one
#   make clean      remove build/, build-san/, build-bench/ and build-fuzz/
#
# CC, CFLAGS, LDFLAGS and LDLIBS are yours to set; the flags the build needs are added before your CFLAGS.
# V=1 shows the full commands; WERROR=1 turns warnings into errors; JOBS=1 compiles one file at a time.

CFLAGS  ?= -O2 -g
# Compiles in parallel, one job per core; JOBS=1 builds one file at a time. The cores are counted once (a
# recursive ?= would run getconf at each use: milliseconds on every ./run_all.sh NN).
ifeq ($(origin JOBS),undefined)
  JOBS := $(shell getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)
endif
MAKEFLAGS += -j$(JOBS)
BUILD   ?= build
SAN     ?= build-san
BENCH   ?= build-bench

REQUIRED_CFLAGS = -std=c11 -Wall -Wextra -Wpedantic -Wshadow -ffp-contract=off -Ilib $(if $(WERROR),-Werror)
SAN_FLAGS       = -fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer
# Lessons only: what the standard calls a constraint violation is an error, so an initializer with more
# elements than its array ("excess elements in array initializer") stops the build in gcc and clang alike.
LESSON_CFLAGS   = -pedantic-errors
# The library's objects: one section per function and per datum, so that a lesson's link keeps only what it calls
# (link.flags, below); gcc and clang take these on every target.
SECTION_FLAGS   = -ffunction-sections -fdata-sections
# lesson.h leaves <math.h> out (39 million instructions of a compile that a hello-world costs 75: lib/README.md),
# so INFINITY, NAN, HUGE_VAL, isnan, isinf and isfinite in an edited lesson that lacks it are unknown. gcc and
# clang say so without naming the header (they name it for log or exp), and gcc and clang 16 stop; the build
# then puts MATH_HINT (a printf format of two lines, the file for its %s) and MATH_AFTER before their messages, as
# errors that follow (a static assertion on two arrays' lengths, an incomplete type) can come from the missing
# name. clang 14 takes a call to isnan or isinf (glibc has those functions) with a warning, which gets MATH_HINT;
# isfinite, or a reader's own prototype of it, fails at the link, which puts MATH_HINT before the linker's words.
MATH_MACROS = [‘'](INFINITY|NAN|HUGE_VAL)[’']+ undeclared|undeclared identifier '(INFINITY|NAN|HUGE_VAL)'|\
              function [‘'](isnan|isinf|isfinite)[’']
MATH_UNDEFINED = (undefined reference to|undefined symbol:) [^A-Za-z_]*(isnan|isinf|isfinite)([^A-Za-z0-9_]|$$)
MATH_HINT_1 = INFINITY, NAN, HUGE_VAL, isnan, isinf and isfinite come from <math.h>, which
MATH_HINT_2 = lesson.h leaves out to keep the compile fast: add \#include <math.h> below \#include "lesson.h".
MATH_HINT   = %s: hint: $(MATH_HINT_1)\n  $(MATH_HINT_2)\n
MATH_AFTER  = Later errors may come from the missing name too (a static assertion on two arrays, an incomplete type).
# A lesson that includes a header of lib/cli/ but is not in CLI_LESSONS (below) links without the tool's archive:
# when its link fails, CLI_HINT (a printf format, the lesson's file and name for its two %s) comes first.
CLI_HINT_1  = lib/cli/, the tool of Example 11, is linked only into the lessons that CLI_LESSONS in the Makefile
CLI_HINT_2  = names ($(CLI_LESSONS)): add %s to CLI_LESSONS to call the tool from this lesson.
CLI_HINT    = %s: hint: $(CLI_HINT_1)\n  $(CLI_HINT_2)\n

# The library in four layers, each built as an archive (ar) under $(BUILD)/lib/, bottom first: a layer may call
# only the layers below it, which make check's archives: part reads off each archive with nm
# (lib/test/test_archives.sh; lib/README.md draws the layers).
LAYERS       := cli picture lesson core
SRC_core     := $(wildcard lib/*.c lib/fast/*.c)
SRC_lesson   := $(wildcard lib/lesson/*.c)
SRC_picture  := $(wildcard lib/picture/*.c)
SRC_cli      := $(wildcard lib/cli/*.c)
LIB_SRC      := $(foreach a,$(LAYERS),$(SRC_$(a)))
# The archives a lesson links, top first as a static link wants: the tool only where the lesson runs it.
CLI_LESSONS  := 11_sampler_chain
archives_of   = $(if $(filter $(1),$(CLI_LESSONS)),cli) picture lesson core
# svg_check.c is a program of its own (the pictures' XML checker), not one of test_lib's files.
TEST_SRC   := $(filter-out lib/test/fuzz_%.c lib/test/svg_check.c,$(wildcard lib/test/*.c))
LESSON_SRC := $(wildcard lessons/*.c)
LESSONS    := $(LESSON_SRC:lessons/%.c=%)

# One short line per compiled file ("  CC   lib/rng.c"); V=1 shows the commands instead, make -s shows neither.
ifeq ($(V),1)
  say =
else ifneq ($(findstring s,$(firstword -$(MAKEFLAGS))),)
  say = @
else
  say = @printf '  %-4s %s\n' $(1) $(2);
endif

.DELETE_ON_ERROR:
.SECONDARY:
.SUFFIXES:
.PHONY: all check sanitize bench fuzz clean pictures

all: $(LESSONS:%=$(BUILD)/bin/%) $(BUILD)/bin/test_lib $(BUILD)/bin/svg_check $(BUILD)/demo.gguf

# The rules for one build tree; $(1) is its directory, $(2) the extra flags of that tree.
define build_tree
$(1)/%.o: %.c
	@mkdir -p $$(@D)
	$$(call say,CC,$$<)$$(CC) $$(REQUIRED_CFLAGS) $$(SECTION_FLAGS) $(2) $$(CFLAGS) -MMD -MP -c -o $$@ $$<

# A lesson's compiler messages also go to its .warn file, which ./run_all.sh shows under the example's line. A
# compile whose messages name one of <math.h>'s macros gets MATH_HINT before them (a warning too: clang 14 takes
# a call to isnan), and MATH_AFTER when it failed.
$(1)/lessons/%.o: lessons/%.c
	@mkdir -p $$(@D)
	$$(call say,CC,$$<)$$(CC) $$(REQUIRED_CFLAGS) $$(LESSON_CFLAGS) $(2) $$(CFLAGS) -MMD -MP -c -o $$@ $$< \
	    2>$$(@:.o=.warn); status=$$$$?; \
	if grep -Eq "$$(MATH_MACROS)" $$(@:.o=.warn); then \
	    { printf '$$(MATH_HINT)' '$$<'; if [ $$$$status -ne 0 ]; then printf '  $$(MATH_AFTER)\n'; fi; \
	      cat $$(@:.o=.warn); } >$$(@:.o=.hint) && mv $$(@:.o=.hint) $$(@:.o=.warn); \
	fi; cat $$(@:.o=.warn) >&2; exit $$$$status

# The four archives; an archive is written anew (rm, then ar) so that a removed source leaves no object behind.
$(1)/lib/libcore.a: $(SRC_core:%.c=$(1)/%.o)
$(1)/lib/liblesson.a: $(SRC_lesson:%.c=$(1)/%.o)
$(1)/lib/libpicture.a: $(SRC_picture:%.c=$(1)/%.o)
$(1)/lib/libcli.a: $(SRC_cli:%.c=$(1)/%.o)
$(1)/lib/lib%.a:
	@mkdir -p $$(@D)
	$$(call say,AR,$$@)rm -f $$@ && $$(AR) rcs $$@ $$^

# The linker's flag that drops the functions of an archive's objects that nothing calls (each library function
# is compiled into a section of its own, SECTION_FLAGS): -Wl,--gc-sections where this linker takes it (GNU ld,
# gold, lld), nothing elsewhere. Asked once per tree and kept in $(1)/lib/link.flags (make clean asks again).
$(1)/lib/link.flags:
	@mkdir -p $$(@D) && printf 'int main(void) { return 0; }\n' >$(1)/lib/link-probe.c && \
	if $$(CC) -Wl,--gc-sections -o $(1)/lib/link-probe $(1)/lib/link-probe.c >/dev/null 2>&1; then \
	    echo -Wl,--gc-sections; fi >$$@; rm -f $(1)/lib/link-probe $(1)/lib/link-probe.c

# A lesson's link: its object, then the archives it needs, top first (archives_of); MATH_HINT before the
# linker's messages when it fails on one of <math.h>'s names. $(1)/lessons/NN.libdeps lists the dependency files
# of the objects in those archives, which ./run_all.sh --pictures reads for the sources a picture was drawn from.
$(foreach l,$(LESSONS),$(eval $(1)/bin/$(l): $(foreach a,$(call archives_of,$(l)),$(1)/lib/lib$(a).a)))
$(1)/bin/%: $(1)/lessons/%.o | $(1)/lib/link.flags
	@mkdir -p $$(@D)
	@printf '%s\n' $$(foreach a,$$(call archives_of,$$*),$$(SRC_$$(a):%.c=$(1)/%.d)) >$(1)/lessons/$$*.libdeps
	$$(call say,LINK,$$@)$$(CC) $(2) $$(CFLAGS) $$(LDFLAGS) $$$$(cat $(1)/lib/link.flags) -o $$@ $$^ $$(LDLIBS) -lm \
	    2>$(1)/lessons/$$*.link; \
	status=$$$$?; if [ $$$$status -ne 0 ] && grep -Eq '$$(MATH_UNDEFINED)' $(1)/lessons/$$*.link; then \
	    printf '$$(MATH_HINT)' 'lessons/$$*.c' >&2; fi; \
	if [ $$$$status -ne 0 ] && [ -z "$$(filter $$*,$$(CLI_LESSONS))" ] \
	   && grep -Eq '^[[:space:]]*#[[:space:]]*include[[:space:]]*"cli/' lessons/$$*.c; then \
	    printf '$$(CLI_HINT)' 'lessons/$$*.c' '$$*' >&2; fi; cat $(1)/lessons/$$*.link >&2; exit $$$$status

$(1)/bin/test_lib: $(TEST_SRC:%.c=$(1)/%.o) $(LAYERS:%=$(1)/lib/lib%.a)
	@mkdir -p $$(@D)
	$$(call say,LINK,$$@)$$(CC) $(2) $$(CFLAGS) $$(LDFLAGS) -o $$@ $$^ $$(LDLIBS) -lm

# The small model file lib/cli/README.md's examples read (its metadata only).
$(1)/demo.gguf: lib/cli/demo_gguf.sh
	@mkdir -p $$(@D)
	$$(call say,GEN,$$@)sh lib/cli/demo_gguf.sh $$@

$(1)/bin/svg_check: $(1)/lib/test/svg_check.o $(1)/lib/picture/palette.o
	@mkdir -p $$(@D)
	$$(call say,LINK,$$@)$$(CC) $(2) $$(CFLAGS) $$(LDFLAGS) -o $$@ $$^ $$(LDLIBS) -lm

-include $(wildcard $(1)/lib/*.d $(1)/lib/fast/*.d $(1)/lib/cli/*.d $(1)/lib/lesson/*.d $(1)/lib/picture/*.d $(1)/lib/test/*.d $(1)/lib/bench/*.d $(1)/lessons/*.d)
endef

# BUILD=build-san (./run_all.sh on the sanitizer tree) names the same tree twice: its own rules, with their flags,
# are the ones made (and make says nothing of a recipe overridden).
$(if $(filter $(BUILD),$(SAN) $(BENCH)),,$(eval $(call build_tree,$(BUILD),)))
$(eval $(call build_tree,$(SAN),$(SAN_FLAGS)))
$(eval $(call build_tree,$(BENCH),-O2))

# The bench times DRY against commit DRY_OLD's (lib/bench/old_dry.h): that commit's lib/fast/dry.c, taken with git
# show and built beside today's under other names. Without git or the commit, or if it no longer builds (the
# compiler's words go to old_dry_<commit>.log), lib/bench/old_dry_missing.c stands in and those rows say skipped.
DRY_OLD ?= 9353431
OLD_DRY = $(BENCH)/old_dry_$(DRY_OLD)

$(BENCH)/bin/bench: $(BENCH)/lib/bench/bench.o $(OLD_DRY).o $(LAYERS:%=$(BENCH)/lib/lib%.a)
	@mkdir -p $(@D)
	$(call say,LINK,$@)$(CC) -O2 $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LDLIBS) -lm

$(OLD_DRY).o: lib/bench/old_dry.h lib/bench/old_dry_missing.c
	@mkdir -p $(@D)
	$(call say,CC,$(DRY_OLD):lib/fast/dry.c)if git show $(DRY_OLD):lib/fast/dry.c >$(OLD_DRY).c 2>$(OLD_DRY).log \
	    && $(CC) $(REQUIRED_CFLAGS) -O2 $(CFLAGS) -Ilib/fast -include lib/bench/old_dry.h \
	        -DOLD_DRY_COMMIT='"$(DRY_OLD)"' -MMD -MP -c -o $@ $(OLD_DRY).c 2>>$(OLD_DRY).log; then :; else \
	    echo "bench: no build of $(DRY_OLD):lib/fast/dry.c (see $(OLD_DRY).log); its DRY rows are skipped"; \
	    $(CC) $(REQUIRED_CFLAGS) -O2 $(CFLAGS) -MMD -MP -c -o $@ lib/bench/old_dry_missing.c; fi
$(OLD_DRY).c: ;
-include $(wildcard $(OLD_DRY).d)

# Never part of check: timings are figures to read, not tests.
bench: $(BENCH)/bin/bench all
	$(BENCH)/bin/bench
	CC="$(CC)" CFLAGS="$(CFLAGS)" BUILD=$(BUILD) lib/bench/loop.sh
	CC="$(CC)" CFLAGS="$(CFLAGS)" BUILD=$(BUILD) lib/bench/sizes.sh

# Runs the library's tests, the layers' check (no archive calls a layer at its level or above), Example 11's
# command-line test, the runner's own test, the pictures' test, the front page's test (index.html, on a copy of
# the tree), the lessons edited as a reader would (built with tree $(1)'s flags, $(2)) and the runner on tree
# $(1). Each part's output is shown as the part ends, its "N passed, M failed" line with a label (library:,
# archives:, cli:, runner:, pictures:, index:, edits:, lessons:); the last line is their sum.
# The exit status is non-zero when any part failed or printed no summary. The runner's, pictures', front page's
# and edits' tests take the lessons as last committed (lib/test/committed.sh); when lessons/ differs from that
# commit, a note says so first, and the lessons: part alone shows the difference.
CHECK_PARTS = library archives cli runner pictures index edits lessons
define run_checks
	@status=0; \
	if command -v git >/dev/null 2>&1 && [ -n "$$(git ls-tree HEAD lessons 2>/dev/null)" ] \
	   && { ! git diff --quiet HEAD -- lessons || [ -n "$$(git ls-files --others --exclude-standard -- lessons)" ]; } \
	   2>/dev/null; then \
	    echo "note: lessons/ differs from the last commit (git status lessons). The workbench's own checks (runner:,"; \
	    echo "      pictures:, index:, edits:) test the lessons as committed; the last part, lessons:, runs yours and"; \
	    echo "      shows with a diff what your edit changes in each table (a FAIL there is your edit at work)."; \
	fi; \
	part() { \
	    name=$$1; shift; "$$@" > $(1)/check-$$name.log 2>&1 || status=1; \
	    sed "s/^[0-9][0-9]* passed, [0-9][0-9]* failed\$$/$$name: &/" $(1)/check-$$name.log; \
	}; \
	part library $(1)/bin/test_lib; \
	part archives env BUILD=$(1) CC="$(CC)" lib/test/test_archives.sh; \
	part cli env BUILD=$(1) lib/test/test_cli.sh; \
	part runner env BUILD=$(1) CC="$(CC)" CFLAGS="$(CFLAGS)" lib/test/test_runner.sh; \
	part pictures env BUILD=$(1) CC="$(CC)" CFLAGS="$(CFLAGS)" \
	    EDIT_CFLAGS="$(REQUIRED_CFLAGS) $(LESSON_CFLAGS) $(2) $(CFLAGS)" EDIT_LDFLAGS="$(2) $(CFLAGS) $(LDFLAGS)" \
	    lib/test/test_pictures.sh; \
	part index env BUILD=$(1) CC="$(CC)" CFLAGS="$(CFLAGS)" lib/test/test_index.sh; \
	part edits env BUILD=$(1) CC="$(CC)" EDIT_CFLAGS="$(REQUIRED_CFLAGS) $(LESSON_CFLAGS) $(2) $(CFLAGS)" \
	    EDIT_LDFLAGS="$(2) $(CFLAGS) $(LDFLAGS)" lib/test/test_edits.sh; \
	part lessons env BUILD=$(1) ./run_all.sh; \
	awk '/^[0-9]+ passed, [0-9]+ failed$$/ { p += $$1; f += $$3; n++ } \
	     END { if (n < $(words $(CHECK_PARTS))) { print "a summary line is missing (a test program crashed?)"; f++ } \
	           printf "%d passed, %d failed\n", p, f; exit (f > 0) }' $(CHECK_PARTS:%=$(1)/check-%.log) \
	    || status=1; \
	exit $$status
endef

check: all
	$(call run_checks,$(BUILD))

# The same checks under AddressSanitizer and UBSan, but for one group that says "skipped:" in the library part:
# the readers' memory budgets (lib/test/test_readers_memory.c, 86 checks), which count every block by standing in
# for glibc's malloc, where ASan's allocator takes its place (and would count its own redzones if it did not).

sanitize: $(LESSONS:%=$(SAN)/bin/%) $(SAN)/bin/test_lib $(SAN)/bin/svg_check $(SAN)/demo.gguf
	$(call run_checks,$(SAN),$(SAN_FLAGS))

# Every example's picture, build/pictures/NN_slug.svg, and build/pictures/index.html, which shows each beside its
# table: ./run_all.sh --pictures (the usual PASS/FAIL lines; the pictures are written either way).
pictures: all
	./run_all.sh --pictures

# Arbitrary bytes as logits, history and parameters for the chain (lib/test/fuzz_chain.c), as a GGUF file
# (fuzz_gguf.c) and as a preset file (fuzz_preset.c), each for FUZZ_SECONDS; FUZZ_TARGETS=gguf picks. Not
# part of check.
FUZZ         ?= build-fuzz
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= chain gguf preset
FUZZ_GGUF_NEEDS = lib/test/gguf_writer.c -Ilib/test
# One target: $(1) its name, $(2) the files it needs besides the library, $(3) its corpus, $(4) its artifacts.
define fuzz_target
	@mkdir -p $(3)
	$(call say,LINK,$(FUZZ)/fuzz_$(1))clang -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
	    $(REQUIRED_CFLAGS) -o $(FUZZ)/fuzz_$(1) lib/test/fuzz_$(1).c $(2) $(LIB_SRC) -lm \
	    || { echo "make fuzz needs clang with libFuzzer (Debian: clang and libclang-rt-dev)"; exit 1; }
	$(FUZZ)/fuzz_$(1) -max_total_time=$(FUZZ_SECONDS) -artifact_prefix=$(4) $(3)
endef
fuzz:
	@mkdir -p $(FUZZ)
	$(if $(filter chain,$(FUZZ_TARGETS)),$(call fuzz_target,chain,,$(FUZZ)/corpus,$(FUZZ)/))
	$(if $(filter gguf,$(FUZZ_TARGETS)),$(call fuzz_target,gguf,$(FUZZ_GGUF_NEEDS),$(FUZZ)/corpus_gguf,$(FUZZ)/gguf-))
	$(if $(filter preset,$(FUZZ_TARGETS)),$(call fuzz_target,preset,,$(FUZZ)/corpus_preset,$(FUZZ)/preset-))

clean:
	rm -rf $(BUILD) $(SAN) $(BENCH) $(FUZZ)

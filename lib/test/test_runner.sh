#!/bin/sh
# test_runner.sh: run_all.sh itself, from the outside (and, at the end, Example 12's --help). A real hang and a
# real crash must each be one FAIL with its reason, and a program that finishes must never be called timed out,
# even when both cores are busy: RUNNER_RUNS (default 4) runs of every lesson with TIME_LIMIT=2 under two busy
# loops, with sh and with bash when it is installed, must give the same verdicts (PASS/FAIL lines and summary)
# as one run at rest. The lessons need not pass: a reader's edit is the lessons' failure, not the runner's. A
# correct runner never waits for its limit, so this takes about a second per run on a busy 2-core machine.
# --run and --watch are tried too (--watch polls once a second: a few seconds). Ends with "N passed, M failed". BUILD picks the build tree whose lessons were built (default build); nothing is
# rebuilt here but the lessons as committed (below).
#
# All of it runs in a copy of the tree, $BUILD/out/runner-tree, whose lessons are the last commit's
# (lib/test/committed.sh), built there if they differ from lessons/: a reader's edit shows in make check's
# lessons: part, not here.
set -u
export LC_ALL=C
# Example 11's tool reads llama.cpp's LLAMA_ARG_* variables (lib/cli/env.c): none of the caller's may reach it.
for v in $(env | sed -n 's/^\(LLAMA_ARG_[A-Za-z0-9_]*\)=.*/\1/p'); do unset "$v"; done
unset MAKEFLAGS MFLAGS      # make check runs this script: the makes that --run starts get no jobserver of its
cd "$(dirname "$0")/../.."
build=${BUILD:-build}
. lib/test/committed.sh
committed_tree "$build/out/runner-tree"
cd "$build/out/runner-tree"
build=$b
tmp=$build/out/runner
rm -rf "$tmp"
mkdir -p "$tmp/fake/bin"
passed=0
failed=0

# expect WHAT FILE TEXT: FILE must contain the line TEXT.
expect() {
    if grep -qxF -- "$3" "$2"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "test_runner.sh: $1: no line '$3' in:"
        sed 's/^/    /' "$2"
    fi
}

# 0. committed_lessons (lib/test/committed.sh), on a small repository of its own: after a lesson is edited, one
# removed and one added but not committed, the copy holds the commit's files (the edited one as committed, the
# removed one back, the added one left out) and names the two that differ. In a folder no commit holds, the
# files as they are, none named.
abs=$(cd "$tmp" && pwd)
repo=$abs/repo
mkdir -p "$repo/lessons" "$abs/plain/lessons"
printf 'one\n' >"$repo/lessons/01_a.c"
printf 'two\n' >"$repo/lessons/02_b.c"
printf 'h\n' >"$repo/lessons/lesson.h"
if command -v git >/dev/null 2>&1 && (cd "$repo" && git init -q . && git add lessons \
       && git -c user.name=test -c user.email=test@example.invalid -c commit.gpgsign=false commit -q -m lessons) \
       >"$tmp/repo.log" 2>&1; then
    printf 'one, edited\n' >"$repo/lessons/01_a.c"
    rm "$repo/lessons/02_b.c"
    printf 'new\n' >"$repo/lessons/03_c.c"
    (cd "$repo" && committed_lessons "$abs/copy" && echo "changed: $lessons_changed") >"$tmp/repo.out" 2>&1
    if [ "$(cat "$abs/copy/01_a.c" "$abs/copy/02_b.c" "$abs/copy/lesson.h" 2>&1)" = "one
two
h" ] && [ ! -e "$abs/copy/03_c.c" ] && grep -qx 'changed: 01_a.c 02_b.c' "$tmp/repo.out"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "test_runner.sh: committed_lessons does not copy the lessons as committed:"
        ls "$abs/copy" | sed 's/^/    /'
        sed 's/^/    /' "$tmp/repo.out"
    fi
else
    echo "test_runner.sh: note: no git here, or no commit could be made: committed_lessons's commit not tried"
fi
printf 'as it is\n' >"$abs/plain/lessons/01_a.c"
(cd "$abs/plain" && committed_lessons "$abs/plain-copy" && echo "changed: $lessons_changed") >"$tmp/plain.out" 2>&1
if [ "$(cat "$abs/plain-copy/01_a.c" 2>&1)" = "as it is" ] && grep -qx 'changed: ' "$tmp/plain.out"; then
    passed=$((passed + 1))
else
    failed=$((failed + 1))
    echo "test_runner.sh: committed_lessons in a folder no commit holds does not copy the files as they are:"
    sed 's/^/    /' "$tmp/plain.out"
fi

# 1. Faults, on a fake build tree whose "lessons" are shell scripts: one hangs, one crashes, one passes.
fake=$tmp/fake/bin
printf '#!/bin/sh\nexec sleep 30\n' >"$fake/01_repeat_penalty"
printf '#!/bin/sh\nkill -SEGV $$\n' >"$fake/02_presence_penalty"
printf '#!/bin/sh\ncat expected/03_frequency_penalty.txt\n' >"$fake/03_frequency_penalty"
printf '#!/bin/sh\ncat expected/04_three_penalties.txt\necho "04_three_penalties: note: the Java differs" >&2\n' \
    >"$fake/04_three_penalties"
printf '#!/bin/sh\necho "a changed table"\necho "05_code_repeats: note: the Java differs" >&2\n' \
    >"$fake/05_code_repeats"
chmod +x "$fake"/*
MAKELEVEL=1 BUILD=$tmp/fake TIME_LIMIT=1 ./run_all.sh 01_ 02_ 03_ 04_ 05_ >"$tmp/faults" 2>&1
expect "a hang" "$tmp/faults" "FAIL 01_repeat_penalty (timed out after 1s)"
expect "a crash" "$tmp/faults" "FAIL 02_presence_penalty (crashed: signal 11 (SEGV))"
expect "a pass" "$tmp/faults" "PASS 03_frequency_penalty"
expect "a note under a PASS" "$tmp/faults" "04_three_penalties: note: the Java differs"
expect "a note under a FAIL" "$tmp/faults" "05_code_repeats: note: the Java differs"
expect "the fault summary" "$tmp/faults" "2 passed, 3 failed"
# A number selects that example alone (3 is Example 3, not 13 too), a part of a name every program that holds it.
MAKELEVEL=1 BUILD=$tmp/fake TIME_LIMIT=1 ./run_all.sh 3 code >"$tmp/numbers" 2>&1
printf '%s\n' "PASS 03_frequency_penalty" "FAIL 05_code_repeats (output differs)" "1 passed, 1 failed" >"$tmp/want"
if grep -E '^(PASS|FAIL) |^[0-9]+ passed, ' "$tmp/numbers" | cmp -s "$tmp/want" -; then
    passed=$((passed + 1))
else
    failed=$((failed + 1))
    echo "test_runner.sh: ./run_all.sh 3 code did not run Example 3 (by its number) and 05_code_repeats (by name)" \
         "alone:"
    sed 's/^/    /' "$tmp/numbers"
fi

# An example that fails with a diff (05 above) and then passes: its diff, which no longer holds, is gone from
# out/ (a reader who opens build/out/ must not find the table of an edit since put back; review item 18).
if [ -f "$tmp/fake/out/05_code_repeats.diff" ]; then
    printf '#!/bin/sh\ncat expected/05_code_repeats.txt\n' >"$fake/05_code_repeats"
    MAKELEVEL=1 BUILD=$tmp/fake ./run_all.sh 05_ >"$tmp/again" 2>&1
    expect "a pass after a fail" "$tmp/again" "PASS 05_code_repeats"
    if [ -e "$tmp/fake/out/05_code_repeats.diff" ]; then
        failed=$((failed + 1))
        echo "test_runner.sh: after a FAIL and then a PASS of 05_code_repeats, the FAIL's diff is still in out/"
    else
        passed=$((passed + 1))
    fi
else
    failed=$((failed + 1))
    echo "test_runner.sh: the FAIL of 05_code_repeats (output differs) left no diff in $tmp/fake/out"
fi

# 1b. Two runs at once on one build folder (make check while --watch reruns an example): the second waits for the
# first, and both see their own tables (03 prints the lesson's table after a second, long enough to overlap). A
# lock left by a run that is gone (a dead pid) is taken over at once.
printf '#!/bin/sh
sleep 1
cat expected/03_frequency_penalty.txt
' >"$fake/03_frequency_penalty"
MAKELEVEL=1 BUILD=$tmp/fake ./run_all.sh 03_ >"$tmp/first" 2>&1 &
first=$!
sleep 0.3
MAKELEVEL=1 BUILD=$tmp/fake ./run_all.sh 03_ >"$tmp/second" 2>&1
wait "$first"
expect "the first of two runs at once" "$tmp/first" "1 passed, 0 failed"
expect "the second of two runs at once" "$tmp/second" "1 passed, 0 failed"
expect "the second run waits" "$tmp/second" "run_all.sh: waiting for another run_all.sh (pid $first) that uses $tmp/fake/out (if none runs, remove $tmp/fake/out/.run_all.lock)"
mkdir "$tmp/fake/out/.run_all.lock"
sh -c 'exit 0' &
gone=$!
wait "$gone"
echo "$gone" >"$tmp/fake/out/.run_all.lock/pid"
MAKELEVEL=1 BUILD=$tmp/fake ./run_all.sh 03_ >"$tmp/second" 2>&1
expect "a run after a stale lock" "$tmp/second" "1 passed, 0 failed"
if grep -q waiting "$tmp/second"; then failed=$((failed + 1)); echo "test_runner.sh: a stale lock made a run wait"
else passed=$((passed + 1)); fi
# A stale lock whose pid now belongs to another program (a pid reused) is broken too.
sleep 30 &
other=$!
mkdir "$tmp/fake/out/.run_all.lock"
echo "$other" >"$tmp/fake/out/.run_all.lock/pid"
MAKELEVEL=1 BUILD=$tmp/fake ./run_all.sh 03_ >"$tmp/second" 2>&1
kill "$other" 2>/dev/null
expect "a run after a lock whose pid is another program's" "$tmp/second" "1 passed, 0 failed"
if grep -q waiting "$tmp/second"; then failed=$((failed + 1)); echo "test_runner.sh: a reused pid made a run wait"
else passed=$((passed + 1)); fi

# 2. No false FAIL under load: the verdicts at rest are the baseline, taken before the busy loops start.
verdicts() {    # the PASS/FAIL lines and the summary of a run's output $1
    grep -E '^(PASS|FAIL) |^[0-9]+ passed, [0-9]+ failed$' "$1"
}
MAKELEVEL=1 BUILD=$build TIME_LIMIT=2 sh ./run_all.sh >"$tmp/rest" 2>&1
verdicts "$tmp/rest" >"$tmp/baseline"
n_lessons=$(ls lessons/*.c | wc -l | tr -d ' ')
if [ "$(grep -cE '^(PASS|FAIL) ' "$tmp/baseline")" -eq "$n_lessons" ] && grep -qE ' passed, ' "$tmp/baseline"; then
    passed=$((passed + 1))
else
    failed=$((failed + 1))
    echo "test_runner.sh: the run at rest does not give one verdict per lesson ($n_lessons) and a summary:"
    sed 's/^/    /' "$tmp/rest"
fi
# The busy loops are stopped however this script ends.
hogs=""
trap 'kill $hogs 2>/dev/null' EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
for core in 1 2; do
    while :; do :; done &
    hogs="$hogs $!"
done
shells=sh
if command -v bash >/dev/null 2>&1; then shells="sh bash"; fi
for shell in $shells; do
    run=1
    while [ "$run" -le "${RUNNER_RUNS:-4}" ]; do
        MAKELEVEL=1 BUILD=$build TIME_LIMIT=2 "$shell" ./run_all.sh >"$tmp/run" 2>&1
        verdicts "$tmp/run" >"$tmp/verdicts"
        if cmp -s "$tmp/baseline" "$tmp/verdicts"; then
            passed=$((passed + 1))
        else
            failed=$((failed + 1))
            echo "test_runner.sh: $shell run $run under load: verdicts differ from the run at rest:"
            diff "$tmp/baseline" "$tmp/verdicts" | sed 's/^/    /'
        fi
        run=$((run + 1))
    done
done

# 3. --run: one program, run with its arguments (through make, which finds it up to date); a name that picks
# none or several is refused. Then Example 12's own command line: --help explains --trace on stdout with exit
# 0; a bad STEP is refused.
status=0
BUILD=$build ./run_all.sh --run 12 --help >"$tmp/out" 2>&1 || status=$?
echo "exit $status" >>"$tmp/out"
expect "--run 12 --help" "$tmp/out" "usage: 12_chain_builder [--trace [STEP]]"
expect "--run 12 --help" "$tmp/out" "exit 0"
BUILD=$build ./run_all.sh --run 12 -- --help >"$tmp/out" 2>&1
expect "--run 12 -- --help (the usual end of options)" "$tmp/out" "usage: 12_chain_builder [--trace [STEP]]"
status=0
BUILD=$build ./run_all.sh --run no_such_lesson >"$tmp/out" 2>&1 || status=$?
echo "exit $status" >>"$tmp/out"
expect "--run no_such_lesson" "$tmp/out" "exit 2"
# Every example but 11 and 12 takes no arguments and refuses one, through --run and by itself: what is wrong and the
# usage on stderr, exit 2, nothing on stdout; --help alone gives the usage on stdout, exit 0. A program whose main
# is int main(void) (it cannot see an argument) is refused by run_all.sh --run itself.
for src in lessons/*.c; do
    name=${src##*/}
    name=${name%.c}
    case "$name" in 11_*|12_*) continue ;; esac
    said="$name: this program takes no arguments, not '--bogus'"
    hows="run itself"
    if grep -q '^int main(void)' "$src"; then
        said="run_all.sh: $name takes no arguments ($src has int main(void)), not '--bogus'"
        hows=run
    fi
    for how in $hows; do
        if [ "$how" = run ]; then set -- ./run_all.sh --run "${name%%_*}"; else set -- "$build/bin/$name"; fi
        status=0
        BUILD=$build "$@" --bogus >"$tmp/out" 2>"$tmp/err" || status=$?
        if [ "$status" -eq 2 ] && [ ! -s "$tmp/out" ] && grep -qxF -- "$said" "$tmp/err" \
           && grep -q '^usage: ' "$tmp/err"; then
            passed=$((passed + 1))
        else
            failed=$((failed + 1))
            echo "test_runner.sh: $* --bogus: exit $status, not 2 with '$said' and the usage on stderr alone:"
            sed 's/^/    /' "$tmp/out" "$tmp/err"
        fi
        status=0
        BUILD=$build "$@" --help >"$tmp/out" 2>"$tmp/err" || status=$?
        if [ "$status" -eq 0 ] && grep -q '^usage: ' "$tmp/out" && grep -qF 'takes no arguments' "$tmp/out" \
           && [ ! -s "$tmp/err" ]; then
            passed=$((passed + 1))
        else
            failed=$((failed + 1))
            echo "test_runner.sh: $* --help: exit $status, not 0 with the usage on stdout alone:"
            sed 's/^/    /' "$tmp/out" "$tmp/err"
        fi
    done
done
# A number is an example's number for --watch too: 0 is none (not the ten names that hold a 0).
status=0
BUILD=$build ./run_all.sh --watch 0 >"$tmp/out" 2>&1 || status=$?
echo "exit $status" >>"$tmp/out"
expect "--watch 0" "$tmp/out" "run_all.sh: --run and --watch take one lesson program; '0' names none"
expect "--watch 0" "$tmp/out" "exit 2"

# 4. --watch NN: the first run at once, another after each change of the watched file (WATCH_FILE, a copy, so
# that the lesson itself is never touched), each with its picture; WATCH_ROUNDS=2 ends it after the second. A
# TERM ends it cleanly, saying so, with 143 (128 + 15; Ctrl-C's INT gives 130, test_index.sh). Waits at most 30 s
# for each step.
wait_for() {    # wait_for FILE TEXT: until FILE has a line containing TEXT, polling once a second
    tries=0
    while [ "$tries" -lt 30 ] && ! grep -qF -- "$2" "$1" 2>/dev/null; do
        sleep 1
        tries=$((tries + 1))
    done
}
watched=$tmp/watched.c
cp lessons/01_repeat_penalty.c "$watched"
rm -f "$tmp/watch"
WATCH_ROUNDS=2 WATCH_FILE=$watched BUILD=$build sh ./run_all.sh --watch 01 >"$tmp/watch" 2>&1 &
watch_pid=$!
wait_for "$tmp/watch" "watching $watched"
echo "/* a save */" >>"$watched"
# A watcher that never ends is killed after 30 s (and then fails below); its sleep writes nowhere.
(sleep 30; kill "$watch_pid"; echo "test_runner.sh: --watch did not end after WATCH_ROUNDS=2") 2>/dev/null &
guard=$!
wait "$watch_pid" 2>/dev/null
kill "$guard" 2>/dev/null
if [ "$(grep -c '^PASS 01_repeat_penalty$' "$tmp/watch")" -eq 2 ]; then
    passed=$((passed + 1))
else
    failed=$((failed + 1))
    echo "test_runner.sh: --watch 01 did not run the lesson once at the start and once after the save:"
    sed 's/^/    /' "$tmp/watch"
fi
expect "--watch 01" "$tmp/watch" "picture: $build/pictures/01_repeat_penalty.svg; watching $watched for the next save (Ctrl-C stops)"
# The text bars: "the" after llama.cpp's rule, p 0.381 in the lesson's table, is 15 of 40 #.
if grep -qE '^    the +#{15} +0\.381$' "$tmp/watch"; then
    passed=$((passed + 1))
else
    failed=$((failed + 1))
    echo "test_runner.sh: --watch 01 shows no text bar of 15 # for the p after 0.381 of \"the\""
fi
# Only p is drawn as text bars: Example 1's picture also carries each token's count (0 or 1) and the amount
# subtracted (0.67 for "the"), which are no probabilities, and the logits; none of them is a bar of #.
if grep -q 'the picture in text' "$tmp/watch" && ! grep -qE '^  (count|subtracted|logit|after|naive-after|wrong way)$' \
   "$tmp/watch"; then
    passed=$((passed + 1))
else
    failed=$((failed + 1))
    echo "test_runner.sh: --watch 01 shows text bars for a series that is not a probability:"
    sed 's/^/    /' "$tmp/watch"
fi
# The watched file gone for a while (a git checkout, a stash, an editor that deletes and rewrites): the watch says
# so and keeps watching, and runs the lesson again when the file is back (WATCH_ROUNDS=2: then it ends, exit 0).
rm -f "$tmp/watch"
WATCH_ROUNDS=2 WATCH_FILE=$watched BUILD=$build sh ./run_all.sh --watch 01 >"$tmp/watch" 2>&1 &
watch_pid=$!
wait_for "$tmp/watch" "watching $watched"
mv "$watched" "$tmp/watched.away"
wait_for "$tmp/watch" "$watched is gone; watching for it to come back (Ctrl-C stops)"
mv "$tmp/watched.away" "$watched"
(sleep 30; kill "$watch_pid"; echo "test_runner.sh: --watch did not end after the file came back") 2>/dev/null &
guard=$!
status=0
wait "$watch_pid" 2>/dev/null || status=$?
kill "$guard" 2>/dev/null
if [ "$status" -eq 0 ] && grep -qF "$watched is gone; watching for it to come back" "$tmp/watch" \
   && [ "$(grep -c '^PASS 01_repeat_penalty$' "$tmp/watch")" -eq 2 ]; then
    passed=$((passed + 1))
else
    failed=$((failed + 1))
    echo "test_runner.sh: --watch 01 did not say its file was gone, keep watching and run again when it was back" \
         "(exit $status):"
    sed 's/^/    /' "$tmp/watch"
fi
# --watch 1 is Example 1 (a number, as for --run), run once with WATCH_ROUNDS=1.
WATCH_ROUNDS=1 WATCH_FILE=$watched BUILD=$build sh ./run_all.sh --watch 1 >"$tmp/watch" 2>&1
if [ "$(grep -cE '^(PASS|FAIL) ' "$tmp/watch")" -eq 1 ] && grep -q '^PASS 01_repeat_penalty$' "$tmp/watch"; then
    passed=$((passed + 1))
else
    failed=$((failed + 1))
    echo "test_runner.sh: --watch 1 did not run Example 1 alone:"
    sed 's/^/    /' "$tmp/watch"
fi
# Example 12's picture has series with values in [0, 1] too (a stage's survivors, with its count "left", 1 for
# T=0), but its bars are per stage, not per token of a table: no text bars.
WATCH_ROUNDS=1 WATCH_FILE=$watched BUILD=$build sh ./run_all.sh --watch 12 >"$tmp/watch" 2>&1
if grep -q '^PASS 12_chain_builder$' "$tmp/watch" && ! grep -q 'the picture in text' "$tmp/watch"; then
    passed=$((passed + 1))
else
    failed=$((failed + 1))
    echo "test_runner.sh: --watch 12 did not pass, or showed text bars for a picture that draws no p per token:"
    sed 's/^/    /' "$tmp/watch"
fi
rm -f "$tmp/watch"
WATCH_FILE=$watched BUILD=$build sh ./run_all.sh --watch 01 >"$tmp/watch" 2>&1 &
watch_pid=$!
wait_for "$tmp/watch" "watching $watched"
kill -TERM "$watch_pid" 2>/dev/null
(sleep 30; kill -KILL "$watch_pid") >/dev/null 2>&1 &
guard=$!
status=0
wait "$watch_pid" 2>/dev/null || status=$?
kill "$guard" 2>/dev/null
echo "exit $status" >>"$tmp/watch"
expect "--watch stopped" "$tmp/watch" "run_all.sh: stopped watching $watched"
expect "--watch stopped" "$tmp/watch" "exit 143"

# 5. An edit that writes NAN in a lesson without <math.h>, which lesson.h leaves out: the compile stops with the
# Makefile's hint (MATH_HINT, MATH_AFTER) and then the compiler's messages, which name no header, all shown under
# the FAIL line: the hint first, as clang's errors that can follow from the missing name run to thirty lines. The
# source is put back as it was, and its program built again, so its .warn holds no hint.
hint1="lessons/01_repeat_penalty.c: hint: INFINITY, NAN, HUGE_VAL, isnan, isinf and isfinite come from <math.h>, which"
hint2='  lesson.h leaves out to keep the compile fast: add #include <math.h> below #include "lesson.h".'
hint3="  Later errors may come from the missing name too (a static assertion on two arrays, an incomplete type)."
cp lessons/01_repeat_penalty.c "$tmp/01.c"
# run_edited_01 OUT SED...: ./run_all.sh 01 on Example 1 edited by the sed arguments SED, into OUT; then the source
# as it was, and its program built again.
run_edited_01() {
    out=$1
    shift
    sed "$@" "$tmp/01.c" >lessons/01_repeat_penalty.c
    (unset MAKELEVEL; BUILD=$build ./run_all.sh 01) >"$out" 2>&1
    cp "$tmp/01.c" lessons/01_repeat_penalty.c
    (unset MAKELEVEL; ${MAKE:-make} --no-print-directory -s BUILD="$build" "$build/bin/01_repeat_penalty") >/dev/null 2>&1
}
L1='s/{2\.0, 1\.0, 0\.5, 0\.1, -0\.5, -1\.0}/'
run_edited_01 "$tmp/math" -e "${L1}{NAN, 1.0, 0.5, 0.1, -0.5, -1.0}/"
expect "NAN without <math.h>" "$tmp/math" "FAIL 01_repeat_penalty (not built)"
expect "NAN without <math.h>: the hint" "$tmp/math" "$hint1"
expect "NAN without <math.h>: the hint" "$tmp/math" "$hint2"
expect "NAN without <math.h>: the hint" "$tmp/math" "$hint3"
at_hint=$(grep -nxF -- "$hint1" "$tmp/math" | head -n 1 | cut -d: -f1)
at_error=$(grep -n "NAN.* undeclared\|undeclared identifier 'NAN'" "$tmp/math" | head -n 1 | cut -d: -f1)
if [ -n "$at_hint" ] && [ -n "$at_error" ] && [ "$at_hint" -lt "$at_error" ]; then passed=$((passed + 1))
else failed=$((failed + 1)); echo "test_runner.sh: the hint is not before the compiler's 'NAN' undeclared:"
     sed 's/^/    /' "$tmp/math"; fi
if grep -q hint "$build/lessons/01_repeat_penalty.warn" 2>/dev/null; then
    failed=$((failed + 1)); echo "test_runner.sh: 01's .warn still holds the hint after its source was put back"
else passed=$((passed + 1)); fi
# A name that only holds NAN (BANANA) gets no hint: the pattern takes the name whole, between its quotes.
run_edited_01 "$tmp/banana" -e "${L1}{BANANA, 1.0, 0.5, 0.1, -0.5, -1.0}/"
expect "BANANA undeclared" "$tmp/banana" "FAIL 01_repeat_penalty (not built)"
if grep -q "hint:" "$tmp/banana"; then failed=$((failed + 1)); echo "test_runner.sh: BANANA got the <math.h> hint"
else passed=$((passed + 1)); fi
# 5b. The same hint when the compile passes and the link fails on one of those names: a reader's own prototype of
# isfinite, a macro of <math.h> that glibc has no function for, so that the link fails with gcc and clang alike
# (clang 14 also compiles a call to isfinite without any declaration, with a warning). The hint's first two lines
# come before the link's own message ("undefined reference to `isfinite'", or lld's "undefined symbol: isfinite").
run_edited_01 "$tmp/math_link" -e '12s/^$/int isfinite(double);/' \
    -e 's/^    lesson_takes_no_arguments(argc, argv);$/&  if (!isfinite(0.5)) return 1;/'
expect "isfinite undefined at the link" "$tmp/math_link" "FAIL 01_repeat_penalty (not built)"
if grep -Eq "(undefined reference to|undefined symbol:) .?isfinite" "$tmp/math_link"; then passed=$((passed + 1))
else failed=$((failed + 1)); echo "test_runner.sh: the prototyped isfinite did not fail at the link:"
     sed 's/^/    /' "$tmp/math_link"; fi
expect "isfinite undefined at the link: the hint" "$tmp/math_link" "$hint1"
expect "isfinite undefined at the link: the hint" "$tmp/math_link" "$hint2"
# 5c. A lesson that calls the tool (lib/cli/) but is not in the Makefile's CLI_LESSONS fails at the link, and a
# hint before the linker's words says how to link the tool in (the Makefile's CLI_HINT).
run_edited_01 "$tmp/cli_link" -e '12s/^$/#include "cli\/main.h"/' \
    -e 's/^    lesson_takes_no_arguments(argc, argv);$/  if (argc > 9) return cli_main("x", argc, argv, NULL, NULL);\n&/'
expect "cli_main from Example 1" "$tmp/cli_link" "FAIL 01_repeat_penalty (not built)"
expect "cli_main from Example 1: the hint" "$tmp/cli_link" \
    "lessons/01_repeat_penalty.c: hint: lib/cli/, the tool of Example 11, is linked only into the lessons that CLI_LESSONS in the Makefile"
expect "cli_main from Example 1: the hint" "$tmp/cli_link" \
    "  names (11_sampler_chain): add 01_repeat_penalty to CLI_LESSONS to call the tool from this lesson."

# 5d. Both streams in one pipe (2>&1 | less): the table's first row comes first, before Example 8's notes on
# stderr, which follow the rows they are about (lesson_printf flushes stdout; a pipe's stdout is otherwise written
# at the program's end, after every note).
if [ -x "$build/bin/08_mirostat" ]; then
    first=$("$build/bin/08_mirostat" 2>/dev/null | head -n 1)
    both=$("$build/bin/08_mirostat" 2>&1 | cat | head -n 1)
    if [ -n "$first" ] && [ "$both" = "$first" ]; then passed=$((passed + 1))
    else failed=$((failed + 1)); echo "test_runner.sh: 2>&1 | cat puts '$both' before the table's first row '$first'"; fi
fi

# Skipped when 12 is not built (run_all.sh already reported that as the lesson's failure).
bin12=$build/bin/12_chain_builder
if [ ! -x "$bin12" ]; then
    echo "$passed passed, $failed failed"
    [ "$failed" -eq 0 ]
    exit
fi
status=0
"$bin12" --help >"$tmp/out" 2>"$tmp/err" || status=$?
echo "exit $status" >>"$tmp/out"
expect "12 --help" "$tmp/out" "exit 0"
expect "12 --help" "$tmp/out" "usage: 12_chain_builder [--trace [STEP]]"
grep -q "from 1 to [0-9]*; 1 when left" "$tmp/out" && passed=$((passed + 1)) \
    || { failed=$((failed + 1)); echo "test_runner.sh: 12 --help does not give STEP's range and default"; }
status=0
"$bin12" --trace 0 >"$tmp/out" 2>"$tmp/err" || status=$?
echo "exit $status" >>"$tmp/err"
expect "12 --trace 0" "$tmp/err" "exit 2"
expect "12 --trace 0 says what is wrong" "$tmp/err" "12_chain_builder: --trace takes a step from 1 to 59 (STEPS), not '0'"
"$bin12" --trace abc >"$tmp/out" 2>"$tmp/err"
expect "12 --trace abc" "$tmp/err" "12_chain_builder: --trace takes a step from 1 to 59 (STEPS), not 'abc'"
"$bin12" --bogus >"$tmp/out" 2>"$tmp/err"
expect "12 --bogus" "$tmp/err" "12_chain_builder: '--bogus' is no option of this program"
[ ! -s "$tmp/out" ] && passed=$((passed + 1)) \
    || { failed=$((failed + 1)); echo "test_runner.sh: 12 --trace 0 wrote to stdout"; }

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

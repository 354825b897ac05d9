#!/bin/sh
# test_index.sh: the front page, $BUILD/pictures/index.html, through what a student does: every example, then one
# alone; three lessons edited and run, then put back and another run alone (the page must not pass the old FAILs
# off as current); a change to a library file and to a header, then both put back; a record missing; and
# ./run_all.sh --watch, driven by saving the lesson and then by SIGINT. After each step, every section is checked
# against what ran: its verdict (PASS or FAIL, the badge's colour), "this run" exactly for the examples that ran
# last and "an earlier run" for every other, and, for a section whose sources changed since it ran, a grey badge
# in the contents and in the section and the files that changed, named. All of it on a copy of the tree under
# $BUILD/out/index (its lessons/ and lib/ are the ones edited; the build tree is copied too, so that only the
# edited files are recompiled; lib/test/committed.sh: its lessons are the last commit's, so that a reader's edit
# shows in make check's lessons: part, not here): lessons/ itself is never touched. No step waits for a time:
# the watch test waits for the watch's own lines, at most 120 s each, and a watch that does not stop is killed,
# failing the test.
# Ends with "N passed, M failed". BUILD picks the build tree (default build); CC and CFLAGS build what is rebuilt.
set -u
export LC_ALL=C
unset MAKELEVEL MAKEFLAGS MFLAGS     # make check runs this script; the copy's run_all.sh must run make itself
cd "$(dirname "$0")/../.."
build=${BUILD:-build}
tmp=$build/out/index
rm -rf "$tmp"
tree=$tmp/tree
passed=0
failed=0
bad() {
    failed=$((failed + 1))
    echo "test_index.sh: $*"
}
ok() {
    passed=$((passed + 1))
}

# The copy: the sources (the lessons as committed), and the build tree's objects, dependency files and lesson
# programs, with their times (cp -p), so that make in the copy finds them up to date; b is the build tree's name
# inside it. saved/ keeps the copy's files as they start, to put back; untouched/ the tree's own, to compare at
# the end.
. lib/test/committed.sh
committed_tree "$tree"
names=$(cd "$tree/lessons" && ls *.c | sed 's/\.c$//')
index=$tree/$b/pictures/index.html
mkdir -p "$tmp/saved" "$tmp/untouched"
cp "$tree"/lessons/*.c "$tree/lessons/lesson.h" "$tree/lib/penalties.c" "$tree/lib/cli/main.c" "$tmp/saved/"
cp lessons/*.c lessons/lesson.h lib/penalties.c lib/cli/main.c "$tmp/untouched/"

# pictures ARG...: ./run_all.sh --pictures ARG... in the copy; its output in $tmp/run.out.
pictures() {
    (cd "$tree" && BUILD=$b ./run_all.sh --pictures "$@") >"$tmp/run.out" 2>&1
}
# edit FILE SED: the copy's FILE edited by the sed substitution SED (a student's save); it must change the file.
edit() {
    sed "$2" "$tree/$1" >"$tmp/edit"
    if cmp -s "$tree/$1" "$tmp/edit"; then bad "the edit '$2' changes nothing in $1"; fi
    cat "$tmp/edit" >"$tree/$1"
}
# put_back FILE: the copy's FILE as it was (a copy put back, with a new time, as git checkout leaves it).
put_back() {
    cat "$tmp/saved/${1##*/}" >"$tree/$1"
}

# check_page STEP PAGE NOW FAILS STALE: every section of index.html PAGE after STEP. NOW lists the examples (by
# number) that ran last; FAILS those whose verdict is "FAIL ... (output differs)", all others PASS; STALE, as
# NN:FILE,FILE, those whose sources changed since their run, with the files that must be named. One pass or one
# failure (with every problem found) per example.
check_page() {
    step=$1
    page=$2
    for name in $names; do
        nn=${name%%_*}
        problems=""
        when=earlier
        case " $3 " in *" $nn "*) when=now ;; esac
        verdict=PASS
        case " $4 " in *" $nn "*) verdict=FAIL ;; esac
        stale=no
        files=""
        for s in $5; do
            case "$s" in "$nn":*) stale=yes; files=$(echo "${s#*:}" | tr ',' ' ') ;; esac
        done
        badge="<span class=\"badge $(echo "$verdict" | tr 'A-Z' 'a-z')\">$verdict</span>"
        if [ "$stale" = yes ]; then
            badge="<span class=\"badge grey\" title=\"from sources that have changed since\">$verdict</span>"
        fi
        line=$(grep -F "<a href=\"#$name\">" "$page")
        sed -n "/<section id=\"$name\">/,/<\/section>/p" "$page" >"$tmp/section"
        said=$(sed -n '/<p class="verdict">/,/<\/p>/p' "$tmp/section" | tr '\n' ' ')
        need "$line" "<li>$badge<a href=*" "the contents line has no badge $badge"
        need "$said" "*<p class=\"verdict\">$badge*" "the verdict has no badge $badge"
        case "$verdict" in
        PASS) need "$said" "* printed is the lesson's (expected/$name.txt), byte for byte.*" \
                  "the verdict does not say its table is the lesson's" ;;
        FAIL) need "$said" "* printed differs from the lesson's (expected/$name.txt)*" \
                  "the verdict does not say its table differs from the lesson's" ;;
        esac
        if [ "$when" = now ]; then
            need "$said" "*The table this run printed *" "the verdict does not say this run"
            if grep -qi 'earlier run' "$tmp/section"; then problems="$problems; the section says 'earlier run'"; fi
            need "$line" "*</a></li>|*</a> <span class=\"stale\">*" "the contents line flags what ran this time"
        else
            need "$said" "*The table an earlier run printed *Not run this time*" \
                "the verdict does not say an earlier run, not this time"
            if grep -qi 'this run' "$tmp/section"; then problems="$problems; the section says 'this run'"; fi
            flag="*</a> <span class=\"earlier\">(an earlier run)</span></li>"
            flag="$flag|*</a> <span class=\"stale\">(an earlier run*"
            need "$line" "$flag" "the contents line does not say an earlier run, after a space"
        fi
        if [ "$stale" = yes ]; then
            need "$line" "*changed since*" "the contents line does not say its sources changed"
            need "$said" "*changed since:*|*changed while it ran:*" "the verdict does not say its sources changed"
            for f in $files; do
                need "$said" "*<code>$f</code>*" "the verdict does not name $f"
            done
        else
            if grep -q 'changed since:\|changed while it ran\|no record' "$tmp/section"; then
                problems="$problems; the section says its sources changed"
            fi
            case "$line" in *"changed since"*) problems="$problems; the contents line says its sources changed" ;; esac
            if [ "$when" = earlier ]; then
                need "$said" "*none of its sources has changed since.*" "the verdict does not say they are the same"
            fi
        fi
        if [ -z "$problems" ]; then ok; else bad "$step: $name:${problems#;}"; echo "    $line"; echo "    $said"; fi
    done
}
# need TEXT PATTERNS PROBLEM: PROBLEM is one of this example's problems unless TEXT matches one of PATTERNS (shell
# patterns, separated by "|").
need() {
    rest=$2
    while :; do
        pattern=${rest%%|*}
        case "$1" in $pattern) return 0 ;; esac
        if [ "$pattern" = "$rest" ]; then break; fi
        rest=${rest#*|}
    done
    problems="$problems; $3"
}
# summary STEP TEXT: the sentence under "Contents" must begin with TEXT.
summary() {
    if grep -qF "<nav><h2>Contents</h2><p>$2" "$index"; then ok
    else bad "$1: the contents do not begin '$2':"; grep -F '<nav>' "$index" | sed 's/^/    /'; fi
}

# 1. Every example, then one alone: the others are an earlier run's, from the same sources.
pictures
check_page "every example" "$index" "$(echo $names | sed 's/_[^ ]*//g')" "" ""
summary "every example" "13 of 13 examples print the lesson&#39;s table."
pictures 01
check_page "01 alone" "$index" "01" "" ""
summary "01 alone" \
    "13 of 13 examples print the lesson&#39;s table (12 of them by an earlier run, from the same sources)."

# 2. The issue's sequence: 01, 08 and 10 edited (each to print another table) and run; then put back, and 13 run
# alone. 1, 8 and 10 are FAILs of an earlier run whose source has changed since: grey, never a current FAIL.
edit lessons/01_repeat_penalty.c 's/\.penalty_repeat = 1\.5}/.penalty_repeat = 1.3}/'
edit lessons/08_mirostat.c 's/draw_seed = 2;/draw_seed = 5;/'
edit lessons/10_xtc.c 's/draws_seed = 3;/draws_seed = 4;/'
pictures 01 08 10
check_page "01, 08, 10 edited" "$index" "01 08 10" "01 08 10" ""
summary "01, 08, 10 edited" "10 of 13 examples print the lesson&#39;s table (10 of them by an earlier run"
put_back lessons/01_repeat_penalty.c
put_back lessons/08_mirostat.c
put_back lessons/10_xtc.c
pictures 13
check_page "put back, then 13" "$index" "13" "01 08 10" \
    "01:lessons/01_repeat_penalty.c 08:lessons/08_mirostat.c 10:lessons/10_xtc.c"
summary "put back, then 13" "10 of 13 examples print the lesson&#39;s table (9 of them by an earlier run, from the \
same sources). 3 ran from sources that have changed since (their badges are grey)"
pictures 01 08 10
check_page "01, 08, 10 run again" "$index" "01 08 10" "" ""

# 3. A library source (linked into every lesson: lib/penalties.c, through its .d) and a header (lessons/lesson.h,
# in each lesson's .d) changed, and 13 run: every other example is grey and names both. Put back, by contents:
# nothing is stale, though both files are newer than every run.
printf '/* a change */\n' >>"$tree/lib/penalties.c"
printf '/* a change */\n' >>"$tree/lessons/lesson.h"
pictures 13
all_but_13=$(echo $names | sed -e 's/_[^ ]*//g' -e 's/ *13$//')
stale=""
for nn in $all_but_13; do stale="$stale $nn:lessons/lesson.h,lib/penalties.c"; done
check_page "a library file and a header changed" "$index" "13" "" "$stale"
put_back lib/penalties.c
put_back lessons/lesson.h
pictures 13
check_page "the library file and the header put back" "$index" "13" "" ""
# A source of the tool (lib/cli/, in Example 11's archives alone: its .libdeps) changed, and 13 run: 11 alone is
# grey, and names it.
printf '/* a change */\n' >>"$tree/lib/cli/main.c"
pictures 13
check_page "a file of the tool changed" "$index" "13" "" "11:lib/cli/main.c"
put_back lib/cli/main.c
# A run with no record of its sources (a record removed) is grey, and says there is none.
rm "$tree/$b/pictures/02_presence_penalty.source"
pictures 13
said=$(sed -n '/<section id="02_presence_penalty">/,/<\/section>/p' "$index" | sed -n '/<p class="verdict">/,/<\/p>/p')
if grep -F 'href="#02_presence_penalty"' "$index" | grep -qF '<span class="badge grey"' \
   && echo "$said" | grep -qF 'there is no record of the sources that run was built from'; then ok
else bad "a run without a record of its sources is not grey, or does not say so"; fi
pictures 02

# 4. --watch 03 in the copy, in the foreground as a student runs it, driven from a second process: after its
# first run, a save that changes the table (FAIL), one that does not build, then the lesson put back (PASS); then
# SIGINT. After each run, index.html says "this run" of 03 only, with that run's verdict. The watch must stop,
# saying so, exit 130 (128 + SIGINT's 2, as Ctrl-C ends a program; 143 for SIGTERM), and leave the page and no
# lock behind.
abs=$(cd "$tmp" && pwd)
# A shell started in the background without job control ignores SIGINT for good, and so would the watch: then it
# is stopped with SIGTERM (which it handles alike), and a note says so.
stop=INT
stopped=130
if sh -c 'trap "exit 7" INT; kill -INT $$; exit 0'; then
    stop=TERM
    stopped=143
    echo "test_index.sh: note: SIGINT is ignored here (started in the background?): the watch gets SIGTERM instead"
fi
rm -f "$abs/watch.pid" "$abs/watch.problem"
marker="for the next save (Ctrl-C stops)"
wait_for() {    # wait_for N: until the watch has printed its marker N times (else 1, and a problem noted)
    tries=0
    while [ "$(grep -cF "$marker" "$abs/watch.out" 2>/dev/null)" -lt "$1" ]; do
        if [ "$tries" -ge 120 ]; then echo "the watch did not print '$marker' $1 times in 120 s" >>"$abs/watch.problem"
                                      return 1; fi
        if [ -s "$abs/watch.pid" ] && ! kill -0 "$(cat "$abs/watch.pid")" 2>/dev/null; then
            echo "the watch ended before it printed '$marker' $1 times" >>"$abs/watch.problem"
            return 1
        fi
        sleep 1
        tries=$((tries + 1))
    done
}
stop_watch() {  # the watch did not stop: TERM, then KILL
    pid=$(cat "$abs/watch.pid" 2>/dev/null)
    kill -TERM "$pid" 2>/dev/null
    tries=0
    while kill -0 "$pid" 2>/dev/null && [ "$tries" -lt 30 ]; do sleep 1; tries=$((tries + 1)); done
    kill -KILL "$pid" 2>/dev/null
}
drive() {
    wait_for 1 || { stop_watch; return; }
    cp "$index" "$abs/round1.html"
    edit lessons/03_frequency_penalty.c 's/\.penalty_freq = 0\.5}/.penalty_freq = 0.6}/'
    wait_for 2 || { stop_watch; return; }
    cp "$index" "$abs/round2.html"
    edit lessons/03_frequency_penalty.c 's/^static const PenaltyParams penalty =/static const PenaltyParams penalty ==/'
    wait_for 3 || { stop_watch; return; }
    cp "$index" "$abs/round3.html"
    put_back lessons/03_frequency_penalty.c
    wait_for 4 || { stop_watch; return; }
    cp "$index" "$abs/round4.html"
    kill -"$stop" "$(cat "$abs/watch.pid")"
    tries=0
    while kill -0 "$(cat "$abs/watch.pid")" 2>/dev/null; do
        if [ "$tries" -ge 120 ]; then echo "the watch did not stop within 120 s of SIG$stop" >>"$abs/watch.problem"
                                      stop_watch; return; fi
        sleep 1
        tries=$((tries + 1))
    done
}
: >"$abs/watch.out"
drive >>"$abs/watch.problem" 2>"$abs/drive.err" &     # its bad() lines (an edit that changes nothing) are problems
driver=$!
status=0
(cd "$tree" && BUILD=$b sh -c 'echo $$ >"$0"; exec sh ./run_all.sh --watch 03' "$abs/watch.pid") \
    >"$abs/watch.out" 2>&1 || status=$?
wait "$driver"
if [ -s "$abs/watch.problem" ]; then bad "--watch 03: $(cat "$abs/watch.problem")"; sed 's/^/    /' "$abs/watch.out"
else
    ok
    check_page "--watch 03, its first run" "$abs/round1.html" "03" "" ""
    check_page "--watch 03, a save that changes the table" "$abs/round2.html" "03" "03" ""
    # A save that does not build: "this run" failed, and the picture shown is the last good build's (round 2's).
    sed -n '/<section id="03_frequency_penalty">/,/<\/section>/p' "$abs/round3.html" >"$tmp/section"
    if grep -qF '<span class="badge fail">FAIL</span>This run failed: not built.</p>' "$tmp/section" \
       && grep -qF 'This source does not build, so nothing ran: the picture is the last good' "$tmp/section" \
       && grep -qF 'The frequency penalty 0.6' "$tmp/section" && ! grep -qi 'earlier run' "$tmp/section"; then ok
    else bad "--watch 03, a save that does not build: its section is not this run's FAIL, with round 2's picture:"
         sed -n '1,3p' "$tmp/section"; fi
    check_page "--watch 03, the lesson put back" "$abs/round4.html" "03" "" ""
    if cmp -s "$abs/round4.html" "$index"; then ok; else bad "--watch 03: SIGINT changed index.html"; fi
fi
if [ "$status" -eq "$stopped" ] \
   && grep -qxF "run_all.sh: stopped watching lessons/03_frequency_penalty.c" "$abs/watch.out"
then ok; else bad "--watch 03 did not stop on SIG$stop with its message and exit $stopped (exit $status)"; fi
if [ ! -e "$tree/$b/out/.run_all.lock" ]; then ok; else bad "--watch 03 left its lock behind"; fi
if [ -s "$abs/drive.err" ]; then bad "the watch's driver: $(cat "$abs/drive.err")"; fi

# Nothing here touched the tree itself.
for src in lessons/*.c lessons/lesson.h lib/penalties.c lib/cli/main.c; do
    if ! cmp -s "$src" "$tmp/untouched/${src##*/}"; then bad "$src changed while this test ran"; fi
done

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

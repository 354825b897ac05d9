#!/bin/sh
# run_all.sh [NN|slug ...]: runs the lesson programs and compares each output with the lesson's table. NN is an
# example's number (1 or 01), slug a part of a name; for --run and --watch, each must name one program.
# run_all.sh --run NN [ARG ...]: rebuilds lesson NN from its current source and runs it with ARGs, its output
# straight to the terminal (build/bin/NN_slug itself may be older than the source after an edit or a checkout).
# run_all.sh --pictures [NN|slug ...]: as without it, and each program also writes its picture,
# $BUILD/pictures/NN_slug.svg (LESSON_PICTURE); $BUILD/pictures/index.html then shows a contents list and, for
# every example, the table it printed beside its picture and whether that is the lesson's table (else both, and
# the diff); an example not run this time keeps its last run's, said to be an earlier run's, and greyed when a
# source it is built from has changed since. A picture whose texts collide (build/bin/svg_check) gets a note under
# the example's line.
# run_all.sh --watch NN: runs lesson NN as --pictures does, then again after each save of lessons/NN_slug.c
# (polled once a second), until Ctrl-C; where the picture draws p per token (Examples 1 to 6, 10 and 13), it
# also shows them as text bars. After a save that does not build, the picture left is the last good build's. A file
# that is gone for a while (a checkout, a stash, an editor's rewrite) is said to be, and waited for.
#
# With no arguments every program in lessons/ runs, in order; a number selects that example (1 or 01: Example 1
# alone), any other argument the programs whose name contains it (./run_all.sh 8 typical). Each prints one line,
# PASS name or FAIL name (reason), and after a FAIL the unified diff expected -> actual (or the program's stderr).
# The last line is "N passed, M failed"; the exit status is 0 only when nothing failed, 2 for an argument that
# matches no program.
#
# BUILD (default build) is the build tree whose bin/ holds the programs; TIME_LIMIT (default 10) the seconds a
# program may run; each may write at most 1 MB to stdout and to stderr. Unless make is running this script
# (MAKELEVEL is set), each program is brought up to date with make first, so a program that does not compile
# is a FAIL and the others still run. A program that compiled with warnings shows them under its line.
# Outputs stay in $BUILD/out/ for inspection (NN_slug.diff only while that example FAILs); expected/ is only read.
#
# This file is the runner: its options, the lock, --run, then build, run, diff and verdict for each program.
# What --pictures adds (the record of each run, index.html) and the --watch loop are in lib/runner/pictures.sh
# and lib/runner/watch.sh, which it sources (". file": they share its variables and functions) in those modes.
set -eu
export LC_ALL=C

usage() {
    echo "usage: ./run_all.sh [NN|slug ...]   (BUILD=dir, TIME_LIMIT=seconds)"
    echo "       ./run_all.sh --run NN [ARG ...]"
    echo "       ./run_all.sh --pictures [NN|slug ...]"
    echo "       ./run_all.sh --watch NN"
    echo "NN is an example's number (1 or 01: Example 1); slug is a part of a name (typical, chain_builder)"
}
case "${1:-}" in -h|--help) usage; exit 0 ;; esac

case "$0" in */*) cd "${0%/*}" ;; esac       # the folder of this script (no dirname: one process less)
BUILD=${BUILD:-build}

# One run at a time per build folder: two runs at once (make check while --watch reruns an example, or two
# terminals) would write the same $BUILD/out/NN.txt and each read the other's, and a --run could start a program
# another run is relinking. A second run waits for the first. The lock is a directory (mkdir is atomic) holding
# the pid of its run; a lock whose run is gone (no such process, or one that is no run_all.sh: a pid reused) is
# broken by one waiting run at a time (mkdir of $lock.breaking), after it reads the pid again, so that two runs
# never both break it, nor break a new run's lock.
lock=$BUILD/out/.run_all.lock
lock_alive() {      # lock_alive PID: a run_all.sh runs as PID
    kill -0 "$1" 2>/dev/null || return 1
    if command -v ps >/dev/null 2>&1; then ps -p "$1" -o args= 2>/dev/null | grep -q run_all; fi
}
take_lock() {
    if [ ! -d "$BUILD/out" ]; then mkdir -p "$BUILD/out"; fi
    waited=no
    while ! mkdir "$lock" 2>/dev/null; do
        holder=""
        if [ -f "$lock/pid" ]; then read -r holder <"$lock/pid" || true; fi
        if [ -n "$holder" ] && ! lock_alive "$holder" && mkdir "$lock.breaking" 2>/dev/null; then
            again=""
            if [ -f "$lock/pid" ]; then read -r again <"$lock/pid" || true; fi
            if [ "$again" = "$holder" ]; then rm -rf "$lock"; fi
            rmdir "$lock.breaking"
            continue
        fi
        if [ "$waited" = no ]; then
            echo "run_all.sh: waiting for another run_all.sh${holder:+ (pid $holder)} that uses $BUILD/out" \
                 "(if none runs, remove $lock)" >&2
            waited=yes
        fi
        sleep 1
    done
    echo $$ >"$lock/pid"
    trap 'rm -rf "$lock"' EXIT
    trap 'exit 129' HUP
    trap 'exit 130' INT
    trap 'exit 143' TERM
}
release_lock() {
    rm -rf "$lock"
    trap - EXIT HUP INT TERM
}

# Whether lesson program $1 (NN_slug) is one that argument $2 selects: a number selects the example of that number
# (1, 01 and 001 are Example 1), anything else the programs whose name contains it (chain_builder, 08_, typical).
selects() {
    case "$2" in
    ''|*[!0-9]*) case "$1" in *"$2"*) return 0 ;; *) return 1 ;; esac ;;
    esac
    want_n=$2
    while case "$want_n" in 0?*) true ;; *) false ;; esac; do want_n=${want_n#0}; done
    nn=${1%%_*}
    while case "$nn" in 0?*) true ;; *) false ;; esac; do nn=${nn#0}; done
    [ "$want_n" = "$nn" ]
}

# The one lesson program that $1 names: its number (12, or 1 for 01) or a part of its name (chain_builder).
one_lesson() {
    found=""
    for src in lessons/*.c; do
        name=${src##*/}
        name=${name%.c}
        if selects "$name" "$1"; then found="$found $name"; fi
    done
    set -- $found
    if [ $# -ne 1 ]; then
        echo "run_all.sh: --run and --watch take one lesson program; '$want' names${found:- none}" >&2
        exit 2
    fi
    echo "$1"
}

if [ "${1:-}" = --run ]; then
    if [ $# -lt 2 ]; then usage >&2; exit 2; fi
    want=$2
    name=$(one_lesson "$2")
    shift 2
    if [ "${1:-}" = -- ]; then shift; fi       # "--run 11 -- --temp 0.5": the usual end of run_all.sh's own options
    # A program whose source declares int main(void) cannot see an argument, so one is refused here, as the
    # programs that read none refuse one themselves (lesson_takes_no_arguments): --help alone is answered.
    if [ $# -gt 0 ] && grep -q '^int main(void)' "lessons/$name.c" 2>/dev/null; then
        help=no
        if [ $# -eq 1 ] && { [ "$1" = --help ] || [ "$1" = -h ]; }; then help=yes; fi
        if [ "$help" = yes ]; then exec 3>&1; else
            exec 3>&2
            echo "run_all.sh: $name takes no arguments (lessons/$name.c has int main(void)), not '$1'" >&2
        fi
        echo "usage: ./run_all.sh --run ${name%%_*}" >&3
        echo "Prints the lesson's table, and takes no arguments. To change the table, edit lessons/$name.c" >&3
        echo "and run ./run_all.sh ${name%%_*}, which rebuilds the program and shows what changed." >&3
        if [ "$help" = yes ]; then exit 0; fi
        exit 2
    fi
    take_lock           # while make may relink it; not while it runs (a pipe of two --run must not wait)
    ${MAKE:-make} --no-print-directory -s BUILD="$BUILD" "$BUILD/bin/$name" || exit 2
    release_lock
    exec "$BUILD/bin/$name" "$@"
fi

# --watch NN: lib/runner/watch.sh reruns the one lesson (as --pictures) after each save, until Ctrl-C.
if [ "${1:-}" = --watch ]; then
    if [ $# -ne 2 ]; then usage >&2; exit 2; fi
    want=$2
    name=$(one_lesson "$2")
    . lib/runner/watch.sh
    watch_lesson "$name"
fi

pictures=""
if [ "${1:-}" = --pictures ]; then
    pictures=$BUILD/pictures
    shift
fi
unset LESSON_PICTURE        # set for each program in --pictures mode only
for want in "$@"; do        # "./run_all.sh 11 --temp 0.5": arguments for a program go through --run
    case "$want" in -*) echo "run_all.sh: '$want' is no option here; to run a lesson with arguments:" \
                             "./run_all.sh --run NN $want ..." >&2; usage >&2; exit 2 ;; esac
done

TIME_LIMIT=${TIME_LIMIT:-10}
case "$TIME_LIMIT" in
    ''|*[!0-9]*|0) echo "run_all.sh: TIME_LIMIT must be a whole number of seconds above 0, not '$TIME_LIMIT'" >&2
                   exit 2 ;;
esac
OUTPUT_LIMIT=2048       # 512-byte blocks (1 MB) a program may write to each of stdout and stderr
out_dir=$BUILD/out
if [ ! -d "$out_dir" ]; then mkdir -p "$out_dir"; fi

# The programs to run: every lessons/*.c, filtered by the arguments. (Here and below, the shell's own ${src##*/}
# and ${name%.c}, not basename: a process per lesson is most of this script's own time for one example.)
names=""
for src in lessons/*.c; do
    name=${src##*/}
    name=${name%.c}
    if [ $# -eq 0 ]; then
        names="$names $name"
        continue
    fi
    for want in "$@"; do
        if selects "$name" "$want"; then names="$names $name"; break; fi
    done
done
if [ -z "$names" ]; then
    echo "run_all.sh: no lesson program matches: $*" >&2
    exit 2
fi

take_lock

# The program and watcher running now, killed if this script is interrupted.
pid=""
watcher=""
stop_running() {
    if [ -n "$pid" ]; then kill -KILL "$pid" 2>/dev/null || true; fi
    if [ -n "$watcher" ]; then kill -KILL "$watcher" 2>/dev/null || true; fi
    rm -f "${marker:-}"
}
trap 'stop_running; exit 129' HUP
trap 'stop_running; exit 130' INT
trap 'stop_running; exit 143' TERM

# Runs $1 with stdout to $2 and stderr to $3, killing it after TIME_LIMIT seconds; a program that writes more
# than OUTPUT_LIMIT blocks gets SIGXFSZ. Sets $status to its exit status and $timed_out to yes or no.
#
# No signal can be lost, so a program that finished is never reported as timed out:
# - the watcher has no trap and is stopped with SIGKILL, which works from the moment it exists (a trap set
#   inside it would leave a window before it is installed, in which dash drops a TERM);
# - its sleep may outlive it, but writes nowhere, so no pipe on this script waits for it; it ends by itself;
# - a run counts as timed out only when this run's watcher left its marker AND the program died of SIGKILL,
#   so a watcher that woke up just as the program ended changes nothing.
runs=0
run_limited() {
    runs=$((runs + 1))
    marker=$out_dir/.timeout.$$.$runs
    if [ -e "$marker" ]; then rm -f "$marker"; fi
    (ulimit -f "$OUTPUT_LIMIT" 2>/dev/null
     if [ -n "$picture" ]; then LESSON_PICTURE=$picture; export LESSON_PICTURE; fi
     exec "$1") >"$2" 2>"$3" &
    pid=$!
    (sleep "$TIME_LIMIT"; : >"$marker"; kill -KILL "$pid") >/dev/null 2>&1 &
    watcher=$!
    status=0
    wait "$pid" 2>/dev/null || status=$?     # 2>/dev/null: the shell's own "Killed" notice
    kill -KILL "$watcher" 2>/dev/null || true
    wait "$watcher" 2>/dev/null || true
    pid=""
    watcher=""
    timed_out=no
    if [ -e "$marker" ] && [ "$status" -gt 128 ] && [ "$(kill -l "$status" 2>/dev/null)" = KILL ]; then
        timed_out=yes
    fi
    if [ -e "$marker" ]; then rm -f "$marker"; fi
}

# The unified diff expected -> actual, without the file times in its two header lines.
show_diff() {
    diff -u "$1" "$2" | sed '1,2s/[[:space:]]*[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9] .*$//' || true
}

# The compiler's warnings for the program being checked (the Makefile keeps them in $BUILD/lessons/NN.warn),
# shown under its PASS or FAIL line; empty when it compiled cleanly or did not compile at all.
warnings=""

# The notes a program that exited 0 wrote on stderr (where the lesson's Java would differ from llama.cpp's rule,
# which the table follows), shown under its line; empty otherwise.
notes=""

# In --pictures mode, the picture the program being run writes; empty otherwise.
picture=""

# In --pictures mode, lib/runner/pictures.sh: the record of each run (record_sources) and the page of every
# example (write_index), which it makes the folder for.
if [ -n "$pictures" ]; then . lib/runner/pictures.sh; fi

passed=0
failed=0
fail() {    # fail name reason [file to show]
    echo "FAIL $1 ($2)"
    if [ -n "$pictures" ]; then echo "FAIL $1 ($2)" >"$pictures/$1.verdict"; fi
    if [ -n "$warnings" ]; then cat "$warnings"; fi
    if [ $# -ge 3 ] && [ -s "$3" ]; then cat "$3"; fi
    if [ -n "$notes" ]; then cat "$notes"; fi
    echo
    failed=$((failed + 1))
}
pass() {    # pass name
    echo "PASS $1"
    if [ -n "$pictures" ]; then echo "PASS $1" >"$pictures/$1.verdict"; fi
    if [ -n "$warnings" ]; then cat "$warnings"; fi
    if [ -n "$notes" ]; then cat "$notes"; fi
    if [ -n "$warnings$notes" ]; then echo; fi
    passed=$((passed + 1))
}

for name in $names; do
    bin=$BUILD/bin/$name
    out=$out_dir/$name.txt
    err=$out_dir/$name.err
    expected=expected/$name.txt
    rm -f "$out" "$err" "$out_dir/$name.diff"     # a diff from an earlier FAIL no longer holds
    if [ -n "$pictures" ]; then
        rm -f "$pictures/$name.txt" "$pictures/$name.err" "$pictures/$name.verdict" "$pictures/$name.source"
    fi
    warnings=""
    notes=""
    built=yes
    if [ -z "${MAKELEVEL:-}" ] && ! ${MAKE:-make} --no-print-directory -s BUILD="$BUILD" "$bin" >"$err" 2>&1; then
        built=no
    fi
    if [ -n "$pictures" ]; then record_sources "$name"; fi     # what it is built from, for index.html
    if [ "$built" = no ]; then
        if [ -n "$pictures" ]; then cp "$err" "$pictures/$name.err"; fi
        fail "$name" "not built" "$err"
        continue
    fi
    if [ ! -x "$bin" ]; then
        fail "$name" "not built"
        continue
    fi
    if [ -s "$BUILD/lessons/$name.warn" ]; then warnings=$BUILD/lessons/$name.warn; fi
    if [ ! -f "$expected" ]; then
        fail "$name" "no $expected"
        continue
    fi
    notes=""
    if [ -n "$pictures" ]; then
        picture=$pictures/$name.svg
        rm -f "$picture"
    fi
    run_limited "$bin" "$out" "$err"
    if [ -n "$pictures" ]; then cp "$out" "$pictures/$name.txt"; cp "$err" "$pictures/$name.err"; fi
    if [ "$status" -eq 0 ] && [ -s "$err" ]; then notes=$err; fi
    # A picture whose texts collide (an edit can make a label run into another): svg_check's first lines, as a
    # note under the example's line and in index.html.
    if [ -n "$pictures" ] && [ -s "$picture" ] && [ -x "$BUILD/bin/svg_check" ] \
       && ! "$BUILD/bin/svg_check" "$picture" >"$out_dir/$name.collisions" 2>&1; then
        {
            if [ -n "$notes" ]; then cat "$notes"; fi
            echo "$name: picture: some of its texts collide or cross its edge (build/bin/svg_check $picture):"
            sed -n 's/^/    /;1,5p' "$out_dir/$name.collisions"
            more=$(($(wc -l <"$out_dir/$name.collisions") - 5))
            if [ "$more" -gt 0 ]; then echo "    ... and $more more"; fi
        } >"$out_dir/$name.notes"
        notes=$out_dir/$name.notes
        cp "$notes" "$pictures/$name.err"
    fi
    if [ "$timed_out" = yes ]; then
        fail "$name" "timed out after ${TIME_LIMIT}s" "$err"
    elif [ "$status" -gt 128 ] && [ "$(kill -l "$status" 2>/dev/null)" = XFSZ ]; then
        fail "$name" "wrote more than $((OUTPUT_LIMIT / 2)) KB of output"
    elif [ "$status" -gt 128 ]; then
        fail "$name" "crashed: signal $((status - 128)) ($(kill -l "$status" 2>/dev/null || echo unknown))" "$err"
    elif [ "$status" -ne 0 ]; then
        fail "$name" "exit $status" "$err"
    elif [ -s "$out" ] && [ -n "$(tail -c 1 "$out")" ]; then     # $(...) drops a last newline, and only that
        show_diff "$expected" "$out" >"$out_dir/$name.diff"
        fail "$name" "no newline at the end of the output" "$out_dir/$name.diff"
    elif ! cmp -s "$expected" "$out"; then
        show_diff "$expected" "$out" >"$out_dir/$name.diff"
        fail "$name" "output differs" "$out_dir/$name.diff"
    else
        pass "$name"
    fi
done

if [ -n "$pictures" ]; then write_index; fi     # lib/runner/pictures.sh

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

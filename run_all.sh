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

# The picture of lesson $1 ($BUILD/pictures/$1.svg) as bars of '#' in the terminal, one line per token, read back
# from its data attributes (build/bin/svg_check --data): the series drawn as bars (<rect>) whose values all lie
# in [0, 1], each token once, when they are 60 values or fewer (so counts, logits and amounts subtracted are left
# out). Only Examples 1 to 6, 10 and 13 draw probabilities per token; the others draw bits,
# nats, penalties or hundreds of steps, which bars of text do not show well. Prints nothing without a picture
# or a checker.
text_bars() {
    case "$1" in 0[1-6]_*|10_*|13_*) ;; *) return 0 ;; esac
    svg=$BUILD/pictures/$1.svg
    if [ ! -x "$BUILD/bin/svg_check" ] || [ ! -s "$svg" ]; then return 0; fi
    "$BUILD/bin/svg_check" --data "$svg" 2>/dev/null | awk -F '\t' '
        $4 != "rect" || ($1 SUBSEP $2) in had { next }
        { had[$1 SUBSEP $2] = 1 }
        { if (!($1 in seen)) { seen[$1] = 1; order[++n] = $1 }
          if ($3 !~ /^[0-9.e+-]+$/ || $3 + 0 < 0 || $3 + 0 > 1) out[$1] = 1
          k = ++count[$1]; label[$1, k] = $2; value[$1, k] = $3 + 0 }
        END { for (i = 1; i <= n; i++) if (!out[order[i]]) { shown[++m] = order[i]; total += count[order[i]] }
              if (m == 0 || total > 60) exit
              print "the picture in text (p as bars of #, 40 = 1):"
              for (i = 1; i <= m; i++) { s = shown[i]; print "  " s
                  for (k = 1; k <= count[s]; k++) { bar = ""; for (b = 0; b < value[s, k] * 40 - 0.5; b++) bar = bar "#"
                      printf "    %-12.12s %-40s %.3f\n", label[s, k], bar, value[s, k] } } }'
}

# --watch NN: the one lesson's table, diff and picture (as --pictures gives them), again after each save. A save
# is a change in the file's size, time or checksum (ls -l and cksum: POSIX, no inotify). WATCH_ROUNDS=N stops
# after N runs (for lib/test/test_runner.sh); WATCH_FILE watches another file in place of the lesson's.
if [ "${1:-}" = --watch ]; then
    if [ $# -ne 2 ]; then usage >&2; exit 2; fi
    want=$2
    name=$(one_lesson "$2")
    watched=${WATCH_FILE:-lessons/$name.c}
    # Ctrl-C (INT) ends the watch as it ends other programs, with 128 + the signal's number: 130; TERM 143.
    trap 'echo; echo "run_all.sh: stopped watching $watched"; exit 130' INT
    trap 'echo; echo "run_all.sh: stopped watching $watched"; exit 143' TERM
    last=""
    rounds=0
    while :; do
        # A file that is gone (a git checkout, a stash, an editor that deletes and rewrites) is said to be, once,
        # and watched for until it is back; it may go between the test and the reading, hence the || too.
        now=gone
        if [ -e "$watched" ]; then
            now=$(ls -l "$watched" 2>/dev/null && cksum <"$watched" 2>/dev/null) || now=gone
        fi
        if [ "$now" = gone ] && [ "$last" != gone ]; then
            last=gone
            echo "== $(date '+%H:%M:%S') $watched is gone; watching for it to come back (Ctrl-C stops)"
        elif [ "$now" != "$last" ]; then
            last=$now
            rounds=$((rounds + 1))
            echo "== $(date '+%H:%M:%S') $watched"
            BUILD=$BUILD sh "$0" --pictures "$name" || true
            if [ -f "$BUILD/out/$name.txt" ]; then      # it ran (a program that does not build leaves none)
                text_bars "$name"
                echo "picture: $BUILD/pictures/$name.svg; watching $watched for the next save (Ctrl-C stops)"
            else
                echo "this save does not build: $BUILD/pictures/$name.svg is still the last good build's picture"
                echo "watching $watched for the next save (Ctrl-C stops)"
            fi
            if [ -n "${WATCH_ROUNDS:-}" ] && [ "$rounds" -ge "$WATCH_ROUNDS" ]; then exit 0; fi
        fi
        sleep 1
    done
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
if [ -n "$pictures" ] && [ ! -d "$pictures" ]; then mkdir -p "$pictures"; fi

# The sources lesson $1's program is built from, one a line: lessons/$1.c, then every file that the build's
# dependency files (gcc -MMD: $BUILD/lessons/$1.d, $BUILD/lib/**.d) name for the objects it links: its own and
# the whole library's (the Makefile links every lib/ source but test/'s and bench/'s into each lesson). A tree
# the build did not write (no .d files) gives the .c alone.
build_sources() {
    awk -v lesson="lessons/$1.c" -v skip1="$BUILD/lib/test/" -v skip2="$BUILD/lib/bench/" '
        BEGIN { print lesson; seen[lesson] = 1
                for (a = 1; a < ARGC; a++) {
                    d = ARGV[a]
                    if (index(d, skip1) == 1 || index(d, skip2) == 1) continue
                    while ((getline line < d) > 0) {     # -1 for a glob that matched nothing
                        n = split(line, word, " ")
                        for (i = 1; i <= n; i++) {
                            f = word[i]
                            if (f == "\\" || f ~ /:$/ || f in seen) continue     # a target, or a line break
                            seen[f] = 1
                            print f
                        }
                    }
                    close(d)
                }
                exit }' "$BUILD/lessons/$1.d" "$BUILD"/lib/*.d "$BUILD"/lib/*/*.d
}
# The record of the run of lesson $1 that --pictures keeps beside its verdict, $pictures/$1.source: "ran" and the
# run's start, then cksum's line (checksum, size, name) for each of its sources; index.html compares them with
# the files as they are then. A source that cannot be read is left out (a .d may name a file since removed).
run_at=""
if [ -n "$pictures" ]; then run_at=$(date '+%Y-%m-%d %H:%M:%S'); fi
record_sources() {
    { echo "ran $run_at"; cksum $(build_sources "$1") 2>/dev/null || true; } >"$pictures/$1.source"
}

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

# The page of every example, $pictures/index.html: a contents list (each example's number and title, as the first
# line of its header comment gives them, linked to its section, with its verdict), then one section per example in
# one layout: its heading, its verdict, the table it printed beside its picture (inline, at most the page's width;
# the table first, above the picture, where the two do not fit side by side); when that table is not the lesson's
# (expected/), the lesson's table above it and the diff; what the program or the compiler wrote on stderr. Plain
# HTML and CSS, no scripts, nothing outside the file. An example not run this time keeps what its last --pictures
# run left in the folder, and every line about it says "an earlier run", never "this run"; when a source its
# program is built from differs now from that run's record ($pictures/NN_slug.source: record_sources), its badge is
# grey, in the contents and in its section, and its section names the files that changed.
escape() {
    sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g' "$@"
}
index_style() {
    echo '<style>body{font-family:"DejaVu Sans",Verdana,Arial,sans-serif;color:#222;max-width:2400px;margin:0 auto;'
    echo 'padding:8px 24px 48px;line-height:1.4} p{max-width:960px} h1{font-size:26px} h2{font-size:21px;margin:0}'
    echo 'h3{font-size:15px;margin:14px 0 4px} a{color:#0072B2} nav{max-width:1200px}'
    echo 'ul.contents{list-style:none;padding:0;columns:2 420px}'
    echo 'ul.contents li{margin:3px 0;padding-left:72px;text-indent:-72px;break-inside:avoid}'
    echo '.badge{display:inline-block;text-indent:0;min-width:64px;text-align:center;border-radius:3px;color:#fff;'
    echo 'margin-right:8px;font:bold 12px/18px "DejaVu Sans Mono",monospace} .pass{background:#007A58}'
    echo '.fail{background:#C24E00} .none{background:#6B6B6B}'
    echo '.badge.grey{background:#E2E2E2;color:#555;box-shadow:inset 0 0 0 1px #999}'
    echo 'section{border-top:2px solid #ccc;margin-top:36px;padding-top:12px}'
    echo 'p.verdict{margin:6px 0 12px;padding-left:72px;text-indent:-72px}'
    echo '.run{display:flex;flex-direction:row-reverse;flex-wrap:wrap;justify-content:flex-end;align-items:flex-start;'
    echo 'gap:8px 32px} .run>*{flex:0 1 auto;min-width:0;max-width:100%} .tables>h3:first-child{margin-top:0}'
    echo 'figure{margin:0} svg{display:block;max-width:100%;height:auto}'
    echo 'pre{font:13px/1.35 "DejaVu Sans Mono",monospace;background:#f6f6f6;padding:10px;margin:0;overflow-x:auto;'
    echo 'width:fit-content;max-width:100%;box-sizing:border-box}'
    echo '.diff span{display:inline-block;min-width:100%} .del{background:#FBE3D6} .add{background:#DDF2E9}'
    echo '.hunk{color:#6B6B6B}'
    echo '.note{color:#555} pre.note{white-space:pre-wrap;width:auto} .earlier{color:#8A4B00} .stale{color:#9E3A00}'
    echo 'p.verdict>span.earlier,p.verdict>span.stale{display:block;text-indent:0}'
    echo '</style>'
}
index_badge() {     # index_badge VERDICT STALE: the verdict in a word and a colour; grey when STALE is yes
    case "$1" in
    PASS*) set -- PASS pass "${2:-no}" ;;
    FAIL*) set -- FAIL fail "${2:-no}" ;;
    *) echo '<span class="badge none">NOT RUN</span>'; return ;;
    esac
    if [ "$3" = yes ]; then
        echo "<span class=\"badge grey\" title=\"from sources that have changed since\">$1</span>"
    else
        echo "<span class=\"badge $2\">$1</span>"
    fi
}
# Whether example $1 ran in this invocation (./run_all.sh --pictures 13 runs only 13: the others keep what an
# earlier run left).
ran_now() {
    case " $names " in *" $1 "*) true ;; *) false ;; esac
}
# For each example with a run record ($pictures/NN_slug.source), a line: its name, TAB, the time that run started,
# TAB, the sources of the record whose contents (cksum) differ now or that are gone, space-separated (none: empty).
# A record of the one line "checksum size" (an older run_all.sh's) is of lessons/NN_slug.c alone.
source_changes() {
    set -- "$pictures"/*.source
    if [ ! -f "$1" ]; then return 0; fi
    files=$(awk 'NF == 2 { n = FILENAME; sub(/^.*\//, "", n); sub(/\.source$/, "", n); print "lessons/" n ".c" }
                 NF == 3 && $1 != "ran" { print $3 }' "$@" | sort -u)
    if [ -n "$files" ]; then cksum $files 2>/dev/null || true; fi >"$out_dir/.sources.now"
    awk -v now="$out_dir/.sources.now" '
        function done() { if (name != "") print name "\t" ran "\t" changed }
        FILENAME == now { sum[$3] = $1 " " $2; next }
        FNR == 1 { done(); name = FILENAME; sub(/^.*\//, "", name); sub(/\.source$/, "", name); ran = ""; changed = "" }
        $1 == "ran" { ran = $2 " " $3; next }
        { f = NF == 2 ? "lessons/" name ".c" : $3
          if (sum[f] != $1 " " $2) changed = changed (changed == "" ? "" : " ") f }
        END { done() }' "$out_dir/.sources.now" "$@"
    rm -f "$out_dir/.sources.now"
}
# index_state NAME VERDICT: what the page says of example NAME's VERDICT. Sets when (now: this run; earlier; or
# empty: no verdict), ran_at (when that run started, "YYYY-MM-DD HH:MM:SS", or empty), changed (the sources that
# differ since; "?" for a run with no record) and stale (yes when changed is not empty).
index_state() {
    when=""
    ran_at=""
    changed=""
    stale=no
    if [ -z "$2" ]; then return 0; fi
    if ran_now "$1"; then when=now; else when=earlier; fi
    case "$changes" in
    *"$nl$1$tab"*) ran_at=${changes#*"$nl$1$tab"}
                   ran_at=${ran_at%%"$nl"*}
                   changed=${ran_at#*"$tab"}
                   ran_at=${ran_at%%"$tab"*} ;;
    *) changed="?" ;;
    esac
    if [ -n "$changed" ]; then stale=yes; fi
}
# After the link in the contents: which run the verdict is from, and whether its sources changed since.
index_flag() {
    case "$when $stale" in
    "earlier no") echo ' <span class="earlier">(an earlier run)</span>' ;;
    "earlier yes") echo ' <span class="stale">(an earlier run, from sources that have changed since)</span>' ;;
    "now yes") echo ' <span class="stale">(its sources have changed since this run)</span>' ;;
    esac
}
# The end of a section's verdict line for a run that is not this one, or whose sources changed since: when it ran,
# what changed (the first three files, in <code>), and the command that runs it again.
index_when() {
    again="<code>./run_all.sh --pictures $1</code> runs it again."
    at=""
    if [ -n "$ran_at" ]; then at=" (the run shown started at ${ran_at#* } on ${ran_at%% *})"; fi
    if [ "$changed" = "?" ]; then
        echo " <span class=\"stale\">Not run this time, and there is no record of the sources that run was built" \
             "from, so this may not be what it prints now: $again</span>"
        return
    fi
    if [ "$stale" = no ]; then
        echo " <span class=\"earlier\">Not run this time$at, and none of its sources has changed since. $again</span>"
        return
    fi
    set -- $changed
    if [ $# -eq 1 ]; then what="one of its sources has"; else what="$# of its sources have"; fi
    list="<code>$1</code>"
    case $# in
    1) ;;
    2) list="$list and <code>$2</code>" ;;
    3) list="$list, <code>$2</code> and <code>$3</code>" ;;
    *) list="$list, <code>$2</code>, <code>$3</code> and $(($# - 3)) more" ;;
    esac
    if [ "$when" = earlier ]; then
        echo " <span class=\"stale\">Not run this time$at, and $what changed since: $list. So this may not be" \
             "what it prints now: $again</span>"
    else
        echo " <span class=\"stale\">But $what changed while it ran: $list. So this may not be what it prints" \
             "now: $again</span>"
    fi
}
index_section() {   # index_section NAME TITLE VERDICT
    name=$1
    expected=expected/$name.txt
    index_state "$name" "$3"
    if [ "$when" = now ]; then who="this run"; Who="This run"; whose="this run's"
    else who="an earlier run"; Who="An earlier run"; whose="that run's"; fi
    note=""
    if [ "$when" = earlier ] || [ "$stale" = yes ]; then note=$(index_when "$name"); fi
    badge=$(index_badge "$3" "$stale")
    echo "<section id=\"$name\"><h2>$2</h2>"
    case "$3" in
    PASS*) echo "<p class=\"verdict\">${badge}The table $who printed is the lesson's ($expected),"
           echo "byte for byte.$note</p>" ;;
    *"(output differs)") echo "<p class=\"verdict\">${badge}The table $who printed differs from the"
                         echo "lesson's ($expected): the lesson's table and $whose, then the diff.$note</p>" ;;
    *"(not built)"|*"(no newline"*) reason=${3#* (}
           echo "<p class=\"verdict\">$badge$Who failed: $(echo "${reason%)}" | escape).$note</p>" ;;
    FAIL*) reason=${3#* (}      # it stopped: what it said comes first, as the reason
           if [ "$when" = now ]; then said=", saying why:"; else said=", saying why (below)."; fi
           if [ ! -s "$pictures/$name.err" ]; then said=", saying nothing on stderr."; fi
           echo "<p class=\"verdict\">$badge$Who stopped ($(echo "${reason%)}" | escape))$said$note</p>"
           if [ -s "$pictures/$name.err" ]; then
               echo "<pre class=\"note\">"; escape "$pictures/$name.err"; echo "</pre>"
           fi ;;
    *) echo "<p class=\"verdict\">${badge}Not run yet: ./run_all.sh --pictures $name</p>" ;;
    esac
    if [ -z "$3" ]; then echo "</section>"; return; fi
    if [ -s "$pictures/$name.svg" ]; then
        case "$3" in
        *"(not built)") if [ "$when" = now ]; then what="This source does"; else what="The source of that run did"; fi
                        echo "<p class=\"note\">$what not build, so nothing ran: the picture is the last good" \
                             "build's; the compiler's messages are below.</p>" ;;
        esac
    fi
    echo '<div class="run"><div class="tables">'       # in this order: the table comes first where it cannot sit beside
    if [ ! -s "$pictures/$name.txt" ]; then
        case "$3" in
        *"(not built)") echo "<p class=\"note\">(no table: the program did not run)</p>" ;;
        *) echo "<p class=\"note\">($who printed no table)</p>" ;;
        esac
    elif [ ! -f "$expected" ] || case "$3" in PASS*) true ;; *) cmp -s "$expected" "$pictures/$name.txt" ;; esac; then
        echo "<h3>The table $who printed</h3><pre class=\"table\">"; escape "$pictures/$name.txt"; echo "</pre>"
    else
        echo "<h3>The lesson's table ($expected)</h3><pre class=\"expected\">"
        escape "$expected"
        echo "</pre><h3>The table $who printed</h3><pre class=\"actual\">"
        escape "$pictures/$name.txt"
        echo "</pre><h3>The diff, from the lesson's table to $whose</h3><pre class=\"diff\">"
        show_diff "$expected" "$pictures/$name.txt" | escape \
            | sed -e 's/^--- .*/<span class="hunk">&<\/span>/;t' -e 's/^+++ .*/<span class="hunk">&<\/span>/;t' \
                  -e 's/^@@.*/<span class="hunk">&<\/span>/;t' -e 's/^-.*/<span class="del">&<\/span>/;t' \
                  -e 's/^+.*/<span class="add">&<\/span>/'
        echo "</pre>"
    fi
    echo "</div>"
    if [ -s "$pictures/$name.svg" ]; then
        echo "<figure>"; cat "$pictures/$name.svg"; echo "</figure>"
    else
        echo "<p class=\"note\">(no picture: the program wrote none)</p>"
    fi
    echo "</div>"
    if [ -s "$pictures/$name.err" ]; then
        case "$3" in
        PASS*|*"(output differs)"|*"(no newline"*) echo "<h3>Its notes (stderr)</h3><pre class=\"note\">" ;;
        *"(not built)") echo "<h3>The compiler's messages</h3><pre class=\"note\">" ;;
        *) echo "" ;;       # a stop's stderr is shown under its verdict
        esac | grep . || true
        case "$3" in
        PASS*|*"(output differs)"|*"(no newline"*|*"(not built)") escape "$pictures/$name.err"; echo "</pre>" ;;
        esac
    fi
    echo "</section>"
}
# The sentence under "Contents": how many examples print the lesson's table, by this run or by an earlier one from
# the same sources; how many ran from sources that have changed since; how many never ran.
index_summary() {
    passes=0
    earlier=0
    stales=0
    never=0
    total=0
    for src in lessons/*.c; do
        name=${src##*/}
        name=${name%.c}
        verdict=""
        if [ -f "$pictures/$name.verdict" ]; then read -r verdict <"$pictures/$name.verdict" || true; fi
        index_state "$name" "$verdict"
        total=$((total + 1))
        if [ -z "$verdict" ]; then never=$((never + 1))
        elif [ "$stale" = yes ]; then stales=$((stales + 1))
        else case "$verdict" in
             PASS*) passes=$((passes + 1))
                    if [ "$when" = earlier ]; then earlier=$((earlier + 1)); fi ;;
             esac
        fi
    done
    printf '%s' "$passes of $total examples print the lesson&#39;s table"
    if [ "$earlier" -gt 0 ]; then printf '%s' " ($earlier of them by an earlier run, from the same sources)"; fi
    printf '.'
    if [ "$stales" -gt 0 ]; then
        if [ "$stales" -eq 1 ]; then printf '%s' " 1 ran from sources that have changed since (its badge is grey):" \
                                              " what it prints now is not known until it runs again."
        else printf '%s' " $stales ran from sources that have changed since (their badges are grey): what they" \
                         " print now is not known until they run again."; fi
    fi
    if [ "$never" -gt 0 ]; then printf '%s' " $never have not run yet."; fi
    echo
}
write_index() {
    # name TAB title, one line per lesson: "Example 1: the repetition penalty" from its first line.
    titles=$(awk 'FNR == 1 { name = FILENAME; sub(/^.*\//, "", name); sub(/\.c$/, "", name); title = name
                             if ($0 ~ /^\/\* [^:]*: Example [0-9]+, .*\.$/) {
                                 title = $0; sub(/^\/\* [^:]*: /, "", title); sub(/, /, ": ", title)
                                 sub(/\.$/, "", title)
                             }
                             gsub(/&/, "\\&amp;", title); gsub(/</, "\\&lt;", title); gsub(/>/, "\\&gt;", title)
                             print name "\t" title }' lessons/*.c)
    tab=$(printf '\t')
    nl='
'
    changes="$nl$(source_changes)$nl"
    {
        echo '<!DOCTYPE html>'
        echo '<html lang="en"><head><meta charset="utf-8"><title>The sampler workbench: every example</title>'
        index_style
        echo '</head><body><h1>The sampler workbench: every example, its picture and its table</h1>'
        echo '<p>Written by <code>./run_all.sh --pictures</code> (<code>make pictures</code>): for each example of the'
        echo 'lesson, its picture, the table its program printed, and whether that table is the lesson&#39;s'
        echo '(<code>expected/</code>). Edit a lesson, run <code>make pictures</code> again and reload this page.</p>'
        echo "<nav><h2>Contents</h2><p>$(index_summary)</p><ul class=\"contents\">"
        printf '%s\n' "$titles" | while IFS=$tab read -r name title; do
            verdict=""
            if [ -f "$pictures/$name.verdict" ]; then read -r verdict <"$pictures/$name.verdict" || true; fi
            index_state "$name" "$verdict"
            echo "<li>$(index_badge "$verdict" "$stale")<a href=\"#$name\">$title</a>$(index_flag)</li>"
        done
        echo '</ul></nav>'
        printf '%s\n' "$titles" | while IFS=$tab read -r name title; do
            verdict=""
            if [ -f "$pictures/$name.verdict" ]; then read -r verdict <"$pictures/$name.verdict" || true; fi
            index_section "$name" "$title" "$verdict"
        done
        echo '</body></html>'
    } >"$pictures/index.html"
    echo "pictures: $pictures/index.html"
}
if [ -n "$pictures" ]; then write_index; fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

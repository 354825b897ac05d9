#!/bin/sh
# loop.sh: what a student waits for (make bench, after bench.c's rows). Two ratios, each measured in this one run
# as the median of RUNS alternating timings, so that a busy machine slows both sides alike:
#   compile_vs_hello  each lesson's compile against a hello-world's, with the lessons' own flags (goal: <= 3);
#   loop_vs_java      "./run_all.sh 01" after a save of lessons/01_*.c (rebuild, run, diff) against the Java
#                     single-file launcher running the lesson's own Example 1 (goal: <= 0.3). Only where a `java`
#                     and the lesson's text (../shared/lesson/lesson.txt, or LESSON_TEXT) are at hand; else it
#                     says so and skips that row.
# Figures vary with the machine; the ratios are what to compare. CC and CFLAGS as make passes them.
set -u
export LC_ALL=C
cd "$(dirname "$0")/../.."
cc=${CC:-cc}
flags="-std=c11 -Wall -Wextra -Wpedantic -Wshadow -ffp-contract=off -Ilib -Ilessons -pedantic-errors ${CFLAGS:--O2 -g}"
runs=${RUNS:-7}
tmp=${BUILD:-build}/out/loop
mkdir -p "$tmp"

# ms COMMAND...: how long the command takes, in milliseconds (its output discarded).
ms() {
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1
    end=$(date +%s%N)
    echo $(((end - start) / 1000000))
}

# median: the middle of the numbers on stdin.
median() {
    sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

printf '#include <stdio.h>\nint main(void)\n{\n    puts("hello");\n    return 0;\n}\n' >"$tmp/hello.c"
echo
echo "compile, ms (median of $runs)       lesson   hello   ratio"
worst=0
for src in lessons/[0-9][0-9]_*.c; do
    : >"$tmp/lesson.ms"
    : >"$tmp/hello.ms"
    i=0
    while [ "$i" -lt "$runs" ]; do
        ms "$cc" $flags -c -o "$tmp/lesson.o" "$src" >>"$tmp/lesson.ms"
        ms "$cc" $flags -c -o "$tmp/hello.o" "$tmp/hello.c" >>"$tmp/hello.ms"
        i=$((i + 1))
    done
    lesson=$(median <"$tmp/lesson.ms")
    hello=$(median <"$tmp/hello.ms")
    ratio=$(awk -v a="$lesson" -v b="$hello" 'BEGIN { printf "%.1f", (b > 0 ? a / b : 0) }')
    worst=$(awk -v a="$ratio" -v b="$worst" 'BEGIN { print (a > b ? a : b) }')
    printf '  %-32s %6s  %6s   %5s\n' "$(basename "$src" .c)" "$lesson" "$hello" "$ratio"
done
echo "ratio compile_vs_hello $worst   (the slowest lesson's compile ÷ a hello-world's; goal <= 3)"

text=${LESSON_TEXT:-../shared/lesson/lesson.txt}
if ! command -v java >/dev/null 2>&1 || [ ! -f "$text" ]; then
    echo "ratio loop_vs_java: skipped (needs java and the lesson's text, $text)"
    exit 0
fi
# The lesson's Example 1: its first public class, as the lesson prints it.
awk '/^public class/ && !done { on = 1 } on { print } on && /^}/ { exit }' "$text" >"$tmp/RepeatPenalty.java"
src=$(ls lessons/01_*.c)
# Under make bench, MAKELEVEL is set, and ./run_all.sh would take the tree as built and not rebuild the saved lesson
# (about 0.02 of Java's time instead of the loop's own); MAKEFLAGS would hand it make's jobserver. A student's
# ./run_all.sh has neither.
unset MAKELEVEL MAKEFLAGS MFLAGS
./run_all.sh 01 >/dev/null 2>&1          # a built tree to start from
: >"$tmp/loop.ms"
: >"$tmp/java.ms"
i=0
while [ "$i" -lt "$runs" ]; do
    touch "$src"
    ms ./run_all.sh 01 >>"$tmp/loop.ms"
    ms java "$tmp/RepeatPenalty.java" >>"$tmp/java.ms"
    i=$((i + 1))
done
loop=$(median <"$tmp/loop.ms")
java=$(median <"$tmp/java.ms")
echo "save-and-run, ms: ./run_all.sh 01 after a save $loop, java RepeatPenalty.java $java"
ratio=$(awk -v a="$loop" -v b="$java" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
echo "ratio loop_vs_java $ratio   (goal <= 0.3)"

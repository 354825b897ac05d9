#!/bin/sh
# sizes.sh: what each lesson's program carries and costs to link (make bench, after loop.sh), from tree $BUILD as
# make built it (CFLAGS as make passes them):
#   code     the program's .text in KB (size -A; skipped without binutils' size). Goal: at most 64 KB for every
#            lesson but 11, which carries the llama.cpp command-line tool (lib/cli/);
#   static   its largest object of static storage (nm -P), in bytes. Goal: none of 100 KB or more;
#   link     its link (the Makefile's own recipe, run again) against a hello-world's, in ms, the median of RUNS
#            alternating timings, and their ratio;
# then which programs an edit in lib/cli/ relinks (make -n -W lib/cli/main.c: what make would do if main.c had
# just been saved). Goal: Example 11 alone.
set -u
export LC_ALL=C
cd "$(dirname "$0")/../.."
build=${BUILD:-build}
cc=${CC:-cc}
runs=${RUNS:-7}
tmp=$build/out/sizes
mkdir -p "$tmp"

ms() {      # ms COMMAND...: how long the command takes, in milliseconds (its output discarded)
    start=$(date +%s%N)
    "$@" >/dev/null 2>&1
    end=$(date +%s%N)
    echo $(((end - start) / 1000000))
}
median() {  # the middle of the numbers on stdin
    sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

printf '#include <stdio.h>\nint main(void)\n{\n    puts("hello");\n    return 0;\n}\n' >"$tmp/hello.c"
$cc ${CFLAGS:--O2 -g} -c -o "$tmp/hello.o" "$tmp/hello.c"
echo
echo "size and link (median of $runs)           code KB  largest static, bytes          link ms  hello  ratio"
over_code=""
over_static=""
for bin in "$build"/bin/[0-9][0-9]_*; do
    name=$(basename "$bin")
    if command -v size >/dev/null 2>&1; then
        code=$(size -A "$bin" | awk '$1 == ".text" { printf "%.1f", $2 / 1024 }')
    else
        code=skipped
    fi
    static=$(nm -P -t d "$bin" | awk '$2 ~ /^[bBdD]$/ && $4 + 0 > max { max = $4 + 0; name = $1 }
                                     END { printf "%s %d", name, max }')
    # The link: the Makefile's recipe for this program, as make -n prints it when its object is newer.
    make -s -n V=1 BUILD="$build" -W "$build/lessons/$name.o" "$bin" >"$tmp/link.sh" 2>/dev/null
    : >"$tmp/lesson.ms"
    : >"$tmp/hello.ms"
    i=0
    while [ "$i" -lt "$runs" ]; do
        ms sh "$tmp/link.sh" >>"$tmp/lesson.ms"
        ms $cc ${CFLAGS:--O2 -g} -o "$tmp/hello" "$tmp/hello.o" -lm >>"$tmp/hello.ms"
        i=$((i + 1))
    done
    link=$(median <"$tmp/lesson.ms")
    hello=$(median <"$tmp/hello.ms")
    ratio=$(awk -v a="$link" -v b="$hello" 'BEGIN { printf "%.1f", (b > 0 ? a / b : 0) }')
    printf '  %-38s %7s  %-30s %6s  %5s  %5s\n' "$name" "$code" "${static% *} ${static##* }" "$link" "$hello" "$ratio"
    case $name in 11_*) ;; *) awk -v c="$code" 'BEGIN { exit !(c + 0 > 64) }' && over_code="$over_code $name" ;; esac
    [ "${static##* }" -ge 102400 ] && over_static="$over_static $name"
done
echo "goal: at most 64 KB of code in each lesson but Example 11: ${over_code:+not met by}${over_code:-met}"
echo "goal: no static of 100 KB or more: ${over_static:+not met by}${over_static:-met}"
relinked=$(make -s -n V=1 BUILD="$build" -W lib/cli/main.c all 2>/dev/null \
    | grep -o -- "-o $build/bin/[0-9][0-9]_[a-z0-9_]*" | sed "s|-o $build/bin/||" | sort -u | tr '\n' ' ')
echo "relinked after an edit in lib/cli/: ${relinked:-none}  (goal: 11_sampler_chain alone)"

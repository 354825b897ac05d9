#!/bin/sh
# test_archives.sh: the layers the build enforces (make check's archives: part; lib/README.md draws them).
#
# The Makefile builds the library as four archives under $BUILD/lib/, each a layer that may call only the layers
# below it:
#   level 0  libcore.a     the sampling core: lib/*.c and lib/fast/
#   level 1  liblesson.a   the lesson helpers: lib/lesson/ (stops, notes, numbers, labels, the step views)
#   level 2  libpicture.a  the pictures and their SVG writer: lib/picture/
#   level 2  libcli.a      the llama.cpp command-line and server emulator: lib/cli/ (Example 11)
# Linking does not catch a call the wrong way on its own (test_lib links all four), so this reads each archive's
# undefined symbols (nm -u, in POSIX nm -P form) and fails, naming the object and the symbol, when another archive
# of the same or a higher level defines one. Last, a planted call from a copy of the core's level to a lesson
# helper must be caught, so that the check is seen to fail when it should. Each archive's objects must also have
# distinct names (ar t), which ar stores without their folder: lib/dry.c and lib/fast/dry.c would both be dry.o.
# Usage: BUILD=build lib/test/test_archives.sh   (CC compiles the planted object; NM is nm unless set)
set -u
export LC_ALL=C
build=${BUILD:-build}
cc=${CC:-cc}
nm=${NM:-nm}
tmp=$build/out/archives
mkdir -p "$tmp"
passed=0
failed=0

# levels: "name level archive" a line, for the check below.
levels() {
    printf 'core 0 %s/lib/libcore.a\nlesson 1 %s/lib/liblesson.a\n' "$build" "$build"
    printf 'picture 2 %s/lib/libpicture.a\ncli 2 %s/lib/libcli.a\n' "$build" "$build"
}

# upward <levels file>: one line "archive(object) uses symbol (defined in archive, level L)" for each call the
# wrong way among the archives the file names; nothing when there is none. nm -P -A prints each symbol as
# "archive[object]: name type ...", type U when the object only uses it.
upward() {
    while read -r name level archive; do
        "$nm" -P -g -A "$archive" | sed "s|^|$name $level |"
    done <"$1" | awk '
        { obj = $3; sub(/:$/, "", obj) }
        $5 == "U" { use[++n] = $1 " " $2 " " obj " " $4; next }
        { def[$4] = $1; lvl[$4] = $2 }
        END { for (i = 1; i <= n; i++) {
                  split(use[i], u, " ")
                  s = u[4]
                  if ((s in def) && def[s] != u[1] && lvl[s] >= u[2])
                      printf "%s uses %s (defined in lib%s.a, level %d)\n", u[3], s, def[s], lvl[s]
              } }'
}

levels >"$tmp/levels"
while read -r name level archive; do
    if [ ! -f "$archive" ]; then
        echo "FAIL $archive: not built (make builds the four archives)"
        failed=$((failed + 1))
        continue
    fi
    twice=$(ar t "$archive" | sort | uniq -d | tr '\n' ' ')
    if [ -n "$twice" ]; then
        echo "FAIL lib$name.a holds two objects of one name: $twice(ar keeps one of them, or both, as it likes)"
        failed=$((failed + 1))
    else
        echo "PASS lib$name.a holds no two objects of one name"
        passed=$((passed + 1))
    fi
    upward "$tmp/levels" | grep "^[^ ]*lib$name\.a\[" >"$tmp/$name.out"
    if [ -s "$tmp/$name.out" ]; then
        echo "FAIL lib$name.a (level $level) calls a layer at its level or above:"
        sed 's/^/    /' "$tmp/$name.out"
        failed=$((failed + 1))
    else
        echo "PASS lib$name.a (level $level) calls only the layers below it"
        passed=$((passed + 1))
    fi
done <"$tmp/levels"

# The planted call: an object that calls the first function liblesson.a defines, archived as a level-0 layer.
symbol=$("$nm" -P -g "$build/lib/liblesson.a" 2>/dev/null | awk '$2 == "T" { print $1; exit }')
printf 'void %s(void);\nvoid planted(void) { %s(); }\n' "${symbol:-missing}" "${symbol:-missing}" >"$tmp/planted.c"
rm -f "$tmp/libplanted.a"
if [ -n "$symbol" ] && $cc -c -o "$tmp/planted.o" "$tmp/planted.c" && ar rcs "$tmp/libplanted.a" "$tmp/planted.o"; then
    printf 'planted 0 %s\nlesson 1 %s/lib/liblesson.a\n' "$tmp/libplanted.a" "$build" >"$tmp/planted.levels"
    if upward "$tmp/planted.levels" | grep -q "uses $symbol (defined in liblesson.a, level 1)"; then
        echo "PASS a planted call from level 0 to $symbol (liblesson.a) is caught"
        passed=$((passed + 1))
    else
        echo "FAIL a planted call from level 0 to $symbol (liblesson.a) is not caught"
        failed=$((failed + 1))
    fi
else
    echo "FAIL the planted call could not be built (no function in liblesson.a, or $cc or ar failed)"
    failed=$((failed + 1))
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

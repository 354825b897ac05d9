#!/bin/sh
# test_pictures.sh: the lessons' pictures, from the outside. Every lesson runs with LESSON_PICTURE set: it must
# exit 0, print the lesson's table byte for byte (expected/), and write a picture that is well-formed XML
# (build/bin/svg_check) and draws the table's own numbers: each value the table prints is read back from the
# picture's data attributes and must print the same, with the table's decimals. What a table prints is worked
# out here from expected/ (the lesson's Output blocks), never from our own output. Then: the checker refuses
# broken XML; an unwritable picture path is a clear message and exit 1, with the table still printed; no
# LESSON_PICTURE means nothing written; ./run_all.sh --pictures writes index.html with every example's title
# (the lesson's), picture and table. Ends with "N passed, M failed". BUILD picks the build tree (default build);
# nothing is rebuilt here.
set -u
export LC_ALL=C
cd "$(dirname "$0")/../.."
build=${BUILD:-build}
tmp=$build/out/pictures
rm -rf "$tmp"
mkdir -p "$tmp/cwd"
check=$build/bin/svg_check
passed=0
failed=0
bad() {
    failed=$((failed + 1))
    echo "test_pictures.sh: $*"
}
expect() {  # expect WHAT STATUS-WANTED COMMAND...: the command's exit status must be the one wanted
    what=$1
    want=$2
    shift 2
    got=0
    "$@" >"$tmp/expect.out" 2>&1 || got=$?
    if [ "$got" -eq "$want" ]; then passed=$((passed + 1)); else bad "$what: exit $got, not $want"; sed 's/^/    /' "$tmp/expect.out"; fi
}

# 1. The checker: one good document, and each kind of fault it must refuse.
printf '<?xml version="1.0"?>\n<!-- a picture -->\n<svg a="1" b=\047&amp;&#65;&#x42;\047><g/><text>1 &lt; 2 \303\251</text><![CDATA[<x>]]></svg>\n' \
    >"$tmp/good.xml"
expect "a well-formed document" 0 "$check" "$tmp/good.xml"
n=0
for broken in '<svg>' '<svg></g>' '<svg/><svg/>' '<svg a=1/>' '<svg a="1" a="2"/>' '<svg a="<"/>' \
    '<svg>&nbsp;</svg>' '<svg>&</svg>' 'text<svg/>' '<svg><!-- a -- b --></svg>' '<svg>]]></svg>' \
    '<!DOCTYPE svg><svg/>' '<svg a="1"b="2"/>' '<svg>&#0;</svg>' '' "<svg>$(printf '\001')</svg>" \
    "<svg>$(printf '\377')</svg>"; do
    n=$((n + 1))
    printf '%s' "$broken" >"$tmp/broken$n.xml"
    expect "svg_check refuses '$broken'" 1 "$check" "$tmp/broken$n.xml"
done

# 2. The values each table prints, as "series<TAB>label<TAB>the table's text", from expected/NN.txt alone.
want_values() {
    case "$1" in
    01_*) awk 'NR > 1 { print "p before\t" $1 "\t" $6; print "p after\t" $1 "\t" $7; print "p naive\t" $1 "\t" $8 }' ;;
    02_*) awk 'NR > 1 { print "p before\t" $1 "\t" $5; print "p after\t" $1 "\t" $6 }' ;;
    03_*) awk 'NR > 1 { print "p before\t" $1 "\t" $6; print "p after\t" $1 "\t" $7 }' ;;
    04_*) awk 'NR == 1 { n = NF - 2; for (i = 3; i <= NF; i++) word[i - 2] = $i; next }
               { label = $1; for (i = 2; i <= NF - n; i++) label = label " " $i
                 for (i = 1; i <= n; i++) print label "\t" word[i] "\t" $(NF - n + i) }' ;;
    05_*) awk '{ p = $3; w = $5; sub(/,$/, "", p); sub(/:$/, "", w); key = "penalty " p ", window " w
                 print $6 "\t" key "\t" $7; print $8 "\t" key "\t" $9; print $10 "\t" key "\t" $11 }' ;;
    06_*) awk '{ print "before\t" $1 "\t" $3; print "after\t" $1 "\t" $5 }' ;;
    07_*) awk 'NR == 1 { print "entropy\tnats\t" $2; next }
               /^limit / { limit = $2; sub(/:$/, "", limit)
                 for (m = 0; m < 2; m++) {
                     what = m == 0 ? "typical" : "top-p"; s = $0; sub("^.*" what " keeps \\[", "", s); sub(/\].*$/, "", s)
                     k = split(s, kept, " "); for (w in words) place[w] = 0; for (i = 1; i <= k; i++) place[kept[i]] = i
                     for (w in words) print what ", limit " limit "\t" w "\t" place[w] } next }
               { words[$1] = 1; print "surprise\t" $1 "\t" $5 }' ;;
    08_*) awk '/ step [0-9]+:/ { step = $4; sub(/:$/, "", step)
                 print "surprise, tau " $2 "\tstep " step "\t" $9; print "mu, tau " $2 "\t" step "\t" $NF }
               /average surprise over/ { tau = $2; sub(/:$/, "", tau); print "average surprise\ttau " tau "\t" $(NF - 1) }
               /^plain sampling/ { print "average surprise\tplain sampling\t" $(NF - 1) }' ;;
    09_*) awk '/^candidate / { print "candidate\t" $2 "\t" $NF; print "repeat length\t" $2 "\t" $7 }
               /^penalty by repeat length/ { s = $0; sub(/^.*\[/, "", s); sub(/\]$/, "", s); k = split(s, pair, ", ")
                 for (i = 1; i <= k; i++) { split(pair[i], lv, " -> "); print "penalty by repeat length\t" lv[1] "\t" lv[2] } }' ;;
    10_*) awk '/^share of draws/ { s = $0; sub(/^share of draws that pick the top token, /, "", s); label = s; sub(/: [^:]*$/, "", label)
                 print "share of draws that pick the top token\t" label "\t" $NF; next }
               { n = 0; for (i = NF; i > 0 && $i ~ /^[0-9.]+$/; i--) n++; label = $1
                 for (i = 2; i <= NF - n; i++) label = label " " $i; sub(/:$/, "", label)
                 for (i = 1; i <= n; i++) print label "\ttoken " (i - 1) "\t" $(NF - n + i) }' ;;
    11_*) awk '{ sub(/^sampler chain: /, ""); k = split($0, stage, " -> ")
                 for (i = 1; i <= k; i++) print "chain " NR "\t" (i - 1) "\t" stage[i] }' ;;
    12_*) awk '/candidates per step\)$/ { s = $0; average = s; sub(/^.*\(/, "", average); sub(/ .*$/, "", average)
                 sub(/  \([0-9.]+ candidates per step\)$/, "", s); text = substr(s, length(s) - 59)
                 label = substr(s, 1, length(s) - 60); sub(/ +$/, "", label)
                 print "candidates per step\t" label "\t" average; print "text\t" label "\t" text }
               /^logits( -> |$)/ { k = split($0, stage, " -> ")
                 for (i = 1; i <= k; i++) print "line " NR "\t" (i - 1) "\t" stage[i] }' ;;
    13_*) awk '{ s = $0; label = s; sub(/ +P\(.*$/, "", label); p = s; sub(/^.* P\(/, "P(", p); split(p, f, " ")
                 draws = s; sub(/^.*draws: /, "", draws)
                 print f[1] "\t" label "\t" f[2]; print "candidates\t" label "\t" f[4]; print "draws\t" label "\t" draws }' ;;
    esac <"expected/$1.txt"
}

# Compares the wanted values (file $1) with the drawn ones (file $2, svg_check --data); prints each mismatch.
compare_values() {
    awk -F '\t' 'NR == FNR { drawn[$1 SUBSEP $2] = $3; next }
        { key = $1 SUBSEP $2
          if (!(key in drawn)) { print "    nothing drawn for " $1 " / " $2 " (the table prints " $3 ")"; bad++; next }
          got = drawn[key]
          if ($3 ~ /^-?[0-9]+(\.[0-9]+)?$/) { d = index($3, ".") ? length($3) - index($3, ".") : 0
                                             got = sprintf("%.*f", d, got) }
          if (got != $3) { print "    " $1 " / " $2 ": the table prints " $3 ", the picture draws " drawn[key]; bad++ }
          n++ }
        END { if (n == 0) { print "    no values expected"; bad++ } exit bad > 0 }' "$2" "$1"
}

for src in lessons/*.c; do
    name=$(basename "$src" .c)
    bin=$build/bin/$name
    if [ ! -x "$bin" ]; then bad "$name: not built"; continue; fi
    status=0
    LESSON_PICTURE=$tmp/$name.svg "$bin" >"$tmp/$name.txt" 2>"$tmp/$name.err" || status=$?
    if [ "$status" -eq 0 ]; then passed=$((passed + 1)); else bad "$name with a picture: exit $status"; sed 's/^/    /' "$tmp/$name.err"; fi
    if cmp -s "expected/$name.txt" "$tmp/$name.txt"; then passed=$((passed + 1)); else bad "$name with a picture: stdout differs from expected/$name.txt"; fi
    if "$check" --data "$tmp/$name.svg" >"$tmp/$name.data" 2>"$tmp/$name.xml"; then
        passed=$((passed + 1))
    else
        bad "$name: the picture is not well-formed XML:"
        sed 's/^/    /' "$tmp/$name.xml"
        continue
    fi
    want_values "$name" >"$tmp/$name.want"
    if compare_values "$tmp/$name.want" "$tmp/$name.data" >"$tmp/$name.diff"; then
        passed=$((passed + 1))
    else
        bad "$name: the picture does not draw the table's values:"
        cat "$tmp/$name.diff"
    fi
done

# 2b. Example 1's notes, from its table: the tokens penalized, and each token where the naive rule departs from
# llama.cpp's (the wrong way: dog and ran, whose logit the naive rule raises and whose p rises).
awk 'NR > 1 && $4 != $3 { penalized = penalized " " $1 }
     NR > 1 && $5 != $4 { up = $5 > $3; rises = $8 > $6
                         printf "%s: the naive rule %s its logit the wrong way (%s to %s, llama.cpp: %s); its p %s (%s to %s)\n",
                                $1, up ? "raises" : "lowers", $3, $5, $4, rises ? "rises" : "falls", $6, $8 }
     END { print "penalized (in the window):" (penalized == "" ? " none" : penalized) }' \
    expected/01_repeat_penalty.txt >"$tmp/01.notes"
while IFS= read -r note; do
    if grep -qF ">$note<" "$tmp/01_repeat_penalty.svg" 2>/dev/null; then passed=$((passed + 1))
    else bad "01_repeat_penalty: the picture has no note \"$note\""; fi
done <"$tmp/01.notes"
[ "$(wc -l <"$tmp/01.notes")" -eq 3 ] || bad "01_repeat_penalty: expected/ should give 3 notes (dog, ran, penalized)"

# 3. A path that cannot be written: a message that names it, exit 1, and the table still on stdout.
status=0
LESSON_PICTURE=$tmp/no/such/dir/01.svg "$build/bin/01_repeat_penalty" >"$tmp/unwritable.txt" 2>"$tmp/unwritable.err" \
    || status=$?
if [ "$status" -eq 1 ] && grep -q '^01_repeat_penalty: cannot write the picture ".*no/such/dir/01.svg"' "$tmp/unwritable.err" \
    && cmp -s expected/01_repeat_penalty.txt "$tmp/unwritable.txt"; then
    passed=$((passed + 1))
else
    bad "an unwritable LESSON_PICTURE: exit $status, not 1 with a message and the table"; sed 's/^/    /' "$tmp/unwritable.err"
fi

# 4. No LESSON_PICTURE (or an empty one): nothing written anywhere the program could write it.
for name in 08_mirostat 12_chain_builder; do
    (cd "$tmp/cwd" && LESSON_PICTURE='' "../../../bin/$name" >/dev/null 2>&1)
    if [ -z "$(ls -A "$tmp/cwd")" ]; then passed=$((passed + 1)); else bad "$name without LESSON_PICTURE wrote files"; fi
done

# 5. ./run_all.sh --pictures: index.html holds each example under the lesson's title, its picture inline and its
# table (HTML-escaped) as the lesson prints it.
MAKELEVEL=1 BUILD=$build ./run_all.sh --pictures >"$tmp/run.out" 2>&1 || true
index=$build/pictures/index.html
n=1
for title in "the repetition penalty" "the presence penalty" "the frequency penalty" \
    "the three penalties on the same history" "the window, and why code legitimately repeats identifiers" \
    "logit bias" "locally typical sampling" "mirostat, a feedback loop on surprise" \
    "DRY, penalizing repeated sequences" "XTC, excluding top choices" \
    "llama.cpp&#39;s sampler chain, --samplers, and the API mapping" "Project 2, a SamplerChain with a builder" \
    "choosing settings by task, on the same prompt"; do
    heading="<h2>Example $n: $(printf '%s' "$title" | sed "s/&#39;/'/")</h2>"
    if grep -qF -- "$heading" "$index"; then passed=$((passed + 1)); else bad "index.html has no heading $heading"; fi
    n=$((n + 1))
done
if [ "$(grep -c '<svg xmlns=' "$index")" -eq "$(ls lessons/*.c | wc -l)" ]; then passed=$((passed + 1)); else bad "index.html does not hold one picture per lesson"; fi
sed -n '/<pre>/,/<\/pre>/p' "$index" | sed -e 's/^.*<pre>//' -e '/<\/pre>/d' -e 's/&lt;/</g' -e 's/&gt;/>/g' \
    -e 's/&amp;/\&/g' | grep -v '^$' >"$tmp/index-tables.txt"
cat expected/*.txt | grep -v '^$' >"$tmp/expected-tables.txt"
if cmp -s "$tmp/expected-tables.txt" "$tmp/index-tables.txt"; then passed=$((passed + 1)); else bad "index.html's tables are not the lessons' tables"; diff "$tmp/expected-tables.txt" "$tmp/index-tables.txt" | head -5; fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

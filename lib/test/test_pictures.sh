#!/bin/sh
# test_pictures.sh: the lessons' pictures, from the outside. Every lesson runs with LESSON_PICTURE set: it must exit
# 0, print the lesson's table byte for byte (expected/), and write a picture that is well-formed XML
# (build/bin/svg_check), whose texts do not collide (svg_check's rule: no text on another text, on a shape outside
# its own <g>, or across the edge), whose colours are the palette's with every text at 4.5:1 or more against what it
# sits on (svg_check --colours), and that draws the table's own numbers: each value the table prints is read back
# from the picture's data attributes and must print the same, with the table's decimals. What a table prints is
# worked out here from expected/ (the lesson's Output blocks), never from our own output. Before that: the checker
# refuses broken XML, and finds the collisions of small pictures built to collide and passes those built not to,
# and the colours of small pictures built to fail its palette or contrast and passes those built to pass.
# After: an unwritable picture path is a clear message and exit 1, with the table still printed; no LESSON_PICTURE
# means nothing written; ./run_all.sh --pictures writes index.html with a contents list and every example's title
# (the lesson's), verdict, picture and table; a lesson edited to print another table shows FAIL, both tables and the
# diff. Ends with "N passed, M failed". BUILD picks the build tree (default build); nothing is rebuilt here but the
# lessons as committed: all of it runs in a copy of the tree, $BUILD/out/pictures-tree, whose lessons are the last
# commit's (lib/test/committed.sh), built there if they differ from lessons/, so that a reader's edit shows in make
# check's lessons: part, not here.
set -u
export LC_ALL=C
# Example 11's tool reads llama.cpp's LLAMA_ARG_* variables (lib/cli/env.c): none of the caller's may reach it.
for v in $(env | sed -n 's/^\(LLAMA_ARG_[A-Za-z0-9_]*\)=.*/\1/p'); do unset "$v"; done
cd "$(dirname "$0")/../.."
build=${BUILD:-build}
. lib/test/committed.sh
committed_tree "$build/out/pictures-tree"
cd "$build/out/pictures-tree"
build=$b
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
notes() {   # notes FILE: a program's stderr with each note or stop whole, its wrapped lines ("  " + text) joined
    awk 'NR > 1 && /^  / { line = line " " substr($0, 3); next } NR > 1 { print line } { line = $0 }
         END { if (NR > 0) print line }' "$1"
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

# 1b. The collision check (svg_check FILE; --xml skips it): small pictures 200 x 100 px, built to fail and to
# pass. A text's box is 0.6 x 14 = 8.4 px a character, from 11.2 px above its baseline to 2.8 px below.
collide() {     # collide WHAT WANT LINE...: a picture of these lines (from its line 3); svg_check must exit WANT
    what=$1
    want=$2
    shift 2
    { echo '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" font-size="14">'
      echo '<rect x="0" y="0" width="200" height="100" fill="#FFFFFF"/>'
      printf '%s\n' "$@" '</svg>'; } >"$tmp/collide.svg"
    expect "$what" "$want" "$check" "$tmp/collide.svg"
}
message() {     # message WHAT TEXT: the last collision's messages must hold TEXT
    if grep -qF -- "$2" "$tmp/expect.out"; then passed=$((passed + 1)); else bad "$1:"; cat "$tmp/expect.out"; fi
}
collide "two overlapping texts" 1 '<text x="10" y="30">abc</text>' '<text x="20" y="32">def</text>'
message "the overlap's message names both texts" 'collide.svg:3: text "abc" at (10, 30) overlaps text "def" at (20, 32)'
collide "a text on a line of another group" 1 '<g><line x1="0" y1="25" x2="200" y2="25" stroke="#000"/></g>' \
    '<g><text x="10" y="30">abc</text></g>'
message "the crossing's message names the text and the line" \
    'collide.svg:4: text "abc" at (10, 30) crosses line (0,25)-(200,25) (line 3)'
collide "a text across the right edge" 1 '<text x="180" y="30">abcdef</text>'
message "the edge's message names the text" 'text "abcdef" at (180, 30) crosses the canvas edge'
collide "a text across the top edge" 1 '<text x="10" y="8">abc</text>'
collide "a text over a filled bar of another group (inside it)" 1 \
    '<g><rect x="10" y="20" width="30" height="60" fill="#0072B2"/></g>' '<g><text x="12" y="50">0.5</text></g>'
collide "a text in a group nested in its bar's group" 1 \
    '<g><rect x="10" y="20" width="30" height="60" fill="#0072B2"/>' '<g><text x="12" y="50">0.5</text></g></g>'
collide "a text outside any group on a line outside any group" 1 \
    '<line x1="50" y1="0" x2="50" y2="100" stroke="#000"/>' '<text x="40" y="30">abc</text>'
collide "a rotated text (upwards) across a line it clears unrotated" 1 \
    '<g><line x1="0" y1="50" x2="200" y2="50" stroke="#000"/></g>' \
    '<text x="100" y="40" text-anchor="middle" transform="rotate(-90 100 40)">abcdef</text>'
collide "a text on a polyline" 1 '<g><polyline points="0,90 100,10 200,90" fill="none" stroke="#000"/></g>' \
    '<text x="90" y="30">abc</text>'
collide "a text on a dot" 1 '<g><circle cx="50" cy="50" r="8" fill="#000"/></g>' '<text x="40" y="55">abc</text>'
collide "a text on a polygon" 1 '<g><polygon points="20,40 60,40 40,70" fill="#D55E00"/></g>' \
    '<text x="30" y="55">ab</text>'
# A long attribute is read whole: a polyline of 900 points (over 4 KB of points) whose last segment alone crosses
# the text; and one longer than the checker reads (64 KB) is refused, never cut.
long_points=$(awk 'BEGIN { for (i = 0; i < 899; i++) printf "%d.25,95.25 ", i % 150; printf "180,0" }')
collide "a text on the end of a long polyline" 1 \
    "<g><polyline points=\"$long_points\" fill=\"none\" stroke=\"#000\"/></g>" '<text x="150" y="30">abc</text>'
collide "an attribute longer than the checker reads" 1 \
    "<g><polyline points=\"$(awk 'BEGIN { for (i = 0; i < 7000; i++) printf "10.25,95.25 " }')\"/></g>"
message "the long attribute's message" "an attribute value longer than this checker reads (65535 bytes)"
collide "a transform the checker does not follow" 1 '<g transform="translate(10 0)"><text x="10" y="30">a</text></g>'
collide "a bar and its labels in one group" 0 '<g><rect x="10" y="40" width="30" height="60" fill="#0072B2"/>' \
    '<text x="25" y="38" text-anchor="middle">0.5</text>' \
    '<text x="25" y="60" text-anchor="middle" fill="#FFF">0.5</text></g>'
collide "a label over a grid line" 0 '<g class="grid"><line x1="0" y1="25" x2="200" y2="25" stroke="#E4E4E4"/></g>' \
    '<text x="10" y="30">abc</text>'
collide "a text inside its own box's group" 0 \
    '<g><rect x="10" y="10" width="100" height="34" fill="#FFF" stroke="#000"/>' \
    '<text x="60" y="32" text-anchor="middle">logits</text></g>'
collide "a rotated text (upwards) beside a line it would cross unrotated" 0 \
    '<g><line x1="60" y1="0" x2="60" y2="100" stroke="#000"/></g>' \
    '<text x="40" y="50" text-anchor="middle" transform="rotate(-90 40 50)">abcdefgh</text>'
collide "texts that touch, one above the other and side by side" 0 \
    '<text x="10" y="30">abc</text><text x="10" y="44">abc</text>' \
    '<text x="10" y="70">ab</text><text x="26.8" y="70">cd</text>'
collide "a text inside an unfilled frame of another group" 0 \
    '<g><rect x="5" y="5" width="190" height="90" fill="none" stroke="#000"/></g>' \
    '<text x="20" y="50">inside a frame</text>'
collide "a text inside an unfilled ring of another group" 0 \
    '<g><circle cx="100" cy="50" r="45" fill="none" stroke="#000"/></g>' \
    '<text x="100" y="55" text-anchor="middle">ab</text>'
collide "a font-size inherited from a group (7 px: it clears the line)" 0 \
    '<g font-size="7"><text x="10" y="30">abcdefghij</text></g>' \
    '<g><line x1="60" y1="0" x2="60" y2="100" stroke="#000"/></g>'
collide "a character is a UTF-8 sequence, not a byte (3 x 8.4 px clear the line)" 0 \
    "<text x=\"10\" y=\"30\">$(printf '\303\251\303\251\303\251')</text>" \
    '<g><line x1="36" y1="0" x2="36" y2="100" stroke="#000"/></g>'
collide "the same text at 14 px crosses the line" 1 \
    '<text x="10" y="30">abcdefghij</text>' '<g><line x1="60" y1="0" x2="60" y2="100" stroke="#000"/></g>'
expect "--xml skips the collision check" 0 "$check" --xml "$tmp/collide.svg"
# A flag with no file after it: what is missing, and the usage (exit 2), never "cannot read --colours".
expect "svg_check --colours with no file" 2 "$check" --colours
message "svg_check --colours with no file says what is missing" "svg_check: --colours needs a FILE after it"
message "svg_check --colours with no file gives the usage" "usage: svg_check [--xml | --data | --colours] FILE"

# 1c. The colours' check (svg_check --colours FILE): every fill and stroke is a colour of the palette
# (lib/picture/palette.c), every text is in a text shade of it, and every text reaches 4.5:1 against what it sits on
# (WCAG 2). Small pictures built to fail and to pass, as in 1b; contrasts worked out by hand from WCAG's luminance.
colours() {     # colours WHAT WANT LINE...: a picture of these lines (from its line 3); svg_check --colours: WANT
    what=$1
    want=$2
    shift 2
    { echo '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" font-size="14" fill="#222222">'
      echo '<rect x="0" y="0" width="200" height="100" fill="#FFFFFF"/>'
      printf '%s\n' "$@" '</svg>'; } >"$tmp/colours.svg"
    expect "$what" "$want" "$check" --colours "$tmp/colours.svg"
}
colours "ink, muted and blue text on white, a bar of each meaning" 0 '<text x="10" y="20">ink</text>' \
    '<text x="10" y="40" fill="#595959">muted</text>' '<text x="10" y="60" fill="#0072B2">after</text>' \
    '<rect x="100" y="10" width="20" height="80" fill="#56B4E9"/>' \
    '<rect x="130" y="10" width="20" height="80" fill="none" stroke="#808080"/>'
colours "the old grey of a ?stage (#A6A6A6, 2.4:1 on white) as text" 1 \
    '<text x="10" y="20" fill="#A6A6A6">?stage</text>'
message "the message names the text and its colour" \
    'text "?stage" at (10, 20) is in #A6A6A6, no text shade of the palette'
colours "the disabled grey's text shade (#6F6F6F, 5.0:1 on white)" 0 '<text x="10" y="20" fill="#6F6F6F">?stage</text>'
colours "sky blue (before) as text: a fill colour, 2.3:1 on white" 1 '<text x="10" y="20" fill="#56B4E9">0.534</text>'
colours "before's text shade (#387597)" 0 '<text x="10" y="20" fill="#387597">0.534</text>'
colours "white on sky blue (2.3:1), in its bar's group" 1 \
    '<g><rect x="10" y="10" width="100" height="40" fill="#56B4E9"/><text x="20" y="35" fill="#FFFFFF">cat</text></g>'
message "the message gives the contrast and both colours" 'has contrast 2.31:1 (#FFFFFF on #56B4E9), below 4.5:1'
colours "white on blue (5.2:1)" 0 \
    '<g><rect x="10" y="10" width="100" height="40" fill="#0072B2"/><text x="20" y="35" fill="#FFFFFF">cat</text></g>'
colours "ink on blue (3.1:1)" 1 \
    '<g><rect x="10" y="10" width="100" height="40" fill="#0072B2"/><text x="20" y="35">cat</text></g>'
colours "muted on the shaded range (5.9:1), a rect of a grid group" 0 \
    '<g class="grid"><rect x="10" y="10" width="100" height="40" fill="#EBEBEB"/></g>' \
    '<text x="20" y="35" fill="#595959">xtc</text>'
colours "a text beside a bar, not on it: against the white" 0 \
    '<rect x="10" y="10" width="20" height="80" fill="#0072B2"/><text x="40" y="35">ink</text>'
colours "a text on a bar drawn after it is not on it (it would hide the text: a collision)" 0 \
    '<text x="20" y="35">ink</text><rect x="10" y="10" width="100" height="40" fill="#332288"/>'
colours "a fill outside the palette" 1 '<rect x="10" y="10" width="20" height="80" fill="#123456"/>'
message "the message names the element and its colour" '<rect> fill="#123456" is no colour of the palette'
colours "a stroke outside the palette (pure black)" 1 '<line x1="0" y1="5" x2="200" y2="5" stroke="#000"/>'
colours "a palette colour in #RGB and lower case (#fff, white)" 0 '<line x1="0" y1="5" x2="200" y2="5" stroke="#fff"/>'
colours "a series colour (olive) as a line, its text shade as text" 0 \
    '<line x1="0" y1="5" x2="200" y2="5" stroke="#999933"/>' '<text x="10" y="30" fill="#717126">tau 2.0</text>'
colours "a series colour as text (3.0:1)" 1 '<text x="10" y="30" fill="#999933">tau 2.0</text>'
colours "a text inheriting its group's colour" 1 '<g fill="#E69F00"><text x="10" y="30">draws</text></g>'
# A legend names only what the picture draws: a key (<g class="key">) whose colour no shape outside the legends has,
# or a sample text whose colour no other text has, fails.
colours "a legend's key of a colour the picture draws" 0 \
    '<g class="key"><rect x="10" y="10" width="16" height="12" fill="#009E73"/><text x="30" y="21">naive</text></g>' \
    '<rect x="100" y="40" width="20" height="50" fill="#009E73"/>'
colours "a legend's key of a colour the picture draws nowhere else" 1 \
    '<g class="key"><rect x="10" y="10" width="16" height="12" fill="#009E73"/><text x="30" y="21">naive</text></g>' \
    '<rect x="100" y="40" width="20" height="50" fill="#0072B2"/>'
message "the message names the key's colour" "a legend's rect #009E73 is drawn nowhere else in the picture"
colours "a legend's dashed key whose stroke a ghost has" 0 \
    '<g class="key"><rect x="10" y="10" width="16" height="12" fill="none" stroke="#808080"/></g>' \
    '<rect x="100" y="40" width="20" height="50" fill="none" stroke="#808080"/>'
colours "a legend's sample text in a colour no other text has" 1 \
    '<g class="key"><text x="10" y="20" fill="#6F6F6F">?setting</text></g>' '<text x="10" y="60">top_k 40</text>'
colours "a legend's sample text in the colour of a setting it names" 0 \
    '<g class="key"><text x="10" y="20" fill="#6F6F6F">?setting</text></g>' \
    '<text x="10" y="60" fill="#6F6F6F">?top_k 0</text>'

# 2. The values each table prints, as "series<TAB>label<TAB>the table's text", from expected/NN.txt alone (or from
# the file $2: a table an edited lesson printed).
want_values() {
    case "$1" in
    01_*) awk 'NR > 1 { print "logit\t" $1 "\t" $3; print "after\t" $1 "\t" $4; print "naive-after\t" $1 "\t" $5
                        print "p before\t" $1 "\t" $6; print "p after\t" $1 "\t" $7; print "p naive\t" $1 "\t" $8 }' ;;
    02_*) awk 'NR > 1 { print "count\t" $1 "\t" $2; print "logit\t" $1 "\t" $3; print "after\t" $1 "\t" $4
                        print "p before\t" $1 "\t" $5; print "p after\t" $1 "\t" $6 }' ;;
    03_*) awk 'NR > 1 { print "count\t" $1 "\t" $2; print "logit\t" $1 "\t" $4; print "after\t" $1 "\t" $5
                        if ($3 != "0.00") print "subtracted\t" $1 "\t" $3     # an arrow only where a logit moved
                        print "p before\t" $1 "\t" $6; print "p after\t" $1 "\t" $7 }' ;;
    04_*) awk 'NR == 1 { n = NF - 2; for (i = 3; i <= NF; i++) word[i - 2] = $i; next }
               { label = $1; for (i = 2; i <= NF - n; i++) label = label " " $i
                 for (i = 1; i <= n; i++) print label "\t" word[i] "\t" $(NF - n + i) }' ;;
    05_*) awk '{ p = $3; w = $5; sub(/,$/, "", p); sub(/:$/, "", w); key = "penalty " p ", window " w
                 print $6 "\t" key "\t" $7; print $8 "\t" key "\t" $9; print $10 "\t" key "\t" $11 }' ;;
    06_*) awk '{ print "before\t" $1 "\t" $3; print "after\t" $1 "\t" $5 }' ;;
    07_*) awk 'NR == 1 { print "entropy\tnats\t" $2; next }
               /^limit / { split($0, f, " "); limit = f[2]; sub(/:$/, "", limit)
                 for (m = 0; m < 2; m++) {
                     what = m == 0 ? "typical" : "top-p"; s = $0; sub("^.*" what " keeps \\[", "", s); sub(/\].*$/, "", s)
                     k = split(s, kept, " "); for (w in words) place[w] = 0; for (i = 1; i <= k; i++) place[kept[i]] = i
                     for (w in words) print what ", limit " limit "\t" w "\t" place[w] } next }
               { words[$1] = 1; print "surprise\t" $1 "\t" $5 }' ;;
    08_*) awk '/ step [0-9]+:/ { step = $4; sub(/:$/, "", step); print "tau\ttau " $2 "\t" $2
                 print "surprise, tau " $2 "\tstep " step "\t" $9; print "mu, tau " $2 "\t" step + 1 "\t" $NF
                 print "kept, tau " $2 "\tstep " step "\t" $6; print "mu now, tau " $2 "\tstep " step "\t" $NF }
               /average surprise over/ { tau = $2; sub(/:$/, "", tau); print "average surprise\ttau " tau "\t" $(NF - 1) }
               /^plain sampling/ { print "average surprise\tplain sampling\t" $(NF - 1) }' ;;
    09_*) awk '/^history: / { for (i = 2; i <= NF; i++) print "history\t" (i - 2) "\t" $i }
               /^candidate / { print "candidate\t" $2 "\t" $NF; print "repeat length\t" $2 "\t" $7 }
               /^penalty by repeat length/ { s = $0; sub(/^.*\[/, "", s); sub(/\]$/, "", s); k = split(s, pair, ", ")
                 for (i = 1; i <= k; i++) { split(pair[i], lv, " -> "); print "penalty by repeat length\t" lv[1] "\t" lv[2] } }' ;;
    10_*) awk '/t=[0-9.]+[,)]/ { t = $0; sub(/^.*t=/, "", t); sub(/[,)].*$/, "", t); print "xtc_threshold\tp\t" t }
               /^share of draws/ { s = $0; sub(/^share of draws that pick the top token, /, "", s); label = s; sub(/: [^:]*$/, "", label)
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
    esac <"${2:-expected/$1.txt}"
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
    # The collision check: svg_check names each collision.
    if "$check" "$tmp/$name.svg" >"$tmp/$name.collisions" 2>&1; then
        passed=$((passed + 1))
    else
        bad "$name: texts collide in the picture:"
        sed 's/^/    /' "$tmp/$name.collisions"
    fi
    if "$check" --colours "$tmp/$name.svg" >"$tmp/$name.colours" 2>&1; then
        passed=$((passed + 1))
    else
        bad "$name: a colour of the picture is not the palette's, or a text lacks contrast:"
        sed 's/^/    /' "$tmp/$name.colours"
    fi
    want_values "$name" >"$tmp/$name.want"
    if compare_values "$tmp/$name.want" "$tmp/$name.data" >"$tmp/$name.diff"; then
        passed=$((passed + 1))
    else
        bad "$name: the picture does not draw the table's values:"
        cat "$tmp/$name.diff"
    fi
done

# 2b. Examples 1 to 3's arrows, from the tables: Example 1 says "wrong way" (up or down) where the naive rule moves a
# logit opposite to llama.cpp's rule (dog and ran) and nowhere else; its count is above 0 exactly where the table
# says "seen"; Examples 2 and 3 draw no "wrong way" (no naive rule).
awk 'NR > 1 && ($5 > $3) != ($4 > $3) && $5 != $3 && $4 != $3 {
         print "wrong way\t" $1 "\t" ($5 > $3 ? "up" : "down") }' expected/01_repeat_penalty.txt >"$tmp/01.wrong"
grep '^wrong way' "$tmp/01_repeat_penalty.data" | cut -f 1-3 >"$tmp/01.drawn-wrong"
if [ "$(wc -l <"$tmp/01.wrong")" -eq 2 ] && cmp -s "$tmp/01.wrong" "$tmp/01.drawn-wrong"; then
    passed=$((passed + 1))
else
    bad "01_repeat_penalty: the picture's \"wrong way\" labels are not the table's (dog and ran, up):"
    cat "$tmp/01.drawn-wrong"
fi
if awk -F '\t' 'NR == FNR { if ($1 == "count") count[$2] = $3; next }
        FNR > 1 { split($0, f, " ")
                  if ((count[f[1]] > 0) != (f[2] == "yes")) {
                      print "    " f[1] ": seen " f[2] ", count " count[f[1]]; bad++ } }
        END { exit bad > 0 }' "$tmp/01_repeat_penalty.data" expected/01_repeat_penalty.txt >"$tmp/01.seen"; then
    passed=$((passed + 1))
else
    bad "01_repeat_penalty: a count drawn disagrees with the table's seen column:"
    cat "$tmp/01.seen"
fi
for name in 02_presence_penalty 03_frequency_penalty; do
    if grep -q '^wrong way' "$tmp/$name.data"; then bad "$name: draws a \"wrong way\" with no naive rule"
    else passed=$((passed + 1)); fi
done

# 2c. Examples 1 to 6 after a student's edit: an edited copy of the lesson, built against the library's archives in
# $build as lib/test/test_edits.sh builds one, must still draw a picture that svg_check passes and whose words are
# true. penalty_picture NN SED NAME builds lessons/NN_*.c edited by the sed substitution SED and writes
# $tmp/NAME.svg, NAME.data (svg_check --data) and NAME.words (its texts, one a line); false after a failure.
edit_cc=${CC:-cc}
edit_flags=${EDIT_CFLAGS:--std=c11 -pedantic-errors -ffp-contract=off -Ilib -O2}
edit_ldflags=${EDIT_LDFLAGS:-}
# Run by hand (no EDIT_CFLAGS from make), a sanitizer tree's objects need the sanitizer at the link too.
if [ -z "${EDIT_CFLAGS:-}" ] && grep -q __asan_ "$build/lib/candidates.o" 2>/dev/null; then   # make sanitize's tree
    edit_flags="$edit_flags -fsanitize=address,undefined"
    edit_ldflags="$edit_ldflags -fsanitize=address,undefined"
fi
edit_objects="$build/lib/libpicture.a $build/lib/liblesson.a $build/lib/libcore.a"
picture_words() {   # picture_words SVG: the picture's texts, one a line, entities decoded
    grep -o '<text[^>]*>[^<]*</text>' "$1" | sed -e 's/<[^>]*>//g' -e 's/&lt;/</g' -e 's/&gt;/>/g' \
        -e 's/&quot;/"/g' -e "s/&apos;/'/g" -e 's/&amp;/\&/g'
}
# build_edited NN SED NAME: lessons/NN_*.c edited by the sed substitution SED, under its own name in
# $tmp/NAME/ (so that its messages and the lines it looks up are the lesson's), built and run with a picture:
# $tmp/NAME (the program), NAME.svg, NAME.txt, NAME.err; false after a failure, which it counts.
build_edited() {
    src=$(ls lessons/"$1"_*.c)
    mkdir -p "$tmp/$3"
    copy=$tmp/$3/${src##*/}
    sed "$2" "$src" >"$copy"
    if cmp -s "$src" "$copy"; then bad "$3: the edit '$2' changes nothing"; return 1; fi
    if ! $edit_cc $edit_flags -Ilessons -c -o "$tmp/$3.o" "$copy" >"$tmp/$3.build" 2>&1 \
        || ! $edit_cc $edit_ldflags -o "$tmp/$3.bin" "$tmp/$3.o" $edit_objects -lm >>"$tmp/$3.build" 2>&1; then
        bad "$3: lessons/$1 with '$2' does not build:"; sed 's/^/    /' "$tmp/$3.build"; return 1
    fi
    if ! LESSON_PICTURE=$tmp/$3.svg "$tmp/$3.bin" >"$tmp/$3.txt" 2>"$tmp/$3.err"; then
        bad "$3: lessons/$1 with '$2' fails:"; sed 's/^/    /' "$tmp/$3.err"; return 1
    fi
}
# penalty_picture NN SED NAME: build_edited, then svg_check passes the picture; NAME.data and NAME.words.
penalty_picture() {
    build_edited "$@" || return 1
    if "$check" "$tmp/$3.svg" >"$tmp/$3.collisions" 2>&1; then passed=$((passed + 1))
    else bad "$3: texts collide in the picture of lessons/$1 with '$2':"; sed 's/^/    /' "$tmp/$3.collisions"; fi
    if "$check" --colours "$tmp/$3.svg" >"$tmp/$3.colours" 2>&1; then passed=$((passed + 1))
    else bad "$3: the colours of the picture of lessons/$1 with '$2':"; sed 's/^/    /' "$tmp/$3.colours"; fi
    "$check" --data "$tmp/$3.svg" >"$tmp/$3.data" 2>&1
    picture_words "$tmp/$3.svg" >"$tmp/$3.words"
}
says() {    # says NAME TEXT: NAME's picture says TEXT (its texts joined by spaces: a wrapped sentence is one)
    if tr '\n' ' ' <"$tmp/$1.words" | grep -qF -- "$2"; then passed=$((passed + 1))
    else bad "$1: the picture does not say '$2'"; fi
}
never_says() {  # never_says NAME TEXT: no text of NAME's picture holds TEXT
    if grep -qF -- "$2" "$tmp/$1.words"; then
        bad "$1: the picture says '$2':"; grep -F -- "$2" "$tmp/$1.words" | sed 's/^/    /'
    else
        passed=$((passed + 1))
    fi
}
# Examples 1 to 3 with all three penalties set: the title names them all and still fits (svg_check: the edge).
penalty_picture 01 's/\.penalty_repeat = 1\.5}/.penalty_repeat = 1.3, .penalty_freq = 0.25, .penalty_present = 0.1}/' \
    01-three && says 01-three "The repetition penalty 1.3, the frequency penalty 0.25 and the presence penalty 0.1,"
penalty_picture 02 's/1\.0, \.penalty_present = 0\.7}/1.3, .penalty_present = 0.7, .penalty_freq = 0.25}/' 02-three
# The rule's formulas stay whole on one line (joined by no-break spaces), and a negative penalty is "added", with its
# size, never "count x -0.5 is subtracted".
nbsp=$(printf '\302\240')
# A word too long for its place is cut with "...", never to a shorter word that reads as another.
penalty_picture 05 's/"total"/"totalisticallyextraordinarilylongidentifier"/g' 05-long && {
    says 05-long "P(totalisticallyextraordinari...)"
    if grep -o 'P([^)]*)' "$tmp/05-long.words" | grep -v '\.\.\.)$' | grep -q '^P(totalistically' \
       && ! grep -qF 'P(totalisticallyextraordinarilylongidentifier)' "$tmp/05-long.words"; then
        bad "05-long: a word is cut without \"...\":"; grep -o 'P([^)]*)' "$tmp/05-long.words" | sed 's/^/    /'
    else passed=$((passed + 1)); fi
}
penalty_picture 01 's/\.penalty_repeat = 1\.5}/.penalty_repeat = 1.5, .penalty_freq = 0.5}/' 01-freq && {
    if grep -qF "a logit$nbsp>${nbsp}0 is divided by${nbsp}1.5" "$tmp/01-freq.words" \
        && grep -qF "count$nbsp×${nbsp}0.5 is subtracted" "$tmp/01-freq.words"; then passed=$((passed + 1))
    else bad "01-freq: a formula of the rule is broken across lines:"; grep -F 'rule' "$tmp/01-freq.words"; fi
}
penalty_picture 03 's/\.penalty_freq = 0\.5}/.penalty_freq = -0.5}/' 03-negative && {
    says 03-negative "count$nbsp×${nbsp}0.5 is added."
    never_says 03-negative "-0.5 is subtracted"
}
penalty_picture 03 's/1\.0, \.penalty_freq = 0\.5}/1.3, .penalty_freq = 0.5, .penalty_present = 0.25}/' 03-three

# Whether llama.cpp builds the penalties stage empty ("?penalties") is decided from its parameters alone: with no
# history the stage runs and finds nothing to penalize; with a window of 0 it is built empty.
penalty_picture 01 's/history_text\[\] = "the dog ran"/history_text[] = ""/' 01-no-history && {
    never_says 01-no-history "?penalties"
    never_says 01-no-history "turns the penalties off"
    says 01-no-history "The history is empty, so no token is in the window: the stage runs and changes no logit."
}
# An empty history under the whole-history window (INT32_MAX): the row says it is empty, and the window is words,
# never the raw number.
penalty_picture 02 's/history_text\[\] = "the the the cat dog"/history_text[] = ""/' 02-no-history && {
    says 02-no-history "history, oldest first: none yet: no token generated"
    says 02-no-history "window: the whole history, which is empty: no token counts"
    never_says 02-no-history "2147483647"
}
penalty_picture 01 's/penalty_last_n = 64/penalty_last_n = 0/' 01-window-0 \
    && says 01-window-0 "A window of 0: llama.cpp builds the penalties stage empty (\"?penalties\"), which changes no"

# A 70-token history under a 64-token window: the row leaves out the oldest tokens, and tells apart the 6 the window
# does not count ("... 6 older") and the ones it counts but the row leaves out ("... N more", where its bracket starts).
history70=$(awk 'BEGIN { split("the cat sat mat dog ran", w); for (i = 0; i < 70; i++) printf "%s ", w[i % 6 + 1] }')
penalty_picture 01 "s/history_text\[\] = \"the dog ran\"/history_text[] = \"$history70\"/" 01-history-70 && {
    says 01-history-70 "... 6 older ... "
    says 01-history-70 "window 64: the last 64 tokens"
}

# Example 4 with no neutral row ("none" set to a repeat penalty of 1.1): a token is marked penalized where its row's
# setting changed its logit from the lesson's, whatever the other rows are. Every row changes the, cat and dog (the
# history's tokens) and no other: 5 x 3 marks, and the legend's.
penalty_picture 04 's/{"none",  *{64, 1\.0,/{"none", {64, 1.1,/' 04-no-none && {
    marks=$(grep -c '<polygon[^>]*fill="#D55E00"' "$tmp/04-no-none.svg")
    if [ "$marks" -eq 16 ]; then passed=$((passed + 1)); else bad "04-no-none: $marks marks, not 15 and the key's"; fi
}

# Example 6's log panel: p = 0 has no logarithm, so the banned "the" is no bar (no tall ghost on a log axis) but words
# at the floor, which is named. With a bias of +inf on "cat" added, cat takes all the probability: the others' p = 0
# is that, not an underflow (in words by each empty bar, not "0.0000"), and cat's bar (log10 1 = 0) stands over the
# floor.
picture_words "$tmp/06_logit_bias.svg" >"$tmp/06_logit_bias.words"
says 06_logit_bias "Bars rise from the plot's floor, log10 p = "
if grep -q '^log10 p after	the	-inf	text$' "$tmp/06_logit_bias.data"; then passed=$((passed + 1))
else bad "06_logit_bias: the banned \"the\" is drawn on the log axis as a shape, not as words at its floor"; fi
penalty_picture 06 's/    {"the", -INFINITY},/&{"cat", INFINITY},/' 06-plus-inf && {
    says 06-plus-inf "Logit bias: a ban gives p = 0, a bias of +inf takes all the probability"
    says 06-plus-inf "mat: bias 2, p after 0: cat at +inf takes all the probability"
    never_says 06-plus-inf "underflow"
    # the tokens at p = 0 beside it are not removed (their logits are finite): no ghost, and words, not "0.0000"
    says 06-plus-inf "0: +inf takes all"
    never_says 06-plus-inf "0.0000"
    height=$(grep -o '<rect[^>]*data-series="log10 p after" data-label="cat"' "$tmp/06-plus-inf.svg" \
             | sed -n 's/.* height="\([0-9.]*\)".*/\1/p')
    if awk -v h="${height:-0}" 'BEGIN { exit !(h > 20) }'; then passed=$((passed + 1))
    else bad "06-plus-inf: cat's p of 1 has no bar on the log axis (height '$height')"; fi
}

# A bias of -1000: exp underflows to 0 in double, and the bar says so (the token is not removed).
penalty_picture 06 's/{"dog", -100},/{"dog", -1000},/' 06-underflow && says 06-underflow "0: underflow"

# Examples 1 to 3 draw no dashed line (dashed is a removed token's ghost, and no token is removed: tokens tied after
# share a solid level), and their logit axis says what a logit is (not "log-odds").
for name in 01_repeat_penalty 02_presence_penalty 03_frequency_penalty; do
    if grep -q 'stroke-dasharray' "$tmp/$name.svg"; then bad "$name: draws a dashed line, and no token is removed"
    else passed=$((passed + 1)); fi
    picture_words "$tmp/$name.svg" >"$tmp/$name.words"
    says "$name" "logit (unnormalized log p, nats)"
done
# Example 3's ties (the, cat, sat; dog, ran): one line joins each tie's tokens, drawn under every level (so sat's and
# ran's sky-blue levels, at the tied logit, keep their colour), and one legend key lists both ties.
if awk '/stroke="#CC79A7"/ { last = NR } /data-series="logit"/ && !first { first = NR }
        END { exit !(first > 0 && last < first) }' "$tmp/03_frequency_penalty.svg"; then passed=$((passed + 1))
else bad "03_frequency_penalty: a tie's line is drawn over a level before (it tints that level)"; fi
says 03_frequency_penalty "a line joins tokens whose logits after are equal, so are their p after:"
says 03_frequency_penalty "the, cat, sat: logit 0.50, p 0.243; dog, ran: logit -1.00, p 0.054"

# Example 1's "wrong way" labels lie within the logit plot (as wide as its zero line) and off the zero line itself,
# the line where llama.cpp's rule turns from dividing to multiplying (a box as svg_check measures it, but 15% wider:
# the labels are bold, and bold is that much wider on screen). Coordinates are compared as numbers (+ 0).
if awk 'function attr(name) { if (!match($0, " " name "=\"[^\"]*\"")) return ""
                              return substr($0, RSTART + length(name) + 3, RLENGTH - length(name) - 4) }
        /data-series="zero line"/ { left = attr("x1") + 0; right = attr("x2") + 0; zero = attr("y1") + 0 }
        />wrong way</ { n++; x[n] = attr("x") + 0; y[n] = attr("y") + 0; w[n] = 0.6 * 1.15 * attr("font-size") * 9 }
        END { if (zero == "" || n != 2) { print "    no zero line, or not two \"wrong way\" labels"; exit 1 }
              for (i = 1; i <= n; i++) {
                  top = y[i] - 0.8 * 11; bottom = y[i] + 0.2 * 11
                  if (x[i] - w[i] / 2 < left || x[i] + w[i] / 2 > right || (bottom > zero - 2 && top < zero + 2)) {
                      print "    \"wrong way\" at (" x[i] ", " y[i] "): plot " left ".." right ", zero at " zero
                      bad++ } }
              exit bad > 0 }' "$tmp/01_repeat_penalty.svg" >"$tmp/01.wrong-place"; then
    passed=$((passed + 1))
else
    bad "01_repeat_penalty: a \"wrong way\" label leaves the plot or lies on its zero line:"; cat "$tmp/01.wrong-place"
fi
# ... and each sits in one place by its arrow's change label (the text drawn just before it): on the same side, the
# same number of px above or below (dog's up arrow ends under the zero line, so "beyond" its label is taken there).
if awk 'function attr(name) { if (!match($0, " " name "=\"[^\"]*\"")) return ""
                              return substr($0, RSTART + length(name) + 3, RLENGTH - length(name) - 4) }
        />wrong way</ { place = (attr("x") + 0 > lx ? "right" : "left") " " (attr("y") - ly); print place
                        if (n++ && place != first) bad = 1; first = n == 1 ? place : first }
        /<text/ { lx = attr("x") + 0; ly = attr("y") + 0 }
        END { exit bad || n != 2 }' "$tmp/01_repeat_penalty.svg" >"$tmp/01.wrong-places"; then
    passed=$((passed + 1))
else
    bad "01_repeat_penalty: the \"wrong way\" labels sit in different places by their change labels:"
    sed 's/^/    /' "$tmp/01.wrong-places"
fi

# 2d. Examples 7 to 10 after a student's edit: a copy of the lesson edited by one sed substitution, built against
# the library's objects (as lib/test/test_edits.sh builds them; CC, EDIT_CFLAGS and EDIT_LDFLAGS as there), must
# exit 0, pass svg_check (no collision) and say or draw what the edited settings do.
edited_picture() {  # edited_picture NN SED NAME: lessons/NN_*.c edited by SED draws $tmp/NAME.svg (penalty_picture)
    penalty_picture "$@"
}
says() {    # says FILE TEXT WHAT: the picture FILE holds TEXT (a text or an attribute's value, XML-escaped)
    if grep -qF -- "$2" "$1"; then passed=$((passed + 1)); else bad "$3: no '$2' in $(basename "$1")"; fi
}
says_not() {    # says_not FILE TEXT WHAT: the picture FILE does not hold TEXT
    if grep -qF -- "$2" "$1"; then bad "$3: '$2' in $(basename "$1")"; else passed=$((passed + 1)); fi
}
# Example 7: the x axis is named; at a limit of 1 typical and top-p are off in llama.cpp, drawn as "?typical" and
# "?top-p" rows of disabled cells (a dotted outline, svg_disabled_style), and the title says so when typical is
# off at every limit.
says "$tmp/07_typical.svg" '>token, and its p</text>' "07's x axis"
if edited_picture 07 's/{0\.45, 0\.85}/{0.45, 0.85, 1.0, 0.05}/' e07; then
    says "$tmp/e07.svg" '>?typical, limit 1.00</text>' "07 at a limit of 1"
    says "$tmp/e07.svg" '>?top-p, limit 1.00</text>' "07 at a limit of 1"
    says "$tmp/e07.svg" 'data-series="typical, limit 1.00" data-label="mat" data-value="4"' "07 at a limit of 1"
    if grep 'data-series="typical, limit 1.00"' "$tmp/e07.svg" | grep -vq 'stroke="#A6A6A6" stroke-dasharray='; then
        bad "07 at a limit of 1: a cell of ?typical is not in the disabled style"
    else passed=$((passed + 1)); fi
    says "$tmp/e07.svg" '>Typical keeps the tokens whose surprise is closest to the entropy</text>' "07's title"
fi
if edited_picture 07 's/{0\.45, 0\.85}/{1.0, 1.5}/' e07off; then
    says "$tmp/e07off.svg" '>Typical sampling is off at every limit here: each is 1 or more<' "07 off at every limit"
fi
# Example 7 with four equal p: every token is as far from the entropy as every other, so each cut meets a tie, and
# which tied tokens llama.cpp keeps, and in what order, is unspecified (its sort is not stable): a note on stderr
# says so for each cut and limit, and the picture marks the tied cells "tie" and says it under them. The labels of
# the dots, which sit on the entropy line, stay 5 px clear of it (their descenders too: 0.25 of the size); the
# entropy line is not vermillion (the mark's colour).
if edited_picture 07 's/{0\.4, 0\.3, 0\.2, 0\.1}/{0.25, 0.25, 0.25, 0.25}/' e07tie; then
    for note in 'limit 0.45: typical keeps 2 of the 4 tokens tied in their distance from the entropy (the, cat,' \
                'limit 0.45: top-p keeps 2 of the 4 tokens tied in p (the, cat, sat, mat: p 0.25): which tied' \
                'limit 0.85: typical keeps the tokens tied in their distance from the entropy (the, cat, sat,' \
                'limit 0.85: top-p keeps the tokens tied in p (the, cat, sat, mat: p 0.25) in an order llama.cpp'; do
        if notes "$tmp/e07tie.err" | grep -qF "07_typical: note: $note"; then passed=$((passed + 1))
        else bad "07 with four equal p: no note '$note' on stderr:"; sed 's/^/    /' "$tmp/e07tie.err"; fi
    done
    if [ "$(grep -c '>tie</text>' "$tmp/e07tie.svg")" -eq 16 ]; then passed=$((passed + 1))
    else bad "07 with four equal p: not every one of the 16 cells says tie"; fi
    unspecified='which tied tokens llama.cpp keeps, and in what order, is unspecified (its sort is not stable): this'
    if tr '\n' ' ' <"$tmp/e07tie.words" | grep -qF "$unspecified workbench takes them in their order in probs[]"; then
        passed=$((passed + 1))
    else bad "07 with four equal p: the picture does not say what llama.cpp leaves unspecified"; fi
    if awk -F'"' '/data-series="entropy"/ { for (i = 1; i < NF; i++) if ($i ~ / y1=$/) ey = $(i + 1) }
                  /<text / && (/ away<\/text>/ || /fill="#0072B2">[0-9.]*<\/text>/) {
                      for (i = 1; i < NF; i++) {
                          if ($i ~ / y=$/) y = $(i + 1)
                          if ($i ~ / font-size=$/) size = $(i + 1)
                      }
                      if (y + 0.25 * size > ey - 4.9 && y - 0.8 * size < ey + 4.9) { print "    " $0; bad = 1 } }
                  END { exit bad }' "$tmp/e07tie.svg" >"$tmp/e07tie.near"; then
        passed=$((passed + 1))
    else bad "07 with four equal p: a dot's label lies within 5 px of the entropy line:"; cat "$tmp/e07tie.near"; fi
    says_not "$tmp/e07tie.svg" '#D55E00' "07 with four equal p: vermillion (the mark's colour) with no mark"
fi
# Example 7's stopping token follows an edit: with other p and limits, each cut's running total stops at the last
# token the edited table says it keeps ("stops at", read back from the picture), and says how many of the four it
# keeps; the default picture's cuts stop where the lesson's table says.
stops() {   # stops WHAT TABLE DATA: each cut of TABLE (07's) stops in DATA (svg_check --data) at its last token kept
    awk -F '\t' 'NR == FNR { if ($1 == "stops at") at[$2] = $3; next }
        /^limit / { split($0, f, " "); limit = f[2]; sub(/:$/, "", limit)
            for (m = 0; m < 2; m++) {
                what = m == 0 ? "typical" : "top-p"; s = $0; sub("^.*" what " keeps \\[", "", s); sub(/\].*$/, "", s)
                k = split(s, kept, " "); key = what ", limit " limit; n++
                if (at[key] != kept[k]) { print "    " key ": the table keeps [" s "], the picture stops at " at[key]
                                          bad = 1 } } }
        END { exit bad || n == 0 }' "$3" "$2" >"$tmp/stops.diff"
    if [ $? -eq 0 ]; then passed=$((passed + 1)); else bad "$1: a cut stops elsewhere than the table says:"
        cat "$tmp/stops.diff"; fi
}
stops 07_typical expected/07_typical.txt "$tmp/07_typical.data"
if edited_picture 07 's/{0\.4, 0\.3, 0\.2, 0\.1}/{0.5, 0.2, 0.2, 0.1}/; s/{0\.45, 0\.85}/{0.3, 0.6, 0.75}/' e07stop; then
    stops "07 with p 0.5 0.2 0.2 0.1 and limits 0.3 0.6 0.75" "$tmp/e07stop.txt" "$tmp/e07stop.data"
    says "$tmp/e07stop.svg" '>stops at ' "07 with other limits"
fi
says_not "$tmp/07_typical.svg" '>tie</text>' "07: no tie, no tie mark"
says_not "$tmp/07_typical.svg" '#D55E00' "07: vermillion (the mark's colour) with no mark"
if notes "$tmp/07_typical.err" | grep -q '^07_typical: note: .*tied'; then bad "07: a tie note with no tie"
else passed=$((passed + 1)); fi

# Example 8: the subtitle says how the lesson cuts (in vocabulary order), each panel how often llama.cpp's sorted
# cut would keep more (the count the lesson's note prints) and how many steps it shows; each run's running average
# is one colour, in its panel and below; a tau the loop does not reach is said so, and its runaway mu clipped.
m08=$tmp/08_mirostat.svg
says "$m08" 'each step walks the tokens in vocabulary order, as the lesson&apos;s Java does' "08's subtitle"
says_not "$m08" 'cuts the tokens whose surprise exceeds mu' "08's subtitle"
says "$m08" '>step (the first 200 of 5000)</text>' "08's step axis"
for tau in 2.0 3.0; do
    rule="s/^08_mirostat: note: tau $tau: .* at \([0-9]*\) of its \([0-9]*\) steps the sorted cut .*/\1 of the \2/p"
    more=$(notes "$tmp/08_mirostat.err" | sed -n "$rule")
    says "$m08" ">at $more steps llama.cpp&apos;s cut, which sorts the tokens first, would keep more" "08's tau $tau"
    n=$(grep "data-series=\"running average, tau $tau\"" "$m08" | grep -o 'stroke="[^"]*"' | sort -u | wc -l)
    if [ "$(grep -c "data-series=\"running average, tau $tau\"" "$m08")" -eq 2 ] && [ "$n" -eq 1 ]; then
        passed=$((passed + 1))
    else bad "08: tau $tau's running average is not drawn twice (panel, averages) in one colour"; fi
done
# mu is drawn as each step's cut used it, before the step's update: 2 * tau at step 0 (section 2 reads the table's
# "mu now" of step k at step k + 1), and the subtitle moves mu by eta * (tau - surprise), which is up when the
# surprise is below tau. A surprise of 0 is a dot clear of the x axis (by more than its radius).
says "$m08" 'data-series="mu, tau 2.0" data-values="4 ' "08's mu at step 0: the cut step 0 used, 2 * tau"
moves='then moves mu by eta * (tau - surprise): down after a surprise above tau, up after one below'
if picture_words "$m08" | tr '\n' ' ' | grep -qF "$moves"; then passed=$((passed + 1)); else bad "08's subtitle does not say how mu moves, up or down"; fi
says_not "$m08" 'lowers mu' "08's subtitle (mu rises after a surprise below tau)"
if awk -F'"' '/<circle / && /data-series="surprise, tau / && /data-value="0"/ {
                  for (i = 1; i < NF; i++) { if ($i ~ / cy=$/) cy[++n] = $(i + 1); if ($i ~ / r=$/) r = $(i + 1) } }
              /<line x1="[0-9.]*" y1="[0-9.]*" x2="[0-9.]*" y2="[0-9.]*" fill="none" stroke="#222222"\/>/ {
                  if ($4 == $8 && $6 - $2 > 100) axis[++m] = $4 }
              END { for (i = 1; i <= n; i++) for (j = 1; j <= m; j++) bad += (cy[i] - axis[j]) ^ 2 < (r + 2) ^ 2
                    exit n == 0 || m == 0 || bad }' "$m08"; then
    passed=$((passed + 1))
else bad "08: a dot of surprise 0 lies on the x axis (or none was found)"; fi
if edited_picture 08 's/{2\.0, 3\.0}/{2.0, 3.0, 6.0}/' e08; then
    says_not "$tmp/e08.svg" 'steers the average surprise toward tau' "08 with tau 6's title"
    says "$tmp/e08.svg" '>tau 6.0 not reached: over its 5000 steps the surprise averages 4.95 bits, as plain sampling' \
        "08 with tau 6"
    says "$tmp/e08.svg" '>mu is above the scale from the start (the triangle): 12.0 at step 0, ' "08 with tau 6"
    says_not "$tmp/e08.svg" '>tau 2.0 not reached' "08 with tau 6"
    # A third tau's running average takes the next colour, never the mark's vermillion.
    says_not "$tmp/e08.svg" '#D55E00' "08 with a third tau: vermillion (the mark's colour) with no mark"
fi
# Example 8's first steps follow an edit: with eta 0.25 and six steps shown, the picture draws six columns per tau,
# each with the kept tokens, the surprise and the mu the edited table prints (read back as in section 2), and the
# entropy before the cut is the same at a step for every tau (each run draws the same distributions).
if edited_picture 08 's/^#define SHOWN_STEPS 4$/#define SHOWN_STEPS 6/; s/eta = 0\.1;/eta = 0.25;/' e08first; then
    want_values 08_mirostat "$tmp/e08first.txt" >"$tmp/e08first.want"
    if grep -q 'step 5' "$tmp/e08first.want" && compare_values "$tmp/e08first.want" "$tmp/e08first.data" \
        >"$tmp/e08first.diff"; then passed=$((passed + 1))
    else bad "08 with eta 0.25 and six steps: the first steps drawn are not the table's:"; cat "$tmp/e08first.diff"; fi
    if [ "$(grep -c '^kept, tau [0-9.]*	step ' "$tmp/e08first.data")" -eq 12 ]; then passed=$((passed + 1))
    else bad "08 with six steps shown: not 6 first steps for each of the 2 taus"; fi
    if awk -F '\t' '$1 ~ /^entropy before, / { if ($2 in h && h[$2] != $3) bad = 1; h[$2] = $3; n++ }
                    END { exit bad || n != 12 }' "$tmp/e08first.data"; then passed=$((passed + 1))
    else bad "08: the entropy before the cut differs between taus at one step (or is not drawn)"; fi
fi

# Example 9: a candidate that follows no token of the window (dog) has no repeat: no ring on the chart, whatever
# the penalty at length 0 (dry_allowed_length 0 makes it dry_multiplier); a parameter that turns DRY off is told
# apart from a history on which it finds nothing, and drawn as the disabled stage ?dry without the allowed length's
# step; tokens outside the window are faded, not in a dotted (disabled) box.
says "$tmp/09_dry.svg" '>no repeat: penalty 0.000</text>' "09's dog"
says "$tmp/09_dry.svg" '>not on the chart, with no repeat: dog</text>' "09's dog"
if edited_picture 09 's/\.dry_allowed_length = 2/.dry_allowed_length = 0/' e09; then
    says "$tmp/e09.svg" '>not on the chart, with no repeat: dog</text>' "09 with dry_allowed_length 0"
    says "$tmp/e09.svg" 'data-series="penalty by repeat length" data-label="0" data-value="0.8"' \
        "09 with dry_allowed_length 0"
fi
if edited_picture 09 's/\.dry_base = 1\.75/.dry_base = 0.5/' e09off; then
    says "$tmp/e09off.svg" '>DRY is off (?dry): it penalizes no token, on any history</text>' "09 with dry_base 0.5"
    says "$tmp/e09off.svg" '>?dry</text>' "09 with dry_base 0.5"
    says_not "$tmp/e09off.svg" 'on this history' "09 with dry_base 0.5"
    says_not "$tmp/e09off.svg" '>free</text>' "09 with dry_base 0.5"
    says_not "$tmp/e09off.svg" '>dry_allowed_length 2</text>' "09 with dry_base 0.5"
fi
# A longer history keeps the picture within 1,180 px: the rows leave out what does not fit, named ("... 4 older",
# "... 19 more"), and keep the runs the repeats need: with 22 dogs between the first "the cat sat on the mat" and
# the end, mat's earlier run (tokens 0 to 4) and where mat followed it (5) stay, as the newest tokens do.
width_at_most() {   # width_at_most NAME PX: the picture NAME.svg is at most PX wide
    w=$(sed -n 's/^<svg [^>]* width="\([0-9.]*\)".*/\1/p' "$tmp/$1.svg" | head -n 1)
    if awk -v w="$w" -v most="$2" 'BEGIN { exit !(w != "" && w <= most) }'; then passed=$((passed + 1))
    else bad "$1: the picture is $w px wide, more than $2"; fi
}
history9='"the cat sat on the mat \. the cat sat on the"'
mat7='the cat sat on the mat . '
if edited_picture 09 "s/$history9/\"${mat7}${mat7}the cat sat on the\"/" e09l19; then
    width_at_most e09l19 1180
    says "$tmp/e09l19.svg" '>... 4 older</text>' "09 with a history of 19 tokens"
fi
if edited_picture 09 "s/$history9/\"${mat7}${mat7}${mat7}${mat7}the cat sat on the\"/" e09l33; then
    width_at_most e09l33 1180
    says "$tmp/e09l33.svg" ' older</text>' "09 with a history of 33 tokens"
fi
dogs=$(printf 'dog %.0s' 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22)
if edited_picture 09 "s/$history9/\"${mat7}${dogs}. the cat sat on the\"/" e09gap; then
    width_at_most e09gap 1180
    says "$tmp/e09gap.svg" '>... 19 more</text>' "09 with 22 dogs in the history"
    for place in 0 4 5 25 34; do
        says "$tmp/e09gap.svg" "data-series=\"history\" data-label=\"$place\"" "09 with 22 dogs in the history"
    done
    says_not "$tmp/e09gap.svg" 'data-series="history" data-label="6"' "09 with 22 dogs in the history"
fi
if edited_picture 09 's/\.dry_penalty_last_n = INT32_MAX/.dry_penalty_last_n = 2/' e09w; then
    says "$tmp/e09w.svg" '>DRY finds nothing to penalize on this history</text>' "09 with a window of 2"
    says "$tmp/e09w.svg" '>faded, no box: outside DRY&apos;s window, dry_penalty_last_n 2</text>' \
        "09 with a window of 2"
    says_not "$tmp/e09w.svg" 'stroke-dasharray="1 3"' "09 with a window of 2 (a dotted box: disabled)"
fi

# Example 10: the x axis is named; under the tokens, those XTC removed say "removed" and the one its rule spared
# says why it is kept (the others, kept too, say nothing: no lone "kept"). A threshold above 0.5 turns XTC off
# (xtc_off): the title and the legend say the stage is off (?xtc), the application's bars stay solid (every token is
# kept: a faint outline would read as removed), and the shares' row the table calls "on" is named ?xtc, off.
says "$tmp/10_xtc.svg" '>token, as probs[] lists them</text>' "10's x axis"
says "$tmp/10_xtc.svg" '>kept: the least likely</text>' "10's spared token"
says "$tmp/10_xtc.svg" '>at or above 0.1</text>' "10's spared token"
says_not "$tmp/10_xtc.svg" '>kept</text>' "10: a lone \"kept\" under one of the kept tokens"
if [ "$(grep -c '>removed</text>' "$tmp/10_xtc.svg")" -eq 2 ]; then passed=$((passed + 1))
else bad "10: not exactly the two removed tokens say removed"; fi
if edited_picture 10 's/xtc_threshold = 0\.1;/xtc_threshold = 0.6;/' e10; then
    says "$tmp/e10.svg" '>XTC (p=1, t=0.6) is off (?xtc): it removes nothing</text>' "10 with xtc_threshold 0.6"
    says "$tmp/e10.svg" '>?xtc: XTC (p=1, t=0.6) is off, and removes nothing</text>' "10 with xtc_threshold 0.6"
    says "$tmp/e10.svg" '>?xtc at 50%: off</text>' "10 with xtc_threshold 0.6"
    n=$(grep -c '<rect [^>]*fill="#0072B2"[^>]*data-series="XTC (p=1, t=0.6)"' "$tmp/e10.svg")
    if [ "$n" -eq 5 ]; then passed=$((passed + 1))
    else bad "10 with xtc_threshold 0.6: $n of the 5 kept tokens' bars after ?xtc are solid (SVG_AFTER)"; fi
    says_not "$tmp/e10.svg" '>removed</text>' "10 with xtc_threshold 0.6"
    says_not "$tmp/e10.svg" '>kept: the least likely</text>' "10 with xtc_threshold 0.6"
    says_not "$tmp/e10.svg" 'XTC removes the top choices' "10 with xtc_threshold 0.6"
fi

# 2e. Examples 11 to 13 as a student edits them, and Example 11 as a tool: the picture stays within 1,180 px, its
# texts do not collide, it draws the chain lines the program printed (read back as in 2), and its words stay true.
# An edited lesson is built as in 2c.
svg_width() {   # svg_width FILE: the picture's width, px
    sed -n 's/^<svg [^>]* width="\([0-9.]*\)".*/\1/p' "$1" | head -n 1
}
svg_words() {   # svg_words FILE: every text of the picture, decoded, on one line (a wrapped sentence joined up)
    sed -n 's/.*<text[^>]*>\([^<]*\)<\/text>.*/\1/p' "$1" | sed -e "s/&apos;/'/g" -e 's/&quot;/"/g' -e 's/&lt;/</g' \
        -e 's/&gt;/>/g' -e 's/&amp;/\&/g' | tr '\n' ' '
}
drawn() {       # drawn WHAT NN OUT SVG: the picture SVG is well-formed, its texts do not collide, and it draws the
                # chain lines that lesson NN printed in OUT
    if ! "$check" --data "$4" >"$tmp/drawn.data" 2>"$tmp/drawn.err"; then
        bad "$1: the picture is not well-formed XML:"; sed 's/^/    /' "$tmp/drawn.err"; return
    fi
    if "$check" "$4" >"$tmp/drawn.err" 2>&1; then passed=$((passed + 1))
    else bad "$1: texts collide in the picture:"; sed 's/^/    /' "$tmp/drawn.err"; fi
    if "$check" --colours "$4" >"$tmp/drawn.err" 2>&1; then passed=$((passed + 1))
    else bad "$1: the colours of the picture:"; sed 's/^/    /' "$tmp/drawn.err"; fi
    want_values "$2" "$3" >"$tmp/drawn.want"
    if compare_values "$tmp/drawn.want" "$tmp/drawn.data" >"$tmp/drawn.diff"; then passed=$((passed + 1))
    else bad "$1: the picture does not draw the chain lines printed:"; cat "$tmp/drawn.diff"; fi
}
fits() {        # fits WHAT FILE: the picture is at most 1,180 px wide (a 1,200 px window shows all of it)
    w=$(svg_width "$2")
    if awk -v w="$w" 'BEGIN { exit !(w != "" && w <= 1180) }'; then passed=$((passed + 1))
    else bad "$1: the picture is ${w:-?} px wide, more than 1,180"; fi
}
shows() {        # shows WHAT FILE TEXT: the picture's words hold TEXT
    if svg_words "$2" | grep -qF -- "$3"; then passed=$((passed + 1)); else bad "$1: the picture does not say '$3'"; fi
}
shows_not() {    # shows_not WHAT FILE TEXT: they do not (a claim the edit made false)
    if svg_words "$2" | grep -qF -- "$3"; then bad "$1: the picture shows '$3'"; else passed=$((passed + 1)); fi
}
edited() {      # edited NN SED NAME: build_edited (2c): $tmp/NAME.svg, .txt
    build_edited "$@"
}
settings_marked() {    # settings_marked WHAT FILE: a setting is drawn in the disabled grey (#6F6F6F) exactly when
                       # it carries a "?" (no stage acts on it); prints each setting marked, one a line, in marked.txt
    : >"$tmp/marked.txt"
    grep -o '<text[^>]*>[^<]*' "$2" | awk -v out="$tmp/marked.txt" '
        { grey = $0 ~ /fill="#6F6F6F"/; sub(/^[^>]*>/, ""); n = split($0, item, /, /)
          for (i = 1; i <= n; i++) { sub(/,$/, "", item[i])
              if (item[i] !~ /^\??(temp|top_k|top_p|min_p|penalty_repeat|penalty_last_n) /) continue
              if (grey != (item[i] ~ /^\?/)) {
                  print "    " item[i] (grey ? ": grey, with no ?" : ": a ?, not grey"); bad++ }
              if (grey) print item[i] >out } }
        END { exit bad > 0 }' >"$tmp/marked.diff"
    if [ $? -eq 0 ]; then passed=$((passed + 1))
    else bad "$1: a setting's grey and its ? disagree:"; cat "$tmp/marked.diff"; fi
}
marked() {      # marked WHAT TEXT: the last settings_marked found the setting TEXT ("?top_k 0") grey
    if grep -qxF -- "$2" "$tmp/marked.txt"; then passed=$((passed + 1))
    else bad "$1: the setting '$2' is not marked"; fi
}
tool() {        # tool NAME ARGS...: Example 11 as a tool, with a picture: $tmp/NAME.svg, .txt
    name=$1
    shift
    LESSON_PICTURE=$tmp/$name.svg "$build/bin/11_sampler_chain" "$@" >"$tmp/$name.txt" 2>"$tmp/$name.err" \
        || { bad "$name: exit $?"; sed 's/^/    /' "$tmp/$name.err"; return 1; }
}
# Examples 11 to 13 by default fit; Examples 12's and 13's p axes say what p is, as the other pictures' do.
for name in 11_sampler_chain 12_chain_builder 13_task_settings; do fits "$name" "$tmp/$name.svg"; done
for name in 12_chain_builder 13_task_settings; do
    shows "$name" "$tmp/$name.svg" "p (probability)"
    if grep -q '>p</text>' "$tmp/$name.svg"; then bad "$name: an axis shows \"p\" alone"; else passed=$((passed + 1)); fi
done
# A setting no stage acts on is marked: "?top_k 0" in grey (the top-k stage is off, ?top-k), as the chain line
# would mark its stage, and the legend shows what the mark means.
settings_marked 13_task_settings "$tmp/13_task_settings.svg"
marked 13_task_settings "?top_k 0"
marked 13_task_settings "?penalty_repeat 1.0"
# The legends show samples of what is drawn as text: a grey "?setting" (not a box like a "?stage"'s), the draws as
# the panels write them (the right token bold in blue, not the blue box of p), and Example 11's "?stage" in its
# dotted box, readable.
shows 13_task_settings "$tmp/13_task_settings.svg" "?setting a setting no stage acts on (none reads it"
shows 12_chain_builder "$tmp/12_chain_builder.svg" "?setting a setting no stage acts on (none reads it"
legend_sample() {   # legend_sample NAME TEXT: NAME's picture holds TEXT (a text's colour, words and end tag)
    if grep -qF -- "$2" "$tmp/$1.svg"; then passed=$((passed + 1)); else bad "$1: its legend has no sample '$2'"; fi
}
legend_sample 13_task_settings 'fill="#6F6F6F">?setting</text>'
legend_sample 12_chain_builder 'fill="#6F6F6F">?setting</text>'
shows 13_task_settings "$tmp/13_task_settings.svg" "count a draw of the right token total a draw of another token"
legend_sample 11_sampler_chain 'fill="#6F6F6F">?stage</text>'
legend_sample 12_chain_builder 'fill="#6F6F6F">?stage</text>'
settings_marked 12_chain_builder "$tmp/12_chain_builder.svg"
marked 12_chain_builder "?top_k 0"
# Each setting is a text of its own, set 0.3 em after the one before it on its line as svg_text_width measures that
# (0.6 em a character), so that the gaps are even where black and grey alternate (a run of several settings in one
# text is narrower on screen than measured, which left a wide gap after it).
for name in 12_chain_builder 13_task_settings; do
    if awk 'function attr(name) { if (!match($0, " " name "=\"[^\"]*\"")) return ""
                                  return substr($0, RSTART + length(name) + 3, RLENGTH - length(name) - 4) }
            /<text/ { t = $0; sub(/^.*<text[^>]*>/, "", t); sub(/<\/text>.*$/, "", t)
                      gsub(/&apos;|&quot;|&amp;|&lt;|&gt;/, "x", t)
                      x = attr("x") + 0; y = attr("y") + 0; size = attr("font-size") + 0
                      item = t ~ /^\??(temp|top_k|top_p|min_p|penalty_repeat|penalty_last_n|logit_bias) /
                      if (item && t !~ /^logit_bias/) {
                          if (t ~ /, /) { print "    \"" t "\": several settings in one text"; bad = 1 }
                          else if (pitem && y == py && (x - pend < 0.3 * size - 0.02 || x - pend > 0.3 * size + 0.02)) {
                              print "    \"" t "\": " x - pend " px after the setting before it"; bad = 1 } }
                      pitem = item; py = y; pend = x + 0.6 * size * length(t) }
            END { exit bad }' "$tmp/$name.svg" >"$tmp/$name.gaps"; then passed=$((passed + 1))
    else bad "$name: the settings are not set evenly:"; head -n 5 "$tmp/$name.gaps"; fi
done
# Example 12's p axes all tick with one decimal ("1.0", as "0.5"), never "1" in one row and "1.0" in another.
if grep -q '<text[^>]*text-anchor="end" fill="#595959">1</text>' "$tmp/12_chain_builder.svg"; then
    bad "12_chain_builder: a p axis ticks \"1\" where the others tick \"1.0\""
else
    passed=$((passed + 1))
fi
# Example 13 with order[] leaving out penalties and top-p: each setting the program's notes say does nothing is
# marked (the preset "chat, repeat 1.3": penalty_repeat 1.3 and top_p 0.95), and top_k 40 is not.
if edited 13 's/{SAMPLER_PENALTIES, SAMPLER_TOP_K, SAMPLER_TOP_P, SAMPLER_MIN_P,$/{SAMPLER_TOP_K, SAMPLER_MIN_P,/' \
    13-no-penalties; then
    drawn "13 without penalties and top-p" 13_ "$tmp/13-no-penalties.txt" "$tmp/13-no-penalties.svg"
    settings_marked "13 without penalties and top-p" "$tmp/13-no-penalties.svg"
    notes "$tmp/13-no-penalties.err" | sed -n 's/^.*": \(.*\) does nothing: no stage of order\[\] reads it$/?\1/p' \
        | sort -u >"$tmp/13-unread.txt"
    if [ "$(wc -l <"$tmp/13-unread.txt")" -eq 2 ]; then passed=$((passed + 1))
    else bad "13 without penalties and top-p: the notes do not name top_p 0.95 and penalty_repeat 1.3:"
         cat "$tmp/13-unread.txt"; fi
    while read -r setting; do marked "13 without penalties and top-p" "$setting"; done <"$tmp/13-unread.txt"
    if grep -qxF '?top_k 40' "$tmp/marked.txt"; then bad "13 without penalties: top_k 40 is marked, and top-k runs"
    else passed=$((passed + 1)); fi
fi
# Example 13's histogram follows an edit: with another seed and chat at temp 1.5, each preset's 1,000 draws begin
# with the 8 the edited table prints (they go on the lesson's java.util.Random stream), they are 1,000, and each
# token's share of them lies within 5 standard deviations of its p, as draws from p do (binomial: sqrt(p (1 - p) /
# 1000)); the picture still draws the table's P(right), candidates and draws (section 2's reading).
if edited 13 's/draw_seed = 4;/draw_seed = 11;/; s/{"chat",                          0\.8,/{"chat", 1.5,/' 13-hist; then
    drawn "13 with seed 11 and chat at temp 1.5" 13_ "$tmp/13-hist.txt" "$tmp/13-hist.svg"
    "$check" --data "$tmp/13-hist.svg" >"$tmp/13-hist.data" 2>&1
    want_values 13_task_settings "$tmp/13-hist.txt" | awk -F '\t' '$1 == "draws"' | sort >"$tmp/13-hist.draws"
    awk -F '\t' '$1 == "the many draws begin" { print "draws\t" $2 "\t" $3 }' "$tmp/13-hist.data" | sort \
        >"$tmp/13-hist.begin"
    if [ -s "$tmp/13-hist.draws" ] && cmp -s "$tmp/13-hist.draws" "$tmp/13-hist.begin"; then passed=$((passed + 1))
    else bad "13 with seed 11: the 1,000 draws do not begin with the table's 8:"; diff "$tmp/13-hist.draws" \
        "$tmp/13-hist.begin" | sed 's/^/    /'; fi
    if awk -F '\t' '$1 ~ /: share of 1000 draws$/ { preset = $1; sub(/: share of 1000 draws$/, "", preset)
                                                   share[preset SUBSEP $2] = $3; sum[preset] += $3; next }
                    { p[$1 SUBSEP $2] = $3 }
                    END { for (k in share) { split(k, f, SUBSEP); q = p[k] + 0
                              if ((share[k] - q) ^ 2 > 25 * q * (1 - q) / 1000 + 1e-6) {
                                  print "    " f[1] " / " f[2] ": share " share[k] ", p " q; bad = 1 } }
                          for (pr in sum) { n++; if (sum[pr] < 0.9999 || sum[pr] > 1.0001) {
                                  print "    " pr ": shares sum to " sum[pr]; bad = 1 } }
                          exit bad || n != 5 }' "$tmp/13-hist.data" >"$tmp/13-hist.noise"; then passed=$((passed + 1))
    else bad "13 with seed 11: the 1,000 draws are not draws from p:"; cat "$tmp/13-hist.noise"; fi
fi
# Example 13's p labels beside each other on one line are at least 6 px apart (as svg_text_width measures them):
# the code preset's "<0.001" over total and i did not read as one "<0.001 <0.001".
if awk 'function attr(name) { if (!match($0, " " name "=\"[^\"]*\"")) return ""
                              return substr($0, RSTART + length(name) + 3, RLENGTH - length(name) - 4) }
        /<text[^>]*font-size="10" text-anchor="middle">/ && !/transform/ {
            t = $0; sub(/^.*<text[^>]*>/, "", t); sub(/<\/text>.*$/, "", t); gsub(/&lt;/, "<", t)
            x = attr("x") + 0; y = attr("y") + 0; w = 6 * length(t)
            if (y - py < 5 && py - y < 5 && x - w / 2 - pend < 6) {     # on one line (within 5 px)
                print "    \"" t "\" at " x ": " x - w / 2 - pend " px after \"" pt "\""; bad = 1 }
            py = y; pend = x + w / 2; pt = t }
        END { exit bad }' "$tmp/13_task_settings.svg" >"$tmp/13.labels"; then passed=$((passed + 1))
else bad "13_task_settings: p labels nearly touch:"; cat "$tmp/13.labels"; fi
# Example 11 by default: each chain keeps llama.cpp's default order, in columns; arrows cross the stages it lacks.
svg=$tmp/11_sampler_chain.svg
shows "11_sampler_chain" "$svg" "a chain in that order has its stages in columns"
shows "11_sampler_chain" "$svg" "an arrow over a column: the chain has no such stage"
# A --samplers list out of order, with a stage twice: no column, so no arrow over one; the picture shows where the
# list leaves llama.cpp's order, and never that the stages are in it.
if tool samplers-twice llama-completion -m x.gguf --samplers "temperature;top_k;min_p;top_k"; then
    drawn "11 --samplers temperature;top_k;min_p;top_k" 11_ "$tmp/samplers-twice.txt" "$tmp/samplers-twice.svg"
    svg=$tmp/samplers-twice.svg
    fits "11 --samplers twice" "$svg"
    shows "11 --samplers twice" "$svg" "in its own order, box after box: its sampler list puts top-k after temp-ext"
    shows "11 --samplers twice" "$svg" "it has no logit-bias, penalties, dry, top-n-sigma, typical, top-p or xtc stage"
    shows_not "11 --samplers twice" "$svg" "an arrow over a column"
    shows_not "11 --samplers twice" "$svg" "in llama.cpp's order"
fi
if tool samplers-back llama-completion -m x.gguf --samplers "min_p;top_k;penalties"; then
    drawn "11 --samplers min_p;top_k;penalties" 11_ "$tmp/samplers-back.txt" "$tmp/samplers-back.svg"
    fits "11 --samplers out of order" "$tmp/samplers-back.svg"
    shows "11 --samplers out of order" "$tmp/samplers-back.svg" "its sampler list puts top-k after min-p"
    shows_not "11 --samplers out of order" "$tmp/samplers-back.svg" "an arrow over a column"
fi
# A list of 17 (two stages a row could not hold): its boxes wrap within the picture.
long="top_k;top_p;min_p;typ_p;xtc;dry;penalties;top_n_sigma;temperature"
long="$long;top_k;top_p;min_p;typ_p;xtc;dry;penalties;infill"
if tool samplers-long llama-completion --samplers "$long" --xtc-probability 0.5 -l 3+1; then
    drawn "11 --samplers (17 names)" 11_ "$tmp/samplers-long.txt" "$tmp/samplers-long.svg"
    fits "11 --samplers (17 names)" "$tmp/samplers-long.svg"
fi
# Example 12 with order[] reversed and XTC added: the three chain lines leave llama.cpp's order.
reversed='s/{STAGE_PENALTIES, STAGE_TOP_K, STAGE_TOP_P, STAGE_MIN_P, STAGE_TEMP}/'
reversed=$reversed'{STAGE_XTC, STAGE_TEMP, STAGE_MIN_P, STAGE_TOP_P, STAGE_TOP_K, STAGE_PENALTIES}/'
if edited 12 "$reversed" 12-reversed; then
    drawn "12 with order[] reversed" 12_ "$tmp/12-reversed.txt" "$tmp/12-reversed.svg"
    svg=$tmp/12-reversed.svg
    fits "12 with order[] reversed" "$svg"
    shows "12 with order[] reversed" "$svg" "its stages in the chain's own order (order[] leaves llama.cpp's default"
    shows "12 with order[] reversed" "$svg" "in its own order, box after box: order[] puts min-p after temp"
    shows_not "12 with order[] reversed" "$svg" "in columns"
    shows_not "12 with order[] reversed" "$svg" "an arrow over a column"
fi
# Example 12 with ten stages in order[]: the funnel's cells wrap, two rows of five, and the picture still fits.
ten='s/{STAGE_PENALTIES, STAGE_TOP_K, STAGE_TOP_P, STAGE_MIN_P, STAGE_TEMP}/{STAGE_PENALTIES, STAGE_DRY, '
ten=$ten'STAGE_TOP_N_SIGMA, STAGE_TOP_K, STAGE_TYPICAL, STAGE_TOP_P, STAGE_MIN_P, STAGE_XTC, STAGE_TEMP, STAGE_TOP_K}/'
if edited 12 "$ten" 12-ten; then
    drawn "12 with ten stages" 12_ "$tmp/12-ten.txt" "$tmp/12-ten.svg"
    fits "12 with ten stages" "$tmp/12-ten.svg"
fi
# Example 12's "repeat" chain with top_k 3: at step 4 top-k keeps a and cuts c and d, all at one logit. The cell
# underlines the three, and a note under the funnel says that which of them llama.cpp keeps is unspecified.
if edited 12 's/{"repeat {penalty_repeat}", 0\.8, 40,/{"repeat {penalty_repeat}", 0.8, 3,/' 12-top-k-tie; then
    drawn "12 with top_k 3" 12_ "$tmp/12-top-k-tie.txt" "$tmp/12-top-k-tie.svg"
    shows "12 with top_k 3" "$tmp/12-top-k-tie.svg" "underlined: characters at one logit (a tie) that top-k cut apart; \
which of them llama.cpp keeps is unspecified (its sort is not stable), here the lower ids"
    under=$(grep -c '<line [^>]*stroke="#222222" stroke-width="1.5"' "$tmp/12-top-k-tie.svg")
    if [ "$under" -eq 3 ]; then passed=$((passed + 1)); else bad "12 with top_k 3: $under underlines, not 3 (a, c, d)"; fi
fi
shows_not 12_chain_builder "$tmp/12_chain_builder.svg" "underlined"
# Example 12 with 200 steps: too many to write a character under each, and the caption says so, not that it does
# (its texts are not read back: section 2 reads a table of 59 steps).
if edited 12 's/^#define STEPS 59$/#define STEPS 200/' 12-steps-200; then
    if "$check" "$tmp/12-steps-200.svg" >"$tmp/drawn.err" 2>&1; then passed=$((passed + 1))
    else bad "12 with 200 steps: texts collide in the picture:"; sed 's/^/    /' "$tmp/drawn.err"; fi
    shows "12 with 200 steps" "$tmp/12-steps-200.svg" "step (too many to write each character drawn); dotted: step 4"
    shows_not "12 with 200 steps" "$tmp/12-steps-200.svg" "the character drawn at it"
fi

# 3. A path that cannot be written: a message that names it, exit 1, and the table still on stdout.
status=0
LESSON_PICTURE=$tmp/no/such/dir/01.svg "$build/bin/01_repeat_penalty" >"$tmp/unwritable.txt" 2>"$tmp/unwritable.err" \
    || status=$?
if [ "$status" -eq 1 ] \
    && notes "$tmp/unwritable.err" | grep -q '^01_repeat_penalty: cannot write the picture ".*no/such/dir/01.svg"' \
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

# 5. ./run_all.sh --pictures: index.html opens with a contents list (each example's number and the lesson's title,
# linked to its section, with PASS), then holds each example under that title, its picture inline and its table
# (HTML-escaped) as the lesson prints it, said to be the lesson's.
MAKELEVEL=1 BUILD=$build ./run_all.sh --pictures >"$tmp/run.out" 2>&1 || true
index=$build/pictures/index.html
has() {     # has FILE TEXT WHAT: FILE must hold TEXT (within a line)
    if grep -qF -- "$2" "$1"; then passed=$((passed + 1)); else bad "$3: no '$2'"; fi
}
n=1
for title in "the repetition penalty" "the presence penalty" "the frequency penalty" \
    "the three penalties on the same history" "the window, and why code legitimately repeats identifiers" \
    "logit bias" "locally typical sampling" "mirostat, a feedback loop on surprise" \
    "DRY, penalizing repeated sequences" "XTC, excluding top choices" \
    "llama.cpp&#39;s sampler chain, --samplers, and the API mapping" "Project 2, a SamplerChain with a builder" \
    "choosing settings by task, on the same prompt"; do
    title="Example $n: $(printf '%s' "$title" | sed "s/&#39;/'/")"
    name=$(cd lessons && ls "$(printf '%02d' "$n")"_*.c | sed 's/\.c$//')
    has "$index" "<h2>$title</h2>" "index.html's heading of $name"
    has "$index" "<li><span class=\"badge pass\">PASS</span><a href=\"#$name\">$title</a></li>" \
        "index.html's contents line of $name"
    has "$index" "<section id=\"$name\">" "index.html's section of $name"
    has "$index" "PASS</span>The table this run printed is the lesson's (expected/$name.txt)," "$name's verdict"
    n=$((n + 1))
done
n_lessons=$((n - 1))
has "$index" "<nav><h2>Contents</h2><p>$n_lessons of $n_lessons examples print the lesson&#39;s table." \
    "index.html's contents"
if [ "$(grep -c '<svg xmlns=' "$index")" -eq "$n_lessons" ]; then passed=$((passed + 1))
else bad "index.html does not hold one picture per lesson"; fi
html_pre() {    # html_pre FILE CLASS: the lines of every <pre class="CLASS"> of an index, tags removed, decoded
    sed -n "/<pre class=\"$2\">/,/<\/pre>/p" "$1" | sed -e 's/^.*<pre [^>]*>//' -e '/<\/pre>/d' -e 's/<[^>]*>//g' \
        -e 's/&lt;/</g' -e 's/&gt;/>/g' -e 's/&amp;/\&/g' | grep -v '^$'
}
html_pre "$index" table >"$tmp/index-tables.txt"
cat expected/*.txt | grep -v '^$' >"$tmp/expected-tables.txt"
if cmp -s "$tmp/expected-tables.txt" "$tmp/index-tables.txt"; then passed=$((passed + 1))
else bad "index.html's tables are not the lessons' tables:"; diff "$tmp/expected-tables.txt" "$tmp/index-tables.txt"; fi

# 6. A student's edit that changes a table: a build tree whose 03_frequency_penalty is a script printing the lesson's
# table with one number changed and one row left out (and drawing a small picture). Its index says FAIL in the
# contents and in the section, shows the lesson's table beside the one printed, then diff -u's lines, marked; the
# examples not run in that tree are marked NOT RUN.
edited=$tmp/edited
mkdir -p "$edited/bin"
{
    echo '#!/bin/sh'
    echo 'if [ -n "${LESSON_PICTURE:-}" ]; then'
    echo '    echo "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"20\" height=\"20\"><title>edited</title></svg>" \'
    echo '        >"$LESSON_PICTURE"'
    echo 'fi'
    echo "sed -e '2s/0\\.534/0.600/' -e '3d' expected/03_frequency_penalty.txt"
} >"$edited/bin/03_frequency_penalty"
chmod +x "$edited/bin/03_frequency_penalty"
MAKELEVEL=1 BUILD=$edited ./run_all.sh --pictures 03 >"$tmp/edited.out" 2>&1
has "$tmp/edited.out" "FAIL 03_frequency_penalty (output differs)" "run_all.sh on the edited 03"
index=$edited/pictures/index.html
has "$index" '<li><span class="badge fail">FAIL</span><a href="#03_frequency_penalty">Example 3: the frequency' \
    "the edited index's contents"
has "$index" '<li><span class="badge none">NOT RUN</span><a href="#01_repeat_penalty">' "the edited index's contents"
has "$index" "<nav><h2>Contents</h2><p>0 of $n_lessons examples" "the edited index's contents"
has "$index" "FAIL</span>The table this run printed differs from the" "the edited 03's verdict"
has "$index" "<title>edited</title>" "the edited 03's picture"
html_pre "$index" expected >"$tmp/edited-expected.txt"
html_pre "$index" actual >"$tmp/edited-actual.txt"
if cmp -s expected/03_frequency_penalty.txt "$tmp/edited-expected.txt" \
    && cmp -s "$edited/out/03_frequency_penalty.txt" "$tmp/edited-actual.txt"; then
    passed=$((passed + 1))
else
    bad "the edited index does not show the lesson's table beside the one printed"
fi
html_pre "$index" diff | sed '1,2d' >"$tmp/edited-diff.txt"
diff -u expected/03_frequency_penalty.txt "$edited/out/03_frequency_penalty.txt" | sed '1,2d' >"$tmp/edited-diff-u.txt"
if cmp -s "$tmp/edited-diff-u.txt" "$tmp/edited-diff.txt"; then passed=$((passed + 1))
else bad "the edited index's diff is not diff -u's:"; cat "$tmp/edited-diff.txt"; fi
has "$index" '<span class="del">-the        3        1.50   2.00   0.50      0.534    0.243</span>' "the edited diff"
has "$index" '<span class="add">+the        3        1.50   2.00   0.50      0.600    0.243</span>' "the edited diff"
has "$index" '<span class="del">-cat ' "the edited diff"

# 7. In the same tree, a second run of another example alone: 03's verdict is then an earlier run's, and says so in
# the contents and in its section, and that its source changed since when it differs from that run's (greyed; more in
# test_index.sh). And an example whose picture has colliding texts (two texts at one place) gets a note under its
# line that names them.
{
    echo '#!/bin/sh'
    echo 'if [ -n "${LESSON_PICTURE:-}" ]; then'
    echo '    echo "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"300\" height=\"50\"><text x=\"10\" y=\"30\">one</text>\'
    echo '<text x=\"12\" y=\"30\">two</text></svg>" >"$LESSON_PICTURE"'
    echo 'fi'
    echo 'cat expected/02_presence_penalty.txt'
} >"$edited/bin/02_presence_penalty"
chmod +x "$edited/bin/02_presence_penalty"
cp "$check" "$edited/bin/svg_check"
echo "0 0" >"$edited/pictures/03_frequency_penalty.source"     # as if 03 ran from another source
MAKELEVEL=1 BUILD=$edited ./run_all.sh --pictures 02 >"$tmp/edited.out" 2>&1
has "$tmp/edited.out" "PASS 02_presence_penalty" "run_all.sh on the colliding 02"
has "$tmp/edited.out" "02_presence_penalty: picture: some of its texts collide or cross its edge" "the collision note"
has "$tmp/edited.out" 'text "two"' "the collision note's texts"
has "$index" '<a href="#03_frequency_penalty">Example 3: the frequency penalty</a> <span class="stale">(an earlier' \
    "the contents line of an example not run this time"
has "$index" "FAIL</span>The table an earlier run printed differs from the" "the verdict of an example not run this time"
has "$index" "one of its sources has changed since: <code>lessons/03_frequency_penalty.c</code>." \
    "a section whose source changed"
cksum <lessons/03_frequency_penalty.c >"$edited/pictures/03_frequency_penalty.source"   # the same source again
MAKELEVEL=1 BUILD=$edited ./run_all.sh --pictures 02 >"$tmp/edited.out" 2>&1
if grep -qF "changed since:" "$index"; then bad "a source put back as it was is said to have changed"
else passed=$((passed + 1)); fi
has "$index" "Not run this time, and none of its sources has changed since." "a source put back as it was"
has "$index" "some of its texts collide" "the collision note in index.html"

# 8. A program that stops (exit 1 after a message, no table): its section gives the message as the reason, first,
# and no table box or diff of an empty table.
printf '#!/bin/sh\necho "04_three_penalties: penalty_repeat 0 (line 20): must be above 0" >&2\nexit 1\n' \
    >"$edited/bin/04_three_penalties"
chmod +x "$edited/bin/04_three_penalties"
MAKELEVEL=1 BUILD=$edited ./run_all.sh --pictures 04 >"$tmp/edited.out" 2>&1
sed -n '/<section id="04_three_penalties">/,/<\/section>/p' "$index" >"$tmp/04.section"
has "$tmp/04.section" 'FAIL</span>This run stopped (exit 1), saying why:</p>' "a stop's verdict"
if sed -n '3,4p' "$tmp/04.section" | grep -qF '04_three_penalties: penalty_repeat 0 (line 20): must be above 0' \
   && grep -qF '(this run printed no table)' "$tmp/04.section" && ! grep -q 'class="diff"' "$tmp/04.section"; then
    passed=$((passed + 1))
else
    bad "a stop's section does not give its message first, with no table and no diff:"; cat "$tmp/04.section"
fi

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

#!/bin/sh
# test_edits.sh: what a reader reads after editing a lesson. Each case copies one lesson, makes one edit a
# curious reader would make (one sed substitution), builds the copy against the library's objects in $BUILD and
# runs it; then a line the program must print (stdout or stderr, whole) or, for an edit that must not build, a
# line of the compiler's message. The values are worked out by hand in the comments, and each stop's line
# number is found here in the source, never taken from the program. Ends with "N passed, M failed".
# Run by make check (CC, EDIT_CFLAGS and EDIT_LDFLAGS come from the Makefile); BUILD picks the build tree.
set -u
export LC_ALL=C
cd "$(dirname "$0")/../.."
build=${BUILD:-build}
cc=${CC:-cc}
cflags=${EDIT_CFLAGS:--std=c11 -pedantic-errors -ffp-contract=off -Ilib -O2}
ldflags=${EDIT_LDFLAGS:-}
tmp=$build/out/edits
rm -rf "$tmp"
mkdir -p "$tmp/lessons"
objects=$(ls "$build"/lib/*.o "$build"/lib/fast/*.o "$build"/lib/cli/*.o "$build"/lib/svg/*.o "$build"/lib/lesson/*.o)
passed=0
failed=0

# fail WHAT [shown]: one failure, its reason, and (with "shown") the output it is about, indented.
fail() {
    failed=$((failed + 1))
    echo "test_edits.sh: $1"
    [ $# -lt 2 ] || sed 's/^/    /' "$tmp/out"
}

# edit NN SED LINE: lessons/NN_*.c edited by the sed substitution SED must print LINE (a whole line).
# edit NN SED -build TEXT: the edited program must not build, and the compiler must say TEXT.
edit() {
    src=$(ls lessons/"$1"_*.c)
    copy=$tmp/lessons/$(basename "$src")
    sed "$2" "$src" >"$copy"
    if cmp -s "$src" "$copy"; then
        fail "$1: the edit '$2' changes nothing"
        return
    fi
    if [ "$3" = -build ]; then
        if $cc $cflags -Ilessons -c -o "$tmp/edit.o" "$copy" >"$tmp/out" 2>&1; then
            fail "$1 with '$2' builds; it must stop the build with '$4'"
        elif grep -qF -- "$4" "$tmp/out"; then
            passed=$((passed + 1))
        else
            fail "$1 with '$2': the compiler does not say '$4':" shown
        fi
        return
    fi
    if ! $cc $cflags -Ilessons -c -o "$tmp/edit.o" "$copy" >"$tmp/out" 2>&1 \
       || ! $cc $ldflags -o "$tmp/edit" "$tmp/edit.o" $objects -lm >>"$tmp/out" 2>&1; then
        fail "$1 with '$2' does not build:" shown
        return
    fi
    "$tmp/edit" >"$tmp/out" 2>&1
    if grep -qxF -- "$3" "$tmp/out"; then
        passed=$((passed + 1))
    else
        fail "$1 with '$2': no line '$3' in:" shown
    fi
}

# The line of lessons/NN_*.c where TEXT first occurs: what a stop must name.
line_of() {
    grep -nF -- "$2" lessons/"$1"_*.c | head -n 1 | cut -d: -f1
}

# A printed number is what the library computed. Example 3 with a presence penalty of 0.7 added: "the" (3 times)
# loses 3 * 0.5 + 0.7 = 2.20, logit -0.20; cat -0.20, sat 0.50, mat 0.10, dog -1.70, ran -1.00, so p(the) =
# e^-0.2 / (2 e^-0.2 + e^0.5 + e^0.1 + e^-1.7 + e^-1) = 0.8187 / 4.942 = 0.166.
edit 03 's/\.penalty_freq = 0\.5}/.penalty_freq = 0.5, .penalty_present = 0.7}/' \
    'the        3        2.20   2.00  -0.20      0.534    0.166'
# Example 1 with a frequency penalty of 0.5: both rules subtract it; dog (once in the window) goes to
# -0.5 * 1.5 - 0.5 = -1.25 by llama.cpp's rule and to -0.5 / 1.5 - 0.5 = -0.83 by the naive one; p after
# 0.2865 / 8.195 = 0.035, p naive 0.4346 / 8.519 = 0.051.
edit 01 's/\.penalty_repeat = 1\.5}/.penalty_repeat = 1.5, .penalty_freq = 0.5}/' \
    'dog    yes   -0.50  -1.25        -0.83     0.044    0.035    0.051'
# A label names every setting that differs. Example 5's row 1.3 with a frequency penalty of 0.5: count (5 times
# in the window) 3 / 1.3 - 2.5 = -0.192, so P(count) = 0.825 / 8.447 = 0.098, P(total) 0.322, P(i) 0.263.
edit 05 's/{64, 1\.3, 0, 0}/{64, 1.3, 0.5, 0}/' \
    'repeat penalty 1.3, window 64, frequency 0.5: P(count) 0.098  P(total) 0.322  P(i) 0.263'

# A window of 0 or less turns llama.cpp's penalties off (reference 4.2: libllama clamps a negative window to 0):
# the table penalizes nothing, and a note says so, with the line or the row.
edit 01 's/\.penalty_last_n = 64/.penalty_last_n = -5/' \
    "01_repeat_penalty: note: penalty_last_n -5 (line $(line_of 01 '.penalty_last_n = 64')): llama.cpp's sampler clamps a window below 0 to 0, which turns its penalties off (current llama.cpp's command line and server refuse a negative window), so the penalties with this window change no logit"
edit 04 's/{64, 1\.3, 0\.5, 0\.7}/{0, 1.3, 0.5, 0.7}/' \
    '04_three_penalties: note: the row "all three": penalty_last_n 0: a window of 0 turns llama.cpp'"'"'s penalties off, so the penalties with this window change no logit'

# A DRY multiplier beyond float's range is inf in llama.cpp, which no table in double shows: a stop that names it.
edit 09 's/\.dry_multiplier = 0\.8/.dry_multiplier = 1e300/' \
    "09_dry: dry_multiplier 1e+300 (line $(line_of 09 '.dry_multiplier = 0.8')): must be within float's range, about 3.4e38 (this workbench's own refusal: llama.cpp holds it as a float, inf, and would subtract inf from a penalized token, where this table, in double, would print a finite penalty)"

# A {name} in a label that names no setting, or a '{' with no '}', stops with the program's name and the label's line.
edit 12 's/"exact (T={temp})"/"exact (T={tmep})"/' \
    "12_chain_builder: label \"exact (T={tmep})\" (line $(line_of 12 '"exact (T={temp})"')): no setting named {tmep}; it may name: {temp} {top_k} {top_p} {min_p} {penalty_repeat} {penalty_last_n}"
edit 13 's/{"code",  /{"code {temp",/' \
    "13_task_settings: label \"code {temp\" (line $(line_of 13 '{"code", ')): a '{' without its '}'; {name} prints a setting, and it may name: {temp} {top_k} {top_p} {min_p} {penalty_repeat} {penalty_last_n}"

# One of the tool's own flags in a lesson's command line is refused as such, even one whose reading would refuse
# the line's other flags first (--from-json with -p), and the stop names which of the three lines it is.
edit 11 's/"--top-n-sigma", "2", NULL}/"--top-n-sigma", "2", "--from-json", "-", NULL}/' \
    "11_sampler_chain: the lesson's command lines take llama.cpp's flags; -h, --explain, --from-json, --json, --json-all and --openai are this tool's own: give them as the program's arguments (build/bin/11_sampler_chain --explain ...)"
edit 11 's/"--temp", "0\.7", NULL}/"--temp", "0.7", "--json", NULL}/' \
    "11_sampler_chain: (that is the lesson's command line 2 of 3, commands[1])"

# A text that reaches a character nothing follows names the chain, as its table row is labelled.
edit 12 's/sat on a mat\."/sat on a mat!"/' \
    "12_chain_builder: the chain \"min-p 0.1, T=1.2\": nothing follows '!' in the corpus, so the text cannot go on at step 59: end the corpus with a character it already has"

# A statement about llama.cpp is the reference's: which tied token top-k keeps is unspecified. The note prints
# the label as the table does.
edit 12 's/{"repeat {penalty_repeat}", 0\.8, 40,/{"repeat {penalty_repeat}", 0.8, 3,/' \
    '12_chain_builder: note: the chain "repeat 1.1", first at step 4: top-k keeps exactly 3 tokens and cuts 2 tied with the last; which tied tokens llama.cpp keeps is unspecified (its sort is not stable), and this workbench keeps the lower ids; the lesson'"'"'s Java keeps every tied token, so its text can differ from there on'
# Example 13's chat with top_k 2 and top_p 0.8: llama.cpp's top-p sees count and total, and count alone has
# e^3 / (e^3 + e^1) = 0.88 >= 0.8; the Java's sees the whole vocabulary, where count has 0.672, so it keeps 2.
edit 13 's/{"chat",                          0\.8, 40, 0\.95/{"chat",                          0.8, 2, 0.8/' \
    '13_task_settings: note: the preset "chat": candidates left 1, in the lesson'"'"'s Java 2, and other p: the Java cuts top-k, top-p and min-p all from the whole vocabulary after the penalties, then applies the temperature, while llama.cpp runs the stages of order[] in turn, each on what the one before left'
# A DRY window of 0 turns DRY off (llama.cpp's "?dry"), the last line too.
edit 09 's/\.dry_penalty_last_n = INT32_MAX/.dry_penalty_last_n = 0/' \
    'penalty by repeat length: [2 -> 0.00, 4 -> 0.00, 8 -> 0.00]'
edit 09 's/\.dry_penalty_last_n = INT32_MAX/.dry_penalty_last_n = 0/' \
    '09_dry: note: the last line: llama.cpp'"'"'s DRY gives 0 where the lesson'"'"'s rule gives 0.8: it is off here, as dry_penalty_last_n is 0 or less'

# Where an edit leaves no number, the build stops and says why.
edit 08 's/#define STEPS 5000/#define STEPS 0/' -build 'STEPS must be at least 1'
edit 10 's/#define DRAWS 10000/#define DRAWS 0/' -build 'DRAWS must be at least 1'
edit 12 's/#define STEPS 59/#define STEPS 0/' -build 'STEPS must be from 1 to 100000'
edit 12 's/#define STEPS 59/#define STEPS 10000000/' -build 'STEPS must be from 1 to 100000'
edit 13 's/#define DRAWS 8/#define DRAWS 0/' -build 'DRAWS must be at least 1'

# A stop names the setting as the program spells it, its value, its line and the rule, and the real cause.
edit 01 's/\.penalty_repeat = 1\.5}/.penalty_repeat = 0}/' \
    "01_repeat_penalty: penalty_repeat 0 (line $(line_of 01 '.penalty_repeat = ')): must be finite and above 0 as the float llama.cpp holds (llama.cpp refuses it)"
edit 04 's/{64, 1\.3, 0\.0, 0\.0}/{64, 0, 0.0, 0.0}/' \
    "04_three_penalties: the row \"repeat 0\" (line $(line_of 04 '"repeat {penalty_repeat}"')): penalty_repeat 0: must be finite and above 0 as the float llama.cpp holds (llama.cpp refuses it)"
edit 06 's/{"mat", 2\.0}/{"mat", NAN}/' \
    "06_logit_bias: biases[1] (\"mat\") is NaN: a bias is a number (this workbench's own refusal: llama.cpp's -l takes nan, and the biased logit, NaN, would make every probability NaN); biases[] starts at line $(line_of 06 'biases[] =')"
# Two +inf biases share the probability (the limit of softmax, where llama.cpp and the Java give NaN): 1/2 each.
edit 06 's/{"mat", 2\.0}/{"mat", INFINITY}/; s/{"dog", -100}/{"dog", INFINITY}/' \
    '06_logit_bias: note: "dog" has a bias of +inf: it gets p 0.5000, the tokens at +inf sharing all the probability (the limit of softmax); llama.cpp'"'"'s softmax and the lesson'"'"'s Java give NaN'
# A NaN eta makes mu NaN after the first step; a tau of 1e308 makes 2 * tau infinite at once.
edit 08 's/static const double eta = 0\.1;/static const double eta = NAN;/' \
    "08_mirostat: mu is nan at step 1: it starts at 2 * tau and moves by eta * (tau - surprise), and taus[] 2 (line $(line_of 08 'taus[] =')) with eta nan (line $(line_of 08 'double eta =')) do not keep it a finite number (this workbench's own stop: llama.cpp would go on, its cut keeping every token, as no surprise is above it)"
edit 08 's/{2\.0, 3\.0}/{1e308, 3.0}/' \
    "08_mirostat: mu is inf at step 0: it starts at 2 * tau and moves by eta * (tau - surprise), and taus[] 1e+308 (line $(line_of 08 'taus[] =')) with eta 0.1 (line $(line_of 08 'double eta =')) do not keep it a finite number (this workbench's own stop: llama.cpp would go on, its cut keeping every token, as no surprise is above it)"
edit 07 's/{0\.45, 0\.85}/{NAN, 0.85}/' "07_typical: limits[] nan (line $(line_of 07 'limits[] =')): a limit is a probability, not NaN (this workbench's own refusal: llama.cpp builds typical and top-p with it, as a NaN makes no sampler empty, and both keep every token, since no running sum is above or at NaN)"
edit 01 's/"dog", "ran"}/"dog", "ran", "the"}/; s/-0\.5, -1\.0}/-0.5, -1.0, 3.0}/' \
    '01_repeat_penalty: words[] has "the" twice (words[0] and words[6]): each word once, so that a word names one token'
edit 13 's/SAMPLER_TOP_K, SAMPLER_TOP_P,/SAMPLER_INFILL, SAMPLER_TOP_P,/' \
    '13_task_settings: order[1] is infill, which this workbench does not compute'
# A stage left out of order[]: the setting it would read does nothing, and a note names it (as Example 11 does).
edit 13 's/SAMPLER_MIN_P,$/SAMPLER_MIN_P};/; s/^                                    SAMPLER_TEMPERATURE};$//' \
    '13_task_settings: note: the preset "tool call, JSON": temp 0 does nothing: no stage of order[] reads it'
edit 12 's/STAGE_MIN_P, STAGE_TEMP};/STAGE_MIN_P};/' \
    '12_chain_builder: note: the chain "exact (T=0)": temp 0 does nothing: no stage of order[] reads it'
edit 10 's/{0\.0, 0\.5}/{NAN, 0.5}/' \
    "10_xtc: xtc_probability[0] nan (line $(line_of 10 'xtc_probability[] =')): must not be NaN (this workbench's own refusal: llama.cpp builds XTC with it, as a NaN makes no sampler empty, and since no draw is above NaN, it cuts at every step)"
edit 09 's/\.dry_multiplier = 0\.8/.dry_multiplier = NAN/' \
    "09_dry: dry_multiplier nan (line $(line_of 09 '.dry_multiplier = ')): must not be NaN (this workbench's own refusal: the penalty would be NaN)"
edit 12 's/"low T",                   0\.2,  0, 0\.95/"low T",                   0.2,  0, NAN/' \
    "12_chain_builder: the row \"low T\" (line $(line_of 12 '{"low T"')): top_p nan: must not be NaN (this workbench's own refusal: llama.cpp builds the stage, and every comparison with NaN fails)"
# Only "e" follows "h" in the corpus (alphabet: ' ' . a c d e ..., so "e" is 5): a ban on it, with every chain
# biased, stops at the first "h" and names the stage that removed it.
edit 12 's/static const LogitBias bias = {3, 2\.0};/static const LogitBias bias = {5, -INFINITY};/; s/build(\&ch\[c\], \&chains\[c\], 0)/build(\&ch[c], \&chains[c], 1)/' \
    '12_chain_builder: the chain "llama.cpp defaults", step 2: its stage logit-bias removed every character that follows '"'"'h'"'"' in the corpus, so the text cannot go on'

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

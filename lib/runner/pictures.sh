# pictures.sh: what ./run_all.sh --pictures adds to a run, sourced (". lib/runner/pictures.sh") by run_all.sh in
# that mode alone, after it has chosen the programs to run and before it runs the first. Defines:
#   record_sources NAME  the record of this run of lesson NAME, $pictures/NAME.source: the sources its program is
#                        built from, by the build's .d files, each with its cksum
#   write_index          $pictures/index.html, from what this run and earlier ones left in $pictures
# When sourced, it makes the folder $pictures and notes the time the run starts (run_at). It uses run_all.sh's
# BUILD, pictures ($BUILD/pictures), out_dir ($BUILD/out, for a scratch file), names (the programs this run runs)
# and show_diff. run_all.sh itself writes the rest of $pictures for each program it runs: NN_slug.svg (by the
# program, through LESSON_PICTURE), .txt and .err (its stdout and stderr, or the compiler's messages, or the
# collision note) and .verdict (its PASS or FAIL line).

if [ ! -d "$pictures" ]; then mkdir -p "$pictures"; fi

# The sources lesson $1's program is built from, one a line: lessons/$1.c, then every file that the build's
# dependency files (gcc -MMD) name for the objects it links: its own ($BUILD/lessons/$1.d) and those of the
# archives it links, which its link listed in $BUILD/lessons/$1.libdeps (the Makefile). A program linked before
# that list existed reads every .d under $BUILD/lib/ but test/'s and bench/'s; a tree the build did not write
# (no .d files) gives the .c alone.
build_sources() {
    if [ -f "$BUILD/lessons/$1.libdeps" ]; then
        set -f; saved_ifs=$IFS; IFS='
'
        set -- "$1" $(cat "$BUILD/lessons/$1.libdeps")
        IFS=$saved_ifs; set +f
    else
        set -- "$1" "$BUILD"/lib/*.d "$BUILD"/lib/*/*.d
    fi
    sources_of=$1
    shift
    awk -v lesson="lessons/$sources_of.c" -v skip1="$BUILD/lib/test/" -v skip2="$BUILD/lib/bench/" '
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
                exit }' "$BUILD/lessons/$sources_of.d" "$@"
}
# The record of the run of lesson $1 that --pictures keeps beside its verdict, $pictures/$1.source: "ran" and the
# run's start, then cksum's line (checksum, size, name) for each of its sources; index.html compares them with
# the files as they are then. A source that cannot be read is left out (a .d may name a file since removed).
run_at=$(date '+%Y-%m-%d %H:%M:%S')
record_sources() {
    { echo "ran $run_at"; cksum $(build_sources "$1") 2>/dev/null || true; } >"$pictures/$1.source"
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

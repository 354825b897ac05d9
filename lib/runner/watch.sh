# watch.sh: ./run_all.sh --watch NN, sourced (". lib/runner/watch.sh") by run_all.sh, which has already checked
# its arguments and found the one lesson program NN names. Defines:
#   text_bars NAME       lesson NAME's picture as bars of '#' in the terminal
#   watch_lesson NAME    runs lesson NAME as ./run_all.sh --pictures NAME does, then again after each save; never
#                        returns (exits 130 on Ctrl-C, 143 on TERM; 0 after WATCH_ROUNDS runs)
# It uses run_all.sh's BUILD, and "$0" (run_all.sh itself) for each run, as ./run_all.sh: run_all.sh has gone
# to its own folder, so that "somedir/run_all.sh --watch 1" works too. It takes no lock: each run does.

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

# watch_lesson NAME: lesson NAME's table, diff and picture (as --pictures gives them), again after each save. A
# save is a change in the file's size, time or checksum (ls -l and cksum: POSIX, no inotify). WATCH_ROUNDS=N stops
# after N runs (for lib/test/test_runner.sh); WATCH_FILE watches another file in place of the lesson's.
watch_lesson() {
    name=$1
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
            BUILD=$BUILD sh "./${0##*/}" --pictures "$name" || true    # run_all.sh, from its folder
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
}

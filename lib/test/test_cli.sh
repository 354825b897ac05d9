#!/bin/sh
# test_cli.sh: Example 11 as a tool, from the outside: for each command line, the exit status, what reaches
# stdout and what reaches stderr. Bad input must give one line on stderr naming the flag and the value, exit
# status 2 and nothing on stdout. Ends with "N passed, M failed". BUILD picks the build tree (default build).
set -u
export LC_ALL=C
# The tool reads llama.cpp's LLAMA_ARG_* variables as llama.cpp does (lib/cli/env.c): none of the caller's may
# reach a check, which sets its own with with_env.
for v in $(env | sed -n 's/^\(LLAMA_ARG_[A-Za-z0-9_]*\)=.*/\1/p'); do unset "$v"; done
cd "$(dirname "$0")/../.."
bin=${BUILD:-build}/bin/11_sampler_chain
tmp=${BUILD:-build}/out/cli
mkdir -p "$tmp"
passed=0
failed=0

# check STATUS STDOUT STDERR -- ARGS...: STDOUT and STDERR are a fixed string the stream must contain
# (an empty string means the stream must be empty); a stderr message must be exactly one line.
check() {
    want_status=$1 want_out=$2 want_err=$3
    shift 4
    status=0
    env ${run_env:-} "$bin" "$@" >"$tmp/out" 2>"$tmp/err" || status=$?
    problem=""
    [ "$status" -eq "$want_status" ] || problem="exit $status, not $want_status"
    if [ -z "$want_out" ]; then
        [ ! -s "$tmp/out" ] || problem="$problem; stdout not empty"
    else
        grep -qF -- "$want_out" "$tmp/out" || problem="$problem; stdout lacks '$want_out'"
    fi
    if [ -z "$want_err" ]; then
        [ ! -s "$tmp/err" ] || problem="$problem; stderr not empty"
    else
        grep -qF -- "$want_err" "$tmp/err" || problem="$problem; stderr lacks '$want_err'"
        [ "$want_status" -ne 2 ] || [ "$(wc -l <"$tmp/err")" -eq 1 ] || problem="$problem; stderr not one line"
    fi
    if [ -z "$problem" ]; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "test_cli.sh: 11_sampler_chain $*: $problem"
        sed 's/^/    stdout: /' "$tmp/out"
        sed 's/^/    stderr: /' "$tmp/err"
    fi
}

# with_env VAR=VALUE... -- STATUS STDOUT STDERR -- ARGS...: check, with these variables (no blanks in them) in the
# tool's environment.
with_env() {
    run_env=""
    while [ "$1" != "--" ]; do run_env="$run_env $1"; shift; done
    shift
    check "$@"
    run_env=""
}

default_line="sampler chain: logits -> ?penalties -> ?dry -> ?top-n-sigma -> top-k -> ?typical -> top-p -> min-p -> ?xtc -> temp-ext -> dist"
check 0 "sampler chain: logits -> penalties -> dry -> top-n-sigma" "" --
check 0 "$default_line" "" -- --seed 7
check 0 "sampler chain: logits -> temp -> mirostat-v2" "" -- --mirostat 2 --mirostat-ent 3 --temp 0.7
check 0 "sampler chain: logits -> logit-bias -> min-p -> temp-ext -> dist" "" -- --samplers "min_p;temperature" -l 15-inf
check 0 "sampler chain: logits -> top-k -> dist" "warning: unable to match sampler by name 'typical'" -- --samplers "top_k;typical"
check 0 "sampler chain: logits -> top-k -> dist" "warning: unable to match sampler by char 'q'" -- --sampler-seq kq
# Review 27, finding 22: empty pieces are skipped, said (whether llama.cpp warns is unconfirmed: reference section 6).
check 0 "sampler chain: logits -> top-k -> min-p -> dist" "warning: --samplers: 2 empty names (a ';' next to another or at an end) are skipped here; whether llama.cpp skips them and warns is unconfirmed (reference section 6)" -- \
    --samplers "top_k;;min_p;"
check 0 "--top-k N" "" -- --help
check 0 '"logit_bias": [[15, false]]' "note: prompt: none given (-p or -f)" -- --json -l 15-inf
check 0 '"samplers": ["top_k"]' "prompt: none given (-p or -f), so this body has none; add it before you send it" -- --samplers top_k --json

check 2 "" "unknown flag '--bogus'" -- --bogus
check 2 "" "'llama-mtmd-cli' is neither a flag nor a program word this tool knows" -- llama-mtmd-cli -m m.gguf --temp 0.1
# Newcomer review of Example 11's messages, finding 7: a docker command pasted whole, or from its image on: the
# words up to the image are docker's; the fix is the image's flags after llama-server, which llama.cpp's
# docs/docker.md (at 30255fcb) says a :server image holds alone. No entrypoint is claimed: neither the reference
# nor those docs name it.
check 2 "" "'docker' is neither a flag nor a program word this tool knows (llama-cli, llama-completion or llama-server): the words up to and including the image's name, ghcr.io/ggml-org/llama.cpp:server, are docker's, not llama-server's; paste from the image's first flag on, after llama-server (llama.cpp's docs/docker.md at 30255fcb: the :server images hold only the llama-server executable): 11_sampler_chain llama-server -m /models/x.gguf --temp 0.7" -- \
    docker run ghcr.io/ggml-org/llama.cpp:server -m /models/x.gguf --temp 0.7
grep -q "entrypoint" "$tmp/err" && { failed=$((failed + 1)); echo "test_cli.sh: docker: an entrypoint claimed"; } \
    || passed=$((passed + 1))
check 2 "" "'ghcr.io/ggml-org/llama.cpp:server-cuda' is neither a flag nor a program word this tool knows (llama-cli, llama-completion or llama-server): the words up to and including the image's name, ghcr.io/ggml-org/llama.cpp:server-cuda, are docker's, not llama-server's; paste from the image's first flag on, after llama-server (llama.cpp's docs/docker.md at 30255fcb: the :server images hold only the llama-server executable): 11_sampler_chain llama-server -m x.gguf -a 'my model'" -- \
    ghcr.io/ggml-org/llama.cpp:server-cuda -m x.gguf -a "my model"
check 2 "" "'docker' is neither a flag nor a program word this tool knows (llama-cli, llama-completion or llama-server): a docker command's words up to and including its image's name are docker's, not llama.cpp's; paste from the image's first flag on, after the program the image runs (11_sampler_chain llama-server -m ...)" -- \
    docker run -p 8080:8080 my/server -m x.gguf
# Review final4, finding 1: the -e LLAMA_ARG_* settings (-e, --env, -eNAME=, --env=NAME=) go before the fix, as
# this tool's environment; another (HF_TOKEN) is counted and named, never its value. Finding 7: podman is named
# podman, and sudo before docker or podman gets the same hint.
check 2 "" "the :server images hold only the llama-server executable), with its -e LLAMA_ARG_* settings before it, which this tool reads from its environment (its other -e setting, HF_TOKEN, left out): LLAMA_ARG_TOP_K=5 LLAMA_ARG_TEMP=0.3 LLAMA_ARG_MIN_P=0.1 LLAMA_ARG_DRY_MULTIPLIER=0.8 11_sampler_chain llama-server -m /models/x.gguf --temp 0.7" -- \
    docker run --rm -it -e LLAMA_ARG_TOP_K=5 -v /m:/models -e HF_TOKEN=hf_secret --env LLAMA_ARG_TEMP=0.3 \
    -eLLAMA_ARG_MIN_P=0.1 --env=LLAMA_ARG_DRY_MULTIPLIER=0.8 ghcr.io/ggml-org/llama.cpp:server -m /models/x.gguf --temp 0.7
grep -q "hf_secret" "$tmp/err" && { failed=$((failed + 1)); echo "test_cli.sh: docker: HF_TOKEN's value shown"; } \
    || passed=$((passed + 1))
check 2 "" "are podman's, not llama-server's; paste from the image's first flag on, after llama-server (llama.cpp's docs/docker.md at 30255fcb: the :server images hold only the llama-server executable), its other -e settings, HF_TOKEN, LANG, left out: this tool reads only LLAMA_ARG_* ones: 11_sampler_chain llama-server --temp 0.7" -- \
    sudo podman run -e HF_TOKEN=x -e LANG ghcr.io/ggml-org/llama.cpp:server --temp 0.7
check 2 "" "'sudo' is neither a flag nor a program word this tool knows (llama-cli, llama-completion or llama-server): the words up to and including the image's name, ghcr.io/ggml-org/llama.cpp:server, are docker's, not llama-server's; paste from the image's first flag on, after llama-server (llama.cpp's docs/docker.md at 30255fcb: the :server images hold only the llama-server executable): 11_sampler_chain llama-server --temp 0.7" -- \
    sudo docker run ghcr.io/ggml-org/llama.cpp:server --temp 0.7
check 2 "" "a podman command's words up to and including its image's name are podman's" -- podman run my/server -m x
check 2 "" "'sudo' is neither a flag nor a program word this tool knows (llama-cli, llama-completion or llama-server)" -- \
    sudo ls
check 2 "" "unknown flag 'foo'" -- --temp 0.1 foo
check 2 "" "--top-k: missing value" -- --top-k
check 2 "" "--top-k: 'x4' is not a whole number" -- --top-k x4
check 2 "" "--temp: 'abc' is not a number" -- --temp abc
check 2 "" "--top-p: '' is not a number" -- --top-p ""
check 2 "" "--top-k: 2147483648 is out of range" -- --top-k 2147483648
check 2 "" "--mirostat: 3 is not 0, 1 or 2: llama.cpp takes the flag, then aborts when it builds" -- --mirostat 3
check 2 "" "-l: '15:1' is not TOKEN_ID(+/-)BIAS" -- -l 15:1
check 2 "" "-l: '15-' is not TOKEN_ID(+/-)BIAS" -- -l 15-
check 2 "" "-l: 'x+1' is not TOKEN_ID(+/-)BIAS" -- -l x+1
check 2 "" "--seed: '-' is not a whole number" -- --json --seed -
check 2 "" "--temp: '1e400' is out of range" -- --temp 1e400
check 0 "$default_line" "warning: --top-k '4\\nx': llama.cpp reads 4 (std::stoi stops at '\\n')" -- --top-k "$(printf '4\nx')"
check 0 '"dry_sequence_breakers": ["x\ufffdy"]' "note: dry_sequence_breakers: 1 byte that is not UTF-8 is sent as \ufffd" -- \
    --json --dry-sequence-breaker "$(printf 'x\377y')"

# Whole command lines: the chain line on stdout, one note naming the ignored flags on stderr, and one naming the
# model, whose GGUF can set sampling defaults and suppressed tokens (reference sections 2 and 3).
check 0 "$default_line" "note: ignored, as they do not change sampling: -c, -ngl, --port, -fa, --jinja" -- \
    llama-server -m model.gguf -c 8192 -ngl 99 --port 8080 -fa on --jinja --top-k 20 --min-p 0.1
# Review 27, finding 13: a -m file that is not here says so, with the system's reason; -hf keeps the note.
check 0 "$default_line" "note: -hf names the model, which this line does not read: a model's GGUF can set sampling defaults" -- \
    llama-server -hf org/model-GGUF --top-k 20
check 0 "$default_line" "note: -m model.gguf: no file is there (No such file or directory), so this line does not read the model: a model's GGUF can set sampling defaults" -- \
    llama-server -m model.gguf --top-k 20
n_err=$("$bin" llama-server -m m.gguf -c 8192 -ngl 99 --top-k 20 2>&1 >/dev/null | wc -l)
[ "$n_err" -eq 2 ] && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "test_cli.sh: $n_err note lines, not 2"; }
check 0 "$default_line" "" -- --top_k 20 --min_p 0.1
# Issue 17, item 2: a window of -1 is off here, with -c or without: arg.cpp 0017d6fb takes it and current
# libllama clamps it to 0 (reference sections 4.2, 6); whether current llama.cpp's command line refuses it is
# unconfirmed (section 10), and the warning says so, and what older builds did.
check 0 "sampler chain: logits -> ?penalties -> dist" \
    "older builds took -1 as a context size: llama-cli and llama-completion -c's, llama-server the slot's" -- \
    -c 4096 --repeat-last-n -1 --repeat_penalty 1.1 --samplers penalties
check 0 "sampler chain: logits -> ?penalties -> dist" \
    "warning: --repeat-last-n -1 is off here, hence ?penalties: arg.cpp 0017d6fb takes -1, and current libllama clamps a negative window to 0; whether current llama.cpp's command line refuses -1 instead (PR #26524 means negative windows to be refused) is unconfirmed" -- \
    --repeat-last-n -1 --repeat-penalty 1.1 --samplers penalties
check 0 "sampler chain: logits -> ?dry -> dist" "older builds took -1 as a context size: DRY the model's training context, llama-server the slot's" -- \
    -c 2048 --dry-multiplier 0.8 --dry-penalty-last-n -1 --samplers dry
check 2 "" "--repeat-penalty: 0 is refused by llama.cpp" -- --repeat-penalty 0
check 2 "" "--repeat-penalty: -1 is refused by llama.cpp" -- --repeat-penalty -1
check 2 "" "--repeat-penalty: '1e-40' is out of range for a float (std::stof refuses it)" -- --repeat-penalty 1e-40
check 2 "" "--frequency-penalty: inf is refused by llama.cpp" -- --frequency-penalty inf
check 2 "" "--presence-penalty: nan is refused by llama.cpp (this penalty must be finite)" -- --presence-penalty nan
check 0 "$default_line" "warning: -p: llama-server does not take it in arg.cpp 0017d6fb (its message: \"error: invalid argument: -p\"" -- \
    llama-server -m m.gguf -p Hi
check 2 "" "-p: llama-server does not take it" -- llama-server -m m.gguf -p Hi --json
check 0 "$default_line" "--draft-max: removed in arg.cpp 0017d6fb, which refuses it; use --spec-draft-n-max; llama.cpp stops here" -- --draft-max 8
# Bodies: only what was set; a setting the server would refuse is left out with a note on stderr.
check 0 '{"prompt": "Hello", "n_predict": 64, "min_p": 0.1}' "" -- --json --min-p 0.1 -p Hello -n 64
check 0 '{"prompt": "x", "dry_sequence_breakers": ["\n"]}' "" -- --json -p x --dry-sequence-breaker '\n'
check 0 '{}' "note: dry_sequence_breakers: 'none' cannot be sent" -- --json --dry-sequence-breaker none
check 0 '"temperature": 0.8, "top_k": 40' "note: prompt: none given" -- --json-all
check 0 '{"messages": [{"role": "user", "content": "Hi"}], "max_tokens": 32, "temperature": 0.7, "logit_bias": {"15": false}, "top_k": 20}' "" -- \
    --openai -p Hi -n 32 --temp 0.7 -l 15-inf --top-k 20
check 0 "[OpenAI temperature]" "" -- --help
# Issue 17, item 1: an old paste's bare -fa or --color never costs the chain line: a warning says what arg.cpp
# 0017d6fb says and how to fix the line, the next flag is read as a flag, and the exit status is 0.
check 0 "sampler chain: logits -> logit-bias -> ?penalties" \
    "warning: -fa takes on, off or auto in arg.cpp 0017d6fb; '--ignore-eos' is none of them (its message: \"unknown value for --flash-attn: '--ignore-eos'\"; write -fa on)" -- \
    llama-cli -m m.gguf -fa --ignore-eos
check 0 "$default_line" "llama.cpp stops here, but --flash-attn does not change sampling, so the chain line follows" -- \
    llama-server --n-gpu-layers 999 --flash-attn --cont-batching
check 0 "$default_line" "warning: --color takes on, off or auto in arg.cpp 0017d6fb; '-ngl' is none of them" -- \
    llama-cli -hf Qwen/Qwen3-8B-GGUF:Q8_0 --jinja --color -ngl 99 -fa -sm row --temp 0.6 --top-k 20
check 0 "$default_line" "warning: -sm takes none, layer, row or tensor in arg.cpp 0017d6fb; 'rows' is none of them" -- -sm rows
# Sampling flags keep llama.cpp's refusals; an unknown flag stays an error, with the nearest spelling.
check 2 "" "--top-k: missing value" -- -fa --top-k
check 2 "" "unknown flag '--typ-p'; did you mean --typical?" -- --typ-p 0.9
check 2 "" "unknown flag '--repetition-penalty'; did you mean --repeat-penalty?" -- -m x --repetition-penalty 1.1
check 0 "$default_line" "note: ignored, as they do not change sampling: --color, -ngl, -fa, -sm" -- \
    llama-cli --color on -ngl 99 -fa on -sm row
# std::stof's out_of_range is refused; what llama.cpp reads loosely is read so, with a warning (issue 21); NaN,
# which llama.cpp takes, is this tool's own limit, and the message says so.
check 2 "" "--temp: '1e-40' is out of range for a float (std::stof refuses it)" -- --temp 1e-40
check 0 "sampler chain: logits -> ?penalties -> ?dry -> ?top-n-sigma -> ?top-k -> ?typical -> ?top-p -> min-p" \
    "warning: --top-k '0.0': llama.cpp reads 0 (std::stoi stops at '.'); write --top-k 0" -- \
    llama-server --temp 1.0 --top-p 1.0 --top-k 0.0
check 0 "$default_line" "warning: --seed '4294967296': llama.cpp reads 0 (std::stoul reads 4294967296" -- --seed 4294967296
check 0 '"dry_multiplier": 0.8}' "note: dry_allowed_length: -1 cannot be sent: llama-server takes 0 and up" -- \
    --json -p x --dry-multiplier 0.8 --dry-allowed-length -1
check 2 "" "-l: the bias 'nan' of '15+nan' is NaN: llama.cpp would take it, but this workbench's samplers cannot compute with NaN" -- -l 15+nan
# What the chain builder refuses is refused before anything is printed, naming the flag.
check 2 "" "--mirostat-ent: inf is refused: mirostat_tau must be finite when mirostat is on" -- \
    --json --mirostat 2 --mirostat-ent inf
check 2 "" "--mirostat-lr: -inf is refused: mirostat_eta must be finite" -- --mirostat 1 --mirostat-lr -inf
check 2 "" "--mirostat-ent: 3e+38 is refused: mirostat_tau must be finite when mirostat is on, and 2 * tau too" -- \
    --mirostat 2 --mirostat-ent 3e38 --explain
# Bodies the server needs completing say so; -sys and -f are carried into them.
check 0 '{"temperature": 0.7}' "note: messages: none given (-p, -sys)" -- --openai --temp 0.7
check 0 '{"messages": [{"role": "system", "content": "be nice"}, {"role": "user", "content": "hi"}]}' "" -- \
    --openai -sys "be nice" -p hi
printf 'Say\\thi\n' >"$tmp/prompt.txt"
check 0 '{"prompt": "Say\thi", "n_predict": 5}' "" -- --json -f "$tmp/prompt.txt" -n 5
check 2 "" "-f: cannot read '" -- --json -f "$tmp/no-such-file.txt"
# A Windows program word.
check 0 "$default_line" "note: ignored, as it does not change sampling: --port" -- \
    'C:\llama\llama-server.exe' -m model.gguf --port 8080
check 2 "" "-p: llama-server does not take it" -- llama-server.exe -p Hi --openai
# Second newcomer's findings. 2: nothing is cut; past the limit, exit 2 and the limit named.
head -c 70000 /dev/zero | tr '\0' a >"$tmp/long.txt"
check 2 "" "-f: '$tmp/long.txt' is longer than 65535 bytes (this tool's limit; arg.cpp 0017d6fb has none)" -- \
    --json -f "$tmp/long.txt"
check 2 "" "is 1024 bytes (at most 1023 here: this tool's limit; arg.cpp 0017d6fb has none)" -- --json -p x -r "$(head -c 1024 "$tmp/long.txt")"
check 2 "" "is 65536 bytes (at most 65535 here: this tool's limit; arg.cpp 0017d6fb has none)" -- --openai -sys "$(head -c 65536 "$tmp/long.txt")"
check 0 '"stop": ["sss' "" -- --json -p x -r "$(head -c 300 /dev/zero | tr '\0' s)"
# Third newcomer, item 5: past this tool's limit llama.cpp goes on (arg.cpp 0017d6fb has none), and the warning
# says so.
check 0 "$default_line" "(at most 65535 here: this tool's limit; arg.cpp 0017d6fb has none); llama.cpp goes on, and -p does not change" -- \
    -p "$(head -c 70000 "$tmp/long.txt")"
# 3: a grammar, a JSON schema and a reasoning budget change sampling outside the chain line: named as such.
check 0 "$default_line" "note: not in the chain line, though they change sampling (a grammar, a JSON schema or a reasoning budget): --json-schema, --grammar-file" -- \
    -p x --json-schema '{"type":"object"}' --grammar-file g
check 0 '{"prompt": "x"}' "note: --json-schema, --grammar-file: they change sampling (outside the chain) but are not carried in this body" -- \
    --json -p x --json-schema '{"type":"object"}' --grammar-file g
# Issue 21: a setting no stage reads is named with its value, the reason and the fix, as a note (the chain line
# follows, exit 0), in --explain under the stages, and for a body, which the server reads the same way.
check 0 "sampler chain: logits -> temp -> mirostat-v2" "note: --repeat-penalty 1.1 does nothing: with --mirostat 2, llama.cpp ignores the sampler list" -- \
    --mirostat 2 --repeat-penalty 1.1
check 0 "--repeat-penalty 1.05 does nothing: penalties is not in --samplers (top_k;top_p;min_p;temperature), and a sampler left out of the list is off" \
    "note: --repeat-penalty 1.05 does nothing" -- --samplers "top_k;top_p;min_p;temperature" --repeat-penalty 1.05 --explain
check 0 '{"prompt": "x", "top_k": 20, "mirostat": 2}' "note: --top-k 20 does nothing: with --mirostat 2" -- --json -p x --mirostat 2 --top-k 20
check 0 "$default_line" "note: --mirostat-lr 0.2 does nothing: only mirostat reads it, and mirostat is off" -- --mirostat-lr 0.2
# Issue 21: the reasoning budget changes sampling outside the chain line (reference section 2), never "ignored".
check 0 "$default_line" "note: not in the chain line, though it changes sampling (a grammar, a JSON schema or a reasoning budget): --reasoning-budget" -- \
    llama-server -m m.gguf --reasoning-budget 100
# Fourth newcomer, finding 2: a budget below 0 is no budget (reference section 5: llama.cpp's earlier chain built
# the sampler only for a budget of 0 or more), so the flag does not change sampling; one flag is "it".
check 0 "$default_line" "note: ignored, as it does not change sampling: --reasoning-budget" -- \
    llama-server -m m.gguf --reasoning-budget -1
check 0 "$default_line" "note: ignored, as it does not change sampling: --reasoning-budget" -- --reasoning-budget -1
check 0 '{"prompt": "x"}' "note: --grammar: it changes sampling (outside the chain) but is not carried in this body" -- \
    --json -p x --grammar g
check 2 "" "--reasoning-budget takes a whole number in arg.cpp 0017d6fb; 'abc' is not one" -- --reasoning-budget abc
# Issue 23: adaptive-p's flags are settings: no note, carried in bodies and read back with llama-server's limits.
check 0 "sampler chain: logits -> top-k -> adaptive-p" "" -- --samplers "top_k;adaptive_p" --adaptive-target 0.5
check 0 '{"prompt": "x", "adaptive_target": 0.5, "adaptive_decay": 0.99, "samplers": ["min_p", "adaptive_p"]}' \
    "note: adaptive_decay: 1.5 is sent as 0.99" -- --json -p x --samplers "min_p;adaptive_p" --adaptive-target 0.5 --adaptive-decay 1.5
check 2 "" "--adaptive-target: inf is refused: adaptive_target must not be +inf" -- --adaptive-target inf
# Issues 21 and 23: adaptive-p's settings without adaptive_p in the list do nothing, and a note says so.
check 0 "$default_line" "note: --adaptive-target 0.5 does nothing: adaptive_p is not in llama.cpp's default sampler list" -- \
    --adaptive-target 0.5
printf '{"prompt": "x", "samplers": "ma", "adaptive_target": 0.4, "adaptive_decay": 0.5}' >"$tmp/adaptive.json"
check 0 "llama-server --adaptive-target 0.4 --adaptive-decay 0.5 --samplers 'min_p;adaptive_p'" "" -- --from-json "$tmp/adaptive.json"
printf '{"prompt": "x", "adaptive_decay": 1}' >"$tmp/adaptive.json"
check 2 "" "adaptive_decay: llama-server answers 400: \"Field 'adaptive_decay': Value must be between 0.000000 <= value <= 0.990000, but got 1.000000\"" -- \
    --from-json "$tmp/adaptive.json"
n_err=$("$bin" -p x --grammar g -c 8 2>&1 >/dev/null | grep -c "does not change sampling: -c$")
[ "$n_err" -eq 1 ] && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "test_cli.sh: --grammar named as not changing sampling"; }
# 4: a window of -1 off in the chain line is sent as 0, off, in the body.
check 0 '{"prompt": "x", "repeat_last_n": 0, "repeat_penalty": 1.1}' "repeat_last_n: -1 is sent as 0 (off, as current libllama clamps it" -- \
    --json -p x --repeat-penalty 1.1 --repeat-last-n -1
# 7: -l reads blanks around the sign as llama.cpp; a second sign is read as llama.cpp reads it, with a warning.
check 0 '"logit_bias": [[15, -5], [15, -5]]' "" -- --json -p x -l "15- 5" -l "15 -5"
check 0 '"logit_bias": [[15, 3]]' "warning: -l '15--3': llama.cpp reads 15+3 (std::stof takes the second sign); write -l 15+3" -- \
    --json -p x -l 15--3
# 8: one output at a time.
check 2 "" "--json-all: choose one of --json, --json-all and --openai (--openai was given)" -- --openai -p x --json-all
check 2 "" "--openai: choose one of --json, --json-all and --openai (--json was given)" -- --json --openai
# 12: a bare -fa last; a whole command line in one argument; the program word in any case.
check 0 "$default_line" "-fa: missing value (arg.cpp 0017d6fb: \"expected value for argument\"; write -fa on)" -- \
    llama-cli -m x -fa
check 2 "" "unknown flag 'llama-server --temp 0.7' (one argument holds a whole command line: remove the quotes around it)" -- \
    "llama-server --temp 0.7"
check 0 "$default_line" "note: ignored, as it does not change sampling: --port" -- LLAMA-SERVER --port 8080
# Newcomer review of Example 11, finding 2: a multi-line command line pasted as one line with its backslashes (the
# shell reads "\ " as a blank joined to the next word; another shell keeps '\' alone), and '--', which arg.cpp
# 0017d6fb does not take either: each named, with what llama.cpp says and how to paste it.
check 2 "" "' --temp' begins with a blank: a command line of several lines, each ending in '\\', pasted as one line leaves '\\ ' before the next word, which the shell reads as a blank belonging to that word (arg.cpp 0017d6fb stops there: \"error: invalid argument:  --temp\"); paste the lines as they were, each '\\' last on its line, or write one line without the '\\'s" -- \
    llama-server -m x.gguf \ --temp 0.7 \ --top-k 40
# Newcomer review, finding 1: an argument of blanks alone is a '\' followed by a blank at a line's end.
check 2 "" "' ' is only blanks: a line of a pasted command line ends in '\\' and a blank, or" -- \
    llama-server -m x.gguf \  --temp 0.7
check 2 "" "' ' is only blanks" -- --temp 0.5 ' '
check 2 "" "'\\' is a line continuation: a command line of several lines ends each line but the last with '\\', and pasted as one line each '\\' stays, an argument of its own (arg.cpp 0017d6fb stops there: \"error: invalid argument: \\\")" -- \
    llama-server -m x.gguf '\' --temp 0.7 '\' --top-k 40
check 2 "" "'\\' is a line continuation" -- '\' --temp 0.7
check 2 "" "'--' is not a flag: llama.cpp's command line has no '--' to end its flags (arg.cpp 0017d6fb stops there: \"error: invalid argument: --\"); drop it" -- \
    -- llama-server --temp 0.7
check 2 "" "'--' is not a flag" -- llama-server --temp 0.7 --
check 2 "" "(one argument holds a whole command line: remove the quotes around it, and the '\\' of each line continuation)" -- \
    'llama-server -m x.gguf \ --temp 0.7'
check 0 "$default_line" "warning: -ngl: arg.cpp 0017d6fb reads '99.5' as 99 (std::stoi; ignored here, so not refused)" -- -ngl 99.5
check 0 "$default_line" "note: ignored, as it does not change sampling: -c" -- -c 0 --repeat-last-n -1
# 13: \x00 stays as typed, and a warning says so.
check 0 '{"prompt": "\\x00 nul"}' "warning: -p: \x00 is kept as the 4 characters typed; arg.cpp 0017d6fb's escapes would put a NUL byte there" -- \
    --json -p '\x00 nul'
# Third newcomer, item 1: flags only older llama.cpp took never cost the chain line (exit 0), and the ./main
# warning is printed with them; one that changed sampling warns that the chain is current llama.cpp's.
check 0 "sampler chain: logits -> penalties -> ?dry" "warning: './main' is read as llama-completion: older llama.cpp's programs had this name before their 2024 renaming (not checked: this workbench's reference does not cover older llama.cpp)" -- \
    ./main -m m.bin --color -ins -b 256 --top_k 10000 --temp 0.2 --repeat_penalty 1.1 -t 7
check 0 "$default_line" "warning: --chatml: older llama.cpp's ChatML mode (not checked: this workbench's reference does not cover older llama.cpp), which arg.cpp 0017d6fb does not have" -- \
    --chatml -gqa 8 -eps 1e-5
check 0 "$default_line" "warning: --cfg-scale 1.5: older llama.cpp's classifier-free guidance scale (not checked: this workbench's reference does not cover older llama.cpp), which changed" -- \
    --cfg-scale 1.5
check 0 '{"prompt": "x"}' "warning: -ins: older llama.cpp's instruction mode" -- --json -p x -ins
check 2 "" "--top-k: missing value" -- ./main -ins --top-k
# Item 3: -bs is not ignored: a note says which stages run on the GPU (issue 27: by the prefix rule of reference
# section 2), and a grammar turns it off; a body's grammar too.
check 0 "$default_line" "note: -bs: here top-k, top-p, min-p, temp-ext and dist run on the GPU" -- llama-server -bs
check 0 "sampler chain: logits -> dry -> top-k -> dist" "note: -bs: dry, the first stage that acts, has no backend version" -- \
    --samplers "dry;top_k" -bs --dry-multiplier 0.8
echo '{"prompt": "x", "backend_sampling": true, "grammar": "root ::= \"a\""}' >"$tmp/grammar.json"
check 0 "-bs" "note: -bs: with a grammar (grammar), llama.cpp turns backend sampling off" -- --from-json "$tmp/grammar.json"
n_err=$("$bin" -bs -c 8 2>&1 >/dev/null | grep -c "ignored, as it does not change sampling: -c$")
[ "$n_err" -eq 1 ] && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "test_cli.sh: -bs named as ignored"; }
# Issue 17, item 5: --from-json reads a body back: its chain line, then the flags that give the same chain.
# pipe FLAGS... : the --json body of FLAGS through --from-json -, and the flags it prints pasted back, must give
# the chain line of FLAGS; the same through --openai.
pipe() {
    want=$("$bin" "$@" 2>/dev/null | head -n 1)
    for body in --json --openai; do
        "$bin" "$@" "$body" -p x 2>/dev/null >"$tmp/body.json"
        "$bin" --from-json - <"$tmp/body.json" >"$tmp/back" 2>"$tmp/back.err"
        got=$(head -n 1 "$tmp/back")
        flags=$(sed -n 2p "$tmp/back")
        again=$(eval "\"\$bin\" $flags" 2>/dev/null | head -n 1)
        if [ "$got" = "$want" ] && [ "$again" = "$want" ] && [ -n "$want" ]; then
            passed=$((passed + 1))
        else
            failed=$((failed + 1))
            echo "test_cli.sh: pipe $body $*: '$want', back '$got', flags '$flags' give '$again'"
            sed 's/^/    stderr: /' "$tmp/back.err"
        fi
    done
}
pipe --temp 0.7 --top-k 20 --repeat-penalty 1.1
pipe --top-p 0.99999999 --xtc-probability 0.5 --xtc-threshold 0.50000001 --dry-multiplier 0.8 --dry-base 0.99999999
pipe --samplers "top_k;temp;penalties" -l 15-inf -l 7+2 --seed 5 --dry-sequence-breaker "it's" --dry-sequence-breaker '\n'
pipe --mirostat 2 --mirostat-ent 3 --temp 0.7 --ignore-eos
pipe --repeat-last-n -1 --repeat-penalty 1.1 --min-p 1.5 --sampler-seq kmt --top-n-sigma 0x1p-149
# Fourth newcomer, finding 7: -bs goes into the body as backend_sampling, and comes back as -bs.
check 0 '{"prompt": "x", "top_k": 20, "backend_sampling": true}' "" -- --json -p x -bs --top-k 20
"$bin" --json -p x -bs --top-k 20 2>/dev/null | "$bin" --from-json - >"$tmp/back" 2>&1
grep -qx "llama-server --top-k 20 -bs" "$tmp/back" && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "test_cli.sh: -bs not read back"; }
printf '{"prompt": "x", "temperature": 0.7, "top_k": 20}' >"$tmp/body.json"
check 0 "llama-server --temp 0.7 --top-k 20" "" -- --from-json "$tmp/body.json"
printf '{"prompt": "x", "min_p": 1.5, "logit_bias": {"hello": -5}}' >"$tmp/body.json"
check 0 "llama-server --min-p 1 -l -1-5" "note: min_p: 1.5 is clamped to 1 by llama-server" -- --from-json "$tmp/body.json"
check 0 "sampler chain: logits -> logit-bias" 'note: logit_bias: "hello" is a string: llama-server tokenizes it' -- \
    --from-json "$tmp/body.json"
# Review final4, finding 6: a string's quote shown as \", as its backslash is \\, in the note and in --explain.
printf '%s' '{"prompt": "x", "logit_bias": [["a\"b\\nc", false]]}' >"$tmp/body.json"
check 0 "sampler chain: logits -> logit-bias" 'note: logit_bias: "a\"b\\nc" is a string: llama-server tokenizes it' -- \
    --from-json "$tmp/body.json"
check 0 'adds to each token of the string "a\"b\\nc" -inf' 'note: logit_bias: "a\"b' -- --from-json "$tmp/body.json" --explain
# Review final4, finding 4: a body field that does nothing names the request as its source, as the model's keys
# beside it name the model.
printf '%s' '{"prompt":"hi","samplers":["min_p"],"top_p":0.5}' >"$tmp/body.json"
check 0 "sampler chain: logits -> min-p -> dist" "note: top_p 0.5 (the request's top_p; --top-p 0.5 in the flags line) does nothing: top_p is not in samplers ([\"min_p\"])" -- \
    llama-server -m build/demo.gguf --from-json "$tmp/body.json"
# Fourth newcomer, finding 7: a --json-all body read back draws no note for the defaults it sends (only the one
# line that says its flags line, llama-server alone, is what it is: newcomer review of Example 11, finding 4).
"$bin" --json-all -p x 2>/dev/null | "$bin" --from-json - >"$tmp/back" 2>"$tmp/back.all"
grep -vxF "11_sampler_chain: note: the flags line is llama-server alone: started with no sampling flag, llama-server builds this same chain line" \
    "$tmp/back.all" >"$tmp/back.err"
[ ! -s "$tmp/back.err" ] && [ -s "$tmp/back.all" ] && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "test_cli.sh: --json-all read back:"; sed 's/^/    /' "$tmp/back.err"; }
# Fourth newcomer, finding 4: a logit_bias key given twice counts once, with its last bias; review 27, finding 22:
# said, as a key of the body given twice is.
printf '{"prompt": "x", "logit_bias": {"15": false, "15": 1}}' >"$tmp/body.json"
check 0 "llama-server -l 15+1" "warning: \"15\" in \"logit_bias\" is given twice: llama-server's JSON reader (nlohmann::json) keeps the last, 1; the earlier one is dropped" -- \
    --from-json "$tmp/body.json"
check 0 "logit-bias: before every other stage, adds to 1 logit: token 15 +1.0 (Example 6)" "is given twice" -- \
    --from-json "$tmp/body.json" --explain
printf '{"prompt": "x", "temperature": 0.7, "temperature": 0.2}' >"$tmp/twice.json"
check 0 "llama-server --temp 0.2" "warning: \"temperature\" is given twice: llama-server's JSON reader (nlohmann::json) keeps the last, 0.2; the earlier one is dropped" -- \
    --from-json "$tmp/twice.json"
# The other flags are the server's own defaults; --explain goes with it.
printf '{"prompt": "x", "top_k": 5}' >"$tmp/body.json"
check 0 "llama-server --temp 0.6 --top-k 5" "" -- llama-server --temp 0.6 --from-json "$tmp/body.json"
check 0 "top-k: keeps the 5 most likely tokens (Examples 12-13)" "" -- --from-json "$tmp/body.json" --explain
# Where llama-server answers 400, one line naming the field, exit 2, nothing on stdout.
printf '{"prompt": "x", "repeat_last_n": -1}' >"$tmp/bad.json"
check 2 "" "repeat_last_n: llama-server answers 400" -- --from-json "$tmp/bad.json"
printf '{"prompt": "x", "temperature": "0.7"}' >"$tmp/bad.json"
check 2 "" "temperature: llama-server answers 400: \"Field 'temperature': [json.exception.type_error.302] type must be number, but is string\"" -- \
    --from-json "$tmp/bad.json"
printf '{"prompt": "x",\n  "top_k": 40,,\n}' >"$tmp/bad.json"
check 2 "" "the body in '$tmp/bad.json' is not JSON (line 2, column 15: expected a member's key" -- --from-json "$tmp/bad.json"
# A body pasted in place of its file's name: the hint says FILE is a file, with the command that pipes it (the
# line's other words as typed; printf for a body with a backslash, which some echo reads), naming the program as it
# runs from the top directory (build/bin/11_sampler_chain), so that pasted it runs. curl's names for sending a body,
# and --body, suggest --from-json (arg.cpp 0017d6fb has no -d), with the body itself when it is the next word.
# ran_pasted: the command after "standard input: " in $tmp/err (a closing ')' dropped), run by sh with this build's
# program, prints a chain line: the hint runs as pasted.
ran_pasted() {
    pasted=$(sed -n 's/.*standard input: //p' "$tmp/err" | sed 's/)$//; s|build/bin/11_sampler_chain|'"$bin"'|')
    if sh -c "$pasted" 2>/dev/null | grep -q '^sampler chain: '; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "test_cli.sh: the hint's command does not run: $pasted"
    fi
}
check 2 "" "11_sampler_chain: --from-json: cannot read '{\"temperature\":0.5}': No such file or directory; it looks like a JSON body, and --from-json takes a FILE, or - for standard input: echo '{\"temperature\":0.5}' | build/bin/11_sampler_chain --from-json -" -- \
    --from-json '{"temperature":0.5}'
ran_pasted
check 2 "" "it looks like a JSON body, and --request takes a FILE, or - for standard input: echo ' {\"prompt\": \"it'\\''s\"}' | build/bin/11_sampler_chain llama-server --temp 0.6 --request - --seed 7" -- \
    llama-server --temp 0.6 --request ' {"prompt": "it'"'"'s"}' --seed 7
ran_pasted
check 2 "" "for standard input: printf '%s\\n' '{\"prompt\": \"a\\nb\"}' | build/bin/11_sampler_chain --from-json -" -- --from-json '{"prompt": "a\nb"}'
check 2 "" "11_sampler_chain: --from-json: cannot read '$tmp/none.json': No such file or directory" -- --from-json "$tmp/none.json"
grep -q "looks like" "$tmp/err" && { failed=$((failed + 1)); echo "test_cli.sh: a file's name taken for a body"; } \
    || passed=$((passed + 1))
for f in --body -d --data --data-raw; do
    check 2 "" "unknown flag '$f'; did you mean --from-json? (it takes a FILE holding the body, or - for standard input: echo '{\"temperature\":0.5}' | build/bin/11_sampler_chain --from-json -)" -- \
        $f '{"temperature":0.5}'
done
ran_pasted
check 2 "" "unknown flag '-d'; did you mean --from-json? (it takes a FILE holding the body, or - for standard input: echo '{\"top_k\":3}' | build/bin/11_sampler_chain llama-server --temp 1 --from-json - --seed 7)" -- \
    llama-server --temp 1 -d '{"top_k":3}' --seed 7
ran_pasted
check 2 "" "unknown flag '--body'; did you mean --from-json? (it takes a FILE holding the body, or - for standard input: echo '{...}' | build/bin/11_sampler_chain --from-json -)" -- \
    --body body.json
printf '{"messages": [{"role": "user"}]}' >"$tmp/bad.json"
check 2 "" "messages: llama-server answers 400: \"All non-assistant messages must contain 'content'\"" -- \
    --from-json "$tmp/bad.json"
printf '\377\376' >"$tmp/bad.json"
check 2 "" "the body in '$tmp/bad.json' is not JSON (line 1, column 1: unexpected byte \\xff" -- --from-json "$tmp/bad.json"
awk 'BEGIN { s = ""; for (i = 0; i < 300; i++) s = "[" s "]"; print s }' >"$tmp/deep.json"
check 2 "" "the body in '$tmp/deep.json' is not read here (line 1, column 257: nested deeper than 256 levels, this tool's limit; nlohmann::json" -- \
    --from-json "$tmp/deep.json"
check 2 "" "--from-json: cannot read '$tmp/no-such.json': No such file or directory" -- --from-json "$tmp/no-such.json"
# Issue 27, item 11: the system's reason, standard input by name, one body at a time, --request as --from-json.
check 2 "" "--request: cannot read '$tmp': Is a directory" -- --request "$tmp"
check 2 "" "--request: a second body, '$tmp/b.json', after standard input (--from-json): this tool reads one request" -- \
    --from-json - --request "$tmp/b.json"
check 2 "" "--from-json: a second body, standard input, after '$tmp/a.json' (--from-json)" -- \
    --from-json "$tmp/a.json" --from-json -
echo '{"prompt": "x", "top_k": 5}' | "$bin" --request - >"$tmp/back" 2>&1
grep -qF "llama-server --top-k 5" "$tmp/back" && passed=$((passed + 1)) \
    || { failed=$((failed + 1)); echo "test_cli.sh: --request - is not read as --from-json -"; cat "$tmp/back"; }
check 2 "" "--request: the body holds the prompt or messages" -- --request - -p x </dev/null
# A breaker over 40 bytes is cut with llama.cpp's warning, on the command line and in a body (reference 4.3).
long=aaaaaaaaaabbbbbbbbbbccccccccccddddddddddeeeee
check 0 '"dry_sequence_breakers": ["aaaaaaaaaabbbbbbbbbbccccccccccdddddddddd"]' \
    "warning: --dry-sequence-breaker: truncating DRY sequence breaker to 40 characters (llama.cpp's warning" -- \
    --dry-sequence-breaker "$long" --json -p x
echo "{\"prompt\": \"x\", \"dry_sequence_breakers\": [\"$long\"]}" >"$tmp/breaker.json"
check 0 "--dry-sequence-breaker aaaaaaaaaabbbbbbbbbbccccccccccdddddddddd" \
    "warning: dry_sequence_breakers: truncating DRY sequence breaker to 40 characters" -- --from-json "$tmp/breaker.json"
# A NUL in a -f or -sysf file: llama.cpp keeps the bytes (reference section 11); here the text ends there, said.
printf 'hello\000world\n' >"$tmp/nul.txt"
check 0 '{"prompt": "hello"}' "warning: -f: '$tmp/nul.txt' holds a NUL byte at offset 5 (of 12 bytes): llama.cpp reads the file whole" -- \
    --json -f "$tmp/nul.txt"
check 0 '"content": "hello"' "warning: -sysf: '$tmp/nul.txt' holds a NUL byte at offset 5" -- --openai -sysf "$tmp/nul.txt" -p hi
check 2 "" "--from-json: missing value" -- --from-json
check 2 "" "--from-json: it prints a chain line; --json prints a body instead (choose one)" -- --from-json - --json
check 2 "" "--from-json: the body holds the prompt or messages" -- --from-json - -p x </dev/null
check 2 "" "the body on standard input is not JSON (line 1, column 1: expected a value, found the end of the text)" -- --from-json - </dev/null
# Issue 17, item 6: --explain, one line per stage under the chain line, then the OpenAI names.
check 0 "penalties: repeat 1.1 over the last 64 tokens: divides a positive logit, multiplies one at or below 0 (Examples 1-4)" "" -- \
    --repeat-penalty 1.1 --explain
check 0 "?typical: typical_p 1.0 is off (Example 7)" "" -- --explain
check 0 "OpenAI names: temperature 0.7 (llama.cpp's temp)" "" -- --explain --temp 0.7
# the chain line, 10 stages, 2 OpenAI lines, and the line of the values at llama.cpp's defaults (issue 27)
[ "$("$bin" --explain | wc -l)" -eq 14 ] && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "test_cli.sh: --explain lines"; }
check 2 "" "--explain: it prints a chain line; --openai prints a body instead (choose one)" -- --explain --openai

# Issue 27: the layers under a request. GGUF files written here byte by byte (the format of the reference's
# section 11, little-endian): le N BYTES writes N in BYTES bytes, gstr S a GGUF string.
le() { n=$1 k=$2; while [ "$k" -gt 0 ]; do printf "\\$(printf %03o $((n % 256)))"; n=$((n / 256)); k=$((k - 1)); done; }
gstr() { le ${#1} 8; printf %s "$1"; }
# demo.gguf: general.name "Demo 1B", general.sampling.top_k 20 (int32) and .temp 0.7 (float32, 0x3f333333),
# written by lib/cli/demo_gguf.sh; make writes the README's (build/demo.gguf) with it, as a fresh clone's make
# does (review 27, finding 13): it is there, the same bytes, before this test runs.
sh lib/cli/demo_gguf.sh "$tmp/demo.gguf"
cmp -s "$tmp/demo.gguf" "${BUILD:-build}/demo.gguf" && passed=$((passed + 1)) \
    || { failed=$((failed + 1)); echo "test_cli.sh: make did not write ${BUILD:-build}/demo.gguf (lib/cli/demo_gguf.sh)"; }
{ printf GGUF; le 3 4; le 0 8; le 1 8; gstr general.sampling.sequence; le 8 4; gstr "top_k;min_p"; } >"$tmp/seq.gguf"
# want WORDS... -- LINE: the --explain of WORDS holds LINE as a whole line (the layers' value lines).
want() {
    eval "line=\${$#}"
    n=$(($# - 2))
    args=""
    i=0
    for w in "$@"; do
        i=$((i + 1))
        [ $i -le $n ] || break
        args="$args '$w'"
    done
    if eval "\"\$bin\" $args --explain" 2>/dev/null | grep -qxF -- "$line"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "test_cli.sh: 11_sampler_chain$args --explain: no line '$line'"
        eval "\"\$bin\" $args --explain" 2>&1 | grep '^value' | sed 's/^/    /'
    fi
}
# Review final2, finding 6: a body's float below float's smallest (0), subnormal, or past its range (a bias); a
# subnormal is written as its exact decimal, which std::stof takes (a decimal that is not exact is ERANGE).
exact=9.99994610111475958152591905227349949604220526961919185041279068749432712426283842432894743978977203369
exact=${exact}140625e-41
for body in '"temperature": 1e-50' '"temperature": 1e-40' '"logit_bias": [[16, 1e39]]'; do
    printf '{"prompt": "x", %s}' "$body" >"$tmp/tiny.json"
    case $body in
    *1e-50*) line="llama-server --temp 0"
        note="temperature: 1e-50 is below float's smallest (about 1.4e-45): llama-server's float field holds 0" ;;
    *1e-40*) line="llama-server --temp $exact"
        note="temperature: 1e-40 is below float's smallest normal (about 1.2e-38): llama-server's float field"\
" holds $exact, a subnormal float" ;;
    *) line="llama-server -l 16+inf"
        note="logit_bias: [16, 1e39]: 1e39 is past float's range (at most about 3.4e38): llama-server's float field"\
" holds inf" ;;
    esac
    check 0 "$line" "$note" -- --from-json "$tmp/tiny.json"
done
check 0 "logits -> ?penalties" "" -- llama-server --temp "$exact"
# Review final2, finding 3: a body's empty or all-skipped logit_bias still replaces the server's -l, and says so.
for bias in '[]' '{}' '[[16]]'; do
    printf '{"prompt": "x", "logit_bias": %s}' "$bias" >"$tmp/empty-bias.json"
    want llama-server -l 15+1 --from-json "$tmp/empty-bias.json" -- \
        "value: logit_bias (no entry) from the request replaces -l (1 entry) from the server"
done
printf '[*]\ntemp = 0.5\nmin-p = 0.1\n\n[demo]\nmodel = %s\ntemperature = 0.3\n\n[demo2]\nmodel = %s\ntop-k = 30\n' \
    "$tmp/demo.gguf" "$tmp/demo.gguf" >"$tmp/p.ini"
echo '{"messages": [{"role": "user", "content": "hi"}], "temperature": 1}' >"$tmp/t1.json"
# The precedence of section 11, each case worked out by hand: the request over the server's flag,
want llama-server --temp 0.6 --from-json "$tmp/t1.json" -- "value: temperature 1.0 from the request replaces --temp 0.6 from the server"
# the router's flag over the preset ([*] alone: no model chosen),
want llama-server --models-preset "$tmp/p.ini" --temp 0.9 -- "value: temperature 0.9 from --temp replaces temp 0.5 from the preset's [*]"
# the model's section over [*],
want llama-server --models-preset "$tmp/p.ini" --preset-model demo -- \
    "value: temperature 0.3 from the preset $tmp/p.ini, section [demo], key temperature replaces temp 0.5 from the preset's [*]"
want llama-server --models-preset "$tmp/p.ini" --preset-model demo -- "value: min_p 0.1 from the preset $tmp/p.ini, section [*], key min-p"
# the preset over the GGUF (the section's model), and the GGUF over llama.cpp's default,
want llama-server --models-preset "$tmp/p.ini" --preset-model demo2 -- \
    "value: top_k 30 from the preset $tmp/p.ini, section [demo2], key top-k replaces general.sampling.top_k 20 from the model"
want llama-server --models-preset "$tmp/p.ini" --preset-model demo -- "value: top_k 20 from the model's general.sampling.top_k ($tmp/demo.gguf)"
want llama-server -m "$tmp/demo.gguf" -- "value: top_k 20 from the model's general.sampling.top_k ($tmp/demo.gguf)"
want llama-server -m "$tmp/demo.gguf" --temp 0.6 -- "value: temperature 0.6 from --temp replaces general.sampling.temp 0.7 from the model"
# Review 27, finding 14: llama-completion's line and older llama.cpp's ./main's leave the model's keys out,
# saying why (reference section 11: earlier builds ignored them; of llama-completion it says nothing).
want llama-completion -m "$tmp/demo.gguf" -- "values at llama.cpp's defaults: temperature 0.8, top_k 40, top_p 0.95, min_p 0.05, typical_p 1.0, repeat_penalty 1.0, repeat_last_n 64, presence_penalty 0.0, frequency_penalty 0.0, dry_multiplier 0.0, dry_base 1.75, dry_allowed_length 2, dry_penalty_last_n 64, dry_sequence_breakers (4), xtc_probability 0.0, xtc_threshold 0.1, top_n_sigma -1.0, dynatemp_range 0.0, dynatemp_exponent 1.0, mirostat 0, samplers penalties;dry;top_n_sigma;top_k;typ_p;top_p;min_p;xtc;temperature, seed -1 (random), min_keep 0"
check 0 "$default_line" "which the chain line here leaves out: older llama.cpp's main, named before the 2024 renaming, ignored them" -- \
    ./main -m "$tmp/demo.gguf"
# and the request's model field picks the section, as the router picks it;
echo '{"model": "demo", "prompt": "x", "top_k": 5}' >"$tmp/t2.json"
want llama-server --models-preset "$tmp/p.ini" --from-json "$tmp/t2.json" -- \
    "value: top_k 5 from the request replaces general.sampling.top_k 20 from the model"
# --sampler-seq does not keep a GGUF sequence out, --samplers does (section 3).
want -m "$tmp/seq.gguf" --sampler-seq kt -- \
    "value: samplers top_k;min_p from the model's general.sampling.sequence ($tmp/seq.gguf) replaces --sampler-seq top_k;temperature from the command line"
want -m "$tmp/seq.gguf" --samplers "top_k;temperature" -- \
    "value: samplers top_k;temperature from --samplers replaces general.sampling.sequence top_k;min_p from the model"
# The notes on settings no stage reads name a model's value as the model's key.
{ printf GGUF; le 3 4; le 0 8; le 1 8; gstr general.sampling.mirostat; le 5 4; le 2 4; } >"$tmp/miro.gguf"
check 0 "sampler chain: logits -> temp -> mirostat-v2" "note: --top-k 20 does nothing: with mirostat 2 (the model's general.sampling.mirostat), llama.cpp ignores the sampler list" -- \
    -m "$tmp/miro.gguf" --top-k 20
check 0 "sampler chain: logits -> top-k -> min-p -> dist" "note: --repeat-penalty 1.2 does nothing: penalties is not in the model's general.sampling.sequence (top_k;min_p), and a sampler left out of the list is off; add penalties to the list with --samplers to use it" -- \
    -m "$tmp/seq.gguf" --sampler-seq kt --repeat-penalty 1.2
# A model's own value that its own sequence leaves no stage for is named too, as the model's key (newcomer review).
{ printf GGUF; le 3 4; le 0 8; le 2 8; gstr general.sampling.sequence; le 8 4; gstr "top_k;min_p"
  gstr general.sampling.penalty_repeat; le 6 4; le 1066192077 4; } >"$tmp/seqpen.gguf"     # float32 1.1
check 0 "sampler chain: logits -> top-k -> min-p -> dist" "note: repeat_penalty 1.1 (the model's general.sampling.penalty_repeat) does nothing: penalties is not in the model's general.sampling.sequence (top_k;min_p), and a sampler left out of the list is off; add penalties to the list with --samplers to use it" -- \
    -m "$tmp/seqpen.gguf"
# A preset's keys: the ';' cut, a key matched exactly (top_p is none), an environment variable, [*] alone.
printf '[*]\nsamplers = top_k;top_p\nLLAMA_ARG_TOP_K = 5\n' >"$tmp/cut.ini"
check 0 "sampler chain: logits -> top-k -> dist" "warning: $tmp/cut.ini: line 2: samplers: the value stops at the ';'" -- \
    llama-server --models-preset "$tmp/cut.ini"
want llama-server --models-preset "$tmp/cut.ini" -- "value: top_k 5 from the preset $tmp/cut.ini, section [*], key LLAMA_ARG_TOP_K"
check 0 "$default_line" "note: --models-preset $tmp/p.ini: no model chosen" -- llama-server --models-preset "$tmp/p.ini"
# A line's first byte is shown escaped as the line is ('\xff'), never raw: the message stays ASCII.
printf '\377\376[*]\ntemp = 0.5\n' >"$tmp/bom16.ini"
check 2 "" "line 1: '\\xff\\xfe[*]': a line cannot start with '\\xff' (a line is a [section]" -- \
    llama-server --models-preset "$tmp/bom16.ini"
LC_ALL=C grep -q "$(printf '[\200-\377]')" "$tmp/err" && { failed=$((failed + 1)); echo "test_cli.sh: a raw byte in: $(cat "$tmp/err")"; } \
    || passed=$((passed + 1))
# Newcomer review of Example 11's messages, finding 2: the ';' cut leaves [demo] top_k alone, so the model's temp
# 0.7 does nothing; the flags line writes it, --temp 0.7, as it writes a typed --temp no stage reads (and pasting
# the line gives that flag's note), so the note names it as the line writes it; a key of the preset the same.
printf '[demo]\nmodel = %s\nsamplers = top_k;min_p;temperature\n[keys]\ntemp = 0.7\nsamplers = top_k\n' "$tmp/demo.gguf" >"$tmp/demo_cut.ini"
echo '{"model": "demo", "prompt": "x"}' >"$tmp/demo_cut.json"
check 0 "llama-server --temp 0.7 --top-k 20 --samplers top_k" "note: temperature 0.7 (the model's general.sampling.temp; --temp 0.7 in the flags line) does nothing: temperature is not in the preset $tmp/demo_cut.ini's [demo] samplers (top_k), and a sampler left out of the list is off; add temperature to the list to use it" -- \
    llama-server --models-preset "$tmp/demo_cut.ini" --from-json "$tmp/demo_cut.json"
echo '{"model": "keys", "prompt": "x"}' >"$tmp/demo_cut.json"
check 0 "llama-server --temp 0.7 --samplers top_k" "note: temperature 0.7 ($tmp/demo_cut.ini, [keys], key temp; --temp 0.7 in the flags line) does nothing" -- \
    llama-server --models-preset "$tmp/demo_cut.ini" --from-json "$tmp/demo_cut.json"
check 0 "sampler chain: logits -> top-k -> dist" "note: --temp 0.7 does nothing: temperature is not in --samplers (top_k)" -- \
    llama-server --temp 0.7 --top-k 20 --samplers top_k
printf '[*]\ntemp = 0.5\n\n[qwen]\ntop_p = 0.9\n' >"$tmp/top_p.ini"
check 2 "" "$tmp/top_p.ini: line 5: 'top_p' is not a flag's name or environment variable" -- llama-server --models-preset "$tmp/top_p.ini"
grep -qF "option 'top_p' not recognized in preset 'qwen'" "$tmp/err" && passed=$((passed + 1)) \
    || { failed=$((failed + 1)); echo "test_cli.sh: top_p.ini: no llama.cpp message"; cat "$tmp/err"; }
# Item 7: bad input gets a message naming the file and the offset or line, and no chain line.
printf 'GGUF\003\000' >"$tmp/short.gguf"
check 2 "" "$tmp/short.gguf: offset 4: " -- -m "$tmp/short.gguf"
printf 'GGML\003\000\000\000' >"$tmp/magic.gguf"
check 2 "" "$tmp/magic.gguf: offset 0: the magic is 47 47 4d 4c ('GGML'), not 'GGUF'" -- -m "$tmp/magic.gguf"
{ printf GGUF; le 3 4; le 0 8; le 5 8; } >"$tmp/count.gguf"
check 2 "" "$tmp/count.gguf: offset 24: " -- -m "$tmp/count.gguf"
{ printf GGUF; le 3 4; le 0 8; printf '\000\000\000\000\000\000\000\200'; } >"$tmp/huge.gguf"
check 2 "" "$tmp/huge.gguf: offset 16: " -- -m "$tmp/huge.gguf"
# Review final2, finding 12: words that were wrong. A GGUF key is no flag to drop; an unknown key is ignored here
# as in llama.cpp; a preset from the environment is named as the variable's; -inf + inf is NaN in llama.cpp.
{ printf GGUF; le 3 4; le 0 8; le 1 8; gstr general.sampling.foo; le 5 4; le 2 4; } >"$tmp/foo.gguf"
check 0 "sampler chain: " "general.sampling.foo (offset 24) is not one of the general.sampling.* keys llama.cpp's"\
" common reads: ignored here, as llama.cpp ignores it" -- -m "$tmp/foo.gguf"
check 0 "logits -> temp -> mirostat-v2" "(the model's general.sampling.top_k) does nothing: with --mirostat 2,"\
" llama.cpp ignores the sampler list: no penalties, DRY, top-k and so on, and no dynatemp (mirostat replaces the"\
" filters); give --mirostat 0 to use the list" -- -m "$tmp/demo.gguf" --mirostat 2
printf '[*]\ntemp = 0.5\n' >"$tmp/env.ini"
with_env "LLAMA_ARG_MODELS_PRESET=$tmp/env.ini" -- 0 "sampler chain: " \
    "note: LLAMA_ARG_MODELS_PRESET=$tmp/env.ini (the environment): no model chosen" -- llama-server
check 0 "token 16 -inf then +inf (in llama.cpp's float, -inf + inf is NaN, as its biases add up: reference"\
" section 4.1; this workbench keeps the token banned, -inf)" "" -- -l 16-inf -l 16+inf --explain
{ printf GGUF; le 3 4; le 0 8; le 1 8; gstr general.sampling.top_k; le 13 4; le 1 4; } >"$tmp/type.gguf"
check 2 "" "$tmp/type.gguf: offset " -- -m "$tmp/type.gguf"
{ printf GGUF; le 3 4; le 0 8; le 1 8; gstr general.x; le 9 4; le 9 4; le 1 8; } >"$tmp/arrays.gguf"
check 2 "" "$tmp/arrays.gguf: offset " -- -m "$tmp/arrays.gguf"
{ printf GGUF; le 3 4; le 0 8; le 2 8; gstr general.sampling.top_k; le 5 4; le 20 4; gstr general.sampling.top_k; le 5 4; le 30 4; } \
    >"$tmp/twice.gguf"
check 2 "" "duplicate key" -- -m "$tmp/twice.gguf"
printf '[*]\ntemp 0.5\n' >"$tmp/kind.ini"
check 2 "" "$tmp/kind.ini: line 2: " -- llama-server --models-preset "$tmp/kind.ini"
printf '[m]\nmodel = %s\n' "$tmp/no-such.gguf" >"$tmp/missing.ini"
check 2 "" "$tmp/missing.ini: line 2: [m] model $tmp/no-such.gguf: cannot read the model: No such file or directory" -- \
    llama-server --models-preset "$tmp/missing.ini" --preset-model m
check 2 "" "--props: -m goes with a server's command line, not with a saved /props" -- --props "$tmp/p.json" -m "$tmp/demo.gguf"
# Review 27, finding 3: a line with --models-preset is llama-server's, program word or not: -p is refused as
# llama-server refuses it (arg.cpp 0017d6fb), a warning for the chain line, a stop for a body; a body without a
# prompt says that a llama-server line has none to give.
printf '[*]\ntemp = 0.9\n' >"$tmp/star.ini"
check 2 "" "-p: llama-server does not take it in arg.cpp 0017d6fb" -- --models-preset "$tmp/star.ini" --json -p hi
check 0 "$default_line" "warning: --models-preset makes this a llama-server line (router mode; arg.cpp 0017d6fb gives the flag to llama-server alone), so it is read as one" -- \
    --models-preset "$tmp/star.ini" -p hi -n 5
grep -qF "warning: -p: llama-server does not take it" "$tmp/err" && passed=$((passed + 1)) \
    || { failed=$((failed + 1)); echo "test_cli.sh: --models-preset -p: no word on -p"; cat "$tmp/err"; }
check 0 '{"n_predict": 5}' "note: prompt: a llama-server line has none to give (-p and -f are llama-cli's and llama-completion's), so this body has none" -- \
    --models-preset "$tmp/star.ini" -n 5 --json
# Review 27, finding 2: a cut list's advice is its own letters; for a section whose model has a sequence, the
# sampler-seq advice does not hold (it sets no bit, reference sections 3 and 11), and the note gives the router's
# --samplers instead; a sampler-seq the model's sequence replaces is named as the preset's key.
printf '[n]\nmodel = %s\nsamplers = top_k;top_p\n[s]\nmodel = %s\nsampler-seq = kp\n' "$tmp/seq.gguf" "$tmp/seq.gguf" >"$tmp/seqcut.ini"
check 0 "sampler chain: logits -> top-k -> dist" "note: $tmp/seqcut.ini: line 3: [n] samplers: the advice of its warning, sampler-seq = kp, does not hold for this section: its model's general.sampling.sequence would replace a sampler-seq, which sets no bit (reference sections 3 and 11, layer 4); give --samplers 'top_k;top_p' on the router's command line instead" -- \
    llama-server --models-preset "$tmp/seqcut.ini" --preset-model n
check 0 "sampler chain: logits -> top-k -> min-p -> dist" "general.sampling.sequence replaces the preset $tmp/seqcut.ini's [s] sampler-seq (a preset's samplers holds one name" -- \
    llama-server --models-preset "$tmp/seqcut.ini" --preset-model s
# Review final2, finding 2: beside --props FILE the variables are the server's that wrote it: a note, no refusal.
printf '%s' '{"default_generation_settings":{"params":{"top_k":40,"temperature":0.8}}}' >"$tmp/env-props.json"
with_env LLAMA_ARG_MODEL=build/demo.gguf LLAMA_ARG_TOP_K=5 -- 0 "sampler chain: " \
    "note: from the environment, not read beside --props: LLAMA_ARG_TOP_K=5, LLAMA_ARG_MODEL=build/demo.gguf; a saved"\
" /props already holds the values of the server that wrote it" -- llama-server --props "$tmp/env-props.json"
with_env LLAMA_ARG_TOP_K=5 -- 0 "sampler chain: " "not read beside --props: LLAMA_ARG_TOP_K=5" -- \
    --props "$tmp/env-props.json"
# Review final3, finding 3: a list written with commas or blanks is named as such (reference section 6: split on
# ';' alone).
check 0 "sampler chain: logits -> dist" "warning: unable to match sampler by name 'top_k, top_p' (the list is split on ';' alone, reference section 6, so a ',' is part of a name: write the names with ';' between them, top_k;top_p)" -- \
    --samplers "top_k, top_p"
check 0 "sampler chain: logits -> top-k -> dist" "warning: unable to match sampler by name ' top_p' (a blank next to a ';' stays part of the name here; whether llama.cpp trims it is not in the reference: write the names with no blank, top_k;top_p)" -- \
    --samplers "top_k; top_p"
# Review final3, findings 4 and 7: a program word after a flag, and a flag=value, get what to write instead.
check 2 "" "unknown flag 'llama-server': a program word goes first, before every flag and this tool's own options: 11_sampler_chain llama-server --explain ..." -- \
    --explain llama-server --temp 0.5
check 2 "" "unknown flag '--top-k=20': this tool takes a flag and its value as two arguments, --top-k 20 (whether llama.cpp also takes the '=' form is not in the reference)" -- \
    llama-server --top-k=20
# Review final3, finding 6: -hf beside the -m this line reads is named, not dropped.
check 0 "sampler chain: " "note: -hf, beside -m, also names a model: which one llama.cpp loads is not in the reference; this line reads -m's" -- \
    llama-server -m build/demo.gguf -hf x/y
# Review final3, finding 1: a bad value of a variable whose flag does not change sampling: llama.cpp stops on it
# (it reads every variable first), said as a warning, as the typed flag's is; the chain line follows.
with_env LLAMA_ARG_FLASH_ATTN=yes -- 0 "$default_line" \
    "warning: LLAMA_ARG_FLASH_ATTN=yes (the environment): -fa takes on, off or auto in arg.cpp 0017d6fb; 'yes' is none of them (its message: \"unknown value for --flash-attn: 'yes'\"; write -fa on); llama.cpp stops on it (\"error while handling environment variable\", common/arg.cpp at 0017d6fb), but -fa does not change sampling, so the chain line follows" -- llama-server
with_env LLAMA_ARG_N_GPU_LAYERS=abc -- 0 "$default_line" \
    "warning: LLAMA_ARG_N_GPU_LAYERS=abc (the environment): -ngl takes auto, all or a whole number" -- llama-server -ngl 5
with_env LLAMA_ARG_N_GPU_LAYERS=99 -- 0 "$default_line" \
    "note: from the environment, ignored, as it does not change sampling: LLAMA_ARG_N_GPU_LAYERS (-ngl)" -- llama-server
# Review 27, finding 11: a second --props stops, naming both, as a second --from-json does.
check 2 "" "--props: a second saved /props, '$tmp/b.json', after '$tmp/a.json': this tool reads one server's values at a time" -- \
    --props "$tmp/a.json" --props "$tmp/b.json"
# Review 27, finding 22: a flag given again replaces the value before it, said (arg.cpp 0017d6fb: the last counts),
# a --gpt-oss-*-default's values too; a second -m as well.
check 0 "$default_line" "warning: --temp 0.7 replaces the temperature 0.5 that --temp gave before it (arg.cpp 0017d6fb sets the value at each flag: the last one counts)" -- \
    --temp 0.5 --temp 0.7
check 0 "temp-ext" "warning: --gpt-oss-20b-default sets temperature 1.0, which replaces the temperature 0.5 that --temp gave before it" -- \
    --temp 0.5 --gpt-oss-20b-default
check 0 "$default_line" "warning: -m b.gguf replaces -m a.gguf given before it" -- -m a.gguf -m b.gguf
# Newcomer review of Example 11's messages, finding 5: a value from the environment is named as its variable.
with_env LLAMA_ARG_TOP_K=5 -- 0 "?top-k" "warning: --gpt-oss-120b-default sets top_k 0, which replaces the top_k 5 that LLAMA_ARG_TOP_K=5 (the environment) gave before it (llama.cpp reads the variables before the command line, and arg.cpp 0017d6fb sets the value at each flag: the last one counts)" -- \
    llama-server --gpt-oss-120b-default
# Review 27, findings 15 and 19: a preset's values are named as its keys, in its file and section: a warning on
# a value (the fix as the key: top-k = 5), a --gpt-oss-*-default's values as its key, and the order in the
# child's command line that decides between two keys named with where it is read (common/arg.h at 0196e22b).
printf '[m]\ntop-k = 5 5\nsamplers = top_k,top_p\n[g]\ngpt-oss-20b-default = true\ntemp = 0.5\n' >"$tmp/words.ini"
check 0 "sampler chain: logits -> dist" "warning: $tmp/words.ini: line 2: [m] top-k = 5 5, given to the model's llama-server as --top-k: --top-k '5 5': llama.cpp reads 5 (std::stoi stops at ' '); write top-k = 5" -- \
    llama-server --models-preset "$tmp/words.ini" --preset-model m
grep -qF "warning: $tmp/words.ini: line 3: [m] samplers = top_k,top_p, given to the model's llama-server as --samplers: unable to match sampler by name 'top_k,top_p'" "$tmp/err" \
    && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "test_cli.sh: words.ini: samplers warning"; cat "$tmp/err"; }
want llama-server --models-preset "$tmp/words.ini" --preset-model g -- "value: top_k 0 from the preset $tmp/words.ini, section [g], key gpt-oss-20b-default"
want llama-server --models-preset "$tmp/words.ini" --preset-model g -- "value: temperature 0.5 from the preset $tmp/words.ini, section [g], key temp"
check 0 "temp-ext" "warning: $tmp/words.ini: line 6: [g] temp = 0.5, given to the model's llama-server as --temperature: --temperature 0.5 replaces the temperature 1.0 that [g] gpt-oss-20b-default gave before it (arg.cpp 0017d6fb sets the value at each flag: the last one counts) (the router writes a model's flags in the order of its std::map of them, by first spelling: common/arg.h at 0196e22b; the reference does not give it)" -- \
    llama-server --models-preset "$tmp/words.ini" --preset-model g
# Review 27, finding 19: the file in every message where there is one; a missing preset with llama.cpp's words
# (common/preset.cpp at 13b56e2a); a long name shown in part, saying so.
check 2 "" "--models-preset: cannot read '$tmp/no-such.ini': No such file or directory; llama-server stops: \"preset file does not exist: $tmp/no-such.ini\" (common/preset.cpp at 13b56e2a)" -- \
    llama-server --models-preset "$tmp/no-such.ini"
check 0 "sampler chain: logits -> dist" "warning: unable to match sampler by name 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx...' (a name of 70 bytes; this tool shows its first 40)" -- \
    --samplers "$(head -c 70 /dev/zero | tr '\0' x)"
# Review 27, finding 16: a router's body names its model (the section, reference section 11) and carries the
# line's own flags; the preset's values are the router's for the model, left out with a note.
check 0 '{"model": "demo", "top_k": 3}' "note: temperature, min_p: left out of the body, as the preset's: the router gives a preset's values to the model's server itself" -- \
    llama-server --models-preset "$tmp/p.ini" --preset-model demo --openai --top-k 3
check 0 '{"top_k": 3}' "note: model: none chosen, so this body names none, and a router answers 400 \"model name is missing from the request\"" -- \
    llama-server --models-preset "$tmp/p.ini" --json --top-k 3
# Review 27, finding 17: a refusal blames the real cause: an infinite mirostat_eta from the model's GGUF (a
# float32 inf, text "inf", strtof inf), which the request's mirostat 2 turns on.
{ printf GGUF; le 3 4; le 0 8; le 1 8; gstr general.sampling.mirostat_eta; le 6 4; le 2139095040 4; } >"$tmp/eta.gguf"
echo '{"prompt": "x", "mirostat": 2}' >"$tmp/miro.json"
status=0
"$bin" llama-server -m "$tmp/eta.gguf" --from-json "$tmp/miro.json" >"$tmp/out" 2>"$tmp/err" || status=$?
[ "$status" -eq 2 ] && [ ! -s "$tmp/out" ] && tail -1 "$tmp/err" | grep -qF "mirostat_eta inf, from the model's general.sampling.mirostat_eta ($tmp/eta.gguf), not the request: this workbench refuses it (its own limit; llama-server would build the chain)" \
    && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "test_cli.sh: eta.gguf: not the model blamed"; cat "$tmp/err"; }
# Review 27, finding 4: an empty grammar is no grammar (server-schema.cpp at 0177c342 sets one only when it is
# not empty; common/sampling.cpp at 00efb3e builds the sampler only then): said, and -bs keeps its GPU split.
echo '{"prompt": "x", "grammar": "", "backend_sampling": true}' >"$tmp/nogrammar.json"
check 0 "llama-server -bs" "note: grammar: \"\" is empty: llama-server sets no grammar for it (server-schema.cpp at 0177c342 takes a grammar only when it is not empty; common/sampling.cpp at 00efb3e builds the grammar sampler only then), so it changes nothing" -- \
    --from-json "$tmp/nogrammar.json"
grep -q "turns backend sampling off" "$tmp/err" && { failed=$((failed + 1)); echo "test_cli.sh: empty grammar turns -bs off"; } \
    || passed=$((passed + 1))
check 0 "$default_line" "warning: --grammar '': an empty grammar, for which llama.cpp builds no grammar sampler (common/sampling.cpp at 00efb3e: only for a grammar that is not empty), so it changes nothing" -- \
    llama-server --grammar "" -bs
grep -q "turns backend sampling off\|not in the chain line" "$tmp/err" && { failed=$((failed + 1)); echo "test_cli.sh: --grammar ''"; } \
    || passed=$((passed + 1))
# Review 27, finding 12: other engines' sampling names (KoboldAI's sample_order, KoboldCpp's sampler_order,
# sampler_seed, nsigma) are warned about, each with llama-server's field.
echo '{"prompt": "x", "sample_order": [6, 0, 1], "sampler_order": [6, 0, 1], "sampler_seed": 5, "nsigma": 1}' >"$tmp/kobold.json"
check 0 "$default_line" "warning: \"sample_order\": llama-server ignores it (KoboldAI's sampler order, a list of sampler numbers); the field is \"samplers\"" -- \
    --from-json "$tmp/kobold.json"
for w in "\"sampler_order\": llama-server ignores it (KoboldCpp's sampler order, a list of sampler numbers); the field is \"samplers\"" \
         "\"sampler_seed\": llama-server ignores it (KoboldCpp's sampling seed); the field is \"seed\"" \
         "\"nsigma\": llama-server ignores it (KoboldCpp's name for top-n-sigma); the field is \"top_n_sigma\""; do
    grep -qF "warning: $w" "$tmp/err" && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "test_cli.sh: no warning $w"; }
done
# Newcomer review of Example 11, finding 3: old names a pasted line or body still carries, each with what llama.cpp
# does with it now: --tfs refused (arg.cpp 0017d6fb), tfs_z and penalize_nl ignored (server-schema.cpp at
# 0177c342 reads neither), tfs_z and the letter f skipped from the sampler list, typical_p named as the field's
# (reference sections 6, 7); a body's typical_p is read (server-schema.cpp at 0177c342).
check 0 "$default_line" "warning: --tfs 0.95: older llama.cpp's tail-free sampling (not checked: this workbench's reference does not cover older llama.cpp), which changed sampling; arg.cpp 0017d6fb does not have it (its message: \"error: invalid argument: --tfs\"; drop it); llama.cpp stops here" -- \
    llama-server --tfs 0.95
check 0 "sampler chain: logits -> top-k -> top-p -> min-p -> temp-ext -> dist" "warning: unable to match sampler by name 'tfs_z' (older llama.cpp's tail-free sampler (not checked: this workbench's reference does not cover older llama.cpp); current llama.cpp has no tail-free sampler, and its names have no tfs_z: reference section 6)" -- \
    --samplers "top_k;tfs_z;typical_p;top_p;min_p;temperature"
grep -qF "warning: unable to match sampler by name 'typical_p' (typical_p is the request field's name, reference section 7; the sampler's name is typ_p, or typ-p, typp, typ: section 6)" "$tmp/err" \
    && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "test_cli.sh: no typical_p hint"; cat "$tmp/err"; }
check 0 "sampler chain: logits -> top-k -> ?typical -> top-p -> min-p -> temp-ext -> dist" "warning: unable to match sampler by char 'f' (f: older llama.cpp's letter for its tail-free sampler" -- \
    --sampler-seq kfypmt
echo '{"prompt": "x", "tfs_z": 0.95, "penalize_nl": true, "typical_p": 0.9, "samplers": ["top_k", "tfs_z", "typ_p"]}' >"$tmp/old.json"
check 0 "llama-server --typical 0.9 --samplers 'top_k;typ_p'" "warning: \"tfs_z\": llama-server ignores it (older llama-server's tail-free sampling field, and Ollama's; not checked: this workbench's reference does not cover older llama.cpp): server-schema.cpp at 0177c342 reads no such field" -- \
    --from-json "$tmp/old.json"
for w in "\"penalize_nl\": llama-server ignores it (older llama-server's switch that let the repeat penalties reach the newline token, as older llama.cpp's --penalize-nl did; not checked: this workbench's reference does not cover older llama.cpp): server-schema.cpp at 0177c342 reads no such field" \
         "unable to match sampler by name 'tfs_z' (older llama.cpp's tail-free sampler"; do
    grep -qF "warning: $w" "$tmp/err" && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "test_cli.sh: no warning $w"; }
done
grep -q "typical_p" "$tmp/err" && { failed=$((failed + 1)); echo "test_cli.sh: a body's typical_p warned about"; } \
    || passed=$((passed + 1))
# Newcomer review of Example 11, finding 4: an Ollama body. format is not read (server-schema.cpp at 0177c342
# has no such field), and llama-server's own constraints are named; options.stop and options.num_predict are
# unread like the other options; the bare flags line gets a note; an int32 field out of range wraps as
# nlohmann::json's get<int32_t> casts, and the clamp applies to the value read; a float past it is refused.
printf "%s\n" '{"model": "llama3", "prompt": "x", "format": "json", "options": {"stop": ["\n"], "num_predict": 64, "num_ctx": 4096}}' >"$tmp/ollama.json"
# grammar beside json_schema: the handler reads the grammar alone, whatever its description says (a review found
# the note's claim contradicting the reference's general rule; server-schema.cpp at 0177c342 is what runs).
echo '{"prompt": "x", "grammar": "root ::= \"a\"", "json_schema": {}}' >"$tmp/gs.json"
check 0 "sampler chain: logits" "note: grammar: a grammar changes sampling outside the chain line (llama.cpp's --grammar, --json-schema); not in the flags; nor is json_schema read: with \"grammar\" in the body, llama-server's handler reads that field alone (server-schema.cpp at 0177c342, whose own description of the field says the opposite)" -- \
    llama-server --from-json "$tmp/gs.json"
check 0 "sampler chain: logits -> ?penalties" "warning: \"format\": llama-server ignores it (Ollama's structured output, \"json\" or a JSON schema; llama-server's own are \"json_schema\" and \"grammar\", and a chat body's \"response_format\" (reference section 7), whose grammar, when the server applies one, changes sampling outside the chain line)" -- \
    --from-json "$tmp/ollama.json"
for w in "warning: \"stop\" in \"options\": llama-server ignores it (it reads only the body's own fields, not those inside an object); the field is the body's own \"stop\"" \
         "warning: \"num_predict\" in \"options\": llama-server ignores it (Ollama's number of tokens to predict; and it reads only the body's own fields, not those inside an object); the field is the body's own \"n_predict\"" \
         "note: the flags line is llama-server alone: started with no sampling flag, llama-server builds this same chain line"; do
    grep -qF "$w" "$tmp/err" && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "test_cli.sh: ollama.json: no $w"; cat "$tmp/err"; }
done
grep -qxF "llama-server" "$tmp/out" && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "test_cli.sh: ollama.json: not bare"; }
grep -q "num_ctx" "$tmp/err" && { failed=$((failed + 1)); echo "test_cli.sh: num_ctx warned about"; } || passed=$((passed + 1))
# Newcomer review of Example 11's messages, finding 4: Open WebUI's body sets n_predict through its alias
# max_tokens beside num_predict (reference section 7: the first name present wins); the warning says so, and
# does not send the reader to n_predict; a field set by its own name too.
echo '{"prompt": "x", "max_tokens": 1024, "num_predict": 128}' >"$tmp/webui.json"
check 0 "llama-server" "warning: \"num_predict\": llama-server ignores it (Ollama's number of tokens to predict); the body already sets its field, \"n_predict\", through its alias \"max_tokens\" (reference section 7), and that is the value llama-server reads" -- \
    --from-json "$tmp/webui.json"
echo '{"prompt": "x", "temp": 0.5, "temperature": 0.7}' >"$tmp/temps.json"
check 0 "llama-server --temp 0.7" "warning: \"temp\": llama-server ignores it; the body already sets its field, \"temperature\", and that is the value llama-server reads" -- \
    --from-json "$tmp/temps.json"
echo '{"prompt": "x", "top_k": 3000000000}' >"$tmp/big.json"
check 0 "llama-server --top-k 0" "note: top_k: -1294967296, as read, is clamped to 0 by llama-server" -- --from-json "$tmp/big.json"
grep -qF "note: top_k: 3000000000 is read as -1294967296 (the field keeps the number's low 32 bits" "$tmp/err" \
    && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "test_cli.sh: big.json: no wrap note"; cat "$tmp/err"; }
echo '{"prompt": "x", "top_k": 3e9}' >"$tmp/big.json"
check 2 "" "top_k: 3e9 does not fit llama-server's integer field (C++'s conversion is undefined there; this tool refuses it)" -- \
    --from-json "$tmp/big.json"
# Review 27, finding 20: echo true, best_of and suffix are errors on the completions endpoint (reference
# section 7): warned about, and --explain names them, since this tool cannot tell the endpoint.
echo '{"model": "x", "prompt": "x", "best_of": 2, "echo": true, "suffix": "s"}' >"$tmp/cmpl.json"
check 0 "an error on /v1/completions, llama-server's OpenAI completions endpoint (reference section 7; this tool cannot tell the endpoint): best_of, echo true, suffix" \
    "warning: \"best_of\": llama-server's OpenAI completions endpoint, /v1/completions, answers an error for it (reference section 7), and /completion does not read it; this tool cannot tell which endpoint the body is for" -- \
    --from-json "$tmp/cmpl.json" --explain
grep -qF "warning: \"echo\": true: llama-server's OpenAI completions endpoint" "$tmp/err" && passed=$((passed + 1)) \
    || { failed=$((failed + 1)); echo "test_cli.sh: no echo warning"; }
# Review 27, finding 10: llama.cpp's own preset example (version = 1 first) draws no warning, and its section
# list says what the "default" section of keys before any header holds (common/preset.cpp at 13b56e2a).
printf 'version = 1\n\n[*]\nc = 8192\n\n[m]\nmodel = %s\n' "$tmp/demo.gguf" >"$tmp/docs.ini"
check 0 "$default_line" "its sections: [default] (only version, before any header, which llama.cpp skips) [*] [m]" -- \
    llama-server --models-preset "$tmp/docs.ini"
grep -q "warning" "$tmp/err" && { failed=$((failed + 1)); echo "test_cli.sh: docs.ini: a warning"; cat "$tmp/err"; } \
    || passed=$((passed + 1))
# Review 27, finding 8: a section naming no model file, or a model by a key this tool does not read (hf-repo),
# says so in the preset's words, and --explain's defaults say the unread GGUF may set them.
printf '[*]\nc = 8192\n\n[org/MY-MODEL-GGUF:Q8_0]\njinja = true\n\n[h]\nhf-repo = org/m-GGUF\n' >"$tmp/cached.ini"
echo '{"model": "org/MY-MODEL-GGUF:Q8_0", "messages": [{"role": "user", "content": "hi"}]}' >"$tmp/cached.json"
check 0 "values at llama.cpp's defaults, unless the model's GGUF, not read here, sets them: temperature 0.8" "note: $tmp/cached.ini: [org/MY-MODEL-GGUF:Q8_0] names no model file (no model, m or hf-repo key): the router finds its model by the section's name among its cached models and its --models-dir (tools/server/server-models.cpp at 00dd0816 lays a section over the model of its name), which this line does not read" -- \
    llama-server --models-preset "$tmp/cached.ini" --from-json "$tmp/cached.json" --explain
check 0 "$default_line" "note: $tmp/cached.ini: line 8: [h] hf-repo names the model, which this line does not read" -- \
    llama-server --models-preset "$tmp/cached.ini" --preset-model h
grep -q -- "--hf-repo" "$tmp/err" && { failed=$((failed + 1)); echo "test_cli.sh: a preset key named as a flag"; } \
    || passed=$((passed + 1))
# Review 27, finding 21: a router serves no model "*" ([*] holds every model's values, common/preset.cpp at
# 13b56e2a) and needs a request's model (tools/server/server-models.cpp at 00dd0816, router_validate_model).
echo '{"model": "*", "prompt": "x"}' >"$tmp/star.json"
check 2 "" "the request's model \"*\" is no model: [*] holds the values for every model (common/preset.cpp at 13b56e2a keeps it apart from the models), and a router answers a request for it 400 \"model '*' not found\"" -- \
    llama-server --models-preset "$tmp/p.ini" --from-json "$tmp/star.json"
check 2 "" "--preset-model \"*\" is no model" -- llama-server --models-preset "$tmp/p.ini" --preset-model '*'
echo '{"prompt": "x"}' >"$tmp/nomodel.json"
check 2 "" "the request names no model: a router answers 400 \"model name is missing from the request\" (tools/server/server-models.cpp at 00dd0816, router_validate_model)" -- \
    llama-server --models-preset "$tmp/p.ini" --from-json "$tmp/nomodel.json"
echo '{"model": "qwen", "prompt": "x"}' >"$tmp/other.json"
check 2 "" "no section [qwen]; its sections: [*] [demo] [demo2]; a router answers 400 \"model 'qwen' not found\" unless its cache or a --models-dir holds a model of that name" -- \
    llama-server --models-preset "$tmp/p.ini" --from-json "$tmp/other.json"
# Review 27, finding 7: -m beside --models-preset: tools/server/server.cpp at 00dd0816 makes llama-server a
# router only without -m and -hf, so the line serves -m's model alone, and the note says the preset is not read.
check 0 "$default_line" "note: -m $tmp/demo.gguf beside --models-preset $tmp/p.ini: llama-server is a router only without -m and -hf (tools/server/server.cpp at 00dd0816: is_router_server), so this line serves -m's model alone and does not read the preset, nor --preset-model's section" -- \
    llama-server -m "$tmp/demo.gguf" --models-preset "$tmp/p.ini" --preset-model demo
grep -qF "note: -m $tmp/demo.gguf: the model \"Demo 1B\"" "$tmp/err" && passed=$((passed + 1)) \
    || { failed=$((failed + 1)); echo "test_cli.sh: -m beside --models-preset: -m's model not read"; cat "$tmp/err"; }
check 0 "$default_line" "note: -hf beside --models-preset: not read here; llama-server is a router only without -m and -hf" -- \
    llama-server -hf org/m --models-preset "$tmp/p.ini"
# Review 27, finding 9: router mode is no flag to ignore (reference section 11, layer 2): a models folder is named
# with what its GGUFs can set, --models-preset without its file stops, and --help lists neither as ignored.
check 0 "$default_line" "note: --models-dir $tmp: a router's folder of models (router mode: a request's \"model\" picks one, reference section 11), whose GGUFs can set sampling defaults (general.sampling.*) and tokens marked \"suppress\", which this line does not read: it assumes none" -- \
    llama-server --models-dir "$tmp" --top-k 40
grep -q "ignored, as" "$tmp/err" && { failed=$((failed + 1)); echo "test_cli.sh: --models-dir named as ignored"; } \
    || passed=$((passed + 1))
check 2 "" "--models-preset: missing value" -- llama-server --models-preset
"$bin" --help | grep -- '--models-max' | grep -q -e '--models-preset' -e '--models-dir' \
    && { failed=$((failed + 1)); echo "test_cli.sh: --help lists a router flag as ignored"; } || passed=$((passed + 1))
# Review 27, finding 23: each message as true as its case: a device is no file of a size; a preset of no
# sections, or without [*], says so; a flag equal to the model's value matches it (and keeps it out).
if [ -c /dev/zero ]; then
    check 2 "" "/dev/zero: its size reads as 0 bytes, yet bytes can be read from it: not a file of a size" -- -m /dev/zero
fi
: >"$tmp/empty.ini"
check 0 "$default_line" "no model chosen (a request's \"model\" field picks its section, or --preset-model NAME without a request); it has no sections; the chain here is the router's own flags' alone (the preset has no [*])" -- \
    llama-server --models-preset "$tmp/empty.ini"
printf '[m]\nmodel = %s\n' "$tmp/demo.gguf" >"$tmp/nostar.ini"
check 0 "$default_line" "the model \"m\" picks its section [m] (the preset has no [*]), with the router's own flags over it (reference section 11)" -- \
    llama-server --models-preset "$tmp/nostar.ini" --preset-model m
check 0 "$default_line" "here --top-k 20 matches its top_k 20 (and keeps it out) and --temp 0.6 overrides its temp 0.7" -- \
    llama-server -m "$tmp/demo.gguf" --top-k 20 --temp 0.6
check 2 "" "--preset-model: it picks a section of a --models-preset file" -- --preset-model demo

# Newcomer review of lib/cli/README.md, finding 1: a fence is a line of ``` alone (with a language word at most),
# and they pair up; text after a closing fence (CommonMark takes no info after one) left the block open to the
# end of the file.
awk '/```/ && !/^```[a-z]*$/ { print "lib/cli/README.md:" NR ": a fence with text on its line: " $0; bad = 1 }
     /^```/ { n++ } END { if (n % 2) { print "lib/cli/README.md: " n " fences, an odd number"; bad = 1 }; exit bad }' \
    lib/cli/README.md >"$tmp/fences" && passed=$((passed + 1)) \
    || { failed=$((failed + 1)); sed 's/^/test_cli.sh: /' "$tmp/fences"; }
# and its paragraph on --explain gives its lines in the order printed: the stages, the prompt in the window,
# n_probs, a setting no stage reads, the OpenAI names, the fields llama-server ignores, the value: lines.
echo '{"prompt": "x", "n_probs": 3, "repeat_penalty": 1.1, "mirostat_eta": 0.2, "user": "bob"}' >"$tmp/order.json"
"$bin" --from-json "$tmp/order.json" --explain 2>/dev/null \
    | sed -n -e 's/^\(penalties:\|the prompt is in\|n_probs\|OpenAI names:\|ignored by\|value:\).*/\1/p' \
        -e 's/^mirostat_eta 0.2 (the request.s mirostat_eta[;)].* does nothing.*/dropped/p' | uniq | tr '\n' , >"$tmp/order"
[ "$(cat "$tmp/order")" = "penalties:,the prompt is in,n_probs,dropped,OpenAI names:,ignored by,value:," ] \
    && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "test_cli.sh: --explain's order: $(cat "$tmp/order")"; }
# Newcomer review, finding 0a: llama.cpp's LLAMA_ARG_* variables, read as common/arg.cpp at 0017d6fb reads them
# for the program the line names: a flag's variable where the line does not give the flag; a flag on the line
# wins, with llama.cpp's warning; each value named as the environment's.
with_env LLAMA_ARG_TOP_K=5 -- 0 "value: top_k 5 from the environment (LLAMA_ARG_TOP_K=5)" "" -- llama-server --explain
with_env LLAMA_ARG_TOP_K=5 -- 0 "$default_line" \
    'note: LLAMA_ARG_TOP_K=5 is set, but --top-k 20 on the line wins: llama.cpp warns "LLAMA_ARG_TOP_K environment'\
' variable is set, but will be overwritten by command line argument --top-k"' -- llama-server --top-k 20
with_env LLAMA_ARG_TOP_K=5 -- 0 "logits -> temp -> mirostat-v2" \
    "note: LLAMA_ARG_TOP_K=5 (the environment) does nothing: with --mirostat 2" -- llama-server --mirostat 2
with_env LLAMA_ARG_TOP_K=5x -- 0 "$default_line" \
    "warning: LLAMA_ARG_TOP_K=5x (the environment), read as --top-k 5x: " -- llama-server
with_env LLAMA_ARG_TOP_K=abc -- 2 "" "LLAMA_ARG_TOP_K=abc (the environment): --top-k: 'abc' is not a whole number" -- \
    llama-server
# Review final2, finding 1: arg.cpp reads every variable before the command line, so the typed flag does not
# rescue a bad value (abc, empty, past int's range).
for bad in abc "" 99999999999; do
    with_env "LLAMA_ARG_TOP_K=$bad" -- 2 "" "LLAMA_ARG_TOP_K=$bad (the environment): --top-k: " -- \
        llama-server --top-k 3
    grep -qF "; --top-k on the line does not rescue it: llama.cpp reads the variables before the command line" \
        "$tmp/err" || { failed=$((failed + 1)); echo "test_cli.sh: LLAMA_ARG_TOP_K=$bad with --top-k 3: no rescue"; }
done
with_env LLAMA_ARG_MODEL=build/demo.gguf -- 0 \
    "value: top_k 20 from the model's general.sampling.top_k (build/demo.gguf)" 'the model "Demo 1B"' -- \
    llama-server --explain
with_env LLAMA_ARG_MODEL=build/demo.gguf LLAMA_ARG_TOP_K=5 -- 0 \
    "value: top_k 5 from the environment (LLAMA_ARG_TOP_K=5) replaces general.sampling.top_k 20 from the model" \
    "here the environment's LLAMA_ARG_TOP_K=5 overrides its top_k 20" -- \
    llama-server --explain
with_env LLAMA_ARG_BACKEND_SAMPLING=1 -- 0 "$default_line" "note: -bs (LLAMA_ARG_BACKEND_SAMPLING=1): " -- llama-server
with_env LLAMA_ARG_BACKEND_SAMPLING=0 -- 0 "$default_line" \
    "note: LLAMA_ARG_BACKEND_SAMPLING=0 does nothing: llama.cpp applies a switch's variable only when it is true" -- \
    llama-server
with_env LLAMA_ARG_TEMP=0.5 -- 0 "$default_line" \
    "note: LLAMA_ARG_TEMP is set, but llama.cpp does not read it: no flag has it (--temp has no environment"\
" variable in arg.cpp 0017d6fb)" -- \
    llama-server
# Review final2, finding 4: a variable in the wrong case is not the flag's variable, which --top-k has.
with_env LLAMA_ARG_top_k=5 -- 0 "$default_line" \
    "note: LLAMA_ARG_top_k is set, but llama.cpp does not read it: it is not the variable's name, since environment"\
" names are case-sensitive (getenv): --top-k's is LLAMA_ARG_TOP_K" -- llama-server
with_env LLAMA_ARG_PORT=8080 -- 0 "$default_line" \
    "note: LLAMA_ARG_PORT is set, but llama-cli does not read it: it is the variable of --port, which llama-cli"\
" does not take" -- \
    llama-cli
with_env LLAMA_ARG_CTX_SIZE=8192 LLAMA_ARG_N_GPU_LAYERS=99 -- 0 "$default_line" \
    "note: from the environment, ignored, as they do not change sampling: LLAMA_ARG_CTX_SIZE (-c),"\
" LLAMA_ARG_N_GPU_LAYERS (-ngl)" -- \
    llama-server

# Newcomer review, finding 0a2: each logit_bias entry llama-server skips gets a warning with the reason
# (reference section 7; tools/server/server-schema.cpp at 0177c342), and an id past 32 bits is read as
# llama-server's get<llama_token> reads it, wrapped, with a warning.
printf '%s' '{"prompt":"x","logit_bias":[[16],[16,"a"],[-5,2],[1.5,1]]}' >"$tmp/bias.json"
check 0 "llama-server" "warning: logit_bias: [16] is not a [token, bias] pair: llama-server skips it" -- \
    llama-server --from-json "$tmp/bias.json"
check 0 "llama-server" 'warning: logit_bias: [16, "a"]: the bias "a" is neither a number nor false: llama-server' \
    -- llama-server --from-json "$tmp/bias.json"
check 0 "llama-server" "warning: logit_bias: [-5, 2]: the id -5 is below 0, outside the vocabulary: llama-server" \
    -- llama-server --from-json "$tmp/bias.json"
check 0 "llama-server" "warning: logit_bias: [1.5, 1]: the id 1.5 is neither a whole number nor a string: llama-" \
    -- llama-server --from-json "$tmp/bias.json"
printf '%s' '{"prompt":"x","logit_bias":{"15": true}}' >"$tmp/bias2.json"
check 0 "llama-server" 'warning: logit_bias: "15": true: the bias true is neither a number nor false: llama-server' \
    -- llama-server --from-json "$tmp/bias2.json"
printf '%s' '{"prompt":"x","logit_bias":[[99999999999,1]]}' >"$tmp/bias3.json"
check 0 "llama-server -l 1215752191+1" \
    "warning: logit_bias: [99999999999, 1]: the id 99999999999 does not fit llama-server's 32-bit llama_token: it" \
    -- llama-server --from-json "$tmp/bias3.json"
printf '%s' '{"prompt":"x","logit_bias":"15"}' >"$tmp/bias4.json"
check 0 "llama-server" 'warning: logit_bias: "15" is neither an array nor an object: llama-server reads no bias' \
    -- llama-server --from-json "$tmp/bias4.json"

# Newcomer review, finding 4: a dash pasted from a web page (en dash, em dash, minus sign) is named, with the flag
# it would be; llama.cpp refuses it too ("error: invalid argument").
check 2 "" "unknown flag '\\xe2\\x80\\x93-temp': it starts with an en dash (U+2013), not two hyphens: write --temp" -- \
    llama-server "$(printf '\342\200\223-temp')" 0.5
check 2 "" "unknown flag '\\xe2\\x80\\x94top-k': it starts with an em dash (U+2014), not two hyphens: write --top-k" -- \
    llama-server "$(printf '\342\200\224top-k')" 5
check 2 "" "unknown flag '\\xe2\\x88\\x92m': it starts with a minus sign (U+2212), not a hyphen: write -m" -- \
    llama-server "$(printf '\342\210\222m')" x.gguf
# Review final2, finding 11: a carriage return alone, or at a flag's end, is a Windows line ending.
check 2 "" "'\\x0d' is a carriage return alone: a command line of several lines saved with Windows line endings" \
    -- llama-server "$(printf '\r')" --top-k 20
check 2 "" "unknown flag '--top-k\\x0d': it ends in a carriage return, as a line of a file saved with Windows line" \
    -- llama-server "$(printf -- '--top-k\r')" 20
# Review final2, finding 5: any mix of the lookalikes and hyphens at the start.
check 2 "" "unknown flag '\\xe2\\x88\\x92\\xe2\\x88\\x92top-k': it starts with 2 minus signs (U+2212), not two"\
" hyphens: write --top-k" -- llama-server "$(printf '\342\210\222\342\210\222top-k')" 3
check 2 "" "unknown flag '-\\xe2\\x80\\x93temp': its leading dashes hold an en dash (U+2013), not two hyphens:"\
" write --temp" -- llama-server "$(printf -- '-\342\200\223temp')" 0.5
check 2 "" "with hyphens it is no flag this line's program takes either; did you mean --temp?" -- \
    llama-server "$(printf '\342\200\223-tmep')" 0.5
# Finding 2: a backslash is shown as \\ and a line break as \n, so the two never read alike.
check 2 "" "unknown flag 'llama-server \\\\\\n  --temp 0.5'" -- "$(printf 'llama-server \\\n  --temp 0.5')"

# lib/cli/README.md: every "$ command" in its code blocks gives the output shown under it (stderr and stdout
# together, as a terminal shows them).
rm -rf "$tmp/readme" && mkdir -p "$tmp/readme"
awk -v dir="$tmp/readme" '
    /^```/ { block = !block; n_out = ""; next }
    block && /^\$ / { n++; print substr($0, 3) > (dir "/" n ".cmd"); close(dir "/" n ".cmd");
                      printf "" > (dir "/" n ".out"); n_out = dir "/" n ".out"; next }
    block && n_out != "" { print >> n_out; close(n_out) }
' lib/cli/README.md
for cmd in "$tmp"/readme/*.cmd; do
    want=${cmd%.cmd}.out
    sed "s#build/#${BUILD:-build}/#g" "$cmd" >"$cmd.here"     # the build tree under test
    # the build tree's files are named in the output too (build/demo.gguf): back to the README's build/
    if sh -c "($(cat "$cmd.here")) 2>&1" | sed "s#${BUILD:-build}/#build/#g" | cmp -s - "$want"; then
        passed=$((passed + 1))
    else
        failed=$((failed + 1))
        echo "test_cli.sh: lib/cli/README.md: '$(cat "$cmd")' does not print what the README shows"
        sh -c "($(cat "$cmd.here")) 2>&1" | sed "s#${BUILD:-build}/#build/#g" | diff "$want" - | sed 's/^/    /'
    fi
done
[ "$(ls "$tmp"/readme/*.cmd | wc -l)" -gt 30 ] && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "test_cli.sh: README commands not found"; }

# With no arguments, the lesson's three lines and nothing on stderr.
check 0 "sampler chain: logits -> logit-bias -> ?penalties" "" --
# ... whatever the caller's environment holds: the lesson's command lines are the lesson's.
with_env LLAMA_ARG_TOP_K=5 LLAMA_ARG_BACKEND_SAMPLING=1 LLAMA_ARG_MODEL=build/demo.gguf -- \
    0 "sampler chain: logits -> logit-bias -> ?penalties" "" --
[ "$(env LLAMA_ARG_TOP_K=5 "$bin" | cmp - expected/11_sampler_chain.txt && echo same)" = same ] \
    && passed=$((passed + 1)) \
    || { failed=$((failed + 1)); echo "test_cli.sh: LLAMA_ARG_TOP_K=5 changes the lesson's table"; }
[ "$("$bin" | wc -l)" -eq 3 ] && passed=$((passed + 1)) || { failed=$((failed + 1)); echo "test_cli.sh: not 3 lines"; }

echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]

#!/bin/sh
# demo_gguf.sh FILE: writes the model file of lib/cli/README.md's examples ("What your server runs for a
# request"): a GGUF of metadata only (no tensors), byte by byte as the format lays it out (the reference's
# section 11, little-endian): general.name "Demo 1B", general.sampling.top_k 20 (int32) and
# general.sampling.temp 0.7 (float32, 0x3f333333). make writes build/demo.gguf with it; lib/test/test_cli.sh too.
set -eu
# le N BYTES: N as BYTES bytes, little-endian; gstr S: a GGUF string (a uint64 length, then the bytes).
le() { n=$1 k=$2; while [ "$k" -gt 0 ]; do printf "\\$(printf %03o $((n % 256)))"; n=$((n / 256)); k=$((k - 1)); done; }
gstr() { le ${#1} 8; printf %s "$1"; }
{ printf GGUF; le 3 4; le 0 8; le 3 8
  gstr general.name; le 8 4; gstr "Demo 1B"
  gstr general.sampling.top_k; le 5 4; le 20 4
  gstr general.sampling.temp; le 6 4; le 1060320051 4; } >"$1"

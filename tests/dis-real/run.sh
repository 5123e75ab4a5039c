#!/usr/bin/env bash
# `shaderlens dis` on the real DXC-built containers of fetch-list.txt: extracts them from git
# mirrors of their repositories (extract.py), prints each, and tallies what printed fully.
#
#   tests/dis-real/run.sh MIRRORS [SHADERLENS] [OUT]     (default build/app/shaderlens, /tmp/dis-real)
#
# "Fully" means: exit status 0, no warning, every part in the table, the signatures, and a DXIL
# module that LLVM 19 read, passed its verifier, and whose text llvm-as-19 parses back.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mirrors="$1"
shaderlens="${2:-$here/../../build/app/shaderlens}"
out="${3:-/tmp/dis-real}"
rm -rf "$out" && mkdir -p "$out/text"
python3 "$here/extract.py" "$mirrors" "$out/containers" "$here/fetch-list.txt"
full=0 failed=0 warned=0 reparse_failed=0 total=0
: >"$out/results.tsv"
while IFS=$'\t' read -r name repo commit path symbol licence; do
  total=$((total + 1))
  f="$out/containers/$name"
  status=0
  "$shaderlens" dis "$f" >"$out/text/$name.txt" 2>"$out/text/$name.err" || status=$?
  parts=$(awk '/^; part name/ {on = 1; next} on && /^;$/ {exit} on {print $3}' "$out/text/$name.txt" | tr '\n' ' ')
  # The module text as LLVM IR: from the module banner to the end, re-parsed by llvm-as-19.
  sed -n '/^; ---- DXIL module/,$p' "$out/text/$name.txt" >"$out/text/$name.ll"
  reparse=ok
  if [ ! -s "$out/text/$name.ll" ] || ! llvm-as-19 "$out/text/$name.ll" -o /dev/null 2>"$out/text/$name.ll.err"; then
    reparse=failed
  fi
  result=full
  if [ $status != 0 ]; then
    result="exit $status: $(head -c 300 "$out/text/$name.err" | tr '\n' ' ')"
    failed=$((failed + 1))
  elif [ -s "$out/text/$name.err" ]; then
    result="warning: $(head -c 300 "$out/text/$name.err" | tr '\n' ' ')"
    warned=$((warned + 1))
  elif [ $reparse != ok ]; then
    result="module text not accepted by llvm-as-19: $(head -c 200 "$out/text/$name.ll.err" | tr '\n' ' ')"
    reparse_failed=$((reparse_failed + 1))
  else
    full=$((full + 1))
  fi
  printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$repo" "$path" "$parts" "$result" >>"$out/results.tsv"
done <"$out/containers/index.tsv"
echo "containers: $total, printed fully: $full, failed: $failed, with warnings: $warned, module text refused by llvm-as: $reparse_failed"
echo "details: $out/results.tsv, texts in $out/text/"
[ $full = $total ]

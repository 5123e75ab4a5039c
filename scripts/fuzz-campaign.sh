#!/usr/bin/env bash
# A fuzzing campaign that accumulates: runs each libFuzzer target (scripts/fuzz.sh, ASan+UBSan)
# for SECONDS at low priority, starting from the corpus kept in the repository (fuzz/corpus/TARGET),
# merges what it found back into that corpus (minimized: only units that add coverage, each at most
# 64 KB, each target's corpus at most 1 MB, the largest units dropped first), and appends one line per target to
# fuzz/campaigns.tsv. It then prints the cumulative table docs/status.md keeps.
#
#   scripts/fuzz-campaign.sh [SECONDS] [TARGET...]     (default 600 s, every target)
#   scripts/fuzz-campaign.sh --table                    only print the cumulative table
#
# Commit fuzz/corpus and fuzz/campaigns.tsv afterwards. A crash stops nothing: it is reported,
# counted in the table, and left in build-fuzz/fuzz-artifacts/TARGET/ to minimize and add to
# tests/fuzz-regressions/TARGET/.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${SHADERLENS_FUZZ_BUILD_DIR:-$root/build-fuzz}"
log="$root/fuzz/campaigns.tsv"
max_corpus_kb=1024

print_table() {
  # Cumulative executions, the last coverage and the crashes per target, from the log.
  awk -F'\t' 'NR > 1 {
      runs[$3] += $5; seconds[$3] += $4; crashes[$3] += $8; cov[$3] = $6; last[$3] = $1 " " $2
    }
    END {
      printf "| target | executions | CPU time | coverage (edges, last run) | crashes | last run |\n"
      printf "|---|---:|---:|---:|---:|---|\n"
      for (t in runs) printf "| %s | %d | %.1f h | %s | %d | %s |\n", t, runs[t], seconds[t] / 3600, cov[t], crashes[t], last[t]
    }' "$log" | { read -r head; read -r rule; echo "$head"; echo "$rule"; sort; }
}

if [ "${1:-}" = "--table" ]; then
  print_table
  exit 0
fi
seconds="${1:-600}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz_offload_yaml fuzz_spirv_reader fuzz_interp fuzz_frontend fuzz_container)
[ -f "$log" ] || printf 'date\tcommit\ttarget\tseconds\texecutions\tcoverage\tnew_units\tcrashes\n' >"$log"
commit="$(git -C "$root" rev-parse --short HEAD)"

for t in "${targets[@]}"; do
  crashes=0
  SHADERLENS_FUZZ_BUILD_DIR="$build" nice -n 19 "$root/scripts/fuzz.sh" "$seconds" "$t" || crashes=1
  run_log="$build/fuzz-artifacts/$t.log"
  executions=$(sed -n 's/^stat::number_of_executed_units: *//p' "$run_log" | tail -1)
  new_units=$(sed -n 's/^stat::new_units_added: *//p' "$run_log" | tail -1)
  coverage=$(grep -o 'cov: [0-9]*' "$run_log" | tail -1 | cut -d' ' -f2)

  # Merge: the kept corpus first, so its units win ties; only units that add coverage join.
  kept="$root/fuzz/corpus/$t"
  merged="$build/fuzz-merge/$t"
  rm -rf "$merged" && mkdir -p "$merged" "$kept"
  ASAN_OPTIONS="detect_leaks=0:allow_user_poisoning=0" nice -n 19 "$build/fuzz/$t" -merge=1 -max_len=65536 \
    -timeout=30 -rss_limit_mb=4096 "$merged" "$kept" "$build/fuzz-corpus/$t" >"$build/fuzz-artifacts/$t.merge.log" 2>&1 ||
    echo "$t: merge failed, see $build/fuzz-artifacts/$t.merge.log (the kept corpus is unchanged)"
  # Over the cap, the largest units go first: the repository keeps many small inputs rather than
  # a few big ones (libFuzzer's merge keeps every unit that adds a feature, whatever its size).
  dropped=0
  while [ "$(du -sk --apparent-size "$merged" | cut -f1)" -gt "$max_corpus_kb" ]; do
    largest=$(ls -S "$merged" | head -1 || true)  # head closing the pipe is no failure (pipefail)
    [ -n "$largest" ] || break
    rm -f "$merged/$largest"
    dropped=$((dropped + 1))
  done
  [ "$dropped" -eq 0 ] || echo "$t: dropped the $dropped largest units to stay within ${max_corpus_kb} KB"
  if [ "$(ls -A "$merged")" ]; then
    rm -rf "$kept" && mv "$merged" "$kept"
  fi
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$(date -u +%Y-%m-%d)" "$commit" "$t" "$seconds" "${executions:-0}" \
    "${coverage:-0}" "${new_units:-0}" "$crashes" >>"$log"
  echo "$t: ${executions:-0} executions, coverage ${coverage:-?}, $(ls "$kept" | wc -l) units kept ($(du -sk --apparent-size "$kept" | cut -f1) KB), crashes: $crashes"
done
print_table

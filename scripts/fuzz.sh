#!/usr/bin/env bash
# Builds the libFuzzer targets (fuzz/) with ASan+UBSan+coverage into build-fuzz and runs each for
# SECONDS (default 60). Seeds are generated at run time from the shared offload-test-suite and
# tests/lit (fuzz/make_seeds.py); each run also starts from the corpus kept in fuzz/corpus/TARGET
# (grown by scripts/fuzz-campaign.sh); what a run finds and any crash artifacts stay in the build
# directory. Exits 1 if a target crashed: minimize the artifact (`TARGET -minimize_crash=1
# -runs=10000 ARTIFACT`) and add it to tests/fuzz-regressions/TARGET/.
#
#   scripts/fuzz.sh [SECONDS] [TARGET...]         TARGET: fuzz_frontend fuzz_spirv_reader fuzz_offload_yaml fuzz_interp fuzz_container
#   SHADERLENS_FUZZ_BUILD_DIR=...  build directory (default build-fuzz)
# The instrumented build of the three targets costs about 8 CPU-minutes (clang-19, -O1).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${1:-60}"
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(fuzz_offload_yaml fuzz_spirv_reader fuzz_interp fuzz_frontend fuzz_container)
build="${SHADERLENS_FUZZ_BUILD_DIR:-$root/build-fuzz}"
# vptr needs RTTI, which the tree (like Debian's LLVM) is built without.
flags="-fsanitize=fuzzer-no-link,address,undefined -fno-sanitize=vptr -fno-omit-frame-pointer"
jobs="${SHADERLENS_JOBS:-$(nproc)}"
shared="${SHADERLENS_SHARED_DIR:-$root/../shared}"

if [ ! -f "$build/build.ninja" ]; then
  CC=clang-19 CXX=clang++-19 cmake -S "$root" -B "$build" -G Ninja -DSHADERLENS_BUILD_GUI=OFF \
    -DSHADERLENS_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_C_FLAGS=$flags" "-DCMAKE_CXX_FLAGS=$flags" \
    "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -g -DNDEBUG" "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g -DNDEBUG" >/dev/null
fi
need_seeds_tool=0
for t in "${targets[@]}"; do [ "$t" = fuzz_spirv_reader ] || [ "$t" = fuzz_interp ] && need_seeds_tool=1; done
extra=()
[ $need_seeds_tool = 1 ] && extra=(fuzz_spirv_seeds)
nice -n 10 cmake --build "$build" -j "$jobs" --target "${targets[@]}" "${extra[@]}"

# Seeds (regenerated when missing; delete $build/fuzz-seeds to refresh).
seeds="$build/fuzz-seeds"
if [ ! -d "$seeds/fuzz_frontend" ]; then
  rm -rf "$seeds.tmp"
  python3 "$root/fuzz/make_seeds.py" "$seeds.tmp" "$shared/offload-test-suite/tests" "$root/tests/lit"
  mv "$seeds.tmp" "$seeds"
fi
if [ $need_seeds_tool = 1 ] && [ ! -d "$seeds/fuzz_spirv_reader" ]; then
  mkdir -p "$seeds/fuzz_spirv_reader.tmp"
  for f in "$seeds"/spvasm/*.spvasm; do
    [ -e "$f" ] && spirv-as --target-env spv1.5 -o "$seeds/fuzz_spirv_reader.tmp/$(basename "$f" .spvasm).spv" "$f" 2>/dev/null || true
  done
  ASAN_OPTIONS=detect_leaks=0:allow_user_poisoning=0 nice -n 10 "$build/fuzz/fuzz_spirv_seeds" "$seeds/fuzz_spirv_reader.tmp" "$seeds"/fuzz_frontend/*
  mv "$seeds/fuzz_spirv_reader.tmp" "$seeds/fuzz_spirv_reader"
fi
# The container dump starts from the containers the lit tests keep (fuzz/corpus/fuzz_container
# has our own compiled ones).
if [ ! -d "$seeds/fuzz_container" ]; then
  mkdir -p "$seeds/fuzz_container"
  cp "$root"/tests/lit/dis/Inputs/*.dxil "$seeds/fuzz_container/"
fi
# The executor starts from the same SPIR-V modules.
[ -d "$seeds/fuzz_interp" ] || [ ! -d "$seeds/fuzz_spirv_reader" ] || cp -r "$seeds/fuzz_spirv_reader" "$seeds/fuzz_interp"

# allow_user_poisoning=0: LLVM headers inlined into our instrumented code poison BumpPtrAllocator
# slabs that the un-instrumented LLVM/Clang archives then use without unpoisoning (false reports).
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:symbolize=1:allow_user_poisoning=0}"
export UBSAN_OPTIONS="${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}"
status=0
for t in "${targets[@]}"; do
  corpus="$build/fuzz-corpus/$t"
  artifacts="$build/fuzz-artifacts/$t/"
  mkdir -p "$corpus" "$artifacts"
  regressions="$root/tests/fuzz-regressions/$t"
  if compgen -G "$regressions/*" >/dev/null; then
    echo "== $t: regressions"
    nice -n 10 "$build/fuzz/$t" -runs=0 $(ls "$regressions"/* | grep -v README) || status=1
  fi
  # The corpus kept in the repository (scripts/fuzz-campaign.sh grows it) is read, never written:
  # new units go to the build directory's corpus, the first one named.
  kept=()
  [ -d "$root/fuzz/corpus/$t" ] && kept=("$root/fuzz/corpus/$t")
  echo "== $t: ${seconds}s"
  nice -n 10 "$build/fuzz/$t" -max_total_time="$seconds" -timeout=30 -rss_limit_mb=4096 -max_len=65536 \
    -print_final_stats=1 -artifact_prefix="$artifacts" "$corpus" "${kept[@]}" "$seeds/$t" >"$build/fuzz-artifacts/$t.log" 2>&1 || {
    status=1
    echo "$t: CRASH, see $build/fuzz-artifacts/$t.log and $artifacts"
    grep -m1 -E "ERROR: |runtime error|SUMMARY" "$build/fuzz-artifacts/$t.log" || true
  }
  grep -E "^stat::(number_of_executed_units|new_units_added|peak_rss_mb)" "$build/fuzz-artifacts/$t.log" | tr '\n' ' '
  echo
done
exit $status

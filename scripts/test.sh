#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test: Catch2 unit tests and lit golden tests
# (through ctest; these gate), then the offload-test-suite conformance run (a measurement with a
# per-test timeout; it gates only on the pass count in tests/conformance/required-passes), and the
# same suite on the CPU device (gating on tests/conformance/required-passes-cpu).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${SHADERLENS_BUILD_DIR:-$root/build}"
cd "$root"

scripts/setup.sh
scripts/build.sh

# The Vulkan loader and WSI want a runtime directory; CI has none.
export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-/tmp/shaderlens-runtime-$(id -u)}"
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"

echo "== conformance: llvm/offload-test-suite on the local Vulkan device"
conformance="$build/tests/conformance"
required=$(cat tests/conformance/required-passes 2>/dev/null || echo 0)
/usr/bin/python3 /usr/lib/llvm-19/build/utils/lit/lit.py -q --timeout=120 -j "$(nproc)" \
  -o "$conformance/results.json" "$conformance" >"$conformance/lit.log" 2>&1 || true
/usr/bin/python3 tests/conformance/summarize.py "$conformance/results.json" --tsv "$conformance/summary.tsv" \
  --index "${SHADERLENS_SHARED_DIR:-$root/../shared}/offload-test-suite/INDEX.tsv" --require-passes "$required"

echo "== conformance: the same suite on the CPU device (interp/, docs/interp.md)"
required_cpu=$(cat tests/conformance/required-passes-cpu 2>/dev/null || echo 0)
/usr/bin/python3 /usr/lib/llvm-19/build/utils/lit/lit.py -q --timeout=120 -j "$(nproc)" --param device=cpu \
  -o "$conformance/results-cpu.json" "$conformance" >"$conformance/lit-cpu.log" 2>&1 || true
/usr/bin/python3 tests/conformance/summarize.py "$conformance/results-cpu.json" --tsv "$conformance/summary-cpu.tsv" \
  --index "${SHADERLENS_SHARED_DIR:-$root/../shared}/offload-test-suite/INDEX.tsv" --require-passes "$required_cpu" \
  --label "CPU device" --against "$conformance/results.json"

echo "== unit and golden tests"
status=0
ctest --test-dir "$build" --output-on-failure -j "$(nproc)" || status=$?
echo "== fuzz: each libFuzzer target for 30 s (ASan+UBSan in build-fuzz; fuzz/, scripts/fuzz.sh)"
SHADERLENS_FUZZ_BUILD_DIR="${SHADERLENS_FUZZ_BUILD_DIR:-$build-fuzz}" scripts/fuzz.sh 30 || status=$?
/usr/bin/python3 tests/summarize_ctest.py "$build/Testing/Temporary/LastTest.log" --status "$status"

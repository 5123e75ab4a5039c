#!/usr/bin/env bash
# Configures and builds Shaderlens into build/ (Ninja, RelWithDebInfo). Extra arguments go to CMake.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${SHADERLENS_BUILD_DIR:-$root/build}"
jobs="${SHADERLENS_JOBS:-$(nproc)}"
cmake -S "$root" -B "$build" -G Ninja "$@" >/dev/null
cmake --build "$build" -j "$jobs"

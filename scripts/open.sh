#!/usr/bin/env bash
# Installs what is missing, builds, and opens the app on the bundled example shader. With no
# display it runs the same pipeline headless: it writes a screenshot of the app and every stage's
# text, and says where.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${SHADERLENS_BUILD_DIR:-$root/build}"
cd "$root"

scripts/setup.sh
scripts/build.sh

export XDG_RUNTIME_DIR="${XDG_RUNTIME_DIR:-/tmp/shaderlens-runtime-$(id -u)}"
mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"

example="${1:-shaders/compute/hello.hlsl}"
app="$build/app/shaderlens"
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
  exec "$app" gui "$example"
fi

out="$root/out/headless"
mkdir -p "$out"
echo "No display: running the pipeline headless on $example"
# Compile errors are part of what the app shows; they do not stop the headless run.
"$app" compile -T cs_6_6 -spirv --dump-stages "$out/stages" "$example" || true
"$app" gui --screenshot "$out/shaderlens.png" --frames 3 "$example"
echo "Screenshot of the app: $out/shaderlens.png"
echo "Stage outputs:         $out/stages/ ($(ls "$out/stages" | tr '\n' ' '))"

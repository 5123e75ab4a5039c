#!/bin/sh
# Regenerates the screenshots referenced from docs/app.md with the app itself (headless, on
# lavapipe when there is no GPU): `shaderlens gui --script session.script`.
# usage: docs/screenshots/make.sh [path/to/shaderlens]
set -e
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:-$here/../../build/app/shaderlens}
cd "$here"
env -u DISPLAY -u WAYLAND_DISPLAY "$bin" gui --script session.script --size 1280x760
# The debugger's session (docs/app.md "The Debug tab"), larger so the wave shows.
env -u DISPLAY -u WAYLAND_DISPLAY "$bin" gui --script debug-session.script --size 1600x1000
# Its search tools: break where, reads and writes, the SPIR-V section.
env -u DISPLAY -u WAYLAND_DISPLAY "$bin" gui --script debug-tools.script --size 1600x1000

#!/usr/bin/env bash
# Installs every Debian 12 package Shaderlens needs to build, run and test.
# Idempotent: installs only what is missing, runs `apt-get update` at most once.
set -euo pipefail

packages=(
  # toolchain
  build-essential cmake ninja-build pkg-config git python3 python3-psutil lld-19
  # LLVM / Clang 19 (static libraries), lit + FileCheck, clang for fuzzing
  llvm-19-dev libclang-19-dev llvm-19-tools clang-19 libclang-rt-19-dev
  libzstd-dev zlib1g-dev libxml2-dev libncurses-dev libedit-dev libffi-dev
  # SPIR-V tooling
  spirv-tools spirv-headers libspirv-cross-c-shared-dev glslang-tools
  # Vulkan, lavapipe, validation layers
  libvulkan-dev libvulkan-volk-dev mesa-vulkan-drivers vulkan-validationlayers vulkan-tools
  # D3D12 headers (the D3D12 backend compiles on Linux)
  directx-headers-dev
  # window + UI
  libglfw3-dev libimgui-dev libstb-dev xvfb xauth fonts-dejavu-core
  # tests and benchmarks
  catch2 libbenchmark-dev
)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages present"
  exit 0
fi

echo "setup: installing ${#missing[@]} missing packages: ${missing[*]}"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"

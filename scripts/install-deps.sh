#!/usr/bin/env bash
# install-deps.sh - installs what building and testing the project needs on a
# fresh Debian 12 machine, through apt only. Safe to run again: it installs
# only the packages that are missing.
set -euo pipefail

packages=(
  cmake ninja-build ccache g++ git
  llvm-22-dev llvm-22-tools libmlir-22-dev mlir-22-tools
  clang-22 lld-22 liblld-22-dev libomp-22-dev clang-format-22
  libclang-rt-22-dev rocm-device-libs libopenblas-dev libgtest-dev python3
  python3-numpy python3-mpmath python3-gmpy2 pkg-config
  # HIP's runtime library, for the HIP backend's no-device test: no AMD GPU
  # is here, but the backend loads the real library as it would on one.
  libamdhip64-5
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$p")
done
if [ "${#missing[@]}" -eq 0 ]; then
  echo "install-deps: all packages present"
  exit 0
fi
echo "install-deps: installing ${missing[*]}"
sudo_cmd=""
[ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo_cmd apt-get update -qq
$sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "install-deps: done"

# lit configuration of the tile compiler's test suite.

import ctypes
import os
import sys

import lit.formats
from lit.llvm import llvm_config

config.name = "TILE"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.excludes = ["CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "Inputs", "Unit"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tile_obj_root, "test")

config.substitutions.append(("%tile_src_root", config.tile_src_root))
config.substitutions.append(("%tile_bin", config.tile_tools_dir))
# libtile_runtime.so and the CMake package of the build tree.
config.substitutions.append(("%tile_lib", config.tile_lib_dir))
# The build tree and the cmake that made it (test/Embed installs from it).
config.substitutions.append(("%tile_obj_root", config.tile_obj_root))
config.substitutions.append(("%cmake", config.cmake_command))
# The Python that runs lit (Debian's, with python3-numpy) runs the scripts.
config.substitutions.append(("%python", sys.executable))

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
tools = ["tile-opt", "tile-compile", "tile-run", "tile-check", "tile-reduce",
         "tile-lsp-server"]
# The libFuzzer target exists in clang builds with the fuzzer runtime.
if os.path.exists(os.path.join(config.tile_tools_dir, "tile-fuzz")):
    tools.append("tile-fuzz")
    config.available_features.add("libfuzzer")
llvm_config.add_tool_substitutions(tools, [config.tile_tools_dir])
llvm_config.with_environment("PATH", config.tile_tools_dir, append_path=True)
# Tuning runs of kernels with alternatives keep their choices in memory
# only, never in the user's cache file; tests of the cache name their own.
config.environment["TILE_TUNE_CACHE"] = ""

# Features for the GPU backends, found by loading the driver libraries the
# way the runtime does:
#   cuda-driver  libcuda.so.1 loads       hip-driver  libamdhip64.so(.6|.5) loads
#   cuda-device  and the CUDA driver      hip-device  and HIP reports at least
#                reports at least one device           one device
# The no-device tests are UNSUPPORTED where a driver is installed;
# gpu-smoke.test REQUIRES a CUDA device.
def load_library(name):
    try:
        return ctypes.CDLL(name)
    except OSError:
        return None


cuda = load_library("libcuda.so.1")
if cuda:
    config.available_features.add("cuda-driver")
    count = ctypes.c_int(0)
    if cuda.cuInit(0) == 0 and cuda.cuDeviceGetCount(ctypes.byref(count)) == 0 \
            and count.value > 0:
        config.available_features.add("cuda-device")
hip = None
for name in ["libamdhip64.so", "libamdhip64.so.6", "libamdhip64.so.5"]:
    hip = hip or load_library(name)
if hip:
    config.available_features.add("hip-driver")
    count = ctypes.c_int(0)
    if hip.hipInit(0) == 0 and hip.hipGetDeviceCount(ctypes.byref(count)) == 0 \
            and count.value > 0:
        config.available_features.add("hip-device")

# The CUDA toolkit's ptxas assembles what the NVIDIA target emits.
cuda_root = os.environ.get("CUDA_PATH", "/usr/local/cuda")
if os.path.exists(os.path.join(cuda_root, "bin", "ptxas")):
    config.available_features.add("ptxas")
# The NVIDIA target links libdevice into every kernel, even to emit PTX.
if os.path.exists(os.path.join(cuda_root, "nvvm", "libdevice",
                               "libdevice.10.bc")):
    config.available_features.add("libdevice")

# CI machines have both (scripts/install-deps.sh, the CUDA toolkit): there a
# missing one fails the run instead of leaving its tests unsupported.
if os.environ.get("CI") == "true":
    for feature, why in [("ptxas", "ptxas of the CUDA toolkit (CUDA_PATH)"),
                         ("libdevice", "libdevice of the CUDA toolkit"),
                         ("libfuzzer", "tile-fuzz (clang-22, libclang-rt-22-dev)")]:
        if feature not in config.available_features:
            lit_config.fatal("CI runs need %s, which is missing" % why)

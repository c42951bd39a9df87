# lit configuration for Rubicon's FileCheck tests.
#
# Substitutions and tools every test can use:
#   nvcc, cuobjdump           the build tree's toolkit (build/toolkit/bin)
#   rubicon-opt               runs Rubicon's passes by name on a .ll file
#   FileCheck, not, count, llvm-readelf, llvm-objdump, llvm-dis, llvm-as, ...  from LLVM
#   %rubicon_include          the toolkit's CUDA headers
import os
import lit.formats

config.name = getattr(config, "rubicon_suite_name", "Rubicon")
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ll", ".cu", ".test", ".c", ".cpp"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py", "CMakeLists.txt"]
config.test_source_root = getattr(config, "rubicon_suite_dir", os.path.dirname(__file__))
config.test_exec_root = getattr(config, "rubicon_suite_obj_dir",
                                os.path.join(config.rubicon_obj_root, "tests", "lit"))

path = [os.path.join(config.rubicon_toolkit_dir, "bin"),
        os.path.join(config.rubicon_obj_root, "bin"),
        config.llvm_tools_dir,
        config.environment.get("PATH", os.environ.get("PATH", ""))]
config.environment["PATH"] = os.pathsep.join(path)
# Tests must not depend on the environment of whoever runs them.
for var in ["RUBICON_GPU_ARCH", "NVCC_PREPEND_FLAGS", "NVCC_APPEND_FLAGS",
            "CUDA_CACHE_DISABLE"]:
    config.environment.pop(var, None)
# PTX the driver compiles is cached in the build tree, not the user's home
# (docs/ptx-modules.md).
config.environment["CUDA_CACHE_PATH"] = os.path.join(config.test_exec_root, "compute-cache")

config.substitutions.append(("%rubicon_include", os.path.join(config.rubicon_toolkit_dir, "include")))
config.substitutions.append(("%toolkit", config.rubicon_toolkit_dir))
config.substitutions.append(("%src_root", config.rubicon_src_root))
import sys
config.substitutions.append(("%python", sys.executable))

for arch in config.rubicon_gpu_archs:
    config.available_features.add("target-" + arch)
# The host execution target (--amdgpu-arch=host) is always built.
config.available_features.add("host-target")
# This CPU runs x86-64-v3 code (AVX2, FMA, BMI2, F16C, MOVBE): the host
# target's CPU levels (tests/e2e/host/cpu-level.test).
try:
    with open("/proc/cpuinfo") as cpuinfo:
        flags = next((l.split(":", 1)[1].split() for l in cpuinfo
                      if l.startswith("flags")), [])
    if {"avx2", "fma", "bmi2", "f16c", "movbe"} <= set(flags):
        config.available_features.add("host-cpu-x86-64-v3")
except OSError:
    pass
# The AMDGPU-emulation tests that need what CI cannot have (a Rodinia
# checkout: tests/e2e/emulated/rodinia.test; ninja check-emulated).
if lit_config.params.get("emulated_full"):
    config.available_features.add("emulated-full")
# The accuracy suite's samples per row (tests/e2e/host/accuracy.test): a
# few thousand by default, lit --param accuracy_samples=N for more (ninja
# check-math-accuracy).
config.substitutions.append(("%accuracy_samples", "--samples " +
                             lit_config.params.get("accuracy_samples", "2048")))
# A Rodinia 3.1 checkout (CUDA sources, github.com/yuhc/gpu-rodinia; never
# in this repository): lit --param rodinia=DIR or RUBICON_RODINIA_DIR.
rodinia = lit_config.params.get("rodinia") or os.environ.get("RUBICON_RODINIA_DIR")
if rodinia and os.path.isdir(os.path.join(rodinia, "cuda")):
    config.available_features.add("rodinia")
    config.substitutions.append(("%rodinia", os.path.abspath(rodinia)))
if os.path.exists("/usr/local/cuda/bin/nvcc"):
    config.available_features.add("nvidia-nvcc")
    config.substitutions.append(("%nvidia_nvcc", "/usr/local/cuda/bin/nvcc"))

# A checkout of NVIDIA/cccl (never in this repository), for a slice of its
# own tests (tests/e2e/cccl/cccl-tests-slice.test): cmake -DRUBICON_CCCL_DIR,
# lit --param cccl=DIR or RUBICON_CCCL_DIR.
cccl = (lit_config.params.get("cccl") or getattr(config, "rubicon_cccl_dir", "")
        or os.environ.get("RUBICON_CCCL_DIR"))
if cccl and os.path.isdir(os.path.join(cccl, "libcudacxx", "include", "cuda")):
    config.available_features.add("cccl-checkout")
    config.substitutions.append(("%cccl", os.path.abspath(cccl)))
# And a Catch2 v3 checkout, which CUB's tests need (CCCL's c2h includes it):
# cmake -DRUBICON_CATCH2_DIR, lit --param catch2=DIR or RUBICON_CATCH2_DIR.
catch2 = (lit_config.params.get("catch2") or getattr(config, "rubicon_catch2_dir", "")
          or os.environ.get("RUBICON_CATCH2_DIR"))
if catch2 and os.path.isfile(os.path.join(catch2, "extras", "catch_amalgamated.cpp")):
    config.available_features.add("catch2-checkout")
    config.substitutions.append(("%catch2", os.path.abspath(catch2)))

# Debian's Thrust examples (libthrust-dev): tests/cccl/thrust_examples.py.
if os.path.isdir("/usr/share/doc/libthrust-dev/examples"):
    config.available_features.add("thrust-examples")

# OpenGL through a surfaceless EGL context (Mesa's EGL and GL headers and
# libraries): tests/e2e/host/gl-interop.test.
import ctypes.util
if (os.path.exists("/usr/include/EGL/eglext.h") and
        os.path.exists("/usr/include/GL/glext.h") and
        ctypes.util.find_library("EGL") and ctypes.util.find_library("OpenGL")):
    config.available_features.add("egl")

# Whether this machine has an AMD GPU: end-to-end tests either run kernels or
# check the no-device behaviour.
if os.path.exists("/dev/kfd"):
    config.available_features.add("amd-gpu")
    config.available_features.add("amdgpu-present")
else:
    config.available_features.add("no-amd-gpu")

//===- DeviceRuntimeStub.cpp - libcudadevrt.a -----------------------------===//
//
// CUDA's device runtime (kernels launching kernels) is part of Rubicon's
// device library (runtime-shim/device/DeviceRuntime.cpp), linked into every
// code object. Build systems link libcudadevrt by default, so the archive
// exists; it defines one marker symbol and nothing else.
//
//===----------------------------------------------------------------------===//

extern "C" const char __rubicon_cudadevrt[] =
    "Rubicon: the CUDA device runtime is part of the device library";

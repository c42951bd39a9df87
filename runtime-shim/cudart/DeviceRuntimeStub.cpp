//===- DeviceRuntimeStub.cpp - libcudadevrt.a -----------------------------===//
//
// CUDA's device runtime (kernels launching kernels) is not supported by
// Rubicon. Build systems link libcudadevrt by default, so the archive exists;
// it defines one marker symbol and nothing else.
//
//===----------------------------------------------------------------------===//

extern "C" const char __rubicon_cudadevrt_unsupported[] =
    "Rubicon: the CUDA device runtime (dynamic parallelism) is not supported";

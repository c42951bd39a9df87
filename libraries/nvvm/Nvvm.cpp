//===- Nvvm.cpp - libNVVM's programs and logs; no IR compiler yet ---------===//
//
// Part of Rubicon. A program keeps its modules and its log. Compiling and
// verifying answer NVVM_ERROR_COMPILATION with a log saying that this
// toolkit does not compile NVVM IR (it compiles CUDA C++: nvcc, NVRTC).
//
//===----------------------------------------------------------------------===//
#include "nvvm.h"

#include <cstring>
#include <new>
#include <string>
#include <vector>

struct _nvvmProgram {
  std::vector<std::string> Modules;
  std::string Log;
};

namespace {

nvvmResult fail(nvvmProgram Program) {
  if (Program->Modules.empty())
    return NVVM_ERROR_NO_MODULE_IN_PROGRAM;
  Program->Log = "libnvvm: compiling NVVM IR is not supported by this "
                 "toolkit; compile CUDA C++ with nvcc or NVRTC instead\n";
  return NVVM_ERROR_COMPILATION;
}

nvvmResult addModule(nvvmProgram Program, const char *Buffer, size_t Size) {
  if (!Program)
    return NVVM_ERROR_INVALID_PROGRAM;
  if (!Buffer)
    return NVVM_ERROR_INVALID_INPUT;
  Program->Modules.emplace_back(Buffer, Size);
  return NVVM_SUCCESS;
}

} // namespace

extern "C" {

const char *nvvmGetErrorString(nvvmResult result) {
  switch (result) {
  case NVVM_SUCCESS:
    return "NVVM_SUCCESS";
  case NVVM_ERROR_OUT_OF_MEMORY:
    return "NVVM_ERROR_OUT_OF_MEMORY";
  case NVVM_ERROR_PROGRAM_CREATION_FAILURE:
    return "NVVM_ERROR_PROGRAM_CREATION_FAILURE";
  case NVVM_ERROR_IR_VERSION_MISMATCH:
    return "NVVM_ERROR_IR_VERSION_MISMATCH";
  case NVVM_ERROR_INVALID_INPUT:
    return "NVVM_ERROR_INVALID_INPUT";
  case NVVM_ERROR_INVALID_PROGRAM:
    return "NVVM_ERROR_INVALID_PROGRAM";
  case NVVM_ERROR_INVALID_IR:
    return "NVVM_ERROR_INVALID_IR";
  case NVVM_ERROR_INVALID_OPTION:
    return "NVVM_ERROR_INVALID_OPTION";
  case NVVM_ERROR_NO_MODULE_IN_PROGRAM:
    return "NVVM_ERROR_NO_MODULE_IN_PROGRAM";
  case NVVM_ERROR_COMPILATION:
    return "NVVM_ERROR_COMPILATION";
  }
  return "Unknown NVVM result";
}

nvvmResult nvvmVersion(int *major, int *minor) {
  if (!major || !minor)
    return NVVM_ERROR_INVALID_INPUT;
  *major = 2;
  *minor = 0;
  return NVVM_SUCCESS;
}

nvvmResult nvvmIRVersion(int *majorIR, int *minorIR, int *majorDbg,
                         int *minorDbg) {
  if (!majorIR || !minorIR || !majorDbg || !minorDbg)
    return NVVM_ERROR_INVALID_INPUT;
  *majorIR = 2;
  *minorIR = 0;
  *majorDbg = 3;
  *minorDbg = 2;
  return NVVM_SUCCESS;
}

nvvmResult nvvmCreateProgram(nvvmProgram *prog) {
  if (!prog)
    return NVVM_ERROR_INVALID_INPUT;
  *prog = new (std::nothrow) _nvvmProgram;
  return *prog ? NVVM_SUCCESS : NVVM_ERROR_OUT_OF_MEMORY;
}

nvvmResult nvvmDestroyProgram(nvvmProgram *prog) {
  if (!prog || !*prog)
    return NVVM_ERROR_INVALID_PROGRAM;
  delete *prog;
  *prog = nullptr;
  return NVVM_SUCCESS;
}

nvvmResult nvvmAddModuleToProgram(nvvmProgram prog, const char *buffer,
                                  size_t size, const char *) {
  return addModule(prog, buffer, size);
}

nvvmResult nvvmLazyAddModuleToProgram(nvvmProgram prog, const char *buffer,
                                      size_t size, const char *) {
  return addModule(prog, buffer, size);
}

nvvmResult nvvmCompileProgram(nvvmProgram prog, int, const char **) {
  return prog ? fail(prog) : NVVM_ERROR_INVALID_PROGRAM;
}

nvvmResult nvvmVerifyProgram(nvvmProgram prog, int, const char **) {
  return prog ? fail(prog) : NVVM_ERROR_INVALID_PROGRAM;
}

nvvmResult nvvmGetCompiledResultSize(nvvmProgram prog, size_t *) {
  // Nothing is ever compiled.
  (void)prog;
  return NVVM_ERROR_INVALID_PROGRAM;
}

nvvmResult nvvmGetCompiledResult(nvvmProgram prog, char *) {
  // Nothing is ever compiled.
  (void)prog;
  return NVVM_ERROR_INVALID_PROGRAM;
}

nvvmResult nvvmGetProgramLogSize(nvvmProgram prog, size_t *bufferSizeRet) {
  if (!prog)
    return NVVM_ERROR_INVALID_PROGRAM;
  if (!bufferSizeRet)
    return NVVM_ERROR_INVALID_INPUT;
  *bufferSizeRet = prog->Log.size() + 1;
  return NVVM_SUCCESS;
}

nvvmResult nvvmGetProgramLog(nvvmProgram prog, char *buffer) {
  if (!prog)
    return NVVM_ERROR_INVALID_PROGRAM;
  if (!buffer)
    return NVVM_ERROR_INVALID_INPUT;
  std::memcpy(buffer, prog->Log.c_str(), prog->Log.size() + 1);
  return NVVM_SUCCESS;
}

} // extern "C"

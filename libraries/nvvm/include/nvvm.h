/*===- nvvm.h - libNVVM: what Rubicon provides ---------------------------===*
 *
 * Part of Rubicon. Written from the libNVVM API reference. Programs,
 * modules, logs and versions exist; compiling NVVM IR is not provided
 * (nvvmCompileProgram answers NVVM_ERROR_COMPILATION, its log says why;
 * docs/cuda-libraries.md).
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_NVVM_H
#define RUBICON_NVVM_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef enum {
  NVVM_SUCCESS = 0,
  NVVM_ERROR_OUT_OF_MEMORY = 1,
  NVVM_ERROR_PROGRAM_CREATION_FAILURE = 2,
  NVVM_ERROR_IR_VERSION_MISMATCH = 3,
  NVVM_ERROR_INVALID_INPUT = 4,
  NVVM_ERROR_INVALID_PROGRAM = 5,
  NVVM_ERROR_INVALID_IR = 6,
  NVVM_ERROR_INVALID_OPTION = 7,
  NVVM_ERROR_NO_MODULE_IN_PROGRAM = 8,
  NVVM_ERROR_COMPILATION = 9
} nvvmResult;

typedef struct _nvvmProgram *nvvmProgram;

const char *nvvmGetErrorString(nvvmResult result);
nvvmResult nvvmVersion(int *major, int *minor);
nvvmResult nvvmIRVersion(int *majorIR, int *minorIR, int *majorDbg,
                         int *minorDbg);
nvvmResult nvvmCreateProgram(nvvmProgram *prog);
nvvmResult nvvmDestroyProgram(nvvmProgram *prog);
nvvmResult nvvmAddModuleToProgram(nvvmProgram prog, const char *buffer,
                                  size_t size, const char *name);
nvvmResult nvvmLazyAddModuleToProgram(nvvmProgram prog, const char *buffer,
                                      size_t size, const char *name);
nvvmResult nvvmCompileProgram(nvvmProgram prog, int numOptions,
                              const char **options);
nvvmResult nvvmVerifyProgram(nvvmProgram prog, int numOptions,
                             const char **options);
nvvmResult nvvmGetCompiledResultSize(nvvmProgram prog,
                                     size_t *bufferSizeRet);
nvvmResult nvvmGetCompiledResult(nvvmProgram prog, char *buffer);
nvvmResult nvvmGetProgramLogSize(nvvmProgram prog, size_t *bufferSizeRet);
nvvmResult nvvmGetProgramLog(nvvmProgram prog, char *buffer);

#ifdef __cplusplus
}
#endif

#endif

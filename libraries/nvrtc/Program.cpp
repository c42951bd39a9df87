//===- Program.cpp - NVRTC programs ---------------------------------------===//
//
// Part of Rubicon. A program keeps its source, headers, name expressions and
// log. Compiling in process with Rubicon's frontend is not implemented yet:
// nvrtcCompileProgram answers NVRTC_ERROR_COMPILATION, NVRTC's status for a
// failed compilation, with a program log that says why, so callers that
// print the log (as the samples do) tell the user.
//
//===----------------------------------------------------------------------===//
#include "nvrtc.h"

#include <cstring>
#include <new>
#include <string>
#include <vector>

struct _nvrtcProgram {
  std::string Source, Name, Log;
  std::vector<std::string> NameExpressions;
  bool Compiled = false;
};

extern "C" {

const char *nvrtcGetErrorString(nvrtcResult Result) {
  switch (Result) {
#define CASE(Name) case Name: return #Name;
  CASE(NVRTC_SUCCESS)
  CASE(NVRTC_ERROR_OUT_OF_MEMORY)
  CASE(NVRTC_ERROR_PROGRAM_CREATION_FAILURE)
  CASE(NVRTC_ERROR_INVALID_INPUT)
  CASE(NVRTC_ERROR_INVALID_PROGRAM)
  CASE(NVRTC_ERROR_INVALID_OPTION)
  CASE(NVRTC_ERROR_COMPILATION)
  CASE(NVRTC_ERROR_BUILTIN_OPERATION_FAILURE)
  CASE(NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION)
  CASE(NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION)
  CASE(NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID)
  CASE(NVRTC_ERROR_INTERNAL_ERROR)
  CASE(NVRTC_ERROR_TIME_FILE_WRITE_FAILED)
#undef CASE
  }
  return "NVRTC_ERROR unknown";
}

nvrtcResult nvrtcVersion(int *Major, int *Minor) {
  if (!Major || !Minor)
    return NVRTC_ERROR_INVALID_INPUT;
  *Major = 12;
  *Minor = 4;
  return NVRTC_SUCCESS;
}

nvrtcResult nvrtcGetNumSupportedArchs(int *Count) {
  if (!Count)
    return NVRTC_ERROR_INVALID_INPUT;
  *Count = 0; // nothing can be compiled yet
  return NVRTC_SUCCESS;
}

nvrtcResult nvrtcGetSupportedArchs(int *) { return NVRTC_SUCCESS; }

nvrtcResult nvrtcCreateProgram(nvrtcProgram *Prog, const char *Source,
                               const char *Name, int NumHeaders,
                               const char *const *, const char *const *) {
  if (!Prog || !Source || NumHeaders < 0)
    return NVRTC_ERROR_INVALID_INPUT;
  auto *P = new (std::nothrow) _nvrtcProgram;
  if (!P)
    return NVRTC_ERROR_OUT_OF_MEMORY;
  P->Source = Source;
  P->Name = Name ? Name : "default_program";
  *Prog = P;
  return NVRTC_SUCCESS;
}

nvrtcResult nvrtcDestroyProgram(nvrtcProgram *Prog) {
  if (!Prog || !*Prog)
    return NVRTC_ERROR_INVALID_PROGRAM;
  delete *Prog;
  *Prog = nullptr;
  return NVRTC_SUCCESS;
}

nvrtcResult nvrtcCompileProgram(nvrtcProgram Prog, int NumOptions,
                                const char *const *) {
  if (!Prog)
    return NVRTC_ERROR_INVALID_PROGRAM;
  if (NumOptions < 0)
    return NVRTC_ERROR_INVALID_INPUT;
  Prog->Log = Prog->Name + ": error: runtime compilation is not supported by "
                           "Rubicon's NVRTC yet; compile the kernel with nvcc "
                           "ahead of time\n";
  return NVRTC_ERROR_COMPILATION;
}

nvrtcResult nvrtcGetProgramLogSize(nvrtcProgram Prog, size_t *Size) {
  if (!Prog)
    return NVRTC_ERROR_INVALID_PROGRAM;
  if (!Size)
    return NVRTC_ERROR_INVALID_INPUT;
  *Size = Prog->Log.size() + 1;
  return NVRTC_SUCCESS;
}

nvrtcResult nvrtcGetProgramLog(nvrtcProgram Prog, char *Log) {
  if (!Prog)
    return NVRTC_ERROR_INVALID_PROGRAM;
  if (!Log)
    return NVRTC_ERROR_INVALID_INPUT;
  std::memcpy(Log, Prog->Log.c_str(), Prog->Log.size() + 1);
  return NVRTC_SUCCESS;
}

// Nothing is ever compiled: no image to return.
nvrtcResult nvrtcGetPTXSize(nvrtcProgram Prog, size_t *) {
  (void)Prog;
  return NVRTC_ERROR_INVALID_PROGRAM;
}
nvrtcResult nvrtcGetPTX(nvrtcProgram, char *) {
  return NVRTC_ERROR_INVALID_PROGRAM;
}
nvrtcResult nvrtcGetCUBINSize(nvrtcProgram, size_t *) {
  return NVRTC_ERROR_INVALID_PROGRAM;
}
nvrtcResult nvrtcGetCUBIN(nvrtcProgram, char *) {
  return NVRTC_ERROR_INVALID_PROGRAM;
}

nvrtcResult nvrtcAddNameExpression(nvrtcProgram Prog, const char *const Name) {
  if (!Prog)
    return NVRTC_ERROR_INVALID_PROGRAM;
  if (!Name)
    return NVRTC_ERROR_INVALID_INPUT;
  if (Prog->Compiled)
    return NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION;
  Prog->NameExpressions.push_back(Name);
  return NVRTC_SUCCESS;
}

nvrtcResult nvrtcGetLoweredName(nvrtcProgram Prog, const char *const,
                                const char **) {
  if (!Prog)
    return NVRTC_ERROR_INVALID_PROGRAM;
  return NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION;
}

} // extern "C"

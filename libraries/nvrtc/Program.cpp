//===- Program.cpp - NVRTC programs ---------------------------------------===//
//
// Part of Rubicon. A program keeps its source, headers, name expressions,
// log and, once compiled (Compile.h: by the toolkit's nvcc), its image: a fat
// binary that cuModuleLoadData accepts, returned both as "CUBIN" and as
// "PTX" (Rubicon has no PTX; docs/cuda-libraries.md).
//
//===----------------------------------------------------------------------===//
#include "nvrtc.h"

#include "Compile.h"

#include <cstring>
#include <new>
#include <string>
#include <vector>

using namespace rubicon::nvrtc;

struct _nvrtcProgram {
  CompileInput Input;
  CompileOutput Output;
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
  *Major = 13;
  *Minor = 0;
  return NVRTC_SUCCESS;
}

nvrtcResult nvrtcGetNumSupportedArchs(int *Count) {
  if (!Count)
    return NVRTC_ERROR_INVALID_INPUT;
  *Count = NumSupportedArchs;
  return NVRTC_SUCCESS;
}

nvrtcResult nvrtcGetSupportedArchs(int *Archs) {
  if (!Archs)
    return NVRTC_ERROR_INVALID_INPUT;
  std::memcpy(Archs, SupportedArchs, NumSupportedArchs * sizeof(int));
  return NVRTC_SUCCESS;
}

nvrtcResult nvrtcCreateProgram(nvrtcProgram *Prog, const char *Source,
                               const char *Name, int NumHeaders,
                               const char *const *Headers,
                               const char *const *IncludeNames) {
  if (!Prog || !Source || NumHeaders < 0 ||
      (NumHeaders > 0 && (!Headers || !IncludeNames)))
    return NVRTC_ERROR_INVALID_INPUT;
  for (int I = 0; I < NumHeaders; ++I)
    if (!Headers[I] || !IncludeNames[I])
      return NVRTC_ERROR_INVALID_INPUT;
  auto *P = new (std::nothrow) _nvrtcProgram;
  if (!P)
    return NVRTC_ERROR_OUT_OF_MEMORY;
  P->Input.Source = Source;
  P->Input.Name = Name && *Name ? Name : "default_program";
  for (int I = 0; I < NumHeaders; ++I)
    P->Input.Headers.emplace_back(IncludeNames[I], Headers[I]);
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
                                const char *const *Options) {
  if (!Prog)
    return NVRTC_ERROR_INVALID_PROGRAM;
  if (NumOptions < 0 || (NumOptions > 0 && !Options))
    return NVRTC_ERROR_INVALID_INPUT;
  Prog->Input.Options.clear();
  for (int I = 0; I < NumOptions; ++I) {
    if (!Options[I])
      return NVRTC_ERROR_INVALID_INPUT;
    Prog->Input.Options.push_back(Options[I]);
  }
  Prog->Output = CompileOutput();
  Prog->Compiled = false;
  nvrtcResult R = compile(Prog->Input, Prog->Output);
  Prog->Compiled = R == NVRTC_SUCCESS;
  return R;
}

nvrtcResult nvrtcGetProgramLogSize(nvrtcProgram Prog, size_t *Size) {
  if (!Prog)
    return NVRTC_ERROR_INVALID_PROGRAM;
  if (!Size)
    return NVRTC_ERROR_INVALID_INPUT;
  *Size = Prog->Output.Log.size() + 1;
  return NVRTC_SUCCESS;
}

nvrtcResult nvrtcGetProgramLog(nvrtcProgram Prog, char *Log) {
  if (!Prog)
    return NVRTC_ERROR_INVALID_PROGRAM;
  if (!Log)
    return NVRTC_ERROR_INVALID_INPUT;
  std::memcpy(Log, Prog->Output.Log.c_str(), Prog->Output.Log.size() + 1);
  return NVRTC_SUCCESS;
}

// The image: a fat binary. As "PTX" it ends with a NUL, as NVRTC's PTX does.
static nvrtcResult imageSize(nvrtcProgram Prog, size_t *Size, size_t Extra) {
  if (!Prog)
    return NVRTC_ERROR_INVALID_PROGRAM;
  if (!Size)
    return NVRTC_ERROR_INVALID_INPUT;
  if (!Prog->Compiled)
    return NVRTC_ERROR_INVALID_PROGRAM;
  *Size = Prog->Output.Image.size() + Extra;
  return NVRTC_SUCCESS;
}
static nvrtcResult image(nvrtcProgram Prog, char *Out, size_t Extra) {
  if (!Prog)
    return NVRTC_ERROR_INVALID_PROGRAM;
  if (!Out)
    return NVRTC_ERROR_INVALID_INPUT;
  if (!Prog->Compiled)
    return NVRTC_ERROR_INVALID_PROGRAM;
  std::memcpy(Out, Prog->Output.Image.data(), Prog->Output.Image.size());
  if (Extra)
    Out[Prog->Output.Image.size()] = '\0';
  return NVRTC_SUCCESS;
}

nvrtcResult nvrtcGetPTXSize(nvrtcProgram Prog, size_t *Size) {
  return imageSize(Prog, Size, 1);
}
nvrtcResult nvrtcGetPTX(nvrtcProgram Prog, char *Ptx) {
  return image(Prog, Ptx, 1);
}
nvrtcResult nvrtcGetCUBINSize(nvrtcProgram Prog, size_t *Size) {
  return imageSize(Prog, Size, 0);
}
nvrtcResult nvrtcGetCUBIN(nvrtcProgram Prog, char *Cubin) {
  return image(Prog, Cubin, 0);
}

nvrtcResult nvrtcAddNameExpression(nvrtcProgram Prog, const char *const Name) {
  if (!Prog)
    return NVRTC_ERROR_INVALID_PROGRAM;
  if (!Name || !*Name)
    return NVRTC_ERROR_INVALID_INPUT;
  if (Prog->Compiled)
    return NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION;
  Prog->Input.NameExpressions.push_back(Name);
  return NVRTC_SUCCESS;
}

nvrtcResult nvrtcGetLoweredName(nvrtcProgram Prog, const char *const Name,
                                const char **Lowered) {
  if (!Prog)
    return NVRTC_ERROR_INVALID_PROGRAM;
  if (!Name || !Lowered)
    return NVRTC_ERROR_INVALID_INPUT;
  if (!Prog->Compiled)
    return NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION;
  const std::vector<std::string> &Exprs = Prog->Input.NameExpressions;
  for (size_t I = 0; I < Exprs.size(); ++I)
    if (Exprs[I] == Name && I < Prog->Output.LoweredNames.size() &&
        !Prog->Output.LoweredNames[I].empty()) {
      *Lowered = Prog->Output.LoweredNames[I].c_str();
      return NVRTC_SUCCESS;
    }
  return NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID;
}

} // extern "C"

// LTO IR (-dlto): the fat binary of NVVM bitcode nvJitLink links.
extern "C" nvrtcResult nvrtcGetLTOIRSize(nvrtcProgram Prog, size_t *Size) {
  if (Prog && Prog->Compiled && !Prog->Output.IsLtoIR)
    return NVRTC_ERROR_INVALID_INPUT;
  return imageSize(Prog, Size, 0);
}
extern "C" nvrtcResult nvrtcGetLTOIR(nvrtcProgram Prog, char *LtoIR) {
  if (Prog && Prog->Compiled && !Prog->Output.IsLtoIR)
    return NVRTC_ERROR_INVALID_INPUT;
  return image(Prog, LtoIR, 0);
}

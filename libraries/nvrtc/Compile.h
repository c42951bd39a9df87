//===- Compile.h - An NVRTC program compiled by Rubicon's nvcc ----*- C++ -*-===//
//
// Part of Rubicon. nvrtcCompileProgram runs the toolkit's own nvcc (the one
// beside this library: <toolkit>/lib64/../bin/nvcc) in a child process on
// the program written to a private temporary directory, and keeps the fat
// binary it writes (-fatbin: one code object per target, what
// cuModuleLoadData accepts). docs/cuda-libraries.md says why out of process.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_NVRTC_COMPILE_H
#define RUBICON_NVRTC_COMPILE_H

#include "nvrtc.h"

#include <string>
#include <utility>
#include <vector>

namespace rubicon::nvrtc {

struct CompileInput {
  std::string Name;   // the program's name (diagnostics say it)
  std::string Source; // its source
  std::vector<std::pair<std::string, std::string>> Headers; // name, text
  std::vector<std::string> Options;                         // as given
  std::vector<std::string> NameExpressions;
};

struct CompileOutput {
  std::string Log;
  std::string Image;                     // the fat binary
  bool IsLtoIR = false; // -dlto: Image is NVVM bitcode (nvrtcGetLTOIR)
  std::vector<std::string> LoweredNames; // one per name expression
};

/// The architectures NVRTC 13.0 compiles for (sm_75 ... sm_121).
extern const int SupportedArchs[];
extern const int NumSupportedArchs;

/// Translates NVRTC's options for nvcc; on a bad option, the log says why.
nvrtcResult translateOptions(const std::vector<std::string> &Options,
                             std::vector<std::string> &Nvcc, std::string &Log);

nvrtcResult compile(const CompileInput &In, CompileOutput &Out);

} // namespace rubicon::nvrtc

#endif // RUBICON_NVRTC_COMPILE_H

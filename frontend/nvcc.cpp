//===- nvcc.cpp - Rubicon's nvcc ------------------------------------------===//

#include "Driver.h"

#include "llvm/Support/InitLLVM.h"

int main(int argc, char **argv) {
  llvm::InitLLVM X(argc, argv);
  std::vector<std::string> Args(argv + 1, argv + argc);
  static int Anchor;
  return rubicon::nvccMain(Args, rubicon::toolkitDirFromExecutable(
                                     argv[0], reinterpret_cast<void *>(&Anchor)));
}

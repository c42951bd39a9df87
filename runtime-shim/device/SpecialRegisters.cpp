//===- SpecialRegisters.cpp - PTX special registers -----------------------===//
//
// Part of Rubicon. __rubicon_read_ptx_sreg_<name>() for every row of
// SpecialRegisters.def: the lowering calls these in place of
// llvm.nvvm.read.ptx.sreg.<name>.
//
//===----------------------------------------------------------------------===//
#include "Block.h"
#include "LogicalWarp.h"

using namespace rubicon;
using namespace rubicon::machine;

#define RUBICON_SPECIAL_REGISTER(Name, ReturnType, Value)                      \
  RUBICON_EXPORT ReturnType __rubicon_read_ptx_sreg_##Name() { return Value; }
#include "SpecialRegisters.def"

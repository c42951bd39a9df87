//===- DirectedRounding.cpp - NVVM's directed-rounding arithmetic ---------===//
//
// Part of Rubicon. llvm.nvvm.{fma,div,rcp,sqrt}.{rz,rm,rp}.{f,d}: the NVVM
// intrinsics of clang's __nvvm_* builtins, which the inline-PTX translation
// also emits for `fma.rz.f64`, `div.rm.f64`, `sqrt.rp.f64`, `rcp.rz.f64`, ...
// They are the header functions of __rubicon/directed_rounding.h (__fma_rz,
// __ddiv_rd, ...: exact error-free transformations, no mode register), so
// the device library and the headers round the same way on every target.
//
//===----------------------------------------------------------------------===//
#include "Primitives.h"

#include "../include/__rubicon/directed_rounding.h"

// __rubicon_<op>_<mode>_<f|d>(args) calling Implementation<Mode>(Arguments).
#define RUBICON_DIRECTED(Op, Suffix, T, Implementation, Parameters, Arguments) \
  RUBICON_EXPORT T __rubicon_##Op##_rz_##Suffix Parameters {                   \
    return Implementation<__rubicon_zero> Arguments;                           \
  }                                                                            \
  RUBICON_EXPORT T __rubicon_##Op##_rm_##Suffix Parameters {                   \
    return Implementation<__rubicon_down> Arguments;                           \
  }                                                                            \
  RUBICON_EXPORT T __rubicon_##Op##_rp_##Suffix Parameters {                   \
    return Implementation<__rubicon_up> Arguments;                             \
  }

RUBICON_DIRECTED(fma, d, double, __rubicon_dfma, (double a, double b, double c),
                 (a, b, c))
RUBICON_DIRECTED(div, d, double, __rubicon_ddiv, (double a, double b), (a, b))
RUBICON_DIRECTED(rcp, d, double, __rubicon_ddiv, (double a), (1.0, a))
RUBICON_DIRECTED(sqrt, d, double, __rubicon_dsqrt, (double a), (a))
RUBICON_DIRECTED(fma, f, float, __rubicon_fmaf, (float a, float b, float c),
                 (a, b, c))
RUBICON_DIRECTED(div, f, float, __rubicon_fdiv, (float a, float b), (a, b))
RUBICON_DIRECTED(rcp, f, float, __rubicon_fdiv, (float a), (1.0f, a))
RUBICON_DIRECTED(sqrt, f, float, __rubicon_fsqrt, (float a), (a))

//===- SharedVariables.h - nvcc's function-scope __shared__ objects -*- C++ -*-===//
//
// Part of Rubicon. nvcc accepts a function-scope `__shared__` variable whose
// type has a constructor or destructor that does something
// (`__shared__ cuda::barrier<cuda::thread_scope_block> bar;`, simpleAWBarrier,
// globalToShmemAsyncCopy): it warns ("dynamic initialization is not supported
// for a function-scope static __shared__ variable within a
// __device__/__global__ function", `static_var_with_dynamic_init`) and runs
// neither; the variable is storage the block's threads set up themselves
// (`init(&bar, n)`). Clang rejects it ("initialization is not supported for
// __shared__ variables") and invalidates the variable. Rubicon does what
// nvcc does, for the default initialization only (no initializer written):
//
//  - in a function that is not a template, clang's error becomes nvcc's
//    warning and the variable is valid again before the next token is read,
//    before anything can refer to it;
//  - in an instantiation, the variable is not checked: it is given automatic
//    storage while clang attaches its default initialization (no check runs
//    for a local variable) and gets its static storage back once the
//    function's definition is instantiated, before code is generated;
//    nvcc's warning is reported then, at the instantiation.
//
// Clang's code generator never emits a `__shared__` variable's
// initialization or destruction, so neither runs, as with nvcc. A written
// initializer (`__shared__ int x = 1;`, `__shared__ S s(3);`) and a
// namespace-scope variable stay errors, as they are with nvcc.
// `#pragma diag_suppress static_var_with_dynamic_init` (or `nv_diag_suppress`,
// or the number 20054) silences the warning, as with nvcc; so do -w and
// system headers.
// Docs: docs/nvcc-dialect.md.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_FRONTEND_SHAREDVARIABLES_H
#define RUBICON_FRONTEND_SHAREDVARIABLES_H

namespace clang {
class CompilerInstance;
} // namespace clang

namespace rubicon {

/// Wraps CI's diagnostic client (once CI has its diagnostics) so that
/// function-scope `__shared__` variables are accepted as nvcc accepts them.
/// Works for any frontend action run on CI.
void acceptSharedVariablesAsNvcc(clang::CompilerInstance &CI);

} // namespace rubicon

#endif // RUBICON_FRONTEND_SHAREDVARIABLES_H

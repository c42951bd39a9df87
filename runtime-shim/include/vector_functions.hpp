/*===- vector_functions.hpp - make_<vector type> functions ----------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface
 * for AMD GPUs. The definitions are in vector_functions.h.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_VECTOR_FUNCTIONS_HPP
#define RUBICON_VECTOR_FUNCTIONS_HPP

#include "vector_functions.h"

#endif /* RUBICON_VECTOR_FUNCTIONS_HPP */

/*===- cudaTypedefs.h - Pointer types of the driver API's functions -------===*
 *
 * Part of Rubicon. Written from the CUDA driver API reference ("Driver Entry
 * Point Access"): PFN_<name>_v<version> is the type of a pointer to the
 * driver function <name> with the signature CUDA <version> introduced, as
 * cuGetProcAddress/cudaGetDriverEntryPoint return it, and PFN_<name> names
 * the one cuda.h declares. The functions covered are listed in
 * __rubicon/driver_typedefs.def. (CUB includes this header.)
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CUDA_TYPEDEFS_H
#define RUBICON_CUDA_TYPEDEFS_H

#include "cuda.h"

#define RUBICON_PFN(name, version)                                             \
  typedef __typeof__(&name) PFN_##name##_v##version;                           \
  typedef PFN_##name##_v##version PFN_##name;
#include "__rubicon/driver_typedefs.def"
#undef RUBICON_PFN

#endif /* RUBICON_CUDA_TYPEDEFS_H */

//===- PtxCache.h - PTX compiled once, kept for later loads -----*- C++ -*-===//
//
// The driver's compute cache, as NVIDIA's driver keeps its JIT output: a fat
// binary compiled from PTX (PtxJit.h) is kept under the folder
// CUDA_CACHE_PATH names (default $HOME/.nv/ComputeCache), in rubicon-ptx/,
// keyed by the PTX text, the target and the compiler that made it (its size
// and modification time). CUDA_CACHE_DISABLE=1 turns it off. A cache that
// cannot be read or written is as no cache. docs/ptx-modules.md.
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_CUDA_PTXCACHE_H
#define RUBICON_CUDA_PTXCACHE_H

#include <string>
#include <string_view>

namespace rubicon::driver {

/// The cache file for Ptx compiled for Target by the compiler at Compiler;
/// "" when the cache is disabled or has no folder.
std::string ptxCachePath(std::string_view Ptx, const std::string &Target,
                         const std::string &Compiler);

/// Reads a cached image; false if there is none.
bool readCachedImage(const std::string &Path, std::string &Image);

/// Keeps Image at Path (written whole or not at all).
void storeCachedImage(const std::string &Path, const std::string &Image);

} // namespace rubicon::driver

#endif // RUBICON_CUDA_PTXCACHE_H

//===- Types.h - Fixed-width types of the freestanding device library -----===//
//
// Part of Rubicon. The device library is C++ without any system header.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_DEVICE_TYPES_H
#define RUBICON_DEVICE_TYPES_H

namespace rubicon {
using u16 = unsigned short;
using u32 = unsigned int;
using u64 = unsigned long long;
using i64 = long long;
using size_t = __SIZE_TYPE__;
static_assert(sizeof(u16) == 2 && sizeof(u32) == 4 && sizeof(u64) == 8);
static_assert(sizeof(void *) == 8 && sizeof(size_t) == 8);

// CUDA's logical warp: 32 lanes on every target (two per wave64 wavefront).
inline constexpr unsigned LogicalWarpSize = 32;
// CUDA's limit on the threads of a block.
inline constexpr unsigned MaxThreadsPerBlock = 1024;
} // namespace rubicon

#endif // RUBICON_DEVICE_TYPES_H

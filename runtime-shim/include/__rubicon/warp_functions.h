/*===- __rubicon/warp_functions.h - Warp shuffle, vote, sync -------------===*
 *
 * Part of Rubicon. CUDA C++ Programming Guide: "Warp Vote Functions", "Warp
 * Shuffle Functions", __syncwarp, __activemask. They compile to clang's
 * NVPTX builtins (llvm.nvvm.shfl.sync.*, llvm.nvvm.vote.*.sync, ...); the
 * device library implements those on Rubicon's 32-lane logical warps.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_INTERNAL_WARP_FUNCTIONS_H
#define RUBICON_INTERNAL_WARP_FUNCTIONS_H

#include "config.h"

/* Every lane of the warp, derived from warpSize (0xffffffff with logical
 * warps) so that the warp-size analysis does not take the default for a
 * hard-coded 32-lane mask. */
#define __RUBICON_FULL_WARP_MASK__ ((unsigned int)(~0ull >> (64 - warpSize)))

__RUBICON_DEVICE__ void __syncwarp(unsigned int mask = __RUBICON_FULL_WARP_MASK__) {
  __nvvm_bar_warp_sync(mask);
}
__RUBICON_DEVICE__ unsigned int __activemask() { return __nvvm_activemask(); }
__RUBICON_DEVICE__ int __all_sync(unsigned int mask, int predicate) {
  return __nvvm_vote_all_sync(mask, predicate);
}
__RUBICON_DEVICE__ int __any_sync(unsigned int mask, int predicate) {
  return __nvvm_vote_any_sync(mask, predicate);
}
__RUBICON_DEVICE__ int __uni_sync(unsigned int mask, int predicate) {
  return __nvvm_vote_uni_sync(mask, predicate);
}
__RUBICON_DEVICE__ unsigned int __ballot_sync(unsigned int mask,
                                              int predicate) {
  return __nvvm_vote_ballot_sync(mask, predicate);
}

/* shfl.sync's c operand: segment mask ((32 - width) << 8) in bits 8-12 and
 * the clamp lane in bits 0-4 (31 for idx/down/bfly, 0 for up). */
__RUBICON_DEVICE__ int __rubicon_shfl_c(int width, int clamp) {
  return ((__RUBICON_WARP_SIZE__ - width) << 8) | clamp;
}

#define __RUBICON_SHUFFLES_32(T, Suffix)                                       \
  __RUBICON_DEVICE__ T __shfl_sync(unsigned int mask, T var, int srcLane,      \
                                   int width = __RUBICON_WARP_SIZE__) {        \
    return __nvvm_shfl_sync_idx_##Suffix(mask, var, srcLane,                   \
                                         __rubicon_shfl_c(width, 0x1f));       \
  }                                                                            \
  __RUBICON_DEVICE__ T __shfl_up_sync(unsigned int mask, T var,                \
                                      unsigned int delta,                      \
                                      int width = __RUBICON_WARP_SIZE__) {     \
    return __nvvm_shfl_sync_up_##Suffix(mask, var, delta,                      \
                                        __rubicon_shfl_c(width, 0));           \
  }                                                                            \
  __RUBICON_DEVICE__ T __shfl_down_sync(unsigned int mask, T var,              \
                                        unsigned int delta,                    \
                                        int width = __RUBICON_WARP_SIZE__) {   \
    return __nvvm_shfl_sync_down_##Suffix(mask, var, delta,                    \
                                          __rubicon_shfl_c(width, 0x1f));      \
  }                                                                            \
  __RUBICON_DEVICE__ T __shfl_xor_sync(unsigned int mask, T var, int laneMask, \
                                       int width = __RUBICON_WARP_SIZE__) {    \
    return __nvvm_shfl_sync_bfly_##Suffix(mask, var, laneMask,                 \
                                          __rubicon_shfl_c(width, 0x1f));      \
  }
__RUBICON_SHUFFLES_32(int, i32)
__RUBICON_SHUFFLES_32(float, f32)
#undef __RUBICON_SHUFFLES_32

/* Other types shuffle as 32-bit pieces. */
#define __RUBICON_SHUFFLES_VIA(T, Piece, Pieces)                               \
  __RUBICON_DEVICE__ T __rubicon_shfl_pieces(T var, int kind, unsigned mask,   \
                                             int lane, int width) {            \
    Piece parts[Pieces];                                                       \
    __builtin_memcpy(parts, &var, sizeof(T));                                  \
    for (int i = 0; i < Pieces; ++i) {                                         \
      switch (kind) {                                                          \
      case 0:                                                                  \
        parts[i] = __shfl_sync(mask, parts[i], lane, width);                   \
        break;                                                                 \
      case 1:                                                                  \
        parts[i] = __shfl_up_sync(mask, parts[i], lane, width);                \
        break;                                                                 \
      case 2:                                                                  \
        parts[i] = __shfl_down_sync(mask, parts[i], lane, width);              \
        break;                                                                 \
      default:                                                                 \
        parts[i] = __shfl_xor_sync(mask, parts[i], lane, width);               \
        break;                                                                 \
      }                                                                        \
    }                                                                          \
    __builtin_memcpy(&var, parts, sizeof(T));                                  \
    return var;                                                                \
  }                                                                            \
  __RUBICON_DEVICE__ T __shfl_sync(unsigned int mask, T var, int srcLane,      \
                                   int width = __RUBICON_WARP_SIZE__) {        \
    return __rubicon_shfl_pieces(var, 0, mask, srcLane, width);                \
  }                                                                            \
  __RUBICON_DEVICE__ T __shfl_up_sync(unsigned int mask, T var,                \
                                      unsigned int delta,                      \
                                      int width = __RUBICON_WARP_SIZE__) {     \
    return __rubicon_shfl_pieces(var, 1, mask, delta, width);                  \
  }                                                                            \
  __RUBICON_DEVICE__ T __shfl_down_sync(unsigned int mask, T var,              \
                                        unsigned int delta,                    \
                                        int width = __RUBICON_WARP_SIZE__) {   \
    return __rubicon_shfl_pieces(var, 2, mask, delta, width);                  \
  }                                                                            \
  __RUBICON_DEVICE__ T __shfl_xor_sync(unsigned int mask, T var, int laneMask, \
                                       int width = __RUBICON_WARP_SIZE__) {    \
    return __rubicon_shfl_pieces(var, 3, mask, laneMask, width);               \
  }
__RUBICON_SHUFFLES_VIA(unsigned int, int, 1)
__RUBICON_SHUFFLES_VIA(long, int, 2)
__RUBICON_SHUFFLES_VIA(unsigned long, int, 2)
__RUBICON_SHUFFLES_VIA(long long, int, 2)
__RUBICON_SHUFFLES_VIA(unsigned long long, int, 2)
__RUBICON_SHUFFLES_VIA(double, int, 2)
#undef __RUBICON_SHUFFLES_VIA

#endif /* RUBICON_INTERNAL_WARP_FUNCTIONS_H */

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
#define __RUBICON_FULL_WARP_MASK__ ((__rubicon_lane_mask_t)(~0ull >> (64 - warpSize)))

#if __RUBICON_WARP_SIZE__ == 64
/* --rubicon-native-wave64: a warp is a 64-lane wavefront, masks are 64-bit;
 * everything calls the device library's __rubicon_wave64_* functions. */
typedef unsigned long long __rubicon_lane_mask_t;
#define __RUBICON_LANE_BITS__ 0x3f
__RUBICON_DEVICE_LIBRARY__ unsigned __rubicon_wave64_shfl_idx(unsigned long long, unsigned, unsigned, unsigned);
__RUBICON_DEVICE_LIBRARY__ unsigned __rubicon_wave64_shfl_up(unsigned long long, unsigned, unsigned, unsigned);
__RUBICON_DEVICE_LIBRARY__ unsigned __rubicon_wave64_shfl_down(unsigned long long, unsigned, unsigned, unsigned);
__RUBICON_DEVICE_LIBRARY__ unsigned __rubicon_wave64_shfl_bfly(unsigned long long, unsigned, unsigned, unsigned);
__RUBICON_DEVICE_LIBRARY__ unsigned long long __rubicon_wave64_activemask(void);
__RUBICON_DEVICE_LIBRARY__ unsigned long long __rubicon_wave64_vote_ballot(unsigned long long, bool);
__RUBICON_DEVICE_LIBRARY__ bool __rubicon_wave64_vote_all(unsigned long long, bool);
__RUBICON_DEVICE_LIBRARY__ bool __rubicon_wave64_vote_any(unsigned long long, bool);
__RUBICON_DEVICE_LIBRARY__ bool __rubicon_wave64_vote_uni(unsigned long long, bool);
__RUBICON_DEVICE_LIBRARY__ void __rubicon_wave64_syncwarp(unsigned long long);
__RUBICON_DEVICE_LIBRARY__ unsigned long long __rubicon_wave64_match_any_i32(unsigned long long, unsigned);
__RUBICON_DEVICE_LIBRARY__ unsigned long long __rubicon_wave64_match_any_i64(unsigned long long, unsigned long long);
__RUBICON_DEVICE_LIBRARY__ unsigned long long __rubicon_wave64_match_all_i32(unsigned long long, unsigned);
__RUBICON_DEVICE_LIBRARY__ unsigned long long __rubicon_wave64_match_all_i64(unsigned long long, unsigned long long);
#define __RUBICON_REDUCE_DECL(Name, T)                                         \
  __RUBICON_DEVICE_LIBRARY__ T __rubicon_wave64_reduce_##Name(unsigned long long, T);
__RUBICON_REDUCE_DECL(add, unsigned) __RUBICON_REDUCE_DECL(umin, unsigned)
__RUBICON_REDUCE_DECL(umax, unsigned) __RUBICON_REDUCE_DECL(min, int)
__RUBICON_REDUCE_DECL(max, int) __RUBICON_REDUCE_DECL(and, unsigned)
__RUBICON_REDUCE_DECL(or, unsigned) __RUBICON_REDUCE_DECL(xor, unsigned)
#undef __RUBICON_REDUCE_DECL
#define __RUBICON_SHFL(Kind, mask, v, b, c)                                    \
  __rubicon_wave64_shfl_##Kind(mask, (unsigned)(v), b, c)
#define __RUBICON_VOTE(Kind, mask, p) __rubicon_wave64_vote_##Kind(mask, p)
#define __RUBICON_ACTIVEMASK() __rubicon_wave64_activemask()
#define __RUBICON_SYNCWARP(mask) __rubicon_wave64_syncwarp(mask)
#define __RUBICON_MATCH(Kind, Width, mask, v)                                  \
  __rubicon_wave64_match_##Kind##_##Width(mask, v)
#define __RUBICON_REDUCE(Name, mask, v) __rubicon_wave64_reduce_##Name(mask, v)
#else
/* 32-lane logical warps (wave64 targets: two per wavefront; wave32:
 * native). Shuffles and votes go through clang's NVPTX builtins (so inline
 * PTX and headers meet in the same intrinsics); match and reduce call the
 * device library directly. */
typedef unsigned int __rubicon_lane_mask_t;
#define __RUBICON_LANE_BITS__ 0x1f
__RUBICON_DEVICE_LIBRARY__ unsigned __rubicon_match_any_sync_i32(unsigned, unsigned);
__RUBICON_DEVICE_LIBRARY__ unsigned __rubicon_match_any_sync_i64(unsigned, unsigned long long);
__RUBICON_DEVICE_LIBRARY__ unsigned __rubicon_match_all_sync_i32(unsigned, unsigned);
__RUBICON_DEVICE_LIBRARY__ unsigned __rubicon_match_all_sync_i64(unsigned, unsigned long long);
#define __RUBICON_REDUCE_DECL(Name, T)                                         \
  __RUBICON_DEVICE_LIBRARY__ T __rubicon_redux_sync_##Name(T, unsigned);
__RUBICON_REDUCE_DECL(add, unsigned) __RUBICON_REDUCE_DECL(umin, unsigned)
__RUBICON_REDUCE_DECL(umax, unsigned) __RUBICON_REDUCE_DECL(min, int)
__RUBICON_REDUCE_DECL(max, int) __RUBICON_REDUCE_DECL(and, unsigned)
__RUBICON_REDUCE_DECL(or, unsigned) __RUBICON_REDUCE_DECL(xor, unsigned)
#undef __RUBICON_REDUCE_DECL
#define __RUBICON_SHFL(Kind, mask, v, b, c)                                    \
  ((unsigned)__nvvm_shfl_sync_##Kind##_i32(mask, (int)(v), b, c))
#define __RUBICON_VOTE(Kind, mask, p) __nvvm_vote_##Kind##_sync(mask, p)
#define __RUBICON_ACTIVEMASK() __nvvm_activemask()
#define __RUBICON_SYNCWARP(mask) __nvvm_bar_warp_sync(mask)
#define __RUBICON_MATCH(Kind, Width, mask, v)                                  \
  __rubicon_match_##Kind##_sync_##Width(mask, v)
#define __RUBICON_REDUCE(Name, mask, v) __rubicon_redux_sync_##Name(v, mask)
#endif

__RUBICON_DEVICE__ void __syncwarp(__rubicon_lane_mask_t mask = __RUBICON_FULL_WARP_MASK__) {
  __RUBICON_SYNCWARP(mask);
}
__RUBICON_DEVICE__ __rubicon_lane_mask_t __activemask() { return __RUBICON_ACTIVEMASK(); }
__RUBICON_DEVICE__ int __all_sync(__rubicon_lane_mask_t mask, int predicate) {
  return __RUBICON_VOTE(all, mask, predicate != 0);
}
__RUBICON_DEVICE__ int __any_sync(__rubicon_lane_mask_t mask, int predicate) {
  return __RUBICON_VOTE(any, mask, predicate != 0);
}
__RUBICON_DEVICE__ int __uni_sync(__rubicon_lane_mask_t mask, int predicate) {
  return __RUBICON_VOTE(uni, mask, predicate != 0);
}
__RUBICON_DEVICE__ __rubicon_lane_mask_t __ballot_sync(__rubicon_lane_mask_t mask,
                                                       int predicate) {
  return __RUBICON_VOTE(ballot, mask, predicate != 0);
}

/* __match_any_sync / __match_all_sync (sm_70): 32- and 64-bit values. */
#define __RUBICON_MATCH_FUNCTIONS(T, Width)                                    \
  __RUBICON_DEVICE__ __rubicon_lane_mask_t __match_any_sync(                   \
      __rubicon_lane_mask_t mask, T value) {                                   \
    return __RUBICON_MATCH(any, Width, mask, value);                           \
  }                                                                            \
  __RUBICON_DEVICE__ __rubicon_lane_mask_t __match_all_sync(                   \
      __rubicon_lane_mask_t mask, T value, int *pred) {                        \
    __rubicon_lane_mask_t result = __RUBICON_MATCH(all, Width, mask, value);   \
    *pred = result != 0;                                                       \
    return result;                                                             \
  }
__RUBICON_MATCH_FUNCTIONS(unsigned int, i32)
__RUBICON_MATCH_FUNCTIONS(int, i32)
__RUBICON_MATCH_FUNCTIONS(unsigned long, i64)
__RUBICON_MATCH_FUNCTIONS(long, i64)
__RUBICON_MATCH_FUNCTIONS(unsigned long long, i64)
__RUBICON_MATCH_FUNCTIONS(long long, i64)
__RUBICON_MATCH_FUNCTIONS(float, i32)
__RUBICON_MATCH_FUNCTIONS(double, i64)
#undef __RUBICON_MATCH_FUNCTIONS

/* __reduce_*_sync (sm_80): unsigned and int. */
__RUBICON_DEVICE__ unsigned __reduce_add_sync(__rubicon_lane_mask_t mask, unsigned value) {
  return __RUBICON_REDUCE(add, mask, value);
}
__RUBICON_DEVICE__ int __reduce_add_sync(__rubicon_lane_mask_t mask, int value) {
  return (int)__RUBICON_REDUCE(add, mask, (unsigned)value);
}
__RUBICON_DEVICE__ unsigned __reduce_min_sync(__rubicon_lane_mask_t mask, unsigned value) {
  return __RUBICON_REDUCE(umin, mask, value);
}
__RUBICON_DEVICE__ int __reduce_min_sync(__rubicon_lane_mask_t mask, int value) {
  return __RUBICON_REDUCE(min, mask, value);
}
__RUBICON_DEVICE__ unsigned __reduce_max_sync(__rubicon_lane_mask_t mask, unsigned value) {
  return __RUBICON_REDUCE(umax, mask, value);
}
__RUBICON_DEVICE__ int __reduce_max_sync(__rubicon_lane_mask_t mask, int value) {
  return __RUBICON_REDUCE(max, mask, value);
}
__RUBICON_DEVICE__ unsigned __reduce_and_sync(__rubicon_lane_mask_t mask, unsigned value) {
  return __RUBICON_REDUCE(and, mask, value);
}
__RUBICON_DEVICE__ unsigned __reduce_or_sync(__rubicon_lane_mask_t mask, unsigned value) {
  return __RUBICON_REDUCE(or, mask, value);
}
__RUBICON_DEVICE__ unsigned __reduce_xor_sync(__rubicon_lane_mask_t mask, unsigned value) {
  return __RUBICON_REDUCE(xor, mask, value);
}

/* shfl.sync's c operand: segment mask ((warpSize - width) << 8) and the
 * clamp lane (warpSize - 1 for idx/down/bfly, 0 for up). */
__RUBICON_DEVICE__ int __rubicon_shfl_c(int width, int clamp) {
  return ((__RUBICON_WARP_SIZE__ - width) << 8) | clamp;
}

/* Every type shuffles as 32-bit pieces. */
#define __RUBICON_SHUFFLES(T)                                                  \
  __RUBICON_DEVICE__ T __rubicon_shfl_pieces(T var, int kind,                  \
                                             __rubicon_lane_mask_t mask,       \
                                             int lane, int c) {                \
    unsigned parts[(sizeof(T) + 3) / 4] = {};                                  \
    __builtin_memcpy(parts, &var, sizeof(T));                                  \
    for (unsigned i = 0; i < (sizeof(T) + 3) / 4; ++i) {                       \
      switch (kind) {                                                          \
      case 0:                                                                  \
        parts[i] = __RUBICON_SHFL(idx, mask, parts[i], lane, c);               \
        break;                                                                 \
      case 1:                                                                  \
        parts[i] = __RUBICON_SHFL(up, mask, parts[i], lane, c);                \
        break;                                                                 \
      case 2:                                                                  \
        parts[i] = __RUBICON_SHFL(down, mask, parts[i], lane, c);              \
        break;                                                                 \
      default:                                                                 \
        parts[i] = __RUBICON_SHFL(bfly, mask, parts[i], lane, c);              \
        break;                                                                 \
      }                                                                        \
    }                                                                          \
    __builtin_memcpy(&var, parts, sizeof(T));                                  \
    return var;                                                                \
  }                                                                            \
  __RUBICON_DEVICE__ T __shfl_sync(__rubicon_lane_mask_t mask, T var,          \
                                   int srcLane,                                \
                                   int width = __RUBICON_WARP_SIZE__) {        \
    return __rubicon_shfl_pieces(var, 0, mask, srcLane,                        \
                                 __rubicon_shfl_c(width, __RUBICON_LANE_BITS__)); \
  }                                                                            \
  __RUBICON_DEVICE__ T __shfl_up_sync(__rubicon_lane_mask_t mask, T var,       \
                                      unsigned int delta,                      \
                                      int width = __RUBICON_WARP_SIZE__) {     \
    return __rubicon_shfl_pieces(var, 1, mask, delta,                          \
                                 __rubicon_shfl_c(width, 0));                  \
  }                                                                            \
  __RUBICON_DEVICE__ T __shfl_down_sync(__rubicon_lane_mask_t mask, T var,     \
                                        unsigned int delta,                    \
                                        int width = __RUBICON_WARP_SIZE__) {   \
    return __rubicon_shfl_pieces(var, 2, mask, delta,                          \
                                 __rubicon_shfl_c(width, __RUBICON_LANE_BITS__)); \
  }                                                                            \
  __RUBICON_DEVICE__ T __shfl_xor_sync(__rubicon_lane_mask_t mask, T var,      \
                                       int laneMask,                           \
                                       int width = __RUBICON_WARP_SIZE__) {    \
    return __rubicon_shfl_pieces(var, 3, mask, laneMask,                       \
                                 __rubicon_shfl_c(width, __RUBICON_LANE_BITS__)); \
  }
__RUBICON_SHUFFLES(unsigned int)
__RUBICON_SHUFFLES(long)
__RUBICON_SHUFFLES(unsigned long)
__RUBICON_SHUFFLES(long long)
__RUBICON_SHUFFLES(unsigned long long)
__RUBICON_SHUFFLES(double)
#if __RUBICON_WARP_SIZE__ == 64
__RUBICON_SHUFFLES(int)
__RUBICON_SHUFFLES(float)
#else
/* int and float have NVVM's own shuffles. */
#define __RUBICON_NVVM_SHUFFLES(T, Suffix)                                     \
  __RUBICON_DEVICE__ T __shfl_sync(unsigned mask, T var, int srcLane,          \
                                   int width = __RUBICON_WARP_SIZE__) {        \
    return __nvvm_shfl_sync_idx_##Suffix(mask, var, srcLane,                   \
                                         __rubicon_shfl_c(width, 0x1f));       \
  }                                                                            \
  __RUBICON_DEVICE__ T __shfl_up_sync(unsigned mask, T var,                    \
                                      unsigned int delta,                      \
                                      int width = __RUBICON_WARP_SIZE__) {     \
    return __nvvm_shfl_sync_up_##Suffix(mask, var, delta,                      \
                                        __rubicon_shfl_c(width, 0));           \
  }                                                                            \
  __RUBICON_DEVICE__ T __shfl_down_sync(unsigned mask, T var,                  \
                                        unsigned int delta,                    \
                                        int width = __RUBICON_WARP_SIZE__) {   \
    return __nvvm_shfl_sync_down_##Suffix(mask, var, delta,                    \
                                          __rubicon_shfl_c(width, 0x1f));      \
  }                                                                            \
  __RUBICON_DEVICE__ T __shfl_xor_sync(unsigned mask, T var, int laneMask,     \
                                       int width = __RUBICON_WARP_SIZE__) {    \
    return __nvvm_shfl_sync_bfly_##Suffix(mask, var, laneMask,                 \
                                          __rubicon_shfl_c(width, 0x1f));      \
  }
__RUBICON_NVVM_SHUFFLES(int, i32)
__RUBICON_NVVM_SHUFFLES(float, f32)
#undef __RUBICON_NVVM_SHUFFLES
#endif
#undef __RUBICON_SHUFFLES

/* __half, __half2, __nv_bfloat16 and __nv_bfloat162 (cuda_fp16.h,
 * cuda_bf16.h) shuffle through the same template: those headers call
 * __rubicon_shfl_as_pieces. */
template <typename __T>
__RUBICON_DEVICE__ __T __rubicon_shfl_as_pieces(__T var, int kind,
                                                __rubicon_lane_mask_t mask,
                                                int lane, int width) {
  static_assert(sizeof(__T) <= 8, "shuffled values are at most 8 bytes");
  unsigned parts[2] = {};
  __builtin_memcpy(parts, &var, sizeof(__T));
  const int c = __rubicon_shfl_c(width, kind == 1 ? 0 : __RUBICON_LANE_BITS__);
  for (unsigned i = 0; i < (sizeof(__T) + 3) / 4; ++i) {
    if (kind == 0)
      parts[i] = __RUBICON_SHFL(idx, mask, parts[i], lane, c);
    else if (kind == 1)
      parts[i] = __RUBICON_SHFL(up, mask, parts[i], lane, c);
    else if (kind == 2)
      parts[i] = __RUBICON_SHFL(down, mask, parts[i], lane, c);
    else
      parts[i] = __RUBICON_SHFL(bfly, mask, parts[i], lane, c);
  }
  __builtin_memcpy(&var, parts, sizeof(__T));
  return var;
}

#endif /* RUBICON_INTERNAL_WARP_FUNCTIONS_H */

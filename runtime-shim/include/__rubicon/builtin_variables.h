/*===- __rubicon/builtin_variables.h - threadIdx, blockIdx, ... ----------===*
 *
 * Part of Rubicon. CUDA's built-in variables (CUDA C++ Programming Guide,
 * "Built-in Variables"). Each is a constant object whose x, y, z members are
 * properties (clang's __declspec(property), enabled in CUDA mode) that read
 * the PTX special registers through clang's NVPTX builtins, so threadIdx.y
 * becomes a call to llvm.nvvm.read.ptx.sreg.tid.y.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_INTERNAL_BUILTIN_VARIABLES_H
#define RUBICON_INTERNAL_BUILTIN_VARIABLES_H

#include "config.h"
#include "../vector_types.h"

/* blockDim and gridDim are dim3 in CUDA, which converts to uint3; a
 * variable of one of these types converts to uint3 directly as well, as one
 * conversion may (libcu++'s hierarchy tests pass gridDim for a uint3). */
#define __RUBICON_BUILTIN_VARIABLE_UINT3                                       \
  __device__ __forceinline__ operator uint3() const {                          \
    return uint3{__get_x(), __get_y(), __get_z()};                             \
  }

#define __RUBICON_BUILTIN_VARIABLE_TYPE(TypeName, Register, ConvertsTo, ...)   \
  struct TypeName {                                                            \
    __declspec(property(get = __get_x)) unsigned int x;                        \
    __declspec(property(get = __get_y)) unsigned int y;                        \
    __declspec(property(get = __get_z)) unsigned int z;                        \
    static __device__ __forceinline__ unsigned int __get_x() {                 \
      return __nvvm_read_ptx_sreg_##Register##_x();                            \
    }                                                                          \
    static __device__ __forceinline__ unsigned int __get_y() {                 \
      return __nvvm_read_ptx_sreg_##Register##_y();                            \
    }                                                                          \
    static __device__ __forceinline__ unsigned int __get_z() {                 \
      return __nvvm_read_ptx_sreg_##Register##_z();                            \
    }                                                                          \
    __device__ __forceinline__ operator ConvertsTo() const {                   \
      return ConvertsTo{__get_x(), __get_y(), __get_z()};                      \
    }                                                                          \
    __VA_ARGS__                                                                \
                                                                               \
  private:                                                                     \
    /* Built-in variables cannot be created, copied, assigned, or have their   \
     * address taken. */                                                       \
    __device__ TypeName() = delete;                                            \
    __device__ TypeName(const TypeName &) = delete;                            \
    __device__ void operator=(const TypeName &) const = delete;                \
    __device__ TypeName *operator&() const = delete;                           \
  };

__RUBICON_BUILTIN_VARIABLE_TYPE(__rubicon_thread_index_t, tid, uint3)
__RUBICON_BUILTIN_VARIABLE_TYPE(__rubicon_block_index_t, ctaid, uint3)
__RUBICON_BUILTIN_VARIABLE_TYPE(__rubicon_block_dimension_t, ntid, dim3,
                                __RUBICON_BUILTIN_VARIABLE_UINT3)
__RUBICON_BUILTIN_VARIABLE_TYPE(__rubicon_grid_dimension_t, nctaid, dim3,
                                __RUBICON_BUILTIN_VARIABLE_UINT3)
#undef __RUBICON_BUILTIN_VARIABLE_TYPE
#undef __RUBICON_BUILTIN_VARIABLE_UINT3

extern const __device__ __rubicon_thread_index_t threadIdx;
extern const __device__ __rubicon_block_index_t blockIdx;
extern const __device__ __rubicon_block_dimension_t blockDim;
extern const __device__ __rubicon_grid_dimension_t gridDim;

/* warpSize: as in CUDA, a built-in int read at run time (%WARP_SZ), not a
 * constant expression. 32 (Rubicon's logical warps) on every target; 64
 * under --rubicon-native-wave64. Reading it through the special register
 * lets the warp-size analysis tell code written with warpSize from code that
 * hard-codes 32 (docs/warps.md); the lowering folds it to the constant. */
#if __RUBICON_WARP_SIZE__ == 64
extern "C" __device__ int __rubicon_wave64_warp_size(void);
#endif
struct __rubicon_warp_size_t {
  __device__ __inline__ __attribute__((always_inline)) operator int() const {
#if __RUBICON_WARP_SIZE__ == 64
    return __rubicon_wave64_warp_size();
#else
    return __nvvm_read_ptx_sreg_warpsize();
#endif
  }
  __device__ void operator=(const __rubicon_warp_size_t &) const = delete;
  __device__ __rubicon_warp_size_t *operator&() const = delete;
};
extern const __device__ __rubicon_warp_size_t warpSize;

#endif /* RUBICON_INTERNAL_BUILTIN_VARIABLES_H */

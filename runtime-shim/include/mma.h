/*===- mma.h - Warp matrix functions (nvcuda::wmma) -----------------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface
 * for AMD GPUs. Written from the CUDA C++ Programming Guide ("Warp Matrix
 * Functions"): fragment, load_matrix_sync, store_matrix_sync, fill_fragment,
 * mma_sync, for the shapes 16x16x16, 32x8x16, 8x32x16 (half, __nv_bfloat16,
 * signed char, unsigned char multiplicands; half, float, int accumulators),
 * 16x16x8 (precision::tf32, __float_to_tf32) and 8x8x4 (double).
 *
 * Every operation is one inline-PTX wmma instruction, which Rubicon's
 * inline-PTX translation turns into IR (docs/ptx.md, "wmma"): one
 * implementation for the PTX and the C++ interface. The fragment layout is
 * the one documented there; as the Programming Guide says, which matrix
 * element each x[i] holds is unspecified, so element-wise operations on x[]
 * must treat all elements alike. Multiplicand fragments of half hold 16
 * elements in every shape (some lanes hold the same elements).
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_MMA_H
#define RUBICON_MMA_H

#if defined(__cplusplus)
#include "cuda_bf16.h"
#include "cuda_fp16.h"

namespace nvcuda {
namespace wmma {

struct matrix_a {};
struct matrix_b {};
struct accumulator {};
struct row_major {};
struct col_major {};

enum layout_t { mem_row_major, mem_col_major };

namespace precision {
struct tf32 {};
} // namespace precision

namespace __rubicon {

template <typename T> struct storage { using type = T; };
template <> struct storage<precision::tf32> { using type = float; };

template <typename T> struct is_half { static constexpr bool value = false; };
template <> struct is_half<__half> { static constexpr bool value = true; };

/* Elements per lane: f16 multiplicands are eight f16x2 registers in every
 * shape, the others what the matrix needs (its size / 32). */
template <typename Use, int M, int N, int K, typename T> struct elements;
template <int M, int N, int K, typename T>
struct elements<matrix_a, M, N, K, T> {
  static constexpr int value = is_half<T>::value ? 16 : M * K / 32;
};
template <int M, int N, int K, typename T>
struct elements<matrix_b, M, N, K, T> {
  static constexpr int value = is_half<T>::value ? 16 : K * N / 32;
};
template <int M, int N, int K, typename T>
struct elements<accumulator, M, N, K, T> {
  static constexpr int value = M * N / 32;
};

template <int M, int N, int K> struct shape {
  static constexpr bool value =
      (M == 16 && N == 16 && K == 16) || (M == 32 && N == 8 && K == 16) ||
      (M == 8 && N == 32 && K == 16) || (M == 16 && N == 16 && K == 8) ||
      (M == 8 && N == 8 && K == 4);
};

} // namespace __rubicon

template <typename Use, int m, int n, int k, typename T, typename Layout = void>
class fragment {
  static_assert(__rubicon::shape<m, n, k>::value,
                "wmma shapes are 16x16x16, 32x8x16, 8x32x16, 16x16x8 and "
                "8x8x4");

public:
  using element_type = T;
  using storage_element_type = typename __rubicon::storage<T>::type;
  enum { num_elements = __rubicon::elements<Use, m, n, k, T>::value };
  storage_element_type x[num_elements];
};

/* tf32: rounds to the 10-bit fraction of tf32 (to nearest, ties away from
 * zero, like cvt.rna.tf32.f32); the low 13 bits become zero. */
__device__ inline float __float_to_tf32(float in) {
  unsigned bits = __builtin_bit_cast(unsigned, in);
  if ((bits & 0x7f800000u) != 0x7f800000u) { /* finite */
    bits += 0x1000u;
    bits &= 0xffffe000u;
  }
  return __builtin_bit_cast(float, bits);
}

/*===--- The PTX behind each operation ------------------------------------===*/

namespace __rubicon {

/* Register lists: R<count>_<first operand>. */
#define __RUBICON_WMMA_R1_0 "{%0}"
#define __RUBICON_WMMA_R2_0 "{%0, %1}"
#define __RUBICON_WMMA_R4_0 "{%0, %1, %2, %3}"
#define __RUBICON_WMMA_R8_0 "{%0, %1, %2, %3, %4, %5, %6, %7}"
#define __RUBICON_WMMA_R4_1 "{%1, %2, %3, %4}"
#define __RUBICON_WMMA_R8_1 "{%1, %2, %3, %4, %5, %6, %7, %8}"
#define __RUBICON_WMMA_R1_8 "{%8}"
#define __RUBICON_WMMA_R2_8 "{%8, %9}"
#define __RUBICON_WMMA_R4_8 "{%8, %9, %10, %11}"
#define __RUBICON_WMMA_R8_8 "{%8, %9, %10, %11, %12, %13, %14, %15}"
#define __RUBICON_WMMA_R1_16 "{%16}"
#define __RUBICON_WMMA_R2_16 "{%16, %17}"
#define __RUBICON_WMMA_R4_16 "{%16, %17, %18, %19}"
#define __RUBICON_WMMA_R8_16 "{%16, %17, %18, %19, %20, %21, %22, %23}"
#define __RUBICON_WMMA_R4_24 "{%24, %25, %26, %27}"
#define __RUBICON_WMMA_R8_24 "{%24, %25, %26, %27, %28, %29, %30, %31}"
/* The address and stride operands after N loaded registers. */
#define __RUBICON_WMMA_AT1 "[%1], %2"
#define __RUBICON_WMMA_AT2 "[%2], %3"
#define __RUBICON_WMMA_AT4 "[%4], %5"
#define __RUBICON_WMMA_AT8 "[%8], %9"
#define __RUBICON_WMMA_OUT1(w) "=r"(w[0])
#define __RUBICON_WMMA_OUT2(w) "=r"(w[0]), "=r"(w[1])
#define __RUBICON_WMMA_OUT4(w) "=r"(w[0]), "=r"(w[1]), "=r"(w[2]), "=r"(w[3])
#define __RUBICON_WMMA_OUT8(w)                                                 \
  __RUBICON_WMMA_OUT4(w), "=r"(w[4]), "=r"(w[5]), "=r"(w[6]), "=r"(w[7])
#define __RUBICON_WMMA_IN4(w) "r"(w[0]), "r"(w[1]), "r"(w[2]), "r"(w[3])
#define __RUBICON_WMMA_IN8(w)                                                  \
  __RUBICON_WMMA_IN4(w), "r"(w[4]), "r"(w[5]), "r"(w[6]), "r"(w[7])

#if defined(__CUDA_ARCH__)
#define __RUBICON_WMMA_ASM(...) asm volatile(__VA_ARGS__)
#else
#define __RUBICON_WMMA_ASM(...) (void)0
#endif

/* load<Use, M, N, K, T>::run(row, words, pointer, ldm) */
template <typename Use, int M, int N, int K, typename T> struct load;
/* store<M, N, K, T>::run(row, pointer, words, ldm) */
template <int M, int N, int K, typename T> struct store;
/* mma<M, N, K, A, B, C, D>::run(d, a, b, c, satf) */
template <int M, int N, int K, typename A, typename B, typename C, typename D>
struct mma;

#define __RUBICON_WMMA_LOAD(Use, Which, M, N, K, T, Shape, Type, Count)        \
  template <> struct load<Use, M, N, K, T> {                                   \
    __device__ static inline void run(bool row, unsigned *w, const void *p,    \
                                      unsigned ldm) {                          \
      if (row)                                                                 \
        __RUBICON_WMMA_ASM("wmma.load." Which ".sync.aligned.row" Shape Type   \
                           " " __RUBICON_WMMA_R##Count##_0                     \
                           ", " __RUBICON_WMMA_AT##Count ";"                   \
                           : __RUBICON_WMMA_OUT##Count(w)                      \
                           : "l"(p), "r"(ldm)                                  \
                           : "memory");                                        \
      else                                                                     \
        __RUBICON_WMMA_ASM("wmma.load." Which ".sync.aligned.col" Shape Type   \
                           " " __RUBICON_WMMA_R##Count##_0                     \
                           ", " __RUBICON_WMMA_AT##Count ";"                   \
                           : __RUBICON_WMMA_OUT##Count(w)                      \
                           : "l"(p), "r"(ldm)                                  \
                           : "memory");                                        \
    }                                                                          \
  };

/* The stride after the address (%0) and Count registers. */
#define __RUBICON_WMMA_STRIDE4 "%5"
#define __RUBICON_WMMA_STRIDE8 "%9"
#define __RUBICON_WMMA_STORE(M, N, K, T, Shape, Type, Count)                   \
  template <> struct store<M, N, K, T> {                                       \
    __device__ static inline void run(bool row, void *p, const unsigned *w,    \
                                      unsigned ldm) {                          \
      if (row)                                                                 \
        __RUBICON_WMMA_ASM("wmma.store.d.sync.aligned.row" Shape Type          \
                           " [%0], " __RUBICON_WMMA_R##Count##_1               \
                           ", " __RUBICON_WMMA_STRIDE##Count ";" ::"l"(p),     \
                           __RUBICON_WMMA_IN##Count(w), "r"(ldm)               \
                           : "memory");                                        \
      else                                                                     \
        __RUBICON_WMMA_ASM("wmma.store.d.sync.aligned.col" Shape Type          \
                           " [%0], " __RUBICON_WMMA_R##Count##_1               \
                           ", " __RUBICON_WMMA_STRIDE##Count ";" ::"l"(p),     \
                           __RUBICON_WMMA_IN##Count(w), "r"(ldm)               \
                           : "memory");                                        \
    }                                                                          \
  };

/* Operands: d %0-%7 (outputs; f16 d uses four), a %8-, b %16-, c %24-.
 * Rubicon's fragments do not depend on the memory layout they were loaded
 * from (docs/ptx.md), so `.row.col` stands for every layout pair. */
#define __RUBICON_WMMA_MMA(M, N, K, A, B, C, D, Shape, Types, CA, CB, CC, CD)  \
  template <> struct mma<M, N, K, A, B, C, D> {                                \
    __device__ static inline void run(unsigned *d, const unsigned *a,          \
                                      const unsigned *b, const unsigned *c,    \
                                      bool satf) {                             \
      if (satf)                                                                \
        __RUBICON_WMMA_ASM("wmma.mma.sync.aligned.row.col" Shape Types         \
                           ".satfinite " __RUBICON_WMMA_R##CD##_0              \
                           ", " __RUBICON_WMMA_R##CA##_8                       \
                           ", " __RUBICON_WMMA_R##CB##_16                      \
                           ", " __RUBICON_WMMA_R##CC##_24 ";"                  \
                           : __RUBICON_WMMA_OUT8(d)                            \
                           : __RUBICON_WMMA_IN8(a), __RUBICON_WMMA_IN8(b),     \
                             __RUBICON_WMMA_IN8(c));                           \
      else                                                                     \
        __RUBICON_WMMA_ASM(                                                    \
            "wmma.mma.sync.aligned.row.col" Shape Types                        \
            " " __RUBICON_WMMA_R##CD##_0 ", " __RUBICON_WMMA_R##CA##_8         \
            ", " __RUBICON_WMMA_R##CB##_16 ", " __RUBICON_WMMA_R##CC##_24 ";"  \
            : __RUBICON_WMMA_OUT8(d)                                           \
            : __RUBICON_WMMA_IN8(a), __RUBICON_WMMA_IN8(b),                    \
              __RUBICON_WMMA_IN8(c));                                          \
    }                                                                          \
  };

/* One shape. A8/B8: registers of s8/u8 A and B; A16/B16: of bf16 ones
 * (the PTX ISA's counts); f16 multiplicands are always 8. */
#define __RUBICON_WMMA_SHAPE(M, N, K, Shape, A8, B8, A16, B16)                 \
  __RUBICON_WMMA_LOAD(matrix_a, "a", M, N, K, __half, Shape, ".f16", 8)        \
  __RUBICON_WMMA_LOAD(matrix_b, "b", M, N, K, __half, Shape, ".f16", 8)        \
  __RUBICON_WMMA_LOAD(matrix_a, "a", M, N, K, __nv_bfloat16, Shape, ".bf16",   \
                      A16)                                                     \
  __RUBICON_WMMA_LOAD(matrix_b, "b", M, N, K, __nv_bfloat16, Shape, ".bf16",   \
                      B16)                                                     \
  __RUBICON_WMMA_LOAD(matrix_a, "a", M, N, K, signed char, Shape, ".s8", A8)   \
  __RUBICON_WMMA_LOAD(matrix_a, "a", M, N, K, unsigned char, Shape, ".u8", A8) \
  __RUBICON_WMMA_LOAD(matrix_b, "b", M, N, K, signed char, Shape, ".s8", B8)   \
  __RUBICON_WMMA_LOAD(matrix_b, "b", M, N, K, unsigned char, Shape, ".u8", B8) \
  __RUBICON_WMMA_LOAD(accumulator, "c", M, N, K, __half, Shape, ".f16", 4)     \
  __RUBICON_WMMA_LOAD(accumulator, "c", M, N, K, float, Shape, ".f32", 8)      \
  __RUBICON_WMMA_LOAD(accumulator, "c", M, N, K, int, Shape, ".s32", 8)        \
  __RUBICON_WMMA_STORE(M, N, K, __half, Shape, ".f16", 4)                      \
  __RUBICON_WMMA_STORE(M, N, K, float, Shape, ".f32", 8)                       \
  __RUBICON_WMMA_STORE(M, N, K, int, Shape, ".s32", 8)                         \
  __RUBICON_WMMA_MMA(M, N, K, __half, __half, float, float, Shape, ".f32.f32", \
                     8, 8, 8, 8)                                               \
  __RUBICON_WMMA_MMA(M, N, K, __half, __half, __half, float, Shape,            \
                     ".f32.f16", 8, 8, 4, 8)                                   \
  __RUBICON_WMMA_MMA(M, N, K, __half, __half, float, __half, Shape,            \
                     ".f16.f32", 8, 8, 8, 4)                                   \
  __RUBICON_WMMA_MMA(M, N, K, __half, __half, __half, __half, Shape,           \
                     ".f16.f16", 8, 8, 4, 4)                                   \
  __RUBICON_WMMA_MMA(M, N, K, __nv_bfloat16, __nv_bfloat16, float, float,      \
                     Shape, ".f32.bf16.bf16.f32", A16, B16, 8, 8)              \
  __RUBICON_WMMA_MMA(M, N, K, signed char, signed char, int, int, Shape,       \
                     ".s32.s8.s8.s32", A8, B8, 8, 8)                           \
  __RUBICON_WMMA_MMA(M, N, K, unsigned char, unsigned char, int, int, Shape,   \
                     ".s32.u8.u8.s32", A8, B8, 8, 8)

__RUBICON_WMMA_SHAPE(16, 16, 16, ".m16n16k16", 2, 2, 4, 4)
__RUBICON_WMMA_SHAPE(32, 8, 16, ".m32n8k16", 4, 1, 8, 2)
__RUBICON_WMMA_SHAPE(8, 32, 16, ".m8n32k16", 1, 4, 2, 8)
__RUBICON_WMMA_LOAD(matrix_a, "a", 16, 16, 8, precision::tf32, ".m16n16k8",
                    ".tf32", 4)
__RUBICON_WMMA_LOAD(matrix_b, "b", 16, 16, 8, precision::tf32, ".m16n16k8",
                    ".tf32", 4)
__RUBICON_WMMA_LOAD(accumulator, "c", 16, 16, 8, float, ".m16n16k8", ".f32", 8)
__RUBICON_WMMA_STORE(16, 16, 8, float, ".m16n16k8", ".f32", 8)
__RUBICON_WMMA_MMA(16, 16, 8, precision::tf32, precision::tf32, float, float,
                   ".m16n16k8", ".f32.tf32.tf32.f32", 4, 4, 8, 8)

/* double (m8n8k4): f64 registers, one element of A and of B and two of C/D
 * per lane; the words are the doubles' bits, two 32-bit words each. */
#define __RUBICON_WMMA_LOAD_F64(Use, Which, Count)                             \
  template <> struct load<Use, 8, 8, 4, double> {                              \
    __device__ static inline void run(bool row, unsigned *w, const void *p,    \
                                      unsigned ldm) {                          \
      double d[2] = {};                                                        \
      if (row)                                                                 \
        __RUBICON_WMMA_LOAD_F64_ASM(Which, ".row", Count);                     \
      else                                                                     \
        __RUBICON_WMMA_LOAD_F64_ASM(Which, ".col", Count);                     \
      __builtin_memcpy(w, d, Count * sizeof(double));                          \
    }                                                                          \
  };
#define __RUBICON_WMMA_LOAD_F64_ASM1(Which, Layout)                            \
  __RUBICON_WMMA_ASM("wmma.load." Which ".sync.aligned" Layout                 \
                     ".m8n8k4.f64 {%0}, [%1], %2;"                             \
                     : "=d"(d[0])                                              \
                     : "l"(p), "r"(ldm)                                        \
                     : "memory")
#define __RUBICON_WMMA_LOAD_F64_ASM2(Which, Layout)                            \
  __RUBICON_WMMA_ASM("wmma.load." Which ".sync.aligned" Layout                 \
                     ".m8n8k4.f64 {%0, %1}, [%2], %3;"                         \
                     : "=d"(d[0]), "=d"(d[1])                                  \
                     : "l"(p), "r"(ldm)                                        \
                     : "memory")
#define __RUBICON_WMMA_LOAD_F64_ASM(Which, Layout, Count)                      \
  __RUBICON_WMMA_LOAD_F64_ASM##Count(Which, Layout)
__RUBICON_WMMA_LOAD_F64(matrix_a, "a", 1)
__RUBICON_WMMA_LOAD_F64(matrix_b, "b", 1)
__RUBICON_WMMA_LOAD_F64(accumulator, "c", 2)

template <> struct store<8, 8, 4, double> {
  __device__ static inline void run(bool row, void *p, const unsigned *w,
                                    unsigned ldm) {
    double d[2];
    __builtin_memcpy(d, w, sizeof(d));
    if (row)
      __RUBICON_WMMA_ASM("wmma.store.d.sync.aligned.row.m8n8k4.f64 "
                         "[%0], {%1, %2}, %3;" ::"l"(p),
                         "d"(d[0]), "d"(d[1]), "r"(ldm)
                         : "memory");
    else
      __RUBICON_WMMA_ASM("wmma.store.d.sync.aligned.col.m8n8k4.f64 "
                         "[%0], {%1, %2}, %3;" ::"l"(p),
                         "d"(d[0]), "d"(d[1]), "r"(ldm)
                         : "memory");
  }
};

/* satf has no meaning for double (the PTX ISA has no .satfinite form). */
template <> struct mma<8, 8, 4, double, double, double, double> {
  __device__ static inline void run(unsigned *w, const unsigned *a,
                                    const unsigned *b, const unsigned *c,
                                    bool) {
    double da, db, dc[2], dd[2] = {};
    __builtin_memcpy(&da, a, sizeof(da));
    __builtin_memcpy(&db, b, sizeof(db));
    __builtin_memcpy(dc, c, sizeof(dc));
    __RUBICON_WMMA_ASM("wmma.mma.sync.aligned.row.col.m8n8k4.f64.f64.f64.f64 "
                       "{%0, %1}, {%2}, {%3}, {%4, %5};"
                       : "=d"(dd[0]), "=d"(dd[1])
                       : "d"(da), "d"(db), "d"(dc[0]), "d"(dc[1]));
    __builtin_memcpy(w, dd, sizeof(dd));
  }
};

template <typename T> struct layout_is_row;
template <> struct layout_is_row<row_major> {
  static constexpr bool value = true;
};
template <> struct layout_is_row<col_major> {
  static constexpr bool value = false;
};

/* A fragment's elements as 32-bit words (the PTX registers) and back. */
template <typename F> __device__ inline void to_words(unsigned *w, const F &f) {
  static_assert(sizeof(f.x) % 4 == 0 && sizeof(f.x) <= 32, "fragment size");
  __builtin_memcpy(w, f.x, sizeof(f.x));
}
template <typename F>
__device__ inline void from_words(F &f, const unsigned *w) {
  __builtin_memcpy(f.x, w, sizeof(f.x));
}

} // namespace __rubicon

/*===--- The interface ----------------------------------------------------===*/

/* Multiplicands: the layout is the fragment's; ldm in elements. */
template <typename Use, int m, int n, int k, typename T, typename Layout>
__device__ inline void
load_matrix_sync(fragment<Use, m, n, k, T, Layout> &a,
                 const typename fragment<Use, m, n, k, T,
                                         Layout>::storage_element_type *mptr,
                 unsigned ldm) {
  unsigned w[8] = {};
  __rubicon::load<Use, m, n, k, T>::run(__rubicon::layout_is_row<Layout>::value,
                                        w, mptr, ldm);
  __rubicon::from_words(a, w);
}

/* Accumulators: the memory layout is an argument. */
template <int m, int n, int k, typename T>
__device__ inline void load_matrix_sync(fragment<accumulator, m, n, k, T> &a,
                                        const T *mptr, unsigned ldm,
                                        layout_t layout) {
  unsigned w[8] = {};
  __rubicon::load<accumulator, m, n, k, T>::run(layout == mem_row_major, w,
                                                mptr, ldm);
  __rubicon::from_words(a, w);
}

template <int m, int n, int k, typename T>
__device__ inline void
store_matrix_sync(T *mptr, const fragment<accumulator, m, n, k, T> &a,
                  unsigned ldm, layout_t layout) {
  unsigned w[8] = {};
  __rubicon::to_words(w, a);
  __rubicon::store<m, n, k, T>::run(layout == mem_row_major, mptr, w, ldm);
}

template <typename Use, int m, int n, int k, typename T, typename Layout>
__device__ inline void fill_fragment(
    fragment<Use, m, n, k, T, Layout> &a,
    const typename fragment<Use, m, n, k, T, Layout>::storage_element_type &v) {
  for (int i = 0; i < a.num_elements; ++i)
    a.x[i] = v;
}

/* d = a * b + c. satf: integers clamp to the int range; floating point
 * turns +-infinity into +-the largest finite value and NaN into +0. */
template <int m, int n, int k, typename Tab, typename LayoutA, typename LayoutB,
          typename Tc, typename Td>
__device__ inline void
mma_sync(fragment<accumulator, m, n, k, Td> &d,
         const fragment<matrix_a, m, n, k, Tab, LayoutA> &a,
         const fragment<matrix_b, m, n, k, Tab, LayoutB> &b,
         const fragment<accumulator, m, n, k, Tc> &c, bool satf = false) {
  unsigned wa[8] = {}, wb[8] = {}, wc[8] = {}, wd[8] = {};
  __rubicon::to_words(wa, a);
  __rubicon::to_words(wb, b);
  __rubicon::to_words(wc, c);
  __rubicon::mma<m, n, k, Tab, Tab, Tc, Td>::run(wd, wa, wb, wc, satf);
  __rubicon::from_words(d, wd);
}

} // namespace wmma
} // namespace nvcuda

#endif /* __cplusplus */
#endif /* RUBICON_MMA_H */

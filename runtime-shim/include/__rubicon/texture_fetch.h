/*===- __rubicon/texture_fetch.h - tex1Dfetch, tex1D, tex2D ------*- C++ -*-===*
 *
 * Part of Rubicon. Device-side reads of legacy texture references, in
 * software: a bound reference's device variable holds the address of a
 * __rubicon_texture_descriptor (texture_descriptor.h, written by the runtime
 * at bind time), and the functions below read texels through it with CUDA's
 * documented semantics: tex1Dfetch reads element x of linear memory (zero
 * outside the bound range); tex1D/tex2D take float coordinates (texel centres
 * at i + 0.5, or [0, 1) when the reference is normalized), apply the address
 * mode (clamp, wrap, mirror, border) and filter (point, or linear between
 * the nearest texels, for float results). Linear filtering here uses full
 * float precision for the weights where NVIDIA hardware uses 8 fraction
 * bits. cudaReadModeNormalizedFloat maps 8- and 16-bit integers to [0, 1]
 * (unsigned) or [-1, 1] (signed).
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_INTERNAL_TEXTURE_FETCH_H
#define RUBICON_INTERNAL_TEXTURE_FETCH_H

#include "../vector_functions.h"
#include "texture_descriptor.h"
#include "texture_templates.h"

/* The descriptor of a bound reference (null when none is bound). */
template <class T, int dim, enum cudaTextureReadMode mode>
__device__ static inline const __rubicon_texture_descriptor *
__rubicon_texture_descriptor_of(texture<T, dim, mode> tex) {
  unsigned long long handle;
  asm("mov.b64 %0, %1;" : "=l"(handle) : "l"(tex));
  return reinterpret_cast<const __rubicon_texture_descriptor *>(handle);
}

/* What a fetch returns: T itself, or floats for normalized reads. */
template <class T, enum cudaTextureReadMode mode> struct __rubicon_texel {
  using result = T;
  static constexpr bool filterable = false;
  __device__ static result convert(T value) { return value; }
};
#define __RUBICON_FILTERABLE_TEXEL(Type)                                       \
  template <> struct __rubicon_texel<Type, cudaReadModeElementType> {          \
    using result = Type;                                                       \
    static constexpr bool filterable = true;                                   \
    __device__ static result convert(Type value) { return value; }             \
  };
__RUBICON_FILTERABLE_TEXEL(float)
__RUBICON_FILTERABLE_TEXEL(float1)
__RUBICON_FILTERABLE_TEXEL(float2)
__RUBICON_FILTERABLE_TEXEL(float4)
#undef __RUBICON_FILTERABLE_TEXEL

#define __RUBICON_NORMALIZED_TEXEL(Scalar, Prefix, Scale)                      \
  template <> struct __rubicon_texel<Scalar, cudaReadModeNormalizedFloat> {    \
    using result = float;                                                      \
    static constexpr bool filterable = true;                                   \
    __device__ static float convert(Scalar v) {                                \
      float f = static_cast<float>(v) / (Scale);                               \
      return f < -1.0f ? -1.0f : f;                                            \
    }                                                                          \
  };                                                                           \
  template <>                                                                  \
  struct __rubicon_texel<Prefix##1, cudaReadModeNormalizedFloat> {             \
    using result = float1;                                                     \
    static constexpr bool filterable = true;                                   \
    __device__ static float1 convert(Prefix##1 v) {                            \
      using S = __rubicon_texel<Scalar, cudaReadModeNormalizedFloat>;          \
      return make_float1(S::convert(v.x));                                     \
    }                                                                          \
  };                                                                           \
  template <>                                                                  \
  struct __rubicon_texel<Prefix##2, cudaReadModeNormalizedFloat> {             \
    using result = float2;                                                     \
    static constexpr bool filterable = true;                                   \
    __device__ static float2 convert(Prefix##2 v) {                            \
      using S = __rubicon_texel<Scalar, cudaReadModeNormalizedFloat>;          \
      return make_float2(S::convert(v.x), S::convert(v.y));                    \
    }                                                                          \
  };                                                                           \
  template <>                                                                  \
  struct __rubicon_texel<Prefix##4, cudaReadModeNormalizedFloat> {             \
    using result = float4;                                                     \
    static constexpr bool filterable = true;                                   \
    __device__ static float4 convert(Prefix##4 v) {                            \
      using S = __rubicon_texel<Scalar, cudaReadModeNormalizedFloat>;          \
      return make_float4(S::convert(v.x), S::convert(v.y), S::convert(v.z),    \
                         S::convert(v.w));                                     \
    }                                                                          \
  };
__RUBICON_NORMALIZED_TEXEL(signed char, char, 127.0f)
__RUBICON_NORMALIZED_TEXEL(unsigned char, uchar, 255.0f)
__RUBICON_NORMALIZED_TEXEL(short, short, 32767.0f)
__RUBICON_NORMALIZED_TEXEL(unsigned short, ushort, 65535.0f)
#undef __RUBICON_NORMALIZED_TEXEL
template <>
struct __rubicon_texel<char, cudaReadModeNormalizedFloat>
    : __rubicon_texel<signed char, cudaReadModeNormalizedFloat> {
  __device__ static float convert(char v) {
    return __rubicon_texel<signed char, cudaReadModeNormalizedFloat>::convert(
        static_cast<signed char>(v));
  }
};

/* a + (b - a) * t, per component. */
__device__ static inline float __rubicon_texel_lerp(float a, float b, float t) {
  return a + (b - a) * t;
}
__device__ static inline float1 __rubicon_texel_lerp(float1 a, float1 b,
                                                     float t) {
  return make_float1(__rubicon_texel_lerp(a.x, b.x, t));
}
__device__ static inline float2 __rubicon_texel_lerp(float2 a, float2 b,
                                                     float t) {
  return make_float2(__rubicon_texel_lerp(a.x, b.x, t),
                     __rubicon_texel_lerp(a.y, b.y, t));
}
__device__ static inline float4 __rubicon_texel_lerp(float4 a, float4 b,
                                                     float t) {
  return make_float4(
      __rubicon_texel_lerp(a.x, b.x, t), __rubicon_texel_lerp(a.y, b.y, t),
      __rubicon_texel_lerp(a.z, b.z, t), __rubicon_texel_lerp(a.w, b.w, t));
}

/* Applies an address mode to texel index i of n; false: outside (border). */
__device__ static inline bool __rubicon_texel_address(int mode, long long &i,
                                                      long long n) {
  if (n <= 0)
    return false;
  switch (mode) {
  case cudaAddressModeWrap:
    i %= n;
    if (i < 0)
      i += n;
    return true;
  case cudaAddressModeMirror: {
    long long period = 2 * n;
    long long m = i % period;
    if (m < 0)
      m += period;
    i = m < n ? m : period - 1 - m;
    return true;
  }
  case cudaAddressModeBorder:
    return i >= 0 && i < n;
  default: /* clamp */
    i = i < 0 ? 0 : (i >= n ? n - 1 : i);
    return true;
  }
}

/* The texel at (x, y) after addressing, converted; zero outside. */
template <class T, enum cudaTextureReadMode mode>
__device__ static inline typename __rubicon_texel<T, mode>::result
__rubicon_texel_read(const __rubicon_texture_descriptor *d, long long x,
                     long long y) {
  using Texel = __rubicon_texel<T, mode>;
  if (!__rubicon_texel_address(d->address_mode[0], x,
                               static_cast<long long>(d->width)) ||
      !__rubicon_texel_address(d->address_mode[1], y,
                               static_cast<long long>(d->height)))
    return Texel::convert(T());
  const T *row = reinterpret_cast<const T *>(d->data + y * d->pitch);
  return Texel::convert(row[x]);
}

/* Unnormalized texel-space coordinate of c along an axis of n texels. */
__device__ static inline float
__rubicon_texel_coordinate(const __rubicon_texture_descriptor *d, float c,
                           unsigned long long n) {
  return d->normalized_coordinates ? c * static_cast<float>(n) : c;
}

/* Samples at texture coordinates (u, v): the nearest texel, or with linear
 * filtering (when Filterable) the bilinear blend of the four around it (two
 * in one dimension). read(i, j) gives one texel in its result type; legacy
 * references and texture objects differ only in that. */
template <bool Filterable, class Read>
__device__ static inline auto
__rubicon_sample_2d(const __rubicon_texture_descriptor *d, float u, float v,
                    Read read) {
  float x = __rubicon_texel_coordinate(d, u, d->width);
  float y = __rubicon_texel_coordinate(d, v, d->height);
  if constexpr (Filterable) {
    if (d->filter_mode == cudaFilterModeLinear) {
      float xb = x - 0.5f, yb = y - 0.5f;
      float x0 = __builtin_floorf(xb), y0 = __builtin_floorf(yb);
      float ax = xb - x0, ay = yb - y0;
      long long i = static_cast<long long>(x0);
      long long j = static_cast<long long>(y0);
      auto row0 = __rubicon_texel_lerp(read(i, j), read(i + 1, j), ax);
      if (d->height <= 1)
        return row0;
      auto row1 = __rubicon_texel_lerp(read(i, j + 1), read(i + 1, j + 1), ax);
      return __rubicon_texel_lerp(row0, row1, ay);
    }
  }
  return read(static_cast<long long>(__builtin_floorf(x)),
              static_cast<long long>(__builtin_floorf(y)));
}

template <class T, enum cudaTextureReadMode mode>
__device__ static inline typename __rubicon_texel<T, mode>::result
__rubicon_texture_sample(const __rubicon_texture_descriptor *d, float u,
                         float v) {
  return __rubicon_sample_2d<__rubicon_texel<T, mode>::filterable>(
      d, u, v, [d](long long i, long long j) {
        return __rubicon_texel_read<T, mode>(d, i, j);
      });
}

template <class T, enum cudaTextureReadMode mode>
__device__ static inline typename __rubicon_texel<T, mode>::result
tex1Dfetch(texture<T, cudaTextureType1D, mode> tex, int x) {
  using Texel = __rubicon_texel<T, mode>;
  const __rubicon_texture_descriptor *d = __rubicon_texture_descriptor_of(tex);
  if (!d || x < 0 || static_cast<unsigned long long>(x) >= d->width)
    return Texel::convert(T());
  return Texel::convert(reinterpret_cast<const T *>(d->data)[x]);
}

template <class T, enum cudaTextureReadMode mode>
__device__ static inline typename __rubicon_texel<T, mode>::result
tex1D(texture<T, cudaTextureType1D, mode> tex, float x) {
  const __rubicon_texture_descriptor *d = __rubicon_texture_descriptor_of(tex);
  if (!d)
    return __rubicon_texel<T, mode>::convert(T());
  return __rubicon_texture_sample<T, mode>(d, x, 0.5f);
}

template <class T, enum cudaTextureReadMode mode>
__device__ static inline typename __rubicon_texel<T, mode>::result
tex2D(texture<T, cudaTextureType2D, mode> tex, float x, float y) {
  const __rubicon_texture_descriptor *d = __rubicon_texture_descriptor_of(tex);
  if (!d)
    return __rubicon_texel<T, mode>::convert(T());
  return __rubicon_texture_sample<T, mode>(d, x, y);
}

#endif /* RUBICON_INTERNAL_TEXTURE_FETCH_H */

/*===- __rubicon/texture_object.h - Texture and surface objects --*- C++ -*-===*
 *
 * Part of Rubicon. Device-side reads of texture objects and reads and writes
 * of surface objects, in software, as the legacy references'
 * (texture_fetch.h, whose address modes and interpolation they share). A
 * cudaTextureObject_t/cudaSurfaceObject_t is the device address of a
 * __rubicon_texture_descriptor written by the runtime
 * (cudart/TextureObjects.cpp), so these are plain device code: no
 * llvm.nvvm.tex.* or suld/sust intrinsic is involved.
 *
 * The result type T is the template argument, as in CUDA: with
 * cudaReadModeElementType a texel is read as T; with
 * cudaReadModeNormalizedFloat (T is float, float1, float2 or float4), 8- and
 * 16-bit integer channels are mapped to [0, 1] (unsigned) or [-1, 1]
 * (signed). Linear filtering applies to float results. Out-of-range reads in
 * cudaAddressModeBorder return the border color (float results) or zero.
 * Mipmapped textures (one descriptor per level) are read at the level the
 * *Lod and *Grad functions name (__rubicon_object_lod). Surface x
 * coordinates are in bytes, as in CUDA; cudaBoundaryModeTrap ends the kernel
 * with a trap.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_INTERNAL_TEXTURE_OBJECT_H
#define RUBICON_INTERNAL_TEXTURE_OBJECT_H

#include "../surface_types.h"
#include "texture_fetch.h"

__device__ static inline const __rubicon_texture_descriptor *
__rubicon_texture_object(unsigned long long handle) {
  return reinterpret_cast<const __rubicon_texture_descriptor *>(handle);
}

/* Float results (float, float1, float2, float4) are converted per channel
 * and can be filtered; everything else is read as it is stored. */
template <class T> struct __rubicon_object_result {
  static constexpr bool is_float =
      __rubicon_texel<T, cudaReadModeElementType>::filterable;
  static constexpr int components = is_float ? sizeof(T) / sizeof(float) : 0;
};

/* Channel c of the texel at p as a float, normalized for 8/16-bit integers. */
__device__ static inline float
__rubicon_object_channel(const __rubicon_texture_descriptor *d, const char *p,
                         int c) {
  bool is_signed = d->channel_kind == cudaChannelFormatKindSigned;
  switch (d->channel_bits) {
  case 8:
    if (is_signed) {
      float f = reinterpret_cast<const signed char *>(p)[c] / 127.0f;
      return f < -1.0f ? -1.0f : f;
    }
    return reinterpret_cast<const unsigned char *>(p)[c] / 255.0f;
  case 16:
    if (is_signed) {
      float f = reinterpret_cast<const short *>(p)[c] / 32767.0f;
      return f < -1.0f ? -1.0f : f;
    }
    return reinterpret_cast<const unsigned short *>(p)[c] / 65535.0f;
  default:
    if (d->channel_kind == cudaChannelFormatKindFloat)
      return reinterpret_cast<const float *>(p)[c];
    if (is_signed)
      return static_cast<float>(reinterpret_cast<const int *>(p)[c]);
    return static_cast<float>(reinterpret_cast<const unsigned *>(p)[c]);
  }
}

/* The texel at p, as T. */
template <class T>
__device__ static inline T
__rubicon_object_load(const __rubicon_texture_descriptor *d, const char *p) {
  using Result = __rubicon_object_result<T>;
  if constexpr (Result::is_float) {
    if (d->read_mode == cudaReadModeNormalizedFloat &&
        d->channel_kind != cudaChannelFormatKindFloat) {
      T value{};
      float *out = reinterpret_cast<float *>(&value);
      for (int c = 0; c < Result::components && c < d->channel_count; ++c)
        out[c] = __rubicon_object_channel(d, p, c);
      return value;
    }
  }
  if (d->texel_size >= sizeof(T))
    return *reinterpret_cast<const T *>(p);
  T value{}; /* a texel narrower than T: its bytes, then zeros */
  __builtin_memcpy(&value, p, d->texel_size);
  return value;
}

template <class T>
__device__ static inline T
__rubicon_object_border(const __rubicon_texture_descriptor *d) {
  T value{};
  if constexpr (__rubicon_object_result<T>::is_float) {
    float *out = reinterpret_cast<float *>(&value);
    for (int c = 0; c < __rubicon_object_result<T>::components; ++c)
      out[c] = d->border_color[c];
  }
  return value;
}

/* The texel at (x, y, z) after addressing; the border outside. */
template <class T>
__device__ static inline T
__rubicon_object_read(const __rubicon_texture_descriptor *d, long long x,
                      long long y) {
  if (!__rubicon_texel_address(d->address_mode[0], x,
                               static_cast<long long>(d->width)) ||
      !__rubicon_texel_address(d->address_mode[1], y,
                               static_cast<long long>(d->height)))
    return __rubicon_object_border<T>(d);
  return __rubicon_object_load<T>(d, d->data + y * d->pitch +
                                         x * d->texel_size);
}

template <class T>
__device__ static inline T
__rubicon_object_sample(const __rubicon_texture_descriptor *d, float u,
                        float v) {
  return __rubicon_sample_2d<__rubicon_object_result<T>::is_float>(
      d, u, v, [d](long long i, long long j) -> T {
        return __rubicon_object_read<T>(d, i, j);
      });
}

/* Texture objects. */

template <class T>
__device__ static inline T tex1Dfetch(cudaTextureObject_t texObject, int x) {
  const __rubicon_texture_descriptor *d = __rubicon_texture_object(texObject);
  if (!d || x < 0 || static_cast<unsigned long long>(x) >= d->width)
    return T();
  return __rubicon_object_load<T>(d, d->data + static_cast<long long>(x) *
                                                   d->texel_size);
}

template <class T>
__device__ static inline T tex1D(cudaTextureObject_t texObject, float x) {
  const __rubicon_texture_descriptor *d = __rubicon_texture_object(texObject);
  return d ? __rubicon_object_sample<T>(d, x, 0.5f) : T();
}

template <class T>
__device__ static inline T tex2D(cudaTextureObject_t texObject, float x,
                                 float y) {
  const __rubicon_texture_descriptor *d = __rubicon_texture_object(texObject);
  return d ? __rubicon_object_sample<T>(d, x, y) : T();
}

/* Mipmapped textures: the level(s) `level` names, after the texture's
 * clamps, read by `sample` (given a level's handle: its descriptor's
 * address). Point mipmap filtering reads the nearest level; linear
 * filtering blends the two around it (float results). A texture without
 * mipmaps reads its one level. */
template <class T, class Sample>
__device__ static inline T __rubicon_object_lod(cudaTextureObject_t texObject,
                                                float level, Sample sample) {
  const __rubicon_texture_descriptor *d = __rubicon_texture_object(texObject);
  if (!d || d->level_count <= 1)
    return sample(texObject);
  float top = static_cast<float>(d->level_count - 1);
  float lod = level;
  lod = lod < d->min_mipmap_level_clamp ? d->min_mipmap_level_clamp : lod;
  lod = lod > d->max_mipmap_level_clamp ? d->max_mipmap_level_clamp : lod;
  lod = lod < 0.0f ? 0.0f : (lod > top ? top : lod);
  unsigned base = static_cast<unsigned>(lod);
  float weight = lod - static_cast<float>(base);
  auto at = [d](unsigned l) {
    return reinterpret_cast<cudaTextureObject_t>(d + l);
  };
  if (d->mipmap_filter_mode != cudaFilterModeLinear ||
      !__rubicon_object_result<T>::is_float || weight == 0.0f)
    return sample(at(static_cast<unsigned>(lod + 0.5f)));
  T lo = sample(at(base)), hi = sample(at(base + 1));
  if constexpr (__rubicon_object_result<T>::is_float) {
    float *l = reinterpret_cast<float *>(&lo);
    const float *h = reinterpret_cast<const float *>(&hi);
    for (int c = 0; c < __rubicon_object_result<T>::components; ++c)
      l[c] += (h[c] - l[c]) * weight;
  }
  return lo;
}

/* The level of detail of a footprint of `extent` texels per unit of
 * coordinate change (the larger gradient), plus the texture's bias. */
__device__ static inline float
__rubicon_object_grad_lod(cudaTextureObject_t texObject, float extent) {
  const __rubicon_texture_descriptor *d = __rubicon_texture_object(texObject);
  if (!d || d->level_count <= 1)
    return 0.0f;
  return (extent > 0.0f ? __builtin_log2f(extent) : -128.0f) +
         d->mipmap_level_bias;
}

template <class T>
__device__ static inline T tex1DLod(cudaTextureObject_t texObject, float x,
                                    float level) {
  return __rubicon_object_lod<T>(texObject, level, [=](cudaTextureObject_t o) {
    return tex1D<T>(o, x);
  });
}

template <class T>
__device__ static inline T tex2DLod(cudaTextureObject_t texObject, float x,
                                    float y, float level) {
  return __rubicon_object_lod<T>(texObject, level, [=](cudaTextureObject_t o) {
    return tex2D<T>(o, x, y);
  });
}

/* The forms that return through a pointer. */
template <class T>
__device__ static inline void tex1Dfetch(T *ret, cudaTextureObject_t texObject,
                                         int x) {
  *ret = tex1Dfetch<T>(texObject, x);
}
template <class T>
__device__ static inline void tex1D(T *ret, cudaTextureObject_t texObject,
                                    float x) {
  *ret = tex1D<T>(texObject, x);
}
template <class T>
__device__ static inline void tex2D(T *ret, cudaTextureObject_t texObject,
                                    float x, float y) {
  *ret = tex2D<T>(texObject, x, y);
}
template <class T>
__device__ static inline void tex2DLod(T *ret, cudaTextureObject_t texObject,
                                       float x, float y, float level) {
  *ret = tex2DLod<T>(texObject, x, y, level);
}

/* Surface objects: byte x coordinate, row y. Returns the address of the
 * sizeof(T) bytes at (x, y), or null where the boundary mode says to skip. */
template <class T>
__device__ static inline char *
__rubicon_surface_address(cudaSurfaceObject_t surfObject, int x, int y,
                          cudaSurfaceBoundaryMode mode) {
  const __rubicon_texture_descriptor *d = __rubicon_texture_object(surfObject);
  if (!d)
    return nullptr;
  long long row_bytes = static_cast<long long>(d->width * d->texel_size);
  long long rows = static_cast<long long>(d->height);
  long long bx = x, by = y;
  if (bx < 0 || bx + static_cast<long long>(sizeof(T)) > row_bytes || by < 0 ||
      by >= rows) {
    if (mode == cudaBoundaryModeZero)
      return nullptr;
    if (mode == cudaBoundaryModeTrap)
      __builtin_trap();
    long long last = row_bytes - static_cast<long long>(sizeof(T));
    bx = bx < 0 ? 0 : (bx > last ? last : bx);
    by = by < 0 ? 0 : (by >= rows ? rows - 1 : by);
  }
  return const_cast<char *>(d->data) + by * d->pitch + bx;
}

template <class T>
__device__ static inline T
surf2Dread(cudaSurfaceObject_t surfObject, int x, int y,
           cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap) {
  const char *p = __rubicon_surface_address<T>(surfObject, x, y, mode);
  return p ? *reinterpret_cast<const T *>(p) : T();
}

template <class T>
__device__ static inline void
surf2Dread(T *ret, cudaSurfaceObject_t surfObject, int x, int y,
           cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap) {
  *ret = surf2Dread<T>(surfObject, x, y, mode);
}

template <class T>
__device__ static inline void
surf2Dwrite(T data, cudaSurfaceObject_t surfObject, int x, int y,
            cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap) {
  if (char *p = __rubicon_surface_address<T>(surfObject, x, y, mode))
    *reinterpret_cast<T *>(p) = data;
}

template <class T>
__device__ static inline T
surf1Dread(cudaSurfaceObject_t surfObject, int x,
           cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap) {
  return surf2Dread<T>(surfObject, x, 0, mode);
}

template <class T>
__device__ static inline void
surf1Dread(T *ret, cudaSurfaceObject_t surfObject, int x,
           cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap) {
  *ret = surf2Dread<T>(surfObject, x, 0, mode);
}

template <class T>
__device__ static inline void
surf1Dwrite(T data, cudaSurfaceObject_t surfObject, int x,
            cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap) {
  surf2Dwrite<T>(data, surfObject, x, 0, mode);
}

#endif /* RUBICON_INTERNAL_TEXTURE_OBJECT_H */

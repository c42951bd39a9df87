/*===- __rubicon/texture_object_3d.h - 3D, layered, cubemap textures -*- C++ -*-===*
 *
 * Part of Rubicon. The texture- and surface-object functions beyond one 2D
 * slice, in software like texture_object.h: tex3D (trilinear filtering),
 * tex1DLayered/tex2DLayered (a layer index selects a slice, never
 * filtered across layers; out-of-range layers clamp), texCubemap and
 * texCubemapLayered (the direction picks a face and face coordinates by the
 * table of the CUDA C++ Programming Guide, "Cubemap Textures"; slice =
 * 6 * layer + face), tex2Dgather (the component `comp` of the four texels
 * bilinear filtering would blend, in the order (i0, j1), (i1, j1), (i1, j0),
 * (i0, j0)), the *Lod and *Grad forms (the levels of a mipmapped
 * texture), the sparse forms (every texel is resident) and surf3D,
 * surf1DLayered, surf2DLayered, surfCubemap, surfCubemapLayered.
 *
 * A descriptor's slices (depth) and slice pitch come from the CUDA array
 * (cudaMalloc3DArray) it was made from.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_INTERNAL_TEXTURE_OBJECT_3D_H
#define RUBICON_INTERNAL_TEXTURE_OBJECT_3D_H

#include "texture_object.h"

__device__ static inline long long
__rubicon_texture_slices(const __rubicon_texture_descriptor *d) {
  return d->depth > 1 ? static_cast<long long>(d->depth) : 1;
}

/* The texel at (x, y) of slice z (in range), x and y addressed. */
template <class T>
__device__ static inline T
__rubicon_object_read_slice(const __rubicon_texture_descriptor *d, long long x,
                            long long y, long long z) {
  if (!__rubicon_texel_address(d->address_mode[0], x,
                               static_cast<long long>(d->width)) ||
      !__rubicon_texel_address(d->address_mode[1], y,
                               static_cast<long long>(d->height)))
    return __rubicon_object_border<T>(d);
  return __rubicon_object_load<T>(d, d->data + z * d->slice_pitch +
                                         y * d->pitch + x * d->texel_size);
}

/* Samples slice z at (u, v); normalized: coordinates in [0, 1) whatever the
 * descriptor says (cubemap faces). */
template <class T>
__device__ static inline T
__rubicon_object_sample_slice(const __rubicon_texture_descriptor *d, float u,
                              float v, long long z, bool normalized = false) {
  __rubicon_texture_descriptor face;
  if (normalized && !d->normalized_coordinates) {
    face = *d;
    face.normalized_coordinates = 1;
    d = &face;
  }
  return __rubicon_sample_2d<__rubicon_object_result<T>::is_float>(
      d, u, v, [d, z](long long i, long long j) -> T {
        return __rubicon_object_read_slice<T>(d, i, j, z);
      });
}

__device__ static inline long long
__rubicon_texture_layer(const __rubicon_texture_descriptor *d, long long layer,
                        long long per_layer = 1) {
  long long layers = __rubicon_texture_slices(d) / per_layer;
  if (layers < 1)
    layers = 1;
  return layer < 0 ? 0 : (layer >= layers ? layers - 1 : layer);
}

template <class T>
__device__ static inline T
__rubicon_object_sample_3d(const __rubicon_texture_descriptor *d, float u,
                           float v, float w) {
  long long n = __rubicon_texture_slices(d);
  float z = __rubicon_texel_coordinate(d, w, static_cast<unsigned long long>(n));
  auto plane = [d, u, v, n](long long k) -> T {
    if (!__rubicon_texel_address(d->address_mode[2], k, n))
      return __rubicon_object_border<T>(d);
    return __rubicon_object_sample_slice<T>(d, u, v, k);
  };
  if constexpr (__rubicon_object_result<T>::is_float) {
    if (d->filter_mode == cudaFilterModeLinear) {
      float zb = z - 0.5f;
      float z0 = __builtin_floorf(zb);
      long long k = static_cast<long long>(z0);
      return __rubicon_texel_lerp(plane(k), plane(k + 1), zb - z0);
    }
  }
  return plane(static_cast<long long>(__builtin_floorf(z)));
}

/* Cubemap direction (x, y, z) -> face and coordinates in [0, 1]. */
__device__ static inline int __rubicon_cubemap_face(float x, float y, float z,
                                                    float &s, float &t) {
  float ax = __builtin_fabsf(x), ay = __builtin_fabsf(y),
        az = __builtin_fabsf(z);
  float m, sc, tc;
  int face;
  if (ax >= ay && ax >= az) {
    m = ax;
    face = x >= 0 ? 0 : 1;
    sc = x >= 0 ? -z : z;
    tc = -y;
  } else if (ay >= az) {
    m = ay;
    face = y >= 0 ? 2 : 3;
    sc = x;
    tc = y >= 0 ? z : -z;
  } else {
    m = az;
    face = z >= 0 ? 4 : 5;
    sc = z >= 0 ? x : -x;
    tc = -y;
  }
  s = m > 0 ? (sc / m + 1.0f) * 0.5f : 0.5f;
  t = m > 0 ? (tc / m + 1.0f) * 0.5f : 0.5f;
  return face;
}

template <class T>
__device__ static inline T
__rubicon_object_sample_cube(const __rubicon_texture_descriptor *d, float x,
                             float y, float z, long long layer) {
  float s, t;
  int face = __rubicon_cubemap_face(x, y, z, s, t);
  long long slice = 6 * __rubicon_texture_layer(d, layer, 6) + face;
  return __rubicon_object_sample_slice<T>(d, s, t, slice, true);
}

/* Channel c of the texel at (i, j) of slice 0 as S, zero outside. */
template <class S>
__device__ static inline S
__rubicon_object_gather_one(const __rubicon_texture_descriptor *d, long long i,
                            long long j, int c) {
  if (!__rubicon_texel_address(d->address_mode[0], i,
                               static_cast<long long>(d->width)) ||
      !__rubicon_texel_address(d->address_mode[1], j,
                               static_cast<long long>(d->height)) ||
      c >= d->channel_count)
    return S();
  const char *p = d->data + j * d->pitch + i * d->texel_size;
  if constexpr (__is_same(S, float)) {
    if (d->channel_kind == cudaChannelFormatKindFloat ||
        d->read_mode == cudaReadModeNormalizedFloat)
      return __rubicon_object_channel(d, p, c);
  }
  switch (d->channel_bits) {
  case 8:
    return d->channel_kind == cudaChannelFormatKindSigned
               ? static_cast<S>(reinterpret_cast<const signed char *>(p)[c])
               : static_cast<S>(reinterpret_cast<const unsigned char *>(p)[c]);
  case 16:
    return d->channel_kind == cudaChannelFormatKindSigned
               ? static_cast<S>(reinterpret_cast<const short *>(p)[c])
               : static_cast<S>(reinterpret_cast<const unsigned short *>(p)[c]);
  default:
    return d->channel_kind == cudaChannelFormatKindSigned
               ? static_cast<S>(reinterpret_cast<const int *>(p)[c])
               : static_cast<S>(reinterpret_cast<const unsigned *>(p)[c]);
  }
}

/* Texture objects. */

#define __RUBICON_TEXTURE_OBJECT__(d)                                          \
  const __rubicon_texture_descriptor *d = __rubicon_texture_object(texObject); \
  if (!d)                                                                      \
  return T()

template <class T>
__device__ static inline T tex3D(cudaTextureObject_t texObject, float x, float y,
                                 float z) {
  __RUBICON_TEXTURE_OBJECT__(d);
  return __rubicon_object_sample_3d<T>(d, x, y, z);
}
template <class T>
__device__ static inline T tex1DLayered(cudaTextureObject_t texObject, float x,
                                        int layer) {
  __RUBICON_TEXTURE_OBJECT__(d);
  return __rubicon_object_sample_slice<T>(d, x, 0.5f,
                                          __rubicon_texture_layer(d, layer));
}
template <class T>
__device__ static inline T tex2DLayered(cudaTextureObject_t texObject, float x,
                                        float y, int layer) {
  __RUBICON_TEXTURE_OBJECT__(d);
  return __rubicon_object_sample_slice<T>(d, x, y,
                                          __rubicon_texture_layer(d, layer));
}
template <class T>
__device__ static inline T texCubemap(cudaTextureObject_t texObject, float x,
                                      float y, float z) {
  __RUBICON_TEXTURE_OBJECT__(d);
  return __rubicon_object_sample_cube<T>(d, x, y, z, 0);
}
template <class T>
__device__ static inline T texCubemapLayered(cudaTextureObject_t texObject,
                                             float x, float y, float z,
                                             int layer) {
  __RUBICON_TEXTURE_OBJECT__(d);
  return __rubicon_object_sample_cube<T>(d, x, y, z, layer);
}
#undef __RUBICON_TEXTURE_OBJECT__

/* A gather's result: a 4-vector (its component type), or a scalar, which
 * receives the first of the four texels. */
template <class T> struct __rubicon_gather_result {
  using component = T;
  static constexpr bool vector = false;
};
#define __RUBICON_GATHER_VECTOR(V, C)                                          \
  template <> struct __rubicon_gather_result<V> {                              \
    using component = C;                                                       \
    static constexpr bool vector = true;                                       \
  };
__RUBICON_GATHER_VECTOR(float4, float)
__RUBICON_GATHER_VECTOR(int4, int)
__RUBICON_GATHER_VECTOR(uint4, unsigned int)
__RUBICON_GATHER_VECTOR(short4, short)
__RUBICON_GATHER_VECTOR(ushort4, unsigned short)
__RUBICON_GATHER_VECTOR(char4, signed char)
__RUBICON_GATHER_VECTOR(uchar4, unsigned char)
#undef __RUBICON_GATHER_VECTOR

template <class T>
__device__ static inline T tex2Dgather(cudaTextureObject_t texObject, float x,
                                       float y, int comp = 0) {
  const __rubicon_texture_descriptor *d = __rubicon_texture_object(texObject);
  if (!d)
    return T();
  using S = typename __rubicon_gather_result<T>::component;
  float u = __rubicon_texel_coordinate(d, x, d->width) - 0.5f;
  float v = __rubicon_texel_coordinate(d, y, d->height) - 0.5f;
  long long i = static_cast<long long>(__builtin_floorf(u));
  long long j = static_cast<long long>(__builtin_floorf(v));
  if constexpr (__rubicon_gather_result<T>::vector) {
    T r;
    r.x = __rubicon_object_gather_one<S>(d, i, j + 1, comp);
    r.y = __rubicon_object_gather_one<S>(d, i + 1, j + 1, comp);
    r.z = __rubicon_object_gather_one<S>(d, i + 1, j, comp);
    r.w = __rubicon_object_gather_one<S>(d, i, j, comp);
    return r;
  } else {
    return static_cast<T>(__rubicon_object_gather_one<S>(d, i, j + 1, comp));
  }
}

/* Level of detail and gradients: the levels of a mipmapped texture
 * (__rubicon_object_lod); a gradient's level is log2 of the longer
 * footprint in texels of level 0, plus the texture's bias. */
__device__ static inline float
__rubicon_object_extent(cudaTextureObject_t o, int axis) {
  const __rubicon_texture_descriptor *d = __rubicon_texture_object(o);
  if (!d)
    return 1.0f;
  unsigned long long n = axis == 0 ? d->width : axis == 1 ? d->height : d->depth;
  return d->normalized_coordinates ? static_cast<float>(n) : 1.0f;
}
__device__ static inline float __rubicon_object_length(float x, float y,
                                                       float z) {
  return __builtin_sqrtf(x * x + y * y + z * z);
}
template <class T>
__device__ static inline T tex1DGrad(cudaTextureObject_t o, float x, float dx,
                                     float dy) {
  float w = __rubicon_object_extent(o, 0);
  float a = __builtin_fabsf(dx * w), b = __builtin_fabsf(dy * w);
  return tex1DLod<T>(o, x, __rubicon_object_grad_lod(o, a > b ? a : b));
}
template <class T>
__device__ static inline T tex2DGrad(cudaTextureObject_t o, float x, float y,
                                     float2 dx, float2 dy) {
  float w = __rubicon_object_extent(o, 0), h = __rubicon_object_extent(o, 1);
  float a = __rubicon_object_length(dx.x * w, dx.y * h, 0.0f);
  float b = __rubicon_object_length(dy.x * w, dy.y * h, 0.0f);
  return tex2DLod<T>(o, x, y, __rubicon_object_grad_lod(o, a > b ? a : b));
}
template <class T>
__device__ static inline T tex3DLod(cudaTextureObject_t o, float x, float y,
                                    float z, float level) {
  return __rubicon_object_lod<T>(o, level, [=](cudaTextureObject_t l) {
    return tex3D<T>(l, x, y, z);
  });
}
template <class T>
__device__ static inline T tex3DGrad(cudaTextureObject_t o, float x, float y,
                                     float z, float4 dx, float4 dy) {
  float w = __rubicon_object_extent(o, 0), h = __rubicon_object_extent(o, 1),
        t = __rubicon_object_extent(o, 2);
  float a = __rubicon_object_length(dx.x * w, dx.y * h, dx.z * t);
  float b = __rubicon_object_length(dy.x * w, dy.y * h, dy.z * t);
  return tex3DLod<T>(o, x, y, z, __rubicon_object_grad_lod(o, a > b ? a : b));
}
template <class T>
__device__ static inline T tex1DLayeredLod(cudaTextureObject_t o, float x,
                                           int layer, float level) {
  return __rubicon_object_lod<T>(o, level, [=](cudaTextureObject_t l) {
    return tex1DLayered<T>(l, x, layer);
  });
}
template <class T>
__device__ static inline T tex1DLayeredGrad(cudaTextureObject_t o, float x,
                                            int layer, float dx, float dy) {
  float w = __rubicon_object_extent(o, 0);
  float a = __builtin_fabsf(dx * w), b = __builtin_fabsf(dy * w);
  return tex1DLayeredLod<T>(o, x, layer,
                            __rubicon_object_grad_lod(o, a > b ? a : b));
}
template <class T>
__device__ static inline T tex2DLayeredLod(cudaTextureObject_t o, float x,
                                           float y, int layer, float level) {
  return __rubicon_object_lod<T>(o, level, [=](cudaTextureObject_t l) {
    return tex2DLayered<T>(l, x, y, layer);
  });
}
template <class T>
__device__ static inline T tex2DLayeredGrad(cudaTextureObject_t o, float x,
                                            float y, int layer, float2 dx,
                                            float2 dy) {
  float w = __rubicon_object_extent(o, 0), h = __rubicon_object_extent(o, 1);
  float a = __rubicon_object_length(dx.x * w, dx.y * h, 0.0f);
  float b = __rubicon_object_length(dy.x * w, dy.y * h, 0.0f);
  return tex2DLayeredLod<T>(o, x, y, layer,
                            __rubicon_object_grad_lod(o, a > b ? a : b));
}
template <class T>
__device__ static inline T texCubemapLod(cudaTextureObject_t o, float x,
                                         float y, float z, float level) {
  return __rubicon_object_lod<T>(o, level, [=](cudaTextureObject_t l) {
    return texCubemap<T>(l, x, y, z);
  });
}
template <class T>
__device__ static inline T texCubemapGrad(cudaTextureObject_t o, float x,
                                          float y, float z, float4 dx,
                                          float4 dy) {
  float w = __rubicon_object_extent(o, 0);
  float a = __rubicon_object_length(dx.x * w, dx.y * w, dx.z * w);
  float b = __rubicon_object_length(dy.x * w, dy.y * w, dy.z * w);
  return texCubemapLod<T>(o, x, y, z,
                          __rubicon_object_grad_lod(o, a > b ? a : b));
}
template <class T>
__device__ static inline T texCubemapLayeredLod(cudaTextureObject_t o, float x,
                                                float y, float z, int layer,
                                                float level) {
  return __rubicon_object_lod<T>(o, level, [=](cudaTextureObject_t l) {
    return texCubemapLayered<T>(l, x, y, z, layer);
  });
}
template <class T>
__device__ static inline T texCubemapLayeredGrad(cudaTextureObject_t o, float x,
                                                 float y, float z, int layer,
                                                 float4 dx, float4 dy) {
  float w = __rubicon_object_extent(o, 0);
  float a = __rubicon_object_length(dx.x * w, dx.y * w, dx.z * w);
  float b = __rubicon_object_length(dy.x * w, dy.y * w, dy.z * w);
  return texCubemapLayeredLod<T>(o, x, y, z, layer,
                                 __rubicon_object_grad_lod(o, a > b ? a : b));
}

/* Sparse forms: every texel is resident. */
#define __RUBICON_SPARSE__(Name, Params, Args)                                 \
  template <class T>                                                           \
  __device__ static inline T Name(cudaTextureObject_t o, __RUBICON_UNPAREN Params, \
                                  bool *isResident) {                          \
    *isResident = true;                                                        \
    return Name<T>(o, __RUBICON_UNPAREN Args);                                 \
  }
#define __RUBICON_UNPAREN(...) __VA_ARGS__
__RUBICON_SPARSE__(tex2D, (float x, float y), (x, y))
__RUBICON_SPARSE__(tex3D, (float x, float y, float z), (x, y, z))
__RUBICON_SPARSE__(tex2DLod, (float x, float y, float l), (x, y, l))
__RUBICON_SPARSE__(tex3DLod, (float x, float y, float z, float l), (x, y, z, l))
__RUBICON_SPARSE__(tex2DGrad, (float x, float y, float2 a, float2 b), (x, y, a, b))
__RUBICON_SPARSE__(tex3DGrad, (float x, float y, float z, float4 a, float4 b),
                   (x, y, z, a, b))
__RUBICON_SPARSE__(tex2DLayered, (float x, float y, int layer), (x, y, layer))
__RUBICON_SPARSE__(tex2DLayeredLod, (float x, float y, int layer, float l),
                   (x, y, layer, l))
__RUBICON_SPARSE__(tex2DLayeredGrad,
                   (float x, float y, int layer, float2 a, float2 b),
                   (x, y, layer, a, b))
#undef __RUBICON_SPARSE__
template <class T>
__device__ static inline T tex2Dgather(cudaTextureObject_t o, float x, float y,
                                       bool *isResident, int comp = 0) {
  *isResident = true;
  return tex2Dgather<T>(o, x, y, comp);
}

/* The forms that return through a pointer (CUDA's trait makes them void). */
#define __RUBICON_THROUGH_POINTER__(Name, Params, Args)                        \
  template <class T>                                                           \
  __device__ static inline void Name(T *ret, cudaTextureObject_t o,            \
                                     __RUBICON_UNPAREN Params) {               \
    *ret = Name<T>(o, __RUBICON_UNPAREN Args);                                 \
  }
__RUBICON_THROUGH_POINTER__(tex1DLod, (float x, float l), (x, l))
__RUBICON_THROUGH_POINTER__(tex1DGrad, (float x, float a, float b), (x, a, b))
__RUBICON_THROUGH_POINTER__(tex2DGrad, (float x, float y, float2 a, float2 b),
                            (x, y, a, b))
__RUBICON_THROUGH_POINTER__(tex3D, (float x, float y, float z), (x, y, z))
__RUBICON_THROUGH_POINTER__(tex3DLod, (float x, float y, float z, float l),
                            (x, y, z, l))
__RUBICON_THROUGH_POINTER__(tex3DGrad,
                            (float x, float y, float z, float4 a, float4 b),
                            (x, y, z, a, b))
__RUBICON_THROUGH_POINTER__(tex1DLayered, (float x, int layer), (x, layer))
__RUBICON_THROUGH_POINTER__(tex1DLayeredLod, (float x, int layer, float l),
                            (x, layer, l))
__RUBICON_THROUGH_POINTER__(tex1DLayeredGrad,
                            (float x, int layer, float a, float b),
                            (x, layer, a, b))
__RUBICON_THROUGH_POINTER__(tex2DLayered, (float x, float y, int layer),
                            (x, y, layer))
__RUBICON_THROUGH_POINTER__(tex2DLayeredLod,
                            (float x, float y, int layer, float l),
                            (x, y, layer, l))
__RUBICON_THROUGH_POINTER__(tex2DLayeredGrad,
                            (float x, float y, int layer, float2 a, float2 b),
                            (x, y, layer, a, b))
__RUBICON_THROUGH_POINTER__(texCubemap, (float x, float y, float z), (x, y, z))
__RUBICON_THROUGH_POINTER__(texCubemapLod, (float x, float y, float z, float l),
                            (x, y, z, l))
__RUBICON_THROUGH_POINTER__(texCubemapGrad,
                            (float x, float y, float z, float4 a, float4 b),
                            (x, y, z, a, b))
__RUBICON_THROUGH_POINTER__(texCubemapLayered,
                            (float x, float y, float z, int layer),
                            (x, y, z, layer))
__RUBICON_THROUGH_POINTER__(texCubemapLayeredLod,
                            (float x, float y, float z, int layer, float l),
                            (x, y, z, layer, l))
__RUBICON_THROUGH_POINTER__(texCubemapLayeredGrad,
                            (float x, float y, float z, int layer, float4 a,
                             float4 b),
                            (x, y, z, layer, a, b))
__RUBICON_THROUGH_POINTER__(tex2Dgather, (float x, float y, int comp = 0),
                            (x, y, comp))
/* ... and through a pointer with the residency flag. */
__RUBICON_THROUGH_POINTER__(tex2D, (float x, float y, bool *r), (x, y, r))
__RUBICON_THROUGH_POINTER__(tex3D, (float x, float y, float z, bool *r),
                            (x, y, z, r))
__RUBICON_THROUGH_POINTER__(tex2DLod, (float x, float y, float l, bool *r),
                            (x, y, l, r))
__RUBICON_THROUGH_POINTER__(tex3DLod,
                            (float x, float y, float z, float l, bool *r),
                            (x, y, z, l, r))
__RUBICON_THROUGH_POINTER__(tex2DGrad,
                            (float x, float y, float2 a, float2 b, bool *r),
                            (x, y, a, b, r))
__RUBICON_THROUGH_POINTER__(tex3DGrad,
                            (float x, float y, float z, float4 a, float4 b,
                             bool *r),
                            (x, y, z, a, b, r))
__RUBICON_THROUGH_POINTER__(tex2DLayered,
                            (float x, float y, int layer, bool *r),
                            (x, y, layer, r))
__RUBICON_THROUGH_POINTER__(tex2DLayeredLod,
                            (float x, float y, int layer, float l, bool *r),
                            (x, y, layer, l, r))
__RUBICON_THROUGH_POINTER__(tex2DLayeredGrad,
                            (float x, float y, int layer, float2 a, float2 b,
                             bool *r),
                            (x, y, layer, a, b, r))
__RUBICON_THROUGH_POINTER__(tex2Dgather,
                            (float x, float y, bool *r, int comp = 0),
                            (x, y, r, comp))
#undef __RUBICON_THROUGH_POINTER__
#undef __RUBICON_UNPAREN

/* Surfaces: x in bytes; slice z (3D depth, layer, 6 * layer + face). */
template <class T>
__device__ static inline char *
__rubicon_surface_address3(cudaSurfaceObject_t surfObject, int x, int y,
                           int z, cudaSurfaceBoundaryMode mode) {
  const __rubicon_texture_descriptor *d = __rubicon_texture_object(surfObject);
  if (!d)
    return nullptr;
  long long n = __rubicon_texture_slices(d), bz = z;
  if (bz < 0 || bz >= n) {
    if (mode == cudaBoundaryModeZero)
      return nullptr;
    if (mode == cudaBoundaryModeTrap)
      __builtin_trap();
    bz = bz < 0 ? 0 : n - 1;
  }
  char *p = __rubicon_surface_address<T>(surfObject, x, y, mode);
  return p ? p + bz * d->slice_pitch : nullptr;
}

#define __RUBICON_SURFACE__(Read, Write, Params, Y, Z)                         \
  template <class T>                                                           \
  __device__ static inline T Read(                                             \
      cudaSurfaceObject_t surfObject, __RUBICON_SURFACE_UNPAREN Params,        \
      cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap) {                   \
    const char *p = __rubicon_surface_address3<T>(surfObject, x, Y, Z, mode);  \
    return p ? *reinterpret_cast<const T *>(p) : T();                          \
  }                                                                            \
  template <class T>                                                           \
  __device__ static inline void Read(                                          \
      T *ret, cudaSurfaceObject_t surfObject,                                  \
      __RUBICON_SURFACE_UNPAREN Params,                                        \
      cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap) {                   \
    const char *p = __rubicon_surface_address3<T>(surfObject, x, Y, Z, mode);  \
    *ret = p ? *reinterpret_cast<const T *>(p) : T();                          \
  }                                                                            \
  template <class T>                                                           \
  __device__ static inline void Write(                                         \
      T data, cudaSurfaceObject_t surfObject,                                  \
      __RUBICON_SURFACE_UNPAREN Params,                                        \
      cudaSurfaceBoundaryMode mode = cudaBoundaryModeTrap) {                   \
    if (char *p = __rubicon_surface_address3<T>(surfObject, x, Y, Z, mode))    \
      *reinterpret_cast<T *>(p) = data;                                        \
  }
#define __RUBICON_SURFACE_UNPAREN(...) __VA_ARGS__
__RUBICON_SURFACE__(surf3Dread, surf3Dwrite, (int x, int y, int z), y, z)
__RUBICON_SURFACE__(surf1DLayeredread, surf1DLayeredwrite, (int x, int layer),
                    0, layer)
__RUBICON_SURFACE__(surf2DLayeredread, surf2DLayeredwrite,
                    (int x, int y, int layer), y, layer)
__RUBICON_SURFACE__(surfCubemapread, surfCubemapwrite, (int x, int y, int face),
                    y, face)
__RUBICON_SURFACE__(surfCubemapLayeredread, surfCubemapLayeredwrite,
                    (int x, int y, int layerFace), y, layerFace)
#undef __RUBICON_SURFACE__
#undef __RUBICON_SURFACE_UNPAREN

#endif /* RUBICON_INTERNAL_TEXTURE_OBJECT_3D_H */

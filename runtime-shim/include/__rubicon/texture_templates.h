/*===- __rubicon/texture_templates.h - texture<T, dim, mode> -----*- C++ -*-===*
 *
 * Part of Rubicon. The C++ side of legacy texture references: the
 * texture<T, dim, mode> template (a textureReference that clang treats as a
 * device builtin texture type: on the device it is a 64-bit handle, and host
 * code registers it with __cudaRegisterTexture), cudaCreateChannelDesc<T>(),
 * and the template overloads of cudaBindTexture & co. Included by
 * cuda_runtime.h in C++.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_INTERNAL_TEXTURE_TEMPLATES_H
#define RUBICON_INTERNAL_TEXTURE_TEMPLATES_H

#include "../vector_types.h"
#include "texture_api.h"

/* Channel count, bits per channel and kind of each texel type. */
template <class T> struct __rubicon_channel_format {
  static constexpr int channels = 0; /* not a texel type */
  static constexpr int bits = 0;
  static constexpr cudaChannelFormatKind kind = cudaChannelFormatKindNone;
};
#define __RUBICON_TEXEL(Type, Channels, Bits, Kind)                            \
  template <> struct __rubicon_channel_format<Type> {                          \
    static constexpr int channels = Channels;                                  \
    static constexpr int bits = Bits;                                          \
    static constexpr cudaChannelFormatKind kind = cudaChannelFormatKind##Kind; \
  };
#define __RUBICON_TEXEL_VECTORS(Scalar, Prefix, Bits, Kind)                    \
  __RUBICON_TEXEL(Scalar, 1, Bits, Kind)                                       \
  __RUBICON_TEXEL(Prefix##1, 1, Bits, Kind)                                    \
  __RUBICON_TEXEL(Prefix##2, 2, Bits, Kind)                                    \
  __RUBICON_TEXEL(Prefix##4, 4, Bits, Kind)
__RUBICON_TEXEL(char, 1, 8, Signed)
__RUBICON_TEXEL_VECTORS(signed char, char, 8, Signed)
__RUBICON_TEXEL_VECTORS(unsigned char, uchar, 8, Unsigned)
__RUBICON_TEXEL_VECTORS(short, short, 16, Signed)
__RUBICON_TEXEL_VECTORS(unsigned short, ushort, 16, Unsigned)
__RUBICON_TEXEL_VECTORS(int, int, 32, Signed)
__RUBICON_TEXEL_VECTORS(unsigned int, uint, 32, Unsigned)
__RUBICON_TEXEL_VECTORS(float, float, 32, Float)
#undef __RUBICON_TEXEL_VECTORS
#undef __RUBICON_TEXEL

template <class T>
static inline __host__ cudaChannelFormatDesc cudaCreateChannelDesc() {
  using Format = __rubicon_channel_format<T>;
  return cudaCreateChannelDesc(Format::bits,
                               Format::channels >= 2 ? Format::bits : 0,
                               Format::channels >= 3 ? Format::bits : 0,
                               Format::channels >= 4 ? Format::bits : 0,
                               Format::kind);
}

template <class T, int dim = cudaTextureType1D,
          enum cudaTextureReadMode mode = cudaReadModeElementType>
struct __RUBICON_CUDA_ATTRIBUTE(device_builtin_texture_type) texture
    : public textureReference {
#if !defined(__CUDA_ARCH__)
  __host__ texture(int norm = 0,
                   enum cudaTextureFilterMode fMode = cudaFilterModePoint,
                   enum cudaTextureAddressMode aMode = cudaAddressModeClamp) {
    normalized = norm;
    filterMode = fMode;
    addressMode[0] = aMode;
    addressMode[1] = aMode;
    addressMode[2] = aMode;
    channelDesc = cudaCreateChannelDesc<T>();
    sRGB = 0;
  }
  __host__ texture(int norm, enum cudaTextureFilterMode fMode,
                   enum cudaTextureAddressMode aMode,
                   struct cudaChannelFormatDesc desc) {
    normalized = norm;
    filterMode = fMode;
    addressMode[0] = aMode;
    addressMode[1] = aMode;
    addressMode[2] = aMode;
    channelDesc = desc;
    sRGB = 0;
  }
#endif
};

template <class T, int dim, enum cudaTextureReadMode mode>
static inline __host__ cudaError_t
cudaBindTexture(size_t *offset, const struct texture<T, dim, mode> &tex,
                const void *devPtr, const struct cudaChannelFormatDesc &desc,
                size_t size = (size_t)-1) {
  return ::cudaBindTexture(offset, &tex, devPtr, &desc, size);
}

template <class T, int dim, enum cudaTextureReadMode mode>
static inline __host__ cudaError_t
cudaBindTexture(size_t *offset, const struct texture<T, dim, mode> &tex,
                const void *devPtr, size_t size = (size_t)-1) {
  return ::cudaBindTexture(offset, &tex, devPtr, &tex.channelDesc, size);
}

template <class T, int dim, enum cudaTextureReadMode mode>
static inline __host__ cudaError_t
cudaBindTexture2D(size_t *offset, const struct texture<T, dim, mode> &tex,
                  const void *devPtr, const struct cudaChannelFormatDesc &desc,
                  size_t width, size_t height, size_t pitch) {
  return ::cudaBindTexture2D(offset, &tex, devPtr, &desc, width, height,
                             pitch);
}

template <class T, int dim, enum cudaTextureReadMode mode>
static inline __host__ cudaError_t
cudaBindTexture2D(size_t *offset, const struct texture<T, dim, mode> &tex,
                  const void *devPtr, size_t width, size_t height,
                  size_t pitch) {
  return ::cudaBindTexture2D(offset, &tex, devPtr, &tex.channelDesc, width,
                             height, pitch);
}

template <class T, int dim, enum cudaTextureReadMode mode>
static inline __host__ cudaError_t
cudaBindTextureToArray(const struct texture<T, dim, mode> &tex,
                       cudaArray_const_t array,
                       const struct cudaChannelFormatDesc &desc) {
  return ::cudaBindTextureToArray(&tex, array, &desc);
}

template <class T, int dim, enum cudaTextureReadMode mode>
static inline __host__ cudaError_t
cudaBindTextureToArray(const struct texture<T, dim, mode> &tex,
                       cudaArray_const_t array) {
  struct cudaChannelFormatDesc desc;
  cudaError_t status = ::cudaGetChannelDesc(&desc, array);
  return status == cudaSuccess ? ::cudaBindTextureToArray(&tex, array, &desc)
                               : status;
}

template <class T, int dim, enum cudaTextureReadMode mode>
static inline __host__ cudaError_t
cudaUnbindTexture(const struct texture<T, dim, mode> &tex) {
  return ::cudaUnbindTexture(&tex);
}

#endif /* RUBICON_INTERNAL_TEXTURE_TEMPLATES_H */

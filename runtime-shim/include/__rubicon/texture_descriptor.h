/*===- __rubicon/texture_descriptor.h - A texture, in device memory -----===*
 *
 * Part of Rubicon. The contract between the runtime and the device-side
 * fetch functions, which read texels in software:
 * - legacy texture references: the runtime (cudart/Textures.cpp) writes one
 *   descriptor per bound reference into device memory and its address into
 *   the reference's device variable (texture_fetch.h reads through it);
 * - texture and surface objects: the object handle (cudaTextureObject_t,
 *   cudaSurfaceObject_t) is the device address of a descriptor written by
 *   cudaCreateTextureObject/cudaCreateSurfaceObject
 *   (cudart/TextureObjects.cpp; texture_object.h reads through it).
 * Plain C so both sides include it.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_INTERNAL_TEXTURE_DESCRIPTOR_H
#define RUBICON_INTERNAL_TEXTURE_DESCRIPTOR_H

struct __rubicon_texture_descriptor {
  const char *data;              /* device address of texel (0, 0) */
  unsigned long long width;      /* texels per row */
  unsigned long long height;     /* rows (1 for 1D) */
  unsigned long long pitch;      /* bytes from one row to the next */
  unsigned int texel_size;       /* bytes per texel */
  int filter_mode;               /* enum cudaTextureFilterMode */
  int normalized_coordinates;    /* 0 or 1 */
  int address_mode[3];           /* enum cudaTextureAddressMode, x, y, z */
  int read_mode;                 /* enum cudaTextureReadMode (objects) */
  int channel_kind;              /* enum cudaChannelFormatKind */
  int channel_bits;              /* bits of each channel */
  int channel_count;             /* 1 to 4 */
  float border_color[4];         /* cudaAddressModeBorder, float results */
  unsigned long long depth;      /* slices: 3D depth, layers, cubemap faces
                                    (6 per layer); 0 or 1 for one slice */
  unsigned long long slice_pitch; /* bytes from one slice to the next */
  /* Mipmapped textures: level_count descriptors follow each other in
     device memory, level 0 first (the object handle); the *Lod functions
     pick levels with these (enum cudaTextureFilterMode, clamps, bias). 0 or
     1 level: no mipmaps. */
  unsigned int level_count;
  int mipmap_filter_mode;
  float mipmap_level_bias;
  float min_mipmap_level_clamp;
  float max_mipmap_level_clamp;
};

#endif /* RUBICON_INTERNAL_TEXTURE_DESCRIPTOR_H */

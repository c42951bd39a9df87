/*===- __rubicon/texture_descriptor.h - Bound texture, in device memory -===*
 *
 * Part of Rubicon. The contract between the runtime (cudart/Textures.cpp),
 * which writes one descriptor per bound texture reference into device memory
 * and its address into the reference's device variable, and the device-side
 * fetch functions (texture_fetch.h), which read texels through it in
 * software. Plain C so both sides include it.
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
  int address_mode[2];           /* enum cudaTextureAddressMode, x and y */
  int reserved;
};

#endif /* RUBICON_INTERNAL_TEXTURE_DESCRIPTOR_H */

/*===- nppi_support_functions.h - NPP image memory (libnppisu) -----------===*
 *
 * Part of Rubicon. Written from the NPP API reference ("Image-Memory
 * Allocation"): pitched device images of one, two, three or four channels.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_NPPI_SUPPORT_FUNCTIONS_H
#define RUBICON_NPPI_SUPPORT_FUNCTIONS_H

#include "nppdefs.h"

#ifdef __cplusplus
extern "C" {
#endif

#define RUBICON_NPPI_MALLOC(Type, Channels)                                    \
  Npp##Type *nppiMalloc_##Type##_C##Channels(int nWidthPixels,                 \
                                             int nHeightPixels,                \
                                             int *pStepBytes);
RUBICON_NPPI_MALLOC(8u, 1)
RUBICON_NPPI_MALLOC(8u, 2)
RUBICON_NPPI_MALLOC(8u, 3)
RUBICON_NPPI_MALLOC(8u, 4)
RUBICON_NPPI_MALLOC(16u, 1)
RUBICON_NPPI_MALLOC(16u, 2)
RUBICON_NPPI_MALLOC(16u, 3)
RUBICON_NPPI_MALLOC(16u, 4)
RUBICON_NPPI_MALLOC(16s, 1)
RUBICON_NPPI_MALLOC(16s, 2)
RUBICON_NPPI_MALLOC(16s, 4)
RUBICON_NPPI_MALLOC(32s, 1)
RUBICON_NPPI_MALLOC(32s, 3)
RUBICON_NPPI_MALLOC(32s, 4)
RUBICON_NPPI_MALLOC(32f, 1)
RUBICON_NPPI_MALLOC(32f, 2)
RUBICON_NPPI_MALLOC(32f, 3)
RUBICON_NPPI_MALLOC(32f, 4)
#undef RUBICON_NPPI_MALLOC

void nppiFree(void *pData);

#ifdef __cplusplus
}
#endif

#endif

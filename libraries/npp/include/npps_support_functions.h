/*===- npps_support_functions.h - NPP signal memory (libnpps) ------------===*
 *
 * Part of Rubicon. Written from the NPP API reference ("Signal-Memory
 * Allocation").
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_NPPS_SUPPORT_FUNCTIONS_H
#define RUBICON_NPPS_SUPPORT_FUNCTIONS_H

#include "nppdefs.h"

#ifdef __cplusplus
extern "C" {
#endif

Npp8u *nppsMalloc_8u(size_t nSize);
Npp16s *nppsMalloc_16s(size_t nSize);
Npp32s *nppsMalloc_32s(size_t nSize);
Npp32f *nppsMalloc_32f(size_t nSize);
Npp64f *nppsMalloc_64f(size_t nSize);
Npp32fc *nppsMalloc_32fc(size_t nSize);
void nppsFree(void *pValues);

#ifdef __cplusplus
}
#endif

#endif

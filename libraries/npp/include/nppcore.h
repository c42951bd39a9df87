/*===- nppcore.h - NPP's core: version, device and stream queries --------===*
 *
 * Part of Rubicon. Written from the NPP API reference ("NPP Core"); the
 * device is the runtime's current one.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_NPPCORE_H
#define RUBICON_NPPCORE_H

#include "nppdefs.h"

#ifdef __cplusplus
extern "C" {
#endif

const NppLibraryVersion *nppGetLibVersion(void);
int nppGetGpuNumSMs(void);
int nppGetMaxThreadsPerBlock(void);
int nppGetMaxThreadsPerSM(void);
int nppGetGpuDeviceProperties(int *pMaxThreadsPerSM, int *pMaxThreadsPerBlock,
                              int *pNumberOfSMs);
const char *nppGetGpuName(void);
cudaStream_t nppGetStream(void);
NppStatus nppSetStream(cudaStream_t hStream);
NppStatus nppGetStreamContext(NppStreamContext *pNppStreamContext);
unsigned int nppGetStreamNumSMs(void);
unsigned int nppGetStreamMaxThreadsPerSM(void);

#ifdef __cplusplus
}
#endif

#endif

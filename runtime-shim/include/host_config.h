/*===- host_config.h - Host compiler configuration ------------------------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface
 * for AMD GPUs. CUDA code includes this header by name; the host compiler
 * checks and attribute macros it stands for are in host_defines.h.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_HOST_CONFIG_H
#define RUBICON_HOST_CONFIG_H

#include "host_defines.h"

#endif /* RUBICON_HOST_CONFIG_H */

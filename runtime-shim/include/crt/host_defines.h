/*===- crt/host_defines.h - Compatibility path of host_defines.h ----------===*
 *
 * Part of Rubicon. Some code includes the qualifier macros by this path.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_CRT_HOST_DEFINES_H
#define RUBICON_CRT_HOST_DEFINES_H
#include "../host_defines.h"
#endif /* RUBICON_CRT_HOST_DEFINES_H */

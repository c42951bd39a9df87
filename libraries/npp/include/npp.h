/*===- npp.h - NVIDIA Performance Primitives: what Rubicon provides ------===*
 *
 * Part of Rubicon. NPP's umbrella header. Only the core (libnppc) and the
 * image and signal memory functions (libnppisu, libnpps) exist so far; the
 * image-processing libraries are shipped so that projects configure, and
 * export no function yet (docs/cuda-libraries.md).
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_NPP_H
#define RUBICON_NPP_H

#include "nppdefs.h"
#include "nppcore.h"
#include "nppi_support_functions.h"
#include "npps_support_functions.h"

#endif

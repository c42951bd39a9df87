//===- OclcIsaVersion.cpp - ocml's ISA version constant -------------------===//
//
// Part of Rubicon. ocml and ockl read the target's ISA version from the
// constant __oclc_ISA_version (major * 1000 + minor * 100 + stepping, e.g.
// 9402 for gfx942). ROCm 5.2.3 ships oclc_isa_version_<N>.bc only for older
// targets; for the others the build compiles this file with
// -DRUBICON_OCLC_ISA_VERSION=<number> in its place.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_OCLC_ISA_VERSION
#error "compile with -DRUBICON_OCLC_ISA_VERSION=<major*1000+minor*100+stepping>"
#endif

extern "C" {
__attribute__((visibility("protected"))) extern const __attribute__((
    address_space(4))) int __oclc_ISA_version;
__attribute__((visibility("protected"))) const __attribute__((
    address_space(4))) int __oclc_ISA_version = RUBICON_OCLC_ISA_VERSION;
}

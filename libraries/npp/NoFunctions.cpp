//===- NoFunctions.cpp - An NPP library that exports no function yet ------===//
//
// Part of Rubicon. NPP's image-processing libraries (libnppial, libnppicc,
// libnppidei, libnppif, libnppig, libnppim, libnppist, libnppitc) are
// shipped so that CMake's FindCUDAToolkit creates their CUDA:: targets and
// projects configure; none of their functions exists yet, so a program
// calling one fails to link instead of running wrongly
// (docs/cuda-libraries.md).
//
//===----------------------------------------------------------------------===//

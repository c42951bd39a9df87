//===- ModuleImage.h - What the driver API accepts as a module --*- C++ -*-===//
//
// Part of Rubicon. cuModuleLoad/cuModuleLoadData/cuModuleLoadFatBinary take
// an image (docs/driver-api.md):
//   - a Rubicon fat binary: a clang offload bundle (rubicon/FatBinary.h), as
//     embedded in the .nv_fatbin section of an object nvcc compiled; the
//     backend picks its code object (an AMD target's or the host target's);
//   - one code object: an AMDGPU ELF (for the HIP backend) or a host-target
//     x86-64 shared object (for the host backend);
//   - clang's CUDA fat binary wrapper {0x466243b1, version, bundle, 0}, which
//     stands for the bundle it points to.
//   - Rubicon's `nvcc -ptx` text (rubicon/PtxText.h), which stands for the
//     fat binary it carries (decoded into the image's own buffer).
// Other text (PTX) is recognized here; libcuda compiles it when it loads
// (runtime-shim/cuda/PtxJit.h).
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_BACKEND_MODULEIMAGE_H
#define RUBICON_BACKEND_MODULEIMAGE_H

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace rubicon::cudart {

enum class ModuleImageKind {
  FatBinary,      ///< a clang offload bundle
  AmdCodeObject,  ///< an ELF file for EM_AMDGPU
  HostCodeObject, ///< an x86-64 ELF shared object (the `host` target)
  OtherElf,       ///< an ELF file for another machine (an NVIDIA cubin...)
  Ptx,            ///< text: PTX or anything else that is not a binary
  Invalid         ///< none of the above, or truncated
};

struct ModuleImage {
  ModuleImageKind Kind = ModuleImageKind::Invalid;
  /// The image proper (the bundle a wrapper points to, for a wrapper).
  const void *Data = nullptr;
  /// Bytes of the image: from the bundle's or the ELF file's headers.
  size_t Size = 0;
  /// For Rubicon's -ptx text: the fat binary decoded from it, which Data
  /// points into (kept alive with every copy of the image).
  std::shared_ptr<const std::string> Decoded;
  /// The image was Rubicon's -ptx text (Kind: the fat binary it carries).
  bool FromPtxText = false;
  /// Why Rubicon's -ptx text could not be decoded (Kind is then Invalid).
  std::string Error;
};

/// Classifies the image at Data, reading at most MaxSize bytes (pass
/// SIZE_MAX when the caller does not know the size, as cuModuleLoadData
/// does: then the headers alone decide how much is read).
ModuleImage classifyModuleImage(const void *Data, size_t MaxSize);

/// The kernels an image defines, by (mangled) name, sorted and unique: for
/// a host code object the symbols with HostABI.h's entry prefix, for an AMD
/// code object those of its kernel descriptors (`<name>.kd`), for a fat
/// binary those of every code object in it. What cuModuleGetFunctionCount
/// and cuLibraryEnumerateKernels list.
std::vector<std::string> moduleKernelNames(const ModuleImage &Image);

/// Short description of a kind for messages ("an AMD GPU code object").
std::string_view describe(ModuleImageKind Kind);

} // namespace rubicon::cudart

#endif // RUBICON_BACKEND_MODULEIMAGE_H

//===- NvJitLink.cpp - nvJitLink's handles and logs; no linker yet --------===//
//
// Part of Rubicon. A handle checks its options (-arch=sm_XX is required,
// as nvJitLink documents) and keeps its inputs and logs. Linking is not
// provided: nvJitLinkComplete answers NVJITLINK_ERROR_INTERNAL with an
// error log saying so, and no linked image ever exists.
//
//===----------------------------------------------------------------------===//
#include "nvJitLink.h"

#include <cstring>
#include <fstream>
#include <iterator>
#include <new>
#include <string>
#include <vector>

struct nvJitLink {
  std::vector<std::string> Inputs;
  std::string ErrorLog;
  std::string InfoLog;
};

namespace {

nvJitLinkResult sizeOf(const std::string &Log, size_t *Size) {
  if (!Size)
    return NVJITLINK_ERROR_INVALID_INPUT;
  *Size = Log.size() + 1;
  return NVJITLINK_SUCCESS;
}

nvJitLinkResult copy(const std::string &Log, char *Out) {
  if (!Out)
    return NVJITLINK_ERROR_INVALID_INPUT;
  std::memcpy(Out, Log.c_str(), Log.size() + 1);
  return NVJITLINK_SUCCESS;
}

} // namespace

extern "C" {

nvJitLinkResult nvJitLinkCreate(nvJitLinkHandle *handle, uint32_t numOptions,
                                const char **options) {
  if (!handle || (numOptions && !options))
    return NVJITLINK_ERROR_INVALID_INPUT;
  bool HasArch = false;
  for (uint32_t I = 0; I < numOptions; ++I) {
    if (!options[I])
      return NVJITLINK_ERROR_INVALID_INPUT;
    if (std::strncmp(options[I], "-arch=", 6) == 0)
      HasArch = true;
    else if (options[I][0] != '-')
      return NVJITLINK_ERROR_UNRECOGNIZED_OPTION;
  }
  if (!HasArch)
    return NVJITLINK_ERROR_MISSING_ARCH;
  *handle = new (std::nothrow) nvJitLink;
  return *handle ? NVJITLINK_SUCCESS : NVJITLINK_ERROR_INTERNAL;
}

nvJitLinkResult nvJitLinkDestroy(nvJitLinkHandle *handle) {
  if (!handle || !*handle)
    return NVJITLINK_ERROR_INVALID_INPUT;
  delete *handle;
  *handle = nullptr;
  return NVJITLINK_SUCCESS;
}

nvJitLinkResult nvJitLinkAddData(nvJitLinkHandle handle, nvJitLinkInputType,
                                 const void *data, size_t size, const char *) {
  if (!handle || !data || !size)
    return NVJITLINK_ERROR_INVALID_INPUT;
  handle->Inputs.emplace_back(static_cast<const char *>(data), size);
  return NVJITLINK_SUCCESS;
}

nvJitLinkResult nvJitLinkAddFile(nvJitLinkHandle handle,
                                 nvJitLinkInputType inputType,
                                 const char *fileName) {
  if (!handle || !fileName)
    return NVJITLINK_ERROR_INVALID_INPUT;
  std::ifstream File(fileName, std::ios::binary);
  if (!File) {
    handle->ErrorLog += std::string("nvJitLink: cannot read ") + fileName + "\n";
    return NVJITLINK_ERROR_INVALID_INPUT;
  }
  std::string Data((std::istreambuf_iterator<char>(File)),
                   std::istreambuf_iterator<char>());
  return nvJitLinkAddData(handle, inputType, Data.data(), Data.size(),
                          fileName);
}

nvJitLinkResult nvJitLinkComplete(nvJitLinkHandle handle) {
  if (!handle)
    return NVJITLINK_ERROR_INVALID_INPUT;
  handle->ErrorLog += "nvJitLink: linking device code at run time is not "
                      "supported by this toolkit yet\n";
  return NVJITLINK_ERROR_INTERNAL;
}

// No link ever completes, so there is never a linked image.
nvJitLinkResult nvJitLinkGetLinkedCubinSize(nvJitLinkHandle, size_t *) {
  return NVJITLINK_ERROR_INVALID_INPUT;
}
nvJitLinkResult nvJitLinkGetLinkedCubin(nvJitLinkHandle, void *) {
  return NVJITLINK_ERROR_INVALID_INPUT;
}
nvJitLinkResult nvJitLinkGetLinkedPtxSize(nvJitLinkHandle, size_t *) {
  return NVJITLINK_ERROR_INVALID_INPUT;
}
nvJitLinkResult nvJitLinkGetLinkedPtx(nvJitLinkHandle, char *) {
  return NVJITLINK_ERROR_INVALID_INPUT;
}

nvJitLinkResult nvJitLinkGetErrorLogSize(nvJitLinkHandle handle,
                                         size_t *size) {
  return handle ? sizeOf(handle->ErrorLog, size)
                : NVJITLINK_ERROR_INVALID_INPUT;
}
nvJitLinkResult nvJitLinkGetErrorLog(nvJitLinkHandle handle, char *log) {
  return handle ? copy(handle->ErrorLog, log) : NVJITLINK_ERROR_INVALID_INPUT;
}
nvJitLinkResult nvJitLinkGetInfoLogSize(nvJitLinkHandle handle, size_t *size) {
  return handle ? sizeOf(handle->InfoLog, size)
                : NVJITLINK_ERROR_INVALID_INPUT;
}
nvJitLinkResult nvJitLinkGetInfoLog(nvJitLinkHandle handle, char *log) {
  return handle ? copy(handle->InfoLog, log) : NVJITLINK_ERROR_INVALID_INPUT;
}

nvJitLinkResult nvJitLinkVersion(unsigned int *major, unsigned int *minor) {
  if (!major || !minor)
    return NVJITLINK_ERROR_INVALID_INPUT;
  *major = 13;
  *minor = 0;
  return NVJITLINK_SUCCESS;
}

} // extern "C"

//===- Coredump.cpp - GPU coredump settings (cuCoredump*) -----------------===//
//
// Part of Rubicon. The settings CUDA's GPU coredumps follow, for the process
// (cuCoredump*Global) and for the current context (cuCoredump*Attribute; a
// context without its own value has the process's), with CUDA's defaults.
// As with CUDA, a setting given by its CUDA-GDB environment variable before
// the driver reads it cannot be changed (CUDA_ERROR_NOT_PERMITTED).
// CU_COREDUMP_LIGHTWEIGHT and CU_COREDUMP_TRIGGER_HOST are views of the
// generation flags (CU_COREDUMP_LIGHTWEIGHT_FLAGS, CU_COREDUMP_SKIP_ABORT).
// Rubicon writes no GPU coredump: the settings are kept and answered
// (docs/driver-process-controls.md).
//
//===----------------------------------------------------------------------===//

#include "DriverInternal.h"

#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <unistd.h>

using namespace rubicon::driver;

namespace {

constexpr size_t MaxPath = 1024; // 1023 characters and the NUL

struct Settings {
  std::optional<bool> OnException, UserTrigger;
  std::optional<unsigned> Flags;
  std::optional<std::string> File, Pipe;
};

std::string hostAndPid(const char *Prefix) {
  char Host[256] = "localhost";
  gethostname(Host, sizeof Host - 1);
  return std::string(Prefix) + Host + "." + std::to_string(getpid());
}

struct Coredump {
  std::mutex Mutex;
  Settings Defaults, Global, Environment;
  std::map<CUcontext, Settings> Contexts;

  Coredump() {
    Defaults.OnException = false;
    Defaults.UserTrigger = false;
    Defaults.Flags = CU_COREDUMP_DEFAULT_FLAGS;
    Defaults.File = hostAndPid("core.cuda.");
    Defaults.Pipe = hostAndPid("corepipe.cuda.");
    auto Flag = [](const char *Name) -> std::optional<bool> {
      const char *V = std::getenv(Name);
      if (!V)
        return std::nullopt;
      return std::strcmp(V, "0") != 0;
    };
    auto Text = [](const char *Name) -> std::optional<std::string> {
      const char *V = std::getenv(Name);
      return V ? std::optional<std::string>(V) : std::nullopt;
    };
    Environment.OnException = Flag("CUDA_ENABLE_COREDUMP_ON_EXCEPTION");
    Environment.UserTrigger = Flag("CUDA_ENABLE_USER_TRIGGERED_COREDUMP");
    Environment.File = Text("CUDA_COREDUMP_FILE");
    Environment.Pipe = Text("CUDA_COREDUMP_PIPE");
    std::optional<bool> Light = Flag("CUDA_ENABLE_LIGHTWEIGHT_COREDUMP");
    std::optional<bool> Cpu = Flag("CUDA_ENABLE_CPU_COREDUMP_ON_EXCEPTION");
    if (Light || Cpu)
      Environment.Flags = (Light.value_or(false) ? CU_COREDUMP_LIGHTWEIGHT_FLAGS
                                                 : 0) |
                          (Cpu.value_or(true) ? 0 : CU_COREDUMP_SKIP_ABORT);
  }
};

Coredump &coredump() {
  static auto *C = new Coredump();
  return *C;
}

/// The value of a field: the environment's, else the context's, else the
/// process's, else the default.
template <class T>
T effective(std::optional<T> Settings::*Field, const Settings *Context) {
  Coredump &C = coredump();
  if (C.Environment.*Field)
    return *(C.Environment.*Field);
  if (Context && Context->*Field)
    return *(Context->*Field);
  if (C.Global.*Field)
    return *(C.Global.*Field);
  return *(C.Defaults.*Field);
}

size_t sizeOf(CUcoredumpSettings Attribute) {
  switch (Attribute) {
  case CU_COREDUMP_ENABLE_ON_EXCEPTION:
  case CU_COREDUMP_TRIGGER_HOST:
  case CU_COREDUMP_LIGHTWEIGHT:
  case CU_COREDUMP_ENABLE_USER_TRIGGER:
    return sizeof(bool);
  case CU_COREDUMP_FILE:
  case CU_COREDUMP_PIPE:
    return MaxPath;
  case CU_COREDUMP_GENERATION_FLAGS:
    return sizeof(int);
  default:
    return 0;
  }
}

CUresult get(CUcoredumpSettings Attribute, void *Value, size_t *Size,
             const Settings *Context) {
  size_t Expected = sizeOf(Attribute);
  if (!Expected || !Size)
    return CUDA_ERROR_INVALID_VALUE;
  if (!Value) {
    *Size = Expected;
    return CUDA_SUCCESS;
  }
  unsigned Flags = effective(&Settings::Flags, Context);
  auto PutBool = [&](bool B) {
    if (*Size < sizeof(bool))
      return CUDA_ERROR_INVALID_VALUE;
    *static_cast<bool *>(Value) = B;
    *Size = sizeof(bool);
    return CUDA_SUCCESS;
  };
  auto PutText = [&](const std::string &S) {
    if (*Size < S.size() + 1)
      return CUDA_ERROR_INVALID_VALUE;
    std::memcpy(Value, S.c_str(), S.size() + 1);
    *Size = S.size() + 1;
    return CUDA_SUCCESS;
  };
  switch (Attribute) {
  case CU_COREDUMP_ENABLE_ON_EXCEPTION:
    return PutBool(effective(&Settings::OnException, Context));
  case CU_COREDUMP_TRIGGER_HOST:
    return PutBool(!(Flags & CU_COREDUMP_SKIP_ABORT));
  case CU_COREDUMP_LIGHTWEIGHT:
    return PutBool((Flags & CU_COREDUMP_LIGHTWEIGHT_FLAGS) ==
                   CU_COREDUMP_LIGHTWEIGHT_FLAGS);
  case CU_COREDUMP_ENABLE_USER_TRIGGER:
    return PutBool(effective(&Settings::UserTrigger, Context));
  case CU_COREDUMP_FILE:
    return PutText(effective(&Settings::File, Context));
  case CU_COREDUMP_PIPE:
    return PutText(effective(&Settings::Pipe, Context));
  case CU_COREDUMP_GENERATION_FLAGS:
    if (*Size < sizeof(int))
      return CUDA_ERROR_INVALID_VALUE;
    *static_cast<int *>(Value) = static_cast<int>(Flags);
    *Size = sizeof(int);
    return CUDA_SUCCESS;
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
}

CUresult set(CUcoredumpSettings Attribute, const void *Value, size_t *Size,
             Settings &Target, const Settings *Context) {
  size_t Expected = sizeOf(Attribute);
  if (!Expected || !Size)
    return CUDA_ERROR_INVALID_VALUE;
  if (!Value) {
    *Size = Expected;
    return CUDA_SUCCESS;
  }
  Coredump &C = coredump();
  bool IsText = Attribute == CU_COREDUMP_FILE || Attribute == CU_COREDUMP_PIPE;
  if (!IsText && *Size < Expected)
    return CUDA_ERROR_INVALID_VALUE;
  std::string Text;
  if (IsText) {
    size_t Length = strnlen(static_cast<const char *>(Value), *Size);
    if (Length == *Size || Length >= MaxPath || !Length)
      return CUDA_ERROR_INVALID_VALUE; // no NUL within size, or too long
    Text.assign(static_cast<const char *>(Value), Length);
  }
  bool B = !IsText && *static_cast<const bool *>(Value);
  unsigned Flags = Target.Flags ? *Target.Flags
                                : effective(&Settings::Flags, Context);
  switch (Attribute) {
  case CU_COREDUMP_ENABLE_ON_EXCEPTION:
    if (C.Environment.OnException)
      return CUDA_ERROR_NOT_PERMITTED;
    Target.OnException = B;
    return CUDA_SUCCESS;
  case CU_COREDUMP_ENABLE_USER_TRIGGER:
    if (C.Environment.UserTrigger)
      return CUDA_ERROR_NOT_PERMITTED;
    Target.UserTrigger = B;
    return CUDA_SUCCESS;
  case CU_COREDUMP_FILE:
    if (C.Environment.File)
      return CUDA_ERROR_NOT_PERMITTED;
    Target.File = Text;
    return CUDA_SUCCESS;
  case CU_COREDUMP_PIPE:
    // The pipe cannot change once user-triggered dumps are on.
    if (C.Environment.Pipe || effective(&Settings::UserTrigger, nullptr))
      return CUDA_ERROR_NOT_PERMITTED;
    Target.Pipe = Text;
    return CUDA_SUCCESS;
  case CU_COREDUMP_TRIGGER_HOST:
  case CU_COREDUMP_LIGHTWEIGHT:
  case CU_COREDUMP_GENERATION_FLAGS: {
    if (C.Environment.Flags)
      return CUDA_ERROR_NOT_PERMITTED;
    if (Attribute == CU_COREDUMP_TRIGGER_HOST)
      Flags = B ? Flags & ~unsigned(CU_COREDUMP_SKIP_ABORT)
                : Flags | CU_COREDUMP_SKIP_ABORT;
    else if (Attribute == CU_COREDUMP_LIGHTWEIGHT)
      Flags = B ? Flags | CU_COREDUMP_LIGHTWEIGHT_FLAGS
                : Flags & ~unsigned(CU_COREDUMP_LIGHTWEIGHT_FLAGS);
    else {
      int New = *static_cast<const int *>(Value);
      constexpr int Known = CU_COREDUMP_LIGHTWEIGHT_FLAGS |
                            CU_COREDUMP_SKIP_ABORT;
      if (New & ~Known)
        return CUDA_ERROR_INVALID_VALUE;
      Flags = static_cast<unsigned>(New);
    }
    Target.Flags = Flags;
    return CUDA_SUCCESS;
  }
  default:
    return CUDA_ERROR_INVALID_VALUE;
  }
}

/// The current context, after cuInit.
CUresult currentContext(CUcontext &Context) {
  rubicon::cudart::Backend *B = nullptr;
  if (CUresult Status = acquireBackend(B))
    return Status;
  Context = nullptr;
  if (CUresult Status = cuCtxGetCurrent(&Context))
    return Status;
  return Context ? CUDA_SUCCESS : CUDA_ERROR_INVALID_CONTEXT;
}

} // namespace

extern "C" {

CUresult cuCoredumpGetAttributeGlobal(CUcoredumpSettings Attribute,
                                      void *Value, size_t *Size) {
  std::lock_guard<std::mutex> Lock(coredump().Mutex);
  return get(Attribute, Value, Size, nullptr);
}

CUresult cuCoredumpSetAttributeGlobal(CUcoredumpSettings Attribute,
                                      void *Value, size_t *Size) {
  std::lock_guard<std::mutex> Lock(coredump().Mutex);
  return set(Attribute, Value, Size, coredump().Global, nullptr);
}

CUresult cuCoredumpGetAttribute(CUcoredumpSettings Attribute, void *Value,
                                size_t *Size) {
  CUcontext Context = nullptr;
  if (CUresult Status = currentContext(Context))
    return Status;
  Coredump &C = coredump();
  std::lock_guard<std::mutex> Lock(C.Mutex);
  auto It = C.Contexts.find(Context);
  return get(Attribute, Value, Size,
             It == C.Contexts.end() ? nullptr : &It->second);
}

CUresult cuCoredumpSetAttribute(CUcoredumpSettings Attribute, void *Value,
                                size_t *Size) {
  // User-triggered dumps and their pipe belong to the process.
  if (Attribute == CU_COREDUMP_ENABLE_USER_TRIGGER ||
      Attribute == CU_COREDUMP_PIPE)
    return CUDA_ERROR_NOT_PERMITTED;
  CUcontext Context = nullptr;
  if (CUresult Status = currentContext(Context))
    return Status;
  Coredump &C = coredump();
  std::lock_guard<std::mutex> Lock(C.Mutex);
  Settings &Target = C.Contexts[Context];
  return set(Attribute, Value, Size, Target, &Target);
}

} // extern "C"

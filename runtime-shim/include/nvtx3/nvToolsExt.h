/*===- nvtx3/nvToolsExt.h - NVTX annotations (no tool attached) -----------===*
 *
 * Part of Rubicon, a clean-room implementation of the CUDA toolkit interface
 * for AMD GPUs. Written from the public NVTX API documentation. The NVTX C
 * API is header-only; Rubicon attaches no profiling tool, so every call is
 * answered as NVTX answers when no tool is loaded: nothing is recorded, range
 * pushes and pops return NVTX_NO_PUSH_POP_TRACKING, range starts return 0,
 * domains and strings are null handles.
 *
 *===----------------------------------------------------------------------===*/
#ifndef RUBICON_NVTX3_NVTOOLSEXT_H
#define RUBICON_NVTX3_NVTOOLSEXT_H

#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

#define NVTX_VERSION 3
#define NVTX_SUCCESS 0
#define NVTX_FAIL 1
#define NVTX_ERR_INIT_LOAD_PROPERTY 2
#define NVTX_ERR_INIT_ACCESS_LIBRARY 3
#define NVTX_ERR_INIT_LOAD_LIBRARY 4
#define NVTX_ERR_INIT_MISSING_LIBRARY_ENTRY_POINT 5
#define NVTX_ERR_INIT_FAILED_LIBRARY_ENTRY_POINT 6
#define NVTX_ERR_NO_INJECTION_LIBRARY_AVAILABLE 7
#define NVTX_NO_PUSH_POP_TRACKING ((int)-2)

#define NVTX_EVENT_ATTRIB_STRUCT_SIZE ((uint16_t)(sizeof(nvtxEventAttributes_t)))

#if defined(__cplusplus)
extern "C" {
#endif

typedef uint64_t nvtxRangeId_t;
typedef struct nvtxDomainRegistration_st *nvtxDomainHandle_t;
typedef struct nvtxStringRegistration_st *nvtxStringHandle_t;
typedef struct nvtxResourceHandle *nvtxResourceHandle_t;

typedef enum nvtxColorType_t {
  NVTX_COLOR_UNKNOWN = 0,
  NVTX_COLOR_ARGB = 1
} nvtxColorType_t;

typedef enum nvtxMessageType_t {
  NVTX_MESSAGE_UNKNOWN = 0,
  NVTX_MESSAGE_TYPE_ASCII = 1,
  NVTX_MESSAGE_TYPE_UNICODE = 2,
  NVTX_MESSAGE_TYPE_REGISTERED = 3
} nvtxMessageType_t;

typedef union nvtxMessageValue_t {
  const char *ascii;
  const wchar_t *unicode;
  nvtxStringHandle_t registered;
} nvtxMessageValue_t;

typedef enum nvtxPayloadType_t {
  NVTX_PAYLOAD_UNKNOWN = 0,
  NVTX_PAYLOAD_TYPE_UNSIGNED_INT64 = 1,
  NVTX_PAYLOAD_TYPE_INT64 = 2,
  NVTX_PAYLOAD_TYPE_DOUBLE = 3,
  NVTX_PAYLOAD_TYPE_UNSIGNED_INT32 = 4,
  NVTX_PAYLOAD_TYPE_INT32 = 5,
  NVTX_PAYLOAD_TYPE_FLOAT = 6
} nvtxPayloadType_t;

typedef struct nvtxEventAttributes_v2 {
  uint16_t version;
  uint16_t size;
  uint32_t category;
  int32_t colorType;
  uint32_t color;
  int32_t payloadType;
  int32_t reserved0;
  union payload_t {
    uint64_t ullValue;
    int64_t llValue;
    double dValue;
    uint32_t uiValue;
    int32_t iValue;
    float fValue;
  } payload;
  int32_t messageType;
  nvtxMessageValue_t message;
} nvtxEventAttributes_v2;
typedef struct nvtxEventAttributes_v2 nvtxEventAttributes_t;

#define __RUBICON_NVTX_FN static __inline__

__RUBICON_NVTX_FN int nvtxInitialize(const void *reserved) {
  (void)reserved;
  return NVTX_SUCCESS;
}

/* Markers and ranges. */
__RUBICON_NVTX_FN void nvtxMarkEx(const nvtxEventAttributes_t *a) { (void)a; }
__RUBICON_NVTX_FN void nvtxMarkA(const char *m) { (void)m; }
__RUBICON_NVTX_FN void nvtxMarkW(const wchar_t *m) { (void)m; }
__RUBICON_NVTX_FN nvtxRangeId_t nvtxRangeStartEx(const nvtxEventAttributes_t *a) {
  (void)a;
  return 0;
}
__RUBICON_NVTX_FN nvtxRangeId_t nvtxRangeStartA(const char *m) {
  (void)m;
  return 0;
}
__RUBICON_NVTX_FN nvtxRangeId_t nvtxRangeStartW(const wchar_t *m) {
  (void)m;
  return 0;
}
__RUBICON_NVTX_FN void nvtxRangeEnd(nvtxRangeId_t id) { (void)id; }
__RUBICON_NVTX_FN int nvtxRangePushEx(const nvtxEventAttributes_t *a) {
  (void)a;
  return NVTX_NO_PUSH_POP_TRACKING;
}
__RUBICON_NVTX_FN int nvtxRangePushA(const char *m) {
  (void)m;
  return NVTX_NO_PUSH_POP_TRACKING;
}
__RUBICON_NVTX_FN int nvtxRangePushW(const wchar_t *m) {
  (void)m;
  return NVTX_NO_PUSH_POP_TRACKING;
}
__RUBICON_NVTX_FN int nvtxRangePop(void) { return NVTX_NO_PUSH_POP_TRACKING; }

/* Names of categories and OS threads. */
__RUBICON_NVTX_FN void nvtxNameCategoryA(uint32_t c, const char *n) {
  (void)c;
  (void)n;
}
__RUBICON_NVTX_FN void nvtxNameCategoryW(uint32_t c, const wchar_t *n) {
  (void)c;
  (void)n;
}
__RUBICON_NVTX_FN void nvtxNameOsThreadA(uint32_t t, const char *n) {
  (void)t;
  (void)n;
}
__RUBICON_NVTX_FN void nvtxNameOsThreadW(uint32_t t, const wchar_t *n) {
  (void)t;
  (void)n;
}

/* Domains and registered strings. */
__RUBICON_NVTX_FN nvtxDomainHandle_t nvtxDomainCreateA(const char *n) {
  (void)n;
  return 0;
}
__RUBICON_NVTX_FN nvtxDomainHandle_t nvtxDomainCreateW(const wchar_t *n) {
  (void)n;
  return 0;
}
__RUBICON_NVTX_FN void nvtxDomainDestroy(nvtxDomainHandle_t d) { (void)d; }
__RUBICON_NVTX_FN nvtxStringHandle_t
nvtxDomainRegisterStringA(nvtxDomainHandle_t d, const char *s) {
  (void)d;
  (void)s;
  return 0;
}
__RUBICON_NVTX_FN nvtxStringHandle_t
nvtxDomainRegisterStringW(nvtxDomainHandle_t d, const wchar_t *s) {
  (void)d;
  (void)s;
  return 0;
}
__RUBICON_NVTX_FN void nvtxDomainMarkEx(nvtxDomainHandle_t d,
                                        const nvtxEventAttributes_t *a) {
  (void)d;
  (void)a;
}
__RUBICON_NVTX_FN nvtxRangeId_t
nvtxDomainRangeStartEx(nvtxDomainHandle_t d, const nvtxEventAttributes_t *a) {
  (void)d;
  (void)a;
  return 0;
}
__RUBICON_NVTX_FN void nvtxDomainRangeEnd(nvtxDomainHandle_t d,
                                          nvtxRangeId_t id) {
  (void)d;
  (void)id;
}
__RUBICON_NVTX_FN int nvtxDomainRangePushEx(nvtxDomainHandle_t d,
                                            const nvtxEventAttributes_t *a) {
  (void)d;
  (void)a;
  return NVTX_NO_PUSH_POP_TRACKING;
}
__RUBICON_NVTX_FN int nvtxDomainRangePop(nvtxDomainHandle_t d) {
  (void)d;
  return NVTX_NO_PUSH_POP_TRACKING;
}
__RUBICON_NVTX_FN void nvtxDomainNameCategoryA(nvtxDomainHandle_t d,
                                               uint32_t c, const char *n) {
  (void)d;
  (void)c;
  (void)n;
}
__RUBICON_NVTX_FN void nvtxDomainNameCategoryW(nvtxDomainHandle_t d,
                                               uint32_t c, const wchar_t *n) {
  (void)d;
  (void)c;
  (void)n;
}

#undef __RUBICON_NVTX_FN

#if defined(__cplusplus)
} /* extern "C" */
#endif

#endif /* RUBICON_NVTX3_NVTOOLSEXT_H */

// createpolicy.fractional and createpolicy.range give the 64-bit L2 cache
// policy descriptor that libcu++ encodes on the host for the same request
// (cuda::access_property converted to uint64_t), which libcu++'s
// annotated_ptr.createpolicy test compares with the instruction's result in
// a kernel. The expected values here are computed from the descriptor's
// layout (ptx-inline/lib/PTXCachePolicyIR.cpp), on the host.
// RUN: nvcc -c %s -o %t.o
// RUN: nvcc --amdgpu-arch=host %s -o %t && %t | FileCheck %s --implicit-check-not=mismatch
// RUN: not nvcc --amdgpu-arch=host -c -DBAD_SECONDARY %s -o %t-bad.o 2>&1 | FileCheck %s --check-prefix=BAD
// CHECK: fractional: 64 of 64 match
// CHECK: range: [[N:[0-9]+]] of [[N]] match
// CHECK: examples: 0x1470000000000000 0x1e00002000000000 0x1f70240000000000
// BAD: createpolicy.cu:{{[0-9]+}}:7: error: inline PTX: the secondary priority must be '.L2::evict_first' or '.L2::evict_unchanged'
#include <cfloat>
#include <cstdint>
#include <cstdio>

// Priorities: evict_unchanged 0, evict_first 1, evict_last 2, evict_normal 3.
#define FRACTION(P, Q)                                                         \
  asm("createpolicy.fractional.L2::" P Q ".b64 %0, %1;" : "=l"(r) : "f"(f))
#define RANGE(P, Q)                                                            \
  asm("createpolicy.range.global.L2::" P Q ".b64 %0, [%1], %2, %3;"            \
      : "=l"(r)                                                                \
      : "l"(a), "r"(primary), "r"(total))

__device__ uint64_t fraction(int p, int s, float f) {
  uint64_t r = 0;
  switch (p * 2 + s) {
  case 0: FRACTION("evict_unchanged", ""); break;
  case 1: FRACTION("evict_unchanged", ".L2::evict_first"); break;
  case 2: FRACTION("evict_first", ""); break;
  case 3: FRACTION("evict_first", ".L2::evict_first"); break;
  case 4: FRACTION("evict_last", ""); break;
  case 5: FRACTION("evict_last", ".L2::evict_first"); break;
  case 6: FRACTION("evict_normal", ".L2::evict_unchanged"); break;
  default: FRACTION("evict_normal", ".L2::evict_first"); break;
  }
  return r;
}

__device__ uint64_t range(int p, int s, uint64_t a, unsigned primary,
                          unsigned total) {
  uint64_t r = 0;
  switch (p * 2 + s) {
  case 0: RANGE("evict_unchanged", ""); break;
  case 1: RANGE("evict_unchanged", ".L2::evict_first"); break;
  case 2: RANGE("evict_first", ""); break;
  case 3: RANGE("evict_first", ".L2::evict_first"); break;
  case 4: RANGE("evict_last", ""); break;
  case 5: RANGE("evict_last", ".L2::evict_first"); break;
  case 6: RANGE("evict_normal", ""); break;
  default: RANGE("evict_normal", ".L2::evict_first"); break;
  }
#ifdef BAD_SECONDARY
  asm("createpolicy.fractional.L2::evict_first.L2::evict_last.b64 %0;"
      : "=l"(r));
#endif
  return r;
}

struct Case {
  int p, s;
  float f;
  uint64_t a;
  unsigned primary, total;
  uint64_t got;
};

__global__ void run(Case *cases, int n, bool ranges) {
  for (int i = 0; i < n; ++i) {
    Case &c = cases[i];
    c.got = ranges ? range(c.p, c.s, c.a, c.primary, c.total)
                   : fraction(c.p, c.s, c.f);
  }
}

uint64_t fixed(int mode, int p, int s) {
  return uint64_t(mode) << 59 | uint64_t(p) << 57 | uint64_t(s) << 56;
}

uint64_t expectedFraction(const Case &c) {
  auto sixteenths = (uint32_t)((c.f - FLT_EPSILON) * 16.0f);
  return fixed(2, c.p, c.s) | uint64_t(sixteenths) << 52;
}

uint64_t expectedRange(const Case &c) {
  unsigned log2Total = 0;
  while ((1ull << log2Total) < c.total)
    ++log2Total;
  unsigned sizeEnum = log2Total > 19 ? log2Total - 19 : 0;
  unsigned log2Block = 12 + sizeEnum;
  uint64_t block = 1ull << log2Block;
  auto start = (uint32_t)(c.a >> log2Block);
  auto end = (uint32_t)((c.a + c.primary + block - 1) >> log2Block);
  uint32_t count = end - start < 1 ? 1 : end - start > 127 ? 127 : end - start;
  return fixed(3, c.p, c.s) | uint64_t(count) << 37 | uint64_t(start) << 44 |
         uint64_t(sizeEnum) << 52;
}

int check(const char *what, Case *cases, int n, bool ranges) {
  run<<<1, 1>>>(cases, n, ranges);
  cudaDeviceSynchronize();
  int good = 0;
  for (int i = 0; i < n; ++i) {
    uint64_t want = ranges ? expectedRange(cases[i]) : expectedFraction(cases[i]);
    if (cases[i].got == want)
      ++good;
    else
      printf("%s mismatch %d: 0x%llx, expected 0x%llx\n", what, i,
             (unsigned long long)cases[i].got, (unsigned long long)want);
  }
  printf("%s: %d of %d match\n", what, good, n);
  return good;
}

int main() {
  Case *cases;
  cudaMallocManaged(&cases, 4096 * sizeof(Case));
  int n = 0;
  for (int p = 0; p < 4; ++p)
    for (int s = 0; s < 2; ++s)
      for (int i = 1; i <= 16; i += 2)
        cases[n++] = Case{p, s, i / 16.0f};
  check("fractional", cases, n, false);

  n = 0;
  const uint64_t addresses[] = {4, 0x7f0012345678, 0x200000000};
  for (int p = 0; p < 4; ++p)
    for (uint64_t a : addresses)
      for (unsigned i = 0; i <= 31; i += 3)
        for (unsigned j = 0; j <= i; j += 2)
          cases[n++] = Case{p, p & 1, 0, a, 1u << j, 1u << i};
  cases[n++] = Case{3, 1, 0, 0x1000, 5000, 0xffffffffu};
  check("range", cases, n, true);

  // Three descriptors written out: 0.5 evict_last; 1 byte of 1 at address
  // 4 evict_normal (libcu++'s test's first case); 16 MiB of 64 MiB at
  // 1 MiB, evict_normal with evict_first outside (blocks of 512 KiB: 32 of
  // them from block 2).
  cases[0] = Case{2, 0, 0.5f};
  run<<<1, 1>>>(cases, 1, false);
  cases[1] = Case{3, 0, 0, 4, 1, 1};
  cases[2] = Case{3, 1, 0, 0x100000, 16u << 20, 64u << 20};
  run<<<1, 1>>>(cases + 1, 2, true);
  cudaDeviceSynchronize();
  printf("examples: 0x%016llx 0x%016llx 0x%016llx\n",
         (unsigned long long)cases[0].got, (unsigned long long)cases[1].got,
         (unsigned long long)cases[2].got);
  return 0;
}

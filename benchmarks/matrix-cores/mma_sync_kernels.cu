// The PTX mma.sync kernels benchmarks/matrix-cores/count.py compiles: for
// each shape and type with a matrix path on gfx9, one and five products per
// warp into one accumulator, each product with its own A and B registers
// loaded from global memory (lane l: words l*8.., as a program's ldmatrix or
// loads would leave them), C and D in registers between the products.

#define KERNELS(Name, Instr, AR, BR)                                   \
  extern "C" __global__ void one_##Name(const unsigned *in, unsigned *out) {  \
    products<1>(in, out, [](unsigned *d, const unsigned *a,           \
                                    const unsigned *b) {                       \
      asm volatile(Instr " {%0, %1, %2, %3}, " AR ", " BR                     \
                         ", {%0, %1, %2, %3};"                                 \
                   : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3])            \
                   : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),    \
                     "r"(b[1]));                                               \
    });                                                                        \
  }                                                                            \
  extern "C" __global__ void five_##Name(const unsigned *in, unsigned *out) { \
    products<5>(in, out, [](unsigned *d, const unsigned *a,           \
                                    const unsigned *b) {                       \
      asm volatile(Instr " {%0, %1, %2, %3}, " AR ", " BR                     \
                         ", {%0, %1, %2, %3};"                                 \
                   : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3])            \
                   : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),    \
                     "r"(b[1]));                                               \
    });                                                                        \
  }

template <int Products, typename F>
__device__ void products(const unsigned *in, unsigned *out, F mma) {
  unsigned lane = threadIdx.x % warpSize;
  unsigned d[4] = {0, 0, 0, 0};
#pragma unroll
  for (int p = 0; p < Products; ++p) {
    const unsigned *w = in + (p * warpSize + lane) * 8;
    // Registers the instruction does not name (NA = 2, NB = 1) are dead.
    unsigned a[4] = {w[0], w[1], w[2], w[3]}, b[2] = {w[4], w[5]};
    mma(d, a, b);
  }
  for (int i = 0; i < 4; ++i)
    out[lane * 4 + i] = d[i];
}

#define A4 "{%4, %5, %6, %7}"
#define A2 "{%4, %5}"
KERNELS(f16_m16n8k16, "mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32", A4, "{%8, %9}")
KERNELS(bf16_m16n8k16, "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32", A4, "{%8, %9}")
KERNELS(f16_m16n8k8, "mma.sync.aligned.m16n8k8.row.col.f32.f16.f16.f32", A2, "{%8}")
KERNELS(tf32_m16n8k8, "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32", A4, "{%8, %9}")
KERNELS(tf32_m16n8k4, "mma.sync.aligned.m16n8k4.row.col.f32.tf32.tf32.f32", A2, "{%8}")
KERNELS(s8_m16n8k32, "mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32", A4, "{%8, %9}")
KERNELS(s8_m16n8k16, "mma.sync.aligned.m16n8k16.row.col.s32.s8.s8.s32", A2, "{%8}")
KERNELS(u8_m16n8k32, "mma.sync.aligned.m16n8k32.row.col.s32.u8.u8.s32", A4, "{%8, %9}")
KERNELS(u8_m16n8k16, "mma.sync.aligned.m16n8k16.row.col.s32.u8.u8.s32", A2, "{%8}")
KERNELS(u8s8_m16n8k32, "mma.sync.aligned.m16n8k32.row.col.s32.u8.s8.s32", A4, "{%8, %9}")

// f64 m8n8k4: one double of A and B per lane, two of C and D.
template <int Products>
__device__ void f64Products(const double *in, double *out) {
  unsigned lane = threadIdx.x % warpSize;
  double d0 = 0, d1 = 0;
#pragma unroll
  for (int p = 0; p < Products; ++p) {
    const double *w = in + (p * warpSize + lane) * 2;
    asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 "
                 "{%0, %1}, {%2}, {%3}, {%0, %1};"
                 : "+d"(d0), "+d"(d1)
                 : "d"(w[0]), "d"(w[1]));
  }
  out[lane * 2] = d0;
  out[lane * 2 + 1] = d1;
}
extern "C" __global__ void one_f64_m8n8k4(const double *in, double *out) {
  f64Products<1>(in, out);
}
extern "C" __global__ void five_f64_m8n8k4(const double *in, double *out) {
  f64Products<5>(in, out);
}

// A GEMM's k-loop form: A (ldmatrix.x4) and B (ldmatrix.x2.trans) from
// shared memory, one and five m16n8k16 f16 products chained into one
// accumulator. Both kernels fill the same five tiles (the same code), so
// the difference is the products.
template <int Products>
__device__ void ldmatrixProducts(const unsigned *in, unsigned *out) {
  constexpr int Tile = 16 * 16 + 16 * 8; // A 16x16, then B 16x8 (k-major)
  __shared__ unsigned short tiles[5 * Tile];
  unsigned lane = threadIdx.x % warpSize;
#pragma unroll 1
  for (int i = lane; i < 5 * Tile; i += warpSize)
    tiles[i] = (unsigned short)in[i];
  __syncwarp();
  unsigned d[4] = {0, 0, 0, 0};
  unsigned rowA = lane % 8 + 8 * ((lane / 8) % 2), colA = 8 * (lane / 16);
#pragma unroll
  for (int p = 0; p < Products; ++p) {
    unsigned a[4], b[2];
    unsigned addrA = unsigned(
        __cvta_generic_to_shared(&tiles[p * Tile + rowA * 16 + colA]));
    unsigned addrB = unsigned(__cvta_generic_to_shared(
        &tiles[p * Tile + 256 + (lane % 16) * 8]));
    asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 "
                 "{%0, %1, %2, %3}, [%4];"
                 : "=r"(a[0]), "=r"(a[1]), "=r"(a[2]), "=r"(a[3])
                 : "r"(addrA));
    asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 "
                 "{%0, %1}, [%2];"
                 : "=r"(b[0]), "=r"(b[1])
                 : "r"(addrB));
    asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 "
                 "{%0, %1, %2, %3}, {%4, %5, %6, %7}, {%8, %9}, "
                 "{%0, %1, %2, %3};"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]),
                   "r"(b[1]));
  }
  for (int i = 0; i < 4; ++i)
    out[lane * 4 + i] = d[i];
}
extern "C" __global__ void one_ldmatrix_f16_m16n8k16(const unsigned *in,
                                                     unsigned *out) {
  ldmatrixProducts<1>(in, out);
}
extern "C" __global__ void five_ldmatrix_f16_m16n8k16(const unsigned *in,
                                                      unsigned *out) {
  ldmatrixProducts<5>(in, out);
}

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

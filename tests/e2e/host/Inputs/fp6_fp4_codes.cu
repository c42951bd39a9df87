// Prints, on the host, what cuda_fp6.h and cuda_fp4.h give for boundary
// inputs (ties, neighbours of ties, the largest values, infinities, NaNs,
// zeros, subnormals) in both documented rounding modes, every code decoded,
// and the classes and packed forms: fp6-fp4-nvidia.test compares Rubicon's
// output with NVIDIA's toolkit's.
#include <cuda_fp4.h>
#include <cuda_fp6.h>
#include <cmath>
#include <cstdio>

int main() {
  const double in[] = {0.0, -0.0, INFINITY, -INFINITY, NAN, -NAN, 1e-300, 7.5, 7.75,
                       7.76, 8.0, 28.0, 29.9, 30.0, 30.1, 32.0, 6.0, 5.0, 5.01, 0.0625,
                       0.03125, 0.0312, 0.0313, 0.09375, 0.1875, 0.25, 0.75, 1.25,
                       2.5, 3.5, 4.5, -4.5, -0.26, 100.0, -100.0, 0.124, 0.126};
  const cudaRoundMode modes[] = {cudaRoundNearest, cudaRoundZero};
  for (double d : in) {
    printf("%a:", d);
    for (cudaRoundMode m : modes) {
      float f = (float)d;
      printf(" %02x %02x %02x %02x %02x %02x", __nv_cvt_double_to_fp6(d, __NV_E2M3, m),
             __nv_cvt_float_to_fp6(f, __NV_E3M2, m),
             __nv_cvt_halfraw_to_fp6(__half_raw(__double2half(d)), __NV_E2M3, m),
             __nv_cvt_bfloat16raw_to_fp6(__nv_bfloat16_raw(__double2bfloat16(d)), __NV_E3M2, m),
             __nv_cvt_double_to_fp4(d, __NV_E2M1, m), __nv_cvt_float_to_fp4(f, __NV_E2M1, m));
    }
    printf(" | %02x %02x %02x\n", __nv_fp6_e2m3(d).__x, __nv_fp6_e3m2((float)d).__x,
           __nv_fp4_e2m1(__double2half(d)).__x);
  }
  for (int c = 0; c < 64; ++c) {
    __nv_fp6_e2m3 a;
    a.__x = c;
    __nv_fp6_e3m2 b;
    b.__x = c;
    __nv_fp4_e2m1 e;
    e.__x = c & 0xf;
    printf("%02x: %04x %04x %04x %g %g %g %d %d %d %d %d %d %04x\n", c,
           __nv_cvt_fp6_to_halfraw(c, __NV_E2M3).x, __nv_cvt_fp6_to_halfraw(c, __NV_E3M2).x,
           __nv_cvt_fp4_to_halfraw(c & 0xf, __NV_E2M1).x, float(a), double(b), float(e),
           int(a), int(b), int(e), (int)(bool)a, (int)(bool)b, (int)(bool)e,
           __nv_bfloat16_raw(__nv_bfloat16(b)).x);
  }
  printf("%04x %04x %08x %08x %02x %02x %04x %04x\n",
         __nv_cvt_float2_to_fp6x2(make_float2(1.0f, -2.5f), __NV_E2M3, cudaRoundNearest),
         __nv_cvt_double2_to_fp6x2(make_double2(0.3, 27.0), __NV_E3M2, cudaRoundZero),
         __nv_fp6x4_e2m3(make_float4(1, 2, 3, 4)).__x,
         __nv_fp6x4_e3m2(__floats2half2_rn(0.5f, 9.0f), __floats2half2_rn(-3.0f, 40.0f)).__x,
         __nv_cvt_float2_to_fp4x2(make_float2(1.0f, -2.5f), __NV_E2M1, cudaRoundNearest),
         __nv_fp4x2_e2m1(make_double2(0.75, 5.0)).__x,
         __nv_fp4x4_e2m1(make_float4(1, 2, 3, 4)).__x,
         __nv_fp4x4_e2m1(__floats2half2_rn(-0.5f, 6.0f), __floats2half2_rn(100.0f, 0.25f)).__x);
  float2 f2 = float2(__nv_fp6x2_e3m2(make_float2(-28.0f, 0.0625f)));
  float4 f4 = float4(__nv_fp4x4_e2m1(make_float4(0.5f, -1.5f, 3.0f, -6.0f)));
  __half2 h2 = __half2(__nv_fp4x2_e2m1(make_float2(1.5f, -4.0f)));
  printf("%g %g %g %g %g %g %g %g\n", f2.x, f2.y, f4.x, f4.y, f4.z, f4.w,
         __low2float(h2), __high2float(h2));
}

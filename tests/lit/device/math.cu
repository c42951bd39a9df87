// Device math calls AMD's ocml; the host side keeps calling libm. <cmath>
// included after the CUDA headers must not take over the float overloads.
// RUN: %cuda_device_ir %s | FileCheck %s --check-prefix=DEVICE
// RUN: %cuda_host_ir %s | FileCheck %s --check-prefix=HOST
#include <cmath>

// DEVICE-LABEL: define {{.*}}@_Z6singlePf(
// DEVICE-DAG: call {{.*}}float @__ocml_sin_f32(
// DEVICE-DAG: call {{.*}}float @__ocml_cos_f32(
// DEVICE-DAG: call {{.*}}float @__ocml_exp_f32(
// DEVICE-DAG: call {{.*}}float @__ocml_log2_f32(
// DEVICE-DAG: call {{.*}}float @__ocml_pow_f32(
// DEVICE-DAG: call {{.*}}float @__ocml_rsqrt_f32(
// DEVICE-DAG: call {{.*}}float @__ocml_erf_f32(
// DEVICE-DAG: call {{.*}}float @__ocml_tanh_f32(
// DEVICE-DAG: call {{.*}}float @__ocml_hypot_f32(
// DEVICE-DAG: call {{.*}}float @__ocml_cbrt_f32(
// DEVICE-DAG: call {{.*}}float @__ocml_fmod_f32(
// DEVICE-DAG: call {{.*}}float @__ocml_sqrt_f32(
// DEVICE-DAG: call {{.*}}float @__ocml_floor_f32(
// DEVICE-DAG: call {{.*}}float @__ocml_ncdf_f32(
// DEVICE-NOT: @sinf
// DEVICE: ret void
__global__ void single(float *x) {
  x[0] = sinf(x[0]);
  x[1] = cosf(x[1]);
  x[2] = expf(x[2]);
  x[3] = log2f(x[3]);
  x[4] = powf(x[4], x[5]);
  x[5] = rsqrtf(x[5]);
  x[6] = erff(x[6]);
  x[7] = std::tanh(x[7]);
  x[8] = hypotf(x[8], x[9]);
  x[9] = cbrtf(x[9]);
  x[10] = fmodf(x[10], 2.0f);
  x[11] = std::sqrt(x[11]);
  x[12] = floorf(x[12]);
  x[13] = normcdff(x[13]);
}

// std:: forms and the float overloads of the double names stay in single
// precision; the double functions call the _f64 versions.
// DEVICE-LABEL: define {{.*}}@_Z9overloadsPfPd(
// DEVICE-DAG: call {{.*}}float @__ocml_sin_f32(
// DEVICE-DAG: call {{.*}}float @__ocml_exp2_f32(
// DEVICE-DAG: call {{.*}}double @__ocml_sin_f64(
// DEVICE-DAG: call {{.*}}double @__ocml_atan2_f64(
// DEVICE-DAG: call {{.*}}double @__ocml_fma_f64(
// DEVICE-DAG: call {{.*}}i32 @__ocml_ilogb_f64(
// DEVICE-DAG: call {{.*}}double @__ocml_ldexp_f64(double {{.*}}, i32 {{.*}}3)
// DEVICE: ret void
__global__ void overloads(float *f, double *d) {
  f[0] = std::sin(f[0]) + sin(f[1]);
  f[1] = std::exp2(f[1]);
  d[0] = sin(d[0]);
  d[1] = std::atan2(d[1], d[2]);
  d[2] = fma(d[2], d[3], d[4]);
  d[3] = ilogb(d[3]);
  d[4] = ldexp(d[4], 3);
}

// Results through pointers go through the device library's wrappers.
// DEVICE-LABEL: define {{.*}}@_Z8pointersPfPi(
// DEVICE: call void @__rubicon_math_sincos_f32(float {{.*}}, ptr {{.*}}, ptr {{.*}})
// DEVICE: call {{.*}}float @__rubicon_math_frexp_f32(float {{.*}}, ptr {{.*}})
// DEVICE: call {{.*}}float @__rubicon_math_modf_f32(
__global__ void pointers(float *f, int *e) {
  sincosf(f[0], &f[1], &f[2]);
  f[3] = frexpf(f[3], e);
  f[4] = modff(f[4], &f[5]);
}

// HOST-LABEL: define {{.*}}@_Z4hostf(
// HOST: call {{.*}}float @sinf(
// HOST-NOT: __ocml
// HOST: ret float
float host(float x) { return sinf(x); }

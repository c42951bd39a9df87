// libdevice.10.bc: the __nv_* functions of NVIDIA's libdevice (libdevice
// User's Guide, "Function Reference"), which NVVM IR programs call and add
// with nvvmLazyAddModuleToProgram. Rubicon's are CUDA's own device
// functions compiled by Rubicon's nvcc to NVVM bitcode (-rdc=true): sinf is
// __nv_sinf, and so on. Their bodies call Rubicon's device library (ocml's
// math), linked for each target when the program is compiled.
// docs/cuda-libraries.md, "libNVVM".

#define NV_EXPORT extern "C" __device__

// Unary functions: __nv_<name>f (float) and __nv_<name> (double).
#define NV_UNARY(name)                                                         \
  NV_EXPORT float __nv_##name##f(float x) { return ::name##f(x); }            \
  NV_EXPORT double __nv_##name(double x) { return ::name(x); }
#define NV_BINARY(name)                                                        \
  NV_EXPORT float __nv_##name##f(float x, float y) { return ::name##f(x, y); } \
  NV_EXPORT double __nv_##name(double x, double y) { return ::name(x, y); }

NV_UNARY(sin)
NV_UNARY(cos)
NV_UNARY(tan)
NV_UNARY(asin)
NV_UNARY(acos)
NV_UNARY(atan)
NV_UNARY(sinh)
NV_UNARY(cosh)
NV_UNARY(tanh)
NV_UNARY(asinh)
NV_UNARY(acosh)
NV_UNARY(atanh)
NV_UNARY(sinpi)
NV_UNARY(cospi)
NV_UNARY(exp)
NV_UNARY(exp2)
NV_UNARY(exp10)
NV_UNARY(expm1)
NV_UNARY(log)
NV_UNARY(log2)
NV_UNARY(log10)
NV_UNARY(log1p)
NV_UNARY(logb)
NV_UNARY(sqrt)
NV_UNARY(rsqrt)
NV_UNARY(cbrt)
NV_UNARY(rcbrt)
NV_UNARY(erf)
NV_UNARY(erfc)
NV_UNARY(erfinv)
NV_UNARY(erfcinv)
NV_UNARY(erfcx)
NV_UNARY(normcdf)
NV_UNARY(normcdfinv)
NV_UNARY(lgamma)
NV_UNARY(tgamma)
NV_UNARY(j0)
NV_UNARY(j1)
NV_UNARY(y0)
NV_UNARY(y1)
NV_UNARY(floor)
NV_UNARY(ceil)
NV_UNARY(trunc)
NV_UNARY(round)
NV_UNARY(rint)
NV_UNARY(nearbyint)
NV_UNARY(fabs)
NV_BINARY(pow)
NV_BINARY(atan2)
NV_BINARY(fmod)
NV_BINARY(remainder)
NV_BINARY(fmin)
NV_BINARY(fmax)
NV_BINARY(hypot)
NV_BINARY(copysign)
NV_BINARY(fdim)
NV_BINARY(nextafter)

NV_EXPORT float __nv_fmaf(float x, float y, float z) { return fmaf(x, y, z); }
NV_EXPORT double __nv_fma(double x, double y, double z) { return fma(x, y, z); }
NV_EXPORT float __nv_powif(float x, int y) { return powf(x, (float)y); }
NV_EXPORT double __nv_powi(double x, int y) { return pow(x, (double)y); }
NV_EXPORT float __nv_ldexpf(float x, int e) { return ldexpf(x, e); }
NV_EXPORT double __nv_ldexp(double x, int e) { return ldexp(x, e); }
NV_EXPORT float __nv_frexpf(float x, int *e) { return frexpf(x, e); }
NV_EXPORT double __nv_frexp(double x, int *e) { return frexp(x, e); }
NV_EXPORT int __nv_ilogbf(float x) { return ilogbf(x); }
NV_EXPORT int __nv_ilogb(double x) { return ilogb(x); }
NV_EXPORT void __nv_sincosf(float x, float *s, float *c) { sincosf(x, s, c); }
NV_EXPORT void __nv_sincos(double x, double *s, double *c) { sincos(x, s, c); }
NV_EXPORT int __nv_isnanf(float x) { return isnan(x); }
NV_EXPORT int __nv_isnand(double x) { return isnan(x); }
NV_EXPORT int __nv_isinff(float x) { return isinf(x); }
NV_EXPORT int __nv_isinfd(double x) { return isinf(x); }
NV_EXPORT int __nv_finitef(float x) { return isfinite(x); }
NV_EXPORT int __nv_isfinited(double x) { return isfinite(x); }
NV_EXPORT int __nv_signbitf(float x) { return signbit(x); }
NV_EXPORT int __nv_signbitd(double x) { return signbit(x); }

// The fast approximations (CUDA's intrinsics).
NV_EXPORT float __nv_fast_sinf(float x) { return __sinf(x); }
NV_EXPORT float __nv_fast_cosf(float x) { return __cosf(x); }
NV_EXPORT float __nv_fast_tanf(float x) { return __tanf(x); }
NV_EXPORT float __nv_fast_expf(float x) { return __expf(x); }
NV_EXPORT float __nv_fast_exp10f(float x) { return __exp10f(x); }
NV_EXPORT float __nv_fast_logf(float x) { return __logf(x); }
NV_EXPORT float __nv_fast_log2f(float x) { return __log2f(x); }
NV_EXPORT float __nv_fast_log10f(float x) { return __log10f(x); }
NV_EXPORT float __nv_fast_powf(float x, float y) { return __powf(x, y); }
NV_EXPORT float __nv_fdividef(float x, float y) { return __fdividef(x, y); }
NV_EXPORT float __nv_saturatef(float x) { return __saturatef(x); }

// Integer functions.
NV_EXPORT int __nv_popc(unsigned x) { return __popc(x); }
NV_EXPORT int __nv_popcll(unsigned long long x) { return __popcll(x); }
NV_EXPORT int __nv_clz(int x) { return __clz(x); }
NV_EXPORT int __nv_clzll(long long x) { return __clzll(x); }
NV_EXPORT int __nv_ffs(int x) { return __ffs(x); }
NV_EXPORT int __nv_ffsll(long long x) { return __ffsll(x); }
NV_EXPORT unsigned __nv_brev(unsigned x) { return __brev(x); }
NV_EXPORT unsigned long long __nv_brevll(unsigned long long x) { return __brevll(x); }
NV_EXPORT int __nv_mulhi(int x, int y) { return __mulhi(x, y); }
NV_EXPORT unsigned __nv_umulhi(unsigned x, unsigned y) { return __umulhi(x, y); }
NV_EXPORT long long __nv_mul64hi(long long x, long long y) { return __mul64hi(x, y); }
NV_EXPORT unsigned long long __nv_umul64hi(unsigned long long x, unsigned long long y) {
  return __umul64hi(x, y);
}
NV_EXPORT int __nv_abs(int x) { return abs(x); }
NV_EXPORT long long __nv_llabs(long long x) { return llabs(x); }
NV_EXPORT int __nv_min(int x, int y) { return min(x, y); }
NV_EXPORT int __nv_max(int x, int y) { return max(x, y); }
NV_EXPORT unsigned __nv_umin(unsigned x, unsigned y) { return min(x, y); }
NV_EXPORT unsigned __nv_umax(unsigned x, unsigned y) { return max(x, y); }
NV_EXPORT long long __nv_llmin(long long x, long long y) { return min(x, y); }
NV_EXPORT long long __nv_llmax(long long x, long long y) { return max(x, y); }
NV_EXPORT unsigned long long __nv_ullmin(unsigned long long x, unsigned long long y) {
  return min(x, y);
}
NV_EXPORT unsigned long long __nv_ullmax(unsigned long long x, unsigned long long y) {
  return max(x, y);
}
NV_EXPORT unsigned __nv_byte_perm(unsigned x, unsigned y, unsigned s) {
  return __byte_perm(x, y, s);
}
NV_EXPORT int __nv_hadd(int x, int y) { return __hadd(x, y); }
NV_EXPORT int __nv_rhadd(int x, int y) { return __rhadd(x, y); }
NV_EXPORT unsigned __nv_uhadd(unsigned x, unsigned y) { return __uhadd(x, y); }
NV_EXPORT unsigned __nv_urhadd(unsigned x, unsigned y) { return __urhadd(x, y); }
NV_EXPORT unsigned __nv_sad(int x, int y, unsigned z) { return __sad(x, y, z); }
NV_EXPORT unsigned __nv_usad(unsigned x, unsigned y, unsigned z) { return __usad(x, y, z); }

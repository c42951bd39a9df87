// nvcc's built-in type traits for its extended lambdas: a clang lambda is
// never such a closure type, on either side (libcu++'s cuda::launch asks
// __nv_is_extended_device_lambda_closure_type on the host).
// RUN: nvcc -c %s -o %t.o
// RUN: nvcc --amdgpu-arch=host -c %s -o %t-host.o
inline auto device_lambda = [] __device__(int *p) { *p = 1; };
using Closure = decltype(device_lambda);
static_assert(!__nv_is_extended_device_lambda_closure_type(Closure), "");
static_assert(!__nv_is_extended_host_device_lambda_closure_type(Closure), "");
static_assert(!__nv_is_extended_device_lambda_with_preserved_return_type(Closure), "");

// Vector type layout (CUDA C++ Programming Guide, "Built-in Vector Types"),
// dim3's defaults and conversions, make_* and math constants on the host.
#include <math_constants.h>
#include <vector_functions.h>

#define EXPECT_LAYOUT(Type, Size, Align)                                       \
  static_assert(sizeof(Type) == Size && alignof(Type) == Align, #Type)
EXPECT_LAYOUT(char1, 1, 1);
EXPECT_LAYOUT(char2, 2, 2);
EXPECT_LAYOUT(char3, 3, 1);
EXPECT_LAYOUT(uchar4, 4, 4);
EXPECT_LAYOUT(short2, 4, 4);
EXPECT_LAYOUT(short4, 8, 8);
EXPECT_LAYOUT(int2, 8, 8);
EXPECT_LAYOUT(int3, 12, 4);
EXPECT_LAYOUT(uint4, 16, 16);
EXPECT_LAYOUT(long2, 16, 16);
EXPECT_LAYOUT(longlong2, 16, 16);
EXPECT_LAYOUT(ulonglong4, 32, 16);
EXPECT_LAYOUT(float2, 8, 8);
EXPECT_LAYOUT(float3, 12, 4);
EXPECT_LAYOUT(float4, 16, 16);
EXPECT_LAYOUT(double2, 16, 16);
EXPECT_LAYOUT(double4, 32, 16);
EXPECT_LAYOUT(dim3, 12, 4);

constexpr dim3 grid(7);
static_assert(grid.x == 7 && grid.y == 1 && grid.z == 1, "dim3 defaults");
constexpr uint3 asUint3 = dim3(2, 3, 4);
static_assert(asUint3.y == 3 && asUint3.z == 4, "dim3 to uint3");

static_assert(CUDART_PI_F == static_cast<float>(3.14159265358979323846L), "pi");
static_assert(CUDART_PI > 3.14159265358979 && CUDART_PI < 3.1415926535898,
              "pi");
static_assert(CUDART_SQRT_TWO * CUDART_SQRT_TWO > 1.9999999999999 &&
                  CUDART_SQRT_TWO * CUDART_SQRT_TWO < 2.0000000000001,
              "sqrt 2");
static_assert(CUDART_INF_F > 3.0e38f, "infinity");

float sum() {
  float4 v = make_float4(1, 2, 3, 4);
  int3 i = make_int3(5, 6, 7);
  return v.w + static_cast<float>(i.z);
}

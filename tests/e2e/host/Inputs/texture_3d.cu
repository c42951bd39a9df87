// Texture and surface objects on 3D, layered and cubemap CUDA arrays
// (cudaMalloc3DArray, cudaMemcpy3D): tex3D with point and trilinear
// filtering and each address mode, tex1DLayered/tex2DLayered, texCubemap and
// texCubemapLayered face selection, tex2Dgather, the Lod/Grad and sparse
// forms, and surf3D/surf2DLayered/surfCubemap reads and writes, against CPU
// references computed from the documented semantics.
#include <cmath>
#include <cstdio>

constexpr int W = 5, H = 4, D = 3;

static int failures = 0;
static void expect(const char *what, int i, float got, float want) {
  if (!(std::fabs(got - want) <= 1e-4f * (1 + std::fabs(want))) && failures++ < 30)
    printf("expected %s[%d] = %g, got %g\n", what, i, want, got);
}

static float value3(int x, int y, int z) { return 100.0f * z + 10.0f * y + x; }

// CPU: the address modes for index i of n.
static bool address(int mode, int &i, int n) {
  switch (mode) {
  case cudaAddressModeWrap:
    i = ((i % n) + n) % n;
    return true;
  case cudaAddressModeMirror: {
    int m = ((i % (2 * n)) + 2 * n) % (2 * n);
    i = m < n ? m : 2 * n - 1 - m;
    return true;
  }
  case cudaAddressModeBorder:
    return i >= 0 && i < n;
  default:
    i = i < 0 ? 0 : (i >= n ? n - 1 : i);
    return true;
  }
}
static float texel3(int mode, int x, int y, int z) {
  if (!address(mode, x, W) || !address(mode, y, H) || !address(mode, z, D))
    return 0.0f;
  return value3(x, y, z);
}
static float sample3(int mode, bool linear, float x, float y, float z) {
  if (!linear)
    return texel3(mode, (int)std::floor(x), (int)std::floor(y), (int)std::floor(z));
  float xb = x - 0.5f, yb = y - 0.5f, zb = z - 0.5f;
  int i = (int)std::floor(xb), j = (int)std::floor(yb), k = (int)std::floor(zb);
  float a = xb - i, b = yb - j, c = zb - k;
  auto lerp = [](float p, float q, float t) { return p + (q - p) * t; };
  auto plane = [&](int kk) {
    return lerp(lerp(texel3(mode, i, j, kk), texel3(mode, i + 1, j, kk), a),
                lerp(texel3(mode, i, j + 1, kk), texel3(mode, i + 1, j + 1, kk), a), b);
  };
  return lerp(plane(k), plane(k + 1), c);
}

struct Probe {
  float x, y, z;
};

__global__ void fetch3D(cudaTextureObject_t tex, const Probe *p, float *out, int n,
                        bool normalized) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float sx = normalized ? p[i].x / W : p[i].x, sy = normalized ? p[i].y / H : p[i].y,
        sz = normalized ? p[i].z / D : p[i].z;
  bool resident = false;
  float a = tex3D<float>(tex, sx, sy, sz);
  float b = tex3DLod<float>(tex, sx, sy, sz, 2.0f);
  float c;
  tex3D(&c, tex, sx, sy, sz, &resident);
  out[3 * i] = a;
  out[3 * i + 1] = b - a;
  out[3 * i + 2] = resident ? c - a : 1e9f;
}

__global__ void layered(cudaTextureObject_t tex2, cudaTextureObject_t tex1, float *out) {
  int i = threadIdx.x; // layer i % 3, texel (i % 5, i % 4)
  int layer = i % 3;
  float x = i % 5 + 0.5f, y = i % 4 + 0.5f;
  out[4 * i] = tex2DLayered<float>(tex2, x, y, layer);
  out[4 * i + 1] = tex2DLayeredGrad<float>(tex2, x + 0.25f, y, layer, make_float2(1, 0),
                                           make_float2(0, 1));
  out[4 * i + 2] = tex1DLayered<float>(tex1, x, layer);
  out[4 * i + 3] = tex2DLayered<float>(tex2, x, y, layer + 7); // clamps to the last
}

// Cubemap: face f texel (s, t) holds 1000 * layer + 100 * f + 10 * t + s.
constexpr int C = 4;
__global__ void cube(cudaTextureObject_t tex, cudaTextureObject_t texLayered,
                     const Probe *p, float *out, int n) {
  int i = threadIdx.x;
  if (i >= n)
    return;
  out[2 * i] = texCubemap<float>(tex, p[i].x, p[i].y, p[i].z);
  out[2 * i + 1] = texCubemapLayered<float>(texLayered, p[i].x, p[i].y, p[i].z, 1);
}

__global__ void gather(cudaTextureObject_t tex, float4 *out) {
  int i = threadIdx.x;
  out[i] = tex2Dgather<float4>(tex, 1.0f + i, 1.5f, 0);
  // A scalar result receives the first texel.
  if (tex2Dgather<float>(tex, 1.0f + i, 1.5f, 0) != out[i].x)
    out[i].w = -12345.0f;
}

__global__ void surfaces(cudaSurfaceObject_t s3, cudaSurfaceObject_t s2l,
                         cudaSurfaceObject_t sc, float *out) {
  int x = threadIdx.x % W, y = threadIdx.x / W; // 20 threads: one per (x, y)
  for (int z = 0; z < D; ++z) {
    float v = surf3Dread<float>(s3, x * 4, y, z);
    surf3Dwrite(v * 2.0f, s3, x * 4, y, z);
    surf2DLayeredwrite(v + 0.5f, s2l, x * 4, y, z);
  }
  __syncthreads();
  out[threadIdx.x] = surf3Dread<float>(s3, 4 * W + 8, y, 1, cudaBoundaryModeZero);
  float clamp;
  surf3Dread(&clamp, s3, 4 * W + 8, y, 7, cudaBoundaryModeClamp);
  out[20 + threadIdx.x] = clamp;
  if (x < C && y < C)
    for (int f = 0; f < 6; ++f)
      surfCubemapwrite(float(f * 100 + y * 10 + x), sc, x * 4, y, f);
}

static cudaTextureObject_t makeTexture(cudaArray_t a, int mode, bool linear, bool normalized) {
  cudaResourceDesc res = {};
  res.resType = cudaResourceTypeArray;
  res.res.array.array = a;
  cudaTextureDesc td = {};
  for (int i = 0; i < 3; ++i)
    td.addressMode[i] = (cudaTextureAddressMode)mode;
  td.filterMode = linear ? cudaFilterModeLinear : cudaFilterModePoint;
  td.readMode = cudaReadModeElementType;
  td.normalizedCoords = normalized;
  cudaTextureObject_t t = 0;
  if (cudaCreateTextureObject(&t, &res, &td, nullptr) != cudaSuccess)
    printf("expected a texture object\n");
  return t;
}
static cudaSurfaceObject_t makeSurface(cudaArray_t a) {
  cudaResourceDesc res = {};
  res.resType = cudaResourceTypeArray;
  res.res.array.array = a;
  cudaSurfaceObject_t s = 0;
  if (cudaCreateSurfaceObject(&s, &res) != cudaSuccess)
    printf("expected a surface object\n");
  return s;
}
static void copyIn(cudaArray_t a, const float *host, int w, int h, int d) {
  cudaMemcpy3DParms p = {};
  p.srcPtr = make_cudaPitchedPtr((void *)host, w * sizeof(float), w, h);
  p.dstArray = a;
  p.extent = make_cudaExtent(w, h, d);
  p.kind = cudaMemcpyHostToDevice;
  if (cudaMemcpy3D(&p) != cudaSuccess)
    printf("expected cudaMemcpy3D to succeed\n");
}

int main() {
  cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
  static float host[W * H * D];
  for (int z = 0; z < D; ++z)
    for (int y = 0; y < H; ++y)
      for (int x = 0; x < W; ++x)
        host[(z * H + y) * W + x] = value3(x, y, z);
  cudaArray_t a3;
  if (cudaMalloc3DArray(&a3, &fd, make_cudaExtent(W, H, D), cudaArraySurfaceLoadStore))
    printf("expected cudaMalloc3DArray to succeed\n");
  copyIn(a3, host, W, H, D);
  cudaExtent e;
  cudaArrayGetInfo(nullptr, &e, nullptr, a3);
  expect("cudaArrayGetInfo depth", 0, (float)e.depth, D);

  // tex3D: every address mode, point and linear, unnormalized and normalized.
  constexpr int N = 64;
  Probe probes[N];
  unsigned seed = 7;
  for (int i = 0; i < N; ++i) {
    auto r = [&](float lo, float hi) {
      seed = seed * 1664525u + 1013904223u;
      return lo + (hi - lo) * ((seed >> 8) / 16777216.0f);
    };
    probes[i] = {r(-2, W + 2), r(-2, H + 2), r(-2, D + 2)};
  }
  Probe *dp;
  float *dout;
  cudaMalloc(&dp, sizeof(probes));
  cudaMalloc(&dout, 4096 * sizeof(float));
  cudaMemcpy(dp, probes, sizeof(probes), cudaMemcpyHostToDevice);
  static float out[4096];
  const char *names[] = {"tex3D wrap", "tex3D clamp", "tex3D mirror", "tex3D border"};
  for (int mode = 0; mode < 4; ++mode)
    for (int linear = 0; linear < 2; ++linear) {
      // Wrap and mirror need normalized coordinates (CUDA: else clamp).
      bool normalized = mode == cudaAddressModeWrap || mode == cudaAddressModeMirror;
      cudaTextureObject_t t = makeTexture(a3, mode, linear, normalized);
      fetch3D<<<1, N>>>(t, dp, dout, N, normalized);
      cudaMemcpy(out, dout, 3 * N * sizeof(float), cudaMemcpyDeviceToHost);
      for (int i = 0; i < N; ++i) {
        float x = probes[i].x, y = probes[i].y, z = probes[i].z;
        if (normalized) { // the device scales back by the extent in float
          x = (x / W) * W;
          y = (y / H) * H;
          z = (z / D) * D;
        }
        expect(names[mode], 8 * i + linear, out[3 * i], sample3(mode, linear, x, y, z));
        expect("tex3DLod - tex3D", i, out[3 * i + 1], 0);
        expect("sparse tex3D - tex3D", i, out[3 * i + 2], 0);
      }
      cudaDestroyTextureObject(t);
    }

  // Layered: a 2D layered array W x H x 3 layers and a 1D layered W x 3.
  cudaArray_t a2l, a1l;
  cudaMalloc3DArray(&a2l, &fd, make_cudaExtent(W, H, D), cudaArrayLayered | cudaArraySurfaceLoadStore);
  copyIn(a2l, host, W, H, D);
  static float host1[W * D];
  for (int l = 0; l < D; ++l)
    for (int x = 0; x < W; ++x)
      host1[l * W + x] = value3(x, 0, l) + 0.25f;
  cudaMalloc3DArray(&a1l, &fd, make_cudaExtent(W, 0, D), cudaArrayLayered);
  copyIn(a1l, host1, W, 1, D);
  cudaTextureObject_t t2l = makeTexture(a2l, cudaAddressModeClamp, true, false);
  cudaTextureObject_t t1l = makeTexture(a1l, cudaAddressModeClamp, false, false);
  layered<<<1, 32>>>(t2l, t1l, dout);
  cudaMemcpy(out, dout, 4 * 32 * sizeof(float), cudaMemcpyDeviceToHost);
  for (int i = 0; i < 32; ++i) {
    int layer = i % 3, x = i % 5, y = i % 4;
    float right = value3(x + 1 < W ? x + 1 : W - 1, y, layer);
    expect("tex2DLayered", i, out[4 * i], value3(x, y, layer));
    expect("tex2DLayeredGrad (linear, +0.25)", i, out[4 * i + 1],
           value3(x, y, layer) + 0.25f * (right - value3(x, y, layer)));
    expect("tex1DLayered", i, out[4 * i + 2], value3(x, 0, layer) + 0.25f);
    expect("tex2DLayered layer clamp", i, out[4 * i + 3], value3(x, y, D - 1));
  }

  // Cubemaps: C x C faces; a layered cubemap of 2 layers.
  static float cubeHost[2 * 6 * C * C];
  for (int l = 0; l < 2; ++l)
    for (int f = 0; f < 6; ++f)
      for (int t = 0; t < C; ++t)
        for (int s = 0; s < C; ++s)
          cubeHost[((l * 6 + f) * C + t) * C + s] = 1000.0f * l + 100.0f * f + 10.0f * t + s;
  cudaArray_t ac, acl;
  if (cudaMalloc3DArray(&ac, &fd, make_cudaExtent(C, C, 6), cudaArrayCubemap | cudaArraySurfaceLoadStore))
    printf("expected a cubemap array\n");
  cudaMalloc3DArray(&acl, &fd, make_cudaExtent(C, C, 12), cudaArrayCubemap | cudaArrayLayered);
  copyIn(ac, cubeHost, C, C, 6);
  copyIn(acl, cubeHost, C, C, 12);
  cudaArray_t bad;
  expect("cudaMalloc3DArray(cubemap 4x5x6) fails", 0,
         cudaMalloc3DArray(&bad, &fd, make_cudaExtent(4, 5, 6), cudaArrayCubemap) == cudaErrorInvalidValue, 1);
  // Directions and the face/texel the guide's table gives for them (the
  // face coordinate is (sc / |m| + 1) / 2, times C texels).
  struct { Probe dir; int face, s, t; } cubeCases[] = {
      {{1, 0.1f, -0.3f}, 0, 2, 1},   // +X: sc = -z, tc = -y
      {{-1, -0.6f, 0.3f}, 1, 2, 3},  // -X: sc = z, tc = -y
      {{0.2f, 1, 0.7f}, 2, 2, 3},    // +Y: sc = x, tc = z
      {{-0.7f, -1, 0.2f}, 3, 0, 1},  // -Y: sc = x, tc = -z
      {{0.3f, -0.2f, 1}, 4, 2, 2},   // +Z: sc = x, tc = -y
      {{0.6f, 0.9f, -1}, 5, 0, 0},   // -Z: sc = -x, tc = -y
      {{2, 0.4f, 0.1f}, 0, 1, 1},    // not unit length
  };
  constexpr int NC = sizeof(cubeCases) / sizeof(cubeCases[0]);
  Probe dirs[NC];
  for (int i = 0; i < NC; ++i)
    dirs[i] = cubeCases[i].dir;
  cudaMemcpy(dp, dirs, sizeof(dirs), cudaMemcpyHostToDevice);
  cudaTextureObject_t tc = makeTexture(ac, cudaAddressModeClamp, false, true);
  cudaTextureObject_t tcl = makeTexture(acl, cudaAddressModeClamp, false, true);
  cube<<<1, 32>>>(tc, tcl, dp, dout, NC);
  cudaMemcpy(out, dout, 2 * NC * sizeof(float), cudaMemcpyDeviceToHost);
  for (int i = 0; i < NC; ++i) {
    float want = 100.0f * cubeCases[i].face + 10.0f * cubeCases[i].t + cubeCases[i].s;
    expect("texCubemap", i, out[2 * i], want);
    expect("texCubemapLayered", i, out[2 * i + 1], 1000.0f + want);
  }

  // tex2Dgather on slice 0 of the 3D array seen as 2D (a 2D array).
  cudaArray_t a2;
  cudaMallocArray(&a2, &fd, W, H);
  cudaMemcpy2DToArray(a2, 0, 0, host, W * sizeof(float), W * sizeof(float), H,
                      cudaMemcpyHostToDevice);
  cudaTextureObject_t tg = makeTexture(a2, cudaAddressModeBorder, false, false);
  gather<<<1, 4>>>(tg, (float4 *)dout);
  cudaMemcpy(out, dout, 16 * sizeof(float), cudaMemcpyDeviceToHost);
  for (int i = 0; i < 4; ++i) {
    int x0 = i; // floor(1 + i - 0.5) = i, rows floor(1.5 - 0.5) = 1
    auto v = [](int x, int y) { return x < W ? value3(x, y, 0) : 0.0f; };
    expect("tex2Dgather.x (i0, j1)", i, out[4 * i], v(x0, 2));
    expect("tex2Dgather.y (i1, j1)", i, out[4 * i + 1], v(x0 + 1, 2));
    expect("tex2Dgather.z (i1, j0)", i, out[4 * i + 2], v(x0 + 1, 1));
    expect("tex2Dgather.w (i0, j0)", i, out[4 * i + 3], v(x0, 1));
  }

  // Surfaces.
  cudaSurfaceObject_t s3 = makeSurface(a3), s2l = makeSurface(a2l), sc = makeSurface(ac);
  surfaces<<<1, W * H>>>(s3, s2l, sc, dout);
  cudaMemcpy(out, dout, 40 * sizeof(float), cudaMemcpyDeviceToHost);
  static float back[W * H * D], backL[W * H * D], backC[6 * C * C];
  cudaMemcpy3DParms p = {};
  p.srcArray = a3;
  p.dstPtr = make_cudaPitchedPtr(back, W * sizeof(float), W, H);
  p.extent = make_cudaExtent(W, H, D);
  p.kind = cudaMemcpyDeviceToHost;
  cudaMemcpy3D(&p);
  p.srcArray = a2l;
  p.dstPtr = make_cudaPitchedPtr(backL, W * sizeof(float), W, H);
  cudaMemcpy3D(&p);
  p.srcArray = ac;
  p.dstPtr = make_cudaPitchedPtr(backC, C * sizeof(float), C, C);
  p.extent = make_cudaExtent(C, C, 6);
  cudaMemcpy3D(&p);
  for (int i = 0; i < W * H * D; ++i) {
    expect("surf3Dwrite", i, back[i], 2 * host[i]);
    expect("surf2DLayeredwrite", i, backL[i], host[i] + 0.5f);
  }
  for (int i = 0; i < W * H; ++i) {
    expect("surf3Dread zero outside", i, out[i], 0);
    expect("surf3Dread clamp", i, out[20 + i], 2 * value3(W - 1, i / W, D - 1));
  }
  for (int i = 0; i < 6 * C * C; ++i)
    expect("surfCubemapwrite", i, backC[i], (float)(i / (C * C) * 100 + (i / C % C) * 10 + i % C));

  cudaError_t err = cudaDeviceSynchronize();
  if (err != cudaSuccess)
    printf("expected no error, got %s\n", cudaGetErrorString(err));
  printf("texture_3d: %s\n", failures || err ? "FAILED" : "PASSED");
  return failures != 0;
}

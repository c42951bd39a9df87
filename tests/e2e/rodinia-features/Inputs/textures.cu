// Legacy texture references (Rodinia's kmeans, leukocyte: 1D on linear
// memory; mummergpu: 2D on arrays, uint4 and char texels).
#include <cstdio>

texture<float, 1, cudaReadModeElementType> linearTex;
texture<uint4, 2, cudaReadModeElementType> nodeTex;
texture<char, 2, cudaReadModeElementType> refTex;
texture<float, 2, cudaReadModeElementType> filteredTex;

__global__ void fetchAll(float *out, uint4 *nodes, char *refs, float *lerp) {
  int i = threadIdx.x;
  out[i] = tex1Dfetch(linearTex, i) + tex1D(linearTex, i + 0.5f);
  nodes[i] = tex2D(nodeTex, i & 0xFFFF, (i & 0xFFFF0000) >> 16);
  refs[i] = tex2D(refTex, i, 0);
  lerp[i] = tex2D(filteredTex, i * 0.5f, 0.5f);
}

int main() {
  float *data = nullptr;
  cudaError_t status = cudaMalloc(&data, 64 * sizeof(float));
  if (status != cudaSuccess) {
    printf("no device: %s\n", cudaGetErrorName(status));
    return 0;
  }
  cudaChannelFormatDesc floatDesc = cudaCreateChannelDesc<float>();
  linearTex.filterMode = cudaFilterModePoint;
  linearTex.normalized = false;
  cudaBindTexture(NULL, &linearTex, data, &floatDesc, 64 * sizeof(float));
  cudaBindTexture(0, linearTex, data, 64 * sizeof(float));

  cudaArray *refArray;
  cudaChannelFormatDesc charDesc =
      cudaCreateChannelDesc(8, 0, 0, 0, cudaChannelFormatKindSigned);
  cudaMallocArray(&refArray, &charDesc, 16, 4);
  cudaMemcpyToArray(refArray, 0, 0, "abcdefghijklmnopq", 17,
                    cudaMemcpyHostToDevice);
  refTex.addressMode[0] = cudaAddressModeClamp;
  cudaBindTextureToArray(refTex, refArray);

  float host[4] = {0, 1, 2, 3};
  cudaArray *floatArray;
  cudaMallocArray(&floatArray, &floatDesc, 4, 1);
  cudaMemcpy2DToArray(floatArray, 0, 0, host, sizeof host, sizeof host, 1,
                      cudaMemcpyHostToDevice);
  filteredTex.filterMode = cudaFilterModeLinear;
  cudaBindTextureToArray(filteredTex, floatArray, floatDesc);

  float *out, *lerp;
  uint4 *nodes;
  char *refs;
  cudaMalloc(&out, 64 * sizeof(float));
  cudaMalloc(&lerp, 64 * sizeof(float));
  cudaMalloc(&nodes, 64 * sizeof(uint4));
  cudaMalloc(&refs, 64);
  fetchAll<<<1, 8>>>(out, nodes, refs, lerp);
  char hostRefs[8];
  float hostLerp[8];
  cudaMemcpy(hostRefs, refs, 8, cudaMemcpyDeviceToHost);
  cudaMemcpy(hostLerp, lerp, sizeof hostLerp, cudaMemcpyDeviceToHost);
  // Texel centres are at i + 0.5: x = 1.0 lies halfway between texels 0, 1.
  printf("refs %c%c%c lerp %g %g %g\n", hostRefs[0], hostRefs[1], hostRefs[2],
         hostLerp[0], hostLerp[2], hostLerp[3]);
  cudaUnbindTexture(linearTex);
  cudaUnbindTexture(refTex);
  cudaFreeArray(refArray);
  cudaFreeArray(floatArray);
  return 0;
}

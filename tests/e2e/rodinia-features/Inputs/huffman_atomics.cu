// Huffman-style encoding state in dynamic shared memory (Rodinia's huffman
// vlc_encode_kernel_sm64huff): bits packed into shared words with atomicOr,
// cleared with atomicAnd, positions counted with atomicAdd, then the block's
// words merged into global memory with atomicOr/atomicAdd.
#include <cstdio>

__global__ void packBits(const unsigned *codes, unsigned *out,
                         unsigned *bitCount, int wordsPerBlock) {
  extern __shared__ unsigned sm[];
  unsigned *words = sm;
  unsigned *count = sm + wordsPerBlock;
  for (int w = threadIdx.x; w < wordsPerBlock; w += blockDim.x)
    words[w] = 0xFFFFFFFFu;
  if (threadIdx.x == 0)
    *count = 0;
  __syncthreads();
  for (int w = threadIdx.x; w < wordsPerBlock; w += blockDim.x)
    atomicAnd(&words[w], 0u);
  __syncthreads();
  unsigned code = codes[blockIdx.x * blockDim.x + threadIdx.x];
  unsigned length = code & 7u;  // 0..7 bits
  unsigned bits = (code >> 3) & ((1u << length) - 1u);
  unsigned pos = threadIdx.x * 7u;  // a fixed slot per thread
  atomicAdd(count, length);
  if (length) {
    unsigned word = pos / 32, shift = pos % 32;
    atomicOr(&words[word], bits << shift);
    if (shift + length > 32)
      atomicOr(&words[word + 1], bits >> (32 - shift));
  }
  __syncthreads();
  for (int w = threadIdx.x; w < wordsPerBlock; w += blockDim.x)
    atomicOr(&out[blockIdx.x * wordsPerBlock + w], words[w]);
  if (threadIdx.x == 0)
    atomicAdd(bitCount, *count);
}

int main() {
  const int blocks = 4, threads = 128;
  const int wordsPerBlock = (threads * 7 + 31) / 32 + 1;
  const int n = blocks * threads;
  unsigned codes[n];
  for (int i = 0; i < n; ++i)
    codes[i] = (unsigned)(i * 2654435761u) >> 7;
  unsigned *dCodes, *dOut, *dCount;
  if (cudaMalloc((void **)&dCodes, sizeof(codes)) != cudaSuccess) {
    printf("no device: %s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
  }
  cudaMalloc((void **)&dOut, blocks * wordsPerBlock * sizeof(unsigned));
  cudaMalloc((void **)&dCount, sizeof(unsigned));
  cudaMemcpy(dCodes, codes, sizeof(codes), cudaMemcpyHostToDevice);
  cudaMemset(dOut, 0, blocks * wordsPerBlock * sizeof(unsigned));
  cudaMemset(dCount, 0, sizeof(unsigned));
  packBits<<<blocks, threads, (wordsPerBlock + 1) * sizeof(unsigned)>>>(
      dCodes, dOut, dCount, wordsPerBlock);
  unsigned out[blocks * wordsPerBlock], count = 0;
  cudaMemcpy(out, dOut, sizeof(out), cudaMemcpyDeviceToHost);
  cudaMemcpy(&count, dCount, sizeof(count), cudaMemcpyDeviceToHost);

  unsigned expected[blocks * wordsPerBlock] = {}, expectedCount = 0;
  for (int i = 0; i < n; ++i) {
    unsigned length = codes[i] & 7u, bits = (codes[i] >> 3) & ((1u << length) - 1u);
    unsigned *words = expected + (i / threads) * wordsPerBlock;
    unsigned pos = (i % threads) * 7u, word = pos / 32, shift = pos % 32;
    expectedCount += length;
    if (!length)
      continue;
    words[word] |= bits << shift;
    if (shift + length > 32)
      words[word + 1] |= bits >> (32 - shift);
  }
  int bad = 0;
  for (int w = 0; w < blocks * wordsPerBlock; ++w)
    bad += out[w] != expected[w];
  printf("huffman packing: %u bits (expected %u), %d of %d words wrong\n",
         count, expectedCount, bad, blocks * wordsPerBlock);
  return bad != 0 || count != expectedCount;
}

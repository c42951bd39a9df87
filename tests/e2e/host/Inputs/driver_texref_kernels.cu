// A module with texture references, for driver_texrefs.c (cuModuleGetTexRef).
texture<float, 2, cudaReadModeElementType> planeTex;
texture<unsigned char, 1, cudaReadModeNormalizedFloat> byteTex;

extern "C" __global__ void readPlane(float *Out, int W, int H) {
  int X = threadIdx.x, Y = threadIdx.y;
  if (X < W && Y < H)
    Out[Y * W + X] = tex2D(planeTex, X + 0.5f, Y + 0.5f);
}

extern "C" __global__ void readBytes(float *Out, int N) {
  int I = threadIdx.x;
  if (I < N)
    Out[I] = tex1Dfetch(byteTex, I);
}

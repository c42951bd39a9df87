__device__ float compute(float a, float x, float y) { return a * x + y; }

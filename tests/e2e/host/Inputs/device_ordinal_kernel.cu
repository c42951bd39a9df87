// A kernel that asks which device runs it (device-side cudaGetDevice).
extern "C" __global__ void whichDevice(int *out) { cudaGetDevice(out); }

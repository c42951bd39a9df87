// Batches of 3D copies, runtime and driver: pointer regions with row lengths
// and layer heights, array regions at offsets (widths in the array's
// elements), a DuringApiCall source, and the documented errors.
#include <cuda.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <string.h>

static void printBytes(const char *Name, const unsigned char *P, int N) {
  printf("%s:", Name);
  for (int I = 0; I < N; ++I)
    printf(" %d", P[I]);
  printf("\n");
}

static cudaMemcpy3DOperand pointer(void *P, size_t Row, size_t Layer) {
  cudaMemcpy3DOperand Op;
  memset(&Op, 0, sizeof Op);
  Op.type = cudaMemcpyOperandTypePointer;
  Op.op.ptr.ptr = P;
  Op.op.ptr.rowLength = Row;
  Op.op.ptr.layerHeight = Layer;
  return Op;
}

static cudaMemcpy3DOperand array(cudaArray_t A, size_t X, size_t Y) {
  cudaMemcpy3DOperand Op;
  memset(&Op, 0, sizeof Op);
  Op.type = cudaMemcpyOperandTypeArray;
  Op.op.array.array = A;
  Op.op.array.offset.x = X;
  Op.op.array.offset.y = Y;
  return Op;
}

int main() {
  cudaStream_t Stream;
  cudaStreamCreate(&Stream);

  // 1. A 3x2x2 box of bytes from tight host memory into a device region of
  //    rows of 5 and layers of 3 rows, and back out through a DuringApiCall
  //    copy into rows of 4.
  unsigned char Src[12], Back[4 * 2 * 2];
  for (int I = 0; I < 12; ++I)
    Src[I] = I + 1;
  memset(Back, 0, sizeof Back);
  unsigned char *Dev;
  cudaMalloc(&Dev, 5 * 3 * 2);
  cudaMemset(Dev, 0, 5 * 3 * 2);
  // 2. Floats into a 4x3 float array at (1,1), and the whole array out.
  cudaChannelFormatDesc Float = cudaCreateChannelDesc<float>();
  cudaArray_t Arr;
  cudaMallocArray(&Arr, &Float, 4, 3);
  float Zero[12] = {0}, Box[4] = {1.5f, 2.5f, 3.5f, 4.5f}, Whole[12];
  cudaMemcpy2DToArray(Arr, 0, 0, Zero, 16, 16, 3, cudaMemcpyHostToDevice);

  cudaMemcpy3DBatchOp Ops[4];
  memset(Ops, 0, sizeof Ops);
  Ops[0].src = pointer(Src, 0, 0);
  Ops[0].dst = pointer(Dev, 5, 3);
  Ops[0].extent = make_cudaExtent(3, 2, 2);
  Ops[0].srcAccessOrder = cudaMemcpySrcAccessOrderStream;
  Ops[1].src = pointer(Box, 0, 0);
  Ops[1].dst = array(Arr, 1, 1);
  Ops[1].extent = make_cudaExtent(2, 2, 1);
  Ops[1].srcAccessOrder = cudaMemcpySrcAccessOrderAny;
  Ops[2].src = array(Arr, 0, 0);
  Ops[2].dst = pointer(Whole, 0, 0);
  Ops[2].extent = make_cudaExtent(4, 3, 1);
  Ops[2].srcAccessOrder = cudaMemcpySrcAccessOrderStream;
  Ops[3].src = pointer(Dev, 5, 3);
  Ops[3].dst = pointer(Back, 4, 2);
  Ops[3].extent = make_cudaExtent(3, 2, 2);
  Ops[3].srcAccessOrder = cudaMemcpySrcAccessOrderDuringApiCall;
  printf("runtime batch: %s\n",
         cudaGetErrorName(cudaMemcpy3DBatchAsync(4, Ops, 0, Stream)));
  cudaStreamSynchronize(Stream);
  unsigned char Region[30];
  cudaMemcpy(Region, Dev, 30, cudaMemcpyDeviceToHost);
  printBytes("device region", Region, 30);
  printBytes("back", Back, 16);
  printf("array:");
  for (int I = 0; I < 12; ++I)
    printf(" %g", Whole[I]);
  printf("\n");

  // Errors: the legacy stream, a zero extent, a row shorter than the copy,
  // flags, an access order.
  Ops[0].srcAccessOrder = cudaMemcpySrcAccessOrderStream;
  printf("null stream: %s\n",
         cudaGetErrorName(cudaMemcpy3DBatchAsync(1, Ops, 0, 0)));
  printf("flags: %s\n",
         cudaGetErrorName(cudaMemcpy3DBatchAsync(1, Ops, 1, Stream)));
  Ops[0].dst.op.ptr.rowLength = 2;
  printf("short row: %s\n",
         cudaGetErrorName(cudaMemcpy3DBatchAsync(1, Ops, 0, Stream)));
  Ops[0].dst.op.ptr.rowLength = 5;
  Ops[0].extent.depth = 0;
  printf("zero depth: %s\n",
         cudaGetErrorName(cudaMemcpy3DBatchAsync(1, Ops, 0, Stream)));
  Ops[0].extent.depth = 2;
  Ops[0].srcAccessOrder = cudaMemcpySrcAccessOrderInvalid;
  printf("access order: %s\n",
         cudaGetErrorName(cudaMemcpy3DBatchAsync(1, Ops, 0, Stream)));

  // The driver's batch: bytes of the array's second row (elements 1..2 of
  // row 1: 1.5, 2.5) out to a device pointer, then to the host.
  CUDA_MEMCPY3D_BATCH_OP D[2];
  memset(D, 0, sizeof D);
  CUdeviceptr Out;
  cuMemAlloc(&Out, 8);
  D[0].src.type = CU_MEMCPY_OPERAND_TYPE_ARRAY;
  D[0].src.op.array.array = (CUarray)Arr;
  D[0].src.op.array.offset.x = 1;
  D[0].src.op.array.offset.y = 1;
  D[0].dst.type = CU_MEMCPY_OPERAND_TYPE_POINTER;
  D[0].dst.op.ptr.ptr = Out;
  D[0].extent.width = 2;
  D[0].extent.height = 1;
  D[0].extent.depth = 1;
  D[0].srcAccessOrder = CU_MEMCPY_SRC_ACCESS_ORDER_STREAM;
  float Got[2] = {0, 0};
  D[1].src.type = CU_MEMCPY_OPERAND_TYPE_POINTER;
  D[1].src.op.ptr.ptr = Out;
  D[1].dst.type = CU_MEMCPY_OPERAND_TYPE_POINTER;
  D[1].dst.op.ptr.ptr = (CUdeviceptr)Got;
  D[1].extent.width = 8;
  D[1].extent.height = 1;
  D[1].extent.depth = 1;
  D[1].srcAccessOrder = CU_MEMCPY_SRC_ACCESS_ORDER_STREAM;
  CUresult R = cuMemcpy3DBatchAsync(2, D, 0, (CUstream)Stream);
  cuStreamSynchronize((CUstream)Stream);
  printf("driver batch: %d %g %g\n", R, Got[0], Got[1]);
  D[1].dst.op.ptr.ptr = 0;
  printf("driver null pointer: %d\n",
         cuMemcpy3DBatchAsync(2, D, 0, (CUstream)Stream));
  return 0;
}

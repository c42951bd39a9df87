// Stream memory operations on the host backend (cuStreamWaitValue32/64,
// cuStreamWriteValue32/64, cuStreamBatchMemOp) and their graph node: a
// stream held by a wait until a host thread writes the flag, each wait
// condition, batches, the batch node, stream capture, bad arguments.
#include <cuda.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static const char *nameOf(CUresult Status) {
  const char *Name = "?";
  cuGetErrorName(Status, &Name);
  return Name;
}

static volatile unsigned *Flag;

static void *writeLater(void *) {
  usleep(200 * 1000);
  __atomic_store_n(Flag, 5u, __ATOMIC_RELEASE);
  return 0;
}

/// Waits on the flag with Condition against Value, then writes 1 to Out:
/// whether the wait let the stream go on within 50 ms.
static bool passes(CUstream Stream, CUdeviceptr FlagAddress, CUdeviceptr Out,
                   unsigned Value, unsigned Condition) {
  *(volatile unsigned *)Out = 0;
  cuStreamWaitValue32(Stream, FlagAddress, Value, Condition);
  cuStreamWriteValue32(Stream, Out, 1, 0);
  usleep(50 * 1000);
  bool Passed = cuStreamQuery(Stream) == CUDA_SUCCESS;
  if (!Passed) { // let it go: satisfy the wait
    unsigned Saved = *Flag;
    *Flag = Condition == CU_STREAM_WAIT_VALUE_NOR ? 0 : Value;
    cuStreamSynchronize(Stream);
    *Flag = Saved;
  }
  return Passed;
}

int main() {
  cuInit(0);
  CUdevice Device;
  CUcontext Context;
  cuDeviceGet(&Device, 0);
  cuDevicePrimaryCtxRetain(&Context, Device);
  cuCtxSetCurrent(Context);
  CUstream Stream;
  cuStreamCreate(&Stream, CU_STREAM_NON_BLOCKING);

  // Pinned host memory the CPU writes; the stream waits on its device view.
  unsigned *Host;
  cuMemHostAlloc((void **)&Host, 64, CU_MEMHOSTALLOC_DEVICEMAP);
  memset(Host, 0, 64);
  Flag = Host;
  CUdeviceptr FlagAddress, Out, Wide;
  cuMemHostGetDevicePointer(&FlagAddress, Host, 0);
  Out = FlagAddress + 8;
  Wide = FlagAddress + 16;

  printf("wait: %s\n", nameOf(cuStreamWaitValue32(Stream, FlagAddress, 5,
                                                  CU_STREAM_WAIT_VALUE_GEQ)));
  printf("write: %s\n", nameOf(cuStreamWriteValue32(Stream, Out, 42, 0)));
  usleep(100 * 1000);
  printf("before the host write: %s, out %u\n", nameOf(cuStreamQuery(Stream)),
         Host[2]);
  pthread_t Writer;
  pthread_create(&Writer, 0, writeLater, 0);
  printf("synchronize: %s\n", nameOf(cuStreamSynchronize(Stream)));
  pthread_join(Writer, 0);
  printf("after the host write: out %u\n", Host[2]);

  // The conditions, with the flag at 5.
  printf("GEQ 5 passes: %d, GEQ 6 passes: %d\n",
         passes(Stream, FlagAddress, Out, 5, CU_STREAM_WAIT_VALUE_GEQ),
         passes(Stream, FlagAddress, Out, 6, CU_STREAM_WAIT_VALUE_GEQ));
  printf("EQ 5 passes: %d, EQ 4 passes: %d\n",
         passes(Stream, FlagAddress, Out, 5, CU_STREAM_WAIT_VALUE_EQ),
         passes(Stream, FlagAddress, Out, 4, CU_STREAM_WAIT_VALUE_EQ));
  printf("AND 4 passes: %d, AND 2 passes: %d\n",
         passes(Stream, FlagAddress, Out, 4, CU_STREAM_WAIT_VALUE_AND),
         passes(Stream, FlagAddress, Out, 2, CU_STREAM_WAIT_VALUE_AND));
  printf("NOR 2 passes: %d, NOR ~5 passes: %d\n",
         passes(Stream, FlagAddress, Out, 2, CU_STREAM_WAIT_VALUE_NOR),
         passes(Stream, FlagAddress, Out, ~5u, CU_STREAM_WAIT_VALUE_NOR));

  // 64-bit values and a batch.
  cuStreamWriteValue64(Stream, Wide, 0x100000000ull, 0);
  cuStreamWaitValue64(Stream, Wide, 0x100000000ull, CU_STREAM_WAIT_VALUE_EQ);
  cuStreamSynchronize(Stream);
  unsigned long long WideValue;
  memcpy(&WideValue, &Host[4], 8);
  printf("64-bit write: %#llx\n", WideValue);
  CUstreamBatchMemOpParams Batch[3];
  memset(Batch, 0, sizeof Batch);
  Batch[0].writeValue.operation = CU_STREAM_MEM_OP_WRITE_VALUE_32;
  Batch[0].writeValue.address = Out;
  Batch[0].writeValue.value = 7;
  Batch[1].memoryBarrier.operation = CU_STREAM_MEM_OP_BARRIER;
  Batch[2].writeValue.operation = CU_STREAM_MEM_OP_WRITE_VALUE_64;
  Batch[2].writeValue.address = Wide;
  Batch[2].writeValue.value64 = 0x200000003ull;
  printf("batch: %s\n", nameOf(cuStreamBatchMemOp(Stream, 3, Batch, 0)));
  cuStreamSynchronize(Stream);
  memcpy(&WideValue, &Host[4], 8);
  printf("after the batch: out %u, wide %#llx\n", Host[2], WideValue);

  // The batch node.
  CUgraph Graph;
  cuGraphCreate(&Graph, 0);
  Batch[0].writeValue.value = 8;
  CUDA_BATCH_MEM_OP_NODE_PARAMS NodeParams = {Context, 1, Batch, 0};
  CUgraphNode Node;
  printf("add batch node: %s\n",
         nameOf(cuGraphAddBatchMemOpNode(&Node, Graph, 0, 0, &NodeParams)));
  Batch[0].writeValue.value = 99; // the node copied the array
  CUDA_BATCH_MEM_OP_NODE_PARAMS Back;
  cuGraphBatchMemOpNodeGetParams(Node, &Back);
  CUgraphNodeType Type;
  cuGraphNodeGetType(Node, &Type);
  printf("node: type %d, %u operation(s), value %u\n", (int)Type, Back.count,
         Back.paramArray[0].writeValue.value);
  CUgraphExec Exec;
  cuGraphInstantiate(&Exec, Graph, 0);
  cuGraphLaunch(Exec, Stream);
  cuStreamSynchronize(Stream);
  printf("after the graph: out %u\n", Host[2]);
  Batch[0].writeValue.value = 9;
  printf("exec set: %s\n",
         nameOf(cuGraphExecBatchMemOpNodeSetParams(Exec, Node, &NodeParams)));
  cuGraphLaunch(Exec, Stream);
  cuStreamSynchronize(Stream);
  printf("after the updated graph: out %u\n", Host[2]);

  // Capture: the write runs only when the graph is launched.
  CUgraph Captured;
  cuStreamBeginCapture(Stream, CU_STREAM_CAPTURE_MODE_GLOBAL);
  cuStreamWriteValue32(Stream, Out, 10, 0);
  cuStreamEndCapture(Stream, &Captured);
  size_t Count = 1;
  CUgraphNode First;
  cuGraphGetNodes(Captured, &First, &Count);
  cuGraphNodeGetType(First, &Type);
  printf("captured: type %d, out still %u\n", (int)Type, Host[2]);
  CUgraphExec CapturedExec;
  cuGraphInstantiate(&CapturedExec, Captured, 0);
  cuGraphLaunch(CapturedExec, Stream);
  cuStreamSynchronize(Stream);
  printf("after the captured graph: out %u\n", Host[2]);

  // Bad arguments.
  printf("bad condition: %s\n",
         nameOf(cuStreamWaitValue32(Stream, FlagAddress, 1, 7)));
  printf("misaligned: %s\n",
         nameOf(cuStreamWriteValue64(Stream, FlagAddress + 4, 1, 0)));
  Batch[0].operation = (CUstreamBatchMemOpType)42;
  printf("bad operation: %s\n",
         nameOf(cuStreamBatchMemOp(Stream, 1, Batch, 0)));
  return 0;
}

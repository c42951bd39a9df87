//===- HostABI.h - Host code objects' contract with the runtime -*- C++ -*-===//
//
// Part of Rubicon. The `host` target runs CUDA threads as fibers on CPU worker
// threads. This header is the whole interface between a host code object (the
// kernel shared object, with the host device library linked in) and the
// runtime's host backend. It is included by freestanding device-library code,
// by the ordinary C++ runtime and by the lowering that emits the code object,
// so it uses only built-in types.
//
// Finding the running thread: every fiber stack is FiberStackBytes long and
// aligned to FiberStackBytes, and its lowest bytes hold the fiber's
// ThreadContext. Device code finds its context by rounding its own frame
// address down; no thread-local storage and no call into the runtime.
//
// Kernel entry points: for each kernel `K` the code object exports
//   void __rubicon_host_entry_K(void **Args)      CUDA's argument array
//   const unsigned long long __rubicon_host_params_K[N + 1]
//                                                  N, then each argument's size
// and, optionally (older code objects lack it),
//   const unsigned long long __rubicon_host_param_offsets_K[N + 1]
//                                                  N, then each argument's
//                                                  offset in CUDA's parameter
//                                                  buffer (natural alignment)
// and, for a kernel whose threads never wait for one another (no barrier, no
// warp operation: lowering/host/HostThreadLoops.cpp), optionally
//   void __rubicon_host_block_K(void **Args)      runs every thread of one
//                                                  block, as a loop
// which the runtime calls on a single fiber whose ThreadContext names thread
// (0, 0, 0) of the block; the runtime uses it when present, and runs
// __rubicon_host_entry_K on one fiber per thread otherwise. And once per code
// object
//   const unsigned long long __rubicon_host_shared_bytes
//                                                  static shared memory bytes
//                                                  (where dynamic shared
//                                                  memory starts)
// and, per kernel (optional: the module's figure otherwise)
//   const unsigned long long __rubicon_host_kernel_shared_K
//                                                  bytes of the static shared
//                                                  variables K reaches (what
//                                                  CUDA's per-kernel limit
//                                                  counts)
//   const unsigned long long __rubicon_host_abi_version
//                                                  AbiVersion
//   const unsigned long long __rubicon_host_cuda_arch
//                                                  optional: the CUDA
//                                                  architecture (52: sm_52)
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_ABI_HOSTABI_H
#define RUBICON_ABI_HOSTABI_H

namespace rubicon::host {

/// The target's name: --amdgpu-arch=host, RUBICON_GPU_ARCH=host, host.bc.
inline constexpr const char TargetName[] = "host";

/// Bytes of each fiber stack; also its alignment.
inline constexpr unsigned long FiberStackBytes = 1ul << 17;
/// Lanes of an emulated wavefront (gfx942: wave64, two logical warps).
inline constexpr unsigned WaveLanes = 64;
/// Bytes of each fiber's stack region, from LaneStateOffset past its
/// ThreadContext, that belong to the code object: the device library keeps
/// per-lane state there (the emulated AMD GPU's EXEC mask stack,
/// runtime-shim/device/emulation/). The runtime neither reads nor clears
/// them; the fiber's stack never reaches them.
inline constexpr unsigned long LaneStateOffset = 512;
inline constexpr unsigned long LaneStateBytes = 3584;
/// The device heap (device code's malloc and free, CUDA's
/// cudaLimitMallocHeapSize). A code object whose device code allocates
/// exports `HostHeap *__rubicon_host_heap`; the runtime points it at the
/// device's heap when it loads the code object (left null, nothing is
/// limited). Every allocation adds its bytes to Used, and fails (null) when
/// Used would pass Limit.
struct HostHeap {
  unsigned long long Limit;
  unsigned long long Used;
};
inline constexpr const char HeapSymbol[] = "__rubicon_host_heap";

/// Alignment of dynamic shared memory after the static variables.
inline constexpr unsigned long SharedMemoryAlignment = 16;

inline constexpr const char EntryPrefix[] = "__rubicon_host_entry_";
inline constexpr const char BlockEntryPrefix[] = "__rubicon_host_block_";
inline constexpr const char ParamsPrefix[] = "__rubicon_host_params_";
inline constexpr const char ParamOffsetsPrefix[] =
    "__rubicon_host_param_offsets_";
inline constexpr const char SharedBytesSymbol[] = "__rubicon_host_shared_bytes";
inline constexpr const char KernelSharedPrefix[] =
    "__rubicon_host_kernel_shared_";
/// Optional: `const unsigned long long __rubicon_host_cluster_dims_<kernel>
/// [3]`, the cluster dimensions of a kernel declared with __cluster_dims__
/// of more than one block, which the runtime refuses to launch
/// (cudaErrorNotSupported: the host device has no clusters).
inline constexpr const char ClusterDimsPrefix[] =
    "__rubicon_host_cluster_dims_";
/// Optional: `const unsigned long long __rubicon_host_cuda_arch`, the CUDA
/// architecture the kernels were compiled for (52: __CUDA_ARCH__ 520), which
/// cudaFuncGetAttributes reports as ptxVersion and binaryVersion.
inline constexpr const char CudaArchSymbol[] = "__rubicon_host_cuda_arch";
/// Optional: `const char __rubicon_host_managed_<name>` for each managed
/// variable `<name>` of a module the driver API loads (NVVM IR's
/// `!"managed"` annotation): cuModuleGetGlobal reports the variable as
/// managed memory.
inline constexpr const char ManagedMarkerPrefix[] = "__rubicon_host_managed_";
/// Optional: `const unsigned long long __rubicon_host_cpu_level`, the x86-64
/// level the code object was built for (HostCpuLevels.h: 3 is x86-64-v3);
/// absent means 1, baseline x86-64. The runtime loads it only on a CPU of
/// that level or above.
inline constexpr const char CpuLevelSymbol[] = "__rubicon_host_cpu_level";
/// Every code object exports `const unsigned long long
/// __rubicon_host_abi_version = AbiVersion`; the runtime loads only code
/// objects of its own version. 2: RuntimeServices::waveOperation takes the
/// operation's member mask. 3: RuntimeServices::yield. 4:
/// ThreadContext::SharedBytes. 5: the device runtime (RuntimeServices'
/// parameterBuffer, launchDevice and memoryOperation;
/// ThreadContext::DeviceRuntimeError). 6: RuntimeServices::gridBarrier. 7:
/// WaveOperationCallerOutsideMask. 8: the matrix exchange. 9:
/// RuntimeServices::device.
inline constexpr unsigned long long AbiVersion = 9;
inline constexpr const char AbiVersionSymbol[] = "__rubicon_host_abi_version";

/// Wavefront operations. The lanes that take part (the operation's group):
///  - Members != 0 (a CUDA `_sync` operation; bit i: lane i of the
///    wavefront; always includes the caller): the lanes that reach the same
///    operation passing the same mask (Members, less the caller under
///    WaveOperationCallerOutsideMask). It completes once every lane of the
///    mask that has not exited has arrived.
///  - Members == 0 (`__activemask`, block-level reductions): the lanes that
///    wait at the same call site once no thread of the block can run on.
/// The call site is the return address of RuntimeServices::waveOperation, so
/// two operations in two branches of a divergent warp are told apart.
enum class WaveOperation : unsigned {
  Ballot = 0,        // A = predicate; result: mask of lanes with A != 0
  Permute = 1,       // A = source lane (mod 64), B = value; result: its B
  ReadFirstLane = 2, // B = value; result: B of the lowest lane of the group
  Barrier = 3,       // result: 0
};

/// Set in RuntimeServices::waveOperation's `Operation` when the caller is not
/// in the mask its `_sync` operation passed: Members is that mask plus the
/// caller (a lane outside its own mask still takes part, and gets the
/// ballot of the mask's lanes, as NVIDIA's hardware gives). The scheduler
/// groups lanes by the mask they passed, so a caller left out of the mask
/// of its warp's operation meets that operation, while a lane whose own
/// mask differs by its bit (a mask that grows in a loop) stays apart.
inline constexpr unsigned WaveOperationCallerOutsideMask = 0x100;

/// CUDA error codes a kernel can end with (cudaError_t values).
enum class KernelFault : int {
  Assert = 710,             // cudaErrorAssert
  IllegalInstruction = 715, // cudaErrorIllegalInstruction (trap)
  LaunchFailure = 719,      // cudaErrorLaunchFailure
};

/// A block's shared memory window: the runtime gives every block at least
/// this many bytes from ThreadContext::SharedMemory on, and isspacep.shared
/// (__isShared) answers true for the whole window, as a GPU's shared aperture
/// does, not only for the bytes the launch asked for (libcu++ checks that the
/// end of a shared array is a shared address). The most a block may use.
inline constexpr unsigned long long SharedWindowBytes = 64 * 1024;

/// wmma on the host target (lowering/LowerMatrixOps.cpp, docs/host-target.md
/// "Tensor cores"): a warp's lanes multiply through memory of the block's,
/// the matrix exchange, which starts at matrixExchange() past the shared
/// window and is MatrixExchangeBytes long: first one parity byte per thread
/// of the block (at most 1024), which the runtime zeroes before it runs a
/// block; then, for each of the 32 warps, two buffers of
/// MatrixExchangeBufferBytes, which the code object alone reads and writes:
/// MatrixExchangeBatch slots of MatrixExchangeSlotBytes, one per product of
/// a run that meets once.
inline constexpr unsigned long long MatrixExchangeParityBytes = 1024;
inline constexpr unsigned long long MatrixExchangeSlotBytes = 4096;
inline constexpr unsigned long long MatrixExchangeBatch = 8;
inline constexpr unsigned long long MatrixExchangeBufferBytes =
    MatrixExchangeSlotBytes * MatrixExchangeBatch;
inline constexpr unsigned long long MatrixExchangeBytes =
    MatrixExchangeParityBytes + 32 * 2 * MatrixExchangeBufferBytes;
/// Where the matrix exchange of a block whose shared memory starts at
/// `SharedMemory` and is `SharedBytes` long begins (64-byte aligned past
/// the window); the runtime allocates that far plus MatrixExchangeBytes.
inline unsigned long long matrixExchangeOffset(unsigned long long SharedBytes) {
  unsigned long long End =
      SharedBytes > SharedWindowBytes ? SharedBytes : SharedWindowBytes;
  return (End + 63) & ~63ull;
}
/// The device library's function that returns the running block's matrix
/// exchange: `unsigned char *__rubicon_host_matrix_exchange()`.
inline constexpr const char MatrixExchangeFunction[] =
    "__rubicon_host_matrix_exchange";

struct ThreadContext;

/// Functions of the runtime the device library calls.
struct RuntimeServices {
  /// __syncthreads' rendezvous (no fences).
  void (*workgroupBarrier)(ThreadContext *Thread);
  /// A wavefront operation (WaveOperation) among `Members`; returns its
  /// result.
  unsigned long long (*waveOperation)(ThreadContext *Thread, unsigned Operation,
                                      unsigned long long A,
                                      unsigned long long B,
                                      unsigned long long Members);
  /// Ends the kernel with `Fault`; never returns to the caller.
  void (*trap)(ThreadContext *Thread, int Fault);
  /// A steady clock in nanoseconds (%globaltimer).
  unsigned long long (*nanoseconds)();
  /// Lets the block's other threads run before this one goes on (a thread
  /// sleeping in a spin-wait, __nanosleep).
  void (*yield)(ThreadContext *Thread);
  /// The device runtime (dynamic parallelism, CUDA Programming Guide "CUDA
  /// Dynamic Parallelism"). A parameter buffer for one launch from device
  /// code (cudaGetParameterBuffer; null when none can be had); with
  /// `Function` (not null), the launch's configuration comes with it
  /// (cudaGetParameterBufferV2: Grid[3], Block[3], SharedBytes).
  void *(*parameterBuffer)(ThreadContext *Thread, unsigned long long Alignment,
                           unsigned long long Size, void *Function,
                           const unsigned *Grid, const unsigned *Block,
                           unsigned SharedBytes);
  /// Launches `Function` (the kernel's __rubicon_host_entry_ address) with
  /// the arguments in `ParameterBuffer` (which the call consumes) as a child
  /// of the running grid; null `Function`: the configuration given to
  /// parameterBuffer. Returns a cudaError_t.
  int (*launchDevice)(ThreadContext *Thread, void *Function,
                      void *ParameterBuffer, const unsigned *Grid,
                      const unsigned *Block, unsigned SharedBytes,
                      void *Stream);
  /// A copy (Value < 0) of Height rows of Width bytes, or a fill of them
  /// with the byte Value, queued on a device-side stream in order with the
  /// grid's child launches. Returns a cudaError_t.
  int (*memoryOperation)(ThreadContext *Thread, void *Dst,
                         unsigned long long DstPitch, const void *Src,
                         unsigned long long SrcPitch, unsigned long long Width,
                         unsigned long long Height, int Value, void *Stream);
  /// The running grid's own two words for grid_group::sync's barrier (the
  /// device library's), zero when the grid starts: grids of one code object
  /// that run at once (on two devices) each have their own.
  unsigned *(*gridBarrier)(ThreadContext *Thread);
  /// The device the running grid runs on (cudaGetDevice in device code).
  int (*device)(ThreadContext *Thread);
};

/// The running CUDA thread, at the base of its fiber stack.
struct ThreadContext {
  unsigned ThreadIndex[3];
  unsigned BlockSize[3];
  unsigned BlockIndex[3];
  unsigned GridSize[3];
  unsigned LaneInWave;
  unsigned FlatThreadIndex;
  unsigned char *SharedMemory;
  const RuntimeServices *Runtime;
  /// The runtime's own per-fiber state.
  void *Fiber;
  /// The block's shared memory, static and dynamic, from SharedMemory on.
  unsigned long long SharedBytes;
  /// The thread's last device-runtime error (cudaGetLastError in device
  /// code); shared by the block's threads when they run as one loop.
  int DeviceRuntimeError;
};

} // namespace rubicon::host

#endif // RUBICON_ABI_HOSTABI_H

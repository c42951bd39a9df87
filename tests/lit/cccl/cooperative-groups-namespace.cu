// libcu++ (cuda/__memcpy_async/group_traits.h) forward-declares the
// cooperative groups it recognises in cooperative_groups::__v1, where CUDA's
// header defines them, and names them through a using directive: the classes
// of <cooperative_groups.h> must be those, or `thread_block` is ambiguous.
// RUN: nvcc -c %s -o %t.o
namespace cooperative_groups {
namespace __v1 {
class thread_block;
template <unsigned int Size, typename ParentT> class thread_block_tile;
} // namespace __v1
using namespace __v1;
} // namespace cooperative_groups

template <typename G> constexpr bool isBlock = false;
template <> constexpr bool isBlock<cooperative_groups::thread_block> = true;
template <typename G> constexpr bool isWarp = false;
template <typename P>
constexpr bool isWarp<cooperative_groups::thread_block_tile<32, P>> = true;

#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void kernel(int *out) {
  cg::thread_block block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  static_assert(isBlock<decltype(block)>, "thread_block is the forward-declared class");
  static_assert(isWarp<decltype(warp)>, "thread_block_tile is the forward-declared template");
  out[block.thread_rank()] = warp.thread_rank();
}

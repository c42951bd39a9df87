// `goto` in device code, as mummergpu's suffix-tree walk writes it: jumps
// forward out of nested loops, and backward to restart a search.
#include <cstdio>

// Children of node i are 2i+1 and 2i+2; the walk finds key's path length.
__device__ int pathLength(const int *tree, int nodes, int key) {
  int node = 0, steps = 0, restarts = 0;
restart:
  while (node < nodes) {
    for (int child = 1; child <= 2; ++child) {
      int next = 2 * node + child;
      if (next >= nodes)
        goto leaf;
      if (tree[next] == key) {
        ++steps;
        goto found;
      }
    }
    node = 2 * node + 1 + (key & 1);
    ++steps;
  }
leaf:
  if (restarts++ == 0 && key > 0) {
    node = 0;
    steps = 0;
    key >>= 1;
    goto restart;
  }
  return -steps;
found:
  return steps;
}

__global__ void walk(const int *tree, int nodes, int *result) {
  int key = threadIdx.x;
  result[key] = pathLength(tree, nodes, key);
}

int hostPathLength(const int *tree, int nodes, int key) {
  int node = 0, steps = 0, restarts = 0;
  for (;;) {
    bool leaf = false;
    while (node < nodes && !leaf) {
      for (int child = 1; child <= 2; ++child) {
        int next = 2 * node + child;
        if (next >= nodes) {
          leaf = true;
          break;
        }
        if (tree[next] == key)
          return steps + 1;
      }
      if (leaf)
        break;
      node = 2 * node + 1 + (key & 1);
      ++steps;
    }
    if (restarts++ == 0 && key > 0) {
      node = 0;
      steps = 0;
      key >>= 1;
      continue;
    }
    return -steps;
  }
}

int main() {
  const int nodes = 63, keys = 64;
  int tree[nodes];
  for (int i = 0; i < nodes; ++i)
    tree[i] = (i * 37) % 50;
  int *dTree = nullptr, *dResult = nullptr;
  if (cudaMalloc((void **)&dTree, sizeof(tree)) != cudaSuccess) {
    printf("no device: %s\n", cudaGetErrorName(cudaGetLastError()));
    return 0;
  }
  cudaMalloc((void **)&dResult, keys * sizeof(int));
  cudaMemcpy(dTree, tree, sizeof(tree), cudaMemcpyHostToDevice);
  walk<<<1, keys>>>(dTree, nodes, dResult);
  int result[keys];
  cudaMemcpy(result, dResult, sizeof(result), cudaMemcpyDeviceToHost);
  int bad = 0, found = 0;
  for (int k = 0; k < keys; ++k) {
    bad += result[k] != hostPathLength(tree, nodes, k);
    found += result[k] > 0;
  }
  printf("goto walk: %d keys, %d found, %d wrong\n", keys, found, bad);
  return bad != 0;
}

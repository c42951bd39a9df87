// nvcc's implicit cuda_runtime.h brings <utility> in C++, and with it
// std::initializer_list: a range-for over a braced list, std::pair and
// std::move compile in a .cu file that includes nothing (libcu++'s
// work_stealing test: "cannot deduce type of initializer list because
// std::initializer_list was not found").
// RUN: nvcc --amdgpu-arch=host -c %s -o %t.o

int sum() {
  int total = 0;
  for (int v : {1, 2, 3})
    total += v;
  std::pair<int, int> p = std::make_pair(total, 4);
  int moved = std::move(p.second);
  return p.first + moved;
}

__global__ void kernel(int *out) { *out = 1; }

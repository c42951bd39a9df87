//===- Orderings.cpp - Reverse Cuthill-McKee --------------------*- C++ -*-===//
//
// Part of Rubicon. The ordering cuSOLVER's sparse API offers as symrcm, and
// which Rubicon also answers for symamd, symmdq and metisnd (their
// purpose, fill reduction, matters less to band solvers than bandwidth).
// Each connected component starts from a node of least degree and is
// visited breadth first, neighbours by increasing degree; the order is
// then reversed.
//
//===----------------------------------------------------------------------===//
#include "Banded.h"

#include <queue>

namespace rubicon::cusolver::sparse {

std::vector<int> reverseCuthillMcKee(const CsrPattern &A) {
  int N = A.N;
  std::vector<std::vector<int>> Neighbours(N);
  for (int I = 0; I < A.M; ++I)
    for (int K = A.RowPtr[I]; K < A.RowPtr[I + 1]; ++K) {
      int J = A.ColInd[K];
      if (J != I && J < N && I < N) {
        Neighbours[I].push_back(J);
        Neighbours[J].push_back(I);
      }
    }
  for (auto &List : Neighbours) {
    std::sort(List.begin(), List.end());
    List.erase(std::unique(List.begin(), List.end()), List.end());
  }
  auto degree = [&](int V) { return Neighbours[V].size(); };
  for (auto &List : Neighbours)
    std::stable_sort(List.begin(), List.end(),
                     [&](int X, int Y) { return degree(X) < degree(Y); });
  std::vector<int> Order;
  Order.reserve(N);
  std::vector<bool> Seen(N, false);
  while (int(Order.size()) < N) {
    int Start = -1;
    for (int V = 0; V < N; ++V)
      if (!Seen[V] && (Start < 0 || degree(V) < degree(Start)))
        Start = V;
    std::queue<int> Queue;
    Queue.push(Start);
    Seen[Start] = true;
    while (!Queue.empty()) {
      int V = Queue.front();
      Queue.pop();
      Order.push_back(V);
      for (int W : Neighbours[V])
        if (!Seen[W]) {
          Seen[W] = true;
          Queue.push(W);
        }
    }
  }
  std::reverse(Order.begin(), Order.end());
  return Order;
}

} // namespace rubicon::cusolver::sparse

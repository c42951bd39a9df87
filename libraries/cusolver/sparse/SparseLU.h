//===- SparseLU.h - Sparse LU with threshold partial pivoting ---*- C++ -*-===//
//
// Part of Rubicon. The host backend of cuSOLVER's csrlu (low-level sparse
// LU): a left-looking factorization column by column (Gilbert and Peierls),
// each column of L found by a depth-first search over the columns of L
// already made, so the work is proportional to the arithmetic and the fill
// is only what the elimination creates. Row pivoting with a threshold t:
// the diagonal entry is kept when |a_kk| >= t * max |a_ik| over the rows
// not yet pivotal, else the largest of them is taken (t = 1: partial
// pivoting; t = 0: no pivoting while the diagonal is nonzero).
//
// The result is P A = L U: P[k] is the row of A that is row k of L U, L is
// unit lower triangular (its diagonal not stored), U upper triangular. A
// zero pivot (a structurally or numerically singular column) keeps a zero
// on U's diagonal and the factorization goes on; zeroPivot(tol) names the
// first diagonal entry of U with |u_kk| <= tol.
//
//===----------------------------------------------------------------------===//
#ifndef RUBICON_CUSOLVER_SPARSE_SPARSELU_H
#define RUBICON_CUSOLVER_SPARSE_SPARSELU_H

#include <algorithm>
#include <cmath>
#include <complex>
#include <vector>

namespace rubicon::cusolver::sparse {

/// A square matrix in compressed sparse columns (0-based).
template <class V> struct CscMatrix {
  int N = 0;
  std::vector<int> ColPtr, RowInd;
  std::vector<V> Values;
};

/// A CSR matrix (RowPtr and ColInd 0-based after Base is taken off) as
/// columns: the transpose of its storage.
template <class V>
CscMatrix<V> csrToCsc(int N, const int *RowPtr, const int *ColInd,
                      const V *Values, int Base) {
  CscMatrix<V> A;
  A.N = N;
  A.ColPtr.assign(N + 1, 0);
  int Nnz = N ? RowPtr[N] - RowPtr[0] : 0;
  A.RowInd.resize(Nnz);
  A.Values.resize(Nnz);
  for (int K = 0; K < Nnz; ++K)
    ++A.ColPtr[ColInd[K] - Base + 1];
  for (int J = 0; J < N; ++J)
    A.ColPtr[J + 1] += A.ColPtr[J];
  std::vector<int> Next(A.ColPtr.begin(), A.ColPtr.end() - 1);
  for (int I = 0; I < N; ++I)
    for (int K = RowPtr[I] - Base; K < RowPtr[I + 1] - Base; ++K) {
      int At = Next[ColInd[K] - Base]++;
      A.RowInd[At] = I;
      A.Values[At] = Values[K];
    }
  return A;
}

template <class V> double magnitude(V X) { return std::abs(X); }

template <class V> class SparseLU {
public:
  /// Factors A (square, its indices in range). Threshold in [0, 1].
  void factor(const CscMatrix<V> &A, double Threshold) {
    N = A.N;
    L = CscMatrix<V>{N, {0}, {}, {}};
    U = CscMatrix<V>{N, {0}, {}, {}};
    RowOfPivot.assign(N, -1);
    std::vector<int> PivotOf(N, -1); // original row -> pivot step
    std::vector<V> X(N, V(0));
    std::vector<int> Mark(N, -1), Reach, Stack, Position;
    Reach.reserve(N);
    for (int K = 0; K < N; ++K) {
      // The rows X = L \ A(:, K) can be nonzero in, in topological order
      // (Reach from its end), by a depth-first search from A(:, K)'s rows
      // through the columns of L their pivots made.
      Reach.clear();
      for (int P = A.ColPtr[K]; P < A.ColPtr[K + 1]; ++P) {
        int Start = A.RowInd[P];
        if (Mark[Start] == K)
          continue;
        Stack.assign(1, Start);
        Position.assign(1, -1);
        Mark[Start] = K;
        while (!Stack.empty()) {
          int Row = Stack.back();
          int Column = PivotOf[Row];
          int &Next = Position.back();
          if (Next < 0)
            Next = Column < 0 ? 0 : L.ColPtr[Column];
          int End = Column < 0 ? 0 : L.ColPtr[Column + 1];
          bool Descended = false;
          while (Next < End) {
            int Child = L.RowInd[Next++];
            if (Mark[Child] != K) {
              Mark[Child] = K;
              Stack.push_back(Child);
              Position.push_back(-1);
              Descended = true;
              break;
            }
          }
          if (!Descended) {
            Reach.push_back(Row);
            Stack.pop_back();
            Position.pop_back();
          }
        }
      }
      // Numbers: scatter A(:, K), then eliminate in topological order.
      for (int Row : Reach)
        X[Row] = V(0);
      for (int P = A.ColPtr[K]; P < A.ColPtr[K + 1]; ++P)
        X[A.RowInd[P]] += A.Values[P];
      for (auto It = Reach.rbegin(); It != Reach.rend(); ++It) {
        int Column = PivotOf[*It];
        if (Column < 0)
          continue;
        V Xj = X[*It];
        for (int P = L.ColPtr[Column]; P < L.ColPtr[Column + 1]; ++P)
          X[L.RowInd[P]] -= L.Values[P] * Xj;
      }
      // U(:, K): the pivotal rows, by their steps; the pivot among the rest.
      int Pivot = -1;
      double Largest = -1;
      for (int Row : Reach) {
        if (PivotOf[Row] >= 0) {
          U.RowInd.push_back(PivotOf[Row]);
          U.Values.push_back(X[Row]);
        } else if (magnitude(X[Row]) > Largest) {
          Largest = magnitude(X[Row]);
          Pivot = Row;
        }
      }
      if (PivotOf[K] < 0 && Mark[K] == K && magnitude(X[K]) > 0 &&
          magnitude(X[K]) >= Threshold * Largest)
        Pivot = K;
      if (Pivot < 0) {
        // No candidate row in the column: structurally singular. The
        // diagonal row, else the first row not yet pivotal, with a zero.
        Pivot = PivotOf[K] < 0 ? K : firstFree(PivotOf);
        X[Pivot] = V(0);
      }
      V Diagonal = X[Pivot];
      U.RowInd.push_back(K);
      U.Values.push_back(Diagonal);
      PivotOf[Pivot] = K;
      RowOfPivot[K] = Pivot;
      for (int Row : Reach) {
        if (PivotOf[Row] >= 0)
          continue;
        L.RowInd.push_back(Row);
        L.Values.push_back(Diagonal == V(0) ? V(0) : X[Row] / Diagonal);
      }
      L.ColPtr.push_back(int(L.RowInd.size()));
      U.ColPtr.push_back(int(U.RowInd.size()));
    }
    // L's rows by pivot step.
    for (int &Row : L.RowInd)
      Row = PivotOf[Row];
  }

  /// The first k with |u_kk| <= Tol, or -1.
  int zeroPivot(double Tol) const {
    for (int K = 0; K < N; ++K)
      if (magnitude(U.Values[U.ColPtr[K + 1] - 1]) <= Tol)
        return K;
    return -1;
  }

  /// X = A \ B: X = U \ (L \ B(P)).
  void solve(const V *B, V *X) const {
    std::vector<V> Y(N);
    for (int K = 0; K < N; ++K)
      Y[K] = B[RowOfPivot[K]];
    for (int K = 0; K < N; ++K)
      for (int P = L.ColPtr[K]; P < L.ColPtr[K + 1]; ++P)
        Y[L.RowInd[P]] -= L.Values[P] * Y[K];
    for (int K = N - 1; K >= 0; --K) {
      int Last = U.ColPtr[K + 1] - 1; // the diagonal
      Y[K] /= U.Values[Last];
      for (int P = U.ColPtr[K]; P < Last; ++P)
        Y[U.RowInd[P]] -= U.Values[P] * Y[K];
    }
    std::copy(Y.begin(), Y.end(), X);
  }

  int nnzL() const { return int(L.RowInd.size()); }
  int nnzU() const { return int(U.RowInd.size()); }

  /// L (without its unit diagonal) and U as CSR with sorted columns;
  /// P[k]: the row of A that is row k of L U.
  void extract(int *P, V *LValues, int *LRowPtr, int *LColInd, V *UValues,
               int *URowPtr, int *UColInd, int LBase, int UBase) const {
    std::copy(RowOfPivot.begin(), RowOfPivot.end(), P);
    toCsr(L, LValues, LRowPtr, LColInd, LBase);
    toCsr(U, UValues, URowPtr, UColInd, UBase);
  }

  int size() const { return N; }

private:
  static int firstFree(const std::vector<int> &PivotOf) {
    for (size_t Row = 0; Row < PivotOf.size(); ++Row)
      if (PivotOf[Row] < 0)
        return int(Row);
    return 0;
  }

  static void toCsr(const CscMatrix<V> &C, V *Values, int *RowPtr,
                    int *ColInd, int Base) {
    int N = C.N;
    std::vector<int> Count(N + 1, 0);
    for (int Row : C.RowInd)
      ++Count[Row + 1];
    for (int I = 0; I < N; ++I)
      Count[I + 1] += Count[I];
    for (int I = 0; I <= N; ++I)
      RowPtr[I] = Count[I] + Base;
    // Columns in increasing order give sorted rows.
    for (int J = 0; J < N; ++J)
      for (int P = C.ColPtr[J]; P < C.ColPtr[J + 1]; ++P) {
        int At = Count[C.RowInd[P]]++;
        ColInd[At] = J + Base;
        Values[At] = C.Values[P];
      }
  }

  int N = 0;
  CscMatrix<V> L, U; // U's diagonal is the last entry of each column
  std::vector<int> RowOfPivot;
};

} // namespace rubicon::cusolver::sparse

#endif // RUBICON_CUSOLVER_SPARSE_SPARSELU_H

//===- Executor.h - Executable graphs and their launch ----------*- C++ -*-===//
//
// Part of Rubicon. An executable graph (cudaGraphExec_t/CUgraphExec) is a
// copy of a graph's node parameters in dependency order. A launch issues
// each node, in that order, to the launch stream through the backend's
// stream operations (kernel launch, copies, fills, host callbacks, event
// record/wait): the stream's order then implies every edge of the graph.
// Conditional nodes read their condition after the work before them is done
// (the launching thread waits for the stream at that point). docs/graphs.md.
//
//===----------------------------------------------------------------------===//

#ifndef RUBICON_GRAPHS_EXECUTOR_H
#define RUBICON_GRAPHS_EXECUTOR_H

#include "Graph.h"

namespace rubicon::graphs {

struct ExecNode {
  /// The graph node this was instantiated from, and the nodes of graphs it
  /// was updated from since (the per-node setters accept any of them).
  std::vector<const Node *> Keys;
  NodeParams Params;
  bool Enabled = true;
  std::unique_ptr<ExecGraph> Child;
  std::vector<std::unique_ptr<ExecGraph>> Bodies;
};

struct ExecGraph {
  /// In dependency order.
  std::vector<ExecNode> Nodes;
  /// Positions in Nodes of the graph nodes in creation order (the order
  /// cudaGraphExecUpdate pairs nodes by) and their edges, as positions.
  std::vector<size_t> CreationOrder;
  std::vector<std::pair<size_t, size_t>> Edges;
  unsigned long long Flags = 0;
  std::map<UserObject *, unsigned> UserObjects;
  std::vector<std::shared_ptr<ConditionalHandle>> Conditions;
  /// A copy of the graph, for stream capture of a launch (a child graph
  /// node) and cudaGraphExecUpdate's bookkeeping.
  std::unique_ptr<Graph> Source;
  /// Where the last launch went (destruction waits for it).
  Backend *LastBackend = nullptr;
  cudaStream_t LastStream = nullptr;
  bool TopLevel = true;
  ~ExecGraph();
};

/// Instantiates G. On failure ErrorNode/Result say why.
cudaError_t instantiate(const Graph &G, unsigned long long Flags,
                        ExecGraph *&Out, const Node *&ErrorNode,
                        cudaGraphInstantiateResult &Result);
void destroyExec(ExecGraph *E);
/// Issues batch memory operations to S (cuStreamBatchMemOp and the batch
/// memory operation node): waits and writes through the backend.
cudaError_t runMemOperations(Backend &B, const std::vector<MemOperation> &Ops,
                             cudaStream_t S);
/// Issues E's nodes to Stream.
cudaError_t launch(ExecGraph &E, Backend &B, cudaStream_t Stream);
/// cudaGraphExecUpdate: G must have E's topology.
cudaError_t update(ExecGraph &E, const Graph &G,
                   cudaGraphExecUpdateResultInfo &Info);
/// The executable node made from graph node N (nullptr if none).
ExecNode *findExecNode(ExecGraph &E, const Node *N);
/// Replaces a node's parameters in E (the per-node exec setters): the type
/// must stay; child graphs must keep their topology.
cudaError_t setExecNodeParams(ExecGraph &E, const Node *N,
                              const NodeParams &Params, const Graph *Child);

} // namespace rubicon::graphs

#endif // RUBICON_GRAPHS_EXECUTOR_H

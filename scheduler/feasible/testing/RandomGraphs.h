//===- RandomGraphs.h - Random layered graphs -------------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// A generator of random, well-formed scheduling problems shaped like
// networks: an input loaded from DDR, layers of DPU / SHAVE tasks reading
// earlier activations and weights (loaded by data DMAs, some shared), with
// in-place updates, buffers written by two tasks (concatenation), activations
// round-tripping through DDR, explicit dependencies and outputs copied to
// DDR. The CMX capacity is set between the largest task footprint (pressure
// 1) and the sum of all CMX buffers (pressure 0).
//
//===----------------------------------------------------------------------===//

#ifndef VPUC_SCHEDULER_FEASIBLE_TESTING_RANDOMGRAPHS_H_
#define VPUC_SCHEDULER_FEASIBLE_TESTING_RANDOMGRAPHS_H_

#include <cstdint>

#include "scheduler/feasible/FeasibleScheduler.h"

namespace mlir::vpuc::sched::feasible {

/// Shape of the random graphs.
struct RandomGraphOptions {
  /// Number of DPU / SHAVE tasks (DMA tasks come on top).
  unsigned numComputeTasks = 40;
  /// Maximum tasks per layer.
  unsigned maxLayerWidth = 4;
  /// How far back (in layers) a task may read activations.
  unsigned maxReadDistance = 3;
  /// Activation and weight sizes are drawn in [1, max] units of 64 bytes.
  unsigned maxActivationUnits = 64;
  /// See maxActivationUnits.
  unsigned maxWeightUnits = 32;
  /// Memory pressure in [0, 1]: 0 gives room for everything at once, 1 only
  /// the largest task footprint.
  double pressure = 0.5;
  /// Whether to add the irregular features (in place, double writers, DDR
  /// round trips, explicit dependencies, odd alignments and sizes).
  bool irregular = true;
  /// Number of CMX arenas (clusters): every CMX buffer is put in a random
  /// arena, and each arena gets its own capacity (the pressure applied to
  /// the buffers of that arena); with several, half of the loads are twins
  /// of the other loads of their source (Buffer::twin). 1 keeps
  /// Graph::arenaCapacities empty.
  unsigned numArenas = 1;
  /// With this chance, a DPU task reads a new load of the content of
  /// earlier weights (same source, arena, size and alignment, and
  /// Buffer::content) instead of its own weights; 0 draws nothing, so the
  /// other graphs stay as they were.
  double copyChance = 0.0;
};

/// Builds a random graph from `seed`; it always passes verifyGraph.
Graph makeRandomGraph(uint64_t seed, const RandomGraphOptions &options = {});

} // namespace mlir::vpuc::sched::feasible

#endif // VPUC_SCHEDULER_FEASIBLE_TESTING_RANDOMGRAPHS_H_

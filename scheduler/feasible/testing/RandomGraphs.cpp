//===- RandomGraphs.cpp - Random layered graphs -----------------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// The generator of RandomGraphs.h (std::mt19937_64, deterministic per seed).
//
//===----------------------------------------------------------------------===//

#include "scheduler/feasible/testing/RandomGraphs.h"

#include <algorithm>
#include <random>
#include <string>

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/MathExtras.h"

namespace mlir::vpuc::sched::feasible {

namespace {

class Generator {
public:
  Generator(uint64_t seed, const RandomGraphOptions &options)
      : rng(seed), options(options) {}

  Graph run();

private:
  uint64_t uniform(uint64_t lo, uint64_t hi) {
    return std::uniform_int_distribution<uint64_t>(lo, hi)(rng);
  }
  bool chance(double p) { return std::bernoulli_distribution(p)(rng); }
  unsigned cmxBuffer(const std::string &name, unsigned maxUnits);
  unsigned dataTask(unsigned source, unsigned maxUnits,
                    const std::string &name);
  /// Adds the DMA loading `buffer` from `source`.
  void addLoad(unsigned source, unsigned buffer);

  std::mt19937_64 rng;
  const RandomGraphOptions &options;
  Graph graph;
  /// Non-data tasks, for explicit dependencies.
  std::vector<unsigned> computeTasks;
};

unsigned Generator::cmxBuffer(const std::string &name, unsigned maxUnits) {
  Buffer buffer;
  buffer.name = name;
  buffer.memory = MemoryKind::CMX;
  buffer.size = 64 * uniform(1, maxUnits);
  buffer.alignment = 64;
  if (options.numArenas > 1) {
    buffer.arena = uniform(0, options.numArenas - 1);
  }
  if (options.irregular && chance(0.2)) {
    static const uint64_t alignments[] = {1, 16, 256, 1024};
    buffer.alignment = alignments[uniform(0, 3)];
    buffer.size = uniform(0, 64 * maxUnits);
  }
  return graph.addBuffer(buffer);
}

unsigned Generator::dataTask(unsigned source, unsigned maxUnits,
                             const std::string &name) {
  unsigned buffer = cmxBuffer(name, maxUnits);
  // Loads of one source into several arenas are twins half of the time.
  if (options.numArenas > 1 && chance(0.5)) {
    graph.buffers[buffer].twin = source + 1;
  }
  addLoad(source, buffer);
  return buffer;
}

void Generator::addLoad(unsigned source, unsigned buffer) {
  Task task;
  task.name = "load_" + graph.buffers[buffer].name;
  task.executor = ExecutorKind::DMA;
  task.cost = 1 + graph.buffers[buffer].size / 32;
  task.reads.push_back(source);
  task.writes.push_back(buffer);
  graph.addTask(task);
}

Graph Generator::run() {
  Buffer input;
  input.name = "input";
  input.memory = MemoryKind::DDR;
  input.reloadable = true;
  input.size = 64 * options.maxActivationUnits;
  unsigned inputBuffer = graph.addBuffer(input);
  Buffer constants;
  constants.name = "constants";
  constants.memory = MemoryKind::DDR;
  constants.reloadable = true;
  constants.size = 1 << 20;
  unsigned constantBuffer = graph.addBuffer(constants);

  // Activations by layer.
  std::vector<std::vector<unsigned>> layers;
  layers.push_back({dataTask(inputBuffer, options.maxActivationUnits, "x")});
  std::vector<unsigned> weights;
  unsigned numCompute = 0;
  unsigned numOutputs = 0;
  while (numCompute < options.numComputeTasks) {
    std::vector<unsigned> layer;
    unsigned width = uniform(1, options.maxLayerWidth);
    for (unsigned i = 0; i < width && numCompute < options.numComputeTasks;
         ++i) {
      std::string id = std::to_string(numCompute++);
      Task task;
      task.name = "op" + id;
      task.executor = chance(0.75) ? ExecutorKind::DPU : ExecutorKind::Shave;
      auto pickActivation = [&]() {
        unsigned distance = uniform(
            1, std::min<size_t>(options.maxReadDistance, layers.size()));
        const std::vector<unsigned> &from = layers[layers.size() - distance];
        return from[uniform(0, from.size() - 1)];
      };
      unsigned numInputs = uniform(1, 2);
      for (unsigned k = 0; k < numInputs; ++k) {
        unsigned activation = pickActivation();
        if (!llvm::is_contained(task.reads, activation)) {
          task.reads.push_back(activation);
        }
      }
      if (task.executor == ExecutorKind::DPU) {
        if (!weights.empty() && options.copyChance > 0.0 &&
            chance(options.copyChance)) {
          unsigned original = weights[uniform(0, weights.size() - 1)];
          Buffer copy = graph.buffers[original];
          copy.name = "c" + id;
          copy.content = original + 1;
          graph.buffers[original].content = original + 1;
          unsigned buffer = graph.addBuffer(copy);
          addLoad(constantBuffer, buffer);
          task.reads.push_back(buffer);
        } else if (!weights.empty() && chance(0.2)) {
          task.reads.push_back(weights[uniform(0, weights.size() - 1)]);
        } else {
          unsigned w =
              dataTask(constantBuffer, options.maxWeightUnits, "w" + id);
          weights.push_back(w);
          task.reads.push_back(w);
        }
      }
      task.cost = uniform(10, 200);
      if (options.irregular && chance(0.08)) {
        // In place: update the first input, which becomes this layer's
        // activation.
        task.writes.push_back(task.reads.front());
        layer.push_back(task.reads.front());
      } else {
        unsigned out = cmxBuffer("a" + id, options.maxActivationUnits);
        task.writes.push_back(out);
        layer.push_back(out);
      }
      if (options.irregular && !computeTasks.empty() && chance(0.05)) {
        task.deps.push_back(computeTasks[uniform(0, computeTasks.size() - 1)]);
      }
      computeTasks.push_back(graph.addTask(task));

      if (options.irregular && chance(0.05)) {
        // A second writer of the same buffer (a concatenation).
        Task second;
        second.name = "op" + id + "_concat";
        second.executor = ExecutorKind::Shave;
        second.cost = uniform(10, 100);
        second.reads.push_back(pickActivation());
        second.writes.push_back(task.writes.front());
        computeTasks.push_back(graph.addTask(second));
      }
      if (options.irregular && chance(0.05)) {
        // Round trip of the result through DDR.
        Buffer ddr;
        ddr.name = "ddr" + id;
        ddr.memory = MemoryKind::DDR;
        ddr.size = graph.buffers[layer.back()].size;
        unsigned ddrBuffer = graph.addBuffer(ddr);
        Task store;
        store.name = "store" + id;
        store.executor = ExecutorKind::DMA;
        store.cost = 1 + ddr.size / 32;
        store.reads.push_back(layer.back());
        store.writes.push_back(ddrBuffer);
        computeTasks.push_back(graph.addTask(store));
        unsigned back = cmxBuffer("b" + id, options.maxActivationUnits);
        graph.buffers[back].size = ddr.size;
        Task load;
        load.name = "fetch" + id;
        load.executor = ExecutorKind::DMA;
        load.cost = store.cost;
        load.reads.push_back(ddrBuffer);
        load.writes.push_back(back);
        computeTasks.push_back(graph.addTask(load));
        layer.back() = back;
      }
    }
    layers.push_back(layer);
    if (chance(0.1)) {
      // A side output.
      Buffer out;
      out.name = "out" + std::to_string(numOutputs++);
      out.memory = MemoryKind::DDR;
      unsigned activation = layer[uniform(0, layer.size() - 1)];
      out.size = graph.buffers[activation].size;
      unsigned outBuffer = graph.addBuffer(out);
      Task store;
      store.name = "store_" + out.name;
      store.executor = ExecutorKind::DMA;
      store.cost = 1 + out.size / 32;
      store.reads.push_back(activation);
      store.writes.push_back(outBuffer);
      computeTasks.push_back(graph.addTask(store));
    }
  }
  for (unsigned activation : layers.back()) {
    Buffer out;
    out.name = "out" + std::to_string(numOutputs++);
    out.memory = MemoryKind::DDR;
    out.size = graph.buffers[activation].size;
    unsigned outBuffer = graph.addBuffer(out);
    Task store;
    store.name = "store_" + out.name;
    store.executor = ExecutorKind::DMA;
    store.cost = 1 + out.size / 32;
    store.reads.push_back(activation);
    store.writes.push_back(outBuffer);
    graph.addTask(store);
  }

  // Capacity of each arena between the largest footprint in it and the sum
  // of its CMX buffers.
  double p = std::clamp(options.pressure, 0.0, 1.0);
  unsigned numArenas = std::max(1u, options.numArenas);
  for (unsigned arena = 0; arena < numArenas; ++arena) {
    uint64_t largest = 0;
    for (unsigned t = 0, e = graph.tasks.size(); t < e; ++t) {
      largest = std::max(largest, getTaskCmxFootprint(graph, t, arena));
    }
    uint64_t total = 0;
    for (const Buffer &buffer : graph.buffers) {
      if (buffer.memory == MemoryKind::CMX && buffer.arena == arena) {
        total += llvm::alignTo(buffer.size, buffer.alignment);
      }
    }
    total = std::max(total, largest);
    uint64_t capacity =
        largest + static_cast<uint64_t>((1.0 - p) * (total - largest));
    if (numArenas == 1) {
      graph.cmxCapacity = capacity;
    } else {
      graph.arenaCapacities.push_back(capacity);
    }
  }
  return std::move(graph);
}

} // namespace

Graph makeRandomGraph(uint64_t seed, const RandomGraphOptions &options) {
  return Generator(seed, options).run();
}

} // namespace mlir::vpuc::sched::feasible

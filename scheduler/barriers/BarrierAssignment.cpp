//===- BarrierAssignment.cpp - Virtual to physical barrier assignment -----===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Greedy assignment of physical barrier ids over a happens-before relation
// kept as vector clocks.
//
// Happens-before (HB) is the transitive closure of the executor order and of
// the barrier edges (producer -> consumer), plus the orderings that reuses
// add. It is kept as vector clocks: VC[t][e] is the number of tasks of
// executor e that happen before or are t. So a <= b iff
// pos(a) < VC[b][exec(a)], the join of a set of tasks is the component-wise
// max, and "no task of set U happens before or is a task of set S" is
// J_S[exec(u)] <= pos(u) for every u in U, in O(|U|) once J_S is known.
// New orderings (a set of sources before a set of targets) are added as
// "sync nodes" and propagated forward incrementally (clocks only grow).
//
// Algorithm. Barriers are processed in the order they are released in one
// topological order of the program (the latest position of their producers;
// barriers without producers just before their first consumer). Let the
// completion set S(w) of a barrier be its consumers (they end the use when
// they start) or, without consumers, its producers. For barrier v and each
// physical id p with last use w:
//  1. p is free if every user (producer or consumer) of v already happens
//     strictly after all of S(w) (a producer of v may also be one of the
//     consumers in S(w): it consumes w when it starts and signals v when it
//     finishes, so it only needs the other tasks of S(w) before it): the reuse
//     costs no parallelism. Among free
//     ids the least recently used one is taken (unused ids count as oldest).
//  2. Otherwise p can be reused with an added ordering S(w) -> users(v) if
//     that creates no cycle, i.e. no user of v happens before or is a task of
//     S(w). Among such ids the one needing the fewest new user orderings is
//     taken (then least recently used); the ordering is added to HB (the
//     runtime enforces it by its dispatch rule) and recorded.
//  3. Otherwise v may be merged into w (one use with the union of producers
//     and consumers) if that stays acyclic (no consumer of w before a
//     producer of v, no consumer of v before a producer of w, no user of v
//     before the completion of the use before w) and within the per-barrier
//     limits.
//  4. Otherwise the assignment fails, naming v and, for every physical id,
//     its last use and a user of v that precedes its completion.
// Cost: O((T + B_edges) * E) to build the clocks; per barrier
// O(N * |users| + N * |S| * E) for the checks, plus the forward propagation
// of each added ordering (bounded by O((T + edges) * E) each, usually local).
// T tasks, E executors, N physical barriers.
//
// Fallback. The greedy can corner itself with few physical barriers (every
// id held by a use whose completion waits for the barrier to place, and no
// acyclic merge). Then, for N >= 2, the program is assigned again from
// scratch by a segment walk (assignBySegments): one topological order is cut
// into segments joined by appended sync barriers (last task of each executor
// before the cut -> first task of each executor after it), dependencies the
// cuts imply are dropped, and a cut is placed wherever the open barriers
// would not fit in N. It trades parallelism across cuts for a guarantee; see
// its comment for the proof of progress and of deadlock freedom.
//
//===----------------------------------------------------------------------===//

#include "scheduler/barriers/BarrierProgram.h"

#include <algorithm>
#include <cassert>
#include <deque>
#include <functional>
#include <queue>
#include <tuple>

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/Twine.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::vpuc::sched {

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

namespace {

/// Happens-before as vector clocks with incremental ordering insertion.
class HappensBefore {
public:
  /// Builds the clocks of `program`; fails on a dependency cycle.
  llvm::Error build(const BarrierProgram &program);

  unsigned executorOf(unsigned task) const { return execOf[task]; }
  unsigned positionOf(unsigned task) const { return pos[task]; }
  unsigned topoPosition(unsigned task) const { return topoPos[task]; }
  const uint32_t *clock(unsigned task) const {
    return &clocks[size_t(task) * numExecutors];
  }

  /// Join of the clocks of `tasks`.
  std::vector<uint32_t> join(llvm::ArrayRef<unsigned> tasks) const {
    std::vector<uint32_t> result(numExecutors, 0);
    for (unsigned task : tasks) {
      const uint32_t *c = clock(task);
      for (unsigned e = 0; e < numExecutors; ++e) {
        result[e] = std::max(result[e], c[e]);
      }
    }
    return result;
  }

  /// True if `task` happens before or is a task summarised by `joined`.
  bool precedesOrIs(unsigned task, llvm::ArrayRef<uint32_t> joined) const {
    return joined[execOf[task]] > pos[task];
  }

  /// True if every task summarised by `joined` happens strictly before `task`.
  bool strictlyAfter(unsigned task, llvm::ArrayRef<uint32_t> joined) const {
    const uint32_t *c = clock(task);
    for (unsigned e = 0; e < numExecutors; ++e) {
      if (e == execOf[task] ? joined[e] > pos[task] : joined[e] > c[e]) {
        return false;
      }
    }
    return true;
  }

  /// True if `a` happens before or is `b`.
  bool leq(unsigned a, unsigned b) const {
    return clock(b)[execOf[a]] > pos[a];
  }

  /// True if every task summarised by `joined` happens before or is `task`.
  bool afterOrIs(unsigned task, llvm::ArrayRef<uint32_t> joined) const {
    const uint32_t *c = clock(task);
    for (unsigned e = 0; e < numExecutors; ++e) {
      if (joined[e] > c[e]) {
        return false;
      }
    }
    return true;
  }

  /// Adds the ordering: every task of `sources` before every task of
  /// `targets`. The caller has checked that no cycle results.
  void addOrdering(llvm::ArrayRef<unsigned> sources,
                   llvm::ArrayRef<unsigned> targets);

private:
  void raise(unsigned task, llvm::ArrayRef<uint32_t> joined,
             std::vector<unsigned> &worklist);

  unsigned numExecutors = 0;
  std::vector<unsigned> execOf, pos, topoPos, nextOnExec;
  std::vector<uint32_t> clocks;
  /// Sync nodes (a barrier or an added ordering): sources and targets.
  std::vector<llvm::SmallVector<unsigned, 4>> syncSources, syncTargets;
  std::vector<std::vector<uint32_t>> syncClock;
  /// For each task, the sync nodes it is a source of.
  std::vector<llvm::SmallVector<unsigned, 2>> outSyncs;
};

llvm::Error HappensBefore::build(const BarrierProgram &program) {
  unsigned numTasks = program.numTasks();
  numExecutors = program.numExecutors;
  execOf = program.taskExecutor;
  pos.assign(numTasks, 0);
  nextOnExec.assign(numTasks, ~0u);
  std::vector<unsigned> lastOnExec(numExecutors, ~0u);
  std::vector<unsigned> indegree(numTasks, 0);
  for (unsigned task = 0; task < numTasks; ++task) {
    unsigned exec = execOf[task];
    if (lastOnExec[exec] != ~0u) {
      pos[task] = pos[lastOnExec[exec]] + 1;
      nextOnExec[lastOnExec[exec]] = task;
      ++indegree[task];
    }
    lastOnExec[exec] = task;
  }
  outSyncs.assign(numTasks, {});
  std::vector<unsigned> syncIndegree;
  for (const VirtualBarrier &barrier : program.barriers) {
    unsigned id = syncSources.size();
    syncSources.emplace_back(barrier.producers.begin(),
                             barrier.producers.end());
    syncTargets.emplace_back(barrier.consumers.begin(),
                             barrier.consumers.end());
    syncClock.emplace_back(numExecutors, 0);
    syncIndegree.push_back(barrier.producers.size());
    for (unsigned task : barrier.producers) {
      outSyncs[task].push_back(id);
    }
    for (unsigned task : barrier.consumers) {
      ++indegree[task];
    }
  }
  clocks.assign(size_t(numTasks) * numExecutors, 0);
  topoPos.assign(numTasks, 0);
  std::vector<unsigned> ready;
  for (unsigned task = 0; task < numTasks; ++task) {
    if (indegree[task] == 0) {
      ready.push_back(task);
    }
  }
  // Barriers with no producers release their consumers at once.
  auto releaseSync = [&](unsigned id) {
    for (unsigned target : syncTargets[id]) {
      uint32_t *c = &clocks[size_t(target) * numExecutors];
      for (unsigned e = 0; e < numExecutors; ++e) {
        c[e] = std::max(c[e], syncClock[id][e]);
      }
      if (--indegree[target] == 0) {
        ready.push_back(target);
      }
    }
  };
  for (unsigned id = 0, e = syncSources.size(); id < e; ++id) {
    if (syncIndegree[id] == 0) {
      releaseSync(id);
    }
  }
  unsigned done = 0;
  while (!ready.empty()) {
    unsigned task = ready.back();
    ready.pop_back();
    topoPos[task] = done++;
    uint32_t *c = &clocks[size_t(task) * numExecutors];
    c[execOf[task]] = pos[task] + 1;
    if (nextOnExec[task] != ~0u) {
      uint32_t *n = &clocks[size_t(nextOnExec[task]) * numExecutors];
      for (unsigned e = 0; e < numExecutors; ++e) {
        n[e] = std::max(n[e], c[e]);
      }
      if (--indegree[nextOnExec[task]] == 0) {
        ready.push_back(nextOnExec[task]);
      }
    }
    for (unsigned id : outSyncs[task]) {
      for (unsigned e = 0; e < numExecutors; ++e) {
        syncClock[id][e] = std::max(syncClock[id][e], c[e]);
      }
      if (--syncIndegree[id] == 0) {
        releaseSync(id);
      }
    }
  }
  if (done == numTasks) {
    return llvm::Error::success();
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  os << "the program has a dependency cycle: " << numTasks - done
     << " tasks can never start, e.g. tasks";
  unsigned listed = 0;
  for (unsigned task = 0; task < numTasks && listed < 8; ++task) {
    if (indegree[task] != 0) {
      os << " " << task;
      ++listed;
    }
  }
  return makeError(text);
}

void HappensBefore::raise(unsigned task, llvm::ArrayRef<uint32_t> joined,
                          std::vector<unsigned> &worklist) {
  uint32_t *c = &clocks[size_t(task) * numExecutors];
  bool changed = false;
  for (unsigned e = 0; e < numExecutors; ++e) {
    if (joined[e] > c[e]) {
      c[e] = joined[e];
      changed = true;
    }
  }
  if (changed) {
    worklist.push_back(task);
  }
}

void HappensBefore::addOrdering(llvm::ArrayRef<unsigned> sources,
                                llvm::ArrayRef<unsigned> targets) {
  unsigned id = syncSources.size();
  syncSources.emplace_back(sources.begin(), sources.end());
  syncTargets.emplace_back(targets.begin(), targets.end());
  syncClock.push_back(join(sources));
  for (unsigned task : sources) {
    outSyncs[task].push_back(id);
  }
  std::vector<unsigned> worklist;
  for (unsigned target : targets) {
    raise(target, syncClock[id], worklist);
  }
  std::vector<uint32_t> snapshot(numExecutors);
  while (!worklist.empty()) {
    unsigned task = worklist.back();
    worklist.pop_back();
    const uint32_t *c = clock(task);
    snapshot.assign(c, c + numExecutors);
    if (nextOnExec[task] != ~0u) {
      raise(nextOnExec[task], snapshot, worklist);
    }
    for (unsigned sync : outSyncs[task]) {
      bool changed = false;
      for (unsigned e = 0; e < numExecutors; ++e) {
        if (snapshot[e] > syncClock[sync][e]) {
          syncClock[sync][e] = snapshot[e];
          changed = true;
        }
      }
      if (changed) {
        for (unsigned target : syncTargets[sync]) {
          raise(target, syncClock[sync], worklist);
        }
      }
    }
  }
}

/// The completion set of a barrier use: consumers, else producers.
llvm::ArrayRef<unsigned> completionSet(const VirtualBarrier &barrier) {
  return barrier.consumers.empty()
             ? llvm::ArrayRef<unsigned>(barrier.producers)
             : llvm::ArrayRef<unsigned>(barrier.consumers);
}

/// How user `task` of the next use relates to the completion set `S` of the
/// previous use (summarised by `joined`). A producer may itself be one of the
/// consumers in S: it consumes the previous use when it starts and signals the
/// next one when it finishes.
enum class Relation { Implied, Orderable, Cyclic };

Relation relate(const HappensBefore &hb, unsigned task, bool isProducer,
                llvm::ArrayRef<unsigned> completion, bool completionIsConsumers,
                llvm::ArrayRef<uint32_t> joined) {
  if (isProducer && completionIsConsumers &&
      llvm::is_contained(completion, task)) {
    for (unsigned other : completion) {
      if (other != task && hb.leq(task, other)) {
        return Relation::Cyclic;
      }
    }
    for (unsigned other : completion) {
      if (other != task && !hb.leq(other, task)) {
        return Relation::Orderable;
      }
    }
    return Relation::Implied;
  }
  if (hb.precedesOrIs(task, joined)) {
    return Relation::Cyclic;
  }
  if (isProducer && completionIsConsumers) {
    return hb.afterOrIs(task, joined) ? Relation::Implied : Relation::Orderable;
  }
  return hb.strictlyAfter(task, joined) ? Relation::Implied
                                        : Relation::Orderable;
}

/// Number of producers among `users` that are consumers of `previous`. None
/// may be: a task is dispatched only when every physical barrier it
/// references holds the use it names, so a consumer of one use cannot signal
/// the next use of the same physical barrier (it would wait for itself).
unsigned signallingConsumers(llvm::ArrayRef<unsigned> users,
                             unsigned numProducers,
                             const VirtualBarrier &previous) {
  unsigned count = 0;
  for (unsigned i = 0; i < numProducers; ++i) {
    count += llvm::is_contained(previous.consumers, users[i]);
  }
  return count;
}

/// Adds the orderings completion(previous) -> users(next) to `hb`.
void orderAfter(HappensBefore &hb, const VirtualBarrier &previous,
                llvm::ArrayRef<unsigned> users) {
  llvm::ArrayRef<unsigned> completion = completionSet(previous);
  llvm::SmallVector<unsigned> sources(completion.begin(), completion.end());
  llvm::SmallVector<unsigned> others;
  for (unsigned task : users) {
    if (!llvm::is_contained(completion, task)) {
      others.push_back(task);
      continue;
    }
    llvm::SmallVector<unsigned> rest;
    for (unsigned other : completion) {
      if (other != task) {
        rest.push_back(other);
      }
    }
    unsigned single[] = {task};
    hb.addOrdering(rest, single);
  }
  hb.addOrdering(sources, others);
}

/// "virtual barrier 3 (producers: 1 2; consumers: 7)".
std::string describeBarrier(const BarrierProgram &program, unsigned b) {
  std::string text;
  llvm::raw_string_ostream os(text);
  const VirtualBarrier &barrier = program.barriers[b];
  auto list = [&](llvm::ArrayRef<unsigned> tasks) {
    unsigned shown = 0;
    for (unsigned task : tasks) {
      if (shown++ == 8) {
        os << " ...";
        break;
      }
      os << " " << task;
    }
  };
  os << "virtual barrier " << b << " (producers:";
  list(barrier.producers);
  os << "; consumers:";
  list(barrier.consumers);
  os << ")";
  return text;
}

/// The greedy of the file comment (steps 1-4) over the clocks `hb` of
/// `program`, which it updates with its merges.
llvm::Expected<BarrierAssignment> assignGreedy(BarrierProgram &program,
                                               const BarrierLimits &limits,
                                               HappensBefore &hb) {
  unsigned numBarriers = program.barriers.size();
  // Release order in the topological order found by build().
  std::vector<std::pair<uint64_t, unsigned>> keyed;
  keyed.reserve(numBarriers);
  for (unsigned b = 0; b < numBarriers; ++b) {
    const VirtualBarrier &barrier = program.barriers[b];
    uint64_t key;
    if (!barrier.producers.empty()) {
      unsigned last = 0;
      for (unsigned task : barrier.producers) {
        last = std::max(last, hb.topoPosition(task));
      }
      key = 2 * uint64_t(last) + 1;
    } else {
      unsigned first = ~0u;
      for (unsigned task : barrier.consumers) {
        first = std::min(first, hb.topoPosition(task));
      }
      key = 2 * uint64_t(first);
    }
    keyed.emplace_back(key, b);
  }
  llvm::sort(keyed);

  unsigned numPhysical = limits.numPhysicalBarriers;
  BarrierAssignment result;
  result.physicalId.assign(numBarriers, 0);
  result.physicalUses.assign(numPhysical, {});
  result.mergedInto.assign(numBarriers, std::nullopt);
  std::vector<int64_t> lastStep(numPhysical, -1);

  llvm::SmallVector<unsigned, 8> users;
  for (unsigned step = 0; step < numBarriers; ++step) {
    unsigned v = keyed[step].second;
    users.assign(program.barriers[v].producers.begin(),
                 program.barriers[v].producers.end());
    users.append(program.barriers[v].consumers.begin(),
                 program.barriers[v].consumers.end());

    unsigned numProducers = program.barriers[v].producers.size();
    // Relation of every user of v to the last use of p: the worst one, and
    // how many users need a new ordering.
    auto evaluate = [&](unsigned p, unsigned &newOrderings) {
      newOrderings = 0;
      if (result.physicalUses[p].empty()) {
        return Relation::Implied;
      }
      const VirtualBarrier &previous =
          program.barriers[result.physicalUses[p].back()];
      llvm::ArrayRef<unsigned> completion = completionSet(previous);
      std::vector<uint32_t> joined = hb.join(completion);
      if (signallingConsumers(users, numProducers, previous) > 0) {
        return Relation::Cyclic;
      }
      Relation worst = Relation::Implied;
      for (unsigned i = 0, e = users.size(); i < e; ++i) {
        Relation relation = relate(hb, users[i], i < numProducers, completion,
                                   !previous.consumers.empty(), joined);
        if (relation == Relation::Cyclic) {
          return relation;
        }
        if (relation == Relation::Orderable) {
          worst = relation;
          ++newOrderings;
        }
      }
      return worst;
    };
    // 1. Free ids (the reuse is implied), else 2. the cheapest acyclic reuse.
    std::optional<unsigned> chosen;
    std::tuple<unsigned, int64_t, unsigned> best{~0u, 0, 0};
    for (unsigned p = 0; p < numPhysical; ++p) {
      unsigned newOrderings;
      if (evaluate(p, newOrderings) != Relation::Cyclic) {
        best = std::min(best, std::make_tuple(newOrderings, lastStep[p], p));
      }
    }
    if (std::get<0>(best) != ~0u) {
      chosen = std::get<2>(best);
      if (std::get<0>(best) != 0) {
        unsigned previous = result.physicalUses[*chosen].back();
        orderAfter(hb, program.barriers[previous], users);
        result.addedOrderings.push_back({previous, v, *chosen});
      }
    }

    if (chosen) {
      result.physicalId[v] = *chosen;
      result.physicalUses[*chosen].push_back(v);
      result.order.push_back(v);
      lastStep[*chosen] = step;
      continue;
    }

    // 3. Merge into the last use of some id.
    const VirtualBarrier &mine = program.barriers[v];
    for (unsigned p = 0; p < numPhysical && !chosen; ++p) {
      llvm::SmallVector<unsigned> &uses = result.physicalUses[p];
      unsigned w = uses.back();
      VirtualBarrier &theirs = program.barriers[w];
      llvm::SmallVector<unsigned> producers(theirs.producers.begin(),
                                            theirs.producers.end());
      for (unsigned task : mine.producers) {
        if (!llvm::is_contained(producers, task)) {
          producers.push_back(task);
        }
      }
      llvm::SmallVector<unsigned> consumers(theirs.consumers.begin(),
                                            theirs.consumers.end());
      for (unsigned task : mine.consumers) {
        if (!llvm::is_contained(consumers, task)) {
          consumers.push_back(task);
        }
      }
      if (producers.size() > limits.maxProducers ||
          consumers.size() > limits.maxConsumers) {
        continue;
      }
      std::vector<uint32_t> myProducers = hb.join(mine.producers);
      std::vector<uint32_t> theirProducers = hb.join(theirs.producers);
      bool acyclic =
          llvm::none_of(theirs.consumers,
                        [&](unsigned c) {
                          return hb.precedesOrIs(c, myProducers) ||
                                 llvm::is_contained(mine.producers, c);
                        }) &&
          llvm::none_of(mine.consumers, [&](unsigned c) {
            return hb.precedesOrIs(c, theirProducers) ||
                   llvm::is_contained(theirs.producers, c);
          });
      std::optional<unsigned> before;
      if (acyclic && uses.size() > 1) {
        before = uses[uses.size() - 2];
        const VirtualBarrier &previous = program.barriers[*before];
        llvm::ArrayRef<unsigned> completion = completionSet(previous);
        std::vector<uint32_t> joined = hb.join(completion);
        acyclic = signallingConsumers(users, numProducers, previous) == 0;
        for (unsigned i = 0, e = users.size(); i < e && acyclic; ++i) {
          acyclic =
              relate(hb, users[i], i < numProducers, completion,
                     !previous.consumers.empty(), joined) != Relation::Cyclic;
        }
      }
      if (!acyclic) {
        continue;
      }
      hb.addOrdering(mine.producers, theirs.consumers);
      hb.addOrdering(theirs.producers, mine.consumers);
      if (before) {
        orderAfter(hb, program.barriers[*before], users);
      }
      theirs.producers.assign(producers.begin(), producers.end());
      theirs.consumers.assign(consumers.begin(), consumers.end());
      program.barriers[v] = VirtualBarrier();
      result.mergedInto[v] = w;
      result.physicalId[v] = p;
      lastStep[p] = step;
      chosen = p;
    }
    if (chosen) {
      continue;
    }

    // 4. Failure.
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "cannot assign a physical barrier to " << describeBarrier(program, v)
       << " within " << numPhysical
       << " physical barriers: each holds a virtual barrier that completes "
          "only after a task of it, and merging would create a cycle:";
    for (unsigned p = 0; p < numPhysical; ++p) {
      unsigned w = result.physicalUses[p].back();
      std::vector<uint32_t> joined =
          hb.join(completionSet(program.barriers[w]));
      os << " physical " << p << " holds " << describeBarrier(program, w);
      const VirtualBarrier &previous = program.barriers[w];
      for (unsigned i = 0, e = users.size(); i < e; ++i) {
        if (relate(hb, users[i], i < numProducers, completionSet(previous),
                   !previous.consumers.empty(), joined) == Relation::Cyclic) {
          os << " whose completion waits for task " << users[i];
          break;
        }
      }
      os << ";";
    }
    return makeError(text);
  }
  return result;
}

/// Records, for every reuse of a physical id in `result`, whether the final
/// program already orders the completion of the previous use before the users
/// of the next one; the reuses that need the dispatch rule are added to
/// `result.addedOrderings`.
void recordAddedOrderings(const BarrierProgram &program,
                          BarrierAssignment &result) {
  HappensBefore hb;
  if (llvm::Error error = hb.build(program)) {
    // The walk keeps the program acyclic (the walk order is topological).
    llvm::consumeError(std::move(error));
    return;
  }
  llvm::SmallVector<unsigned, 8> users;
  for (unsigned p = 0, e = result.physicalUses.size(); p < e; ++p) {
    const llvm::SmallVector<unsigned> &uses = result.physicalUses[p];
    for (unsigned i = 1, n = uses.size(); i < n; ++i) {
      const VirtualBarrier &previous = program.barriers[uses[i - 1]];
      const VirtualBarrier &next = program.barriers[uses[i]];
      llvm::ArrayRef<unsigned> completion = completionSet(previous);
      std::vector<uint32_t> joined = hb.join(completion);
      users.assign(next.producers.begin(), next.producers.end());
      users.append(next.consumers.begin(), next.consumers.end());
      for (unsigned k = 0, m = users.size(); k < m; ++k) {
        if (relate(hb, users[k], k < next.producers.size(), completion,
                   !previous.consumers.empty(), joined) != Relation::Implied) {
          result.addedOrderings.push_back({uses[i - 1], uses[i], p});
          break;
        }
      }
    }
  }
}

/// The segment walk (see the file comment): the fallback used when the
/// greedy finds no assignment, complete for any acyclic program and N >= 2.
///
/// Tasks are walked in one topological order (Kahn's algorithm, smallest
/// task index first). A barrier is "open" from its first walked user until
/// its last one, and holds one physical id meanwhile; one further id is
/// reserved for the sync barrier of the current segment. The walk is cut into
/// segments; at the cut before walk position i a sync barrier J is appended
/// with, as producers, the last task of each executor in the segment and, as
/// consumers, the first unwalked task of each executor. By induction over the
/// cuts every task walked before a cut happens before every task walked after
/// it (each task after cut k follows, on its executor, a consumer of J_k,
/// which follows every producer of J_k, and a task before the cut precedes,
/// on its executor, a producer of some J_m with m <= k, every producer of
/// which precedes a producer of J_{m+1}, ... of J_k). So at a cut every
/// dependency across it is implied and can be dropped: the open barriers
/// whose producers all ran lose their unwalked consumers and close (among
/// them the previous sync barrier), the others lose their walked producers
/// and become unopened again. A task's waits on barriers whose producers all
/// ran before the last cut are dropped the same way, and so are waits on
/// barriers without producers (they order nothing).
///
/// Progress: a task t is walked normally when the open barriers, the
/// reserved id and the barriers t opens fit in N; otherwise the segment is
/// cut before t (if it holds any task), which leaves only the new sync
/// barrier open; if t still does not fit, it forms a segment of its own:
/// its waits were all dropped (their producers ran before the cut), it is
/// removed from the barriers it produces (their consumers come after the cut
/// that immediately follows it) and it uses at most the previous sync barrier
/// and the next one, 2 <= N ids. So every task is walked, the walk ends, and
/// at no time more than N ids are held.
///
/// Correctness: uses of one physical id have disjoint walk intervals, in the
/// order of the physical sequence, and every use's producers precede its
/// consumers in the walk order, so running the tasks in walk order never
/// blocks on the dispatch rule: the program cannot deadlock.
///
/// Cost: O(T log T) for the order, O(sum of barrier sizes) for the walk and
/// O(E + N) per cut, plus O((T + edges) * E) to classify the reuses.
llvm::Expected<BarrierAssignment>
assignBySegments(BarrierProgram &program, const BarrierLimits &limits) {
  unsigned numTasks = program.numTasks();
  unsigned numExecutors = program.numExecutors;
  unsigned numPhysical = limits.numPhysicalBarriers;
  assert(numPhysical >= 2 && "the segment walk needs two physical barriers");

  // The walk order: Kahn's algorithm, smallest task index first.
  std::vector<llvm::SmallVector<unsigned, 2>> waitsOf(numTasks),
      updatesOf(numTasks);
  for (unsigned v = 0, e = program.barriers.size(); v < e; ++v) {
    for (unsigned task : program.barriers[v].producers) {
      updatesOf[task].push_back(v);
    }
    for (unsigned task : program.barriers[v].consumers) {
      waitsOf[task].push_back(v);
    }
  }
  std::vector<std::vector<unsigned>> queues(numExecutors);
  for (unsigned task = 0; task < numTasks; ++task) {
    queues[program.taskExecutor[task]].push_back(task);
  }
  std::vector<unsigned> walk;
  walk.reserve(numTasks);
  {
    std::vector<unsigned> indegree(numTasks, 0);
    std::vector<unsigned> producersLeft(program.barriers.size());
    for (unsigned v = 0, e = program.barriers.size(); v < e; ++v) {
      producersLeft[v] = program.barriers[v].producers.size();
      for (unsigned task : program.barriers[v].consumers) {
        indegree[task] += producersLeft[v] != 0;
      }
    }
    std::vector<unsigned> nextOnExec(numTasks, ~0u);
    for (const std::vector<unsigned> &queue : queues) {
      for (unsigned i = 1, n = queue.size(); i < n; ++i) {
        nextOnExec[queue[i - 1]] = queue[i];
        ++indegree[queue[i]];
      }
    }
    std::priority_queue<unsigned, std::vector<unsigned>, std::greater<>> ready;
    for (unsigned task = 0; task < numTasks; ++task) {
      if (indegree[task] == 0) {
        ready.push(task);
      }
    }
    while (!ready.empty()) {
      unsigned task = ready.top();
      ready.pop();
      walk.push_back(task);
      if (nextOnExec[task] != ~0u && --indegree[nextOnExec[task]] == 0) {
        ready.push(nextOnExec[task]);
      }
      for (unsigned v : updatesOf[task]) {
        if (--producersLeft[v] == 0) {
          for (unsigned consumer : program.barriers[v].consumers) {
            if (--indegree[consumer] == 0) {
              ready.push(consumer);
            }
          }
        }
      }
    }
    if (walk.size() != numTasks) {
      return makeError("the program has a dependency cycle");
    }
  }
  std::vector<unsigned> walkPos(numTasks);
  for (unsigned i = 0; i < numTasks; ++i) {
    walkPos[walk[i]] = i;
  }

  // Per-barrier walk state (grows with the sync barriers).
  constexpr unsigned kClosed = ~0u;
  std::vector<unsigned> idOf(program.barriers.size(), kClosed);
  std::vector<unsigned> producersToWalk(program.barriers.size());
  std::vector<unsigned> consumersToWalk(program.barriers.size());
  std::vector<uint64_t> openKey(program.barriers.size(), 0);
  std::vector<bool> isSync(program.barriers.size(), false);
  for (unsigned v = 0, e = program.barriers.size(); v < e; ++v) {
    producersToWalk[v] = program.barriers[v].producers.size();
    consumersToWalk[v] = program.barriers[v].consumers.size();
  }

  BarrierAssignment result;
  result.physicalUses.assign(numPhysical, {});
  llvm::SmallVector<unsigned, 8> open;
  // Free ids, least recently freed first.
  std::deque<unsigned> freeIds;
  for (unsigned p = 1; p < numPhysical; ++p) {
    freeIds.push_back(p);
  }
  unsigned reserved = 0;
  unsigned segmentStart = 0;
  uint64_t keys = 0;
  // Per executor: its last task in the current segment (or ~0u), and the
  // index in its queue of its first unwalked task.
  std::vector<unsigned> lastInSegment(numExecutors, ~0u);
  std::vector<unsigned> head(numExecutors, 0);

  auto openBarrier = [&](unsigned v, unsigned p, uint64_t key) {
    idOf[v] = p;
    openKey[v] = key;
    result.physicalUses[p].push_back(v);
    open.push_back(v);
  };
  auto closeIfDone = [&](unsigned v) {
    if (idOf[v] == kClosed || producersToWalk[v] != 0 ||
        consumersToWalk[v] != 0) {
      return;
    }
    freeIds.push_back(idOf[v]);
    idOf[v] = kClosed;
    llvm::erase(open, v);
  };
  auto dropConsumer = [&](unsigned v, unsigned task) {
    llvm::erase(program.barriers[v].consumers, task);
    llvm::erase(waitsOf[task], v);
    --consumersToWalk[v];
  };
  auto dropProducer = [&](unsigned v, unsigned task) {
    llvm::erase(program.barriers[v].producers, task);
    llvm::erase(updatesOf[task], v);
  };

  // Cuts the segment [segmentStart, i): see the function comment.
  auto cut = [&](unsigned i) -> llvm::Error {
    VirtualBarrier sync;
    for (unsigned exec = 0; exec < numExecutors; ++exec) {
      if (lastInSegment[exec] != ~0u) {
        sync.producers.push_back(lastInSegment[exec]);
        lastInSegment[exec] = ~0u;
      }
      if (head[exec] < queues[exec].size()) {
        sync.consumers.push_back(queues[exec][head[exec]]);
      }
    }
    if (sync.producers.size() > limits.maxProducers ||
        sync.consumers.size() > limits.maxConsumers) {
      return makeError("a sync barrier over " + llvm::Twine(numExecutors) +
                       " executors exceeds the per-barrier limits of " +
                       llvm::Twine(limits.maxProducers) + " producers and " +
                       llvm::Twine(limits.maxConsumers) + " consumers");
    }
    for (unsigned v : llvm::SmallVector<unsigned, 8>(open)) {
      VirtualBarrier &barrier = program.barriers[v];
      if (producersToWalk[v] == 0) {
        for (unsigned task :
             llvm::SmallVector<unsigned, 4>(barrier.consumers)) {
          if (walkPos[task] >= i) {
            dropConsumer(v, task);
          }
        }
        closeIfDone(v);
        continue;
      }
      // Not released: no consumer ran; forget the producers that did.
      for (unsigned task : llvm::SmallVector<unsigned, 4>(barrier.producers)) {
        if (walkPos[task] < i) {
          dropProducer(v, task);
        }
      }
      assert(result.physicalUses[idOf[v]].back() == v);
      result.physicalUses[idOf[v]].pop_back();
      freeIds.push_front(idOf[v]);
      idOf[v] = kClosed;
      llvm::erase(open, v);
    }
    assert(open.empty() && "a cut closes every open barrier");
    unsigned j = program.barriers.size();
    unsigned firstProducer = ~0u;
    for (unsigned task : sync.producers) {
      firstProducer = std::min(firstProducer, walkPos[task]);
    }
    for (unsigned task : sync.consumers) {
      waitsOf[task].push_back(j);
    }
    program.barriers.push_back(std::move(sync));
    idOf.push_back(kClosed);
    producersToWalk.push_back(0);
    consumersToWalk.push_back(program.barriers[j].consumers.size());
    openKey.push_back(0);
    isSync.push_back(true);
    result.syncBarriers.push_back(j);
    openBarrier(j, reserved, (uint64_t(firstProducer) << 32) | keys++);
    reserved = freeIds.front();
    freeIds.pop_front();
    segmentStart = i;
    return llvm::Error::success();
  };

  // Number of barriers of `task` that are not open.
  auto toOpen = [&](unsigned task) {
    unsigned count = 0;
    for (unsigned v : waitsOf[task]) {
      count += idOf[v] == kClosed;
    }
    for (unsigned v : updatesOf[task]) {
      count += idOf[v] == kClosed;
    }
    return count;
  };
  // Drops the waits of `task` that the cuts already imply.
  auto dropImpliedWaits = [&](unsigned task) {
    for (unsigned v : llvm::SmallVector<unsigned, 2>(waitsOf[task])) {
      if (isSync[v]) {
        continue;
      }
      if (llvm::all_of(program.barriers[v].producers, [&](unsigned producer) {
            return walkPos[producer] < segmentStart;
          })) {
        dropConsumer(v, task);
        closeIfDone(v);
      }
    }
  };

  for (unsigned i = 0; i < numTasks; ++i) {
    unsigned task = walk[i];
    unsigned exec = program.taskExecutor[task];
    dropImpliedWaits(task);
    bool alone = false;
    if (open.size() + 1 + toOpen(task) > numPhysical) {
      if (i > segmentStart) {
        if (llvm::Error error = cut(i)) {
          return std::move(error);
        }
        dropImpliedWaits(task);
      }
      if (open.size() + 1 + toOpen(task) > numPhysical) {
        // A segment of its own: the cut after it implies its updates.
        assert(llvm::all_of(waitsOf[task],
                            [&](unsigned v) { return isSync[v]; }) &&
               "the cut before the task implies its waits");
        for (unsigned v : llvm::SmallVector<unsigned, 2>(updatesOf[task])) {
          dropProducer(v, task);
          --producersToWalk[v];
        }
        alone = true;
      }
    }
    uint64_t key = (uint64_t(i) << 32) | keys++;
    for (unsigned v : waitsOf[task]) {
      if (idOf[v] == kClosed) {
        openBarrier(v, freeIds.front(), key);
        freeIds.pop_front();
      }
    }
    for (unsigned v : updatesOf[task]) {
      if (idOf[v] == kClosed) {
        openBarrier(v, freeIds.front(), key);
        freeIds.pop_front();
      }
    }
    ++head[exec];
    lastInSegment[exec] = task;
    for (unsigned v : llvm::SmallVector<unsigned, 2>(waitsOf[task])) {
      --consumersToWalk[v];
      closeIfDone(v);
    }
    for (unsigned v : llvm::SmallVector<unsigned, 2>(updatesOf[task])) {
      --producersToWalk[v];
      closeIfDone(v);
    }
    if (alone && i + 1 < numTasks) {
      if (llvm::Error error = cut(i + 1)) {
        return std::move(error);
      }
    }
  }
  assert(open.empty() && "every barrier closes with its last user");

  unsigned numBarriers = program.barriers.size();
  result.physicalId.assign(numBarriers, 0);
  result.mergedInto.assign(numBarriers, std::nullopt);
  for (unsigned p = 0; p < numPhysical; ++p) {
    for (unsigned v : result.physicalUses[p]) {
      result.physicalId[v] = p;
      result.order.push_back(v);
    }
  }
  llvm::sort(result.order,
             [&](unsigned a, unsigned b) { return openKey[a] < openKey[b]; });
  while (!result.physicalUses.empty() && result.physicalUses.back().empty()) {
    result.physicalUses.pop_back();
  }
  recordAddedOrderings(program, result);
  return result;
}

} // namespace

llvm::Expected<BarrierAssignment>
assignPhysicalBarriers(BarrierProgram &program, const BarrierLimits &limits) {
  if (limits.numPhysicalBarriers == 0) {
    return makeError("cannot assign barriers: the target has no physical "
                     "barriers");
  }
  if (llvm::Error error = verifyProgram(program)) {
    return std::move(error);
  }
  unsigned numBarriers = program.barriers.size();
  for (unsigned b = 0; b < numBarriers; ++b) {
    const VirtualBarrier &barrier = program.barriers[b];
    if (barrier.producers.size() > limits.maxProducers ||
        barrier.consumers.size() > limits.maxConsumers) {
      return makeError(
          describeBarrier(program, b) + " has " +
          llvm::Twine(barrier.producers.size()) + " producers and " +
          llvm::Twine(barrier.consumers.size()) +
          " consumers; the limits are " + llvm::Twine(limits.maxProducers) +
          " and " + llvm::Twine(limits.maxConsumers) +
          " (split it with splitOversizedBarriers)");
    }
  }
  HappensBefore hb;
  if (llvm::Error error = hb.build(program)) {
    return std::move(error);
  }

  BarrierProgram greedyProgram = program;
  llvm::Expected<BarrierAssignment> greedy =
      assignGreedy(greedyProgram, limits, hb);
  if (greedy) {
    program = std::move(greedyProgram);
    return greedy;
  }
  if (limits.numPhysicalBarriers < 2) {
    return greedy.takeError();
  }
  llvm::consumeError(greedy.takeError());
  return assignBySegments(program, limits);
}

} // namespace mlir::vpuc::sched

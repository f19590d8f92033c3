//===- TaskDependenciesTest.cpp - Tests of DependencyGraph ------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//
//
// Transitive reduction with explicit and implicit predecessors (addTask and
// addTaskIf), reachability, barrier grouping, and a randomised comparison
// with a brute-force reduction.
//
//===----------------------------------------------------------------------===//

#include "scheduler/dependencies/TaskDependencies.h"

#include <random>
#include <set>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::sched {
namespace {

using ::testing::ElementsAre;
using ::testing::IsEmpty;

std::vector<unsigned> vec(llvm::ArrayRef<unsigned> values) {
  return std::vector<unsigned>(values.begin(), values.end());
}

TEST(DependencyGraphTest, chainDropsTransitiveEdges) {
  DependencyGraph graph;
  EXPECT_THAT(vec(graph.addTask({}, {})), IsEmpty());
  EXPECT_THAT(vec(graph.addTask({}, {0})), ElementsAre(0u));
  // 0 -> 2 is implied by 0 -> 1 -> 2.
  EXPECT_THAT(vec(graph.addTask({}, {0, 1})), ElementsAre(1u));
  EXPECT_THAT(vec(graph.addTask({}, {2, 0, 1, 2})), ElementsAre(2u));
  EXPECT_EQ(graph.numTasks(), 4u);
  EXPECT_TRUE(graph.precedes(0, 3));
  EXPECT_TRUE(graph.precedes(1, 2));
  EXPECT_FALSE(graph.precedes(3, 0));
  EXPECT_FALSE(graph.precedes(2, 2));
  EXPECT_THAT(vec(graph.getDependencies(2)), ElementsAre(1u));
}

TEST(DependencyGraphTest, diamondKeepsBothBranches) {
  DependencyGraph graph;
  graph.addTask({}, {});
  graph.addTask({}, {0});
  graph.addTask({}, {0});
  EXPECT_THAT(vec(graph.addTask({}, {0, 1, 2})), ElementsAre(1u, 2u));
  EXPECT_FALSE(graph.precedes(1, 2));
}

TEST(DependencyGraphTest, implicitPredecessorsImplyButAreNotReported) {
  // Tasks 0 and 2 on one executor, 1 on another.
  DependencyGraph graph;
  graph.addTask({}, {});
  graph.addTask({}, {0});
  // 2 follows 0 on its executor: the dependency on 0 is free.
  EXPECT_THAT(vec(graph.addTask({0}, {0, 1})), ElementsAre(1u));
  // 3 follows 2 implicitly, which follows 1: nothing explicit is needed.
  EXPECT_THAT(vec(graph.addTask({2}, {1})), IsEmpty());
  EXPECT_TRUE(graph.precedes(1, 3));
  EXPECT_TRUE(graph.precedes(0, 3));
}

TEST(DependencyGraphTest, addTaskIfAsksOnlyUnorderedTasks) {
  DependencyGraph graph;
  graph.addTask({}, {});
  for (unsigned t = 1; t < 6; ++t) {
    graph.addTask({}, {t - 1});
  }
  std::vector<unsigned> asked;
  llvm::SmallVector<unsigned> deps = graph.addTaskIf({}, [&](unsigned task) {
    asked.push_back(task);
    return true;
  });
  // Task 5 reaches every other one: one question.
  EXPECT_THAT(vec(deps), ElementsAre(5u));
  EXPECT_THAT(asked, ElementsAre(5u));

  asked.clear();
  deps = graph.addTaskIf({6}, [&](unsigned task) {
    asked.push_back(task);
    return task == 2;
  });
  EXPECT_THAT(vec(deps), IsEmpty());
  EXPECT_THAT(asked, IsEmpty());
}

TEST(DependencyGraphTest, addTaskIfFindsIndependentProducers) {
  DependencyGraph graph;
  for (unsigned t = 0; t < 4; ++t) {
    graph.addTask({}, {});
  }
  std::vector<unsigned> asked;
  llvm::SmallVector<unsigned> deps = graph.addTaskIf({3}, [&](unsigned task) {
    asked.push_back(task);
    return task == 0 || task == 2;
  });
  EXPECT_THAT(vec(deps), ElementsAre(0u, 2u));
  EXPECT_THAT(asked, ElementsAre(2u, 1u, 0u));
}

TEST(DependencyGraphTest, groupsConsumersWithEqualProducerSets) {
  DependencyGraph graph;
  graph.addTask({}, {});     // 0
  graph.addTask({}, {});     // 1
  graph.addTask({}, {0});    // 2
  graph.addTask({}, {0});    // 3
  graph.addTask({}, {0, 1}); // 4
  graph.addTask({}, {1, 0}); // 5
  graph.addTask({}, {});     // 6
  graph.addTask({}, {2, 3}); // 7
  std::vector<VirtualBarrier> barriers = groupIntoBarriers(graph);
  ASSERT_EQ(barriers.size(), 3u);
  EXPECT_THAT(vec(barriers[0].producers), ElementsAre(0u));
  EXPECT_THAT(vec(barriers[0].consumers), ElementsAre(2u, 3u));
  EXPECT_THAT(vec(barriers[1].producers), ElementsAre(0u, 1u));
  EXPECT_THAT(vec(barriers[1].consumers), ElementsAre(4u, 5u));
  EXPECT_THAT(vec(barriers[2].producers), ElementsAre(2u, 3u));
  EXPECT_THAT(vec(barriers[2].consumers), ElementsAre(7u));
}

/// The brute-force reduction: keep p -> t unless another kept path exists.
TEST(DependencyGraphTest, matchesBruteForceOnRandomGraphs) {
  std::mt19937 rng(11);
  for (unsigned round = 0; round < 50; ++round) {
    unsigned numTasks = 2 + rng() % 40;
    unsigned numExecutors = 1 + rng() % 4;
    std::vector<unsigned> executor(numTasks);
    std::vector<std::set<unsigned>> preds(numTasks);
    std::vector<std::vector<bool>> closure(numTasks,
                                           std::vector<bool>(numTasks));
    DependencyGraph graph;
    std::vector<int> lastOnExecutor(numExecutors, -1);
    for (unsigned t = 0; t < numTasks; ++t) {
      executor[t] = rng() % numExecutors;
      for (unsigned p = 0; p < t; ++p) {
        if (rng() % 4 == 0) {
          preds[t].insert(p);
        }
      }
      llvm::SmallVector<unsigned> implicit;
      if (lastOnExecutor[executor[t]] >= 0) {
        implicit.push_back(lastOnExecutor[executor[t]]);
      }
      lastOnExecutor[executor[t]] = t;
      // Closure from all edges (explicit and implicit).
      std::set<unsigned> direct = preds[t];
      direct.insert(implicit.begin(), implicit.end());
      for (unsigned p : direct) {
        closure[p][t] = true;
        for (unsigned q = 0; q < p; ++q) {
          if (closure[q][p]) {
            closure[q][t] = true;
          }
        }
      }
      // Expected: explicit p not reachable from another direct predecessor.
      std::vector<unsigned> expected;
      for (unsigned p : preds[t]) {
        if (llvm::is_contained(implicit, p)) {
          continue;
        }
        bool implied = false;
        for (unsigned q : direct) {
          implied |= q != p && closure[p][q];
        }
        if (!implied) {
          expected.push_back(p);
        }
      }
      llvm::SmallVector<unsigned> got;
      if (round % 2) {
        got = graph.addTask(implicit, llvm::SmallVector<unsigned>(
                                          preds[t].begin(), preds[t].end()));
      } else {
        got = graph.addTaskIf(
            implicit, [&](unsigned p) { return preds[t].count(p) != 0; });
      }
      EXPECT_EQ(vec(got), expected) << "round " << round << " task " << t;
      for (unsigned p = 0; p < t; ++p) {
        EXPECT_EQ(graph.precedes(p, t), closure[p][t]);
      }
    }
  }
}

} // namespace
} // namespace mlir::vpuc::sched

//===- ListSchedulerTest.cpp - Tests of the list scheduler ------*- C++ -*-===//
//
// Part of vpuc. SPDX-License-Identifier: Apache-2.0
//
//===----------------------------------------------------------------------===//

#include "scheduler/list/ListScheduler.h"

#include <string>
#include <utility>

#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace mlir::vpuc::sched::list {
namespace {

using ::testing::ElementsAre;

/// The message of `error`, or "ok".
std::string message(llvm::Error error) {
  return error ? llvm::toString(std::move(error)) : "ok";
}

Task makeTask(uint64_t cost, unsigned executor,
              llvm::ArrayRef<unsigned> preds = {}, uint64_t ddrCycles = 0) {
  Task task;
  task.cost = cost;
  task.executor = executor;
  task.ddrCycles = ddrCycles;
  task.preds.assign(preds.begin(), preds.end());
  return task;
}

TEST(ListSchedulerTest, IndependentExecutorsOverlap) {
  Graph graph;
  graph.numExecutors = 2;
  graph.tasks = {makeTask(10, 0), makeTask(7, 1)};
  Result result = listSchedule(graph);
  EXPECT_EQ(result.makespan, 10u);
  EXPECT_THAT(result.starts, ElementsAre(0u, 0u));
}

TEST(ListSchedulerTest, DependenciesAndExecutorsSerialise) {
  Graph graph;
  graph.numExecutors = 2;
  // 1 follows 0; 2 shares 1's executor.
  graph.tasks = {makeTask(10, 0), makeTask(5, 1, {0}), makeTask(4, 1, {1})};
  Result result = listSchedule(graph);
  EXPECT_THAT(result.starts, ElementsAre(0u, 10u, 15u));
  EXPECT_EQ(result.makespan, 19u);
}

TEST(ListSchedulerTest, DdrIsShared) {
  // Two DMA ports each streaming from DDR for their whole duration take
  // turns; a CMX-to-CMX transfer (no DDR cycles) does not wait.
  Graph graph;
  graph.numExecutors = 3;
  graph.tasks = {makeTask(10, 0, {}, 10), makeTask(10, 1, {}, 10),
                 makeTask(10, 2)};
  Result result = listSchedule(graph);
  EXPECT_THAT(result.starts, ElementsAre(0u, 10u, 0u));
  EXPECT_EQ(result.makespan, 20u);
  // A task whose DDR bytes take less than its cost frees the DDR early.
  graph.tasks[0].ddrCycles = 4;
  result = listSchedule(graph);
  EXPECT_THAT(result.starts, ElementsAre(0u, 4u, 0u));
  EXPECT_EQ(result.makespan, 14u);
}

TEST(ListSchedulerTest, JoinsFirstPlacesTheLastInputOfAWaitingTask) {
  // One DMA port (executor 0). Task 2 (NCE, executor 2) needs task 0 (a
  // SHAVE kernel, executor 1) and the small weights load 1; three loads
  // (3 to 5) feed long tails on executors of their own (6 to 8), so their
  // paths are longer than the weights load's. Longest paths first, the
  // weights load goes after the three loads and the NCE task waits for it
  // alone; joins first, it goes as soon as the kernel is placed.
  Graph graph;
  graph.numExecutors = 6;
  graph.tasks = {makeTask(5, 1),         makeTask(1, 0),
                 makeTask(5, 2, {0, 1}), makeTask(10, 0),
                 makeTask(10, 0),        makeTask(10, 0),
                 makeTask(20, 3, {3}),   makeTask(20, 4, {4}),
                 makeTask(20, 5, {5}),   makeTask(20, 2, {2})};
  ASSERT_EQ(message(verifyGraph(graph)), "ok");
  Result longest = listSchedule(graph, 0, TieBreak::LongestPath);
  EXPECT_EQ(longest.starts[1], 30u);
  EXPECT_EQ(longest.starts[2], 31u);
  EXPECT_EQ(longest.makespan, 56u);
  Result joins = listSchedule(graph, 0, TieBreak::JoinsFirst);
  EXPECT_EQ(joins.starts[1], 10u);
  EXPECT_EQ(joins.starts[2], 11u);
  EXPECT_EQ(joins.makespan, 51u);
  // The lower makespan is kept.
  TieBreak chosen = TieBreak::LongestPath;
  Result best = listScheduleBest(graph, 0, &chosen);
  EXPECT_EQ(chosen, TieBreak::JoinsFirst);
  EXPECT_EQ(best.makespan, 51u);
  EXPECT_EQ(best.order, joins.order);
  // On a tie the longest paths are kept: here no task waits for a last
  // input, so both rules give one schedule.
  Graph chain;
  chain.numExecutors = 2;
  chain.tasks = {makeTask(10, 0), makeTask(5, 1, {0}), makeTask(8, 1)};
  chosen = TieBreak::JoinsFirst;
  EXPECT_EQ(listScheduleBest(chain, 0, &chosen).makespan, 15u);
  EXPECT_EQ(chosen, TieBreak::LongestPath);
}

TEST(ListSchedulerTest, WindowOneKeepsProgramOrder) {
  // Task 1 waits for the long task 0; the independent task 2 on the same
  // executor as 1 can go first.
  Graph graph;
  graph.numExecutors = 2;
  graph.tasks = {makeTask(10, 0), makeTask(5, 1, {0}), makeTask(8, 1)};
  Result reordered = listSchedule(graph);
  EXPECT_THAT(reordered.order, ElementsAre(0u, 2u, 1u));
  EXPECT_EQ(reordered.makespan, 15u);
  Result inOrder = listSchedule(graph, /*window=*/1);
  EXPECT_THAT(inOrder.order, ElementsAre(0u, 1u, 2u));
  EXPECT_THAT(inOrder.starts, ElementsAre(0u, 10u, 15u));
  EXPECT_EQ(inOrder.makespan, 23u);
}

TEST(ListSchedulerTest, TieGoesToTheLongerPath) {
  // Tasks 0 and 1 can both start at 0 on executor 0; 1 heads a longer path
  // (2 follows it), so it goes first although 0 is earlier in the program;
  // then 0 and 2 can both start at 3, and 2 heads the longer path.
  Graph graph;
  graph.numExecutors = 2;
  graph.tasks = {makeTask(3, 0), makeTask(3, 0), makeTask(20, 1, {1})};
  Result result = listSchedule(graph);
  EXPECT_THAT(result.order, ElementsAre(1u, 2u, 0u));
  EXPECT_THAT(result.starts, ElementsAre(3u, 0u, 3u));
  EXPECT_EQ(result.makespan, 23u);
}

TEST(ListSchedulerTest, ExecutorsAreNumberedAsFirstNamed) {
  Graph graph;
  ExecutorNumbering executors(graph);
  EXPECT_EQ(executors.get(2, 0), 0u);
  EXPECT_EQ(executors.get(0, 1), 1u);
  EXPECT_EQ(executors.get(2, 0), 0u);
  EXPECT_EQ(executors.get(0, 0), 2u);
  EXPECT_EQ(graph.numExecutors, 3u);
}

TEST(ListSchedulerTest, VerifyGraphNamesTheTask) {
  Graph graph;
  graph.numExecutors = 1;
  graph.tasks = {makeTask(1, 0), makeTask(1, 0, {1})};
  EXPECT_EQ(message(verifyGraph(graph)),
            "task #1 follows task #1, which is not earlier");
  graph.tasks[1] = makeTask(1, 2);
  EXPECT_EQ(message(verifyGraph(graph)),
            "task #1 runs on executor 2, but the graph has 1");
  graph.tasks[1] = makeTask(0, 0);
  EXPECT_EQ(message(verifyGraph(graph)),
            "task #1 has cost 0 (every task takes at least one cycle)");
  graph.tasks[1] = makeTask(1, 0, {0});
  EXPECT_EQ(message(verifyGraph(graph)), "ok");
}

} // namespace
} // namespace mlir::vpuc::sched::list

// core/thread_pool.hpp: detail::run_on_threads runs job(t) once for each t, reuses its workers
// across calls and thread counts, lets a concurrent caller run on its own threads, and works in
// a forked child (whose pool workers do not exist).
#include <gtest/gtest.h>

#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <thread>
#include <vector>

#include "manipdyn/core/thread_pool.hpp"

namespace manipdyn {
namespace {

// Runs one call and returns how often each t ran.
std::vector<int> counts_of(int threads) {
  std::vector<std::atomic<int>> hits(static_cast<std::size_t>(threads) + 2);
  detail::run_on_threads(threads, [&](int t) { hits[static_cast<std::size_t>(t)]++; });
  std::vector<int> out;
  for (const auto& h : hits) out.push_back(h.load());
  return out;
}

std::vector<int> once_each(int threads) {
  std::vector<int> v(static_cast<std::size_t>(threads) + 2, 0);
  for (int t = 0; t < threads; ++t) v[static_cast<std::size_t>(t)] = 1;
  return v;
}

TEST(ThreadPool, EachThreadIndexRunsOnceWhateverTheCountAndTheHistory) {
  for (int round = 0; round < 50; ++round)
    for (int threads : {1, 2, 4, 3, 2, 5})
      ASSERT_EQ(counts_of(threads), once_each(threads)) << "threads " << threads;
}

TEST(ThreadPool, ConcurrentCallersBothComplete) {
  std::atomic<int> wrong{0};
  auto caller = [&] {
    for (int k = 0; k < 200; ++k)
      if (counts_of(3) != once_each(3)) ++wrong;
  };
  std::thread a(caller), b(caller);
  a.join();
  b.join();
  EXPECT_EQ(wrong.load(), 0);
}

TEST(ThreadPool, NestedCallRunsOnItsOwnThreads) {
  std::atomic<int> inner{0};
  detail::run_on_threads(2, [&](int) {
    detail::run_on_threads(2, [&](int) { ++inner; });
  });
  EXPECT_EQ(inner.load(), 4);
}

TEST(ThreadPool, WorksInAForkedChild) {
  ASSERT_EQ(counts_of(2), once_each(2));  // the parent's pool has a worker now
  const pid_t pid = fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    alarm(20);  // a hang would end the child with SIGALRM
    _exit(counts_of(2) == once_each(2) && counts_of(3) == once_each(3) ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFEXITED(status)) << "child ended by signal " << WTERMSIG(status);
  EXPECT_EQ(WEXITSTATUS(status), 0);
}

}  // namespace
}  // namespace manipdyn

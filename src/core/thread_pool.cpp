/// \file thread_pool.cpp
/// detail::run_on_threads: the persistent worker pool of the batch functions.
#include "manipdyn/core/thread_pool.hpp"

#include <unistd.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

namespace manipdyn::detail {
namespace {

/// How long a worker keeps polling for the next call, and the caller for the workers' end,
/// before they block on a condition variable. Waking a blocked thread costs a futex call and,
/// on a virtual machine, the hypervisor's wake-up of an idle vCPU; a call that follows within
/// this time starts at once (2 threads went from 1.70 to 1.88-1.97 x one thread on the PUMA 560
/// batch, docs/performance_limits.md). GNU OpenMP's workers do the same (GOMP_SPINCOUNT).
constexpr std::chrono::microseconds kSpinTime{200};

/// Polls ready() for up to kSpinTime; true if it became true.
template <typename Ready>
bool spin_until(Ready&& ready) {
  const auto until = std::chrono::steady_clock::now() + kSpinTime;
  for (;;) {
    for (int i = 0; i < 64; ++i) {
      if (ready()) return true;
#if defined(__x86_64__) || defined(__i386__)
      __builtin_ia32_pause();
#endif
    }
    if (std::chrono::steady_clock::now() >= until) return ready();
  }
}

class Pool {
 public:
  Pool() : owner_(getpid()) {}

  ~Pool() {
    {
      std::lock_guard<std::mutex> lock(m_);
      stop_ = true;
    }
    wake_.notify_all();
    for (std::thread& w : workers_) w.join();
  }

  // Runs the call on the pool if it is free and belongs to this process; false otherwise.
  bool try_run(int threads, const std::function<void(int)>& job) {
    if (getpid() != owner_) return false;  // a forked child: the workers are not there
    std::unique_lock<std::mutex> busy(busy_, std::try_to_lock);
    if (!busy.owns_lock()) return false;
    {
      std::lock_guard<std::mutex> lock(m_);
      // workers 1..threads-1, started once
      while (static_cast<int>(workers_.size()) < threads - 1) {
        const int t = static_cast<int>(workers_.size()) + 1;
        workers_.emplace_back([this, t] { work(t); });
      }
      job_ = &job;
      threads_ = threads;
      pending_ = threads - 1;
      ++generation_;
    }
    wake_.notify_all();  // for workers that stopped polling
    job(0);
    if (!spin_until([this] { return pending_.load(std::memory_order_acquire) == 0; })) {
      std::unique_lock<std::mutex> lock(m_);
      done_.wait(lock, [this] { return pending_ == 0; });
    }
    return true;
  }

 private:
  void work(int t) {
    long seen = 0;
    for (;;) {
      // poll for the next call for a while, then sleep until notified
      spin_until([&] { return stop_.load() || generation_.load(std::memory_order_acquire) != seen; });
      std::unique_lock<std::mutex> lock(m_);
      wake_.wait(lock, [&] { return stop_ || generation_ != seen; });
      if (stop_) return;
      seen = generation_;
      if (t >= threads_) continue;  // not needed by this call
      const std::function<void(int)>* job = job_;
      lock.unlock();
      (*job)(t);
      lock.lock();
      if (pending_.fetch_sub(1) == 1) done_.notify_one();
    }
  }

  const pid_t owner_;
  std::mutex busy_;  // held by the call using the pool
  std::mutex m_;     // guards the writes of everything below
  std::condition_variable wake_, done_;
  std::vector<std::thread> workers_;
  const std::function<void(int)>* job_ = nullptr;
  int threads_ = 0;
  std::atomic<int> pending_{0};      // polled by the caller
  std::atomic<long> generation_{0};  // polled by the workers
  std::atomic<bool> stop_{false};
};

}  // namespace

void run_on_threads(int threads, const std::function<void(int)>& job) {
  if (threads <= 1) {
    job(0);
    return;
  }
  static Pool pool;
  if (pool.try_run(threads, job)) return;
  // the pool is in use (or this is a forked child): threads of this call's own
  std::vector<std::thread> extra;
  extra.reserve(static_cast<std::size_t>(threads - 1));
  for (int t = 1; t < threads; ++t) extra.emplace_back(job, t);
  job(0);
  for (std::thread& th : extra) th.join();
}

}  // namespace manipdyn::detail

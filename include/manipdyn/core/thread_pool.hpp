#pragma once
/// \file thread_pool.hpp
/// The worker threads of the batch functions (core/batch_rows.hpp, parallel_rows): one
/// process-wide pool of persistent threads, started on first use and grown to the largest
/// thread count asked for, polling for the next call for 200 us after each (kSpinTime in
/// thread_pool.cpp) and then sleeping. A fresh std::thread per call costs about 30 us
/// here and starts cold, on whichever core the scheduler picks; the pool's workers stay warm on
/// their cores (docs/batch.md, "Threads").
#include <functional>

namespace manipdyn::detail {

/// Runs job(t) for t = 0..threads-1 and returns when all have returned: t = 0 on the calling
/// thread, the others on the pool's workers. `job` must not throw (parallel_rows catches every
/// exception inside it). One call uses the pool at a time; a call made while another holds it
/// (from another thread, or nested), or in a child process after fork(), runs on threads
/// started for it instead, so calls never wait for each other.
void run_on_threads(int threads, const std::function<void(int)>& job);

}  // namespace manipdyn::detail

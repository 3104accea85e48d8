#pragma once
/// \file batch_rows.hpp
/// The machinery shared by the batch functions (serial/batch.hpp, stewart/batch.hpp), which
/// evaluate one algorithm over N states given as the rows of an (N x k) row-major array:
///  - RowMatrixXd, the row-major array type, and the argument aliases RowsIn / RowsOut;
///  - the checks done once per call: the shape of each array ("q has 5 columns, expected 6"),
///    the finiteness of each entry with its row and column ("q[17, 3] is nan"), and the bound on
///    the work (kMaxBatchBytes);
///  - parallel_rows: a static partition of the rows over threads, each thread owning its
///    workspace, so the numbers do not depend on the thread count (every row runs the same code
///    on the same inputs; nothing is summed across rows).
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <exception>
#include <functional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <Eigen/Core>

#include "manipdyn/core/thread_pool.hpp"

namespace manipdyn {

/// A dynamic matrix stored row by row: row i of an (N x k) batch array is state i.
using RowMatrixXd = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
/// A batch input: (N x k) row-major, rows contiguous (any outer stride).
using RowsIn = Eigen::Ref<const RowMatrixXd>;
/// A caller-owned batch output: (N x k) row-major, rows contiguous (any outer stride).
using RowsOut = Eigen::Ref<RowMatrixXd>;

/// The largest array (input or output) one batch call accepts: 1 GiB of doubles, i.e.
/// N * k <= 2^27 entries (k = n for joint vectors, n * n for mass matrices, 6 for Stewart
/// forces). Checked before anything is computed or allocated (check_batch_size).
inline constexpr std::size_t kMaxBatchBytes = std::size_t{1} << 30;

/// Rows below which a thread is not worth starting: a call uses at most ceil(N / 16) threads.
inline constexpr Eigen::Index kMinRowsPerThread = 16;

/// Throws "<where>: <name> would hold N = <rows> x <cols> = <entries> doubles (<GiB> GiB), above
/// the limit of 1 GiB per array (kMaxBatchBytes)" if rows * cols * 8 bytes exceeds
/// kMaxBatchBytes (computed in floating point, so it cannot wrap). Call it before allocating an
/// output of rows x cols.
inline void check_batch_size(std::string_view where, std::string_view name, double rows,
                             double cols) {
  const double bytes = rows * cols * sizeof(double);
  if (bytes <= static_cast<double>(kMaxBatchBytes)) return;
  std::ostringstream os;
  os.precision(4);
  os << where << ": " << name << " would hold N = " << rows << " x " << cols << " = "
     << rows * cols << " doubles (" << bytes / (1024.0 * 1024.0 * 1024.0)
     << " GiB), above the limit of 1 GiB per array (kMaxBatchBytes)";
  throw std::invalid_argument(os.str());
}

/// Throws "<where>: <name> has shape R x C, expected <rows> x <cols> (<why>)" unless `a` has
/// that shape; then checks its size against kMaxBatchBytes.
template <typename Derived>
void check_batch_shape(std::string_view where, std::string_view name,
                       const Eigen::EigenBase<Derived>& a, Eigen::Index rows, Eigen::Index cols,
                       std::string_view why) {
  if (a.rows() != rows || a.cols() != cols) {
    std::ostringstream os;
    os << where << ": " << name << " has shape " << a.rows() << " x " << a.cols()
       << ", expected " << rows << " x " << cols << " (" << why << ")";
    throw std::invalid_argument(os.str());
  }
  check_batch_size(where, name, static_cast<double>(rows), static_cast<double>(cols));
}

/// Throws "<where>: <name>[i, j] is nan|inf" for the first non-finite entry (row by row). One
/// vectorised pass when every entry is finite.
inline void check_batch_finite(std::string_view where, std::string_view name, const RowsIn& a) {
  if (a.allFinite()) [[likely]]
    return;
  for (Eigen::Index i = 0; i < a.rows(); ++i)
    for (Eigen::Index j = 0; j < a.cols(); ++j)
      if (!std::isfinite(a(i, j))) {
        std::ostringstream os;
        os << where << ": " << name << "[" << i << ", " << j << "] is "
           << (std::isnan(a(i, j)) ? "nan" : "inf");
        throw std::invalid_argument(os.str());
      }
}

/// The number of threads a batch call runs: `threads` (0 = std::thread::hardware_concurrency(),
/// at least 1), at most ceil(rows / kMinRowsPerThread) and at least 1. Throws
/// "<where>: threads is -1, expected >= 0 (0 = one per hardware thread)" for a negative value.
inline int batch_threads(std::string_view where, int threads, Eigen::Index rows) {
  if (threads < 0) {
    std::ostringstream os;
    os << where << ": threads is " << threads << ", expected >= 0 (0 = one per hardware thread)";
    throw std::invalid_argument(os.str());
  }
  if (threads == 0) threads = std::max(1u, std::thread::hardware_concurrency());
  const Eigen::Index useful = (rows + kMinRowsPerThread - 1) / kMinRowsPerThread;
  return static_cast<int>(std::max<Eigen::Index>(1, std::min<Eigen::Index>(threads, useful)));
}

/// Runs row(t, i) for every row i in [0, rows) on `threads` threads (the calling thread is
/// thread 0): thread t takes the contiguous block [t rows / T, (t+1) rows / T), a static
/// partition, so which workspace computes a row never changes its numbers. Threads 1..T-1 are the
/// persistent workers of core/thread_pool.hpp (started by the first call that needs them); a
/// call with T > 1 allocates one small block (the per-thread failure slots), the loop nothing.
/// An exception thrown by row(t, i) stops that thread; after all threads end, the one of the
/// lowest row is rethrown (a std::invalid_argument as "<where>: row <i>: <message>"), so the
/// error does not depend on the thread count either.
template <typename RowFn>
void parallel_rows(std::string_view where, Eigen::Index rows, int threads, RowFn&& row) {
  struct Failure {
    Eigen::Index row = -1;
    std::exception_ptr error;
  };
  const int T = std::max(1, threads);
  // One thread: the rows in order here, nothing allocated.
  if (T == 1) {
    Eigen::Index i = 0;
    try {
      for (; i < rows; ++i) row(0, i);
    } catch (const std::invalid_argument& e) {
      std::ostringstream os;
      os << where << ": row " << i << ": " << e.what();
      throw std::invalid_argument(os.str());
    }
    return;
  }
  std::vector<Failure> failures(static_cast<std::size_t>(T));
  auto run = [&](int t) {
    const Eigen::Index begin = rows * t / T, end = rows * (t + 1) / T;
    for (Eigen::Index i = begin; i < end; ++i) {
      try {
        row(t, i);
      } catch (...) {
        failures[static_cast<std::size_t>(t)] = {i, std::current_exception()};
        return;
      }
    }
  };
  // Thread 0 here, threads 1..T-1 on the persistent workers (core/thread_pool.hpp).
  detail::run_on_threads(T, std::ref(run));
  // The failure of the lowest row: the first thread (in order) that failed.
  for (const Failure& f : failures) {
    if (!f.error) continue;
    try {
      std::rethrow_exception(f.error);
    } catch (const std::invalid_argument& e) {
      std::ostringstream os;
      os << where << ": row " << f.row << ": " << e.what();
      throw std::invalid_argument(os.str());
    }
  }
}

}  // namespace manipdyn

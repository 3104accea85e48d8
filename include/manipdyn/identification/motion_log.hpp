#pragma once
/// \file motion_log.hpp
/// Motion logs of a robot for identification: a CSV file with a header row naming the columns
/// `time` (s, as in the platform logs of platform_log.hpp; the older name `t`, which the arm
/// simulation's CSV still writes, is read too), `q1..qn` (rad or m), optionally `qd1..qdn`
/// (rad/s or m/s), `tau1..taun` (N m or N) and/or motor currents `i1..in` (A); other columns are ignored and the order is free
/// (docs/identification.md, "From logs to samples"). read_motion_log() returns the numbers as
/// they are; prepare_motion_log() (filter.hpp) resamples, filters and differentiates them.
#include <cstdint>
#include <filesystem>
#include <string>

#include "manipdyn/core/types.hpp"

namespace manipdyn {

/// The largest motion log read_motion_log accepts, in bytes (256 MiB: about a million samples
/// of a 6-joint log with 25 columns, 18 minutes at 1 kHz or 3 hours at 100 Hz); a larger file
/// is most likely not a log, and should be split or decimated first.
inline constexpr std::uintmax_t max_motion_log_bytes = std::uintmax_t{256} << 20;

/// The fewest samples a motion log may have (central differences need three).
inline constexpr int min_motion_log_samples = 3;

/// One motion log as read, sample k at time t(k). Plain data; every matrix has one row per
/// sample and one column per joint.
struct MotionLog {
  std::string source;  ///< the file it was read from, or "<string>"
  int n = 0;           ///< joints
  VectorXd t;          ///< sample times (N), s, strictly increasing
  MatrixXd q;          ///< joint positions (N x n)
  MatrixXd qd;         ///< measured joint velocities (N x n) if has_qd, else (0 x n)
  MatrixXd tau;        ///< measured joint torques (N x n) if has_tau, else (0 x n)
  MatrixXd current;    ///< motor currents (N x n) if has_current, else (0 x n)
  bool has_qd = false;
  bool has_tau = false;
  bool has_current = false;

  /// The number of samples N.
  int samples() const { return static_cast<int>(t.size()); }
};

/// Reads the motion log of an `n`-joint arm from the CSV file `file` (see the file comment for
/// the columns). Throws ParseError (io/parse_error.hpp, a std::invalid_argument) naming the file,
/// and the line and column where one is concerned, for: n <= 0, a file that cannot be read or
/// is larger than max_motion_log_bytes, an empty file, missing columns (all of them listed;
/// qd, tau and i are all-or-none groups), a column named twice, neither tau nor currents, a
/// cell that is empty, not a number, nan or inf, a time that is not after the previous one
/// (repeated or going back: both lines named), fewer than min_motion_log_samples samples.
MotionLog read_motion_log(const std::filesystem::path& file, int n);

/// The same from CSV `text`; `source` names it in errors.
MotionLog read_motion_log_text(const std::string& text, int n,
                               const std::string& source = "<string>");

}  // namespace manipdyn

#pragma once
/// \file platform_log.hpp
/// Motion logs of a Stewart platform for payload identification (issue 19, item 5;
/// docs/identification.md, "Stewart platform payload"): a CSV file with a header naming the
/// columns `time` (s), `tx, ty, tz` (m, base frame), the orientation as the unit quaternion
/// `qw, qx, qy, qz` (platform -> base, the columns of `manipdyn stewart control`'s log) or as the
/// RPY angles `thx, thy, thz` (rad, R = Rz Ry Rx, pose.hpp; the columns of the studies' CSV), and
/// the leg forces `F1..F6` (N); other columns are ignored and the order is free.
/// read_platform_log() returns the numbers as they are (the orientation as quaternions);
/// prepare_platform_log() resamples, filters and differentiates them into PlatformMotion samples;
/// identify_payload_from_log() chains it with identify_payload (platform_payload.hpp).
#include <filesystem>
#include <string>
#include <vector>

#include "manipdyn/core/types.hpp"
#include "manipdyn/identification/platform_payload.hpp"
#include "manipdyn/stewart/pose.hpp"

namespace manipdyn::stewart {

/// The fewest samples a platform log may have (central differences need three).
inline constexpr int min_platform_log_samples = 3;

/// A logged quaternion whose norm differs from 1 by more than this is refused (a column mixed
/// up, or not a quaternion); within it, it is normalised.
inline constexpr double platform_log_quaternion_tolerance = 1e-2;

/// One platform log as read, sample k at time(k). Plain data, one row per sample.
struct PlatformLog {
  std::string source;   ///< the file it was read from, or "<string>"
  VectorXd time;        ///< sample times (N), s, strictly increasing
  MatrixXd t;           ///< platform-frame origin (N x 3), base frame, m
  /// orientation (N x 4): unit quaternion (w, x, y, z) of R (platform -> base), normalised; from
  /// RPY columns it is the quaternion of rpy_to_rotation with w >= 0. Its sign may jump from row
  /// to row (q and -q are one rotation): prepare_platform_log makes it continuous.
  MatrixXd quaternion;
  MatrixXd F;           ///< leg forces (N x 6), N
  bool from_rpy = false;  ///< whether the orientation was read from thx, thy, thz

  /// The number of samples N.
  int samples() const { return static_cast<int>(time.size()); }
};

/// Reads a platform log from the CSV file `file` (see the file comment for the columns; with both
/// quaternion and RPY columns, the quaternion is used). Throws ParseError (io/parse_error.hpp, a
/// std::invalid_argument) naming the file, and the line and column where one is concerned, for:
/// a file that cannot be read or is larger than max_motion_log_bytes (motion_log.hpp), an empty
/// file, missing columns (all listed), a column named twice, a cell that is empty, not a number,
/// nan or inf, a time not after the previous one (both lines named), a quaternion whose norm is
/// off 1 by more than platform_log_quaternion_tolerance, fewer than min_platform_log_samples rows.
PlatformLog read_platform_log(const std::filesystem::path& file);

/// The same from CSV `text`; `source` names it in errors.
PlatformLog read_platform_log_text(const std::string& text, const std::string& source = "<string>");

/// The options of prepare_platform_log (the same steps as LogFilterOptions for arm logs,
/// identification/filter.hpp; docs/identification.md says why each default is what it is).
struct PlatformLogFilterOptions {
  /// The uniform grid's rate, Hz; 0: 1 / (the median time step of the log), raised to
  /// min_rate_per_cutoff x the highest cutoff when lower. The central differences' gain
  /// sin(w h) / (w h) scales the differentiated accelerations by about 1 - (w h)^2 / 3, and with
  /// them the platform's own inertial forces, which the payload fit then absorbs (the mass
  /// 1.6 sigma off on average over 30 synthetic logs at 250 Hz, 0.1 sigma on the 1.6 kHz grid);
  /// the spline resamples the log onto a finer grid at no cost in accuracy.
  double sample_rate = 0;
  /// The automatic grid rate's least multiple of the highest cutoff (1 kHz at 5 Hz).
  static constexpr double min_rate_per_cutoff = 200;
  /// Butterworth order of every low-pass (forward-backward: twice this in magnitude).
  int filter_order = 4;
  /// Low-pass cutoff of the pose (position and quaternion), Hz. Keep it at least 4x the motion's
  /// highest frequency: the leg forces carry products of the motion's harmonics (velocity
  /// products, gravity on the rotating legs), which a force filter close to them attenuates in
  /// the measured forces but not in the model's (docs/identification.md). 5 Hz suits motions
  /// below ~1.2 Hz; the noise of the accelerations grows about as cutoff^2.
  double cutoff = 5.0;
  /// Low-pass cutoff of the leg forces, Hz; 0: the same as `cutoff`, so that the forces and the
  /// motion they are regressed on pass the same filter (parallel filtering, Khalil & Dombre 2002,
  /// sec. 12.5).
  double force_cutoff = 0;
  /// Samples dropped at both ends of the filtered uniform signals; -1: ceil(3 sample_rate /
  /// min(cutoff, force_cutoff)), three periods of the lowest cutoff (as LogFilterOptions::trim).
  int trim = -1;
  /// The log's rows to keep, [first, last) (last = -1: to the end); the whole log is filtered
  /// first and the uniform samples within the times of rows first and last - 1 are kept.
  int first = 0;
  int last = -1;
  /// Keep every `decimate`-th uniform sample; 0: the largest factor whose Nyquist frequency stays
  /// above 1.25 x the highest cutoff (as identify's decimation), so that the filtered noise is
  /// close to white and identify_payload's standard deviations hold. Refused when it aliases.
  int decimate = 0;
};

/// Samples ready for identify_payload: uniform in time, zero-phase filtered, differentiated.
struct PlatformSamples {
  std::string source;      ///< the log's file, or "<string>"
  double sample_rate = 0;  ///< Hz, of `time` (after decimation)
  VectorXd time;           ///< times (N), s, on the log's clock
  /// the motions (N): t, R from the filtered pose; v, a and omega, alpha in the base frame as
  /// PlatformMotion defines them (omega: dR/dt = [omega]x R)
  std::vector<PlatformMotion> motions;
  MatrixXd F;  ///< filtered leg forces (N x 6)

  int samples() const { return static_cast<int>(time.size()); }
};

/// `log` made into platform motions and leg forces with `options`: make the quaternions
/// continuous (q_k -> -q_k where q_k . q_{k-1} < 0), resample t, q and F onto a uniform grid
/// (resample_uniform), low-pass them with butterworth_lowpass + filtfilt (pose at `cutoff`,
/// forces at `force_cutoff`), differentiate (central_difference): v = dt/dt, a = dv/dt;
/// omega = 2 vec(dq/dt conj(q)) / |q|^2 (base frame: dq/dt = 1/2 (0, omega) q, exact for the
/// filtered q of any norm), alpha = d omega/dt; R from q / |q| (orthonormal by construction);
/// trim, keep the range, decimate. Throws std::invalid_argument naming the option for a
/// non-positive or non-finite rate or cutoff, a cutoff at or above the Nyquist frequency, a bad
/// filter order, a range outside the log, a decimation that aliases, a log too short for the
/// filter's padding, and nothing left after trimming.
PlatformSamples prepare_platform_log(const PlatformLog& log, const PlatformLogFilterOptions& options = {});

/// identify_payload (platform_payload.hpp) on prepare_platform_log(log, filter_options):
/// `model` is the platform WITHOUT the payload. identify_payload's errors are prefixed with "the
/// log <source> (<N> samples prepared at <rate> Hz): ", its sample numbers counting those.
PayloadEstimate identify_payload_from_log(const StewartModel& model, const PlatformLog& log,
                                                const PlatformLogFilterOptions& filter_options = {},
                                                const PayloadIdentificationOptions& payload_options = {});

}  // namespace manipdyn::stewart

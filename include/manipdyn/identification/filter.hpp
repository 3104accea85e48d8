#pragma once
/// \file filter.hpp
/// From a motion log to samples for identification (docs/identification.md, "From logs to
/// samples"): a Butterworth low-pass design, SciPy's zero-phase forward-backward filter
/// (scipy.signal.filtfilt with its default padding and initial conditions), resampling of
/// irregular time steps onto a uniform grid, central differences, and prepare_motion_log(),
/// which chains them: resample, low-pass q (and a measured qd) and tau, differentiate for qd and
/// qdd, trim, select a sample range, decimate. Not a hot path: the functions allocate, in O(N).
#include <string>

#include "manipdyn/core/types.hpp"
#include "manipdyn/identification/motion_log.hpp"

namespace manipdyn {

/// A digital filter's transfer function b(z) / a(z), coefficients in powers of z^-1 (SciPy's
/// and MATLAB's order): numerator b, denominator a with a[0] = 1 as designed here.
struct FilterCoefficients {
  VectorXd b;  ///< numerator (order + 1)
  VectorXd a;  ///< denominator (order + 1), a[0] = 1
};

/// The digital Butterworth low-pass filter of `order` (1..10) with its -3 dB (half-power) point
/// at `cutoff` Hz for samples at `sample_rate` Hz (0 < cutoff < sample_rate / 2), designed as
/// scipy.signal.butter(order, cutoff, fs=sample_rate) does: the analog prototype's poles
/// s_k = exp(i pi (2k + order - 1) / (2 order)), k = 1..order (Butterworth 1930), scaled to the
/// pre-warped cutoff w = 2 fs tan(pi cutoff / fs) and mapped by the bilinear transform
/// z = (2 fs + s) / (2 fs - s), with all zeros at z = -1 and unit gain at DC. Its magnitude is
/// the analog one at the warped frequency: |H(f)|^2 = 1 / (1 + (tan(pi f / fs) /
/// tan(pi cutoff / fs))^(2 order)). Orders above 10 are refused: in this (b, a) form their
/// coefficients lose the digits that the response needs (SciPy recommends second-order sections
/// there). Throws std::invalid_argument naming the argument.
FilterCoefficients butterworth_lowpass(int order, double cutoff, double sample_rate);

/// The initial state of lfilter's direct form II transposed for a step response at rest, so
/// that a constant input x0 gives the constant output (DC gain) x0 from the first sample: the
/// solution zi of (I - A^T) zi = b[1:] - a[1:] b[0] with A the companion matrix of a
/// (scipy.signal.lfilter_zi). Size max(len(a), len(b)) - 1.
VectorXd lfilter_initial_state(const VectorXd& b, const VectorXd& a);

/// The zero-phase forward-backward filtering of the columns of `x` (N x k) by b(z) / a(z),
/// equal to scipy.signal.filtfilt(b, a, x, axis=0) with its defaults: each column extended at
/// both ends by padlen = 3 max(len(a), len(b)) samples of its odd reflection (2 x[0] - x[j] and
/// 2 x[N-1] - x[N-1-j]), filtered forward from the state lfilter_initial_state * (first value)
/// and backward from that state * (the forward output's last value) - the steady-state initial
/// conditions of SciPy's and MATLAB's default filtfilt (Gustafsson 1996, "Determining the
/// initial states in forward-backward filtering", analyses them; SciPy's method="gust", his
/// least-squares states, is not this) - and cut back to N samples. The magnitude
/// response is |H|^2 with no phase shift (so a Butterworth's cutoff is at -6 dB). a is
/// normalised by a[0]. Throws std::invalid_argument for empty or non-finite b or a, a[0] = 0,
/// non-finite x, or N <= padlen ("the filter's padding needs more than 15 samples").
/// (One signal: a column, x (N x 1).)
MatrixXd filtfilt(const VectorXd& b, const VectorXd& a, const MatrixXd& x);

/// The derivative of the uniformly sampled columns of `x` (N x k, N >= 3, step h > 0):
/// central differences (x[j+1] - x[j-1]) / (2 h) inside and the second-order one-sided
/// differences (-3 x[0] + 4 x[1] - x[2]) / (2 h), (3 x[N-1] - 4 x[N-2] + x[N-3]) / (2 h) at
/// the ends, as numpy.gradient(x, h, axis=0, edge_order=2). Error O(h^2): for a sine of
/// angular frequency w the interior gain is sin(w h) / (w h).
MatrixXd central_difference(const MatrixXd& x, double h);

/// The columns of `x` (N x k) sampled at the strictly increasing times `t` (N >= 3),
/// interpolated at the uniform times t[0] + j / rate for j = 0 .. floor((t[N-1] - t[0]) rate)
/// by natural cubic splines (each column a C2 piecewise cubic through every sample with zero
/// second derivative at both ends; de Boor, A Practical Guide to Splines, ch. IV), solved by the
/// tridiagonal (Thomas) algorithm in O(N). The spline's error is O(h^4) in x and O(h^2) in its
/// second derivative away from the ends. Returns the uniform times in `grid`.
/// Throws std::invalid_argument for fewer than 2 samples, sizes that differ, times that do not
/// increase, non-finite values, a rate <= 0 or one that makes more than max_resampled_samples.
MatrixXd resample_uniform(const VectorXd& t, const MatrixXd& x, double rate, VectorXd& grid);

/// The most uniform samples resample_uniform makes (10^8: 28 hours at 1 kHz).
inline constexpr int max_resampled_samples = 100'000'000;

/// The options of prepare_motion_log. The defaults suit arm logs sampled at 100-1000 Hz along
/// identification trajectories (finite Fourier series or point-to-point motions with content
/// below ~2-5 Hz; docs/identification.md says why each is what it is).
struct LogFilterOptions {
  /// The uniform grid's rate, Hz; 0: 1 / (the median time step of the log), the rate the
  /// logger ran at (100 Hz for the UR10e logs).
  double sample_rate = 0;
  /// Butterworth order of every low-pass (forward-backward: twice this in magnitude).
  int filter_order = 4;
  /// Low-pass cutoff of q (and of a measured qd), Hz. 5 Hz: identification trajectories keep
  /// their content below ~2 Hz (the UR10e runs: 99.9 % of the qd spectrum below 0.6 Hz), where
  /// the order-4 forward-backward filter changes the signal by < 0.1 %, while the noise of qdd
  /// grows about as cutoff^2 (UR10e: qdd from q and from the measured qd differ by 4 % RMS at
  /// 5 Hz, 17 % at 10 Hz). The UR10e study used 7.5 Hz. qd and qdd are differentiated from
  /// the filtered signals.
  double cutoff = 5.0;
  /// Low-pass cutoff of tau (or of the currents), Hz; 0: the same as `cutoff`, so that the
  /// torques and the motion they are regressed on carry the same filter (the "parallel
  /// filtering" of Khalil & Dombre, Modeling, Identification and Control of Robots, 2002,
  /// sec. 12.5).
  double tau_cutoff = 0;
  /// With qd columns in the log: filter the measured qd (true) or differentiate q (false). A
  /// measured qd is smoother than a differentiated q quantised to 1e-4 rad (the UR10e's
  /// 14-harmonic runs); a qd column that is zero while its q moves is refused.
  bool use_measured_qd = true;
  /// Drive gains (n), N m / A: tau = gain_j * i_j from the log's currents, instead of its tau
  /// columns. Empty: use the tau columns (an error if the log has only currents).
  VectorXd drive_gains;
  /// Samples dropped at both ends of the filtered uniform signals, where the filter and the
  /// one-sided differences are least accurate; -1: ceil(3 sample_rate / min(cutoff,
  /// tau_cutoff)), three periods of the lowest cutoff (60 samples, 0.6 s, at 100 Hz and 5 Hz),
  /// after which the transient of the odd padding has decayed below the central difference's
  /// own error (measured on sines: 10x larger after two periods, 100x after one).
  int trim = -1;
  /// The log's samples to keep, [first, last), 0-based rows of the log (last = -1: to the end).
  /// The whole log is filtered first and the uniform samples within the times of rows first
  /// and last - 1 are kept, so the range has no filter transients of its own. The UR10e study's
  /// 1-based inclusive ranges "a..b" (data README) are [a - 1, b) here.
  int first = 0;
  int last = -1;
  /// Low-pass the torques (true), or only resample them (false: for identify()'s parallel
  /// filtering, which filters the torques together with the regressor's columns).
  bool filter_tau = true;
  /// Keep every `decimate`-th uniform sample (1: all). Refused when the cutoffs exceed the
  /// decimated Nyquist frequency (aliasing).
  int decimate = 1;
};

/// Samples ready for identification: uniform in time, zero-phase filtered, differentiated.
struct IdentificationSamples {
  std::string source;      ///< the log's file, or "<string>"
  double sample_rate = 0;  ///< Hz, of `t` (after decimation)
  VectorXd t;              ///< times (N), s, on the log's clock
  MatrixXd q;              ///< filtered positions (N x n)
  MatrixXd qd;   ///< velocities (N x n): the filtered measured qd, or d/dt of the filtered q
  MatrixXd qdd;  ///< accelerations (N x n): d/dt of qd
  MatrixXd tau;  ///< filtered torques (N x n): the log's tau, or drive_gains * currents

  int samples() const { return static_cast<int>(t.size()); }
};

/// `log` made into identification samples with `options` (see LogFilterOptions): resample onto
/// a uniform grid (resample_uniform), low-pass q, qd (if measured and used) and tau with
/// butterworth_lowpass + filtfilt, differentiate (central_difference) for qd (unless measured)
/// and qdd, drop `trim` samples at both ends, keep the sample range [first, last), decimate.
/// Throws std::invalid_argument naming the option for: a non-positive or non-finite rate or
/// cutoff, a cutoff at or above the Nyquist frequency, drive_gains of the wrong size,
/// non-finite or missing (no currents in the log), no tau and no drive_gains, a measured qd
/// column used that is zero throughout while its q moves (not recorded), a range outside
/// the log, a decimation that aliases, a log too short for the filter's padding, and nothing
/// left after trimming.
IdentificationSamples prepare_motion_log(const MotionLog& log,
                                         const LogFilterOptions& options = {});

}  // namespace manipdyn

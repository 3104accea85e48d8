#pragma once
// The steps that every log preparation shares (private: prepare_motion_log for arms,
// stewart::prepare_platform_log for platforms): the logger's rate, the checked Butterworth
// low-pass, the uniform samples kept after trimming, range selection and decimation.
#include <string>
#include <vector>

#include "manipdyn/core/types.hpp"
#include "manipdyn/identification/filter.hpp"

namespace manipdyn::detail {

/// 1 / the median of the time steps of t (N >= 2), O(N).
double median_sample_rate(const VectorXd& t);

/// butterworth_lowpass(order, cutoff, rate), refused ("<where>: the order-N Butterworth ... is too
/// ill-conditioned ...") when its (b, a) form has lost the digits of its DC gain (off by > 1e-8).
FilterCoefficients checked_lowpass(const char* where, int order, double cutoff, double rate);

/// The indices into the uniform `grid` (at `rate` Hz) to keep: [trim, M - trim), within the times
/// of the log rows [first, last) of `t` (last = -1: to the end), every `decimate`-th. Throws
/// std::invalid_argument prefixed by `where` for a range outside the log and for nothing left.
std::vector<Eigen::Index> kept_grid_samples(const char* where, const VectorXd& t, int first,
                                            int last, int trim, int decimate,
                                            const VectorXd& grid, double rate);

/// The rows `rows` of x.
MatrixXd rows_of(const MatrixXd& x, const std::vector<Eigen::Index>& rows);

/// "<x> Hz".
std::string hz(double x);

}  // namespace manipdyn::detail

// Unit tests of identification/filter.hpp: the Butterworth design against its analog prototype
// (DC gain 1, -3 dB at the cutoff, |H|^2 = 1 / (1 + (tan(pi f / fs) / tan(pi fc / fs))^(2N))),
// filtfilt's zero phase and steady state, central differences, spline resampling, and
// prepare_motion_log on a synthetic log with irregular time steps, with its errors.
// (The match with SciPy to 1e-10 is python/tests/test_identification_logs.py.)
#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <numbers>
#include <random>

#include "manipdyn/identification/filter.hpp"
#include "support/error_message.hpp"

namespace manipdyn {
namespace {

using test_support::message_of;
constexpr double kPi = std::numbers::pi;

// |b(z) / a(z)| at z = exp(i 2 pi f / fs).
double magnitude(const FilterCoefficients& f, double freq, double fs) {
  const std::complex<double> z1 = std::exp(std::complex<double>(0, -2 * kPi * freq / fs));
  std::complex<double> num = 0, den = 0, power = 1;
  for (Eigen::Index k = 0; k < f.b.size(); ++k, power *= z1) {
    num += f.b[k] * power;
    den += f.a[k] * power;
  }
  return std::abs(num / den);
}

TEST(Butterworth, ClosedFormSecondOrderAtAQuarterOfTheRate) {
  // fc = fs / 4: tan(pi / 4) = 1, b = [1 2 1] / (2 + sqrt 2), a = [1, 0, (2 - sqrt 2) / (2 + sqrt
  // 2)].
  const FilterCoefficients f = butterworth_lowpass(2, 25.0, 100.0);
  const double s2 = std::sqrt(2.0);
  EXPECT_NEAR(f.b[0], 1 / (2 + s2), 1e-15);
  EXPECT_NEAR(f.b[1], 2 / (2 + s2), 1e-15);
  EXPECT_NEAR(f.b[2], 1 / (2 + s2), 1e-15);
  EXPECT_EQ(f.a[0], 1.0);
  EXPECT_NEAR(f.a[1], 0.0, 1e-15);
  EXPECT_NEAR(f.a[2], (2 - s2) / (2 + s2), 1e-15);
}

TEST(Butterworth, DcGainOneMinus3dBAtCutoffAndTheAnalogPrototypesResponse) {
  // Low cutoffs only at low orders: in (b, a) form the response loses about
  // order * log10(fs / fc) digits (SciPy's butter alike; prepare_motion_log refuses such filters).
  const double fs = 200.0;
  for (int order = 1; order <= 8; ++order)
    for (const double fc : {2.0, 10.0, 45.0}) {
      if (fc == 2.0 && order > 4) continue;
      const FilterCoefficients f = butterworth_lowpass(order, fc, fs);
      SCOPED_TRACE("order " + std::to_string(order) + ", cutoff " + std::to_string(fc));
      EXPECT_NEAR(f.b.sum() / f.a.sum(), 1.0, 1e-9);
      EXPECT_NEAR(magnitude(f, fc, fs), 1 / std::sqrt(2.0), 1e-9);
      for (const double freq : {0.5, 1.0, 5.0, 20.0, 60.0, 99.0}) {
        const double ratio = std::tan(kPi * freq / fs) / std::tan(kPi * fc / fs);
        const double expected = 1 / std::sqrt(1 + std::pow(ratio, 2 * order));
        EXPECT_NEAR(magnitude(f, freq, fs), expected, 1e-9) << "at " << freq << " Hz";
      }
    }
}

TEST(Butterworth, BadArgumentsAreNamed) {
  EXPECT_EQ(message_of([] { butterworth_lowpass(0, 10, 100); }),
            "butterworth_lowpass: order is 0, expected 1 to 10");
  EXPECT_EQ(message_of([] { butterworth_lowpass(4, 50, 100); }),
            "butterworth_lowpass: cutoff is 50.000000 Hz, expected between 0 and the Nyquist "
            "frequency 50.000000 Hz");
  EXPECT_EQ(message_of([] { butterworth_lowpass(4, 10, -1); }),
            "butterworth_lowpass: sample_rate is -1.000000 Hz, expected a positive number");
}

TEST(Filtfilt, ConstantsPassUnchangedAndSinesAreNotShifted) {
  const double fs = 100.0, fc = 10.0;
  const FilterCoefficients f = butterworth_lowpass(4, fc, fs);
  // a constant: the initial conditions start the filter in its steady state
  const MatrixXd constant = MatrixXd::Constant(50, 2, 3.25);
  EXPECT_LT((filtfilt(f.b, f.a, constant) - constant).cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_EQ(lfilter_initial_state(f.b, f.a).size(), 4);
  // sines below and at the cutoff come out scaled by |H|^2, in phase
  for (const double freq : {1.0, 5.0, fc}) {
    const int N = 2000;
    MatrixXd x(N, 1);
    for (int k = 0; k < N; ++k) x(k, 0) = std::sin(2 * kPi * freq * k / fs);
    const MatrixXd y = filtfilt(f.b, f.a, x);
    const double gain = std::pow(magnitude(f, freq, fs), 2);
    double worst = 0;
    for (int k = 200; k < N - 200; ++k) worst = std::max(worst, std::abs(y(k, 0) - gain * x(k, 0)));
    EXPECT_LT(worst, 1e-6) << "at " << freq << " Hz";
  }
  EXPECT_NEAR(std::pow(magnitude(f, fc, fs), 2), 0.5, 1e-12);  // -6 dB forward and back
}

TEST(Filtfilt, ShortSignalsAndBadCoefficientsAreRefused) {
  const FilterCoefficients f = butterworth_lowpass(4, 10, 100);
  EXPECT_EQ(message_of([&] { filtfilt(f.b, f.a, MatrixXd::Zero(15, 1)); }),
            "filtfilt: x has 15 samples, the filter's padding needs more than 15 "
            "(3 * max(len(a), len(b)))");
  EXPECT_NO_THROW(filtfilt(f.b, f.a, MatrixXd::Zero(16, 1)));
  EXPECT_EQ(message_of([&] { filtfilt(f.b, VectorXd::Zero(3), MatrixXd::Zero(20, 1)); }),
            "filtfilt: a[0] is 0");
  MatrixXd bad = MatrixXd::Zero(20, 1);
  bad(3, 0) = NAN;
  EXPECT_EQ(message_of([&] { filtfilt(f.b, f.a, bad); }), "filtfilt: x[3] is nan");
}

TEST(CentralDifference, ExactOnQuadraticsAndSecondOrderOnSines) {
  const double h = 0.01;
  const int N = 100;
  MatrixXd x(N, 2), dx(N, 2);
  const double w = 2 * kPi * 2.0;  // 2 Hz
  for (int k = 0; k < N; ++k) {
    const double t = k * h;
    x.row(k) << 3 * t * t - t + 1, std::sin(w * t);
    dx.row(k) << 6 * t - 1, w * std::cos(w * t);
  }
  const MatrixXd d = central_difference(x, h);
  EXPECT_LT((d.col(0) - dx.col(0)).cwiseAbs().maxCoeff(), 1e-10);  // ends included
  // interior: the gain sin(w h) / (w h), an error below (w h)^2 / 6 of the amplitude w
  EXPECT_LT((d.col(1) - dx.col(1)).segment(1, N - 2).cwiseAbs().maxCoeff(),
            w * (w * h) * (w * h) / 6 * 1.01);
  EXPECT_EQ(message_of([] { central_difference(MatrixXd::Zero(2, 1), 0.1); }),
            "central_difference: x has 2 samples, expected at least 3");
}

TEST(ResampleUniform, SplinesThroughIrregularSamples) {
  std::mt19937 rng(7);
  std::uniform_real_distribution<double> step(0.008, 0.013);
  const int N = 400;
  VectorXd t(N);
  t[0] = 0.3;
  for (int k = 1; k < N; ++k) t[k] = t[k - 1] + step(rng);
  MatrixXd x(N, 2);
  for (int k = 0; k < N; ++k) x.row(k) << 2 * t[k] - 1, std::sin(2 * kPi * t[k]);
  VectorXd grid;
  const MatrixXd y = resample_uniform(t, x, 100.0, grid);
  ASSERT_EQ(grid.size(), static_cast<Eigen::Index>(std::floor((t[N - 1] - t[0]) * 100)) + 1);
  EXPECT_EQ(grid[0], t[0]);
  EXPECT_NEAR(grid[5] - grid[4], 0.01, 1e-12);
  double linear = 0, sine = 0;
  for (Eigen::Index j = 0; j < grid.size(); ++j) {
    linear = std::max(linear, std::abs(y(j, 0) - (2 * grid[j] - 1)));
    if (j > 20 && j < grid.size() - 20)  // away from the natural ends
      sine = std::max(sine, std::abs(y(j, 1) - std::sin(2 * kPi * grid[j])));
  }
  EXPECT_LT(linear, 1e-12);
  EXPECT_EQ(message_of([&] { resample_uniform(t, x, 1e9, grid); }).rfind(
                "resample_uniform: rate 1000000000.000000 Hz over the ", 0),
            0u);
  EXPECT_EQ(message_of([&] { resample_uniform(t.reverse(), x, 100, grid); }),
            "resample_uniform: t[1] is not after t[0]");
  // the spline's error bound (5 / 384) h^4 max|x^(4)| with h = 13 ms, w = 2 pi: 5.8e-7
  EXPECT_LT(sine, 5.0 / 384 * std::pow(0.013, 4) * std::pow(2 * kPi, 4));
}

// A log of sines q_j = A_j sin(w_j t) at irregular times (8-13 ms), tau = 10 q, currents = q.
MotionLog sine_log(int N, bool with_qd) {
  std::mt19937 rng(3);
  std::uniform_real_distribution<double> step(0.008, 0.013);
  MotionLog log;
  log.source = "sines";
  log.n = 2;
  log.t.resize(N);
  log.t[0] = 0;
  for (int k = 1; k < N; ++k) log.t[k] = log.t[k - 1] + step(rng);
  log.q.resize(N, 2);
  log.qd.resize(with_qd ? N : 0, 2);
  for (int k = 0; k < N; ++k) {
    const double t = log.t[k];
    log.q.row(k) << 0.5 * std::sin(2 * kPi * 0.5 * t), 0.2 * std::sin(2 * kPi * 1.5 * t);
    if (with_qd) log.qd.row(k) << 0.5 * kPi * std::cos(kPi * t), 0.6 * kPi * std::cos(3 * kPi * t);
  }
  log.tau = 10 * log.q;
  log.current = log.q;
  log.has_qd = with_qd;
  log.has_tau = log.has_current = true;
  return log;
}

TEST(PrepareMotionLog, RecoversTheDerivativesOfSinesSampledIrregularly) {
  for (const bool with_qd : {false, true}) {
    const MotionLog log = sine_log(2000, with_qd);
    LogFilterOptions o;
    o.cutoff = 10;  // the 1.5 Hz sine passes unchanged to 1e-7 (|H|^2 = 1 / (1 + 2e-7))
    const IdentificationSamples s = prepare_motion_log(log, o);
    EXPECT_NEAR(s.sample_rate, 1 / 0.0105, 1.0);  // the median step is about 10.5 ms
    EXPECT_EQ(s.q.cols(), 2);
    double q_err = 0, qd_err = 0, qdd_err = 0, tau_err = 0;
    for (int k = 0; k < s.samples(); ++k) {
      const double t = s.t[k];
      const Eigen::Vector2d w(kPi, 3 * kPi), a(0.5, 0.2);
      for (int j = 0; j < 2; ++j) {
        q_err = std::max(q_err, std::abs(s.q(k, j) - a[j] * std::sin(w[j] * t)));
        qd_err = std::max(qd_err, std::abs(s.qd(k, j) - a[j] * w[j] * std::cos(w[j] * t)));
        qdd_err =
            std::max(qdd_err, std::abs(s.qdd(k, j) + a[j] * w[j] * w[j] * std::sin(w[j] * t)));
        tau_err = std::max(tau_err, std::abs(s.tau(k, j) - 10 * a[j] * std::sin(w[j] * t)));
      }
    }
    // The central difference's gain sin(w h) / (w h) is off by (w h)^2 / 6 = 1.6e-3 for the
    // 1.5 Hz joint (w h = 0.099): its qd (amplitude 1.88) within 1.2 x 1.6e-3 x 1.88, its qdd
    // (17.8, differentiated twice from q, once from a measured qd) within 1.2 x 2 x 1.6e-3 x 17.8.
    SCOPED_TRACE(with_qd ? "measured qd" : "qd from q");
    const double wh = 3 * kPi / s.sample_rate, rel = wh * wh / 6;
    EXPECT_LT(q_err, 1e-5);
    // (a measured qd: the natural spline's end error, O(h^2), leaking past the trimmed ends)
    EXPECT_LT(qd_err, with_qd ? 2e-4 : 1.2 * rel * 0.6 * kPi);
    EXPECT_LT(qdd_err, 1.2 * (with_qd ? 1 : 2) * rel * 0.2 * 9 * kPi * kPi);
    EXPECT_LT(tau_err, 1e-4);
  }
}

TEST(PrepareMotionLog, TrimRangeDecimationAndDriveGains) {
  const MotionLog log = sine_log(1000, false);
  LogFilterOptions o;
  o.sample_rate = 100;
  o.trim = 0;
  const IdentificationSamples all = prepare_motion_log(log, o);
  EXPECT_EQ(all.t[0], log.t[0]);
  o.trim = -1;  // three periods of 5 Hz at 100 Hz: 60 samples
  const IdentificationSamples trimmed = prepare_motion_log(log, o);
  EXPECT_EQ(trimmed.samples(), all.samples() - 120);
  EXPECT_NEAR(trimmed.t[0], log.t[0] + 0.6, 1e-12);
  o.first = 100;
  o.last = 900;
  o.decimate = 2;
  o.drive_gains = Eigen::Vector2d(10, 10);
  const IdentificationSamples part = prepare_motion_log(log, o);
  EXPECT_GE(part.t[0], log.t[100] - 1e-12);
  EXPECT_LE(part.t[part.samples() - 1], log.t[899] + 1e-12);
  EXPECT_NEAR(part.t[1] - part.t[0], 0.02, 1e-12);
  EXPECT_EQ(part.sample_rate, 50.0);
  // tau from currents times gains equals the tau column (= 10 q)
  const Eigen::Index k = (part.t[0] - all.t[0]) * 100 + 0.5;
  EXPECT_NEAR(part.tau(0, 1), all.tau(k, 1), 1e-12);
}

TEST(PrepareMotionLog, ErrorsNameTheOption) {
  const MotionLog log = sine_log(300, false);
  const auto prepare = [&](auto change, const MotionLog& l) {
    LogFilterOptions o;
    o.sample_rate = 100;
    change(o);
    return message_of([&] { prepare_motion_log(l, o); });
  };
  const auto with = [&](auto change) { return prepare(change, log); };
  EXPECT_EQ(with([](LogFilterOptions& o) { o.cutoff = 60; }),
            "prepare_motion_log: cutoff is 60 Hz, expected above 0 and below the Nyquist "
            "frequency 50 Hz of the 100 Hz samples");
  EXPECT_EQ(with([](LogFilterOptions& o) { o.tau_cutoff = -1; }),
            "prepare_motion_log: tau_cutoff is -1 Hz, expected above 0 and below the Nyquist "
            "frequency 50 Hz of the 100 Hz samples");
  EXPECT_EQ(with([](LogFilterOptions& o) { o.filter_order = 11; }),
            "prepare_motion_log: filter_order is 11, expected 1 to 10");
  EXPECT_EQ(with([](LogFilterOptions& o) { o.decimate = 12; }),
            "prepare_motion_log: decimate 12 leaves 8.33333 Hz samples whose Nyquist frequency "
            "4.16667 Hz is not above the cutoff 5 Hz: it would alias; lower the cutoff or the "
            "decimation");
  EXPECT_EQ(with([](LogFilterOptions& o) { o.decimate = 9; }), "(no exception)");
  const std::string ill = with([](LogFilterOptions& o) { o.filter_order = 8, o.cutoff = 1; });
  EXPECT_EQ(ill.rfind("prepare_motion_log: the order-8 Butterworth low-pass at 1 Hz for 100 Hz "
                      "samples is too ill-conditioned in (b, a) form (its DC gain is off by ",
                      0),
            0u)
      << ill;
  EXPECT_NE(ill.find("): lower filter_order or raise the cutoff"), std::string::npos) << ill;
  EXPECT_EQ(with([](LogFilterOptions& o) { o.drive_gains = VectorXd::Ones(3); }),
            "prepare_motion_log: drive_gains has size 3, expected 2");
  EXPECT_EQ(with([](LogFilterOptions& o) { o.first = 200, o.last = 100; }),
            "prepare_motion_log: the sample range [first, last) = [200, 100) is not within the "
            "log's 300 samples (last = -1: to the end)");
  MotionLog currents_only = log;
  currents_only.has_tau = false;
  currents_only.tau.resize(0, 2);
  EXPECT_EQ(prepare([](LogFilterOptions&) {}, currents_only),
            "prepare_motion_log: the log sines has currents but no tau columns: give drive_gains "
            "(2, N m / A) to make tau = gain * i");
  MotionLog no_currents = log;
  no_currents.has_current = false;
  EXPECT_EQ(prepare([](LogFilterOptions& o) { o.drive_gains = VectorXd::Ones(2); }, no_currents),
            "prepare_motion_log: drive_gains are given but the log sines has no current columns "
            "i1..i2");
  MotionLog zero_qd = sine_log(300, true);
  zero_qd.qd.col(1).setZero();
  const std::string not_recorded = prepare([](LogFilterOptions&) {}, zero_qd);
  EXPECT_EQ(not_recorded.rfind("prepare_motion_log: the log sines has qd2 = 0 throughout while q2 "
                               "moves by 0.4",
                               0),
            0u)
      << not_recorded;
  EXPECT_NE(not_recorded.find(": its velocities were not recorded; set use_measured_qd to false "
                              "to differentiate q"),
            std::string::npos);
  MotionLog short_log = sine_log(14, false);
  EXPECT_EQ(prepare([](LogFilterOptions&) {}, short_log),
            "prepare_motion_log: the log sines spans " +
                std::to_string(static_cast<int>(std::floor(short_log.t[13] * 100 + 1e-9)) + 1) +
                " samples at 100 Hz, too short for the order-4 filter's padding, which needs "
                "more than 15");
  EXPECT_EQ(with([](LogFilterOptions& o) { o.trim = 1000; }),
            "prepare_motion_log: no samples left: the log's " +
                std::to_string(static_cast<int>(std::floor(log.t[299] * 100 + 1e-9)) + 1) +
                " uniform samples at 100 Hz less 1000 trimmed at each end have none within the "
                "range [0, 300)");
}

}  // namespace
}  // namespace manipdyn

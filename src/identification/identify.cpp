// From logged motion to an identified model (identify.hpp, docs/identification.md).
#include "manipdyn/identification/identify.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>
#include <string>

#include "manipdyn/identification/excitation.hpp"
#include "manipdyn/identification/filter.hpp"
#include "manipdyn/identification/parameters.hpp"
#include "manipdyn/serial/batch.hpp"
#include "manipdyn/serial/drive.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "manipdyn/serial/regressor.hpp"
#include "parallel_filter.hpp"

namespace manipdyn {
namespace {

/// The parameters identified: the 10 n link parameters, and the 4 n drive ones if `drive`.
Eigen::Index identified_count(int n, bool drive) {
  return static_cast<Eigen::Index>(drive ? kLinkParameters + kDriveParameters : kLinkParameters) *
         n;
}

/// The Coulomb velocity scale of each joint the identification uses (options.
/// coulomb_velocity_scale: < 0 chosen from `runs` into `choice`, else the same on every joint).
VectorXd coulomb_velocity_scales(const SerialModel& nominal,
                                 const std::vector<IdentificationSamples>& runs,
                                 const IdentificationOptions& options,
                                 CoulombVelocityScaleChoice& choice) {
  if (options.coulomb_velocity_scale >= 0)
    return VectorXd::Constant(nominal.dof(), options.coulomb_velocity_scale);
  choice = choose_coulomb_velocity_scales(nominal, runs, options,
                                          options.coulomb_velocity_scale_candidates,
                                          options.coulomb_velocity_scale_folds);
  return choice.scale;
}

/// Random states spanning the model's structure (Gautier 1990): q in the joint limits (or
/// [-pi, pi] where none), qd and qdd in [-2, 2]; their stacked regressor (states n x p).
MatrixXd structure_matrix(const SerialModel& model, bool drive, int states, unsigned seed) {
  const int n = model.dof();
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> unit(-1.0, 1.0);
  MatrixXd q(states, n), qd(states, n), qdd(states, n);
  for (int k = 0; k < states; ++k)
    for (int j = 0; j < n; ++j) {
      const LinkParameters& l = model.links[static_cast<std::size_t>(j)];
      const double lo = std::isfinite(l.q_min) ? l.q_min : -M_PI;
      const double hi = std::isfinite(l.q_max) ? l.q_max : M_PI;
      q(k, j) = 0.5 * (lo + hi) + 0.5 * (hi - lo) * unit(rng);
      qd(k, j) = 2.0 * unit(rng);
      qdd(k, j) = 2.0 * unit(rng);
    }
  return observation_matrix(model, q, qd, qdd, drive);
}

/// The measured torques of `run` stacked sample-major (N n), less the drive torques of `model`
/// when they are not identified.
VectorXd run_torques(const SerialModel& model, const IdentificationSamples& run, bool drive) {
  const int n = model.dof();
  VectorXd tau(run.samples() * static_cast<Eigen::Index>(n));
  VectorXd drive_tau(n);
  for (int k = 0; k < run.samples(); ++k) {
    tau.segment(k * n, n) = run.tau.row(k).transpose();
    if (!drive && model.has_drive) {
      drive_tau.setZero();
      add_drive_torques<double>(model, run.qd.row(k).transpose(), run.qdd.row(k).transpose(),
                                drive_tau);
      tau.segment(k * n, n) -= drive_tau;
    }
  }
  return tau;
}

void check_runs(const SerialModel& model, const std::vector<IdentificationSamples>& runs) {
  check_identifiable_model("identify", model);
  if (runs.empty()) throw std::invalid_argument("identify: no runs (give at least one log)");
  for (const auto& run : runs) {
    const Eigen::Index n = model.dof();
    if (run.q.cols() != n || run.qd.cols() != n || run.qdd.cols() != n || run.tau.cols() != n)
      throw std::invalid_argument("identify: run '" + run.source + "' has " +
                                  std::to_string(run.q.cols()) + " joints, the model " +
                                  std::to_string(n));
    if (run.q.rows() != run.samples() || run.qd.rows() != run.samples() ||
        run.qdd.rows() != run.samples() || run.tau.rows() != run.samples())
      throw std::invalid_argument("identify: run '" + run.source +
                                  "' has matrices of different lengths");
  }
}

/// pi from the base estimate without the consistency constraints: the prior moved by the
/// minimum-norm change that reproduces the base estimate, pi = prior + K^+ (beta - K prior).
VectorXd unconstrained_parameters(const MatrixXd& K, const VectorXd& beta, const VectorXd& prior) {
  return prior + K.completeOrthogonalDecomposition().solve(beta - K * prior);
}

/// Raises each joint's drive block of pi (14 n) to Ia >= 0, Fv >= 0, Fc >= |Fo| (the builder's
/// checks: Tc+ >= 0 >= Tc-); returns the joints (1-based) that needed it.
std::vector<std::string> clamp_drive_parameters(VectorXd& pi, int n) {
  std::vector<std::string> joints;
  for (int j = 0; j < n; ++j) {
    auto d = pi.segment<kDriveParameters>(kLinkParameters * n + kDriveParameters * j);
    const bool bad = d[0] < 0 || d[1] < 0 || d[2] < std::abs(d[3]);
    d[0] = std::max(d[0], 0.0);
    d[1] = std::max(d[1], 0.0);
    d[2] = std::max(d[2], std::abs(d[3]));
    if (bad) joints.push_back(std::to_string(j + 1));
  }
  return joints;
}

void report(const IdentificationOptions& options, const std::string& step, double fraction) {
  if (options.progress) options.progress(step, fraction);
}

}  // namespace

void check_identifiable_model(const std::string& where, const SerialModel& model) {
  if (model.root != RootJoint::fixed)
    throw std::invalid_argument(where + ": model '" + model.name +
                                "' has a free-flyer root; identification takes fixed-root models "
                                "(chains and trees: the base body's inertia is no part of the "
                                "standard parameters)");
}

MatrixXd observation_matrix(const SerialModel& model, const MatrixXd& q, const MatrixXd& qd,
                            const MatrixXd& qdd, bool drive) {
  check_identifiable_model("observation_matrix", model);
  const int n = model.dof();
  const Eigen::Index p = identified_count(n, drive), N = q.rows();
  if (q.cols() != n || qd.cols() != n || qdd.cols() != n || qd.rows() != N || qdd.rows() != N)
    throw std::invalid_argument("observation_matrix: q, qd, qdd must be N x " +
                                std::to_string(n) + " each");
  // 2^27 entries (1 GiB, 2^27 / (6 x 84) = 266000 samples of a 6-joint arm): a longer log is
  // resampled at a lower rate first (LogFilterOptions::sample_rate)
  constexpr double kMaxEntries = double(1 << 27);
  if (double(N) * n * standard_parameter_count(n) > kMaxEntries)
    throw std::invalid_argument(
        "observation_matrix: " + std::to_string(N) + " samples of " + std::to_string(n) +
        " joints make " + std::to_string(double(N) * n * standard_parameter_count(n) / 1e6) +
        " million entries, more than 134 million (1 GiB); resample the log at a lower rate "
        "(sample_rate, --sample-rate) or split it");
  // on the batch layer's threads (serial/batch.hpp; a tree too), then the p columns asked for
  RowMatrixXd W_rows(N * n, standard_parameter_count(n));
  joint_torque_regressor_batch(model, RowMatrixXd(q), RowMatrixXd(qd), RowMatrixXd(qdd), W_rows);
  return W_rows.leftCols(p);
}

BaseParameters structural_base_parameters(const SerialModel& model, bool drive,
                                          const BaseParameterOptions& options, int states,
                                          unsigned seed) {
  check_identifiable_model("structural_base_parameters", model);
  const Eigen::Index p = identified_count(model.dof(), drive);
  const std::vector<std::string> all = standard_parameter_names(model);
  const std::vector<std::string> names(all.begin(), all.begin() + p);
  return base_parameters(
      structure_matrix(model, drive, states > 0 ? states : static_cast<int>(4 * p), seed), names,
      options);
}

double base_condition_log10(const SerialModel& model, const BaseParameters& base,
                            const TrajectorySamples& samples, bool drive) {
  const Eigen::Index p = identified_count(model.dof(), drive);
  SerialData data(model);
  const Vector3d gravity = model.gravity;
  return stacked_condition(
      samples, static_cast<int>(base.rank),
      [&](const VectorXd& q, const VectorXd& qd, const VectorXd& qdd, MatrixXd& Y) {
        const MatrixXd& full = joint_torque_regressor<double>(model, data, q, qd, qdd, gravity);
        Y = base_regressor(base, full.leftCols(p));
      });
}

IdentificationResult identify(const SerialModel& nominal,
                              const std::vector<IdentificationSamples>& runs,
                              const IdentificationOptions& options) {
  check_runs(nominal, runs);
  const int n = nominal.dof();
  IdentificationResult result;
  if (options.drive) report(options, "Coulomb velocity scales", 0.0);
  const SerialModel structure =
      options.drive
          ? with_coulomb_velocity_scales(
                nominal, coulomb_velocity_scales(nominal, runs, options, result.coulomb_velocity_scale))
          : nominal;
  const Eigen::Index p = identified_count(n, options.drive);
  const std::vector<std::string> all_names = standard_parameter_names(structure);
  result.names.assign(all_names.begin(), all_names.begin() + p);
  const VectorXd nominal14 = standard_parameters(structure);
  result.nominal = nominal14.head(p);

  report(options, "base parameters of the structure", 0.0);
  result.base = structural_base_parameters(structure, options.drive, options.base,
                                           options.structure_states, options.seed);

  report(options, "observation matrix", 0.1);
  std::vector<MatrixXd> blocks(runs.size());
  std::vector<VectorXd> torques(runs.size());
  Eigen::Index rows = 0;
  for (std::size_t r = 0; r < runs.size(); ++r) {
    run_rows(structure, result.base, runs[r], run_torques(nominal, runs[r], options.drive),
             options, blocks[r], torques[r]);
    rows += blocks[r].rows();
    report(options, "observation matrix", 0.1 + 0.4 * double(r + 1) / double(runs.size()));
  }
  MatrixXd W_b(rows, result.base.rank);
  VectorXd tau(rows);
  rows = 0;
  for (std::size_t r = 0; r < runs.size(); ++r) {
    W_b.middleRows(rows, blocks[r].rows()) = blocks[r];
    tau.segment(rows, blocks[r].rows()) = torques[r];
    rows += blocks[r].rows();
  }
  result.samples = rows / n;

  report(options, options.weighted ? "weighted least squares" : "least squares", 0.5);
  LeastSquaresOptions ls = options.least_squares;
  ls.parameter_names = result.base.groupings;
  result.fit = options.weighted ? fit_wls(W_b, tau, n, ls) : fit_ols(W_b, tau, n, ls);

  // the consistent fit works on all 14 n parameters; without drive identification their
  // columns of K are zero and the prior (the nominal drive) holds them
  MatrixXd K14 = MatrixXd::Zero(result.base.rank, nominal14.size());
  K14.leftCols(p) = result.base.K;
  VectorXd pi14;
  if (options.physically_consistent) {
    report(options, "physically consistent parameters", 0.6);
    result.consistent = fit_physically_consistent(result.fit, K14, nominal14, options.consistency);
    pi14 = result.consistent.pi;
    if (!options.drive) pi14.tail(kDriveParameters * n) = nominal14.tail(kDriveParameters * n);
  } else {
    pi14 = nominal14;
    pi14.head(p) = unconstrained_parameters(result.base.K, result.fit.estimate, result.nominal);
  }
  const std::vector<std::string> clamped = clamp_drive_parameters(pi14, n);
  result.standard = pi14.head(p);
  result.model = model_with_standard_parameters(structure, pi14, !options.physically_consistent);
  for (const std::string& joint : clamped)
    result.model.warnings.push_back("identify: the least-squares drive parameters of joint " +
                                    joint + " were not physical (Ia < 0, Fv < 0 or Fc < |Fo|); "
                                    "clamped to the nearest physical values");
  report(options, "done", 1.0);
  return result;
}

TorquePrediction predict_torques(const SerialModel& model, const IdentificationSamples& samples) {
  const int n = model.dof();
  const Eigen::Index N = samples.samples();
  TorquePrediction out;
  out.predicted.resize(N, n);
  SerialData data(model);
  for (Eigen::Index k = 0; k < N; ++k)
    out.predicted.row(k) =
        inverse_dynamics<double>(model, data, samples.q.row(k).transpose(),
                                 samples.qd.row(k).transpose(), samples.qdd.row(k).transpose())
            .transpose();
  const MatrixXd error = samples.tau - out.predicted;
  out.rms_error = (error.colwise().squaredNorm() / double(N)).cwiseSqrt().transpose();
  const VectorXd rms = (samples.tau.colwise().squaredNorm() / double(N)).cwiseSqrt().transpose();
  out.relative_rms_error = out.rms_error.cwiseQuotient(rms);
  return out;
}

SerialModel with_payload(const SerialModel& arm, const Eigen::Ref<const VectorXd>& payload,
                         bool allow_invalid_inertia) {
  if (payload.size() != kLinkParameters)
    throw std::invalid_argument("with_payload: payload has " + std::to_string(payload.size()) +
                                " parameters, expected 10");
  VectorXd pi = standard_parameters(arm);
  pi.segment(kLinkParameters * (arm.dof() - 1), kLinkParameters) += payload;
  return model_with_standard_parameters(arm, pi,
                                        allow_invalid_inertia || arm.allow_invalid_inertia);
}

PayloadEstimate identify_payload(const SerialModel& arm,
                                 const std::vector<IdentificationSamples>& runs) {
  check_runs(arm, runs);
  const int n = arm.dof();
  const Eigen::Index last = kLinkParameters * (n - 1);
  Eigen::Index rows = 0;
  for (const auto& run : runs) rows += run.samples() * static_cast<Eigen::Index>(n);
  MatrixXd W(rows, kLinkParameters);
  VectorXd residual(rows);
  PayloadEstimate out;
  out.relative_rms_error_before = VectorXd::Zero(n);
  Eigen::Index row = 0;
  for (const auto& run : runs) {
    const TorquePrediction before = predict_torques(arm, run);
    const MatrixXd Y = observation_matrix(arm, run.q, run.qd, run.qdd, false);
    W.middleRows(row, Y.rows()) = Y.middleCols(last, kLinkParameters);
    const MatrixXd e = run.tau - before.predicted;
    for (int k = 0; k < run.samples(); ++k) residual.segment(row + k * n, n) = e.row(k).transpose();
    row += Y.rows();
    out.relative_rms_error_before += before.relative_rms_error / double(runs.size());
  }
  const std::vector<std::string> all = standard_parameter_names(arm);
  std::vector<std::string> names;
  for (int k = 0; k < kLinkParameters; ++k) {
    const std::string& name = all[static_cast<std::size_t>(last + k)];
    names.push_back(name.substr(0, name.find('_')));
  }
  out.names = names;
  const BaseParameters base = base_parameters(W, names);
  LeastSquaresOptions ls;
  ls.parameter_names = base.groupings;
  const LeastSquaresFit fit = fit_wls(base_regressor(base, W), residual, n, ls);
  out.parameters = VectorXd::Zero(kLinkParameters);
  out.standard_deviation = VectorXd::Constant(kLinkParameters, INFINITY);
  for (Eigen::Index i = 0; i < base.rank; ++i) {
    out.parameters[base.base_indices[i]] = fit.estimate[i];
    out.standard_deviation[base.base_indices[i]] = fit.standard_deviation[i];
  }
  for (Eigen::Index i : base.dependent_indices) out.unidentifiable.push_back(names[i]);
  out.mass = out.parameters[0];
  if (out.mass > 0) out.com = out.parameters.segment<3>(1) / out.mass;
  out.condition_number = fit.condition_number;
  // the arm with the payload (its unexcited parameters zero: possibly not a physical body)
  const SerialModel loaded = with_payload(arm, out.parameters, true);
  out.relative_rms_error_after = VectorXd::Zero(n);
  for (const auto& run : runs)
    out.relative_rms_error_after += predict_torques(loaded, run).relative_rms_error / double(runs.size());
  return out;
}

namespace {

/// Rows of one run in the gain problem: [W_b | Y_p,rest | -diag(i)] (payload columns only when
/// loaded) and the right-hand side -m Y_p,m.
void gain_rows(const SerialModel& model, const BaseParameters& base, bool drive,
               const IdentificationSamples& run, double mass, Eigen::Ref<MatrixXd> A,
               Eigen::Ref<VectorXd> b) {
  const int n = model.dof();
  const Eigen::Index r = base.rank, last = kLinkParameters * (n - 1);
  const MatrixXd W = observation_matrix(model, run.q, run.qd, run.qdd, drive);
  A.setZero();
  b.setZero();
  A.leftCols(r) = base_regressor(base, W);
  for (int k = 0; k < run.samples(); ++k)
    for (int j = 0; j < n; ++j) {
      const Eigen::Index row = static_cast<Eigen::Index>(k) * n + j;
      A(row, r + kLinkParameters - 1 + j) = -run.tau(k, j);
      if (mass > 0) {
        A.row(row).segment(r, kLinkParameters - 1) = W.row(row).segment(last + 1, kLinkParameters - 1);
        b[row] = -mass * W(row, last);
      }
    }
}

}  // namespace

DriveGainEstimate identify_drive_gains(const SerialModel& nominal,
                                       const std::vector<IdentificationSamples>& unloaded,
                                       const std::vector<IdentificationSamples>& loaded,
                                       double payload_mass, const IdentificationOptions& options) {
  check_runs(nominal, unloaded);
  check_runs(nominal, loaded);
  if (!(payload_mass > 0) || !std::isfinite(payload_mass))
    throw std::invalid_argument("identify_drive_gains: payload_mass must be > 0 kg, got " +
                                std::to_string(payload_mass));
  const int n = nominal.dof();
  CoulombVelocityScaleChoice choice;
  const SerialModel model =
      options.drive
          ? with_coulomb_velocity_scales(nominal,
                                         coulomb_velocity_scales(nominal, unloaded, options, choice))
          : nominal;
  const BaseParameters base = structural_base_parameters(
      model, options.drive, options.base, options.structure_states, options.seed);
  const Eigen::Index r = base.rank, cols = r + kLinkParameters - 1 + n;
  std::vector<MatrixXd> blocks;
  std::vector<VectorXd> rhs;
  Eigen::Index rows = 0;
  for (const auto* runs : {&unloaded, &loaded})
    for (const auto& run : *runs) {
      const Eigen::Index m = run.samples() * static_cast<Eigen::Index>(n);
      blocks.emplace_back(m, cols);
      rhs.emplace_back(m);
      gain_rows(model, base, options.drive, run, runs == &loaded ? payload_mass : 0.0,
                blocks.back(), rhs.back());
      filter_and_decimate(run, n, options, blocks.back(), rhs.back());
      rows += blocks.back().rows();
    }
  MatrixXd A(rows, cols);
  VectorXd b(rows);
  Eigen::Index row = 0;
  for (std::size_t i = 0; i < blocks.size(); ++i) {
    A.middleRows(row, blocks[i].rows()) = blocks[i];
    b.segment(row, blocks[i].rows()) = rhs[i];
    row += blocks[i].rows();
  }
  std::vector<std::string> names = base.groupings;
  for (const char* p : {"mx_p", "my_p", "mz_p", "Ixx_p", "Ixy_p", "Iyy_p", "Ixz_p", "Iyz_p",
                        "Izz_p"})
    names.push_back(p);
  for (int j = 1; j <= n; ++j) names.push_back("g_" + std::to_string(j));
  const BaseParameters all = base_parameters(A, names);
  for (Eigen::Index i : all.dependent_indices)
    if (i >= r + kLinkParameters - 1)
      throw std::invalid_argument("identify_drive_gains: the runs do not excite the gain " +
                                  names[static_cast<std::size_t>(i)]);
  LeastSquaresOptions ls;
  ls.parameter_names = all.groupings;
  const LeastSquaresFit fit = fit_ols(base_regressor(all, A), b, n, ls);
  const VectorXd& estimate = fit.estimate;
  DriveGainEstimate out;
  out.gains.resize(n);
  out.standard_deviation.resize(n);
  out.payload = VectorXd::Zero(kLinkParameters - 1);
  for (Eigen::Index i = 0; i < all.rank; ++i) {
    const Eigen::Index c = all.base_indices[static_cast<std::size_t>(i)];
    if (c >= r + kLinkParameters - 1) {
      out.gains[c - r - kLinkParameters + 1] = estimate[i];
      out.standard_deviation[c - r - kLinkParameters + 1] = fit.standard_deviation[i];
    } else if (c >= r) {
      out.payload[c - r] = estimate[i];
    }
  }
  out.condition_number = fit.condition_number;
  // the residual in current units (divided by the gain), relative to the RMS current
  VectorXd current_sq = VectorXd::Zero(n);
  for (Eigen::Index k = 0; k < rows; ++k) {
    const double i = A(k, r + kLinkParameters - 1 + k % n);
    current_sq[k % n] += i * i;
  }
  out.relative_rms_error = fit.residual_rms.cwiseQuotient(out.gains).cwiseQuotient(
      (current_sq / double(rows / n)).cwiseSqrt());
  return out;
}

}  // namespace manipdyn

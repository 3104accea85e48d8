// identification/identify.hpp on a fixed-root tree: a dual-arm robot (two Panda arms on one
// torso, tests/support/dual_arm.hpp, 14 joints with drives). An exciting trajectory is designed
// for it (excitation.hpp, the base observation matrix's condition number as the cost), the true
// robot's torques along it (inverse_dynamics) get Gaussian noise of 2 % of each joint's RMS
// torque, and a nominal model off by tens of percent is identified from them; then:
//  - the structural base parameters are those of the two arms (twice one arm's count);
//  - the base parameters are recovered within their estimated standard deviations (mean squared
//    normalised error near 1, every error within 4.5 sigma);
//  - the physically consistent identified model predicts the torques of another trajectory,
//    held out, within the noise;
//  - the physical-consistency check runs per link on the tree.
// And on measured data (examples/data/ur10e, the only robot logs there are, of a chain): the
// UR10e made a tree to the model (gamma = 2 pi on one joint) is identified from its real logs
// through the tree path as the chain path identifies it.
#include <gtest/gtest.h>

#include <Eigen/Eigenvalues>
#include <cmath>
#include <numbers>
#include <random>

#include "manipdyn/identification/excitation.hpp"
#include "manipdyn/identification/identify.hpp"
#include "manipdyn/identification/identify_from_logs.hpp"
#include "manipdyn/identification/parameters.hpp"
#include "manipdyn/identification/physical_consistency.hpp"
#include "manipdyn/io/urdf.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "manipdyn/trajectory/fourier_trajectory.hpp"
#include "support/dual_arm.hpp"
#include "support/error_message.hpp"
#include "support/identification_truth.hpp"

namespace manipdyn {
namespace {

constexpr double kSampleRate = 50.0;  // Hz, of the simulated samples (one 10 s period: 500)

/// A trajectory for `model` designed by design_excitation (a short search: the test checks that
/// it runs on a tree and gives an identifiable motion, not the optimum).
FourierTrajectory exciting_trajectory(const SerialModel& model, const BaseParameters& base,
                                      std::uint64_t seed) {
  ExcitationOptions options;
  options.harmonics = 3;
  options.sample_rate = 4.0;
  options.evaluations = 30;
  options.restarts = 1;
  options.seed = seed;
  options.qdd_max = VectorXd::Constant(model.dof(), 4.0);
  const ExcitationResult r = design_excitation(
      model,
      [&](const TrajectorySamples& s) { return base_condition_log10(model, base, s, true); },
      options);
  EXPECT_TRUE(std::isfinite(r.cost));
  return r.trajectory;
}

/// The samples of `truth` along `trajectory` (one period at kSampleRate, exact q, qd, qdd), the
/// torques from its inverse dynamics plus N(0, noise_j).
IdentificationSamples simulated_samples(const SerialModel& truth,
                                        const FourierTrajectory& trajectory,
                                        const VectorXd& noise, unsigned seed) {
  const TrajectorySamples s = sample_fourier_trajectory(trajectory, kSampleRate);
  IdentificationSamples out;
  out.source = "<simulated>";
  out.sample_rate = kSampleRate;
  out.t = s.t;
  out.q = s.q;
  out.qd = s.qd;
  out.qdd = s.qdd;
  out.tau.resize(s.q.rows(), truth.dof());
  SerialData data(truth);
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> gauss;
  for (Eigen::Index k = 0; k < s.q.rows(); ++k) {
    out.tau.row(k) = inverse_dynamics<double>(truth, data, s.q.row(k).transpose(),
                                              s.qd.row(k).transpose(), s.qdd.row(k).transpose())
                         .transpose();
    for (int j = 0; j < truth.dof(); ++j) out.tau(k, j) += noise[j] * gauss(rng);
  }
  return out;
}

TEST(IdentificationTree, DualArmRecoveredWithinSigmaAndPredictsAHeldOutTrajectory) {
  const SerialModel truth = test_support::dual_panda(true);
  const int n = truth.dof();
  const SerialModel nominal = test_support::perturbed(truth, 5);
  // the structure: two arms on a fixed torso, each with its own base parameters
  const BaseParameters base = structural_base_parameters(nominal, true);
  ASSERT_EQ(base.rank % 2, 0);
  const FourierTrajectory train = exciting_trajectory(nominal, base, 1);
  const FourierTrajectory test = exciting_trajectory(nominal, base, 2);
  // noise: 2 % of each joint's RMS torque along the training trajectory
  const IdentificationSamples clean = simulated_samples(truth, train, VectorXd::Zero(n), 0);
  const VectorXd noise =
      0.02 * (clean.tau.colwise().squaredNorm() / double(clean.samples())).cwiseSqrt().transpose();
  const IdentificationSamples run = simulated_samples(truth, train, noise, 3);
  IdentificationOptions options;
  options.coulomb_velocity_scale = 0.0;  // the truth's Coulomb friction switches at qd = 0
  // 50 Levenberg-Marquardt steps of the consistent fit (each O(p^3), p = 196) bring it within
  // 1.7 sigma of the least-squares estimate (500 steps: 1.5 sigma, 2.7 s instead of 0.3 s)
  options.consistency.max_iterations = 50;
  const IdentificationResult r = identify(nominal, {run}, options);
  EXPECT_EQ(r.base.rank, base.rank);
  EXPECT_EQ(r.model.parent, truth.parent);
  const test_support::Recovery rec = test_support::base_recovery(r, truth);
  SCOPED_TRACE(std::to_string(r.base.rank) + " base parameters, mean z^2 " +
               std::to_string(rec.mean_square) + ", worst |z| " + std::to_string(rec.worst));
  EXPECT_LT(rec.mean_square, 2.0);
  EXPECT_GT(rec.mean_square, 0.2);
  EXPECT_LT(rec.worst, 4.5);
  EXPECT_LT(r.consistent.max_gap_sigma, 3.0);
  // the consistent model: every link block physical, and the torques of the held-out trajectory
  // (noise-free) within the noise; the nominal model is far off
  for (int i = 0; i < n; ++i)
    EXPECT_GE(Eigen::SelfAdjointEigenSolver<Matrix4d>(pseudo_inertia(r.standard, i))
                  .eigenvalues()
                  .minCoeff(),
              -1e-9)
        << "link " << i + 1;
  const IdentificationSamples other = simulated_samples(truth, test, VectorXd::Zero(n), 4);
  const TorquePrediction identified = predict_torques(r.model, other);
  const TorquePrediction nominal_prediction = predict_torques(nominal, other);
  int nominal_worse = 0;
  for (int j = 0; j < n; ++j) {
    EXPECT_LT(identified.rms_error[j], noise[j]) << "joint " << j + 1;
    nominal_worse += nominal_prediction.rms_error[j] > 3 * noise[j];
  }
  EXPECT_GE(nominal_worse, n / 2);
}

// The tree path on measured data: the UR10e's chain, with gamma = 2 pi on joint 3 (the same
// geometry up to rounding, a tree to the model: the tree regressor), identified from the first
// real harmonic run and predicting a second one, equals the chain path's identification to
// rounding (both the estimate and the predicted torques).
TEST(IdentificationTree, TheTreePathIdentifiesTheUr10eFromItsLogsAsTheChainPath) {
  const std::string data = MANIPDYN_SOURCE_DIR "/examples/data/ur10e/";
  UrdfOptions urdf;
  urdf.whole_tree = true;  // the modified-DH (Khalil & Kleinfinger) table a tree is written in
  const SerialModel chain = serial_model_from_urdf_file(data + "ur10e.urdf", urdf);
  ASSERT_TRUE(chain.is_chain());
  ASSERT_EQ(chain.convention, DhConvention::modified);
  std::vector<LinkParameters> links = chain.links;
  links[2].gamma = 2.0 * std::numbers::pi;
  const SerialModel tree = SerialModel::from_modified_dh(links, chain.options());
  ASSERT_FALSE(tree.is_chain());
  auto run = [&](const std::string& file, int first, int last, bool filter_tau) {
    LogFilterOptions f;
    f.first = first;
    f.last = last;
    f.filter_tau = filter_tau;
    return prepare_motion_log(read_motion_log(data + file, 6), f);
  };
  const IdentificationSamples fit = run("ur-20_02_10-30sec_12harm.csv", 634, 3510, false);
  const IdentificationSamples unseen = run("ur-20_02_19_14harm50sec.csv", 194, 1500, true);
  IdentificationOptions options;
  options.coulomb_velocity_scale = 0.02;
  const IdentificationResult c = identify(chain, {fit}, options);
  const IdentificationResult t = identify(tree, {fit}, options);
  ASSERT_EQ(c.fit.estimate.size(), t.fit.estimate.size());
  EXPECT_LE((t.fit.estimate - c.fit.estimate).norm(), 1e-9 * c.fit.estimate.norm());
  const TorquePrediction pc = predict_torques(c.model, unseen);
  const TorquePrediction pt = predict_torques(t.model, unseen);
  EXPECT_LE((pt.predicted - pc.predicted).cwiseAbs().maxCoeff(),
            1e-9 * pc.predicted.cwiseAbs().maxCoeff());
  for (int j = 0; j < 6; ++j)
    EXPECT_NEAR(pt.relative_rms_error[j], pc.relative_rms_error[j], 1e-9) << "joint " << j + 1;
}

// A free-flyer is refused before anything else, named (its base body is no part of pi).
TEST(IdentificationTree, AFreeFlyerIsRefused) {
  SerialModelOptions options = test_support::dual_panda(false).options();
  options.root = RootJoint::free_flyer;
  options.base_inertia = {10.0, Vector3d(0, 0, 0.1), Matrix3d::Identity() * 0.2};
  const SerialModel floating =
      SerialModel::from_modified_dh(test_support::dual_panda(false).links, options);
  IdentificationSamples run;
  try {
    identify(floating, {run});
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_EQ(std::string(e.what()).rfind("identify: model 'dual_panda' has a free-flyer root; "
                                          "identification takes fixed-root models",
                                          0),
              0u)
        << e.what();
  }
  EXPECT_EQ(test_support::message_of([&] {
              identify_from_logs(floating, {.data = {LogRun{"no_such_log.csv", 0, -1}}});
            }).rfind("identify_from_logs: model 'dual_panda' has a free-flyer root", 0),
            0u);
  EXPECT_EQ(test_support::message_of([&] { structural_base_parameters(floating, true); })
                .rfind("structural_base_parameters: model 'dual_panda' has a free-flyer root", 0),
            0u);
  EXPECT_EQ(test_support::message_of([&] {
              observation_matrix(floating, MatrixXd::Zero(2, 14), MatrixXd::Zero(2, 14),
                                 MatrixXd::Zero(2, 14), true);
            }).rfind("observation_matrix: model 'dual_panda' has a free-flyer root", 0),
            0u);
}

}  // namespace
}  // namespace manipdyn

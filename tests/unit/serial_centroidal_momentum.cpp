// Unit tests of the centroidal momentum and its matrix (serial/centroidal_momentum.hpp) on chains
// and trees, fixed and free-flyer roots: the linear part is the total mass times the COM
// velocity, the free-flyer A_G is M's base rows moved to the COM (Orin, Goswami & Lee 2013,
// eq. with X_G), the angular part is the direct sum over the bodies of I_i w_i + m_i r_i x v_ci.
#include <gtest/gtest.h>

#include <random>
#include <string>

#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/centroidal_momentum.hpp"
#include "manipdyn/serial/configuration.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/kinematics.hpp"
#include "../support/error_message.hpp"
#include "../support/free_flyer.hpp"

namespace manipdyn {
namespace {

using test_support::on_free_flyer;
using test_support::random_vector;

std::vector<SerialModel> cases() {
  std::vector<SerialModel> out;
  for (const SerialModel& links :
       {random_tree(9, 4, {.branching = 0.5}), random_tree(14, 11, {.branching = 0.7}),
        random_arm(6, 5, DhConvention::standard), random_arm(5, 6, DhConvention::modified)}) {
    out.push_back(links);
    out.push_back(on_free_flyer(links));
  }
  return out;
}

double total_mass(const SerialModel& model) {
  double m = model.root == RootJoint::free_flyer ? model.base_inertia.mass : 0.0;
  for (const LinkParameters& l : model.links) m += l.mass;
  return m;
}

// The input error of f() contains `part`.
template <typename F>
void expect_message(F&& f, const std::string& part) {
  const std::string m = test_support::message_of(f);
  EXPECT_NE(m.find(part), std::string::npos) << m;
}

double scale_of(const Vector6d& h) { return std::max(1.0, h.cwiseAbs().maxCoeff()); }

TEST(CentroidalMomentum, LinearPartIsTotalMassTimesComVelocity) {
  for (const SerialModel& model : cases()) {
    SerialData data(model);
    std::mt19937_64 rng(3);
    for (int trial = 0; trial < 4; ++trial) {
      const VectorXd q = random_configuration(model, rng);
      const VectorXd v = random_vector(model.nv(), rng);
      const Vector6d h = centroidal_momentum(model, data, q, v);
      const Vector3d p = total_mass(model) * (center_of_mass_jacobian(model, data, q) * v);
      EXPECT_LT((h.head<3>() - p).cwiseAbs().maxCoeff(), 1e-12 * scale_of(h)) << model.name;
    }
  }
}

// Orin et al.: the base rows of the free-flyer's M give the momentum about the base origin in
// the base frame; A_G = X_G^* M[0:6, :] with X_G^* = [[R, 0], [-R [c_b]x, R]] moving it to the
// COM (c_b: the COM in the base frame) and into world axes.
TEST(CentroidalMomentum, FreeFlyerMatrixIsTheMassMatrixBaseRowsMovedToTheCom) {
  for (const SerialModel& model : cases()) {
    if (model.root != RootJoint::free_flyer) continue;
    SerialData data(model);
    std::mt19937_64 rng(4);
    for (int trial = 0; trial < 4; ++trial) {
      const VectorXd q = random_configuration(model, rng);
      const MatrixXd A = centroidal_momentum_matrix(model, data, q);
      const Vector3d G = data.com;
      const MatrixXd Mb = mass_matrix(model, data, q).topRows(6);
      const Matrix3d R = base_pose(model, q).topLeftCorner<3, 3>();
      const Vector3d cb = R.transpose() * (G - q.head<3>());
      Matrix3d cx;
      cx << 0, -cb[2], cb[1], cb[2], 0, -cb[0], -cb[1], cb[0], 0;
      Eigen::Matrix<double, 6, 6> X = Eigen::Matrix<double, 6, 6>::Zero();
      X.topLeftCorner<3, 3>() = R;
      X.bottomRightCorner<3, 3>() = R;
      X.bottomLeftCorner<3, 3>() = -R * cx;
      const MatrixXd expected = X * Mb;
      EXPECT_LT((A - expected).cwiseAbs().maxCoeff(),
                1e-12 * std::max(1.0, expected.cwiseAbs().maxCoeff()))
          << model.name;
    }
  }
}

// h_G = sum over the bodies of [m_i v_ci; I_i w_i + m_i (c_i - G) x v_ci], the link velocities
// from the frame Jacobians of the joints' own frames, the base body's from its twist.
TEST(CentroidalMomentum, AngularPartIsTheSumOverTheBodies) {
  for (const SerialModel& model : cases()) {
    SerialData data(model);
    std::mt19937_64 rng(5);
    for (int trial = 0; trial < 4; ++trial) {
      const VectorXd q = random_configuration(model, rng);
      const VectorXd v = random_vector(model.nv(), rng);
      const Vector6d h = centroidal_momentum(model, data, q, v);
      const Vector3d G = data.com;
      Vector6d sum = Vector6d::Zero();
      auto add = [&](double m, const Vector3d& c, const Matrix3d& Ic, const Vector3d& w,
                     const Vector3d& vc) {
        sum.head<3>() += m * vc;
        sum.tail<3>() += Ic * w + m * (c - G).cross(vc);
      };
      const DhChain& chain = model.own_chain();
      for (int i = 0; i < model.dof(); ++i) {
        const Matrix4d T = frame_pose<double>(model, data, q, NamedFrame{"", i});
        const Vector6d twist = frame_jacobian<double>(model, data, q, NamedFrame{"", i}) * v;
        const Matrix3d R = T.topLeftCorner<3, 3>();
        const Vector3d o = T.block<3, 1>(0, 3), c = o + R * chain.com[i];
        const Vector3d w = twist.tail<3>(), vc = twist.head<3>() + w.cross(c - o);
        add(chain.mass[i], c, R * chain.inertia_com[i] * R.transpose(), w, vc);
      }
      if (model.root == RootJoint::free_flyer) {
        const Matrix3d R = base_pose(model, q).topLeftCorner<3, 3>();
        const BodyInertia& b = model.base_inertia;
        const Vector3d c = q.head<3>() + R * b.com, w = R * v.segment<3>(3);
        add(b.mass, c, R * b.inertia * R.transpose(), w, R * v.head<3>() + w.cross(c - q.head<3>()));
      }
      EXPECT_LT((h - sum).cwiseAbs().maxCoeff(), 1e-12 * scale_of(h)) << model.name;
    }
  }
}

TEST(CentroidalMomentum, BadInputIsNamed) {
  const SerialModel model = on_free_flyer(random_tree(5, 2));
  SerialData data(model);
  const VectorXd q = neutral(model);
  expect_message(
      [&] { centroidal_momentum_matrix(model, data, VectorXd::Zero(model.nq() - 1)); },
      "centroidal_momentum_matrix: q has size 11, expected nq = 12");
  expect_message([&] { centroidal_momentum(model, data, q, VectorXd::Zero(model.nv() + 1)); },
                      "centroidal_momentum: v has size 12, expected nv = 11");
  VectorXd bad = q;
  bad.segment<4>(3).setZero();
  expect_message([&] { centroidal_momentum_matrix(model, data, bad); }, "quaternion");
}

}  // namespace
}  // namespace manipdyn

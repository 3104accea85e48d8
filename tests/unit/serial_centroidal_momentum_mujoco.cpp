// The centroidal momentum (serial/centroidal_momentum.hpp) against MuJoCo 2.2
// (tests/support/mujoco_peer.hpp): mj_subtreeVel's subtree_linvel and subtree_angmom of the
// world body (the whole system's COM velocity and its angular momentum about the COM, world
// axes) on random trees and solo12's URDF, fixed and free-flyer roots, to 1e-12 relative.
// Without MuJoCo the file compiles to one skipped test that says so.
#include <gtest/gtest.h>

#if !MANIPDYN_HAVE_MUJOCO
TEST(CentroidalMomentumMujoco, Skipped) {
  GTEST_SKIP() << "MuJoCo not found when configuring (Debian: libmujoco-dev): the MuJoCo peer "
                  "checks are not built";
}
#else
#include <random>
#include <string>

#include "manipdyn/io/urdf.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/centroidal_momentum.hpp"
#include "../support/free_flyer.hpp"
#include "../support/mujoco_peer.hpp"

namespace manipdyn {
namespace {

using test_support::on_free_flyer;
using test_support::random_vector;

TEST(CentroidalMomentumMujoco, EqualsMujocosSubtreeMomentum) {
  UrdfOptions urdf;
  urdf.whole_tree = true;
  urdf.floating_base = true;
  const SerialModel solo = serial_model_from_urdf_file(
      std::string(MANIPDYN_SOURCE_DIR) + "/tests/data/urdf/solo12.urdf", urdf);
  std::vector<SerialModel> models{solo};
  for (const SerialModel& links :
       {random_tree(12, 31, {.branching = 0.5}), random_tree(5, 32, {.branching = 0.8})}) {
    models.push_back(links);
    models.push_back(on_free_flyer(links));
  }
  for (const SerialModel& model : models) {
    test_support::MujocoPeer peer = test_support::mujoco_peer(model);
    SerialData data(model);
    std::mt19937_64 rng(12);
    for (int trial = 0; trial < 4; ++trial) {
      const VectorXd q = random_configuration(model, rng);
      const VectorXd v = random_vector(model.nv(), rng);
      const Vector6d h = centroidal_momentum(model, data, q, v);
      test_support::set_mujoco_state(peer, model, q, v);
      mj_forward(peer.m.get(), peer.d.get());
      mj_subtreeVel(peer.m.get(), peer.d.get());
      Vector6d mj;
      for (int c = 0; c < 3; ++c) {
        mj[c] = mj_getTotalmass(peer.m.get()) * peer.d->subtree_linvel[c];
        mj[3 + c] = peer.d->subtree_angmom[c];
      }
      const double scale = std::max(1.0, h.cwiseAbs().maxCoeff());
      EXPECT_LT((h - mj).cwiseAbs().maxCoeff(), 1e-12 * scale)
          << model.name << (model.root == RootJoint::free_flyer ? " (free-flyer)" : "") << "\n"
          << h.transpose() << "\n"
          << mj.transpose();
    }
  }
}

}  // namespace
}  // namespace manipdyn
#endif

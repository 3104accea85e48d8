// Memory of the serial-arm workspace (data.hpp, docs/memory.md): SerialDataTpl::workspace_bytes()
// grows as the algorithm called does. After building a Data and calling inverse_dynamics the
// workspace is O(n) (about 600 bytes per joint); the first mass_matrix adds the n x n M; the
// O(n^3)-memory functions (C^k, Lagrange-Euler partials) refuse an n whose buffers would exceed
// kMaxWorkspaceBytes, before allocating.
#include <gtest/gtest.h>

#include <cstddef>
#include <stdexcept>
#include <string>

#include "manipdyn/serial/articulated_body.hpp"
#include "manipdyn/serial/forward_dynamics.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"
#include "manipdyn/serial/kinematics.hpp"
#include "manipdyn/serial/regressor.hpp"
#include "support/error_message.hpp"

namespace manipdyn {
namespace {

using test_support::message_of;

// The bound of the O(n) workspace: 1 KiB per joint (the real size is 600 bytes per joint plus a
// few hundred bytes, see docs/memory.md).
constexpr std::size_t kBytesPerJoint = 1024;

SerialModel arm(int n) {
  RandomArmOptions opt;
  opt.prismatic_fraction = 0.3;
  opt.with_drive = true;
  return random_arm(n, 11, DhConvention::standard, opt);
}

// The workspace bytes of a fresh Data after one inverse_dynamics call.
std::size_t bytes_after_inverse_dynamics(const SerialModel& model) {
  const int n = model.dof();
  SerialData data(model);
  const VectorXd q = VectorXd::LinSpaced(n, -1, 1), qd = VectorXd::LinSpaced(n, 0.1, -0.1),
                 qdd = VectorXd::LinSpaced(n, 0.2, -0.2);
  inverse_dynamics<double>(model, data, q, qd, qdd);
  return data.workspace_bytes();
}

// The message of the std::invalid_argument that f throws ("" if none).
TEST(SerialMemory, EachAlgorithmMatchesTheTableOfDocsMemory) {
  // the table "memory of each algorithm vs n" of docs/memory.md, bytes of a fresh Data after one
  // call: 600 n + 488 for the Data itself, plus what the algorithm sizes
  const int n = 40;
  const std::size_t nn = static_cast<std::size_t>(n) * n, n3 = nn * n;
  const SerialModel model = arm(n);
  const VectorXd q = VectorXd::LinSpaced(n, -1, 1), qd = VectorXd::LinSpaced(n, 0.1, -0.1);
  const Vector3d g = model.gravity;
  const std::size_t base = 600 * n + 488;
  auto bytes_after = [&](auto&& call) {
    SerialData data(model);
    call(data);
    return data.workspace_bytes();
  };
  EXPECT_EQ(bytes_after([](SerialData&) {}), base);
  EXPECT_EQ(bytes_after([&](SerialData& d) { inverse_dynamics<double>(model, d, q, qd, qd); }),
            base);
  for (InverseDynamicsMethod m :
       {InverseDynamicsMethod::newton_euler, InverseDynamicsMethod::modified_newton_euler,
        InverseDynamicsMethod::craig})
    EXPECT_EQ(bytes_after([&](SerialData& d) {
                inverse_dynamics<double>(m, model, d, q, qd, qd, g, Vector6d::Zero());
              }),
              base);
  EXPECT_EQ(bytes_after([&](SerialData& d) { gravity_torques<double>(model, d, q, g); }), base);
  EXPECT_EQ(bytes_after([&](SerialData& d) { bias_torques<double>(model, d, q, qd, g); }), base);
  EXPECT_EQ(bytes_after([&](SerialData& d) { link_transforms<double>(model, d, q); }), base);
  EXPECT_EQ(bytes_after([&](SerialData& d) { jacobian<double>(model, d, q); }), base + 48 * n);
  EXPECT_EQ(bytes_after([&](SerialData& d) { mass_matrix<double>(model, d, q); }), base + 8 * nn);
  EXPECT_EQ(bytes_after([&](SerialData& d) { mass_matrix_strobing<double>(model, d, q); }),
            base + 8 * nn);
  EXPECT_EQ(bytes_after([&](SerialData& d) { coriolis_matrix<double>(model, d, q, qd); }),
            base + 8 * nn);
  EXPECT_EQ(bytes_after([&](SerialData& d) {
              joint_torque_regressor<double>(model, d, q, qd, qd, g);
            }),
            base + 112 * nn);
  EXPECT_EQ(bytes_after([&](SerialData& d) { energy_regressor<double>(model, d, q, qd, g); }),
            base + 80 * n);
  EXPECT_EQ(bytes_after([&](SerialData& d) { velocity_coupling_strobing<double>(model, d, q); }),
            base + 8 * n3 + 24 * n);
  const std::size_t le = 136 * nn + 384 * n + 128;  // A, T0_le, Q0, U, qd_pairs
  EXPECT_EQ(
      bytes_after([&](SerialData& d) { gravity_torques_lagrange_euler<double>(model, d, q, g); }),
      base + le);
  EXPECT_EQ(bytes_after([&](SerialData& d) { mass_matrix_lagrange_euler<double>(model, d, q); }),
            base + le + 8 * nn);
  EXPECT_EQ(bytes_after([&](SerialData& d) {
              inverse_dynamics_lagrange_euler<double>(model, d, q, qd, qd, g, Vector6d::Zero());
            }),
            base + le + 128 * n3);
  EXPECT_EQ(
      bytes_after([&](SerialData& d) { velocity_coupling_lagrange_euler<double>(model, d, q); }),
      base + le + 128 * n3 + 8 * n3 + 24 * n);
  // forward dynamics: its own 672 n bytes beside the SerialData; the mass-matrix method adds M
  // and its LDL^T factor
  ForwardDynamicsData fd(model);
  EXPECT_EQ(fd.serial.workspace_bytes(), base);
  forward_dynamics_articulated_body<double>(model, fd, q, qd, qd, g, Vector6d::Zero());
  EXPECT_EQ(fd.serial.workspace_bytes() + fd.ldl.size() * sizeof(double), base);
  forward_dynamics_mass_matrix<double>(model, fd, q, qd, qd, g, Vector6d::Zero());
  EXPECT_EQ(fd.serial.workspace_bytes() + fd.ldl.size() * sizeof(double), base + 16 * nn);
}

TEST(SerialMemory, InverseDynamicsWorkspaceIsLinearInN) {
  const SerialModel m1000 = arm(1000), m2000 = arm(2000);
  const std::size_t b1000 = bytes_after_inverse_dynamics(m1000);
  const std::size_t b2000 = bytes_after_inverse_dynamics(m2000);
  // below c n bytes at n = 2000
  EXPECT_LT(b2000, kBytesPerJoint * 2000) << b2000 << " bytes";
  // linear: doubling n doubles the bytes, up to the constant (the n+1, n+2 buffers)
  const double ratio = static_cast<double>(b2000) / static_cast<double>(b1000);
  EXPECT_NEAR(ratio, 2.0, 0.01) << b1000 << " and " << b2000 << " bytes";
  // a fixed number of bytes per joint: 2 b(1000) - b(2000) is the constant part, under 1 KiB
  EXPECT_LT(2 * b1000 - b2000, 1024u);
  // 600 bytes per joint for double (docs/memory.md)
  EXPECT_EQ(b2000 - b1000, 600u * 1000);
}

TEST(SerialMemory, TenThousandJointsInverseDynamicsIsLinear) {
  // the reproducer of the issue: n = 10000 used to allocate n C^k matrices (8 n^3 bytes = 8 TB)
  const SerialModel model = random_arm(10000, 1, DhConvention::standard);
  EXPECT_LT(bytes_after_inverse_dynamics(model), kBytesPerJoint * 10000);
}

TEST(SerialMemory, MassMatrixAddsNSquared) {
  const int n = 2000;
  const SerialModel model = arm(n);
  SerialData data(model);
  const VectorXd q = VectorXd::LinSpaced(n, -1, 1), qd = VectorXd::LinSpaced(n, 0.1, -0.1);
  const std::size_t linear = data.workspace_bytes();
  EXPECT_LT(linear, kBytesPerJoint * n);
  mass_matrix<double>(model, data, q);
  const std::size_t nn = static_cast<std::size_t>(n) * n;
  // M: n^2 doubles, nothing else
  EXPECT_EQ(data.workspace_bytes(), linear + nn * sizeof(double));
  // a second call adds nothing
  mass_matrix<double>(model, data, q);
  EXPECT_EQ(data.workspace_bytes(), linear + nn * sizeof(double));
  // coriolis_matrix adds C (n^2), jacobian J (6 n)
  coriolis_matrix<double>(model, data, q, qd);
  EXPECT_EQ(data.workspace_bytes(), linear + 2 * nn * sizeof(double));
  jacobian<double>(model, data, q);
  EXPECT_EQ(data.workspace_bytes(), linear + (2 * nn + 6 * n) * sizeof(double));
}

TEST(SerialMemory, ForwardDynamicsArticulatedBodyIsLinear) {
  // the articulated-body method never sizes M or its factor
  const int n = 2000;
  const SerialModel model = arm(n);
  ForwardDynamicsData fd(model);
  const VectorXd q = VectorXd::LinSpaced(n, -1, 1), qd = VectorXd::LinSpaced(n, 0.1, -0.1),
                 tau = VectorXd::Zero(n);
  forward_dynamics<double>(model, fd, q, qd, tau);  // n >= crossover: articulated body
  EXPECT_EQ(fd.ldl.size(), 0);
  EXPECT_EQ(fd.serial.M.size(), 0);
  EXPECT_LT(fd.serial.workspace_bytes(), kBytesPerJoint * n);
}

TEST(SerialMemory, VelocityCouplingStrobingRefusesBeyondTheLimit) {
  const int n = 2000;
  const SerialModel model = arm(n);
  SerialData data(model);
  const std::size_t before = data.workspace_bytes();
  const VectorXd q = VectorXd::Zero(n);
  // 8 n^3 bytes = 59.6 GiB
  EXPECT_EQ(message_of([&] { velocity_coupling_strobing<double>(model, data, q); }),
            "velocity_coupling_strobing: n = 2000 joints needs 59.6 GiB of workspace (the C^k "
            "matrices, n^3 scalars), above the limit of 1 GiB (kMaxWorkspaceBytes)");
  // refused before allocating
  EXPECT_EQ(data.workspace_bytes(), before);
  EXPECT_TRUE(data.Ck.empty());
}

TEST(SerialMemory, LagrangeEulerRefusesBeyondTheLimit) {
  // U_ijk: 128 n^3 bytes, over 1 GiB from n = 203 (docs/memory.md)
  const SerialModel model = arm(300);
  const int n = model.dof();
  SerialData data(model);
  const std::size_t before = data.workspace_bytes();
  const VectorXd z = VectorXd::Zero(n);
  const std::string id = message_of([&] {
    inverse_dynamics_lagrange_euler<double>(model, data, z, z, z, model.gravity, Vector6d::Zero());
  });
  EXPECT_EQ(id,
            "inverse_dynamics_lagrange_euler: n = 300 joints needs 3.23 GiB of workspace (the "
            "Lagrange-Euler partials U_ij, U_ijk: 128 n^3 bytes), above the limit of 1 GiB "
            "(kMaxWorkspaceBytes)");
  // the unchecked overload keeps the limit
  EXPECT_EQ(message_of([&] {
              inverse_dynamics_lagrange_euler<double>(unchecked, model, data, z, z, z,
                                                      model.gravity, Vector6d::Zero());
            }),
            id);
  const std::string vc =
      message_of([&] { velocity_coupling_lagrange_euler<double>(model, data, z); });
  EXPECT_EQ(vc.rfind("velocity_coupling_lagrange_euler: n = 300 joints needs 3.4", 0), 0u) << vc;
  EXPECT_NE(vc.find("above the limit of 1 GiB"), std::string::npos) << vc;
  EXPECT_EQ(data.workspace_bytes(), before);
  // the O(n^2)-memory Lagrange-Euler functions stop at n = 2729
  const SerialModel big = arm(3000);
  SerialData big_data(big);
  const VectorXd zb = VectorXd::Zero(3000);
  const std::string mm = message_of([&] { mass_matrix_lagrange_euler<double>(big, big_data, zb); });
  EXPECT_EQ(mm.rfind("mass_matrix_lagrange_euler: n = 3000 joints needs 1.", 0), 0u) << mm;
  EXPECT_NE(mm.find("U_ij: 128 n^2 bytes"), std::string::npos) << mm;
  const std::string gt = message_of(
      [&] { gravity_torques_lagrange_euler<double>(big, big_data, zb, big.gravity); });
  EXPECT_EQ(gt.rfind("gravity_torques_lagrange_euler: n = 3000 joints needs", 0), 0u) << gt;
}

TEST(SerialMemory, RefusedJustAboveTheDocumentedN) {
  // the largest n each O(n^3)-memory function accepts (docs/memory.md) is n_max: n_max + 1 is
  // refused (n_max itself would allocate up to 1 GiB, too much for a test)
  struct Case {
    const char* name;
    int n_max;
  };
  for (const Case& c : {Case{"velocity_coupling_strobing", 512},
                        Case{"velocity_coupling_lagrange_euler", 198},
                        Case{"inverse_dynamics_lagrange_euler", 202}}) {
    const SerialModel model = random_arm(c.n_max + 1, 3, DhConvention::standard);
    SerialData data(model);
    const VectorXd z = VectorXd::Zero(c.n_max + 1);
    const std::string m = message_of([&] {
      const std::string name = c.name;
      if (name == "velocity_coupling_strobing")
        velocity_coupling_strobing<double>(model, data, z);
      else if (name == "velocity_coupling_lagrange_euler")
        velocity_coupling_lagrange_euler<double>(model, data, z);
      else
        inverse_dynamics_lagrange_euler<double>(model, data, z, z, z, model.gravity,
                                                Vector6d::Zero());
    });
    EXPECT_EQ(m.rfind(std::string(c.name) + ": n = " + std::to_string(c.n_max + 1), 0), 0u) << m;
  }
}

}  // namespace
}  // namespace manipdyn

// The parallel robot's builder and checks (model.hpp).
#include "manipdyn/parallel/model.hpp"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include <Eigen/QR>
#include <Eigen/SVD>

#include "manipdyn/core/inertia.hpp"
#include "manipdyn/parallel/data.hpp"
#include "manipdyn/parallel/kinematics.hpp"
#include "leg_closed_form.hpp"

namespace manipdyn::parallel {

namespace {

bool is_rigid(const Eigen::Isometry3d& T) {
  const Matrix3d R = T.linear();
  return T.matrix().allFinite() && (R.transpose() * R - Matrix3d::Identity()).norm() < 1e-9 &&
         std::abs(R.determinant() - 1.0) < 1e-9;
}

// The 6 x p selection of the free twist components of a mobility.
Eigen::Matrix<double, 6, Eigen::Dynamic> selection(Mobility mobility) {
  std::vector<int> rows;
  switch (mobility) {
    case Mobility::spatial: rows = {0, 1, 2, 3, 4, 5}; break;
    case Mobility::translation: rows = {0, 1, 2}; break;
    case Mobility::planar: rows = {0, 1, 5}; break;
    case Mobility::planar_translation: rows = {0, 1}; break;
  }
  Eigen::Matrix<double, 6, Eigen::Dynamic> E = Eigen::Matrix<double, 6, Eigen::Dynamic>::Zero(6, static_cast<int>(rows.size()));
  for (std::size_t k = 0; k < rows.size(); ++k) E(rows[k], static_cast<int>(k)) = 1.0;
  return E;
}

}  // namespace

std::string ParallelModel::leg_label(int leg) const {
  std::string s = "leg " + std::to_string(leg + 1);
  if (leg >= 0 && leg < leg_count() && !legs[static_cast<std::size_t>(leg)].name.empty())
    s += " '" + legs[static_cast<std::size_t>(leg)].name + "'";
  return s;
}

std::string ParallelModel::joint_label(int leg, int joint) const {
  std::string s = leg_label(leg) + " joint " + std::to_string(joint + 1);
  if (leg >= 0 && leg < leg_count()) {
    const auto& links = legs[static_cast<std::size_t>(leg)].chain.links;
    if (joint >= 0 && joint < static_cast<int>(links.size()) &&
        !links[static_cast<std::size_t>(joint)].name.empty())
      s += " '" + links[static_cast<std::size_t>(joint)].name + "'";
  }
  return s;
}

ParallelDescription ParallelModel::description() const {
  ParallelDescription d;
  d.name = name;
  d.mobility = mobility;
  d.platform = platform;
  d.gravity = gravity;
  d.home = home;
  d.allow_invalid_inertia = allow_invalid_inertia;
  for (const Leg& leg : legs) {
    LegDescription l;
    l.name = leg.name;
    l.joints = leg.chain.links;
    l.base = leg.chain.base;
    l.end = leg.chain.tool;
    l.platform_point = leg.platform_point;
    l.actuated = leg.actuated;
    l.cut_viscous = leg.cut_viscous;
    l.home_q = leg.home_q;
    d.legs.push_back(std::move(l));
  }
  return d;
}

ParallelModel build_model(const ParallelDescription& desc) {
  const std::string where = "build_model '" + desc.name + "'";
  auto fail = [&](const std::string& what) { throw std::invalid_argument(where + ": " + what); };
  ParallelModel m;
  m.name = desc.name;
  m.mobility = desc.mobility;
  m.platform = desc.platform;
  m.gravity = desc.gravity;
  m.home = desc.home;
  m.allow_invalid_inertia = desc.allow_invalid_inertia;
  m.E = selection(desc.mobility);
  // ---- the whole-robot numbers ----
  if (desc.legs.empty()) fail("a parallel robot needs at least one leg");
  if (static_cast<int>(desc.legs.size()) > kMaxLegs)
    fail("it has " + std::to_string(desc.legs.size()) + " legs, more than the limit " + std::to_string(kMaxLegs));
  if (!desc.gravity.allFinite()) fail("gravity has a non-finite entry");
  if (!is_rigid(desc.home)) fail("the home pose is not a rigid transform (finite, rotation orthonormal with determinant +1)");
  // ---- the platform ----
  const BodyInertia& p = desc.platform;
  if (!(std::isfinite(p.mass) && p.com.allFinite() && p.inertia.allFinite()))
    fail("the platform's mass, com or inertia has a non-finite entry");
  if (p.mass < 0) fail("the platform's mass is negative (" + std::to_string(p.mass) + " kg)");
  if ((p.inertia - p.inertia.transpose()).norm() > 1e-12 * (1.0 + p.inertia.norm()))
    fail("the platform's inertia is not symmetric");
  if (const std::string why = inertia_realisability_problem(p.inertia, 1e-12); !why.empty()) {
    if (!desc.allow_invalid_inertia) fail("the platform's inertia " + why + " (allow_invalid_inertia accepts it with a warning)");
    m.warnings.push_back("the platform's inertia " + why);
  }
  m.platform_inertia_origin = p.inertia + p.mass * (p.com.squaredNorm() * Matrix3d::Identity() - p.com * p.com.transpose());
  // ---- the home rotation against the mobility ----
  const Matrix3d Rh = desc.home.linear();
  const bool no_rotation = desc.mobility == Mobility::translation || desc.mobility == Mobility::planar_translation;
  if (no_rotation && (Rh - Matrix3d::Identity()).norm() > 1e-12)
    fail("the platform of mobility '" + std::string(to_string(desc.mobility)) + "' does not rotate: the home rotation must be the identity");
  if (desc.mobility == Mobility::planar && (std::abs(Rh(2, 2) - 1.0) > 1e-12 || Rh.col(2).head<2>().norm() > 1e-12))
    fail("the platform of mobility 'planar' rotates about z only: the home rotation must be a rotation about z");
  // ---- the legs ----
  int offset = 0;
  for (std::size_t i = 0; i < desc.legs.size(); ++i) {
    const LegDescription& ld = desc.legs[i];
    std::string label = "leg " + std::to_string(i + 1) + (ld.name.empty() ? "" : " '" + ld.name + "'");
    const int n = static_cast<int>(ld.joints.size());
    if (n < 1 || n > kMaxLegJoints)
      fail(label + " has " + std::to_string(n) + " joints; a leg closed by a spherical cut joint has 1 to " +
           std::to_string(kMaxLegJoints) + " (more would let the leg move while the platform stands still)");
    for (int j = 0; j < n; ++j)
      if (ld.joints[static_cast<std::size_t>(j)].parent != kPreviousJoint && ld.joints[static_cast<std::size_t>(j)].parent != j - 1)
        fail(label + " joint " + std::to_string(j + 1) + ": a leg is a chain (leave parent at its default)");
    if (!is_rigid(ld.base)) fail(label + ": its base placement is not a rigid transform");
    if (!is_rigid(ld.end)) fail(label + ": its end placement is not a rigid transform");
    if (!ld.platform_point.allFinite()) fail(label + ": its platform point has a non-finite entry");
    if (!(std::isfinite(ld.cut_viscous) && ld.cut_viscous >= 0))
      fail(label + ": cut_viscous must be finite and >= 0 (got " + std::to_string(ld.cut_viscous) + ")");
    Leg leg;
    leg.name = ld.name;
    SerialModelOptions o;
    o.name = desc.name + " " + label;
    o.gravity = desc.gravity;
    o.base = ld.base;
    o.tool = ld.end;
    o.allow_invalid_inertia = desc.allow_invalid_inertia;
    try {
      leg.chain = SerialModel::from_modified_dh(ld.joints, o);
    } catch (const std::invalid_argument& e) {
      fail(label + ": " + e.what());
    }
    for (const std::string& w : leg.chain.warnings) m.warnings.push_back(label + ": " + w);
    leg.actuated = ld.actuated;
    std::sort(leg.actuated.begin(), leg.actuated.end());
    for (std::size_t k = 0; k < leg.actuated.size(); ++k) {
      const int a = leg.actuated[k];
      if (a < 0 || a >= n)
        fail(label + ": actuated index " + std::to_string(a) + " is out of range: its joints are indexed 0.." +
             std::to_string(n - 1) + " (0-based rows of joints)");
      if (k > 0 && leg.actuated[k - 1] == a) {
        const std::string& joint = ld.joints[static_cast<std::size_t>(a)].name;
        fail(label + ": actuated index " + std::to_string(a) + " (joint " + std::to_string(a + 1) +
             (joint.empty() ? "" : " '" + joint + "'") + ") is listed twice");
      }
      m.actuators.emplace_back(static_cast<int>(i), a);
    }
    leg.platform_point = ld.platform_point;
    leg.cut_viscous = ld.cut_viscous;
    if (ld.home_q.size() != 0 && ld.home_q.size() != n)
      fail(label + ": home_q has " + std::to_string(ld.home_q.size()) + " values, expected " + std::to_string(n));
    if (!ld.home_q.allFinite()) fail(label + ": home_q has a non-finite entry");
    leg.home_q = ld.home_q.size() == n ? ld.home_q : VectorXd::Zero(n);
    leg.end_frame = NamedFrame{"end", n - 1, leg.chain.modified.tool};
    detail::recognise_leg(leg.chain, leg.screws, leg.solver);
    m.has_cut_friction = m.has_cut_friction || leg.cut_viscous > 0;
    m.leg_offset.push_back(offset);
    m.leg_row_offset.push_back(m.leg_row_offset.empty() ? 0 : m.leg_row_offset.back() + 3 - m.legs.back().chain.dof());
    offset += n;
    m.legs.push_back(std::move(leg));
  }
  // ---- every leg closes at the home pose (its home_q the seed), in the mobility ----
  ParallelData data(m);
  PlatformMotion home;
  home.t = desc.home.translation();
  home.R = desc.home.linear();
  try {
    leg_motion(m, data, home);
  } catch (const std::invalid_argument& e) {
    fail(std::string("at the home pose: ") + e.what());
  }
  for (int i = 0; i < m.leg_count(); ++i) {
    // a described home_q that already closes the leg (Newton moved it by rounding only) is kept
    // as given, so that build_model(description()) rebuilds the model bit for bit
    const VectorXd& given = desc.legs[static_cast<std::size_t>(i)].home_q;
    const VectorXd& solved = data.q[static_cast<std::size_t>(i)];
    if (given.size() != solved.size() || (solved - given).norm() > 1e-12 * (1.0 + given.norm()))
      m.legs[static_cast<std::size_t>(i)].home_q = solved;
  }
  // ---- mobility: the legs' closure rows K (K xd = 0) and the degrees of freedom they leave ----
  const int p_dof = m.platform_dof();
  if (data.K.rows() > 0) {
    Eigen::ColPivHouseholderQR<MatrixXd> rows_qr(data.K.transpose());  // independent rows of K
    rows_qr.setThreshold(1e-9);
    const int rank = static_cast<int>(rows_qr.rank());
    if (rank > 0) {
      for (int k = 0; k < rank; ++k) m.constraint_rows.push_back(static_cast<int>(rows_qr.colsPermutation().indices()(k)));
      std::sort(m.constraint_rows.begin(), m.constraint_rows.end());
      MatrixXd Kr(rank, p_dof);
      for (int k = 0; k < rank; ++k) Kr.row(k) = data.K.row(m.constraint_rows[static_cast<std::size_t>(k)]);
      Eigen::ColPivHouseholderQR<MatrixXd> cols_qr(Kr);  // the coordinates they fix
      for (int k = 0; k < rank; ++k) m.dependent.push_back(static_cast<int>(cols_qr.colsPermutation().indices()(k)));
      std::sort(m.dependent.begin(), m.dependent.end());
    }
  }
  for (int c = 0; c < p_dof; ++c)
    if (std::find(m.dependent.begin(), m.dependent.end(), c) == m.dependent.end()) m.independent.push_back(c);
  static constexpr const char* coordinate[] = {"vx", "vy", "vz", "wx", "wy", "wz"};
  auto coordinate_names = [&](const std::vector<int>& cs) {
    std::string out;
    for (const int c : cs) {
      int row = 0;
      for (int r = 0; r < 6; ++r)
        if (m.E(r, c) != 0) row = r;
      out += (out.empty() ? "" : ", ") + std::string(coordinate[row]);
    }
    return out;
  };
  if (m.actuated_count() != m.dof()) {
    std::ostringstream os;
    os << "it has " << m.actuated_count() << " actuated joints, but its platform of mobility '" << to_string(m.mobility)
       << "' (" << p_dof << " coordinates) has " << m.dof() << " degrees of freedom";
    if (!m.dependent.empty())
      os << " once its legs' closures are counted (they fix " << coordinate_names(m.dependent) << " given the others)";
    os << ": mark exactly " << m.dof() << " joints as actuated, or declare the mobility the legs allow";
    fail(os.str());
  }
  // the actuation Jacobian is regular at home (no type-2 singularity there)
  ParallelData check(m);
  leg_motion(m, check, home);
  const MatrixXd AN = m.dependent.empty() ? check.A : check.AN;
  Eigen::JacobiSVD<MatrixXd> svd(AN);
  const auto& sv = svd.singularValues();
  if (!(sv(sv.size() - 1) > 1e-9 * sv(0)))
    fail("the actuation Jacobian is singular at the home pose (singular values " + std::to_string(sv(0)) + " .. " +
         std::to_string(sv(sv.size() - 1)) + "): the actuated joints do not control the platform there");
  return m;
}

}  // namespace manipdyn::parallel

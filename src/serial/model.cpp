#include "manipdyn/serial/model.hpp"

#include <cmath>
#include <limits>
#include <sstream>
#include <stdexcept>

#include <Eigen/Eigenvalues>

#include "manipdyn/core/check.hpp"
#include "manipdyn/core/inertia.hpp"

namespace manipdyn {

Eigen::Isometry3d dh_transform(DhConvention convention, double a, double alpha, double d,
                               double theta) {
  using Eigen::AngleAxisd;
  using Eigen::Translation3d;
  const Eigen::Isometry3d rz(AngleAxisd(theta, Vector3d::UnitZ()));
  const Eigen::Isometry3d rx(AngleAxisd(alpha, Vector3d::UnitX()));
  const Eigen::Isometry3d tz(Translation3d(0.0, 0.0, d));
  const Eigen::Isometry3d tx(Translation3d(a, 0.0, 0.0));
  return convention == DhConvention::standard ? rz * tz * tx * rx : rx * tx * rz * tz;
}

Eigen::Isometry3d tree_transform(double gamma, double b, double a, double alpha, double d,
                                 double theta) {
  const Eigen::Isometry3d rz(Eigen::AngleAxisd(gamma, Vector3d::UnitZ()));
  const Eigen::Isometry3d tz(Eigen::Translation3d(0.0, 0.0, b));
  return rz * tz * dh_transform(DhConvention::modified, a, alpha, d, theta);
}

namespace {

// Where a builder reports a problem: "from_dh(puma560): link 3 'elbow', field 'inertia': ...".
class LinkError {
 public:
  LinkError(std::string builder, std::string model) : builder_(std::move(builder)),
                                                      model_(std::move(model)) {}
  [[noreturn]] void fail(int index, const LinkParameters& link, const std::string& field,
                         const std::string& problem) const {
    throw std::invalid_argument(where(index, link, field) + problem);
  }
  std::string where(int index, const LinkParameters& link, const std::string& field) const {
    std::ostringstream os;
    os << builder_;
    if (!model_.empty()) os << "(" << model_ << ")";
    os << ": link " << index + 1;
    if (!link.name.empty()) os << " '" << link.name << "'";
    os << ", field '" << field << "': ";
    return os.str();
  }

 private:
  std::string builder_, model_;
};

void check_finite_field(const LinkError& err, int i, const LinkParameters& link,
                        const std::string& field, double x) {
  if (!std::isfinite(x)) err.fail(i, link, field, std::isnan(x) ? "is nan" : "is inf");
}

// What is wrong with an inertia tensor (kg m^2): `asymmetry` ("is not symmetric (I(0,1) = ...)",
// always an error) and `problem` (not positive semi-definite or breaking the triangle inequality,
// core/inertia.hpp; accepted with allow_invalid_inertia), each empty when fine; tolerance 1e-9 of
// the largest entry (at least 1). Shared by the links and the floating base.
struct InertiaCheck {
  std::string asymmetry, problem;
};

InertiaCheck check_inertia_tensor(const Matrix3d& I) {
  const double tol = 1e-9 * std::max(1.0, I.cwiseAbs().maxCoeff());
  InertiaCheck out;
  for (int r = 0; r < 3 && out.asymmetry.empty(); ++r)
    for (int c = r + 1; c < 3 && out.asymmetry.empty(); ++c)
      if (std::abs(I(r, c) - I(c, r)) > tol) {
        std::ostringstream os;
        os << "is not symmetric (I(" << r << "," << c << ") = " << I(r, c) << ", I(" << c << ","
           << r << ") = " << I(c, r) << ")";
        out.asymmetry = os.str();
      }
  if (out.asymmetry.empty()) out.problem = inertia_realisability_problem(I, tol);
  return out;
}

// Checks one link's numbers; returns a warning (empty if none) for an inertia accepted under
// allow_invalid_inertia.
std::string validate_link(const LinkError& err, int i, const LinkParameters& link,
                          bool allow_invalid_inertia) {
  if (link.type != JointType::revolute && link.type != JointType::prismatic)
    err.fail(i, link, "type", "unknown joint type (expected revolute or prismatic)");
  check_finite_field(err, i, link, "a", link.a);
  check_finite_field(err, i, link, "alpha", link.alpha);
  check_finite_field(err, i, link, "d", link.d);
  check_finite_field(err, i, link, "theta", link.theta);
  check_finite_field(err, i, link, "gamma", link.gamma);
  check_finite_field(err, i, link, "b", link.b);
  check_finite_field(err, i, link, "mass", link.mass);
  for (int k = 0; k < 3; ++k) check_finite_field(err, i, link, "com", link.com[k]);
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) check_finite_field(err, i, link, "inertia", link.inertia(r, c));
  check_finite_field(err, i, link, "motor_inertia", link.motor_inertia);
  check_finite_field(err, i, link, "gear_ratio", link.gear_ratio);
  check_finite_field(err, i, link, "viscous", link.viscous);
  check_finite_field(err, i, link, "coulomb", link.coulomb_positive);
  check_finite_field(err, i, link, "coulomb", link.coulomb_negative);
  check_finite_field(err, i, link, "coulomb_velocity_scale", link.coulomb_velocity_scale);

  if (link.mass < 0.0) {
    std::ostringstream os;
    os << "mass is negative (" << link.mass << " kg)";
    err.fail(i, link, "mass", os.str());
  }
  if (link.motor_inertia < 0.0) err.fail(i, link, "motor_inertia", "is negative");
  if (link.gear_ratio == 0.0) err.fail(i, link, "gear_ratio", "is zero");
  if (link.viscous < 0.0) err.fail(i, link, "viscous", "is negative");
  if (link.coulomb_positive < 0.0)
    err.fail(i, link, "coulomb", "Tc+ (for positive velocity) must be >= 0");
  if (link.coulomb_negative > 0.0)
    err.fail(i, link, "coulomb", "Tc- (for negative velocity) must be <= 0");
  if (link.coulomb_velocity_scale < 0.0)
    err.fail(i, link, "coulomb_velocity_scale", "is negative (0 = the discontinuous model)");

  // Joint limits: infinity means none; NaN and empty or non-positive ranges are errors.
  if (std::isnan(link.q_min)) err.fail(i, link, "q_min", "is nan");
  if (std::isnan(link.q_max)) err.fail(i, link, "q_max", "is nan");
  if (std::isnan(link.qd_max)) err.fail(i, link, "qd_max", "is nan");
  if (std::isnan(link.tau_max)) err.fail(i, link, "tau_max", "is nan");
  if (link.q_min == std::numeric_limits<double>::infinity())
    err.fail(i, link, "q_min", "is +inf (use -inf or omit it for no lower limit)");
  if (link.q_max == -std::numeric_limits<double>::infinity())
    err.fail(i, link, "q_max", "is -inf (use +inf or omit it for no upper limit)");
  if (link.q_min > link.q_max) {
    std::ostringstream os;
    os << "lower limit " << link.q_min << " is above the upper limit q_max = " << link.q_max;
    err.fail(i, link, "q_min", os.str());
  }
  if (!(link.qd_max > 0.0)) err.fail(i, link, "qd_max", "must be > 0 (inf for no limit)");
  if (!(link.tau_max > 0.0)) err.fail(i, link, "tau_max", "must be > 0 (inf for no limit)");

  // The inertia tensor: symmetric always; positive semi-definite and the triangle inequality
  // on the principal moments unless the caller accepts published lumped values.
  const InertiaCheck check = check_inertia_tensor(link.inertia);
  if (!check.asymmetry.empty()) err.fail(i, link, "inertia", check.asymmetry);
  if (!check.problem.empty()) {
    if (!allow_invalid_inertia)
      err.fail(i, link, "inertia", check.problem + "; pass allow_invalid_inertia to accept it");
    return err.where(i, link, "inertia") + check.problem + " (accepted: allow_invalid_inertia)";
  }
  return {};
}

// Precomputes the derived quantities of a chain from its DH rows and inertial data.
void finish_chain(DhChain& chain) {
  const int n = chain.n;
  chain.sin_alpha.resize(n);
  chain.cos_alpha.resize(n);
  chain.sin_gamma.resize(n);
  chain.cos_gamma.resize(n);
  chain.first_moment.resize(n);
  chain.inertia_origin.resize(n);
  chain.pseudo_inertia.resize(n);
  for (int i = 0; i < n; ++i) {
    chain.sin_alpha[i] = std::sin(chain.alpha[i]);
    chain.cos_alpha[i] = std::cos(chain.alpha[i]);
    chain.sin_gamma[i] = std::sin(chain.gamma[i]);
    chain.cos_gamma[i] = std::cos(chain.gamma[i]);
    const double m = chain.mass[i];
    const Vector3d& c = chain.com[i];
    chain.first_moment[i] = m * c;
    // Parallel-axis theorem: I_o = I_c + m (|c|^2 1 - c c^T).
    chain.inertia_origin[i] =
        chain.inertia_com[i] + m * (c.squaredNorm() * Matrix3d::Identity() - c * c.transpose());
    // Pseudo-inertia (Turney et al. 1980, eq. 1.12): integral of [r;1][r;1]^T dm.
    Matrix4d J = Matrix4d::Zero();
    J.topLeftCorner<3, 3>() =
        0.5 * chain.inertia_origin[i].trace() * Matrix3d::Identity() - chain.inertia_origin[i];
    J.topRightCorner<3, 1>() = m * c;
    J.bottomLeftCorner<1, 3>() = (m * c).transpose();
    J(3, 3) = m;
    chain.pseudo_inertia[i] = J;
  }
  // Precomputed for the Newton-Euler family (see DhChain::ne_p ...).
  chain.ne_p.resize(n);
  chain.ne_p_com.resize(n);
  chain.ne_K.resize(n);
  chain.ne_K_diagonal.resize(n);
  chain.ne_alpha_kind.resize(n);
  chain.sin_theta.resize(n);
  chain.cos_theta.resize(n);
  for (int i = 0; i < n; ++i) {
    const double sa = chain.sin_alpha[i], ca = chain.cos_alpha[i], d = chain.d[i];
    if (chain.convention == DhConvention::standard) {
      chain.ne_p[i] = Vector3d(chain.a[i], d * sa, d * ca);
      chain.ne_p_com[i] = chain.ne_p[i] + chain.com[i];
    } else {
      chain.ne_p[i] = Vector3d(chain.a[i], -d * sa, d * ca);
      chain.ne_p_com[i] = chain.com[i];
    }
    const Matrix3d& I = chain.inertia_com[i];
    chain.ne_K[i] = 0.5 * I.trace() * Matrix3d::Identity() - I;
    chain.ne_K_diagonal[i] = I(0, 1) == 0.0 && I(0, 2) == 0.0 && I(1, 2) == 0.0;
    chain.ne_alpha_kind[i] = std::abs(sa) < 1e-14 ? 1 : (std::abs(ca) < 1e-14 ? 2 : 0);
    chain.sin_theta[i] = std::sin(chain.theta[i]);
    chain.cos_theta[i] = std::cos(chain.theta[i]);
  }
  // The mass outboard of each joint, children before parents (on a chain M_i = m_i + M_{i+1}).
  chain.ne_mass_outboard = chain.mass;
  for (int i = n - 1; i > 0; --i)
    if (chain.parent[i] >= 0) chain.ne_mass_outboard[chain.parent[i]] += chain.ne_mass_outboard[i];
  chain.ne_composite_p.assign(n, Vector3d::Zero());
  for (int i = n - 1; i >= 0; --i) {
    if (chain.convention != DhConvention::standard) continue;
    const double m = chain.ne_mass_outboard[i];
    chain.ne_composite_p[i] =
        chain.type[i] == JointType::revolute
            ? Vector3d(m * chain.ne_p[i])
            : Vector3d(m * chain.a[i], m * chain.sin_alpha[i], m * chain.cos_alpha[i]);
  }
  chain.ne_sparse = false;
  for (int i = 0; i < n; ++i) {
    if (chain.ne_alpha_kind[i] != 0) chain.ne_sparse = true;
    for (int k = 0; k < 3; ++k)
      if (chain.ne_p[i][k] == 0.0 || chain.first_moment[i][k] == 0.0 ||
          chain.ne_p_com[i][k] == 0.0)
        chain.ne_sparse = true;
  }
  chain.base_is_identity = chain.base.matrix().isIdentity(0.0);
  chain.tool_is_identity = chain.tool.matrix().isIdentity(0.0);
}

// Throws unless x is a rigid transform: finite, rotation orthonormal with determinant +1.
void check_rigid_transform(const std::string& builder, const std::string& name,
                           const Eigen::Isometry3d& x) {
  const Matrix4d& m = x.matrix();
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c)
      if (!std::isfinite(m(r, c)))
        throw std::invalid_argument(builder + ": " + name + "(" + std::to_string(r) + "," +
                                    std::to_string(c) + ") is not finite");
  const Matrix3d R = x.linear();
  const double orthogonality = (R.transpose() * R - Matrix3d::Identity()).cwiseAbs().maxCoeff();
  if (orthogonality > 1e-9 || R.determinant() < 0.0) {
    std::ostringstream os;
    os << builder << ": " << name << " is not a rigid transform (|R^T R - 1| = " << orthogonality
       << ", det R = " << R.determinant() << ")";
    throw std::invalid_argument(os.str());
  }
  if (m.row(3) != Eigen::RowVector4d(0, 0, 0, 1))
    throw std::invalid_argument(builder + ": " + name + " has a last row other than [0 0 0 1]");
}

// Throws unless the root is known and the base inertia is physical (free-flyer) or zero (fixed).
std::string check_base_inertia(const std::string& builder, const SerialModelOptions& options) {
  const BodyInertia& b = options.base_inertia;
  if (options.root != RootJoint::fixed && options.root != RootJoint::free_flyer)
    throw std::invalid_argument(builder + ": unknown root joint (expected fixed or free_flyer)");
  const bool finite = std::isfinite(b.mass) && b.com.allFinite() && b.inertia.allFinite();
  if (!finite) throw std::invalid_argument(builder + ": base_inertia has a non-finite entry");
  if (options.root == RootJoint::fixed) {
    if (b.mass != 0.0 || !b.com.isZero(0.0) || !b.inertia.isZero(0.0))
      throw std::invalid_argument(builder + ": base_inertia is given but the root is fixed (the "
                                  "base is the world; use root = free_flyer)");
    return {};
  }
  if (b.mass < 0.0)
    throw std::invalid_argument(builder + ": base_inertia mass is negative (" +
                                std::to_string(b.mass) + " kg)");
  // The links' rule: asymmetry always refused, an unphysical tensor only without the opt-in.
  const InertiaCheck check = check_inertia_tensor(b.inertia);
  if (!check.asymmetry.empty())
    throw std::invalid_argument(builder + ": base_inertia inertia " + check.asymmetry);
  if (check.problem.empty()) return {};
  if (!options.allow_invalid_inertia)
    throw std::invalid_argument(builder + ": base_inertia inertia " + check.problem +
                                "; pass allow_invalid_inertia to accept it");
  return builder + ": base_inertia inertia " + check.problem + " (accepted: allow_invalid_inertia)";
}

// Throws unless every frame has a unique non-empty name, a joint in [-1, n) and a rigid placement.
void check_frames(const std::string& builder, const std::vector<NamedFrame>& frames, int n) {
  for (std::size_t f = 0; f < frames.size(); ++f) {
    const NamedFrame& frame = frames[f];
    if (frame.name.empty())
      throw std::invalid_argument(builder + ": frames[" + std::to_string(f) + "] has no name");
    const std::string where = "frame '" + frame.name + "'";
    for (std::size_t other = 0; other < f; ++other)
      if (frames[other].name == frame.name)
        throw std::invalid_argument(builder + ": " + where + " is defined twice");
    if (frame.joint < kBaseParent || frame.joint >= n)
      throw std::invalid_argument(builder + ": " + where + " is on joint " +
                                  std::to_string(frame.joint) + ", not one of -1 (the base) .. " +
                                  std::to_string(n - 1));
    check_rigid_transform(builder, where + " placement", frame.placement);
  }
}

DhChain chain_as_given(const std::vector<LinkParameters>& links, DhConvention convention,
                       const SerialModelOptions& options, const std::vector<int>& parents,
                       bool is_chain) {
  DhChain chain;
  chain.convention = convention;
  chain.parent = parents;
  chain.is_chain = is_chain;
  chain.base = options.base;
  chain.tool = options.tool;
  chain.n = static_cast<int>(links.size());
  for (const auto& l : links) {
    chain.type.push_back(l.type);
    chain.a.push_back(l.a);
    chain.alpha.push_back(l.alpha);
    chain.d.push_back(l.d);
    chain.theta.push_back(l.theta);
    chain.gamma.push_back(l.gamma);
    chain.b.push_back(l.b);
    chain.mass.push_back(l.mass);
    chain.com.push_back(l.com);
    chain.inertia_com.push_back(0.5 * (l.inertia + l.inertia.transpose()));
  }
  return chain;
}

// Standard -> modified: modified frame i = standard frame i-1 * Rz(theta_i) Tz(d_i), so standard
// frame i = modified frame i * Tx(a_i) Rx(alpha_i); the last row's Tx(a_n) Rx(alpha_n) becomes
// the tool transform.
DhChain modified_from_standard(const DhChain& s) {
  DhChain m = s;
  m.convention = DhConvention::modified;
  for (int i = 0; i < s.n; ++i) {
    m.a[i] = i == 0 ? 0.0 : s.a[i - 1];
    m.alpha[i] = i == 0 ? 0.0 : s.alpha[i - 1];
    const Eigen::Isometry3d x = dh_transform(DhConvention::modified, s.a[i], s.alpha[i], 0, 0);
    m.com[i] = x * s.com[i];
    m.inertia_com[i] = x.linear() * s.inertia_com[i] * x.linear().transpose();
  }
  m.base = s.base;
  m.tool = s.n > 0 ? dh_transform(DhConvention::modified, s.a[s.n - 1], s.alpha[s.n - 1], 0, 0)
                         * s.tool
                   : s.tool;
  return m;
}

// Modified -> standard: standard frame i = modified frame i * Tx(a_i) Rx(alpha_i), with a_i,
// alpha_i from modified row i+1 (zero for the last); standard frame 0 = modified frame 0 *
// Tx(a_0) Rx(alpha_0), which becomes the base transform.
DhChain standard_from_modified(const DhChain& m) {
  DhChain s = m;
  s.convention = DhConvention::standard;
  for (int i = 0; i < m.n; ++i) {
    s.a[i] = i + 1 < m.n ? m.a[i + 1] : 0.0;
    s.alpha[i] = i + 1 < m.n ? m.alpha[i + 1] : 0.0;
    const Eigen::Isometry3d x_inv =
        dh_transform(DhConvention::modified, s.a[i], s.alpha[i], 0, 0).inverse();
    s.com[i] = x_inv * m.com[i];
    s.inertia_com[i] = x_inv.linear() * m.inertia_com[i] * x_inv.linear().transpose();
  }
  s.base = m.n > 0 ? m.base * dh_transform(DhConvention::modified, m.a[0], m.alpha[0], 0, 0)
                   : m.base;
  s.tool = m.tool;
  return s;
}

}  // namespace

SerialModel SerialModel::from_table(const std::vector<LinkParameters>& links,
                                    DhConvention convention, const SerialModelOptions& options) {
  const std::string builder =
      convention == DhConvention::standard ? "from_dh" : "from_modified_dh";
  const LinkError err(builder, options.name);
  if (links.empty()) throw std::invalid_argument(builder + ": the model has no links");
  if (links.size() > static_cast<std::size_t>(kMaxLinks))
    throw std::invalid_argument(builder + ": " + std::to_string(links.size()) +
                                " links, more than the limit " + std::to_string(kMaxLinks) +
                                " (kMaxLinks)");
  for (int k = 0; k < 3; ++k)
    if (!std::isfinite(options.gravity[k]))
      throw std::invalid_argument(builder + ": gravity[" + std::to_string(k) + "] is not finite");

  check_rigid_transform(builder, "base", options.base);
  check_rigid_transform(builder, "tool", options.tool);
  const int n = static_cast<int>(links.size());
  for (std::size_t c = 0; c < options.configurations.size(); ++c) {
    const NamedConfiguration& conf = options.configurations[c];
    const std::string where = builder + ": configuration '" + conf.name + "'";
    if (conf.name.empty())
      throw std::invalid_argument(builder + ": configurations[" + std::to_string(c) +
                                  "] has no name");
    for (std::size_t other = 0; other < c; ++other)
      if (options.configurations[other].name == conf.name)
        throw std::invalid_argument(where + " is defined twice");
    check_vector(where, "q", conf.q, options.root == RootJoint::free_flyer ? n + 7 : n);
  }

  SerialModel model;
  model.name = options.name;
  model.convention = convention;
  model.links = links;
  model.gravity = options.gravity;
  model.allow_invalid_inertia = options.allow_invalid_inertia;
  model.base = options.base;
  model.tool = options.tool;
  model.configurations = options.configurations;
  model.root = options.root;
  model.base_inertia = options.base_inertia;
  if (std::string warning = check_base_inertia(builder, options); !warning.empty())
    model.warnings.push_back(std::move(warning));
  for (int i = 0; i < n; ++i) {
    std::string warning = validate_link(err, i, links[i], options.allow_invalid_inertia);
    if (!warning.empty()) model.warnings.push_back(std::move(warning));
    const auto& l = links[i];
    model.reflected_inertia.push_back(l.gear_ratio * l.gear_ratio * l.motor_inertia);
    if (l.motor_inertia != 0.0 || l.viscous != 0.0 || l.coulomb_positive != 0.0 ||
        l.coulomb_negative != 0.0)
      model.has_drive = true;
  }

  // The antecedents: kPreviousJoint -> i - 1; a tree lists every joint after its antecedent.
  model.parent.resize(n);
  bool is_chain = true;
  for (int i = 0; i < n; ++i) {
    const LinkParameters& l = links[i];
    const int p = l.parent == kPreviousJoint ? i - 1 : l.parent;
    if (p < kBaseParent || p >= i)
      err.fail(i, l, "parent",
               std::to_string(l.parent) + " is not an earlier row: a tree lists each joint after "
               "its antecedent (0-based rows, -1 = the base)");
    model.parent[i] = p;
    if (p != i - 1 || l.gamma != 0.0 || l.b != 0.0) is_chain = false;
    if (convention == DhConvention::standard && (p != i - 1 || l.gamma != 0.0 || l.b != 0.0))
      err.fail(i, l, p != i - 1 ? "parent" : (l.gamma != 0.0 ? "gamma" : "b"),
               "a standard-DH table describes a chain (each joint on the previous one, no "
               "gamma or b); write a tree in modified DH with Khalil-Kleinfinger's gamma and b");
  }
  check_frames(builder, options.frames, n);
  model.frames = options.frames;

  DhChain given = chain_as_given(links, convention, options, model.parent, is_chain);
  if (!is_chain) {
    // A tree has no standard-DH form: its standard DhChain stays empty (n = 0), which the chain
    // formulations refuse (check_model_built).
    model.modified = given;
    model.standard.convention = DhConvention::standard;
    model.standard.is_chain = false;
    model.standard.base = options.base;
    model.standard.tool = options.tool;
    finish_chain(model.modified);
    return model;
  }
  if (convention == DhConvention::standard) {
    model.standard = given;
    model.modified = modified_from_standard(given);
  } else {
    model.modified = given;
    model.standard = standard_from_modified(given);
  }
  finish_chain(model.standard);
  finish_chain(model.modified);
  return model;
}

SerialModel SerialModel::from_dh(const std::vector<LinkParameters>& links,
                                 const SerialModelOptions& options) {
  return from_table(links, DhConvention::standard, options);
}

SerialModel SerialModel::from_modified_dh(const std::vector<LinkParameters>& links,
                                          const SerialModelOptions& options) {
  return from_table(links, DhConvention::modified, options);
}

SerialModel SerialModel::without_drive() const {
  SerialModel copy = *this;
  for (auto& l : copy.links) {
    l.motor_inertia = 0.0;
    l.viscous = 0.0;
    l.coulomb_positive = 0.0;
    l.coulomb_negative = 0.0;
  }
  copy.has_drive = false;
  for (auto& r : copy.reflected_inertia) r = 0.0;
  return copy;
}

SerialModelOptions SerialModel::options() const {
  SerialModelOptions o;
  o.name = name;
  o.gravity = gravity;
  o.allow_invalid_inertia = allow_invalid_inertia;
  o.base = base;
  o.tool = tool;
  o.configurations = configurations;
  o.frames = frames;
  o.root = root;
  o.base_inertia = base_inertia;
  return o;
}

std::vector<std::string> SerialModel::joint_names() const {
  std::vector<std::string> names;
  names.reserve(links.size());
  for (std::size_t i = 0; i < links.size(); ++i)
    names.push_back(links[i].name.empty() ? "joint " + std::to_string(i + 1) : links[i].name);
  return names;
}

const NamedFrame& SerialModel::frame(const std::string& wanted) const {
  for (const auto& f : frames)
    if (f.name == wanted) return f;
  std::string known;
  for (const auto& f : frames) known += (known.empty() ? "" : ", ") + f.name;
  throw std::invalid_argument("model '" + name + "' has no frame '" + wanted + "' (" +
                              (known.empty() ? std::string("it has none") : "known: " + known) +
                              ")");
}

const NamedConfiguration& SerialModel::configuration(const std::string& wanted) const {
  for (const auto& c : configurations)
    if (c.name == wanted) return c;
  std::string known;
  for (const auto& c : configurations) known += (known.empty() ? "" : ", ") + c.name;
  throw std::invalid_argument("model '" + name + "' has no configuration '" + wanted + "' (" +
                              (known.empty() ? std::string("it has none") : "known: " + known) +
                              ")");
}

SerialModel SerialModel::with_gravity(const Vector3d& g) const {
  for (int k = 0; k < 3; ++k)
    if (!std::isfinite(g[k]))
      throw std::invalid_argument("with_gravity: gravity[" + std::to_string(k) +
                                  "] is not finite");
  SerialModel copy = *this;
  copy.gravity = g;
  return copy;
}

}  // namespace manipdyn

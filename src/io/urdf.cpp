// URDF import: urdfdom reads the file, TinyXML locates elements for messages, and the chain
// base_link -> tip_link is converted exactly to a modified DH table (docs/model_files.md,
// "URDF import"): frame i lies on joint axis i at the foot of the common normal with axis i+1,
// z_i along the URDF axis (so q and tau keep the URDF's signs), x_i along that normal.
#include "manipdyn/io/urdf.hpp"

#include <algorithm>
#include <cmath>
#include <fstream>
#include <map>
#include <mutex>
#include <numbers>
#include <set>
#include <sstream>
#include <stdexcept>

#include <console_bridge/console.h>
#include <tinyxml.h>
#include <urdf_parser/urdf_parser.h>

#include "manipdyn/core/inertia.hpp"
#include "manipdyn/serial/data.hpp"
#include "manipdyn/serial/kinematics.hpp"

namespace manipdyn {

namespace {

using Isometry = Eigen::Isometry3d;

// Two joint axes are parallel when |z_i x z_i+1| is below this (rad); two lines coincide, or
// a common normal has zero length, below kSameLine (m).
constexpr double kParallel = 1e-9;
constexpr double kSameLine = 1e-9;
// Largest misfit between a URDF joint frame and its DH reconstruction that passes silently
// (a warning names larger ones, which come from axes that are parallel only to rounding).
constexpr double kSilentMisfit = 1e-12;

// ---- where things are in the XML text ------------------------------------------------------

struct Location {
  int line = 0, column = 0;
};

// Line and column of every <link name=...> and <joint name=...> element, for messages, and
// the parent and child link named by each joint.
struct XmlIndex {
  std::map<std::string, Location> links, joints;
  std::map<std::string, std::pair<std::string, std::string>> joint_links;  // parent, child
};

// TinyXML 2.6 reads past the end of its buffer when the text ends inside a multi-byte UTF-8
// character (found by fuzzing), so the text must be valid UTF-8 without NUL bytes first.
void check_utf8(const std::string& xml, const std::string& label) {
  int line = 1, column = 1;
  for (std::size_t i = 0; i < xml.size();) {
    const auto byte = static_cast<unsigned char>(xml[i]);
    auto fail = [&](const std::string& problem) {
      std::ostringstream os;
      os << problem << " (byte 0x" << std::hex << static_cast<int>(byte) << ")";
      throw ParseError(label, line, column, "", os.str());
    };
    if (byte == 0) fail("NUL byte: not a text file");
    // Length of the UTF-8 sequence from its lead byte; continuation bytes are 10xxxxxx.
    const int length = byte < 0x80 ? 1 : (byte >> 5) == 0x6 ? 2 : (byte >> 4) == 0xE ? 3
                                       : (byte >> 3) == 0x1E ? 4 : 0;
    if (length == 0 || i + length > xml.size()) fail("invalid UTF-8");
    for (int k = 1; k < length; ++k)
      if ((static_cast<unsigned char>(xml[i + k]) >> 6) != 0x2) fail("invalid UTF-8");
    if (byte == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
    i += length;
  }
}

XmlIndex index_xml(const std::string& xml, const std::string& label) {
  check_utf8(xml, label);
  TiXmlDocument doc;
  doc.Parse(xml.c_str(), nullptr, TIXML_ENCODING_UTF8);
  if (doc.Error())
    throw ParseError(label, doc.ErrorRow(), doc.ErrorCol(), "",
                     std::string("malformed XML: ") + doc.ErrorDesc());
  const TiXmlElement* robot = doc.RootElement();
  if (robot == nullptr || std::string(robot->Value()) != "robot")
    throw ParseError(label, robot ? robot->Row() : 0, robot ? robot->Column() : 0, "",
                     "not a URDF file: the root element is not <robot>");
  XmlIndex index;
  for (const TiXmlElement* e = robot->FirstChildElement(); e; e = e->NextSiblingElement()) {
    const char* name = e->Attribute("name");
    if (name == nullptr) continue;
    const std::string tag = e->Value();
    if (tag == "link") index.links.emplace(name, Location{e->Row(), e->Column()});
    if (tag == "joint") {
      index.joints.emplace(name, Location{e->Row(), e->Column()});
      const TiXmlElement* parent = e->FirstChildElement("parent");
      const TiXmlElement* child = e->FirstChildElement("child");
      const char* parent_link = parent ? parent->Attribute("link") : nullptr;
      const char* child_link = child ? child->Attribute("link") : nullptr;
      if (parent_link && child_link) index.joint_links[name] = {parent_link, child_link};
    }
  }
  return index;
}

// Raises ParseError at a link or joint element.
class UrdfErrors {
 public:
  UrdfErrors(std::string label, const XmlIndex& index) : label_(std::move(label)), index_(index) {}

  [[noreturn]] void at_joint(const std::string& joint, const std::string& field,
                             const std::string& problem) const {
    const Location l = find(index_.joints, joint);
    throw ParseError(label_, l.line, l.column, "joint '" + joint + "'" + field, problem);
  }
  [[noreturn]] void at_link(const std::string& link, const std::string& field,
                            const std::string& problem) const {
    const Location l = find(index_.links, link);
    throw ParseError(label_, l.line, l.column, "link '" + link + "'" + field, problem);
  }
  [[noreturn]] void at_file(const std::string& field, const std::string& problem) const {
    throw ParseError(label_, 0, 0, field, problem);
  }
  // A model builder's complaint about link i: located at the joint of that link.
  [[noreturn]] void from_builder(const std::string& message,
                                 const std::vector<std::string>& joint_names) const {
    for (const auto& joint : joint_names)
      if (message.find("'" + joint + "'") != std::string::npos) at_joint(joint, "", message);
    at_file("", message);
  }
  // urdfdom's own complaint: located at the first link or joint it names ("[name]", "'name'").
  [[noreturn]] void from_urdfdom(const std::string& message) const {
    for (const char* quotes : {"[]", "''"}) {
      std::size_t pos = 0;
      while ((pos = message.find(quotes[0], pos)) != std::string::npos) {
        const std::size_t end = message.find(quotes[1], pos + 1);
        if (end == std::string::npos) break;
        const std::string name = message.substr(pos + 1, end - pos - 1);
        for (const auto* map : {&index_.joints, &index_.links}) {
          const auto it = map->find(name);
          if (it != map->end())
            throw ParseError(label_, it->second.line, it->second.column,
                             (map == &index_.joints ? "joint '" : "link '") + name + "'",
                             "urdfdom: " + message);
        }
        pos = end + 1;
      }
    }
    throw ParseError(label_, 0, 0, "", "urdfdom: " + message);
  }
  const std::string& label() const { return label_; }

 private:
  static Location find(const std::map<std::string, Location>& map, const std::string& name) {
    const auto it = map.find(name);
    return it == map.end() ? Location{} : it->second;
  }
  std::string label_;
  const XmlIndex& index_;
};

// urdfdom reports through console_bridge; collect its warnings and errors during one parse.
class CapturedLog : public console_bridge::OutputHandler {
 public:
  void log(const std::string& text, console_bridge::LogLevel level, const char*, int) override {
    if (level >= console_bridge::CONSOLE_BRIDGE_LOG_ERROR) errors.push_back(text);
  }
  std::vector<std::string> errors;
};

// A loop of joints (a link that is its own ancestor) is reported here, before urdfdom, which
// would build reference cycles from it.
void check_no_loop(const XmlIndex& index, const UrdfErrors& err) {
  std::map<std::string, std::string> parent_joint;  // child link -> joint
  for (const auto& [joint, links] : index.joint_links) parent_joint.emplace(links.second, joint);
  for (const auto& [joint, links] : index.joint_links) {
    std::set<std::string> seen = {links.second};
    for (std::string link = links.first;;) {
      if (seen.count(link))
        err.at_joint(joint, "", "closes a loop: link '" + links.second +
                                    "' is its own ancestor (a URDF must be a tree)");
      seen.insert(link);
      const auto up = parent_joint.find(link);
      if (up == parent_joint.end()) break;
      link = index.joint_links.at(up->second).first;
    }
  }
}

urdf::ModelInterfaceSharedPtr parse_with_urdfdom(const std::string& xml,
                                                 const UrdfErrors& err) {
  static std::mutex console_mutex;  // console_bridge's handler is global
  CapturedLog log;
  urdf::ModelInterfaceSharedPtr model;
  std::string thrown;
  {
    const std::lock_guard<std::mutex> lock(console_mutex);
    console_bridge::useOutputHandler(&log);
    try {
      model = urdf::parseURDF(xml);
    } catch (const std::exception& e) {
      thrown = e.what();
    }
    console_bridge::restorePreviousOutputHandler();
  }
  if (model) return model;
  std::string message = thrown;
  for (const auto& e : log.errors) message += (message.empty() ? "" : "; ") + e;
  if (message.empty()) message = "the file is not a valid URDF model";
  err.from_urdfdom(message);
}

// ---- geometry --------------------------------------------------------------------------------

Isometry to_isometry(const urdf::Pose& pose) {
  Isometry x = Isometry::Identity();
  x.translation() = Vector3d(pose.position.x, pose.position.y, pose.position.z);
  x.linear() = Eigen::Quaterniond(pose.rotation.w, pose.rotation.x, pose.rotation.y,
                                  pose.rotation.z)
                   .toRotationMatrix();
  return x;
}

bool is_movable(int type) {
  return type == urdf::Joint::REVOLUTE || type == urdf::Joint::CONTINUOUS ||
         type == urdf::Joint::PRISMATIC;
}

const char* joint_type_name(int type) {
  switch (type) {
    case urdf::Joint::REVOLUTE: return "revolute";
    case urdf::Joint::CONTINUOUS: return "continuous";
    case urdf::Joint::PRISMATIC: return "prismatic";
    case urdf::Joint::FLOATING: return "floating";
    case urdf::Joint::PLANAR: return "planar";
    case urdf::Joint::FIXED: return "fixed";
    default: return "unknown";
  }
}

// The line of a chain joint: a unit direction and a point on it, at q = 0, in the base frame.
struct AxisLine {
  Vector3d point, direction;
};

// The first child of each joint (the first later joint whose antecedent it is), -1 for none;
// entry n is the base's first child. On a chain, joint i + 1 (none for the last), and 0.
std::vector<int> first_children(const std::vector<int>& parents) {
  const int n = static_cast<int>(parents.size());
  std::vector<int> first(n + 1, -1);
  for (int j = n - 1; j >= 0; --j) first[parents[j] < 0 ? n : parents[j]] = j;
  return first;
}

// Modified-DH (Khalil-Kleinfinger) frames F_1..F_n at q = 0 (base link frame <- DH frame i),
// and F_0 = the frame of the base's first child. Rules (docs/model_files.md), with "previous"
// meaning the antecedent a(i) (frame 0 for the base: origin 0, x along x of the base link) and
// "next" the first child of joint i: skew or intersecting axes i, next: origin at the foot of
// the common normal on axis i, x_i along z_i x z_next oriented towards axis next; parallel
// axes: x_i along the normal towards axis next, origin where x_a(i) meets axis i (the foot of
// the perpendicular from origin a(i)); coincident axes and a joint without children: x_i is
// x_a(i) made normal to z_i, origin as for parallel axes.
std::vector<Isometry, Eigen::aligned_allocator<Isometry>> dh_frames(
    const std::vector<AxisLine>& axes, const std::vector<int>& parents) {
  const int n = static_cast<int>(axes.size());
  const std::vector<int> first_child = first_children(parents);
  std::vector<Isometry, Eigen::aligned_allocator<Isometry>> frames(n + 1, Isometry::Identity());
  for (int i = 0; i < n; ++i) {
    // The antecedent's frame (identity for the base: fallbacks for a degenerate x).
    const Isometry& previous = parents[i] < 0 ? Isometry::Identity() : frames[parents[i] + 1];
    const Vector3d o_prev = previous.translation(), x_prev = previous.linear().col(0);
    const Matrix3d prev_axes = previous.linear();
    const Vector3d& z = axes[i].direction;
    const Vector3d& p = axes[i].point;
    Vector3d o = p + (o_prev - p).dot(z) * z;  // where x_a(i) meets axis i (free position)
    Vector3d x = Vector3d::Zero();
    bool free_direction = true;
    if (const int next = first_child[i]; next >= 0) {
      const Vector3d& z2 = axes[next].direction;
      const Vector3d r = axes[next].point - p;
      const Vector3d c = z.cross(z2);
      if (c.norm() > kParallel) {
        // Skew or intersecting: the common normal is unique.
        const double b = z.dot(z2), denom = c.squaredNorm();
        const double t = (r.dot(z) - b * r.dot(z2)) / denom;
        const double s = (b * r.dot(z) - r.dot(z2)) / denom;
        o = p + t * z;
        const Vector3d normal = axes[next].point + s * z2 - o;
        x = c.normalized();
        if (normal.norm() > kSameLine && normal.dot(x) < 0.0) x = -x;
        free_direction = false;
      } else {
        // Parallel: the normal's direction is fixed, its position along the axes is free.
        const Vector3d w = r - r.dot(z) * z;
        if (w.norm() > kSameLine) {
          x = w.normalized();
          free_direction = false;
        }
      }
    }
    if (free_direction) {
      x = x_prev - x_prev.dot(z) * z;
      for (int k = 0; k < 3 && x.norm() < 1e-6; ++k)
        x = prev_axes.col(k) - prev_axes.col(k).dot(z) * z;
    }
    x = (x - x.dot(z) * z).normalized();
    frames[i + 1].linear() << x, z.cross(x), z;
    frames[i + 1].translation() = o;
  }
  frames[0] = first_child[n] >= 0 ? frames[first_child[n] + 1] : Isometry::Identity();
  return frames;
}

// Modified DH row (a_i-1, alpha_i-1, d_i, theta_i) of T = F_i-1^-1 F_i:
// Rx(alpha) Tx(a) Rz(theta) Tz(d) has rotation [[c_t, -s_t, 0], [c_a s_t, c_a c_t, -s_a],
// [s_a s_t, s_a c_t, c_a]] and translation (a, -s_a d, c_a d).
struct DhRow {
  double a, alpha, d, theta;
};

// Rounding noise is removed so that tables read well and exact structure is kept: a length
// below 1e-14 m becomes 0, an angle within 1e-14 rad of a multiple of pi/2 becomes that
// multiple (in (-pi, pi]); the frames move by less than 1e-14.
constexpr double kSnap = 1e-14;

double snap_length(double x) { return std::abs(x) < kSnap ? 0.0 : x; }

double snap_angle(double x) {
  constexpr double half_pi = std::numbers::pi / 2;
  const double k = std::round(x / half_pi);
  if (std::abs(x - k * half_pi) >= kSnap) return x;
  if (k == 0) return 0.0;
  if (k == 2 || k == -2) return std::numbers::pi;
  return k > 0 ? half_pi : -half_pi;
}

DhRow modified_dh_row(const Isometry& t) {
  const Matrix3d& R = t.linear();
  const Vector3d& p = t.translation();
  DhRow row{};
  row.alpha = snap_angle(std::atan2(-R(1, 2), R(2, 2)));
  row.theta = snap_angle(std::atan2(-R(0, 1), R(0, 0)));
  row.a = snap_length(p.x());
  row.d = snap_length(-std::sin(row.alpha) * p.y() + std::cos(row.alpha) * p.z());
  return row;
}

// Khalil-Kleinfinger row of T = F_a(j)^-1 F_j for a joint j that is not the first child of its
// antecedent (so x_a(j) is not its common normal): gamma and b place the common normal of z_a(j)
// and z_j on z_a(j) (its angle from x_a(j) about z_a(j), its foot along z_a(j)), oriented towards
// axis j as in dh_frames; parallel axes: the normal through origin a(j) (b = 0); coincident axes:
// gamma = b = 0. The rest is the modified DH row of Rz(gamma) Tz(b) F_a(j) -> F_j.
struct TreeRow {
  double gamma = 0.0, b = 0.0;
  DhRow row{};
};

Isometry gamma_b_transform(double gamma, double b) {
  Isometry x(Eigen::AngleAxisd(gamma, Vector3d::UnitZ()));
  x.translation() = Vector3d(0.0, 0.0, b);
  return x;
}

TreeRow tree_row(const Isometry& t) {
  const Vector3d z = Vector3d::UnitZ(), u = t.linear().col(2), p = t.translation();
  const Vector3d c = z.cross(u);
  TreeRow out;
  if (c.norm() > kParallel) {
    // Skew or intersecting: the common normal is unique (as in dh_frames).
    const double cos_zu = z.dot(u), denom = c.squaredNorm();
    const double t_foot = (p.dot(z) - cos_zu * p.dot(u)) / denom;
    const double s_foot = (cos_zu * p.dot(z) - p.dot(u)) / denom;
    const Vector3d normal = p + s_foot * u - t_foot * z;
    Vector3d x = c.normalized();
    if (normal.norm() > kSameLine && normal.dot(x) < 0.0) x = -x;
    out.gamma = std::atan2(x.y(), x.x());
    out.b = t_foot;
  } else if (const Vector3d w(p.x(), p.y(), 0.0); w.norm() > kSameLine) {
    out.gamma = std::atan2(w.y(), w.x());  // parallel: towards axis j, through origin a(j)
  }
  out.gamma = snap_angle(out.gamma);
  out.b = snap_length(out.b);
  out.row = modified_dh_row(gamma_b_transform(out.gamma, out.b).inverse() * t);
  return out;
}

// ---- mass properties ---------------------------------------------------------------------------

struct MassProperties {
  double mass = 0.0;
  Vector3d first_moment = Vector3d::Zero();      // sum m c, base frame
  Matrix3d inertia_origin = Matrix3d::Zero();    // about the base origin, base frame

  void add(double m, const Vector3d& c, const Matrix3d& I_com) {
    mass += m;
    first_moment += m * c;
    inertia_origin += I_com + m * (c.squaredNorm() * Matrix3d::Identity() - c * c.transpose());
  }
  Vector3d com() const { return mass > 0.0 ? Vector3d(first_moment / mass) : Vector3d::Zero(); }
  Matrix3d inertia_com() const {
    const Vector3d c = com();
    return inertia_origin - mass * (c.squaredNorm() * Matrix3d::Identity() - c * c.transpose());
  }
};

// ---- the tree below the base link --------------------------------------------------------------

struct LinkInfo {
  urdf::LinkConstSharedPtr link;
  Isometry pose = Isometry::Identity();  // base link <- this link at q = 0
  int body = 0;                          // chain body it is merged into
};

std::string format_double(double x) {
  std::ostringstream os;
  os.precision(6);
  os << x;
  return os.str();
}

// Every link below the base (pose at q = 0, body), by name, and the names in depth-first order.
struct LinkTree {
  std::map<std::string, LinkInfo> links;
  std::vector<std::string> order;
};

// The chain base -> tip: its joints in order and the names of the links on it.
struct Chain {
  std::vector<urdf::JointConstSharedPtr> joints;
  std::set<std::string> links;
};

// The movable chain joints and their lines at q = 0, in the base frame.
struct MovableJoints {
  std::vector<urdf::JointConstSharedPtr> joints;
  std::vector<AxisLine> axes;
  std::vector<int> parents;  // antecedent of each joint, -1 for the base (i - 1 on a chain)
};

// "a, b, c": the first 12 link names of the model, for messages.
std::string link_names_hint(const urdf::ModelInterface& urdf_model) {
  std::vector<std::string> names;
  for (const auto& [name, link] : urdf_model.links_) names.push_back(name);
  std::string s;
  for (std::size_t k = 0; k < names.size() && k < 12; ++k) s += (k ? ", " : "") + names[k];
  if (names.size() > 12) s += ", ...";
  return s;
}

// The base link: options.base_link, or the URDF's root link.
urdf::LinkConstSharedPtr find_base(const urdf::ModelInterface& urdf_model,
                                   const UrdfOptions& options, const UrdfErrors& err) {
  const urdf::LinkConstSharedPtr root = urdf_model.getRoot();
  if (!root) err.at_file("", "the URDF has no root link");
  const std::string base_name = options.base_link.empty() ? root->name : options.base_link;
  const urdf::LinkConstSharedPtr base = urdf_model.getLink(base_name);
  if (!base)
    err.at_file("base_link", "no link named '" + base_name + "' (links: " +
                                 link_names_hint(urdf_model) + ")");
  return base;
}

// Poses at q = 0 of every link below the base, in depth-first order.
LinkTree walk_tree(const urdf::ModelInterface& urdf_model, const urdf::LinkConstSharedPtr& base) {
  LinkTree tree;
  std::vector<std::pair<urdf::LinkConstSharedPtr, Isometry>> stack = {{base, Isometry::Identity()}};
  while (!stack.empty()) {
    auto [link, pose] = stack.back();
    stack.pop_back();
    tree.links[link->name] = LinkInfo{link, pose, 0};
    tree.order.push_back(link->name);
    for (const auto& joint : link->child_joints)
      stack.emplace_back(urdf_model.getLink(joint->child_link_name),
                         pose * to_isometry(joint->parent_to_joint_origin_transform));
  }
  return tree;
}

// The tip link: options.tip_link, or the only leaf of the tree below the base.
std::string find_tip(const urdf::ModelInterface& urdf_model, const LinkTree& tree,
                     const std::string& base_name, const UrdfOptions& options,
                     const UrdfErrors& err) {
  std::string tip_name = options.tip_link;
  if (tip_name.empty()) {
    std::vector<std::string> leaves;
    for (const auto& name : tree.order)
      if (tree.links.at(name).link->child_joints.empty()) leaves.push_back(name);
    if (leaves.size() != 1) {
      std::sort(leaves.begin(), leaves.end());
      std::string list;
      for (const auto& l : leaves) {
        int movable = 0;
        for (auto link = tree.links.at(l).link; link && link->name != base_name;
             link = link->getParent())
          if (is_movable(link->parent_joint->type)) ++movable;
        list += (list.empty() ? "" : ", ") + l + " (" + std::to_string(movable) + " movable joints)";
      }
      err.at_file("tip_link", "the tree below '" + base_name + "' has " +
                                  std::to_string(leaves.size()) +
                                  " leaves; name the tip link (--tip-link) or load the whole tree "
                                  "(whole_tree, --whole-tree): " + list);
    }
    tip_name = leaves.front();
  }
  if (!urdf_model.getLink(tip_name))
    err.at_file("tip_link", "no link named '" + tip_name + "' (links: " +
                                link_names_hint(urdf_model) + ")");
  if (!tree.links.count(tip_name))
    err.at_file("tip_link", "link '" + tip_name + "' is not below the base link '" + base_name +
                                "'");
  return tip_name;
}

// The joints from the base to the tip, in order, and the links on that chain.
Chain find_chain(const LinkTree& tree, const std::string& base_name,
                 const std::string& tip_name) {
  Chain chain;
  chain.links = {base_name};
  for (auto link = tree.links.at(tip_name).link; link->name != base_name;
       link = link->getParent()) {
    chain.joints.push_back(link->parent_joint);
    chain.links.insert(link->name);
  }
  std::reverse(chain.joints.begin(), chain.joints.end());
  return chain;
}

// Appends a movable joint hanging from joint `parent` (-1: the base) to `movable`, with its axis
// line at q = 0 in the base frame, and its names to arm.joint_names and arm.link_names.
void add_movable(const urdf::JointConstSharedPtr& joint, int parent, const LinkTree& tree,
                 MovableJoints& movable, UrdfArm& arm, std::vector<std::string>& warnings,
                 const UrdfErrors& err) {
  const Vector3d axis_local(joint->axis.x, joint->axis.y, joint->axis.z);
  if (!axis_local.allFinite() || axis_local.norm() < 1e-12)
    err.at_joint(joint->name, " <axis>", "the axis is zero or not finite");
  if (std::abs(axis_local.norm() - 1.0) > 1e-6)
    warnings.push_back("joint '" + joint->name + "': axis of length " +
                       format_double(axis_local.norm()) + " normalised");
  const Isometry& child_pose = tree.links.at(joint->child_link_name).pose;  // at q = 0
  movable.axes.push_back(
      {child_pose.translation(), child_pose.linear() * axis_local.normalized()});
  movable.joints.push_back(joint);
  movable.parents.push_back(parent);
  arm.joint_names.push_back(joint->name);
  arm.link_names.push_back(joint->child_link_name);
}

// The movable chain joints and their axis lines; fills arm.joint_names and arm.link_names.
MovableJoints movable_joints(const Chain& chain, const LinkTree& tree,
                             const std::string& base_name, const std::string& tip_name,
                             UrdfArm& arm, std::vector<std::string>& warnings,
                             const UrdfErrors& err) {
  MovableJoints movable;
  arm.link_names.push_back(base_name);
  for (const auto& joint : chain.joints) {
    const std::string type = joint_type_name(joint->type);
    if (joint->type == urdf::Joint::FIXED) continue;
    if (!is_movable(joint->type))
      err.at_joint(joint->name, "", "is " + type + ": a joint on the chain must be revolute, "
                                    "continuous, prismatic or fixed");
    if (joint->mimic)
      err.at_joint(joint->name, " <mimic>",
                   "mimics joint '" + joint->mimic->joint_name +
                       "': a mimic joint on the chain has no coordinate of its own (name a "
                       "tip link before it, or remove the mimic)");
    add_movable(joint, static_cast<int>(movable.joints.size()) - 1, tree, movable, arm, warnings,
                err);
  }
  if (movable.joints.empty())
    err.at_file("tip_link", "no revolute, continuous or prismatic joint between '" + base_name +
                                "' and '" + tip_name + "'");
  return movable;
}

// The whole tree below the base: every movable joint in depth-first order, parents first, each
// link's child joints in urdfdom's order (the order in which KDL and Pinocchio number them), with
// its antecedent; the body of every link (links on fixed joints join the body they hang from);
// arm.joint_names, link_names and merged_links. A mimic joint is kept as a joint of its own (as
// KDL and Pinocchio read it), with a warning; a floating or planar joint is an error.
MovableJoints tree_joints(LinkTree& tree, const std::string& base_name, UrdfArm& arm,
                          std::vector<std::string>& warnings, const UrdfErrors& err) {
  MovableJoints movable;
  arm.link_names.push_back(base_name);
  arm.merged_links.assign(1, {});
  // Depth first with an explicit stack (a deep file must not exhaust the call stack): each
  // entry is a link and the body of its parent link.
  std::vector<std::pair<std::string, int>> stack = {{base_name, 0}};
  while (!stack.empty()) {
    const auto [name, parent_body] = stack.back();
    stack.pop_back();
    LinkInfo& info = tree.links.at(name);
    int body = parent_body;
    if (name != base_name) {
      const urdf::JointConstSharedPtr& joint = info.link->parent_joint;
      if (is_movable(joint->type)) {
        if (joint->mimic)
          warnings.push_back("joint '" + joint->name + "' mimics joint '" +
                             joint->mimic->joint_name +
                             "': kept as a joint of its own (as KDL and Pinocchio read it)");
        add_movable(joint, parent_body - 1, tree, movable, arm, warnings, err);
        body = static_cast<int>(movable.joints.size());
        arm.merged_links.emplace_back();
      } else if (joint->type != urdf::Joint::FIXED) {
        err.at_joint(joint->name, "",
                     std::string("is ") + joint_type_name(joint->type) + " and carries link '" +
                         name + "' inside the tree: a joint below the base link must be "
                         "revolute, continuous, prismatic or fixed (a floating base is the "
                         "root: floating_base, or a floating joint from the URDF's root link)");
      }
    }
    info.body = body;
    arm.merged_links[body].push_back(name);
    const auto& children = info.link->child_joints;
    for (auto it = children.rbegin(); it != children.rend(); ++it)
      stack.emplace_back((*it)->child_link_name, body);
  }
  if (movable.joints.empty())
    err.at_file("base_link", "no revolute, continuous or prismatic joint below '" + base_name +
                                 "'");
  return movable;
}

// The body of every link and arm.merged_links; off-chain links join their chain ancestor's body.
void assign_bodies(LinkTree& tree, const Chain& chain, const std::string& base_name, int n,
                   UrdfArm& arm, std::vector<std::string>& warnings, const UrdfErrors& err) {
  // A chain link's body: the number of movable chain joints above it.
  std::map<std::string, int> body_of_chain_link;
  int chain_body = 0;
  body_of_chain_link[base_name] = 0;
  for (const auto& joint : chain.joints) {
    if (is_movable(joint->type)) ++chain_body;
    body_of_chain_link[joint->child_link_name] = chain_body;
  }
  // Every link in depth-first order; an off-chain link is merged at q = 0.
  arm.merged_links.assign(n + 1, {});
  std::set<std::string> warned_joints;
  for (const auto& name : tree.order) {
    LinkInfo& info = tree.links[name];
    if (chain.links.count(name)) {
      info.body = body_of_chain_link[name];
    } else {
      info.body = tree.links[info.link->getParent()->name].body;
      const auto& joint = info.link->parent_joint;
      if (joint->type == urdf::Joint::FLOATING || joint->type == urdf::Joint::PLANAR ||
          joint->type == urdf::Joint::UNKNOWN)
        if (info.body > 0)
          err.at_joint(joint->name, "",
                       std::string("is ") + joint_type_name(joint->type) +
                           " and carries link '" + name + "' off the chain: it cannot be "
                           "merged rigidly into the arm");
      if (joint->type != urdf::Joint::FIXED && !warned_joints.count(joint->name)) {
        warned_joints.insert(joint->name);
        warnings.push_back(
            info.body == 0
                ? "joint '" + joint->name + "' (" + joint_type_name(joint->type) +
                      ") hangs off the base, not the arm: ignored"
                : "joint '" + joint->name + "' (" + joint_type_name(joint->type) +
                      (joint->mimic ? ", mimic" : "") + ") is off the chain: link '" + name +
                      "' and what hangs on it are merged rigidly into body " +
                      std::to_string(info.body) + " ('" + arm.link_names[info.body] +
                      "') at the joint's zero position");
      }
    }
    arm.merged_links[info.body].push_back(name);
  }
}

// Mass properties of each of the n + 1 bodies, in the base frame at q = 0.
std::vector<MassProperties> body_mass_properties(const LinkTree& tree, int n,
                                                 const UrdfOptions& options, bool free_flyer,
                                                 std::vector<std::string>& warnings,
                                                 const UrdfErrors& err) {
  std::vector<MassProperties> bodies(n + 1);
  for (const auto& name : tree.order) {
    const LinkInfo& info = tree.links.at(name);
    const auto& inertial = info.link->inertial;
    if (!inertial) continue;
    const double m = inertial->mass;
    Matrix3d I;
    I << inertial->ixx, inertial->ixy, inertial->ixz, inertial->ixy, inertial->iyy,
        inertial->iyz, inertial->ixz, inertial->iyz, inertial->izz;
    if (!std::isfinite(m)) err.at_link(name, " <mass>", "is not finite");
    if (!I.allFinite()) err.at_link(name, " <inertia>", "has a non-finite entry");
    if (m < 0.0) err.at_link(name, " <mass>", "is negative (" + format_double(m) + " kg)");
    const double tolerance = 1e-9 * std::max(1.0, I.cwiseAbs().maxCoeff());
    const std::string problem = inertia_realisability_problem(I, tolerance);
    if (!problem.empty() && (info.body > 0 || free_flyer)) {
      if (!options.allow_invalid_inertia)
        err.at_link(name, " <inertia>", problem + "; pass allow_invalid_inertia to accept it");
      warnings.push_back("link '" + name + "' <inertia> " + problem +
                         " (accepted: allow_invalid_inertia)");
    }
    const Isometry x = info.pose * to_isometry(inertial->origin);
    bodies[info.body].add(m, x.translation(), x.linear() * I * x.linear().transpose());
  }
  return bodies;
}

// Checks that DH frames i -> i+1 reproduce the URDF line of joint i (misfit: error or warning).
void check_axis_misfit(const Isometry& frame, const Isometry& next, const AxisLine& axis,
                       const std::string& joint, std::vector<std::string>& warnings,
                       const UrdfErrors& err) {
  const Vector3d x_prev = frame.linear().col(0);
  const double misfit =
      std::max(std::abs(x_prev.dot(axis.direction)),
               std::abs((next.translation() - frame.translation())
                            .dot(x_prev.cross(axis.direction))));
  // Only rounding on huge coordinates can make the misfit large (the construction is exact).
  const double scale = std::max(1.0, next.translation().cwiseAbs().maxCoeff());
  if (misfit > 1e-6 * scale)
    err.at_joint(joint, "", "its DH frame does not reproduce the joint axis (misfit " +
                                format_double(misfit) +
                                "); are the file's coordinates far too large?");
  if (misfit > kSilentMisfit)
    warnings.push_back("joint '" + joint + "': axis is parallel to the previous one "
                       "only to " + format_double(misfit) + " (rad or m); the DH model "
                       "treats them as parallel");
}

// Limits of l from <limit>; zero effort or velocity and lower == upper mean "not given".
void read_limits(const urdf::Joint& joint, LinkParameters& l,
                 std::vector<std::string>& warnings, const UrdfErrors& err) {
  if (!joint.limits) return;
  const urdf::JointLimits& lim = *joint.limits;
  std::vector<std::string> unset;
  if (joint.type != urdf::Joint::CONTINUOUS) {
    if (lim.lower > lim.upper)
      err.at_joint(joint.name, " <limit>",
                   "lower = " + format_double(lim.lower) + " is above upper = " +
                       format_double(lim.upper));
    if (lim.lower == lim.upper) {
      unset.push_back("lower = upper = " + format_double(lim.lower) + " (no position limit)");
    } else {
      l.q_min = lim.lower;
      l.q_max = lim.upper;
    }
  }
  if (lim.effort < 0.0) err.at_joint(joint.name, " <limit effort>", "is negative");
  if (lim.velocity < 0.0) err.at_joint(joint.name, " <limit velocity>", "is negative");
  if (lim.effort > 0.0) l.tau_max = lim.effort; else unset.push_back("effort = 0 (no limit)");
  if (lim.velocity > 0.0) l.qd_max = lim.velocity;
  else unset.push_back("velocity = 0 (no limit)");
  if (!unset.empty()) {
    std::string s;
    for (const auto& u : unset) s += (s.empty() ? "" : ", ") + u;
    warnings.push_back("joint '" + joint.name + "' <limit>: read " + s);
  }
}

// Viscous and Coulomb friction of l from <dynamics> (when options.friction); true when read.
bool read_friction(const urdf::Joint& joint, const UrdfOptions& options, LinkParameters& l,
                   const UrdfErrors& err) {
  if (!joint.dynamics) return false;
  if (!(joint.dynamics->damping >= 0.0))
    err.at_joint(joint.name, " <dynamics damping>", "must be >= 0");
  if (!(joint.dynamics->friction >= 0.0))
    err.at_joint(joint.name, " <dynamics friction>", "must be >= 0");
  if (!options.friction || !(joint.dynamics->damping > 0.0 || joint.dynamics->friction > 0.0))
    return false;
  l.viscous = joint.dynamics->damping;  // gear ratio 1: joint side
  l.coulomb_positive = joint.dynamics->friction;
  l.coulomb_negative = -joint.dynamics->friction;
  return true;
}

// The modified DH link parameters of each movable joint: row, mass properties, limits, friction.
std::vector<LinkParameters> dh_links(
    const MovableJoints& movable,
    const std::vector<Isometry, Eigen::aligned_allocator<Isometry>>& frames,
    const std::vector<MassProperties>& bodies, const UrdfOptions& options,
    std::vector<std::string>& warnings, const UrdfErrors& err) {
  const int n = static_cast<int>(movable.joints.size());
  std::vector<LinkParameters> links(n);
  std::string friction_joints;  // 'a', 'b': the joints whose <dynamics> became friction
  int friction_count = 0;
  const std::vector<int> first_child = first_children(movable.parents);
  for (int i = 0; i < n; ++i) {
    const urdf::Joint& joint = *movable.joints[i];
    // The row from the antecedent's frame (frame 0 for the base): modified DH for its first
    // child, whose common normal is x_a(i); with Khalil-Kleinfinger's gamma and b for the others.
    LinkParameters& l = links[i];
    const int a = movable.parents[i];
    const Isometry& from = frames[a + 1];
    DhRow row{};
    if (first_child[a < 0 ? n : a] == i) {
      row = modified_dh_row(from.inverse() * frames[i + 1]);
      // The URDF joint line must be reproduced; only rounding-level parallel axes leave a misfit.
      check_axis_misfit(from, frames[i + 1], movable.axes[i], joint.name, warnings, err);
    } else {
      const TreeRow tree = tree_row(from.inverse() * frames[i + 1]);
      row = tree.row;
      l.gamma = tree.gamma;
      l.b = tree.b;
      check_axis_misfit(from * gamma_b_transform(tree.gamma, tree.b), frames[i + 1],
                        movable.axes[i], joint.name, warnings, err);
    }
    l.parent = a == i - 1 ? kPreviousJoint : a;

    // The row and the body's mass properties in DH frame i.
    l.name = joint.name;
    l.type = joint.type == urdf::Joint::PRISMATIC ? JointType::prismatic : JointType::revolute;
    l.a = row.a;
    l.alpha = row.alpha;
    l.d = row.d;
    l.theta = row.theta;
    const Isometry to_frame = frames[i + 1].inverse();
    const MassProperties& body = bodies[i + 1];
    l.mass = body.mass;
    l.com = body.mass > 0.0 ? Vector3d(to_frame * body.com()) : Vector3d::Zero();
    l.inertia = to_frame.linear() * body.inertia_com() * to_frame.linear().transpose();
    l.inertia = (0.5 * (l.inertia + l.inertia.transpose())).eval();

    // <limit> and <dynamics>.
    read_limits(joint, l, warnings, err);
    if (read_friction(joint, options, l, err))
      friction_joints += (friction_count++ == 0 ? "'" : ", '") + joint.name + "'";
  }
  if (!friction_joints.empty())
    warnings.push_back("<dynamics damping friction> of joint" +
                       std::string(friction_count == 1 ? " " : "s ") + friction_joints +
                       " read as joint friction, which KDL and Pinocchio ignore (leave it out: "
                       "urdf_friction=False, --no-urdf-friction)");
  return links;
}

// The model in the requested convention (standard: the exact conversion of the modified table).
SerialModel build_model(const std::vector<LinkParameters>& links,
                        SerialModelOptions model_options, const UrdfOptions& options,
                        const std::vector<std::string>& joint_names, const UrdfErrors& err) {
  SerialModel modified;
  try {
    modified = SerialModel::from_modified_dh(links, model_options);
  } catch (const std::invalid_argument& e) {
    err.from_builder(e.what(), joint_names);
  }
  if (options.convention == DhConvention::modified) return modified;
  if (!modified.is_chain())
    err.at_file("convention", "a tree has no standard-DH form: load it in the modified "
                              "convention (Khalil-Kleinfinger), or cut a chain (tip_link)");
  const DhChain& s = modified.standard;
  std::vector<LinkParameters> standard_links = links;
  for (std::size_t i = 0; i < links.size(); ++i) {
    standard_links[i].a = s.a[i];
    standard_links[i].alpha = s.alpha[i];
    standard_links[i].d = s.d[i];
    standard_links[i].theta = s.theta[i];
    standard_links[i].com = s.com[i];
    standard_links[i].inertia = s.inertia_com[i];
  }
  model_options.base = s.base;
  model_options.tool = s.tool;
  SerialModel standard;
  try {
    standard = SerialModel::from_dh(standard_links, model_options);
  } catch (const std::invalid_argument& e) {
    err.from_builder(e.what(), joint_names);
  }
  return standard;
}

// The floating joint from the URDF's root link to the base, when the base link is not named
// and the file's root link (a "world") carries only that joint; else null. Such a joint is the
// model's free-flyer root (as Pinocchio reads a floating joint), on the whole tree or with
// floating_base.
urdf::JointConstSharedPtr floating_root_joint(const urdf::ModelInterface& urdf_model,
                                              const UrdfOptions& options, const UrdfErrors& err) {
  const urdf::LinkConstSharedPtr root = urdf_model.getRoot();
  if (!options.base_link.empty() || !(options.whole_tree || options.floating_base) || !root)
    return nullptr;
  for (const auto& joint : root->child_joints)
    if (joint->type == urdf::Joint::FLOATING) {
      if (root->child_joints.size() != 1)
        err.at_joint(joint->name, "",
                     "is floating from the root link '" + root->name + "', which carries other "
                     "joints too: name the base link (base_link, --base-link)");
      return joint;
    }
  return nullptr;
}

// Named frames for every link of the tree (joint = body - 1, placement = DH frame of the body
// <- link at q = 0) and arm.link_offsets, from the model's own kinematics at q = 0.
std::vector<NamedFrame> link_frames(const SerialModel& model, const LinkTree& tree, UrdfArm& arm) {
  SerialData data(model);
  const auto& T0 = link_transforms(model, data, VectorXd::Zero(model.dof()));
  auto offset = [&](int body, const std::string& link) {
    Isometry frame;
    frame.matrix() = T0[body];
    return Isometry(frame.inverse() * tree.links.at(link).pose);
  };
  for (int i = 0; i <= model.dof(); ++i)
    arm.link_offsets.push_back(offset(i, arm.link_names[i]));
  std::vector<NamedFrame> frames;
  for (int body = 0; body <= model.dof(); ++body)
    for (const auto& link : arm.merged_links[body])
      frames.push_back({link, body - 1, offset(body, link)});
  return frames;
}

// Reads, checks and converts. `label` is the file name (or "<string>").
UrdfArm convert(const std::string& xml, const UrdfOptions& options, const std::string& label) {
  const XmlIndex index = index_xml(xml, label);
  const UrdfErrors err(label, index);
  check_no_loop(index, err);
  const urdf::ModelInterfaceSharedPtr urdf_model = parse_with_urdfdom(xml, err);
  std::vector<std::string> warnings;
  if (options.whole_tree && !options.tip_link.empty())
    err.at_file("tip_link", "is '" + options.tip_link + "' and whole_tree is set: give one "
                            "(a tip link cuts a chain out of the tree)");

  // The base link (below a floating root joint, which makes the root a free-flyer), the tree
  // below it, and the movable joints: the whole tree, or the chain base -> tip.
  const urdf::JointConstSharedPtr floating_joint = floating_root_joint(*urdf_model, options, err);
  const bool free_flyer = options.floating_base || floating_joint;
  const urdf::LinkConstSharedPtr base =
      floating_joint ? urdf_model->getLink(floating_joint->child_link_name)
                     : find_base(*urdf_model, options, err);
  if (floating_joint)
    warnings.push_back("joint '" + floating_joint->name + "' (floating) from the root link '" +
                       urdf_model->getRoot()->name + "' is the model's free-flyer root: q holds "
                       "world <- '" + base->name + "'" +
                       (to_isometry(floating_joint->parent_to_joint_origin_transform)
                                .matrix()
                                .isIdentity(0.0)
                            ? std::string()
                            : " (the joint's <origin> is not applied)"));
  const std::string base_name = base->name;
  LinkTree tree = walk_tree(*urdf_model, base);
  // A floating base without a tip link keeps the whole tree (a robot that floats is rarely one
  // chain); a tip link still cuts a chain out of it.
  const bool whole_tree = options.whole_tree || (free_flyer && options.tip_link.empty());
  UrdfArm arm;
  MovableJoints movable;
  std::string tip_name;
  if (whole_tree) {
    movable = tree_joints(tree, base_name, arm, warnings, err);
  } else {
    tip_name = find_tip(*urdf_model, tree, base_name, options, err);
    const Chain chain = find_chain(tree, base_name, tip_name);
    movable = movable_joints(chain, tree, base_name, tip_name, arm, warnings, err);
    assign_bodies(tree, chain, base_name, static_cast<int>(movable.joints.size()), arm,
                  warnings, err);
  }
  const int n = static_cast<int>(movable.joints.size());
  const std::vector<MassProperties> bodies =
      body_mass_properties(tree, n, options, free_flyer, warnings, err);

  // DH frames, rows and the base and tool transforms (a tree's tool: frame n itself).
  const auto frames = dh_frames(movable.axes, movable.parents);
  const std::vector<LinkParameters> links =
      dh_links(movable, frames, bodies, options, warnings, err);
  SerialModelOptions model_options;
  model_options.name = options.name.empty() ? urdf_model->getName() : options.name;
  model_options.gravity = options.gravity;
  model_options.allow_invalid_inertia = options.allow_invalid_inertia;
  model_options.base = frames[0];
  if (!whole_tree) model_options.tool = frames[n].inverse() * tree.links.at(tip_name).pose;
  const SerialModel fixed = build_model(links, model_options, options, arm.joint_names, err);

  // Every URDF link as a named frame; the free-flyer root with the base body's mass properties.
  SerialModelOptions final_options = fixed.options();
  final_options.frames = link_frames(fixed, tree, arm);
  if (free_flyer) {
    final_options.root = RootJoint::free_flyer;
    final_options.base_inertia.mass = bodies[0].mass;
    final_options.base_inertia.com = bodies[0].com();
    const Matrix3d I = bodies[0].inertia_com();
    final_options.base_inertia.inertia = 0.5 * (I + I.transpose());
  }
  try {
    arm.model = SerialModel::from_table(fixed.links, fixed.convention, final_options);
  } catch (const std::invalid_argument& e) {
    err.from_builder(e.what(), arm.joint_names);
  }
  for (auto& w : warnings) arm.model.warnings.push_back(std::move(w));
  return arm;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ParseError(path, 0, 0, "", "cannot open the file");
  std::ostringstream os;
  os << in.rdbuf();
  if (in.bad()) throw ParseError(path, 0, 0, "", "cannot read the file");
  return os.str();
}

}  // namespace

UrdfArm urdf_arm_from_string(const std::string& xml, const UrdfOptions& options,
                             const std::string& label) {
  return convert(xml, options, label);
}

UrdfArm urdf_arm_from_file(const std::string& path, const UrdfOptions& options) {
  return convert(read_file(path), options, path);
}

SerialModel serial_model_from_urdf_file(const std::string& path, const UrdfOptions& options) {
  return urdf_arm_from_file(path, options).model;
}

SerialModel serial_model_from_urdf_string(const std::string& xml, const UrdfOptions& options) {
  return urdf_arm_from_string(xml, options).model;
}

}  // namespace manipdyn

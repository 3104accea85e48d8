// YAML model files of serial arms (`kind: serial_arm`): reader and writer. Schema:
// docs/model_files.md, "Serial arm".
#include <bit>
#include <cctype>
#include <cmath>
#include <cstdint>
#include <map>
#include <sstream>
#include <stdexcept>

#include <Eigen/Geometry>

#include "manipdyn/core/rotation.hpp"
#include "manipdyn/io/parse_error.hpp"
#include "manipdyn/io/yaml_model.hpp"
#include "yaml_reader.hpp"
#include "yaml_serial_rows.hpp"
#include "yaml_writer.hpp"

namespace manipdyn {

namespace yaml_io {

namespace {

// A 0-based row number written as a plain integer ("3"); nullopt otherwise.
std::optional<int> parse_row(const std::string& text) {
  if (text.empty() || text.size() > 9) return std::nullopt;
  for (const char ch : text)
    if (!std::isdigit(static_cast<unsigned char>(ch))) return std::nullopt;
  return std::stoi(text);
}

}  // namespace

Eigen::Isometry3d read_transform(const Reader& r, const Field& f, AngleUnit unit) {
  r.expect_map(f, {"translation", "rotation", "xyz", "rpy"});
  const std::optional<Field> translation = r.optional(f, "translation"), xyz = r.optional(f, "xyz");
  const std::optional<Field> rotation = r.optional(f, "rotation"), rpy = r.optional(f, "rpy");
  if (translation && xyz) r.fail(*xyz, "give either translation or xyz, not both");
  if (rotation && rpy) r.fail(*rpy, "give either rotation or rpy, not both");
  Eigen::Isometry3d x = Eigen::Isometry3d::Identity();
  if (translation) x.translation() = r.vector3(*translation);
  if (xyz) x.translation() = r.vector3(*xyz);
  if (rotation) x.linear() = r.matrix3(*rotation);
  if (rpy) {
    const std::vector<Field> a = r.items(*rpy, 3);
    const double roll = r.angle(a[0], unit), pitch = r.angle(a[1], unit), yaw = r.angle(a[2], unit);
    x.linear() = rotation_from_rpy(Vector3d(roll, pitch, yaw));
  }
  return x;
}

LinkParameters read_link(const Reader& r, const Field& f, AngleUnit unit, LinkNodes& nodes) {
  r.expect_map(f, {"name", "type", "a", "alpha", "d", "theta", "mass", "com", "inertia", "drive",
                   "limits", "parent", "gamma", "b"});
  nodes.link = f;
  auto at = [&](const char* key, const char* builder_field = nullptr) {
    const Field field = r.required(f, key);
    nodes.fields.insert_or_assign(builder_field ? builder_field : key, field);
    return field;
  };
  LinkParameters l;
  if (const std::optional<Field> name = r.optional(f, "name")) l.name = r.text(*name);
  l.type = r.named<JointType>(at("type"));
  l.a = r.number(at("a"));
  l.alpha = r.angle(at("alpha"), unit);
  l.d = r.number(at("d"));
  l.theta = r.angle(at("theta"), unit);
  // a tree (Khalil-Kleinfinger): gamma and b, each optional (0); parent is resolved by the caller
  if (const std::optional<Field> gamma = r.optional(f, "gamma")) {
    nodes.fields.insert_or_assign("gamma", *gamma);
    l.gamma = r.angle(*gamma, unit);
  }
  if (const std::optional<Field> b = r.optional(f, "b")) {
    nodes.fields.insert_or_assign("b", *b);
    l.b = r.number(*b);
  }
  l.mass = r.number(at("mass"));
  l.com = r.vector3(at("com"));
  l.inertia = r.inertia(at("inertia"));

  // drive: {motor_inertia, gear_ratio, viscous, coulomb: [Tc+, Tc-], coulomb_velocity_scale},
  // each optional
  if (const std::optional<Field> drive = r.optional(f, "drive")) {
    r.expect_map(*drive, {"motor_inertia", "gear_ratio", "viscous", "coulomb",
                          "coulomb_velocity_scale"});
    for (const char* key :
         {"motor_inertia", "gear_ratio", "viscous", "coulomb", "coulomb_velocity_scale"})
      nodes.fields.insert_or_assign(key, *drive);
    auto value = [&](const char* key, double& out) {
      if (const std::optional<Field> v = r.optional(*drive, key)) {
        nodes.fields.insert_or_assign(key, *v);
        out = r.number(*v);
      }
    };
    value("motor_inertia", l.motor_inertia);
    value("gear_ratio", l.gear_ratio);
    value("viscous", l.viscous);
    value("coulomb_velocity_scale", l.coulomb_velocity_scale);
    if (const std::optional<Field> coulomb = r.optional(*drive, "coulomb")) {
      nodes.fields.insert_or_assign("coulomb", *coulomb);
      const std::vector<Field> tc = r.items(*coulomb, 2);
      l.coulomb_positive = r.number(tc[0]);
      l.coulomb_negative = r.number(tc[1]);
    }
  }

  // limits: {q: [min, max], qd: max, tau: max}; .inf / -.inf or omitted for none
  if (const std::optional<Field> limits = r.optional(f, "limits")) {
    r.expect_map(*limits, {"q", "qd", "tau"});
    if (const std::optional<Field> q = r.optional(*limits, "q")) {
      const std::vector<Field> range = r.items(*q, 2);
      nodes.fields.insert_or_assign("q_min", range[0]);
      nodes.fields.insert_or_assign("q_max", range[1]);
      const bool angle = l.type == JointType::revolute;
      l.q_min = angle ? r.angle(range[0], unit, true) : r.number_or_inf(range[0]);
      l.q_max = angle ? r.angle(range[1], unit, true) : r.number_or_inf(range[1]);
    }
    if (const std::optional<Field> qd = r.optional(*limits, "qd")) {
      nodes.fields.insert_or_assign("qd_max", *qd);
      l.qd_max = r.number_or_inf(*qd);
    }
    if (const std::optional<Field> tau = r.optional(*limits, "tau")) {
      nodes.fields.insert_or_assign("tau_max", *tau);
      l.tau_max = r.number_or_inf(*tau);
    }
  }
  return l;
}

namespace {

// A joint named in `parent` or a frame's `joint`: the name of an earlier link (row < `before`),
// `base` (-1), or a 0-based row number; names win over `base` and numbers.
int joint_reference(const Reader& r, const Field& f, const std::vector<LinkParameters>& links,
                    int before) {
  const std::string text = r.text(f);
  for (int j = 0; j < before; ++j)
    if (links[j].name == text) return j;
  if (text == "base") return kBaseParent;
  const std::optional<int> row = parse_row(text);
  if (row && *row < before) return *row;
  for (int j = before; j < static_cast<int>(links.size()); ++j)
    if (links[j].name == text || (row && *row == j))
      r.fail(f, "names joint '" + text + "', which is not an earlier row: a tree lists each "
                "joint after its parent");
  std::string known = "base";
  for (int j = 0; j < before && j < 12; ++j)
    if (!links[j].name.empty()) known += ", " + links[j].name;
  r.fail(f, "is '" + text + "', not a joint (expected the name of an earlier link, base, or a "
            "0-based row; known: " + known + (before > 12 ? ", ..." : "") + ")");
}

// The parents of the links that name one, resolved against the names of the earlier links.
void read_parents(const Reader& r, const std::vector<Field>& items,
                  std::vector<LinkParameters>& links, std::vector<LinkNodes>& nodes) {
  for (std::size_t i = 0; i < items.size(); ++i)
    if (const std::optional<Field> parent = r.optional(items[i], "parent")) {
      nodes[i].fields.insert_or_assign("parent", *parent);
      links[i].parent = joint_reference(r, *parent, links, static_cast<int>(i));
    }
}

// base_inertia: {mass, com, inertia} (a free-flyer's base body, in its frame).
BodyInertia read_body_inertia(const Reader& r, const Field& f) {
  r.expect_map(f, {"mass", "com", "inertia"});
  BodyInertia b;
  b.mass = r.number(r.required(f, "mass"));
  b.com = r.vector3(r.required(f, "com"));
  b.inertia = r.inertia(r.required(f, "inertia"));
  return b;
}

// frames: a list of {name, joint, placement}: joint as a link's parent (name, base or row),
// placement a transform (identity when omitted).
std::vector<NamedFrame> read_frames(const Reader& r, const Field& f,
                                    const std::vector<LinkParameters>& links, AngleUnit unit) {
  std::vector<NamedFrame> frames;
  for (const Field& item : r.items(f)) {
    r.expect_map(item, {"name", "joint", "placement"});
    NamedFrame frame;
    frame.name = r.text(r.required(item, "name"));
    for (const NamedFrame& other : frames)
      if (other.name == frame.name) r.fail(item, "frame '" + frame.name + "' is defined twice");
    frame.joint = joint_reference(r, r.required(item, "joint"), links,
                                  static_cast<int>(links.size()));
    if (const std::optional<Field> placement = r.optional(item, "placement"))
      frame.placement = read_transform(r, *placement, unit);
    frames.push_back(std::move(frame));
  }
  return frames;
}

// configurations: name -> [q...] or name -> {q: [...], description: "..."}, in file order;
// revolute entries are angles (in the file's angle unit), prismatic ones lengths.
std::vector<NamedConfiguration> read_configurations(const Reader& r, const Field& f,
                                                    const std::vector<LinkParameters>& links,
                                                    AngleUnit unit, RootJoint root) {
  std::vector<NamedConfiguration> out;
  // a free-flyer's q starts with the base position and quaternion (numbers, no unit)
  const int offset = root == RootJoint::free_flyer ? 7 : 0;
  const int n = static_cast<int>(links.size()) + offset;
  for (const auto& [name, value] : r.entries(f)) {
    NamedConfiguration c;
    c.name = name;
    Field q = value;
    if (value.node.IsMap()) {
      r.expect_map(value, {"q", "description"});
      q = r.required(value, "q");
      if (const std::optional<Field> d = r.optional(value, "description")) c.description = r.text(*d);
    } else if (!value.node.IsSequence()) {
      r.fail(value, "expected a list of joint values [q...] or {q: [...], description: ...}, got " +
                        (value.node.IsScalar() ? "'" + value.node.Scalar() + "'"
                                               : std::string("an empty value")));
    }
    if (q.node.IsSequence() && static_cast<int>(q.node.size()) != n)
      r.fail(q, "has " + std::to_string(q.node.size()) + " values, expected " +
                    std::to_string(n) +
                    (offset > 0 ? " (7 of the free-flyer, then one per joint)" : " (one per joint)"));
    const std::vector<Field> xs = r.items(q, n);
    c.q.resize(n);
    for (int i = 0; i < n; ++i)
      c.q[i] = i >= offset && links[i - offset].type == JointType::revolute
                   ? r.angle(xs[i], unit)
                   : r.number(xs[i]);
    out.push_back(std::move(c));
  }
  return out;
}

// Reports an error of SerialModel::from_table at the node it concerns. The builder names the
// place as "<builder>(<model>): link <i> '<name>', field '<field>': <problem>".
[[noreturn]] void rethrow_builder_error(const Reader& r, const std::string& message,
                                        DhConvention convention, const SerialModelOptions& options,
                                        const std::vector<LinkParameters>& links,
                                        const std::vector<LinkNodes>& nodes, const Field& root) {
  const std::string builder = convention == DhConvention::standard ? "from_dh" : "from_modified_dh";
  const std::string named = builder + "(" + options.name + "): ";
  const std::size_t prefix = !options.name.empty() && message.starts_with(named) ? named.size()
                             : message.starts_with(builder + ": ")              ? builder.size() + 2
                                                                                : 0;
  if (prefix > 0) {
    const std::string rest = message.substr(prefix);
    // an error of link i: at its field's node
    fail_at_link(r, rest, links, nodes);
    // an error of the free-flyer's base body, or of a named frame
    if (rest.starts_with("base_inertia") || rest.starts_with("unknown root joint"))
      if (const std::optional<Field> f =
              r.optional(root, rest.starts_with("base_inertia") ? "base_inertia" : "root"))
        r.fail(*f, rest);
    if (rest.starts_with("frame '") || rest.starts_with("frames["))
      if (const std::optional<Field> f = r.optional(root, "frames")) {
        // at the frame's placement (its rotation) when the message names the frame
        for (const Field& item : r.items(*f))
          if (const std::optional<Field> name = r.optional(item, "name");
              name && rest.starts_with("frame '" + r.text(*name) + "'")) {
            const std::optional<Field> placement = r.optional(item, "placement");
            const std::optional<Field> rotation =
                placement ? r.optional(*placement, "rotation") : std::nullopt;
            r.fail(rotation ? *rotation : placement ? *placement : item, rest);
          }
        r.fail(*f, rest);
      }
    // an error of the base or tool transform
    for (const char* key : {"base", "tool"})
      if (rest.starts_with(std::string(key) + " "))
        if (const std::optional<Field> f = r.optional(root, key)) {
          const std::optional<Field> rotation = r.optional(*f, "rotation");
          r.fail(rotation ? *rotation : *f, rest);
        }
  }
  r.fail(root, yaml_hint(message));
}

}  // namespace

std::string yaml_hint(std::string problem) {
  const std::string from = "pass allow_invalid_inertia to accept it";
  if (const std::size_t at = problem.find(from); at != std::string::npos)
    problem.replace(at, from.size(), "set allow_invalid_inertia: true to accept it");
  return problem;
}

void fail_at_link(const Reader& r, const std::string& rest, const std::vector<LinkParameters>& links,
                  const std::vector<LinkNodes>& nodes, const std::string& owner) {
  for (std::size_t i = 0; i < links.size() && i < nodes.size(); ++i) {
    const std::string name = links[i].name.empty() ? "" : " '" + links[i].name + "'";
    const std::string link = "link " + std::to_string(i + 1) + name + ", field '";
    if (!rest.starts_with(link)) continue;
    const std::size_t end = rest.find("': ", link.size());
    if (end == std::string::npos) return;
    const std::string field = rest.substr(link.size(), end - link.size());
    std::string problem = yaml_hint(rest.substr(end + 3));
    if (!owner.empty()) problem = owner + " joint " + std::to_string(i + 1) + name + ": " + problem;
    const auto found = nodes[i].fields.find(field);
    r.fail(found != nodes[i].fields.end() ? found->second : nodes[i].link, problem);
  }
}

bool bitwise_equal(double a, double b) {
  return std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b);
}

bool is_identity(const Eigen::Isometry3d& x) {
  const Matrix4d identity = Matrix4d::Identity();
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c)
      if (!bitwise_equal(x.matrix()(r, c), identity(r, c))) return false;
  return true;
}

namespace {

// A configuration name as a mapping key: plain when it cannot be read as anything but a
// string, else double-quoted.
std::string key_text(const std::string& name) {
  bool plain = !name.empty() && (std::isalpha(static_cast<unsigned char>(name[0])) || name[0] == '_');
  for (const char ch : name)
    plain = plain && (std::isalnum(static_cast<unsigned char>(ch)) || ch == '_' || ch == '-');
  for (const char* special : {"true", "false", "True", "False", "TRUE", "FALSE", "null", "Null",
                              "NULL", "y", "Y", "n", "N", "yes", "no", "Yes", "No", "on", "off",
                              "On", "Off", "YES", "NO", "ON", "OFF"})
    plain = plain && name != special;
  return plain ? name : quoted(name);
}

}  // namespace

void write_transform(std::ostringstream& os, const char* key, const Eigen::Isometry3d& x,
                     const std::string& indent) {
  if (is_identity(x)) return;
  os << indent << key << ":\n"
     << indent << "  translation: " << format_vector3(x.translation()) << "\n"
     << indent << "  rotation: " << format_matrix3(x.linear()) << "\n";
}

namespace {

// How `parent` and a frame's `joint` name joint j: its name when that reads back as j (unique,
// not `base`, not a row number), else its 0-based row; `base` for -1.
std::string joint_reference_text(const SerialModel& m, int j) {
  if (j < 0) return "base";
  const std::string& name = m.links[j].name;
  bool unique = !name.empty() && name != "base" && !parse_row(name);
  for (int k = 0; k < j && unique; ++k) unique = m.links[k].name != name;
  return unique ? quoted(name) : std::to_string(j);
}

}  // namespace

void write_link(std::ostringstream& os, const SerialModel& m, const LinkParameters& l,
                const std::string& indent) {
  const std::string in = indent + "    ";
  os << indent << "  - ";
  if (!l.name.empty()) os << "name: " << quoted(l.name) << "\n" << in;
  os << "type: " << to_string(l.type) << "\n";
  if (l.parent != kPreviousJoint)
    os << in << "parent: " << joint_reference_text(m, l.parent) << "\n";
  if (!bitwise_equal(l.gamma, 0.0)) os << in << "gamma: " << format_number(l.gamma) << "\n";
  if (!bitwise_equal(l.b, 0.0)) os << in << "b: " << format_number(l.b) << "\n";
  os << in << "a: " << format_number(l.a) << "\n"
     << in << "alpha: " << format_number(l.alpha) << "\n"
     << in << "d: " << format_number(l.d) << "\n"
     << in << "theta: " << format_number(l.theta) << "\n"
     << in << "mass: " << format_number(l.mass) << "\n"
     << in << "com: " << format_vector3(l.com) << "\n"
     << in << "inertia: " << format_inertia(l.inertia) << "\n";
  const LinkParameters none;
  if (!bitwise_equal(l.motor_inertia, none.motor_inertia) ||
      !bitwise_equal(l.gear_ratio, none.gear_ratio) || !bitwise_equal(l.viscous, none.viscous) ||
      !bitwise_equal(l.coulomb_positive, none.coulomb_positive) ||
      !bitwise_equal(l.coulomb_negative, none.coulomb_negative) ||
      !bitwise_equal(l.coulomb_velocity_scale, none.coulomb_velocity_scale)) {
    os << in << "drive: {motor_inertia: " << format_number(l.motor_inertia)
       << ", gear_ratio: " << format_number(l.gear_ratio)
       << ", viscous: " << format_number(l.viscous) << ", coulomb: ["
       << format_number(l.coulomb_positive) << ", " << format_number(l.coulomb_negative) << "]";
    if (!bitwise_equal(l.coulomb_velocity_scale, none.coulomb_velocity_scale))
      os << ", coulomb_velocity_scale: " << format_number(l.coulomb_velocity_scale);
    os << "}\n";
  }
  // limits: only the finite ones
  std::string limits;
  if (!std::isinf(l.q_min) || !std::isinf(l.q_max))
    limits += "q: [" + format_limit(l.q_min) + ", " + format_limit(l.q_max) + "]";
  if (!std::isinf(l.qd_max)) limits += (limits.empty() ? "" : ", ") + ("qd: " + format_number(l.qd_max));
  if (!std::isinf(l.tau_max)) limits += (limits.empty() ? "" : ", ") + ("tau: " + format_number(l.tau_max));
  if (!limits.empty()) os << in << "limits: {" << limits << "}\n";
}

SerialModel read_serial_model(const Reader& r, const Field& root, bool allow_invalid_inertia) {
  r.expect_kind(root, "serial_arm");
  r.expect_map(root, {"kind", "name", "units", "convention", "gravity", "allow_invalid_inertia",
                      "root", "base_inertia", "base", "tool", "links", "frames",
                      "configurations"});
  const AngleUnit unit = r.units(r.optional(root, "units"));

  // model-wide fields
  SerialModelOptions options;
  if (const std::optional<Field> f = r.optional(root, "name")) options.name = r.text(*f);
  const DhConvention convention = r.named<DhConvention>(r.required(root, "convention"));
  if (const std::optional<Field> f = r.optional(root, "gravity")) options.gravity = r.vector3(*f);
  if (const std::optional<Field> f = r.optional(root, "allow_invalid_inertia"))
    options.allow_invalid_inertia = r.boolean(*f);
  options.allow_invalid_inertia = options.allow_invalid_inertia || allow_invalid_inertia;
  if (const std::optional<Field> f = r.optional(root, "base")) options.base = read_transform(r, *f, unit);
  if (const std::optional<Field> f = r.optional(root, "tool")) options.tool = read_transform(r, *f, unit);
  if (const std::optional<Field> f = r.optional(root, "root")) options.root = r.named<RootJoint>(*f);
  if (const std::optional<Field> f = r.optional(root, "base_inertia"))
    options.base_inertia = read_body_inertia(r, *f);

  // the table, one mapping per link
  const Field links_field = r.required(root, "links");
  const std::vector<Field> items = r.items(links_field);
  if (items.empty()) r.fail(links_field, "is empty; a model needs at least one link");
  std::vector<LinkParameters> links;
  std::vector<LinkNodes> nodes(items.size());
  for (std::size_t i = 0; i < items.size(); ++i) links.push_back(read_link(r, items[i], unit, nodes[i]));
  read_parents(r, items, links, nodes);

  // named frames and configurations, sized by the table
  if (const std::optional<Field> f = r.optional(root, "frames"))
    options.frames = read_frames(r, *f, links, unit);
  if (const std::optional<Field> f = r.optional(root, "configurations"))
    options.configurations = read_configurations(r, *f, links, unit, options.root);

  // the builder's physical checks, reported at the node they concern
  try {
    return SerialModel::from_table(links, convention, options);
  } catch (const std::invalid_argument& e) {
    rethrow_builder_error(r, e.what(), convention, options, links, nodes, root);
  }
}

}  // namespace yaml_io

SerialModel serial_model_from_yaml_string(const std::string& text, const std::string& label) {
  const yaml_io::Reader reader(label);
  return yaml_io::read_serial_model(reader, reader.parse(text));
}

SerialModel serial_model_from_yaml_file(const std::string& path) {
  return serial_model_from_yaml_string(yaml_io::read_text_file(path), path);
}

std::string serial_model_to_yaml(const SerialModel& m) {
  using namespace yaml_io;
  std::ostringstream os;
  // model-wide fields
  os << "# manipdyn serial-arm model (schema: docs/model_files.md)\n"
     << "kind: serial_arm\n"
     << "name: " << quoted(m.name) << "\n"
     << kUnitsLine << "convention: " << to_string(m.convention) << "\n"
     << "gravity: " << format_vector3(m.gravity) << "\n"
     << builder_notes(m.allow_invalid_inertia, m.warnings);
  if (m.root != RootJoint::fixed) {
    os << "root: " << to_string(m.root) << "\n"
       << "base_inertia:\n"
       << "  mass: " << format_number(m.base_inertia.mass) << "\n"
       << "  com: " << format_vector3(m.base_inertia.com) << "\n"
       << "  inertia: " << format_inertia(m.base_inertia.inertia) << "\n";
  }
  write_transform(os, "base", m.base);
  write_transform(os, "tool", m.tool);

  // the table
  os << "links:\n";
  for (const LinkParameters& l : m.links) write_link(os, m, l);

  // named frames, in order
  if (!m.frames.empty()) {
    os << "frames:\n";
    for (const NamedFrame& f : m.frames) {
      os << "  - name: " << quoted(f.name) << "\n"
         << "    joint: " << joint_reference_text(m, f.joint) << "\n";
      write_transform(os, "placement", f.placement, "    ");
    }
  }

  // named configurations, in order
  if (!m.configurations.empty()) {
    os << "configurations:\n";
    for (const NamedConfiguration& c : m.configurations) {
      os << "  " << key_text(c.name) << ": ";
      if (c.description.empty())
        os << format_list(c.q) << "\n";
      else
        os << "{q: " << format_list(c.q) << ", description: " << quoted(c.description) << "}\n";
    }
  }
  return os.str();
}

}  // namespace manipdyn

// YAML model files of parallel robots by description (`kind: parallel`): reader and writer.
// Schema: docs/model_files.md, "Parallel robot". The legs' joints are the rows of a serial arm's
// file (yaml_serial_rows.hpp).
#include <charconv>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "manipdyn/io/parse_error.hpp"
#include "manipdyn/io/yaml_model.hpp"
#include "yaml_reader.hpp"
#include "yaml_serial_rows.hpp"
#include "yaml_writer.hpp"

namespace manipdyn {

namespace yaml_io {

namespace {

using parallel::LegDescription;
using parallel::ParallelDescription;

// Where one leg's fields are in the file: its mapping, its keys ("base", "actuated", ...) and
// its joints' rows.
struct LegNodes {
  Field leg;
  std::map<std::string, Field> fields;
  std::vector<LinkNodes> joints;
};

// A joint index: a plain non-negative integer.
int index(const Reader& r, const Field& f) {
  const std::string text = r.text(f);
  int value = -1;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < 0)
    r.fail(f, "is '" + text + "', expected a joint index (0-based row of joints)");
  return value;
}

// One leg: {name, base, end, platform_point, actuated, cut_viscous, home_q, joints}.
LegDescription read_leg(const Reader& r, const Field& f, AngleUnit unit, LegNodes& nodes) {
  r.expect_map(f, {"name", "base", "end", "platform_point", "actuated", "cut_viscous", "home_q",
                   "joints"});
  nodes.leg = f;
  LegDescription leg;
  if (const std::optional<Field> name = r.optional(f, "name")) leg.name = r.text(*name);
  for (const char* key : {"base", "end", "platform_point", "actuated", "cut_viscous", "home_q", "joints"})
    if (const std::optional<Field> v = r.optional(f, key)) nodes.fields.insert_or_assign(key, *v);
  // the joints, rows of a modified-DH chain
  const Field joints = r.required(f, "joints");
  nodes.fields.insert_or_assign("joints", joints);
  const std::vector<Field> rows = r.items(joints);
  if (rows.empty()) r.fail(joints, "is empty; a leg needs at least one joint");
  nodes.joints.resize(rows.size());
  for (std::size_t j = 0; j < rows.size(); ++j) {
    if (const std::optional<Field> parent = r.optional(rows[j], "parent"))
      r.fail(*parent, "a leg is a chain: its joints take no parent (each follows the row before)");
    leg.joints.push_back(read_link(r, rows[j], unit, nodes.joints[j]));
  }
  const int n = static_cast<int>(rows.size());
  // the placements and the cut joint
  if (const std::optional<Field> base = r.optional(f, "base")) leg.base = read_transform(r, *base, unit);
  if (const std::optional<Field> end = r.optional(f, "end")) leg.end = read_transform(r, *end, unit);
  leg.platform_point = r.vector3(r.required(f, "platform_point"));
  if (const std::optional<Field> c = r.optional(f, "cut_viscous")) leg.cut_viscous = r.number(*c);
  // the actuated joints (0-based rows)
  for (const Field& a : r.items(r.required(f, "actuated"))) {
    const int j = index(r, a);
    if (j >= n)
      r.fail(a, "is " + std::to_string(j) + ", not one of the leg's joints 0.." + std::to_string(n - 1));
    leg.actuated.push_back(j);
  }
  // the home joint values: angles for revolute joints, lengths for prismatic ones
  if (const std::optional<Field> q = r.optional(f, "home_q")) {
    if (q->node.IsSequence() && static_cast<int>(q->node.size()) != n)
      r.fail(*q, "has " + std::to_string(q->node.size()) + " values, expected " + std::to_string(n) +
                     " (one per joint of the leg)");
    const std::vector<Field> xs = r.items(*q, n);
    leg.home_q.resize(n);
    for (int j = 0; j < n; ++j)
      leg.home_q[j] = leg.joints[static_cast<std::size_t>(j)].type == JointType::revolute
                          ? r.angle(xs[static_cast<std::size_t>(j)], unit)
                          : r.number(xs[static_cast<std::size_t>(j)]);
  }
  return leg;
}

// Reports an error of parallel::build_model at the node it concerns. The builder names the place
// as "build_model '<name>': leg <i> ['<leg>']<rest>" or "build_model '<name>': <rest>".
[[noreturn]] void rethrow_builder_error(const Reader& r, const std::string& message,
                                        const ParallelDescription& d,
                                        const std::vector<LegNodes>& legs,
                                        const std::map<std::string, Field>& nodes, const Field& root) {
  const std::string prefix = "build_model '" + d.name + "': ";
  const std::string rest = message.starts_with(prefix) ? message.substr(prefix.size()) : message;
  const std::string problem = yaml_hint(rest);
  const auto at = [&](const std::string& key) {
    const auto found = nodes.find(key);
    return found != nodes.end() ? found->second : root;
  };
  // an error of leg i: at the field it names
  for (std::size_t i = 0; i < d.legs.size() && i < legs.size(); ++i) {
    const std::string label =
        "leg " + std::to_string(i + 1) + (d.legs[i].name.empty() ? "" : " '" + d.legs[i].name + "'");
    if (!rest.starts_with(label + ":") && !rest.starts_with(label + " ")) continue;
    const LegNodes& leg = legs[i];
    const std::string tail = rest.substr(label.size());
    const auto field = [&](const char* key) {
      const auto found = leg.fields.find(key);
      return found != leg.fields.end() ? found->second : leg.leg;
    };
    // a joint's row: the serial builder's "from_modified_dh(...): link j, field 'f': ..."
    if (const std::size_t dh = tail.find("from_modified_dh("); dh != std::string::npos)
      if (const std::size_t close = tail.find("): ", dh); close != std::string::npos) {
        fail_at_link(r, tail.substr(close + 3), d.legs[i].joints, leg.joints, label);
        r.fail(field("joints"), problem);
      }
    if (tail.starts_with(" joint ")) {  // " joint j: ..." (1-based)
      int j = 0;
      std::from_chars(tail.data() + 7, tail.data() + tail.size(), j);
      if (j >= 1 && j <= static_cast<int>(leg.joints.size())) r.fail(leg.joints[static_cast<std::size_t>(j - 1)].link, problem);
    }
    for (const auto& [words, key] : {std::pair{"base placement", "base"}, std::pair{"end placement", "end"},
                                     std::pair{"platform point", "platform_point"},
                                     std::pair{"cut_viscous", "cut_viscous"}, std::pair{"home_q", "home_q"},
                                     std::pair{"actuated", "actuated"}, std::pair{"joints;", "joints"}})
      if (tail.find(words) != std::string::npos) r.fail(field(key), problem);
    r.fail(leg.leg, problem);
  }
  // model-wide errors
  if (rest.find("home rotation") != std::string::npos) r.fail(at("home"), problem);
  if (rest.starts_with("the platform's mass")) r.fail(at("platform.mass"), problem);
  if (rest.starts_with("the platform's inertia")) r.fail(at("platform.inertia"), problem);
  if (rest.starts_with("the platform")) r.fail(at("platform"), problem);
  if (rest.starts_with("gravity")) r.fail(at("gravity"), problem);
  if (rest.starts_with("the home") || rest.starts_with("the actuation Jacobian")) r.fail(at("home"), problem);
  if (rest.starts_with("at the home pose: ")) {
    // a leg that does not close there: at that leg
    for (std::size_t i = 0; i < d.legs.size() && i < legs.size(); ++i) {
      const std::string label =
          "leg " + std::to_string(i + 1) + (d.legs[i].name.empty() ? "" : " '" + d.legs[i].name + "'");
      if (rest.find(": " + label + " ") != std::string::npos) r.fail(legs[i].leg, problem);
    }
    r.fail(at("home"), problem);
  }
  if (rest.starts_with("it has") || rest.starts_with("a parallel robot needs")) r.fail(at("legs"), problem);
  r.fail(root, problem);
}

// The list item of one leg: "  - key: value" lines, the first with the dash.
void write_leg(std::ostringstream& os, const parallel::Leg& leg) {
  std::ostringstream body;
  if (!leg.name.empty()) body << "    name: " << quoted(leg.name) << "\n";
  write_transform(body, "base", leg.chain.base, "    ");
  write_transform(body, "end", leg.chain.tool, "    ");
  body << "    platform_point: " << format_vector3(leg.platform_point) << "\n"
       << "    actuated: [";
  for (std::size_t k = 0; k < leg.actuated.size(); ++k) body << (k ? ", " : "") << leg.actuated[k];
  body << "]\n"
       << "    cut_viscous: " << format_number(leg.cut_viscous) << "\n"
       << "    home_q: " << format_list(leg.home_q) << "\n"
       << "    joints:\n";
  for (const LinkParameters& l : leg.chain.links) write_link(body, leg.chain, l, "    ");
  std::string text = body.str();
  text.replace(0, 4, "  - ");
  os << text;
}

}  // namespace

parallel::ParallelModel read_parallel_model(const Reader& r, const Field& root, bool allow_by_option) {
  r.expect_kind(root, "parallel");
  r.expect_map(root, {"kind", "name", "units", "mobility", "gravity", "allow_invalid_inertia", "home",
                      "platform", "legs"});
  const AngleUnit unit = r.units(r.optional(root, "units"));

  // model-wide fields; `nodes` maps the builder's names to where they are in the file
  ParallelDescription d;
  std::map<std::string, Field> nodes;
  if (const std::optional<Field> f = r.optional(root, "name")) d.name = r.text(*f);
  d.mobility = r.named<parallel::Mobility>(r.required(root, "mobility"));
  if (const std::optional<Field> f = r.optional(root, "gravity")) {
    nodes.insert_or_assign("gravity", *f);
    d.gravity = r.vector3(*f);
  }
  d.allow_invalid_inertia = allow_by_option;
  if (const std::optional<Field> f = r.optional(root, "allow_invalid_inertia"))
    d.allow_invalid_inertia = r.boolean(*f) || allow_by_option;
  if (const std::optional<Field> f = r.optional(root, "home")) {
    nodes.insert_or_assign("home", *f);
    d.home = read_transform(r, *f, unit);
  }

  // the platform: {mass, com, inertia}
  const Field platform = r.required(root, "platform");
  r.expect_map(platform, {"mass", "com", "inertia"});
  nodes.insert_or_assign("platform", platform);
  const Field mass = r.required(platform, "mass"), inertia = r.required(platform, "inertia");
  nodes.insert_or_assign("platform.mass", mass);
  nodes.insert_or_assign("platform.inertia", inertia);
  d.platform.mass = r.number(mass);
  d.platform.com = r.vector3(r.required(platform, "com"));
  d.platform.inertia = r.inertia(inertia);

  // the legs
  const Field legs_field = r.required(root, "legs");
  nodes.insert_or_assign("legs", legs_field);
  const std::vector<Field> items = r.items(legs_field);
  if (items.empty()) r.fail(legs_field, "is empty; a parallel robot needs at least one leg");
  std::vector<LegNodes> leg_nodes(items.size());
  for (std::size_t i = 0; i < items.size(); ++i) d.legs.push_back(read_leg(r, items[i], unit, leg_nodes[i]));

  // the builder's checks, reported at the node they concern
  try {
    return parallel::build_model(d);
  } catch (const std::invalid_argument& e) {
    rethrow_builder_error(r, e.what(), d, leg_nodes, nodes, root);
  }
}

}  // namespace yaml_io

parallel::ParallelModel parallel_model_from_yaml_string(const std::string& text, const std::string& label) {
  const yaml_io::Reader reader(label);
  return yaml_io::read_parallel_model(reader, reader.parse(text));
}

parallel::ParallelModel parallel_model_from_yaml_file(const std::string& path) {
  return parallel_model_from_yaml_string(yaml_io::read_text_file(path), path);
}

std::string parallel_model_to_yaml(const parallel::ParallelModel& m) {
  using namespace yaml_io;
  std::ostringstream os;
  // model-wide fields
  os << "# manipdyn parallel-robot model (schema: docs/model_files.md)\n"
     << "kind: parallel\n"
     << "name: " << quoted(m.name) << "\n"
     << kUnitsLine << "mobility: " << to_string(m.mobility) << "\n"
     << "gravity: " << format_vector3(m.gravity) << "\n"
     << builder_notes(m.allow_invalid_inertia, m.warnings);
  write_transform(os, "home", m.home);
  // the platform
  os << "platform: {mass: " << format_number(m.platform.mass) << ", com: " << format_vector3(m.platform.com)
     << ", inertia: " << format_inertia(m.platform.inertia) << "}\n";
  // the legs
  os << "legs:\n";
  for (const parallel::Leg& leg : m.legs) write_leg(os, leg);
  return os.str();
}

}  // namespace manipdyn

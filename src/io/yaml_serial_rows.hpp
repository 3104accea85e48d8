#pragma once
// Internal to src/io: the pieces of the serial-arm YAML files (yaml_serial.cpp) that other
// model files reuse -- a link's row (modified or standard DH with its mass properties, drive and
// limits), a rigid transform, and where the builder's errors of a link are reported. The legs of
// a parallel robot (yaml_parallel.cpp) are written with the same rows. Not installed.
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <Eigen/Geometry>

#include "manipdyn/serial/model.hpp"
#include "yaml_reader.hpp"

namespace manipdyn::yaml_io {

/// Where the builder's fields of one link are in the file, to report the builder's errors there.
struct LinkNodes {
  Field link;                           ///< the link's mapping
  std::map<std::string, Field> fields;  ///< builder field name ("inertia", "q_min") -> node
};

/// A rigid transform: {translation, rotation} (the writer's form) or {xyz, rpy} with URDF's
/// R = Rz(yaw) Ry(pitch) Rx(roll); missing parts are identity.
Eigen::Isometry3d read_transform(const Reader& r, const Field& f, AngleUnit unit);

/// One link of a table (name, type, a, alpha, d, theta, mass, com, inertia, drive, limits;
/// parent, gamma and b of a tree), recording in `nodes` where each builder field is. A `parent`
/// key is accepted but not read (read_serial_model resolves it against the other links).
LinkParameters read_link(const Reader& r, const Field& f, AngleUnit unit, LinkNodes& nodes);

/// `problem` with the builder's "pass allow_invalid_inertia to accept it" said as a file says it.
std::string yaml_hint(std::string problem);

/// If `rest` (a builder message without its "from_modified_dh(...): " prefix) starts with
/// "link <i> ['<name>'], field '<f>': ", throws ParseError at that field's node (or the link's);
/// returns otherwise. A non-empty `owner` ("leg 2 'B'") starts the problem with
/// "<owner> joint <i> ['<name>']: ", naming the joint as the parallel models do.
void fail_at_link(const Reader& r, const std::string& rest, const std::vector<LinkParameters>& links,
                  const std::vector<LinkNodes>& nodes, const std::string& owner = "");

/// a and b have the same bits (so -0 != 0).
bool bitwise_equal(double a, double b);
/// x is the identity bit for bit.
bool is_identity(const Eigen::Isometry3d& x);

/// Writes "<indent><key>:" with the translation and rotation of `x` below it, or nothing when
/// `x` is the identity.
void write_transform(std::ostringstream& os, const char* key, const Eigen::Isometry3d& x,
                     const std::string& indent = "");

/// Writes one link of `m`'s table as a list item "<indent>  - name: ..." (its row, tree fields,
/// mass properties, drive and finite limits), every number in its shortest round-trip form.
void write_link(std::ostringstream& os, const SerialModel& m, const LinkParameters& l,
                const std::string& indent = "");

}  // namespace manipdyn::yaml_io

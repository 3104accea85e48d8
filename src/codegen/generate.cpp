/// \file generate.cpp
/// generate_dynamics_code: trace the default algorithms on codegen::Traced, then print the live
/// part of each tape as straight-line C++.
#include "manipdyn/codegen/generate.hpp"

#include <cmath>
#include <iomanip>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "manipdyn/codegen/traced.hpp"
#include "../serial/forward_dynamics_derivatives_body.hpp"  // kHandCholeskyMax
#include "../serial/newton_euler_core.hpp"
#include "../serial/tree_algorithms.hpp"
#include "../serial/tree_inverse_dynamics_body.hpp"
#include "manipdyn/serial/derivatives.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"

namespace manipdyn::codegen {

static_assert(kMaxCodegenForwardDerivativeJoints == detail::kHandCholeskyMax,
              "the generated forward_dynamics_derivatives follows the hand Cholesky loops only");

namespace {

/// A C++ double literal that reads back as v (parenthesised when negative).
std::string literal(double v) {
  if (!std::isfinite(v))
    throw std::logic_error("generate_dynamics_code: a non-finite constant " + std::to_string(v));
  std::ostringstream os;
  os << std::setprecision(17) << v;
  std::string s = os.str();
  if (s.find_first_of(".e") == std::string::npos) s += ".0";
  return std::signbit(v) ? "(" + s + ")" : s;
}

/// One traced output: its C++ lvalue and its value.
using Output = std::pair<std::string, Traced>;

/// Marks the nodes that `roots` depend on (themselves included) in `mark`; `visit(node)` is
/// called on each node first marked, and may throw to refuse it.
template <typename Visit>
void mark_reachable(const std::vector<TapeNode>& nodes, std::vector<int> roots,
                    std::vector<char>& mark, Visit&& visit) {
  while (!roots.empty()) {
    const int id = roots.back();
    roots.pop_back();
    if (mark[static_cast<std::size_t>(id)]) continue;
    const TapeNode& n = nodes[static_cast<std::size_t>(id)];
    visit(n);
    mark[static_cast<std::size_t>(id)] = 1;
    if (n.a >= 0) roots.push_back(n.a);
    if (n.b >= 0) roots.push_back(n.b);
  }
}

/// Prints the nodes of a tape as C++: the name of a node (a literal, an input array element, a
/// sin/cos slot or a temporary t<id>) and the statement that computes it, counting its
/// operations into the GeneratedFunction.
struct NodePrinter {
  const std::vector<TapeNode>& nodes;
  const std::vector<std::string>& inputs;
  const std::vector<int>& slot;  // sin/cos node -> its slot in s_/c_, else -1
  GeneratedFunction& f;

  std::string name(int id) const {
    const TapeNode& n = nodes[static_cast<std::size_t>(id)];
    switch (n.op) {
      case TracedOp::constant: return literal(n.value);
      case TracedOp::input:
        return inputs[static_cast<std::size_t>(n.array)] + "[" + std::to_string(n.index) + "]";
      case TracedOp::sin:
      case TracedOp::cos: {
        std::string s = n.op == TracedOp::sin ? "s_[" : "c_[";
        s += std::to_string(slot[static_cast<std::size_t>(id)]);
        s += ']';
        return s;
      }
      default: {
        std::string s = "t";  // (one append at a time: GCC 12 warns wrongly on "t" + string)
        s += std::to_string(id);
        return s;
      }
    }
  }

  std::string statement(std::size_t i) const {
    const TapeNode& n = nodes[i];
    const std::string a = n.a >= 0 ? name(n.a) : "", b = n.b >= 0 ? name(n.b) : "";
    std::string rhs;
    switch (n.op) {
      case TracedOp::add: ++f.add; rhs = a + " + " + b; break;
      case TracedOp::sub: ++f.add; rhs = a + " - " + b; break;
      case TracedOp::mul: ++f.mul; rhs = a + " * " + b; break;
      case TracedOp::div: ++f.div; rhs = a + " / " + b; break;
      case TracedOp::neg: rhs = "-" + a; break;
      case TracedOp::sqrt: ++f.sqrt; rhs = "std::sqrt(" + a + ")"; break;
      case TracedOp::tanh: ++f.tanh; rhs = "std::tanh(" + a + ")"; break;
      case TracedOp::sign_select:
        ++f.select;
        rhs = a + " > 0.0 ? " + literal(n.pos) + " : (" + a + " < 0.0 ? " + literal(n.neg) +
              " : 0.0)";
        break;
      default: return "";  // constants, inputs, sin, cos: named, not computed
    }
    return "  const double " + name(static_cast<int>(i)) + " = " + rhs + ";\n";
  }
};

/// Prints the live nodes of `tape` that `outputs` need as the body of a function whose inputs
/// are the arrays `inputs` (input node array k is inputs[k]); counts their operations into f.
std::string emit_body(const Tape& tape, const std::vector<std::string>& inputs,
                      const std::vector<Output>& outputs, GeneratedFunction& f) {
  const std::vector<TapeNode>& nodes = tape.nodes();
  const std::size_t count = nodes.size();
  // live: reachable from an output
  std::vector<char> live(count, 0);
  std::vector<int> roots;
  for (const auto& out : outputs)
    if (!out.second.is_constant()) roots.push_back(out.second.id());
  mark_reachable(nodes, roots, live, [](const TapeNode&) {});
  // sin/cos nodes share one slot per argument; all go through one math::sincos_n call
  std::vector<int> slot(count, -1), slot_args;
  for (std::size_t i = 0; i < count; ++i) {
    const TapeNode& n = nodes[i];
    if (!live[i] || (n.op != TracedOp::sin && n.op != TracedOp::cos)) continue;
    int s = -1;
    for (std::size_t k = 0; k < slot_args.size(); ++k)
      if (slot_args[k] == n.a) s = static_cast<int>(k);
    if (s < 0) {
      s = static_cast<int>(slot_args.size());
      slot_args.push_back(n.a);
    }
    slot[i] = s;
  }
  f.sincos = static_cast<int>(slot_args.size());
  const NodePrinter print{nodes, inputs, slot, f};
  // the sin/cos arguments and what they need first (q + theta: inputs and constants only)
  std::vector<char> before(count, 0);
  mark_reachable(nodes, slot_args, before, [](const TapeNode& n) {
    if (n.op == TracedOp::sin || n.op == TracedOp::cos)
      throw std::logic_error("generate_dynamics_code: a sin/cos argument depends on a sin/cos");
  });
  std::ostringstream body;
  for (std::size_t i = 0; i < count; ++i)
    if (before[i]) body << print.statement(i);
  if (!slot_args.empty()) {
    const std::string m = std::to_string(slot_args.size());
    body << "  const double a_[" << m << "] = {";
    for (std::size_t k = 0; k < slot_args.size(); ++k)
      body << (k ? ", " : "") << print.name(slot_args[k]);
    body << "};\n  double s_[" << m << "], c_[" << m << "];\n"
         << "  manipdyn::math::sincos_n(a_, s_, c_, " << m << ");\n";
  }
  for (std::size_t i = 0; i < count; ++i)
    if (live[i] && !before[i]) body << print.statement(i);
  for (const auto& [lvalue, value] : outputs)
    body << "  " << lvalue << " = "
         << (value.is_constant() ? literal(value.constant_value()) : print.name(value.id()))
         << ";\n";
  return body.str();
}

/// A joint vector of n input nodes of array `array` on `tape`.
VectorX<Traced> traced_input(Tape& tape, int array, int n) {
  VectorX<Traced> v(n);
  for (int k = 0; k < n; ++k) v[k] = Traced::node(tape.input(array, k));
  return v;
}

std::string counts_comment(const GeneratedFunction& f) {
  std::ostringstream os;
  os << "/// (" << f.mul << " mul, " << f.add << " add";
  if (f.div) os << ", " << f.div << " div";
  if (f.sqrt) os << ", " << f.sqrt << " sqrt";
  if (f.tanh) os << ", " << f.tanh << " tanh";
  if (f.select) os << ", " << f.select << " sign selects";
  os << ", sin and cos of " << f.sincos << " angles)\n";
  return os.str();
}

/// The outputs name[0..n-1] = v.
std::vector<Output> vector_outputs(const std::string& name, const VectorX<Traced>& v) {
  std::vector<Output> outputs;
  for (Eigen::Index k = 0; k < v.size(); ++k)
    outputs.emplace_back(name + "[" + std::to_string(k) + "]", v[k]);
  return outputs;
}

/// The outputs name[c n + r] = m(r, c) (an n x n matrix, column-major).
void append_matrix_outputs(std::vector<Output>& outputs, const std::string& name,
                           const MatrixX<Traced>& m) {
  const Eigen::Index n = m.rows();
  for (Eigen::Index c = 0; c < n; ++c)
    for (Eigen::Index r = 0; r < n; ++r)
      outputs.emplace_back(name + "[" + std::to_string(c * n + r) + "]", m(r, c));
}

/// Traces one function on a fresh tape (its inputs: one joint vector per name in `inputs`;
/// `trace` runs the algorithm on them and returns the outputs), then appends it to `src` as
/// `doc` `signature` { body `tail` } and its counts to `code`.
template <typename Trace>
void add_function(GeneratedCode& code, std::ostringstream& src, const SerialModel& model,
                  const std::string& name, const std::string& doc, const std::string& signature,
                  const std::vector<std::string>& inputs, Trace&& trace,
                  const std::string& tail = "") {
  Tape tape;
  TapeScope scope(tape);
  std::vector<VectorX<Traced>> in;
  // q has nq entries, the other inputs nv (both n on a fixed root)
  for (std::size_t k = 0; k < inputs.size(); ++k)
    in.push_back(traced_input(tape, static_cast<int>(k),
                              inputs[k] == "q" ? model.nq() : model.nv()));
  const std::vector<Output> outputs = trace(in);
  GeneratedFunction f{name};
  const std::string body = emit_body(tape, inputs, outputs, f);
  src << "\n" << doc << counts_comment(f) << signature << " noexcept {\n ";
  for (const std::string& input : inputs) src << " (void)" << input << ";";
  src << "\n" << body << tail << "}\n";
  code.functions.push_back(f);
}

/// Throws std::invalid_argument if a pivot of the traced Cholesky factor (1 / L_jj on the
/// diagonal of `llt`) is a constant that is not finite: M is then singular at every q.
void check_traced_pivots(const MatrixX<Traced>& llt) {
  for (Eigen::Index j = 0; j < llt.rows(); ++j)
    if (llt(j, j).is_constant() && !std::isfinite(llt(j, j).constant_value()))
      throw std::invalid_argument(
          "generate_dynamics_code: forward_dynamics_derivatives: the mass matrix of the model is "
          "singular at every q (pivot " + std::to_string(j + 1) + " of its Cholesky factor is "
          "the constant 0 or below)");
}

/// Appends the derivative functions that `options` asks for (inverse_ and
/// forward_dynamics_derivatives) to `src` and their counts to `code`; `drive` completes their
/// comments. A tree or a free-flyer (uses_tree_path) is traced through the tree bodies
/// (tree_derivatives_body.hpp; the forward one factorises M by the hand Cholesky loops).
void add_derivative_functions(GeneratedCode& code, std::ostringstream& src,
                              const SerialModel& model, const CodegenOptions& options,
                              const std::string& drive) {
  const Vector3<Traced> gravity = model.gravity.cast<Traced>();
  const bool tree = detail::uses_tree_path(model);
  const std::string sizes =
      !tree ? ""
      : model.root == RootJoint::free_flyer
          ? "/// Here n = kNv and q has kNq entries; d / dq is the derivative in the tangent space\n"
            "/// of the configuration group (docs/derivatives.md, \"Trees and the free-flyer\").\n"
          : "/// Here n = kNv (a tree on a fixed root).\n";
  if (options.inverse_dynamics_derivatives)
    add_function(code, src, model, "inverse_dynamics_derivatives",
                 "/// dtau_dq, dtau_dqd, dtau_dqdd = M (n x n each, column-major: D(r, c) at\n"
                 "/// D[c n + r] = d tau_r / d x_c) of the inverse dynamics at q, qd, qdd,\n"
                 "/// with the model's gravity and no external wrench\n"
                 "/// (manipdyn::inverse_dynamics_derivatives" + drive + ").\n" + sizes,
                 "inline void inverse_dynamics_derivatives(const double* q, const double* qd,\n"
                 "                                         const double* qdd, double* dtau_dq,\n"
                 "                                         double* dtau_dqd, double* dtau_dqdd)",
                 {"q", "qd", "qdd"}, [&](std::vector<VectorX<Traced>>& in) {
                   DerivativesDataTpl<Traced> data(model);
                   if (tree)
                     detail::tree_inverse_dynamics_derivatives<Traced>(
                         model, data, in[0], in[1], in[2], gravity, Vector6<Traced>::Zero(),
                         nullptr);
                   else
                     inverse_dynamics_derivatives<Traced>(unchecked, model, data, in[0], in[1],
                                                          in[2], gravity, Vector6<Traced>::Zero());
                   std::vector<Output> outputs;
                   append_matrix_outputs(outputs, "dtau_dq", data.dtau_dq);
                   append_matrix_outputs(outputs, "dtau_dqd", data.dtau_dqd);
                   append_matrix_outputs(outputs, "dtau_dqdd", data.dtau_dqdd);
                   return outputs;
                 });
  if (!options.forward_dynamics_derivatives) return;
  // returns false where M is not positive definite: the nan of a pivot's sqrt reaches qdd
  add_function(code, src, model, "forward_dynamics_derivatives",
               "/// qdd = forward_dynamics(q, qd, tau) and dqdd_dq, dqdd_dqd, dqdd_dtau = M^-1\n"
               "/// (n x n each, column-major: D(r, c) at D[c n + r] = d qdd_r / d x_c), with the\n"
               "/// model's gravity and no external wrench\n"
               "/// (manipdyn::forward_dynamics_derivatives" + drive + ").\n"
               "/// Returns whether qdd is finite: false where M is not positive definite (the\n"
               "/// library's call throws there; the outputs are then not finite) or where an\n"
               "/// input is not.\n" + sizes,
               "inline bool forward_dynamics_derivatives(const double* q, const double* qd,\n"
               "                                         const double* tau, double* qdd,\n"
               "                                         double* dqdd_dq, double* dqdd_dqd,\n"
               "                                         double* dqdd_dtau)",
               {"q", "qd", "tau"},
               [&](std::vector<VectorX<Traced>>& in) {
                 DerivativesDataTpl<Traced> data(model);
                 if (tree)
                   detail::tree_forward_dynamics_derivatives<Traced>(
                       model, data, in[0], in[1], in[2], gravity, Vector6<Traced>::Zero());
                 else
                   forward_dynamics_derivatives<Traced>(unchecked, model, data, in[0], in[1],
                                                        in[2], gravity, Vector6<Traced>::Zero());
                 check_traced_pivots(data.llt);
                 std::vector<Output> outputs = vector_outputs("qdd", data.qdd);
                 append_matrix_outputs(outputs, "dqdd_dq", data.dqdd_dq);
                 append_matrix_outputs(outputs, "dqdd_dqd", data.dqdd_dqd);
                 append_matrix_outputs(outputs, "dqdd_dtau", data.dqdd_dtau);
                 return outputs;
               },
               std::string("  for (int k = 0; k < ") + (tree ? "kNv" : "kDof") + "; ++k)\n"
               "    if (!std::isfinite(qdd[k])) return false;\n"
               "  return true;\n");
}

}  // namespace

bool is_cpp_namespace(const std::string& name) {
  static const std::regex identifier_path("[A-Za-z_][A-Za-z0-9_]*(::[A-Za-z_][A-Za-z0-9_]*)*");
  return std::regex_match(name, identifier_path);
}

GeneratedCode generate_dynamics_code(const SerialModel& model, const CodegenOptions& options) {
  // a tree or a free-flyer: every function by the tree bodies (which branch on the structure
  // only)
  const bool tree = detail::uses_tree_path(model);
  if (!is_cpp_namespace(options.name_space))
    throw std::invalid_argument("generate_dynamics_code: namespace '" + options.name_space +
                                "' is not a C++ identifier (or a path of them joined by ::)");
  const int n = model.dof();
  if (n > kMaxCodegenJoints)
    throw std::invalid_argument("generate_dynamics_code: the model has " + std::to_string(n) +
                                " joints, above the " + std::to_string(kMaxCodegenJoints) +
                                " code generation takes (its mass matrix code grows as n^2)");
  // (nv: a free-flyer's M is of size 6 + n)
  if (options.forward_dynamics_derivatives && model.nv() > kMaxCodegenForwardDerivativeJoints)
    throw std::invalid_argument(
        "generate_dynamics_code: forward_dynamics_derivatives of a model of " +
        (model.nv() == n ? std::to_string(n) + " joints"
                         : std::to_string(model.nv()) + " velocities (" + std::to_string(n) +
                               " joints and the free-flyer's 6)") +
        ": at most " + std::to_string(kMaxCodegenForwardDerivativeJoints) +
        " (above them the library factorises M with Eigen's LLT, which tests values and cannot be "
        "traced)");
  if (static_cast<int>(model.modified.ne_p.size()) != n ||
      (model.is_chain() && static_cast<int>(model.standard.ne_p.size()) != n))
    throw std::invalid_argument("generate_dynamics_code: the model was not built by "
                                "SerialModel::from_dh/from_modified_dh/from_table");
  GeneratedCode code;
  std::ostringstream src;
  src << "// Generated by manipdyn (codegen::generate_dynamics_code, `manipdyn codegen`) from the\n"
      << "// model '" << model.name << "' (" << n << " joints" << (model.has_drive ? ", with drive terms" : "")
      << "): its default inverse dynamics, mass\n"
      << "// matrix and gravity torques as straight-line code, every model constant folded in.\n"
      << "// It computes the numbers of the library's calls for this model (docs/codegen.md);\n"
      << "// regenerate it when the model changes. Inputs are assumed finite (no checks).\n"
      << "#pragma once\n#include <cmath>\n\n#include \"manipdyn/core/scalar_math.hpp\"\n\n"
      << "namespace " << options.name_space << " {\n\n"
      << "/// Joints of the model.\ninline constexpr int kDof = " << n << ";\n";
  if (tree)
    src << "/// Sizes of q and of qd, qdd, tau, g (" << (model.root == RootJoint::free_flyer
                                                           ? "free-flyer: 7 + kDof and 6 + kDof: "
                                                             "q = [position, quaternion x y z w "
                                                             "(unit), joints], tau's first six "
                                                             "the base wrench"
                                                           : "a tree on a fixed root: kDof")
        << ").\ninline constexpr int kNq = " << model.nq() << ", kNv = " << model.nv() << ";\n";
  const Vector3<Traced> gravity = model.gravity.cast<Traced>();
  const std::string drive = model.has_drive ? ", drive terms included" : "";
  if (options.inverse_dynamics)
    add_function(code, src, model, "inverse_dynamics",
                 "/// tau = inverse_dynamics(q, qd, qdd) with the model's gravity and no external\n"
                 "/// wrench (manipdyn::inverse_dynamics, default method" + drive + ").\n",
                 "inline void inverse_dynamics(const double* q, const double* qd, const double* qdd,\n"
                 "                             double* tau)",
                 {"q", "qd", "qdd"}, [&](std::vector<VectorX<Traced>>& in) {
                   SerialDataTpl<Traced> data(model);
                   if (tree)
                     detail::tree_inverse_dynamics<Traced>(
                         model, data, in[0], in[1], in[2], gravity, Vector6<Traced>::Zero(),
                         nullptr, detail::DriveTerms::all, data.tau);
                   else
                     detail::fastest_inverse_dynamics<Traced>(model, data, in[0], in[1], in[2],
                                                              gravity, Vector6<Traced>::Zero());
                   return vector_outputs("tau", data.tau);
                 });
  if (options.mass_matrix)
    add_function(code, src, model, "mass_matrix",
                 "/// M = mass_matrix(q), n x n column-major: M(r, c) at M[c n + r]\n"
                 "/// (manipdyn::mass_matrix" + drive + ").\n",
                 "inline void mass_matrix(const double* q, double* M)", {"q"},
                 [&](std::vector<VectorX<Traced>>& in) {
                   SerialDataTpl<Traced> data(model);
                   std::vector<Output> outputs;
                   append_matrix_outputs(outputs, "M",
                                         mass_matrix<Traced>(unchecked, model, data, in[0]));
                   return outputs;
                 });
  if (options.gravity_torques)
    add_function(code, src, model, "gravity_torques",
                 "/// g = gravity_torques(q) with the model's gravity (manipdyn::gravity_torques).\n",
                 "inline void gravity_torques(const double* q, double* g)", {"q"},
                 [&](std::vector<VectorX<Traced>>& in) {
                   SerialDataTpl<Traced> data(model);
                   if (tree) {
                     // gravity_torques' tree path: at rest, the rigid body only
                     const VectorX<Traced> zero = VectorX<Traced>::Zero(model.nv());
                     detail::tree_inverse_dynamics<Traced>(model, data, in[0], zero, zero,
                                                           gravity, Vector6<Traced>::Zero(),
                                                           nullptr, detail::DriveTerms::none,
                                                           data.G);
                   } else {
                     detail::fast_gravity_torques<Traced>(model, data, in[0], gravity);
                   }
                   return vector_outputs("g", data.G);
                 });
  add_derivative_functions(code, src, model, options, drive);
  src << "\n}  // namespace " << options.name_space << "\n";
  code.source = src.str();
  return code;
}

}  // namespace manipdyn::codegen

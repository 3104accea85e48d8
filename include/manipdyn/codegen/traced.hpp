#pragma once
/// \file traced.hpp
/// `Traced`: a scalar that records the arithmetic done with it on a `Tape` instead of computing
/// it, so that running one of the scalar-generic algorithms on it gives the expression graph of
/// that algorithm for one model (codegen/generate.hpp turns it into straight-line C++).
///
/// A Traced is either a constant (a double, folded at once: the model's parameters, DH sines
/// and cosines, gravity) or a node of the active tape (an input, or an operation on nodes).
///  - Constant operands are folded in double, as the double instantiation would compute them;
///    x * 1, x + 0, x - 0 give x; x * 0 gives 0 and x * -1 gives -x (exact for finite x, up to
///    the sign of a zero: the generated code assumes finite inputs, as the checked calls do).
///  - Equal operations on equal operands give the same node (hash-consing), so common
///    subexpressions are computed once.
///  - A branch on a node's value cannot be recorded: converting a node to double, or comparing
///    it, throws std::logic_error. math::is_zero is true for the constant 0 only (the algorithms'
///    structure tests then skip what is structurally zero), math::sign_select records a select.
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include <Eigen/Core>

#include "manipdyn/core/scalar_math.hpp"
#include "manipdyn/core/scalar_num_traits.hpp"

namespace manipdyn::codegen {

/// The operation of a tape node.
enum class TracedOp : std::uint8_t {
  constant,     ///< a double constant (value)
  input,        ///< element `index` of input array `array`
  add,          ///< a + b
  sub,          ///< a - b
  mul,          ///< a * b
  div,          ///< a / b
  neg,          ///< -a
  sqrt,         ///< sqrt(a)
  tanh,         ///< tanh(a) (the smooth Coulomb friction)
  sin,          ///< sin(a) (from one sincos of a)
  cos,          ///< cos(a) (from one sincos of a)
  sign_select,  ///< pos if a > 0, neg if a < 0, else 0
};

/// One node of a tape.
struct TapeNode {
  TracedOp op = TracedOp::constant;
  int a = -1, b = -1;  ///< operand nodes
  double value = 0.0;  ///< constant's value
  double pos = 0.0, neg = 0.0;  ///< sign_select's constants
  int array = -1, index = -1;   ///< input's array and element
};

/// The expression graph recorded by Traced operations while the tape is active (TapeScope).
class Tape {
 public:
  /// A node for input element `index` of array `array` (an index into the caller's input names).
  int input(int array, int index);
  /// A node (hash-consed: an equal node already on the tape is returned instead).
  int add_node(const TapeNode& node);
  const std::vector<TapeNode>& nodes() const { return nodes_; }

 private:
  std::vector<TapeNode> nodes_;
  std::unordered_map<std::string, int> index_;  // node key -> id
};

/// Makes `tape` the active tape of this thread for its lifetime.
class TapeScope {
 public:
  explicit TapeScope(Tape& tape);
  ~TapeScope();
  TapeScope(const TapeScope&) = delete;
  TapeScope& operator=(const TapeScope&) = delete;

 private:
  Tape* previous_;
};

/// The active tape of this thread; throws std::logic_error if there is none.
Tape& active_tape();

/// A scalar recorded on the active tape (see the file comment).
class Traced {
 public:
  Traced() = default;                      // the constant 0
  Traced(double v) : value_(v) {}          // NOLINT: implicit, a constant
  /// The traced value of node `id` of the active tape.
  static Traced node(int id) {
    Traced t;
    t.id_ = id;
    return t;
  }
  bool is_constant() const { return id_ < 0; }
  /// The node id (-1 for a constant).
  int id() const { return id_; }
  /// The constant's value; throws std::logic_error for a node.
  double constant_value() const;
  /// As constant_value(): a branch on a traced value is an error.
  explicit operator double() const { return constant_value(); }

  Traced& operator+=(const Traced& o);
  Traced& operator-=(const Traced& o);
  Traced& operator*=(const Traced& o);
  Traced& operator/=(const Traced& o);
  Traced operator-() const;
  Traced operator+() const { return *this; }

 private:
  int id_ = -1;
  double value_ = 0.0;
};

inline Traced operator+(Traced a, const Traced& b) { return a += b; }
inline Traced operator-(Traced a, const Traced& b) { return a -= b; }
inline Traced operator*(Traced a, const Traced& b) { return a *= b; }
inline Traced operator/(Traced a, const Traced& b) { return a /= b; }
inline Traced operator+(Traced a, double b) { return a += Traced(b); }
inline Traced operator-(Traced a, double b) { return a -= Traced(b); }
inline Traced operator*(Traced a, double b) { return a *= Traced(b); }
inline Traced operator/(Traced a, double b) { return a /= Traced(b); }
inline Traced operator+(double a, const Traced& b) { return Traced(a) += b; }
inline Traced operator-(double a, const Traced& b) { return Traced(a) -= b; }
inline Traced operator*(double a, const Traced& b) { return Traced(a) *= b; }
inline Traced operator/(double a, const Traced& b) { return Traced(a) /= b; }

// Comparisons: of constants only (a branch on a node throws std::logic_error).
bool operator==(const Traced& a, const Traced& b);
bool operator!=(const Traced& a, const Traced& b);
bool operator<(const Traced& a, const Traced& b);
bool operator<=(const Traced& a, const Traced& b);
bool operator>(const Traced& a, const Traced& b);
bool operator>=(const Traced& a, const Traced& b);

Traced sqrt(const Traced& x);
Traced tanh(const Traced& x);
Traced abs(const Traced& x);  ///< of a constant only
bool isfinite(const Traced& x);  ///< true for a node (the generated code assumes finite inputs)

}  // namespace manipdyn::codegen

namespace manipdyn::math {
/// One sin and one cos node of the same argument.
template <> void sincos<codegen::Traced>(const codegen::Traced& x, codegen::Traced& s,
                                         codegen::Traced& c);
/// True for the constant 0 only.
template <> inline bool is_zero<codegen::Traced>(const codegen::Traced& x) {
  return x.is_constant() && x.constant_value() == 0.0;
}
/// A select node (folded for a constant).
template <>
codegen::Traced sign_select<codegen::Traced>(const codegen::Traced& x, double pos, double neg);
}  // namespace manipdyn::math

namespace Eigen {
template <>
struct NumTraits<manipdyn::codegen::Traced>
    : manipdyn::DoubleLikeNumTraits<manipdyn::codegen::Traced> {};
MANIPDYN_DOUBLE_LIKE_BINARY_OPS(manipdyn::codegen::Traced);
}  // namespace Eigen

// Eigen packets of Traced, as of double (after NumTraits<Traced>).
#include "manipdyn/codegen/traced_packets.hpp"

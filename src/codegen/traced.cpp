/// \file traced.cpp
/// The tape of the tracing scalar (codegen/traced.hpp) and its folding rules.
#include "manipdyn/codegen/traced.hpp"

#include <cmath>
#include <cstring>
#include <stdexcept>
#include <utility>

namespace manipdyn::codegen {

namespace {

thread_local Tape* current_tape = nullptr;

[[noreturn]] void branch_on_node(const char* what) {
  throw std::logic_error(std::string("Traced: ") + what +
                         " of a traced (non-constant) value: the algorithm branches on a value, "
                         "which generated straight-line code cannot do");
}

/// The node of x on the active tape (a constant gets a constant node).
int node_of(const Traced& x) {
  if (!x.is_constant()) return x.id();
  TapeNode n;
  n.op = TracedOp::constant;
  n.value = x.constant_value();
  return active_tape().add_node(n);
}

Traced make(TracedOp op, const Traced& x, const Traced& y = Traced()) {
  TapeNode n;
  n.op = op;
  n.a = node_of(x);
  if (op != TracedOp::neg && op != TracedOp::sqrt && op != TracedOp::tanh && op != TracedOp::sin &&
      op != TracedOp::cos)
    n.b = node_of(y);
  // + and * are commutative in IEEE arithmetic: one order, so that a + b and b + a are one node
  if ((op == TracedOp::add || op == TracedOp::mul) && n.b < n.a) std::swap(n.a, n.b);
  return Traced::node(active_tape().add_node(n));
}

bool is_const(const Traced& x, double v) { return x.is_constant() && x.constant_value() == v; }

}  // namespace

int Tape::input(int array, int index) {
  TapeNode n;
  n.op = TracedOp::input;
  n.array = array;
  n.index = index;
  return add_node(n);
}

int Tape::add_node(const TapeNode& node) {
  // the key: the node's fields as bytes (doubles by their bits: -0 and +0 stay apart)
  std::string key(1, static_cast<char>(node.op));
  auto append = [&key](const auto& field) {
    key.append(reinterpret_cast<const char*>(&field), sizeof(field));
  };
  append(node.a);
  append(node.b);
  append(node.value);
  append(node.pos);
  append(node.neg);
  append(node.array);
  append(node.index);
  const auto [it, inserted] = index_.emplace(std::move(key), static_cast<int>(nodes_.size()));
  if (inserted) nodes_.push_back(node);
  return it->second;
}

TapeScope::TapeScope(Tape& tape) : previous_(current_tape) { current_tape = &tape; }
TapeScope::~TapeScope() { current_tape = previous_; }

Tape& active_tape() {
  if (current_tape == nullptr)
    throw std::logic_error("Traced: an operation on a traced value without an active tape "
                           "(create a codegen::TapeScope)");
  return *current_tape;
}

double Traced::constant_value() const {
  if (!is_constant()) branch_on_node("the double value");
  return value_;
}

Traced& Traced::operator+=(const Traced& o) {
  if (is_constant() && o.is_constant()) return *this = Traced(value_ + o.value_);
  if (is_const(o, 0.0)) return *this;
  if (is_const(*this, 0.0)) return *this = o;
  return *this = make(TracedOp::add, *this, o);
}

Traced& Traced::operator-=(const Traced& o) {
  if (is_constant() && o.is_constant()) return *this = Traced(value_ - o.value_);
  if (is_const(o, 0.0)) return *this;
  if (is_const(*this, 0.0)) return *this = -o;
  return *this = make(TracedOp::sub, *this, o);
}

Traced& Traced::operator*=(const Traced& o) {
  if (is_constant() && o.is_constant()) return *this = Traced(value_ * o.value_);
  for (const auto& [c, x] : {std::pair<const Traced*, const Traced*>{this, &o}, {&o, this}}) {
    if (is_const(*c, 0.0)) return *this = Traced(0.0);
    if (is_const(*c, 1.0)) return *this = Traced(*x);
    if (is_const(*c, -1.0)) return *this = -Traced(*x);
  }
  return *this = make(TracedOp::mul, *this, o);
}

Traced& Traced::operator/=(const Traced& o) {
  if (is_constant() && o.is_constant()) return *this = Traced(value_ / o.value_);
  if (is_const(o, 1.0)) return *this;
  if (is_const(*this, 0.0)) return *this;
  return *this = make(TracedOp::div, *this, o);
}

Traced Traced::operator-() const {
  if (is_constant()) return Traced(-value_);
  const TapeNode& n = active_tape().nodes()[static_cast<std::size_t>(id_)];
  if (n.op == TracedOp::neg) return Traced::node(n.a);
  return make(TracedOp::neg, *this);
}

bool operator==(const Traced& a, const Traced& b) {
  if (!a.is_constant() || !b.is_constant()) {
    if (a.id() == b.id()) return true;  // the same node
    branch_on_node("a comparison");
  }
  return a.constant_value() == b.constant_value();
}
bool operator!=(const Traced& a, const Traced& b) { return !(a == b); }
bool operator<(const Traced& a, const Traced& b) {
  return a.constant_value() < b.constant_value();
}
bool operator<=(const Traced& a, const Traced& b) {
  return a.constant_value() <= b.constant_value();
}
bool operator>(const Traced& a, const Traced& b) {
  return a.constant_value() > b.constant_value();
}
bool operator>=(const Traced& a, const Traced& b) {
  return a.constant_value() >= b.constant_value();
}

Traced sqrt(const Traced& x) {
  if (x.is_constant()) return Traced(std::sqrt(x.constant_value()));
  return make(TracedOp::sqrt, x);
}

Traced tanh(const Traced& x) {
  if (x.is_constant()) return Traced(std::tanh(x.constant_value()));
  return make(TracedOp::tanh, x);
}

Traced abs(const Traced& x) { return Traced(std::abs(x.constant_value())); }

bool isfinite(const Traced& x) { return !x.is_constant() || std::isfinite(x.constant_value()); }

}  // namespace manipdyn::codegen

namespace manipdyn::math {

template <>
void sincos<codegen::Traced>(const codegen::Traced& x, codegen::Traced& s, codegen::Traced& c) {
  if (x.is_constant()) {
    double sv, cv;
    math::sincos(x.constant_value(), sv, cv);
    s = codegen::Traced(sv);
    c = codegen::Traced(cv);
    return;
  }
  codegen::Tape& tape = codegen::active_tape();
  codegen::TapeNode n;
  n.a = x.id();
  n.op = codegen::TracedOp::sin;
  s = codegen::Traced::node(tape.add_node(n));
  n.op = codegen::TracedOp::cos;
  c = codegen::Traced::node(tape.add_node(n));
}

template <>
codegen::Traced sign_select<codegen::Traced>(const codegen::Traced& x, double pos, double neg) {
  if (x.is_constant()) return codegen::Traced(math::sign_select(x.constant_value(), pos, neg));
  codegen::TapeNode n;
  n.op = codegen::TracedOp::sign_select;
  n.a = x.id();
  n.pos = pos;
  n.neg = neg;
  return codegen::Traced::node(codegen::active_tape().add_node(n));
}

}  // namespace manipdyn::math

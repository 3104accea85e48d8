#include "manipdyn/core/counting_scalar.hpp"

#include <cmath>
#include <ostream>

namespace manipdyn {

OpCounter& op_counter() {
  thread_local OpCounter counter;
  return counter;
}

Counted sin(const Counted& x) { ++op_counter().sin; return Counted(std::sin(x.value())); }
Counted cos(const Counted& x) { ++op_counter().cos; return Counted(std::cos(x.value())); }
template <> void math::sincos<Counted>(const Counted& x, Counted& s, Counted& c) {
  ++op_counter().sin;
  ++op_counter().cos;
  double sv, cv;
  math::sincos(x.value(), sv, cv);
  s = Counted(sv);
  c = Counted(cv);
}
Counted tan(const Counted& x) { ++op_counter().other_fn; return Counted(std::tan(x.value())); }
Counted sqrt(const Counted& x) { ++op_counter().sqrt; return Counted(std::sqrt(x.value())); }
Counted atan2(const Counted& y, const Counted& x) {
  ++op_counter().other_fn;
  return Counted(std::atan2(y.value(), x.value()));
}
Counted acos(const Counted& x) { ++op_counter().other_fn; return Counted(std::acos(x.value())); }
Counted asin(const Counted& x) { ++op_counter().other_fn; return Counted(std::asin(x.value())); }
Counted abs(const Counted& x) { return Counted(std::abs(x.value())); }
Counted exp(const Counted& x) { ++op_counter().other_fn; return Counted(std::exp(x.value())); }
Counted tanh(const Counted& x) { ++op_counter().other_fn; return Counted(std::tanh(x.value())); }
Counted log(const Counted& x) { ++op_counter().other_fn; return Counted(std::log(x.value())); }
Counted pow(const Counted& x, const Counted& y) {
  ++op_counter().other_fn;
  return Counted(std::pow(x.value(), y.value()));
}
bool isfinite(const Counted& x) { return std::isfinite(x.value()); }
bool isnan(const Counted& x) { return std::isnan(x.value()); }
bool isinf(const Counted& x) { return std::isinf(x.value()); }

std::ostream& operator<<(std::ostream& os, const Counted& x) { return os << x.value(); }

}  // namespace manipdyn

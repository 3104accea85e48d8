// The compiled part of the `manipdyn` Python package.
#include <algorithm>
#include <utility>
#include <vector>

#include "manipdyn/version.hpp"
#include "registry.hpp"

namespace manipdyn::python {

using Binder = std::pair<int, std::function<void(pybind11::module_&)>>;

static std::vector<Binder>& binders() {
  static std::vector<Binder> list;
  return list;
}

bool register_bindings(int order, std::function<void(pybind11::module_& m)> bind) {
  binders().emplace_back(order, std::move(bind));
  return true;
}

}  // namespace manipdyn::python

PYBIND11_MODULE(_manipdyn, m) {
  m.doc() = "manipdyn: dynamics of serial manipulators and Stewart platforms (SI units, radians)";
  m.attr("__version__") = MANIPDYN_VERSION;  // manipdyn/version.hpp, from the CMake project
  auto& list = manipdyn::python::binders();
  std::stable_sort(list.begin(), list.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (auto& binder : list) binder.second(m);
}

#pragma once
/// \file registry.hpp
/// Each python/src/<part>.cpp registers a function that binds its part of the API into the
/// `manipdyn._manipdyn` module, with a static `const bool registered = register_bindings(...)`.
/// Bindings run in ascending `order` (core 0, serial 10, stewart 20, simulation/control 30), so
/// that types are bound before the functions that take them.
#include <functional>

#include <pybind11/pybind11.h>

namespace manipdyn::python {

bool register_bindings(int order, std::function<void(pybind11::module_& m)> bind);

}  // namespace manipdyn::python

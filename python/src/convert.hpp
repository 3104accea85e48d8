#pragma once
/// \file convert.hpp
/// NumPy array-likes to Eigen vectors for the bindings. Each throws std::invalid_argument (a
/// ValueError in Python) naming the function and the argument.
#include <optional>
#include <string>
#include <vector>

#include <Eigen/Geometry>
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include "manipdyn/core/check.hpp"
#include "manipdyn/core/enum_names.hpp"
#include "manipdyn/core/types.hpp"
#include "manipdyn/stewart/data.hpp"

namespace manipdyn::python {

/// "(3,)", "(2, 3)": the shape of an array, for messages.
std::string shape_of(const pybind11::array& a);

/// Any array-like of numbers as a C-ordered float64 array; "where: name must be an array of
/// numbers" otherwise.
pybind11::array_t<double> as_float_array(const pybind11::handle& obj, const std::string& where,
                                         const std::string& name);

/// A 1-D array-like as an Eigen vector; "where: name must be a 1-D array, got shape (...)"
/// otherwise. Size and finiteness are left to the C++ function it is passed to.
VectorXd as_vector(const pybind11::handle& obj, const std::string& where,
                   const std::string& name);

/// A 2-D array-like as an Eigen matrix; "where: name must be a 2-D array, got shape (...)"
/// otherwise. Size and finiteness are left to the C++ function it is passed to.
MatrixXd as_matrix(const pybind11::handle& obj, const std::string& where,
                   const std::string& name);

/// A (4, 4) array-like as a transform; "where: name must have shape (4, 4), got ..." otherwise.
/// Whether it is rigid is left to the C++ function it is passed to.
Eigen::Isometry3d as_transform(const pybind11::handle& obj, const std::string& where,
                               const std::string& name);

/// A fixed-size vector (gravity (3), f_ext (6)), checked for size and finiteness here.
template <int N>
Eigen::Matrix<double, N, 1> as_fixed(const pybind11::handle& obj, const std::string& where,
                                     const std::string& name) {
  const VectorXd v = as_vector(obj, where, name);
  check_vector(where, name, v, N);
  return v;
}

/// `obj` as a C++ object of a class bound in this module (SerialModel, JointTrajectory, ...);
/// TypeError "where: name must be a <type_name>, got <Python type>" otherwise (never pybind11's
/// "Unable to cast Python instance").
template <typename T>
const T& cast_bound(const pybind11::handle& obj, const std::string& where, const std::string& name,
                    const std::string& type_name) {
  if (!pybind11::isinstance<T>(obj))
    throw pybind11::type_error(where + ": " + name + " must be a " + type_name + ", got " +
                               std::string(pybind11::str(obj.get_type().attr("__name__"))));
  return obj.cast<const T&>();
}

/// The value of a method enum named `name` (core/enum_names.hpp; an old synonym too); throws
/// std::invalid_argument "<where>: <argument> must be 'a', 'b' or 'c', got '<name>'" otherwise,
/// each value with its accepted spellings ("'direct' or 'strobe'/'strobing'").
template <NamedEnum E>
E enum_from(const std::string& name, const std::string& where, const std::string& argument) {
  if (const std::optional<E> value = try_from_string<E>(name)) return *value;
  std::vector<std::string> choices;  // one per value: its spellings joined by '/'
  const EnumName<E>* previous = nullptr;
  for (const EnumName<E>& row : EnumNames<E>::table) {
    const std::string quoted = std::string("'") + row.name + "'";
    if (previous != nullptr && previous->value == row.value) choices.back() += "/" + quoted;
    else choices.push_back(quoted);
    previous = &row;
  }
  std::string list;
  for (std::size_t i = 0; i < choices.size(); ++i)
    list += (i == 0 ? "" : i + 1 == choices.size() ? " or " : ", ") + choices[i];
  throw std::invalid_argument(where + ": " + argument + " must be " + list + ", got '" + name +
                              "'");
}

/// The Stewart dynamics model named `name`: "<where>: model must be 'dasgupta' or 'improved',
/// got '<name>'" otherwise.
inline stewart::DynamicsModel dynamics_model_from(const std::string& name,
                                                  const std::string& where) {
  return enum_from<stewart::DynamicsModel>(name, where, "model");
}

}  // namespace manipdyn::python

#include "convert.hpp"

#include <sstream>
#include <stdexcept>

namespace py = pybind11;

namespace manipdyn::python {

std::string shape_of(const py::array& a) {
  std::ostringstream os;
  os << "(";
  for (py::ssize_t k = 0; k < a.ndim(); ++k) os << (k ? ", " : "") << a.shape(k);
  os << (a.ndim() == 1 ? ",)" : ")");
  return os.str();
}

py::array_t<double> as_float_array(const py::handle& obj, const std::string& where,
                                   const std::string& name) {
  auto arr = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(obj);
  if (!arr) {
    PyErr_Clear();
    throw std::invalid_argument(where + ": " + name + " must be an array of numbers");
  }
  return arr;
}

VectorXd as_vector(const py::handle& obj, const std::string& where, const std::string& name) {
  const auto arr = as_float_array(obj, where, name);
  if (arr.ndim() != 1)
    throw std::invalid_argument(where + ": " + name + " must be a 1-D array, got shape " +
                                shape_of(arr));
  VectorXd v(arr.shape(0));
  for (py::ssize_t i = 0; i < arr.shape(0); ++i) v[i] = arr.at(i);
  return v;
}

MatrixXd as_matrix(const py::handle& obj, const std::string& where, const std::string& name) {
  const auto arr = as_float_array(obj, where, name);
  if (arr.ndim() != 2)
    throw std::invalid_argument(where + ": " + name + " must be a 2-D array, got shape " +
                                shape_of(arr));
  MatrixXd m(arr.shape(0), arr.shape(1));
  for (py::ssize_t r = 0; r < arr.shape(0); ++r)
    for (py::ssize_t c = 0; c < arr.shape(1); ++c) m(r, c) = arr.at(r, c);
  return m;
}

Eigen::Isometry3d as_transform(const py::handle& obj, const std::string& where,
                               const std::string& name) {
  const auto arr = as_float_array(obj, where, name);
  if (arr.ndim() != 2 || arr.shape(0) != 4 || arr.shape(1) != 4)
    throw std::invalid_argument(where + ": " + name + " must have shape (4, 4), got " +
                                shape_of(arr));
  Eigen::Isometry3d x;
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) x.matrix()(r, c) = arr.at(r, c);
  return x;
}

}  // namespace manipdyn::python

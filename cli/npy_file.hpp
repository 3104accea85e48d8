#pragma once
/// \file npy_file.hpp
/// A small reader and writer of NumPy .npy files (format versions 1.0, 2.0 and 3.0; the format
/// is documented with numpy.lib.format): float64, little-endian, C order only, which is what
/// `numpy.save(path, array.astype(float))` writes on every common machine. Anything else is
/// refused with a message naming the file and what to do (e.g. "'a.npy': Fortran-ordered
/// arrays are not read; save np.ascontiguousarray(a)").
#include <cstddef>
#include <string>
#include <vector>

namespace manipdyn::cli {

/// A .npy array: its shape and its values in C order.
struct NpyArray {
  std::vector<std::size_t> shape;
  std::vector<double> values;
};

/// Reads `path`; throws std::invalid_argument naming `label` and the file for a missing file, a
/// malformed header, a dtype other than float64 little-endian ('<f8'), Fortran order, a data
/// size that does not match the shape, or more than `max_values` values (checked before
/// reading them).
NpyArray read_npy(const std::string& path, const std::string& label, double max_values);

/// Writes `values` (C order) with `shape` as a version 1.0 .npy file of '<f8'; throws
/// std::runtime_error if the file cannot be written.
void write_npy(const std::string& path, const std::vector<std::size_t>& shape,
               const double* values);

}  // namespace manipdyn::cli

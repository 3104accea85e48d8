#pragma once
/// \file types.hpp
/// Eigen aliases used throughout manipdyn (column-major, fixed size where the size is known).
#include <type_traits>
#include <vector>

#include <Eigen/Core>
#include <Eigen/StdVector>

namespace manipdyn {

template <typename S> using Vector3 = Eigen::Matrix<S, 3, 1>;
template <typename S> using Vector6 = Eigen::Matrix<S, 6, 1>;
template <typename S> using Matrix3 = Eigen::Matrix<S, 3, 3>;
template <typename S> using Matrix4 = Eigen::Matrix<S, 4, 4>;
template <typename S> using Matrix6 = Eigen::Matrix<S, 6, 6>;
template <typename S> using VectorX = Eigen::Matrix<S, Eigen::Dynamic, 1>;
template <typename S> using MatrixX = Eigen::Matrix<S, Eigen::Dynamic, Eigen::Dynamic>;
/// A std::vector of fixed-size Eigen objects with the alignment Eigen wants.
template <typename T> using AlignedVector = std::vector<T, Eigen::aligned_allocator<T>>;

/// Argument types of the algorithms. The scalar S is deduced from the Data argument only, never
/// from these (std::type_identity_t makes them non-deduced), so a VectorXd or a NumPy-backed map
/// binds without naming S. Definitions in src/ must spell parameters with these same aliases.
/// The stride InnerStride<1> (Ref's default for a vector) is spelled out so that the mangled
/// names of the explicit instantiations in src/ hold no dependent expression: left to its default
/// it is `conditional<PlainObjectType::IsVectorAtCompileTime, ...>::type`, which clang-14 mangles
/// with another substitution than g++ once a header included before (e.g. <Eigen/Sparse>) has
/// used the same expression, so a clang program linked against a g++ library found no
/// inverse_dynamics<double> (tests/install/clang_consumer.cmake).
template <typename S>
using JointVectorIn = std::type_identity_t<Eigen::Ref<const VectorX<S>, 0, Eigen::InnerStride<1>>>;
template <typename S>
using JointVectorOut = std::type_identity_t<Eigen::Ref<VectorX<S>, 0, Eigen::InnerStride<1>>>;
template <typename S> using Vector3In = std::type_identity_t<Vector3<S>>;
template <typename S> using Vector6In = std::type_identity_t<Vector6<S>>;

using Vector3d = Vector3<double>;
using Vector6d = Vector6<double>;
using Matrix3d = Matrix3<double>;
using Matrix4d = Matrix4<double>;
using VectorXd = VectorX<double>;
using MatrixXd = MatrixX<double>;

}  // namespace manipdyn

// Python binding of the numerical core of identification (order 50): base_parameters (Gautier's
// numerical method), fit_least_squares (OLS / per-joint WLS), fit_physically_consistent
// (log-Cholesky + Levenberg-Marquardt); docs/identification.md.
#include <optional>
#include <string>
#include <vector>

#include <pybind11/eigen.h>
#include <pybind11/stl.h>

#include "manipdyn/identification/base_parameters.hpp"
#include "manipdyn/identification/least_squares.hpp"
#include "manipdyn/identification/physical_consistency.hpp"
#include "registry.hpp"

namespace py = pybind11;
using namespace pybind11::literals;

namespace manipdyn::python {
namespace {


// names given, or the shared layout's names when p = 14 n, or "p_1", ..., "p_p"
std::vector<std::string> names_or_default(std::optional<std::vector<std::string>> names,
                                          Eigen::Index p) {
  if (names) return *names;
  if (p > 0 && p % 14 == 0) return manipdyn::standard_parameter_names(p / 14);
  std::vector<std::string> out;
  for (Eigen::Index j = 1; j <= p; ++j) out.push_back("p_" + std::to_string(j));
  return out;
}

manipdyn::BaseParameters base_parameters(const MatrixXd& W, std::optional<std::vector<std::string>> names,
                                   std::optional<double> tolerance) {
  manipdyn::BaseParameterOptions options;
  options.relative_tolerance = tolerance;
  return manipdyn::base_parameters(W, names_or_default(std::move(names), W.cols()), options);
}

manipdyn::LeastSquaresFit fit_least_squares(const MatrixXd& W_b, const VectorXd& tau, Eigen::Index n_joints,
                                      bool weighted, std::optional<std::vector<std::string>> names,
                                      double tolerance, int max_iterations, double rank_tolerance) {
  manipdyn::LeastSquaresOptions options;
  if (names) options.parameter_names = *names;
  options.tolerance = tolerance;
  options.max_iterations = max_iterations;
  options.relative_rank_tolerance = rank_tolerance;
  return weighted ? manipdyn::fit_wls(W_b, tau, n_joints, options) : manipdyn::fit_ols(W_b, tau, n_joints, options);
}

manipdyn::ConsistentFit fit_physically_consistent(const manipdyn::LeastSquaresFit& fit, const MatrixXd& K,
                                            const VectorXd& prior, double regularization,
                                            double epsilon, int max_iterations,
                                            double absolute_cost_tolerance) {
  manipdyn::ConsistencyOptions options;
  options.absolute_cost_tolerance = absolute_cost_tolerance;
  options.regularization = regularization;
  options.epsilon = epsilon;
  options.max_iterations = max_iterations;
  return manipdyn::fit_physically_consistent(fit, K, prior, options);
}

void bind_results(py::module_& m) {
  py::class_<manipdyn::BaseParameters>(m, "BaseParameters",
                                 "Base parameters of an observation matrix (Gautier's numerical "
                                 "method): pi_base = K pi, W pi = W[:, base_indices] pi_base.")
      .def_readonly("rank", &manipdyn::BaseParameters::rank)
      .def_readonly("tolerance", &manipdyn::BaseParameters::tolerance, "absolute tau on the pivots")
      .def_readonly("base_indices", &manipdyn::BaseParameters::base_indices)
      .def_readonly("dependent_indices", &manipdyn::BaseParameters::dependent_indices)
      .def_readonly("unidentifiable_indices", &manipdyn::BaseParameters::unidentifiable_indices)
      .def_readonly("beta", &manipdyn::BaseParameters::beta, "(r, p - r): W_dep = W_base beta")
      .def_readonly("K", &manipdyn::BaseParameters::K, "(r, p): pi_base = K pi")
      .def_readonly("names", &manipdyn::BaseParameters::names)
      .def_readonly("groupings", &manipdyn::BaseParameters::groupings)
      .def("base_vector", [](const manipdyn::BaseParameters& b, const VectorXd& pi) {
        return manipdyn::base_parameter_vector(b, pi);
      }, "pi"_a, "K pi")
      .def("base_regressor", [](const manipdyn::BaseParameters& b, const MatrixXd& W) {
        return manipdyn::base_regressor(b, W);
      }, "W"_a, "W[:, base_indices]");
  py::class_<manipdyn::LeastSquaresFit>(m, "LeastSquaresFit", "Least-squares estimate of the base "
                                  "parameters and its statistics (docs/identification.md)")
      .def_readonly("parameter_names", &manipdyn::LeastSquaresFit::parameter_names)
      .def_readonly("estimate", &manipdyn::LeastSquaresFit::estimate)
      .def_readonly("covariance", &manipdyn::LeastSquaresFit::covariance)
      .def_readonly("standard_deviation", &manipdyn::LeastSquaresFit::standard_deviation)
      .def_readonly("relative_standard_deviation_percent",
                    &manipdyn::LeastSquaresFit::relative_standard_deviation_percent)
      .def_readonly("condition_number", &manipdyn::LeastSquaresFit::condition_number)
      .def_readonly("joint_sigma", &manipdyn::LeastSquaresFit::joint_sigma)
      .def_readonly("residual_rms", &manipdyn::LeastSquaresFit::residual_rms)
      .def_readonly("relative_rms_error", &manipdyn::LeastSquaresFit::relative_rms_error)
      .def_readonly("degrees_of_freedom", &manipdyn::LeastSquaresFit::degrees_of_freedom)
      .def_readonly("iterations", &manipdyn::LeastSquaresFit::iterations)
      .def_readonly("converged", &manipdyn::LeastSquaresFit::converged)
      .def_readonly("reduced_matrix", &manipdyn::LeastSquaresFit::reduced_matrix)
      .def_readonly("reduced_rhs", &manipdyn::LeastSquaresFit::reduced_rhs);
  py::class_<manipdyn::ConsistentFit>(m, "ConsistentFit", "Physically consistent standard parameters")
      .def_readonly("pi", &manipdyn::ConsistentFit::pi)
      .def_readonly("theta", &manipdyn::ConsistentFit::theta)
      .def_readonly("base", &manipdyn::ConsistentFit::base)
      .def_readonly("gap_sigma", &manipdyn::ConsistentFit::gap_sigma)
      .def_readonly("max_gap_sigma", &manipdyn::ConsistentFit::max_gap_sigma)
      .def_readonly("cost_history", &manipdyn::ConsistentFit::cost_history)
      .def_readonly("min_eigenvalue", &manipdyn::ConsistentFit::min_eigenvalue)
      .def_readonly("iterations", &manipdyn::ConsistentFit::iterations)
      .def_readonly("converged", &manipdyn::ConsistentFit::converged);
}

void bind(py::module_& m) {
  bind_results(m);
  m.def("standard_parameter_names", py::overload_cast<Eigen::Index>(&manipdyn::standard_parameter_names), "n_joints"_a,
        "The 14 n standard parameter names: m_i, mx_i, ..., Izz_i per link, Ia_i, Fv_i, Fc_i, "
        "Fo_i per joint.");
  m.def("base_parameters", &base_parameters, "W"_a, "names"_a = py::none(),
        "tolerance"_a = py::none(),
        "Base parameters of W (rows = samples x joints, p columns) by pivoted QR (Gautier 1990). "
        "names: p names (default: the shared layout's when p = 14 n). tolerance: rank tolerance "
        "relative to |R_11| (default max(rows, p) eps).");
  m.def("fit_least_squares", &fit_least_squares, "W_b"_a, "tau"_a, "n_joints"_a,
        "weighted"_a = true, "names"_a = py::none(), "tolerance"_a = 1e-4,
        "max_iterations"_a = 20, "rank_tolerance"_a = 0.0,
        "OLS (weighted=False) or iterated per-joint WLS (Gautier & Poignet 2001) of tau = W_b "
        "beta; rows sample-major (row k n + j is joint j of sample k). Returns a "
        "LeastSquaresFit.");
  m.def("fit_physically_consistent", &fit_physically_consistent, "fit"_a, "K"_a, "prior"_a,
        "regularization"_a = 1e-4, "epsilon"_a = 1e-6, "max_iterations"_a = 500,
        "absolute_cost_tolerance"_a = 1e-6,
        "Physically consistent standard parameters (14 n) whose K pi fits the LeastSquaresFit "
        "(log-Cholesky pseudo-inertia, Rucker & Wensing 2022, Levenberg-Marquardt), regularised "
        "toward prior. Returns a ConsistentFit.");
  m.def("pseudo_inertia", py::overload_cast<const Eigen::Ref<const VectorXd>&, Eigen::Index>(&manipdyn::pseudo_inertia), "pi"_a, "link"_a,
        "The 4x4 pseudo-inertia of link `link` (0-based) of a standard vector pi.");
}

const bool registered = register_bindings(50, bind);

}  // namespace
}  // namespace manipdyn::python

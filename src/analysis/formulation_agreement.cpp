// Every inverse-dynamics formulation against a reference (analysis/formulation_agreement.hpp).
#include "manipdyn/analysis/formulation_agreement.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace manipdyn::analysis {

FormulationAgreement formulation_agreement(const SerialModel& model,
                                           const FormulationAgreementOptions& options) {
  // The options, checked
  const std::string where = "formulation_agreement: ";
  if (model.configurations.empty())
    throw std::invalid_argument(where + "the model has no named configurations");
  if (options.methods.empty()) throw std::invalid_argument(where + "methods is empty");
  const auto ref = std::find(options.methods.begin(), options.methods.end(), options.reference);
  if (ref == options.methods.end())
    throw std::invalid_argument(where + "reference " + std::string(to_string(options.reference)) +
                                " is not one of methods");
  if (!std::isfinite(options.qd) || !std::isfinite(options.qdd))
    throw std::invalid_argument(where + "qd and qdd must be finite");
  const std::size_t r = static_cast<std::size_t>(ref - options.methods.begin());
  const int n = model.dof();
  FormulationAgreement out;
  out.methods = options.methods;
  out.qd = VectorXd::Constant(n, options.qd);
  out.qdd = VectorXd::Constant(n, options.qdd);
  out.worst_relative_difference.assign(options.methods.size(), 0.0);
  SerialData data(model);
  for (const auto& c : model.configurations) {
    // every formulation at this configuration
    FormulationConfiguration fc;
    fc.name = c.name;
    fc.q = c.q;
    for (auto m : options.methods)
      fc.tau.push_back(inverse_dynamics(m, model, data, c.q, out.qd, out.qdd, model.gravity,
                                        Vector6d::Zero()));
    // the largest difference from the reference, relative to its largest |tau|
    const VectorXd& reference = fc.tau[r];
    fc.max_abs_tau_reference = reference.cwiseAbs().maxCoeff();
    for (std::size_t k = 0; k < options.methods.size(); ++k) {
      const double d = (fc.tau[k] - reference).cwiseAbs().maxCoeff();
      fc.max_abs_difference.push_back(d);
      fc.max_relative_difference.push_back(d / fc.max_abs_tau_reference);
      out.worst_relative_difference[k] =
          std::max(out.worst_relative_difference[k], d / fc.max_abs_tau_reference);
    }
    out.configurations.push_back(std::move(fc));
  }
  return out;
}

}  // namespace manipdyn::analysis

#pragma once
/// \file constant_torque.hpp
/// The simplest controller simulate() can sample: constant joint torques (open loop), for free
/// motion under a load and the power balance (docs/simulation.md).
#include <utility>

#include "manipdyn/core/types.hpp"
#include "manipdyn/simulation/controller_interface.hpp"

namespace manipdyn {

/// A controller that returns the same joint torques tau (n) at every sample.
class ConstantTorque final : public Controller {
 public:
  /// tau: the joint torques (n: N m or N), applied whatever the state.
  explicit ConstantTorque(VectorXd tau) : tau_(std::move(tau)) {}
  /// The number of joints, tau's size.
  int dof() const override { return static_cast<int>(tau_.size()); }
  /// tau = the constant torques.
  void compute(double, const VectorXd&, const VectorXd&, VectorXd& tau) override { tau = tau_; }

 private:
  VectorXd tau_;
};

}  // namespace manipdyn

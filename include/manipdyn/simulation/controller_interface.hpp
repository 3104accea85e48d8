#pragma once
/// \file controller_interface.hpp
/// The interface of a controller that `simulate` (simulation/simulate.hpp) samples: it maps the
/// measured joint state to torque commands (double precision). The simulation knows only this
/// interface; the controllers themselves (TrackingController and the control laws) are in the
/// control part (control/controller.hpp), which builds on the simulation.
#include "manipdyn/core/types.hpp"

namespace manipdyn {

/// A controller sampled by `simulate`.
class Controller {
 public:
  virtual ~Controller() = default;
  /// Number of joints it controls.
  virtual int dof() const = 0;
  /// Torque command tau (n) at time t (s) for the measured q, qd (n each).
  virtual void compute(double t, const VectorXd& q, const VectorXd& qd, VectorXd& tau) = 0;
  /// The desired q, qd, qdd (n each) at t, for logging; false if the controller tracks nothing.
  virtual bool reference(double t, VectorXd& q, VectorXd& qd, VectorXd& qdd) const {
    (void)t, (void)q, (void)qd, (void)qdd;
    return false;
  }
};

}  // namespace manipdyn

#pragma once
/// \file linearized_step.hpp
/// The linearised discrete step of a system y' = f(y, u) under a zero-order hold on u: one
/// period T of the integrator, y+ = Phi(y, u), and its Jacobians A = dy+/dy, B = dy+/du -- what
/// an LQR or an iLQR/DDP consumes (control/lqr.hpp, control/ilqr.hpp). The Jacobians are those of
/// the integrator's own arithmetic (the discrete step is differentiated, not the ODE), so they
/// are exact for the step `simulate` takes:
///  - RK4 (Turney et al. 1980 sec. 7; integrators.hpp), per sub-step of size h, with
///    F_i = df/dy and G_i = df/du at stage i:
///      K1 = F1,                 L1 = G1
///      K2 = F2 (I + h/2 K1),    L2 = F2 h/2 L1 + G2
///      K3 = F3 (I + h/2 K2),    L3 = F3 h/2 L2 + G3
///      K4 = F4 (I + h K3),      L4 = F4 h L3 + G4
///      A_s = I + h/6 (K1 + 2 K2 + 2 K3 + K4),   B_s = h/6 (L1 + 2 L2 + 2 L3 + L4);
///  - explicit Euler: A_s = I + h F, B_s = h G;
/// and over m equal sub-steps A = A_m ... A_1, B = A_m ... A_2 B_1 + ... + B_m.
#include <cmath>
#include <stdexcept>
#include <string>

#include "manipdyn/core/enum_names.hpp"
#include "manipdyn/core/types.hpp"
#include "manipdyn/serial/derivatives.hpp"

namespace manipdyn {

/// The one-step methods whose step can be linearised.
enum class StepMethod { rk4, euler };
/// The names of StepMethod (core/enum_names.hpp: to_string, from_string, all, names).
template <>
struct EnumNames<StepMethod> {
  static constexpr std::string_view argument = "step method";
  static constexpr EnumName<StepMethod> table[] = {{StepMethod::rk4, "rk4"},
                                                   {StepMethod::euler, "euler"}};
};

/// Buffers and results of a linearised step of a system with `state_size` states and
/// `control_size` controls, sized once.
struct LinearizedStepData {
  LinearizedStepData(int state_size, int control_size);
  VectorXd y_next;  ///< (ny) the state after the period
  MatrixXd A;       ///< (ny x ny) d y_next / d y
  MatrixXd B;       ///< (ny x nu) d y_next / d u
  // Work buffers (per call): stage states, derivatives and their Jacobians.
  VectorXd y, stage, k[4];
  MatrixXd F, G, Ky[4], Ku[4], As, Bs, tmp_y, tmp_u;
};

/// The number of equal sub-steps of at most `max_step` in `period` (as RungeKutta4::integrate:
/// covering_steps(period, max_step) of core/integrators.hpp, at least 1).
int step_count(double period, double max_step);

/// Linearises one period of y' = f(y, u) with u held: `f(y, u, ydot, F, G)` writes ydot (ny),
/// F = df/dy (ny x ny) and G = df/du (ny x nu). Writes data.y_next, data.A, data.B. Allocates
/// nothing when f does not. Throws std::invalid_argument for a non-positive or non-finite
/// period or substeps < 1.
template <typename Dynamics>
void linearize_step(Dynamics&& f, const VectorXd& y, const VectorXd& u, double period,
                    int substeps, StepMethod method, LinearizedStepData& d) {
  if (!(period > 0) || !std::isfinite(period) || substeps < 1)
    throw std::invalid_argument("linearize_step: the period must be positive and finite and "
                                "substeps >= 1");
  const double h = period / substeps;
  d.y = y;
  d.A.setIdentity();
  d.B.setZero();
  for (int s = 0; s < substeps; ++s) {
    if (method == StepMethod::euler) {
      f(d.y, u, d.k[0], d.F, d.G);
      d.As = h * d.F;
      d.As.diagonal().array() += 1.0;
      d.Bs = h * d.G;
      d.y += h * d.k[0];
    } else {
      // The four stages, each with the Jacobian of its argument (file comment).
      const double c[4] = {0.0, 0.5 * h, 0.5 * h, h};
      for (int i = 0; i < 4; ++i) {
        if (i == 0) {
          d.stage = d.y;
        } else {
          d.stage = d.y + c[i] * d.k[i - 1];
        }
        f(d.stage, u, d.k[i], d.F, d.G);
        if (i == 0) {
          d.Ky[0] = d.F;
          d.Ku[0] = d.G;
        } else {
          d.tmp_y = c[i] * d.Ky[i - 1];
          d.tmp_y.diagonal().array() += 1.0;
          d.Ky[i].noalias() = d.F * d.tmp_y;
          d.Ku[i] = d.G;
          d.Ku[i].noalias() += c[i] * (d.F * d.Ku[i - 1]);
        }
      }
      d.As = (h / 6.0) * (d.Ky[0] + 2.0 * d.Ky[1] + 2.0 * d.Ky[2] + d.Ky[3]);
      d.As.diagonal().array() += 1.0;
      d.Bs = (h / 6.0) * (d.Ku[0] + 2.0 * d.Ku[1] + 2.0 * d.Ku[2] + d.Ku[3]);
      d.y += (h / 6.0) * (d.k[0] + 2.0 * d.k[1] + 2.0 * d.k[2] + d.k[3]);
    }
    // Compose with the sub-steps before: A <- A_s A, B <- A_s B + B_s.
    d.tmp_y.noalias() = d.As * d.A;
    d.A.swap(d.tmp_y);
    d.tmp_u.noalias() = d.As * d.B;
    d.B = d.tmp_u + d.Bs;
  }
  d.y_next = d.y;
}

/// One control period of an arm, the plant of `simulate` (x = [q; qd] (2n), u = tau (n) held):
/// `substeps` equal steps of `method` with the model's forward dynamics and gravity, no external
/// wrench; data.y_next (2n), data.A = dx+/dx (2n x 2n), data.B = dx+/dtau (2n x n) from
/// forward_dynamics_derivatives (serial/derivatives.hpp: F = [[0, I], [dqdd/dq, dqdd/dqd]],
/// G = [0; M^-1]). `data` must be LinearizedStepData(2n, n). Chains and fixed-root trees.
/// Throws std::invalid_argument for a free-flyer root (its q lives on a group), wrong sizes, non-finite x or tau, a non-positive period, substeps < 1, and the errors of
/// forward_dynamics_derivatives (a non-finite result, M not positive definite).
const LinearizedStepData& linearized_step(const SerialModel& model, DerivativesData& derivatives,
                                          const VectorXd& x, const VectorXd& tau, double period,
                                          int substeps, StepMethod method,
                                          LinearizedStepData& data);

}  // namespace manipdyn

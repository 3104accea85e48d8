#pragma once
/// \file derivatives_body.hpp
/// Private to src/serial: the body of inverse_dynamics_derivatives and the result check of the
/// derivative functions (src/serial/inverse_dynamics_derivatives.cpp), which
/// forward_dynamics_derivatives (src/serial/forward_dynamics_derivatives.cpp) runs too.
#include <string_view>

#include "manipdyn/serial/derivatives.hpp"

namespace manipdyn::detail {

/// dtau/dq, dtau/dqd, dtau/dqdd and tau into data, no checks (serial/derivatives.hpp).
template <typename S>
void inverse_dynamics_derivatives_body(const SerialModel& model, DerivativesDataTpl<S>& data,
                                       JointVectorIn<S> q, JointVectorIn<S> qd,
                                       JointVectorIn<S> qdd, const Vector3<S>& gravity,
                                       const Vector6<S>& f_ext);

/// Turns data's dtau/dq (and ca, force) at qdd = 0, as inverse_dynamics_derivatives_body left
/// them, into those at qdd (tau is affine in qdd; dtau/dqd and M do not depend on it).
template <typename S>
void add_acceleration_terms(DerivativesDataTpl<S>& data, JointVectorIn<S> qdd);

/// Throws std::invalid_argument if an output is not finite: dqdd_dq, dqdd_dqd, dqdd_dtau when
/// `forward`, else dtau_dq, dtau_dqd, dtau_dqdd; the message names the largest of q, qd, `third`
/// (named third_name: qdd or tau), gravity, f_ext.
template <typename S>
void check_derivatives_result(std::string_view where, const DerivativesDataTpl<S>& data,
                              bool forward, JointVectorIn<S> q, JointVectorIn<S> qd,
                              std::string_view third_name, JointVectorIn<S> third,
                              const Vector3<S>& gravity, const Vector6<S>& f_ext);

}  // namespace manipdyn::detail

#pragma once
/// \file workspace.hpp
/// One SerialData workspace per Python SerialModel object, built on its first use and freed
/// with the model, so that repeated calls from Python do not allocate (STYLE.md: a Data per
/// thread; the bindings hold the GIL during each call, so one per model is enough).
#include "manipdyn/serial/data.hpp"

namespace manipdyn::python {

/// The workspace of `model`, which must be a SerialModel owned by a Python object (every
/// SerialModel argument of a bound function is); sized for model.dof().
SerialData& workspace_for(const SerialModel& model);

/// Number of workspaces alive (for the tests: one per live model that has been used).
std::size_t workspace_count();

}  // namespace manipdyn::python

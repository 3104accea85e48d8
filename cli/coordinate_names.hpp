#pragma once
/// \file coordinate_names.hpp
/// The column names of the commands' tables and CSV files for a model. A serial chain on a fixed
/// root keeps the numbered columns of earlier releases (q1..qn, tau1..taun); a tree or a
/// free-flyer (whose q and v differ in size and whose joints a number does not identify) names
/// each column by its group and the coordinate's name (configuration.hpp: q_base_x ..
/// q_base_qw, q_<joint>; qd_base_vx .. qd_base_wz, qd_<joint>; tau_fx .. tau_tz, tau_<joint>).
#include <string>
#include <vector>

#include "manipdyn/serial/model.hpp"

namespace manipdyn::cli {

/// True for a model whose columns are named (a tree or a free-flyer), false for a fixed-root
/// serial chain (numbered columns).
bool uses_named_coordinates(const SerialModel& model);

/// The coordinates that the column group `group` holds: configuration_names for "q",
/// generalized_force_names for "tau" and "G", velocity_names for the others (qd, qdd).
std::vector<std::string> coordinate_names(const SerialModel& model, const std::string& group);

/// The columns of `group` for the model: "<group>_<name>" for each coordinate of a named model
/// (uses_named_coordinates), "<group>1".."<group>n" for a chain.
std::vector<std::string> column_names(const SerialModel& model, const std::string& group);

}  // namespace manipdyn::cli

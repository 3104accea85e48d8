#pragma once
/// \file atlas_limits.hpp
/// The leg-limit rule shared by manipdyn.stewart.workspace_atlas and atlas_poses_batch, so that
/// the batch over the atlas's grid gives its arrays bit for bit: the platform's own limits, or
/// the default rule (analysis::atlas_default_limits, with the given half stroke and cone angles)
/// when the platform has none or any of them is given.
#include <optional>

#include "manipdyn/analysis/workspace_atlas.hpp"

namespace manipdyn::python {

/// Sets options.use_given_limits and options.limits by the rule above (leaves them when the
/// platform's limits apply).
inline void apply_atlas_limit_rule(const stewart::StewartModel& platform,
                                   std::optional<double> half_stroke, std::optional<double> u_cone,
                                   std::optional<double> s_cone,
                                   analysis::WorkspaceAtlasOptions& options) {
  if (!half_stroke && !u_cone && !s_cone && analysis::has_workspace_limits(platform)) return;
  analysis::AtlasDefaultLimits d;
  if (half_stroke) d.half_stroke = *half_stroke;
  if (u_cone) d.u_joint_angle_max = *u_cone;
  if (s_cone) d.s_joint_angle_max = *s_cone;
  options.use_given_limits = true;
  options.limits = analysis::atlas_default_limits(platform, d);
}

}  // namespace manipdyn::python

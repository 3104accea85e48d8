#pragma once
// Checks of the workspace atlas's inputs shared by workspace_atlas and atlas_poses_batch
// (src/analysis/workspace_atlas.cpp): each throws std::invalid_argument("<where>: <field> = <value>,
// expected <range>") naming the field.
#include <string>

#include "manipdyn/analysis/workspace_atlas.hpp"

namespace manipdyn::analysis::detail {

/// The leg limits: lengths finite with 0 <= length_min <= length_max, length_max > 0 (or inf),
/// cone half-angles in (0, pi] or inf, normals finite and non-zero (any length: the joint
/// angles do not depend on it). Fields named "<prefix>[i].<field>". Allocates nothing unless
/// it throws.
void check_atlas_limits(const AtlasLegLimits& limits, const char* where, const char* prefix);

/// The pose settings: envelope entries finite and >= 0, singular_condition > 1. Fields named
/// "<prefix>envelope.linear[k]", "<prefix>singular_condition". Allocates nothing unless it
/// throws.
void check_atlas_settings(const AtlasPoseSettings& settings, const char* where,
                          const char* prefix);

}  // namespace manipdyn::analysis::detail

// The workspace atlas of a parallel robot (workspace.hpp).
#include "manipdyn/parallel/workspace.hpp"

#include <stdexcept>

#include "manipdyn/parallel/data.hpp"
#include "manipdyn/parallel/forward_kinematics.hpp"
#include "manipdyn/parallel/inverse_dynamics.hpp"
#include "manipdyn/parallel/kinematics.hpp"

namespace manipdyn::parallel {

const char* to_string(AtlasReason reason) {
  switch (reason) {
    case AtlasReason::reachable: return "reachable";
    case AtlasReason::leg_cannot_close: return "leg_cannot_close";
    case AtlasReason::joint_limit: return "joint_limit";
    case AtlasReason::singular: return "singular";
  }
  return "?";
}

WorkspaceAtlas workspace_atlas(const ParallelModel& model, const WorkspaceAtlasOptions& o) {
  static constexpr const char* where = "workspace_atlas";
  Vector3d lower = o.lower, upper = o.upper;
  if (lower.isZero() && upper.isZero()) {
    lower = model.home.translation() - Vector3d(0.5, 0.5, 0.0);
    upper = model.home.translation() + Vector3d(0.5, 0.5, 0.0);
  }
  if (!lower.allFinite() || !upper.allFinite()) throw std::invalid_argument(std::string(where) + ": a grid corner is not finite");
  for (int a = 0; a < 3; ++a) {
    if (lower(a) > upper(a))
      throw std::invalid_argument(std::string(where) + ": lower[" + std::to_string(a) + "] > upper[" + std::to_string(a) + "]");
    if (o.cells(a) < 1) throw std::invalid_argument(std::string(where) + ": cells[" + std::to_string(a) + "] must be >= 1");
  }
  const long total = static_cast<long>(o.cells(0)) * o.cells(1) * o.cells(2);
  if (total > 1'000'000)
    throw std::invalid_argument(std::string(where) + ": " + std::to_string(total) + " grid points, more than the limit 1e6");
  if (!model.dependent.empty())
    throw std::invalid_argument(std::string(where) + ": the legs of '" + model.name +
                                "' fix some of its platform's coordinates given the others: a grid of positions "
                                "at one orientation is not a set of poses it can take");
  WorkspaceAtlas atlas;
  ParallelData data(model);
  for (int k = 0; k < o.cells(2); ++k)
    for (int j = 0; j < o.cells(1); ++j)
      for (int i = 0; i < o.cells(0); ++i) {
        auto at = [&](int a, int n) { return n == 1 ? lower(a) : lower(a) + (upper(a) - lower(a)) * n / (o.cells(a) - 1.0); };
        const Vector3d p(at(0, i), at(1, j), at(2, k));
        atlas.position.push_back(p);
        AtlasReason reason = AtlasReason::reachable;
        int bad_leg = -1, bad_joint = -1;
        Conditioning c;
        VectorXd forces;
        try {
          c = conditioning(model, data, p, o.R);
        } catch (const std::invalid_argument& e) {
          if (std::string(e.what()).find("mobility") != std::string::npos || std::string(e.what()).find("R must") != std::string::npos)
            throw std::invalid_argument(std::string(where) + ": " + e.what());
          reason = AtlasReason::leg_cannot_close;
          data = ParallelData(model);  // restart the legs from home
        }
        if (reason == AtlasReason::reachable) {
          // the joints' limits
          for (int l = 0; l < model.leg_count() && bad_leg < 0; ++l) {
            const auto& links = model.legs[static_cast<std::size_t>(l)].chain.links;
            for (int jj = 0; jj < static_cast<int>(links.size()); ++jj) {
              const double q = data.q[static_cast<std::size_t>(l)](jj);
              if (q < links[static_cast<std::size_t>(jj)].q_min || q > links[static_cast<std::size_t>(jj)].q_max) {
                bad_leg = l;
                bad_joint = jj;
                reason = AtlasReason::joint_limit;
                break;
              }
            }
          }
          if (reason == AtlasReason::reachable && !(c.actuation >= o.singular_conditioning && c.legs >= o.singular_conditioning))
            reason = AtlasReason::singular;
          if (reason == AtlasReason::reachable) {
            PlatformMotion x;
            x.t = p;
            x.R = o.R;
            forces = inverse_dynamics(model, data, x);
            ++atlas.reachable_count;
          }
        }
        atlas.reason.push_back(reason);
        atlas.leg.push_back(bad_leg);
        atlas.joint.push_back(bad_joint);
        atlas.actuation_conditioning.push_back(reason == AtlasReason::leg_cannot_close ? 0.0 : c.actuation);
        atlas.leg_conditioning.push_back(reason == AtlasReason::leg_cannot_close ? 0.0 : c.legs);
        atlas.static_forces.push_back(forces);
      }
  return atlas;
}

}  // namespace manipdyn::parallel

"""A trajectory segment too short for finite derivatives is refused with ValueError naming the
duration (clarification: a quintic of duration 1e-300 s returned accelerations of 1.9e300)."""
import numpy as np
import pytest

import manipdyn as md


def test_quintic_too_short_for_finite_accelerations_is_refused():
    points = [np.zeros(2), np.ones(2)]
    with pytest.raises(ValueError, match=r"quintic: segment 1 has duration 1e-300 s, too short: "
                                         r"the profile's peak acceleration .* overflows"):
        md.quintic_trajectory(points, [1e-300])
    with pytest.raises(ValueError, match=r"quintic: segment 1 has duration 1e-300 s"):
        md.JointTrajectory.quintic(points, [1e-300])


def test_lspb_too_short_for_finite_accelerations_is_refused():
    with pytest.raises(ValueError, match=r"lspb: segment 1 has duration 1e-300 s, too short: "
                                         r"the peak acceleration of joint 1 \(moving 1\) overflows"):
        md.lspb_trajectory([np.zeros(2), np.ones(2)], [1e-300], 2e-301)


def test_short_representable_duration_keeps_finite_derivatives():
    traj = md.quintic_trajectory([np.zeros(2), np.array([1.0, -1.0])], [1e-100])
    q, qd, qdd = traj.evaluate(0.3e-100)
    assert np.all(np.isfinite(qd)) and np.all(np.isfinite(qdd))

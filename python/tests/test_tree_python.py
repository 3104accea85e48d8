"""The functions users call, on trees and free-flyers (issue 27 item 8), each against a
computation independent of it: the mass matrix from inverse dynamics columns, ID(FD(tau)) = tau
for each method, integrate / difference round trips, a frame's pose from link_transforms and its
placement, its Jacobian and the centre of mass's by central differences on the group, the link
wrenches by the frame Jacobians, Pinocchio's conventions on a single floating body written out by
hand, and pickling bit for bit."""
import pickle

import numpy as np
import pytest

import manipdyn as md
from conftest import REPO

URDF = REPO / "tests" / "data" / "urdf"


def romeo():
    """Romeo's upper body and legs, the whole URDF tree on a fixed root (31 joints)."""
    return md.load_model(URDF / "romeo_small.urdf", whole_tree=True, allow_invalid_inertia=True)


def solo(**kwargs):
    """Solo 12 on a free-flyer (nq = 19, nv = 18)."""
    return md.load_model(URDF / "solo12.urdf", floating_base=True, **kwargs)


MODELS = {
    "romeo": romeo, "solo": solo, "random_tree": lambda: md.random_tree(9, 4),
    "panda_tree": lambda: md.load_model(URDF / "panda.urdf", whole_tree=True),
    "humanoid_free": lambda: md.load_model(URDF / "simple_humanoid.urdf", floating_base=True),
    "anymal_free": lambda: md.load_model(URDF / "anymal_c.urdf", floating_base=True,
                                         allow_invalid_inertia=True),
    "romeo_free": lambda: md.load_model(URDF / "romeo_small.urdf", floating_base=True,
                                        allow_invalid_inertia=True),
}


def state(model, seed):
    rng = np.random.default_rng(seed)
    return (md.random_configuration(model, seed), rng.uniform(-1, 1, model.nv),
            rng.uniform(-1, 1, model.nv))


@pytest.mark.parametrize("name", MODELS)
def test_mass_matrix_is_the_inverse_dynamics_columns(name):
    model = MODELS[name]()
    q, _, _ = state(model, 1)
    zero = np.zeros(model.nv)
    g = np.zeros(3)
    M = md.mass_matrix(model, q)
    assert M.shape == (model.nv, model.nv)
    columns = np.column_stack([md.inverse_dynamics(model, q, zero, e, gravity=g)
                               for e in np.eye(model.nv)])
    assert np.max(np.abs(M - columns)) < 1e-10 * max(1.0, np.max(np.abs(M)))
    assert np.allclose(M, M.T, atol=1e-12) and np.min(np.linalg.eigvalsh(M)) > 0
    # G is ID at rest, b is ID without acceleration
    v = np.random.default_rng(2).uniform(-1, 1, model.nv)
    assert np.allclose(md.gravity_torques(model, q), md.inverse_dynamics(model, q, zero, zero),
                       rtol=0, atol=1e-10)
    assert np.allclose(md.bias_torques(model, q, v), md.inverse_dynamics(model, q, v, zero),
                       rtol=0, atol=1e-10)


@pytest.mark.parametrize("name", MODELS)
@pytest.mark.parametrize("method", ["fastest", "mass_matrix", "articulated_body"])
def test_forward_dynamics_inverts_inverse_dynamics(name, method):
    model = MODELS[name]()
    q, v, a = state(model, 3)
    tau = md.inverse_dynamics(model, q, v, a)
    assert tau.shape == (model.nv,)
    assert np.max(np.abs(md.forward_dynamics(model, q, v, tau, method=method) - a)) < 1e-9


def test_integrate_and_difference_round_trip_on_the_group():
    model = solo()
    q0, q1 = md.random_configuration(model, 5), md.random_configuration(model, 6)
    d = md.difference(model, q0, q1)
    assert d.shape == (model.nv,)
    q = md.integrate(model, q0, d)
    assert np.max(np.abs(q - q1 * np.sign(q1[6] * q[6]) ** np.r_[np.zeros(3), np.ones(4),
                                                                     np.zeros(12)])) < 1e-12
    v = np.random.default_rng(7).uniform(-1, 1, model.nv)
    assert np.max(np.abs(md.difference(model, q0, md.integrate(model, q0, v, dt=0.3)) - 0.3 * v)) < 1e-12
    neutral = md.neutral(model)
    assert np.array_equal(neutral[:7], [0, 0, 0, 0, 0, 0, 1]) and not neutral[7:].any()
    assert np.array_equal(md.random_configuration(model, 5), q0)
    assert abs(np.linalg.norm(q0[3:7]) - 1) < 1e-15
    # fixed root: the joints add
    tree = romeo()
    qf, vf = md.random_configuration(tree, 1), np.linspace(-1, 1, tree.nv)
    assert np.array_equal(md.integrate(tree, qf, vf, dt=0.5), qf + vf * 0.5)


def test_integrate_follows_pinocchio_body_twist_by_hand():
    """A body twist: forward velocity 1 m/s along the base's x axis while turning at w about its
    z axis draws a circle of radius 1/w, from a base turned by 90 degrees about z."""
    model = solo()
    q = md.neutral(model)
    q[:3] = [0.5, -0.2, 0.3]
    q[3:7] = [0, 0, np.sin(np.pi / 4), np.cos(np.pi / 4)]
    w, t = 0.7, 1.3
    v = np.zeros(model.nv)
    v[0], v[5] = 1.0, w
    q1 = md.integrate(model, q, v, dt=t)
    local = np.array([np.sin(w * t) / w, (1 - np.cos(w * t)) / w, 0.0])
    R0 = np.array([[0, -1, 0], [1, 0, 0], [0, 0, 1.0]])
    assert np.max(np.abs(q1[:3] - (q[:3] + R0 @ local))) < 1e-14
    angle = np.pi / 2 + w * t
    assert np.max(np.abs(q1[3:7] - [0, 0, np.sin(angle / 2), np.cos(angle / 2)])) < 1e-14


def cross(x):
    return np.array([[0, -x[2], x[1]], [x[2], 0, -x[0]], [-x[1], x[0], 0]])


def quaternion_matrix(x, y, z, w):
    return np.array([[1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
                     [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
                     [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]])


def test_single_floating_body_in_pinocchio_conventions_by_hand():
    """One floating body (its only joint carries no mass): the base wrench [force; torque] in the
    base frame is I (a - a_g) + v x* (I v), with I the spatial inertia at the base origin in
    [linear; angular] order and a_g = [R^T g; 0] (Pinocchio's rnea on a free-flyer)."""
    m, c, Ic = 2.5, np.array([0.1, -0.2, 0.3]), np.diag([0.1, 0.2, 0.3])
    model = md.SerialModel.from_dh([{"name": "j", "mass": 0.0}], convention="modified",
                                   root="free_flyer",
                                   base_inertia={"mass": m, "com": c, "inertia": Ic})
    assert (model.nq, model.nv) == (8, 7)
    assert model.base_inertia["mass"] == m and np.array_equal(model.base_inertia["com"], c)
    assert np.array_equal(model.base_inertia["inertia"], Ic)
    q = md.random_configuration(model, 11)
    rng = np.random.default_rng(12)
    v, a = rng.uniform(-1, 1, 7), rng.uniform(-1, 1, 7)
    I = np.block([[m * np.eye(3), -m * cross(c)], [m * cross(c), Ic - m * cross(c) @ cross(c)]])
    R = quaternion_matrix(*q[3:7])
    a_g = np.r_[R.T @ model.gravity, np.zeros(3)]
    h = I @ v[:6]
    vl, w = v[:3], v[3:6]
    v_cross_star_h = np.r_[np.cross(w, h[:3]), np.cross(w, h[3:]) + np.cross(vl, h[:3])]
    expected = I @ (a[:6] - a_g) + v_cross_star_h
    tau = md.inverse_dynamics(model, q, v, a)
    assert np.max(np.abs(tau[:6] - expected)) < 1e-12
    assert np.max(np.abs(md.mass_matrix(model, q)[:6, :6] - I)) < 1e-12
    # the centre of mass: the base's, in the world
    assert np.max(np.abs(md.center_of_mass(model, q) - (q[:3] + R @ c))) < 1e-14


@pytest.mark.parametrize("name", ["romeo", "solo"])
def test_frame_pose_is_the_link_frame_times_the_placement(name):
    model = MODELS[name]()
    q, _, _ = state(model, 4)
    T = md.link_transforms(model, q)
    assert T.shape == (model.dof + 1, 4, 4)
    for frame, (joint, placement) in model.frames.items():
        assert model.frame(frame)[0] == joint
        assert np.array_equal(model.frame(frame)[1], placement)
        assert np.max(np.abs(md.frame_pose(model, q, frame) - T[joint + 1] @ placement)) < 1e-12
    for joint in range(-1, model.dof):
        assert np.array_equal(md.frame_pose(model, q, joint), T[joint + 1])


def log_so3(R):
    angle = np.arccos(np.clip((np.trace(R) - 1) / 2, -1, 1))
    axis = np.array([R[2, 1] - R[1, 2], R[0, 2] - R[2, 0], R[1, 0] - R[0, 1]])
    return axis / 2 if angle < 1e-12 else axis * angle / (2 * np.sin(angle))


@pytest.mark.parametrize("name", ["romeo", "solo"])
def test_frame_and_com_jacobians_by_central_differences(name):
    model = MODELS[name]()
    q, v, _ = state(model, 8)
    frame = "l_gripper" if name == "romeo" else "FR_FOOT"
    J = md.frame_jacobian(model, q, frame)
    Jc = md.center_of_mass_jacobian(model, q)
    assert J.shape == (6, model.nv) and Jc.shape == (3, model.nv)
    h = 1e-6
    qp, qm = md.integrate(model, q, v, dt=h), md.integrate(model, q, v, dt=-h)
    Tp, Tm = md.frame_pose(model, qp, frame), md.frame_pose(model, qm, frame)
    linear = (Tp[:3, 3] - Tm[:3, 3]) / (2 * h)
    angular = log_so3(Tp[:3, :3] @ Tm[:3, :3].T) / (2 * h)
    assert np.max(np.abs(J @ v - np.r_[linear, angular])) < 1e-7
    com = (md.center_of_mass(model, qp) - md.center_of_mass(model, qm)) / (2 * h)
    assert np.max(np.abs(Jc @ v - com)) < 1e-7


@pytest.mark.parametrize("name", ["romeo", "solo"])
def test_link_wrenches_act_through_the_joint_frame_jacobians(name):
    model = MODELS[name]()
    q, v, a = state(model, 9)
    f_links = np.random.default_rng(10).uniform(-5, 5, (6, model.dof))
    tau = md.inverse_dynamics(model, q, v, a, f_links=f_links)
    expected = md.inverse_dynamics(model, q, v, a)
    for i in range(model.dof):
        R = md.frame_pose(model, q, i)[:3, :3]
        expected = expected + md.frame_jacobian(model, q, i).T @ np.r_[R @ f_links[:3, i],
                                                                       R @ f_links[3:, i]]
    assert np.max(np.abs(tau - expected)) < 1e-10 * max(1.0, np.max(np.abs(tau)))


@pytest.mark.parametrize("name", MODELS)
def test_pickle_round_trips_bit_for_bit(name):
    model = MODELS[name]()
    copy = pickle.loads(pickle.dumps(model))
    assert pickle.dumps(copy) == pickle.dumps(model)
    assert (copy.root, copy.parent, copy.joint_names, copy.warnings) == \
        (model.root, model.parent, model.joint_names, model.warnings)
    assert list(copy.frames) == list(model.frames)
    q, v, a = state(model, 13)
    assert np.array_equal(md.inverse_dynamics(copy, q, v, a), md.inverse_dynamics(model, q, v, a))
    assert np.array_equal(md.mass_matrix(copy, q), md.mass_matrix(model, q))


def test_sizes_and_names_are_checked_with_the_library_messages():
    model = solo()
    q, v, a = state(model, 14)
    with pytest.raises(ValueError, match=r"inverse_dynamics: q has size 18, expected nq = 19 "
                                         r"\(free-flyer: 7 \+ 12 joints\)"):
        md.inverse_dynamics(model, q[:-1], v, a)
    with pytest.raises(ValueError, match="inverse_dynamics: qd has size 17, expected 18"):
        md.inverse_dynamics(model, q, v[:-1], a)
    with pytest.raises(ValueError, match="nv = 18"):
        md.integrate(model, q, v[:-1])
    bad = q.copy()
    bad[3:7] = [0, 0, 0, 2]
    with pytest.raises(ValueError, match="has norm 2, not 1"):
        md.mass_matrix(model, bad)
    with pytest.raises(ValueError, match="no_such_frame"):
        md.frame_pose(model, q, "no_such_frame")
    with pytest.raises(ValueError, match="no_such_frame"):
        model.frame("no_such_frame")
    with pytest.raises(ValueError, match="f_links is taken by method 'fastest' only"):
        md.inverse_dynamics(romeo(), np.zeros(31), np.zeros(31), np.zeros(31),
                            f_links=np.zeros((6, 31)), method="craig")
    with pytest.raises(TypeError, match="frame must be a frame name"):
        md.frame_pose(model, q, 1.5)


def test_repr_names_the_tree_and_the_root():
    assert repr(md.puma560()) == "<manipdyn.SerialModel 'puma560': 6 joints, standard DH, drive terms>"
    assert repr(solo()) == "<manipdyn.SerialModel 'solo': 12 joints, modified DH, tree, free-flyer root>"


def test_centroidal_momentum_linear_part_is_mass_times_com_velocity():
    """h_G's linear part = total mass x COM velocity (from the COM Jacobian, a separate pass);
    h_G = A_G v."""
    model = md.load_model(URDF / "solo12.urdf", floating_base=True)
    q = md.random_configuration(model, 3)
    v = np.random.default_rng(4).uniform(-1, 1, model.nv)
    A = md.centroidal_momentum_matrix(model, q)
    h = md.centroidal_momentum(model, q, v)
    assert A.shape == (6, model.nv)
    assert np.allclose(A @ v, h, rtol=0, atol=1e-12 * max(1, np.abs(h).max()))
    total = sum(l["mass"] for l in model.links) + model.base_inertia["mass"]
    com_velocity = md.center_of_mass_jacobian(model, q) @ v
    assert np.abs(h[:3] - total * com_velocity).max() < 1e-12 * max(1, np.abs(h).max())
    with pytest.raises(ValueError, match="centroidal_momentum"):
        md.centroidal_momentum(model, q, v[:-1])


@pytest.mark.parametrize("name", ["romeo", "solo"])
def test_link_motion_is_the_frame_jacobians_and_their_rate(name):
    """link_motion's velocities are R_i^T J_i v (joint frame i); its accelerations the central
    difference of those velocities along q(t) = integrate(q, v t + a t^2 / 2), v(t) = v + a t."""
    model = MODELS[name]()
    q, v, a = state(model, 11)
    vel, acc = md.link_motion(model, q, v, a)
    assert vel.shape == (model.dof, 6) and acc.shape == (model.dof, 6)
    for i in range(model.dof):
        R = md.frame_pose(model, q, i)[:3, :3]
        twist = md.frame_jacobian(model, q, i) @ v  # [linear; angular], world
        assert np.max(np.abs(vel[i] - np.r_[R.T @ twist[3:], R.T @ twist[:3]])) < 1e-12 * max(
            1.0, np.max(np.abs(vel)))
    h = 1e-5
    vp, _ = md.link_motion(model, md.integrate(model, q, h * v + h * h / 2 * a), v + h * a, a)
    vm, _ = md.link_motion(model, md.integrate(model, q, -h * v + h * h / 2 * a), v - h * a, a)
    assert np.max(np.abs(acc - (vp - vm) / (2 * h))) < 1e-6 * max(1.0, np.max(np.abs(acc)))
    with pytest.raises(ValueError, match="link_motion: qd has size"):
        md.link_motion(model, q, v[:-1], a)


@pytest.mark.parametrize("name", ["romeo", "solo"])
def test_frame_motion_is_the_jacobian_and_its_rate(name):
    """frame_motion's velocity is J v; its acceleration the central difference of the velocity
    along q(t) = integrate(q, v t + a t^2 / 2), v(t) = v + a t."""
    model = MODELS[name]()
    q, v, a = state(model, 12)
    frame = "l_gripper" if name == "romeo" else "FR_FOOT"
    vel, acc = md.frame_motion(model, q, v, a, frame)
    assert vel.shape == (6,) and acc.shape == (6,)
    assert np.max(np.abs(vel - md.frame_jacobian(model, q, frame) @ v)) < 1e-12 * max(
        1.0, np.max(np.abs(vel)))
    h = 1e-5
    vp, _ = md.frame_motion(model, md.integrate(model, q, h * v + h * h / 2 * a), v + h * a, a,
                            frame)
    vm, _ = md.frame_motion(model, md.integrate(model, q, -h * v + h * h / 2 * a), v - h * a, a,
                            frame)
    assert np.max(np.abs(acc - (vp - vm) / (2 * h))) < 1e-6 * max(1.0, np.max(np.abs(acc)))
    with pytest.raises(ValueError, match="frame_motion: qdd has size"):
        md.frame_motion(model, q, v, a[:-1], frame)

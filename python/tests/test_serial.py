"""Tests of the serial-arm Python API (python/src/serial.cpp).

Each function is checked against a value computed a second way in Python from the other
functions or from first principles: tau = M qdd + C qd + G + friction, the formulations against
each other, gravity torques against the gradient of the potential energy (from link_transforms),
the Coriolis matrix against dM/dt, the wrench term against J^T, closed-form pendulums; and the
error paths raise ValueError with the C++ message.
"""
import csv
import math
import re

import numpy as np
import pytest

import manipdyn as md

# Tolerances, named for what they cover.
EXACT = 1e-10  # two exact formulations of the same quantity, relative to its size
FD = 1e-5  # central finite differences with step H, relative
H = 1e-6
METHODS = ["fastest", "lagrange_euler", "newton_euler", "modified_newton_euler", "craig"]


def rng_state(seed, n):
    r = np.random.default_rng(seed)
    return r.uniform(-1.5, 1.5, n), r.uniform(-1.0, 1.0, n), r.uniform(-2.0, 2.0, n)


def close(a, b, tol=EXACT):
    a, b = np.asarray(a), np.asarray(b)
    scale = max(1.0, float(np.max(np.abs(b))) if b.size else 1.0)
    return float(np.max(np.abs(a - b))) <= tol * scale


ARMS = [
    ("puma560", lambda: md.puma560()),
    ("puma560_rigid", lambda: md.puma560(with_drive=False)),
    ("stanford", lambda: md.stanford_arm()),
    ("random7_standard", lambda: md.random_arm(7, 11, "standard", 0.3, True)),
    ("random5_modified", lambda: md.random_arm(5, 12, "modified", 0.4, True)),
]


@pytest.fixture(params=ARMS, ids=[a[0] for a in ARMS])
def arm(request):
    return request.param[1]()


# ---- models ---------------------------------------------------------------------------------


def test_builtin_models_properties():
    p = md.puma560()
    assert p.dof == 6 and p.name == "puma560" and p.convention == "standard"
    assert p.has_drive and not md.puma560(with_drive=False).has_drive
    assert np.allclose(p.gravity, [0.0, 0.0, -9.81])
    # Links 1 and 3 carry the published, physically invalid inertias (with a warning each).
    assert len(p.warnings) == 2
    assert "link 1" in p.warnings[0] and "link 3" in p.warnings[1]
    s = md.stanford_arm()
    assert s.links[2]["type"] == "prismatic" and len(s.warnings) == 1
    assert md.stanford_arm(corrected_inertia=True).warnings == []
    r = md.random_arm(4, 3, "modified", prismatic_fraction=1.0)
    assert r.convention == "modified" and all(l["type"] == "prismatic" for l in r.links)
    assert "puma560" in repr(p)


def test_properties_are_read_only():
    p = md.puma560()
    with pytest.raises(AttributeError):
        p.dof = 3
    with pytest.raises(AttributeError):
        p.gravity = (0, 0, 0)


def test_links_round_trip_through_from_dh(arm):
    # model.links uses from_dh's keys, so it rebuilds the same arm.
    copy = md.SerialModel.from_dh(arm.links, convention=arm.convention, gravity=arm.gravity,
                                  allow_invalid_inertia=True, name="copy")
    q, qd, qdd = rng_state(1, arm.dof)
    assert copy.name == "copy" and copy.has_drive == arm.has_drive
    assert close(md.inverse_dynamics(copy, q, qd, qdd), md.inverse_dynamics(arm, q, qd, qdd))


def test_from_dh_joint_keys_and_defaults():
    joints = [
        {"type": "revolute", "a": 0.5, "mass": 2.0, "com": [-0.25, 0, 0],
         "inertia": np.diag([0.01, 0.02, 0.02]), "coulomb": 0.3, "gear_ratio": 10,
         "viscous": 1e-3, "motor_inertia": 1e-4, "name": "shoulder"},
        {"type": "prismatic", "alpha": math.pi / 2, "mass": 1.0, "inertia": [0.01, 0.01, 0.01],
         "coulomb": [0.2, -0.1]},
    ]
    m = md.SerialModel.from_dh(joints, gravity=[0, 0, -9.8], name="two")
    links = m.links
    assert links[0]["name"] == "shoulder" and links[1]["type"] == "prismatic"
    assert tuple(links[0]["coulomb"]) == (0.3, -0.3)  # a number c means +c / -c
    assert tuple(links[1]["coulomb"]) == (0.2, -0.1)
    assert np.allclose(links[1]["inertia"], np.diag([0.01, 0.01, 0.01]))
    assert links[1]["gear_ratio"] == 1.0 and links[1]["d"] == 0.0  # defaults
    assert np.allclose(m.gravity, [0, 0, -9.8]) and m.has_drive


def test_from_dh_unknown_key_names_key_and_joint():
    joints = [{"type": "revolute", "mass": 1.0}, {"type": "revolute", "mas": 1.0}]
    with pytest.raises(ValueError, match=r"joints\[1\] \(link 2\): unknown key 'mas'"):
        md.SerialModel.from_dh(joints)


@pytest.mark.parametrize(
    "joint, message",
    [
        ({"type": "spherical"}, "'type' must be 'revolute' or 'prismatic'"),
        ({"a": "far"}, "'a' must be a number"),
        ({"com": [0, 0]}, "'com' has size 2, expected 3"),
        ({"inertia": np.eye(2)}, "'inertia' must be 3x3"),
        ({"coulomb": [1, 2, 3]}, "'coulomb' must be a number or a pair"),
        ({"mass": -1.0}, "mass is negative"),
        ({"mass": float("nan")}, "field 'mass': is nan"),
        ({"mass": 1.0, "inertia": np.diag([0.0, 0.35, 0.0])}, "breaks the triangle inequality"),
    ],
)
def test_from_dh_bad_joint_raises_value_error(joint, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        md.SerialModel.from_dh([joint])


def test_from_dh_bad_arguments():
    with pytest.raises(ValueError, match="convention must be 'standard' or 'modified'"):
        md.SerialModel.from_dh([{}], convention="craig")
    with pytest.raises(ValueError, match="gravity has size 2, expected 3"):
        md.SerialModel.from_dh([{}], gravity=[0, -9.81])
    with pytest.raises(ValueError, match="the model has no links"):
        md.SerialModel.from_dh([])


def test_invalid_inertia_accepted_with_warning():
    joint = {"mass": 1.0, "inertia": np.diag([0.0, 0.35, 0.0]), "name": "waist"}
    m = md.SerialModel.from_dh([joint], allow_invalid_inertia=True)
    assert len(m.warnings) == 1 and "'waist'" in m.warnings[0]


# ---- inverse dynamics and the dynamics terms ------------------------------------------------


@pytest.mark.parametrize("method", METHODS)
def test_formulations_agree(arm, method):
    q, qd, qdd = rng_state(2, arm.dof)
    f = np.array([3.0, -2.0, 5.0, 0.4, -0.3, 0.2])
    reference = md.inverse_dynamics(arm, q, qd, qdd, f_ext=f, method="newton_euler")
    assert close(md.inverse_dynamics(arm, q, qd, qdd, f_ext=f, method=method), reference)


def test_tau_equals_m_qdd_plus_c_qd_plus_g_plus_friction(arm):
    q, qd, qdd = rng_state(3, arm.dof)
    M = md.mass_matrix(arm, q)
    C = md.coriolis_matrix(arm, q, qd)
    G = md.gravity_torques(arm, q)
    F = md.friction_torques(arm, qd)
    tau = md.inverse_dynamics(arm, q, qd, qdd)
    assert close(tau, M @ qdd + C @ qd + G + F)
    assert close(md.bias_torques(arm, q, qd), C @ qd + G + F)


def test_mass_matrix_methods_symmetric_positive_definite(arm):
    q, _, _ = rng_state(4, arm.dof)
    M = md.mass_matrix(arm, q)
    assert M.shape == (arm.dof, arm.dof)
    assert close(M, M.T)
    assert np.min(np.linalg.eigvalsh(M)) > 0.0
    for method in ["strobing", "lagrange_euler"]:
        assert close(md.mass_matrix(arm, q, method=method), M)
    # Column j of M is the inverse dynamics with qdd = e_j, qd = 0, no gravity, no friction.
    rigid = arm.without_drive()
    Mr = md.mass_matrix(rigid, q)
    for j in range(arm.dof):
        e = np.zeros(arm.dof)
        e[j] = 1.0
        col = md.inverse_dynamics(rigid, q, np.zeros(arm.dof), e, gravity=np.zeros(3))
        assert close(Mr[:, j], col)


def test_puma_mass_matrix_positive_definite_despite_invalid_inertias():
    # The published inertias of links 1 and 3 are not physical, but M(q) stays positive definite.
    p = md.puma560(with_drive=False)
    for seed in range(20):
        q, _, _ = rng_state(100 + seed, 6)
        assert np.min(np.linalg.eigvalsh(md.mass_matrix(p, q))) > 0.0


def test_mass_matrix_includes_reflected_motor_inertia():
    p, rigid = md.puma560(), md.puma560(with_drive=False)
    q, _, _ = rng_state(5, 6)
    expected = np.array([l["gear_ratio"] ** 2 * l["motor_inertia"] for l in p.links])
    assert close(np.diag(md.mass_matrix(p, q) - md.mass_matrix(rigid, q)), expected)


def potential_energy(model, q, g):
    T = md.link_transforms(model, q)
    return -sum(l["mass"] * g @ (T[i + 1] @ np.append(l["com"], 1.0))[:3]
                for i, l in enumerate(model.links))


def test_gravity_torques_are_gradient_of_potential_energy(arm):
    # G holds the arm: G = dV/dq with V = -sum m_i g . p_com_i (world frame).
    q, _, _ = rng_state(6, arm.dof)
    g = np.array([0.3, -2.0, -9.0])
    G = md.gravity_torques(arm, q, gravity=g)
    grad = np.zeros(arm.dof)
    for i in range(arm.dof):
        e = np.zeros(arm.dof)
        e[i] = H
        grad[i] = (potential_energy(arm, q + e, g) - potential_energy(arm, q - e, g)) / (2 * H)
    assert close(G, grad, FD)
    assert close(md.gravity_torques(arm, q, gravity=g, method="lagrange_euler"), G)
    assert close(md.gravity_torques(arm, q), md.gravity_torques(arm, q, gravity=arm.gravity))


def test_coriolis_matrix_mdot_minus_2c_is_skew(arm):
    q, qd, _ = rng_state(7, arm.dof)
    Mdot = (md.mass_matrix(arm, q + H * qd) - md.mass_matrix(arm, q - H * qd)) / (2 * H)
    C = md.coriolis_matrix(arm, q, qd)
    N = Mdot - 2.0 * C
    assert np.max(np.abs(N + N.T)) <= FD * max(1.0, np.max(np.abs(Mdot)))


@pytest.mark.parametrize("method", ["fastest", "strobing", "lagrange_euler"])
def test_velocity_coupling_gives_the_velocity_terms(arm, method):
    q, qd, _ = rng_state(8, arm.dof)
    Ck = md.velocity_coupling(arm, q, method=method)
    assert len(Ck) == arm.dof
    # The velocity term from inverse dynamics: b - G - friction.
    Cqd = md.bias_torques(arm, q, qd) - md.gravity_torques(arm, q) - md.friction_torques(arm, qd)
    for k, Ckk in enumerate(Ck):
        assert close(Ckk, Ckk.T)
        assert close(qd @ Ckk @ qd, Cqd[k])


def test_external_wrench_enters_as_jacobian_transpose(arm):
    # f_ext is exerted BY the end-effector ON the environment, in the end-effector frame.
    q, qd, qdd = rng_state(9, arm.dof)
    f = np.array([2.0, -1.0, 4.0, 0.3, 0.1, -0.5])
    R = md.end_effector_pose(arm, q)[:3, :3]
    J = md.jacobian(arm, q)
    expected = J.T @ np.concatenate([R @ f[:3], R @ f[3:]])
    for method in METHODS:
        delta = (md.inverse_dynamics(arm, q, qd, qdd, f_ext=f, method=method)
                 - md.inverse_dynamics(arm, q, qd, qdd, method=method))
        assert close(delta, expected)


def test_friction_torques_follow_corke():
    p = md.puma560()
    qd = np.array([1.0, -2.0, 0.0, 0.5, -0.1, 3.0])
    expected = []
    for l, v in zip(p.links, qd):
        G = abs(l["gear_ratio"])
        tc = l["coulomb"][0] if v > 0 else (l["coulomb"][1] if v < 0 else 0.0)
        expected.append(G * (l["viscous"] * G * v + tc))
    assert close(md.friction_torques(p, qd), expected)
    assert not np.any(md.friction_torques(md.puma560(with_drive=False), qd))


def test_smooth_coulomb_friction_from_a_dict():
    # drive.coulomb_velocity_scale v_s > 0: Tc(qd) = (Tc+ - Tc-)/2 tanh(qd/v_s) + (Tc+ + Tc-)/2
    joint = {"a": 0.3, "mass": 1.0, "inertia": [0.1, 0.1, 0.1],
             "drive": {"gear_ratio": -20.0, "viscous": 1e-3, "coulomb": [0.2, -0.1],
                       "coulomb_velocity_scale": 0.04}}
    arm = md.SerialModel.from_dh([joint])
    assert arm.links[0]["coulomb_velocity_scale"] == 0.04
    for v in (-0.5, -0.01, 0.0, 0.02, 1.0):
        expected = 20.0 * (1e-3 * 20.0 * v + 0.15 * math.tanh(v / 0.04) + 0.05)
        assert md.friction_torques(arm, [v])[0] == pytest.approx(expected, rel=1e-13, abs=1e-15)
    with pytest.raises(ValueError, match="coulomb_velocity_scale"):
        md.SerialModel.from_dh([dict(joint, drive={"coulomb_velocity_scale": -1.0})])


def test_gravity_argument_overrides_model_gravity():
    p = md.puma560(with_drive=False)
    q, qd, qdd = rng_state(10, 6)
    g = np.array([1.0, 2.0, -3.0])
    assert close(md.inverse_dynamics(p, q, qd, qdd, gravity=g),
                 md.inverse_dynamics(p.with_gravity(g), q, qd, qdd))
    assert close(md.bias_torques(p, q, qd, gravity=g), md.bias_torques(p.with_gravity(g), q, qd))


# ---- closed forms ---------------------------------------------------------------------------


@pytest.mark.parametrize("convention", ["standard", "modified"])
def test_pendulum_closed_form(convention):
    # One revolute link of length L, mass m at its middle, vertical plane (gravity along -y of
    # the base frame, the joint axis is z): tau = (Izz + m lc^2) qdd + m g lc cos q, plus the
    # wrench the tip exerts on the environment (force fy normal to the link): + L fy.
    L, m, izz, g = 0.8, 2.5, 0.04, 9.81
    if convention == "standard":  # frame 1 at the tip, x1 along the link
        joint = {"a": L, "mass": m, "com": [-L / 2, 0, 0], "inertia": np.diag([0, izz, izz])}
    else:  # frame 1 at the joint; the tip is outside the chain
        joint = {"mass": m, "com": [L / 2, 0, 0], "inertia": np.diag([0, izz, izz])}
    pend = md.SerialModel.from_dh([joint], convention=convention, gravity=[0, -g, 0])
    lc = L / 2
    for q, qd, qdd in [(0.3, 1.2, -0.7), (2.0, -0.5, 3.0), (-1.0, 0.0, 0.0)]:
        expected = (izz + m * lc ** 2) * qdd + m * g * lc * math.cos(q)
        for method in METHODS:
            tau = md.inverse_dynamics(pend, [q], [qd], [qdd], method=method)
            assert abs(tau[0] - expected) <= EXACT * 10
    if convention == "standard":
        tau_f = md.inverse_dynamics(pend, [0.3], [0], [0], f_ext=[0, 2.0, 0, 0, 0, 0])
        assert abs(tau_f[0] - (m * g * lc * math.cos(0.3) + L * 2.0)) <= EXACT * 10


def test_vertical_prismatic_closed_form():
    # A prismatic joint along the vertical z0 lifting a mass m: tau = m (qdd + 9.81).
    m = 3.0
    lift = md.SerialModel.from_dh([{"type": "prismatic", "mass": m, "inertia": [0.1, 0.1, 0.1]}])
    for method in METHODS:
        tau = md.inverse_dynamics(lift, [0.4], [0.7], [1.5], method=method)
        assert abs(tau[0] - m * (1.5 + 9.81)) <= EXACT * 10


def test_same_arm_in_both_conventions_gives_same_torques():
    # Rewrite a standard table (last row a = alpha = 0, so the tool is identity) in modified DH:
    # modified row i takes a_{i-1}, alpha_{i-1}; COM and inertia move to the modified frame i,
    # which is standard frame i composed with Tx(a_i) Rx(alpha_i) (Craig sec. 3.4).
    std = md.random_arm(5, 21, "standard", 0.4).links
    std[-1]["a"], std[-1]["alpha"] = 0.0, 0.0
    mod = []
    for i, l in enumerate(std):
        ca, sa = math.cos(l["alpha"]), math.sin(l["alpha"])
        R = np.array([[1, 0, 0], [0, ca, -sa], [0, sa, ca]])
        row = dict(l)
        row["a"] = std[i - 1]["a"] if i > 0 else 0.0
        row["alpha"] = std[i - 1]["alpha"] if i > 0 else 0.0
        row["com"] = R @ l["com"] + np.array([l["a"], 0, 0])
        row["inertia"] = R @ l["inertia"] @ R.T
        mod.append(row)
    a = md.SerialModel.from_dh(std, convention="standard")
    b = md.SerialModel.from_dh(mod, convention="modified")
    q, qd, qdd = rng_state(11, 5)
    for method in METHODS:
        assert close(md.inverse_dynamics(b, q, qd, qdd, method=method),
                     md.inverse_dynamics(a, q, qd, qdd, method=method))
    assert close(md.end_effector_pose(a, q), md.end_effector_pose(b, q))


# ---- kinematics -----------------------------------------------------------------------------


def test_link_transforms_and_end_effector_pose(arm):
    q, _, _ = rng_state(12, arm.dof)
    T = md.link_transforms(arm, q)
    assert T.shape == (arm.dof + 1, 4, 4)
    for Ti in T:
        assert close(Ti[:3, :3] @ Ti[:3, :3].T, np.eye(3))
        assert close(Ti[3], [0, 0, 0, 1])
    if arm.convention == "standard":  # no tool transform
        assert close(md.end_effector_pose(arm, q), T[-1])


def test_jacobian_linear_rows_by_finite_differences(arm):
    q, _, _ = rng_state(13, arm.dof)
    J = md.jacobian(arm, q)
    assert J.shape == (6, arm.dof)
    for i in range(arm.dof):
        e = np.zeros(arm.dof)
        e[i] = H
        dp = (md.end_effector_pose(arm, q + e)[:3, 3]
              - md.end_effector_pose(arm, q - e)[:3, 3]) / (2 * H)
        assert close(J[:3, i], dp, FD)


# ---- error paths ----------------------------------------------------------------------------


def test_wrong_size_and_non_finite_inputs_raise_value_error():
    p = md.puma560()
    z = np.zeros(6)
    with pytest.raises(ValueError, match="q has size 5, expected 6"):
        md.inverse_dynamics(p, np.zeros(5), z, z)
    with pytest.raises(ValueError, match=r"qd\[2\] is nan"):
        md.inverse_dynamics(p, z, [0, 0, float("nan"), 0, 0, 0], z)
    with pytest.raises(ValueError, match=r"qdd\[0\] is inf"):
        md.inverse_dynamics(p, z, z, [float("inf"), 0, 0, 0, 0, 0], method="lagrange_euler")
    with pytest.raises(ValueError, match="f_ext has size 3, expected 6"):
        md.inverse_dynamics(p, z, z, z, f_ext=np.zeros(3))
    with pytest.raises(ValueError, match="gravity has size 2, expected 3"):
        md.gravity_torques(p, z, gravity=[0, 1])
    with pytest.raises(ValueError, match="q must be a 1-D array, got shape"):
        md.mass_matrix(p, np.zeros((2, 3)))
    with pytest.raises(ValueError, match="q must be an array of numbers"):
        md.jacobian(p, ["a"] * 6)
    with pytest.raises(ValueError, match="q has size 7, expected 6"):
        md.link_transforms(p, np.zeros(7))
    with pytest.raises(ValueError, match="qd has size 4, expected 6"):
        md.coriolis_matrix(p, z, np.zeros(4))
    with pytest.raises(ValueError, match="qd has size 1, expected 6"):
        md.friction_torques(p, [0.0])


def test_unknown_method_names_the_valid_ones():
    p = md.puma560()
    z = np.zeros(6)
    with pytest.raises(ValueError, match="newton_euler"):
        md.inverse_dynamics(p, z, z, z, method="hollerbach")
    with pytest.raises(ValueError, match="unknown method 'crba'"):
        md.mass_matrix(p, z, method="crba")
    with pytest.raises(ValueError, match="unknown method 'x'"):
        md.velocity_coupling(p, z, method="x")
    with pytest.raises(ValueError, match="convention must be"):
        md.random_arm(3, 1, "craig")
    assert md.inverse_dynamics_methods() == METHODS


# ---- operation counts -----------------------------------------------------------------------


def test_operation_counts_rows_and_paper_formulas():
    rows = md.operation_counts(n_max=4, n_min=1)
    by = {(r["algorithm"], r["n"]): r for r in rows}
    for n in range(1, 5):
        ne = by[("newton_euler", n)]
        assert ne["paper_mul"] == 108 * n - 12 and ne["paper_add"] == 100 * n - 9
        mne = by[("modified_newton_euler", n)]
        assert mne["paper_mul"] == 90 * n - 27 and mne["paper_add"] == 88 * n - 24
        le = by[("lagrange_euler", n)]
        assert le["paper_mul"] == pytest.approx(81 / 6 * n ** 3 + 165 / 2 * n ** 2 + 5 * n)
        assert le["paper_add"] == pytest.approx(40 / 3 * n ** 3 + 58 * n ** 2 - 64 / 3 * n)
        assert by[("craig", n)]["paper_mul"] is None
        # One sine and one cosine per joint angle, counted as function calls.
        assert ne["sin"] == n and ne["cos"] == n
    # The O(n) formulations cost the same for every added joint.
    for name in ["newton_euler", "modified_newton_euler", "craig", "inverse_dynamics"]:
        steps = [by[(name, n + 1)]["mul"] - by[(name, n)]["mul"] for n in range(2, 4)]
        assert steps[0] == steps[1], name


def test_operation_counts_selection_and_errors():
    rows = md.operation_counts(n_max=3, n_min=2, algorithms=["craig"])
    assert [(r["algorithm"], r["n"]) for r in rows] == [("craig", 2), ("craig", 3)]
    table = md.operation_counts_table(n_max=2, algorithms="newton_euler")
    assert "108n - 12" in table and "newton_euler" in table
    with pytest.raises(ValueError, match="unknown algorithm 'nope'"):
        md.operation_counts(algorithms=["nope"])
    with pytest.raises(ValueError, match="n_min <= n_max"):
        md.operation_counts(n_max=0)


def test_operation_counts_on_a_given_model():
    # Counting on a given arm equals the report's row for the same arm.
    arm = md.random_arm(5, 1, "standard", prismatic_fraction=0.0)
    names = ["newton_euler", "inverse_dynamics", "mass_matrix"]
    on_model = md.operation_counts(algorithms=names, model=arm)
    report = md.operation_counts(n_min=5, n_max=5, algorithms=names)
    assert on_model == report
    # The default formulation exploits the PUMA's DH structure; the textbook N-E does not.
    puma = {r["algorithm"]: r for r in md.operation_counts(algorithms=names,
                                                           model=md.puma560(False))}
    generic = {r["algorithm"]: r for r in md.operation_counts(6, 6, algorithms=names)}
    assert puma["inverse_dynamics"]["mul"] < generic["inverse_dynamics"]["mul"]
    assert puma["newton_euler"]["mul"] == generic["newton_euler"]["mul"]


# ---- the command-line tool (fixture run_cli, conftest.py) ----------------------------------


def test_cli_inverse_dynamics_matches_python(tmp_path, run_cli):
    out = tmp_path / "tau.csv"
    r = run_cli("inverse-dynamics", "--csv", str(out), "--qd", "0.3", "--qdd", "-0.7")
    assert r.returncode == 0, r.stderr
    for name in ["qz", "qr", "qs", "qn", "operation counts on puma560 itself"]:
        assert name in r.stdout
    worst = float(re.search(r"over all configurations: (\S+)", r.stdout).group(1))
    assert worst < 1e-12
    rows = list(csv.DictReader(out.open()))
    assert len(rows) == 4 * 6
    puma = md.puma560()
    for config in ["qz", "qr", "qs", "qn"]:
        sel = [row for row in rows if row["configuration"] == config]
        q = np.array([float(row["q"]) for row in sel])
        tau = md.inverse_dynamics(puma, q, np.full(6, 0.3), np.full(6, -0.7))
        for method in METHODS:
            assert close([float(row[method]) for row in sel], tau)


@pytest.mark.parametrize(
    "args, message, status",
    [
        (["inverse-dynamics", "--model", "random:0:1"], "expected random:N:SEED", 1),
        (["inverse-dynamics", "--model", "kuka"], "unknown model", 1),
        (["inverse-dynamics", "--qd", "1", "2"], "--qd: give 1 or 6 values, got 2", 1),
        # usage errors (exit status 2, docs/cli.md)
        (["inverse-dynamics", "--qdd", "nan"], "--qdd: must be a finite number, got nan", 2),
        (["opcount", "--n-max", "100"], "--n-max: must be an integer in 1..64, got 100", 2),
        (["opcount", "--algorithm", "x"], "unknown algorithm 'x'", 2),
    ],
)
def test_cli_bad_input_prints_message_and_exits_1(args, message, status, run_cli):
    r = run_cli(*args)
    assert r.returncode == status
    assert f"manipdyn {args[0]}: error:" in r.stderr and message in r.stderr


def test_cli_opcount_csv_equals_python_report(tmp_path, run_cli):
    out = tmp_path / "oc.csv"
    r = run_cli("opcount", "--n-max", "3", "--csv", str(out))
    assert r.returncode == 0, r.stderr
    assert "108n - 12" in r.stdout
    rows = list(csv.DictReader(out.open()))
    report = md.operation_counts(n_max=3)
    assert len(rows) == len(report)
    for row, ref in zip(rows, report):
        assert row["algorithm"] == ref["algorithm"] and int(row["n"]) == ref["n"]
        assert int(row["mul"]) == ref["mul"] and int(row["add"]) == ref["add"]

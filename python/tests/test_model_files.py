"""Tests of model files from Python and the CLI (python/src/model_files.cpp, cli/dh.cpp,
cli/convert.cpp, cli/model_option.cpp).

Each result is checked a second way: a URDF arm against forward kinematics and the gravity
gradient computed here in Python straight from the XML (xml.etree), written and re-read models
against the original (inverse dynamics bit for bit), the DH tables against end_effector_pose,
the built-in model files against the built-ins, the CLI against the Python API; every error path
asserts its message (and the CLI its exit status 1).
"""
import csv
import math
import pathlib
import re
import xml.etree.ElementTree as ET

import numpy as np
import pytest

import manipdyn as md
import manipdyn.stewart as st

REPO = pathlib.Path(__file__).resolve().parents[2]
MODELS = REPO / "models"
URDF = REPO / "tests" / "data" / "urdf"  # copies of /work/shared/robots (see its README.md)

EXACT = 1e-10  # two exact computations of the same quantity, relative to max(1, size)
FD = 1e-6      # central differences of the potential energy, relative to max(1, size)
H = 1e-6

# The chains of the test robots (tests/data/urdf/README.md).
CHAINS = {
    "panda": ("panda.urdf", "panda_link0", "panda_hand_tcp", 7),
    "ur5": ("ur5_robot.urdf", "world", "tool0", 6),
    "double_pendulum": ("double_pendulum.urdf", "base_link", "link2", 2),
}


def close(a, b, tol=EXACT):
    a, b = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    return float(np.max(np.abs(a - b))) <= tol * max(1.0, float(np.max(np.abs(b))))


def states(n, seed=3):
    r = np.random.default_rng(seed)
    return [(r.uniform(-1.2, 1.2, n), r.uniform(-1, 1, n), r.uniform(-2, 2, n)) for _ in range(3)]


def same_dynamics_bitwise(a, b):
    """Inverse dynamics of a and b agree bit for bit at a few random states (every method)."""
    assert a.dof == b.dof
    for q, qd, qdd in states(a.dof):
        for method in ["fastest", "lagrange_euler", "newton_euler", "craig"]:
            ta = md.inverse_dynamics(a, q, qd, qdd, method=method)
            tb = md.inverse_dynamics(b, q, qd, qdd, method=method)
            assert np.array_equal(ta, tb), (method, ta - tb)


def same_model_data(a, b, warnings=True):
    """a and b hold the same data; `warnings=False` for a YAML copy of a URDF arm, whose import
    warnings (merged side branches) become comments of the file."""
    assert a.name == b.name and a.convention == b.convention
    assert np.array_equal(a.gravity, b.gravity)
    assert np.array_equal(a.base, b.base) and np.array_equal(a.tool, b.tool)
    assert a.configurations.keys() == b.configurations.keys()
    for k in a.configurations:
        assert np.array_equal(a.configurations[k], b.configurations[k])
    for name in ["q_min", "q_max", "qd_max", "tau_max"]:
        assert np.array_equal(getattr(a, name), getattr(b, name))
    if warnings:
        assert a.warnings == b.warnings
    for la, lb in zip(a.links, b.links):
        for key in la:
            assert np.array_equal(np.asarray(la[key]), np.asarray(lb[key])), key


def urdf_model(robot):
    path, base, tip, _ = CHAINS[robot]
    return md.load_model(URDF / path, base_link=base, tip_link=tip)


# ---- forward kinematics and potential energy straight from the URDF XML --------------------


def rot(axis, angle):
    axis = np.asarray(axis, float) / np.linalg.norm(axis)
    K = np.array([[0, -axis[2], axis[1]], [axis[2], 0, -axis[0]], [-axis[1], axis[0], 0]])
    return np.eye(3) + math.sin(angle) * K + (1 - math.cos(angle)) * K @ K


def origin(element):
    """4x4 of an <origin xyz rpy> child (identity if absent): Rz(y) Ry(p) Rx(r)."""
    T = np.eye(4)
    o = element.find("origin")
    if o is not None:
        xyz = [float(v) for v in o.get("xyz", "0 0 0").split()]
        r, p, y = [float(v) for v in o.get("rpy", "0 0 0").split()]
        T[:3, :3] = rot([0, 0, 1], y) @ rot([0, 1, 0], p) @ rot([1, 0, 0], r)
        T[:3, 3] = xyz
    return T


class UrdfTree:
    """World <- link of every link at joint values {joint name: q} (others, mimic: 0 / rule)."""

    def __init__(self, path):
        root = ET.parse(path).getroot()
        self.links = {l.get("name"): l for l in root.findall("link")}
        self.joints = {j.find("child").get("link"): j for j in root.findall("joint")}
        roots = [name for name in self.links if name not in self.joints]
        assert len(roots) == 1
        self.root = roots[0]

    def poses(self, q_by_joint, base):
        names = {j.get("name"): j for j in self.joints.values()}

        def value(joint):
            mimic = joint.find("mimic")
            if mimic is not None:
                master = names[mimic.get("joint")]
                return (float(mimic.get("multiplier", "1")) * value(master) +
                        float(mimic.get("offset", "0")))
            return q_by_joint.get(joint.get("name"), 0.0)

        def pose(link):
            if link not in self.joints:
                return np.eye(4)
            j = self.joints[link]
            T = pose(j.find("parent").get("link")) @ origin(j)
            axis = [float(v) for v in (j.find("axis").get("xyz") if j.find("axis") is not None
                                       else "1 0 0").split()]
            M = np.eye(4)
            if j.get("type") in ("revolute", "continuous"):
                M[:3, :3] = rot(axis, value(j))
            elif j.get("type") == "prismatic":
                M[:3, 3] = value(j) * np.asarray(axis) / np.linalg.norm(axis)
            return T @ M

        world_of_base = np.linalg.inv(pose(base))
        return {name: world_of_base @ pose(name) for name in self.links}

    def potential_energy(self, q_by_joint, base, gravity):
        V = 0.0
        for name, T in self.poses(q_by_joint, base).items():
            inertial = self.links[name].find("inertial")
            if inertial is None:
                continue
            m = float(inertial.find("mass").get("value"))
            com = T @ origin(inertial)[:, 3]
            V -= m * np.dot(gravity, com[:3])
        return V


@pytest.mark.parametrize("robot", list(CHAINS))
def test_urdf_arm_matches_kinematics_and_gravity_from_the_xml(robot):
    path, base, tip, n = CHAINS[robot]
    arm = md.urdf_arm(URDF / path, base_link=base, tip_link=tip)
    model = arm["model"]
    assert isinstance(model, md.SerialModel) and model.dof == n
    assert len(arm["joint_names"]) == n and len(arm["link_names"]) == n + 1
    assert len(arm["link_offsets"]) == n + 1 and len(arm["merged_links"]) == n + 1
    assert arm["link_names"][0] == base
    tree = UrdfTree(URDF / path)
    for q, _, _ in states(n, seed=5):
        by_joint = dict(zip(arm["joint_names"], q))
        poses = tree.poses(by_joint, base)
        # world <- URDF link = world <- DH frame i (link_transforms) * link_offsets[i].
        T = md.link_transforms(model, q)
        for i, link in enumerate(arm["link_names"]):
            assert close(T[i] @ arm["link_offsets"][i], poses[link]), (robot, link)
        assert close(md.end_effector_pose(model, q), poses[tip])
        # G(q) = dV/dq with V from every URDF link (merged links included).
        g = model.gravity
        dV = np.zeros(n)
        for k in range(n):
            e = np.zeros(n)
            e[k] = H
            dV[k] = (tree.potential_energy(dict(zip(arm["joint_names"], q + e)), base, g) -
                     tree.potential_energy(dict(zip(arm["joint_names"], q - e)), base, g)) / (2 * H)
        assert close(md.gravity_torques(model, q), dV, FD), robot


def test_load_model_urdf_is_from_urdf_and_names_the_joints():
    model = urdf_model("panda")
    assert isinstance(model, md.SerialModel)
    same_dynamics_bitwise(model, md.SerialModel.from_urdf(URDF / "panda.urdf", "panda_link0",
                                                          "panda_hand_tcp"))
    xml = (URDF / "panda.urdf").read_text()
    same_dynamics_bitwise(model, md.SerialModel.from_urdf_string(xml, tip_link="panda_hand_tcp"))
    assert [l["name"] for l in model.links] == [f"panda_joint{i}" for i in range(1, 8)]
    # URDF <limit> -> joint limits.
    assert np.all(np.isfinite(model.q_min)) and np.all(model.q_min < model.q_max)
    assert model.qd_max.shape == (7,) and np.all(model.tau_max > 0)
    # Options: gravity (base link frame) and name.
    light = md.SerialModel.from_urdf(URDF / "panda.urdf", tip_link="panda_hand_tcp",
                                     gravity=[0, 0, -1.0], name="light panda")
    assert light.name == "light panda" and model.name == "panda"
    q = states(7)[0][0]
    assert close(md.gravity_torques(light, q), md.gravity_torques(model, q) / 9.81)
    # The standard-convention import is the same arm.
    std = md.SerialModel.from_urdf(URDF / "panda.urdf", tip_link="panda_hand_tcp",
                                   convention="standard")
    assert std.convention == "standard" and model.convention == "modified"
    for q, qd, qdd in states(7):
        assert close(md.inverse_dynamics(std, q, qd, qdd), md.inverse_dynamics(model, q, qd, qdd))
        assert close(md.end_effector_pose(std, q), md.end_effector_pose(model, q))


def test_builtin_model_files_equal_the_builtins():
    puma = md.load_model(MODELS / "puma560.yaml")
    same_model_data(puma, md.puma560())
    same_dynamics_bitwise(puma, md.puma560())
    assert list(puma.configurations) == ["qz", "qr", "qs", "qn"]
    assert np.array_equal(puma.configuration("qn"), [0, np.pi / 4, np.pi, 0, np.pi / 4, 0])
    stanford = md.SerialModel.from_yaml(MODELS / "stanford_arm.yaml")
    same_model_data(stanford, md.stanford_arm())
    same_dynamics_bitwise(stanford, md.stanford_arm())


def stewart_forces(platform):
    kw = dict(t=[0.2, 0.0, 0.5], rpy=[0, 0.05, 0.1], v=[0.05, 0, 0.05], rpy_d=[0, 0, 0.08],
              a=[0.03, 0, 0.03])
    return np.concatenate([st.inverse_dynamics(platform, **kw, model=m)["F"]
                           for m in ("dasgupta", "improved")])


@pytest.mark.parametrize("file, variant", [("dasgupta_platform.yaml", "dasgupta"),
                                           ("pedrammehr_platform.yaml", "pedrammehr")])
def test_stewart_model_files_equal_the_builtins(file, variant):
    platform = md.load_model(MODELS / file)
    assert isinstance(platform, st.StewartModel)
    builtin = st.test_platform(printed_inertias=True, variant=variant)
    assert np.array_equal(stewart_forces(platform), stewart_forces(builtin))
    assert np.array_equal(platform.k, builtin.k) and platform.M == builtin.M
    again = st.load_platform(MODELS / file)
    assert np.array_equal(stewart_forces(again), stewart_forces(platform))
    assert len(platform.limits) == 6 and set(platform.limits[0]) >= {"length_min", "length_max",
                                                                     "force_max"}


URDF_ORIGIN = {"panda", "ur5"}
ROUND_TRIP = {
    "puma560": lambda: md.puma560(),
    "stanford_rigid": lambda: md.stanford_arm(with_drive=False, corrected_inertia=True),
    "random7_modified": lambda: md.random_arm(7, 21, "modified", 0.4, True),
    "panda": lambda: urdf_model("panda"),
    "ur5": lambda: urdf_model("ur5"),
}


@pytest.mark.parametrize("name", list(ROUND_TRIP))
def test_save_load_round_trip_is_bitwise(tmp_path, name):
    model = ROUND_TRIP[name]()
    path = tmp_path / f"{name}.yaml"
    md.save_model(path, model)
    back = md.load_model(path)
    same_model_data(back, model, warnings=name not in URDF_ORIGIN)
    same_dynamics_bitwise(back, model)
    text = model.to_yaml()
    assert path.read_text() == text
    for w in model.warnings:
        assert f"#   {w}\n" in text
    same_dynamics_bitwise(md.SerialModel.from_yaml_string(text), model)


def test_from_dh_base_tool_configurations_limits_round_trip(tmp_path):
    base = np.eye(4)
    base[:3, :3] = st.rpy_to_rotation([0.1, -0.2, 0.3])
    base[:3, 3] = [0.5, -0.1, 0.8]
    tool = np.eye(4)
    tool[:3, :3] = st.rpy_to_rotation([0.0, np.pi / 2, 0.0])
    tool[:3, 3] = [0, 0, 0.1]
    joints = [
        {"type": "revolute", "a": 0.4, "alpha": np.pi / 2, "mass": 2.0, "com": [-0.2, 0, 0],
         "inertia": [0.01, 0.04, 0.04], "q_min": -2.0, "q_max": 2.5, "qd_max": 3.0,
         "tau_max": 50.0, "name": "shoulder"},
        {"type": "prismatic", "d": 0.1, "mass": 1.0, "inertia": [0.01, 0.01, 0.01],
         "q_min": 0.0, "q_max": 0.3, "qd_max": None},
    ]
    confs = {"home": [0.1, 0.05], "reach": np.array([-1.0, 0.25])}
    m = md.SerialModel.from_dh(joints, base=base, tool=tool, configurations=confs, name="rp")
    plain = md.SerialModel.from_dh(joints, name="rp")
    # base and tool wrap the chain: world <- ee = base (frame 0 <- n) tool.
    for q, qd, qdd in states(2):
        assert close(md.end_effector_pose(m, q), base @ md.end_effector_pose(plain, q) @ tool)
    assert np.array_equal(m.base, base) and np.array_equal(m.tool, tool)
    assert list(m.configurations) == ["home", "reach"]
    assert np.array_equal(m.configurations["reach"], [-1.0, 0.25])
    assert np.array_equal(m.q_min, [-2.0, 0.0]) and np.array_equal(m.q_max, [2.5, 0.3])
    assert m.qd_max[0] == 3.0 and m.qd_max[1] == math.inf and m.tau_max[1] == math.inf
    assert m.links[0]["tau_max"] == 50.0 and m.links[1]["q_max"] == 0.3
    # links keep the limits, so from_dh(model.links) rebuilds the same table.
    again = md.SerialModel.from_dh(m.links, base=m.base, tool=m.tool,
                                   configurations=m.configurations, name="rp")
    same_model_data(again, m)
    md.save_model(tmp_path / "rp.yml", m)
    back = md.load_model(tmp_path / "rp.yml")
    same_model_data(back, m)
    same_dynamics_bitwise(back, m)


@pytest.mark.parametrize("maker", [lambda: md.puma560(), lambda: urdf_model("panda"),
                                   lambda: md.random_arm(5, 4, "modified", 0.5)])
def test_dh_tables_rebuild_the_end_effector_pose(maker):
    model = maker()

    def dh(convention, a, alpha, d, theta):
        ct, st_, ca, sa = math.cos(theta), math.sin(theta), math.cos(alpha), math.sin(alpha)
        Rz = np.array([[ct, -st_, 0, 0], [st_, ct, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])
        Tz = np.eye(4)
        Tz[2, 3] = d
        Tx = np.eye(4)
        Tx[0, 3] = a
        Rx = np.array([[1, 0, 0, 0], [0, ca, -sa, 0], [0, sa, ca, 0], [0, 0, 0, 1]])
        return Rz @ Tz @ Tx @ Rx if convention == "standard" else Rx @ Tx @ Rz @ Tz

    q = states(model.dof, seed=9)[0][0]
    for convention in ["standard", "modified"]:
        table = md.dh_table(model, convention)
        assert table["convention"] == convention and len(table["joints"]) == model.dof
        T = table["base"].copy()
        for row, qi in zip(table["joints"], q):
            prismatic = row["type"] == "prismatic"
            T = T @ dh(convention, row["a"], row["alpha"], row["d"] + (qi if prismatic else 0),
                       row["theta"] + (0 if prismatic else qi))
        T = T @ table["tool"]
        assert close(T, md.end_effector_pose(model, q)), convention
        for which in ["base", "tool"]:
            r, p, y = table[f"{which}_rpy"]
            assert close(st.rpy_to_rotation([r, p, y]), table[which][:3, :3])
            assert np.array_equal(table[f"{which}_xyz"], table[which][:3, 3])
    own = md.dh_table(model, model.convention)["joints"]
    assert [(r["a"], r["alpha"], r["d"], r["theta"]) for r in own] == \
           [(l["a"], l["alpha"], l["d"], l["theta"]) for l in model.links]


def test_stewart_yaml_round_trip_and_limits(tmp_path):
    platform = st.test_platform(printed_inertias=False, variant="pedrammehr")
    text = platform.to_yaml()
    assert text == st.to_yaml(platform)
    back = st.from_yaml_string(text)
    assert np.array_equal(stewart_forces(back), stewart_forces(platform))
    md.save_model(tmp_path / "p.yaml", platform)
    loaded = md.load_model(tmp_path / "p.yaml")
    assert isinstance(loaded, st.StewartModel)
    assert np.array_equal(stewart_forces(loaded), stewart_forces(platform))
    assert np.array_equal(stewart_forces(st.from_yaml(tmp_path / "p.yaml")),
                          stewart_forces(platform))
    for a, b in zip(loaded.limits, platform.limits):
        for key in a:
            assert np.array_equal(a[key], b[key])
    assert loaded.allow_invalid_inertia == platform.allow_invalid_inertia
    # per-leg limits: set on leg 1 only, the others have none
    lines = text.splitlines(keepends=True)
    first_upper = next(i for i, l in enumerate(lines) if l.startswith("    upper:"))
    lines.insert(first_upper + 1, "    limits: {length: [0.5, 1.2], force_max: 800, "
                                  "u_joint_angle_max: 0.6, s_joint_normal: [0, 0, -2]}\n")
    limited = st.from_yaml_string("".join(lines))
    assert np.array_equal(stewart_forces(limited), stewart_forces(platform))
    assert limited.limits[0]["length_min"] == 0.5 and limited.limits[0]["length_max"] == 1.2
    assert limited.limits[0]["force_max"] == 800 and limited.limits[0]["u_joint_angle_max"] == 0.6
    assert limited.limits[0]["s_joint_angle_max"] == math.inf
    assert np.array_equal(limited.limits[0]["s_joint_normal"], [0, 0, -1])  # normalised
    assert limited.limits[1]["force_max"] == math.inf and limited.limits[1]["length_min"] == 0
    again = st.from_yaml_string(limited.to_yaml())
    for a, b in zip(again.limits, limited.limits):
        for key in a:
            assert np.array_equal(a[key], b[key])


# ---- errors: ValueError with the C++ message ------------------------------------------------


def test_errors_are_value_errors_with_the_message(tmp_path):
    with pytest.raises(ValueError, match="nothere.yaml"):
        md.load_model(tmp_path / "nothere.yaml")
    with pytest.raises(ValueError, match="nothere.urdf"):
        md.SerialModel.from_urdf(tmp_path / "nothere.urdf")
    with pytest.raises(ValueError, match="no_such_link"):
        md.load_model(URDF / "panda.urdf", tip_link="no_such_link")
    with pytest.raises(ValueError, match="no_such_link"):
        md.urdf_arm(URDF / "panda.urdf", base_link="no_such_link")
    # a branching tree without a tip: the message lists the candidate tips
    with pytest.raises(ValueError, match="panda_hand_tcp"):
        md.SerialModel.from_urdf(URDF / "panda.urdf")
    with pytest.raises(ValueError, match="convention must be 'standard' or 'modified'"):
        md.SerialModel.from_urdf(URDF / "panda.urdf", tip_link="panda_hand_tcp",
                                 convention="craig")
    bad = tmp_path / "bad.yaml"
    bad.write_text(md.puma560().to_yaml().replace("    mass:", "    mas:", 1))
    with pytest.raises(ValueError, match=r"bad\.yaml:\d+:\d+: links\[0\]\.mas: unknown field"):
        md.load_model(bad)
    with pytest.raises(ValueError, match=r"<string>:\d+:\d+: "):
        md.SerialModel.from_yaml_string("kind: serial_arm\nlinks: 3\n")
    # the readers of one kind reject a file of the other, at the node where they differ
    with pytest.raises(ValueError, match=r"<string>:\d+:\d+: "):
        md.SerialModel.from_yaml_string(st.test_platform().to_yaml())
    with pytest.raises(ValueError, match=r"<string>:\d+:\d+: "):
        st.from_yaml_string(md.puma560().to_yaml())
    with pytest.raises(ValueError, match="model must be a SerialModel or a"):
        md.save_model(tmp_path / "x.yaml", "puma560")
    with pytest.raises(ValueError, match="dh_table: convention must be"):
        md.dh_table(md.puma560(), "craig")
    with pytest.raises(ValueError, match="has no configuration 'qq' \\(known: qz, qr, qs, qn\\)"):
        md.puma560().configuration("qq")


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"base": np.eye(3)}, r"from_dh: base must have shape \(4, 4\), got \(3, 3\)"),
        ({"tool": 2 * np.eye(4)}, "tool is not a rigid transform"),
        ({"configurations": {"home": [0.0]}}, "configuration 'home': q has size 1, expected 2"),
        ({"configurations": [[0.0, 0.0]]}, "configurations must be a dict name -> q"),
    ],
)
def test_from_dh_new_arguments_errors(kwargs, message):
    joints = [{"mass": 1.0, "inertia": [0.01, 0.01, 0.01]}] * 2
    with pytest.raises(ValueError, match=message):
        md.SerialModel.from_dh(joints, **kwargs)


def test_from_dh_limit_errors():
    with pytest.raises(ValueError, match=r"joints\[0\] \(link 1\): 'q_min' must be a number"):
        md.SerialModel.from_dh([{"q_min": "low"}])
    with pytest.raises(ValueError, match="q_min.*above the upper limit"):
        md.SerialModel.from_dh([{"q_min": 1.0, "q_max": 0.0}])


# ---- the command-line tool -------------------------------------------------------------------

DH_ROW = re.compile(r"^\s+(\d+)\s+(.+?)\s+(revolute|prismatic)\s+(\S+)\s+(\S+) \((\S+)\)\s+(\S+)"
                    r"\s+(\S+) \((\S+)\)(?:\s+(\S+))?\s*$")


def dh_sections(text):
    """The rows of the standard and modified tables of `manipdyn dh` output."""
    out, current = {}, None
    for line in text.splitlines():
        if line.startswith("standard DH"):
            current = out.setdefault("standard", [])
        elif line.startswith("modified DH"):
            current = out.setdefault("modified", [])
        elif current is not None and (m := DH_ROW.match(line)):
            current.append(m.groups())
        elif not line.startswith(" "):
            current = None
    return out


@pytest.mark.parametrize("spec", ["puma560", "random:4:2", "models/stanford_arm.yaml"])
def test_cli_dh_prints_the_tables_of_dh_table(run_cli, spec):
    r = run_cli("dh", spec, cwd=REPO)
    assert r.returncode == 0, r.stderr
    model = md.load_model(REPO / spec) if spec.endswith(".yaml") else (
        md.puma560() if spec == "puma560" else md.random_arm(4, 2))
    sections = dh_sections(r.stdout)
    for convention in ["standard", "modified"]:
        rows = sections[convention]
        table = md.dh_table(model, convention)
        assert len(rows) == model.dof
        for row, ref in zip(rows, table["joints"]):
            assert row[2] == ref["type"]
            assert float(row[3]) == pytest.approx(ref["a"], abs=5e-7)
            assert float(row[4]) == pytest.approx(ref["alpha"], abs=5e-7)
            assert float(row[5]) == pytest.approx(math.degrees(ref["alpha"]), abs=5e-5)
            assert float(row[6]) == pytest.approx(ref["d"], abs=5e-7)
            assert float(row[7]) == pytest.approx(ref["theta"], abs=5e-7)
    assert "base: world <- frame 0" in r.stdout and "tool: frame" in r.stdout
    for w in model.warnings:
        assert f"warning: {w}" in r.stdout


def test_cli_dh_urdf_shows_links_merged_links_and_writes_yaml(run_cli, tmp_path):
    out = tmp_path / "panda.yaml"
    r = run_cli("dh", URDF / "panda.urdf", "--tip-link", "panda_hand_tcp", "--yaml", out)
    assert r.returncode == 0, r.stderr
    arm = md.urdf_arm(URDF / "panda.urdf", tip_link="panda_hand_tcp")
    rows = dh_sections(r.stdout)["modified"]
    assert [row[1] for row in rows] == arm["joint_names"]
    assert [row[9] for row in rows] == arm["link_names"][1:]
    assert "URDF bodies" in r.stdout
    for i, merged in enumerate(arm["merged_links"]):
        line = next(l for l in r.stdout.splitlines() if l.startswith(f"  body {i:2d}"))
        assert arm["link_names"][i] in line
        for link in merged:
            assert link in line
    assert any("panda_hand" in m for m in arm["merged_links"][-1] + [arm["link_names"][-1]])
    assert f"wrote {out}" in r.stdout
    same_dynamics_bitwise(md.load_model(out), arm["model"])


TREE_ROW = re.compile(r"^\s+(\d+)\s+(\S+)\s+(revolute|prismatic)\s+(\d+)\s+(\S+) \((\S+)\)"
                      r"\s+(\S+)\s+(\S+)\s+(\S+) \((\S+)\)\s+(\S+)\s+(\S+) \((\S+)\)\s+(\S+)$")


def test_cli_dh_whole_tree_prints_parents_gamma_b_and_round_trips(run_cli, tmp_path):
    out = tmp_path / "anymal.yaml"
    # ANYmal's depth cameras, merged into the floating base, carry non-physical inertias
    r = run_cli("dh", URDF / "anymal_c.urdf", "--whole-tree", "--floating-base", "--yaml", out)
    assert r.returncode == 1 and "link 'depth_camera_right_camera' <inertia>" in r.stderr
    r = run_cli("dh", URDF / "anymal_c.urdf", "--whole-tree", "--floating-base",
                "--allow-invalid-inertia", "--yaml", out)
    assert r.returncode == 0, r.stderr
    assert "whole tree below link base" in r.stdout
    assert "tree (Khalil & Kleinfinger 1986)" in r.stdout and "standard DH:" not in r.stdout
    assert "root: free_flyer (nq = 19, nv = 18)" in r.stdout
    rows = [m.groups() for line in r.stdout.splitlines() if (m := TREE_ROW.match(line))]
    assert [row[1] for row in rows] == ["LF_HAA", "LF_HFE", "LF_KFE", "LH_HAA", "LH_HFE", "LH_KFE",
                                        "RF_HAA", "RF_HFE", "RF_KFE", "RH_HAA", "RH_HFE", "RH_KFE"]
    # each hip hangs from the base (0), each knee from its hip flexion
    assert [int(row[3]) for row in rows] == [0, 1, 2, 0, 4, 5, 0, 7, 8, 0, 10, 11]
    assert [row[13] for row in rows][:3] == ["LF_HIP", "LF_THIGH", "LF_SHANK"]
    text = out.read_text()
    assert "root: free_flyer" in text and "base_inertia:" in text and "frames:" in text
    # only the hips after the first name their parent (the others hang from the previous row)
    assert text.count("    parent: base\n") == 3 and text.count("parent:") == 3
    again = tmp_path / "again.yaml"
    r = run_cli("dh", out, "--floating-base", "--yaml", again)
    assert r.returncode == 0, r.stderr
    # the YAML round trip is exact (the URDF import's warnings were comments)
    def body(t):
        return [line for line in t.splitlines() if not line.startswith("#")]
    assert body(again.read_text()) == body(text)


@pytest.mark.parametrize(
    "args, message",
    [
        (["dh", "puma560", "--whole-tree"], "--whole-tree applies to .urdf models only"),
        (["dh", "puma560", "--floating-base"], "--floating-base applies to .urdf and .yaml models only"),
        (["dh", "models/puma560.yaml", "--floating-base"],
         "floating_base (--floating-base) is set, but the file's root is fixed"),
        (["dh", "tests/data/urdf/solo12.urdf", "--whole-tree", "--tip-link", "FL_FOOT"],
         "tip_link: is 'FL_FOOT' and whole_tree is set"),
    ],
)
def test_cli_tree_options_errors(run_cli, args, message):
    r = run_cli(*args, cwd=REPO)
    assert r.returncode == 1, (r.stdout, r.stderr)
    assert message in r.stderr, r.stderr


@pytest.mark.parametrize("robot", ["panda", "ur5"])
def test_cli_convert_urdf_to_yaml_is_the_same_arm(run_cli, tmp_path, robot):
    path, base, tip, n = CHAINS[robot]
    out = tmp_path / f"{robot}.yaml"
    r = run_cli("convert", URDF / path, out, "--base-link", base, "--tip-link", tip)
    assert r.returncode == 0, r.stderr
    assert f"wrote {out}: serial arm" in r.stdout and f"{n} joints" in r.stdout
    for w in md.load_model(URDF / path, base_link=base, tip_link=tip).warnings:
        assert f"warning: {w}" in r.stdout
    model = md.load_model(URDF / path, base_link=base, tip_link=tip)
    same_model_data(md.load_model(out), model, warnings=False)
    for w in model.warnings:
        assert w in out.read_text()
    same_dynamics_bitwise(md.load_model(out), model)


@pytest.mark.parametrize("spec", ["models/puma560.yaml", "models/dasgupta_platform.yaml",
                                  "pedrammehr"])
def test_cli_convert_yaml_to_yaml(run_cli, tmp_path, spec):
    out = tmp_path / "copy.yaml"
    r = run_cli("convert", spec, out, cwd=REPO)
    assert r.returncode == 0, r.stderr
    copy = md.load_model(out)
    if spec == "models/puma560.yaml":
        assert "serial arm 'puma560' from models/puma560.yaml, 6 joints" in r.stdout
        same_dynamics_bitwise(copy, md.load_model(REPO / spec))
        assert out.read_text() == md.puma560().to_yaml()
    else:
        assert "Stewart platform" in r.stdout
        original = (md.load_model(REPO / spec) if spec.endswith(".yaml")
                    else st.test_platform(True, "pedrammehr"))
        assert np.array_equal(stewart_forces(copy), stewart_forces(original))


def test_cli_inverse_dynamics_model_file_equals_builtin_output(run_cli):
    builtin = run_cli("inverse-dynamics", cwd=REPO)
    from_file = run_cli("inverse-dynamics", "--model", "models/puma560.yaml", cwd=REPO)
    assert builtin.returncode == 0 and from_file.returncode == 0, from_file.stderr
    assert from_file.stdout == builtin.stdout
    for name in ["qz", "qr", "qs", "qn"]:
        assert f"configuration {name} " in builtin.stdout


def test_cli_inverse_dynamics_urdf(run_cli, tmp_path):
    out = tmp_path / "tau.csv"
    r = run_cli("inverse-dynamics", "--model", URDF / "ur5_robot.urdf", "--base-link", "world",
                "--tip-link", "tool0", "--qd", "0.2", "--qdd", "0.4", "--csv", out,
                "--no-opcount")
    assert r.returncode == 0, r.stderr
    model = urdf_model("ur5")
    assert f"model {model.name}: 6 joints, modified DH" in r.stdout
    worst = float(re.search(r"over all configurations: (\S+)", r.stdout).group(1))
    assert worst < 1e-12
    rows = list(csv.DictReader(out.open()))
    assert sorted({row["configuration"] for row in rows}) == ["qa", "qz"]  # no named poses
    for config in ["qz", "qa"]:
        sel = [row for row in rows if row["configuration"] == config]
        q = np.array([float(row["q"]) for row in sel])
        tau = md.inverse_dynamics(model, q, np.full(6, 0.2), np.full(6, 0.4))
        assert close([float(row["newton_euler"]) for row in sel], tau)


def test_cli_inverse_dynamics_uses_the_model_configurations(run_cli, tmp_path):
    joints = [{"type": "revolute", "a": 0.5, "mass": 2.0, "com": [-0.25, 0, 0],
               "inertia": [0.01, 0.05, 0.05]}] * 2
    model = md.SerialModel.from_dh(joints, configurations={"up": [0.5, -0.25], "down": [2, 1]},
                                   name="two")
    path = tmp_path / "two.yaml"
    md.save_model(path, model)
    out = tmp_path / "tau.csv"
    r = run_cli("inverse-dynamics", "--model", path, "--csv", out, "--no-opcount")
    assert r.returncode == 0, r.stderr
    rows = list(csv.DictReader(out.open()))
    assert [row["configuration"] for row in rows] == ["up", "up", "down", "down"]
    assert [float(row["q"]) for row in rows] == [0.5, -0.25, 2.0, 1.0]
    assert "configuration qz" not in r.stdout


def test_cli_simulate_and_control_take_a_model_file(run_cli, tmp_path):
    r = run_cli("simulate", "--model", URDF / "double_pendulum.urdf", "--tip-link", "link2",
                "--duration", "0.1", "--deg", "--q0", "30", "0", "--no-plot", "--output-dir",
                tmp_path)
    assert r.returncode == 0, r.stderr
    assert "2dof_planar" in r.stdout and (tmp_path / "simulate.csv").exists()
    r = run_cli("control", "--model", "models/puma560.yaml", "--move-time", "0.2",
                "--settle-time", "0.05", "--no-plot", "--output-dir", tmp_path, "--name", "y",
                cwd=REPO)
    assert r.returncode == 0, r.stderr
    s = run_cli("control", "--move-time", "0.2", "--settle-time", "0.05", "--no-plot",
                "--output-dir", tmp_path, "--name", "b")
    assert s.returncode == 0, s.stderr
    assert (tmp_path / "y.csv").read_text() == (tmp_path / "b.csv").read_text()


def test_cli_stewart_model_file_equals_builtin(run_cli, tmp_path):
    a = run_cli("stewart", "run", "--path", "I", "--dt", "0.5", "--no-plots", "--out", tmp_path)
    b = run_cli("stewart", "run", "--path", "I", "--dt", "0.5", "--no-plots", "--out", tmp_path,
                "--model", "models/dasgupta_platform.yaml", cwd=REPO)
    c = run_cli("stewart", "run", "--path", "I", "--dt", "0.5", "--no-plots", "--out", tmp_path,
                "--model", "dasgupta")
    assert a.returncode == b.returncode == c.returncode == 0, b.stderr
    assert "max |F| Dasgupta" in a.stdout
    assert b.stdout == a.stdout and c.stdout == a.stdout


@pytest.mark.parametrize(
    "args, message",
    [
        (["inverse-dynamics", "--model", "models/nothere.yaml"],
         "--model 'models/nothere.yaml': no such file"),
        (["inverse-dynamics", "--model", "kuka"], "--model 'kuka': unknown model"),
        (["simulate", "--model", "random:65:1"], "expected random:N:SEED with 1 <= N <= 64"),
        (["control", "--model", "stanford.xml"], "unknown model"),
        (["inverse-dynamics", "--model", "models/dasgupta_platform.yaml"],
         "is a Stewart platform; this command needs a serial arm"),
        (["simulate", "--model", "pedrammehr"], "is a Stewart platform"),
        (["inverse-dynamics", "--model", "tests/data/urdf/panda.urdf", "--tip-link", "nope"],
         "nope"),
        (["inverse-dynamics", "--model", "tests/data/urdf/panda.urdf"], "panda_hand_tcp"),
        (["inverse-dynamics", "--model", "puma560", "--tip-link", "tool0"],
         "--base-link and --tip-link apply to .urdf models only"),
        (["stewart", "run", "--model", "models/puma560.yaml"],
         "is a serial arm; this command needs a Stewart platform"),
        (["stewart", "studies", "--model", "puma"], "is a serial arm"),
        (["stewart", "run", "--model", "models/dasgupta_platform.yaml", "--platform",
          "corrected"], "--platform applies to the built-in platforms only"),
        (["dh", "models/dasgupta_platform.yaml"], "MODEL 'models/dasgupta_platform.yaml' is a "
                                                  "Stewart platform"),
        (["dh", "nothere.urdf"], "MODEL 'nothere.urdf': no such file"),
        (["dh", "tests/data/urdf/ur5_robot.urdf", "--tip-link", "nope"], "nope"),
        (["convert", "nothere.yaml", "x.yaml"], "IN 'nothere.yaml': no such file"),
        (["convert", "tests/data/urdf/panda.urdf", "x.yaml", "--base-link", "nope",
          "--tip-link", "panda_hand_tcp"], "nope"),
    ],
)
def test_cli_model_errors_print_message_and_exit_1(run_cli, args, message):
    r = run_cli(*args, cwd=REPO)
    assert r.returncode == 1, (r.stdout, r.stderr)
    assert f"manipdyn {args[0]}: error:" in r.stderr and message in r.stderr, r.stderr


def test_cli_malformed_yaml_names_file_and_line(run_cli, tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text(md.puma560().to_yaml().replace("    mass:", "    mas:", 1))
    r = run_cli("inverse-dynamics", "--model", bad)
    assert r.returncode == 1
    assert re.search(rf"manipdyn inverse-dynamics: error: {re.escape(str(bad))}:\d+:\d+: "
                     r"links\[0\]\.mas: unknown field 'mas'", r.stderr), r.stderr


@pytest.mark.parametrize("spec,model", [
    ("models/puma560.yaml", lambda: md.puma560().without_drive()),
    ("tests/data/urdf/panda.urdf",
     lambda: md.SerialModel.from_urdf(REPO / "tests/data/urdf/panda.urdf",
                                      tip_link="panda_hand_tcp").without_drive()),
])
def test_cli_opcount_on_a_model_equals_python(run_cli, tmp_path, spec, model):
    out = tmp_path / "oc.csv"
    extra = ["--tip-link", "panda_hand_tcp"] if spec.endswith(".urdf") else []
    r = run_cli("opcount", "--model", spec, *extra, "--csv", out, cwd=REPO)
    assert r.returncode == 0, r.stderr
    assert f"({spec}, no drive)" in r.stdout
    rows = list(csv.DictReader(out.open()))
    report = md.operation_counts(model=model())
    assert [(r["algorithm"], int(r["n"]), int(r["mul"]), int(r["add"])) for r in rows] == \
        [(c["algorithm"], c["n"], c["mul"], c["add"]) for c in report]


def test_cli_opcount_model_excludes_n_range(run_cli):
    r = run_cli("opcount", "--model", "puma560", "--n-max", "3", cwd=REPO)
    assert r.returncode == 2
    assert "--model counts one arm; it cannot be combined with --n-min or --n-max" in r.stderr


# ---- the loading options, the same in Python and on the command line (issue 18) -------------

INVALID_ARM = URDF / "invalid_inertia_arm.urdf"  # a lumped inertia on 'wrist', joint friction


def test_load_model_allow_invalid_inertia_and_urdf_friction():
    with pytest.raises(ValueError, match="link 'wrist' <inertia>: breaks the triangle inequality"
                                         r".*pass allow_invalid_inertia"):
        md.load_model(INVALID_ARM)
    arm = md.load_model(INVALID_ARM, allow_invalid_inertia=True)
    assert arm.dof == 2 and arm.has_drive
    assert any("link 'wrist' <inertia> breaks the triangle inequality" in w for w in arm.warnings)
    friction = [w for w in arm.warnings if "read as joint friction" in w]
    assert len(friction) == 1 and "'shoulder', 'elbow'" in friction[0]
    assert "urdf_friction=False" in friction[0]
    assert arm.links[0]["viscous"] == 0.5 and tuple(arm.links[1]["coulomb"]) == (0.05, -0.05)
    # urdf_friction=False: the rigid arm, as KDL and Pinocchio read it
    rigid = md.load_model(INVALID_ARM, allow_invalid_inertia=True, urdf_friction=False)
    assert not rigid.has_drive and not any("joint friction" in w for w in rigid.warnings)
    q = np.array([0.3, -0.4])
    assert close(md.inverse_dynamics(rigid, q, q, q),
                 md.inverse_dynamics(arm.without_drive(), q, q, q))
    # the same keywords on the URDF readers
    same = md.SerialModel.from_urdf(INVALID_ARM, allow_invalid_inertia=True, urdf_friction=False)
    assert same.warnings == rigid.warnings
    assert not md.urdf_arm(INVALID_ARM, allow_invalid_inertia=True,
                           urdf_friction=False)["model"].has_drive


@pytest.mark.parametrize("name", ["puma560.yaml", "dasgupta_platform.yaml"])
def test_load_model_allow_invalid_inertia_applies_to_yaml_files(tmp_path, name):
    text = (MODELS / name).read_text().replace(
        "\nallow_invalid_inertia: true\n", "\nallow_invalid_inertia: false\n")
    path = tmp_path / name
    path.write_text(text)
    with pytest.raises(ValueError, match="set allow_invalid_inertia: true to accept it"):
        md.load_model(path)
    model = md.load_model(path, allow_invalid_inertia=True)
    assert model.warnings and model.allow_invalid_inertia


def test_from_dh_takes_the_yaml_link_keys():
    """A joint dict with the keys of a YAML link (drive and limits nested, inertia as a mapping)
    builds the model the YAML file does; the flat keys of earlier releases still work."""
    yaml_link = {"name": "shoulder", "type": "revolute", "a": 0.3, "alpha": 0.2, "d": 0.1,
                 "theta": 0.0, "mass": 2.0, "com": [-0.1, 0, 0],
                 "inertia": {"ixx": 0.01, "iyy": 0.04, "izz": 0.04, "ixy": 0.001},
                 "drive": {"motor_inertia": 2e-4, "gear_ratio": 100, "viscous": 1e-3,
                           "coulomb": [0.1, -0.2]},
                 "limits": {"q": [-2.0, 2.5], "qd": 3.0, "tau": 50.0}}
    flat_link = {"name": "shoulder", "type": "revolute", "a": 0.3, "alpha": 0.2, "d": 0.1,
                 "theta": 0.0, "mass": 2.0, "com": [-0.1, 0, 0],
                 "inertia": [[0.01, 0.001, 0], [0.001, 0.04, 0], [0, 0, 0.04]],
                 "motor_inertia": 2e-4, "gear_ratio": 100, "viscous": 1e-3,
                 "coulomb": [0.1, -0.2], "q_min": -2.0, "q_max": 2.5, "qd_max": 3.0,
                 "tau_max": 50.0}
    second = {"type": "prismatic", "a": 0, "alpha": 0, "d": 0, "theta": 0, "mass": 1.0,
              "com": [0, 0, 0], "inertia": [0.01, 0.01, 0.01], "limits": {"q": [0, 0.3]}}
    from_yaml_keys = md.SerialModel.from_dh([yaml_link, second])
    same_model_data(from_yaml_keys, md.SerialModel.from_dh([flat_link, second]))
    yaml_text = (
        "kind: serial_arm\nconvention: standard\nlinks:\n"
        "  - {name: shoulder, type: revolute, a: 0.3, alpha: 0.2, d: 0.1, theta: 0, mass: 2,\n"
        "     com: [-0.1, 0, 0], inertia: {ixx: 0.01, iyy: 0.04, izz: 0.04, ixy: 0.001},\n"
        "     drive: {motor_inertia: 2.0e-4, gear_ratio: 100, viscous: 1.0e-3, coulomb: [0.1, -0.2]},\n"
        "     limits: {q: [-2.0, 2.5], qd: 3.0, tau: 50.0}}\n"
        "  - {type: prismatic, a: 0, alpha: 0, d: 0, theta: 0, mass: 1, com: [0, 0, 0],\n"
        "     inertia: [0.01, 0.01, 0.01], limits: {q: [0, 0.3]}}\n")
    same_model_data(from_yaml_keys, md.SerialModel.from_yaml_string(yaml_text))
    assert from_yaml_keys.qd_max[1] == math.inf and from_yaml_keys.q_max[1] == 0.3


@pytest.mark.parametrize("joint, message", [
    ({"drive": {"gear": 10}}, "unknown key 'drive.gear' (known keys: motor_inertia, gear_ratio, "
                              "viscous, coulomb, coulomb_velocity_scale)"),
    ({"drive": 3}, "'drive' must be a dict"),
    ({"limits": {"q": [1.0]}}, "'limits.q' must be a pair [min, max]"),
    ({"limits": {"qdd": 1.0}}, "unknown key 'limits.qdd' (known keys: q, qd, tau)"),
    ({"inertia": {"ixx": 1, "iyy": 1}}, "'inertia' is missing 'izz'"),
    ({"inertia": {"ixx": 1, "iyy": 1, "izz": 1, "iyx": 0}}, "unknown key 'inertia.iyx'"),
])
def test_from_dh_yaml_keys_errors(joint, message):
    with pytest.raises(ValueError, match=r"joints\[0\] \(link 1\): " + re.escape(message)):
        md.SerialModel.from_dh([joint])


def test_method_lists_come_from_the_library():
    assert md.mass_matrix_methods() == ["fastest", "strobing", "lagrange_euler"]
    assert md.gravity_torques_methods() == ["fastest", "lagrange_euler"]
    assert md.forward_dynamics_methods() == ["fastest", "mass_matrix", "strobing",
                                             "articulated_body"]
    p = md.puma560()
    for method in md.mass_matrix_methods():
        assert md.mass_matrix(p, np.zeros(6), method=method).shape == (6, 6)
    with pytest.raises(ValueError, match=r"gravity_torques: unknown method 'strobing' "
                                         r"\(valid: fastest, lagrange_euler\)"):
        md.gravity_torques(p, np.zeros(6), method="strobing")
    assert st.task_space_methods() == ["direct", "strobing"]
    assert st.dynamics_models() == ["dasgupta", "improved"]
    # Stewart: one word for strobing; the old "strobe" still accepted
    plat = st.test_platform(printed_inertias=False)
    pose = dict(t=[0.1, 0.0, 0.5], rpy=[0.0, 0.1, 0.0])
    np.testing.assert_array_equal(st.task_space_inertia(plat, **pose, method="strobing"),
                                  st.task_space_inertia(plat, **pose, method="strobe"))
    with pytest.raises(ValueError, match="task_space_inertia: method must be 'direct' or "
                                         "'strobe'/'strobing', got 'x'"):
        st.task_space_inertia(plat, **pose, method="x")


def test_load_model_whole_tree_and_floating_base_keywords():
    tree = md.load_model(URDF / "solo12.urdf", whole_tree=True)
    assert tree.dof == 12
    arm = md.urdf_arm(URDF / "solo12.urdf", whole_tree=True, floating_base=True)
    assert arm["joint_names"][:3] == ["FL_HAA", "FL_HFE", "FL_KFE"]
    assert len(arm["link_offsets"]) == 13
    # A floating base without a tip link is the whole tree (the md.load_model example).
    floating = md.load_model(URDF / "solo12.urdf", floating_base=True)
    assert (floating.dof, floating.nq, floating.nv, floating.root) == (12, 19, 18, "free_flyer")
    assert floating.joint_names == arm["joint_names"]
    with pytest.raises(ValueError, match="leaves; name the tip link .* or load the whole tree"):
        md.load_model(URDF / "solo12.urdf")
    with pytest.raises(ValueError, match="tip_link: is 'FL_FOOT' and whole_tree is set"):
        md.SerialModel.from_urdf(URDF / "solo12.urdf", tip_link="FL_FOOT", whole_tree=True)
    with pytest.raises(ValueError, match="the file's root is fixed"):
        md.load_model(REPO / "models" / "puma560.yaml", floating_base=True)

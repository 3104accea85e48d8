"""A tree model from Python (Khalil & Kleinfinger's notation): parents by index or name, gamma
and b, the model's tree fields, a free-flyer root's sizes, and the errors; the link frames of a
tree composed here from the rows, against md.link_transforms."""
import numpy as np
import pytest

import manipdyn as md


def torso(**kwargs):
    def link(name, parent, gamma=0.0, b=0.0):
        return {"name": name, "parent": parent, "gamma": gamma, "b": b, "a": 0.1, "alpha": 0.3,
                "d": 0.2, "mass": 1.0, "inertia": [0.01, 0.01, 0.01]}
    joints = [link("waist", -1), link("l_shoulder", "waist", 0.7, 0.3), link("l_elbow", None),
              link("r_shoulder", 0, -0.7, -0.3), link("r_elbow", "r_shoulder")]
    return md.SerialModel.from_dh(joints, convention="modified", name="torso", **kwargs)


def test_tree_fields():
    model = torso()
    assert not model.is_chain
    assert model.parent == [-1, 0, 1, 0, 3]
    assert model.joint_names == ["waist", "l_shoulder", "l_elbow", "r_shoulder", "r_elbow"]
    assert [l["parent"] for l in model.links] == model.parent
    assert model.links[1]["gamma"] == 0.7 and model.links[3]["b"] == -0.3
    assert (model.nq, model.nv, model.root) == (5, 5, "fixed")
    assert md.puma560().is_chain and md.puma560().parent == list(range(-1, 5))


def rot_z(t):
    c, s = np.cos(t), np.sin(t)
    return np.array([[c, -s, 0, 0], [s, c, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1.0]])


def rot_x(t):
    c, s = np.cos(t), np.sin(t)
    return np.array([[1, 0, 0, 0], [0, c, -s, 0], [0, s, c, 0], [0, 0, 0, 1.0]])


def trans(x, y, z):
    t = np.eye(4)
    t[:3, 3] = [x, y, z]
    return t


def test_link_transforms_compose_the_rows_along_the_parents():
    model = md.random_tree(10, 7, branching=0.6)
    assert not model.is_chain
    q = np.random.default_rng(1).uniform(-2, 2, 10)
    frames = md.link_transforms(model, q)
    expected = [model.base]
    for j, l in enumerate(model.links):
        revolute = l["type"] == "revolute"
        row = (rot_z(l["gamma"]) @ trans(0, 0, l["b"]) @ rot_x(l["alpha"]) @ trans(l["a"], 0, 0)
               @ rot_z(l["theta"] + (q[j] if revolute else 0))
               @ trans(0, 0, l["d"] + (0 if revolute else q[j])))
        expected.append(expected[l["parent"] + 1] @ row)
    assert np.max(np.abs(np.array(frames) - np.array(expected))) < 1e-12


def test_free_flyer_sizes():
    model = torso(root="free_flyer",
                  base_inertia={"mass": 10.0, "com": [0, 0, 0.1], "inertia": [0.2, 0.2, 0.2]})
    assert (model.dof, model.nq, model.nv, model.root) == (5, 12, 11, "free_flyer")


@pytest.mark.parametrize("change, message", [
    ({"parent": "nobody"}, "from_dh: joints[2] (link 3): 'parent' names 'nobody', not an earlier "
                           "joint's name"),
    ({"parent": 4}, "link 3 'l_elbow', field 'parent': 4 is not an earlier row"),
    ({"parent": 1.5}, "'parent' must be an earlier joint's index, -1 (the base), its name or None"),
])
def test_tree_errors(change, message):
    joints = [dict(l) for l in torso().links]
    joints[2].update(change)
    with pytest.raises(ValueError, match=None) as err:
        md.SerialModel.from_dh(joints, convention="modified")
    assert message in str(err.value)


def test_chain_formulation_refuses_a_tree():
    with pytest.raises(ValueError) as err:
        md.inverse_dynamics(torso(), np.zeros(5), np.zeros(5), np.zeros(5), method="newton_euler")
    assert "model 'torso' is a tree (joint 4 'r_shoulder' hangs from joint 1 'waist'" in str(err.value)

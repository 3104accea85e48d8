"""Python errors are Python's: every function of manipdyn and manipdyn.stewart answers a wrong
argument with a one-line TypeError or ValueError that names the function and the argument,
never pybind11's list of signatures or "Unable to cast"; help() documents every function."""
import inspect

import numpy as np
import pytest

import manipdyn as md
import manipdyn.stewart as st


def public_functions():
    out = []
    for module in (md, st):
        for name in sorted(dir(module)):
            f = getattr(module, name)
            if name.startswith("_") or inspect.isclass(f) or inspect.ismodule(f) or not callable(f):
                continue
            if getattr(f, "__module__", "").startswith("manipdyn.plot") or name in ("plot_csv",):
                continue
            out.append((module.__name__, name, f))
    return out


FUNCTIONS = public_functions()


def one_line(e):
    text = str(e)
    assert "\n" not in text, text
    assert "incompatible function arguments" not in text and "Unable to cast" not in text, text
    return text


@pytest.mark.parametrize("module,name,f", FUNCTIONS, ids=[f"{m}.{n}" for m, n, _ in FUNCTIONS])
def test_unknown_keyword_is_one_line(module, name, f):
    with pytest.raises(TypeError) as e:
        f(not_an_argument=1)
    text = one_line(e.value)
    assert name in text and "not_an_argument" in text, text


@pytest.mark.parametrize("module,name,f", FUNCTIONS, ids=[f"{m}.{n}" for m, n, _ in FUNCTIONS])
def test_help_documents_the_function(module, name, f):
    doc = f.__doc__ or ""
    lines = [line for line in doc.splitlines() if line.strip()]
    # a signature line, then at least one line of prose
    assert len(lines) >= 2 and len(" ".join(lines[1:])) > 30, doc


P = md.puma560()
Z6 = np.zeros(6)
PLATFORM = st.test_platform()


@pytest.mark.parametrize("call,error,message", [
    (lambda: md.inverse_dynamics(None, Z6, Z6, Z6), TypeError,
     "inverse_dynamics: model must be a SerialModel, got NoneType"),
    (lambda: md.inverse_dynamics(P, Z6, Z6), TypeError, "inverse_dynamics: missing argument 'qdd'"),
    (lambda: md.inverse_dynamics(P, Z6, Z6, Z6, method=3), TypeError,
     "inverse_dynamics: method must be a str, got int"),
    (lambda: md.inverse_dynamics(P, np.zeros(5), Z6, Z6), ValueError,
     "inverse_dynamics: q has size 5, expected 6"),
    (lambda: md.inverse_dynamics(P, "abc", Z6, Z6), ValueError,
     "inverse_dynamics: q must be an array of numbers"),
    (lambda: md.mass_matrix(P, Z6, Z6), TypeError, "mass_matrix: method must be a str, got ndarray"),
    (lambda: md.SerialModel.from_dh(5), TypeError, "SerialModel.from_dh: joints must be a list, got int"),
    (lambda: P.configuration(3), TypeError, "SerialModel.configuration: name must be a str, got int"),
    (lambda: md.simulate(P, Z6, Z6, 1.0, trajectory="quintic"), TypeError,
     "simulate: trajectory must be a JointTrajectory (quintic_trajectory, lspb_trajectory), got str"),
    (lambda: st.inverse_kinematics(PLATFORM, t=[0, 0, 1, 2], rpy=[0, 0, 0]), ValueError,
     "inverse_kinematics: t must have shape (3,), got (4,)"),
    (lambda: st.inverse_dynamics(PLATFORM, t="x", rpy=[0, 0, 0]), TypeError,
     "inverse_dynamics: t must be an array of numbers, got str"),
    (lambda: st.inverse_dynamics(PLATFORM, t=[0, 0, 1.5], rpy=[0, 0]), ValueError,
     "inverse_dynamics: rpy must have shape (3,), got (2,)"),
    (lambda: st.inverse_dynamics(P, t=[0, 0, 1.5], rpy=[0, 0, 0]), TypeError,
     "inverse_dynamics: platform must be a StewartModel, got SerialModel"),
    (lambda: st.rpy_to_rotation(np.eye(3)), ValueError,
     "rpy_to_rotation: rpy must have shape (3,), got (3, 3)"),
    # Stewart errors name the Python arguments, the leg and the coordinate
    (lambda: st.inverse_dynamics(PLATFORM, t=[0, 0, 1], rpy=[0, 0, 0], f_ext=[np.nan, 0, 0]),
     ValueError, "inverse_dynamics_dasgupta: f_ext[0] is nan"),
    (lambda: st.inverse_dynamics(PLATFORM, t=[0, 0, 1], rpy=[0, 0, 0], m_ext=[0, np.inf, 0]),
     ValueError, "inverse_dynamics_dasgupta: m_ext[1] is inf"),
    (lambda: st.inverse_dynamics(PLATFORM, t=[0, 0, 1], rpy=[0, 0, 0], v=[1e200, 0, 0]),
     ValueError, "an input is too large: |v| = 1e+200 (overflow)"),
    (lambda: st.inverse_dynamics(PLATFORM, t=[0, 0, 1], rpy=[0, 0, 0], f_ext=[1e308, 1e308, 0]),
     ValueError, "an input is too large: |f_ext| = 1e+308 (overflow)"),
    (lambda: st.inverse_dynamics(PLATFORM, t=[0, 0, 1], rpy=[0, 0, 0], condition_warning=np.nan),
     ValueError, "inverse_dynamics_dasgupta: condition_warning = nan must be >= 1"),
    (lambda: md.stewart.inverse_dynamics(PLATFORM, t=[0, 0], rpy=[0, 0, 0]), ValueError,
     "inverse_dynamics: t must have shape (3,), got (2,)"),
    (lambda: md.random_arm(10**9, 1), ValueError,
     "random_arm: n = 1000000000 links, more than the limit 100000 (kMaxLinks)"),
    (lambda: st.inverse_kinematics(PLATFORM, t=[0, 0, 1e200], rpy=[0, 0, 0]), ValueError,
     "leg 1 length is not finite (overflow: the position t is too large)"),
    (lambda: st.build_model(np.where(np.arange(18).reshape(6, 3) == 5, np.nan, PLATFORM.b),
                            PLATFORM.k, PLATFORM.p, 1, 1, np.zeros(3), np.zeros(3), np.eye(3),
                            np.eye(3), 10, np.zeros(3), np.eye(3)), ValueError,
     "build_model: leg 2 base point b: z is nan"),
])
def test_wrong_argument_is_named(call, error, message):
    with pytest.raises(error) as e:
        call()
    assert message in one_line(e.value)


def test_one_workspace_per_model_freed_with_it():
    import gc
    gc.collect()
    before = md._core._workspace_count()
    arm = md.random_arm(5, 3)
    z = np.zeros(5)
    for _ in range(3):
        md.inverse_dynamics(arm, z, z, z)
        md.mass_matrix(arm, z)
    assert md._core._workspace_count() == before + 1
    other = arm.with_gravity([0, 0, -1])
    md.gravity_torques(other, z)
    assert md._core._workspace_count() == before + 2
    del arm, other
    gc.collect()
    assert md._core._workspace_count() == before

"""Tests of the Stewart-platform dynamics derivatives from Python (md.stewart.inverse_dynamics_derivatives,
md.stewart.forward_dynamics_derivatives) against central differences of inverse_dynamics and
forward_dynamics, the rotation perturbed as R <- exp([h e_k]x) R."""
import numpy as np
import pytest

import manipdyn.stewart as st

FD_TOL = 1e-6   # relative agreement with central differences
STEP = 1e-5     # central-difference step
ROUND_TOL = 1e-12

T, RPY = np.array([0.15, 0.02, 0.5]), np.array([0.1, -0.05, 0.3])
V, OMEGA = np.array([0.3, -0.2, 0.4]), np.array([0.5, -0.4, 0.8])
A, ALPHA = np.array([-1.0, 2.0, 1.5]), np.array([2.0, 1.0, -3.0])
F_EXT, M_EXT = np.array([5.0, -3.0, 20.0]), np.array([1.0, 2.0, -1.0])


def platform(variant):
    """The test platform (corrected inertias) with friction raised well above the printed values."""
    y = st.to_yaml(st.test_platform(printed_inertias=False, variant=variant))
    lines = [("friction: {u_joint: 0.8, prismatic: 25.0, s_joint: 0.4}" if ln.strip().startswith("friction:") else ln)
             for ln in y.splitlines()]
    p = st.from_yaml_string("\n".join(lines))
    assert p.Cp == 25.0
    return p


def rot(k, h):
    """exp([h e_k]x)."""
    c, s = np.cos(h), np.sin(h)
    i, j = (k + 1) % 3, (k + 2) % 3
    E = np.eye(3)
    E[i, i] = E[j, j] = c
    E[j, i], E[i, j] = s, -s
    return E


def moved(state, k, h):
    """state (dict t, R, v, omega, a, alpha) moved by h along z_k, z = [t; phi; v; omega; a; alpha]."""
    s = {key: np.array(val, dtype=float) for key, val in state.items()}
    group, j = divmod(k, 3)
    if group == 1:
        s["R"] = rot(j, h) @ s["R"]
    else:
        s[["t", None, "v", "omega", "a", "alpha"][group]][j] += h
    return s


def central(f, state, first):
    return np.column_stack([(f(moved(state, first + k, STEP)) - f(moved(state, first + k, -STEP))) / (2 * STEP)
                            for k in range(6)])


def relative_error(a, b):
    return np.max(np.abs(a - b)) / max(1.0, np.max(np.abs(b)))


def state():
    return {"t": T, "R": st.rpy_to_rotation(RPY), "v": V, "omega": OMEGA, "a": A, "alpha": ALPHA}


@pytest.mark.parametrize("variant", ["dasgupta", "pedrammehr"])
@pytest.mark.parametrize("model", ["dasgupta", "improved"])
def test_inverse_dynamics_derivatives_match_central_differences(variant, model):
    p = platform(variant)
    s = state()
    r = st.inverse_dynamics_derivatives(p, s["t"], R=s["R"], v=s["v"], omega=s["omega"], a=s["a"], alpha=s["alpha"],
                                        f_ext=F_EXT, m_ext=M_EXT, model=model)

    def F(z):
        return st.inverse_dynamics(p, z["t"], R=z["R"], v=z["v"], omega=z["omega"], a=z["a"], alpha=z["alpha"],
                                   f_ext=F_EXT, m_ext=M_EXT, model=model)["F"]

    np.testing.assert_allclose(r["F"], F(s), rtol=ROUND_TOL, atol=ROUND_TOL * np.max(np.abs(r["F"])))
    for key in ("dF_dx", "dF_dxd", "dF_dxdd"):
        assert r[key].shape == (6, 6)
    assert relative_error(r["dF_dx"], central(F, s, 0)) < FD_TOL
    assert relative_error(r["dF_dxd"], central(F, s, 6)) < FD_TOL
    assert relative_error(r["dF_dxdd"], central(F, s, 12)) < FD_TOL
    assert relative_error(r["H"] @ r["dF_dxdd"], r["Lambda"]) < ROUND_TOL


@pytest.mark.parametrize("model", ["dasgupta", "improved"])
def test_forward_dynamics_derivatives_match_central_differences(model):
    p = platform("dasgupta")
    s = state()
    Fs = st.inverse_dynamics(p, s["t"], R=s["R"], v=s["v"], omega=s["omega"], a=s["a"], alpha=s["alpha"],
                             f_ext=F_EXT, m_ext=M_EXT, model=model)["F"]
    r = st.forward_dynamics_derivatives(p, s["t"], R=s["R"], v=s["v"], omega=s["omega"], F=Fs,
                                        f_ext=F_EXT, m_ext=M_EXT, model=model)
    np.testing.assert_allclose(r["xdd"], np.concatenate([A, ALPHA]), atol=1e-9)

    def xdd(z, F=Fs):
        return st.forward_dynamics(p, z["t"], R=z["R"], v=z["v"], omega=z["omega"], F=F,
                                   f_ext=F_EXT, m_ext=M_EXT, model=model)["xdd"]

    assert relative_error(r["dxdd_dx"], central(xdd, s, 0)) < FD_TOL
    assert relative_error(r["dxdd_dxd"], central(xdd, s, 6)) < FD_TOL
    dF = np.column_stack([(xdd(s, Fs + STEP * e) - xdd(s, Fs - STEP * e)) / (2 * STEP) for e in np.eye(6)])
    assert relative_error(r["dxdd_dF"], dF) < FD_TOL
    # dxdd/dF is the inverse of dF/dxdd
    d = st.inverse_dynamics_derivatives(p, s["t"], R=s["R"], v=s["v"], omega=s["omega"], a=s["a"], alpha=s["alpha"],
                                        f_ext=F_EXT, m_ext=M_EXT, model=model)
    assert relative_error(r["dxdd_dF"] @ d["dF_dxdd"], np.eye(6)) < 1e-10


def test_rpy_keywords_and_errors():
    p = st.test_platform()
    r1 = st.inverse_dynamics_derivatives(p, T, rpy=RPY, v=V, omega=OMEGA, a=A, alpha=ALPHA)
    r2 = st.inverse_dynamics_derivatives(p, T, R=st.rpy_to_rotation(RPY), v=V, omega=OMEGA, a=A, alpha=ALPHA)
    np.testing.assert_array_equal(r1["dF_dx"], r2["dF_dx"])
    with pytest.raises(ValueError, match="inverse_dynamics_derivatives: give exactly one of rpy and R"):
        st.inverse_dynamics_derivatives(p, T)
    with pytest.raises(ValueError, match=r"inverse_dynamics_derivatives: t\[2\] is nan"):
        st.inverse_dynamics_derivatives(p, [0, 0, np.nan], rpy=RPY)
    with pytest.raises(ValueError, match=r"forward_dynamics_derivatives: F\[0\] is inf"):
        st.forward_dynamics_derivatives(p, T, rpy=RPY, F=[np.inf, 0, 0, 0, 0, 0])
    with pytest.raises(ValueError, match="model"):
        st.forward_dynamics_derivatives(p, T, rpy=RPY, model="newton")

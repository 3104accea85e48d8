"""Identification's numerical core from Python: base parameters against SciPy's pivoted QR,
least squares against numpy.linalg.lstsq and the textbook covariance, the consistent fit's
pseudo-inertias checked with NumPy (docs/identification.md)."""
import numpy as np
import pytest

import manipdyn as md

scipy_linalg = pytest.importorskip("scipy.linalg")

N_JOINTS = 2
P = 14 * N_JOINTS


def dependent_regressor(rng, rows=400):
    """28 columns: 18 independent, the others scaled copies, sums and zeros of them."""
    W = rng.standard_normal((rows, P))
    W[:, 3] = 0.0
    W[:, 5] = 0.25 * W[:, 2]
    W[:, 9] = W[:, 4] + W[:, 6]
    W[:, 12] = -W[:, 11]
    W[:, 14:20] = W[:, 0:6] @ rng.standard_normal((6, 6))
    W[:, 27] = 0.0
    return W


def scipy_rank(W):
    _, R, _ = scipy_linalg.qr(W, mode="economic", pivoting=True)
    d = np.abs(np.diag(R))
    return int(np.sum(d > max(W.shape) * np.finfo(float).eps * d[0]))


def test_base_parameters_rank_matches_scipy_and_groupings_reproduce_torques():
    rng = np.random.default_rng(1)
    W = dependent_regressor(rng)
    base = md.base_parameters(W)
    assert base.rank == scipy_rank(W) == np.linalg.matrix_rank(W)
    assert base.names == md.standard_parameter_names(N_JOINTS)
    assert 3 in base.unidentifiable_indices and 27 in base.unidentifiable_indices
    assert base.K.shape == (base.rank, P)
    assert base.groupings[base.base_indices.index(11)] == "mx_2 - my_2"
    assert base.groupings[base.base_indices.index(2)].startswith("my_1 + 0.25 Ixy_1 + ")
    pi = rng.standard_normal(P)
    Wb = base.base_regressor(W)
    assert np.linalg.matrix_rank(Wb) == base.rank
    np.testing.assert_allclose(Wb @ base.base_vector(pi), W @ pi, rtol=0, atol=1e-10 * np.abs(W @ pi).max())


def test_base_parameters_tolerance_and_errors():
    rng = np.random.default_rng(2)
    W = rng.standard_normal((50, 4))
    W[:, 3] = W[:, 0] + 1e-9 * rng.standard_normal(50)
    assert md.base_parameters(W).rank == 4
    assert md.base_parameters(W, tolerance=1e-6).rank == 3
    assert md.base_parameters(W, names=list("abcd"), tolerance=1e-6).groupings[0] == "a + d"
    with pytest.raises(ValueError, match="names has 2 entries"):
        md.base_parameters(W, names=["a", "b"])


def stacked_problem(rng, sigma, samples=300, r=6):
    n = len(sigma)
    W = rng.standard_normal((samples * n, r)) * np.logspace(-1, 1, r)
    beta = rng.standard_normal(r)
    noise = rng.standard_normal(samples * n) * np.tile(sigma, samples)
    return W, beta, W @ beta + noise


def test_ols_matches_lstsq_and_textbook_sigmas():
    rng = np.random.default_rng(3)
    W, _, tau = stacked_problem(rng, np.array([0.3, 0.3, 0.3]))
    fit = md.fit_least_squares(W, tau, 3, weighted=False)
    expected, *_ = np.linalg.lstsq(W, tau, rcond=None)
    np.testing.assert_allclose(fit.estimate, expected, rtol=1e-10, atol=1e-12)
    e = tau - W @ expected
    s2 = e @ e / (W.shape[0] - W.shape[1])
    np.testing.assert_allclose(fit.standard_deviation, np.sqrt(np.diag(s2 * np.linalg.inv(W.T @ W))),
                               rtol=1e-9)
    np.testing.assert_allclose(fit.condition_number, np.linalg.cond(W), rtol=1e-9)
    rel = [np.sqrt(np.sum(e[j::3] ** 2) / np.sum(tau[j::3] ** 2)) for j in range(3)]
    np.testing.assert_allclose(fit.relative_rms_error, rel, rtol=1e-10)
    assert fit.degrees_of_freedom == W.shape[0] - W.shape[1]


def test_wls_weights_the_joints_and_matches_weighted_lstsq():
    rng = np.random.default_rng(4)
    sigma = np.array([0.05, 0.5, 2.0])
    W, beta, tau = stacked_problem(rng, sigma)
    fit = md.fit_least_squares(W, tau, 3)
    assert fit.converged and fit.iterations >= 2
    np.testing.assert_allclose(fit.joint_sigma / sigma, 1.0, atol=0.15)
    # the estimate is the weighted least squares of its own final sigmas
    w = 1 / np.tile(fit.joint_sigma, W.shape[0] // 3)
    expected, *_ = np.linalg.lstsq(W * w[:, None], tau * w, rcond=None)
    np.testing.assert_allclose(fit.estimate, expected, rtol=1e-9, atol=1e-12)
    # and its covariance the weighted textbook formula
    Ww = W * w[:, None]
    np.testing.assert_allclose(fit.covariance, np.linalg.inv(Ww.T @ Ww), rtol=1e-8)
    z = (fit.estimate - beta) / fit.standard_deviation
    assert z @ z < 22.46  # chi-square quantile 0.999, 6 degrees of freedom


def test_least_squares_errors_name_the_problem():
    rng = np.random.default_rng(5)
    W, _, tau = stacked_problem(rng, np.array([0.1, 0.1]), samples=20)
    W[:, 2] = 0.0
    with pytest.raises(ValueError, match="do not excite c"):
        md.fit_least_squares(W, tau, 2, names=list("abcdef"))
    with pytest.raises(ValueError, match="too few rows"):
        md.fit_least_squares(W[:4], tau[:4], 2)


def test_consistent_fit_of_an_inconsistent_target_is_consistent():
    rng = np.random.default_rng(6)
    W = rng.standard_normal((N_JOINTS * 300, P))
    truth = np.zeros(P)
    truth[0:10] = [-0.5, 0.1, 0, 0, 0.2, 0, 0.2, 0, 0, 0.3]          # negative mass
    truth[10:20] = [2.0, 0, 0.2, 0, 0.1, 0, 0.1, 0, 0, 0.9]           # moments against the triangle inequality
    truth[20:28] = [0.4, -1.0, 3.0, 0.5, 0.2, 1.0, 0.2, 1.0]         # Fv < 0, Fc < |Fo|
    tau = W @ truth + 0.01 * rng.standard_normal(W.shape[0])
    base = md.base_parameters(W)
    fit = md.fit_least_squares(base.base_regressor(W), tau, N_JOINTS)
    prior = np.zeros(P)
    prior[0] = prior[10] = 1.0
    c = md.fit_physically_consistent(fit, base.K, prior)
    for link in range(N_JOINTS):
        assert np.linalg.eigvalsh(md.pseudo_inertia(c.pi, link)).min() >= 1e-6 * (1 - 1e-6)
    Ia, Fv, Fc, Fo = c.pi[20:24]
    assert Ia >= 0 and Fv >= 0 and Fc >= abs(Fo)
    assert c.cost_history[-1] < c.cost_history[0]
    assert c.max_gap_sigma > 10

"""uop.nn.LSTMCell against torch.nn.LSTMCell (torch 1.13) with the same weights: two steps
(zero state, then the returned state), without biases, tinygrad's parameter names and
initial ranges, and bad input."""

import math

import numpy as np
import pytest

torch = pytest.importorskip("torch")

from uop import Tensor, nn  # noqa: E402
from uop._ops import ArgumentError  # noqa: E402
from uop.nn.state import get_state_dict  # noqa: E402

RNG = np.random.default_rng(4401)


def test_two_steps_match_torch():
    cell, ref = nn.LSTMCell(6, 5), torch.nn.LSTMCell(6, 5)
    with torch.no_grad():
        for name in ("weight_ih", "weight_hh", "bias_ih", "bias_hh"):
            a = (RNG.standard_normal(getattr(ref, name).shape) * 0.5).astype(np.float32)
            getattr(ref, name).copy_(torch.from_numpy(a))
            setattr(cell, name, Tensor(a))
        x = RNG.standard_normal((3, 6)).astype(np.float32)
        h, c = cell(Tensor(x))
        th, tc = ref(torch.from_numpy(x))
        np.testing.assert_allclose(h.numpy(), th.numpy(), rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(c.numpy(), tc.numpy(), rtol=1e-5, atol=1e-6)
        h, c = cell(Tensor(x * 2), (h, c))
        th, tc = ref(torch.from_numpy(x * 2), (th, tc))
        np.testing.assert_allclose(h.numpy(), th.numpy(), rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(c.numpy(), tc.numpy(), rtol=1e-5, atol=1e-6)


def test_without_bias_matches_torch():
    cell, ref = nn.LSTMCell(4, 3, bias=False), torch.nn.LSTMCell(4, 3, bias=False)
    assert cell.bias_ih is None and cell.bias_hh is None
    with torch.no_grad():
        ref.weight_ih.copy_(torch.from_numpy(cell.weight_ih.numpy()))
        ref.weight_hh.copy_(torch.from_numpy(cell.weight_hh.numpy()))
        x, h0, c0 = (RNG.standard_normal(s).astype(np.float32) for s in ((2, 4), (2, 3), (2, 3)))
        h, c = cell(Tensor(x), (Tensor(h0), Tensor(c0)))
        th, tc = ref(torch.from_numpy(x), (torch.from_numpy(h0), torch.from_numpy(c0)))
        np.testing.assert_allclose(h.numpy(), th.numpy(), rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(c.numpy(), tc.numpy(), rtol=1e-5, atol=1e-6)


def test_parameters_names_shapes_and_ranges():
    cell = nn.LSTMCell(7, 16)
    sd = get_state_dict(cell)
    assert {k: v.shape for k, v in sd.items()} == {
        "weight_ih": (64, 7), "weight_hh": (64, 16), "bias_ih": (64,), "bias_hh": (64,)}
    w = cell.weight_ih.numpy()
    assert np.abs(w).max() <= 1 / math.sqrt(16) and w.std() > 0.1 / math.sqrt(16)
    assert not cell.bias_ih.numpy().any()


def test_bad_input_is_an_error():
    cell = nn.LSTMCell(4, 3)
    with pytest.raises(ArgumentError, match=r"expected input \(batch, 4\)"):
        cell(Tensor(np.zeros((2, 5), np.float32)))
    with pytest.raises(ArgumentError, match="hidden_size"):
        nn.LSTMCell(4, 0)

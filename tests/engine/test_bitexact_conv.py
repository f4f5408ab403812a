"""Float32 convolutions and poolings against torch 2.13's bits (goldens: tests/golden/gen_conv_bits.py).

The forward of every convolution whose order gradcli reproduces (oneDNN's chain, or slow_conv2d's MKL product)
and the poolings' values and gradients are bit-identical; a convolution's gradients are summed in float64 and
rounded once, so they are checked to float32 accuracy (bench/conv_bits.py measures how often they are
bit-identical too)."""


import numpy as np
import pytest

import gradcli.torch as gt

from bitexact_goldens import generator_and_outputs

generator, STORED = generator_and_outputs("gen_conv_bits", "conv")  # its `run` replays a case through gradcli


def replay(i):
    """(gradcli's results, torch's) for case i: dicts of out, gx, gw, gb."""
    form, _, _, kwargs = generator.CASES[i]
    key = f"{i}|{form}"
    tensors = {name: gt.tensor(STORED[f"{key}|{name}"]) if f"{key}|{name}" in STORED else None
               for name in ("x", "w", "b", "g")}
    got = generator.run(gt, form, **tensors, kwargs=generator.case_kwargs(kwargs))
    return {name: value.numpy() for name, value in got.items()}, {name: STORED[f"{key}|{name}"] for name in got}


def same_bits(got, want):
    return got.dtype == want.dtype and got.shape == want.shape and got.tobytes() == want.tobytes()


@pytest.mark.filterwarnings("ignore:Using padding=.same. with even kernel lengths")  # case 10, as torch warns
@pytest.mark.parametrize("i", range(len(generator.CASES)), ids=lambda i: f"{i}-{generator.CASES[i][0]}")
def test_against_torch(i):
    got, want = replay(i)
    pooling = generator.CASES[i][0].endswith("pool2d")
    for name in got:
        if name == "out" and i not in generator.NOT_FITTED or pooling:
            assert same_bits(got[name], want[name]), (i, name)
        else:
            scale = np.abs(want[name]).max()
            np.testing.assert_allclose(got[name], want[name], rtol=0, atol=scale * 1e-5, err_msg=f"{i} {name}")

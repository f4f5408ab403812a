"""Float32 convolutions and poolings against torch 2.13's bits (goldens: tests/golden/gen_conv_bits.py).

The forward of every convolution whose order gradcli reproduces (oneDNN's chain, or slow_conv2d's MKL product)
and the poolings' values and gradients are bit-identical; oneDNN's gradients are summed in float64 and rounded
once, so they are checked to float32 accuracy (bench/conv_bits.py measures how often they are bit-identical
too).  Where torch runs slow_conv2d (float32: one small image; float64: always) gradcli makes its MKL calls, so
with Intel MKL values and all gradients are torch's bits, float64 recorded on one thread."""


import numpy as np
import pytest

import gradcli.torch as gt
from gradcli.engine import mkl

from bitexact_goldens import generator_and_outputs

generator, STORED = generator_and_outputs("gen_conv_bits", "conv")  # its `run` replays a case through gradcli
CONVOLUTIONS = [i for i, case in enumerate(generator.CASES) if case[0].startswith("conv")]
SLOW_CONV2D = {14, 15, 16, 19}  # float32 cases torch runs with slow_conv2d: one small image (README)
TWO_THREADS = {(16, "gx")}  # float32 goldens come from torch on two threads, whose MKL splits this product


def replay(i, dtype="float32"):
    """(gradcli's results, torch's) for case i: dicts of out, gx, gw, gb."""
    form, _, _, kwargs = generator.CASES[i]
    key = f"{i}|{form}" + ("|float64" if dtype == "float64" else "")
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
    slow = i in SLOW_CONV2D and mkl.library() is not None
    for name in got:
        if name == "out" and i not in generator.NOT_FITTED or pooling or slow and (i, name) not in TWO_THREADS:
            assert same_bits(got[name], want[name]), (i, name)
        else:
            scale = np.abs(want[name]).max()
            np.testing.assert_allclose(got[name], want[name], rtol=0, atol=scale * 1e-5, err_msg=f"{i} {name}")


@pytest.mark.filterwarnings("ignore:Using padding=.same. with even kernel lengths")
@pytest.mark.parametrize("i", CONVOLUTIONS, ids=lambda i: f"{i}-{generator.CASES[i][0]}")
def test_float64_against_torch(i):
    got, want = replay(i, "float64")
    for name in got:
        if mkl.library() is not None:
            assert same_bits(got[name], want[name]), (i, name)
        else:  # NumPy's products: float64 accuracy
            np.testing.assert_allclose(got[name], want[name], rtol=0, atol=np.abs(want[name]).max() * 1e-13,
                                       err_msg=f"{i} {name}")

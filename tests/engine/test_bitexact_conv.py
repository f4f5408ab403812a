"""Float32 convolutions and poolings against torch 2.13's bits (goldens: tests/golden/gen_conv_bits.py).

The forward of every convolution whose order gradcli reproduces (oneDNN's chain, or slow_conv2d's MKL product)
and the poolings' values and gradients are bit-identical.  oneDNN's gradient orders are fitted on one thread, as
torch's other goldens are recorded: on two threads (the first recordings, torch as it starts) it splits some
sums, so there they are checked to float32 accuracy (bench/conv_bits.py measures how often they are
bit-identical too); the one-thread recordings are checked bit for bit.  Where torch runs slow_conv2d (float32:
one small image; float64: always) gradcli makes its MKL calls, so with Intel MKL values and all gradients are
torch's bits."""


import numpy as np
import pytest

import gradcli.torch as gt
from gradcli.engine import mkl

from bitexact_goldens import generator_and_outputs

generator, STORED = generator_and_outputs("gen_conv_bits", "conv")  # its `run` replays a case through gradcli
CONVOLUTIONS = [i for i, case in enumerate(generator.CASES) if case[0].startswith("conv")]
SLOW_CONV2D = {14, 15, 16, 19}  # float32 cases torch runs with slow_conv2d: one small image (README)
TWO_THREADS = {(16, "gx")}  # float32 goldens come from torch on two threads, whose MKL splits this product


ONE_THREAD = CONVOLUTIONS + list(range(len(generator.CASES), len(generator.CASES) + len(generator.ONE_THREAD_CASES)))


def replay(i, variant=""):
    """(gradcli's results, torch's) for case i (variant "float64" or "one_thread": those recordings): dicts of out,
    gx, gw, gb."""
    form, _, _, kwargs = (generator.CASES + generator.ONE_THREAD_CASES)[i]
    key = f"{i}|{form}" + (f"|{variant}" if variant else "")
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


ALL_PARTS = ("out", "gx", "gw", "gb")
ONE_THREAD_KNOWN = {  # (case, part) -> why gradcli's bits are not torch's on one thread (compared to accuracy)
    **{(i, part): "dilated: oneDNN sums the weight and bias gradients in an order not found" for i in (6, 32)
       for part in ("gw", "gb")},
    **{(7, part): "1x1 kernel: torch on one thread runs slow_conv2d, gradcli oneDNN's order (as on two threads)"
       for part in ALL_PARTS},
    **{(17, part): "channels per group not a multiple of 8: oneDNN's orders not found" for part in ALL_PARTS},
    **{(33, part): "strided and dilated: oneDNN's orders not found" for part in ("gx", "gw", "gb")},
}


@pytest.mark.filterwarnings("ignore:Using padding=.same. with even kernel lengths")
@pytest.mark.parametrize("i", ONE_THREAD, ids=lambda i: f"{i}-{(generator.CASES + generator.ONE_THREAD_CASES)[i][0]}")
def test_one_thread_against_torch(i):
    """oneDNN's gradients in the orders fitted on one thread; slow_conv2d's through MKL."""
    got, want = replay(i, "one_thread")
    for name in got:
        if (i, name) in ONE_THREAD_KNOWN or mkl.library() is None and i in SLOW_CONV2D and name in ("gx", "gw"):
            np.testing.assert_allclose(got[name], want[name], rtol=0, atol=np.abs(want[name]).max() * 1e-5,
                                       err_msg=f"{i} {name}")
        else:
            assert same_bits(got[name], want[name]), (i, name)


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

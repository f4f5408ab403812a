#!/usr/bin/env python
"""Record torch 2.13's float32 convolutions and poolings for tests/engine/test_bitexact_conv.py (needs torch).

    /work/torchenv/bin/python tests/golden/gen_conv_bits.py

Writes ``tests/golden/bitexact/conv.npz``: per case the input, weight, bias and upstream gradient, torch's
output and its gradients in the input, weight and bias, with torch's default threads (two here); then, on one
thread as the other goldens, the convolutions again in float64 (keys ``{i}|{form}|float64|{name}``; float64
never takes oneDNN: torch's slow_conv2d, whose MKL products some shapes split across threads), and in float32
with ``ONE_THREAD_CASES`` added (keys ``{i}|{form}|one_thread|{name}``: oneDNN's backward orders are fitted on
one thread).  The cases are the tutorials' layers (the blitz's
LeNet, the state_dict recipe's net, batched) and the arguments conv2d and the poolings take.  The test
replays each case with ``run`` from this file, given gradcli's namespace instead of torch's (importing this
file does not import torch).  torch's default thread count and capability (AVX2 here).
"""

from pathlib import Path

import numpy as np

OUT = Path(__file__).resolve().parent / "bitexact" / "conv.npz"

# (form, input shape, weight shape (None for pooling), keyword arguments)
CASES = [
    ("conv2d", (1, 1, 32, 32), (6, 1, 5, 5), {}),                 # the blitz's LeNet, one image (tutorial 087)
    ("conv2d", (1, 6, 14, 14), (16, 6, 5, 5), {}),
    ("conv2d", (4, 3, 32, 32), (6, 3, 5, 5), {}),                 # the state_dict recipe's net, a batch of 4
    ("conv2d", (4, 6, 14, 14), (16, 6, 5, 5), {}),
    ("conv2d", (2, 3, 16, 16), (8, 3, 3, 3), {"padding": 1}),
    ("conv2d", (2, 3, 9, 9), (5, 3, 3, 3), {"stride": 2, "padding": 1}),
    ("conv2d", (2, 3, 11, 11), (4, 3, 3, 3), {"dilation": 2, "padding": 2}),
    ("conv2d", (2, 3, 10, 10), (7, 3, 1, 1), {}),
    ("conv2d", (2, 20, 6, 6), (8, 20, 3, 3), {}),
    ("conv2d", (2, 64, 6, 6), (10, 64, 3, 3), {}),
    ("conv2d", (1, 2, 7, 7), (3, 2, 4, 4), {"padding": "same"}),
    ("conv2d", (2, 3, 8, 8), (4, 3, 3, 3), {"bias": False}),
    ("conv2d", (2, 16, 9, 9), (16, 8, 3, 3), {"groups": 2}),
    ("conv2d", (2, 8, 9, 9), (8, 1, 3, 3), {"groups": 8}),
    ("conv2d", (1, 16, 10, 10), (8, 16, 3, 3), {}),                # torch's own slow_conv2d: one small image
    ("conv2d", (1, 2, 8, 8), (4, 2, 3, 3), {"padding": 1}),
    ("conv2d", (1, 1, 28, 28), (4, 1, 3, 3), {}),
    ("conv2d", (2, 6, 9, 9), (6, 3, 5, 5), {"groups": 2}),         # channels per group not a multiple of 8
    ("conv1d", (4, 3, 20), (5, 3, 3), {}),
    ("conv1d", (1, 2, 30), (4, 2, 5), {"padding": 2}),
    ("max_pool2d", (1, 6, 28, 28), None, {"kernel_size": 2}),
    ("max_pool2d", (2, 3, 9, 9), None, {"kernel_size": 3, "stride": 2, "padding": 1, "ceil_mode": True}),
    ("max_pool2d", (2, 3, 10, 10), None, {"kernel_size": (2, 3), "stride": 1, "dilation": 2}),
    ("avg_pool2d", (1, 6, 28, 28), None, {"kernel_size": 2}),
    ("avg_pool2d", (2, 3, 9, 9), None, {"kernel_size": 3, "stride": 2, "padding": 1, "ceil_mode": True,
                                        "count_include_pad": False}),
    ("avg_pool2d", (2, 3, 10, 10), None, {"kernel_size": 3, "stride": 1, "padding": 1}),
    ("avg_pool2d", (2, 3, 8, 8), None, {"kernel_size": 4, "divisor_override": 3}),
]
# convolutions recorded only on one thread, for oneDNN's backward orders: blocks of output channels, strides
ONE_THREAD_CASES = [
    ("conv2d", (2, 3, 10, 10), (12, 3, 3, 3), {}),
    ("conv2d", (2, 4, 9, 9), (20, 4, 3, 3), {"padding": 1}),
    ("conv2d", (4, 16, 8, 8), (16, 16, 5, 5), {"padding": 2}),
    ("conv2d", (3, 10, 9, 9), (17, 10, 3, 3), {"stride": 2}),
    ("conv2d", (2, 5, 11, 11), (20, 5, 3, 3), {"stride": (1, 2)}),
    ("conv2d", (2, 3, 12, 12), (9, 3, 3, 3), {"dilation": 2}),
    ("conv2d", (2, 5, 13, 13), (24, 5, 5, 5), {"stride": 3, "dilation": 2}),
    ("conv2d", (8, 6, 12, 12), (16, 6, 5, 5), {}),
    ("conv1d", (3, 4, 25), (10, 4, 3), {"stride": 2}),
]
NOT_FITTED = {17}  # the grouped case whose forward is summed in an order gradcli does not reproduce


def run(torch, form, x, w=None, b=None, g=None, kwargs=None):
    """The case's output and gradients with `torch` (torch itself, or gradcli.torch)."""
    F = torch.nn.functional
    x = x.detach().requires_grad_()
    inputs = [x]
    if form.startswith("conv"):
        w = w.detach().requires_grad_()
        inputs.append(w)
        if b is not None:
            b = b.detach().requires_grad_()
            inputs.append(b)
        out = getattr(F, form)(x, w, b, **kwargs)
    else:
        out = getattr(F, form)(x, **kwargs)
    grads = torch.autograd.grad(out, inputs, grad_outputs=g)
    return dict(zip(("out", "gx", "gw", "gb"), (out.detach(), *grads)))


def case_kwargs(kwargs):
    """The case's keyword arguments to the function ("bias": False says the case has no bias)."""
    return {k: v for k, v in kwargs.items() if k != "bias"}


def main():
    import torch

    torch.manual_seed(0)
    data = {}
    for suffix in ("", "|float64", "|one_thread"):
        dtype = torch.float64 if suffix == "|float64" else torch.float32
        if suffix:
            torch.set_num_threads(1)
        for i, (form, x_shape, w_shape, kwargs) in enumerate(CASES + ONE_THREAD_CASES * (suffix == "|one_thread")):
            if suffix and not form.startswith("conv"):
                continue
            x = torch.randn(x_shape, dtype=dtype)
            w = torch.randn(w_shape, dtype=dtype) * 0.2 if w_shape else None
            b = torch.randn(w_shape[0], dtype=dtype) * 0.2 if w_shape and kwargs.get("bias", True) else None
            options = case_kwargs(kwargs)
            g = torch.randn(_out_shape(torch, form, x, w, b, options), dtype=dtype)
            result = run(torch, form, x, w, b, g, options)
            key = f"{i}|{form}{suffix}"
            data[f"{key}|kwargs"] = np.array(repr(kwargs))
            for name, value in (("x", x), ("w", w), ("b", b), ("g", g), *result.items()):
                if value is not None:
                    data[f"{key}|{name}"] = value.numpy()
    OUT.parent.mkdir(exist_ok=True)
    np.savez_compressed(OUT, **data)
    print(f"wrote {OUT} ({len(CASES)} cases)")


def _out_shape(torch, form, x, w, b, kwargs):
    F = torch.nn.functional
    with torch.no_grad():
        return (getattr(F, form)(x, w, b, **kwargs) if w is not None else getattr(F, form)(x, **kwargs)).shape


if __name__ == "__main__":
    main()

#!/usr/bin/env python
"""Measure how often gradcli's layer_norm and embedding are bit-identical to torch's (needs torch).

    /work/torchenv/bin/python tests/golden/measure_layer_norm.py [CASES]   # 300 random cases per dtype by default

Per dtype, CASES random layer_norm calls (1 to 5 rows of 1 to 40000 elements, one or two normalised dims, with and
without weight and bias, eps from 1e-12 to 0.1, values scaled up to 100 and offset up to 1000): the output, the
input's, weight's and bias's gradients, and the input's second derivative through create_graph; then CASES
embedding lookups with repeated indices, a padding index or none, scale_grad_by_freq or not, and the weight's
gradient. Prints, per quantity,
how many cases were identical byte for byte. torch runs on one thread, with its default CPU capability (gradcli
computes as the same build).
"""

import os
import sys
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
import numpy as np  # noqa: E402
import torch  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))
import gradcli.torch as gt  # noqa: E402
import gradcli.torch.nn.functional as gF  # noqa: E402

CASES = int(sys.argv[1]) if len(sys.argv) > 1 else 300
ROW_SIZES = (1, 2, 3, 5, 7, 8, 9, 15, 16, 17, 31, 33, 64, 100, 127, 128, 129, 255, 256, 257, 513, 1000, 1025, 2049,
             4100, 8191, 16385, 40000)


def same(a, b):
    a, b = np.ascontiguousarray(a), np.ascontiguousarray(b)
    return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()


def layer_norm_case(rng, dtype):
    """{quantity: identical?} for one random call."""
    rows, n = int(rng.integers(1, 6)), int(rng.choice(ROW_SIZES))
    normalized = (n,) if n < 4 or rng.random() < 0.7 else (2, n // 2) if n % 2 == 0 else (n,)
    x = (rng.standard_normal((rows, *normalized)) * rng.choice([1, 3, 100]) + rng.choice([0, 1, -5, 1000])).astype(dtype)
    w = rng.standard_normal(normalized).astype(dtype) if rng.random() < 0.6 else None
    b = rng.standard_normal(normalized).astype(dtype) if rng.random() < 0.6 else None
    g = rng.standard_normal(x.shape).astype(dtype)
    eps = float(rng.choice([1e-5, 1e-6, 1e-3, 0.1, 1e-12]))
    results = []
    for module, functional in ((torch, torch.nn.functional), (gt, gF)):
        inputs = [None if a is None else module.tensor(a).requires_grad_() for a in (x, w, b)]
        out = functional.layer_norm(inputs[0], list(normalized), inputs[1], inputs[2], eps)
        wanted = [t for t in inputs if t is not None]
        grads = module.autograd.grad(out, wanted, module.tensor(g), create_graph=True)
        second, = module.autograd.grad((grads[0] * grads[0]).sum(), inputs[0])
        results.append([out, *grads, second])
    names = ["output", "input grad"] + (["weight grad"] if w is not None else []) + \
        (["bias grad"] if b is not None else []) + ["second derivative"]
    return {name: same(a.detach().numpy(), c.detach().numpy()) for name, a, c in zip(names, *results)}


def embedding_case(rng, dtype):
    rows, dim = int(rng.integers(2, 50)), int(rng.integers(1, 70))
    indices = rng.integers(0, rows, (int(rng.integers(1, 6)), int(rng.integers(1, 40))))
    padding = None if rng.random() < 0.5 else int(rng.integers(0, rows))
    scaled = bool(rng.random() < 0.5)
    weight = rng.standard_normal((rows, dim)).astype(dtype)
    g = rng.standard_normal((*indices.shape, dim)).astype(dtype)
    results = []
    for module, functional in ((torch, torch.nn.functional), (gt, gF)):
        w = module.tensor(weight).requires_grad_()
        out = functional.embedding(module.tensor(indices), w, padding_idx=padding, scale_grad_by_freq=scaled)
        out.backward(module.tensor(g))
        results.append((out, w.grad))
    return {"embedding": same(results[0][0].detach().numpy(), results[1][0].detach().numpy()),
            "embedding weight grad": same(results[0][1].numpy(), results[1][1].numpy())}


def main():
    torch.set_num_threads(1)
    rng = np.random.default_rng(2026)
    for dtype in (np.float32, np.float64):
        tally = {}
        for case in (layer_norm_case, embedding_case):
            for _ in range(CASES):
                for name, identical in case(rng, dtype).items():
                    hits, total = tally.get(name, (0, 0))
                    tally[name] = (hits + identical, total + 1)
        for name, (hits, total) in tally.items():
            print(f"{np.dtype(dtype).name} {name}: {hits}/{total} identical")


if __name__ == "__main__":
    main()

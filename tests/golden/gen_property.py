#!/usr/bin/env python
"""Record torch 2.13's values and gradients for the property corpus (tests/engine/test_property_corpus.py).

Run once, with the interpreter that has PyTorch installed::

    /work/torchenv/bin/python tests/golden/gen_property.py

For every case of tests/golden/property_ops.py (every rule of gradcli's rule table), in float32 and float64,
DRAWS random draws of shapes and values: the inputs, torch's output, a random cotangent and the gradients
torch.autograd.grad gives for it (the backward of the sum of the output times the cotangent). Everything goes
to tests/golden/property/corpus.npz, keyed ``case|dtype|draw|field``, with the CPU capability torch used; a
capability other than AVX2 (torch's default on an AVX-512 CPU, or ATEN_CPU_CAPABILITY=avx512) goes to
corpus_avx512.npz beside it, the same draws.
"""

import json
import os
import sys
import warnings
import zlib
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")
import numpy as np  # noqa: E402
import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from property_ops import CASES, DRAWS, DTYPES, values  # noqa: E402

CORPUS_FILES = {"AVX2": "corpus.npz", "AVX512": "corpus_avx512.npz"}


def draw_inputs(case, dtype, draw):
    """The same draw in the generator and the test: the rng is seeded from the case, dtype and draw."""
    rng = np.random.default_rng(zlib.crc32(f"{case.name}|{dtype}|{draw}".encode()))
    specs, kw = case.draw(rng)
    arrays = [values(rng, shape, domain, np, dtype) for shape, domain in specs]
    return rng, arrays, kw


def run(case, arrays, kw):
    inputs = [torch.from_numpy(a.copy()) for a in arrays]
    for x in inputs:
        if x.dtype.is_floating_point:
            x.requires_grad_()
    out = case.fn(torch, F, inputs, **kw)
    return inputs, out


def main():
    torch.set_num_threads(1)
    warnings.simplefilter("ignore", UserWarning)  # backward(create_graph=True)'s reference-cycle warning
    cases = {}
    for case in CASES:
        for dtype in DTYPES:
            for draw in range(DRAWS):
                rng, arrays, kw = draw_inputs(case, dtype, draw)
                inputs, out = run(case, arrays, kw)
                cotangent = np.asarray(rng.standard_normal(tuple(out.shape)), out.numpy(force=True).dtype)
                differentiable = [x for x in inputs if x.requires_grad]
                grads = torch.autograd.grad(out, differentiable, torch.from_numpy(cotangent), allow_unused=True)
                key = f"{case.name}|{dtype}|{draw}"
                for i, a in enumerate(arrays):
                    cases[f"{key}|in{i}"] = a
                cases[f"{key}|kw"] = np.array(json.dumps(kw))
                cases[f"{key}|out"] = out.detach().numpy()
                cases[f"{key}|cotangent"] = cotangent
                for i, g in enumerate(grads):
                    if g is not None:
                        cases[f"{key}|grad{i}"] = g.numpy(force=True)  # force: a zero gradient may be a ZeroTensor
    capability = torch.backends.cpu.get_cpu_capability()
    out = HERE / "property" / CORPUS_FILES[capability]
    out.parent.mkdir(exist_ok=True)
    np.savez_compressed(out, __capability__=np.array(capability), __torch__=np.array(torch.__version__), **cases)
    print(f"{len(CASES)} cases x {len(DTYPES)} dtypes x {DRAWS} draws, capability {capability}: {out}")


if __name__ == "__main__":
    main()

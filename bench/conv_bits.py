"""How often gradcli's convolutions and poolings are bit-identical to torch 2.13's:
`python bench/conv_bits.py` (the cases of tests/golden/gen_conv_bits.py: the tutorials' layers and the
arguments conv2d and the poolings take, float32, then the convolutions in float64). Prints, per dtype, function
and result (out, grad of input, weight, bias), the share of elements with torch's exact bits."""

import collections
import sys
import warnings
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "engine"))
from test_bitexact_conv import CONVOLUTIONS, generator, replay  # noqa: E402  (the test's own replay)


def main():
    warnings.simplefilter("ignore")  # torch's warning for the 'same' padding of an even kernel (one case)
    same, total = collections.Counter(), collections.Counter()
    for dtype, bits in (("float32", np.uint32), ("float64", np.uint64)):
        for i, (form, *_) in enumerate(generator.CASES):
            if dtype == "float64" and i not in CONVOLUTIONS:
                continue
            got, want = replay(i, dtype)
            for name in got:
                same[dtype, form, name] += int(np.sum(got[name].view(bits) == want[name].view(bits)))
                total[dtype, form, name] += got[name].size
    for (dtype, form, name), count in total.items():
        print(f"{dtype} {form:<11s} {name:<3s} {same[dtype, form, name]:8d} / {count:8d}  "
              f"{same[dtype, form, name] / count:7.1%}")


if __name__ == "__main__":
    main()

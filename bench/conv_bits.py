"""How often gradcli's float32 convolutions and poolings are bit-identical to torch 2.13's:
`python bench/conv_bits.py` (the cases of tests/golden/gen_conv_bits.py: the tutorials' layers and the
arguments conv2d and the poolings take). Prints, per function and result (out, grad of input, weight,
bias), the share of elements with torch's exact bits."""

import collections
import sys
import warnings
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "engine"))
from test_bitexact_conv import generator, replay  # noqa: E402  (the test's own replay)


def main():
    warnings.simplefilter("ignore")  # torch's warning for the 'same' padding of an even kernel (one case)
    same, total = collections.Counter(), collections.Counter()
    for i, (form, *_) in enumerate(generator.CASES):
        got, want = replay(i)
        for name in got:
            same[form, name] += int(np.sum(got[name].view(np.uint32) == want[name].view(np.uint32)))
            total[form, name] += got[name].size
    for (form, name), count in total.items():
        print(f"{form:<11s} {name:<3s} {same[form, name]:8d} / {count:8d}  {same[form, name] / count:7.1%}")


if __name__ == "__main__":
    main()

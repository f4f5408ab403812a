"""How often gradcli's convolutions and poolings are bit-identical to torch 2.13's:
`python bench/conv_bits.py` (the cases of tests/golden/gen_conv_bits.py: the tutorials' layers and the
arguments conv2d and the poolings take: float32 recorded with torch's default threads, then the convolutions in
float64 and in float32 with more shapes, recorded on one thread). Prints, per recording, function and result
(out, grad of input, weight, bias), the share of elements with torch's exact bits."""

import collections
import sys
import warnings
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "engine"))
from test_bitexact_conv import CONVOLUTIONS, ONE_THREAD, generator, replay  # noqa: E402  (the test's own replay)


def main():
    warnings.simplefilter("ignore")  # torch's warning for the 'same' padding of an even kernel (one case)
    same, total = collections.Counter(), collections.Counter()
    for variant, cases, bits in (("", range(len(generator.CASES)), np.uint32), ("float64", CONVOLUTIONS, np.uint64),
                                 ("one_thread", ONE_THREAD, np.uint32)):
        dtype = {"": "float32", "one_thread": "float32/1"}.get(variant, variant)
        for i in cases:
            form = (generator.CASES + generator.ONE_THREAD_CASES)[i][0]
            got, want = replay(i, variant)
            for name in got:
                same[dtype, form, name] += int(np.sum(got[name].view(bits) == want[name].view(bits)))
                total[dtype, form, name] += got[name].size
    for (dtype, form, name), count in total.items():
        print(f"{dtype:<9s} {form:<11s} {name:<3s} {same[dtype, form, name]:8d} / {count:8d}  "
              f"{same[dtype, form, name] / count:7.1%}")


if __name__ == "__main__":
    main()

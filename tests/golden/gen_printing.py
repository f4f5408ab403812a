"""Regenerate tests/golden/printing.json from real PyTorch (torch's own repr is the expected output).

Run with the reference interpreter:  /work/torchenv/bin/python tests/golden/gen_printing.py
Floats are stored as repr() strings of their Python-float value, so nan, inf and -0.0 survive JSON and
float32 values round-trip exactly.
"""

import json
import math
from pathlib import Path

import torch

OUT = Path(__file__).with_name("printing.json")
torch.manual_seed(2013)
nan, inf = math.nan, math.inf
f32, f64, i64, i32, b = torch.float32, torch.float64, torch.int64, torch.int32, torch.bool


def encode(t):
    def enc(x):
        if isinstance(x, list):
            return [enc(y) for y in x]
        return repr(float(x)) if t.dtype.is_floating_point else x

    return enc(t.tolist())


def record(t, id_):
    t_data = t.detach()
    return {
        "id": id_,
        "data": encode(t_data),
        "shape": list(t.shape),
        "dtype": str(t.dtype).removeprefix("torch."),
        "requires_grad": t.requires_grad,
        "grad_fn": None if t.grad_fn is None else type(t.grad_fn).__name__,
        "expected": repr(t),
    }


tensors = []


def add(id_, t):
    assert repr(t) == str(t)
    tensors.append(record(t, id_))


def T(values, dtype=f32, **kw):
    return torch.tensor(values, dtype=dtype, **kw)


# --- float32 1-D: integer mode, fixed, scientific, and the thresholds between them ---
add("int_mode", T([1.0, 2.0, 3.0]))
add("int_mode_neg", T([-1.0, 20.0, 300.0]))
add("fixed_tenths", T([0.1, 0.2, 0.3]))
add("fixed_mixed", T([1.5, -2.25, 3.0]))
add("fixed_rounding_f32", T([1.00005, 2.00015, 0.12345, 9.99995]))
add("fixed_small_ok", T([0.001, 0.5]))
add("fixed_large", T([12345.678, 2.5]))
add("ratio_1000_int", T([1.0, 1000.0]))
add("ratio_1001_sci", T([1.0, 1001.0]))
add("ratio_f32_0p001", T([0.001, 1.0]))
add("sci_1e-5", T([1e-5]))
add("sci_1e-4_f32", T([1e-4]))  # float32 1e-4 is just below 1e-4 -> scientific
add("sci_neg_small", T([-1e-5, 2e-5, 3.5e-5]))
add("sci_big_int", T([123456789.0]))
add("int_1e8", T([1e8]))
add("int_99999999", T([99999999.0, 1.0 * 3]))
add("sci_int_mode_1e15", T([1e15, 2e15]))
add("sci_1e20_frac", T([1e20, 1.5]))
add("sci_wide_range", T([1e-3, 1e3, 5.0]))
add("sci_tie", T([1.00005e-5, 2.0e-5]))
add("zeros", torch.zeros(5))
add("neg_zero", T([-0.0]))
add("zero_negzero", T([0.0, -0.0]))
add("negzero_int", T([-0.0, 1.0]))
add("negzero_fixed", T([-0.0, 0.5]))
add("negzero_sci", T([-0.0, 1e-6]))
add("nan", T([nan]))
add("inf", T([inf]))
add("ninf", T([-inf]))
add("nonfinite_only", T([nan, inf, -inf]))
add("nonfinite_int", T([1.0, nan, inf, -inf]))
add("nonfinite_fixed", T([0.5, nan, -inf]))
add("nonfinite_sci", T([1e-5, nan, inf]))
add("nonfinite_sci_big", T([1e10, nan, -inf, 0.0]))
add("nan_wider_than_col", T([1.0, nan, 2.0]))
add("randn_8", torch.randn(8))
add("randn_8_scaled", torch.randn(8) * 1e4)

# --- 0-d ---
add("0d_int_mode", T(3.0))
add("0d_fixed", T(0.5))
add("0d_negzero", T(-0.0))
add("0d_nan", T(nan))
add("0d_inf", T(-inf))
add("0d_sci_small", T(1e-5))
add("0d_sci_big", T(123456789.0))
add("0d_f64", T(3.0, f64))
add("0d_f64_fixed", T(0.1, f64))
add("0d_i64", T(7, i64))
add("0d_i32", T(-7, i32))
add("0d_bool", T(True, b))
add("0d_requires_grad", T(2.5, requires_grad=True))
add("0d_grad_fn_sum", torch.randn(3, requires_grad=True).sum())

# --- empty ---
add("empty_1d", torch.tensor([]))
add("empty_0x3", torch.zeros(0, 3))
add("empty_2x0x4_i64", torch.zeros(2, 0, 4, dtype=i64))
add("empty_f64", torch.zeros(0, dtype=f64))
add("empty_i64", torch.zeros(0, dtype=i64))
add("empty_i32_0x1", torch.zeros(0, 1, dtype=i32))
add("empty_bool", torch.zeros(0, dtype=b))
add("empty_requires_grad", torch.zeros(0, 3, requires_grad=True))
add("empty_grad_fn", torch.zeros(0, 3, dtype=f64, requires_grad=True) * 2)

# --- float64 ---
add("f64_tenths", T([0.1, 0.2], f64))
add("f64_1e-4_fixed", T([1e-4, 1.0], f64))  # exactly 1e-4 in double: not below the threshold
add("f64_randn", torch.randn(4, dtype=f64))
add("f64_int_mode", T([1.0, 2.0], f64))
add("f64_nonfinite", T([nan, -inf, 1.25], f64))
add("f64_2d", torch.randn(3, 4, dtype=f64))
add("f64_sci_2d", torch.randn(2, 3, dtype=f64) * 1e-6)

# --- integers ---
add("i64_arange", torch.arange(10))
add("i64_mixed", T([-5, 100, 2**40], i64))
add("i64_extremes", T([2**62, -(2**63), 0], i64))
add("i64_2d", torch.randint(-100, 100, (3, 5)))
add("i64_long_row", torch.arange(40) * 37)
add("i64_3d", torch.arange(24).reshape(2, 3, 4))
add("i64_summarized", torch.arange(2000))
add("i32_small", T([1, 2, 3], i32))
add("i32_2d", torch.randint(-1000, 1000, (3, 3), dtype=i32))
add("i32_long_row", torch.arange(14, dtype=i32) * 1000)
add("i32_extremes", T([2**31 - 1, -(2**31)], i32))

# --- bool ---
add("bool_mixed", T([True, False], b))
add("bool_all_true", T([True, True], b))
add("bool_false", T([False], b))
add("bool_2d", torch.rand(3, 4) > 0.5)
add("bool_3d", torch.rand(2, 2, 3) > 0.5)
add("bool_long_row", torch.rand(30) > 0.5)
add("bool_summarized", torch.rand(1001) > 0.5)

# --- multi-dimensional ---
add("2d_randn", torch.randn(3, 4))
add("2d_int_mode", torch.arange(6.0).reshape(2, 3))
add("2d_sci", torch.randn(2, 3) * 1e5)
add("2d_wide_wrap", torch.randn(3, 20))
add("2d_wide_wrap_f64", torch.randn(2, 30, dtype=f64))
add("2d_sci_wrap", torch.randn(2, 12) * 1e-6)
add("3d_randn", torch.randn(2, 3, 4))
add("3d_wide_wrap", torch.randn(2, 2, 15))
add("4d_randn", torch.randn(2, 2, 2, 3))
add("5d_small", torch.arange(32.0).reshape(2, 2, 2, 2, 2))
add("shape_1x1", torch.ones(1, 1))
add("shape_1x5", torch.randn(1, 5))
add("shape_5x1", torch.randn(5, 1))
add("shape_1x1x1", torch.full((1, 1, 1), -0.0))
add("shape_3x1x2", torch.randn(3, 1, 2))
add("2d_nonfinite", T([[1.0, nan], [-inf, 0.25]]))

# --- summarisation (> 1000 elements) ---


def grid(*shape, dtype=f32):  # random multiples of 1/64: exact in float32 and short in JSON
    return torch.randint(-640, 640, shape).to(dtype) / 64


add("sum_1d_1001", torch.arange(1001.0))
add("sum_1d_randn", torch.randn(2000))
add("exact_1000_no_sum", torch.arange(1000.0) / 8)
x = torch.ones(2000)
x[1000] = 1e-8  # hidden in the middle: must not switch the shown part to scientific
add("sum_hidden_tiny", x)
y = torch.ones(1500) * 0.5
y[700] = nan
add("sum_hidden_nan", y)
add("sum_2d_40x40", torch.randn(40, 40))
add("sum_2d_1001x1", grid(1001, 1))
add("sum_2d_2x600", grid(2, 600))
add("sum_2d_600x2", torch.arange(1200.0).reshape(600, 2))
add("sum_3d", grid(10, 10, 11))
add("sum_3d_i64", torch.randint(0, 10**6, (11, 10, 10)))
add("sum_4d", grid(5, 7, 7, 7))
add("sum_3d_narrow", grid(5, 300, 1))
add("sum_f64_requires_grad", grid(30, 40, dtype=f64).requires_grad_())
add("sum_sci", grid(1200) * 2**-30)

# --- suffixes and their wrapping at 80 columns ---
base = torch.randn(4, requires_grad=True)
add("requires_grad", base)
add("grad_fn_mul", base * 2)
add("grad_fn_add", base + 1)
add("grad_fn_clone", base.clone())
add("grad_fn_view", base.view(2, 2))
add("grad_fn_sum_dim", torch.randn(3, 4, requires_grad=True).sum(0))
add("grad_fn_t", torch.randn(2, 3, requires_grad=True).t())
add("grad_fn_mm", torch.randn(2, 3, requires_grad=True) @ torch.randn(3, 2))
add("grad_fn_exp_f64", torch.randn(3, dtype=f64, requires_grad=True).exp())
add("int_mode_requires_grad", T([1.0, 2.0], requires_grad=True))
for n in range(7, 13):  # fixed-width cells: the last line crosses the width somewhere in this sweep
    add(f"wrap_f64_sweep_{n}", torch.arange(n, dtype=f64) + 0.5)
    add(f"wrap_req_sweep_{n}", (torch.arange(n, dtype=f32) + 0.25).requires_grad_())
    add(f"wrap_both_sweep_{n}", (torch.arange(n, dtype=f64) + 0.75).requires_grad_() * 1)
add("wrap_multiline_f64", torch.randn(3, 9, dtype=f64))
add("wrap_multiline_grad_fn", torch.randn(3, 10, requires_grad=True) * 2)
add("wrap_i32_long", torch.arange(11, dtype=i32) * 100000)

# --- torch.return_types (torch.max over a dim) ---
return_types = []
for id_, src, dim in [
    ("max_2d_dim0", torch.tensor([[1.0, 5.0, 3.0], [4.0, 2.0, 6.0]], requires_grad=True), 0),
    ("max_3d_f64", torch.randn(3, 4, 5, dtype=f64), 1),
    ("max_i64", torch.tensor([[1, 2], [3, 4]]), 1),
    ("max_1d", torch.tensor([0.5, -1.0, 2.25]), 0),
    ("max_bool", torch.rand(2, 3) > 0.5, 0),
]:
    r = torch.max(src, dim)
    return_types.append({"id": id_, "name": "max", "expected": repr(r),
                         "fields": [[f, record(getattr(r, f), f)] for f in ("values", "indices")]})

sizes = [{"shape": list(s), "expected": repr(torch.Size(s))} for s in [(), (4,), (2, 3), (0, 3), (1, 1, 1, 7)]]



def rows(cases):  # one compact case per line: small file, readable diffs
    return "[\n" + ",\n".join(json.dumps(c, separators=(",", ":")) for c in cases) + "\n]"


OUT.write_text(f'{{"torch":{json.dumps(torch.__version__)},\n"tensors":{rows(tensors)},\n'
               f'"return_types":{rows(return_types)},\n"sizes":{rows(sizes)}}}\n')
wrapped = sum(",\n       " in c["expected"] and c["expected"].rsplit(",\n", 1)[1].lstrip()[:5] in
              ("dtype", "requi", "grad_") for c in tensors)
print(f"wrote {len(tensors)} tensor, {len(return_types)} return_types and {len(sizes)} size cases "
      f"({wrapped} with a wrapped suffix) to {OUT}")

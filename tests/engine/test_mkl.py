"""Intel MKL, optional (gradcli/engine/mkl.py): with it, the kernels torch 2.13 takes from MKL (VML's exp, log,
sin, ...; BLAS's gemm, gemv, dot) give torch's bits in float32 and float64 at every size (goldens:
tests/golden/gen_mkl_bits.py); without it, or with GRADCLI_MKL=0, gradcli keeps its NumPy/SLEEF paths."""

import contextlib
import os
import subprocess
import sys

import numpy as np
import pytest

import gradcli.torch as gt
from gradcli.engine import gemm, mkl

from bitexact_goldens import generator_and_outputs

generator, TORCH = generator_and_outputs("gen_mkl_bits", "mkl")  # inputs(), operands(), run(): inputs rebuilt
DTYPES = ("float32", "float64")


def same_bits(got, want):
    got = np.asarray(got)
    return got.dtype == want.dtype and got.shape == want.shape and got.tobytes() == want.tobytes()


@pytest.mark.mkl
@pytest.mark.parametrize("name", list(generator.VML))
@pytest.mark.parametrize("dtype", DTYPES)
def test_vml_function_matches_torch(name, dtype):
    x = gt.from_numpy(generator.inputs(name, dtype))
    assert same_bits(getattr(gt, name)(x).numpy(), TORCH[f"{name}|{dtype}"])
    assert same_bits(getattr(gt, name)(x[2::7]).numpy(), TORCH[f"{name}|{dtype}|strided"])


@pytest.mark.mkl
@pytest.mark.parametrize("dtype", DTYPES)
def test_pow_one_half_is_the_sqrt_kernel(dtype):
    assert same_bits((gt.from_numpy(generator.inputs("sqrt", dtype)) ** 0.5).numpy(), TORCH[f"pow_half|{dtype}"])


def _product_case(number):
    form, *arrays = generator.operands(number)
    tensors = (None if x is None else gt.from_numpy(x) for x in arrays)
    got = generator.run(gt, form, *tensors)
    return {part: (value.detach().numpy(), TORCH[f"{number}|{form}|{part}"]) for part, value in got.items()}


@pytest.mark.mkl
@pytest.mark.parametrize("number", range(len(generator.PRODUCTS)),
                         ids=["-".join(map(str, case[:3])) for case in generator.PRODUCTS])
def test_matrix_product_matches_torch_at_any_size(number):
    for part, (got, want) in _product_case(number).items():
        assert same_bits(got, want), part


@pytest.mark.mkl
def test_the_two_layer_net_trained_with_adam_prints_torchs_losses():
    assert same_bits(generator.adam_loop(gt), TORCH["adam_loop"])


def test_products_above_the_exact_limit_are_numpys_without_mkl(without_mkl):
    """Without MKL a float32 product above gemm.EXACT_LIMIT takes NumPy's BLAS: not torch's bits (the
    README's table), but still the product."""
    number = next(i for i, case in enumerate(generator.PRODUCTS) if case[:2] == ("mm", "float32"))
    _, a, b, _, _ = generator.operands(number)
    assert a.shape[0] * a.shape[1] * b.shape[1] > gemm.EXACT_LIMIT
    (got, want), = _product_case(number).values()
    assert np.array_equal(got, a @ b) and not same_bits(got, want)


def test_elementwise_functions_keep_their_numpy_path_without_mkl(without_mkl):
    x = np.linspace(-3, 3, 1001, dtype=np.float32)
    assert same_bits(gt.sin(gt.from_numpy(x)).numpy(), np.sin(x.astype(np.float64)).astype(np.float32))
    assert same_bits(gt.sqrt(gt.from_numpy(x + 3)).numpy(), np.sqrt(x + 3))


def test_complex_and_integer_inputs_never_reach_mkl():
    assert gt.sqrt(gt.tensor([4, 9])).tolist() == [2.0, 3.0]
    assert same_bits(mkl.vml("sin", np.sin)(np.array([1j, 2 + 0j])), np.sin(np.array([1j, 2 + 0j])))
    x = np.array([[1 + 1j, 2], [3, 4j]])
    assert same_bits(gemm.product(x, x), x @ x)


def test_a_missing_or_broken_mkl_leaves_the_numpy_paths(monkeypatch, tmp_path):
    monkeypatch.setattr(sys, "path", [str(tmp_path)])
    assert mkl._load() is None  # no mkl distribution on the path
    broken = tmp_path / "mkl-2024.2.0.dist-info"
    broken.mkdir()
    (broken / "RECORD").write_text("../../libmkl_rt.so.2,sha256=x,1\n")
    assert mkl._load() is None  # recorded, but the library is not there


def _loaded_after(code, **env):
    """Whether libmkl_rt is mapped into a fresh interpreter after it runs `code`."""
    script = f"import gradcli.torch as torch\n{code}\nprint('libmkl_rt' in open('/proc/self/maps').read())"
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True,
                            env={**os.environ, **env})
    return result.stdout.strip() == "True"


def test_mkl_is_loaded_on_first_use_only():
    assert not _loaded_after("torch.tensor([1., 2.]) * 3")  # importing gradcli (start-up) never loads it
    assert not _loaded_after("torch.sin(torch.tensor([1., 2.]))", GRADCLI_MKL="0")


@pytest.mark.mkl
def test_mkl_is_loaded_by_the_first_kernel_that_needs_it():
    assert _loaded_after("torch.sin(torch.tensor([1., 2.]))")


@pytest.mark.mkl
@pytest.mark.parametrize("driver", ["gels", "gelsy", "gelsd", "gelss"])
def test_lstsq_without_mkl_gives_mkls_results_up_to_rounding(driver):
    """Without MKL, NumPy's SVD-based lstsq stands in for each LAPACK driver: the same fields (shapes, dtypes,
    ranks), the same values to rounding (the bits need not be torch's), gels's refusal of a rank-deficient matrix."""
    rng = np.random.default_rng(0)
    for a, b in [((2, 7, 3), (2, 7, 2)), ((3, 5), (3,)), ((4, 4), (4, 1)), ((1, 6, 2), (3, 6, 2)), ((0, 3), (0, 2))]:
        a, b = gt.from_numpy(rng.standard_normal(a)), gt.from_numpy(rng.standard_normal(b))
        with_mkl = gt.linalg.lstsq(a, b, driver=driver)
        with mkl.disabled():
            without = gt.linalg.lstsq(a, b, driver=driver)
        for got, want in zip(without, with_mkl):
            assert (got.shape, got.dtype) == (want.shape, want.dtype)
            np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-10, atol=1e-12)
    if driver == "gels":  # a zero column: an exact zero on R's diagonal for both QRs
        deficient = gt.from_numpy(np.stack([np.arange(1.0, 6.0), np.zeros(5)], 1)).expand(2, 5, 2)
        messages = []
        for context in (mkl.disabled(), contextlib.nullcontext()):
            with context, pytest.raises(RuntimeError) as error:
                gt.linalg.lstsq(deficient, gt.ones(2, 5, 1, dtype=gt.float64), driver="gels")
            messages.append(str(error.value))
        assert messages[0] == messages[1] and "(Batch element 0)" in messages[0] and "(error code: 2)" in messages[0]


FORK_DURING_LOAD = """
import os
from gradcli.engine import mkl
mkl.load_in_background()
pid = os.fork()  # at once, with the load under way on its thread
if pid == 0:
    mkl.library()
    os._exit(0)
print(os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]))
"""


def test_a_fork_during_a_background_load_waits_for_it():
    """gradcli check forks graders while MKL may still be loading on its thread: the child must not inherit
    the load's lock held (it would wait for it forever)."""
    import subprocess
    import sys

    done = subprocess.run([sys.executable, "-c", FORK_DURING_LOAD], capture_output=True, text=True, timeout=60)
    assert (done.returncode, done.stdout) == (0, "0\n")

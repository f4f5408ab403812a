"""For every test directory: the `mkl` marker (the test needs Intel MKL, gradcli[mkl]: skipped with the reason
when it is not installed or GRADCLI_MKL=0) and the `without_mkl` fixture (the test runs on the NumPy/SLEEF
paths even when MKL is loaded, so both paths are tested in one run).

The goldens come from torch's AVX2 build, so gradcli computes as that build here and in the processes the tests
start (ATEN_CPU_CAPABILITY=avx2, which gradcli reads as torch does), whatever the CPU; the property corpus is also
replayed against torch's AVX512 build (tests/engine/test_property_corpus.py)."""

import os

os.environ["ATEN_CPU_CAPABILITY"] = "avx2"  # before gradcli is imported: it reads the capability once, at import

import pytest  # noqa: E402

from gradcli.engine import mkl  # noqa: E402


def pytest_configure(config):
    config.addinivalue_line("markers", "mkl: needs Intel MKL (pip install -e '.[test,mkl]'); skipped without it")


def pytest_collection_modifyitems(config, items):
    if mkl.library() is None:
        skip = pytest.mark.skip(reason="Intel MKL is not loaded: the mkl wheel is not installed (pip install -e "
                                       "'.[test,mkl]') or GRADCLI_MKL=0")
        for item in items:
            if item.get_closest_marker("mkl") is not None:
                item.add_marker(skip)


@pytest.fixture
def without_mkl():
    with mkl.disabled():
        yield

"""For every test directory: the `mkl` marker (the test needs Intel MKL, gradcli[mkl]: skipped with the reason
when it is not installed or GRADCLI_MKL=0) and the `without_mkl` fixture (the test runs on the NumPy/SLEEF
paths even when MKL is loaded, so both paths are tested in one run)."""

import pytest

from gradcli.engine import mkl


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

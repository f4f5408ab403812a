"""Intel MKL, optional: the library torch 2.13's x86-64 CPU build computes these kernels with.

torch sends float32 and float64 exp, log, sin, ... to MKL's vector math library (VML, mode
VML_HA | VML_FTZDAZ_OFF | VML_ERRMODE_IGNORE: aten/src/ATen/cpu/vml.h), called here, and its matrix products and
linear solvers to MKL's BLAS and LAPACK (mkl_linalg.py, imported with the ops that use them).
MKL's algorithms are closed, but the same MKL (2024.2, the version torch 2.13 links; the wheel of
`pip install gradcli[mkl]`) called with the same arguments returns the same bits.  It is called through its
documented C API, passing what torch passes.

The library is found and loaded on first use, never when gradcli is imported (it costs tens of
milliseconds).  It is not used when the environment sets GRADCLI_MKL=0, when the `mkl` distribution is not
installed, or when loading it fails: ``library()`` is then None and the callers keep their NumPy/SLEEF paths.
"""

import contextlib
import os
import sys
import threading

import numpy as np

_UNLOADED = object()
_library = _UNLOADED
_loading = threading.Lock()  # held while the library loads (or is switched off): others wait, not load it again

_VML_MODE = 0x2 | 0x140000 | 0x100  # VML_HA | VML_FTZDAZ_OFF | VML_ERRMODE_IGNORE, as torch's vml.h
_THREADING_SEQUENTIAL, _THREADING_GNU = 1, 3  # MKL_THREADING_*: no OpenMP runtime; GNU's (libgomp), as torch links
_INTERFACE_LP64 = 0  # 32-bit integers, as torch's MKL calls use
INT_MAX = 2**31 - 1
PREFIX = {np.dtype(np.float32): "s", np.dtype(np.float64): "d"}


def library():
    """The loaded libmkl_rt (a ctypes.CDLL), or None when MKL is switched off or not installed."""
    global _library
    if _library is _UNLOADED:
        with _loading:
            if _library is _UNLOADED:
                _library = _load() if os.environ.get("GRADCLI_MKL", "1") != "0" else None
    return _library


def load_in_background():
    """Start loading MKL on a thread of its own, for a process about to compute with it: its libraries take
    some 6 ms to load and link, most of it outside Python's lock, so the load overlaps with what the process
    imports meanwhile (given a free core). The first call that needs MKL waits for it (library()), and so
    does a fork (_finish_loading)."""
    threading.Thread(target=library, name="gradcli-mkl", daemon=True).start()


def _finish_loading():
    """Before a fork (gradcli check grading on several cores): wait for a load under way, which a child
    would inherit half done, its lock held by a thread the child does not have."""
    with _loading:
        pass


os.register_at_fork(before=_finish_loading)


@contextlib.contextmanager
def disabled():
    """Within the block, every kernel takes its path without MKL (the tests compare both paths in one run)."""
    global _library
    with _loading:  # after a load under way, which would otherwise set _library within the block
        saved, _library = _library, None
    try:
        yield
    finally:
        _library = saved


def _load():
    import ctypes
    try:
        lib = _opened(_installed_library())
        # Both must be chosen before any other MKL call; they take precedence over MKL_THREADING_LAYER and
        # MKL_INTERFACE_LAYER in the environment.
        # GNU OpenMP's threaded library, as torch links it, on one thread (torch's goldens are recorded so): its
        # ?getrf_ differs from the sequential library's from n = 33 on.  Sequential where libgomp is missing.
        layer = _THREADING_GNU if _loads("libgomp.so.1") else _THREADING_SEQUENTIAL
        if lib.MKL_Set_Threading_Layer(layer) != layer:
            return None
        if lib.MKL_Set_Interface_Layer(_INTERFACE_LP64) != _INTERFACE_LP64:
            return None
        lib.MKL_Set_Num_Threads(1)
        lib.sdot_.restype, lib.ddot_.restype = ctypes.c_float, ctypes.c_double
        # VML loads its kernels (a library of their own) at its first call: here, so that a library returned
        # is whole, and a process that forks (gradcli check) never does so in the middle of a load.
        _vml(_vml_function(lib, "vmdExp"), np.zeros(1))
    except Exception:  # not installed, not loadable on this platform, a symbol missing: keep the NumPy paths
        return None
    return lib


def _loads(name):
    try:
        _opened(name)
    except OSError:
        return False
    return True


def _opened(name):
    """ctypes.CDLL(name), its dlopen called as a foreign function where the process has one: ctypes releases
    Python's lock around such calls, not around CDLL's own dlopen, so a load on a background thread leaves the
    main thread running (the medians of `grad` and `check` came out 0.4-2 ms lower in three idle alternations of
    40-60 runs each)."""
    import ctypes

    dlopen = getattr(ctypes.CDLL(None), "dlopen", None)
    if dlopen is None:
        return ctypes.CDLL(name)
    dlopen.restype, dlopen.argtypes = ctypes.c_void_p, (ctypes.c_char_p, ctypes.c_int)
    handle = dlopen(os.fsencode(name), os.RTLD_NOW | os.RTLD_LOCAL)  # ctypes.CDLL's own mode
    if not handle:
        raise OSError(f"{name}: cannot be loaded")
    return ctypes.CDLL(name, handle=handle)


def _installed_library():
    """The path of libmkl_rt.so.2 as the installed `mkl` distribution records it: its dist-info's RECORD
    (what importlib.metadata reads; importing importlib.metadata itself costs 40-400 ms, more than loading
    MKL).  Raises LookupError when no such distribution is on sys.path.  The site directories, where pip puts
    distributions, are searched first (in sys.path's order): listing the others, the working directory and the
    standard library's among them, took half a millisecond, all of it holding Python's lock."""
    for entry in sorted(sys.path, key=lambda entry: os.path.basename(entry) not in ("site-packages", "dist-packages")):
        try:
            names = os.listdir(entry or ".")
        except OSError:
            continue
        for name in names:
            if name.startswith("mkl-") and name[4:5].isdigit() and name.endswith(".dist-info"):
                with open(os.path.join(entry, name, "RECORD"), encoding="utf-8") as record:
                    for line in record:
                        path = line.split(",", 1)[0]
                        if path.rsplit("/", 1)[-1] == "libmkl_rt.so.2":
                            return os.path.normpath(os.path.join(entry or ".", path))
    raise LookupError("the mkl distribution is not installed")


def address(x):
    """Where x's data starts: through the buffer protocol, half a microsecond (x.ctypes.data and NumPy's array
    interface build objects, 5-10 µs), where x exports one (C-contiguous, writable, not empty)."""
    import ctypes
    if x.flags.c_contiguous and x.flags.writeable and x.size:
        return ctypes.addressof(ctypes.c_char.from_buffer(x))
    return x.__array_interface__["data"][0]


# ---- VML: elementwise functions ----------------------------------------------------------------------------

# The VML functions torch 2.13 calls for float32 and float64 tensors (vml.h's IMPLEMENT_VML_MKL), by gradcli's
# name (erfinv, which gradcli lacks, aside): expm1 and log1p are not among them (torch takes those from SLEEF).
VML_FUNCTIONS = {"exp": "Exp", "log": "Ln", "sin": "Sin", "cos": "Cos", "tan": "Tan", "tanh": "Tanh",
                 "sqrt": "Sqrt", "erf": "Erf", "erfc": "Erfc", "log10": "Log10",
                 "log2": "Log2", "asin": "Asin", "acos": "Acos", "atan": "Atan"}


def vml(name, fallback):
    """A forward for torch's `name`: MKL's vms/vmd function on float32 and float64 arrays when MKL is
    loaded, ``fallback(a)`` for other dtypes and without MKL."""
    mkl_name = VML_FUNCTIONS[name]
    functions = {}  # dtype -> the function with its C signature, made once (a call without costs 20 µs more)

    def forward(a):
        lib = library() if a.dtype in PREFIX else None
        if lib is None:
            return fallback(a)
        function = functions.get(a.dtype)
        if function is None:
            function = functions[a.dtype] = _vml_function(lib, f"vm{PREFIX[a.dtype]}{mkl_name}")
        return _vml(function, a)
    forward.__name__ = name
    return forward


def _vml_function(lib, name):
    import ctypes
    signature = ctypes.CFUNCTYPE(None, ctypes.c_int, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_longlong)
    return signature((name, lib))


def _vml(function, a):
    """function(a) elementwise into a new C-contiguous array (VML reads and writes contiguous memory; torch
    copies a strided input into a buffer too, and an element's result does not depend on its place)."""
    source = np.ascontiguousarray(a).reshape(-1)
    out = np.empty(source.shape, a.dtype)
    source_address, out_address = address(source), address(out)
    for start in range(0, source.size, INT_MAX):  # MKL_INT is 32-bit: torch calls VML in such chunks too
        offset = start * source.itemsize
        function(min(INT_MAX, source.size - start), source_address + offset, out_address + offset, _VML_MODE)
    return out.reshape(np.shape(a))

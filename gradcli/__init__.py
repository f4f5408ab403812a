"""gradcli: PyTorch-style autograd from the shell, on NumPy."""

__version__ = "0.1.0"

"""torch.nn: Module and Parameter, layers, containers, losses, init and the functional interface. Each
submodule is imported at the first read of one of its names (the calculator reads functional alone)."""

from gradcli.lazy import loaded_on_first_read as _loaded_on_first_read

_SUBMODULES = ("functional", "init", "utils")
_NAMES_OF = {
    "containers": ("ModuleDict", "ModuleList", "ParameterDict", "ParameterList", "Sequential"),
    "conv": ("AvgPool2d", "Conv1d", "Conv2d", "MaxPool2d"),
    "layers": ("Dropout", "ELU", "Flatten", "GELU", "Hardtanh", "Identity", "LazyLinear", "LeakyReLU", "Linear",
               "LogSoftmax", "PReLU", "ReLU", "ReLU6", "SiLU", "Sigmoid", "Softmax", "Softplus", "Tanh"),
    "loss": ("BCELoss", "BCEWithLogitsLoss", "CrossEntropyLoss", "HuberLoss", "L1Loss", "MSELoss", "NLLLoss",
             "SmoothL1Loss"),
    "module": ("Module",),
    "normalization": ("BatchNorm1d", "BatchNorm2d", "LayerNorm"),
    "parameter": ("Parameter",),
    "sparse": ("Embedding",),
}
__all__ = [*_SUBMODULES, *(name for names in _NAMES_OF.values() for name in names)]
__getattr__ = _loaded_on_first_read(__name__, _SUBMODULES, _NAMES_OF)

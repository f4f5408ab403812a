"""What a calculator command found, as data: a Report of NumPy arrays, and the numbers' text as torch
prints them. Showing it (a table, plain text, JSON) is the front end's business."""

import numpy as np

SHORT_VALUE_CHARS = 40


class Report:
    """A title (the expression), its context (bindings, dtype) and sections keyed as in the JSON output:
    an array, {name: array} or {name: {name: array}}."""

    def __init__(self, title, context):
        self.title = title
        self.context = context
        self.sections = {}

    def add(self, key, content):
        """Tensors are kept as NumPy arrays: what both JSON and tables read."""
        self.sections[key] = map_arrays(content, lambda tensor: tensor.detach().numpy())
        return self

    def rows(self):
        """(label, array) in order: 'value', 'grad x', 'hessian x y', ..."""
        rows = []

        def walk(label, content):
            if isinstance(content, dict):
                for name, inner in content.items():
                    walk(f"{label} {name}", inner)
            else:
                rows.append((label, content))

        for key, content in self.sections.items():
            walk(key, content)
        return rows


def map_arrays(content, function):
    """`content` (an array or nested {name: ...}) with `function` applied to each array."""
    if isinstance(content, dict):
        return {name: map_arrays(inner, function) for name, inner in content.items()}
    return function(content)


def has_non_finite(array):
    array = np.asarray(array)
    return array.dtype.kind == "f" and not np.isfinite(array).all()


def torch_numbers(array, threshold=None):
    """The numbers as torch prints them (precision 4, one notation and width for all), without `tensor(`;
    with `threshold`, summarised past that many elements (torch's own default: 1000)."""
    from gradcli.engine.printing import numbers_repr

    return numbers_repr(array) if threshold is None else numbers_repr(array, threshold)


def shape_text(array):
    return "[" + ", ".join(map(str, np.shape(array))) + "]"


def short_value(array):
    """Numbers in torch's format when they fit on a short line, else the shape."""
    text = torch_numbers(array)
    if "\n" in text or len(text) > SHORT_VALUE_CHARS:
        return f"(shape {shape_text(array)})"
    return text

"""The README's examples of "torch.nn, torch.optim, Function and forward mode" and "Convolutions and pooling"
run and print what their comments say."""

import contextlib
import io
import re
from pathlib import Path

README = (Path(__file__).resolve().parents[2] / "README.md").read_text()


def run_example(title):
    """(lines printed, lines the comments claim) of the first Python block under the README heading `title`."""
    section = re.search(rf"^### {re.escape(title)}\n(.*?)^###", README, re.S | re.M).group(1)
    code = re.search(r"```python\n(.*?)```", section, re.S).group(1)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(code, "README.md", "exec"), {})  # the README's own example, trusted text
    claimed = [m.group(1).rstrip() for m in re.finditer(r"#\s*((?:tensor|Conv2d)\(.*\))\s*$", code, re.M)]
    return out.getvalue().splitlines(), claimed


def test_readme_nn_example_prints_its_comments():
    printed, claimed = run_example("torch.nn, torch.optim, Function and forward mode")
    assert claimed and all(line in printed for line in claimed), (claimed, printed)
    assert printed[-2:] == ["tensor([[1.0000, 0.0000],", "        [0.0000, 0.5403]])"]


def test_readme_conv_example_prints_its_comments():
    printed, claimed = run_example("Convolutions and pooling")
    assert len(claimed) == 4 and all(line in printed for line in claimed), (claimed, printed)

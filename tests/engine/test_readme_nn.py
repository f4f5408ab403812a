"""The README's "torch.nn, torch.optim, Function and forward mode" example runs and prints what its comments say."""

import contextlib
import io
import re
from pathlib import Path

README = (Path(__file__).resolve().parents[2] / "README.md").read_text()
SECTION = re.search(r"^### torch.nn, torch.optim, Function and forward mode\n(.*?)^### ", README, re.S | re.M).group(1)
CODE = re.search(r"```python\n(.*?)```", SECTION, re.S).group(1)


def test_readme_nn_example_prints_its_comments():
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(CODE, "README.md", "exec"), {})  # the README's own example, trusted text
    printed = out.getvalue().splitlines()
    claimed = [m.group(1) for m in re.finditer(r"#\s*(tensor\(.*\))\s*$", CODE, re.M)]
    assert claimed and all(line in printed for line in claimed), (claimed, printed)
    assert printed[-2:] == ["tensor([[1.0000, 0.0000],", "        [0.0000, 0.5403]])"]

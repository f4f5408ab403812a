"""The README's "Convolutions and pooling" example runs and prints what its comments say."""

import contextlib
import io
import re
from pathlib import Path

README = (Path(__file__).resolve().parents[2] / "README.md").read_text()
SECTION = re.search(r"^### Convolutions and pooling\n(.*?)^#### ", README, re.S | re.M).group(1)
CODE = re.search(r"```python\n(.*?)```", SECTION, re.S).group(1)


def test_readme_conv_example_prints_its_comments():
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(CODE, "README.md", "exec"), {})  # the README's own example, trusted text
    printed = out.getvalue().splitlines()
    claimed = [m.group(1).rstrip() for m in re.finditer(r"#\s*((?:tensor|Conv2d)\(.*\))\s*$", CODE, re.M)]
    assert len(claimed) == 4 and all(line in printed for line in claimed), (claimed, printed)

"""The REPL's `:explain NAME`: the same explanation as `gradcli explain`, for a tensor of the session,
without touching any .grad; clear messages for what cannot be explained."""

import os
import subprocess
import sys

from conftest import REPO

SESSION = """\
x = torch.tensor(3., dtype=torch.float64, requires_grad=True)
y = torch.tensor(-4., dtype=torch.float64, requires_grad=True)
z = torch.tensor(19., dtype=torch.float64, requires_grad=True)
f = (x + 2*y) * z
:explain f
x.grad
f.backward()
x.grad
"""


def repl(stdin):
    env = {**os.environ, "PYTHONPATH": str(REPO), "NO_COLOR": "1"}
    done = subprocess.run([sys.executable, "-m", "gradcli", "repl"], input=stdin, capture_output=True, text=True,
                          env=env, cwd=REPO, timeout=60)
    return done.stdout, done.stderr


EXPLAINED = """\
explain f

forward: each value in the order it was computed
  x                  leaf          []  3.
  y                  leaf          []  -4.
  z                  leaf          []  19.
  2*y                MulBackward0  []  (not kept)
  x + 2*y            AddBackward0  []  (not kept)
  f = (x + 2*y) * z  MulBackward0  []  -95.

backward: newest node first, each once every use of its value has sent its gradient
  f = (x + 2*y) * z   MulBackward0   grad = 1.
    → x + 2*y (a)   ∂/∂a = b = 19.   grad · b = 19.
    → z (b)         ∂/∂b = a = -5.   grad · a = -5.
    z.grad = -5.
  x + 2*y   AddBackward0   grad = 19.
    → x (a)     ∂/∂a = 1   grad · 1 = 19.
    → 2*y (b)   ∂/∂b = alpha = 1.   grad · alpha = 19.
    x.grad = 19.
  2*y   MulBackward0   grad = 19.
    → y (a)   ∂/∂a = b = 2.   grad · b = 38.
    y.grad = 38.

leaves
  x.grad = 19.
  y.grad = 38.
  z.grad = -5.
"""


def test_explain_in_the_repl_labels_nodes_with_the_sessions_lines_and_leaves_grad_alone():
    out, err = repl(SESSION)
    assert err == ""
    # The session keeps only named values: unnamed intermediates are "(not kept)". x.grad shows nothing (None)
    # after :explain, then the real backward's value.
    assert out == EXPLAINED + "tensor(19., dtype=torch.float64)\n"


def test_what_cannot_be_explained():
    out, err = repl("n = 3\nv = torch.tensor([1., 2.], requires_grad=True)\nw = v * 2\nc = torch.tensor(2.)\n"
                    "s = (v * v).sum()\ns.backward()\n:explain n\n:explain w\n:explain c\n:explain s\n"
                    ":explain nope\n:explain\n")
    assert out == ""
    assert err.splitlines() == [
        "repl: n is a int, not a tensor",
        "repl: cannot explain w: the output has shape [2]: backward starts from a scalar; reduce it with sum(...) "
        "or mean(...)",
        "repl: cannot explain c: the output does not depend on any input that requires grad: there is no graph "
        "to explain",
        "repl: cannot explain s: Trying to backward through the graph a second time (or directly access saved "
        "tensors after they have already been freed). Saved intermediate values of the graph are freed when you "
        "call .backward() or autograd.grad(). Specify retain_graph=True if you need to backward through the graph "
        "a second time or if you need to access saved tensors after calling backward.",
        "repl: no variable named nope",
        "repl: usage: :explain NAME",
    ]

# Lesson: your first gradient with `gradcli run` (run it: gradcli run examples/lessons/run_first_gradient.py)
#
# A script is PyTorch code: `torch` is already imported. Every line below runs unchanged under Python +
# PyTorch and prints the same thing.

# 1. A leaf tensor that autograd watches: requires_grad=True.
x = torch.tensor(2.0, requires_grad=True)

# 2. A computation: each operation records a node of the graph (its grad_fn).
y = x ** 3 + 2 * x
print(y)          # tensor(12., grad_fn=<AddBackward0>)

# 3. backward() walks the graph from y back to x and stores dy/dx in x.grad: 3 * x**2 + 2 = 14.
y.backward()
print(x.grad)

# 4. Gradients accumulate: a second backward adds to x.grad. Reset it between steps (as optimizers do).
z = x * x
z.backward()
print(x.grad)     # 14 + 2 * x = 18
x.grad = None

# 5. One step of gradient descent on f(w) = (w - 3)**2, as an optimizer would take it.
w = torch.tensor(0.0, requires_grad=True)
loss = (w - 3) ** 2
loss.backward()
with torch.no_grad():
    w -= 0.1 * w.grad
print(w, w.grad)

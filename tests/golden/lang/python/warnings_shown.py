# Warnings go to stderr in Python's format, once per line: reading .grad of a non-leaf tensor.
x = torch.tensor([1., 2.], requires_grad=True)
y = x * 2
y.grad
y.grad
for i in range(3):
    y.grad
def peek(t):
    return t.grad
peek(y)
peek(y)
y.retain_grad()
(y * y).sum().backward()
y.grad

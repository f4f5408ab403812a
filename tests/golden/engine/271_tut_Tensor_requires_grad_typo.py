import torch

# The tutorial writes torch.Tensor(1.0, requires_grad=True); torch.tensor is meant
try:
    x = torch.Tensor(1.0, requires_grad=True)
except TypeError as e:
    print(type(e).__name__ + ': ' + str(e).splitlines()[0])
x = torch.tensor(1.0, requires_grad=True)
y = torch.tensor(2.0)
z = x * y
z.backward()
print(x.grad, y.grad, z.grad_fn)

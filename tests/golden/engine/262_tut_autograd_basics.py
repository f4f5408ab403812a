import torch

torch.manual_seed(0)
x = torch.ones(5)  # The input of size 5
y = torch.zeros(3)  # expected ouput

# Sample weights and bias, which are a matrix and vector respectively
W = torch.rand(5, 3, requires_grad=True)
b = torch.rand(3, requires_grad=True)

z = torch.matmul(x, W) + b
loss = torch.nn.functional.binary_cross_entropy_with_logits(z, y)
print(loss.grad_fn)
print(z.grad_fn)
print(W.grad_fn)
loss.backward()
print(b.grad.shape, W.grad.shape, bool((W.grad == b.grad).all()))
try:
    loss.backward()
except RuntimeError as e:
    print(type(e).__name__ + ': ' + str(e))

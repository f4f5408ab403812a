import torch

x = torch.ones(5)  # input tensor
y = torch.zeros(3)  # expected output
w = torch.tensor([[0.1, -0.2, 0.3], [0.4, 0.5, -0.6], [-0.7, 0.8, 0.9],
                  [1.0, -1.1, 1.2], [0.05, 0.15, -0.25]], requires_grad=True)
b = torch.tensor([0.1, 0.2, 0.3], requires_grad=True)
z = torch.matmul(x, w) + b
loss = torch.nn.functional.binary_cross_entropy_with_logits(z, y)
print(f"Gradient function for z = {z.grad_fn}")
print(f"Gradient function for loss = {loss.grad_fn}")
loss.backward()
print(w.grad)
print(b.grad)
print(loss)

# Source: PyTorch tutorials, "Automatic Differentiation with torch.autograd" (Learn the Basics), https://github.com/pytorch/tutorials/blob/main/beginner_source/basics/autogradqs_tutorial.py
# The first two sections (the graph, computing gradients); edits: torch.manual_seed(0) added; comments left out.
import torch
torch.manual_seed(0)

x = torch.ones(5)  # input tensor
y = torch.zeros(3)  # expected output
w = torch.randn(5, 3, requires_grad=True)
b = torch.randn(3, requires_grad=True)
z = torch.matmul(x, w) + b
loss = torch.nn.functional.binary_cross_entropy_with_logits(z, y)

print(f"Gradient function for z = {z.grad_fn}")
print(f"Gradient function for loss = {loss.grad_fn}")

loss.backward()
print(w.grad)
print(b.grad)

# Source: UvA Deep Learning Course, Tutorial 2 "Introduction to PyTorch", https://github.com/phlippe/uvadlc_notebooks/blob/master/docs/tutorial_notebooks/tutorial2/Introduction_to_PyTorch.ipynb
# "Dynamic Computation Graph and Backpropagation" and "GPU support" cells; edits: none.
import torch

x = torch.ones((3,))
print(x.requires_grad)

x.requires_grad_(True)
print(x.requires_grad)

x = torch.arange(3, dtype=torch.float32, requires_grad=True)
print("X", x)

a = x + 2
b = a ** 2
c = b + 3
y = c.mean()
print("Y", y)

y.backward()

print(x.grad)

gpu_avail = torch.cuda.is_available()
print(f"Is the GPU available? {gpu_avail}")

device = torch.device("cuda") if torch.cuda.is_available() else torch.device("cpu")
print("Device", device)

x = torch.zeros(2, 3)
x = x.to(device)
print("X", x)

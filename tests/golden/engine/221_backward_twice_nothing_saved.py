import torch

# AddBackward0 and SumBackward0 save no tensors, so a second backward works
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = (x + 1).sum()
y.backward()
y.backward()
print(x.grad)
v = torch.cat([x, x]).sum() - x[0]
v.backward()
v.backward()
print(x.grad)
# MulBackward0 saves its other operand, even a Python number
w = (x * 2).sum()
w.backward()
try:
    w.backward()
except RuntimeError as e:
    print(type(e).__name__ + ": " + str(e))
print(x.grad)

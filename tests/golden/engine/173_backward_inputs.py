import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
w = torch.tensor([3.0, 4.0], requires_grad=True)
y = (x * w).sum()
y.backward(inputs=[x], retain_graph=True)
print(x.grad, w.grad)
y.backward(inputs=[w])
print(x.grad, w.grad)
z = (x * w * 2).sum()
z.backward(inputs=x)
print(x.grad, w.grad)

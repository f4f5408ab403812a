import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x**2

y.backward(torch.FloatTensor([1.0, 1.0]))  # the tensor provide to .backward acts as a weight
print(x.grad)

# another way to put it would be
x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x**2
w = torch.FloatTensor([1.0, 1.0])
y.backward(w)  # the tensor provide to .backward acts as a weight
print(x.grad)  # notice that we do not provide backward(x)

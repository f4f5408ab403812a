import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
w = torch.tensor([3.0, 4.0], requires_grad=True)
y = x * w + 1
print(y.grad_fn)
print(y.grad_fn.next_functions)
mul = y.grad_fn.next_functions[0][0]
print(mul.name(), mul.next_functions)
acc = mul.next_functions[0][0]
print(type(acc).__name__, acc.variable is x, acc.next_functions)
print(acc.variable)

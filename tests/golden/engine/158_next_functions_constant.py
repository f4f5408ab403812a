import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
c = torch.tensor([5.0, 6.0])
y = x * c
print(y.grad_fn.next_functions)
z = c * x
print(z.grad_fn.next_functions)
s = (x * 2).sum()
print(s.grad_fn.next_functions)
print(s.grad_fn.next_functions[0][0].next_functions)
u = torch.cat([x, c])
print(u.grad_fn.next_functions)

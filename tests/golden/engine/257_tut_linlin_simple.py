# Understanding backward() in PyTorch (Linlin); randn replaced by fixed values
import warnings
import torch as T

warnings.simplefilter("ignore")  # z.grad / y.grad of non-leaf tensors warn

x = T.tensor([[-0.6955]], requires_grad=True)  # x is a leaf created by user, thus grad_fn is none
print('x', x)
# define an operation on x
y = 2 * x
print('y', y)
# define one more operation to check the chain rule
z = y ** 3
print('z', z)
z.backward()
print('z gradient:', z.grad)
print('y gradient:', y.grad)
print('x gradient:', x.grad, 'Requires gradient?', x.grad.requires_grad)  # note that x.grad is also a tensor

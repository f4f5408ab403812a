import warnings
import torch

warnings.simplefilter("always")
warnings.showwarning = lambda message, category, *args, **kwargs: print("warning:", category.__name__)

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x**2
z = y**3

w = torch.FloatTensor([1.0, 1.0])

z.backward(w, retain_graph=True)
print(y.grad)
print(x.grad)

z.backward(w, retain_graph=True)
print(y.grad)
print(x.grad)

# why y is None?

# The gradient of max, min and median over all elements when the result is NaN: shared evenly between the NaNs
# (torch's evenly_distribute_backward), as between equal values
import torch
x = torch.tensor([1., float("nan"), 2., float("nan")], requires_grad=True)
for f in (torch.max, torch.min, torch.median):
    x.grad = None
    f(x).backward()
    print(f(x), x.grad)
y = torch.tensor([[3., 1., 3.], [0., 3., 2.]], requires_grad=True)
torch.median(y).backward()
print(y.grad)

# Source: Marc Lelarge, Dataflowr deep learning course, Module 2 "02a_basics",
# https://github.com/dataflowr/notebooks/blob/master/Module2/02a_basics.ipynb
# Code cells run in order as one notebook session, up to the cell whose error the notebook shows (an integer
# tensor cannot require grad); edits: matplotlib lines left out, torch.manual_seed(0) added; the torch.empty
# cell left out (it prints uninitialised memory; the next cell assigns x again); device = torch.device('cpu')
# (the notebook's own commented line) in place of 'cuda'; the CIFAR-10 cells left out.
import torch
torch.manual_seed(0)
import numpy as np

torch.__version__

x = torch.randn(3,5)
print(x)

print(x.size())

x.size()[1]

x.size() == (3,5)

y = x.numpy()
print(y)

a = np.ones(5)
b = torch.from_numpy(a)
print(a.dtype)
print(b)

c = b.long()
print(c.dtype, c)
print(b.dtype, b)

xr = torch.randn(3, 5)
print(xr.dtype, xr)

resb = xr + b
resb

resc = xr + c
resc

resb == resc

torch.set_printoptions(precision=10)

resb[0,1]

resc[0,1]

resc[0,1].dtype

xr[0,1]

torch.set_printoptions(precision=4)

A = torch.tensor([[1.], [2.], [3.], [4.]])
print(A.size())
B = torch.tensor([[5., -5., 5., -5., 5.]])
print(B.size())
C = A + B

C

x

xr

print(x+xr)

x.add_(xr)
print(x)

print(x.t())

x.t_()
print(x)

a = np.ones(5)
b = torch.from_numpy(a)
print(b)

a[2] = 0
print(b)

b[3] = 5
print(a)

torch.cuda.is_available()

device = torch.device('cpu')
#device = torch.device('cuda') # Uncomment this to run on GPU

x.device

# let us run this cell only if CUDA is available
# We will use ``torch.device`` objects to move tensors in and out of GPU
if torch.cuda.is_available():
    y = torch.ones_like(x, device=device)  # directly create a tensor on GPU
    x = x.to(device)                       # or just use strings ``.to("cuda")``
    z = x + y
    print(z,z.type())
    print(z.to("cpu", torch.double))       # ``.to`` can also change dtype together!

x = torch.randn(1)
x = x.to(device)

x.device

# the following line is only useful if CUDA is available
x = x.data
print(x)
print(x.item())
print(x.cpu().numpy())

w = np.array([0.5])
b = np.array([2])
xx = np.array([0.5])#np.arange(0,1.5,.5)

xx_t = torch.from_numpy(xx)
w_t = torch.from_numpy(w)
b_t = torch.from_numpy(b)

w_t.requires_grad

w_t.requires_grad_(True)

b_t.requires_grad_(True)

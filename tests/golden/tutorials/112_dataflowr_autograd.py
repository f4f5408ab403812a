# Source: Marc Lelarge, Dataflowr deep learning course, Module 2 "02a_basics", the autograd part,
# https://github.com/dataflowr/notebooks/blob/master/Module2/02a_basics.ipynb
# Code cells from "Playing with pytorch: linear regression" on, run in order, up to the cell that shows
# backward's second-call error; edits: torch.manual_seed(0) added, the cell whose error 108 shows left out.
import torch
import numpy as np
torch.manual_seed(0)

w = np.array([0.5])
b = np.array([2])
xx = np.array([0.5])#np.arange(0,1.5,.5)

xx_t = torch.from_numpy(xx)
w_t = torch.from_numpy(w)
b_t = torch.from_numpy(b)

w_t.requires_grad

w_t.requires_grad_(True)

dtype = torch.float64

b_t = b_t.type(dtype)

b_t.requires_grad_(True)

def fun(x,ystar):
    y = torch.exp(w_t*x+b_t)
    print(y)
    return torch.sum((y-ystar)**2)

ystar_t = torch.randn_like(xx_t)
l_t = fun(xx_t,ystar_t)

l_t

l_t.requires_grad

print(w_t.grad)

l_t.backward()

print(w_t.grad)
print(b_t.grad)

yy_t = torch.exp(w_t*xx_t+b_t)
print(torch.sum(2*(yy_t-ystar_t)*yy_t*xx_t))
print(torch.sum(2*(yy_t-ystar_t)*yy_t))

l_t = fun(xx_t,ystar_t)
l_t.backward()

print(w_t.grad)
print(b_t.grad)

l_t.backward()

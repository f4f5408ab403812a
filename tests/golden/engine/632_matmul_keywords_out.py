# torch.matmul (and torch.mul) with torch's keyword names (input=, other=, as "Learning PyTorch with Examples" writes them) and out=
# (the Tensors tutorial): the values written into out, resized if it is empty, refused while autograd records
import torch
a=torch.ones(2,3,requires_grad=True); o=torch.empty(2,2)
try: torch.matmul(a,a.T,out=o)
except Exception as e: print(e)
o=torch.empty(2,2,dtype=torch.float64)
try: torch.matmul(a.detach(),a.detach().T,out=o)
except Exception as e: print(e)
o=torch.empty(0); print(torch.matmul(a.detach(),a.detach().T,out=o) is o, o)
print(torch.matmul(input=a, other=a.T))
o=torch.zeros(2,2); v=o[0]
with torch.no_grad():
    print(torch.matmul(a,a.T,out=o), v, o._version)
print(torch.matmul(torch.ones(3), torch.ones(2,3,4)))
print(torch.ones(2,3).matmul(other=torch.ones(3)))
z = torch.rand(2, 2)
print(torch.mul(o, o, out=z) is z, z, torch.mul(input=o, other=2))

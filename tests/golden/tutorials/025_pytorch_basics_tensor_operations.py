# Source: PyTorch tutorials, "Tensors" (Learn the Basics), https://github.com/pytorch/tutorials/blob/main/beginner_source/basics/tensorqs_tutorial.py
# "Operations on Tensors" (indexing, joining, arithmetic, item, in-place); edits: comments left out.
import torch

tensor = torch.ones(4, 4)
print('First row: ', tensor[0])
print('First column: ', tensor[:, 0])
print('Last column:', tensor[..., -1])
tensor[:,1] = 0
print(tensor)

t1 = torch.cat([tensor, tensor, tensor], dim=1)
print(t1)

y1 = tensor @ tensor.T
y2 = tensor.matmul(tensor.T)

y3 = torch.rand_like(tensor)
torch.matmul(tensor, tensor.T, out=y3)


z1 = tensor * tensor
z2 = tensor.mul(tensor)

z3 = torch.rand_like(tensor)
torch.mul(tensor, tensor, out=z3)


agg = tensor.sum()
agg_item = agg.item()
print(agg_item, type(agg_item))


print(tensor, "\n")
tensor.add_(5)
print(tensor)

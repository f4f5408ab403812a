# Source: PyTorch tutorials, "Tensors" (Learn the Basics), https://github.com/pytorch/tutorials/blob/main/beginner_source/basics/tensorqs_tutorial.py
# "Attributes of a Tensor" and the device check; no edits.
import torch

tensor = torch.rand(3,4)

print(f"Shape of tensor: {tensor.shape}")
print(f"Datatype of tensor: {tensor.dtype}")
print(f"Device tensor is stored on: {tensor.device}")

if torch.cuda.is_available() & (torch.device('cuda').index is not None):
    tensor = tensor.to('cuda')

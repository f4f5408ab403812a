# Source: Zero to Mastery "Learn PyTorch for Deep Learning", 00 PyTorch Fundamentals, https://github.com/mrdbourke/pytorch-deep-learning/blob/main/00_pytorch_fundamentals.ipynb
# Cells from "Change tensor datatype" to "Reproducibility", run in order; edits: none.
import torch

tensor = torch.arange(10., 100., 10.)
tensor.dtype
tensor_float16 = tensor.type(torch.float16)
tensor_float16
tensor_int8 = tensor.type(torch.int8)
tensor_int8
x = torch.arange(1., 8.)
x, x.shape
x_reshaped = x.reshape(1, 7)
x_reshaped, x_reshaped.shape
z = x.view(1, 7)
z, z.shape
z[:, 0] = 5
z, x
x_stacked = torch.stack([x, x, x, x], dim=0)
x_stacked
print(f"Previous tensor: {x_reshaped}")
print(f"Previous shape: {x_reshaped.shape}")
x_squeezed = x_reshaped.squeeze()
print(f"\nNew tensor: {x_squeezed}")
print(f"New shape: {x_squeezed.shape}")
print(f"Previous tensor: {x_squeezed}")
print(f"Previous shape: {x_squeezed.shape}")
x_unsqueezed = x_squeezed.unsqueeze(dim=0)
print(f"\nNew tensor: {x_unsqueezed}")
print(f"New shape: {x_unsqueezed.shape}")
x_original = torch.rand(size=(224, 224, 3))
x_permuted = x_original.permute(2, 0, 1)
print(f"Previous shape: {x_original.shape}")
print(f"New shape: {x_permuted.shape}")
x = torch.arange(1, 10).reshape(1, 3, 3)
x, x.shape
print(f"First square bracket:\n{x[0]}")
print(f"Second square bracket: {x[0][0]}")
print(f"Third square bracket: {x[0][0][0]}")
x[:, 0]
x[:, :, 1]
x[:, 1, 1]
x[0, 0, :]
import numpy as np
array = np.arange(1.0, 8.0)
tensor = torch.from_numpy(array)
array, tensor
array = array + 1
array, tensor
tensor = torch.ones(7)
numpy_tensor = tensor.numpy()
tensor, numpy_tensor
tensor = tensor + 1
tensor, numpy_tensor
import random
RANDOM_SEED=42
torch.manual_seed(seed=RANDOM_SEED)
random_tensor_C = torch.rand(3, 4)
torch.random.manual_seed(seed=RANDOM_SEED)
random_tensor_D = torch.rand(3, 4)
print(f"Tensor C:\n{random_tensor_C}\n")
print(f"Tensor D:\n{random_tensor_D}\n")
print(f"Does Tensor C equal Tensor D? (anywhere)")
random_tensor_C == random_tensor_D

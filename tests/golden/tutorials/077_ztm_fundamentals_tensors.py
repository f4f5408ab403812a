# Source: Zero to Mastery "Learn PyTorch for Deep Learning", 00 PyTorch Fundamentals, https://github.com/mrdbourke/pytorch-deep-learning/blob/main/00_pytorch_fundamentals.ipynb
# Cells from "Creating tensors" to "Finding the min, max, mean, sum", run in order; edits: torch.manual_seed(42)
# added before the random tensors.
import torch
torch.manual_seed(42)

scalar = torch.tensor(7)
scalar
scalar.ndim
scalar.item()
vector = torch.tensor([7, 7])
vector
vector.ndim
vector.shape
MATRIX = torch.tensor([[7, 8],
                       [9, 10]])
MATRIX
MATRIX.ndim
MATRIX.shape
TENSOR = torch.tensor([[[1, 2, 3],
                        [3, 6, 9],
                        [2, 4, 5]]])
TENSOR
TENSOR.ndim
TENSOR.shape
random_tensor = torch.rand(size=(3, 4))
random_tensor, random_tensor.dtype
random_image_size_tensor = torch.rand(size=(224, 224, 3))
random_image_size_tensor.shape, random_image_size_tensor.ndim
zeros = torch.zeros(size=(3, 4))
zeros, zeros.dtype
ones = torch.ones(size=(3, 4))
ones, ones.dtype
zero_to_ten = torch.arange(start=0, end=10, step=1)
zero_to_ten
ten_zeros = torch.zeros_like(input=zero_to_ten)
ten_zeros
float_32_tensor = torch.tensor([3.0, 6.0, 9.0],
                               dtype=None,
                               device=None,
                               requires_grad=False)
float_32_tensor.shape, float_32_tensor.dtype, float_32_tensor.device
float_16_tensor = torch.tensor([3.0, 6.0, 9.0],
                               dtype=torch.float16)
float_16_tensor.dtype
some_tensor = torch.rand(3, 4)
print(some_tensor)
print(f"Shape of tensor: {some_tensor.shape}")
print(f"Datatype of tensor: {some_tensor.dtype}")
print(f"Device tensor is stored on: {some_tensor.device}")
tensor = torch.tensor([1, 2, 3])
tensor + 10
tensor * 10
tensor
tensor = tensor - 10
tensor
tensor = tensor + 10
tensor
torch.multiply(tensor, 10)
tensor
print(tensor, "*", tensor)
print("Equals:", tensor * tensor)
torch.matmul(tensor, tensor)
tensor @ tensor
tensor_A = torch.tensor([[1, 2],
                         [3, 4],
                         [5, 6]], dtype=torch.float32)
tensor_B = torch.tensor([[7, 10],
                         [8, 11],
                         [9, 12]], dtype=torch.float32)
print(tensor_A)
print(tensor_B.T)
print(f"Original shapes: tensor_A = {tensor_A.shape}, tensor_B = {tensor_B.shape}\n")
print(f"New shapes: tensor_A = {tensor_A.shape} (same as above), tensor_B.T = {tensor_B.T.shape}\n")
print(f"Multiplying: {tensor_A.shape} * {tensor_B.T.shape} <- inner dimensions match\n")
print("Output:\n")
output = torch.matmul(tensor_A, tensor_B.T)
print(output)
print(f"\nOutput shape: {output.shape}")
torch.mm(tensor_A, tensor_B.T)
torch.manual_seed(42)
linear = torch.nn.Linear(in_features=2,
                         out_features=6)
x = tensor_A
output = linear(x)
print(f"Input shape: {x.shape}\n")
print(f"Output:\n{output}\n\nOutput shape: {output.shape}")
x = torch.arange(0, 100, 10)
x
print(f"Minimum: {x.min()}")
print(f"Maximum: {x.max()}")
print(f"Mean: {x.type(torch.float32).mean()}")
print(f"Sum: {x.sum()}")
torch.max(x), torch.min(x), torch.mean(x.type(torch.float32)), torch.sum(x)
tensor = torch.arange(10, 100, 10)
print(f"Tensor: {tensor}")
print(f"Index where max value occurs: {tensor.argmax()}")
print(f"Index where min value occurs: {tensor.argmin()}")

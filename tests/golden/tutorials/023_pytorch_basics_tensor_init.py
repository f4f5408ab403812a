# Source: PyTorch tutorials, "Tensors" (Learn the Basics), https://github.com/pytorch/tutorials/blob/main/beginner_source/basics/tensorqs_tutorial.py
# "Initializing a Tensor" without the NumPy part; edits: torch.manual_seed(0) added; comments left out.
import torch
torch.manual_seed(0)

data = [[1, 2],[3, 4]]
x_data = torch.tensor(data)

x_ones = torch.ones_like(x_data) # retains the properties of x_data
print(f"Ones Tensor: \n {x_ones} \n")

x_rand = torch.rand_like(x_data, dtype=torch.float) # overrides the datatype of x_data
print(f"Random Tensor: \n {x_rand} \n")

shape = (2,3,)
rand_tensor = torch.rand(shape)
ones_tensor = torch.ones(shape)
zeros_tensor = torch.zeros(shape)

print(f"Random Tensor: \n {rand_tensor} \n")
print(f"Ones Tensor: \n {ones_tensor} \n")
print(f"Zeros Tensor: \n {zeros_tensor}")

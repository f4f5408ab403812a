# Source: Deep Learning with PyTorch (Stevens, Antiga, Viehmann; Manning 2020), chapter 3 notebook,
# https://github.com/deep-learning-with-pytorch/dlwpt-code/blob/master/p1ch3/1_tensors.ipynb
# Code cells run in order as one notebook session; edits: torch.manual_seed(0) added after the import; the
# cells that save to and load from files (torch.save, torch.load, h5py) and the CUDA cells left out.
a = [1.0, 2.0, 1.0]

a[0]

a[2] = 3.0
a

import torch # <1>
a = torch.ones(3) # <2>
a
torch.manual_seed(0)

a[1]

float(a[1])

a[2] = 2.0
a

points = torch.zeros(6) # <1>
points[0] = 4.0 # <2>
points[1] = 1.0
points[2] = 5.0
points[3] = 3.0
points[4] = 2.0
points[5] = 1.0

points = torch.tensor([4.0, 1.0, 5.0, 3.0, 2.0, 1.0])
points

float(points[0]), float(points[1])

points = torch.tensor([[4.0, 1.0], [5.0, 3.0], [2.0, 1.0]])
points

points.shape

points = torch.zeros(3, 2)
points

points = torch.tensor([[4.0, 1.0], [5.0, 3.0], [2.0, 1.0]])
points

points[0, 1]

points[0]

points = torch.tensor([[4.0, 1.0], [5.0, 3.0], [2.0, 1.0]])
points.storage()

points_storage = points.storage()
points_storage[0]

points.storage()[1]

points = torch.tensor([[4.0, 1.0], [5.0, 3.0], [2.0, 1.0]])
points_storage = points.storage()
points_storage[0] = 2.0
points

points = torch.tensor([[4.0, 1.0], [5.0, 3.0], [2.0, 1.0]])
second_point = points[1]
second_point.storage_offset()

second_point.size()

second_point.shape

points.stride()

second_point = points[1]
second_point.size()

second_point.storage_offset()

second_point.stride()

points = torch.tensor([[4.0, 1.0], [5.0, 3.0], [2.0, 1.0]])
second_point = points[1]
second_point[0] = 10.0
points

points = torch.tensor([[4.0, 1.0], [5.0, 3.0], [2.0, 1.0]])
second_point = points[1].clone()
second_point[0] = 10.0
points

points = torch.tensor([[4.0, 1.0], [5.0, 3.0], [2.0, 1.0]])
points

points_t = points.t()
points_t

id(points.storage()) == id(points_t.storage())

points.stride()

points_t.stride()

some_t = torch.ones(3, 4, 5)
transpose_t = some_t.transpose(0, 2)
some_t.shape

transpose_t.shape

some_t.stride()

transpose_t.stride()

points.is_contiguous()

points_t.is_contiguous()

points = torch.tensor([[4.0, 1.0], [5.0, 3.0], [2.0, 1.0]])
points_t = points.t()
points_t

points_t.storage()

points_t.stride()

points_t_cont = points_t.contiguous()
points_t_cont

points_t_cont.stride()

points_t_cont.storage()

double_points = torch.ones(10, 2, dtype=torch.double)
short_points = torch.tensor([[1, 2], [3, 4]], dtype=torch.short)

short_points.dtype

double_points = torch.zeros(10, 2).double()
short_points = torch.ones(10, 2).short()

double_points = torch.zeros(10, 2).to(torch.double)
short_points = torch.ones(10, 2).to(dtype=torch.short)

points_64 = torch.rand(5, dtype=torch.double)  # <1>
points_short = points_64.to(torch.short)
points_64 * points_short  # works from PyTorch 1.3 onwards

# reset points back to original value
points = torch.tensor([[4.0, 1.0], [5.0, 3.0], [2.0, 1.0]])

some_list = list(range(6))
some_list[:]     # <1>
some_list[1:4]   # <2>
some_list[1:]    # <3>
some_list[:4]    # <4>
some_list[:-1]   # <5>
some_list[1:4:2] # <6>

points[1:]       # <1>
points[1:, :]    # <2>
points[1:, 0]    # <3>
points[None]     # <4>

points = torch.ones(3, 4)
points_np = points.numpy()
points_np

points = torch.from_numpy(points_np)

a = torch.ones(3, 2)
a_t = torch.transpose(a, 0, 1)

a.shape, a_t.shape

a = torch.ones(3, 2)
a_t = a.transpose(0, 1)

a.shape, a_t.shape

a = torch.ones(3, 2)

a.zero_()
a

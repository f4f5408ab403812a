import torch

# strides and storage offsets in elements, as the memory-layout lessons print them
points = torch.tensor([[4.0, 1.0], [5.0, 3.0], [2.0, 1.0]])
second_point = points[1]
print(points.stride(), second_point.stride(), second_point.storage_offset(), second_point.size())
points_t = points.t()
print(points_t.stride(), points_t.is_contiguous(), points_t.contiguous().stride(), points.stride(1))
some_t = torch.ones(3, 4, 5)
transpose_t = some_t.transpose(0, 2)
print(some_t.stride(), transpose_t.stride(), transpose_t.shape)
print(points[1:].storage_offset(), points[:, 1].stride(), points[:, 1].storage_offset(), points[2, 1].storage_offset())
print(torch.arange(12).view(3, 4)[1:, 2:].storage_offset(), torch.zeros(2, 1).expand(2, 3).stride())
print(points.data_ptr() == points_t.data_ptr(), points.data_ptr() == points.clone().data_ptr())
print(second_point.data_ptr() - points.data_ptr() == 2 * points.element_size())

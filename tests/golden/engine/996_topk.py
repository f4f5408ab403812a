# torch.topk: the k largest or smallest of each slice, ties in the order of torch's std::partial_sort (k * 64 <=
# n) or std::nth_element then std::sort, sorted=False's order too, NaN as the largest, k = 0, dims, integers,
# the named tuple and the errors
import torch
x = torch.tensor([3., 1., float("nan"), 2., 1., -0., 0., float("nan"), 3., 1., 2., 0., 1., 3., 2., 1., 0., 2., 1.])
print(torch.topk(x, 3))
print(x.topk(5, largest=False), x.topk(5, largest=False, sorted=False))
print(torch.topk(x, 7, sorted=False).indices, torch.topk(x, 19).indices, torch.topk(x, 0))
m = torch.tensor([[2, 1, 2, 0, 1], [1, 1, 0, 1, 1], [0, 2, 2, 1, 2]])
print(torch.topk(m, 2), m.topk(2, dim=0, largest=False), m.topk(3, 1, True, False))
t = torch.arange(200.) % 3
print(torch.topk(t, 3), torch.topk(t, 3, largest=False).indices, torch.topk(t, 4, sorted=False).indices)
print(torch.topk(torch.tensor(4.), 1), torch.topk(torch.tensor(4.), 0))
for k in (4, -1):
    try:
        torch.topk(torch.ones(3), k)
    except RuntimeError as err:
        print(err)
try:
    torch.topk(torch.tensor([True, False]), 1)
except RuntimeError as err:
    print(err)

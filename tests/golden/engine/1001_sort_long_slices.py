# Long slices with ties: a 1-D integer tensor of 32768 elements or more sorts ascending with fbgemm's radix sort
# (stable), one shorter, descending, or of floats with std::sort's order; topk and kthvalue on them. Each order
# is printed as its first entries and a checksum of all
import torch
torch.manual_seed(1001)
position = torch.arange(40000)
for x in (torch.randint(0, 6, (40000,)), torch.randint(0, 6, (32767,)), torch.randint(0, 6, (40000,)).float(),
          torch.randint(0, 4, (40000,), dtype=torch.int32)):
    n = x.numel()
    for order in (torch.sort(x).indices, x.argsort(descending=True), torch.sort(x, stable=True).indices):
        print(n, x.dtype, order[:12].tolist(), (order * position[:n]).sum().item())
    top = x.topk(300)
    print(top.indices[:12].tolist(), (top.indices * position[:300]).sum().item(), x.kthvalue(n // 3).indices.item(),
          x.topk(5, largest=False).indices.tolist())

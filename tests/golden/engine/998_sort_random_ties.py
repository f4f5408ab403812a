# The order of ties in torch's std::sort (introsort: median of three, Hoare partition, insertion sort below 17
# elements) and in topk, on random tensors of few distinct values, slices of up to 300 elements
import torch
torch.manual_seed(998)
for n in (17, 33, 64, 100, 150, 300):
    x = torch.randint(0, 4, (3, n)).float()
    print(n, torch.sort(x).indices.tolist())
    print(torch.sort(x, dim=1, descending=True).indices.tolist())
    print(torch.argsort(x.t(), dim=0).t().tolist() == torch.sort(x).indices.tolist())
    print(torch.topk(x, 4).indices.tolist(), torch.topk(x, n // 3, largest=False, sorted=False).indices.tolist())
    print(torch.topk(x, n // 2).indices.tolist())
y = torch.randint(0, 3, (120,)).double()
y[torch.randint(0, 120, (20,))] = float("nan")
print(torch.sort(y).indices.tolist(), torch.sort(y, descending=True).indices.tolist())
print(torch.topk(y, 30).indices.tolist(), torch.topk(y, 1).indices.tolist(), torch.topk(y, 2, largest=False).indices.tolist())
z = torch.randint(-2, 2, (40, 5))
print(torch.sort(z, 0).indices.tolist(), torch.msort(z).tolist())

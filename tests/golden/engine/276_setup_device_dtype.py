# Set-up lines learners copy: devices (CPU only), device=, .to/.cpu/.cuda, default dtype and device
import torch
print(torch.cuda.is_available(), torch.cuda.device_count())
device = torch.device("cuda" if torch.cuda.is_available() else "cpu")
print(device, repr(device), device.type, device.index)
print(torch.device("cuda", 0), repr(torch.device("cuda:1")), torch.device("cpu") == torch.device("cpu"), torch.device("cpu") == "cpu")
x = torch.ones(2, 3, device=device)
print(x.device, x.is_cuda, x.cpu() is x, x.to(device) is x, x.to("cpu") is x)
print(torch.zeros(2, device="cpu"), torch.rand(2, device=device).shape, torch.tensor([1, 2], device=device))
print(torch.randn(3, device=device, dtype=torch.float64).dtype, torch.eye(2, device="cpu"), torch.full((2,), 3.0, device=device))
print(torch.arange(3, device=device), torch.linspace(0, 1, 3, device=device), torch.ones_like(x, device=device).shape)
print(x.to(torch.float64), x.to(device, torch.int64), x.to(device=device, dtype=torch.float64).dtype)
print(x.to(torch.tensor([1, 2])), x.to("cpu", dtype=torch.int32))
for f in [lambda: x.cuda(), lambda: x.to("cuda"), lambda: torch.zeros(2, device="cuda"), lambda: torch.tensor([1.0], device=torch.device("cuda:0")),
          lambda: torch.device("gpu"), lambda: torch.cuda.current_device(), lambda: torch.set_default_dtype(torch.int64), lambda: x.to(device="cuda")]:
    try:
        print(f())
    except (RuntimeError, AssertionError, TypeError) as e:
        print(type(e).__name__ + ":", e)
torch.set_default_device("cpu")
print(torch.ones(2), torch.get_default_device())
print(torch.get_default_dtype())
torch.set_default_dtype(torch.float64)
print(torch.get_default_dtype())
a = torch.tensor([1.5, 2.0])
print(a, a.dtype, torch.ones(2), torch.zeros(2, 2).dtype, torch.rand(2).dtype, torch.tensor(3.0).dtype)
print(torch.tensor([1, 2]) + 0.5, torch.tensor([1, 2]) * 1.5, torch.full((2,), 1.5).dtype)
print(torch.ones(2, dtype=torch.float32), torch.tensor([], dtype=torch.float32), torch.tensor([]))
print(torch.randn(2, 2, requires_grad=True).dtype)
torch.set_default_dtype(torch.float32)
print(torch.ones(2, dtype=torch.float64), torch.tensor([2.5]).dtype)

import numpy as np
import torch

# float16, int16, int8, uint8: names, aliases, conversions, printing with the dtype= suffix
print(torch.float16, torch.half, torch.int16, torch.short, torch.int8, torch.uint8)
print(torch.float16 is torch.half, torch.float16.is_floating_point, torch.int8.is_floating_point, torch.float16.itemsize)
t = torch.arange(10., 100., 10.)
h = t.type(torch.float16)
print(h, h.dtype, h.type(), h.element_size(), h.is_floating_point())
print(t.half(), t.to(torch.float16).dtype, torch.tensor([1, 2]).to(dtype=torch.half))
print(t.type(torch.int8), t.char(), t.byte(), t.short(), t.short().type(), t.char().type(), t.byte().type())
print(torch.tensor([0.1, 1 / 3, 1e-5, 1000.0], dtype=torch.float16))
print(torch.tensor([0.1, 1 / 3, 1e-5, 1000.0], dtype=torch.float16).tolist())
print(torch.tensor([1.5, 2.25, 65504.0], dtype=torch.half), torch.zeros(2, 3, dtype=torch.int8), torch.ones(2, dtype=torch.uint8))
print(torch.tensor([], dtype=torch.float16), torch.tensor(3, dtype=torch.int8), torch.tensor(2.5, dtype=torch.float16))

# arithmetic: float16 rounds every result to half precision; integers wrap around
a = torch.tensor([100, 120], dtype=torch.int8)
print(a + a, a * 3, a + 1000, a - 300, -a, a // 7, a % 7)
u = torch.tensor([1, 2, 250], dtype=torch.uint8)
print(u - 3, u + 10, u * 2)
print(torch.tensor([300.7, -200.2, 127.9]).to(torch.int8), torch.tensor([300.7, -200.2, 255.5]).to(torch.uint8))
print(torch.tensor([1, 2], dtype=torch.int8) / 2, (torch.tensor([1, 2], dtype=torch.int8) / 2).dtype)
x = torch.tensor([1.5, 2.25, 65504.0], dtype=torch.float16)
print(x * 2, x + 1, x / 3, x + torch.tensor([1.0]), (x + torch.tensor([1.0])).dtype)
print(torch.tensor([0.1], dtype=torch.float16) + torch.tensor([0.2], dtype=torch.float16))
print(torch.tensor([1, 2], dtype=torch.int8).sum(), torch.tensor([100, 120], dtype=torch.int8).sum().dtype,
      torch.tensor([100, 120], dtype=torch.uint8).sum())
print(torch.tensor([1.0, 2.0], dtype=torch.float16).mean(), torch.tensor([1.0, 2.0], dtype=torch.float16).sum())

# promotion: torch.promote_types and mixed operands
for p, q in [(torch.uint8, torch.int8), (torch.int8, torch.int16), (torch.uint8, torch.int64), (torch.int16, torch.float16),
             (torch.float16, torch.float32), (torch.float16, torch.float64), (torch.bool, torch.uint8), (torch.int8, torch.int8)]:
    print(p, q, torch.promote_types(p, q))
i8 = torch.tensor([1, -2], dtype=torch.int8)
print(i8 + torch.tensor([1, 2], dtype=torch.uint8), i8 + torch.tensor([3, 4]), i8 + 2.5, i8 * torch.tensor(2),
      i8 + torch.tensor(2.5, dtype=torch.float64), torch.tensor([1.0], dtype=torch.float16) + 1)
print(i8 == torch.tensor([1, 2]), i8 > 0, torch.tensor([1.0, 2.0], dtype=torch.half) < 1.5)

# NumPy arrays keep their dtype
print(torch.from_numpy(np.array([1.0, 2.5], dtype=np.float16)), torch.from_numpy(np.array([1, 2], dtype=np.int8)),
      torch.from_numpy(np.array([3], dtype=np.uint8)), torch.tensor(np.array([7], dtype=np.int16)))
print(torch.tensor([1.0, 2.0], dtype=torch.float16).numpy().dtype, torch.tensor([1], dtype=torch.int8).numpy().dtype)

# gradients: float16 tensors take part in autograd; integer tensors cannot require gradients
w = torch.tensor([1.0, 2.0, 3.0], dtype=torch.float16, requires_grad=True)
y = (w * w * 3).sum()
print(y, y.grad_fn)
y.backward()
print(w.grad, w.grad.dtype)
for make in (lambda: torch.tensor([1, 2], dtype=torch.int8, requires_grad=True),
             lambda: torch.tensor([1, 2], dtype=torch.uint8).requires_grad_(),
             lambda: setattr(torch.tensor([1], dtype=torch.int16), "requires_grad", True)):
    try:
        make()
    except RuntimeError as e:
        print("RuntimeError:", e)

# Python integers out of a narrow type's range: torch's check (an unsigned type wraps negatives down to -max)
print(torch.tensor([-1, 255, -255], dtype=torch.uint8), torch.full((2,), -3, dtype=torch.uint8), torch.tensor(1e6, dtype=torch.float16))
for make in (lambda: torch.tensor([-1, 256, 300], dtype=torch.uint8), lambda: torch.tensor([200], dtype=torch.int8),
             lambda: torch.full((2,), 300, dtype=torch.int8), lambda: torch.tensor(70000, dtype=torch.int16),
             lambda: torch.full((1,), 2**40, dtype=torch.int32), lambda: torch.tensor([2**40], dtype=torch.int32)):
    try:
        make()
    except RuntimeError as e:
        print("RuntimeError:", e)

# torch.autograd.graph.saved_tensors_hooks: what is packed, in which order, and what backward gets back
def pack(x):
    print("pack", x)
    return x

def unpack(x):
    print("unpack", x)
    return x

a = torch.tensor([1.0, 2.0], requires_grad=True)
b = torch.tensor([3.0, 4.0], requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(pack, unpack):
    y = a * b          # both require grad: b packed first, as torch's MulBackward0 saves other first
    z = torch.exp(a)   # the result is saved
    w = a * 3          # a number is not packed
    v = torch.ones(2) * b   # only the constant is saved
print(y.grad_fn._saved_self is a)
print(z.grad_fn._saved_result)
y.sum().backward()
print(a.grad, b.grad)
z.sum().backward()
print(a.grad)
try:
    y.grad_fn._saved_self
except RuntimeError as error:
    print("freed:", str(error)[:40])

# nested: the innermost pair is used; outside every context nothing is packed
x = torch.tensor([0.5, -1.5], requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(lambda t: ("outer", t), lambda p: p[1]):
    with torch.autograd.graph.saved_tensors_hooks(lambda t: t * 4, lambda t: t / 4):
        y = torch.sin(x)
    y2 = torch.cos(x)
y3 = x * x
(y + y2 + y3).sum().backward()
print(x.grad)

# higher derivatives go through the unpacked tensors' history
x = torch.tensor([1.5, 2.0], requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: t):
    y = (x ** 3).sum()
g, = torch.autograd.grad(y, x, create_graph=True)
print(g)
g.sum().backward()
print(x.grad)

# save_on_cpu keeps (device, tensor); with pin_memory a copy
x = torch.tensor([0.25, 4.0], requires_grad=True)
with torch.autograd.graph.save_on_cpu(pin_memory=True):
    y = torch.log(x) * x
y.sum().backward()
print(x.grad)

# unpack_hook must give back a tensor
x = torch.tensor([1.0], requires_grad=True)
with torch.autograd.graph.saved_tensors_hooks(lambda t: t, lambda t: 3):
    y = x * x
y.backward()

# torch.__version__, torch.inference_mode (as a context and a decorator; mode=False outside any grad mode), and the
# keyword spellings torch's native functions accept: input= for the first tensor, NumPy's axis=/keepdims=
print("Using torch", torch.__version__)
with torch.inference_mode():
    x = torch.ones(2, requires_grad=True) * 2
x, x.requires_grad, torch.inference_mode()

@torch.inference_mode()
def double(a):
    return a * 2

double(torch.ones(1, requires_grad=True))
with torch.inference_mode(False):
    torch.ones(1, requires_grad=True) * 2
torch.set_grad_enabled(False)
torch.set_grad_enabled(True)
A = torch.arange(6.).reshape(2, 3)
torch.zeros_like(input=A), torch.sum(input=A, axis=1, keepdims=True), A.mean(axis=0), A.max(axis=1)
torch.cat([A, A], axis=0).shape, A.argmax(axis=1), A.prod(axis=0, keepdims=True), A.softmax(axis=0)
A.sum(dim=0, axis=1)

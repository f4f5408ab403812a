# torch.is_inference_mode_enabled, and inference_mode(False), which turns the grad mode on (within no_grad too), as
# torch's C++ InferenceMode guard does; as a decorator, each call has its own
import torch
w = torch.ones(2, requires_grad=True)
print(torch.is_inference_mode_enabled())
with torch.inference_mode():
    r = w * 2
    print(torch.is_inference_mode_enabled(), torch.is_grad_enabled(), r.requires_grad)
    with torch.inference_mode(False):
        print(torch.is_inference_mode_enabled(), torch.is_grad_enabled())
print(torch.is_inference_mode_enabled(), torch.is_grad_enabled())
@torch.inference_mode()
def predict(x):
    return torch.is_inference_mode_enabled(), (x * w).requires_grad
print(predict(torch.ones(2)))
print(torch.is_inference_mode_enabled())
with torch.no_grad():
    with torch.inference_mode(False):
        print(torch.is_grad_enabled(), torch.is_inference_mode_enabled())
    print(torch.is_grad_enabled())
with torch.inference_mode():
    with torch.no_grad():
        print(torch.is_inference_mode_enabled())
    with torch.enable_grad():
        print(torch.is_grad_enabled(), torch.is_inference_mode_enabled())

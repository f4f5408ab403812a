# torch.autograd.set_detect_anomaly / torch.set_anomaly_enabled: backward stops at the first node whose gradient
# holds a NaN, naming it and the output; check_nan=False lets it pass. (torch also warns on stderr with the
# traceback of the forward call, which gradcli does not reproduce: only stdout is compared.)
import torch
print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
with torch.autograd.set_detect_anomaly(True):
    print(torch.is_anomaly_enabled())
print(torch.is_anomaly_enabled())
torch.autograd.set_detect_anomaly(True)
print(torch.is_anomaly_enabled())
torch.autograd.set_detect_anomaly(False)
x = torch.tensor([0., 1.], requires_grad=True)
y = (x / x).sum()
y.backward(retain_graph=True)
print(x.grad)
x.grad = None
torch.autograd.set_detect_anomaly(True)
try:
    y.backward()
except RuntimeError as e:
    print("ERR", e)
torch.autograd.set_detect_anomaly(False, check_nan=False)
torch.set_anomaly_enabled(True, check_nan=False)
print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())
z = (torch.sqrt(x) * 0).sum()
z.backward()
print(x.grad)
torch.set_anomaly_enabled(False)
w = torch.tensor([-1., 4.], requires_grad=True)
with torch.autograd.set_detect_anomaly(True):
    try:
        torch.log(w).sum().backward()
        print("no nan in backward", w.grad)
        (w.sqrt() * 2).sum().backward()
    except RuntimeError as e:
        print("ERR", e)
print(torch.is_anomaly_enabled(), torch.is_anomaly_check_nan_enabled())

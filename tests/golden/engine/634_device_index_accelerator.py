# torch.device's type and index (the Tensors tutorial reads torch.device('cuda').index) and torch.accelerator on a
# CPU-only build ("Learning PyTorch with Examples" picks its device with it)
import torch
d = torch.device('cuda')
print(d.type, d.index, torch.device('cuda:1').index, torch.device('cpu').type)
print(torch.ones(1).device.type, torch.ones(1).device.index)
print(torch.accelerator.is_available(), torch.accelerator.current_accelerator(), torch.accelerator.device_count())
device = torch.accelerator.current_accelerator().type if torch.accelerator.is_available() else "cpu"
print(f"Using {device} device")
try:
    torch.accelerator.current_device_index()
except RuntimeError as e:
    print("RuntimeError:", e)

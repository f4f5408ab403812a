# torch.nn.utils: clip_grad_norm_ (the norm of the gradients' norms; gradients scaled in place), clip_grad_value_,
# parameters_to_vector and vector_to_parameters
import torch
import torch.nn as nn
torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 2))
x = torch.randn(16, 4)
loss = model(x).pow(2).sum() * 10
loss.backward()
total = torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
print(total)
print([p.grad.norm() for p in model.parameters()])
print(torch.nn.utils.clip_grad_value_(model.parameters(), 0.01), model[0].bias.grad)
grads = [p.grad.clone() for p in model.parameters()]
print(torch.nn.utils.clip_grad_norm_(model.parameters(), 0.5, norm_type=1.0), torch.nn.utils.clip_grad_norm_(model[0].weight, 100.0))
print(torch.nn.utils.clip_grad_norm_([], 1.0), torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0, norm_type=float("inf")))
vec = torch.nn.utils.parameters_to_vector(model.parameters())
print(vec.shape, vec[:3])
torch.nn.utils.vector_to_parameters(vec * 2, model.parameters())
print(model[2].bias)
x64 = torch.randn(3, dtype=torch.float64, requires_grad=True)
(x64 * 100).sum().backward()
print(torch.nn.utils.clip_grad_norm_([model[0].weight, x64], 1.0), x64.grad)

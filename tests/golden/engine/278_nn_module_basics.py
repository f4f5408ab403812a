# torch.nn.Module: registration by attribute, parameters, children, modules, repr, train/eval, zero_grad
# (in the style of the "Build the Neural Network" tutorial, pytorch.org/tutorials/beginner/basics/buildmodel_tutorial)
import torch
from torch import nn

torch.manual_seed(0)


class NeuralNetwork(nn.Module):
    def __init__(self):
        super().__init__()
        self.flatten = nn.Flatten()
        self.linear_relu_stack = nn.Sequential(
            nn.Linear(4 * 4, 8),
            nn.ReLU(),
            nn.Linear(8, 8),
            nn.ReLU(),
            nn.Linear(8, 3),
        )
        self.scale = 2.0

    def forward(self, x):
        x = self.flatten(x)
        logits = self.linear_relu_stack(x)
        return logits * self.scale


model = NeuralNetwork()
print(model)
X = torch.rand(2, 4, 4)
logits = model(X)
print(logits)
pred_probab = nn.Softmax(dim=1)(logits)
print(pred_probab)
print(pred_probab.argmax(1))
print(f"Model structure: {model}\n\n")
for name, param in model.named_parameters():
    print(f"Layer: {name} | Size: {param.size()} | Values : {param[:2]} \n")
print([type(m).__name__ for m in model.children()])
print([type(m).__name__ for m in model.modules()])
print(sum(p.numel() for p in model.parameters()))
print(model.training, model.linear_relu_stack[0].training)
model.eval()
print(model.training, model.linear_relu_stack[0].training)
model.train()
print(model.training, model.linear_relu_stack[4])
print(model.linear_relu_stack[0].weight.shape, model.linear_relu_stack[-1].bias)
loss = logits.sum()
loss.backward()
print(model.linear_relu_stack[4].bias.grad)
model.zero_grad()
print(model.linear_relu_stack[4].bias.grad)
print(model.scale, isinstance(model.linear_relu_stack[0].weight, nn.Parameter), isinstance(X, nn.Parameter))
try:
    model.missing
except AttributeError as e:
    print("AttributeError:", e)
p = nn.Parameter(torch.ones(2))
print(p)
print(repr(nn.Parameter(torch.zeros(2, 2), requires_grad=False)))
print(p * 2, p.requires_grad, p.is_leaf, p.grad_fn)
print(nn.Identity(), nn.Tanh(), nn.Sigmoid(), nn.LogSoftmax(dim=1), nn.Dropout(), nn.Dropout(0.2), nn.ReLU(inplace=True))
print(nn.Flatten(0, 1), nn.Linear(3, 2, bias=False), nn.Linear(3, 2, bias=False).bias)
print(nn.ModuleList([nn.Linear(2, 2) for _ in range(3)] + [nn.ReLU()]))
print(nn.Sequential())
print(nn.Sequential(nn.Linear(2, 2), nn.Sequential(nn.Tanh(), nn.Linear(2, 1))))
d = nn.Dropout(0.5)
d.eval()
print(d(torch.ones(3)))

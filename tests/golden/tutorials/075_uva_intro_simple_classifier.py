# Source: UvA Deep Learning Course, Tutorial 2 "Introduction to PyTorch", https://github.com/phlippe/uvadlc_notebooks/blob/master/docs/tutorial_notebooks/tutorial2/Introduction_to_PyTorch.ipynb
# "The model" and "Loss modules" / "Stochastic Gradient Descent" cells; edits: torch.manual_seed(42) as the notebook
# sets it; the XOR data set class replaced by a fixed batch of its four corner points (no torch.utils.data).
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(42)

class SimpleClassifier(nn.Module):

    def __init__(self, num_inputs, num_hidden, num_outputs):
        super().__init__()
        self.linear1 = nn.Linear(num_inputs, num_hidden)
        self.act_fn = nn.Tanh()
        self.linear2 = nn.Linear(num_hidden, num_outputs)

    def forward(self, x):
        x = self.linear1(x)
        x = self.act_fn(x)
        x = self.linear2(x)
        return x

model = SimpleClassifier(num_inputs=2, num_hidden=4, num_outputs=1)
print(model)

for name, param in model.named_parameters():
    print(f"Parameter {name}, shape {param.shape}")

loss_module = nn.BCEWithLogitsLoss()
optimizer = torch.optim.SGD(model.parameters(), lr=0.1)

data_inputs = torch.tensor([[0., 0.], [0., 1.], [1., 0.], [1., 1.]])
data_labels = torch.tensor([0, 1, 1, 0])
model.train()
for epoch in range(100):
    preds = model(data_inputs)
    preds = preds.squeeze(dim=1)
    loss = loss_module(preds, data_labels.float())
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
print(loss)

state_dict = model.state_dict()
print(state_dict)

model.eval()
with torch.no_grad():
    preds = model(data_inputs)
    preds = preds.squeeze(dim=1)
    preds = torch.sigmoid(preds)
    pred_labels = (preds >= 0.5).long()
    true_preds = (pred_labels == data_labels).sum()
    num_preds = data_labels.shape[0]
print(pred_labels, true_preds, num_preds)

# A tiny pre-norm transformer block as tutorials write it: token and position embeddings, LayerNorm, one
# self-attention head (matmul, masked softmax), a feed-forward MLP with residuals, trained with AdamW on a toy
# next-token task in float32; losses, a LayerNorm's parameters and the embeddings' gradients
import math

import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(3)
VOCAB, DIM, BLOCK = 11, 8, 6


class Block(nn.Module):
    def __init__(self):
        super().__init__()
        self.token = nn.Embedding(VOCAB, DIM)
        self.position = nn.Embedding(BLOCK, DIM)
        self.ln1 = nn.LayerNorm(DIM)
        self.qkv = nn.Linear(DIM, 3 * DIM)
        self.ln2 = nn.LayerNorm(DIM)
        self.mlp = nn.Sequential(nn.Linear(DIM, 4 * DIM), nn.ReLU(), nn.Linear(4 * DIM, DIM))
        self.ln_f = nn.LayerNorm(DIM, bias=False)
        self.head = nn.Linear(DIM, VOCAB)

    def forward(self, idx):
        t = idx.shape[1]
        x = self.token(idx) + self.position(torch.arange(t))
        qkv = self.qkv(self.ln1(x))
        q, k, v = qkv[..., :DIM], qkv[..., DIM:2 * DIM], qkv[..., 2 * DIM:]
        scores = q @ k.transpose(1, 2) / math.sqrt(DIM)
        mask = torch.tril(torch.ones(t, t)) == 0
        attention = F.softmax(scores.masked_fill(mask, float("-inf")), dim=-1)
        x = x + attention @ v
        x = x + self.mlp(self.ln2(x))
        return self.head(self.ln_f(x))


model = Block()
print(model)
print(sum(p.numel() for p in model.parameters()), [name for name, _ in model.named_parameters()][:6])
data = torch.randint(0, VOCAB, (4, BLOCK + 1))
inputs, targets = data[:, :-1], data[:, 1:]
opt = torch.optim.AdamW(model.parameters(), lr=1e-2)
for step in range(6):
    logits = model(inputs)
    loss = F.cross_entropy(logits.reshape(-1, VOCAB), targets.reshape(-1))
    opt.zero_grad()
    loss.backward()
    if step == 0:
        print(model.token.weight.grad[:2].tolist(), model.ln1.weight.grad.tolist())
    opt.step()
    print(step, loss.item())
print(model.ln2.weight.tolist(), model.ln2.bias.tolist())

# Source: d2l.ai (Dive into Deep Learning), https://github.com/d2l-ai/d2l-en/blob/master/chapter_linear-classification/softmax-regression-scratch.md
# PyTorch tab, the cells on softmax and cross-entropy (the ones that need no data set), run in order; edits:
# torch.manual_seed(0) added.
import torch
torch.manual_seed(0)

X = torch.tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
X.sum(0, keepdims=True), X.sum(1, keepdims=True)

def softmax(X):
    X_exp = torch.exp(X)
    partition = X_exp.sum(1, keepdims=True)
    return X_exp / partition

X = torch.rand((2, 5))
X_prob = softmax(X)
X_prob, X_prob.sum(1)

y = torch.tensor([0, 2])
y_hat = torch.tensor([[0.1, 0.3, 0.6], [0.3, 0.2, 0.5]])
y_hat[[0, 1], y]

def cross_entropy(y_hat, y):
    return -torch.log(y_hat[list(range(len(y_hat))), y]).mean()

cross_entropy(y_hat, y)

def accuracy(y_hat, y):
    y_hat = y_hat.argmax(axis=1).type(y.dtype)
    compare = (y_hat == y).type(torch.float32)
    return compare.mean()

accuracy(y_hat, y)

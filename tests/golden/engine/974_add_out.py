# torch.add(x, y, out=result) (Chen Yun's pytorch-book, chapter 2): the sum written into result, which is
# returned; alpha scales the second operand first; refused while autograd records
import torch
x = torch.tensor([[1.5, 2.0], [0.25, -3.0]])
y = torch.tensor([[0.1, 0.2], [0.3, 0.4]])
result = torch.zeros(2, 2)
row = result[0]
print(torch.add(x, y, out=result) is result, result, row, result._version)
print(torch.add(x, y, alpha=3, out=result), torch.add(x, 2, out=result))
print(torch.add(x, y, out=torch.empty(0)))
w = torch.ones(2, 2, requires_grad=True)
try: torch.add(w, y, out=result)
except Exception as e: print(e)
with torch.no_grad():
    print(torch.add(w, y, out=result))

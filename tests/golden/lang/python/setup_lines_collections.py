# The set-up lines tutorials copy on a CPU-only machine, and Python's collections
from collections import OrderedDict, defaultdict, Counter, deque
import torch.backends.cudnn as cudnn

device = "cuda" if torch.cuda.is_available() else "mps" if torch.backends.mps.is_available() else "cpu"
device
torch.backends.mps.is_built(), torch.backends.cuda.is_built(), cudnn.is_available()
torch.backends.cudnn.deterministic = True
cudnn.benchmark = False
torch.backends.cudnn.deterministic, torch.backends.cudnn.benchmark, cudnn.enabled
torch.use_deterministic_algorithms(True)
torch.are_deterministic_algorithms_enabled()

d = OrderedDict([("hidden", 1), ("out", 2)])
d["extra"] = 3
d.move_to_end("hidden")
print(d, list(d), d.popitem(last=False))
counts = defaultdict(int)
for word in "a b a c a".split():
    counts[word] += 1
print(dict(counts), Counter("abca").most_common(1), deque([1, 2, 3], maxlen=2))
torch.manual_seed(0)
model = torch.nn.Sequential(OrderedDict([("hidden", torch.nn.Linear(2, 3)), ("act", torch.nn.Tanh()),
                                         ("out", torch.nn.Linear(3, 1))]))
model
model.out.bias

# float() of a tensor that requires grad warns once per run (torch's TORCH_WARN_ONCE), int() and torch.tensor too
w = torch.tensor(2.5, requires_grad=True)
for step in range(2):
    print(float(w * step))
int(w), torch.tensor([w * 2])

# torch.optim single-tensor updates on float32 parameters: SGD (momentum, dampening, nesterov, weight_decay),
# Adam, AdamW, RMSprop (centered, momentum), Adagrad. The gradients are set directly (from torch.rand) so that
# only the optimizers' arithmetic is compared. SGD's parameters are printed exactly (tolist); the others take
# a float32 sqrt, which torch's CPU kernel does not round correctly (1 ulp off in about 1 case in 6), so
# they are printed at torch's print precision.
import torch

torch.manual_seed(0)
w0 = torch.rand(5, 7) * 4 - 2
grads = [torch.rand(5, 7) - 0.5 for _ in range(5)]


def run(make, exact=False):
    w = w0.clone().requires_grad_(True)
    opt = make([w])
    for g in grads:
        opt.zero_grad()
        w.grad = g.clone()
        opt.step()
    print(type(opt).__name__)
    if exact:
        print(w[0].tolist())
        print(w[4, 3:].tolist())
    else:
        print(w)
    return opt


run(lambda p: torch.optim.SGD(p, lr=0.1), exact=True)
run(lambda p: torch.optim.SGD(p, lr=0.1, momentum=0.9), exact=True)
run(lambda p: torch.optim.SGD(p, lr=0.05, momentum=0.9, dampening=0.1, weight_decay=0.01), exact=True)
run(lambda p: torch.optim.SGD(p, lr=0.05, momentum=0.8, nesterov=True), exact=True)
run(lambda p: torch.optim.SGD(p, lr=0.05, maximize=True), exact=True)
run(lambda p: torch.optim.Adam(p, lr=0.01))
run(lambda p: torch.optim.Adam(p, lr=0.01, weight_decay=0.1, amsgrad=True))
run(lambda p: torch.optim.AdamW(p, lr=0.01))
run(lambda p: torch.optim.RMSprop(p, lr=0.01))
run(lambda p: torch.optim.RMSprop(p, lr=0.01, momentum=0.5, centered=True, weight_decay=0.1))
opt = run(lambda p: torch.optim.Adagrad(p, lr=0.1))
run(lambda p: torch.optim.Adagrad(p, lr=0.1, lr_decay=0.01, initial_accumulator_value=0.1))
print(opt)
print(sorted(opt.state[opt.param_groups[0]["params"][0]].keys()))
print(opt.state[opt.param_groups[0]["params"][0]]["step"])

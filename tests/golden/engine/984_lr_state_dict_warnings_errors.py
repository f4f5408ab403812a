# Schedulers' state_dict() as torch lays it out (and the optimizer's, which gains initial_lr), load_state_dict()
# to resume a schedule, and the warnings and errors of common misuse: scheduler.step() before optimizer.step(),
# get_lr() read directly, step(epoch), verbose=, bad arguments, stepping OneCycleLR too far.
import warnings
import torch
from torch.optim import lr_scheduler

w = torch.nn.Parameter(torch.ones(2))


def sgd(**kw):
    return torch.optim.SGD([w], lr=0.1, **kw)


def show(make):
    try:
        make()
    except Exception as e:
        print(type(e).__name__, e)


def caught(fn):
    with warnings.catch_warnings(record=True) as log:
        warnings.simplefilter("always")
        result = fn()
    for item in log:
        print(item.category.__name__, item.message)
    return result


optimizer = sgd(momentum=0.9)
scheduler = lr_scheduler.StepLR(optimizer, step_size=2, gamma=0.5)
print(scheduler.state_dict())
print(optimizer.state_dict()["param_groups"])
print(lr_scheduler.LambdaLR(sgd(), lambda e: 0.9 ** e).state_dict())
print(lr_scheduler.MultiStepLR(sgd(), [3, 1, 3]).state_dict())
print(lr_scheduler.CosineAnnealingLR(sgd(), 10).state_dict())
print(lr_scheduler.CyclicLR(sgd(momentum=0.9), 0.01, 0.1, 4).state_dict())
print(lr_scheduler.OneCycleLR(sgd(momentum=0.9), 0.1, 10).state_dict())
print(lr_scheduler.ReduceLROnPlateau(sgd()).state_dict())
print(lr_scheduler.CosineAnnealingWarmRestarts(sgd(), 3).state_dict())
o = sgd()
print(lr_scheduler.SequentialLR(o, [lr_scheduler.ConstantLR(o), lr_scheduler.ExponentialLR(o, 0.9)], [3]).state_dict())
o = sgd()
print(lr_scheduler.ChainedScheduler([lr_scheduler.ConstantLR(o), lr_scheduler.ExponentialLR(o, 0.9)]).state_dict())

# save after 5 steps, load into a new scheduler and continue: the same rates as one that never stopped
for make in (lambda o: lr_scheduler.ExponentialLR(o, gamma=0.8), lambda o: lr_scheduler.CosineAnnealingLR(o, 8),
             lambda o: lr_scheduler.LambdaLR(o, lambda e: 1 / (e + 1))):
    o = sgd()
    s = make(o)
    for _ in range(5):
        o.step()
        s.step()
    saved, saved_optimizer = s.state_dict(), o.state_dict()
    o2 = sgd()
    s2 = make(o2)
    s2.load_state_dict(saved)
    o2.param_groups[0]["lr"] = saved_optimizer["param_groups"][0]["lr"]
    for _ in range(3):
        o.step()
        s.step()
        o2.step()
        s2.step()
        print(s.get_last_lr(), s2.get_last_lr(), s2.last_epoch)
    print(sorted(saved))

# resuming from last_epoch needs the groups' initial_lr
show(lambda: lr_scheduler.StepLR(sgd(), 2, last_epoch=3))
o = sgd()
o.param_groups[0]["initial_lr"] = 0.4
s = lr_scheduler.ExponentialLR(o, 0.5, last_epoch=3)
print(s.get_last_lr(), s.last_epoch, s.base_lrs)

# scheduler.step() before optimizer.step(): torch warns at the second scheduler step
o = sgd()
s = lr_scheduler.StepLR(o, 1, 0.5)
caught(s.step)
caught(s.step)
o.step()
caught(s.step)
print(s.get_last_lr())
# reading get_lr() directly: the next step's rate, with a warning
o = sgd()
s = lr_scheduler.StepLR(o, 1, 0.5)
o.step()
s.step()
print(caught(s.get_lr), s.get_last_lr())
# step(epoch): deprecated, the closed form
for make in (lambda o: lr_scheduler.StepLR(o, 2, 0.5), lambda o: lr_scheduler.MultiStepLR(o, [1, 3], 0.5),
             lambda o: lr_scheduler.CosineAnnealingLR(o, 10, 0.01), lambda o: lr_scheduler.LinearLR(o),
             lambda o: lr_scheduler.ConstantLR(o), lambda o: lr_scheduler.PolynomialLR(o, 4),
             lambda o: lr_scheduler.ExponentialLR(o, 0.5), lambda o: lr_scheduler.LambdaLR(o, lambda e: e + 1)):
    o = sgd()
    s = make(o)
    o.step()
    caught(lambda: s.step(5))
    print(type(s).__name__, s.get_last_lr(), s.last_epoch)
o = sgd()
s = lr_scheduler.ReduceLROnPlateau(o)
caught(lambda: s.step(1.0, 7))
print(s.last_epoch)

show(lambda: lr_scheduler.StepLR(sgd(), 2, verbose=True))
show(lambda: lr_scheduler.ReduceLROnPlateau(sgd(), verbose=True))
show(lambda: lr_scheduler.StepLR("optimizer", 2))
show(lambda: lr_scheduler.ConstantLR(sgd(), factor=2))
show(lambda: lr_scheduler.LinearLR(sgd(), start_factor=0))
show(lambda: lr_scheduler.LinearLR(sgd(), end_factor=1.5))
show(lambda: lr_scheduler.LambdaLR(sgd(), [lambda e: 1, lambda e: 2]))
show(lambda: lr_scheduler.MultiplicativeLR(sgd(), 0.9))
show(lambda: lr_scheduler.ReduceLROnPlateau(sgd(), factor=1.0))
show(lambda: lr_scheduler.ReduceLROnPlateau(sgd(), mode="maximum"))
show(lambda: lr_scheduler.ReduceLROnPlateau(sgd(), threshold_mode="relative"))
show(lambda: lr_scheduler.ReduceLROnPlateau(sgd(), min_lr=[0.1, 0.2]))
show(lambda: lr_scheduler.ReduceLROnPlateau(sgd()).step())
show(lambda: lr_scheduler.OneCycleLR(sgd(), 0.1))
show(lambda: lr_scheduler.OneCycleLR(sgd(), 0.1, total_steps=0))
show(lambda: lr_scheduler.OneCycleLR(sgd(), 0.1, total_steps=10, pct_start=1))
show(lambda: lr_scheduler.OneCycleLR(sgd(), 0.1, total_steps=10, anneal_strategy="cosine"))
show(lambda: lr_scheduler.OneCycleLR(torch.optim.Adagrad([w]), 0.1, total_steps=10))
show(lambda: lr_scheduler.OneCycleLR(sgd(), [0.1, 0.2], total_steps=10))
show(lambda: lr_scheduler.CyclicLR(sgd(), 0.01, 0.1, mode="sine"))
show(lambda: lr_scheduler.CyclicLR(torch.optim.Adagrad([w]), 0.01, 0.1))
show(lambda: lr_scheduler.CosineAnnealingWarmRestarts(sgd(), 0))
show(lambda: lr_scheduler.CosineAnnealingWarmRestarts(sgd(), 2, T_mult=0))
o = sgd()
show(lambda: lr_scheduler.SequentialLR(o, [lr_scheduler.ConstantLR(o)], [2]))
show(lambda: lr_scheduler.SequentialLR(o, [], []))
show(lambda: lr_scheduler.SequentialLR(o, [lr_scheduler.ReduceLROnPlateau(o)], []))
show(lambda: lr_scheduler.ChainedScheduler([]))
show(lambda: lr_scheduler.ChainedScheduler([lr_scheduler.ConstantLR(o), lr_scheduler.ReduceLROnPlateau(o)]))
o = sgd(momentum=0.9)
s = lr_scheduler.OneCycleLR(o, 0.1, total_steps=3)
for i in range(4):
    o.step()
    show(s.step)
print(s.get_last_lr(), o.param_groups[0]["momentum"])

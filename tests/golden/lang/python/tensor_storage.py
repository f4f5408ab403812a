# Tensor.storage(): the memory a tensor and its views share, read and written element by element
# (torch 2.13 deprecates TypedStorage: its warning shows once, at the first use).
points = torch.tensor([[4.0, 1.0], [5.0, 3.0], [2.0, 1.0]])
second = points[1]
second.storage()
print(len(second.storage()), second.storage().size(), second.storage_offset())
print(second.storage().data_ptr() == points.data_ptr(), second.storage().tolist())
print(second.storage().dtype, second.storage().device)
storage = points.t().storage()
storage[2] = 10.0
storage[-1] = 7
print(storage[2], storage[-1], storage[-6])
points
second
print([x * 2 for x in storage])
print(storage)
torch.tensor([0.1, 1e-8]).storage()
torch.tensor([[1, 2], [3, 4]]).t().contiguous().storage()
torch.tensor([True, False]).storage()
torch.arange(6.0).reshape(2, 3)[:, 1:].storage()
torch.zeros(0).storage()
for bad in (6, -7, 1.5):
    try:
        storage[bad]
    except (IndexError, RuntimeError) as error:
        print(repr(error))
try:
    storage[0:2]
except RuntimeError as error:
    print(repr(error))
try:
    storage[6] = 1.0
except IndexError as error:
    print(repr(error))
w = torch.ones(2, requires_grad=True)
w.storage()[0] = 3.0
print(w, w._version)

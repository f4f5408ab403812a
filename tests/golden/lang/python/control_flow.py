# if/elif/else, for (with break and continue), while; top-level bodies echo expression values.
for i in range(6):
    if i == 1:
        continue
    elif i == 4:
        break
    else:
        i * 10
    print("after", i)

for a, b in zip([1, 2], "xy"):
    a, b

for index, value in enumerate(torch.tensor([0.5, 1.5])):
    index, value

count = 0
while count < 3:
    count += 1
    if count == 2:
        continue
    count
print(count)

x = torch.tensor(2.0, requires_grad=True)
if x.requires_grad:
    x * 2
else:
    x

for row in [[1, 2], [3, 4]]:
    for item in row:
        if item % 2:
            continue
        item

total = 0
for k in range(100):
    if k > 3:
        break
    total += k
total

if []:
    print("empty list is true?")
elif 0:
    print("zero is true?")
else:
    print("neither")

n = 0
while True:
    n += 1
    if n >= 4:
        break
n
for ch in "hi": ch
if True: "one-line if"

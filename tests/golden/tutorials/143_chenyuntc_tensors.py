# Source: Chen Yun (chenyuntc), "深度学习框架PyTorch：入门与实践" (pytorch-book), chapter 2 "快速入门", section
# 2.2.1 Tensor, https://github.com/chenyuntc/pytorch-book/blob/master/Chapter2/Chapter2.ipynb
# Code cells run in order as one notebook session; edit: the cell that shows t.Tensor(5, 3) left out (memory
# allocated without initialisation: its numbers differ at every run).
import torch as t
t.__version__

y = t.Tensor(5)
print(y.size())
z = t.tensor([5])# torch.tensor需要确切数值进行初始化
print(z.size())

# 使用[0,1]均匀分布随机初始化二维数组
x = t.rand(5, 3)  
x

print(x.shape) # 查看x的形状
x.size()[1], x.size(1) # 查看列的个数, 两种写法等价

y = t.rand(5, 3)
# 加法的第一种写法
x + y

# 加法的第二种写法
t.add(x, y)

# 加法的第三种写法：指定加法结果的输出目标为result
result = t.Tensor(5, 3) # 预先分配空间
# result = torch.empty(5,3)
t.add(x, y, out=result) # 输入到result
result

print('初始的y值')
print(y)

print('第一种加法，y的结果')
y.add(x) # 普通加法，不改变y的内容
print(y)

print('第二种加法，y的结果')
y.add_(x) # inplace 加法，y变了
print(y)

# Tensor的选取操作与Numpy类似
x[:, 1]

a = t.ones(5) # 新建一个全1的Tensor
a

b = a.numpy() # Tensor -> Numpy
b

import numpy as np
a = np.ones(5)
b = t.from_numpy(a) # Numpy->Tensor
print(a)
print(b) 

b.add_(1) # 以`_`结尾的函数会修改自身
print(a)
print(b) # Tensor和Numpy共享内存

scalar = b[0]
scalar

scalar.shape #0-dim 

scalar.item() # 使用scalar.item()能从中取出python对象的数值

tensor = t.tensor([2]) # 注意和scalar的区别
tensor,scalar

tensor.size(),scalar.size()

# 只有一个元素的tensor也可以调用`tensor.item()`
tensor.item(), scalar.item()

tensor = t.tensor([3,4]) # 新建一个包含 3，4 两个元素的tensor

scalar = t.tensor(3)
scalar

old_tensor = tensor
new_tensor = old_tensor.clone()
new_tensor[0] = 1111
old_tensor, new_tensor

x = t.randn(4,4)
y = x.view(16)
z = x.view(-1,8) #-1表示由其他维度计算决定
print(x.size(),y.size(),z.size())

p = x.reshape(-1,8)
print(p.shape)

x1 = t.randn(2,4,6)
o1 = x1.permute((2,1,0))
o2 = x1.transpose(0,2)
print(f'o1 size{o1.size()}')
print(f'o2 size{o2.size()}')
print(f'o2 size {o2.size()}')

new_tensor = old_tensor.detach()
new_tensor[0] = 1111
old_tensor, new_tensor

x = t.randn(3,2,1,1)
y = x.squeeze(-1) #将最后一维进行维度压缩
z = x.unsqueeze(0) #在第一维度增加一个维度
w = t.cat((x,x),0) #在第一维度连接两个x
print(f'y size{y.shape}')
print(f'z size{z.shape}')
print(f'w size{w.shape}')

x = t.randn(1)
print(x)
print(x.item())

# 在不支持CUDA的机器下，下一步还是在CPU上运行
device = t.device("cuda:0" if t.cuda.is_available() else "cpu")
x = x.to(device)
y = y.to(x.device)
z = x+y

# Source: zergtant, "PyTorch 中文手册 (pytorch handbook)", chapter 2.2 "深度学习基础及数学原理"
# (linear regression with nn.Linear, MSELoss and SGD),
# https://github.com/zergtant/pytorch-handbook/blob/master/chapter2/2.2-deep-learning-basic-mathematics.ipynb
# Code cells run in order as one notebook session; edits: the pandas, matplotlib and seaborn imports and the
# plotting and DataFrame lines left out, np.random.seed(0) added after the imports (np.random draws unseeded
# numbers). nn.Linear draws its weights from the generator's start-up seed.
# 引用
# 注意，这里我们使用了一个新库叫 seaborn 如果报错找不到包的话请使用pip install seaborn 来进行安装
import torch
from torch.nn import Linear, Module, MSELoss
from torch.optim import SGD
import numpy as np
np.random.seed(0)
torch.__version__

x = np.random.rand(256)
noise = np.random.randn(256) / 4
y = x * 5 + 7 + noise

model=Linear(1, 1)

criterion = MSELoss()

optim = SGD(model.parameters(), lr = 0.01)

epochs = 3000

x_train = x.reshape(-1, 1).astype('float32')
y_train = y.reshape(-1, 1).astype('float32')

for i in range(epochs):
    # 整理输入和输出的数据，这里输入和输出一定要是torch的Tensor类型
    inputs = torch.from_numpy(x_train)
    labels = torch.from_numpy(y_train)
    #使用模型进行预测
    outputs = model(inputs)
    #梯度置0，否则会累加
    optim.zero_grad()
    # 计算损失
    loss = criterion(outputs, labels)
    # 反向传播
    loss.backward()
    # 使用优化器默认方法优化
    optim.step()
    if (i%100==0):
        #每 100次打印一下损失函数，看看效果
        print('epoch {}, loss {:1.4f}'.format(i,loss.data.item()))       

[w, b] = model.parameters()
print (w.item(),b.item())

#lr参数为学习率，对于SGD来说一般选择0.1 0.01.0.001，如何设置会在后面实战的章节中详细说明
##如果设置了momentum，就是带有动量的SGD，可以不设置
optimizer = torch.optim.SGD(model.parameters(), lr=0.1, momentum=0.9)

#我们的课程基本不会使用到RMSprop所以这里只给一个实例
optimizer = torch.optim.RMSprop(model.parameters(), lr=0.01, alpha=0.99)

# 这里的lr，betas，还有eps都是用默认值即可，所以Adam是一个使用起来最简单的优化方法
optimizer = torch.optim.Adam(model.parameters(), lr=0.001, betas=(0.9, 0.999), eps=1e-08)

print (5-w.data.item(),7-b.data.item())

# Seed 000: "PyTorch Autograd: understanding the heart of PyTorch's magic" (towardsdatascience), with the
# javatpoint and StackOverflow cells that follow it. Every code cell, in order, as written.

# https://towardsdatascience.com/pytorch-autograd-understanding-the-heart-of-pytorchs-magic-2686cd94ec95
import torch

# Creating the graph
x = torch.tensor(1.0, requires_grad = True)
y = torch.tensor(2.0)
z = x * y

# Displaying
for i, name in zip([x, y, z], "xyz"):
    print(f"{name}\ndata: {i.data}\nrequires_grad: {i.requires_grad}\n\
grad: {i.grad}\ngrad_fn: {i.grad_fn}\nis_leaf: {i.is_leaf}\n")

import torch
# Creating the graph
x = torch.tensor(1.0, requires_grad = True)
z = x ** 3
z.backward()        # Computes the gradient 
print(x.grad.data)  # Prints '3' which is dz/dx 

import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x**2

y.backward(torch.FloatTensor([1.0, 1.0])) # the tensor provide to .backward acts as a weight
x.grad

# another way to put it would be
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x**2

#
w = torch.FloatTensor([1.0, 1.0])
y.backward(w)             # the tensor provide to .backward acts as a weight
x.grad                    # notice that we do not provide backward(x)

# This will happen if we provide x as argument of .backward()
import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x**2

w = torch.FloatTensor([1.0, 1.0])

y.backward(x)             # the tensor provide to .backward acts as the weights
x.grad                    
# out: tensor([2., 8.])   # x as an argument outputs the wrong derivatives

import torch

x = torch.tensor([1.0, 2.0], requires_grad=True)
y = x**2
z = y**3

w = torch.FloatTensor([1.0, 1.0])

#y.backward(w, retain_graph=True)             # the tensor provide to .backward acts as the weights
#print(x.grad)

z.backward(w, retain_graph=True)
print(y.grad)
print(x.grad)

z.backward(w, retain_graph=True)
print(y.grad)
print(x.grad)

# why y is None?

# https://www.javatpoint.com/gradient-with-pytorch
import torch

x = torch.tensor([2.0, 2.0], requires_grad=True) # independent variable
z = torch.tensor([4.0, 4.0], requires_grad=True) # independent variable

y = x**2 + z**3  
# Its partial derivatives are:
#    dy/dx = 2x;     
#    dy/dz = 3z^2; 

w = torch.FloatTensor([1.0, 1.0])  # weights

y.backward(w, retain_graph=True)
print(x.grad)
print(z.grad)

y.backward(w, retain_graph=True)
print(x.grad)
print(z.grad)

y.backward(w, retain_graph=True)
print(x.grad)
print(z.grad)

# at every pass, the derivative is accumulated
# there is no second derivative calculated

# https://www.javatpoint.com/gradient-with-pytorch
import torch

x = torch.tensor([2.0, 2.0], requires_grad=True) # independent variable
z = torch.tensor([4.0, 4.0], requires_grad=True) # independent variable

y = x**2 + z**3  
# dy/dx = 2x;     
# dy/dz = 3z^2; 


w = torch.FloatTensor([1.0, 1.0])  # weights

y.backward(w)
print(x.grad)
print(z.grad)

try: 
   y.backward(w)
   print(x.grad)
   print(z.grad)
except RuntimeError:
   print("Trying backward a second time when buffers are empty")

try:
    y.backward(w)
except RuntimeError:
    print("Trying backward a second time when buffers are empty")
else: 
    print(x.grad)
    print(z.grad)

# at every pass, the derivative is accumulated
# there is no second derivative calculated

# https://stackoverflow.com/a/47026836/5270873
from torch.autograd import Variable
import torch

x = Variable(torch.FloatTensor([[1, 2, 3, 4]]), requires_grad=True)
z = 2*x
loss = z.sum(dim=1) # scalar


# do backward for first element of z
z.backward(torch.FloatTensor([[1, 0, 0, 0]]), retain_graph=True)
print(x.grad.data)
x.grad.data.zero_() #remove gradient in x.grad, or it will be accumulated



# do backward for second element of z
z.backward(torch.FloatTensor([[0, 1, 0, 0]]), retain_graph=True)
print(x.grad.data)
x.grad.data.zero_()


# do backward for all elements of z, with weight equal to the derivative of
# loss w.r.t z_1, z_2, z_3 and z_4
z.backward(torch.FloatTensor([[1, 1, 1, 1]]), retain_graph=True)
print(x.grad.data)
x.grad.data.zero_()



# or we can directly backprop using loss
loss.backward() # equivalent to loss.backward(torch.FloatTensor([1.0]))
print(x.grad.data)    

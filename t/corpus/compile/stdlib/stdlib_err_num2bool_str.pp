num2bool('abc')
